#!/usr/bin/env bash
# Does any learner's `stress` crash or hang? Every story (slot, bike,
# transfer, cancel, order, wait) in every era, racy and safe, N runs a process,
# several processes a cell, in one build. A process that dies of a signal is
# a crash; one that exits 4 (stress counted a run that never ended) or is
# still running after 300 s is a hang. One line a cell, then the totals.
# usage: Scripts/stress-survival.sh [--build debug|release] [--runs N]
#          [--processes K] [--operations-processes K]   (default debug, 10000, 3, 20)
#          [--bin DIR]   (executables already built, such as a copy: nothing is built)
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -d /opt/swift/usr/bin ] && ! command -v swift >/dev/null; then export PATH="/opt/swift/usr/bin:$PATH"; fi
usage="usage: Scripts/stress-survival.sh [--build debug|release] [--runs N] [--processes K] [--operations-processes K] [--bin DIR]"
build=debug
runs=10000
processes=3
operations=20
bin=
while [ $# -gt 0 ]; do
  case "$1" in
    --build | --runs | --processes | --operations-processes | --bin)
      if [ $# -lt 2 ]; then echo "stress-survival.sh: $1 needs a value ($usage)" >&2; exit 2; fi
      case "$1" in
        --build) build=$2 ;;
        --runs) runs=$2 ;;
        --processes) processes=$2 ;;
        --bin) bin=$2 ;;
        *) operations=$2 ;;
      esac
      shift 2 ;;
    -h | --help) echo "$usage"; exit 0 ;;
    *) echo "stress-survival.sh: unknown option '$1' (--help for the usage)" >&2; exit 2 ;;
  esac
done
if [ "$build" != debug ] && [ "$build" != release ]; then
  echo "stress-survival.sh: --build is debug or release, got '$build'" >&2
  exit 2
fi
for value in "$runs" "$processes" "$operations"; do
  if ! [[ "$value" =~ ^[1-9][0-9]{0,5}$ ]]; then
    echo "stress-survival.sh: --runs and the process counts expect a whole number from 1 to 999999, got '$value'" >&2
    exit 2
  fi
done
if [ -z "$bin" ]; then
  swift build -c "$build" >/dev/null
  bin="$(swift build -c "$build" --show-bin-path)"
fi
echo "stress-survival.sh: $(date -u '+%Y-%m-%d %H:%M UTC'), $(uname -m), $(swift --version 2>&1 | head -1)"
echo "$build build, $runs runs a process"
printf '%-11s %-9s %-5s %9s %7s %5s\n' era story mode processes crashes hangs
total=(0 0 0)
for era in callbacks operations dispatch futures actors; do
  count=$processes
  [ "$era" = operations ] && count=$operations
  for story in slot bike transfer cancel order wait; do
    for mode in racy safe; do
      crashes=0
      hangs=0
      for _ in $(seq "$count"); do
        status=0
        timeout --kill-after=10 300 "$bin/bikes-$era" stress --story "$story" --mode "$mode" \
          --runs "$runs" >/dev/null 2>&1 || status=$?
        if [ "$status" -eq 4 ] || [ "$status" -eq 124 ] || [ "$status" -eq 137 ]; then
          hangs=$((hangs + 1))
        elif [ "$status" -gt 128 ]; then
          crashes=$((crashes + 1))
        elif [ "$status" -ne 0 ]; then
          echo "stress-survival.sh: bikes-$era stress --story $story --mode $mode exited $status" >&2
          exit 1
        fi
      done
      printf '%-11s %-9s %-5s %9d %7d %5d\n' "$era" "$story" "$mode" "$count" "$crashes" "$hangs"
      total=($((total[0] + count)) $((total[1] + crashes)) $((total[2] + hangs)))
    done
  done
done
echo "in all: ${total[0]} processes, ${total[1]} crashed, ${total[2]} hung"
