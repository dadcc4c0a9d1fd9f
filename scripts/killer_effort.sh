#!/bin/sh
# killer_effort.sh — how hard killers are for a solver that knows none of
# the killer rule's deductions (no cage combinations, no rule of 45): each
# cage becomes a plain sum (the `sum` rule, bounds only) and pairs of
# distinct cells (`differ`), and `sudolab bench` counts the search nodes
# that solver takes. Prints, for each grade, the puzzles and the median and
# mean nodes; the killer ladder is monotone in effort when the medians rise
# from grade to grade.
#
#   scripts/killer_effort.sh [BUILD_DIR] FILE...   (killer lines with --stats
#                                                   columns: the grade is read
#                                                   from them, else rated)
set -eu
BUILD=${1:-build}
shift
S=$BUILD/sudolab
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT

# The killer line's cages as sum and differ rules, and the grade.
to_plain() {
    awk '{
        n = $2; map = $4; sums = $4
        sub(/^.*killer:/, "", map); sub(/:.*/, "", map)
        sub(/^.*killer:[^:]*:/, "", sums)
        width = length(map) / (n * n)
        count = 0
        delete id; delete cells
        for (i = 0; i < n * n; i++) {
            c = substr(map, i * width + 1, width)
            if (!(c in id)) id[c] = ++count
            k = id[c]; cells[k] = (k in cells) ? cells[k] " " i : i
        }
        split(sums, sum, ",")
        rule = ""; differ = ""
        for (k = 1; k <= count; k++) {
            m = split(cells[k], cs, " ")
            term = cs[1]
            for (j = 2; j <= m; j++) term = term "+" cs[j]
            rule = rule (k > 1 ? "," : "") term "=" sum[k]
            for (a = 1; a <= m; a++) for (b = a + 1; b <= m; b++)
                differ = differ (differ == "" ? "" : ",") cs[a] "-" cs[b]
        }
        print "sudolab " n " " $3 " classic;sum:" rule ";differ:" differ " " $5 > (dir "/" NR ".txt")
        print NR, ($8 != "" ? $8 : "-")
    }' dir="$T"
}

cat "$@" | to_plain > "$T/grades"
while read -r i grade; do
    if [ "$grade" = "-" ]; then grade=$(sed -n "${i}p" "$@" | cut -d' ' -f1-5 | "$S" rate | awk '{ print $2 }'); fi
    nodes=$("$S" bench "$T/$i.txt" | sed -n 's/.* \([0-9.]*\) nodes\/puzzle.*/\1/p')
    echo "$grade $nodes"
done < "$T/grades" | awk '
    { v[$1, ++n[$1]] = $2; sum[$1] += $2 }
    END {
        split("easy medium hard expert extreme beyond", order, " ")
        printf "%-8s %7s %12s %12s\n", "grade", "puzzles", "median nodes", "mean nodes"
        for (g = 1; g <= 6; g++) {
            name = order[g]
            if (!(name in n)) continue
            m = n[name]
            for (i = 1; i <= m; i++) x[i] = v[name, i]
            for (i = 2; i <= m; i++) for (j = i; j > 1 && x[j - 1] > x[j]; j--) { t = x[j]; x[j] = x[j - 1]; x[j - 1] = t }
            med = m % 2 ? x[(m + 1) / 2] : (x[m / 2] + x[m / 2 + 1]) / 2
            printf "%-8s %7d %12.0f %12.0f\n", name, m, med, sum[name] / m
        }
    }'
