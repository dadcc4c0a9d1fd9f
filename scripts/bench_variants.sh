#!/bin/sh
# bench_variants.sh — the numbers the variant rules must reach, rerunnable:
#   killer_sample.csv: puzzles/s (>= 5000), mean guesses, all verified;
#   killer_extreme.txt: milliseconds per puzzle, each on its own (< 50);
#   X and odd/even against classic puzzles of the same clue counts.
# Medians of RUNS runs (default 7). Run from the project root after a
# release build: sh scripts/bench_variants.sh [build/sudolab]
set -eu
sudolab=${1:-build/sudolab}
runs=${RUNS:-7}
data=../shared/data
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

field() { # the value before a word in a bench line: field LINE WORD
    echo "$1" | tr ',' '\n' | grep " $2" | awk '{print $1}' | head -n 1
}

echo "== killer_sample.csv (800 killers, no givens)"
"$sudolab" bench --runs "$runs" "$data/killer_sample.csv"

echo "== killer_extreme.txt, each puzzle alone (ms, median of $runs)"
grep -v '^#' "$data/killer_extreme.txt" | while IFS= read -r line; do
    n=$(grep -n -F "$line" "$data/killer_extreme.txt" | cut -d: -f1)
    echo "$line" > "$tmp/one.txt"
    out=$("$sudolab" bench --runs "$runs" "$tmp/one.txt")
    us=$(field "$out" "µs/puzzle")
    nodes=$(field "$out" "nodes/puzzle")
    ok=$(echo "$out" | grep -c "all verified" || true)
    printf '  line %2s: %9.1f ms  %8.0f nodes  %s\n' "$n" "$(awk "BEGIN { print $us / 1000 }")" \
        "$nodes" "$([ "$ok" = 1 ] && echo verified || echo NOT-VERIFIED)"
done

echo "== X and odd/even against classic, same clue counts (tests/data)"
base=""
for f in classic_matched x_matched oddeven_given_marks oddeven_open_marks; do
    out=$("$sudolab" bench --runs "$runs" "tests/data/$f.txt")
    us=$(field "$out" "µs/puzzle")
    [ -z "$base" ] && base=$us
    printf '  %-22s %8.2f µs/puzzle  %5.2fx classic time\n' "$f" "$us" "$(awk "BEGIN { print $us / $base }")"
done
