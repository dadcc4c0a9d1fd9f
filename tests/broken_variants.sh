#!/bin/sh
# broken_variants.sh — variant files broken the ways an edit breaks them
# (a syntax slip, a call to nothing, a line deleted, rules or marks false
# of the grid), each in a copy of the project's variants/ and scripts/
# under SUDOLAB_ROOT. generate, and solve and rate with --variant, must
# each stop with a clear error (the file and line where there is one),
# the README's exit code, and within a second of CPU: a failure that
# would repeat alike on every grid or layout ends the run at once.
#
#   sh tests/broken_variants.sh PATH_TO_SUDOLAB   (from the project root, as ctest runs it)

. "$(dirname "$0")/check.sh"

ROOT=$(pwd)
# A hang's bound and a speed test apart: CPU seconds a broken variant may
# take before its error (a sound one's first puzzle takes a hundredth).
CPU=${BROKEN_CPU:-1}
PLAIN=.8.5.......1..7..64.2..61.951..2.................9..351.87..6.26..1..3.......3.4.

# broken NAME FILE SED_SCRIPT: $T/NAME, a root whose FILE (variants/x.lua
# or scripts/x.lua) has SED_SCRIPT applied; an edit that changes nothing
# (the file moved on) is a failed check, not a quiet pass.
broken() {
    rm -rf "${T:?}/$1"
    mkdir -p "$T/$1"
    cp -R "$ROOT/variants" "$ROOT/scripts" "$T/$1/"
    sed "$3" "$ROOT/$2" > "$T/$1/$2"
    if cmp -s "$ROOT/$2" "$T/$1/$2"; then
        check "$1: the edit of $2 applies" false
        return 1
    fi
}

# within ROOT_NAME ARGS...: sudolab under that root, timed; rc as run's,
# cpu the user and system seconds it took.
within() {
    root=$1
    shift
    SUDOLAB_ROOT="$T/$root" timeout "$LIMIT" /usr/bin/time -f "%U %S" -o "$T/time" \
        "$S" "$@" < /dev/null > "$T/out" 2> "$T/err"
    rc=$?
    cpu=$(tail -n 1 "$T/time" | awk '{ print $1 + $2 }')
}
fast() { awk -v c="$cpu" -v cap="$CPU" 'BEGIN { exit !(c < cap) }'; }
err_matches() { grep -q -- "$1" "$T/err"; }

# expect NAME RC PATTERN ARGS...: sudolab ARGS under root NAME exits RC,
# says PATTERN (a grep pattern) and takes under CPU seconds.
expect() {
    name=$1 want=$2 pattern=$3
    shift 3
    within "$name" "$@"
    check "$name: $1 exits $want, '$pattern', under $CPU s of CPU" \
        eval 'rc_is "$want" && err_matches "$pattern" && fast || { echo "#   cpu: $cpu s"; false; }'
}

printf '%s\n' "$PLAIN" > "$T/plain.txt"

# A syntax slip: every command that loads the variant names its line.
broken syntax variants/thermo.lua '2i\
local = 1' && for cmd in generate solve rate; do
    set -- "$T/plain.txt"
    [ "$cmd" = generate ] && set --
    expect syntax 2 'variants/thermo\.lua:2: <name> expected' "$cmd" --variant thermo "$@"
done

# A call to nothing in build: the variant's line, on the first puzzle.
broken nilcall variants/kropki.lua 's/sudolab\.puzzle{/sudolab.puzle{/' &&
    expect nilcall 1 "variants/kropki\.lua:[0-9]*: attempt to call a nil value (field 'puzle')" \
        generate --variant kropki --count 3

# The fill's line deleted: no layout ever gets a grid. This ran 100
# prepares of 20 layouts (over 4 s of CPU) before its error.
broken nofill variants/jigsaw.lua '/p:fill(/d' && for grade in "" "--grade easy"; do
    # shellcheck disable=SC2086
    expect nofill 1 'no grid in 20 jigsaw layouts in a row, no fill giving up' \
        generate --variant jigsaw --count 3 $grade
done

