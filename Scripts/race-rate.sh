#!/usr/bin/env bash
# Runs an era N times and counts, per mode, the runs whose audit found a violation.
# usage: Scripts/race-rate.sh [--era actors] [--runs 20] [options passed to the era...]
# e.g.   Scripts/race-rate.sh --mode racy --runs 20 --race-window-us 0
# --era and --runs may stand anywhere; --help prints this and the era's help, once.
set -euo pipefail
cd "$(dirname "$0")/.."
era=actors
runs=20
help=no
passed=()
while [ $# -gt 0 ]; do
  case "$1" in
    --era | --runs)
      if [ $# -lt 2 ]; then echo "race-rate.sh: $1 needs a value" >&2; exit 2; fi
      if [ "$1" = --era ]; then era=$2; else runs=$2; fi
      shift 2 ;;
    --help | -h) help=yes; shift ;;
    *) passed+=("$1"); shift ;;
  esac
done
case "$era" in
  callbacks | operations | dispatch | futures | actors) ;;
  *) echo "race-rate.sh: --era expects callbacks, operations, dispatch, futures or actors, got '$era'" >&2; exit 2 ;;
esac
if ! [[ "$runs" =~ ^[1-9][0-9]{0,5}$ ]]; then
  echo "race-rate.sh: --runs expects a whole number from 1 to 999999, got '$runs'" >&2
  exit 2
fi
swift build -c release --product "bikes-$era" >/dev/null
binary="$(swift build -c release --show-bin-path)/bikes-$era"
if [ "$help" = yes ]; then
  sed -n '2,5p' "$0" | sed 's/^# \{0,1\}//'
  echo
  exec "$binary" --help
fi
# A bad option or city is said once, not once a run: one small run first.
# (`${passed[@]+...}`: an empty array under `set -u` on macOS's bash 3.2.)
status=0
"$binary" --format json ${passed[@]+"${passed[@]}"} --riders 1 --paths 1 --leg-ms 0 >/dev/null || status=$?
if [ "$status" -ne 0 ] && [ "$status" -ne 3 ]; then exit "$status"; fi
echo "bikes-$era${passed[*]:+ ${passed[*]}} ($runs runs, release build)"
for run in $(seq "$runs"); do
  "$binary" --format json ${passed[@]+"${passed[@]}"}
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
