#!/usr/bin/env bash
# The price of safety in every era: builds every era and bikes-bench in
# release (the bench refuses a debug build), then runs it. Progress goes to
# stderr; stdout is the tables (or, with --format json, one JSON object).
# usage: Scripts/bench.sh [--quick] [--parts operations,throughput,scale,call-offs,order,explore] [--format json]
# e.g.   Scripts/bench.sh                 # about forty minutes on two cores
#        Scripts/bench.sh --quick         # a few seconds (CI): try it, do not quote it
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -d /opt/swift/usr/bin ] && ! command -v swift >/dev/null; then export PATH="/opt/swift/usr/bin:$PATH"; fi
swift build -c release >&2
toolchain=$(swift --version 2>/dev/null | head -1)
bench="$(swift build -c release --show-bin-path)/bikes-bench"
# compare reads the JSON of earlier runs: nothing to measure, no header.
if [ "${1:-}" = compare ]; then exec "$bench" "$@"; fi
exec "$bench" --toolchain "$toolchain" "$@"
