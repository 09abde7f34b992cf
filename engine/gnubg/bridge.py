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
#   {"id": 7, "op": "luck", "path": MAT_FILE, "rolls": [[MID, ...], ...]}
#   {"id": 6, "op": "rollout", "moves": [{"move": "8/5 6/5", "after": ID2}, ...],
#    "trials": 144, "truncate": 0, "variance_reduction": true, "seed": 1, "plies": 0,
#    "cube_plies": 0, "cubeful": false, "match": MATCH, "match_after": MATCH2}
# ID is a gnubg Position ID with the side to move on roll. Evaluations are cubeless money
# equities and probabilities (win, win gammon, win backgammon, lose gammon, lose backgammon)
# for the side on roll; a move's are those of the position after it, for the side that moved.
# With "match": {"match_id": MID, "jacoby": false, "beavers": false} (MID a gnubg Match ID
# whose side on roll is the position's; its dice are ignored) "moves" and "best" are judged
# at that match state as gnubg's analysis does: cubeful equities, normalised (EMG), and in a
# match each move's match-winning chance ("mwc"). "cube" is gnubg's cube decision before the
# roll (its `cfevaluate`, what `hint` prints): the cubeful equities of no double,
# double/take and double/pass, the proper action in gnubg's words (money play with the
# request's Jacoby and beaver rules, which gnubg's Python cube info leaves out), the cubeless
# probabilities, and in a match the MWC of each and gnubg's market window ("market": the side
# on roll's cash points, from its `show marketwindow`).
# `filter` "all" evaluates every legal move at `plies`; "gnubg" keeps gnubg's own move filter
# (the moves it discards keep a lower ply, which each move's `plies` says); "analysis" the
# move filter of gnubg's `analyse match` (wider: 16 moves within 0.32 by default), as its
# `show analysis` prints it.
# "rollout" rolls out the moves side by side through gnubg's own `rollout` command (which
# rolls out one position): ID2 is the position after the move with the opponent on roll; "cubeful" rolls out at the match state
# (MATCH the mover's, MATCH2 the same with the opponent on roll), else cubeless money. gnubg
# prints a rollout's results only to a terminal, so the bridge runs a gnubg for each move (the
# same program, no Python, up to SIDE_BY_SIDE at once, with the same settings and seed) with
# its stdout on a pseudo-terminal, in this process group (ending the bridge's group ends
# them), kept in step (a move more than STEP trials ahead of the slowest waits, stopped), and
# reads what they print: every two seconds or so a running result,
# sent on as a partial reply {"id": N, "ok": true, "partial": true, "index": I, "result": R}
# before the final {"id": N, "ok": true, "results": [R, ...]}. R is for the side that moved:
# {"move", "equity", "se", "probs", "probs_se", "cubeless", "cubeless_se", "trials"} and, at a
# match score, "mwc" and "mwc_se"; "equity" is the cubeful one (normalised in a match) when
# cubeful, else the cubeless money one; "se" is gnubg's standard error of the mean.
# "luck" imports the match file and runs gnubg's `analyse match` with its luck analysis
# alone (0-ply cubeful, whatever the other settings), then answers each game's rolls in order,
# {"games": [{"rolls": [{"position", "dice", "luck", "luck_mwc"}, ...], "actual": [X, O]}]}
# (X the file's first player; "actual" what each gained in the game as gnubg's statistics
# count it: MWC after less before in a match, points in money play): the Position ID before
# the roll (roller on roll), the dice, gnubg's stored luck (EMG) and the same as MWC in a
# match (eq2mwc(luck) - eq2mwc(0) at the roll's cube and score, as gnubg's statistics count
# it) or points (cube x luck) in money play. "rolls" gives, per game, the Match ID of each
# roll as bgw read it; a game whose roll count differs is refused.
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


FILTER_FOR = re.compile(r"^\s*Move filter for (\d+) ply:")
FILTER_KEEP = re.compile(
    r"^\s*keep the first (-?\d+) (\d+)-ply moves and up to (\d+) more moves within equity "
    r"([0-9.]+)"
)
FILTER_SKIP = re.compile(r"^\s*Skip pruning for (\d+)-ply moves")


