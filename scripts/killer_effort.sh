#!/bin/sh
# killer_effort.sh — how hard killers are for a solver that knows none of
# the killer rule's deductions (no cage combinations, no rule of 45): each
# cage becomes a plain sum (the `sum` rule, bounds only) and pairs of
# distinct cells (`differ`), and `sudolab bench` counts the search nodes
# that solver takes. The nodes of one search depend on luck (which cell
# and digit it tries first), so each killer is also solved in its eight
# views (rotated and reflected: the same puzzle to a solver that knows
# cages and houses) and the mean of the eight taken. Prints, for each
# grade, the puzzles, the median and mean nodes, and the median of the
# eight-view means; the killer ladder is monotone in effort when the
# medians rise from grade to grade.
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

# The killer line's cages as sum and differ rules in each of the eight
# views (view 0 first, as it is: $T/N.one; all eight: $T/N.all), and the
# grade.
to_plain() {
    awk '
    # Cell (r, c) of an n x n grid in view v: transposed (v >= 4), columns
    # reversed (v odd), rows reversed (bit 1 of v).
    function view(v, r, c, n,    x) {
        if (v >= 4) { x = r; r = c; c = x }
        if (v % 2 == 1) c = n - 1 - c
        if (int(v / 2) % 2 == 1) r = n - 1 - r
        return r * n + c
    }
    {
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
        for (v = 0; v < 8; v++) {
            rule = ""; differ = ""
            for (k = 1; k <= count; k++) {
                m = split(cells[k], cs, " ")
                for (j = 1; j <= m; j++) cs[j] = view(v, int(cs[j] / n), cs[j] % n, n)
                term = cs[1]
                for (j = 2; j <= m; j++) term = term "+" cs[j]
                rule = rule (k > 1 ? "," : "") term "=" sum[k]
                for (a = 1; a <= m; a++) for (b = a + 1; b <= m; b++)
                    differ = differ (differ == "" ? "" : ",") cs[a] "-" cs[b]
            }
            delete given
            for (i = 0; i < n * n; i++) given[view(v, int(i / n), i % n, n)] = substr($5, i + 1, 1)
            g = ""
            for (i = 0; i < n * n; i++) g = g given[i]
            line = "sudolab " n " " $3 " classic;sum:" rule ";differ:" differ " " g
            if (v == 0) print line > (dir "/" NR ".one")
            print line > (dir "/" NR ".all")
        }
        close(dir "/" NR ".one"); close(dir "/" NR ".all")
        print NR, ($8 != "" ? $8 : "-")
    }' dir="$T"
}

nodes() { "$S" bench "$1" | sed -n 's/.* \([0-9.]*\) nodes\/puzzle.*/\1/p'; }

cat "$@" | to_plain > "$T/grades"
while read -r i grade; do
    if [ "$grade" = "-" ]; then grade=$(cat "$@" | sed -n "${i}p" | cut -d' ' -f1-5 | "$S" rate | awk '{ print $2 }'); fi
    echo "$grade $(nodes "$T/$i.one") $(nodes "$T/$i.all")"
done < "$T/grades" | awk '
    function median(name, col,    m, i, j, t) {
        m = n[name]
        for (i = 1; i <= m; i++) x[i] = v[name, i, col]
        for (i = 2; i <= m; i++) for (j = i; j > 1 && x[j - 1] > x[j]; j--) { t = x[j]; x[j] = x[j - 1]; x[j - 1] = t }
        return m % 2 ? x[(m + 1) / 2] : (x[m / 2] + x[m / 2 + 1]) / 2
    }
    { k = ++n[$1]; v[$1, k, 1] = $2; v[$1, k, 2] = $3; sum[$1] += $2 }
    END {
        split("easy medium hard expert extreme beyond", order, " ")
        printf "%-8s %7s %12s %12s %14s\n", "grade", "puzzles", "median nodes", "mean nodes", "median 8 views"
        for (g = 1; g <= 6; g++) {
            name = order[g]
            if (!(name in n)) continue
            printf "%-8s %7d %12.0f %12.0f %14.0f\n", name, n[name], median(name, 1), sum[name] / n[name], median(name, 2)
        }
    }'
