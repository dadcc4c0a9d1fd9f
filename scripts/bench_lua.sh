#!/bin/sh
# bench_lua.sh — the Lua numbers, rerunnable: starting the interpreter and
# loading each variant (sudolab variants --time), and the 800 killers of
# killer_sample.csv solved through the Lua killer variant against the same
# file through the line format (whole runs, wall clock, median of RUNS;
# each run solves the file ROUNDS times, default 5, so that start-up and
# a shared machine's jitter weigh less on runs of about 60 ms a round).
# Run from the project root after a release build: sh scripts/bench_lua.sh
set -eu
sudolab=${1:-build/sudolab}
runs=${RUNS:-5}
rounds=${ROUNDS:-5}
csv=../shared/data/killer_sample.csv

"$sudolab" variants --time

median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
wall() { # seconds of one run of the command
    start=$(date +%s.%N)
    "$@" > /dev/null
    end=$(date +%s.%N)
    awk "BEGIN { print $end - $start }"
}
rows=$(tail -n +2 "$csv")
files=$(for _ in $(seq "$rounds"); do echo "$csv"; done)
# shellcheck disable=SC2086 # the file once a round
line=$(for _ in $(seq "$runs"); do wall "$sudolab" solve $files; done | median)
# shellcheck disable=SC2086 # one argument per CSV row
lua=$(for _ in $(seq "$runs"); do
    IFS='
'
    wall "$sudolab" run scripts/solve_killers.lua "$rounds" $rows
    unset IFS
done | median)
printf 'killer_sample.csv, 800 puzzles x %d: line format %.3f s, Lua killer variant %.3f s: %.2fx\n' \
    "$rounds" "$line" "$lua" "$(awk "BEGIN { print $lua / $line }")"
