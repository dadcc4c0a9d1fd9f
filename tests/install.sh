#!/bin/sh
# install.sh — the install end to end: `cmake --install` into a temporary
# prefix; a C program built against the installed library with pkg-config
# (shared and static) that parses, solves, counts, rates and generates;
# the installed command run from another folder with SUDOLAB_ROOT unset;
# a variant file kept outside every project folder, given as a file and
# through SUDOLAB_PATH; the man page rendered; bash completion; --version.
#
#   sh tests/install.sh BUILD_DIR CMAKE CC [CFLAGS]    (from the project root)
#
# The expected answers come from the build tree's own sudolab, so the
# installed copy must behave exactly as the one the other tests check.

if [ $# -lt 3 ]; then
    echo "usage: sh $0 BUILD_DIR CMAKE CC [CFLAGS]" >&2
    exit 2
fi
build=$(cd "$1" && pwd) || exit 2
cmake=$2
cc=$3
cflags=${4:-}
set -- "$build/sudolab"
. "$(dirname "$0")/check.sh"
die() {
    echo "not ok - $*" >&2
    [ -f "$T/err" ] && sed 's/^/#   /' "$T/err" >&2
    exit 1
}
unset SUDOLAB_ROOT SUDOLAB_PATH
P=$T/prefix
away=$T/elsewhere # no project folder above it
mkdir -p "$away" "$T/mine"

# --- the install -------------------------------------------------------------
"$cmake" --install "$build" --prefix "$P" > "$T/err" 2>&1 || die "cmake --install failed"
export PKG_CONFIG_PATH="$P/lib/pkgconfig:$P/lib64/pkgconfig:$P/share/pkgconfig"
pkg-config --exists sudolab 2> "$T/err" || die "pkg-config does not find sudolab.pc in $P"
lib=$(pkg-config --variable=libdir sudolab)
I=$P/bin/sudolab
for f in "$I" "$P/include/sudolab.h" "$lib/libsudolab.a" "$lib/libsudolab.so" \
    "$P/share/sudolab/variants/classic.lua" "$P/share/sudolab/variants/killer.lua" \
    "$P/share/sudolab/scripts/generate.lua" "$P/share/sudolab/scripts/report_rating.gp" \
    "$P/share/man/man1/sudolab.1" "$P/share/bash-completion/completions/sudolab"; do
    check "installed: ${f#"$P"/}" test -s "$f"
done
soname() { objdump -p "$1" | awk '$1 == "SONAME" { print $2 }'; }
check "libsudolab.so has a SONAME with the major version" \
    eval '[ "$(soname "$lib/libsudolab.so")" = "libsudolab.so.$(pkg-config --modversion sudolab | cut -d. -f1)" ]'
check "libsudolab.so exports only sudolab_ functions" \
    eval '[ -z "$(nm -D --defined-only "$lib/libsudolab.so" | awk "\$2 == \"T\" && \$3 !~ /^sudolab_/")" ]'

# --- --version: one number in the binary, the library and sudolab.pc ----------
version=$(pkg-config --modversion sudolab)
check "sudolab --version prints 'sudolab X.Y.Z' as sudolab.pc says" \
    eval '[ "$("$I" --version)" = "sudolab $version" ] && [ "$("$I" version)" = "sudolab $version" ]'
check "the version is the project's (CMakeLists.txt)" \
    grep -q "project(sudolab VERSION $version " CMakeLists.txt

# --- a program against the installed library -----------------------------------
cat > "$T/use.c" << 'EOF'
#include <stdio.h>
#include <sudolab.h>

int main(int argc, char **argv)
{
    sudolab_puzzle *p = NULL, *bad = NULL, *made = NULL;
    char solution[82];
    long count = 0;
    double rating = 0;
    const char *grade = "";
    if (argc != 2 || sudolab_parse(argv[1], &p) != SUDOLAB_OK)
        return fprintf(stderr, "%s\n", sudolab_errmsg(p)), sudolab_free(p), 9;
    int rc = sudolab_solve(p, solution, sizeof solution) | sudolab_count(p, 5, &count) |
             sudolab_rate(p, &rating, &grade);
    printf("%s\n%ld\n%.1f %s\n", solution, count, rating, grade);
    if (sudolab_parse("12x", &bad) == SUDOLAB_ERROR) printf("%s\n", sudolab_errmsg(bad));
    rc |= sudolab_generate("killer", 3, NULL, &made);
    printf("%s\n%s\n", made ? sudolab_line(made) : sudolab_errmsg(made), sudolab_version());
    sudolab_free(p), sudolab_free(bad), sudolab_free(made);
    return rc;
}
EOF
puzzle=53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79
{
    echo "$puzzle" | "$S" solve
    echo "$puzzle" | "$S" count --limit 5
    echo "$puzzle" | "$S" rate | cut -d' ' -f1,2
    echo 12x | "$S" solve 2>&1 | sed 's/^<stdin>://'
    "$S" generate --variant killer --seed 3
    echo "$version"
} > "$T/want" 2> "$T/err" || die "the build's sudolab could not make the expected answers"
# Both solution counts are read from the program, so a wrong count fails.
grep -qx 1 "$T/want" || die "the reference count is not 1"

# shellcheck disable=SC2086 # pkg-config's output is words
"$cc" $cflags -o "$T/use" "$T/use.c" $(pkg-config --cflags --libs sudolab) 2> "$T/err" ||
    die "cannot build a program with pkg-config --cflags --libs sudolab"
check "the shared program needs libsudolab.so" \
    eval 'objdump -p "$T/use" | grep -q "NEEDED.*libsudolab\.so"'
(cd "$away" && LD_LIBRARY_PATH=$lib "$T/use" "$puzzle") > "$T/got" 2> "$T/err"
check "shared: parse, solve, count, rate, an error's place, generate, version" \
    cmp -s "$T/want" "$T/got"

static_libs=""
for word in $(pkg-config --static --libs sudolab); do
    [ "$word" = -lsudolab ] && word=-l:libsudolab.a
    static_libs="$static_libs $word"
done
# shellcheck disable=SC2086
"$cc" $cflags -o "$T/use-static" "$T/use.c" $(pkg-config --cflags sudolab) $static_libs \
    2> "$T/err" || die "cannot build a program with libsudolab.a and pkg-config --static"
check "the static program does not need libsudolab.so" \
    eval '! objdump -p "$T/use-static" | grep -q "NEEDED.*libsudolab"'
# Linked statically, the program lies outside the prefix: it is told where.
(cd "$away" && SUDOLAB_ROOT=$P/share/sudolab "$T/use-static" "$puzzle") > "$T/got" 2> "$T/err"
check "static: parse, solve, count, rate, an error's place, generate, version" \
    cmp -s "$T/want" "$T/got"

# --- the installed command, from elsewhere ----------------------------------------
cd "$away" || die "cannot enter $away"
"$S" generate --variant killer --count 3 --seed 5 > "$T/want" 2> "$T/err"
"$I" generate --variant killer --count 3 --seed 5 > "$T/got" 2> "$T/err"
check "from another folder, the installed sudolab generates the build's killers" \
    eval '[ -s "$T/got" ] && cmp -s "$T/want" "$T/got"'
# A variant only the installed share holds proves where the command looks.
sed 's/name = "classic"/name = "probe"/' "$P/share/sudolab/variants/classic.lua" \
    > "$P/share/sudolab/variants/probe.lua"
"$I" variants > "$T/got" 2> "$T/err"
check "the installed sudolab lists its own share/sudolab/variants" \
    eval 'grep -q "^probe " "$T/got" && grep -q "^killer " "$T/got"'
"$S" variants > "$T/got" 2> "$T/err"
check "the build's sudolab still reads the source tree" eval '! grep -q "^probe " "$T/got"'
rm -f "$P/share/sudolab/variants/probe.lua"
"$S" generate --variant diagonal --seed 9 | "$S" convert --to line > "$T/givens" 2> "$T/err"
"$S" solve --variant diagonal "$T/givens" > "$T/want" 2>> "$T/err"
"$I" solve --variant diagonal "$T/givens" > "$T/got" 2>> "$T/err"
check "the installed sudolab applies a shipped variant" \
    eval 'grep -q "^[1-9]\{81\}$" "$T/got" && cmp -s "$T/want" "$T/got"'

# --- a variant file of one's own, outside every project folder ------------------
cp "$P/share/sudolab/variants/diagonal.lua" "$T/mine/mine.lua"
# One that requires a module of its own folder, which only that folder has.
printf 'return require("mine_base")\n' > "$T/mine/twin.lua"
cp "$T/mine/mine.lua" "$T/mine/mine_base.lua"
"$S" generate --variant diagonal --count 3 --seed 4 > "$T/want" 2> "$T/err"
"$I" generate --variant "$T/mine/mine.lua" --count 3 --seed 4 > "$T/got" 2> "$T/err"
check "generate --variant /abs/mine.lua makes the variant's puzzles" \
    eval '[ -s "$T/got" ] && cmp -s "$T/want" "$T/got"'
(cd "$T/mine" && "$I" generate --variant ./twin.lua --count 3 --seed 4) > "$T/got" 2> "$T/err"
check "generate --variant ./twin.lua finds what it requires in its own folder" \
    eval '[ -s "$T/got" ] && cmp -s "$T/want" "$T/got"'
SUDOLAB_PATH=/nonexistent:$T/mine "$I" generate --variant mine --count 3 --seed 4 \
    > "$T/got" 2> "$T/err"
check "SUDOLAB_PATH + generate --variant mine makes the same puzzles" \
    eval '[ -s "$T/got" ] && cmp -s "$T/want" "$T/got"'
SUDOLAB_PATH=$T/mine "$I" variants > "$T/got" 2> "$T/err"
check "sudolab variants lists SUDOLAB_PATH's variants beside the shipped ones" \
    eval 'grep -q "^mine " "$T/got" && grep -q "^twin " "$T/got" && grep -q "^killer " "$T/got"'
head -n 1 "$T/want" | "$S" convert --to line > "$T/givens" 2> "$T/err"
"$I" solve --variant "$T/mine/mine.lua" "$T/givens" > "$T/got" 2> "$T/err"
"$S" solve --variant diagonal "$T/givens" > "$T/want" 2>> "$T/err"
check "solve --variant FILE gives plain givens the file's rules" \
    eval '[ -s "$T/got" ] && cmp -s "$T/want" "$T/got"'
printf 'return {count = 2, seed = 4, arms = {{name = "mine", variant = "mine.lua"}}}\n' \
    > "$T/mine/exp.lua"
rc=0
"$I" report --out "$T/report" "$T/mine/exp.lua" > /dev/null 2> "$T/err" || rc=$?
"$S" generate --variant diagonal --count 2 --seed 4 > "$T/want" 2>> "$T/err"
check "report: an arm's variant file is found beside the experiment" \
    eval '[ $rc -eq 0 ] && [ -s "$T/want" ] && (for line in $(cat "$T/want"); do
              grep -qF "$line" "$T/report/puzzles.csv" || exit 1; done)'
