#!/bin/sh
# bench_estimate.sh — how well count --estimate does against exact counts:
# for each puzzle with a known count (4x4 sudoku 288, 6x6 28,200,960,
# empty 9x9 6,670,903,752,021,072,936,960, and, counted exactly here with
# `sudolab count`, a 9x9 with 1158 solutions, an empty 6x6 X sudoku and
# a 6x6 with two thermometers), SEEDS estimates
# (seeds 1..SEEDS, PROBES probes each): how many of their 95% intervals
# hold the exact count, the median relative half-width of the interval,
# the worst relative error of the estimate, and the wall time of one.
#
#   scripts/bench_estimate.sh [BUILD_DIR] [SEEDS] [PROBES]
#
# Needs sh, awk, sed. Run from the project root. Results:
# scripts/RESULTS_setter.md.
set -eu
BUILD=${1:-build}
SEEDS=${2:-20}
PROBES=${3:-10000}
SUDOLAB=$BUILD/sudolab
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT INT TERM

printf '%s\n' ................ > "$TMP/4x4"
printf '%s\n' .................................... > "$TMP/6x6"
printf '%081d\n' 0 | tr 0 . > "$TMP/9x9"
printf '%s\n' .................1.....2.3......3.2...1.4......5....6..3......4.7..8...962....... \
    > "$TMP/1158"
printf '%s\n' 'sudolab 6 2x3 classic;diagonal ....................................' > "$TMP/x6x6"
printf '%s\n' 'sudolab 6 2x3 classic;thermo:0-1-2-3,11-17-23 ....................................' \
    > "$TMP/t6x6"
exact_1158=$("$SUDOLAB" count --limit 100000 "$TMP/1158")
exact_x6x6=$("$SUDOLAB" count --limit 100000000 "$TMP/x6x6")
exact_t6x6=$("$SUDOLAB" count --limit 100000000 "$TMP/t6x6")

field() { sed -n "s/.*\"$2\":\([^,}]*\).*/\1/p" "$1"; }

bench() { # NAME EXACT
    : > "$TMP/runs"
    s=1
    while [ "$s" -le "$SEEDS" ]; do
        start=$(date +%s.%N)
        "$SUDOLAB" count --estimate --json --probes "$PROBES" --seed "$s" "$TMP/$1" > "$TMP/out"
        end=$(date +%s.%N)
        echo "$(field "$TMP/out" estimate) $(field "$TMP/out" low) $(field "$TMP/out" high)" \
            "$start $end" >> "$TMP/runs"
        s=$((s + 1))
    done
    median=$(awk -v x="$2" '{ print ($3 - $2) / 2 / x }' "$TMP/runs" | sort -g |
        awk '{ w[NR] = $1 } END { print w[int((NR + 1) / 2)] }')
    awk -v name="$1" -v x="$2" -v median="$median" '
        { e = ($1 - x) / x; if (e < 0) e = -e; if (e > worst) worst = e
          held += $2 <= x && x <= $3
          t += $5 - $4 }
        END { printf "%-5s exact %s: interval held it %d of %d, median half-width %.1f%%, " \
                     "worst error %.1f%%, %.2f s each\n", name, x, held, NR, 100 * median,
                     100 * worst, t / NR }' "$TMP/runs"
}

bench 4x4 288
bench 6x6 28200960
bench 9x9 6670903752021072936960
bench 1158 "$exact_1158"
bench x6x6 "$exact_x6x6"
bench t6x6 "$exact_t6x6"
