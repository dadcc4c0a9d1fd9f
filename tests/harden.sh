#!/bin/sh
# harden.sh — what a hostile or careless user gives the sudolab command,
# beyond tests/cli.sh: output paths that are not regular files, paths too
# long for their buffers, inputs that never end a line. Each case names
# the bug it guards against.
#
#   sh tests/harden.sh PATH_TO_SUDOLAB      (from the project root, as ctest runs it)
#
# Prints "ok - ..." or "not ok - ..." per check and ends with
# "N passed, M failed"; exits 1 when any check failed, 2 on a usage error.

. "$(dirname "$0")/check.sh"

PUZZLE=.................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...
printf '%s\n' "$PUZZLE" > "$T/p.txt"

# --- render --output: the rename that puts the file in place replaced
# whatever the name held (as root, --output /dev/full replaced the device
# node with a PDF); now as generate --output: a regular file or none.
mkfifo "$T/fifo"
run render --output "$T/fifo" "$T/p.txt"
check "render --output FIFO is refused and the FIFO stays" \
    eval 'rc_is 2 && [ -p "$T/fifo" ] && err_has "cannot write $T/fifo: not a regular file"'
mkdir "$T/folder"
run render --output "$T/folder" "$T/p.txt"
check "render --output FOLDER is refused" eval 'rc_is 2 && [ -d "$T/folder" ] && err_has "a folder"'
: > "$T/real.svg"
ln -s real.svg "$T/link.svg"
run render --output "$T/link.svg" "$T/p.txt"
check "render --output LINK writes the file the link names, the link stays" \
    eval 'rc_is 0 && [ -L "$T/link.svg" ] && grep -q "<svg" "$T/real.svg"'
ln -s nowhere.svg "$T/dangling.svg"
run render --output "$T/dangling.svg" "$T/p.txt"
check "render --output to a dangling link is refused" \
    eval 'rc_is 2 && [ -L "$T/dangling.svg" ] && err_has "a symbolic link to a missing file"'
ln -s loop2.svg "$T/loop1.svg"
ln -s loop1.svg "$T/loop2.svg"
run render --output "$T/loop1.svg" "$T/p.txt"
check "render --output to a loop of links says so" \
    eval 'rc_is 2 && err_has "cannot write $T/loop1.svg: a loop of symbolic links"'
run generate --count 1 --output ''
check "generate --output '' is refused as empty" \
    eval 'rc_is 2 && err_has "cannot write '"''"': the name is empty" && [ ! -s "$T/out" ]'

# --- render --output onto its own input replaced the puzzles with the PDF
# (--format: without it the ending .txt is refused first).
cp "$T/p.txt" "$T/own.txt"
ln -s own.txt "$T/own_link.txt"
for onto in own.txt own_link.txt; do
    run render --format pdf --output "$T/$onto" "$T/p.txt" "$T/own.txt"
    check "render --output $onto (an input, by some name) is refused, the input kept" \
        eval 'rc_is 2 && err_has "it is the input file $T/own.txt, whose puzzles would be lost" &&
              cmp -s "$T/p.txt" "$T/own.txt"'
done

# --- render --output in a missing folder: an SVG said "sudolab render: "
# and nothing more, a PDF "cannot write" without its reason, a PNG the
# drawing library's "error while writing to output stream"; each only
# after every puzzle was read.
for form in svg pdf png; do
    run render --format "$form" --output "$T/no/such/x.$form" "$T/p.txt"
    check "render --format $form --output in a missing folder names the reason" \
        eval 'rc_is 2 && err_has "render: cannot write $T/no/such/x.$form: No such file or directory"'
done
printf 'not a puzzle\n' > "$T/bad.txt"
run render --output "$T/x.svg" "$T/p.txt" "$T/bad.txt"
check "render of a bad puzzle leaves neither the picture nor its temporary file" \
    eval 'rc_is 2 && [ -z "$(ls "$T" | grep "^x\.svg")" ]'

# --- report --out past its buffer (1023 bytes) was cut short silently and
# the report written to the folder the cut named.
name200=$(printf '%0200d' 0)
long=$T/$name200/$name200/$name200/$name200/$name200
mkdir -p "$long"
cut_at=$(printf '%s' "$long/" | wc -c)
# a name that crosses byte 1023: the cut leaves its first part
tail_name=$(printf '%0*d' $((1040 - cut_at)) 0)
run report --count 1 --out "$long/$tail_name" reports/experiments/example.lua
check "report --out past 1023 bytes is refused, nothing is written" \
    eval 'rc_is 2 && err_has "--out is longer than 1023 bytes" && [ -z "$(ls "$long")" ]'

