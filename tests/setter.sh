#!/bin/sh
# setter.sh — the setter's tools from the command line, on puzzles with
# known answers: check's two solutions and proposed given, candidates,
# check --redundant (each removal recounted), count --estimate against
# exact counts, and their bad input.
# Usage: sh tests/setter.sh PATH_TO_SUDOLAB
. "$(dirname "$0")/check.sh"

# The count of the one-line puzzle $1, up to $2 (default 2).
count_of() { printf '%s\n' "$1" | "$S" count --limit "${2:-2}"; }

# tests/data/several_solutions.txt (run from the project root): a
# solution of the first 17-clue puzzle with a deadly rectangle blanked
# (r2c2 r2c9 r3c2 r3c9 hold 1 and 6 either way), exactly 2 solutions; an
# odd/even, a kropki and a 4x4 killer puzzle with several.
TWO=$(sed -n 1p tests/data/several_solutions.txt)
# The first 17-clue puzzle (minimal), and with its last given removed
# (1158 solutions, counted exactly below).
P17=.................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...
AMB=.................1.....2.3......3.2...1.4......5....6..3......4.7..8...962.......
E9=.................................................................................
KILLER4='sudolab 4 2x2 classic;killer:AAB.CDB.CDEEFFGG:3,4,5,5,7,7,3 1...............'

# The cells (rNcM) where two one-line grids differ, by awk, not sudolab.
differ() {
    awk -v a="$1" -v b="$2" -v n="$3" 'BEGIN {
        s = ""; k = 0
        for (i = 0; i < n * n; i++)
            if (substr(a, i + 1, 1) != substr(b, i + 1, 1)) {
                s = s " r" int(i / n) + 1 "c" i % n + 1; k++
            }
        print "differ in " k " cells:" s }'
}
# 0 when grid $2 holds every given of puzzle $1.
keeps() {
    awk -v p="$1" -v g="$2" 'BEGIN {
        for (i = 1; i <= length(p); i++)
            if (substr(p, i, 1) != "." && substr(p, i, 1) != substr(g, i, 1)) exit 1 }'
}
# Puzzle $1 (size $2) with rNcM=D ($3) set.
with_given() {
    echo "$3" | awk -v p="$1" -v n="$2" -F'[rc=]' '{
        i = ($2 - 1) * n + $3 - 1
        print substr(p, 1, i) $4 substr(p, i + 2) }'
}
# Puzzle $1 (size $2) with cell rNcM ($3) emptied.
without() { with_given "$1" "$2" "$3=."; }
# JSON field $2 of the one-line object in file $1.
field() { sed -n "s/.*\"$2\":\([^,}]*\).*/\1/p" "$1"; }
# 1 when low <= exact <= high and the interval is at most $3 of exact wide.
within() {
    awk -v x="$1" -v lo="$(field "$T/out" low)" -v hi="$(field "$T/out" high)" -v w="$2" \
        'BEGIN { exit !(lo <= x && x <= hi && hi - lo <= w * x) }'
}

