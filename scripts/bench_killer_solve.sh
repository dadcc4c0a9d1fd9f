#!/bin/sh
# bench_killer_solve.sh — issue 23's killer numbers, whole process.
#
# 1. `sudolab solve` of every killer of killer_sample.csv in one process
#    (parsing, building each ruleset, searching, printing): killers a
#    second of user CPU time, the median of RUNS runs.
# 2. `sudolab count` of each line of killer_extreme.txt (proving it
#    unique): milliseconds of user CPU time a count, the median of RUNS
#    runs of a process counting the line ten times.
# With valgrind installed and INSTR=1, also the instructions of each
# (callgrind; the figures to compare on a loaded machine).
#
# Run from the project root after a release build:
#   sh scripts/bench_killer_solve.sh [build/sudolab] [runs]
set -eu
sudolab=${1:-build/sudolab}
runs=${2:-3}
sample=../shared/data/killer_sample.csv
extreme=../shared/data/killer_extreme.txt
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# user CPU seconds of one run of the command, its output dropped
user_seconds() {
    /usr/bin/time -f %U -o "$tmp/time" "$@" >/dev/null
    cat "$tmp/time"
}

median() { sort -n | awk '{v[NR] = $1} END {print v[int((NR + 1) / 2)]}'; }

instructions() {
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null |
        awk '/refs:/ {gsub(",", "", $NF); printf "%.1fM", $NF / 1e6}'
}

killers=$(($(wc -l <"$sample") - 1))
i=0
while [ $i -lt "$runs" ]; do
    user_seconds "$sudolab" solve "$sample"
    i=$((i + 1))
done | median >"$tmp/solve"
seconds=$(cat "$tmp/solve")
printf 'solve %s: %d killers, %s s user (median of %d), %s killers/s' "$sample" "$killers" \
    "$seconds" "$runs" "$(awk -v n="$killers" -v s="$seconds" 'BEGIN {printf "%.0f", (s > 0 ? n / s : 0)}')"
if [ "${INSTR:-0}" = 1 ]; then printf ', %s instructions' "$(instructions "$sudolab" solve "$sample")"; fi
echo

# Each line is counted REPEAT times in one process (the ruleset is built
# once), for a resolution finer than the clock's 10 ms.
repeat=10
grep -v '^#' "$extreme" >"$tmp/lines"
line=0
while IFS= read -r puzzle; do
    line=$((line + 1))
    printf '%s\n' "$puzzle" >"$tmp/one.txt"
    : >"$tmp/many.txt"
    k=0
    while [ $k -lt $repeat ]; do
        printf '%s\n' "$puzzle" >>"$tmp/many.txt"
        k=$((k + 1))
    done
    answer=$("$sudolab" count "$tmp/one.txt")
    i=0
    while [ $i -lt "$runs" ]; do
        user_seconds "$sudolab" count "$tmp/many.txt"
        i=$((i + 1))
    done | median >"$tmp/count"
    printf 'count %s line %d: %s, %s ms user a count (median of %d)' "$extreme" "$line" \
        "$answer" "$(awk -v r=$repeat '{printf "%.1f", $1 * 1000 / r}' "$tmp/count")" "$runs"
    if [ "${INSTR:-0}" = 1 ]; then printf ', %s instructions' "$(instructions "$sudolab" count "$tmp/one.txt")"; fi
    echo
done <"$tmp/lines"