# --- an input with no line end: /dev/zero was skipped as one long line for
# ever (and --jobs held it in memory without bound); now the reading stops
# 64 MiB into the line, with its place.
for jobs in 1 2; do
    timeout 20 "$S" solve --jobs "$jobs" /dev/zero > "$T/out" 2> "$T/err"
    rc=$?
    check "solve --jobs $jobs /dev/zero stops with an error at 1:1" \
        eval 'rc_is 2 && err_has "/dev/zero:1:1: no line end within 64 MiB"'
done
{ head -c 3000000 /dev/zero | tr '\0' 1; printf '\n%s\n' "$PUZZLE"; } > "$T/long.txt"
run count "$T/long.txt"
check "a 3 MB line is only reported: the puzzle after it is read" \
    eval 'rc_is 2 && err_has "long.txt:1:1: line is longer than 1 MiB" && [ "$(cat "$T/out")" = 1 ]'
timeout 20 "$S" count < /dev/zero > "$T/out" 2> "$T/err"
rc=$?
check "count < /dev/zero stops with an error" eval 'rc_is 2 && err_has "<stdin>:1:1: no line end"'

# --- require: a name past the 255 bytes kept was cut and loaded another
# module; an empty part ("", "m.") loaded a hidden ".lua"; a cycle ran
# until Lua's "C stack overflow", with no place.
mkdir "$T/m" "$T/mmmm"
a250=$(printf '%0250d' 0)
printf 'return "the cut name"\n' > "$T/mmmm/$a250.lua"
printf 'return "hidden"\n' > "$T/m/.lua"
printf 'return require("m.cycle")\n' > "$T/m/cycle.lua"
printf 'error("m.fails: on purpose")\n' > "$T/m/fails.lua"
for name in "mmmm.${a250}bbb" "m." "" "m..cycle"; do
    printf 'print(require("%s"))\n' "$name" > "$T/req.lua"
    run run "$T/req.lua"
    check "require('$(printf '%.12s' "$name")...') is refused as no module name" \
        eval 'rc_is 2 && err_has "is not a module name" && [ ! -s "$T/out" ]'
done
printf 'print(require("m.cycle"))\n' > "$T/req.lua"
run run "$T/req.lua"
check "a module that requires itself is an error naming the cycle, at its line" \
    eval 'rc_is 2 && err_has "m/cycle.lua:1: require: module '"'m.cycle'"' requires itself (a cycle)"'
printf 'print(pcall(require, "m.fails"))\nprint(pcall(require, "m.fails"))\n' > "$T/req.lua"
run run "$T/req.lua"
check "a module that failed is tried again, not taken for a cycle" \
    eval 'rc_is 0 && [ "$(grep -c "m.fails: on purpose" "$T/out")" -eq 2 ]'

# --- a FIFO named like a module: require opened it to see whether it was
# there, and the open waited for a writer for ever ('sudolab variants'
# with such a FIFO in a $SUDOLAB_PATH folder hung); a folder of the name
# failed as "cannot read". Now found by stat, and refused by name.
mkdir "$T/vp"
mkfifo "$T/vp/pipe.lua"
mkdir "$T/vp/folder.lua"
printf 'return require("variant").make{name = "okv", summary = "ok", description = "d", rules = "classic"}\n' \
    > "$T/vp/okv.lua"
SUDOLAB_PATH="$T/vp" timeout "$LIMIT" "$S" variants < /dev/null > "$T/out" 2> "$T/err"
rc=$?
check "variants with a FIFO and a folder named *.lua in the path: listed, neither read" \
    eval 'rc_is 0 && grep -q "^okv " "$T/out" && [ ! -s "$T/err" ]'
# --- a module of a $SUDOLAB_PATH folder that is no variant (a helper its
# variants require): the listing passes over it, and `variants --time`
# reported it as a broken variant and exited 2.
printf 'local M = {}\nfunction M.twice(x) return 2 * x end\nreturn M\n' > "$T/vp/helper.lua"
SUDOLAB_PATH="$T/vp" timeout "$LIMIT" "$S" variants --time < /dev/null > "$T/out" 2> "$T/err"
rc=$?
check "variants --time passes over a helper module of SUDOLAB_PATH, as the listing does" \
    eval 'rc_is 0 && grep -q "^okv .*median" "$T/out" && ! grep -q "^helper" "$T/out" && [ ! -s "$T/err" ]'
