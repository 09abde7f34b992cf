# The bgw bridge: runs inside GNU Backgammon (`gnubg -t -q -r -p bridge.py`) and answers
# requests, one JSON object a line on stdin, with one reply line each on stdout.
#
# Every reply line starts with PREFIX; gnubg's own output (boards, messages) is sent to
# /dev/null, and the reader on the other side skips any line without the prefix anyway.
#
# Requests (`id` is echoed back in the reply):
#   {"id": 1, "op": "hello"}
#   {"id": 2, "op": "moves", "position": ID, "dice": [3, 1], "plies": 0, "filter": "all"}
#   {"id": 3, "op": "evaluate", "position": ID, "plies": 0}
#   {"id": 4, "op": "best", "position": ID, "dice": [3, 1], "plies": 0}
#   {"id": 5, "op": "cube", "position": ID, "match": MATCH, "plies": 0}
# ID is a gnubg Position ID with the side to move on roll. Evaluations are cubeless money
# equities and probabilities (win, win gammon, win backgammon, lose gammon, lose backgammon)
# for the side on roll; a move's are those of the position after it, for the side that moved.
# With "match": {"match_id": MID, "jacoby": false, "beavers": false} (MID a gnubg Match ID
# whose side on roll is the position's; its dice are ignored) "moves" and "best" are judged
# at that match state as gnubg's analysis does: cubeful equities, normalised (EMG), and in a
# match each move's match-winning chance ("mwc"). "cube" is gnubg's cube decision before the
# roll (its `cfevaluate`, what `hint` prints): the cubeful equities of no double,
# double/take and double/pass, the proper action in gnubg's words, the cubeless
# probabilities, and in a match the MWC of each and gnubg's market window ("market": the side
# on roll's cash points, from its `show marketwindow`).
# `filter` "all" evaluates every legal move at `plies`; "gnubg" keeps gnubg's own move filter
# (the moves it discards keep a lower ply, which each move's `plies` says).
# Replies: {"id": N, "ok": true, ...} or {"id": N, "ok": false, "error": "..."}; a request
# that is not a JSON object gets {"id": null, "ok": false, "error": "..."}.
#
# The hello names gnubg's version (the first line of `show version`) and the problems the
# bridge met when it tried a request of each kind at its start (an empty list: none), so that
# a gnubg whose Python module answers differently is refused for what differs.
#
# Checked with gnubg 1.07.001 (Python 3). gnubg 1.08 changed its neural nets, not the Python
# functions used here. gnubg 1.06 and older embed Python 2: the script runs there too, far
# enough to say which gnubg it is (bgw refuses gnubg older than 1.07).

import base64
import ctypes
import io
import json
import os
import re
import sys
import tempfile

import gnubg

PROTOCOL = 2
PREFIX = "@bgw "
MAX_PLIES = 4
BASE64 = re.compile(r"^[A-Za-z0-9+/]{14}$")
# Text as JSON reads it: str in Python 3, str or unicode in Python 2.
TEXT = (str, type(u""))
# The opening position, White on roll: 16 legal moves with 3-1.
OPENING = "4HPwATDgc/ABMA"

# Replies go to the real stdout; gnubg's output (C stdio and Python alike) to /dev/null.
_libc = ctypes.CDLL(None)
_libc.fflush(None)
_replies = io.open(os.dup(1), "w", encoding="utf-8", buffering=1)
_devnull = os.open(os.devnull, os.O_WRONLY)
os.dup2(_devnull, 1)


def text(s):
    """Unicode text for the replies' stream (json.dumps gives bytes in Python 2)."""
    return s.decode("utf-8") if isinstance(s, bytes) else s


def reply(obj):
    _replies.write(text(PREFIX) + text(json.dumps(obj, separators=(",", ":"))) + u"\n")
    _replies.flush()


