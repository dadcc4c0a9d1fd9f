#!/bin/sh
# killer_ladder.sh — is the killer grade ladder of `sudolab generate`
# monotone in solving effort? Asks for COUNT annealed killers of every
# grade (default 40: with 10, one seed's medians put expert above extreme
# and another's below; 40 take about 20 s), seeded SEED, SEED+1, ... (killer_ladder.lua: the
# maker `generate` runs, without its per-puzzle time budget, so a busy
# machine slows the run down instead of cutting puzzles out), and prints
# one row a grade: how many were made, how many of those the rater puts in
# the grade asked, the cages a killer (median), and the effort table of
# killer_effort.sh (the search nodes of a solver without the killer rule's
# deductions: median and mean, and the median over the eight views). The
# ladder is monotone when the medians rise from each grade to the next.
#
#   scripts/killer_ladder.sh [BUILD_DIR] [COUNT] [SEED]
set -eu
BUILD=${1:-build}
COUNT=${2:-40}
SEED=${3:-1}
S=$BUILD/sudolab
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT

# The median of the numbers on standard input, one a line.
median() {
    sort -n | awk '{ x[NR] = $1 } END { print NR % 2 ? x[(NR + 1) / 2] : (x[NR / 2] + x[NR / 2 + 1]) / 2 }'
}

printf '%-8s %6s %8s %6s %12s %12s %14s\n' grade made "in band" cages "median nodes" "mean nodes" "median 8 views"
for grade in easy medium hard expert extreme beyond; do
    "$S" run --max-seconds 1000000 --max-instructions 1000000000000000 \
        "$(dirname "$0")/killer_ladder.lua" "$grade" "$SEED" "$COUNT" > "$T/$grade"
    made=$(wc -l < "$T/$grade")
    if [ "$made" -eq 0 ]; then
        printf '%-8s %6s %8s %6s %12s %12s %14s\n' "$grade" "0/$COUNT" - - - - -
        continue
    fi
    agree=$(cut -d' ' -f1-5 "$T/$grade" | "$S" rate | awk -v g="$grade" '$2 == g { n++ } END { print n + 0 }')
    cages=$(awk '{ s = $4; sub(/^.*:/, "", s); print gsub(/,/, ",", s) + 1 }' "$T/$grade" | median)
    "$(dirname "$0")/killer_effort.sh" "$BUILD" "$T/$grade" |
        awk -v g="$grade" -v m="$made/$COUNT" -v a="$agree/$made" -v c="$cages" \
            '$1 == g { printf "%-8s %6s %8s %6s %12s %12s %14s\n", g, m, a, c, $3, $4, $5 }'
done
