#!/usr/bin/env bash
# What a leg's Task.sleep costs on this machine, and whether another clock,
# sleep(until:) or a tolerance changes it (Scripts/experiments/task-sleep.swift):
# RIDERS tasks in crews of 1,000, 19 sleeps of 1 ms each, one line per way.
# usage: Scripts/task-sleep.sh [RIDERS] [ROUNDS]   (default 100000 2)
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -d /opt/swift/usr/bin ] && ! command -v swift >/dev/null; then export PATH="/opt/swift/usr/bin:$PATH"; fi
for value in "$@"; do
  case "$value" in
    '' | *[!0-9]* | 0) echo "task-sleep.sh: RIDERS and ROUNDS are whole numbers above 0" >&2; exit 2 ;;
  esac
done
if [ "$#" -gt 2 ]; then echo "task-sleep.sh: at most RIDERS and ROUNDS" >&2; exit 2; fi
out="${TMPDIR:-/tmp}/task-sleep-$$"
trap 'rm -f "$out"' EXIT
swiftc -O -swift-version 6 -parse-as-library Scripts/experiments/task-sleep.swift -o "$out"
echo "task-sleep: $(swiftc --version 2>&1 | head -1), $(nproc) cores"
"$out" "$@"