rm "$T/vp/helper.lua"
for name in pipe folder; do
    printf 'print(require("%s"))\n' "$name" > "$T/vp/req.lua"
    run run "$T/vp/req.lua"
    check "require('$name') of a non-file is refused, naming it" \
        eval 'rc_is 2 && err_has "require: $T/vp/$name.lua is not a regular file"'
done

# --- a control byte of the input quoted in an error: written raw, an ESC
# of a puzzle file reached the terminal (and a NUL would cut the message).
printf '6x6:Ba\033bgaBfbaDCAe\n' > "$T/esc.txt"
run count "$T/esc.txt"
check "an ESC in an Unruly ID is quoted as \\x1B, not written raw" \
    eval 'rc_is 2 && err_has "esc.txt:1:7: '"'"'\x1B'"'"' in an Unruly ID" && ! grep -q "$(printf "\033")" "$T/err"'

# --- rate --json --explain wrote the steps in words and then a JSON line:
# one stream that neither a tool nor a reader takes.
run rate --json --explain "$T/p.txt"
check "rate --json --explain is refused: two forms" \
    eval 'rc_is 2 && err_has "--json and --explain are two forms; give one" && [ ! -s "$T/out" ]'

# --- --shard read by sscanf's %d: 99999999999 wrapped to 1215752191, and
# blanks and signs passed.
for shard in 99999999999/99999999999 1/99999999999 " 1/2" "1/+2" "1/2x" "/2" "1/"; do
    run generate --count 2 --shard "$shard"
    check "generate --shard '$shard' is refused" \
        eval 'rc_is 2 && err_has "--shard wants I/N with 1 <= I <= N" && [ ! -s "$T/out" ]'
done
run generate --count 2 --shard 1/2147483647
check "generate --shard 1/INT_MAX is taken (an empty slice)" eval 'rc_is 0 && [ ! -s "$T/out" ]'

# --- two arms of one name: each wrote puzzle-NAME-1.svg, the second over
# the first, and the page showed the second arm's puzzles for both.
printf 'return {count = 1, arms = {{name = "a", variant = "classic"}, {name = "a", variant = "classic"}}}\n' \
    > "$T/twice.lua"
run report --out "$T/twice" "$T/twice.lua"
check "report refuses two arms of one name, before any work" \
    eval 'rc_is 2 && err_has "twice.lua: arms 1 and 2 are both named '"'a'"'" && [ ! -e "$T/twice" ]'

# --- a killer line with a negative sum was not read as a killer at all:
# the error blamed a cage letter as a digit ('A' is 10); now it names the
# sum's column.
grep -v '^#' ../shared/data/killer_extreme.txt | head -n 1 | sed 's/^\([A-Za-z.]*\) 35,/\1 -5,/' > "$T/negative.txt"
run count "$T/negative.txt"
check "a killer's negative sum is named at its column" \
    eval 'rc_is 2 && err_has "negative.txt:1:83: cage 1 needs a sum 1..325"'

# --- a line that is clearly a killer CSV row or a Keen ID, but breaks
# it, was handed on to a reader of another format: the CSV row to the
# classic one ("',' is not a sudoku symbol"), the Keen ID to Solo's
# ("unexpected byte in a Solo grid field"). Now the shape decides the
# format once, and that format's reader names the field and the column.
head -n 2 ../shared/data/killer_sample.csv > "$T/row.csv"
row=$(sed -n 2p "$T/row.csv")
sums_col=$(( $(printf '%s\n' "$row" | sed 's/".*//' | wc -c) + 1 ))
printf '%s\n' "$(sed -n 1p "$T/row.csv")" "$(printf '%s\n' "$row" | sed 's/^1,1,AA/1,1,A1/')" > "$T/map.csv"
run count "$T/map.csv"
check "a digit in a killer CSV cage map is named in its field, at its column" \
    eval 'rc_is 2 && err_has "map.csv:2:6: '"'1'"' in the cage_map field of a killer CSV row"'
printf '%s\n' "$(sed -n 1p "$T/row.csv")" "$(printf '%s\n' "$row" | sed 's/,"/,"x/')" > "$T/sums.csv"
run count "$T/sums.csv"
check "a letter in killer CSV sums is named in its field, at its column" \
    eval 'rc_is 2 && err_has "sums.csv:2:$sums_col: '"'x'"' in the cage_sums field of a killer CSV row"'
