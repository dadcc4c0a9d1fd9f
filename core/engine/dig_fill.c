/*
 * dig_fill.c — the random grid a dig starts from (dig.h): a search with
 * its digits drawn, where the boxes on the diagonal of a plain classic
 * grid are drawn first, whole, as no house or rule links them, and the
 * rest placed by a search over row, column and box masks.
 */
#include <string.h>

#include "dig.h"

/* Nodes one try of the mask search may take; a grid of 9x9 needs about
 * 60, one of 16x16 or 25x25 about its open cells, and the rare try that
 * wanders into a subtree without a completion starts again with other
 * draws, as a long search's nodes are worth less than a fresh start's. */
#define FILL_NODE_CAP 5000
/* Tries of the mask search before the solver's search draws the grid. */
#define FILL_TRIES 8

/* The mask search: digits used per row, column and box, and the cells
 * left (each with its row, column and box), the first `placed` filled. */
struct fill_cell {
    uint16_t cell;
    uint8_t row, col, box;
};

struct fill_masks {
    digitset row[SL_MAX_SIZE], col[SL_MAX_SIZE], box[SL_MAX_SIZE];
    digitset all;
    int size;
    uint8_t *grid;
    struct fill_cell cells[SL_MAX_CELLS];
    int ncells;
    struct rng *rng;
    long nodes, cap;
};

static digitset fill_open(const struct fill_masks *f, struct fill_cell x)
{
    return (digitset) ~(f->row[x.row] | f->col[x.col] | f->box[x.box]) & f->all;
}

static void fill_set(struct fill_masks *f, struct fill_cell x, int d)
{
    f->grid[x.cell] = (uint8_t)d;
    f->row[x.row] ^= digitset_of(d), f->col[x.col] ^= digitset_of(d),
        f->box[x.box] ^= digitset_of(d);
}

/* Moves the open cell with fewest candidates (the most digits its
 * houses use) to cells[placed]; its candidates. */
static digitset fill_pick(struct fill_masks *f, int placed)
{
    int best = placed, most = -1, enough = f->size - 1;
    for (int i = placed; i < f->ncells && most < enough; i++) {
        struct fill_cell x = f->cells[i];
        int used = digitset_count(f->row[x.row] | f->col[x.col] | f->box[x.box]);
        if (used > most) best = i, most = used;
    }
    struct fill_cell x = f->cells[best];
    f->cells[best] = f->cells[placed], f->cells[placed] = x;
    return fill_open(f, x);
}

/* Fills cells[placed..] in drawn digit order: 1 when complete, 0 at a dead
 * end, -1 past the cap's nodes. */
static int fill_search(struct fill_masks *f, int placed)
{
    if (placed == f->ncells) return 1;
    if (++f->nodes > f->cap) return -1;
    digitset open = fill_pick(f, placed);
    struct fill_cell x = f->cells[placed];
    int digits[SL_MAX_SIZE], k = 0;
    for (; open; open = digitset_rest(open)) digits[k++] = digitset_first(open);
    rng_shuffle_ints(f->rng, digits, k);
    for (int i = 0; i < k; i++) {
        fill_set(f, x, digits[i]);
        int done = fill_search(f, placed + 1);
        if (done) return done;
        fill_set(f, x, digits[i]);
    }
    f->grid[x.cell] = 0;
    return 0;
}

/* Completes grid (its diagonal boxes drawn) by the mask search, trying
 * again past the cap; 1 when complete, else grid is as it was. */
static int fill_by_masks(const struct geometry *g, uint8_t *grid, struct rng *rng,
                         struct search_stats *stats)
{
    struct fill_masks f = {.all = digitset_all(g->size), .size = g->size, .grid = grid, .rng = rng};
    int n = g->size;
    for (int row = 0, c = 0; row < n; row++) {
        int first_box = row / g->box_rows * (n / g->box_cols);
        for (int col = 0; col < n; col++, c++) {
            struct fill_cell x = {(uint16_t)c, (uint8_t)row, (uint8_t)col,
                                  (uint8_t)(first_box + col / g->box_cols)};
            if (grid[c])
                fill_set(&f, x, grid[c]);
            else
                f.cells[f.ncells++] = x;
        }
    }
    int done = -1;
    for (int try = 0; try < FILL_TRIES && done < 0; try++) {
        f.cap = f.nodes + FILL_NODE_CAP;
        done = fill_search(&f, 0);
        /* A search cut short leaves its placed cells set. */
        for (int i = 0; i < f.ncells && done != 1; i++) {
            if (grid[f.cells[i].cell]) fill_set(&f, f.cells[i], grid[f.cells[i].cell]);
            grid[f.cells[i].cell] = 0;
        }
    }
    if (stats) stats->nodes += (uint64_t)f.nodes;
    return done == 1;
}

