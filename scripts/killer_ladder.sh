#!/bin/sh
# killer_ladder.sh — is the killer grade ladder of `sudolab generate`
# monotone in solving effort? Asks for COUNT annealed killers of every
# grade (default 10), one a seed from SEED on, and prints one row a grade:
# how many were made (a seed past the run's time budget makes none), how
# many of those the rater puts in the grade asked, the cages a killer
# (median), and the effort table of killer_effort.sh (the search nodes of
# a solver without the killer rule's deductions, median and mean). The
# ladder is monotone when the median nodes rise from each grade to the next.
#
#   scripts/killer_ladder.sh [BUILD_DIR] [COUNT] [SEED]
set -eu
BUILD=${1:-build}
COUNT=${2:-10}
SEED=${3:-1}
S=$BUILD/sudolab
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT

# The median of the numbers on standard input, one a line.
median() {
    sort -n | awk '{ x[NR] = $1 } END { print NR % 2 ? x[(NR + 1) / 2] : (x[NR / 2] + x[NR / 2 + 1]) / 2 }'
}

printf '%-8s %6s %8s %6s %12s %12s\n' grade made "in band" cages "median nodes" "mean nodes"
for grade in easy medium hard expert extreme beyond; do
    : > "$T/$grade"
    seed=$SEED
    while [ "$seed" -lt $((SEED + COUNT)) ]; do
        "$S" generate --variant killer --grade "$grade" --seed "$seed" --stats >> "$T/$grade" 2> "$T/err" ||
            echo "$grade, seed $seed: $(cat "$T/err")" >&2
        seed=$((seed + 1))
    done
    made=$(wc -l < "$T/$grade")
    if [ "$made" -eq 0 ]; then
        printf '%-8s %6s %8s %6s %12s %12s\n' "$grade" "0/$COUNT" - - - -
        continue
    fi
    agree=$(cut -d' ' -f1-5 "$T/$grade" | "$S" rate | awk -v g="$grade" '$2 == g { n++ } END { print n + 0 }')
    cages=$(awk '{ s = $4; sub(/^.*:/, "", s); print gsub(/,/, ",", s) + 1 }' "$T/$grade" | median)
    "$(dirname "$0")/killer_effort.sh" "$BUILD" "$T/$grade" |
        awk -v g="$grade" -v m="$made/$COUNT" -v a="$agree/$made" -v c="$cages" \
            '$1 == g { printf "%-8s %6s %8s %6s %12s %12s\n", g, m, a, c, $3, $4 }'
done
