# GNU Backgammon as an external opponent for bench/bot.ts (run by it as
# `gnubg -t -q -r -p bench/gnubg-opponent.py` with GNUBG_IN / GNUBG_OUT naming two FIFOs, so that the
# benchmark can talk to it synchronously). Reads one request per line from GNUBG_IN:
#   "d1 d2 c0,c1,...,c24 c0,c1,...,c24"  (the opponent's then the mover's checkers, gnubg order: index i = own
#                                          point i + 1, index 24 = bar)
# and answers "MOVE f t f t ..." on GNUBG_OUT (gnubg's 0-ply cubeless choice: points in the mover's numbering, 25 =
# bar, 0 = off; unused slots are 0). Only gnubg's public
# Python interface is used; nothing of gnubg enters the project.
import os

gnubg.command("set cube use off")
gnubg.command("set jacoby off")
gnubg.command("set player 0 human")
gnubg.command("set player 1 human")
gnubg.command("new game")
cube = gnubg.cubeinfo(1, -1, 0, 0, (0, 0), 0, 0)
context = gnubg.evalcontext(0, 0, 1, 1, 0.0)
requests = open(os.environ["GNUBG_IN"], "r")
out = open(os.environ["GNUBG_OUT"], "w")
out.write("READY\n")
out.flush()
for line in requests:
    parts = line.split()
    if len(parts) != 4:
        break
    d1, d2 = int(parts[0]), int(parts[1])
    board = (tuple(int(x) for x in parts[2].split(",")), tuple(int(x) for x in parts[3].split(",")))
    gnubg.command("set dice %d %d" % (d1, d2))
    move = gnubg.findbestmove(board, cube, context)
    out.write("MOVE " + " ".join(str(x) for x in move) + "\n")
    out.flush()
