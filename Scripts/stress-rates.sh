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

# Forbidden runs of one stress run: the number before "of".
forbidden() {
  "$bin/bikes-$1" stress --story slot --riders 2 --runs "$runs" "${@:2}" |
    sed -n 's/^forbidden in \([0-9]*\) of .*/\1/p'
}
# "low-high of N" over the rounds.
range() {
  local low="" high="" n
  for ((round = 1; round <= rounds; round++)); do
    n=$(forbidden "$@")
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
for era in callbacks operations dispatch futures actors; do
  printf '| %-16s | %-28s | %-22s |\n' "$era" \
    "$(range "$era" --mode racy --race-window-us 0)" "$(range "$era" --mode racy --race-window-us 100)"
done
printf '| %-16s | %-28s | %-22s |\n' "actors reentrant" \
  "$(range actors --mode reentrant --race-window-us 0)" "$(range actors --mode reentrant --race-window-us 100)"
