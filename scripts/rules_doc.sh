#!/bin/sh
# rules_doc.sh — constraints/README.md's rule descriptions, from the plugins.
#
# Each rule's words for users (summary, form, arguments, example) are written
# once, in its plugin's table, and `sudolab rules NAME` prints them. The
# README shows the same text in a block between the lines
#   <!-- rules NAME: from `sudolab rules NAME` (scripts/rules_doc.sh) -->
#   <!-- end rules NAME -->
# This script checks those blocks against the binary (exit 1 with a diff when
# one is stale, or a rule has no block), or with --write rewrites them;
# exit 2 when the binary or the README is not there.
#
#   sh scripts/rules_doc.sh [build/sudolab] [--write]
set -eu
sudolab=${1:-build/sudolab}
mode=${2:-check}
readme=constraints/README.md
# Without these checks a missing binary showed as the shell's "not found"
# at a line of the loop below, exit 127, and another folder as a missing
# README: neither said what to do.
case $sudolab in
*/*) [ -f "$sudolab" ] && [ -x "$sudolab" ] ;;
*) command -v "$sudolab" >/dev/null ;;
esac || {
    echo "rules_doc: $sudolab: no such program (build it first, or give its path)" >&2
    exit 2
}
[ -f "$readme" ] || {
    echo "rules_doc: no $readme here: run it from the project root" >&2
    exit 2
}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The README with every block replaced by what the binary says now.
while IFS= read -r line; do
    case $line in
    '<!-- end rules '*) skipping=no ;;
    esac
    [ "${skipping:-no}" = yes ] && continue
    printf '%s\n' "$line"
    case $line in
    '<!-- rules '*)
        name=${line#<!-- rules }
        name=${name%%:*}
        printf '```\n'
        "$sudolab" rules "$name"
        printf '```\n'
        skipping=yes
        ;;
    esac
done <"$readme" >"$tmp/readme"

status=0
for name in $("$sudolab" rules | cut -d' ' -f1); do
    if ! grep -q "^<!-- rules $name: " "$readme"; then
        echo "rules_doc: $readme has no block for rule '$name'" >&2
        status=1
    fi
done

if [ "$mode" = --write ]; then
    cp "$tmp/readme" "$readme"
elif ! diff -u "$readme" "$tmp/readme" >&2; then
    echo "rules_doc: $readme is stale; run: sh scripts/rules_doc.sh $sudolab --write" >&2
    status=1
fi
exit $status
