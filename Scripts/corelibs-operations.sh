#!/usr/bin/env bash
# Two swift-corelibs-foundation bugs the operations era works around, each
# shown on Foundation alone (experiments/operations-*.swift), with its control.
# Expected on Linux with Swift 6.3.1: the lost wake-up exits 1 and the freed
# dependent crashes (signal 11); both controls pass. The day either stops
# failing, corelibs has fixed it and the era's workaround (EndOperation,
# the cancel story's wait for every step's completion block) can go.
set -uo pipefail
cd "$(dirname "$0")"
if [ -d /opt/swift/usr/bin ]; then export PATH="/opt/swift/usr/bin:$PATH"; fi
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
for name in lost-wakeup cancel-freed; do
  swiftc -O "experiments/operations-$name.swift" -o "$out/$name" 2>/dev/null \
    || { echo "operations-$name.swift did not compile" >&2; exit 1; }
  for variant in control shown; do
    arguments=()
    [ "$variant" = control ] && arguments=(control)
    # In a shell of its own, so that a crash is this script's line to print.
    bash -c '"$@" 2>&1' _ timeout 20 "$out/$name" "${arguments[@]}" >"$out/log" 2>/dev/null
    status=$?
    what=$(head -1 "$out/log")
    [ "$status" -gt 128 ] && what="killed by signal $((status - 128))"
    echo "$name ($variant): exit $status: $what"
  done
done
