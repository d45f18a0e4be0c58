#!/usr/bin/env bash
# The atlas in a real browser: renders the pages of `explore --format html`
# in headless Chromium and checks, from the DOM after the page's script ran,
# that every tab has as many leaves as the explorer counted schedules, and
# that playing a bad schedule (forbidden, deadlocked or livelocked) ends in
# a win. Saves a screenshot of each play.
# usage: Scripts/atlas-check.sh [--out DIR]   (default DIR: .build/atlas-check)
# Needs Chromium (Debian: apt-get install chromium); without it, says
# "skipped" and exits 0: the project itself needs nothing but the toolchain.
set -euo pipefail
cd "$(dirname "$0")/.."
out=.build/atlas-check
while [ $# -gt 0 ]; do
  case "$1" in
    --out) out="${2:?--out needs a folder}"; shift 2 ;;
    --help|-h) sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "atlas-check: unknown option '$1' (see --help)" >&2; exit 2 ;;
  esac
done
browser=""
for name in chromium chromium-browser google-chrome; do
  if command -v "$name" >/dev/null; then browser=$name; break; fi
done
if [ -z "$browser" ]; then
  echo "atlas-check: skipped: no Chromium here (Debian: apt-get install chromium)"
  exit 0
fi
if [ -d /opt/swift/usr/bin ] && ! command -v swift >/dev/null; then export PATH="/opt/swift/usr/bin:$PATH"; fi
swift build -c release >&2
bin="$(swift build -c release --show-bin-path)"
mkdir -p "$out"
profile="$(mktemp -d)"
trap 'rm -rf "$profile"' EXIT
chrome() {
  timeout 120 "$browser" --headless --no-sandbox --disable-gpu --user-data-dir="$profile" \
    --hide-scrollbars "$@" 2>/dev/null
}
failed=0

# check NAME PAGE: every tab's leaves against its schedules, and a play
# through each tab's first bad example (NAME: the screenshots' prefix).
check() {
  local name=$1 page=$2
  local url="file://$(cd "$(dirname "$page")" && pwd)/$(basename "$page")"
  local atlases
  atlases=$(chrome --dump-dom "$url" | grep -o 'data-atlases="[0-9]*"' | grep -o '[0-9]*' || true)
  if [ -z "$atlases" ]; then echo "$name: the page drew nothing"; failed=1; return; fi
  local tab=0
  while [ $tab -lt "$atlases" ]; do
    local dom
    dom=$(chrome --dump-dom "$url#tab=$tab&open=all")
    local title schedules leaves
    title=$(printf '%s' "$dom" | grep -o '<h2>[^<]* mode: [^<]*</h2>' | head -1 | sed 's/<[^>]*>//g')
    schedules=$(printf '%s' "$dom" | grep -o '<span>schedules [0-9]*</span>' | grep -o '[0-9]*' | head -1)
    leaves=$(printf '%s' "$dom" | grep -o 'data-leaf="' | wc -l)
    if [ "$leaves" = "$schedules" ]; then
      echo "$name ($title): $leaves leaves for $schedules schedules: ok"
    else
      echo "$name ($title): $leaves leaves for $schedules schedules: WRONG"
      failed=1
    fi
    # The first bad outcome's example, from the outcome table.
    local example
    example=$(printf '%s' "$dom" | tr '\n' ' ' | grep -o '<tr>\(<td>[0-9]*</td>\)<td><span class="badge \(forbidden\|deadlock\|livelock\)">[^/]*</span></td><td>[^<]*</td><td><code>[^<]*</code>' \
      | head -1 | sed 's/.*<code>\([^<]*\)<\/code>/\1/' || true)
    if [ -n "$example" ]; then
      local play="${example// /+}"
      local verdict
      verdict=$(chrome --dump-dom "$url#tab=$tab&play=$play" | grep -o '<p id="verdict"[^>]*>[^<]*</p>' | sed 's/<[^>]*>//g' || true)
      local shot="$out/$name-$tab.png"
      chrome --window-size=1400,1700 --screenshot="$shot" "$url#tab=$tab&play=$play&leaf=$play" >/dev/null || true
      case "$verdict" in
        "You win"*) echo "  play $example: $verdict ($shot)" ;;
        *) echo "  play $example: no win: '$verdict'"; failed=1 ;;
      esac
    fi
    tab=$((tab + 1))
  done
}

"$bin/bikes-callbacks" explore --story slot --riders 3 --format html > "$out/slot-3.html"
check slot-3 "$out/slot-3.html"
"$bin/bikes-dispatch" explore --story transfer --riders 3 --mode nested --format html > "$out/transfer-nested-3.html"
check transfer-nested-3 "$out/transfer-nested-3.html"
"$bin/bikes-actors" explore --story cancel --riders 2 --format html > "$out/cancel-2.html"
check cancel-2 "$out/cancel-2.html"
"$bin/bikes-futures" explore --story order --riders 3 --format html > "$out/order-3.html"
check order-3 "$out/order-3.html"
"$bin/bikes-side-by-side" --format html --story transfer --riders 3 > "$out/side-by-side-transfer.html"
check side-by-side-transfer "$out/side-by-side-transfer.html"
chrome --window-size=1400,1700 --screenshot="$out/side-by-side-transfer.png" \
  "file://$(cd "$out" && pwd)/side-by-side-transfer.html" >/dev/null || true
for page in "$out"/*.html; do echo "$(basename "$page"): $(wc -c < "$page") bytes"; done
if [ $failed -ne 0 ]; then echo "atlas-check: a check failed"; exit 1; fi
echo "atlas-check: every check passed; screenshots in $out"