def captured(cmd):
    """gnubg's printed output of one command."""
    sys.stdout.flush()
    _libc.fflush(None)
    with tempfile.TemporaryFile() as f:
        os.dup2(f.fileno(), 1)
        try:
            gnubg.command(cmd)
            sys.stdout.flush()
            _libc.fflush(None)
        finally:
            os.dup2(_devnull, 1)
        f.seek(0)
        return f.read().decode("utf-8", "replace")


class Refused(Exception):
    pass


def version():
    m = re.search(r"GNU Backgammon [^\n]*", captured("show version"))
    return m.group(0).strip() if m else "unknown"


def board_of(request):
    pid = request.get("position")
    if not isinstance(pid, TEXT) or not BASE64.match(pid):
        raise Refused("not a Position ID: %r" % (pid,))
    try:
        board = gnubg.positionfromid(pid)
    except Exception as e:
        raise Refused("gnubg refuses the Position ID %s: %s" % (pid, e))
    counts = [sum(side) for side in board]
    if max(counts) > 15:
        raise Refused("the Position ID %s has more than 15 checkers a side" % pid)
    return pid, board, counts


def plies_of(request):
    plies = request.get("plies", 0)
    if not isinstance(plies, int) or isinstance(plies, bool) or not 0 <= plies <= MAX_PLIES:
        raise Refused("plies must be an integer 0..%d, not %r" % (MAX_PLIES, plies))
    return plies


MATCH_ID = re.compile(r"^[A-Za-z0-9+/]{12}$")
# One window of `show marketwindow`: "Dead cube:  44.61% -  66.09%".
WINDOW = re.compile(r"(\d+\.\d+)%\s*-\s*(\d+\.\d+)%")


def match_of(request):
    """The request's match state: None (cubeless money) or (match_id, jacoby, beavers)."""
    m = request.get("match")
    if m is None:
        return None
    if not isinstance(m, dict):
        raise Refused("match must be an object, not %r" % (m,))
    mid = m.get("match_id")
    if not isinstance(mid, TEXT) or not MATCH_ID.match(mid):
        raise Refused("not a Match ID: %r" % (mid,))
    flags = []
    for name in ("jacoby", "beavers"):
        v = m.get(name, False)
        if not isinstance(v, bool):
            raise Refused("%s must be true or false, not %r" % (name, v))
        flags.append(v)
    return (str(mid), flags[0], flags[1])


def dice_of(request):
    dice = request.get("dice")
    if (
        not isinstance(dice, list)
        or len(dice) != 2
        or not all(isinstance(d, int) and not isinstance(d, bool) and 1 <= d <= 6 for d in dice)
    ):
        raise Refused("dice must be two integers 1..6, not %r" % (dice,))
    return dice


def in_match():
    """True when gnubg's current state is a match (not a money session)."""
    return gnubg.cubeinfo().get("matchto", 0) > 0


def same_match(a, b):
    """Two Match IDs that agree on the cube, its owner, the side on roll, Crawford, the match
    length and the scores (gnubg's bits 0-7 and 21-65)."""
    ka, kb = match_key(a), match_key(b)
    return ka & 0xFF == kb & 0xFF and ka >> 21 == kb >> 21


def match_key(mid):
    """A Match ID's 66 bits as one integer, bit 0 first (gnubg's layout)."""
    return int.from_bytes(bytearray(base64.b64decode(mid)), "little")


