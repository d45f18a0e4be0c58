#!/usr/bin/env bash
# How often the original check-then-act breaks with nothing injected between
# check and act: first in four shapes of one program
# (Scripts/experiments/window-zero.swift), then the seed's unannotated
# one-liner as a module of its own (Scripts/experiments/window-zero/Seed),
# built with each combination of Swift 6.2's two settings and once as a
# SwiftPM target with .defaultIsolation(MainActor.self). The program that
# runs the riders is built with default settings every time.
# usage: Scripts/window-zero.sh [runs per shape, default 20000] [runs per setting, default 5000]
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -d /opt/swift/usr/bin ] && ! command -v swift >/dev/null; then export PATH="/opt/swift/usr/bin:$PATH"; fi
shapes="${1:-20000}"
runs="${2:-5000}"
for value in "$shapes" "$runs"; do
  case "$value" in
    '' | *[!0-9]* | 0*) echo "window-zero.sh: runs must be whole numbers from 1, got '$value'" >&2; exit 2 ;;
  esac
done
work="$(mktemp -d "${TMPDIR:-/tmp}/window-zero.XXXXXX")"
trap 'rm -rf "$work"' EXIT
swiftc -O -swift-version 6 -parse-as-library Scripts/experiments/window-zero.swift -o "$work/shapes"
echo "window-zero: $(swiftc --version 2>&1 | head -1)"
WINDOW_ZERO_RESULTS="$work/results" "$work/shapes" "$shapes"

seed=Scripts/experiments/window-zero
echo
echo "The seed's one-liner as its own module, by the settings it is built with ($runs runs each):"
while IFS='|' read -r name flags; do
  mkdir -p "$work/$name"
  # shellcheck disable=SC2086 # the flags are words
  swiftc -O -swift-version 6 -parse-as-library -module-name Seed $flags \
    -emit-library -static -emit-module -emit-module-path "$work/$name/Seed.swiftmodule" \
    "$seed/Seed/Seed.swift" -o "$work/$name/libSeed.a"
  swiftc -O -swift-version 6 -parse-as-library -I "$work/$name" -L "$work/$name" -lSeed \
    "$seed/Trials/Trials.swift" -o "$work/$name/trials"
  "$work/$name/trials" "$name" "$runs"
done <<'SETTINGS'
default settings|
-default-isolation MainActor|-default-isolation MainActor
NonisolatedNonsendingByDefault|-enable-upcoming-feature NonisolatedNonsendingByDefault
both|-default-isolation MainActor -enable-upcoming-feature NonisolatedNonsendingByDefault
SETTINGS
swift build -c release --package-path "$seed" --scratch-path "$work/package" >/dev/null
"$work/package/release/Trials" "SwiftPM: .defaultIsolation(MainActor.self)" "$runs"

# The shapes' lines again, apart from anything they printed on the way
# (chapter 05's exercise 1 adds a print between check and act).
echo
echo "The four shapes again:"
cat "$work/results"
echo
