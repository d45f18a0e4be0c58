#!/usr/bin/env bash
# The playground's main job: builds every era once in release, then runs each
# one racy and then safe with the same options and prints one table.
# usage: Scripts/side-by-side.sh [--format json|html] [--replay] [options passed to every era...]
#        (--format html: every era's atlas of the stage as one page; see chapter 07)
# e.g.   Scripts/side-by-side.sh --riders 200 --stations 2 --seed 7
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -d /opt/swift/usr/bin ] && ! command -v swift >/dev/null; then export PATH="/opt/swift/usr/bin:$PATH"; fi
# The build's progress goes to stderr, so that stdout is only the table (or the JSON).
swift build -c release >&2
exec "$(swift build -c release --show-bin-path)/bikes-side-by-side" "$@"
