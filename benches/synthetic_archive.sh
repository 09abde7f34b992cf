#!/usr/bin/env bash
# An archive of COPIES × the matches of FROM, each copy a match of its own (another digest and
# file hash; the same games, decisions and reviews), for timing `bgw archive merge` at scale
# (docs/archive.md, "Many machines"): benches/synthetic_archive.sh FROM TO COPIES. Needs sqlite3.
set -euo pipefail
FROM=$1 TO=$2 COPIES=$3
[ ! -e "$TO" ] || { echo "$TO exists" >&2; exit 2; }
sqlite3 "$FROM" "VACUUM INTO '$TO'"
max() { sqlite3 "$TO" "SELECT max(id) FROM $1"; }
F=$(max files) M=$(max matches) G=$(max games) D=$(max decisions) R=$(max reviews)
{
  echo "BEGIN;"
  for k in $(seq 1 $((COPIES - 1))); do cat <<SQL
INSERT INTO files SELECT id + $k*$F, path || '#$k', lower(hex(randomblob(32))), size, added_at,
  text FROM files WHERE id <= $F;
INSERT INTO matches (id, file_id, player0, player1, length, crawford, jacoby, date, source,
    format, rating0, rating1, digest)
  SELECT id + $k*$M, file_id + $k*$F, player0, player1, length, crawford, jacoby, date, source,
    format, rating0, rating1, lower(hex(randomblob(32))) FROM matches WHERE id <= $M;
INSERT INTO match_files SELECT file_id + $k*$F, match_id + $k*$M FROM match_files
  WHERE file_id <= $F;
INSERT INTO games SELECT id + $k*$G, match_id + $k*$M, idx, number, score0, score1, crawford,
  winner, points FROM games WHERE id <= $G;
INSERT INTO decisions SELECT id + $k*$D, game_id + $k*$G, idx, player, kind, phase,
  position_id, gnubg_match_id, dice, played, illegal, line, file_move FROM decisions
  WHERE id <= $D;
INSERT INTO reviews SELECT id + $k*$R, match_id + $k*$M, engine, engine_version, plies,
  reviewed_at, luck FROM reviews WHERE id <= $R;
INSERT INTO review_players SELECT review_id + $k*$R, player, name, unforced_moves, error_emg,
  total_moves, close_cube_decisions, cube_error_emg, luck_total_emg, summary
  FROM review_players WHERE review_id <= $R;
INSERT INTO decision_reviews SELECT review_id + $k*$R, decision_id + $k*$D, verdict, best,
  best_equity, played_equity, loss, loss_mwc, mark, forced, classic, classic_loss, cube_action,
  no_double, double_take, double_pass, cube_error, cube_mark, luck_emg, luck_mwc, luck_mark,
  not_judged FROM decision_reviews WHERE review_id <= $R;
SQL
  done
  echo "COMMIT;"
} | sqlite3 "$TO"
