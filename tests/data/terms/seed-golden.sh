#!/bin/sh
# The seed's program through the command line, for tests/terms_seed.rs: every output a
# seed-only weights file gives (rankings, a benchmark score, duels, a fit), timings removed.
# Usage: seed-golden.sh BGW OUTDIR (run from the repository root). The files in seed-golden/
# were made with the bgw of commit 10a3bf1, before the terms beyond the seed's existed
# (rank.txt stored compressed, as rank.txt.gz); on 7 December 2026 fitted.ron became
# fitted-oneshot.ron, and only its name changed in them.
set -eu
bgw=$1
out=$2
mkdir -p "$out"
untimed() { grep -v '"seconds"\|"games_per_second"\|"out"'; }
for w in default seed fitted-oneshot learned; do
    echo "== weights $w"
    for pos in 4HPwATDgc/ABMA:31 4HPwATDgc/ABMA:66 3eMXAAC22w0ABA:31 +0cLBADbbQcAQA:54 \
        77wlAACw18QADg:31 2zsHBAA2+4AJQA:53 0OfBIQTbuQcAQA:21 znYMgAaGuzlIAA:54 \
        zD7gBQibbQIyIA:54 a24DBANnM3sAAA:64; do
        id=${pos%:*}
        dice=${pos#*:}
        "$bgw" rank "$id" "$dice" --weights "assets/weights/$w.ron"
        "$bgw" rank "$id" "$dice" --weights "assets/weights/$w.ron" --json
    done
done >"$out/rank.txt"
"$bgw" benchmark score holdout --player classic:assets/weights/fitted-oneshot.ron --json >"$out/score.json"
"$bgw" duel --a classic --b pubeval --games 200 --seed 3 --threads 1 --quiet --json |
    untimed >"$out/duel-default.json"
"$bgw" duel --a classic:assets/weights/fitted-oneshot.ron --b classic:assets/weights/seed.ron \
    --games 200 --seed 4 --threads 1 --quiet --json | untimed >"$out/duel-fitted.json"
"$bgw" fit --benchmark tests/data/benchmark/hand.jsonl --out "$out/fit.ron" --duel-games 0 \
    --quiet --json | untimed >"$out/fit.json"
