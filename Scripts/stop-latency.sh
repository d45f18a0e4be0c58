#!/usr/bin/env bash
# Presses Ctrl-C (SIGINT) into one era's run (release build) and times how
# long it takes to print its partial report and exit, several runs.
# usage: Scripts/stop-latency.sh [--era operations] [--after S] [--runs N] [options passed to the era...]
# e.g.   Scripts/stop-latency.sh --era operations --after 10 --runs 3 --riders 100000 --paths 10
set -euo pipefail
cd "$(dirname "$0")/.."
era=operations
after=3
runs=3
while [ $# -gt 0 ]; do
  case "$1" in
    --era) era=$2; shift 2 ;;
    --after) after=$2; shift 2 ;;
    --runs) runs=$2; shift 2 ;;
    *) break ;;
  esac
done
swift build -c release --product "bikes-$era" >&2
binary="$(swift build -c release --show-bin-path)/bikes-$era"
report=$(mktemp)
trap 'rm -f "$report"' EXIT
echo "bikes-$era${*:+ $*} (release build): Ctrl-C ${after} s in"
for run in $(seq "$runs"); do
  "$binary" "$@" >"$report" 2>/dev/null &
  pid=$!
  sleep "$after"
  if ! kill -0 "$pid" 2>/dev/null; then
    echo "run $run: the run ended before the Ctrl-C; give a longer run or a shorter --after" >&2
    exit 1
  fi
  start=$(date +%s.%N)
  kill -INT "$pid"
  status=0
  wait "$pid" || status=$?
  end=$(date +%s.%N)
  stopped=$(grep -c STOPPED "$report" || true)
  awk -v s="$start" -v e="$end" -v x="$status" -v r="$run" -v m="$stopped" 'BEGIN {
    printf "run %d: partial report and exit %.2f s after Ctrl-C · exit %d%s\n", r, e - s, x, (m > 0 ? "" : " · no STOPPED report")
  }'
done
