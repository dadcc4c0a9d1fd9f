#!/bin/sh
# render.sh — `sudolab render` and `convert --to pretty` end to end: one
# published puzzle of every shipped variant (tests/data/published_variants.txt)
# drawn as SVG (checked by xmllint), PDF (pages counted by pdfinfo) and PNG
# (made by sudolab, and by pdftoppm from the PDF); booklets' page counts;
# refusals that write no file; the terminal's killer.
#
#   sh tests/render.sh PATH_TO_SUDOLAB      (from the project root, as ctest runs it)
#
# Prints "ok - ..." or "not ok - ..." per check and ends with
# "N passed, M failed"; exits 1 when any check failed.

. "$(dirname "$0")/check.sh"
PUB=tests/data/published_variants.txt

pages() { pdfinfo "$1" 2>/dev/null | sed -n 's/^Pages: *//p'; }
is_png() { [ "$(head -c 8 "$1" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ]; }
no_file() { [ ! -e "$1" ] && [ -z "$(ls "$T" | grep '\.part')" ]; }

for tool in xmllint pdfinfo pdftoppm; do
    command -v $tool > /dev/null || { echo "not ok - $tool is missing (libxml2-utils, poppler-utils)"; exit 1; }
done

# One puzzle of every variant, in every form.
i=0
grep '^sudolab' "$PUB" | while IFS= read -r line; do
    i=$((i + 1))
    echo "$line" > "$T/p$i.txt"
done
n=$(grep -c '^sudolab' "$PUB")
i=1
while [ $i -le "$n" ]; do
    name=$(grep -B1 '^sudolab' "$PUB" | grep '^#' | sed -n "${i}p" | sed 's/^# *//')
    run render "$T/p$i.txt" --output "$T/p$i.svg"
    check "$name: SVG is well-formed XML" eval '[ $rc -eq 0 ] && xmllint --noout "$T/p$i.svg"'
    run render "$T/p$i.txt" --solutions --output "$T/p$i.pdf"
    check "$name: PDF has a page of puzzles and one of solutions" eval '[ $rc -eq 0 ] && [ "$(pages "$T/p$i.pdf")" = 2 ]'
    run render "$T/p$i.txt" --format png --output "$T/p$i.out"
    check "$name: PNG by sudolab" eval '[ $rc -eq 0 ] && is_png "$T/p$i.out"'
    pdftoppm -r 50 -png -f 1 -l 1 -singlefile "$T/p$i.pdf" "$T/pp$i" 2> "$T/err"
    check "$name: PNG by pdftoppm from the PDF" is_png "$T/pp$i.png"
    i=$((i + 1))
done

# Booklets: pages of puzzles, then of solutions, numbered.
run render "$PUB" --per-page 4 --solutions --title "Published" --output "$T/b4.pdf"
check "12 puzzles, 4 a page, with solutions: 6 pages" eval '[ $rc -eq 0 ] && [ "$(pages "$T/b4.pdf")" = 6 ]'
check "the title is the PDF's" eval 'pdfinfo "$T/b4.pdf" | grep -q "^Title: *Published"'
run render "$PUB" --per-page 6 --paper letter --output "$T/b6.pdf"
check "12 puzzles, 6 a page, letter: 2 pages of 612x792" \
    eval '[ $rc -eq 0 ] && [ "$(pages "$T/b6.pdf")" = 2 ] && pdfinfo "$T/b6.pdf" | grep -q "612 x 792"'
check "captions name the rules, grade and rating" \
    eval 'pdftotext "$T/b6.pdf" - | grep -q "anti-knight, anti-king, non-consecutive" && pdftotext "$T/b6.pdf" - | grep -Eq "killer .* (easy|medium|hard|expert|extreme|beyond) [0-9]+\.[0-9]"'
check "page numbers at the foot" eval 'pdftotext -f 2 -l 2 "$T/b6.pdf" - | grep -qx 2'
run render "$PUB" --per-page 1 < /dev/null
check "several puzzles to stdout: a PDF" eval '[ $rc -eq 0 ] && head -c 5 "$T/out" | grep -q "%PDF-"'
run render "$T/p3.txt"
check "one puzzle to stdout: an SVG" eval '[ $rc -eq 0 ] && xmllint --noout "$T/out"'

# A picture or a book into a full disk: exit 2, its cause told once.
if [ -w /dev/full ]; then
    for form in svg png pdf; do
        "$S" render --format $form "$T/p3.txt" > /dev/full 2> "$T/err"
        rc=$?
        check "render --format $form > /dev/full: exit 2, one line with its cause" eval \
            '[ $rc -eq 2 ] && [ "$(cat "$T/err")" = "sudolab: cannot write the output: No space left on device" ]'
    done
fi

# A file that cannot be written whole (here a file size limit, SIGXFSZ
# ignored) names its cause: the drawing library said "error while
# writing to output stream" alone.
for form in svg png pdf; do
    rm -f "$T/big.$form"
    (trap '' XFSZ; ulimit -f 4; exec "$S" render --format $form --output "$T/big.$form" "$T/p3.txt") \
        2> "$T/err"
    rc=$?
    check "render --format $form into a file past its size limit: the cause, no file" eval \
        '[ $rc -eq 2 ] && grep -q "cannot write $T/big.$form: File too large" "$T/err" && no_file "$T/big.$form"'
done
# ... and a booklet stops drawing there: it went on reading, solving and
# drawing to the last page, the failure told only at the close.
i=0
while [ $i -lt 2000 ]; do cat "$T/p3.txt"; i=$((i + 1)); done > "$T/many.txt"
echo "not a puzzle" >> "$T/many.txt"
(trap '' XFSZ; ulimit -f 64; exec "$S" render --output "$T/many.pdf" "$T/many.txt") 2> "$T/err"
rc=$?
check "a booklet past its size limit stops at the failed write, a puzzle named, no file" eval \
    '[ $rc -eq 2 ] && grep -q "many.txt:[0-9]*: cannot write $T/many.pdf: File too large" "$T/err" &&
     ! grep -q "many.txt:2000:" "$T/err" && no_file "$T/many.pdf"'
# ... and reads no further: a bad line at the end was still complained of.
check "a booklet that failed reads no further" eval '! grep -q "many.txt:2001:" "$T/err"'

# Refusals: exit 2, nothing written.
run render "$PUB" --paper a3 --output "$T/x.pdf"
check "an unknown paper size is refused" eval '[ $rc -eq 2 ] && grep -q "unknown paper size .a3." "$T/err" && no_file "$T/x.pdf"'
run render "$PUB" --per-page 3 --output "$T/x.pdf"
check "--per-page 3 is refused" eval '[ $rc -eq 2 ] && grep -q "1, 2, 4 or 6" "$T/err" && no_file "$T/x.pdf"'
run render "$PUB" --format svg --output "$T/x.svg"
check "several puzzles in one SVG are refused" eval '[ $rc -eq 2 ] && grep -q "svg holds one puzzle" "$T/err" && no_file "$T/x.svg"'
run render "$PUB" --format jpeg --output "$T/x.pdf"
check "an unknown format is refused" eval '[ $rc -eq 2 ] && grep -q "unknown format" "$T/err" && no_file "$T/x.pdf"'
# A title that is not UTF-8 (a Latin-1 é here) is refused as such: the
# PDF's metadata takes UTF-8 alone, and the book once failed "cannot write".
# The --output name's ending picks the form: in capitals it was missed
# (book.PDF held an SVG), and an ending of no form wrote an SVG or a PDF
# by the count of puzzles (one.jpg: an SVG).
run render "$T/p3.txt" --output "$T/up.PDF"
check "--output NAME.PDF writes a PDF" eval '[ $rc -eq 0 ] && [ "$(pages "$T/up.PDF")" = 1 ]'
run render "$T/p3.txt" --output "$T/one.jpg"
check "--output NAME.jpg is refused: no such form, --format named" eval \
    '[ $rc -eq 2 ] && grep -q "its ending .\.jpg. is none of pdf, svg and png; give --format" "$T/err" && no_file "$T/one.jpg"'
run render "$T/p3.txt" --format svg --output "$T/one.jpg"
check "with --format the name is the user's" eval '[ $rc -eq 0 ] && xmllint --noout "$T/one.jpg"'
run render "$T/p3.txt" --output "$T/plain"
check "a name without an ending: one puzzle is an SVG" eval '[ $rc -eq 0 ] && xmllint --noout "$T/plain"'
run render "$PUB" --title "$(printf 'caf\351')" --output "$T/x.pdf"
check "a --title not in UTF-8 is refused, and says so" \
    eval '[ $rc -eq 2 ] && grep -q "title is not UTF-8" "$T/err" && no_file "$T/x.pdf"'
# A control character in --title went raw into the PDF's metadata (and
# from pdfinfo to a terminal), and was drawn as a missing glyph.
for bad in tab:'A\tB' ESC:'A\033[2J' CSI:'A\302\233x' DEL:'A\177'; do
    run render "$PUB" --title "$(printf "${bad#*:}")" --output "$T/x.pdf"
    check "a --title with a control character (${bad%%:*}) is refused, no file" \
        eval '[ $rc -eq 2 ] && err_has "--title has a control character, U+" && no_file "$T/x.pdf"'
done
run render "$PUB" --title "café Ü ¡" --output "$T/x.pdf"
check "a UTF-8 --title is the PDF's" eval '[ $rc -eq 0 ] && pdfinfo "$T/x.pdf" | grep -q "^Title: *café Ü ¡"'

# A picture's --title is drawn above it; --per-page and --paper lay out a
# booklet's pages, so for a picture (named, or one puzzle with no form
# named) they are refused, not ignored.
svg_height() { sed -n 's/^<svg .* height="\([0-9.]*\)pt".*/\1/p' "$1"; }
png_height() { od -An -tu1 -j 20 -N 4 "$1" | awk '{ print ((($1 * 256) + $2) * 256 + $3) * 256 + $4 }'; }
glyphs() { grep -c '<use xlink:href="#glyph' "$1"; }
run render "$T/p3.txt" --output "$T/plain.svg"
run render "$T/p3.txt" --title "Zq" --output "$T/titled.svg"
check "an SVG's --title: drawn in a band above the puzzle (taller, two glyphs more)" \
    eval '[ $rc -eq 0 ] && xmllint --noout "$T/titled.svg" &&
          [ "$(svg_height "$T/titled.svg")" -gt "$(svg_height "$T/plain.svg")" ] &&
          [ "$(glyphs "$T/titled.svg")" -eq $(($(glyphs "$T/plain.svg") + 2)) ]'
run render "$T/p3.txt" --format png --output "$T/plain.png"
run render "$T/p3.txt" --format png --solutions --title "A long title, longer than the picture is wide" --output "$T/titled.png"
check "a PNG's --title too, with --solutions" \
    eval '[ $rc -eq 0 ] && is_png "$T/titled.png" && [ "$(png_height "$T/titled.png")" -gt "$(png_height "$T/plain.png")" ]'
run render "$T/p3.txt" --per-page 2 --output "$T/x.svg"
check "--per-page for an SVG is refused, naming both" \
    eval '[ $rc -eq 2 ] && grep -q -- "--per-page goes with pdf, not svg" "$T/err" && no_file "$T/x.svg"'
run render "$T/p3.txt" --paper letter --format png --output "$T/x.png"
check "--paper for a PNG is refused, naming both" \
    eval '[ $rc -eq 2 ] && grep -q -- "--paper goes with pdf, not png" "$T/err" && no_file "$T/x.png"'
run render "$T/p3.txt" --paper letter
check "--paper for one puzzle with no form named (an SVG) is refused, saying --format pdf" \
    eval '[ $rc -eq 2 ] && grep -q -- "--paper goes with pdf, not svg" "$T/err" &&
          grep -q -- "--format pdf" "$T/err" && [ ! -s "$T/out" ]'
run render "$T/p3.txt" --paper letter --per-page 1 --format pdf --output "$T/x.pdf"
check "--paper and --per-page for one puzzle in a PDF: a letter page" \
    eval '[ $rc -eq 0 ] && pdfinfo "$T/x.pdf" | grep -q "612 x 792"'
run render "$PUB" --paper letter < /dev/null
check "--paper for several puzzles with no form named: a PDF" eval '[ $rc -eq 0 ] && head -c 5 "$T/out" | grep -q "%PDF-"'
rm -f "$T/x.pdf"
{ cat "$PUB"; echo "sudolab 9 3x3 classic;thermo:0-0 ."; } > "$T/bad.txt"
run render "$T/bad.txt" --output "$T/x.pdf"
check "a bad puzzle among good ones: its line, and no file" \
    eval '[ $rc -eq 2 ] && grep -q "bad.txt:29:" "$T/err" && no_file "$T/x.pdf"'
echo "sudolab 4 2x2 classic 1234341221434321" > "$T/wrong.txt"
echo "sudolab 4 2x2 classic 11.............." >> "$T/wrong.txt"
run render "$T/wrong.txt" --solutions --output "$T/x.pdf"
check "--solutions for a puzzle without one: nothing written" eval '[ $rc -ne 0 ] && no_file "$T/x.pdf"'
echo "sudolab 4 2x2 classic 1234............" > "$T/several.txt"
run render "$T/several.txt" --solutions --output "$T/several.pdf"
check "--solutions for a puzzle with several: drawn, with a warning naming its line" \
    eval '[ $rc -eq 0 ] && [ -s "$T/several.pdf" ] &&
          grep -q "several.txt:1: warning: several solutions; the one drawn is the first found" "$T/err"'
run render "$T/several.txt" --output "$T/several.pdf"
check "and without --solutions, no warning" eval '[ $rc -eq 0 ] && [ ! -s "$T/err" ]'
run render "$T/p3.txt" --output "$T/nodir/x.pdf"
check "an unwritable output is an error" eval '[ $rc -eq 2 ] && grep -q "nodir/x.pdf" "$T/err"'

# Cairo is opened at the first drawing, not linked: without a usable
# libcairo.so.2 drawing is a clear error and writes nothing, and the
# commands that draw nothing still run.
mkdir "$T/nocairo" && : > "$T/nocairo/libcairo.so.2"
without_cairo() {
    LD_LIBRARY_PATH="$T/nocairo${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" "$S" "$@" > "$T/out" 2> "$T/err"
    rc=$?
}
without_cairo render "$T/p3.txt" --output "$T/x.svg"
check "no cairo: drawing says so, writes nothing" \
    eval '[ $rc -eq 2 ] && grep -q "drawing needs libcairo.so.2" "$T/err" && no_file "$T/x.svg"'
without_cairo count "$T/p3.txt"
check "no cairo: count still runs" eval '[ $rc -eq 0 ] && grep -qx 1 "$T/out"'
if command -v readelf > /dev/null; then
    check "the executable does not link cairo or fontconfig" \
        eval '! readelf -d "$S" | grep -q "NEEDED.*\(libcairo\|libfontconfig\)"'
fi

# Sizes 4 to 25, symbols past 9.
for size in 4 16 25; do
    "$S" fill --size $size --count 1 --seed 2 > "$T/f$size.txt" 2> "$T/err"
    run render "$T/f$size.txt" --solutions --output "$T/f$size.pdf"
    check "a $size x $size grid" eval '[ $rc -eq 0 ] && [ "$(pages "$T/f$size.pdf")" = 2 ]'
done

# The terminal: a killer with its cages and sums.
run convert --to pretty "$T/p3.txt"
check "pretty: a killer's cages in box drawing, its sums in the corners" \
    eval '[ $rc -eq 0 ] && head -1 "$T/out" | grep -qx killer && grep -q "┃13     │11 ┃7  │18     ╏" "$T/out"'
run convert --to pretty --ascii "$T/p3.txt"
check "pretty --ascii: plain ASCII" \
    eval '[ $rc -eq 0 ] && ! LC_ALL=C grep -q "[^ -~]" "$T/out" && grep -q "|13     :11 |7  :18     !" "$T/out"'
run convert --ascii "$T/p3.txt"
check "--ascii without --to pretty is refused, not ignored" \
    eval '[ $rc -eq 2 ] && grep -q "ascii goes with --to pretty" "$T/err" && [ ! -s "$T/out" ]'
run convert --to pretty "$T/p4.txt"
check "pretty: a jigsaw's regions" eval '[ $rc -eq 0 ] && head -1 "$T/out" | grep -qx jigsaw && grep -q "┠───┼───╄━━━╅───╂" "$T/out"'

# Lines and clues outside the grid (sandwich, little killer).
cat > "$T/lines.txt" <<'LINES'
sudolab 9 3x3 classic;sandwich:r1=28,c2=25;sum:63+73=5,62+70+78=15;whispers:0-10-20;renban:4-5-6;palindrome:30-31-32;between:60-61-62 ................................4........................5.1.....................
LINES
run render "$T/lines.txt" --output "$T/lines.svg"
check "lines and outside clues: SVG is well-formed XML" eval '[ $rc -eq 0 ] && xmllint --noout "$T/lines.svg"'
run convert --to pretty "$T/lines.txt"
check "pretty: clues outside listed with their way" \
    eval '[ $rc -eq 0 ] && grep -q "^outside: r1c1→ 28, r1c2↓ 25, r8c1↘ 5, r7c9↙ 15" "$T/out"'

# A PDF or PNG is not written to a terminal (script(1) gives one): it
# was, bytes the terminal showed as noise. An SVG, text, still is, and
# a redirect or --output is untouched.
printf '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n' > "$T/tty1.txt"
cat "$T/tty1.txt" "$T/tty1.txt" > "$T/tty2.txt"
on_tty() { script -qec "$1" /dev/null < /dev/null 2>&1 | tr -d '\r'; }
on_tty "'$S' render --format png '$T/tty1.txt'; echo exit=\$?" > "$T/tty.out"
check "a PNG to a terminal is refused, exit 2" \
    eval 'grep -q "^sudolab render: not writing a PNG to the terminal" "$T/tty.out" &&
          grep -q "^exit=2" "$T/tty.out"'
on_tty "'$S' render '$T/tty2.txt'; echo exit=\$?" > "$T/tty.out"
check "several puzzles (a PDF) to a terminal are refused, exit 2" \
    eval 'grep -q "^sudolab render: not writing a PDF to the terminal" "$T/tty.out" &&
          grep -q "^exit=2" "$T/tty.out" && ! grep -q "%PDF" "$T/tty.out"'
on_tty "'$S' render '$T/tty1.txt'; echo exit=\$?" > "$T/tty.out"
check "one puzzle (an SVG) still goes to a terminal" \
    eval 'grep -q "<svg" "$T/tty.out" && grep -q "^exit=0" "$T/tty.out"'
on_tty "'$S' render --format png '$T/tty1.txt' | head -c 4 | od -c | head -n 1; echo exit=\$?" > "$T/tty.out"
check "a PNG to a pipe from a terminal is written" eval 'grep -q "P   N   G" "$T/tty.out"'

# --output - is standard output (it wrote a file named "-"), with the
# same refusal of a terminal; ./- is still a file of that name.
mkdir "$T/dash"
(cd "$T/dash" && "$S" render --format png --output - "$T/tty1.txt" > "$T/dash.png" 2> "$T/err")
check "render --output - writes a PNG to standard output, no file '-'" \
    eval 'is_png "$T/dash.png" && [ ! -e "$T/dash/-" ]'
on_tty "cd '$T/dash' && '$S' render --format pdf --output - '$T/tty1.txt'; echo exit=\$?" > "$T/tty.out"
check "render --output - to a terminal is refused as without --output" \
    eval 'grep -q "^sudolab render: not writing a PDF to the terminal" "$T/tty.out" &&
          grep -q "^exit=2" "$T/tty.out" && [ ! -e "$T/dash/-" ]'
(cd "$T/dash" && "$S" render --output ./- "$T/tty1.txt" > /dev/null 2> "$T/err")
check "render --output ./- writes the file named -" grep -q "<svg" "$T/dash/-"
rm -f "$T/dash/-"
(cd "$T/dash" && "$S" generate --count 2 -o - > "$T/dash.txt" 2> "$T/err")
check "generate -o - writes the puzzles to standard output, no file '-'" \
    eval '[ "$(grep -c "^[0-9.]\{81\}\$" "$T/dash.txt")" = 2 ] && [ ! -e "$T/dash/-" ]'
(cd "$T/dash" && "$S" report --count 1 --out - "$OLDPWD/reports/experiments/example.lua" \
    > "$T/out" 2> "$T/err")
rc=$?
check "report --out - is refused (a report is a folder), nothing made" \
    eval 'rc_is 2 && err_has "a report is a folder of files" && [ ! -e "$T/dash/-" ]'

finish
