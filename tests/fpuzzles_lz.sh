#!/bin/sh
# fpuzzles_lz.sh SUDOLAB LZ_TOOL DIR: the lz-string code of lz_string.h
# against the npm package lz-string (installed into DIR with npm when it
# is not there; node is required): both write the same code for the same
# text, each reads the other's, and the links and codes sudolab writes for
# the published puzzles unpack, with the package, to the JSON sudolab
# writes, and the package's codes of that JSON read back to the puzzles.
set -u
sudolab=$1 lz=$2 dir=$3
root=$(cd "$(dirname "$0")/.." && pwd)
command -v node >/dev/null || { echo "fpuzzles_lz: node is needed (Debian: nodejs npm)" >&2; exit 1; }
if [ ! -f "$dir/node_modules/lz-string/package.json" ]; then
    mkdir -p "$dir" && npm install --prefix "$dir" --no-audit --no-fund --silent lz-string@1.5.0 ||
        { echo "fpuzzles_lz: npm could not install lz-string into $dir" >&2; exit 1; }
fi
export NODE_PATH="$dir/node_modules"
ref="node $root/tests/lz_reference.js"
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
fail=0 n=0
bad() { echo "not ok - $*"; fail=$((fail + 1)); }

# same_code FILE: one text both ways.
same_code() {
    n=$((n + 1))
    "$lz" c <"$1" >"$tmp/ours" || { bad "$1: ours fails to compress"; return; }
    $ref c <"$1" >"$tmp/theirs" || { bad "$1: the package fails to compress"; return; }
    cmp -s "$tmp/ours" "$tmp/theirs" || bad "$1: the codes differ"
    $ref d <"$tmp/ours" >"$tmp/back1" && cmp -s "$tmp/back1" "$1" || bad "$1: the package misreads ours"
    "$lz" d <"$tmp/theirs" >"$tmp/back2" && cmp -s "$tmp/back2" "$1" || bad "$1: ours misreads the package's"
}

: >"$tmp/empty"
printf 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa' >"$tmp/run"
printf '\303\251t\303\251 \342\234\223 \360\237\230\200 \346\227\245\346\234\254\n' >"$tmp/unicode"
$ref text 20 120000 >"$tmp/long" || bad "random text"
for f in "$tmp/empty" "$tmp/run" "$tmp/unicode" "$tmp/long"; do same_code "$f"; done

# The published puzzles: sudolab's links, unpacked by the package, are
# sudolab's JSON; the package's codes of that JSON read back as the puzzles.
grep -v '^#' "$root/tests/data/published_variants.txt" | grep . >"$tmp/lines"
"$sudolab" convert --to fpuzzles "$tmp/lines" >"$tmp/json"
"$sudolab" convert --to fpuzzles-link "$tmp/lines" | sed 's/^.*load=//' | $ref dlines >"$tmp/unpacked"
cmp -s "$tmp/unpacked" "$tmp/json" || bad "the package unpacks sudolab's links to other JSON"
$ref clines <"$tmp/json" | sed 's|^|https://sudokupad.app/fpuzzles|' >"$tmp/links"
"$sudolab" convert "$tmp/links" >"$tmp/back"
cmp -s "$tmp/back" "$tmp/lines" || bad "the package's codes read back as other puzzles"
published=$(wc -l <"$tmp/lines")
[ "$published" -ge 12 ] || bad "only $published published puzzles"
same_code "$tmp/json"
echo "fpuzzles_lz: $n texts and $published published puzzles against lz-string, $fail failures"
[ "$fail" -eq 0 ]
