/*
 * dig_unavoidable.c — the swap sets of a solution (dig_unavoidable.h).
 *
 * Digit pairs: every row holds a and b once, so the pair's graph joins
 * rows: the row of a cell holding a is linked to the row holding b in its
 * column and to the one holding b in its box. Both links are
 * permutations of the rows, so a part is the rows reached from one by
 * following them, kept as a mask of rows.
 *
 * Row pairs: two rows of one band that hold the same digits in a set of
 * columns may trade those cells (each column and each box keeps its two
 * digits); the smallest such sets are the cycles of the permutation
 * taking a column to the one where the second row holds the first row's
 * digit. Columns of one stack likewise. Cycles of two cells a row are
 * digit-pair parts already.
 */
#include "dig_unavoidable.h"

#include <string.h>

/* The solution read by digit and by line: for each digit the box it
 * holds in each row, the row it holds in each column and box, and its
 * cells as bits; for each row and column the column or row each digit
 * sits in; each row's cells as bits. */
struct grid_rows {
    int n, box_rows, box_cols;
    uint8_t box[SL_MAX_SIZE + 1][DIG_UNAVOIDABLE_SIDE];
    uint8_t by_col[SL_MAX_SIZE + 1][DIG_UNAVOIDABLE_SIDE];
    uint8_t by_box[SL_MAX_SIZE + 1][DIG_UNAVOIDABLE_SIDE];
    uint8_t col_of[DIG_UNAVOIDABLE_SIDE][SL_MAX_SIZE + 1];
    uint8_t row_of[DIG_UNAVOIDABLE_SIDE][SL_MAX_SIZE + 1];
    uint64_t digit_cells[SL_MAX_SIZE + 1][2]; /* the cells holding each digit */
    uint64_t row_cells[DIG_UNAVOIDABLE_SIDE][2];
    const uint8_t *solution;
};

static int grid_box(const struct grid_rows *g, int r, int k)
{
    return r / g->box_rows * (g->n / g->box_cols) + k / g->box_cols;
}

/* Reads solution into g; 0 when it is not a grid of the plain rules (a
 * digit out of range, or a row, column or box missing one). */
static int grid_rows_read(struct grid_rows *g, const struct ruleset *rs, const uint8_t *solution)
{
    int n = rs->geo.size;
    g->n = n, g->box_rows = rs->geo.box_rows, g->box_cols = rs->geo.box_cols;
    g->solution = solution;
    digitset row[DIG_UNAVOIDABLE_SIDE] = {0}, col[DIG_UNAVOIDABLE_SIDE] = {0},
             box[DIG_UNAVOIDABLE_SIDE] = {0};
    memset(g->digit_cells, 0, sizeof g->digit_cells);
    memset(g->row_cells, 0, sizeof g->row_cells);
    for (int c = 0; c < rs->geo.ncells; c++) {
        int d = solution[c], r = c / n, k = c % n, b = grid_box(g, r, k);
        if (d < 1 || d > n) return 0;
        g->digit_cells[d][c >> 6] |= UINT64_C(1) << (c & 63);
        g->row_cells[r][c >> 6] |= UINT64_C(1) << (c & 63);
        g->by_col[d][k] = g->by_box[d][b] = g->row_of[k][d] = (uint8_t)r;
        g->box[d][r] = (uint8_t)b;
        g->col_of[r][d] = (uint8_t)k;
        row[r] |= digitset_of(d), col[k] |= digitset_of(d), box[b] |= digitset_of(d);
    }
    for (int i = 0; i < n; i++)
        if (row[i] != rs->all || col[i] != rs->all || box[i] != rs->all) return 0;
    return 1;
}

static void set_add(uint64_t *set, int c) { set[c >> 6] |= UINT64_C(1) << (c & 63); }

/* A new empty set of u, or NULL when u is full. */
static uint64_t *set_new(struct dig_unavoidable *u)
{
    if (u->n == DIG_UNAVOIDABLE_MAX) return NULL;
    uint64_t *set = u->set[u->n++];
    set[0] = set[1] = 0;
    return set;
}

