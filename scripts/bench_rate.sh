#!/bin/sh
# bench_rate.sh — the rater's numbers, rerunnable: agreement with Sudoku
# Explainer, speed, and killer grades.
#
#   scripts/bench_rate.sh [BUILD_DIR] [RUNS]
#
# 1. Rates ../shared/data/se_rated_sample.txt (puzzle, SE rating per line)
#    and prints the Spearman rank correlation between our rating and SE's,
#    our rating per SE rating (median, range), and a scatter table: SE's
#    rating (rows, whole points) against ours (columns).
# 2. Times `sudolab rate` on that sample and on puzzles3_magictour_top1465,
#    RUNS times each (default 3), and prints the median puzzles/s of each
#    and of both together (total puzzles over total median time), then
#    the SE sample again with `rate --jobs 2`.
# 3. Rates ../shared/data/killer_sample.csv and prints the Spearman
#    correlation with the grade in its first column, the mean rating per
#    grade (and whether it rises strictly with the grade), how the ratings
#    spread (distinct values at 0.1 resolution, the share of the most
#    common one) and the rating speed on those 800 (median of RUNS runs;
#    one thread).
# Needs only sh, awk and sort. Run from the project root.
set -eu
BUILD=${1:-build}
RUNS=${2:-3}
SUDOLAB=$BUILD/sudolab
DATA=../shared/data
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT INT TERM

# Average ranks (ties share their mean rank) of column $2 of file $1, one
# per line in input order.
ranks() {
    awk -v col="$2" '{ print NR, $col }' "$1" | sort -k2,2g |
        awk '{ idx[NR] = $1; val[NR] = $2 }
             END { i = 1
                   while (i <= NR) { j = i
                                     while (j < NR && val[j + 1] == val[i]) j++
                                     for (k = i; k <= j; k++) print idx[k], (i + j) / 2
                                     i = j + 1 } }' | sort -k1,1n | awk '{ print $2 }'
}

# Spearman correlation of the two columns of file $1 (Pearson on ranks).
spearman() {
    ranks "$1" 1 >"$TMP/r1"
    ranks "$1" 2 >"$TMP/r2"
    paste "$TMP/r1" "$TMP/r2" | awk '{ n++; x[n] = $1; y[n] = $2; sx += $1; sy += $2 }
        END { mx = sx / n; my = sy / n
              for (i = 1; i <= n; i++) { a += (x[i] - mx) * (y[i] - my)
                                         b += (x[i] - mx) ^ 2; c += (y[i] - my) ^ 2 }
              printf "%.4f (n = %d)\n", a / sqrt(b * c), n }'
}

# Median seconds of RUNS timed runs of `sudolab rate` on file $1.
median_seconds() {
    i=0
    : >"$TMP/times"
    while [ "$i" -lt "$RUNS" ]; do
        start=$(date +%s.%N)
        "$SUDOLAB" rate "$@" >/dev/null 2>&1 || true
        end=$(date +%s.%N)
        echo "$start $end" | awk '{ printf "%.3f\n", $2 - $1 }' >>"$TMP/times"
        i=$((i + 1))
    done
    sort -g "$TMP/times" | awk '{ t[NR] = $1 } END { print t[int((NR + 1) / 2)] }'
}

echo "== agreement with Sudoku Explainer ($DATA/se_rated_sample.txt)"
grep -v '^#' "$DATA/se_rated_sample.txt" >"$TMP/se"
"$SUDOLAB" rate "$TMP/se" | awk '{ print $1 }' >"$TMP/ours"
awk '{ print $2 }' "$TMP/se" >"$TMP/theirs"
paste "$TMP/ours" "$TMP/theirs" | grep -v '^not' >"$TMP/pairs"
printf "Spearman: "
spearman "$TMP/pairs"
# The grade bounds, from the rater's own help (one source of truth).
"$SUDOLAB" rate --help 2>&1 | awk '$2 ~ /^[0-9.]+$/ && $3 == "<" && $4 == "RATING" && $6 != "" { print $6 }' >"$TMP/bounds"
awk 'NR == FNR { b[++nb] = $1; next }
     function band(x,   g) { g = 1; while (g <= nb && x > b[g] + 1e-9) g++; return g }
     { n++; d = $1 - $2; sum += d; if (d < 0) d = -d
       if (d <= 0.5 + 1e-9) w5++; if (d <= 1.0 + 1e-9) w10++
       if (band($1) == band($2)) same++ }
     END { printf "within 0.5 of SE: %.1f%%; within 1.0: %.1f%%; same grade band: %.1f%%; mean difference (ours - SE): %+.3f\n",
                  100 * w5 / n, 100 * w10 / n, 100 * same / n, sum / n }' "$TMP/bounds" "$TMP/pairs"
