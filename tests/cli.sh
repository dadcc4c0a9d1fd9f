#!/bin/sh
# cli.sh — the sudolab command end to end: exit codes (cmd.h), error
# positions (FILE:LINE:COL), exact output lines.
#
#   sh tests/cli.sh PATH_TO_SUDOLAB      (from the project root, as ctest runs it)
#
# Prints "ok - ..." or "not ok - ..." per check and ends with
# "N passed, M failed"; exits 1 when any check failed, 2 on a usage error.

. "$(dirname "$0")/check.sh"
DATA=../shared/data

# run_in FILE ARGS...: the same with standard input from FILE.
run_in() {
    input=$1
    shift
    timeout "$LIMIT" "$S" "$@" < "$input" > "$T/out" 2> "$T/err"
    rc=$?
}

# out_is LINE...: stdout is exactly these lines.
out_is() {
    printf '%s\n' "$@" > "$T/want"
    cmp -s "$T/out" "$T/want"
}
out_has() { grep -q -F -- "$1" "$T/out"; }
err_matches() { grep -q -- "$1" "$T/err"; }
err_lines() { [ "$(wc -l < "$T/err")" -eq "$1" ]; }
err_empty() { [ ! -s "$T/err" ]; }
out_lines() { [ "$(wc -l < "$T/out")" -eq "$1" ]; }

# valid_grid N LINE [GIVENS]: an independent check (awk, not sudolab)
# that LINE is a complete N x N sudoku with the most square boxes
# (N = 4, 9, 16 or 25: square boxes) keeping every given of GIVENS.
valid_grid() {
    printf '%s %s\n' "$2" "${3:-}" | awk -v n="$1" '
    function digit(c) { return index("123456789ABCDEFGHIJKLMNOP", toupper(c)) }
    {
        g = $1; p = $2; b = int(sqrt(n) + 0.5)
        if (length(g) != n * n || b * b != n) exit 1
        if (p != "" && length(p) != n * n) exit 1
        for (i = 0; i < n * n; i++) {
            d = digit(substr(g, i + 1, 1))
            if (d < 1 || d > n) exit 1
            cell[i] = d
            if (p != "") {
                s = substr(p, i + 1, 1)
                if (s != "." && s != "0" && digit(s) != d) exit 1
            }
        }
        for (u = 0; u < n; u++) {
            split("", inrow); split("", incol); split("", inbox)
            for (i = 0; i < n; i++) {
                inrow[cell[u * n + i]] = 1
                incol[cell[i * n + u]] = 1
                inbox[cell[(int(u / b) * b + int(i / b)) * n + (u % b) * b + i % b]] = 1
            }
            for (d = 1; d <= n; d++) if (!(d in inrow) || !(d in incol) || !(d in inbox)) exit 1
        }
    }'
}
# every_line_valid N FILE: valid_grid for every line of FILE (no givens).
every_line_valid() {
    [ -s "$2" ] || return 1
    while IFS= read -r line; do
        valid_grid "$1" "$line" || return 1
    done < "$2"
}

# --- fixtures ---------------------------------------------------------------