/* The parts of the pair (a, b), appended to u when all of them fit. */
static void pair_parts(struct dig_unavoidable *u, const struct grid_rows *g, int a, int b)
{
    int n = g->n;
    uint8_t by_col[DIG_UNAVOIDABLE_SIDE], by_box[DIG_UNAVOIDABLE_SIDE];
    for (int r = 0; r < n; r++) {
        by_col[r] = g->by_col[b][g->col_of[r][a]];
        by_box[r] = g->by_box[b][g->box[a][r]];
    }
    unsigned parts[DIG_UNAVOIDABLE_SIDE];
    int count = 0;
    for (unsigned todo = (1u << n) - 1; todo;) {
        unsigned part = todo & -todo, frontier = part;
        while (frontier) {
            int r = __builtin_ctz(frontier);
            frontier &= frontier - 1;
            unsigned next = ((1u << by_col[r]) | (1u << by_box[r])) & ~part;
            part |= next, frontier |= next;
        }
        parts[count++] = part;
        todo &= ~part;
    }
    if (u->n + count > DIG_UNAVOIDABLE_MAX) return; /* a part alone is no swap set */
    const uint64_t *da = g->digit_cells[a], *db = g->digit_cells[b];
    for (int i = 0; i < count; i++) {
        uint64_t *set = set_new(u), rows[2] = {0, 0};
        for (unsigned part = parts[i]; part; part &= part - 1) {
            const uint64_t *row = g->row_cells[__builtin_ctz(part)];
            rows[0] |= row[0], rows[1] |= row[1];
        }
        set[0] = (da[0] | db[0]) & rows[0];
        set[1] = (da[1] | db[1]) & rows[1];
    }
}

/* The cycles of three lines or more between lines p and q (rows, or
 * columns when by_cols), appended to u while there is room. */
static void line_cycles(struct dig_unavoidable *u, const struct grid_rows *g, int p, int q,
                        int by_cols)
{
    int n = g->n;
    unsigned seen = 0;
    for (int start = 0; start < n; start++) {
        if (seen >> start & 1) continue;
        unsigned cycle = 0;
        for (int k = start; !(cycle >> k & 1);) {
            cycle |= 1u << k;
            int d = g->solution[by_cols ? k * n + p : p * n + k];
            k = by_cols ? g->row_of[q][d] : g->col_of[q][d];
        }
        seen |= cycle;
        if (__builtin_popcount(cycle) < 3) continue;
        uint64_t *set = set_new(u);
        if (!set) return;
        for (; cycle; cycle &= cycle - 1) {
            int k = __builtin_ctz(cycle);
            set_add(set, by_cols ? k * n + p : p * n + k);
            set_add(set, by_cols ? k * n + q : q * n + k);
        }
    }
}

/* Row pairs within each band and column pairs within each stack. */
static void band_cycles(struct dig_unavoidable *u, const struct grid_rows *g)
{
    for (int p = 0; p < g->n; p++)
        for (int q = p + 1; q < g->n; q++) {
            if (p / g->box_rows == q / g->box_rows) line_cycles(u, g, p, q, 0);
            if (p / g->box_cols == q / g->box_cols) line_cycles(u, g, p, q, 1);
        }
}

void dig_unavoidable_find(struct dig_unavoidable *u, const struct ruleset *rs,
                          const uint8_t *solution)
{
    u->n = 0;
    int n = rs->geo.size;
    /* The kernel's fit is the plain classic houses, or those and X
     * sudoku's diagonals, where a swap may break a diagonal. */
    if (!rs->kernel_fits || rs->nunits != 3 * n || rs->geo.ncells > DIG_UNAVOIDABLE_CELLS ||
        n > DIG_UNAVOIDABLE_SIDE || rs->geo.box_rows == 0)
        return;
    /* A cell barred from a digit might not take the swap. */
    for (int c = 0; c < rs->geo.ncells; c++)
        if (rs->domain[c] != rs->all) return;
    struct grid_rows g;
    if (!grid_rows_read(&g, rs, solution)) return;
    for (int a = 1; a <= n; a++)
        for (int b = a + 1; b <= n; b++) pair_parts(u, &g, a, b);
    band_cycles(u, &g);
}

int dig_unavoidable_emptied(const struct dig_unavoidable *u, const uint64_t givens[2],
                            const uint64_t cells[2])
{
    for (int i = 0; i < u->n; i++)
        if (!(u->set[i][0] & givens[0]) && !(u->set[i][1] & givens[1]) &&
            ((u->set[i][0] & cells[0]) || (u->set[i][1] & cells[1])))
            return 1;
    return 0;
}