/* 1 when unit u's cells are one row, column or box of the geometry; its
 * index among the 3N (rows, then columns, then boxes) in *which. */
static int fill_unit_is_house(const struct ruleset *rs, int u, int *which)
{
    const struct geometry *g = &rs->geo;
    const uint16_t *cell = rs->unit_cells + rs->unit_start[u];
    int same[3] = {1, 1, 1},
        first[3] = {geometry_row(g, cell[0]), geometry_col(g, cell[0]), geometry_box(g, cell[0])};
    for (int i = 1; i < g->size; i++) {
        same[0] &= geometry_row(g, cell[i]) == first[0];
        same[1] &= geometry_col(g, cell[i]) == first[1];
        same[2] &= geometry_box(g, cell[i]) == first[2];
    }
    for (int k = 0; k < 3; k++)
        if (same[k]) {
            *which = k * g->size + first[k];
            return 1;
        }
    return 0;
}

/* 1 when rs is the plain classic ruleset of its box shape (its units
 * the rows, columns and boxes, every digit open in every cell, no rule
 * that propagates or branches) and the givens are empty: the mask
 * search's grids are then its grids, and its diagonal boxes share no
 * house, so any permutations of the digits start one. The kernel's fit
 * (kernel_fits) has checked the houses of a 9x9 ruleset already. */
static int fill_plain_classic(const struct ruleset *rs, const uint8_t *givens)
{
    const struct geometry *g = &rs->geo;
    if (g->box_rows < 1 || rs->nunits != 3 * g->size || rs->nhouses != rs->nunits ||
        rs->propagating || rs->branching || rs->ngroups)
        return 0;
    for (int c = 0; c < g->ncells; c++)
        if (givens[c] || rs->domain[c] != rs->all) return 0;
    if (rs->kernel_fits) return 1;
    unsigned char seen[3 * SL_MAX_SIZE] = {0};
    for (int u = 0, which; u < rs->nunits; u++) {
        if (rs->unit_start[u + 1] - rs->unit_start[u] != g->size) return 0;
        if (!fill_unit_is_house(rs, u, &which) || seen[which]++) return 0;
    }
    return 1;
}

/* Writes a random permutation of the digits into each diagonal box. */
static void fill_diagonal(const struct geometry *g, struct rng *rng, uint8_t *grid)
{
    int n = g->size, digits[SL_MAX_SIZE];
    int boxes = n / g->box_rows < n / g->box_cols ? n / g->box_rows : n / g->box_cols;
    for (int b = 0; b < boxes; b++) {
        for (int d = 0; d < n; d++) digits[d] = d + 1;
        rng_shuffle_ints(rng, digits, n);
        for (int k = 0; k < n; k++) {
            int row = b * g->box_rows + k / g->box_cols;
            int col = b * g->box_cols + k % g->box_cols;
            grid[geometry_cell(g, row, col)] = (uint8_t)digits[k];
        }
    }
}

struct search_result dig_fill(struct solver *s, const struct ruleset *rs, const uint8_t *givens,
                              struct rng *rng, uint8_t *solution, struct search_stats *stats)
{
    if (fill_plain_classic(rs, givens)) {
        uint8_t start[SL_MAX_CELLS];
        memcpy(start, givens, (size_t)rs->geo.ncells);
        fill_diagonal(&rs->geo, rng, start);
        if (fill_by_masks(&rs->geo, start, rng, stats)) {
            memcpy(solution, start, (size_t)rs->geo.ncells);
            return (struct search_result){.solutions = 1};
        }
        struct search_result r = solver_fill(s, start, rng, solution, stats);
        /* Some box shapes' diagonal starts may have no completion; then
         * the search draws alone. */
        if (r.solutions == 1 || r.gave_up) return r;
    }
    return solver_fill(s, givens, rng, solution, stats);
}
