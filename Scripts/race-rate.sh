#!/usr/bin/env bash
# Runs an era N times and counts, per mode, the runs whose audit found a violation.
# usage: Scripts/race-rate.sh [--era actors] [--runs 20] [options passed to the era...]
# e.g.   Scripts/race-rate.sh --runs 20 --race-window-us 0
set -euo pipefail
cd "$(dirname "$0")/.."
era=actors
runs=20
while [ $# -gt 0 ]; do
  case "$1" in
    --era) era=$2; shift 2 ;;
    --runs) runs=$2; shift 2 ;;
    *) break ;;
  esac
done
swift build -c release --product "bikes-$era" >/dev/null
binary="$(swift build -c release --show-bin-path)/bikes-$era"
echo "bikes-$era${*:+ $*} ($runs runs, release build)"
for run in $(seq "$runs"); do
  "$binary" --format json "$@"
  # Progress on stderr, so a long count is never silent.
  if [ $((run % 20)) -eq 0 ] || [ "$run" -eq "$runs" ]; then echo "  $run of $runs runs" >&2; fi
done | awk '
  /^\{/ {
    match($0, /"mode":"[a-z]+"/); mode = substr($0, RSTART + 8, RLENGTH - 9)
    if (!(mode in runs)) order[++modes] = mode
    runs[mode]++
    if ($0 !~ /"violations":\[\]/ || $0 !~ /"conserved":true/) broken[mode]++
  }
  END {
    for (i = 1; i <= modes; i++) printf "%s: %d of %d runs showed a violation\n", order[i], broken[order[i]] + 0, runs[order[i]]
  }'
