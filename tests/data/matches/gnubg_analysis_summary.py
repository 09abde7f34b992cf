# Run as: python3 summarise.py PLIES OUT.json FILE...
# gnubg's own `analyse match` at PLIES (checker play and cube) of each FILE, through
# gnubg_analyse_match.py's way (import mat / load match, analyse match, gnubg.match(...)),
# then per player ("X" the file's first, "O" the second) what gnubg's statistics say.
import json, os, subprocess, sys, tempfile
plies, out, files = sys.argv[1], sys.argv[2], sys.argv[3:]
script = r'''
import gnubg, json, os
F = os.environ["F"]
gnubg.command("set analysis chequerplay evaluation plies %s" % os.environ["PLIES"])
gnubg.command("set analysis cubedecision evaluation plies %s" % os.environ["PLIES"])
gnubg.command(('load match "%s"' if F.endswith(".sgf") else 'import mat "%s"') % F)
gnubg.command("analyse match")
json.dump(gnubg.match(analysis=1, boards=1, statistics=1, verbose=0), open(os.environ["OUT"], "w"), default=str)
'''
summary = {}
with tempfile.TemporaryDirectory() as tmp:
    s = os.path.join(tmp, "analyse.py")
    open(s, "w").write(script)
    for f in files:
        o = os.path.join(tmp, "out.json")
        env = dict(os.environ, F=f, OUT=o, PLIES=plies)
        subprocess.run(["gnubg", "-t", "-q", "-p", s], env=env, check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        d = json.load(open(o))
        info = d["match-info"]
        per = {}
        for key in ("X", "O"):
            st = d["stats"][key]
            mv, cube = st["moves"], st["cube"]
            unforced = mv["unforced-moves"]
            skill = mv["error-skill"]
            per[key] = {
                "name": info[key]["name"],
                "unforced_moves": unforced,
                "error_skill_emg": skill,
                "error_rate_memg": round(1000.0 * skill / unforced, 2) if unforced else 0.0,
                "marked": mv["marked"],
                "cube_error_skill_emg": cube["error-skill"],
                # gnubg's cube error total: the sum of its error categories (its own
                # "error-skill" above is that sum over its close cube decisions).
                "cube_errors_emg": sum(v for k, v in cube.items()
                                       if k.startswith("err-") and k.endswith("-skill")),
            }
        summary[os.path.relpath(f, os.environ.get("BASE", os.path.dirname(f)))] = per
json.dump(summary, open(out, "w"), indent=1)
