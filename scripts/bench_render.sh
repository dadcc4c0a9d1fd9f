#!/bin/sh
# bench_render.sh — how fast a booklet is drawn: 1,000 killers (greedy
# cages, seed 1) rendered into one PDF, 4 a page, with solutions (so every
# puzzle is read, solved, rated and drawn twice), RUNS times (default 3).
# Prints each run's wall time, the median, the pages
# and the file's size, and whether the median is under the goal of 10 s.
#
#   scripts/bench_render.sh [BUILD_DIR] [RUNS] [COUNT]
#
# Needs sh, awk, sort, pdfinfo (poppler-utils). Run from the project root.
# Results: scripts/RESULTS_render.md.
set -eu
BUILD=${1:-build}
RUNS=${2:-3}
COUNT=${3:-1000}
SUDOLAB=$BUILD/sudolab
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT INT TERM

"$SUDOLAB" generate --variant killer --strategy greedy --count "$COUNT" --seed 1 --jobs 2 \
    > "$TMP/killers.txt" 2> /dev/null
echo "$(wc -l < "$TMP/killers.txt") killers"

i=0
while [ "$i" -lt "$RUNS" ]; do
    i=$((i + 1))
    start=$(date +%s.%N)
    "$SUDOLAB" render --per-page 4 --solutions --title "bench" --output "$TMP/book.pdf" \
        "$TMP/killers.txt"
    end=$(date +%s.%N)
    echo "$start $end" | awk -v run="$i" \
        '{ printf "run %d: %.2f s wall\n", run, $2 - $1 }'
    echo "$start $end" | awk '{ print $2 - $1 }' >> "$TMP/walls"
done
median=$(sort -g "$TMP/walls" | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }')
pages=$(pdfinfo "$TMP/book.pdf" | sed -n 's/^Pages: *//p')
size=$(wc -c < "$TMP/book.pdf")
echo "median $median s wall; $pages pages, $size bytes"
echo "$median" | awk '{ if ($1 < 10) print "under 10 s: yes"; else print "under 10 s: NO" }'