def analysis_filter():
    """The move filter of gnubg's `analyse match`, read from its `show analysis` (the first
    block of "Move filter for N ply" lines: the checker play's), as getevalhintfilter lists
    a filter. Refused when gnubg prints none."""
    out, ply = [], None
    for line in captured("show analysis").splitlines():
        m = FILTER_FOR.match(line)
        if m:
            n = int(m.group(1))
            if ply is not None and n <= ply:
                break
            ply = n
            continue
        if ply is None:
            continue
        m = FILTER_KEEP.match(line)
        if m:
            out.append({"ply": ply, "level": int(m.group(2)), "acceptmoves": int(m.group(1)),
                        "extramoves": int(m.group(3)), "threshold": float(m.group(4))})
            continue
        m = FILTER_SKIP.match(line)
        if m:
            out.append({"ply": ply, "level": int(m.group(1)), "acceptmoves": -1,
                        "extramoves": 0, "threshold": 0.0})
            continue
        if line.strip() and out and not line.startswith(" " * 6):
            break
    if not out:
        raise Refused("gnubg's `show analysis` printed no move filter")
    return out


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


def play_of(match):
    """"money" or "match": what a request's match state (None: cubeless money) plays."""
    if match is None:
        return "money"
    return "match" if (match_key(match[0]) >> 21) & 0x7FFF else "money"


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
        # "money" or "match": what gnubg's evaluation cache holds (None: unknown).
        self.cached = None
        self.gnubg_filter = gnubg.getevalhintfilter()
        self.analysis_filter = None
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
        elif name in ("gnubg", "analysis"):
            if name == "analysis" and self.analysis_filter is None:
                self.analysis_filter = analysis_filter()
            for f in self.gnubg_filter if name == "gnubg" else self.analysis_filter:
                gnubg.command(
                    "set evaluation movefilter %d %d %d %d %r"
                    % (f["ply"], f["level"], f["acceptmoves"], f["extramoves"], f["threshold"])
                )
        else:
            raise Refused('filter must be "all", "gnubg" or "analysis", not %r' % (name,))
        self.filter = name

    def set_match(self, match):
        """gnubg at the match state `match` (None: cubeless money, the cube off)."""
        if match == self.match:
            return
        self.clear_cache_for(play_of(match))
        if match is None:
            for cmd in [
                "set cube use off",
                "set jacoby off",
                "set beavers 0",
                "set evaluation chequerplay evaluation cubeful off",
                # A new session, not a new game: after `set matchid` a new game is the
                # match's next game, and "money" would be judged at its score.
                "new session",
            ]:
                gnubg.command(cmd)
            if in_match():
                raise Refused("gnubg stayed in a match after `new session`")
            self.match = None
            return
        mid, jacoby, beavers = match
        for cmd in [
            "set cube use on",
            "set jacoby %s" % ("on" if jacoby else "off"),
            "set beavers %d" % (3 if beavers else 0),
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

    def clear_cache_for(self, play):
        """Empties gnubg's evaluation cache when `play` ("money" or "match") is not what it
        holds. Its key tells a match state by the scores away, the cube and Crawford only, and
        a money state by the cube's owner, Jacoby and beavers: a cubeful money position with
        the Jacoby rule off has the key of the same position at double match point (a 1-point
        match), and one would be answered with the other's equity."""
        if play != self.cached:
            gnubg.command("clear cache")
            self.cached = play

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
            if play_of(match) == "money":
                # `set matchid` turns the Jacoby rule of the game back on (gnubg 1.07): the
                # rule as asked, after it.
                gnubg.command("set jacoby %s" % ("on" if match[1] else "off"))
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
        _pid, board, match = self.placed(request)
        plies = plies_of(request)
        cubeinfo = gnubg.cubeinfo()
        if not in_match():
            # gnubg's Python cube info leaves beavers out (its `hint` has them from `set
            # beavers`): the money rules as asked.
            cubeinfo["jacoby"] = 1 if match[1] else 0
            cubeinfo["beavers"] = 1 if match[2] else 0
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
        if op == "rollout":
            return Rollout(self, request).run(request.get("id"))
        if op == "luck":
            return self.luck(request)
        raise Refused("unknown op %r" % (op,))

    def luck(self, request):
        path = request.get("path")
        rolls = request.get("rolls")
        if not isinstance(path, TEXT) or not os.path.isfile(path):
            raise Refused("luck needs the path of a match file")
        if not isinstance(rolls, list) or not all(isinstance(g, list) for g in rolls):
            raise Refused("luck needs each game's rolls as lists of Match IDs")
        # gnubg's current match is replaced: every setting the other requests rely on is
        # set again at their next request.
        self.match = ("imported",)
        # The cube in use: with it off gnubg's cube info (and so each luck's MWC) ignores it.
        # The Jacoby rule on, gnubg's default: gnubg imports a MAT money session under the rule
        # as set (it ignores a [Jacoby] tag), so the same file's luck would otherwise depend on
        # the request before; bgw reads an untagged MAT money session the same way.
        for cmd in ["set cube use on", "set jacoby on", "set analysis moves off",
                    "set analysis cube off", "set analysis luck on"]:
            gnubg.command(cmd)
        # The analysis evaluates at the file's own states (money or match, unknown here):
        # from an empty cache, and the next request starts from one again.
        gnubg.command("clear cache")
        self.cached = None
        gnubg.command('import mat "%s"' % path.replace('"', ""))
        gnubg.command("analyse match")
        played = gnubg.match(analysis=1, boards=1, statistics=1, verbose=0)
        games = played.get("games", []) if played else []
        if len(games) != len(rolls):
            raise Refused("gnubg read %d games in the match, bgw %d" % (len(games), len(rolls)))
        out = []
        for k, (game, mids) in enumerate(zip(games, rolls)):
            records = [r for r in game.get("game", []) if r.get("action") == "move"]
            if len(records) != len(mids):
                raise Refused(
                    "gnubg read %d rolls in game %d, bgw %d" % (len(records), k + 1, len(mids))
                )
            lucks = []
            for r, mid in zip(records, mids):
                luck = r.get("analysis", {}).get("luck-value")
                if luck is None:
                    raise Refused("gnubg gave no luck for a roll of game %d" % (k + 1))
                gnubg.command("set matchid %s" % mid)
                ci = gnubg.cubeinfo()
                if ci["matchto"]:
                    mwc = gnubg.eq2mwc(luck, ci) - gnubg.eq2mwc(0.0, ci)
                else:
                    mwc = ci["cube"] * luck
                d = r.get("dice") or (0, 0)
                lucks.append({"position": r.get("board"), "dice": [d[0], d[1]],
                              "luck": luck, "luck_mwc": mwc})
            dice = game.get("stats", {})
            actual = [dice.get(side, {}).get("dice", {}).get("actual-result", 0.0)
                      for side in ("X", "O")]
            out.append({"rolls": lucks, "actual": actual})
        return {"games": out}

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


# --- Rollouts -------------------------------------------------------------------------------

NUMBER = r"([+-]?\d+(?:\.\d+)?)"
# "  0.526947 0.146129 0.006187 - 0.473053 0.123913 0.004331 CL +0.095607 CF +0.229909"
RESULT_LINE = re.compile(
    r"^\s*" + r"\s+".join([NUMBER] * 3) + r"\s+-\s+" + r"\s+".join([NUMBER] * 3)
    + r"\s+CL\s+" + NUMBER + r"(?:\s+CF\s+" + NUMBER + r")?\s*$"
)
# " [0.002115 0.001664 0.000428 - 0.002115 0.001651 0.000281 CL  0.006440 CF  0.007062] 1r"
SE_LINE = re.compile(
    r"^\s*\[\s*" + r"\s+".join([NUMBER] * 3) + r"\s+-\s+" + r"\s+".join([NUMBER] * 3)
    + r"\s+CL\s+" + NUMBER + r"(?:\s+CF\s+" + NUMBER + r")?\s*\]"
)
# "36 games, Mersenne Twister dice gen. with seed 7 and quasi-random dice"
GAMES_LINE = re.compile(r"^\s*(\d+) games, .* with seed (-?\d+)")
# "Truncated cubeful rollout (depth 3) with variance reduction", "Full cubeless rollout ..."
KIND_LINE = re.compile(r"^\s*(Full|Truncated) (cubeful|cubeless) rollout(?: \(depth (\d+)\))?")
DONE_LINE = "Rollout done"
# How long the second gnubg may stay silent (it prints a running result every two seconds).
SILENCE = 120.0
MAX_TRIALS = 1000000


class Child:
    """A second gnubg whose stdout is a pseudo-terminal, for its rollouts' printed results."""

    def __init__(self):
        import subprocess
        import termios

        master, slave = os.openpty()
        # No carriage returns added, no echo: the lines as gnubg writes them.
        attrs = termios.tcgetattr(slave)
        attrs[1] &= ~termios.OPOST
        attrs[3] &= ~termios.ECHO
        termios.tcsetattr(slave, termios.TCSANOW, attrs)
        program = os.readlink("/proc/self/exe")
        self.proc = subprocess.Popen(
            [program, "-t", "-q", "-r"],
            stdin=subprocess.PIPE,
            stdout=slave,
            stderr=slave,
            close_fds=True,
        )
        os.close(slave)
        self.master = master
        self.buffer = b""
        self.tail = []

    def send(self, *commands):
        for c in commands:
            self.proc.stdin.write((c + "\n").encode("utf-8"))
        self.proc.stdin.flush()

    def read(self):
        """The whole lines gnubg printed since the last read (call when its output is ready);
        Refused when it ended."""
        try:
            chunk = os.read(self.master, 65536)
        except OSError:
            chunk = b""
        if not chunk:
            raise Refused(
                "the rollout gnubg ended; its last words: %s"
                % " | ".join(t for t in self.tail if t.strip())
            )
        self.buffer += chunk
        out = []
        while b"\n" in self.buffer:
            line, self.buffer = self.buffer.split(b"\n", 1)
            text = line.decode("utf-8", "replace").replace("\r", "")
            self.tail = (self.tail + [text])[-12:]
            out.append(text)
        return out

    def signal(self, number):
        """Stops (SIGSTOP) or continues (SIGCONT) this gnubg."""
        try:
            self.proc.send_signal(number)
        except OSError:
            pass

    def close(self):
        try:
            self.proc.stdin.close()
        except Exception:
            pass
        try:
            # A stopped gnubg ends at SIGKILL too.
            self.proc.kill()
            self.proc.wait()
        except Exception:
            pass
        try:
            os.close(self.master)
        except OSError:
            pass


def int_in(request, name, low, high, default):
    v = request.get(name, default)
    if not isinstance(v, int) or isinstance(v, bool) or not low <= v <= high:
        raise Refused("%s must be an integer %d..%d, not %r" % (name, low, high, v))
    return v


def bool_of(request, name, default):
    v = request.get(name, default)
    if not isinstance(v, bool):
        raise Refused("%s must be true or false, not %r" % (name, v))
    return v


class Blocks:
    """One gnubg's printed lines read into its running results, line by line."""

    def __init__(self):
        self.final = False
        self.values = self.se = self.kind = None

    def line(self, line):
        """The result this line completes, (values, se, games, seed, kind, final), or None."""
        if DONE_LINE in line:
            self.final = True
            return None
        m = RESULT_LINE.match(line)
        if m:
            self.values, self.se, self.kind = m.groups(), None, None
            return None
        m = SE_LINE.match(line)
        if m and self.values is not None:
            self.se = m.groups()
            return None
        m = KIND_LINE.match(line)
        if m and self.values is not None:
            self.kind = m.groups()
            return None
        m = GAMES_LINE.match(line)
        if m and self.values is not None and self.se is not None and self.kind is not None:
            block = (self.values, self.se, int(m.group(1)), int(m.group(2)), self.kind,
                     self.final)
            self.values = self.se = self.kind = None
            return block
        return None


# The most moves rolled out side by side (each in a gnubg of its own, about 70 MB each); the
# moves after them start as the first ones finish.
SIDE_BY_SIDE = 16
# How many trials a move may be ahead of the slowest before it waits (stopped) for it.
STEP = 36


class Rollout:
    """One rollout request: its settings checked, then each move rolled out in turn."""

    def __init__(self, session, request):
        self.session = session
        moves = request.get("moves")
        if not isinstance(moves, list) or not moves or len(moves) > 64:
            raise Refused("moves must be a list of 1..64 moves, not %r" % (moves,))
        self.moves = []
        for m in moves:
            if not isinstance(m, dict) or not isinstance(m.get("move"), TEXT):
                raise Refused("a move must be {\"move\": ..., \"after\": ...}, not %r" % (m,))
            pid, _board, counts = board_of({"position": m.get("after")})
            if min(counts) == 0:
                raise Refused("the game is over after %s" % m["move"])
            self.moves.append((m["move"], pid))
        self.trials = int_in(request, "trials", 1, MAX_TRIALS, 144)
        self.truncate = int_in(request, "truncate", 0, 10000, 0)
        self.vr = bool_of(request, "variance_reduction", True)
        self.seed = int_in(request, "seed", 0, 2 ** 31 - 1, 1)
        self.plies = int_in(request, "plies", 0, 2, 0)
        self.cube_plies = int_in(request, "cube_plies", 0, 2, 0)
        self.cubeful = bool_of(request, "cubeful", False)
        self.match = self.after = None
        if self.cubeful:
            self.match = match_of(request)
            self.after = match_of({"match": request.get("match_after")})
            if self.match is None or self.after is None:
                raise Refused("a cubeful rollout needs \"match\" and \"match_after\"")

    def commands(self):
        on = lambda b: "on" if b else "off"
        out = [
            "set player 0 human",
            "set player 1 human",
            "set output digits 6",
            "set output mwc off",
            "set output winpc off",
            "set rollout trials %d" % self.trials,
            "set rollout truncation enable %s" % on(self.truncate > 0),
            "set rollout varredn %s" % on(self.vr),
            "set rollout seed %d" % self.seed,
            "set rollout quasirandom on",
            "set rollout cubeful %s" % on(self.cubeful),
            "set rollout later enable off",
            "set rollout limit enable off",
            "set rollout jsd stop off",
        ]
        if self.truncate > 0:
            out.append("set rollout truncation plies %d" % self.truncate)
        for player in (0, 1):
            out += [
                "set rollout player %d chequerplay plies %d" % (player, self.plies),
                "set rollout player %d cubedecision plies %d" % (player, self.cube_plies),
            ]
        if self.cubeful:
            _mid, jacoby, beavers = self.after
            length = (match_key(self.after[0]) >> 21) & 0x7FFF
            out += [
                "set cube use on",
                "set jacoby %s" % on(jacoby),
                "set beavers %d" % (3 if beavers else 0),
                "new match %d" % length if length else "new session",
            ]
        else:
            out += ["set cube use off", "set jacoby off", "new game"]
        return out

    def check(self, seed, kind, games):
        """What gnubg says it did must be what was asked."""
        truncated = kind[0] == "Truncated"
        if (
            seed != self.seed
            or (kind[1] == "cubeful") != self.cubeful
            or games > self.trials
            or truncated != (self.truncate > 0)
            or (truncated and int(kind[2] or 0) != self.truncate)
        ):
            raise Refused(
                "the rollout gnubg did not take the settings: it rolls out %r with seed %d, "
                "%d games (asked: %d trials, truncation %d, seed %d, %s)"
                % (kind, seed, games, self.trials, self.truncate, self.seed,
                   "cubeful" if self.cubeful else "cubeless")
            )

    def result(self, move, values, se, games):
        """gnubg's figures for the side on roll after the move, turned to the mover's."""
        v = [float(x) if x is not None else None for x in values]
        e = [float(x) if x is not None else None for x in se]
        # win, wg, wbg, lose, lg, lbg of the side on roll (the opponent).
        probs = [1.0 - v[0], v[4], v[5], v[1], v[2]]
        probs_se = [e[0], e[4], e[5], e[1], e[2]]
        out = {
            "move": move,
            "probs": [round(min(max(p, 0.0), 1.0), 6) for p in probs],
            "probs_se": probs_se,
            "cubeless": -v[6],
            "cubeless_se": e[6],
            "trials": games,
        }
        if not self.cubeful:
            out["equity"], out["se"] = -v[6], e[6]
            return out
        if v[7] is None or e[7] is None:
            raise Refused("the rollout gnubg printed no cubeful equity")
        self.session.set_match(self.after)
        gnubg.command("set matchid %s" % self.after[0])
        if not in_match():
            out["equity"], out["se"] = -v[7], e[7]
            return out
        ci_after = gnubg.cubeinfo()
        mwc = 1.0 - gnubg.eq2mwc(v[7], ci_after)
        mwc_se = gnubg.eq2mwc_stderr(e[7], ci_after)
        self.session.set_match(self.match)
        gnubg.command("set matchid %s" % self.match[0])
        ci = gnubg.cubeinfo()
        out["mwc"], out["mwc_se"] = mwc, mwc_se
        out["equity"] = gnubg.mwc2eq(mwc, ci)
        out["se"] = gnubg.mwc2eq_stderr(mwc_se, ci)
        return out

    def run(self, rid):
        """Rolls the moves out side by side, each in a gnubg of its own started with the same
        settings and seed (so each move's figures are gnubg's own rollout of it), kept in step:
        a move more than STEP trials ahead of the slowest is stopped until the others catch up,
        so that at any moment every move has about as many trials as the others, as in gnubg's
        and XG's rollouts of several moves, where each trial plays every move in turn."""
        import select
        import signal
        import time

        count = len(self.moves)
        children = {}
        blocks = {}
        results = [None] * count
        trials = [0] * count
        stopped = set()
        waiting = list(range(count))
        try:
            while any(r is None for r in results):
                while waiting and len(children) < SIDE_BY_SIDE:
                    index = waiting.pop(0)
                    _move, pid = self.moves[index]
                    child = Child()
                    children[index] = child
                    blocks[index] = Blocks()
                    child.send(*self.commands())
                    if self.cubeful:
                        child.send("set matchid %s" % self.after[0])
                    child.send("set board %s" % pid, "rollout")
                # In step: the slowest running move never waits.
                slowest = min(trials[i] for i in children)
                for i, child in children.items():
                    ahead = trials[i] >= slowest + STEP
                    if ahead and i not in stopped:
                        child.signal(signal.SIGSTOP)
                        stopped.add(i)
                    elif not ahead and i in stopped:
                        child.signal(signal.SIGCONT)
                        stopped.discard(i)
                listening = {children[i].master: i for i in children if i not in stopped}
                deadline = time.time() + SILENCE
                ready = []
                while not ready:
                    left = deadline - time.time()
                    if left <= 0:
                        tails = [" | ".join(t for t in children[i].tail if t.strip())
                                 for i in listening.values()]
                        raise Refused(
                            "the rollout gnubg printed nothing for %.0f s; its last words: %s"
                            % (SILENCE, " || ".join(tails))
                        )
                    ready, _, _ = select.select(list(listening), [], [], left)
                for fd in ready:
                    index = listening[fd]
                    move, _pid = self.moves[index]
                    for line in children[index].read():
                        block = blocks[index].line(line)
                        if block is None:
                            continue
                        values, se, games, seed, kind, final = block
                        self.check(seed, kind, games)
                        if games == 0:
                            continue
                        r = self.result(move, values, se, games)
                        trials[index] = games
                        if final and games != self.trials:
                            raise Refused(
                                "the rollout gnubg stopped after %d of %d trials of %s"
                                % (games, self.trials, move)
                            )
                        # Each running result, the move's final one too: a rollout stopped
                        # later keeps what every move has so far.
                        reply({"id": rid, "ok": True, "partial": True, "index": index,
                               "result": r})
                        if final:
                            results[index] = r
                            break
                    if results[index] is not None:
                        children.pop(index).close()
                        stopped.discard(index)
            return {"results": results}
        finally:
            for child in children.values():
                child.close()


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
