#!/bin/sh
# killer_ladder.sh — is the killer grade ladder of `sudolab generate`
# monotone in solving effort? Makes COUNT annealed killers of every grade
# (default 10), checks that the rater puts each in the grade asked, and
# prints the effort table of killer_effort.sh: the search nodes of a solver
# without the killer rule's deductions, median and mean per grade.
#
#   scripts/killer_ladder.sh [BUILD_DIR] [COUNT] [SEED]
set -eu
BUILD=${1:-build}
COUNT=${2:-10}
SEED=${3:-1}
S=$BUILD/sudolab
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
for grade in easy medium hard expert extreme beyond; do
    "$S" generate --variant killer --grade "$grade" --count "$COUNT" --seed "$SEED" --stats > "$T/$grade"
    agree=$(cut -d' ' -f1-5 "$T/$grade" | "$S" rate | awk -v g="$grade" '$2 == g { n++ } END { print n + 0 }')
    echo "$grade: $agree of $COUNT rated $grade by the rater" >&2
done
"$(dirname "$0")/killer_effort.sh" "$BUILD" "$T/easy" "$T/medium" "$T/hard" "$T/expert" "$T/extreme" "$T/beyond"
