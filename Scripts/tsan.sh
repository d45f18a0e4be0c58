#!/usr/bin/env bash
# ThreadSanitizer on bikes-dispatch: the unsynchronized mode must be reported
# (a data race), safe mode with every --lock must not (see tsan-suppressions.txt
# for the one false positive, Synchronization's Mutex on Linux with Swift 6.3).
# The racy mode is run too, to show what TSan cannot see: no data race, yet a
# violated invariant. TSan titles a report "data race", or "Swift access race"
# when Swift's own access instrumentation saw it: both are counted.
# usage: Scripts/tsan.sh [options passed to every run, e.g. --riders 50]
set -euo pipefail
cd "$(dirname "$0")/.."
scratch=.build-tsan
echo "building bikes-dispatch with ThreadSanitizer (the first time takes a few minutes)..."
swift build --sanitize=thread --product bikes-dispatch --scratch-path "$scratch" >/dev/null
binary="$(swift build --sanitize=thread --scratch-path "$scratch" --show-bin-path)/bikes-dispatch"
export TSAN_OPTIONS="halt_on_error=0 exitcode=66 suppressions=$PWD/Scripts/tsan-suppressions.txt"
failed=0
# Runs one configuration; prints a line; returns 0 if TSan reported a race.
run() {
  local report status
  report=$(mktemp)
  status=0
  "$binary" --riders 20 --paths 3 --format json "$@" >"$report.out" 2>"$report" || status=$?
  local races violations
  races=$(grep -cE "WARNING: ThreadSanitizer: (data race|Swift access race)" "$report" || true)
  violations=$(grep -o '"violations":\[[^]]*\]' "$report.out" | grep -o '"value"' | wc -l | tr -d ' ')
  conserved=$(grep -o '"conserved":[a-z]*' "$report.out" | cut -d: -f2)
  printf '%-38s TSan reports: %-3s audit violations: %-3s conserved: %s\n' \
    "$*" "$races" "$violations" "$conserved"
  rm -f "$report" "$report.out"
  [ "$races" -gt 0 ] || [ "$status" -eq 66 ]
}
echo "bikes-dispatch under ThreadSanitizer${*:+ (every run also gets: $*)}"
if ! run --mode unsynchronized "$@"; then
  echo "FAIL: ThreadSanitizer did not report the unsynchronized mode's data race"
  failed=1
fi
for lock in mutex nslock serial-queue barrier atomic; do
  if run --mode safe --lock "$lock" "$@"; then
    echo "FAIL: ThreadSanitizer reported a race in safe mode with --lock $lock"
    failed=1
  fi
done
# Not a check: a race condition without a data race is invisible to TSan
# (nslock: a lock TSan sees without any suppression).
run --mode racy --lock nslock "$@" || true
exit "$failed"