# Layouts the rules refuse (one region of every cell): the build's line.
broken oneregion scripts/jigsaw_regions.lua 's/map\[cell + 1\] = letter_of\[id\]/map[cell + 1] = "A"/' &&
    expect oneregion 1 'variants/jigsaw\.lua:[0-9]*: puzzle: rules, column [0-9]*: region 1 has 81 cells' \
        generate --variant jigsaw

# Rules no grid fills: the same for every seed, so the first ends the run.
broken unsat variants/antiking.lua 's/rules = .*/rules = "classic;differ:9-3,9-4,9-5,9-6,9-7,9-8",/' &&
    for grade in "" "--grade hard"; do
        # shellcheck disable=SC2086
        expect unsat 1 'variant antiking: its rules leave an empty 9x9 grid no solution' \
            generate --variant antiking $grade
    done

# Clues false of the grid they were read off: the dig given that grid
# says so at its first call (it once dug on, and the second count found
# no solution), for a plain dig and a graded one alike.
broken sandwich variants/sandwich.lua 's/local sum = 0$/local sum = 1/' &&
    expect sandwich 1 'dig: the solution does not solve the puzzle: it breaks a rule or a given' \
        generate --variant sandwich
broken palindrome variants/palindrome.lua 's/return {lines = /return {lines = "0-1-2,0-3" or /' &&
    expect palindrome 1 'dig: the solution does not solve the puzzle: it breaks a rule or a given' \
        generate --variant palindrome --grade hard

# A strategy that never makes a puzzle: its reason, after its grids.
broken nostrategy variants/killer.lua \
    's/local p, info, walk = killer\[strategy\](v, grid, settings)/local p, info, walk = nil, "made none"/' &&
    expect nostrategy 1 'puzzle 0 (seed 1): made none' generate --variant killer

# Statistics that are no count (a NaN of cages): cast to int, undefined
# behaviour; now the strategy's error, with the puzzle.
broken nancages scripts/killer_cages.lua 's/return p, {cages = count,/return p, {cages = 0 \/ 0,/' &&
    for form in --stats --json; do
        expect nancages 1 "puzzle 0 (seed 1): the strategy's cages must be a whole number 0..625, not" \
            generate --variant killer "$form"
    done

# A runtime slip while loading, before any puzzle: solve and rate name it.
broken loadtime variants/windoku.lua '2i\
local _ = nil .. "x"' && for cmd in solve rate; do
    expect loadtime 2 'variants/windoku\.lua:2: attempt to concatenate a nil value' \
        "$cmd" --variant windoku "$T/plain.txt"
done

# `sudolab variants` named a variant file that fails to load by its base
# name alone ("[string "thermo.lua"]:4: variants/thermo.lua: ..." for a
# file that is no variant, "variant thermo: ..." from --time): now by the
# path the user can open, the others still listed.
broken novariant variants/thermo.lua 's/^return v$/return {name = "thermo"}/' && {
    within novariant variants
    check "novariant: variants names the file by its path, lists the others, exits 2" \
        eval 'rc_is 2 && err_has "$T/novariant/variants/thermo.lua: a variant returns a table with a name and a summary" &&
              [ "$(wc -l < "$T/err")" -eq 1 ] && grep -q "^killer " "$T/out"'
    within novariant variants --time
    check "novariant: variants --time names the file by its path" \
        eval 'rc_is 2 && err_has "$T/novariant/variants/thermo.lua: variant thermo: needs size" &&
              grep -q "^killer .*median" "$T/out"'
}

# user_generate NAME BODY: sudolab generate --variant NAME, NAME a user's
# classic 9x9 variant on $SUDOLAB_PATH whose generate function is BODY.
user_generate() {
    mkdir -p "$T/path"
    printf 'local v = require("variant").make{name = "%s", summary = "a user variant",\n  sizes = {9}, rules = "classic"}\nv.generate = function()\n%s\nend\nreturn v\n' \
        "$1" "$2" > "$T/path/$1.lua"
    SUDOLAB_PATH="$T/path" run generate --variant "$1"
}
# A puzzle that answers two lines: the second, an empty grid, was written
# without being read back or counted. One puzzle a line, or an error.
user_generate twolines "local p = sudolab.puzzle{size = 9, givens = \"$PLAIN\"}
return {line = function() return p:line() end, size = function() return 9 end,
  givens = function() return p:givens() .. '\\n' .. string.rep('.', 81) end}"