printf '%s\n' "$(printf '%s\n' "$row" | sed 's/,"/,/')" > "$T/quote.csv"
run count "$T/quote.csv"
check "a killer CSV row with an unclosed quote is the CSV reader's, even without a header" \
    eval 'rc_is 2 && err_has "quote.csv:1:" && err_has "a quote that is never closed in a killer CSV row"'
printf '%s,7\n' "$(sed -n 1p "$T/row.csv")" "$row" | sed '1s/,7$//' > "$T/extra.csv"
run count "$T/extra.csv"
check "a killer CSV row with a field past its header's is named at that field" \
    eval 'rc_is 2 && err_has "extra.csv:2:$(( ${#row} + 2 )): a killer CSV row of 6 fields, past the 5 columns of its header"'
# A format named with --format is the reader asked for: a line only
# shaped like a CSV row gets that reader's error, not "not the one asked
# for" (a guess at a shape is no reading of it).
sed -n 2p "$T/map.csv" > "$T/maprow.csv"
run count --format classic "$T/maprow.csv"
check "--format classic: a broken CSV-shaped line gets the classic reader's error" \
    eval 'rc_is 2 && err_has "maprow.csv:1:2: '"','"' is not a sudoku symbol"'
printf '4:a_5B,m12s1\n' > "$T/keen.txt"
run count "$T/keen.txt"
check "a 4x4 Keen ID with a bad walls byte gets the Keen reader's error" \
    eval 'rc_is 2 && err_has "keen.txt:1:6: '"'B'"' in a Keen walls field"'

# --- a long run of letters that is no killer's map (the killer pattern
# split it every way before failing): a 1 MB one took minutes; 300,000
# letters, some 30 s before, now a few milliseconds. The blank and the
# word after them pass the byte test before the pattern (a line without
# a blank never reaches it), so the pattern itself is timed.
head -c 300000 /dev/zero | tr '\0' k > "$T/letters.txt"
printf ' x\n' >> "$T/letters.txt"
timeout 10 "$S" count "$T/letters.txt" > "$T/out" 2> "$T/err"
rc=$?
check "a line of 300,000 letters is refused at once" \
    eval 'rc_is 2 && err_has "letters.txt:1:300001: 300000 symbols is not a square grid size"'
# A killer line of 400,000 sums (0.8 MB) outgrew the JIT's 32 KB stack,
# and the interpreter then held some 170 MB for it; the variant patterns
# now have a JIT stack of their own.
rss_of_count() { # FILE: its exit code as rc, its peak resident KB as rss
    ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}quarantine_size_mb=1" \
        /usr/bin/time -f "%M" -o "$T/rss" "$S" count "$1" > /dev/null 2> "$T/err"
    rc=$?
    rss=$(tail -n 1 "$T/rss")
}
{ printf 'k '; yes 1, | head -n 400000 | tr -d '\n'; printf '1\n'; } > "$T/sums.txt"
printf 'k 1,1\n' > "$T/two.txt"
rss_of_count "$T/two.txt"
small=$rss
rss_of_count "$T/sums.txt"
big=$rss
check "a killer line of 400,000 sums: its error, within 48 MB of a short one's" \
    eval 'rc_is 2 && err_has "sums.txt:1:4: 1 cages but more sums than that" &&
          [ -n "$small" ] && [ -n "$big" ] && [ $((big - small)) -lt 49152 ]'

# --- render kept every puzzle until the end, for the solutions pages,
# even when none were asked (scripts/RESULTS.md, harden3). Without
# --solutions a drawn page's puzzles are freed; with it, or to standard
# output, they wait for their pages in a temporary file, not in memory
# (scripts/RESULTS_render.md, tidy3): 10,000 puzzles more may now add
# little resident memory in every case.
rss_of_render() {
    head -n "$1" ../shared/data/puzzles2_17_clue > "$T/many.txt"
    shift
    ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}quarantine_size_mb=1" \
        /usr/bin/time -f "%M" -o "$T/rss" "$S" render "$@" "$T/many.txt" \
        >/dev/null 2>&1 && tail -n 1 "$T/rss"
}
within_12mb() { # what, then render's options
    what=$1
    shift
    small=$(rss_of_render 2000 "$@")
    big=$(rss_of_render 12000 "$@")
    check "render of 12,000 puzzles, $what, stays within 12 MB of 2,000's" \
        eval '[ -n "$small" ] && [ -n "$big" ] && [ $((big - small)) -lt 12288 ]'
}
within_12mb "no solutions" --output "$T/many.pdf"
within_12mb "with --solutions" --solutions --output "$T/many.pdf"
within_12mb "with --solutions, to standard output" --solutions
mkdir "$T/tmpdir"
grep -v "^#" ../shared/data/puzzles2_17_clue | head -n 30 > "$T/some.txt"
TMPDIR="$T/tmpdir" "$S" render --solutions --output "$T/some.pdf" "$T/some.txt" > "$T/out" 2> "$T/err"
rc=$?
check "render --solutions: 8 pages of puzzles, 8 of solutions, the temporary file gone" \
    eval 'rc_is 0 && [ "$(pdfinfo "$T/some.pdf" | sed -n "s/^Pages: *//p")" = 16 ] &&
          [ -z "$(ls -A "$T/tmpdir")" ]'
