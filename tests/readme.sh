#!/bin/sh
# readme.sh — the examples of README.md, variants/README.md and
# reports/README.md run as a reader runs them, read from the documents
# themselves so that no test keeps a copy: every command line of
# README's code blocks that runs
# build/sudolab (the quick start's after its install and build steps),
# from a scratch folder laid out as the project root (build/sudolab is
# the program under test, ../shared the shared data), each exiting 0
# (1 where its comment says "not unique") and writing what it says it
# writes; then the figures the text quotes for them: count --estimate's
# on an empty 9x9, the quick start's grade, the booklet's pages, the
# solution variants/README.md gives for its killer_demo.lua, and
# reports/README.md's experiment (two puzzles an arm); and that the
# killer cage defaults the documents and the help state are
# variants/killer.lua's, README's exit codes the manual page's, and
# constraints/README.md's rule descriptions what `sudolab rules` prints.
# Left out: installing, building, testing, and the runs spread over
# machines (tests/generate.sh checks shards with GNU parallel).
# Usage: sh tests/readme.sh PATH_TO_SUDOLAB (from the project root)
. "$(dirname "$0")/check.sh"

SRC=$(pwd)
mkdir -p "$T/root/build"
ln -s "$S" "$T/root/build/sudolab"
for d in tests variants scripts reports; do ln -s "$SRC/$d" "$T/root/$d"; done
if [ -d "$SRC/../shared" ]; then ln -s "$SRC/../shared" "$T/shared"; fi

# The command lines of README's code blocks, one per line (continuation
# lines joined): those that run build/sudolab and none of the left-out
# steps; the quick start's line from its first build/sudolab on.
awk '/^ *```/ { inside = !inside; next }
     inside { if (sub(/\\$/, "")) { held = held $0; next } print held $0; held = "" }' \
    README.md > "$T/blocks"
grep 'build/sudolab' "$T/blocks" | grep -v -e '^#' -e 'parallel ' -e SLURM -e 'cmake ' \
    -e 'ctest ' > "$T/examples"
sed -n 's/^sh scripts\/install_deps.sh && .* && \(K=\$(build\/sudolab .*\)$/\1/p' "$T/blocks" \
    > "$T/quick"
check "README's quick start is found after its install and build steps" \
    eval '[ $(wc -l < "$T/quick") -eq 1 ]'
check "README has command lines to run" eval '[ $(wc -l < "$T/examples") -ge 8 ]'

# example LINE: runs it in the scratch root; $T/out, $T/err, rc.
example() {
    (cd "$T/root" && timeout "$LIMIT" sh -c "$1" < /dev/null > "$T/out" 2> "$T/err")
    rc=$?
}

while IFS= read -r line; do
    case $line in
    *../shared/*)
        if [ ! -d "$T/shared" ]; then
            echo "ok - # skip (no ../shared): $line"
            continue
        fi
        ;;
    esac
    want=0
    case $line in *"# not unique"*) want=1 ;; esac
    example "$line"
    # check's echo reads backslashes (printf's '%081d\n'): doubled, shown.
    check "README: $(printf '%s' "$line" | sed 's/\\/\\\\/g')" eval '[ $rc -eq $want ] && [ ! -s "$T/err" ] &&
        { [ -s "$T/out" ] || case $line in *">"* | *--output*) true ;; *) false ;; esac; }'
done < "$T/examples"

# The quick start: a pretty grid with its cages, a rating line of the
# grade asked for, and the solution as a grid of nine lines.
example "$(cat "$T/quick")"
grade=$(sed -n 's/.*--grade \([a-z]*\).*/\1/p' "$T/quick")
check "README's quick start: a killer drawn, rated $grade, solved as a grid" \
    eval '[ $rc -eq 0 ] && [ -n "$grade" ] && grep -q "^killer$" "$T/out" &&
          grep -Eq "^[0-9]+\.[0-9] $grade [0-9.]+ " "$T/out" &&
          [ $(grep -Ec "^[1-9] [1-9] [1-9] \| [1-9] [1-9] [1-9] \| [1-9] [1-9] [1-9]$" "$T/out") -eq 9 ]'

# The drawing example's booklet: 12 killers "4 a page" and their
# solutions; the picture a PNG.
if command -v pdfinfo > /dev/null; then
    pages=$(pdfinfo "$T/root/killers.pdf" 2> /dev/null | awk '/^Pages:/ { print $2 }')
    check "README's booklet: 12 killers 4 a page, then their solutions: 6 pages" \
        [ "${pages:-0}" -eq 6 ]