echo
echo "SE rating: puzzles, our median [min .. max]"
sort -k2,2g -k1,1g "$TMP/pairs" | awk '
    function flush() { if (n) printf "  %4.1f: %3d  %4.1f [%4.1f .. %4.1f]\n", se, n, v[int((n + 1) / 2)], v[1], v[n] }
    $2 != se { flush(); se = $2; n = 0 }
    { v[++n] = $1 }
    END { flush() }'
echo
echo "scatter: rows SE rating, columns ours (whole points; 10 = 10 and over)"
awk '{ r = int($2); c = int($1); if (c > 10) c = 10; count[r, c]++; rows[r] = 1 }
     END { printf "  SE\\ours"; for (c = 1; c <= 10; c++) printf "%6d", c; printf "\n"
           for (r = 1; r <= 10; r++) if (r in rows) { printf "  %7d", r
               for (c = 1; c <= 10; c++) printf "%6d", count[r, c] + 0; printf "\n" } }' "$TMP/pairs"

echo
echo "== speed (median of $RUNS runs)"
grep -v -e '^#' -e '^$' "$DATA/puzzles3_magictour_top1465" >"$TMP/magictour" # 1,465 puzzles
se_n=$(wc -l <"$TMP/se")
mt_n=$(wc -l <"$TMP/magictour")
se_t=$(median_seconds "$TMP/se")
mt_t=$(median_seconds "$TMP/magictour")
echo "$se_n $se_t $mt_n $mt_t" | awk '{ printf "  SE sample:  %5d puzzles in %6.2f s: %6.0f puzzles/s\n", $1, $2, $1 / $2
                                        printf "  magictour:  %5d puzzles in %6.2f s: %6.0f puzzles/s\n", $3, $4, $3 / $4
                                        printf "  together:   %5d puzzles in %6.2f s: %6.0f puzzles/s\n", $1 + $3, $2 + $4, ($1 + $3) / ($2 + $4) }'
# The same sample on two threads (`rate --jobs 2`, same output): what a
# user of a two-core machine sees.
se_t2=$(median_seconds --jobs 2 "$TMP/se")
echo "$se_n $se_t2" | awk '{ printf "  SE sample, --jobs 2: %5d puzzles in %6.2f s: %6.0f puzzles/s\n", $1, $2, $1 / $2 }'

echo
echo "== killer grades ($DATA/killer_sample.csv: 1 trivial ... 6 unreasonable)"
"$SUDOLAB" rate --format csv "$DATA/killer_sample.csv" | awk '{ print $1 }' >"$TMP/kours"
tail -n +2 "$DATA/killer_sample.csv" | cut -d, -f1 >"$TMP/kgrade"
paste "$TMP/kours" "$TMP/kgrade" >"$TMP/kpairs"
printf "Spearman with the grade: "
spearman "$TMP/kpairs"
awk '{ s[$2] += $1; n[$2]++ }
     END { rising = 1; last = -1
           for (g = 1; g <= 6; g++) if (n[g]) { m = s[g] / n[g]
               printf "  grade %d: %3d puzzles, mean rating %.2f\n", g, n[g], m
               if (m <= last) rising = 0; last = m }
           printf "  mean rating rises strictly with the grade: %s\n", rising ? "yes" : "no" }' "$TMP/kpairs"
awk '{ v = sprintf("%.1f", $1); count[v]++; n++ }
     END { best = 0; for (v in count) { k++; if (count[v] > best) { best = count[v]; top = v } }
           printf "spread: %d distinct ratings (0.1 resolution); the most common, %s, holds %d of %d (%.1f%%)\n",
                  k, top, best, n, 100 * best / n }' "$TMP/kpairs"
k_n=$(wc -l <"$TMP/kpairs")
k_t=$(median_seconds --format csv "$DATA/killer_sample.csv")
echo "$k_n $k_t" | awk '{ printf "speed: %d killers in %.2f s: %.0f puzzles/s (median of '"$RUNS"' runs)\n", $1, $2, $1 / $2 }'