rm -f "$T/some.pdf"
TMPDIR="$T/none" "$S" render --solutions --output "$T/some.pdf" "$T/some.txt" > "$T/out" 2> "$T/err"
rc=$?
check "render --solutions with TMPDIR missing: said, before reading, and no file" \
    eval 'rc_is 2 && err_has "cannot make a temporary file in $T/none: No such file" &&
          [ ! -e "$T/some.pdf" ] && [ -z "$(ls "$T" | grep "some.pdf")" ]'

# --- a temporary file that can grow no more (a full disk; here a file
# size limit, its signal ignored) was told for every puzzle left, each
# solved in vain: now once, at the puzzle it failed on.
(
    trap '' XFSZ
    ulimit -f 16
    exec "$S" render --solutions ../shared/data/killer_sample.csv ../shared/data/killer_sample.csv
) > /dev/null 2> "$T/err"
rc=$?
check "render --solutions, its temporary file limited: told once, nothing written" \
    eval 'rc_is 2 && [ "$(grep -c "cannot write a temporary file: File too large" "$T/err")" -eq 1 ] &&
          err_has "render: nothing written"'

# --- a standard stream closed at the start left its number to the next
# file opened: render's temporary file took it, the book written to
# standard output landed in it ("cannot read a temporary file"), and
# warnings written to standard error broke it (exit 2, a cut PDF).
"$S" render --solutions - < ../shared/data/killer_sample.csv >&- 2> "$T/err"
rc=$?
check "render --solutions with standard output closed: a write error, not the temporary file's" \
    eval 'rc_is 2 && err_has "cannot write the output: Bad file descriptor" &&
          ! err_has "temporary file"'
grep -v '^#' ../shared/data/puzzles7_serg_benchmark | head -n 12 > "$T/several.txt"
"$S" render --solutions - < "$T/several.txt" > "$T/open.pdf" 2> "$T/err"
open_rc=$?
"$S" render --solutions - < "$T/several.txt" > "$T/closed.pdf" 2>&-
rc=$?
no_dates() { grep -a -v 'CreationDate\|ModDate' "$1"; }
check "render --solutions with standard error closed: the book of an open one" \
    eval '[ $open_rc -eq 0 ] && err_has "warning: several solutions" && rc_is 0 &&
          [ "$(no_dates "$T/open.pdf" | cksum)" = "$(no_dates "$T/closed.pdf" | cksum)" ]'
for jobs in 1 3; do
    "$S" count --jobs $jobs "$T/p.txt" - "$T/p.txt" <&- > "$T/out" 2> "$T/err"
    rc=$?
    check "count --jobs $jobs with standard input closed: its read error, the files read" \
        eval 'rc_is 2 && err_has "<stdin>:1: read error: Bad file descriptor" &&
              [ "$(cat "$T/out")" = "$(printf "1\n1")" ]'
done

# --- slow paths, each now a second or two under the run's time bound.
# generate --size 16 --clues 20 made its 20,000 checks on each of ten
# grids (a minute) before saying no; now a grid whose first minimal
# puzzle lies far beyond the dig's retreats ends the request after that dig.
run generate --size 16 --clues 20
check "16x16 with 20 clues: refused after a first dig, the message kept" \
    eval 'rc_is 1 && err_has "no puzzle with 20 clues found within 20000 checks (the first minimal"'
# count --estimate on an empty 25x25 made 10,000 probes (minutes); the
# default now shrinks with the square of the cells past 9x9.
printf '%0625d\n' 0 | tr 0 . > "$T/e25.txt"
run count --estimate --size 25 "$T/e25.txt"
check "empty 25x25: 167 probes by default, within the time bound" \
    eval 'rc_is 0 && grep -q "; 167 probes, seed 1)\$" "$T/out"'

finish
