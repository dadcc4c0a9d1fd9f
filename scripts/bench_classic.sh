#!/bin/sh
# bench_classic.sh — the classic solver's numbers, rerunnable: `sudolab
# bench` on the shared classic sets, with the classic kernel and with the
# general engine (SUDOLAB_GENERAL_ENGINE=1), median of RUNS runs each; with
# CALLGRIND=1, also the instructions the searches take (solver_count
# only), which a loaded machine does not blur.
#
#   scripts/bench_classic.sh [BUILD_DIR] [RUNS]
#
# Both paths must report the same nodes and guesses per puzzle: the kernel
# changes the cost of a node, never the tree.
set -eu
BUILD=${1:-build}
RUNS=${2:-3}
S=$BUILD/sudolab
DATA=${DATA:-../shared/data}
SETS="puzzles2_17_clue puzzles3_magictour_top1465 puzzles6_forum_hardest_1106"

for set in $SETS; do
    for path in kernel general; do
        general=0
        [ "$path" = general ] && general=1
        line=$(SUDOLAB_GENERAL_ENGINE=$general "$S" bench --runs "$RUNS" "$DATA/$set")
        echo "$path: $line"
        if [ "${CALLGRIND:-0}" = 1 ]; then
            out=$(mktemp)
            SUDOLAB_GENERAL_ENGINE=$general valgrind --tool=callgrind --toggle-collect=solver_count \
                --callgrind-out-file=/dev/null "$S" bench "$DATA/$set" 2> "$out" > /dev/null
            echo "$path: $set: $(grep -o 'Collected : [0-9]*' "$out" | cut -d' ' -f3) instructions in solver_count"
            rm -f "$out"
        fi
    done
done