rc=0
"$I" generate --variant "$T/mine/nosuch.lua" > "$T/got" 2> "$T/err" || rc=$?
check "a missing variant file is an error naming it (exit 2)" \
    eval '[ $rc -eq 2 ] && grep -q "nosuch.lua" "$T/err" && [ ! -s "$T/got" ]'

# --- the man page ---------------------------------------------------------------
page=$P/share/man/man1/sudolab.1
if command -v man > /dev/null 2>&1; then
    MANWIDTH=80 MANPAGER=cat PAGER=cat man -l "$page" > "$T/man" 2> "$T/err"
    how="man -l"
elif command -v groff > /dev/null 2>&1; then
    groff -man -Tutf8 "$page" > "$T/man" 2> "$T/err"
    how="groff -man"
elif command -v mandoc > /dev/null 2>&1; then
    mandoc -Tutf8 "$page" > "$T/man" 2> "$T/err"
    how="mandoc"
else
    die "no man, groff or mandoc to render the man page (apt-get install man-db)"
fi
check "$how renders sudolab(1) with every section" \
    eval '(for s in NAME SYNOPSIS COMMANDS OPTIONS "EXIT STATUS" ENVIRONMENT FILES; do
              grep -q "^$s" "$T/man" || exit 1; done)'
"$I" --help | awk '/^commands:/ { on = 1; next } on && /^$/ { exit } on { print $1 }' \
    > "$T/commands"
check "sudolab(1) documents every command" \
    eval '[ -s "$T/commands" ] && (while read -r c; do
              grep -q "^       $c\\b" "$T/man" || { echo "no $c" > "$T/err"; exit 1; }
          done < "$T/commands")'
if command -v groff > /dev/null 2>&1; then
    groff -man -Tutf8 -ww -z "$page" > "$T/err" 2>&1
    check "groff finds nothing to warn about in sudolab(1)" eval '[ ! -s "$T/err" ]'
fi

# --- bash completion -------------------------------------------------------------
if command -v bash > /dev/null 2>&1; then
    cat > "$T/complete.bash" << EOF
source "$P/share/bash-completion/completions/sudolab"
complete_words() { COMP_WORDS=("\$@"); COMP_CWORD=\$((\$# - 1)); _sudolab; echo "\${COMPREPLY[*]}"; }
complete_words "$I" gen
complete_words "$I" generate --var
complete_words "$I" generate --variant kil
complete_words "$I" rate --exp
EOF
    bash "$T/complete.bash" > "$T/got" 2> "$T/err"
    printf 'generate\n--variant\nkiller\n--explain\n' > "$T/want"
    check "bash completes commands, options and variant names" cmp -s "$T/want" "$T/got"
fi

finish
