#!/bin/sh
# bench_tdoku.sh — issue 23's classic ratios, measured side by side with
# tdoku (the fastest classic solver) on this machine, in one sitting:
#
#   1. first-solution solving of each shared classic set: `sudolab bench
#      --runs 1` against scripts/tdoku_driver.c's `solve` (both time only
#      the solver's calls); puzzles/s, ratio sudolab/tdoku (asked: >= 0.5);
#   2. minimal generation: `sudolab generate --symmetry none --count COUNT`
#      against the driver's `minimal COUNT` (a random grid, then every cell
#      emptied in random order unless uniqueness breaks), puzzles per second
#      of the whole process's CPU time (user + system); ratio (asked: ~1);
#   3. `generate --jobs 2` against `--jobs 1`, wall clock (asked: >= 1.8x),
#      and, as the machine's own reference, two driver processes making
#      COUNT/2 each against one making COUNT.
#
# The two sides alternate run by run (the first side swapped every other
# round; one job and two likewise), so both see the same load; each figure
# is the median of RUNS, a speed-up the median of the rounds' own ratios;
# beside them the best run of each side (highest rate, shortest wall time),
# the one the load disturbed least.
# Wall clocks measure the machine's load as much as the program: quote the
# load lines with them. Needs GNU time (/usr/bin/time).
#
#   scripts/bench_tdoku.sh TDOKU_SRC_DIR [RUNS]
#
# TDOKU_SRC_DIR is the src/ folder of a checkout of tdoku
#   git clone https://github.com/t-dillon/tdoku
#   scripts/bench_tdoku.sh tdoku/src
# from which only solver_dpll_triad_simd.cc (with the headers it
# includes) and util.cc are compiled, into a temporary folder, with tdoku's
# own flags for its `tdoku` library (its CMakeLists.txt: -O3
# -march=native, C++14, -fno-exceptions -fno-rtti -fpic). tdoku's code
# never enters this repository. RUNS defaults to 5. Environment: BUILD
# (default build; the project's release build), DATA (../shared/data),
# COUNT (20000), CXX (g++), CC (cc), VERBOSE (1: every run's figure, on
# standard error), CLOCK (below).
#
# CLOCK=cpu times the solving part by each thread's CPU time instead: a
# preloaded shim (built here) turns both programs' CLOCK_MONOTONIC reads
# into CLOCK_THREAD_CPUTIME_ID reads, so a preemption no longer counts
# against the run it lands in. Those reads cost more (a system call, not
# the vDSO), so the rates printed are corrected: the median cost of one
# empty timed interval (`tdoku_driver timer` under the shim, printed) is
# taken off each puzzle's time on both sides. Linux and glibc only.
set -eu
SRC=${1:?usage: scripts/bench_tdoku.sh TDOKU_SRC_DIR [RUNS]}
RUNS=${2:-5}
BUILD=${BUILD:-build}
DATA=${DATA:-../shared/data}
COUNT=${COUNT:-20000}
CXX=${CXX:-g++}
CC=${CC:-cc}
S=$BUILD/sudolab
SETS="puzzles2_17_clue puzzles3_magictour_top1465 puzzles6_forum_hardest_1106"
HERE=$(dirname "$0")
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
D=$TMP/tdoku_driver

TDOKU_FLAGS="-std=c++14 -O3 -march=native -fno-exceptions -fno-rtti -fpic"
# shellcheck disable=SC2086 # the flags are words
$CXX $TDOKU_FLAGS -c "$SRC/solver_dpll_triad_simd.cc" -o "$TMP/solver.o"
# shellcheck disable=SC2086
$CXX $TDOKU_FLAGS -c "$SRC/util.cc" -o "$TMP/util.o"
$CC -std=c11 -O2 -Wall -Wextra -c "$HERE/tdoku_driver.c" -o "$TMP/driver.o"
$CXX -o "$D" "$TMP/driver.o" "$TMP/solver.o" "$TMP/util.o"

PRELOAD='' TIMER_NS=0
if [ "${CLOCK:-wall}" = cpu ]; then
    cat > "$TMP/shim.c" << 'EOF'
#define _GNU_SOURCE
#include <dlfcn.h>
#include <time.h>
typedef int (*clock_fn)(clockid_t, struct timespec *);
int clock_gettime(clockid_t clock, struct timespec *t)
{
    static clock_fn next;
    if (next == NULL) next = (clock_fn)dlsym(RTLD_NEXT, "clock_gettime");
    return next(clock == CLOCK_MONOTONIC ? CLOCK_THREAD_CPUTIME_ID : clock, t);
}
EOF
    $CC -O2 -shared -fPIC -o "$TMP/shim.so" "$TMP/shim.c" -ldl
    PRELOAD=$TMP/shim.so
    TIMER_NS=$(LD_PRELOAD=$PRELOAD "$D" timer)
fi
# a rate with TIMER_NS taken off each puzzle's time
corrected() { awk -v r="$1" -v ns="$TIMER_NS" 'BEGIN {printf "%.0f\n", 1 / (1 / r - ns * 1e-9)}'; }

median() {
    sort -g "$1" | awk '{v[NR] = $1} END {print v[int((NR + 1) / 2)]}'
    [ "${VERBOSE:-0}" = 0 ] || echo "  $1: $(sort -g "$1" | tr '\n' ' ')" >&2
}
best() { sort -g "$1" | tail -1; } # the highest rate: the run the load disturbed least
least() { sort -g "$1" | head -1; } # the shortest wall time, likewise
ratio() { awk -v a="$1" -v b="$2" 'BEGIN {printf "%.2f", a / b}'; }
# puzzles/s from a bench line ("FILE: N puzzles, R puzzles/s, ..."), or
# nothing when the line does not say every solution was verified
rate_of() { case $1 in *"all verified"*) echo "$1" | awk '{print $4}' ;; esac; }
# seconds from `/usr/bin/time -f '%U %S %e'`: user + system, or wall
cpu_of() { awk '{print $1 + $2}' "$1"; }
wall_of() { awk '{print $3}' "$1"; }
per_second() { awk -v n="$1" -v s="$2" 'BEGIN {printf "%.0f\n", n / s}'; }
timed() { out=$1; shift; /usr/bin/time -f '%U %S %e' -o "$out" "$@" > /dev/null; }

