#!/usr/bin/env bash
# Writes a CityBikes v2 network to stdout: STATIONS stations of DOCKS docks
# each, half of them holding a bike. A city where bikes and slots never run
# short, so a run measures the era, not the city (the embedded city's 14
# bikes keep all but 14 riders waiting).
# usage: Scripts/make-city.sh [STATIONS] [DOCKS] > city.json   (default 1000 200)
# e.g.   Scripts/make-city.sh 100 200 > /tmp/plenty.json
#        swift run bikes-futures --city /tmp/plenty.json --stations 100 --riders 5000
set -euo pipefail
stations=${1:-1000}
docks=${2:-200}
case "$stations$docks" in
  *[!0-9]*) echo "make-city.sh: STATIONS and DOCKS are whole numbers" >&2; exit 2 ;;
esac
if [ "$stations" -lt 1 ] || [ "$docks" -lt 2 ]; then
  echo "make-city.sh: at least 1 station of 2 docks" >&2
  exit 2
fi
awk -v n="$stations" -v d="$docks" 'BEGIN {
  printf "{\"network\": {\"id\": \"generated-%d-%d\", \"name\": \"generated: %d stations of %d docks\", \"stations\": [\n", n, d, n, d
  for (i = 1; i <= n; i++) {
    printf "  {\"id\": \"s%d\", \"name\": \"Station %d\", \"free_bikes\": %d, \"empty_slots\": %d}%s\n", i, i, int(d / 2), d - int(d / 2), (i < n ? "," : "")
  }
  printf "]}}\n"
}'