# --- check on a puzzle with two solutions ------------------------------------
echo "$TWO" > "$T/two"
run check "$T/two"
check "check exits 1 on two solutions" [ $? -eq 1 ]
cp "$T/out" "$T/two.out"
check "the first line is unchanged" [ "$(head -n 1 "$T/out")" = "2 or more solutions" ]
check "the count says exactly 2" grep -qx '  solutions: 2 (counted up to 1000)' "$T/out"
s1=$(sed -n 's/^  solution 1: //p' "$T/out")
s2=$(sed -n 's/^  solution 2: //p' "$T/out")
check "two different solutions are printed" [ ${#s1} -eq 81 -a ${#s2} -eq 81 -a "$s1" != "$s2" ]
check "each printed solution is a complete grid keeping the givens" \
    [ "$(count_of "$s1")" = 1 -a "$(count_of "$s2")" = 1 ] && keeps "$TWO" "$s1" && keeps "$TWO" "$s2"
check "the differing cells are the rectangle's" \
    [ "$(grep '^  differ' "$T/out" | sed 's/^  //')" = "$(differ "$s1" "$s2" 9)" ]
check "the differing cells are r2c2 r2c9 r3c2 r3c9" grep -q 'differ in 4 cells: r2c2 r2c9 r3c2 r3c9' "$T/out"
given=$(sed -n 's/^  proposed given: \(r[0-9]*c[0-9]*=[0-9]\),.*/\1/p' "$T/out")
check "the proposed given is said to leave one solution" grep -q 'leaving 1 solution: unique' "$T/out"
check "the proposed given makes the puzzle unique (recounted)" \
    [ "$(count_of "$(with_given "$TWO" 9 "$given")" 5)" = 1 ]
echo "$AMB" > "$T/amb"
run check "$T/amb"
given=$(sed -n 's/^  proposed given: \(r[0-9]*c[0-9]*=[0-9]\), leaving \([0-9]*\) .*/\1 \2/p' "$T/out")
check "on 1158 solutions the proposal's count is the recount" \
    [ "$(count_of "$(with_given "$AMB" 9 "${given% *}")" 2000)" = "${given#* }" ]
check "1158 solutions are counted as 1000 or more" grep -q 'solutions: 1000 or more' "$T/out"
echo "$P17" > "$T/p17"
run check "$T/p17"
check "a unique puzzle's output is unchanged: one line" sh -c '[ "$(cat "$1")" = unique ]' - "$T/out"

# --- check's proposed rule change, recounted by hand-made puzzles ------------
ODD=$(sed -n 2p tests/data/several_solutions.txt)
echo "$ODD" > "$T/odd"
run check "$T/odd"
check "an odd/even puzzle: a mark is proposed" \
    grep -qx '  proposed oddeven change: add o at r1c9, leaving 1 solution: unique (2 changes tried)' "$T/out"
check "the odd mark at r1c9 makes it unique (recounted)" \
    [ "$(echo "$ODD" | sed 's/oddeven:o[.]o[.][.][.]e[.][.]/oddeven:o.o...e.o/' | "$S" count)" = 1 ]
KROPKI=$(sed -n 3p tests/data/several_solutions.txt)
echo "$KROPKI" > "$T/kropki"
run check "$T/kropki"
check "a kropki puzzle: a dot is proposed" \
    grep -qx '  proposed relation change: add white dot r1c3-r1c4, leaving 3 solutions (7 changes tried)' "$T/out"
check "with the dot r1c3-r1c4 it has 3 solutions (recounted)" \
    [ "$(echo "$KROPKI" | sed 's/69-70,70-71 /69-70,70-71,2-3 /' | "$S" count --limit 10)" = 3 ]
K4=$(sed -n 4p tests/data/several_solutions.txt)
echo "$K4" > "$T/k4few"
run check "$T/k4few"
check "a killer: a two-cell cage is proposed" \
    grep -qx '  proposed killer change: add cage r3c2+r3c3 (5), leaving 4 solutions (8 changes tried)' "$T/out"
check "with that cage it has 4 solutions (recounted)" \
    [ "$(echo 'sudolab 4 2x2 classic;killer:AA.......BB.....:3,5 1...3...........' | "$S" count --limit 100)" = 4 ]
check "a plain puzzle gets no rule change" sh -c '! grep -q "change:" "$1"' - "$T/two.out"

# --- candidates ---------------------------------------------------------------
run candidates --json "$T/two"
check "candidates --json on two solutions: complete, 2 found" \
    grep -q '"solutions_found":2,"complete":true,"capped":false,"gave_up":false}' "$T/out"
check "the rectangle's cells hold 1 or 6, the rest one digit" \
    grep -q '"candidates":\[\[\[9\],\[5\],\[3\],\[1\],\[6\],\[8\],\[7\],\[4\],\[2\]\],\[\[8\],\[1,6\],\[2\],\[7\],\[3\],\[4\],\[9\],\[5\],\[1,6\]\],\[\[4\],\[1,6\]' "$T/out"
run candidates "$T/two"
check "the grid shows 16 in r2c2" sh -c 'sed -n 2p "$1" | grep -q "^8  16 2  | 7"' - "$T/out"
check "the summary says complete" grep -qx '85 candidates, from 2 solutions found: complete' "$T/out"
run candidates --limit 1 "$T/amb"
check "a cap of 1 stops early and says the answer is a subset" \
    grep -q 'stopped at the cap of 1 solutions: a subset of the true candidates' "$T/out"
echo "123....4........" > "$T/none"
run candidates "$T/none"
check "candidates on a puzzle with no solution exits 1" [ $? -eq 1 ]
# Every cell's candidates are the union of all the solutions (4x4, 12 of them).
echo "1..............." > "$T/four"
"$S" candidates --json "$T/four" > "$T/cand"
check "4x4 candidates: every digit of every solution, and no other" \
    sh -c 'grep -q "\"candidates\":\[\[\[1\],\[2,3,4\],\[2,3,4\],\[2,3,4\]\],\[\[2,3,4\],\[2,3,4\],\[1,2,3,4\],\[1,2,3,4\]\]" "$1"' - "$T/cand"

# --- check --redundant ------------------------------------------------------------
echo "$KILLER4" > "$T/k4"
run check --redundant "$T/k4"
check "check --redundant lists the killer's removable cages" sh -c '[ "$(grep -c "redundant: killer cage" "$1")" = 6 ] && ! grep -q "cage B" "$1" && grep -q "not necessarily together" "$1"' - "$T/out"
run check --redundant --max-nodes 1 "$T/k4"
check "a search past --max-nodes: 'redundant?' and exit 3" sh -c '[ $1 -eq 3 ] &&
    grep -qx "  redundant?: killer cage B (4) at r1c3 (unknown: the search gave up)" "$2"' - $? "$T/out"
run check --redundant "$T/p17"
check "a minimal puzzle has no redundant given" grep -qx '  redundant: none' "$T/out"
# A 4x4 with 9 givens: each given listed as redundant is removable alone,
# each not listed is not (recounted with count).
P4=12.43.1.2..3.3.1
echo "$P4" > "$T/p4"
"$S" check --redundant "$T/p4" > "$T/red"
ok4=1
for cell in r1c1 r1c2 r1c4 r2c1 r2c3 r3c1 r3c4 r4c2 r4c4; do
    n=$(count_of "$(without "$P4" 4 "$cell")")
    listed=0
    grep -q "given $cell=" "$T/red" && listed=1
    if [ "$n" = 1 ] && [ $listed = 0 ]; then ok4=0; fi
    if [ "$n" != 1 ] && [ $listed = 1 ]; then ok4=0; fi
done
check "every given said removable is, and every other is not (recounted)" [ $ok4 = 1 ]
check "the 4x4 has removable givens" grep -q 'redundant: given' "$T/red"

# --- count --estimate ------------------------------------------------------------
echo "................" > "$T/e4"
run count --estimate --json --probes 4000 "$T/e4"
check "4x4: 288 within the interval, at most 5% wide" within 288 0.05
echo "$E9" > "$T/e9"
run count --estimate --json "$T/e9"
check "empty 9x9: 6,670,903,752,021,072,936,960 within the interval, at most 15% wide" \
    within 6670903752021072936960 0.15
# Beside each number too large for a double (an empty 25x25's), its log10.
check "log10_estimate and log10_high are the estimate's and the high end's" awk \
    -v e="$(field "$T/out" estimate)" -v le="$(field "$T/out" log10_estimate)" \
    -v h="$(field "$T/out" high)" -v lh="$(field "$T/out" log10_high)" \
    'BEGIN { d1 = log(e) / log(10) - le; d2 = log(h) / log(10) - lh;
             exit !(le > 21 && d1 * d1 < 1e-8 && d2 * d2 < 1e-8) }'
exact=$("$S" count --limit 2000 "$T/amb")
check "the 1158-solution puzzle counts 1158 exactly" [ "$exact" = 1158 ]
run count --estimate --json --probes 20000 "$T/amb"
check "its estimate's interval holds 1158, at most 20% wide" within "$exact" 0.2
run count --estimate "$T/two"
check "two solutions: the estimate is exact" grep -q '^2 (95% interval 2 to 2; counted: every solution, within 100000 search nodes)$' "$T/out"
# A unique kropki of two givens: no probe of 10,000 met its solution, and
# the estimate said 0, interval 0 to 0. The count that comes first says 1.
echo 'sudolab 9 3x3 classic;relation:2.5.a.14.28.50.a0.140.80:0-1,2-3,6-15,9-18,11-12,11-20,16-25,18-19,25-34,30-39,36-45,42-43,46-55,48-57,51-60,55-64,56-57,68-77|2.9.20.82.0.4.0.8.0:6-7,12-13,22-23,46-47,47-56,78-79 ..................................................1...........2..................' > "$T/kropki1"
run count --estimate "$T/kropki1"
check "a unique kropki no probe solves: 1, counted" grep -q '^1 (95% interval 1 to 1; counted' "$T/out"
# With one probe the count's budget is 10 nodes and the probe misses the
# solution: no probe bounds the count, where the interval was 0 to 0.
run count --estimate --probes 1 "$T/kropki1"
check "no probe met a solution: the interval is unbounded" \
    grep -q '^0 (95% interval 0 to unbounded: no probe met a solution; 1 probes, seed 1)$' "$T/out"
run count --estimate --probes 1 --json "$T/kropki1"
check "and in JSON its high end and log10 are null" \
    grep -q '"high":null,.*"log10_high":null}$' "$T/out"
# The help named the exact count first but not the unbounded interval.
run count --help
check "count --help tells of the interval unbounded above" grep -q 'unbounded above ("high":null)' "$T/out"
# A few probes at a solution give a variance that says nothing of the
# rare heavy ones (a count of 38 was estimated 3.4, to 7.3, with 4).
run count --estimate --probes 20 "$T/e9"
check "fewer than 30 probes at a solution: the interval is not to be trusted" \
    grep -q 'not to be trusted: 20 of 20 probes met a solution; seed 1;' "$T/out"
run count --estimate --probes 40 "$T/e9"
check "with 30 or more it is given plainly" grep -q '; 40 probes, seed 1)$' "$T/out"
# A whole estimate below 2^63 is written out digit by digit in JSON, not
# to ten significant digits (one probe: its product, twelve digits).
printf '1234567894567891237%62s\n' '' | tr ' ' . > "$T/one"
run count --estimate --probes 1 --json "$T/one"
check "one probe's whole estimate in JSON has all its digits" \
    grep -q '"estimate":550376570880,"low":550376570880,"high":550376570880,' "$T/out"
a=$("$S" count --estimate --probes 100 --seed 7 "$T/e9")
b=$("$S" count --estimate --probes 100 --seed 7 "$T/e9")
c=$("$S" count --estimate --probes 100 --seed 8 "$T/e9")
check "the same seed gives the same estimate, another seed another" [ "$a" = "$b" -a "$a" != "$c" ]
# Past 81 cells the default shrinks with the square of the cells
# (tests/harden.sh times the empty 25x25).
printf '%0256d\n' 0 | tr 0 . > "$T/e16"
run count --estimate --json --probes 40 "$T/e16"
check "an explicit --probes is made exactly at 16x16" grep -q '"probes":40,' "$T/out"
run count --estimate --json "$T/e16"
check "empty 16x16: 1001 probes by default" grep -q '"probes":1001,' "$T/out"

# --- bad input --------------------------------------------------------------------
run candidates --limit 0 "$T/two"
check "candidates --limit 0: exit 2" [ $? -eq 2 ]
echo "12x............." > "$T/bad"
run candidates "$T/bad"
check "a malformed puzzle: exit 2 with file:line:col" sh -c '[ $1 -eq 2 ] && grep -q "bad:1:3" "$2"' - $? "$T/err"
run count --json "$T/e4"
check "count --json without --estimate: exit 2" sh -c '[ $1 -eq 2 ] && grep -q "goes with --estimate" "$2"' - $? "$T/err"
run count --estimate --limit 5 "$T/e4"
check "count --estimate --limit: exit 2" [ $? -eq 2 ]
run count --estimate --probes 0 "$T/e4"
check "--probes 0: exit 2" [ $? -eq 2 ]
run check --estimate "$T/e4"
check "check does not take --estimate: exit 2" [ $? -eq 2 ]
run candidates --help
check "candidates --help exits 0 and mentions Exit codes" sh -c '[ $1 -eq 0 ] && grep -q "Exit codes" "$2"' - $? "$T/out"

# --- bash completion: from the commands' own help -------------------------------
if command -v bash > /dev/null 2>&1; then
    got=$(bash -c 'source "$1/core/cli/sudolab.bash"
        complete_words() { COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _sudolab; echo "${COMPREPLY[*]}"; }
        complete_words "$2" cand; complete_words "$2" count --est; complete_words "$2" check --red' \
        - "$(cd "$(dirname "$0")/.." && pwd)" "$S")
    check "bash completes candidates, --estimate and --redundant" \
        [ "$(echo $got)" = "candidates --estimate --redundant" ]
fi
finish
