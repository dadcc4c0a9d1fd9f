#!/bin/sh
# generate.sh — `sudolab generate` end to end: reproducible from the seed,
# the same however it is split (jobs, shards, GNU parallel), every puzzle
# unique, the strategies' promises kept (symmetry, clue counts, grades,
# killer cages), bad options and impossible requests refused clearly, and
# --output written whole or not at all.
#
#   sh tests/generate.sh PATH_TO_SUDOLAB      (from the project root)

. "$(dirname "$0")/check.sh"
gen() { timeout 120 "$S" generate "$@" 2> "$T/err"; }
all_unique() { [ "$("$S" count "$1" | sort -u)" = "1" ]; }

# --- mark variants: unique, the same from the seed, lines as asked -----
for v in kropki xv thermo arrow whispers renban sandwich littlekiller palindrome between; do
    gen --variant "$v" --count 3 --seed 5 > "$T/m1"
    gen --variant "$v" --count 3 --seed 5 > "$T/m2"
    check "$v: 3 unique puzzles, the same again from the seed" \
        eval '[ $(wc -l < "$T/m1") -eq 3 ] && all_unique "$T/m1" && cmp -s "$T/m1" "$T/m2"'
    check "$v: none of them unique as a classic sudoku (the marks matter)" \
        eval '[ "$(awk "{ print \$5 }" "$T/m1" | "$S" count | sort -u)" = 2 ]'
done
# prune keeps a mark only when its drop leaves a second solution: none
# can go alone (the count at 100 nodes alone left 126 removable dots here).
gen --variant kropki --count 10 --seed 7 > "$T/m1"
"$S" check --redundant "$T/m1" > "$T/red"
check "kropki prune: every mark left matters (check --redundant lists none)" \
    eval '[ $(wc -l < "$T/m1") -eq 10 ] && [ $(grep -c "^  redundant: none$" "$T/red") -eq 10 ]'
# A given the dig kept because its search ran past DIG_NODE_LIMIT is asked
# again at length: puzzle 10 of these kept a removable given before.
gen --variant renban --count 20 --seed 4 | sed -n 10p > "$T/m1"
"$S" check --redundant "$T/m1" > "$T/red"
check "renban prune: no given can go either (the dig's undecided asked again)" \
    eval '[ $(wc -l < "$T/m1") -eq 1 ] && [ "$(sed -n 2p "$T/red")" = "  redundant: none" ]'
