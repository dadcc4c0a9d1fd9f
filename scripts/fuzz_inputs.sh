#!/usr/bin/env bash
# fuzz_inputs.sh [-b SUDOLAB] [-n COUNT] [-s SEED] [-t SECONDS] [-o DIR]
#
# A mutation fuzzer of the command's inputs, from the outside: valid
# inputs of every reader (Solo, Keen and Unruly IDs, killer and calcudoku
# lines, sudolab lines, f-puzzles JSON and links, killer CSV, classic
# lines, variant files for --variant, experiment files for report) are
# mutated by scripts/fuzz_mutate.awk and each mutant is run through one
# command picked at random (convert, count, solve, rate, check; a variant
# file through solve --variant and generate; an experiment through report
# and run). A run is flagged when it
#   ends by a signal or with an exit code other than 0 to 3 (crash),
#   prints a sanitizer report (build with -DSUDOLAB_SANITIZE=ON),
#   takes more than 5 CPU seconds or is killed after SECONDS (slow, hang),
#   fails (exit 2) naming neither the input (or its variant) nor a puzzle
#   file's line (no place),
#   or converts to a sudolab line that does not read back the same (round).
# Each flagged input is kept in DIR (default /tmp/fuzz-inputs) with the
# command and its output; a summary line ends the run. COUNT mutants
# (default 500) from SEED (default 1): the same seed, the same mutants.
# Run from anywhere; the shared data is ../shared/data beside the project.
# A long run from a copy of the tree (the script may change meanwhile):
#   cp -r scripts variants reports tests /tmp/t/ && ln -s $PWD/../shared /tmp/shared
set -u
bin=build-san/sudolab count=500 seed=1 wall=60 out=/tmp/fuzz-inputs
while getopts b:n:s:t:o: opt; do
    case $opt in
    b) bin=$OPTARG ;;
    n) count=$OPTARG ;;
    s) seed=$OPTARG ;;
    t) wall=$OPTARG ;;
    o) out=$OPTARG ;;
    *) exit 2 ;;
    esac
