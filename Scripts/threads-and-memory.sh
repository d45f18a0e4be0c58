#!/usr/bin/env bash
# Runs one era (release build) and reports the most threads it had alive at
# once and its peak resident memory, sampled from /proc every 10 ms (Linux only).
# usage: Scripts/threads-and-memory.sh [--era futures] [options passed to the era...]
# e.g.   Scripts/threads-and-memory.sh --era futures --mode safe --riders 500
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -d /proc/self ]; then
  echo "threads-and-memory.sh: needs /proc (Linux)" >&2
  exit 1
fi
era=futures
if [ "${1:-}" = "--era" ]; then
  era=$2
  shift 2
fi
swift build -c release --product "bikes-$era" >&2
binary="$(swift build -c release --show-bin-path)/bikes-$era"
echo "bikes-$era${*:+ $*} (release build)"
start=$(date +%s.%N)
"$binary" --format json "$@" >/dev/null &
pid=$!
peak_threads=0
peak_kib=0
while kill -0 "$pid" 2>/dev/null; do
  if status=$(cat "/proc/$pid/status" 2>/dev/null); then
    threads=$(awk '/^Threads:/ { print $2 }' <<<"$status")
    kib=$(awk '/^VmHWM:/ { print $2 }' <<<"$status")
    if [ -n "$threads" ] && [ "$threads" -gt "$peak_threads" ]; then peak_threads=$threads; fi
    if [ -n "$kib" ] && [ "$kib" -gt "$peak_kib" ]; then peak_kib=$kib; fi
  fi
  sleep 0.01
done
status=0
wait "$pid" || status=$?
end=$(date +%s.%N)
awk -v t="$peak_threads" -v k="$peak_kib" -v s="$start" -v e="$end" -v x="$status" 'BEGIN {
  printf "threads at most %d · peak resident memory %.0f MB · wall %.2f s · exit %d\n", t, k / 1024, e - s, x
}'
