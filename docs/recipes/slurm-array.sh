#!/bin/bash
# The archive reviewed in shards as a Slurm job array, one array task a shard (docs/archive.md,
# "Many machines"). Untried on a cluster: checked with `bash -n` only.
#
#   sbatch --array=0-29 docs/recipes/slurm-array.sh    # 30 shards: --array=0-(N-1)
#   # when every task is done (or: sbatch --dependency=afterok:JOBID --wrap '…'):
#   bgw archive merge --into merged.sqlite shards/shard-*.sqlite
#
# ARCHIVE is the archive with every match stored, on a file system every node reads; each
# task writes its own shards/shard-K.sqlite there. A task killed or requeued starts again
# where it stopped: a shard's reviews are stored match by match, and a finished one does
# nothing more.
#SBATCH --job-name=bgw-review
#SBATCH --cpus-per-task=16
#SBATCH --time=24:00:00
#SBATCH --requeue
#SBATCH --output=bgw-review-%A_%a.out
set -euo pipefail
ARCHIVE=${ARCHIVE:-$PWD/archive.sqlite}
PLIES=${PLIES:-2}
K=${SLURM_ARRAY_TASK_ID:?run me with sbatch --array=0-N}
N=$((SLURM_ARRAY_TASK_MAX + 1))
mkdir -p shards
SHARD=shards/shard-$K.sqlite
# The copy is made under another name and renamed when whole, so a task killed while copying
# starts over.
if [ ! -e "$SHARD" ]; then
  cp "$ARCHIVE" "$SHARD.part"
  mv "$SHARD.part" "$SHARD"
fi
bgw archive review --db "$SHARD" --shard "$K/$N" --plies "$PLIES" \
  --jobs "${SLURM_CPUS_PER_TASK:-1}" --quiet
