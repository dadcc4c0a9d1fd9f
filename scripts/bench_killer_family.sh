#!/bin/sh
# bench_killer_family.sh — the hard killers, each seen 48 ways.
#
# A search's luck on one puzzle says little about the method: the same
# killer turned, mirrored, with its bands reordered or its digits
# complemented (d -> N+1-d, every cage sum S -> (N+1)*size - S) is the
# same puzzle to a solver by hand, yet a search can take 300 nodes on one
# copy and 30,000 on another. This bench makes those 48 copies of every
# line of killer_extreme.txt (8 turns and mirrors x complemented or not x
# 3 band orders), solves each alone and verifies it, and reports the
# spread: total, median, 90th percentile, slowest, and how many took
# 50 ms or more; then per source line.
#
# Run from the project root after a release build:
#   [STACKS="2 0 1"] [ALL=FILE] sh scripts/bench_killer_family.sh [build/sudolab] [data file]
# STACKS reorders the stacks of columns of every copy as well (default
# "0 1 2": none): "2 0 1" and "1 2 0" give two other families of the same
# puzzles, held out from a choice made on the first. ALL=FILE also writes
# every copy into FILE, one a line, for one `sudolab count FILE` (or its
# callgrind) over the whole family.
set -eu
sudolab=${1:-build/sudolab}
data=${2:-../shared/data/killer_extreme.txt}
stacks=${STACKS:-0 1 2}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# One file per copy: tmp/L_T_C_B.txt (source line L, turn T, complement C,
# band order B). Cells are read row by row; a copy's cell j takes the
# cell i it comes from.
grep -v '^#' "$data" | awk -v dir="$tmp" -v stacks="$stacks" '
function turn(i, k,   r, c, t, n) {
    r = int(i / 9); c = i % 9
    for (n = 0; n < k % 4; n++) { t = r; r = c; c = 8 - t }
    if (k >= 4) c = 8 - c
    return r * 9 + c
}
BEGIN { split(stacks, stack, " ") }
{
    line++; map = $1; nsums = split($2, sum, ","); solution = $3
    ncage = 0; delete index_of; delete size
    for (i = 0; i < 81; i++) {
        ch = substr(map, i + 1, 1)
        if (ch == ".") continue
        if (!(ch in index_of)) index_of[ch] = ++ncage
        size[ch]++
    }
    split("0 1 2,1 2 0,2 0 1", orders, ",")
    for (k = 0; k < 8; k++) for (comp = 0; comp < 2; comp++) for (b = 1; b <= 3; b++) {
        split(orders[b], band, " ")
        for (i = 0; i < 81; i++) {
            r = int(i / 9); r = band[int(r / 3) + 1] * 3 + r % 3
            c = i % 9; c = stack[int(c / 3) + 1] * 3 + c % 3
            j = turn(r * 9 + c, k)
            newmap[j] = substr(map, i + 1, 1)
            d = substr(solution, i + 1, 1) + 0
            newsol[j] = comp ? 10 - d : d
        }
        out = ""; sol = ""; sums = ""; n = 0; delete letter
        for (j = 0; j < 81; j++) {
            ch = newmap[j]
            if (ch != "." && !(ch in letter)) {
                letter[ch] = substr("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz", ++n, 1)
                s = sum[index_of[ch]]
                if (s != "?" && comp) s = 10 * size[ch] - s
                sums = sums (n > 1 ? "," : "") s
            }
            out = out (ch == "." ? "." : letter[ch]); sol = sol newsol[j]
        }
        print out, sums, sol > (dir "/" line "_" k "_" comp "_" b ".txt")
        close(dir "/" line "_" k "_" comp "_" b ".txt")
    }
}'

if [ -n "${ALL:-}" ]; then cat "$tmp"/*.txt > "$ALL"; fi

for f in "$tmp"/*.txt; do
    out=$("$sudolab" bench --runs 1 "$f")
    echo "$out" | grep -q "all verified" || { echo "NOT VERIFIED: $(cat "$f")"; exit 1; }
    us=$(echo "$out" | sed -n 's/.* \([0-9.]*\) µs\/puzzle.*/\1/p')
    nodes=$(echo "$out" | sed -n 's/.* \([0-9.]*\) nodes\/puzzle.*/\1/p')
    echo "$(basename "$f" .txt) $us $nodes"
done > "$tmp/times"

summary() { # label, then "name us nodes" lines on stdin
    sort -k2 -n | awk -v label="$1" '
        { ms[NR] = $2 / 1000; total += ms[NR]; nodes += $3; slow += ms[NR] >= 50 }
        END { printf "%-9s %3d copies  total %8.1f ms  median %6.1f  p90 %6.1f  max %7.1f ms  >=50 ms: %3d  nodes %d\n",
              label, NR, total, ms[int((NR + 1) / 2)], ms[int(NR * 0.9 + 0.5)], ms[NR], slow, nodes }'
}
echo "== killer family: 48 copies of each line of $data, one solve each"
summary all < "$tmp/times"
for line in $(cut -d_ -f1 "$tmp/times" | sort -un); do
    grep "^${line}_" "$tmp/times" | summary "puzzle $line"
done
