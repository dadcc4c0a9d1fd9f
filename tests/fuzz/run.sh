#!/bin/sh
# run.sh BUILD SECONDS [HARNESS...]: runs each libFuzzer harness of BUILD
# (configured with CC=clang -DSUDOLAB_FUZZ=ON) for SECONDS, from seed
# corpora made of the shared data and the project's own files, and prints
# the executions of each. Exit 1 when any harness found a crash, leak,
# undefined behaviour or timeout (its input is left in BUILD/fuzz-artifacts).
# CI runs it for 30 s a harness; a long run is the same with more seconds.
# FUZZ_TIMEOUT (default 60) is libFuzzer's wall-clock limit on one input:
# raise it on a loaded machine, where a niced run gets a fraction of a core
# and a killer seed that takes a second of CPU can take twenty of wall time.
set -u
build=$1 seconds=$2
shift 2
root=$(cd "$(dirname "$0")/../.." && pwd)
data=$root/../shared/data
harnesses=${*:-fuzz_reader fuzz_solve fuzz_rate fuzz_solo_id fuzz_lua}
corpus=$build/fuzz-corpus artifacts=$build/fuzz-artifacts
mkdir -p "$artifacts"

# seed_lines DIR FILE...: the first lines of each file, one seed each.
seed_lines() {
    dir=$1
    shift
    for f in "$@"; do
        [ -r "$f" ] || continue
        head -n 150 "$f" | awk -v d="$dir" -v b="$(basename "$f")" \
            'length($0) > 0 { f = d "/" b "." NR; print > f; close(f) }'
    done
}

seeds() {
    dir=$corpus/$1
    [ -d "$dir" ] && return
    mkdir -p "$dir"
    case $1 in
    fuzz_lua) cp "$root"/tests/lua/*.lua "$root"/variants/*.lua "$root"/scripts/*.lua "$dir" ;;
    fuzz_solo_id) seed_lines "$dir" "$root/tests/data/solo_ids.txt" ;;
    fuzz_rate)
        # The hardest sets take seconds each to rate under the sanitizers,
        # which a short run would count as timeouts: the rater's code paths
        # are all reached from the graded samples.
        seed_lines "$dir" "$data"/puzzles2_17_clue "$data"/killer_sample.csv \
            "$data"/se_rated_sample.txt "$root"/tests/data/*.txt
        ;;
    *)
        seed_lines "$dir" "$data"/puzzles* "$data"/killer_* "$data"/se_rated_sample.txt \
            "$root"/tests/data/*.txt
        cp "$root"/tests/data/*.txt "$dir"
        ;;
    esac
}

failed=0 total=0
for h in $harnesses; do
    seeds "$h"
    log=$build/$h.log
    "$build/tests/fuzz/$h" -max_total_time="$seconds" -timeout="${FUZZ_TIMEOUT:-60}" \
        -rss_limit_mb=2560 -max_len=8192 \
        -print_final_stats=1 -artifact_prefix="$artifacts/$h-" "$corpus/$h" >"$log" 2>&1
    rc=$?
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
    total=$((total + ${runs:-0}))
    if [ "$rc" -eq 0 ]; then
        echo "ok - $h: ${runs:-0} executions in $seconds s"
    else
        echo "not ok - $h (exit $rc): see $log"
        grep -E "ERROR|runtime error|SUMMARY|fuzz:" "$log" | head -n 5
        # A CI machine is gone when the run ends: show the input itself.
        for a in "$artifacts/$h"-*; do
            [ -f "$a" ] || continue
            echo "input $a ($(wc -c <"$a") bytes), base64:"
            head -c 3000 "$a" | base64 | head -n 60
        done
        failed=$((failed + 1))
    fi
done
echo "fuzz: $total executions in all"
[ "$failed" -eq 0 ]