fi
check "README's picture is a PNG" eval 'head -c 8 "$T/root/killer.png" | grep -q PNG'

# count --estimate on an empty 9x9: the figures the text gives, to their
# three digits.
quoted=$(tr '\n' ' ' < README.md |
    sed -n 's/.*(the default), it gives \([0-9.e+]*\) (95% interval \([0-9.e+]*\) to \([0-9.e+]*\)).*/\1 \2 \3/p')
printf '%081d\n' 0 | "$S" count --estimate > "$T/out" 2> "$T/err"
got=$(sed -n 's/^\([0-9.e+]*\) (95% interval \([0-9.e+]*\) to \([0-9.e+]*\);.*/\1 \2 \3/p' "$T/out" |
    awk '{ printf "%.2e %.2e %.2e", $1, $2, $3 }')
check "README's count --estimate figures ($quoted) are what it prints" \
    eval '[ -n "$quoted" ] && [ "$quoted" = "$got" ]'

# variants/README.md's killer_demo.lua prints the solution the text gives.
awk '/^```lua/ { inside = 1; next } /^```/ { inside = 0 } inside' variants/README.md |
    awk '/^-- killer_demo.lua/ { on = 1 } on && /^(-- |local |print|  )/ { print; next } on { exit }' \
    > "$T/root/killer_demo.lua"
said=$(tr '\n' ' ' < variants/README.md |
    sed -n 's/.*`sudolab run killer_demo.lua` prints the solution, *`\([1-9]*\)`.*/\1/p')
example "build/sudolab run killer_demo.lua"
check "variants/README.md's killer_demo.lua prints the solution it gives" \
    eval '[ $rc -eq 0 ] && [ ${#said} -eq 81 ] && [ "$(cat "$T/out")" = "$said" ]'

# reports/README.md's experiment (its first Lua block), two puzzles an
# arm (--count): a report with a row for each of its arms.
awk '/^```lua/ { inside = !seen; seen = 1; next } /^```/ { inside = 0 } inside' reports/README.md \
    > "$T/root/experiment.lua"
arms=$(sed -n 's/.*{name = "\([A-Za-z0-9_-]*\)".*/\1/p' "$T/root/experiment.lua")
example "build/sudolab report --count 2 --out report experiment.lua"
check "reports/README.md's experiment makes a report of its arms ($(echo $arms))" \
    eval '[ $rc -eq 0 ] && [ -n "$arms" ] && (for a in $arms; do
              grep -q "^| $a | 2 | 0 |" "$T/root/report/summary.md" || exit 1; done)'

# The bound reports/README.md gives an arm's rating band is the one
# `generate --rating` takes, as the refusal of a rating past it says.
doc_top=$(sed -n 's/.*1 <= low <= high <= \([0-9.]*\).*/\1/p' reports/README.md)
"$S" generate --rating 99 > /dev/null 2> "$T/err"
cli_top=$(sed -n 's/.*between 1.0 and \([0-9.]*\).*/\1/p' "$T/err")
check "reports/README.md's rating bound ($doc_top) is --rating's ($cli_top)" \
    eval '[ -n "$cli_top" ] && [ "$doc_top" = "$cli_top" ]'

# The killer cage defaults README.md, sudolab(1) and `generate --help`
# state are variants/killer.lua's: its sizes (default, past 9x9, easy and
# medium 9x9) and each grade's 9x9 cage counts, asked of the variant.
cat > "$T/root/cage_facts.lua" <<'LUA'
local k = require("killer")
local function list(t) return table.concat(t, ",") end
local function span(r)
  if r[1] == r[2] then return tostring(r[1]) end
  return r[1] .. (r[2] == r[1] + 1 and " or " or " to ") .. r[2]
end
print("default " .. list(k.defaults.cage_sizes) .. " past 9x9 " ..
      list(k.defaults.cage_sizes_past_9))
