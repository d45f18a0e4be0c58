#!/usr/bin/env bash
# How often `stress --mode racy` breaks, per era, at window 0 (nothing
# between check and act but the original code) and at the default 100 µs:
# several rounds of N runs each, printed as a range, with the date, the
# machine and the toolchain. A timing race's rate at window 0 moves from run
# to run and machine to machine (and with load), so chapter 07 quotes this
# table as one machine's sample, not a constant.
# usage: Scripts/stress-rates.sh [--runs N] [--rounds K]   (default 10000 and 4)
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -d /opt/swift/usr/bin ] && ! command -v swift >/dev/null; then export PATH="/opt/swift/usr/bin:$PATH"; fi
usage="usage: Scripts/stress-rates.sh [--runs N] [--rounds K]"
runs=10000
rounds=4
while [ $# -gt 0 ]; do
  case "$1" in
    --runs | --rounds)
      if [ $# -lt 2 ]; then echo "stress-rates.sh: $1 needs a value ($usage)" >&2; exit 2; fi
      if [ "$1" = --runs ]; then runs=$2; else rounds=$2; fi
      shift 2 ;;
    -h | --help) echo "$usage"; exit 0 ;;
    *) echo "stress-rates.sh: unknown option '$1' (--help for the usage)" >&2; exit 2 ;;
  esac
done
for value in "$runs" "$rounds"; do
  if ! [[ "$value" =~ ^[1-9][0-9]{0,5}$ ]]; then
    echo "stress-rates.sh: --runs and --rounds expect a whole number from 1 to 999999, got '$value'" >&2
    exit 2
  fi
done
swift build -c release >/dev/null
bin="$(swift build -c release --show-bin-path)"

# Forbidden runs of one stress run: the number before "of". Its progress
# lines (stderr, on a terminal) are kept out of the table, and shown only if
# the run failed.
errors=$(mktemp)
trap 'rm -f "$errors"' EXIT
forbidden() {
  local n
  n=$("$bin/bikes-$1" stress --story slot --riders 2 --runs "$runs" "${@:2}" 2>"$errors" |
    sed -n 's/^forbidden in \([0-9]*\) of .*/\1/p')
  if [ -z "$n" ]; then
    echo "stress-rates.sh: bikes-$1 stress ${*:2} gave no count:" >&2
    cat "$errors" >&2
    exit 1
  fi
  echo "$n"
}
# "low-high of N" over the rounds.
range() {
  local low="" high="" n
  for ((round = 1; round <= rounds; round++)); do
    n=$(forbidden "$@") || exit 1
    if [ -z "$low" ] || [ "$n" -lt "$low" ]; then low=$n; fi
    if [ -z "$high" ] || [ "$n" -gt "$high" ]; then high=$n; fi
  done
  if [ "$low" = "$high" ]; then echo "$low of $runs"; else echo "$low-$high of $runs"; fi
}

echo "stress --mode racy, slot story, 2 riders: forbidden runs, $rounds rounds of $runs (release)"
echo "$(date -u +%Y-%m-%d), $(nproc) cores, $(uname -sm), $(swift --version 2>/dev/null | head -1)"
echo
printf '| %-16s | %-28s | %-22s |\n' era "window 0 (the original code)" "--race-window-us 100"
printf '|%s|%s|%s|\n' "------------------" "------------------------------" "------------------------"
# Each cell in a variable first, so that a failed run stops the script.
row() {
  local name=$1 era=$2 mode=$3 zero hundred
  zero=$(range "$era" --mode "$mode" --race-window-us 0) || exit 1
  hundred=$(range "$era" --mode "$mode" --race-window-us 100) || exit 1
  printf '| %-16s | %-28s | %-22s |\n' "$name" "$zero" "$hundred"
}
for era in callbacks operations dispatch futures actors; do row "$era" "$era" racy; done
row "actors reentrant" actors reentrant
