#!/bin/sh
# fpuzzles_cli.sh SUDOLAB: f-puzzles forms through the command: files of
# JSON lines, links and codes read back to the published puzzles, a whole
# pretty-printed .json file, a pasted link as an operand, convert's forms,
# the line and clue rules' published puzzles out and back, and bad input
# (exit 2, FILE:LINE:COL) and unknown constraints (an error,
# or a warning with --ignore-unknown).
. "$(dirname "$0")/check.sh"
set -u

grep -v '^#' tests/data/published_variants.txt | grep . >"$T/published"
run convert tests/data/fpuzzles_published.txt
cat "$T/published" "$T/published" "$T/published" >"$T/thrice"
check "JSON lines, f-puzzles links and SudokuPad links read back to the published puzzles" \
    eval '[ "$rc" -eq 0 ] && cmp -s "$T/out" "$T/thrice"'

# A whole .json file spread over many lines: the UKSC 2022 thermo.
thermo=$(grep -F 'thermo:' "$T/published")
printf '%s\n' "$thermo" | "$S" convert --to fpuzzles | sed 's/,/,\n  /g; s/\[\[/[\n    [/g' >"$T/thermo.json"
run convert "$T/thermo.json"
check "a pretty-printed .json file reads as one puzzle" \
    eval '[ "$rc" -eq 0 ] && [ "$(cat "$T/out")" = "$thermo" ] && [ "$(wc -l <"$T/thermo.json")" -gt 100 ]'
run solve "$T/thermo.json"
check "and solves to the published answer" \
    eval '[ "$(cat "$T/out")" = 986542137354781296172963485263857914417629853598314762639478521725196348841235679 ]'

link=$(printf '%s\n' "$thermo" | "$S" convert --to fpuzzles-link)
run solve "$link"
check "solve takes a pasted f-puzzles link" \
    eval '[ "$rc" -eq 0 ] && [ "$(cat "$T/out")" = 986542137354781296172963485263857914417629853598314762639478521725196348841235679 ]'
run count "https://sudokupad.app/fpuzzles${link#*load=}"
check "count takes a pasted SudokuPad link" eval '[ "$rc" -eq 0 ] && [ "$(cat "$T/out")" = 1 ]'
printf '%s\n' "${link#*load=}" >"$T/code.txt"
run check "$T/code.txt"
check "a bare code in a file reads" eval '[ "$rc" -eq 0 ] && [ "$(cat "$T/out")" = unique ]'

# Bad input: exit 2 and the place.
printf '{"size":9,\n "grid": [1,]}\n' >"$T/bad.json"
run solve "$T/bad.json"
check "malformed JSON: exit 2 at its line and column" eval '[ "$rc" -eq 2 ] && err_has "bad.json:2:13: expected a JSON value"'
run solve "https://f-puzzles.com/?load=N4Ig!xyz"
check "a malformed code: exit 2 at the column of the bad character" \
    eval '[ "$rc" -eq 2 ] && err_has "<argument>:1:33: '"'!'"' is not a base64 character"'
printf '%s\n' "{\"size\":4,\"grid\":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]," \
    "\"xsum\":[{\"cell\":\"R0C1\",\"value\":\"3\"}]}" >"$T/unknown.json"
run count "$T/unknown.json"
check "a constraint with no rule is an error naming it at FILE:LINE:COL" \
    eval '[ "$rc" -eq 2 ] && err_has "unknown.json:2:8: the constraint \"xsum\" has no rule here"'
run count --limit 5 --ignore-unknown "$T/unknown.json"
check "--ignore-unknown reads it without the constraint, with a warning" \
    eval '[ "$rc" -eq 0 ] && [ "$(cat "$T/out")" = 5 ] &&
          err_has "unknown.json:2:8: warning: ignored the constraint \"xsum\""'
run convert --to fpuzzles-link tests/data/x_matched.txt
check "convert --to fpuzzles-link writes a link per puzzle" \
    eval '[ "$rc" -eq 0 ] && [ "$(grep -c "^https://f-puzzles.com/?load=N4Ig" "$T/out")" -eq 160 ]'
printf 'sudolab 4 2x2 classic;sum:0+1=5 ................\n' >"$T/sum.txt"
run convert --to fpuzzles "$T/sum.txt"
check "a rule f-puzzles cannot say is refused, naming it (exit 2)" \
    eval '[ "$rc" -eq 2 ] && err_has "sum.txt:1: f-puzzles has no form for the rule '"'sum'"'"'

# The line and clue rules (whispers, renban, sandwich, palindrome, between,
# little killer): each published puzzle out as f-puzzles JSON and back to
# the same line, and the JSON solved to the published answer, unique.
"$S" run tests/lua/print_marks.lua >"$T/marks"
cut -f1 "$T/marks" >"$T/marks_lines"
run convert --to fpuzzles "$T/marks_lines"
cp "$T/out" "$T/marks.json"
run convert "$T/marks.json"
check "the line and clue rules' published puzzles go out as f-puzzles JSON and back" \
    eval '[ "$rc" -eq 0 ] && cmp -s "$T/out" "$T/marks_lines" && [ "$(wc -l <"$T/out")" -ge 8 ] &&
          for k in whispers renban sandwichsum palindrome betweenline littlekillersum; do
              grep -q "\"$k\":\[{" "$T/marks.json" || exit 1; done'
run solve "$T/marks.json"
check "and their JSON solves to the published answers" \
    eval '[ "$rc" -eq 0 ] && cut -f2 "$T/marks" | cmp -s - "$T/out"'
run check "$T/marks.json"
check "each with one solution" eval '[ "$rc" -eq 0 ] && [ "$(grep -c "^unique$" "$T/out")" -eq "$(wc -l <"$T/marks")" ]'

# Malformed lines and clues: exit 2 at the place.
empty='"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]'
printf '{%s,\n"whispers":[{"lines":[["R1C1","R1C5"]]}]}\n' "$empty" >"$T/line.json"
run solve "$T/line.json"
check "a line through a cell outside the grid: exit 2 at the cell" \
    eval '[ "$rc" -eq 2 ] && err_has "line.json:2:31: \"R1C5\" is not a cell R1C1..R4C4"'
printf '{%s,\n"sandwichsum":[{"cell":"R2C3","value":"3"}]}\n' "$empty" >"$T/clue.json"
run solve "$T/clue.json"
check "a sandwich clue not on the edge: exit 2 at the clue" \
    eval '[ "$rc" -eq 2 ] && err_has "clue.json:2:24: a sandwich clue sits just outside the grid, beside a row"'

finish
