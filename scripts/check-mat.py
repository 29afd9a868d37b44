# Imports .mat files into GNU Backgammon and writes what gnubg read, for scripts/check-mat.ts. Run as
# `gnubg -t -q -r -p scripts/check-mat.py` with MAT_LIST naming a file of .mat paths (one a line) and MAT_OUT
# the file to write: one JSON line per match, {"file", "info", "games": [{"info", "actions"}]}. Only gnubg's
# public Python interface is used; nothing of gnubg enters the project.
import json
import os

out = open(os.environ["MAT_OUT"], "w")
for path in open(os.environ["MAT_LIST"]):
    path = path.strip()
    if not path:
        continue
    gnubg.command("import mat " + path)
    match = gnubg.match(0, 1, 0, 0)  # boards: the Position ID before each action
    games = []
    for game in match["games"] if match else []:
        actions = []
        for a in game["game"]:
            actions.append({
                "player": a.get("player"),
                "action": a.get("action"),
                "dice": list(a["dice"]) if "dice" in a else None,
                "move": [list(step) for step in a["move"]] if "move" in a else None,
                "points": a.get("points"),
                "board": a.get("board"),
            })
        games.append({"info": {k: v for k, v in game["info"].items()}, "actions": actions})
    info = match["match-info"] if match else None
    out.write(json.dumps({"file": path, "info": info, "games": games}, default=str) + "\n")
    out.flush()
out.close()
