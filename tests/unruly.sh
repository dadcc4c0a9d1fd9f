#!/bin/sh
# unruly.sh — binary puzzles against Simon Tatham's Unruly (Debian
# sgt-puzzles): seeded sgt-unruly puzzles of several sizes and grades are
# read, proved unique, solved to Unruly's own answers (read from the tiles
# its --print --with-solutions PostScript draws: a disc for 0, a filled
# square for 1), written back byte for byte, and rated by their grade
# (trivial 1.1, easy 1.3, normal 2.5); our generated puzzles
# convert to IDs Unruly solves to our answers; an odd size and a
# malformed ID exit 2.
#
#   sh tests/unruly.sh PATH_TO_SUDOLAB      (from the project root, as ctest runs it)
#
# Prints "ok - ..." or "not ok - ..." per check (tests/check.sh) and ends
# with "N passed, M failed"; exits 1 when any check failed.

. "$(dirname "$0")/check.sh"
UNRULY=${SGT_UNRULY:-/usr/games/sgt-unruly}

[ -x "$UNRULY" ] || { echo "not ok - $UNRULY is missing (sgt-puzzles)"; exit 1; }

# The solutions Unruly draws (as our digits, 1 for its 0), one line per
# puzzle of IDS: the last of the pages, after the puzzles'.
unruly_solutions() {
    "$UNRULY" --print 1x1 --with-solutions < "$1" 2> /dev/null |
        awk '/ arc closepath$/ { s = s "1" } /rlineto closepath$/ { s = s "2" }
             /showpage/ { print s; s = "" }' | tail -n "$(wc -l < "$1")"
}

for params in 6x6dt 8x8de 8x8dn 10x10dn 14x14de 8x8ude; do
    "$UNRULY" --generate 2 "$params#sudolab-unruly-$params" 2> /dev/null
done > "$T/ids.txt"
check "Unruly made 12 puzzles" [ "$(grep -c ':' "$T/ids.txt")" -eq 12 ]
"$S" count "$T/ids.txt" > "$T/counts.txt" 2> "$T/err"
check "every Unruly puzzle is unique" [ "$(grep -c '^1$' "$T/counts.txt")" -eq 12 ]
"$S" solve "$T/ids.txt" > "$T/solved.txt" 2> "$T/err"
unruly_solutions "$T/ids.txt" > "$T/unruly.txt"
check "every one solves to Unruly's answer" cmp -s "$T/solved.txt" "$T/unruly.txt"
"$S" convert --to unruly "$T/ids.txt" > "$T/back.txt" 2> "$T/err"
check "every Unruly ID writes back byte for byte" cmp -s "$T/back.txt" "$T/ids.txt"
"$S" rate "$T/ids.txt" 2> "$T/err" | awk '{ printf "%s ", $1 }' > "$T/ratings.txt"
check "Unruly's trivial, easy and normal rate 1.1, 1.3 and 2.5" \
    [ "$(cut -d' ' -f1-6 "$T/ratings.txt")" = "1.1 1.1 1.3 1.3 2.5 2.5" ]

"$S" generate --variant binary --size 8 --count 3 --seed 24 > "$T/made.txt" 2> "$T/err"
"$S" convert --to unruly "$T/made.txt" > "$T/made_ids.txt" 2> "$T/err"
"$S" solve "$T/made.txt" > "$T/made_ours.txt" 2> "$T/err"
unruly_solutions "$T/made_ids.txt" > "$T/made_unruly.txt"
check "Unruly solves our 3 puzzles to our answers" cmp -s "$T/made_ours.txt" "$T/made_unruly.txt"

echo "7x7:adegaebCHBlaeFc" > "$T/bad.txt"
"$S" solve "$T/bad.txt" > /dev/null 2> "$T/err"
rc=$?
check "an odd Unruly size exits 2" eval '[ $rc -eq 2 ] && grep -q "bad.txt:1:1: an Unruly grid is even" "$T/err"'
echo "6x6:BBAPABGCA" > "$T/bad.txt"
"$S" solve "$T/bad.txt" > /dev/null 2> "$T/err"
rc=$?
check "a short Unruly ID exits 2 at its end" eval '[ $rc -eq 2 ] && grep -q "bad.txt:1:14: an Unruly ID too short" "$T/err"'

check_drawn binary

finish
