#!/usr/bin/env bash
# How long OperationQueue alone takes to drain N cancelled operations and
# hand on N final ones (see Scripts/experiments/operations-drain.swift): the
# floor under bikes-operations' Ctrl-C at N riders.
# usage: Scripts/operations-drain.sh [N ...]   (default 10000 100000)
set -euo pipefail
cd "$(dirname "$0")/.."
out="${TMPDIR:-/tmp}/operations-drain-$$"
trap 'rm -f "$out"' EXIT
swiftc -O -swift-version 6 -parse-as-library Scripts/experiments/operations-drain.swift -o "$out"
echo "operations-drain: $(swiftc --version 2>&1 | head -1)"
"$out" "$@"
