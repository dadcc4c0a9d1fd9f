# cage_stats.awk — the cage shapes of killer lines (sudolab line form, as
# `sudolab generate --variant killer` writes them): how many puzzles, how
# many one-cell cages in all, the fewest and most cages in a puzzle, the
# mean cage size, how many cages are not one orthogonally connected piece,
# and the share of each size.
#
#   sudolab generate --variant killer --count 200 | awk -f scripts/cage_stats.awk
#
# A map of more than 62 cages names each cell with two symbols.
{
    n = $2
    map = $4
    sub(/^.*killer:/, "", map)
    sub(/:.*/, "", map)
    width = length(map) / (n * n)
    delete size
    delete at
    delete seen
    for (i = 1; i <= length(map); i += width) {
        at[(i - 1) / width] = substr(map, i, width)
        size[substr(map, i, width)]++
    }
    for (cell = 0; cell < n * n; cell++)
        if (!(at[cell] in seen)) {
            seen[at[cell]] = 1
            if (reach(cell, n) != size[at[cell]]) broken++
        }
    cages = 0
    for (c in size) {
        cages++
        sizes[size[c]]++
        if (size[c] == 1) ones++
    }
    total_cages += cages
    cells += n * n
    if (NR == 1 || cages < fewest) fewest = cages
    if (cages > most) most = cages
}
# The cells of cell's cage reached from it through orthogonal neighbours.
function reach(cell, n,    stack, top, got, c, k, d, nb, id) {
    id = at[cell]
    delete mark
    stack[top = 1] = cell
    mark[cell] = 1
    got = 0
    while (top > 0) {
        c = stack[top--]
        got++
        for (k = 0; k < 4; k++) {
            d = k == 0 ? -n : k == 1 ? n : k == 2 ? -1 : 1
            nb = c + d
            if (nb < 0 || nb >= n * n || (d == -1 && c % n == 0) || (d == 1 && c % n == n - 1)) continue
            if (at[nb] == id && !(nb in mark)) { mark[nb] = 1; stack[++top] = nb }
        }
    }
    return got
}

END {
    if (NR == 0) { print "no puzzles"; exit 1 }
    printf "puzzles %d  one-cell cages %d  cages %d..%d (mean %.1f)  disconnected %d  mean size %.2f\n",
           NR, ones + 0, fewest, most, total_cages / NR, broken + 0, cells / total_cages
    line = "sizes"
    for (s = 1; s <= 256; s++)
        if (s in sizes) line = line sprintf("  %d:%.0f%%", s, 100 * sizes[s] / total_cages)
    print line
}