done
root=$(cd "$(dirname "$0")/.." && pwd)
data=$root/../shared/data
case $bin in /*) ;; *) bin=$(pwd)/$bin ;; esac
[ -x "$bin" ] || { echo "fuzz_inputs.sh: no program $bin" >&2; exit 2; }
mkdir -p "$out/found" "$out/work"
work=$out/work
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=0:exitcode=97
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1:exitcode=98
export SUDOLAB_ROOT="$root"

# The seed lines: every content line of the project's test data, a few of
# each shared collection, a calcudoku and binary line of each size made
# here, and the extreme killers (made afresh by the build under test).
seeds=$work/seeds.txt
{
    grep -hv '^#' "$root"/tests/data/*.txt
    for f in "$data"/puzzles2_17_clue "$data"/puzzles6_forum_hardest_1106 \
        "$data"/se_rated_sample.txt "$data"/killer_sample.csv "$data"/killer_extreme.txt; do
        grep -v '^#' "$f" | head -n 20
    done
    for n in 3 4 5 6; do
        "$bin" generate --variant calcudoku --size "$n" --seed "$n" 2>/dev/null
    done
    "$bin" generate --variant binary --size 6 --seed 1 2>/dev/null
    "$bin" generate --variant jigsaw --size 6 --seed 1 2>/dev/null
    "$bin" generate --variant classic --size 16 --seed 1 2>/dev/null
} | grep -v '^[[:space:]]*$' >"$seeds"
nseeds=$(wc -l <"$seeds")
variants=$(ls "$root"/variants/*.lua)
experiments=$(ls "$root"/reports/experiments/*.lua 2>/dev/null)

# pick_word LIST: R, one of the blank-separated words of LIST, at random.
pick_word() {
    set -- $1
    rnd $#
    eval "R=\${$R}"
}

# rnd N: R, a number 1..N from the run's own sequence.
rnd_state=$seed
rnd() {
    rnd_state=$(((rnd_state * 1103515245 + 12345) % 2147483648))
    R=$((rnd_state / 16 % $1 + 1)) # the low bits of this sequence repeat soonest
}

found=0 runs=0 start=$(date +%s)
kinds=""

# flag KIND INPUT: keeps the input, its command and output.
flag() {
    found=$((found + 1))
    dir=$out/found/$1-$i
    mkdir -p "$dir"
    cp "$2" "$dir/" && cp "$work/cmd" "$work/stdout" "$work/stderr" "$dir/" 2>/dev/null
    kinds="$kinds $1"
    echo "FOUND $1: $dir: $(head -c 200 "$work/stderr" | head -n 1)"
}

# run IN CMD...: runs the command on input IN, checks it.
run() {
    in=$1
    shift
    runs=$((runs + 1))
    echo "$*" >"$work/cmd"
    TIMEFORMAT='%U %S'
    { time timeout -s KILL "$wall" nice "$@" >"$work/stdout" 2>"$work/stderr"; } 2>"$work/time"
    rc=$?
    cpu=$(awk '{ printf "%d", $1 + $2 }' "$work/time")
    if grep -qE 'Sanitizer|runtime error:' "$work/stderr"; then
        flag sanitizer "$in"
    elif [ "$rc" -eq 137 ] && tail -n 1 "$work/stderr" | grep -q 'puzzles\.\.\.$'; then
        flag slowarm "$in" # killed while a report's arm generated: its work, not a reader's
    elif [ "$rc" -eq 137 ]; then
        flag hang "$in"
    elif [ "$rc" -gt 3 ]; then
        flag crash "$in"
    elif [ "$cpu" -gt 5 ]; then
        flag slow "$in"
    elif [ "$rc" -eq 2 ] && ! grep -qF "$(basename "$in"):" "$work/stderr" &&
        ! grep -qE '\.txt:[0-9]+:|variant fuzz[a-z]*:' "$work/stderr"; then
        flag noplace "$in"
    else
        return 0
    fi
    return 1
}

# The sudolab line of a mutant reads back as itself.
round_trip() {
    in=$1
    cp "$work/stdout" "$work/line.txt"
    "$bin" convert --to sudolab "$work/line.txt" >"$work/again.txt" 2>"$work/stderr"
    cmp -s "$work/line.txt" "$work/again.txt" || flag round "$in"
}

i=0
while [ "$i" -lt "$count" ]; do
    i=$((i + 1))
    [ $((i % 100)) -eq 0 ] && echo "fuzz_inputs: $i inputs, $(($(date +%s) - start)) s, $found flagged"
    rnd 20
    kind=$R
    rnd 1000000
    mseed=$R
    if [ "$kind" -le 17 ]; then
        in=$work/in.txt
        rnd 3
        : >"$work/picked.txt"
        for k in $(seq "$R"); do
            rnd "$nseeds"
            sed -n "${R}p" "$seeds" >>"$work/picked.txt"
        done
        awk -v seed="$mseed" -f "$root/scripts/fuzz_mutate.awk" "$work/picked.txt" >"$in"
        rnd 8
        case $R in
        1 | 2) run "$in" "$bin" convert --to sudolab "$in" && [ "$rc" -eq 0 ] && round_trip "$in" ;;
        3) run "$in" "$bin" count --limit 2 --max-nodes 5000 "$in" ;;
        4) run "$in" "$bin" solve --max-nodes 5000 "$in" ;;
        5) run "$in" "$bin" rate --max-nodes 5000 "$in" ;;
        6) run "$in" "$bin" check "$in" ;;
        7)
            pick_word "solo keen unruly fpuzzles fpuzzles-link pretty line"
            run "$in" "$bin" convert --to "$R" "$in"
            ;;
        *)
            pick_word "keen unruly solo killer csv sudolab fpuzzles classic"
            run "$in" "$bin" count --limit 2 --max-nodes 5000 --format "$R" "$in"
            ;;
        esac
    elif [ "$kind" -le 19 ] || [ -z "$experiments" ]; then
        in=$work/fuzzvariant.lua
        pick_word "$variants"
        awk -v lua=1 -v seed="$mseed" -f "$root/scripts/fuzz_mutate.awk" "$R" >"$in"
        rnd 2
        if [ "$R" -eq 1 ]; then
            printf '%s\n' 53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79 \
                >"$work/classic.txt"
            run "$in" "$bin" solve --variant "$in" "$work/classic.txt"
        else
            run "$in" "$bin" generate --variant "$in" --count 1 --seed 1
        fi
    else
        in=$work/fuzzexperiment.lua
        pick_word "$experiments"
        awk -v lua=1 -v seed="$mseed" -f "$root/scripts/fuzz_mutate.awk" "$R" >"$in"
        rm -rf "$work/report"
        run "$in" "$bin" report --count 1 --out "$work/report" "$in"
    fi
done
echo "fuzz_inputs: $count inputs, $runs runs, $(($(date +%s) - start)) s, $found flagged:$kinds"
[ "$found" -eq 0 ]