echo "load at start: $(cut -d' ' -f1-3 /proc/loadavg); $(nproc) cores; $RUNS runs a figure"
echo "solving timed by: ${CLOCK:-wall} clock; $TIMER_NS ns a puzzle taken off for the clock"
echo "peer: $CXX $TDOKU_FLAGS ($($CXX --version | head -1))"
row() { printf '%-30s %9s %9s %6s   %9s %9s %6s\n' "$@"; }
row "medians; best runs:" "sudolab" "tdoku" "ratio" "sudolab" "tdoku" "ratio"

bench_pair() { # SET ROUND: one run of each side, in the round's order
    for side in $(if [ $(($2 % 2)) = 0 ]; then echo s t; else echo t s; fi); do
        if [ "$side" = s ]; then
            line=$(LD_PRELOAD=$PRELOAD "$S" bench --runs 1 "$DATA/$1")
        else
            line=$(LD_PRELOAD=$PRELOAD "$D" solve "$DATA/$1")
        fi
        r=$(rate_of "$line")
        [ -n "$r" ] || { echo "not verified: $line" >&2; exit 1; }
        corrected "$r" >> "$TMP/$side.rates"
        echo "$line" | awk '{print $2}' > "$TMP/$side.count"
    done
    cmp -s "$TMP/s.count" "$TMP/t.count" || { echo "$1: the two sides read different puzzles" >&2; exit 1; }
}

for set in $SETS; do
    rm -f "$TMP/s.rates" "$TMP/t.rates"
    i=0
    while [ $i -lt "$RUNS" ]; do bench_pair "$set" $i; i=$((i + 1)); done
    s=$(median "$TMP/s.rates") t=$(median "$TMP/t.rates") bs=$(best "$TMP/s.rates") bt=$(best "$TMP/t.rates")
    row "$set/s" "$s" "$t" "$(ratio "$s" "$t")" "$bs" "$bt" "$(ratio "$bs" "$bt")"
done

generate_pair() { # ROUND: minimal generation, CPU seconds of each side
    seed=$(($1 + 1))
    for side in $(if [ $(($1 % 2)) = 0 ]; then echo s t; else echo t s; fi); do
        if [ "$side" = s ]; then
            timed "$TMP/time" "$S" generate --symmetry none --count "$COUNT" --seed "$seed"
        else
            timed "$TMP/time" "$D" minimal "$COUNT" "$seed" 2> /dev/null
        fi
        per_second "$COUNT" "$(cpu_of "$TMP/time")" >> "$TMP/$side.gen"
    done
}

jobs_one() { # SIDE JOBS SEED: wall seconds of one run, to $TMP/SIDE.jJOBS
    if [ "$1" = s ]; then
        timed "$TMP/time" "$S" generate --symmetry none --count "$COUNT" --seed "$3" --jobs "$2"
        wall_of "$TMP/time" >> "$TMP/s.j$2"
    elif [ "$2" = 1 ]; then
        timed "$TMP/time" "$D" minimal "$COUNT" "$3" 2> /dev/null
        wall_of "$TMP/time" >> "$TMP/t.j1"
    else # two processes of half the count each
        start=$(date +%s.%N)
        "$D" minimal $((COUNT / 2)) "$3" > /dev/null 2>&1 &
        "$D" minimal $((COUNT / 2)) $(($3 + 1000)) > /dev/null 2>&1
        wait
        awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN {printf "%.2f\n", b - a}' >> "$TMP/t.j2"
    fi
}

jobs_pair() { # ROUND: wall seconds of one job and of two, both sides
    for jobs in $(if [ $(($1 % 2)) = 0 ]; then echo 1 2; else echo 2 1; fi); do
        jobs_one s "$jobs" $(($1 + 1))
        jobs_one t "$jobs" $(($1 + 1))
    done
    for side in s t; do # this round's speed-up: the rounds' loads differ
        ratio "$(tail -1 "$TMP/$side.j1")" "$(tail -1 "$TMP/$side.j2")" >> "$TMP/$side.up"
        echo >> "$TMP/$side.up"
    done
}

i=0
while [ $i -lt "$RUNS" ]; do generate_pair $i; jobs_pair $i; i=$((i + 1)); done
s=$(median "$TMP/s.gen") t=$(median "$TMP/t.gen") bs=$(best "$TMP/s.gen") bt=$(best "$TMP/t.gen")
row "minimal generation/s (CPU)" "$s" "$t" "$(ratio "$s" "$t")" "$bs" "$bt" "$(ratio "$bs" "$bt")"
for j in 1 2; do
    row "$j job(s), wall s" "$(median "$TMP/s.j$j")" "$(median "$TMP/t.j$j")" "" \
        "$(least "$TMP/s.j$j")" "$(least "$TMP/t.j$j")" ""
done
row "two jobs' speed-up (wall)" "$(median "$TMP/s.up")" "$(median "$TMP/t.up")" "" \
    "$(ratio "$(least "$TMP/s.j1")" "$(least "$TMP/s.j2")")" \
    "$(ratio "$(least "$TMP/t.j1")" "$(least "$TMP/t.j2")")" ""
echo "load at end: $(cut -d' ' -f1-3 /proc/loadavg)"