check "twolines: generate refuses a puzzle of two lines and writes none" \
    eval 'rc_is 1 && err_has "line holds a line break" && [ ! -s "$T/out" ]'
# A string for a puzzle: the error named scripts/generate.lua's line
# ("attempt to call a nil value (method 'line')"), not the variant.
user_generate notapuzzle 'return "a puzzle"'
check "notapuzzle: generate names the variant and what it returned" \
    eval 'rc_is 1 && err_has "variant notapuzzle ($T/path/notapuzzle.lua): its generator returned a string, not a puzzle"'
# A table standing for a puzzle without clues (or rate): play and
# generate --stats failed at "scripts/generate.lua:27: attempt to call a
# nil value (method 'clues')", our file's line; now the variant and its
# file, and the method missing.
user_generate noclues "local p = sudolab.puzzle{size = 9, givens = \"$PLAIN\"}
return {line = function() return p:line() end, size = function() return 9 end,
  givens = function() return p:givens() end}"
check "noclues: a plain run reads no statistics and makes the puzzle" eval 'rc_is 0'
SUDOLAB_PATH="$T/path" run generate --variant noclues --stats
check "noclues --stats: the variant's file and the method missing, not our line" \
    eval 'rc_is 1 && err_has "variant noclues ($T/path/noclues.lua): its generator returned a table without the puzzle method clues" &&
          ! err_has "generate.lua"'
run generate --variant "$T/path/noclues.lua" --grade easy
check "noclues given as a file, graded: the file and the method rate" \
    eval 'rc_is 1 && err_has "variant noclues ($T/path/noclues.lua): its generator returned a table without the puzzle method rate"'
# A generator that returns nothing: "the generator made nothing", with
# no variant or file named, nor what it should return.
user_generate silent ''
check "silent: generate names the variant, its file and what to return" \
    eval 'rc_is 1 && err_has "variant silent ($T/path/silent.lua): its generator returned nothing (it must return a puzzle, or nil and the reason)"'
# A line in another form the reader takes, an f-puzzles object: generate
# --json pasted its quotes into the JSON string.
user_generate fpuzzles "local p = sudolab.puzzle{size = 9, givens = \"$PLAIN\"}
local rows = {}
for r = 0, 8 do
  local cells = {}
  for c = 1, 9 do
    local d = ('$PLAIN'):sub(r * 9 + c, r * 9 + c)
    cells[c] = d == '.' and '{}' or ('{\"value\":' .. d .. ',\"given\":true}')
  end
  rows[r + 1] = '[' .. table.concat(cells, ',') .. ']'
end
local line = '{\"size\":9,\"grid\":[' .. table.concat(rows, ',') .. ']}'
return {line = function() return line end, size = function() return 9 end,
  givens = function() return p:givens() end, clues = function() return p:clues() end,
  rate = function(_, ...) return p:rate(...) end}"
SUDOLAB_PATH="$T/path" run generate --variant fpuzzles --json
check "fpuzzles: generate --json quotes the line as a JSON string" \
    eval 'rc_is 0 && python3 -c "import json, sys; d = json.load(sys.stdin); assert d[\"puzzle\"].startswith(\"{\")" < "$T/out"'
# An energy JSON cannot hold: "energy":[3,inf,0] was written.
refused_trace() {
    user_generate "$1" "return sudolab.puzzle{size = 9, givens = \"$PLAIN\"}, {trace = $2}"
    SUDOLAB_PATH="$T/path" run generate --variant "$1" --json
    check "$1: a trace that is not finite is refused, at its step" eval 'rc_is 1 &&
        err_has "the strategy'"'"'s trace holds '"$3"': energies must be finite numbers" &&
        [ ! -s "$T/out" ]'
}
refused_trace inftrace "{3, 1/0, 0}" "inf at step 2"
refused_trace neginftrace "{-1/0}" "-inf at step 1"
# A puzzle object's own rate names its grade: "grade":"a "b"" was written.
user_generate quotedgrade "local p = sudolab.puzzle{size = 9, givens = \"$PLAIN\"}
return {line = function() return p:line() end, size = function() return 9 end,
  givens = function() return p:givens() end, clues = function() return p:clues() end,
  rate = function() return {rating = 3, grade = 'a \"b\"', work = 0, techniques = {}} end}"
