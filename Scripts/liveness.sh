#!/usr/bin/env bash
# Every era's own ways to stop making progress, each broken and then fixed on
# the real runtime, in one table: `bikes-<era> hazards all` for the five eras.
# Each case runs in a process of its own under a watchdog, so nothing here hangs.
# usage: Scripts/liveness.sh [watchdog bound in ms, default 3000, as `hazards`]
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -d /opt/swift/usr/bin ] && ! command -v swift >/dev/null; then export PATH="/opt/swift/usr/bin:$PATH"; fi
ms="${1:-3000}"
case "$ms" in '' | *[!0-9]*) echo "liveness.sh: the bound is a whole number of ms, got '$ms'" >&2; exit 2 ;; esac
# Release, as the chapters measure; the build's progress goes to stderr.
swift build -c release >&2
bin="$(swift build -c release --show-bin-path)"
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
status=0
# Two lines a hazard, each at most 100 columns (a room reads it): the broken
# case, then the fix under it; a longer outcome wraps under its column.
printf '%-11s %-22s %s\n' era hazard 'broken, then fixed'
for era in callbacks operations dispatch futures actors; do
  if ! "$bin/bikes-$era" hazards all --watchdog-ms "$ms" >"$out/$era" 2>"$out/$era.err"; then
    status=1
  fi
  # The summary at the end of `hazards all`: a header, then a row per hazard,
  # its columns two spaces or more apart.
  awk -v era="$era" -F '  +' '
    function cell(first, second, text,    width, line, n, words, i) {
      width = 65
      n = split(text, words, " ")
      line = ""
      for (i = 1; i <= n; i++) {
        if (line != "" && length(line) + 1 + length(words[i]) > width) {
          printf "%-11s %-22s %s\n", first, second, line
          first = ""; second = ""; line = "  " words[i]
        } else {
          line = line == "" ? words[i] : line " " words[i]
        }
      }
      printf "%-11s %-22s %s\n", first, second, line
    }
    /^  hazard  / { on = 1; next }
    on && /^  [a-z]/ { cell(era, $2, $3); cell("", "", "fix: " $4) }
  ' "$out/$era"
done
echo
echo "Each in full, with what waited: bikes-<era> hazards NAME (the watchdog here: $ms ms)."
if [ "$status" -ne 0 ]; then
  cat "$out"/*.err >&2
  echo "liveness.sh: a hazard did not show what it is there to show (above)" >&2
fi
exit "$status"