print("easy " .. list(k.grade_sizes.easy) .. " medium " .. list(k.grade_sizes.medium))
local shares = {}
for _, g in ipairs({"medium", "hard", "expert", "extreme", "beyond"}) do
  shares[#shares + 1] = g .. " " .. span(k.grade_cages[g])
end
print(table.concat(shares, " "))
LUA
example "build/sudolab run cage_facts.lua"
cp "$T/out" "$T/facts"
# A document's words: backticks, roff's escapes, punctuation and the
# words between a fact's parts ("and", "killers graded") dropped.
words() {
    tr '\n' ' ' | sed -e 's/`//g' -e 's/\\f[BIPR]//g' -e 's/\\-/-/g' -e 's/[,;:()]/ /g' \
        -e 's/ a 9x9 graded / /g' -e 's/ 9x9 killers graded / /g' -e 's/ 9x9 graded / /g' \
        -e 's/ and / /g' | tr -s ' '
}
fact_words() { sed -e 's/,/ /g' "$T/facts" | tr -s ' '; }
"$S" generate --help 2> /dev/null | words > "$T/help.words"
words < core/cli/sudolab.1 > "$T/man.words"
words < README.md > "$T/readme.words"
n=0
while IFS= read -r fact; do
    n=$((n + 1))
    for doc in help man readme; do
        # sudolab(1) and --help leave the grades' cage counts to README.
        if [ "$n" -eq 3 ] && [ "$doc" != readme ]; then continue; fi
        check "$doc states variants/killer.lua's \"$fact\"" grep -qF -- "$fact" "$T/$doc.words"
    done
done <<EOF2
$(fact_words)
EOF2
check "variants/killer.lua's cage facts were read" eval '[ "$n" -eq 3 ]'

# README's exit codes summarise the manual page's EXIT STATUS (the one
# full list): the same codes, none missing or added.
man_codes=$(awk '/^\.SH EXIT STATUS/ { on = 1; next } /^\.SH/ { on = 0 }
                 on && prev == ".TP" && /^\.B [0-9]+$/ { print $2 } { prev = $0 }' \
    core/cli/sudolab.1 | sort -n | tr '\n' ' ')
readme_codes=$(awk '/^### Exit codes/ { on = 1; next } on && /^#/ { on = 0 } on' README.md |
    grep -o '\(^\|[;,] *\)[0-9][0-9]* [a-z]' | grep -o '[0-9][0-9]*' | sort -n | tr '\n' ' ')
check "README's exit codes ($readme_codes) are the manual page's ($man_codes)" \
    eval '[ -n "$man_codes" ] && [ "$readme_codes" = "$man_codes" ]'

# constraints/README.md copies each rule's words from its plugin (one
# source: the plugin's table); a stale or missing copy fails here.
rules_doc_rc=0
sh scripts/rules_doc.sh "$S" > "$T/rules_doc" 2>&1 || rules_doc_rc=$?
check "constraints/README.md's rule blocks are what \`sudolab rules\` prints" \
    eval '[ $rules_doc_rc -eq 0 ] || { head -n 20 "$T/rules_doc"; false; }'
rules_doc_rc=0
sh scripts/rules_doc.sh "$T/no-sudolab" > "$T/rules_doc" 2>&1 || rules_doc_rc=$?
check "rules_doc.sh without its binary: exit 2, and what to do" \
    eval '[ $rules_doc_rc -eq 2 ] && grep -q "no-sudolab: no such program (build it first" "$T/rules_doc"'

# Every key a command's --json writes is named in the manual page, in
# bold where that command is described (a reader of the JSON needs its
# schema; rate's and generate's keys were once not given). The rater's
# technique keys are data, not schema, and are left out.
json_keys() {
    "$S" "$@" 2> /dev/null | sed 's/"techniques":{[^}]*}//g' | grep -o '"[a-z_0-9]*":' |
        tr -d '":' | sort -u
}
"$S" generate --count 2 --seed 3 > "$T/two.txt"
man_missing=
for keys in "rate --json $T/two.txt" "candidates --json $T/two.txt" \
    "count --estimate --probes 20 --json $T/two.txt" "generate --count 1 --json" \
    "generate --variant killer --strategy anneal --count 1 --seed 1 --json"; do
    # shellcheck disable=SC2086
    for key in $(json_keys $keys); do
        grep -q "^\.B[R]* $key\( \|,\|\$\)\|^\.RB { *$key\( \|,\|\$\)\|^\.RB ( *$key\( \|,\|\$\)" core/cli/sudolab.1 ||
            man_missing="$man_missing ${keys%% *}:$key"
    done
done
check "every key of rate, candidates, count --estimate and generate --json is in sudolab(1)" \
    eval '[ -z "$man_missing" ] || { echo "#   missing:$man_missing"; false; }'

finish