SUDOLAB_PATH="$T/path" run generate --variant quotedgrade --json
check "quotedgrade: generate --json quotes the grade as a JSON string" \
    eval 'rc_is 0 && python3 -c "import json, sys; assert json.load(sys.stdin)[\"grade\"] == \"a \\\"b\\\"\"" < "$T/out"'
# A puzzle of two solutions: "not unique on the second count (a generator
# bug)", with no word of whose generator.
user_generate open 'return sudolab.puzzle{}'
check "open: a puzzle not unique names the variant whose generator made it" \
    eval 'rc_is 1 && err_has "variant open ($T/path/open.lua): its generator returned a puzzle with two or more solutions"'
# A misspelt rule in a variant's rules: blamed on scripts/variant.lua's
# build at the first puzzle; now the setter's file as it loads, with a
# guess, for generate, --variant and variants alike (the variant's
# \`return require("variant").make{...}\` is a tail call: no line of it).
mkdir -p "$T/typo"
printf 'return require("variant").make{name = "typo", summary = "a slip",\n  rules = "classic;diagnoal"}\n' > "$T/typo/typo.lua"
for cmd in "generate --variant typo" "solve --variant typo $T/plain.txt" variants; do
    # shellcheck disable=SC2086
    SUDOLAB_PATH="$T/typo" run $cmd
    check "typo: ${cmd%% *} names the file and the rule, with a guess" \
        eval 'rc_is 2 && err_has "$T/typo/typo.lua: variant typo: its rules '"'classic;diagnoal'"'" &&
              err_has "did you mean '"'diagonal'"'?" && ! err_has "variant.lua"'
done
printf 'local v = require("variant").make{name = "typo", summary = "a slip",\n  rules = "classic;diagnoal"}\nreturn v\n' > "$T/typo/typo.lua"
SUDOLAB_PATH="$T/typo" run generate --variant typo
check "typo: made in a local, the error names the line of the make call" \
    eval 'rc_is 2 && err_has "$T/typo/typo.lua:1: variant typo: its rules"'
# A user's debugging print: it went to standard output, into the
# puzzles (and into solve --variant's answers); now to standard error.
mkdir -p "$T/talk"
printf 'print("debug: loading talky")\nreturn require("classic")\n' > "$T/talk/talky.lua"
SUDOLAB_PATH="$T/talk" run generate --variant talky --count 2 --seed 1
check "talky: a variant's print goes to standard error, not among the puzzles" \
    eval 'rc_is 0 && [ $(wc -l < "$T/out") -eq 2 ] && ! grep -q debug "$T/out" && err_has "debug: loading talky"'
printf "%s\n" "$PLAIN" > "$T/talk.txt"
SUDOLAB_PATH="$T/talk" run solve --variant talky "$T/talk.txt"
check "talky: nor among solve --variant's answers" \
    eval '[ $(wc -l < "$T/out") -eq 1 ] && ! grep -q debug "$T/out" && err_has "debug: loading talky"'
# A precompiled chunk (string.dump's bytes, written by run's print):
# "attempt to load a binary chunk (mode is 't')", with no file named.
mkdir -p "$T/bin"
printf 'print(string.dump(function() return require("classic") end))\n' > "$T/dump.lua"
"$S" run "$T/dump.lua" > "$T/bin/dumped.lua"
run run "$T/bin/dumped.lua"
check "dumped: run names the file of a binary chunk" \
    eval 'rc_is 2 && err_has "$T/bin/dumped.lua: a precompiled (binary) chunk, which the sandbox does not load"'
SUDOLAB_PATH="$T/bin" run generate --variant dumped
check "dumped: generate --variant names it too" \
    eval 'rc_is 2 && err_has "$T/bin/dumped.lua: a precompiled (binary) chunk"'
# Past the memory cap: generate takes no --max-memory, so its message must
# not send the user to one ("see --max-memory", then "this command does
# not take --max-memory").
user_generate hungry 'return string.rep("x", 1 << 30)'
check "hungry: generate names the cap, and no option it does not take" \
    eval 'rc_is 1 && err_has "not enough memory (cap 256 MiB)" && ! err_has "see --max"'
