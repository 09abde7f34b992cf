#!/bin/sh
# The judge's speed side by side in one run (docs/benchmark.md, "The judge's speed"): the review
# of the shared 7-point match by the native judge, by the gnubg process, and gnubg's own
# `analyse match` of the same file, at 0 plies (and at 2 with --deep); then labelling about
# 10,000 benchmark decisions at 0 plies both ways (with --label). Each timing is the best of
# RUNS runs (default 3), wall time, with the load average beside: the machine may be shared.
#
#   cargo build --release --no-default-features --bin bgw
#   PATH=$PATH:/usr/games benches/judge_speed.sh [--deep] [--label]
#
# BGW (default target/release/bgw) and GNUBG (default gnubg) name the programs.
set -eu
BGW=${BGW:-target/release/bgw}
GNUBG=${GNUBG:-gnubg}
RUNS=${RUNS:-3}
MATCH=tests/data/matches/gnubg_7pt_seed102.mat
DEEP=no
LABEL=no
for a in "$@"; do
    case $a in
    --deep) DEEP=yes ;;
    --label) LABEL=yes ;;
    *) echo "usage: $0 [--deep] [--label]" >&2; exit 2 ;;
    esac
done
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

# best WHAT CMD...: runs CMD (output discarded) RUNS times, prints the best wall time.
best() {
    what=$1
    shift
    b=
    i=0
    while [ $i -lt "$RUNS" ]; do
        s=$(date +%s.%N)
        "$@" >/dev/null 2>&1
        e=$(date +%s.%N)
        t=$(echo "$e - $s" | bc)
        if [ -z "$b" ] || [ "$(echo "$t < $b" | bc)" = 1 ]; then b=$t; fi
        i=$((i + 1))
    done
    printf '%-58s %8.2f s   (load %s)\n' "$what" "$b" "$(cut -d' ' -f1-3 /proc/loadavg)"
}

# gnubg's own analysis of the match at PLIES (chequer play and cube, with the luck).
analyse() {
    printf 'set threads %s\nset analysis chequerplay evaluation plies %s\nset analysis cubedecision evaluation plies %s\nimport mat %s\nanalyse match\n' \
        "$(nproc)" "$1" "$1" "$MATCH" | "$GNUBG" -t -q
}

review() {
    "$BGW" match review "$MATCH" --plies "$1" --reference "$2" --quiet
}

for plies in 0 $([ $DEEP = yes ] && echo 2); do
    best "review at $plies plies, native" review "$plies" native
    best "review at $plies plies, gnubg process" review "$plies" process
    best "gnubg's analyse match at $plies plies" analyse "$plies"
done
if [ $LABEL = yes ]; then
    # 240 games of gnubg's self-play: 10,000 decisions or so (one run each).
    RUNS=1
    for r in native process; do
        best "labelling 240 games' decisions at 0 plies, $r" \
            "$BGW" benchmark build --games 240 --seed 1 --reference $r --quiet --out "$TMP/$r.jsonl"
    done
    wc -l "$TMP"/*.jsonl
fi
