#!/usr/bin/env bash
# How often the original check-then-act breaks with nothing injected between
# check and act, in four shapes (see Scripts/experiments/window-zero.swift).
# usage: Scripts/window-zero.sh [runs per shape, default 20000]
set -euo pipefail
cd "$(dirname "$0")/.."
out="${TMPDIR:-/tmp}/window-zero-$$"
trap 'rm -f "$out"' EXIT
swiftc -O -swift-version 6 -parse-as-library Scripts/experiments/window-zero.swift -o "$out"
echo "window-zero: $(swiftc --version 2>&1 | head -1)"
"$out" "${1:-20000}"