# A generator that never finds a unique puzzle: it ended at "count:
# instruction budget exceeded: ... (budget exhausted)", with no word that
# the budget is the sandbox's fixed one, afresh for each puzzle, nor what
# to do; generate takes no --max-instructions.
user_generate endless 'local p = sudolab.puzzle{size = 9}
while p:count(1000000) ~= 1 do end
return p'
check "endless: the budget named as fixed, per puzzle, and what to do" \
    eval 'rc_is 1 && err_has "endless.lua:5: count: instruction budget exceeded" &&
          err_has "(budget exhausted; the sandbox'"'"'s fixed 2e9, afresh for each puzzle: give up after some tries (return nil and why))" &&
          ! err_has "see --max"'
# A user's variant named as a module of scripts/ (marks) hides it from
# every require: the mark variants failed in `variants` with "attempt
# to call a nil value (field 'edges')" and no word of why.
mkdir -p "$T/hide"
printf 'return require("variant").make{name = "marks", summary = "mine", sizes = {9}, rules = "classic"}\n' \
    > "$T/hide/marks.lua"
SUDOLAB_PATH="$T/hide" run variants
check "hide: variants says first which file hides scripts/marks.lua" \
    eval 'head -n 1 "$T/err" | grep -q -F "warning: $T/hide/marks.lua hides " &&
          head -n 1 "$T/err" | grep -q "/scripts/marks\.lua, which"'
# generate under it failed as before ("variants/kropki.lua:29: attempt to
# call a nil value (field 'edges')"), with no word of why; every command
# that runs the project's Lua now warns first, once.
SUDOLAB_PATH="$T/hide" run generate --variant kropki
check "hide: generate --variant kropki warns first, then fails" \
    eval 'rc_is 2 && head -n 1 "$T/err" | grep -q -F "sudolab generate: warning: $T/hide/marks.lua hides " &&
          [ "$(grep -c "hides" "$T/err")" -eq 1 ]'
SUDOLAB_PATH="$T/hide" run generate --count 1
check "hide: a plain generate warns too, and makes its puzzle" \
    eval 'rc_is 0 && err_has "sudolab generate: warning: $T/hide/marks.lua hides " && [ -s "$T/out" ]'
printf "%s\n" "$PLAIN" > "$T/plain.txt"
SUDOLAB_PATH="$T/hide" run rate --variant kropki "$T/plain.txt"
check "hide: any command given --variant warns" \
    eval 'err_has "sudolab rate: warning: $T/hide/marks.lua hides "'
# A variant given as a file: its folder is searched first.
cp "$T/hide/marks.lua" "$T/path/marks.lua"
run generate --variant "$T/path/noclues.lua"
check "hide: a --variant file's folder is searched first, and warned of" \
    eval 'err_has "sudolab generate: warning: $T/path/marks.lua hides "'
# run: a script's own folder is searched first, so a marks.lua beside
# it hides the project's from the kropki it requires; run warned of
# nothing and failed inside variants/kropki.lua.
mkdir -p "$T/script"
cp "$T/hide/marks.lua" "$T/script/marks.lua"
printf 'local k = require("kropki")\nprint(k.name)\n' > "$T/script/mine.lua"
run run "$T/script/mine.lua"
check "hide: run warns of a module beside the script" \
    eval 'head -n 1 "$T/err" | grep -q -F "sudolab run: warning: $T/script/marks.lua hides " &&
          [ "$(grep -c "hides" "$T/err")" -eq 1 ]'
rm "$T/script/marks.lua"
run run "$T/script/mine.lua"
check "hide: without it, run loads kropki and says nothing" \
    eval 'rc_is 0 && [ "$(cat "$T/out")" = kropki ] && ! err_has "warning"'
# A script of scripts/ itself: its folder holds the modules, hiding none.
run run scripts/solve_killers.lua 1
check "hide: a script of scripts/ is no module hiding itself" eval '! err_has "warning"'
rm "$T/path/marks.lua"
run generate --count 1
check "without such a file: no warning" eval 'rc_is 0 && ! err_has "warning"'
finish