# The first puzzle of puzzles2_17_clue, and its solution: checked by hand
# with `sudolab solve`, and below by the independent awk check (a valid
# grid keeping the 17 givens) and by `count` (exactly one solution).
PUZZLE=.................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...
SOLUTION=953168742862734951417952836746893125281645397395271468138529674574386219629417583
EMPTY72=........................................................................
# Well-formed but unsolvable: row 1 holds 1-8, and its one empty cell
# (r1c9) sees the 9 given at r2c9. No unit repeats a given.
UNSOLVABLE=12345678.........9${EMPTY72#?????????}
# The 17-clue puzzle with its last given (the 7 at r9c6) removed: a
# minimal puzzle minus a clue has more than one solution.
AMBIGUOUS=.................1.....2.3......3.2...1.4......5....6..3......4.7..8...962.......

DATA_17=$DATA/puzzles2_17_clue
DATA_HARD=$DATA/puzzles6_forum_hardest_1106

check "the fixture lines are 81 symbols each" eval '[ ${#PUZZLE} -eq 81 ] &&
    [ ${#SOLUTION} -eq 81 ] && [ ${#UNSOLVABLE} -eq 81 ] && [ ${#AMBIGUOUS} -eq 81 ] &&
    [ ${#EMPTY72} -eq 72 ]'
check "data file $DATA_17 is readable" test -r "$DATA_17"
check "data file $DATA_HARD is readable" test -r "$DATA_HARD"
first_17=$(grep -v '^#' "$DATA_17" 2>/dev/null | head -n 1)
check "the fixture puzzle is the first of puzzles2_17_clue" [ "$first_17" = "$PUZZLE" ]
check "the fixture solution is a valid grid keeping the givens (awk)" \
    valid_grid 9 "$SOLUTION" "$PUZZLE"
check "the swapped fixture solution is refused by the awk check (checker can fail)" \
    eval '! valid_grid 9 "593168742${SOLUTION#?????????}" "$PUZZLE"'
HARD=$(grep -v '^#' "$DATA_HARD" 2>/dev/null | head -n 1)
check "a hard puzzle was read from $DATA_HARD" [ ${#HARD} -eq 81 ]

# --- usage and help ----------------------------------------------------------

run --help
check "sudolab --help exits 0 and lists the commands" \
    eval 'rc_is 0 && out_has "solve" && out_has "count" && out_has "bench" && out_has "fill"'
run
check "sudolab with no command exits 2" rc_is 2
run nosuch
check "sudolab nosuch exits 2" eval 'rc_is 2 && err_has "nosuch"'
for cmd in solve count bench fill; do
    run "$cmd" --help
    check "sudolab $cmd --help exits 0 and mentions Exit codes" \
        eval 'rc_is 0 && out_has "Exit codes" && out_has "usage: sudolab $cmd"'
done
# `sudolab help CMD` printed the list of commands, not CMD's help.
run help render
check "sudolab help render is render --help" \
    eval 'rc_is 0 && out_has "usage: sudolab render" && out_has "Exit codes"'
run help solv
check "sudolab help solv: not a command, the one meant named, exit 2" \
    eval 'rc_is 2 && err_has "'"'solv' is not a command; did you mean 'solve'?"'"'
# An empty operand ('' from an unset variable) said ": cannot open: No such
# file or directory", the name missing from the front of the line.
run solve ''
check "solve '' says the name is empty, exit 2" \
    eval 'rc_is 2 && [ "$(cat "$T/err")" = "'"'': cannot open: the name is empty"'" ]'
run solve --bogus
check "an unknown option exits 2" eval 'rc_is 2 && err_has "--bogus"'
run solve --size 26 /dev/null
check "--size 26 is out of range: exit 2" rc_is 2
run count --limit 0 /dev/null
check "--limit 0 is refused: exit 2" rc_is 2
run fill --limit 3
check "fill does not take --limit: exit 2" \
    eval 'rc_is 2 && err_has "sudolab fill: this command does not take --limit"'

# --- options: one table per command, values checked before any work --------
printf '%s\n' "$PUZZLE" > "$T/p1.txt"
run solve "$T/p1.txt" --pretty
check "an option may follow the file: solve FILE --pretty prints the grid" \
    eval 'rc_is 0 && out_lines 12 && out_has "------+-------+------"'
run solve "$T/p1.txt" --max-nodes=100000000 -s9
check "--name=VALUE and -xVALUE are read" eval 'rc_is 0 && out_is "$SOLUTION"'
cp "$T/p1.txt" "$T/--pretty"
run solve -- "$T/p1.txt" --pretty
check "'--' ends the options: a later --pretty is a file" eval 'rc_is 2 && err_has "--pretty: cannot open"'
(cd "$T" && timeout "$LIMIT" "$S" solve -- --pretty > out 2> err; echo $? > rc)
rc=$(cat "$T/rc")
check "'--' lets a file be named like an option" eval 'rc_is 0 && out_is "$SOLUTION"'
run solve --prety "$T/p1.txt"
check "an unknown option is named with a guess" \
    eval 'rc_is 2 && err_has "unknown option '"'--prety'"'; did you mean '"'--pretty'"'?" && out_lines 0'
run solve -z "$T/p1.txt"
check "an unknown letter is named" eval 'rc_is 2 && err_has "unknown option '"'-z'"'" && out_lines 0'
mkdir -p "$T/folder"
run solve "$T/folder" "$T/p1.txt"
check "a folder named as a file cannot be opened, and the next file is read" \
    eval 'rc_is 2 && err_has "$T/folder: cannot open: Is a directory" && err_lines 1 && out_lines 1'
run solv "$T/p1.txt"
check "a mistyped command is named with a guess" \
    eval 'rc_is 2 && err_has "sudolab: '"'solv'"' is not a command; did you mean '"'solve'"'?" && out_lines 0'
run zzzzzz
check "a word like no command gets no guess" \
    eval 'rc_is 2 && err_has "sudolab: '"'zzzzzz'"' is not a command" && ! err_has "did you mean"'
run solve --pretty=yes "$T/p1.txt"
check "a flag given a value is refused" eval 'rc_is 2 && err_has "--pretty takes no value"'
run solve "$T/p1.txt" --size
check "an option missing its value is refused" eval 'rc_is 2 && err_has "--size needs a value" && out_lines 0'
run count --limit 5x "$T/p1.txt"
check "a number with trailing junk is refused with its range" \
    eval 'rc_is 2 && err_has "--limit wants a whole number 1..1000000000, not '"'5x'"'" && out_lines 0'
run count --limit -3 "$T/p1.txt"
check "a negative number is refused" eval 'rc_is 2 && err_has "--limit wants a whole number"'
run bench --runs 1001 "$T/p1.txt"
check "a number past its range is refused" eval 'rc_is 2 && err_has "--runs wants a whole number 1..1000"'
run fill --boxes 3by3
check "a bad box shape says what it wants" eval 'rc_is 2 && err_has "--boxes wants a box shape RxC"'
run solve --format clasic "$T/p1.txt"
check "an unknown format lists the formats, with a guess" \
    eval 'rc_is 2 && err_has "unknown format '"'clasic'"'; did you mean '"'classic'"'? (one of: auto, classic,"'
run convert --to prety "$T/p1.txt"
check "an unknown output form lists the forms, with a guess" \
    eval 'rc_is 2 && err_has "unknown output form '"'prety'"'; did you mean '"'pretty'"'? (one of: sudolab, solo, line, pretty, fpuzzles, fpuzzles-link, keen, unruly)" && out_lines 0'
run rate --state 1 "$T/p1.txt"
check "rate does not take hint's --state" eval 'rc_is 2 && err_has "does not take --state"'
run generate --help
check "generate --help lists the grades from the rater's table" \
    eval 'rc_is 0 && out_has "(easy, medium, hard, expert, extreme, beyond)"'
check "generate --help lists each variant's sizes and strategies from the scripts" \
    eval 'out_has "  killer          size 3..16; greedy, anneal" &&
          out_has "  anneal          --grade easy|medium|hard|expert|extreme|beyond, --rating" && out_has "The symmetries: none, rotate180," &&
          out_has "  arrow           size 9; prune, graded"'
run solve --help
check "solve --help lists the formats and says options may follow files" \
    eval 'rc_is 0 && out_has "(auto, classic, sudolab, killer, csv, solo, fpuzzles, keen, unruly)" && out_has "Options may follow the FILEs"'

# --- solve -------------------------------------------------------------------

printf '%s\n' "$PUZZLE" > "$T/one.txt"
run solve "$T/one.txt"
check "solve prints exactly the known solution, exit 0" \
    eval 'rc_is 0 && out_is "$SOLUTION" && err_empty'

run solve --pretty "$T/one.txt"
check "solve --pretty prints the 9 rows, 2 rule lines and a blank line, exit 0" \
    eval 'rc_is 0 && out_lines 12 && out_is \
        "9 5 3 | 1 6 8 | 7 4 2" \
        "8 6 2 | 7 3 4 | 9 5 1" \
        "4 1 7 | 9 5 2 | 8 3 6" \
        "------+-------+------" \
        "7 4 6 | 8 9 3 | 1 2 5" \
        "2 8 1 | 6 4 5 | 3 9 7" \
        "3 9 5 | 2 7 1 | 4 6 8" \
        "------+-------+------" \
        "1 3 8 | 5 2 9 | 6 7 4" \
        "5 7 4 | 3 8 6 | 2 1 9" \
        "6 2 9 | 4 1 7 | 5 8 3" \
        ""'
cp "$T/out" "$T/pretty.txt"
run solve "$T/pretty.txt"
check "the --pretty grid reads back as a puzzle (grid form) and solves to itself" \
    eval 'rc_is 0 && out_is "$SOLUTION"'

printf '# a comment\n\n%s\r\n%s 3.4 an annotation\n' "$PUZZLE" "$PUZZLE" > "$T/annotated.txt"
run solve "$T/annotated.txt"
check "comments, blank lines, CRLF and annotations after a puzzle are ignored" \
    eval 'rc_is 0 && out_is "$SOLUTION" "$SOLUTION"'

printf '%s\n' "$UNSOLVABLE" > "$T/unsolvable.txt"
run solve "$T/unsolvable.txt"
check "an unsolvable well-formed puzzle prints 'no solution', exit 1" \
    eval 'rc_is 1 && out_is "no solution" && err_empty'

# Two 5s in row 1 (columns 1 and 9: not the same box), then a good puzzle.
printf '%s\n%s\n' "5.......5$EMPTY72" "$PUZZLE" > "$T/clash.txt"
run solve "$T/clash.txt"
check "a given that breaks a rule: FILE:1:9: names the second 5, exit 2" \
    eval 'rc_is 2 && err_matches "^$T/clash.txt:1:9: " && err_lines 1'
check "... and the good puzzle after it is still solved" out_is "$SOLUTION"

# Malformed lines, each followed by a good puzzle.
{
    printf '%s\n' "${PUZZLE%?}"          # line 1: 80 symbols
    printf '%s\n' "$PUZZLE"              # line 2
    printf '%s\n' "....#x...$EMPTY72"    # line 3: '#' at column 5
    printf '%s\n' "$PUZZLE"              # line 4
    printf '%s\n' "${PUZZLE}9"           # line 5: 82 symbols
    printf '%s\n' "$PUZZLE"              # line 6
    printf '%s\n' "........x$EMPTY72"    # line 7: 'x' at column 9
    printf '%s\n' "$PUZZLE"              # line 8
} > "$T/malformed.txt"
M=$T/malformed.txt
run solve "$M"
check "malformed lines exit 2" rc_is 2
check "80 symbols: error just past the symbols, $M:1:81:" err_matches "^$M:1:81: "
check "'#x' inside a line: error at the '#', $M:3:5:" err_matches "^$M:3:5: "
check "82 symbols: error just past the symbols, $M:5:83:" err_matches "^$M:5:83: "
check "bad symbol 'x': error at it, $M:7:9:" err_matches "^$M:7:9: "
check "exactly one error line per malformed puzzle" err_lines 4
check "every good puzzle after a malformed one is still solved" \
    out_is "$SOLUTION" "$SOLUTION" "$SOLUTION" "$SOLUTION"

# Sudolab lines whose rules field is, or is not, the last one's: the loop
# reuses a ruleset only for rules equal to the line's (0-10 and 0-12 have
# one length and other counts); a cell number past the grid, even one
# that wraps around 2^64 to a cell, is an error at its path's column.
E16=................
{
    printf 'sudolab 4 2x2 classic;differ:0-10 %s\n' "$E16"
    printf 'sudolab 4 2x2 classic;differ:0-12 %s\n' "$E16"
    printf 'sudolab 4 2x2 classic;differ:0-10 1%s\n' "${E16%?}"
    printf 'sudolab 4 2x2 classic;differ:0-10,5-15 %s\n' "$E16"
    printf 'sudolab 4 2x2 classic;differ:5-15,0-10 %s\n' "$E16"
    printf 'sudolab 4 2x2 classic;differ:0-1,0-18446744073709551621 %s\n' "$E16"
    printf 'sudolab 4 2x2 classic %s\n' "$E16"
} > "$T/fields.txt"
run count --limit 1000 "$T/fields.txt"
check "a line's rules field reuses a ruleset only for its own rules" \
    eval 'rc_is 2 && out_is 216 288 54 168 168 288'
check "a cell number past 2^64 is an error at its path, $T/fields.txt:6:34:" \
    eval 'err_matches "^$T/fields.txt:6:34: expected 2 different cells" && err_lines 1'

# Exit codes combine: the largest wins.
printf '%s\n%s\n%s\n' "$UNSOLVABLE" "x$PUZZLE" "$PUZZLE" > "$T/mixed.txt"
run solve "$T/mixed.txt"
check "no solution (1) and bad input (2) together exit 2" \
    eval 'rc_is 2 && out_is "no solution" "$SOLUTION"'
printf '%s\n%s\n%s\n' "$UNSOLVABLE" "$HARD" "x$PUZZLE" > "$T/mixed3.txt"
run solve --max-nodes 1 "$T/mixed3.txt"
check "no solution, gave up and bad input together exit 3" rc_is 3

# --- input sources -----------------------------------------------------------

run_in "$T/one.txt" solve -
check "solve - reads standard input" eval 'rc_is 0 && out_is "$SOLUTION"'
run_in "$T/one.txt" solve
check "solve with no file reads standard input" eval 'rc_is 0 && out_is "$SOLUTION"'
run_in "$T/unsolvable.txt" solve "$T/one.txt" -
check "a file then '-' are read in order" eval 'rc_is 1 && out_is "$SOLUTION" "no solution"'
run solve "$T/no-such-file.txt"
check "a missing file exits 2 and names the file" \
    eval 'rc_is 2 && err_has "$T/no-such-file.txt"'
run solve "$T/no-such-file.txt" "$T/one.txt"
check "a missing file does not stop the next one" eval 'rc_is 2 && out_is "$SOLUTION"'

# --- count -------------------------------------------------------------------

run count "$T/one.txt"
check "count of a unique puzzle prints 1, exit 0" eval 'rc_is 0 && out_is 1'
printf '%s\n' "$AMBIGUOUS" > "$T/ambiguous.txt"
run count "$T/ambiguous.txt"
check "count of a puzzle with few givens prints 2 (the default limit), exit 0" \
    eval 'rc_is 0 && out_is 2'
printf '................\n' > "$T/empty4.txt"
run count --limit 5 --size 4 "$T/empty4.txt"
check "count --limit 5 --size 4 of an empty 4x4 prints 5" eval 'rc_is 0 && out_is 5'
run count --limit 1000 --size 4 "$T/empty4.txt"
check "an empty 4x4 sudoku has exactly 288 solutions" eval 'rc_is 0 && out_is 288'
run count --limit 1000 --size 4 --boxes none "$T/empty4.txt"
check "an empty 4x4 Latin square (--boxes none) has exactly 576 solutions" \
    eval 'rc_is 0 && out_is 576'
# A sudolab line states its own size and boxes: --size or --boxes saying
# otherwise is an error at the line (--boxes was once ignored), one that
# agrees changes nothing.
grep '^sudolab 9 3x3 classic ' tests/data/published_variants.txt > "$T/line9.txt"
grep '^sudolab 9 none ' tests/data/published_variants.txt > "$T/jigsaw9.txt"
"$S" solve "$T/line9.txt" > "$T/line9.sol"
run solve --size 4 "$T/line9.txt"
check "a sudolab line of 9 under --size 4: an error at its line, exit 2" \
    eval 'rc_is 2 && err_has "line9.txt:1:1: a 9x9 puzzle, but the size is set to 4" && out_lines 0'
run solve --boxes none "$T/line9.txt"
check "a sudolab line of 3x3 boxes under --boxes none: an error at its line, exit 2" \
    eval 'rc_is 2 && err_has "line9.txt:1:1: a puzzle with 3x3 boxes, but the boxes are set to none" && out_lines 0'
run count --boxes 3x3 "$T/jigsaw9.txt"
check "a jigsaw line (no boxes) under --boxes 3x3: an error, exit 2" \
    eval 'rc_is 2 && err_has "jigsaw9.txt:1:1: a puzzle with no boxes, but the boxes are set to 3x3"'
printf 'sudolab 6 2x3 classic ....................................\n' > "$T/line6.txt"
run count --boxes 3x2 "$T/line6.txt"
check "a sudolab line of 2x3 boxes under --boxes 3x2: an error, exit 2" \
    eval 'rc_is 2 && err_has "a puzzle with 2x3 boxes, but the boxes are set to 3x2"'
run solve --size 9 --boxes 3x3 "$T/line9.txt"
check "an agreeing --size and --boxes change nothing" \
    eval 'rc_is 0 && cmp -s "$T/out" "$T/line9.sol" && err_empty'
run count --boxes none "$T/jigsaw9.txt"
check "a jigsaw line under --boxes none: read, exit 0" eval 'rc_is 0 && out_is 1'
run count "$T/unsolvable.txt"
check "count of an unsolvable puzzle prints 0, exit 0" eval 'rc_is 0 && out_is 0'
run count --max-nodes 1 "$T/one.txt"
check "count --max-nodes 1 prints '?', exit 3" eval 'rc_is 3 && out_is "?"'

# --- fill --------------------------------------------------------------------

run fill --seed 7 --count 3
cp "$T/out" "$T/fill7a"
fill7a_rc=$rc
run fill --seed 7 --count 3
cp "$T/out" "$T/fill7b"
check "fill --seed 7 --count 3 exits 0 and prints 3 lines" \
    eval '[ "$fill7a_rc" -eq 0 ] && rc_is 0 && out_lines 3'
check "fill --seed 7 --count 3 twice prints the same grids" cmp -s "$T/fill7a" "$T/fill7b"
run fill --seed 8 --count 3
check "fill --seed 8 differs from --seed 7" eval '! cmp -s "$T/out" "$T/fill7a"'
check "the three fill lines are different grids" \
    eval '[ "$(sort -u "$T/fill7a" | wc -l)" -eq 3 ]'
check "fill lines are valid grids (awk)" every_line_valid 9 "$T/fill7a"
run fill --seed 7 --count 1
check "grid 0 of a run does not depend on the count" \
    eval 'out_is "$(head -n 1 "$T/fill7a")"'
run count "$T/fill7a"
check "each fill line counts exactly 1" eval 'rc_is 0 && out_is 1 1 1'
run solve "$T/fill7a"
check "each fill line solves to itself" eval 'rc_is 0 && cmp -s "$T/out" "$T/fill7a"'

run fill --size 16 --count 2 --seed 3
cp "$T/out" "$T/fill16"
check "fill --size 16 prints 2 lines of 256 symbols, exit 0" \
    eval 'rc_is 0 && out_lines 2 && [ "$(awk "length(\$0) != 256" "$T/fill16" | wc -l)" -eq 0 ]'
check "fill --size 16 lines are valid grids (awk)" every_line_valid 16 "$T/fill16"
run solve --size 16 "$T/fill16"
check "fill --size 16 lines solve back to themselves" \
    eval 'rc_is 0 && cmp -s "$T/out" "$T/fill16"'

# A long run killed (SIGTERM ends fill, and generate at once) leaves whole
# lines: a buffer written when full was cut inside a line. fill and
# generate flushed before a line that might not fit; every other command
# too now, as standard output writes up to its last newline. The puzzle
# commands read an endless stream of one puzzle.
EASY_LINE=003020600900305001001806400008102900700000008006708200002609500800203009005010300
for cmd in "fill --count 1000000000" "generate --count 1000000000" "solve" "solve --jobs 2" \
    "rate" "convert --to pretty"; do
    # shellcheck disable=SC2086
    yes "$EASY_LINE" | "$S" $cmd > "$T/killed" 2> /dev/null &
    pid=$!
    # killed once it has written (a sanitizer build's rate writes its
    # first buffer only after a second or more), and is writing more
    i=0
    while [ ! -s "$T/killed" ] && [ $i -lt 300 ]; do sleep 0.1; i=$((i + 1)); done
    sleep 0.5
    kill -TERM $pid
    wait $pid
    rc=$?
    check "$cmd killed by SIGTERM: whole lines written, exit $rc (killed)" \
        eval '[ $rc -ge 128 ] && [ -s "$T/killed" ] &&
              [ "$(tail -c 1 "$T/killed" | od -An -tx1 | tr -d " ")" = 0a ]'
done

run fill --size 25 --count 2 --seed 3
cp "$T/out" "$T/fill25"
check "fill --size 25 prints 2 lines of 625 symbols, exit 0" \
    eval 'rc_is 0 && out_lines 2 && [ "$(awk "length(\$0) != 625" "$T/fill25" | wc -l)" -eq 0 ]'
check "fill --size 25 lines are valid grids (awk)" every_line_valid 25 "$T/fill25"
run solve "$T/fill25"
check "fill --size 25 lines solve back to themselves (size inferred)" \
    eval 'rc_is 0 && cmp -s "$T/out" "$T/fill25"'

run fill --size 6 --boxes 4x4
check "fill --size 6 --boxes 4x4 exits 2" eval 'rc_is 2 && [ ! -s "$T/out" ]'
run fill --size 6
check "fill --size 6 prints one 36-symbol line" \
    eval 'rc_is 0 && out_lines 1 && [ "$(head -c 36 "$T/out" | tr -d "1-6" | wc -c)" -eq 0 ]'
run fill nosuchfile
check "fill with a file operand exits 2" rc_is 2
run rules killer
check "rules NAME describes the rule: its form, its arguments, a line" \
    eval 'rc_is 0 && out_has "form: killer:MAP:SUMS" && out_has "SUMS  each cage" &&
          out_has "  sudolab 4 2x2 classic;killer:" && err_empty'
run rules killer kiler
check "rules with an unknown name exits 2 with a guess, describing none" \
    eval 'rc_is 2 && err_has "unknown rule '"'kiler'"'; did you mean '"'killer'"'?" && out_lines 0'
run rules kropki
check "rules of a variant's name says it is a variant, and names its rules" \
    eval 'rc_is 2 && err_has "'"'kropki'"' is a variant, not a rule" && err_has "its rules: classic, relation" && out_lines 0'
# Every rule's description: its form opens with its name, and its example
# is a line of that rule that reads (count exits 0 or 1, never 2).
for rule in $("$S" rules | cut -d' ' -f1); do
    run rules "$rule"
    form=no
    rc_is 0 && out_has "form: $rule" && form=yes
    sed -n 's/^  \(sudolab .*\)$/\1/p' "$T/out" > "$T/example"
    run_in "$T/example" count --limit 2
    check "rules $rule: a form, arguments, and an example line that reads" \
        eval '[ $form = yes ] && [ $(wc -l < "$T/example") -eq 1 ] &&
              grep -q "^sudolab [^ ]* [^ ]* [^ ]*$rule" "$T/example" && { rc_is 0 || rc_is 1; } && out_lines 1'
done

# --- bench -------------------------------------------------------------------

grep -v '^#' "$DATA_17" 2>/dev/null | head -n 20 > "$T/small.txt"
run bench "$T/small.txt"
check "bench of 20 puzzles prints 'all verified', exit 0" \
    eval 'rc_is 0 && out_lines 1 && out_has "$T/small.txt: 20 puzzles" &&
          out_has "all verified" && ! out_has "NOT all verified"'
run bench --runs 3 "$T/small.txt"
check "bench --runs 3 reports the median of 3 runs, exit 0" \
    eval 'rc_is 0 && out_has "20 puzzles" && out_has "all verified" && out_has "median of 3 runs"'
printf '%s\n%s\n' "$PUZZLE" "$UNSOLVABLE" > "$T/bench_bad.txt"
run bench "$T/bench_bad.txt"
check "bench with an unsolvable puzzle says 'NOT all verified', exit 1" \
    eval 'rc_is 1 && out_has "NOT all verified" && err_matches ":2: no solution"'
run_in "$T/small.txt" bench
check "bench reads standard input" eval 'rc_is 0 && out_has "20 puzzles" && out_has "all verified"'
# Documented: with --runs R "each file is solved R times and the median
# run is reported"; '-' is one file of 20 puzzles, read once.
run_in "$T/small.txt" bench --runs 3 -
check "bench --runs 3 - still reports the 20 puzzles of standard input" \
    eval 'rc_is 0 && out_has "20 puzzles" && ! out_has "nan"'
printf '%s\n' "$HARD" > "$T/hard.txt"
run bench --max-nodes 1 "$T/hard.txt"
check "bench --max-nodes 1 on a hard puzzle exits 3" rc_is 3
check "bench that gave up on a puzzle does not claim 'all verified'" \
    eval '! out_has "all verified" || out_has "NOT all verified"'

# A file that cannot be opened is one error, once, however many runs.
run bench --runs 3 "$T/no_such_file.txt"
check "bench of a missing file: one 'cannot open' error, no 'no puzzles', exit 2" \
    eval 'rc_is 2 && err_lines 1 && err_has "no_such_file.txt: cannot open" && out_lines 0'
run bench --runs 2 "$T"
check "bench of a folder: one 'Is a directory' error, exit 2" \
    eval 'rc_is 2 && err_lines 1 && out_lines 0'
# Each run read the file again and told its faults again: three times.
printf '%s\nxyz\n%s\n' "$PUZZLE" "$UNSOLVABLE" > "$T/bench_faults.txt"
run bench --runs 3 "$T/bench_faults.txt"
check "bench --runs 3: a bad line and an unsolvable puzzle told once each" \
    eval 'rc_is 2 && err_lines 2 && err_has ":2:1: " && err_has ":3: no solution" &&
          out_has "median of 3 runs"'
run bench /dev/null
check "bench of an empty file says 'no puzzles', exit 0" \
    eval 'rc_is 0 && out_is "/dev/null: no puzzles" && err_empty'

# A puzzle typed where a file goes: "cannot open" alone left the user
# to guess why it was not read as a puzzle (hint takes it so).
for jobs in 1 2; do
    run solve --jobs $jobs "$PUZZLE"
    check "solve PUZZLE (--jobs $jobs): cannot open, and why the text was not read" \
        eval 'rc_is 2 && err_lines 1 && err_has "cannot open: No such file or directory; it reads as a puzzle, which this command takes from a file or standard input"'
done
run solve "$T/puzzels.txt"
check "solve of a missing file's name: cannot open alone" \
    eval 'rc_is 2 && err_lines 1 && ! err_has "reads as a puzzle"'

# --- limits ------------------------------------------------------------------

run solve --max-nodes 1 "$T/hard.txt"
check "solve --max-nodes 1 on a hard puzzle exits 3 and says it gave up" \
    eval 'rc_is 3 && out_is "gave up" && err_has "gave up"'
run solve --max-nodes 100000000 "$T/hard.txt"
check "solve of the hard puzzle with a generous node limit solves it" \
    eval 'rc_is 0 && valid_grid 9 "$(cat "$T/out")" "$HARD"'

for i in 1 2 3; do
    head -c 20000 /dev/urandom > "$T/garbage$i"
    run solve "$T/garbage$i"
    check "garbage input $i (20000 random bytes) exits 2, no crash or hang" rc_is 2
done
run count "$T/garbage1"
check "count of garbage exits 2" rc_is 2
printf '\000\000\377\n%s\n' "$PUZZLE" > "$T/nul.txt"
run solve "$T/nul.txt"
check "NUL and 0xFF bytes are an error on their line, the next puzzle solves" \
    eval 'rc_is 2 && err_matches "^$T/nul.txt:1:" && out_is "$SOLUTION"'

# --- variant formats ------------------------------------------------------------

E16=................
E81=.................................................................................
KMAP=AABCDDDEFGGBCHIEEFJJKHHILLMNNKKOPQQMRSSTOPUVVRRWTXUUYZabWWXcdYZabeeXcdffgghhccfff
KSUMS=13,11,7,18,18,6,13,14,7,7,8,12,13,8,7,16,14,16,15,14,15,5,12,13,11,13,3,9,16,11,12,20,12,16
KSOL=673298154948531672521476398714329865396857241852614937239145786165783429487962513
printf '%s %s\n' "$KMAP" "$KSUMS" > "$T/killer.txt"
run solve "$T/killer.txt"
check "a CAGEMAP SUMS killer line solves to its published answer" eval 'rc_is 0 && out_is "$KSOL"'
run convert "$T/killer.txt"
check "convert writes the sudolab line of a killer" \
    eval 'rc_is 0 && out_is "sudolab 9 3x3 classic;killer:$KMAP:$KSUMS $E81"'
cp "$T/out" "$T/killer_line.txt"
run convert "$T/killer_line.txt"
check "the sudolab line converts to itself (exact round trip)" \
    eval 'rc_is 0 && cmp -s "$T/out" "$T/killer_line.txt"'
run convert --to solo "$T/killer.txt"
check "convert --to solo writes a Solo killer ID" eval 'rc_is 0 && out_has "3x3k:"'
cp "$T/out" "$T/killer_solo.txt"
run solve "$T/killer_solo.txt"
check "the Solo ID solves to the same answer" eval 'rc_is 0 && out_is "$KSOL"'
printf 'grade,index,cage_map,cage_sums,solution\n1,1,%s,"%s",%s\n' "$KMAP" "$KSUMS" "$KSOL" > "$T/k.csv"
run bench "$T/k.csv"
check "bench reads a killer CSV (header skipped) and verifies against its solution" \
    eval 'rc_is 0 && out_has "1 puzzles" && out_has "all verified"'
printf 'grade,index,cage_map,cage_sums,solution\n1,1,%s,"%s",%s\n' "$KMAP" "$KSUMS" \
    "$(echo "$KSOL" | sed 's/^67/76/')" > "$T/kbad.csv"
run bench "$T/kbad.csv"
check "bench exits 1 when the file's solution is not the one found" \
    eval 'rc_is 1 && out_has "NOT all verified"'
printf 'sudolab 9 3x3 classic;killer:%s:%s %s\n' "$KMAP" "$(echo "$KSUMS" | sed 's/^13,11,7/13,11,25/')" "$E81" > "$T/kimpossible.txt"
run solve "$T/kimpossible.txt"
check "an impossible cage sum is an error at its column" \
    eval 'rc_is 2 && err_matches "^$T/kimpossible.txt:1:118: cage 3: no 2 distinct digits"'
# A killer line with a slip in its sums or map is no line the pattern
# takes: it was read as a classic one, "'Q' is not a sudoku symbol" in
# the middle of the map; the killer reader's own error now names it.
printf '%s %s\n' "$KMAP" "$(echo "$KSUMS" | sed 's/^13,/13abc,/')" > "$T/kslip.txt"
run solve "$T/kslip.txt"
check "a slip in a killer line's sums is an error at the slip" \
    eval 'rc_is 2 && err_matches "^$T/kslip.txt:1:85: expected .,. and the sum of cage 2"'
printf '%s %s\n' "${KMAP%?}" "$KSUMS" > "$T/kshort.txt"
run solve "$T/kshort.txt"
check "a killer map a cell short is said to be one" \
    eval 'rc_is 2 && err_matches "^$T/kshort.txt:1:1: a cage map of 80 cells is not a square grid"'
printf '%s\n' "$KMAP" > "$T/knosums.txt"
run solve "$T/knosums.txt"
check "a killer map without its sums is said to want them" \
    eval 'rc_is 2 && err_matches "^$T/knosums.txt:1:82: a killer cage map needs its sums after it"'
printf 'sudolab 4 2x2 classic;oddeven:o............... 2...............\n' > "$T/oe.txt"
run solve "$T/oe.txt"
check "an odd mark on an even given is an error at the given" \
    eval 'rc_is 2 && err_matches "^$T/oe.txt:1:48: r1c1: a rule forbids digit 2"'
printf 'sudolab 4 none classic;jigsaw:AABBAABBCCDDCDCD %s\n' "$E16" > "$T/jig.txt"
run check "$T/jig.txt"
check "check warns about a jigsaw region in two pieces" \
    eval 'err_matches "^$T/jig.txt:1: warning: jigsaw: region 3 is not one connected piece"'
printf 'sudolab 9 3x3 classic;nosuch %s\n' "$E81" > "$T/unknown.txt"
run solve "$T/unknown.txt"
check "an unknown rule is an error at its name" \
    eval 'rc_is 2 && err_matches "^$T/unknown.txt:1:23: unknown rule"'
printf 'sudolab 9 3x3 classic;diagnoal %s\n' "$E81" > "$T/misspelt.txt"
run solve "$T/misspelt.txt"
check "a misspelt rule gets a guess at its name" \
    eval 'rc_is 2 && err_has "misspelt.txt:1:23: unknown rule '"'diagnoal'; did you mean 'diagonal'?"'"'
# A forcing chain through a relation rule's deductions was named
# "forcing chains through cages" in a puzzle without a cage.
run rate --explain tests/data/consecutive_marked.txt
check "rate --explain names forcing chains through the rules, not cages, where none are" \
    eval 'rc_is 0 && out_has "forcing chains through the rules: " && ! grep -q cage "$T/out"'
# A rule given twice (a setter's two relation tables, each its own item)
# was told to "give all its data once" with no word of how: the form
# says (relation's tables joined by '|').
printf 'sudolab 4 2x2 classic;relation:e.c.8.0:0-1;relation:e.c.8.0:4-5 %s\n' "$E16" > "$T/twice.txt"
run solve "$T/twice.txt"
check "a rule given twice is told its form, which holds all its data" \
    eval 'rc_is 2 && err_has "twice.txt:1:44: rule '"'relation'"' appears twice (give all its data once: relation:TABLE:PAIRS[|TABLE:PAIRS...])"'
run solve --format classic "$T/killer.txt"
check "--format classic refuses a killer line" eval 'rc_is 2 && err_has "--format"'
run solve --format nosuch "$T/killer.txt"
check "--format with an unknown name is a usage error" rc_is 2
run rules
check "rules lists every plugin" \
    eval 'rc_is 0 && out_has "killer" && out_has "jigsaw" && out_has "oddeven" && out_has "diagonal"'
run bench tests/data/solo_ids.txt
check "every captured Solo ID solves to Solo's own answer" \
    eval 'rc_is 0 && out_has "51 puzzles" && out_has "all verified"'
run convert --to solo tests/data/solo_ids.txt
cut -d' ' -f1 tests/data/solo_ids.txt | grep -v '^#' | grep . > "$T/ids"
check "Solo IDs convert back to themselves byte for byte" eval 'rc_is 0 && cmp -s "$T/out" "$T/ids"'
printf 'sudolab 4 none classic;oddeven:%s %s\n' "$E16" "$E16" > "$T/nosolo.txt"
run convert --to solo "$T/nosolo.txt"
check "convert --to solo refuses a rule Solo lacks" eval 'rc_is 2 && err_has "no form"'

# --- Lua scripts and variants ------------------------------------------------------

run variants
check "variants lists every variant file with its summary" \
    eval 'rc_is 0 && out_has "killer " && out_has "jigsaw " && out_has "windoku "'
printf 'local p = sudolab.puzzle{rules = "classic;diagonal"}\nprint(p:count(1), select("#", ...), ...)\n' > "$T/ok.lua"
run run "$T/ok.lua" a b
check "run passes arguments and prints" eval 'rc_is 0 && out_is "1	2	a	b"'
run run "$T/ok.lua" --max-memory 3 -- x
check "run: what follows the script is the script's, options too" \
    eval 'rc_is 0 && out_is "1	4	--max-memory	3	--	x"'
# "-" is standard input, as for every other command: it said "cannot
# open -: No such file or directory".
run_in "$T/ok.lua" run - a b
check "run - reads the script from standard input, its arguments after" \
    eval 'rc_is 0 && out_is "1	2	a	b"'
printf 'local x = 1\nerror("boom")\n' > "$T/boom.lua"
run_in "$T/boom.lua" run -
check "run -: its errors name <stdin> and the line" eval 'rc_is 2 && err_has "<stdin>:2: boom"'
# The start luaL_loadfilex skips, skipped for standard input too: a byte
# order mark and a '#' first line, the line numbers kept.
printf '\357\273\277#!/usr/bin/env sudolab run\nlocal x = 1\nerror("boom")\n' > "$T/boom.lua"
run_in "$T/boom.lua" run -
check "run -: a BOM and a #! line skipped, the lines still counted" \
    eval 'rc_is 2 && err_has "<stdin>:3: boom"'
printf '\033Lua' > "$T/boom.lua"
run_in "$T/boom.lua" run -
check "run -: a binary chunk refused, named <stdin>" \
    eval 'rc_is 2 && err_has "<stdin>: a precompiled (binary) chunk"'
# sudolab.progress: what a run has reached, told when a budget or the
# memory cap stops it (a dig that never lands once said nothing of it).
# far SCRIPT OPTION...: SCRIPT (a printf format) as far.lua, run with them.
far() {
    printf "$1" > "$T/far.lua"
    shift
    run run "$@" "$T/far.lua"
}
far 'sudolab.progress("reached 7")\nwhile true do end\n' --max-instructions 1000000
check "run: an instruction budget's stop tells sudolab.progress's text" \
    eval 'rc_is 2 && err_has "far.lua:2: instruction budget exceeded (1000000; see --max-instructions); reached 7"'
run run --max-seconds 1 "$T/far.lua"
check "run: a time budget's stop tells it too" \
    eval 'rc_is 2 && err_has "far.lua:2: time budget exceeded (1 s of CPU; see --max-seconds); reached 7"'
far 'sudolab.progress("reached 7")\nlocal t = {}\nfor i = 1, 1e9 do t[i] = i end\n' --max-memory 8
check "run: the memory cap's stop tells it too" \
    eval 'rc_is 2 && err_has "far.lua: not enough memory (cap 8 MiB; see --max-memory); reached 7"'
far 'sudolab.progress("reached 7")\nsudolab.progress()\nwhile true do end\n' --max-instructions 1000000
check "run: sudolab.progress() forgets it" \
    eval 'rc_is 2 && err_has "far.lua:3: instruction budget exceeded (1000000; see --max-instructions)" &&
          ! err_has "reached"'
# The text is one line of the stop's message: a newline becomes a blank,
# and a text past the buffer loses the character the cut would split
# (200 two-byte letters: the message stays valid UTF-8).
far 'sudolab.progress("reached\\n7")\nwhile true do end\n' --max-instructions 1000000
check "run: sudolab.progress's text stays on the stop's line" \
    eval 'rc_is 2 && err_has "see --max-instructions); reached 7" && [ $(wc -l < "$T/err") -eq 1 ]'
far 'sudolab.progress(string.rep("\\u{e9}", 200))\nwhile true do end\n' --max-instructions 1000000
check "run: a long sudolab.progress text is cut between characters" \
    eval 'rc_is 2 && err_has "; $(printf "\\303\\251")" && iconv -f UTF-8 -t UTF-8 "$T/err" > /dev/null'
run run --max-memry 3 "$T/ok.lua"
check "run: an unknown option is named with a guess" \
    eval 'rc_is 2 && err_has "unknown option '"'--max-memry'"'; did you mean '"'--max-memory'"'?" && out_lines 0'
run run --max-memory 0 "$T/ok.lua"
check "run: --max-memory 0 is out of range" eval 'rc_is 2 && err_has "--max-memory wants a whole number 1.."'
printf 'sudolab.puzzle{size = 4, rulse = "classic"}\n' > "$T/badkey.lua"
run run "$T/badkey.lua"
check "an unknown key of sudolab.puzzle{} is named, with its line and a guess" \
    eval 'rc_is 2 && err_matches "^$T/badkey.lua:1: puzzle: unknown key .rulse.; did you mean .rules.?"'
printf 'sudolab.puzzle{}:add_lua_rule{name = "x", check = function() return true end, cell = {1}}\n' > "$T/badkey2.lua"
run run "$T/badkey2.lua"
check "an unknown key of p:add_lua_rule{} is named, with a guess" \
    eval 'rc_is 2 && err_has "add_lua_rule: unknown key '"'cell'"'; did you mean '"'cells'"'?"'
printf 'local x = 1\nwhile true do x = x + 1 end\n' > "$T/loop.lua"
run run --max-instructions 1000000 "$T/loop.lua"
check "an endless loop stops at the budget with file:line, exit 2" \
    eval 'rc_is 2 && err_matches "^$T/loop.lua:2: instruction budget exceeded"'
printf 'local t = {}\nfor i = 1, 1e9 do t[i] = string.rep("x", 100) .. i end\n' > "$T/mem.lua"
run run --max-memory 16 "$T/mem.lua"
check "a memory bomb stops at the cap, exit 2" \
    eval 'rc_is 2 && err_has "not enough memory (cap 16 MiB; see --max-memory)"'
printf 'local p = sudolab.puzzle{}\np:set(1, 2, "x")\n' > "$T/badarg.lua"
run run "$T/badarg.lua"
check "a bad API argument names its line and position" \
    eval 'rc_is 2 && err_matches "^$T/badarg.lua:2: bad argument #4 to .set."'
printf 'x = = 1\n' > "$T/syntax.lua"
run run "$T/syntax.lua"
check "a syntax error names its line" eval 'rc_is 2 && err_matches "^$T/syntax.lua:1:"'
printf 'os.execute("touch %s/owned")\n' "$T" > "$T/exec.lua"
run run "$T/exec.lua"
check "os.execute is not there" eval 'rc_is 2 && [ ! -e "$T/owned" ]'
run run "$T/missing.lua"
check "a missing script is an error" rc_is 2
printf 'print(select("#", ...))\n' > "$T/count.lua"
run run "$T/count.lua" $(seq 5000)
check "a script takes thousands of arguments" eval 'rc_is 0 && out_is 5000'
X_GIVENS=85.....7....97...2.....6...9.....26.6.......7.35.....8...1.....3...69....4.....16
printf '%s\n' "$X_GIVENS" > "$T/x.txt"
run count "$T/x.txt"
check "an X puzzle's givens alone have several classic solutions" eval 'rc_is 0 && out_is 2'
run solve --variant diagonal "$T/x.txt"
check "--variant diagonal solves them as X (Solo's answer)" \
    eval 'rc_is 0 && out_is 856312974413978652792456183978543261624891537135627498567184329381269745249735816'
run solve --variant killer "$T/x.txt"
check "--variant killer on plain givens says the rule needs data" \
    eval 'rc_is 2 && err_has "needs data"'
run solve --variant nosuch "$T/x.txt"
check "--variant with an unknown name is an error listing the variants" \
    eval 'rc_is 2 && err_has "unknown variant '"'nosuch'"' (one of: antiking," && out_lines 0'
run rate --variant diagonl "$T/x.txt"
check "--variant guesses a misspelt name" eval 'rc_is 2 && err_has "did you mean '"'diagonal'"'?"'
run variants --time
check "variants --time reports a start-and-load time per variant" \
    eval 'rc_is 0 && out_has "killer" && out_has "median"'
run variants -h
check "variants -h is its help, as every command's" eval 'rc_is 0 && out_has "usage: sudolab variants"'
# SUDOLAB_ROOT naming a folder without variants/ (missing, empty, a
# file): variants said "(set SUDOLAB_ROOT)", set already, and generate
# "no classic.lua in ROOT/variants" with no word of the root.
mkdir -p "$T/empty_root"
for root in "$T/no_root" "$T/empty_root" /dev/null; do
    SUDOLAB_ROOT=$root timeout "$LIMIT" "$S" variants > "$T/out" 2> "$T/err"
    rc=$?
    check "variants with SUDOLAB_ROOT=$root names it (exit 2)" \
        eval 'rc_is 2 && err_has "SUDOLAB_ROOT is '"'$root'"', which holds no variants/ folder"'
    SUDOLAB_ROOT=$root timeout "$LIMIT" "$S" generate > "$T/out" 2> "$T/err"
    rc=$?
    check "generate with SUDOLAB_ROOT=$root names it (exit 2)" \
        eval 'rc_is 2 && err_has "no variant '"'classic'"': SUDOLAB_ROOT is '"'$root'"'"'
done
run variants --tim
check "variants names an unknown option, with a guess" \
    eval 'rc_is 2 && err_has "unknown option '"'--tim'"'; did you mean '"'--time'"'?"'
# variants and version parsed their arguments by hand: no letter, no
# "--", usage text instead of the shared "(see ... --help)"; now the
# shared parser's.
run variants -k
check "variants -k is --time" eval 'rc_is 0 && out_has "median"'
run variants -- --time
check "variants -- --time: after --, an operand, which it takes none of" \
    eval 'rc_is 2 && err_has "sudolab variants: takes no operands" && err_has "(see '"'sudolab variants --help'"')" && out_lines 0'
run variants killer
check "variants takes no operand, as the other commands say it" \
    eval 'rc_is 2 && err_has "sudolab variants: takes no operands" && out_lines 0'
run --version --
check "--version --: the version" eval 'rc_is 0 && out_has "sudolab "'
run version -h
check "version -h is its help" eval 'rc_is 0 && out_has "usage: sudolab version"'
run version --verbose
check "version names an unknown option, as every command does" \
    eval 'rc_is 2 && err_has "sudolab version: unknown option '"'--verbose'"'" && err_has "(see '"'sudolab version --help'"')" && out_lines 0'
run version now
check "version takes no operand" eval 'rc_is 2 && err_has "sudolab version: takes no operands"'

# --- rate and hint ---------------------------------------------------------
EASY=003020600900305001001806400008102900700000008006708200002609500800203009005010300
printf '%s\n' "$EASY" > "$T/easy.txt"
run rate "$T/easy.txt"
check "rate prints rating, grade, work and technique counts" \
    eval 'rc_is 0 && grep -q "^1\.2 easy [0-9.]* .*hidden-single-box:[0-9]" "$T/out"'
run rate --json "$T/easy.txt"
check "rate --json is one object with the rating and the techniques" \
    eval 'rc_is 0 && out_has "\"rating\":1.2,\"grade\":\"easy\"" && out_has "\"techniques\":{"'
# A file name is data: a newline, a tab or a Latin-1 byte in it once went
# into the line raw, and the line was no longer JSON.
odd_name=$(printf 'odd\nname\t\351.txt')
cp "$T/easy.txt" "$T/$odd_name"
run rate --json "$T/$odd_name"
check "rate --json escapes an odd file name and stays one JSON object" \
    eval 'rc_is 0 && [ $(wc -l < "$T/out") -eq 1 ] && out_has "odd\\u000aname\\u0009\\ufffd.txt" &&
          python3 -c "import json,sys; json.loads(sys.stdin.read())" < "$T/out"'
# candidates and count --estimate say each object's place, as rate does:
# a bad line has no object, and without it the objects after it were
# taken for the wrong puzzles.
printf 'bad\n%s\n' "$EASY" > "$T/bad_first.txt"
for cmd in "candidates --json" "count --estimate --json --probes 10"; do
    # shellcheck disable=SC2086
    run $cmd "$T/odd
name	$(printf '\351').txt" "$T/bad_first.txt"
    check "$cmd: each object begins with its file and line" \
        eval 'rc_is 2 && [ $(wc -l < "$T/out") -eq 2 ] &&
              python3 -c "import json,sys; [json.loads(l) for l in sys.stdin]" < "$T/out" &&
              head -1 "$T/out" | grep -q "^{\"file\":\"[^\"]*odd\\\\u000aname\\\\u0009\\\\ufffd.txt\",\"line\":1," &&
              tail -1 "$T/out" | grep -q "^{\"file\":\"[^\"]*bad_first.txt\",\"line\":2,"'
done
run rate --explain "$T/easy.txt"
check "rate --explain gives every step in words, then the rating" \
    eval 'rc_is 0 && out_has "1. [1.2] r2c2: hidden single 6 in box 1" && [ $(grep -c "^ *[0-9]*\. \[" "$T/out") -eq 49 ]'
check "rate --explain ends with the rules the solve path used" \
    eval 'out_has "# rules used: classic" && out_has "# rules unused: none"'
printf 'sudolab 9 3x3 classic;thermo:0-1 %s\n' "$(printf '%s' "$EASY" | tr 0 .)" > "$T/thermo_redundant.txt"
run rate --explain "$T/thermo_redundant.txt"
check "rate --explain names a rule the solve path left unused" \
    eval 'rc_is 0 && out_has "# rules unused: thermo"'
run rate --json "$T/thermo_redundant.txt"
check "rate --json lists the unused rules" eval 'rc_is 0 && out_has "\"unused_rules\":[\"thermo\"]"'
printf '%s\n' 000000000000000000000000000000000000000000000000000000000000000000000000000000012 > "$T/many.txt"
run rate "$T/many.txt"
check "rate refuses a puzzle with several solutions (exit 1)" \
    eval 'rc_is 1 && out_is "not rated" && err_has "several solutions"'
# --jobs (rate, solve, count, --variant too): more puzzles than one window (256),
# good, bad and not unique ones mixed, so the order of both streams shows.
grep -v '^#' $DATA/se_rated_sample.txt | head -n 300 | cut -d' ' -f1 > "$T/jobs.txt"
sed -n 1p "$T/many.txt" >> "$T/jobs.txt"
printf '%s\n' 12345 "$EASY" >> "$T/jobs.txt"
# Both streams name the input: <stdin> or the file, read as one name F.
same_name() { sed 's#<stdin>#F#g; s#[^ :"]*jobs\.txt#F#g' "$@"; }
for command in rate "rate --explain" "rate --json" solve "count --limit 3" "count --variant diagonal"; do
    "$S" $command "$T/jobs.txt" > "$T/jobs1.out" 2> "$T/jobs1.err"
    rc1=$?
    run_in "$T/jobs.txt" $command --jobs 3 - "$T/jobs.txt"
    check "$command --jobs 3 writes what one thread writes, in order (stdin and a file)" \
        eval 'rc_is $rc1 && rc_is 2 &&
              [ "$(same_name "$T/out")" = "$(same_name "$T/jobs1.out" "$T/jobs1.out")" ] &&
              [ "$(same_name "$T/err")" = "$(same_name "$T/jobs1.err" "$T/jobs1.err")" ]'
done
# A pipe is read once for every thread, and a second "-" finds standard
# input at its end, as with one thread.
"$S" count "$T/jobs.txt" > "$T/jobs1.out" 2> /dev/null
mkfifo "$T/fifo" && { cat "$T/jobs.txt" > "$T/fifo" & }
run count --jobs 3 "$T/fifo"
check "count --jobs 3 reads a named pipe once" eval 'rc_is 2 && cmp -s "$T/out" "$T/jobs1.out"'
run_in "$T/jobs.txt" count --jobs 2 - -
check "count --jobs 2 - - reads standard input once" eval 'rc_is 2 && cmp -s "$T/out" "$T/jobs1.out"'
# Threads past the CPUs only wait for each other (scripts/RESULTS.md,
# harden3 and jobshare): --jobs is capped at the online CPUs (not below
# 8), with a note; the output stays.
cpus=$(getconf _NPROCESSORS_ONLN)
most=$((cpus > 8 ? cpus : 8))
run count --jobs 256 "$T/jobs.txt"
check "count --jobs 256 runs $most threads ($cpus CPUs), says so, writes the same" \
    eval 'rc_is 2 && cmp -s "$T/out" "$T/jobs1.out" &&
          { [ "$most" -ge 256 ] || err_has "sudolab: note: --jobs 256 runs $most threads ($cpus online CPUs)"; }'
printf '%s\n' 00302060090030500100180640000810290070000000800670820000260950080020300900501030x > "$T/badrate.txt"
run rate "$T/badrate.txt"
check "rate reports a malformed line with its position (exit 2)" eval 'rc_is 2 && err_matches "badrate.txt:1:"'
run hint "$EASY"
check "hint takes the puzzle itself as the operand" \
    eval 'rc_is 0 && out_is "r2c2: hidden single 6 in box 1 [1.2]"'
# A 16x16 or 25x25 puzzle typed as the operand is 256 symbols or more,
# past the longest file name: "cannot open: File name too long".
G16=$("$S" fill --size 16 --seed 1)
run hint ".${G16#?}"
check "hint takes a 16x16 puzzle of 256 symbols as the operand" \
    eval 'rc_is 0 && out_is "r1c1: full house 2 in row 1 [1.0]"'
run solve ".${G16#?}"
check "solve of a 256-symbol operand says it reads as a puzzle" \
    eval 'rc_is 2 && err_has "File name too long; it reads as a puzzle"'
MARKS=$(printf '%s' "$EASY" | awk '{ for (i = 1; i <= 81; i++) { c = substr($0, i, 1); printf "%s ", c == "0" ? "123456789" : c } }')
run hint --state "$MARKS" "$EASY"
check "hint --state starts from pencil marks" eval 'rc_is 0 && out_has "hidden single"'
run hint --state "$(printf '%s' "$MARKS" | sed 's/^123456789/12356789/')" "$EASY"
check "hint --state points at a crossed-out right digit (exit 1)" \
    eval 'rc_is 1 && out_is "r1c1: a mistake: the right digit was crossed out"'
run hint --state "5 1 3" "$EASY"
check "hint --state with too few tokens says where it ends" \
    eval 'rc_is 2 && err_has "--state:1:6: the state ends at cell 4: it takes 81 tokens"'
# A token is quoted whole, escaped: the separator after it was quoted with
# it ('123456789 '), an ESC reached the terminal.
run hint --state "$(printf '5 \033[2J 3')" "$EASY"
check "hint --state quotes a bad token whole, escaped" \
    eval 'rc_is 2 && err_has "--state:1:3: cell 2: '"'"'\\x1B[2J'"'"' is not a set of candidates"'
# A long token was cut at 63 bytes without a sign: 64 shown, then "...".
run hint --state "5 $(printf 'x%.0s' $(seq 70)) 3" "$EASY"
WANT="'$(printf 'x%.0s' $(seq 64))...' is not a set of candidates"
check "hint --state cuts a long bad token with '...'" eval 'rc_is 2 && err_has "$WANT"'
run hint --state "$(printf '%s' "$MARKS" | sed 's/^123456789/123456789x/')" "$EASY"
check "hint --state with a bad token names its column" eval 'rc_is 2 && err_matches "^--state:1:1:"'
run rate --explain tests/data/x_matched.txt
check "rate uses an X sudoku's diagonals as houses" \
    eval 'rc_is 0 && grep -q "^ *[0-9]*\. \[1\.[0-9]\] r[1-9]c[1-9]: hidden single [1-9] in the main diagonal" "$T/out"'
# The first five of marks_rules.txt: sandwich, renban, whispers, palindrome, between.
head -n 5 tests/data/marks_rules.txt > "$T/lines5.txt"
run rate --explain "$T/lines5.txt"
check "rate solves the line and clue rules by their own steps, without search" \
    eval 'rc_is 0 && ! out_has "search" && [ $(grep -c "^[0-9][0-9.]* [a-z]* " "$T/out") -eq 5 ] &&
          out_has "] sandwich clue: r1=4; so" && out_has "] renban line: r" && out_has "] whispers line: r" &&
          out_has "] palindrome line: r" && out_has "] between line: r"'
run rate tests/data/solo_ids.txt
check "rate rates Solo's classic, X, killer and jigsaw puzzles of every size" \
    eval 'rc_is 0 && [ $(wc -l < "$T/out") -eq 51 ] && ! grep -q "not rated" "$T/out"'
# 300 of the 800: the whole sample takes 20 s under the sanitizers on a busy machine.
head -n 301 "$DATA/killer_sample.csv" > "$T/killers300.csv"
run rate --format csv "$T/killers300.csv"
check "rate rates the killer sample with cage techniques" \
    eval 'rc_is 0 && [ $(wc -l < "$T/out") -eq 300 ] && out_has "cage-combinations:"'
cat > "$T/grades.lua" <<'EOF'
for _, g in ipairs(sudolab.grades) do
  print(string.format("%s %.1f%s", g.name, g.low, g.high < math.huge and string.format(" %.1f", g.high) or ""))
end
EOF
"$S" run "$T/grades.lua" > "$T/grades.want"
run rate --help
check "rate --help lists the grades of sudolab.grades, with their bounds" \
    eval 'rc_is 0 && [ -s "$T/grades.want" ] && awk '"'"'/< RATING/ { print $1, $2 ($6 == "" ? "" : " " $6) }'"'"' "$T/out" | cmp -s - "$T/grades.want"'

# --- searches bounded by default --------------------------------------------
# An empty 9x9 jigsaw (regions in pieces) in which 30 million search nodes
# find no solution: without a bound, check, rate and hint ran for minutes.
LOOSE="sudolab 9 none classic;jigsaw:EFGHEAGGIFEHFBIDEAFAGHHCIGBGDACDIHHIHHGCDBFAFGCCCIDBEAAEDGDFCECBHIECDIFFABEDBBBAI ................................................................................."
printf '%s\n' "$LOOSE" > "$T/loose.txt"
# run_long ARGS...: as run, with time for a search to its default bound.
run_long() {
    timeout 900 "$S" "$@" < /dev/null > "$T/out" 2> "$T/err"
    rc=$?
}
run check --help
BOUND=$(sed -n 's/.*--max-nodes N.*(default \([0-9]*\)).*/\1/p' "$T/out")
check "check --help gives its default node bound" eval '[ -n "$BOUND" ]'
run_long check "$T/loose.txt"
check "check gives up at its default bound (exit 3) and warns: it may have no solution" \
    eval 'rc_is 3 && out_is "gave up" && err_has "warning: no solution found before the search gave up: the puzzle may have none" &&
          err_has "loose.txt:1: search gave up after $BOUND nodes"'
run_long rate "$T/loose.txt"
check "rate gives up at the same bound (exit 3), not rated" \
    eval 'rc_is 3 && out_is "not rated" && err_has "search gave up after $BOUND nodes"'
run_long hint "$T/loose.txt"
check "hint gives up at the same bound (exit 3)" \
    eval 'rc_is 3 && out_lines 0 && err_has "search gave up after $BOUND nodes"'
for cmd in check rate hint; do
    run "$cmd" --max-nodes 500 "$T/loose.txt"
    check "$cmd --max-nodes 500 overrides the default" eval 'rc_is 3 && err_has "gave up after 500 nodes"'
done
run check --max-nodes 500 "$T/easy.txt"
check "check within the bound still says unique" eval 'rc_is 0 && out_is "unique"'
for cmd in solve count; do
    run "$cmd" --help
    check "$cmd --help: no default bound up to 9x9, one above" \
        eval 'out_has "no limit" && out_has "up to 9x9, " && grep -q "above" "$T/out"'
done

# --- an operand that is neither a file nor a puzzle ------------------------
for name in puzzels.txt puzzles "$T/nosuch/p.txt" my-puzzles; do
    run hint "$name"
    check "hint '$name' (no such file) says it cannot open it (exit 2)" \
        eval 'rc_is 2 && err_has "$name: cannot open: No such file or directory" && ! err_has "symbol"'
done
run hint "${EASY%0}x"
check "hint on a puzzle line with a typo still names the symbol and column" \
    eval 'rc_is 2 && err_has "<argument>:1:81: '"'x'"' is not a sudoku symbol"'
run hint "$(printf '%s' "$EASY" | tr 0 .)"
check "hint on a puzzle line with dots reads it as the puzzle" eval 'rc_is 0 && out_has "hidden single"'

# Output that cannot be written is an error, never a silent success.
for cmd in solve count rate convert; do
    rc=0
    timeout "$LIMIT" "$S" "$cmd" tests/data/x_matched.txt > /dev/full 2> "$T/err" || rc=$?
    check "$cmd into a full disk fails (exit 2) and says so" \
        eval '[ "$rc" -eq 2 ] && grep -q "cannot write the output" "$T/err"'
done
# ... and the reading stops there: a reader gone with SIGPIPE ignored, or
# a full disk, once left every command working through the whole input
# (the bad line at its end was still reported), fill making every grid
# and run's print loop going on to its time budget.
if [ -w /dev/full ]; then
    i=0
    while [ $i -lt 3000 ]; do echo "$EASY"; i=$((i + 1)); done > "$T/many.txt"
    echo "bad" >> "$T/many.txt"
    for cmd in "solve" "count" "rate" "candidates" "convert --to pretty" "solve --jobs 2" \
        "rate --jobs 3"; do
        rc=0
        # shellcheck disable=SC2086
        timeout "$LIMIT" "$S" $cmd "$T/many.txt" > /dev/full 2> "$T/err" || rc=$?
        check "$cmd into a full disk stops reading (exit 2, the bad last line never read)" \
            eval '[ "$rc" -eq 2 ] && grep -q "cannot write the output" "$T/err" && ! grep -q "many.txt:3001" "$T/err"'
    done
    rc=0
    timeout 10 "$S" fill --count 1000000000 > /dev/full 2> "$T/err" || rc=$?
    check "fill into a full disk stops at once (exit 2)" \
        eval '[ "$rc" -eq 2 ] && grep -q "cannot write the output: No space left on device" "$T/err"'
    printf 'for i = 1, 1e12 do print(i) end\n' > "$T/loud.lua"
    rc=0
    timeout "$LIMIT" "$S" run --max-seconds 5 "$T/loud.lua" > /dev/full 2> "$T/err" || rc=$?
    check "run: a print that cannot write ends the script, told once (exit 2)" \
        eval '[ "$rc" -eq 2 ] && [ "$(cat "$T/err")" = "sudolab: cannot write the output: No space left on device" ]'
    # A failed write's bytes are dropped: the last flush has nothing to
    # write and errno may be a later call's (here a require's stat): the
    # cause told is the write's own, kept when it failed.
    printf 'pcall(print, "x")\npcall(require, "no_such_module")\n' > "$T/stale.lua"
    rc=0
    timeout "$LIMIT" "$S" run "$T/stale.lua" > /dev/full 2> "$T/err" || rc=$?
    check "run: a write failed earlier is told by its own cause, not a later call's errno (exit 2)" \
        eval '[ "$rc" -eq 2 ] && [ "$(cat "$T/err")" = "sudolab: cannot write the output: No space left on device" ]'
fi
# A reader that leaves (| head -1) is seen at the next flush: output into
# a pipe was flushed only when a whole buffer was full, so slow lines
# (count --estimate, about 2 KB of them here) went on to the end and left
# at exit 0. Now the output held is flushed once it has waited a while:
# the command meets the closed pipe and dies of SIGPIPE (141) early.
# Empty grids: a hard puzzle's small count is now counted, not estimated.
for i in $(seq 40); do printf '%081d\n' 0; done > "$T/hard40.txt"
for jobs in 1 2; do
    { timeout "$LIMIT" "$S" count --estimate --probes 2000 --jobs $jobs "$T/hard40.txt"; echo $? > "$T/rc"; } |
        head -n 1 > "$T/out"
    check "count --estimate --jobs $jobs | head -1: stops when the reader leaves (141)" \
        eval '[ "$(cat "$T/rc")" -eq 141 ] && grep -q "95% interval" "$T/out"'
done
# A scores file that is a FIFO or a folder: SQLite said "disk I/O error"
# and "unable to open database file".
mkdir -p "$T/xdg/sudolab"
mkfifo "$T/xdg/sudolab/scores.db"
XDG_DATA_HOME=$T/xdg timeout "$LIMIT" "$S" scores > "$T/out" 2> "$T/err"
rc=$?
check "scores: a FIFO for the scores file is not a regular file (exit 2, no wait)" \
    eval '[ $rc -eq 2 ] && grep -q "scores.db: not a regular file (a FIFO, a device or a socket)" "$T/err"'
rm "$T/xdg/sudolab/scores.db"
mkdir "$T/xdg/sudolab/scores.db"
XDG_DATA_HOME=$T/xdg timeout "$LIMIT" "$S" scores > "$T/out" 2> "$T/err"
rc=$?
check "scores: a folder for the scores file says so (exit 2)" \
    eval '[ $rc -eq 2 ] && grep -q "scores.db: not a regular file (a folder)" "$T/err"'
# ... the same for the texts main prints itself (they exited 0).
for arg in --help help --version; do
    rc=0
    timeout "$LIMIT" "$S" "$arg" > /dev/full 2> "$T/err" || rc=$?
    check "sudolab $arg into a full disk fails (exit 2) and says so" \
        eval '[ "$rc" -eq 2 ] && grep -q "cannot write the output" "$T/err"'
done

# Every short option means one long option in every command: two options
# sharing a letter would leave one unreachable by its letter.
for c in $("$S" --help | awk '/^commands:/ { on = 1; next } on && NF == 0 { exit } on { print $1 }'); do
    "$S" "$c" --help 2>/dev/null | sed -n 's/^ *-\([A-Za-z]\), --\([a-z-]*\).*/\1 \2/p'
done | sort -u > "$T/letters"
check "each option letter stands for one option across all commands" \
    eval '[ $(wc -l < "$T/letters") -gt 20 ] && [ -z "$(cut -d" " -f1 "$T/letters" | uniq -d)" ]'

# The man page and --help name the same options. Each command's options
# (its --help: the "-x, --name" lines and the usage lines) appear in its
# entry of sudolab(1)'s COMMANDS, or in OPTIONS when that section names the
# command among those taking its options; and every --name an entry
# mentions is one its --help has. The man page is read as roff source,
# "\-" made "-", and cut at each ".TP" whose next line names a command.
MAN=core/cli/sudolab.1
man_options() { grep -o -- '--[a-z][a-z-]*' "$@" | grep -v -x -- --help | sort -u; }
help_options() {
    awk 'NR == 1, NF == 0 { print; next } /^ *-[A-Za-z], --/' "$1" | man_options
}
commands=$("$S" --help | awk '/^commands:/ { on = 1; next } on && NF == 0 { exit } on { print $1 }')
sed 's/\\-/-/g' "$MAN" | awk -v list="$commands" -v dir="$T" '
    BEGIN { n = split(list, a, " "); for (i = 1; i <= n; i++) known[a[i]] = 1 }
    /^\.SH / { section = $2; entry = section == "OPTIONS" ? "options" : "" }
    section == "OPTIONS" && /^\.TP/ && entry == "options" { intro_done = 1 }
    section == "COMMANDS" && last == ".TP" {
        name = $0; sub(/^\.B /, "", name); sub(/^\\fB/, "", name); sub(/[^a-z].*/, "", name)
        if (name in known) entry = "man." name
    }
    section == "OPTIONS" && !intro_done { print > (dir "/man.intro") }
    entry != "" { print > (dir "/" entry) }
    { last = $0 }'
missing=
for c in $commands; do
    "$S" "$c" --help > "$T/help.$c" 2>&1
    [ -f "$T/man.$c" ] || { missing="$missing $c:no-entry"; continue; }
    common=$(grep -E -c "^\.(B|BR|RB \() $c( |\$)" "$T/man.intro")
    for o in $(help_options "$T/help.$c"); do
        grep -q -- "$o\b" "$T/man.$c" && continue
        [ "$common" -gt 0 ] && grep -q -- "$o\b" "$T/options" && continue
        missing="$missing $c:$o"
    done
    for o in $(man_options "$T/man.$c"); do
        grep -q -- "$o\b" "$T/help.$c" || missing="$missing man-$c:$o"
    done
done
for o in $(man_options "$T/options"); do
    cat "$T"/help.* | grep -q -- "$o\b" || missing="$missing man-OPTIONS:$o"
done
[ -n "$missing" ] && echo "# not in both: $missing"
check "sudolab(1) and each command's --help name the same options" \
    eval '[ -s "$T/man.solve" ] && [ -s "$T/man.intro" ] && [ -z "$missing" ]'

# README.md's table of commands names only options the command takes: the
# first cell of each row, `sudolab CMD [--option ...]`, against CMD --help.
unknown=
rows=0
while IFS= read -r cell; do
    c=$(printf '%s\n' "$cell" | awk '{ print $2 }')
    case $c in --*) continue ;; esac
    rows=$((rows + 1))
    "$S" "$c" --help > "$T/help.row" 2>&1
    for o in $(printf '%s\n' "$cell" | man_options); do
        grep -q -- "$o\b" "$T/help.row" || unknown="$unknown $c:$o"
    done
done <<ROWS
$(sed -n 's/^| `\(sudolab [a-z][^`]*\)` |.*/\1/p' README.md)
ROWS
[ -n "$unknown" ] && echo "# README options no --help has: $unknown"
check "README's command table names only options each command takes ($rows rows)" \
    eval '[ "$rows" -gt 15 ] && [ -z "$unknown" ]'

# A variant file naming a rule no plugin has: refused when it loads, not
# blamed on each puzzle's data (found by scripts/fuzz_inputs.sh).
printf 'return {size = 9, boxes = "3x3", rules = "classic;cassic"}\n' > "$T/typo.lua"
run solve --variant "$T/typo.lua" tests/data/x_matched.txt
check "a variant's unknown rule is named once, as the variant's" \
    eval 'rc_is 2 && err_has "variant typo: unknown rule '"'cassic'"' in its rules" && [ $(wc -l < "$T/err") -eq 1 ]'
check "a variant's misspelt rule gets a guess" \
    eval 'err_has "did you mean '"'classic'"'?"'

# A Keen ID cut short, of a size Solo cannot have (6..9), gets the Keen
# reader's error, not "Solo grid size above 25" (found by fuzz_inputs.sh).
printf '6:a_5b\n' > "$T/cut_keen.txt"
run convert "$T/cut_keen.txt"
check "a Keen ID cut short is read as Keen's, and said so" \
    eval 'rc_is 2 && err_has "cut_keen.txt:1:7: too little data in the Keen walls"'

finish