gen --variant thermo --lines 3 --max-line 4 --count 5 --seed 2 > "$T/m1"
check "thermo --lines 3 --max-line 4: at most 3 thermometers of at most 4 cells" \
    eval '[ $(wc -l < "$T/m1") -eq 5 ] && all_unique "$T/m1" &&
          ! awk "{ split(\$4, r, \"thermo:\"); n = split(r[2], t, \",\"); if (n > 3) bad = 1;
                   for (i = 1; i <= n; i++) if (split(t[i], c, \"-\") > 4) bad = 1 } END { exit !bad }" "$T/m1"'
# A graded dig lands only where the solve path uses every rule: a lone
# two-cell thermometer is needless to half the easy puzzles dug with it
# (a dig that let one unused rule through wrote 18 of these 30).
printf 'return require("variant").make{name = "t2", rules = "classic;thermo:0-1"}\n' > "$T/t2.lua"
gen --variant "$T/t2.lua" --grade easy --count 30 --seed 1 > "$T/m1"
"$S" rate --json "$T/m1" > "$T/rated"
check "graded digs use every rule: 30 easy puzzles with a 2-cell thermometer, none unused" \
    eval '[ $(wc -l < "$T/m1") -eq 30 ] && [ $(grep -c "\"unused_rules\":\[\]" "$T/rated") -eq 30 ]'
gen --variant kropki --strategy bare --count 2 --seed 1 > "$T/m1"
check "kropki --strategy bare: no givens" eval '! grep -v "[.]\{81\}$" "$T/m1" && [ $(wc -l < "$T/m1") -eq 2 ]'
gen --variant sandwich --strategy fewest --count 2 --seed 1 > "$T/m1"
check "sandwich --strategy fewest: unique, every clue, a few givens" \
    eval '[ $(wc -l < "$T/m1") -eq 2 ] && all_unique "$T/m1" &&
          [ $(grep -c "sandwich:\([rc][1-9]=[0-9]*,\)\{17\}[rc][1-9]=[0-9]* [.1-9]*[1-9]" "$T/m1") -eq 2 ]'
gen --variant xv --strategy fewest --givens 1 --count 1 --seed 1 --jobs 1 > "$T/m1"
rc=$?
check "xv --strategy fewest --givens 1: none made says why, reason by reason (exit 1)" \
    eval '[ $rc -eq 1 ] && grep -q "more than --givens 1 needed ([0-9]* grids)" "$T/err"'

# --givens 0 asks for marks alone; left out, givens are dug as needed.
gen --variant kropki --count 2 --seed 2 > "$T/m1"
gen --variant kropki --givens 0 --count 2 --seed 2 > "$T/m2"
check "kropki --givens 0: unique, no givens, unlike the default from the same seed" \
    eval '[ $(wc -l < "$T/m2") -eq 2 ] && all_unique "$T/m2" && ! grep -v "[.]\{81\}$" "$T/m2" &&
          grep -q -v "[.]\{81\}$" "$T/m1"'
gen --variant kropki --strategy bare --givens 0 --count 1 --seed 1 > "$T/m1"
check "kropki --strategy bare takes --givens 0" eval '[ $(grep -c "[.]\{81\}$" "$T/m1") -eq 1 ]'
gen --variant thermo --givens 0 --count 1 --seed 1 > "$T/m1"
rc=$?
check "thermo --givens 0: none made says why (exit 1)" \
    eval '[ $rc -eq 1 ] && grep -q "not unique without givens" "$T/err" && [ ! -s "$T/m1" ]'

# --- reproducible, and the same however the run is split ---------------
gen --count 40 --seed 7 > "$T/a"
gen --count 40 --seed 7 > "$T/b"
check "classic: 40 lines of 81 symbols" eval '[ $(grep -c "^[1-9.]\{81\}$" "$T/a") -eq 40 ]'
check "the same seed makes the same puzzles" cmp -s "$T/a" "$T/b"
gen --count 40 --seed 8 > "$T/c"
check "another seed makes other puzzles" eval '! cmp -s "$T/a" "$T/c"'
check "every puzzle is unique" all_unique "$T/a"
gen --count 40 --seed 7 --jobs 2 > "$T/j"
check "--jobs 2 writes the same puzzles in the same order" cmp -s "$T/a" "$T/j"
# More puzzles than the window of puzzles made ahead (GENERATE_RUN_WINDOW),
# and more jobs than cores: the thread writing them makes puzzles too, and
# must still write every one in order when the others run ahead.
gen --symmetry none --count 1500 --seed 7 > "$T/w1"
gen --symmetry none --count 1500 --seed 7 --jobs 7 > "$T/w7"
check "--jobs 7 past the window writes what one job does" \
    eval '[ $(wc -l < "$T/w1") -eq 1500 ] && cmp -s "$T/w1" "$T/w7"'
gen --count 40 --seed 7 --shard 1/3 > "$T/s1"
gen --count 40 --seed 7 --shard 2/3 > "$T/s2"
gen --count 40 --seed 7 --shard 3/3 > "$T/s3"
cat "$T/s1" "$T/s2" "$T/s3" > "$T/s"
check "three shards concatenated equal the single run" cmp -s "$T/a" "$T/s"
if command -v parallel > /dev/null 2>&1; then
    parallel --will-cite -k "$S" generate --count 40 --seed 7 --shard {}/2 ::: 1 2 > "$T/p" 2> "$T/err"
    check "two shards run by GNU parallel merge into the single run" cmp -s "$T/a" "$T/p"
else
    check "GNU parallel is installed (.ci/run installs it)" false
fi

# --- what the strategies promise ----------------------------------------
gen --count 20 --symmetry rotate180 > "$T/r"
check "rotate180: every clue has its mirror through the centre" eval \
    'awk "{ for (i = 1; i <= 81; i++) if ((substr(\$0, i, 1) == \".\") != (substr(\$0, 82 - i, 1) == \".\")) bad = 1 } END { exit bad }" "$T/r"'
gen --count 5 --symmetry none --stats > "$T/m"
check "--stats adds time, rating, grade, clues and nodes" eval \
    'awk "NF != 6 { bad = 1 } END { exit bad }" "$T/m"'
gen --count 5 --clues 26 > "$T/e"
check "--clues 26: exactly 26 clues each" eval \
    '[ $(tr -cd "1-9\n" < "$T/e" | awk "length(\$0) == 26" | wc -l) -eq 5 ]'
check "and unique" all_unique "$T/e"
gen --count 3 --grade extreme --stats > "$T/g"
check "--grade extreme: the rater agrees" eval \
    '[ $(awk "\$4 == \"extreme\"" "$T/g" | wc -l) -eq 3 ] && [ $("$S" rate "$T/g" | grep -c " extreme ") -eq 3 ]'
# beyond climbs from near misses (dig.lua): what it writes is still beyond and unique
gen --count 4 --grade beyond --seed 2 > "$T/g"
check "--grade beyond: the rater agrees, each unique" eval \
    '[ $(wc -l < "$T/g") -eq 4 ] && [ $("$S" rate "$T/g" | grep -c " beyond ") -eq 4 ] && all_unique "$T/g"'
# Its climbs undo neighbours that need little search unrated (dig.lua,
# climb_nodes): at the default symmetry (rotate180) every clue still has
# its mirror, and without one the rater still agrees.
check "--grade beyond: every clue has its mirror through the centre" eval \
    'awk "{ for (i = 1; i <= 81; i++) if ((substr(\$0, i, 1) == \".\") != (substr(\$0, 82 - i, 1) == \".\")) bad = 1 } END { exit bad }" "$T/g"'
gen --count 3 --grade beyond --symmetry none --seed 3 > "$T/gn"
check "--grade beyond --symmetry none: the rater agrees, each unique" eval \
    '[ $(wc -l < "$T/gn") -eq 3 ] && [ $("$S" rate "$T/gn" | grep -c " beyond ") -eq 3 ] && all_unique "$T/gn"'
# Its ratings stop at the first step past the band (dig.lua's cap): --stats
# must still print each puzzle's whole rating, the one rate gives.
gen --count 3 --grade beyond --seed 2 --stats | awk '{ print $1, $3 }' > "$T/gs"
check "--grade beyond --stats: each rating printed is rate's own" eval \
    '[ $(wc -l < "$T/gs") -eq 3 ] &&
     [ "$(awk "{ print \$2 }" "$T/gs")" = "$(awk "{ print \$1 }" "$T/gs" | "$S" rate | awk "{ print \$1 }")" ]'
gen --count 3 --rating 3.0-4.4 > "$T/band"
check "--rating 3.0-4.4: every rating in the band" eval \
    '"$S" rate "$T/band" | awk "\$1 < 3.0 || \$1 > 4.4 { bad = 1 } END { exit bad }"'
gen --count 2 --size 16 --symmetry none > "$T/16"
check "--size 16: unique 16x16 puzzles" eval '[ $(grep -c "^sudolab 16 4x4 classic " "$T/16") -eq 2 ] && all_unique "$T/16"'
gen --variant diagonal --count 3 > "$T/x"
check "an X sudoku variant generates with its diagonals" eval \
    'grep -q "diagonal" "$T/x" && all_unique "$T/x"'
gen --variant oddeven --count 3 > "$T/oe"
check "odd/even: marks from the grid's parities, unique" eval \
    'grep -q "oddeven:[oe.]\{81\} " "$T/oe" && all_unique "$T/oe"'
gen --variant jigsaw --count 3 > "$T/jg"
check "jigsaw: random regions of nine connected cells, unique, no warning" eval \
    'grep -q "jigsaw:[A-I]\{81\} " "$T/jg" && all_unique "$T/jg" && [ -z "$("$S" check "$T/jg" 2>&1 | grep -i warn)" ]'
# Regions are lettered by first appearance, as every reader letters them:
# through Solo and f-puzzles and back, the line comes back byte for byte.
for form in solo fpuzzles; do
    "$S" convert --to $form "$T/jg" | "$S" convert > "$T/jg.$form" 2> "$T/err"
    check "jigsaw: to $form and back gives the same lines" cmp -s "$T/jg" "$T/jg.$form"
done
gen --variant killer --count 5 > "$T/k"
check "killer (greedy): cages and sums, no givens, unique" eval \
    '[ $(grep -c "killer:.* \.\{81\}$" "$T/k") -eq 5 ] && all_unique "$T/k"'
gen --variant killer --count 40 --seed 11 > "$T/k40"
gen --variant killer --count 10 --seed 11 --grade hard >> "$T/k40"
check "killer cages like published ones: no one-cell cage, 26..36 a puzzle, mean size 2.2..3.2" eval \
    'awk -f scripts/cage_stats.awk "$T/k40" | awk "NR == 1 && \$5 == 0 && \$6 == \"cages\" { split(\$7, r, \"[.][.]\"); if (r[1] >= 26 && r[2] <= 36 && \$NF >= 2.2 && \$NF <= 3.2) ok = 1 } END { exit !ok }"'
check "every killer cage is one connected piece" eval \
    'awk -f scripts/cage_stats.awk "$T/k40" | grep -q " disconnected 0 "'
gen --variant killer --count 5 --seed 11 --min-cage 1 --cage-sizes 1,2,3 > "$T/k1"
check "--min-cage 1 --cage-sizes 1,2,3: one-cell cages when asked" eval \
    '[ $(awk -f scripts/cage_stats.awk "$T/k1" | awk "NR == 1 { print \$5 }") -gt 0 ] && all_unique "$T/k1"'
gen --variant killer --count 5 --seed 11 --min-cage 3 --max-cage 4 > "$T/k34"
check "--min-cage 3 --max-cage 4: only cages of 3 and 4 cells" eval \
    'awk -f scripts/cage_stats.awk "$T/k34" | grep -q "^sizes  3:[0-9]*%  4:[0-9]*%$" && all_unique "$T/k34"'
gen --variant killer --count 3 --seed 11 --givens 5 > "$T/kg"
check "--givens 5: five givens besides the cages" eval \
    '[ $(awk "{ print \$NF }" "$T/kg" | tr -cd "1-9\n" | awk "length(\$0) == 5" | wc -l) -eq 3 ] && all_unique "$T/kg"'
gen --variant killer --count 2 --grade hard --json > "$T/ka"
check "killer annealed to a grade, with its energy trace" eval \
    'grep -q "\"grade\":\"hard\"" "$T/ka" && grep -q "\"energy\":\[" "$T/ka"'
# --json carries each puzzle's solution, the one solve finds, with --jobs too.
for args in "--count 3" "--variant killer --count 2" "--variant jigsaw --size 12 --count 2" \
    "--size 16 --grade easy --count 2"; do
    gen $args --seed 4 --json --jobs 2 > "$T/js"
    sed -n 's/.*"puzzle":"\([^"]*\)","solution":"[^"]*".*/\1/p' "$T/js" > "$T/jp"
    sed -n 's/.*"solution":"\([^"]*\)".*/\1/p' "$T/js" > "$T/jsol"
    check "generate $args --json: each puzzle's solution, as solve finds it" eval \
        '[ -s "$T/jsol" ] && [ $(wc -l < "$T/jsol") -eq $(wc -l < "$T/js") ] && "$S" solve "$T/jp" | cmp -s - "$T/jsol"'
done
gen --variant killer --count 4 --seed 3 --grade medium > "$T/km1"
gen --variant killer --count 4 --seed 3 --grade medium > "$T/km2"
check "killer at medium (greedy starts first): 4 unique, rated medium, the same again from the seed" eval \
    'cmp -s "$T/km1" "$T/km2" && all_unique "$T/km1" && [ $("$S" rate "$T/km1" | grep -c "^[0-9.]* medium ") -eq 4 ]'

# --- sizes other than 9 for killer and jigsaw -----------------------------
for n in 4 6 8 12; do
    gen --variant killer --size $n --count 2 --seed 5 > "$T/k$n"
    check "killer --size $n: two unique ${n}x$n killers, cages only" eval \
        '[ $(grep -c "^sudolab $n .*;killer:.* \.\{$((n * n))\}$" "$T/k$n") -eq 2 ] && all_unique "$T/k$n"'
    gen --variant jigsaw --size $n --count 2 --seed 5 > "$T/j$n"
    check "jigsaw --size $n: $n connected regions of $n cells, unique, no warning" eval \
        '[ $(grep -c "^sudolab $n none classic;jigsaw:" "$T/j$n") -eq 2 ] && all_unique "$T/j$n" &&
         [ -z "$("$S" check "$T/j$n" 2>&1 | grep -i warn)" ]'
done
# A 16x16 jigsaw of seed 6 spent its instruction budget on layouts with
# no grid (fills of up to 320,000 nodes each) and failed after 8 s; fills
# of a few thousand nodes over more layouts find one.
gen --variant jigsaw --size 16 --count 1 --seed 6 > "$T/j16"
check "jigsaw --size 16, seed 6: a unique puzzle, not a spent budget" eval \
    '[ $(grep -c "^sudolab 16 none classic;jigsaw:" "$T/j16") -eq 1 ] && all_unique "$T/j16"'
gen --variant killer --size 16 --count 1 --seed 4 > "$T/k16"
check "killer --size 16: more cages than one symbol each can name, unique" eval \
    'grep -q "^sudolab 16 4x4 classic;killer:[A-Za-z0-9]\{512\}:" "$T/k16" && all_unique "$T/k16"'

# Graded killers past 9x9 and below it: the givens a grade needs at a size
# come from the variant's table (tests/lua/test_generate.lua: the table,
# and walks that cannot land ending a request).
# fewest_cage FILE: the fewest cells of any cage over the file's killers.
fewest_cage() {
    awk '{ split($4, r, "killer:"); split(r[2], m, ":"); w = (length(m[1]) == $2 * $2) ? 1 : 2
           delete c; for (i = 1; i <= length(m[1]); i += w) c[substr(m[1], i, w)]++
           for (k in c) if (least == "" || c[k] < least) least = c[k] } END { print least }' "$1"
}
givens_each() { awk '{ print gsub(/[^.]/, "", $5) }' "$1" | sort -u; }
gen --variant killer --size 16 --grade medium --count 2 --seed 2 > "$T/k16m"
check "killer 16x16 medium: 30 givens from the table, unique, rated medium, no one-cell cage" eval \
    '[ $(grep -c "^sudolab 16 4x4 classic;killer:" "$T/k16m") -eq 2 ] && all_unique "$T/k16m" &&
     [ "$(givens_each "$T/k16m")" = 30 ] && [ "$(fewest_cage "$T/k16m")" -ge 2 ] &&
     [ $("$S" rate "$T/k16m" | grep -c "^[0-9.]* medium ") -eq 2 ]'
gen --variant killer --size 12 --grade easy --givens 30 --count 2 --seed 1 > "$T/k12e"
check "killer 12x12 easy --givens 30: the user's count wins, rated easy" eval \
    '[ "$(givens_each "$T/k12e")" = 30 ] && all_unique "$T/k12e" &&
     [ $("$S" rate "$T/k12e" | grep -c "^[0-9.]* easy ") -eq 2 ]'
gen --variant killer --size 8 --grade medium --givens 6 --count 2 --seed 1 > "$T/k8m"
check "killer 8x8 medium --givens 6: lands, unique, rated medium" eval \
    '[ "$(givens_each "$T/k8m")" = 6 ] && all_unique "$T/k8m" && [ "$(fewest_cage "$T/k8m")" -ge 2 ] &&
     [ $("$S" rate "$T/k8m" | grep -c "^[0-9.]* medium ") -eq 2 ]'

gen --variant oddeven --size 6 --count 2 --seed 5 > "$T/oe6"
check "oddeven --size 6: marks over 36 cells, unique" eval \
    '[ $(grep -c "^sudolab 6 2x3 classic;oddeven:[oe.]\{36\} " "$T/oe6") -eq 2 ] && all_unique "$T/oe6"'

# --- the help's strategy table --------------------------------------------
# One strategy name may take other options in another variant: killer's
# greedy takes --givens, calcudoku's does not. The help says so per variant.
"$S" generate --help > "$T/help" 2>&1
check "generate --help: killer's greedy takes --givens, calcudoku's does not" \
    eval 'grep -A1 "^  greedy .*--cage-sizes, --givens$" "$T/help" | grep -q "for killer$" &&
          grep -A1 "^  greedy .*--cage-sizes$" "$T/help" | grep -q "for calcudoku$"'
# --json gained each puzzle's solution; its help still named the energy alone.
check "generate --help: --json carries each puzzle's solution" \
    grep -q "one JSON object per puzzle instead (with its solution,$" "$T/help"
check "generate --help: kropki's prune does not list --lines" \
    eval 'grep -A1 "^  prune  *--symmetry, --givens$" "$T/help" | grep -q "kropki"'
# The grades each variant reaches, as the help lists them where not all,
# are what a request meets: every variant listed "all but easy" refuses
# --grade easy at once; killer's sizes are named; classic is not listed.
sed -n '/^The grades a variant.s --grade reaches/,/^$/p' "$T/help" > "$T/reach"
check "generate --help: the grades killer's sizes reach" \
    grep -q "^  killer  *3x3 easy; 4x4 easy, hard; 12x12 all but extreme; 16x16 all but$" "$T/reach"
check "generate --help: classic reaches every grade, so it is not listed" \
    eval '[ -s "$T/reach" ] && ! grep -q "^  classic " "$T/reach"'
for v in $(awk '$2 == "all" && $3 == "but" && $4 == "easy" { print $1 }' "$T/reach"); do
    "$S" generate --variant "$v" --grade easy > "$T/out" 2> "$T/err"
    rc=$?
    check "generate --help says $v does not reach easy: refused at once" \
        eval '[ $rc -eq 2 ] && grep -q "cannot reach --grade easy" "$T/err"'
done

# --- refusals: exit 2 at once, the reason, and no --output file ------------
# refused MESSAGE ARGS...: the run refuses ARGS with MESSAGE on stderr.
refused() {
    msg=$1
    shift
    rm -f "$T/refused.txt"
    gen --count 3 "$@" --output "$T/refused.txt" > "$T/o"
    rc=$?
    check "refused: $* -> $msg" eval \
        '[ $rc -eq 2 ] && grep -q -F -- "$msg" "$T/err" && [ ! -s "$T/o" ] &&
         [ ! -e "$T/refused.txt" ] && [ -z "$(ls "$T" | grep partial)" ]'
}
refused "unknown classic strategy 'nosuch' (one of: random, symmetric, exact, graded)" \
    --strategy nosuch
refused "unknown classic strategy 'grded'; did you mean 'graded'?" --strategy grded --grade hard
refused "unknown symmetry 'sideways' (one of: none, rotate180," --symmetry sideways
refused "unknown symmetry 'rotate18'; did you mean 'rotate180'?" --symmetry rotate18
refused "unknown grade 'impossible' (one of: easy, medium, hard, expert, extreme, beyond)" \
    --grade impossible
refused "unknown grade 'nope'" --variant killer --grade nope
refused "unknown grade 'hadr'; did you mean 'hard'?" --grade hadr
refused "unknown variant 'kiler'; did you mean 'killer'? (one of: antiking," --variant kiler
refused "unknown variant 'nosuch'" --variant nosuch
refused "unknown thermo strategy 'bare' (one of: prune, graded)" --variant thermo --strategy bare
refused "kropki does not take --lines (no kropki strategy uses it)" --variant kropki --lines 3
# "at most N" givens past the cells: taken without a word (killer refused it,
# in a check of its own that generate.lua's one check replaced)
refused "--givens 82: a 9x9 grid has 81 cells" --variant kropki --givens 82
refused "--givens 82: a 9x9 grid has 81 cells" --variant killer --givens 82
refused "xv cannot be unique without givens: swapping the digits 1-2, 3-4, 6-7 and 8-9" \
    --variant xv --strategy bare
refused "sandwich cannot be unique without givens: swapping 1 and 9" --variant sandwich --givens 0
refused "whispers cannot reach --grade easy: a graded puzzle uses its rule, whose easiest step" \
    --variant whispers --grade easy
refused "the grades it can reach: medium, hard, expert, extreme, beyond" --variant kropki --grade easy
refused "littlekiller cannot reach --rating 1.0-1.4" --variant littlekiller --rating 1-1.4
refused "nonconsecutive cannot reach --grade easy: a graded puzzle uses its rule" \
    --variant nonconsecutive --grade easy
refused "binary cannot reach --grade hard: its rule's own steps alone solve its puzzles, and the hardest (binary-lines) rates 2.5; the grades it can reach: easy, medium" \
    --variant binary --size 8 --grade hard
refused "binary cannot reach --rating 2.6-3.0" --variant binary --rating 2.6-3.0
refused "--grade expert: no 3x3 calcudoku puzzle reaches it; the grades 3x3 calcudoku puzzles reach: easy, medium, hard" \
    --variant calcudoku --size 3 --grade expert
# a band no 3x3 calcudoku meets: annealed until it gave up (exit 1)
refused "--rating 6.3: no 3x3 calcudoku puzzle reaches it; the grades 3x3 calcudoku puzzles reach: easy, medium, hard (ratings 1.0-4.4)" \
    --variant calcudoku --size 3 --rating 6.3
# past the rater's scale: antiknight, diagonal and nonconsecutive dug for
# the whole 60 s budget before failing
for v in antiknight diagonal nonconsecutive; do
    refused "--rating wants a rating LOW-HIGH or X, between 1.0 and 16.4 (the rater's scale ends there), not '20'" \
        --variant $v --rating 20
done
refused "not '16.5-17'" --rating 16.5-17
# above the techniques' top at 9x9 (11.8) only the search fallback rates,
# and theirs stays shallow: dug for the whole budget before failing
for v in antiknight diagonal nonconsecutive classic; do
    refused "--rating 12.0-16.4: no 9x9 $v puzzle reaches it: they rate 11.8 at most" \
        --variant $v --rating 12-16.4
done
# a band meeting the top is cut to it, with a note: 11.5-12 dug for the
# whole 60 s budget, aiming past what any such puzzle rates
gen --variant antiknight --rating 10.5-12 --count 2 --seed 1 > "$T/cut"
rc=$?
cp "$T/err" "$T/cut_err"
gen --variant antiknight --rating 10.5-11.8 --count 2 --seed 1 > "$T/uncut"
check "antiknight --rating 10.5-12 is cut to 10.5-11.8, with a note, the same puzzles" \
    eval '[ $rc -eq 0 ] && [ $(wc -l < "$T/cut") -eq 2 ] && cmp -s "$T/cut" "$T/uncut" &&
          grep -q -F "sudolab generate: note: --rating 10.5-12.0 reaches past 11.8, the most a 9x9 antiknight puzzle rates" "$T/cut_err"'
gen --variant antiknight --rating 10.5-11.8 --count 1 --seed 1 > /dev/null
check "a band within the top gets no note" eval '[ ! -s "$T/err" ]'
# The cut read the variant in an interpreter of its own, then the
# generator loaded it again: a variant that prints at load said it twice.
{ echo 'print("loaded")'; cat variants/classic.lua; } > "$T/loudclassic.lua"
gen --variant "$T/loudclassic.lua" --size 4 --rating 9.5-11.9 --count 1 --seed 1 > "$T/loud"
check "a band past 9.1 loads the variant once (and is cut, with a note)" \
    eval '[ "$(cat "$T/loud" "$T/err" | grep -c "^loaded$")" -eq 1 ] && grep -q "reaches past 10.6" "$T/err"'
# A band no dig lands in ran to its 60 s budget and said no more: the
# dig now tells the hardest rating it met (sudolab.progress). Through
# `run`, whose instruction budget can be small and makes the stop the
# same on every machine.
printf 'require("generate").maker("antiknight", {rating = {11.5, 11.8}})(1)\n' > "$T/far.lua"
"$S" run --max-instructions 2000000 "$T/far.lua" 2> "$T/err"
rc=$?
check "a dig stopped by its budget tells the hardest rating it reached" \
    eval '[ $rc -eq 2 ] && grep -q "instruction budget exceeded" "$T/err" &&
          grep -q -F "; the hardest rating reached was 11.0, for --rating 11.5-11.8" "$T/err"'
refused "--rating 11.9: no 9x9 jigsaw puzzle reaches it: they rate 11.8 at most" \
    --variant jigsaw --rating 11.9
refused "--rating 10.7-11.0: no 4x4 classic puzzle reaches it: they rate 10.6 at most" \
    --size 4 --rating 10.7-11
refused "--grade medium: no 3x3 killer reaches it; the grades 3x3 killers reach: easy" \
    --variant killer --size 3 --grade medium
refused "littlekiller does not take --lines" --variant littlekiller --lines 3
refused "greedy does not take --grade; use --strategy anneal" \
    --variant killer --strategy greedy --grade extreme
refused "unknown classic strategy 'greedy'" --strategy greedy --grade extreme
refused "killer does not take --symmetry" --variant killer --symmetry mirror
refused "killer does not take --clues" --variant killer --clues 30
refused "classic does not take --givens (no classic strategy uses it)" --givens 0
refused "graded does not take --givens; use --strategy prune" --variant kropki --grade hard --givens 0
refused "classic does not take --max-cage (no classic strategy uses it)" --max-cage 4
refused "--min-cage 4 is above --max-cage 3" --variant killer --min-cage 4 --max-cage 3
refused "--cage-sizes '2,x': a list of cage sizes like 2,3,3,4" --variant killer --cage-sizes 2,x
refused "--cage-sizes '2,x': a list of cage sizes like 2,3,3,4" --variant calcudoku --cage-sizes 2,x
refused "--cage-sizes 2,7: 7 is outside the cage sizes 2..5" --variant killer --cage-sizes 2,7
# A list past the engine's room failed each puzzle (exit 1) with a script
# line's error; now refused before the run.
sizes65=$(printf '2,%.0s' $(seq 64))2
refused "--cage-sizes: a list of at most 64 sizes, not 65" --variant killer --cage-sizes "$sizes65"
refused "--cage-sizes: a list of at most 625 sizes, not 626" --variant calcudoku \
    --cage-sizes "$(printf '2,%.0s' $(seq 625))2"
refused "--max-cage 5: a cage of distinct digits on a 4x4 grid has at most 4 cells" \
    --variant killer --size 4 --max-cage 5
refused "--grade medium: no 4x4 killer reaches it; the grades 4x4 killers reach: easy, hard" \
    --variant killer --size 4 --grade medium
refused "--givens 100 at 16x16 medium: too many: they leave the cages too little to decide;" \
    --variant killer --size 16 --grade medium --givens 100
refused "--givens 5 at 16x16 medium: too few: the killers rate above the band; 16x16 medium killers take --givens" \
    --variant killer --size 16 --grade medium --givens 5
refused "random takes only --symmetry none; use --strategy symmetric" \
    --strategy random --symmetry mirror
refused "exact does not take --grade; use --strategy graded" --clues 30 --grade hard
refused "symmetric does not take --rating; use --strategy graded" \
    --strategy symmetric --rating 2-3
refused "exact needs --clues" --strategy exact
refused "graded needs --grade or --rating" --strategy graded
refused "--clues 20: a 4x4 grid has 16 cells" --size 4 --clues 20
refused "killer takes --size 3..16, not 20 (smaller grids need cages of one cell," \
    --variant killer --size 20
refused "jigsaw takes --size 1..16, not 17" --variant jigsaw --size 17
refused "windoku takes --size 4 or 9, not 16 (windows need square boxes" --variant windoku --size 16
refused "antiking takes --size 9, not 6" --variant antiking --size 6
refused "nonconsecutive takes --size 9, not 16 (its cell pairs are drawn on a 9x9 grid)" \
    --variant nonconsecutive --size 16
refused "--size wants a whole number 1..25, not '26'" --size 26
refused "--count wants a whole number 1..1000000000, not '3x'" --count 3x
refused "--seed wants a whole number" --seed -1
refused "--jobs wants a whole number 1..256, not '0'" --jobs 0
refused "--rating wants a rating LOW-HIGH" --rating 7-5
refused "--grade and --rating both set a band; give one" --grade hard --rating 4-5
refused "unknown option '--stratgy'; did you mean '--strategy'?" --stratgy graded
refused "this command does not take --pretty" --pretty
refused "takes no files ('extra')" extra
gen --count 1 --shard 3/2 > "$T/o"; rc=$?
check "a shard past the count of shards is a usage error (exit 2)" eval '[ $rc -eq 2 ]'
gen --count 1 --clues 12 --symmetry none > "$T/o"; rc=$?
check "12 clues cannot be reached: a clear message at once, exit 1" eval \
    '[ $rc -eq 1 ] && grep -q "no puzzle with 12 clues: a 9x9 classic sudoku needs 17" "$T/err"'
gen --count 1 --size 16 --clues 14 > "$T/o"; rc=$?
check "14 clues at 16x16: two digits would be missing, so refused at once, exit 1" eval \
    '[ $rc -eq 1 ] && grep -q "no puzzle with 14 clues: a 16x16 classic sudoku needs 15 or more" "$T/err"'
gen --count 2 --seed 3 --variant killer -- > "$T/o1"; gen --variant killer --count 2 -- --seed 3 > "$T/o2"
check "'--' ends the options: a later --seed is an operand, refused" eval \
    '[ -s "$T/o1" ] && [ ! -s "$T/o2" ] && grep -q "takes no files (.--seed.)" "$T/err"'
gen --count 2 --symmetry none --seed 3 > "$T/o1"; gen --symmetry=none --seed=3 -c2 > "$T/o2"
check "--name=value and -xVALUE read as --name value" eval '[ -s "$T/o1" ] && cmp -s "$T/o1" "$T/o2"'

# --- output written whole or not at all ----------------------------------
gen --count 30 --output "$T/out.txt" > "$T/o"
check "--output writes the file, nothing to stdout" eval '[ $(wc -l < "$T/out.txt") -eq 30 ] && [ ! -s "$T/o" ]'
gen --count 3 --clues 12 --symmetry none --output "$T/none.txt" > "$T/o"
check "a failed run leaves no file, not even a partial one" eval \
    '[ ! -e "$T/none.txt" ] && [ -z "$(ls "$T" | grep partial)" ]'

# --output's target: a regular file or a link to one; anything else refused.
mkfifo "$T/fifo"
gen --count 2 --output "$T/fifo" > "$T/o"; rc=$?
check "--output onto a FIFO: exit 2 at once, names it, the FIFO kept" eval \
    '[ $rc -eq 2 ] && grep -q "cannot write $T/fifo: not a regular file" "$T/err" && [ -p "$T/fifo" ] &&
     [ -z "$(ls "$T" | grep partial)" ]'
mkdir "$T/folder"
gen --count 2 --output "$T/folder" > "$T/o"; rc=$?
check "--output onto a folder: exit 2, says so" eval \
    '[ $rc -eq 2 ] && grep -q "cannot write $T/folder: a folder" "$T/err"'
echo old > "$T/linked.txt"
ln -s linked.txt "$T/link"
gen --count 2 --seed 3 --output "$T/link" > "$T/o"; rc=$?
check "--output through a symbolic link: the link kept, its file written" eval \
    '[ $rc -eq 0 ] && [ -L "$T/link" ] && [ $(grep -c "^[1-9.]\{81\}$" "$T/linked.txt") -eq 2 ]'
ln -s nowhere "$T/dangling"
gen --count 2 --output "$T/dangling" > "$T/o"; rc=$?
check "--output through a link to nothing: exit 2, names the link" eval \
    '[ $rc -eq 2 ] && grep -q "cannot write $T/dangling: a symbolic link to a missing file" "$T/err"'
# /dev/stdout into a pipe is a link to no path (pipe:[N]): it was called
# "a symbolic link to a missing file".
"$S" generate --count 2 --output /dev/stdout 2> "$T/err" | cat > "$T/o"
check "--output /dev/stdout into a pipe: refused as not a regular file" eval \
    'grep -q "cannot write /dev/stdout: not a regular file" "$T/err" && [ ! -s "$T/o" ]'
gen --count 2 --output "$T/no/such/dir/x.txt" > "$T/o"; rc=$?
check "--output in a missing folder: the message names the path asked for" eval \
    '[ $rc -eq 2 ] && grep -q "cannot write $T/no/such/dir/x.txt: No such file" "$T/err" &&
     ! grep -q partial "$T/err"'
(umask 027 && gen --count 1 --output "$T/masked.txt" > "$T/o")
check "--output keeps the umask (027: rw-r-----)" eval \
    '[ "$(ls -l "$T/masked.txt" | cut -c1-10)" = "-rw-r-----" ]'
chmod 604 "$T/masked.txt"
gen --count 1 --output "$T/masked.txt" > "$T/o"
check "--output onto an existing file keeps its mode" eval \
    '[ "$(ls -l "$T/masked.txt" | cut -c1-10)" = "-rw----r--" ]'
# A dead run's partial file goes; a live pid's (1, init) and others stay.
sh -c 'exit 0' & dead=$!
wait "$dead"
touch "$T/swept.txt.partial.$dead.abcdef" "$T/swept.txt.partial.1.abcdef" "$T/swept.txt.partial.x"
gen --count 1 --output "$T/swept.txt" > "$T/o"
check "--output removes a dead run's partial file, keeps a live one's" eval \
    '[ ! -e "$T/swept.txt.partial.$dead.abcdef" ] && [ -e "$T/swept.txt.partial.1.abcdef" ] &&
     [ -e "$T/swept.txt.partial.x" ] && [ -s "$T/swept.txt" ]'
rm -f "$T"/swept.txt.partial.*
# A write that fails (a file size limit here) stops the run: exit 2, why.
(trap '' XFSZ && ulimit -f 1 && gen --count 300 --output "$T/big.txt" > "$T/o"); rc=$?
check "a failed write to --output: exit 2, names the file, leaves nothing" eval \
    '[ $rc -eq 2 ] && grep -q "cannot write $T/big.txt: File too large" "$T/err" &&
     [ ! -e "$T/big.txt" ] && [ -z "$(ls "$T" | grep partial)" ]'
if [ -w /dev/full ]; then
    gen --count 3000 > /dev/full; rc=$?
    check "a failed write to stdout: exit 2 soon, the reason" eval \
        '[ $rc -eq 2 ] && grep -q "cannot write the output: No space left on device" "$T/err"'
fi

# interrupt_when TEST: Ctrl-C to the background job $pid once TEST holds
# (polled for up to 30 s), then its exit code as rc (killed after 60 s).
# The signal waits for output: before the handler is in place, a
# background job ignores SIGINT and would run on.
interrupt_when() {
    i=0
    while [ $i -lt 300 ] && ! eval "$1"; do
        sleep 0.1
        i=$((i + 1))
    done
    kill -INT "$pid"
    (sleep 60 && kill -KILL "$pid") > /dev/null 2>&1 &
    guard=$!
    wait "$pid"
    rc=$?
    kill "$guard" 2> /dev/null
}

"$S" generate --count 100000000 --output "$T/cut.txt" 2> "$T/err" &
pid=$!
interrupt_when '[ -n "$(find "$T" -name "cut.txt.partial.*" -size +0 2>/dev/null)" ]'
check "Ctrl-C: exit 130, says so, leaves no file" eval \
    '[ $rc -eq 130 ] && grep -q "interrupted after" "$T/err" && [ ! -e "$T/cut.txt" ] && [ -z "$(ls "$T" | grep partial)" ]'

# Ctrl-C under --jobs: the flag the handler sets is read by every thread
# (a volatile sig_atomic_t was a data race there, which ThreadSanitizer
# reports); the run stops, and what it wrote is the run's first puzzles.
"$S" generate --variant killer --count 100000000 --seed 4 --jobs 3 > "$T/cutj.txt" 2> "$T/err" &
pid=$!
interrupt_when '[ -s "$T/cutj.txt" ]'
made=$(wc -l < "$T/cutj.txt")
said=$(grep -c "interrupted after $made puzzles" "$T/err")
gen --variant killer --count "$made" --seed 4 > "$T/cutj1.txt"
check "Ctrl-C under --jobs 3: exit 130, says so, the run's first puzzles in order" eval \
    '[ $rc -eq 130 ] && [ "$said" -eq 1 ] && [ "$made" -gt 0 ] && cmp -s "$T/cutj.txt" "$T/cutj1.txt"'

# SIGTERM stops at once, even inside a long puzzle (25x25 here).
"$S" generate --size 25 --count 1000 --output "$T/term.txt" 2> "$T/err" &
pid=$!
sleep 0.5
kill -TERM "$pid"
start=$(date +%s)
wait "$pid"
rc=$?
took=$(($(date +%s) - start))
check "SIGTERM: exit 130 within a second or two, no file left" eval \
    '[ $rc -eq 130 ] && [ $took -le 2 ] && [ ! -e "$T/term.txt" ] && [ -z "$(ls "$T" | grep partial)" ]'


# Broken variant files (found by scripts/fuzz_inputs.sh): clear refusals,
# not an error inside scripts/generate.lua.
printf -- '-- a variant file cut short\n' > "$T/cut.lua"
gen --variant "$T/cut.lua" > "$T/o"
rc=$?
check "a variant file that returns nothing: refused, saying so" \
    eval '[ $rc -eq 2 ] && grep -q "variant cut: the file must return a table" "$T/err"'
sed 's/^v.strategies, v.strategy_for = .*/v.strategies, v.strategy_for = {}, marks.strategy_for/' \
    variants/palindrome.lua > "$T/nostrategy.lua"
gen --variant "$T/nostrategy.lua" > "$T/o"
rc=$?
check "a variant with no strategies: refused, naming its default" \
    eval '[ $rc -eq 2 ] && grep -q "variant palindrome: its default strategy .prune. is none of its strategies" "$T/err"'
sed 's/^v.strategies, v.strategy_for = dig.strategies,/v.strategies, v.strategy_for = dig.s,/' \
    variants/binary.lua > "$T/nolist.lua"
gen --variant "$T/nolist.lua" > "$T/o"
rc=$?
check "a variant whose strategies are nil: refused, naming what it needs" \
    eval '[ $rc -eq 2 ] && grep -q "variant nolist: generating needs strategies (a list)" "$T/err"'

# A variant whose prepare never gives a grid stops after M.prepare_limit
# tries, not after a grade's 10,000 grids.
cat > "$T/noprepare.lua" <<'LUA'
return require("variant").make{name = "noprepare", rules = "classic",
  prepare = function() return nil, "no layout fits" end}
LUA
gen --variant "$T/noprepare.lua" --grade hard > "$T/o"
rc=$?
check "a prepare that always fails: stops, saying how often it tried" \
    eval '[ $rc -eq 1 ] && grep -q "no layout fits (the variant.s prepare made no puzzle in 100 tries)" "$T/err"'

finish