class Session:
    """gnubg's state as the requests need it: settings changed only when they differ."""

    def __init__(self):
        for cmd in [
            "set player 0 human",
            "set player 1 human",
            "set cube use off",
            "set jacoby off",
            "set evaluation chequerplay evaluation cubeful off",
            "set evaluation chequerplay evaluation deterministic on",
            "set evaluation chequerplay evaluation noise 0",
            "set evaluation chequerplay evaluation plies 0",
            "new game",
        ]:
            gnubg.command(cmd)
        self.plies = 0
        self.cube_plies = None
        # None: cubeless money; else the (match_id, jacoby, beavers) last set.
        self.match = None
        self.gnubg_filter = gnubg.getevalhintfilter()
        self.filter = "gnubg"
        self.problems = []

    def set_plies(self, plies):
        if plies != self.plies:
            gnubg.command("set evaluation chequerplay evaluation plies %d" % plies)
            self.plies = plies

    def set_filter(self, name):
        if name == self.filter:
            return
        if name == "all":
            for ply in range(1, MAX_PLIES + 1):
                for level in range(ply):
                    gnubg.command("set evaluation movefilter %d %d -1 0 0" % (ply, level))
        elif name == "gnubg":
            for f in self.gnubg_filter:
                gnubg.command(
                    "set evaluation movefilter %d %d %d %d %r"
                    % (f["ply"], f["level"], f["acceptmoves"], f["extramoves"], f["threshold"])
                )
        else:
            raise Refused('filter must be "all" or "gnubg", not %r' % (name,))
        self.filter = name

    def set_match(self, match):
        """gnubg at the match state `match` (None: cubeless money, the cube off)."""
        if match == self.match:
            return
        if match is None:
            for cmd in [
                "set cube use off",
                "set jacoby off",
                "set beavers off",
                "set evaluation chequerplay evaluation cubeful off",
                "new game",
            ]:
                gnubg.command(cmd)
            self.match = None
            return
        mid, jacoby, beavers = match
        for cmd in [
            "set cube use on",
            "set jacoby %s" % ("on" if jacoby else "off"),
            "set beavers %s" % ("on" if beavers else "off"),
            "set evaluation chequerplay evaluation cubeful on",
            "set matchid %s" % mid,
        ]:
            gnubg.command(cmd)
        # The dice, whose turn and any offer are set with the position; the rest must hold.
        got = gnubg.matchid()
        self.match = None
        if not got or not same_match(got, mid):
            raise Refused("gnubg did not take the Match ID %s (it has %s)" % (mid, got))
        self.match = match

    def placed(self, request):
        """Sets up the request's position at its match state: (pid, board, cubeinfo)."""
        pid, _board, counts = board_of(request)
        if min(counts) == 0:
            raise Refused("the game is over in %s: a side has no checkers left" % pid)
        match = match_of(request)
        self.set_match(match)
        if match is not None:
            # `set matchid` again each time: a position set with dice changes gnubg's state.
            gnubg.command("set matchid %s" % match[0])
        gnubg.command("set board %s" % pid)
        if gnubg.positionid() != pid:
            raise Refused("gnubg did not take the position %s" % pid)
        return pid, gnubg.board(), match

    def hint(self, request, filter_name):
        pid, _board, match = self.placed(request)
        dice = dice_of(request)
        self.set_plies(plies_of(request))
        self.set_filter(filter_name)
        gnubg.command("set dice %d %d" % (dice[0], dice[1]))
        # With no legal move gnubg hints an empty list.
        found = gnubg.hint(10000)
        moves = []
        for m in found.get("hint", []):
            probs = list(m["details"]["probs"])
            move = {
                "move": m["move"],
                "equity": m["equity"],
                "probs": probs,
                "plies": m["context"]["plies"],
            }
            if match is not None and in_match():
                move["mwc"] = gnubg.eq2mwc(m["equity"], gnubg.cubeinfo())
            moves.append(move)
        return moves

    def cube(self, request):
        """gnubg's cube decision before the roll, at the request's match state."""
        if request.get("match") is None:
            raise Refused("a cube decision needs the match state (\"match\")")
        _pid, board, _match = self.placed(request)
        plies = plies_of(request)
        cubeinfo = gnubg.cubeinfo()
        context = gnubg.evalcontext(1, plies, 1, 1, 0.0)
        best, nd, dt, dp, code, action = gnubg.cfevaluate(board, cubeinfo, context)
        cubeless = gnubg.evaluate(board, cubeinfo, gnubg.evalcontext(0, plies, 1, 1, 0.0))
        out = {
            "plies": plies,
            "no_double": nd,
            "double_take": dt,
            "double_pass": dp,
            "optimal": best,
            "decision": code,
            "action": action,
            "probs": list(cubeless[:5]),
            "cubeless": cubeless[5],
        }
        if in_match():
            out["market"] = self.market(plies)
            out["mwc"] = {
                "no_double": gnubg.eq2mwc(nd, cubeinfo),
                "double_take": gnubg.eq2mwc(dt, cubeinfo),
                "double_pass": gnubg.eq2mwc(dp, cubeinfo),
                "cubeless": gnubg.eq2mwc(cubeless[5], cubeinfo),
            }
        return out

    def market(self, plies):
        """gnubg's market window for the side on roll in a match (`show marketwindow`, its
        gammon rates from the cube evaluation at `plies`): the cash point of the dead cube and
        of the second window gnubg prints (the taker's redouble, or the live cube), or None
        when gnubg prints none."""
        gnubg.command("set evaluation cubedecision evaluation plies %d" % plies)
        blocks = captured("show marketwindow").split("market window:")
        if len(blocks) != 3:
            return None
        side = gnubg.cubeinfo()["move"]
        windows = WINDOW.findall(blocks[1 + side])
        if not windows:
            return None
        out = {"cash_point": float(windows[0][1]) / 100.0}
        if len(windows) > 1:
            out["cash_point_live"] = float(windows[1][1]) / 100.0
        return out

    def handle(self, request):
        op = request.get("op")
        if op == "hello":
            return {"gnubg": version(), "protocol": PROTOCOL, "problems": self.problems}
        if op == "moves":
            return {"moves": self.hint(request, request.get("filter", "all"))}
        if op == "best":
            moves = self.hint(request, "gnubg")
            return {"move": moves[0] if moves else None}
        if op == "evaluate":
            return self.evaluate(request)
        if op == "cube":
            return self.cube(request)
        raise Refused("unknown op %r" % (op,))

    def evaluate(self, request):
        self.set_match(None)
        _pid, board, _counts = board_of(request)
        plies = plies_of(request)
        context = {"cubeful": 0, "plies": plies, "deterministic": 1, "noise": 0.0}
        out = gnubg.evaluate(board, gnubg.cubeinfo(), context)
        return {"equity": out[5], "probs": list(out[:5])}

    def check(self):
        """What fails when a request of each kind is tried on this gnubg: a list of words."""
        problems = []
        try:
            moves = self.hint({"position": OPENING, "dice": [3, 1], "plies": 0}, "all")
            if len(moves) != 16:
                problems.append("moves: the opening 3-1 has %d moves, not 16" % len(moves))
            for m in moves[:1]:
                if len(m["probs"]) != 5 or not isinstance(m["move"], TEXT):
                    problems.append("moves: a move is %r" % (m,))
        except Exception as e:
            problems.append("moves: %s: %s" % (type(e).__name__, e))
        try:
            out = self.evaluate({"position": OPENING, "plies": 0})
            if len(out["probs"]) != 5:
                problems.append("evaluate: %r" % (out,))
        except Exception as e:
            problems.append("evaluate: %s: %s" % (type(e).__name__, e))
        return problems


def main():
    session = Session()
    session.problems = session.check()
    while True:
        line = sys.stdin.readline()
        if not line:
            break
        if not line.strip():
            continue
        try:
            request = json.loads(line)
        except ValueError as e:
            reply({"id": None, "ok": False, "error": "not JSON: %s" % e})
            continue
        if not isinstance(request, dict):
            reply({"id": None, "ok": False, "error": "a request is a JSON object"})
            continue
        rid = request.get("id")
        try:
            answer = session.handle(request)
            answer.update({"id": rid, "ok": True})
        except Refused as e:
            answer = {"id": rid, "ok": False, "error": str(e)}
        except Exception as e:
            answer = {"id": rid, "ok": False, "error": "gnubg failed: %s: %s" % (type(e).__name__, e)}
        reply(answer)


main()
