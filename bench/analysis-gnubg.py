# GNU Backgammon's analysis of .mat files, for bench/analysis-gnubg.ts. Run as `gnubg -t -q -r -p
# bench/analysis-gnubg.py` with AG_LIST naming a file of jobs (one a line: `<path> <plies> <cube|nocube>`) and AG_OUT
# the file to write: one JSON line per match, {"file", "plies", "stats": {X, O}, "games": [[action, ...], ...]},
# where each action is {"player", "action", "dice", "skill", "cube-skill", "loss"} (gnubg's marks: "doubtful", "bad",
# "very bad", null when unmarked; an unforced chequer play's loss in normalized equity, else null). gnubg's player X
# is the file's left column (our White). Only gnubg's public Python interface is used; nothing of gnubg enters the
# project.
import json
import os

out = open(os.environ["AG_OUT"], "w")
for line in open(os.environ["AG_LIST"]):
    parts = line.split()
    if len(parts) != 3:
        continue
    path, plies, cube = parts[0], int(parts[1]), parts[2] == "cube"
    gnubg.command("set analysis chequerplay evaluation plies %d" % plies)
    gnubg.command("set analysis cubedecision evaluation plies %d" % plies)
    # A ruleset without the cube (georgian-short): gnubg neither analyses nor counts cube decisions.
    gnubg.command("set analysis cube %s" % ("on" if cube else "off"))
    gnubg.command("import mat " + path)
    gnubg.command("analyse match")
    match = gnubg.match(1, 0, 1, 0)  # analysis and statistics, no boards
    games = []
    for game in match["games"] if match else []:
        actions = []
        for a in game["game"]:
            analysis = a.get("analysis") or {}
            moves = analysis.get("moves")
            loss = None
            if moves and len(moves) > 1 and "imove" in analysis:
                # The chequer play's loss in normalized equity (EMG): best minus played, as its mark is judged.
                loss = moves[0]["score"] - moves[analysis["imove"]]["score"]
            actions.append({
                "player": a.get("player"),
                "action": a.get("action"),
                "dice": list(a["dice"]) if "dice" in a else None,
                "skill": analysis.get("skill"),
                "cube-skill": analysis.get("cube-skill"),
                "loss": loss,
            })
        games.append(actions)
    stats = match["stats"] if match else None
    out.write(json.dumps({"file": path, "plies": plies, "stats": stats, "games": games}, default=str) + "\n")
    out.flush()
out.close()
