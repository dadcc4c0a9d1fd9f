#!/bin/sh
# repro.sh — seeded results are the same bytes run after run: `run`'s
# math.random from --seed, and outputs with decimals under a
# comma-decimal locale, another time zone and $SUDOLAB_PATH (the locale
# is made with localedef in the test's folder; skipped without it).
#
#   sh tests/repro.sh PATH_TO_SUDOLAB      (from the project root, as ctest runs it)

. "$(dirname "$0")/check.sh"
DATA=../shared/data

# out_is LINE...: stdout is exactly these lines.
out_is() {
    printf "%s\n" "$@" > "$T/want"
    cmp -s "$T/out" "$T/want"
}

# run: math.random starts from --seed (default 1), not from the clock.
printf 'print(math.random(0, math.maxinteger), math.random())\n' > "$T/draw.lua"
"$S" run "$T/draw.lua" > "$T/a" 2>&1
"$S" run "$T/draw.lua" > "$T/b" 2>&1
"$S" run --seed 1 "$T/draw.lua" > "$T/c" 2>&1
"$S" run --seed 7 "$T/draw.lua" > "$T/d" 2>&1
"$S" run --seed 7 "$T/draw.lua" > "$T/e" 2>&1
check "run: two runs of a script draw the same numbers" cmp -s "$T/a" "$T/b"
check "run: the default seed is 1" cmp -s "$T/a" "$T/c"
check "run --seed 7: its own draws, the same each run" \
    eval '! cmp -s "$T/a" "$T/d" && cmp -s "$T/d" "$T/e"'
printf 'math.randomseed(7)\nprint(math.random(0, math.maxinteger), math.random())\n' |
    "$S" run - > "$T/f" 2>&1
check "run --seed 7 draws what math.randomseed(7) does" cmp -s "$T/d" "$T/f"
run run --seed 18446744073709551615 "$T/draw.lua"
check "run --seed 2^64-1 is taken" eval 'rc_is 0 && [ -s "$T/out" ]'
run run --seed 1e3 "$T/draw.lua"
check "run --seed 1e3 is refused, exit 2" \
    eval 'rc_is 2 && err_has "--seed wants a whole number 0..18446744073709551615"'

# count --estimate sums doubles scaled by powers of two (estimate.c), so
# these digits are every IEEE-754 machine's, whatever its long double;
# an empty 25x25's reach past a double's range.
printf '%0256d\n%0625d\n' 0 0 > "$T/empty.txt"
run count --estimate --seed 3 --probes 40 "$T/empty.txt"
check "count --estimate of an empty 16x16 and 25x25, seed 3: the same digits" \
    out_is "3.973e+98 (95% interval 0 to 9.529e+98; 40 probes, seed 3)" \
    "1.833e+307 (95% interval 0 to 3.902e+307; 40 probes, seed 3)"

# Annealing decides by scripts/portable_math.lua, not by the C library's
# logarithm and exponential, whose last bits differ between libraries.
check "killer and calcudoku annealing call no math.log, math.exp or ^" \
    eval '! grep -n "math\.log\|math\.exp\|) ^ " scripts/killer_cages.lua \
        scripts/calcudoku_cages.lua variants/killer.lua'

# Outputs with decimals, in C and in a comma-decimal locale with another
# zone and a variant path set.
outputs() {
    "$S" generate --variant killer --seed 2 --count 2 --json | sed 's/"ms":[0-9.]*//'
    "$S" rate --json "$DATA/se_rated_sample.txt" | head -n 20
    printf '%081d\n' 0 | "$S" count --estimate --probes 300 --seed 3 --json
    printf 'print(1.5, 1/3, string.format("%%.2f", 2.25), tonumber("0.5"))\n' | "$S" run -
}
LC_ALL=C outputs > "$T/c.txt" 2>&1
if command -v localedef > /dev/null &&
    localedef -i de_DE -f UTF-8 "$T/de_DE.UTF-8" > /dev/null 2>&1; then
    LOCPATH=$T LC_ALL=de_DE.UTF-8 LANG=de_DE.UTF-8 TZ=Pacific/Chatham SUDOLAB_PATH=$T \
        outputs > "$T/de.txt" 2>&1
    check "a comma-decimal locale, a zone and SUDOLAB_PATH change no output" \
        cmp -s "$T/c.txt" "$T/de.txt"
    check "the outputs compared hold decimals" grep -q '"rating":[0-9]*\.[0-9]' "$T/c.txt"
else
    echo "ok - # SKIP no de_DE locale can be made here"
fi

finish
