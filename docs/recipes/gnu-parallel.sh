#!/usr/bin/env bash
# The archive reviewed in N shards on the machines of a GNU parallel ssh login file, then merged
# (docs/archive.md, "Many machines"). Run it in the folder that holds archive.sqlite (every
# match stored, e.g. by `bgw archive add --db archive.sqlite FOLDER`) and `hosts` (one ssh
# login a line, `16/user@host` for 16 jobs there; `:` is this machine). Each host needs bgw
# (and gnubg's weights) on its PATH. Tried on one machine with `:` as its only host (the test
# tests/cli/archive/shards.rs runs this file).
set -euo pipefail
N=${N:-30}             # shards: a few per machine, so a slow one holds up little
PLIES=${PLIES:-2}      # gnubg's default depth for analysis
HOSTS=${HOSTS:-hosts}

# Each shard starts as a copy of the archive (no bgw may be writing it meanwhile).
for k in $(seq 0 $((N - 1))); do
  [ -e "shard-$k.sqlite" ] || cp archive.sqlite "shard-$k.sqlite"
done
# One job a shard: its file sent, reviewed there (only the matches of shard K of N), sent back.
# A job that fails is run again (--retries): a shard goes on where it stopped.
seq 0 $((N - 1)) | parallel --sshloginfile "$HOSTS" --retries 3 \
  --transferfile shard-{}.sqlite --return shard-{}.sqlite --cleanup \
  bgw archive review --db shard-{}.sqlite --shard {}/"$N" --plies "$PLIES" --jobs 1 --quiet
# Every match once, every review once.
bgw archive merge --into merged.sqlite $(seq -f 'shard-%g.sqlite' 0 $((N - 1)))
