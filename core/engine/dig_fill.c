/*
 * dig_fill.c — the random grid a dig starts from (dig.h): a search with
 * its digits drawn, where the boxes on the diagonal of a classic grid
 * are drawn first, whole, as no house or rule links them, and the rest
 * placed by a search over row, column and box masks.
 */
#include <string.h>

#include "dig.h"

/* Nodes the mask search of a classic fill may take before the solver's
 * search draws the grid instead: it needs about 60. */
#define FILL_NODE_CAP 5000

/* The mask search: digits used per row, column and box, and the cells
 * left (each with its row, column and box), the first `placed` filled. */
struct fill_cell {
    uint8_t cell, row, col, box;
};

struct fill_masks {
    digitset row[9], col[9], box[9];
    uint8_t *grid;
    struct fill_cell cells[81];
    int ncells;
    struct rng *rng;
    long nodes;
};

static digitset fill_open(const struct fill_masks *f, struct fill_cell x)
{
    return (digitset) ~(f->row[x.row] | f->col[x.col] | f->box[x.box]) & digitset_all(9);
}

static void fill_set(struct fill_masks *f, struct fill_cell x, int d)
{
    f->grid[x.cell] = (uint8_t)d;
    f->row[x.row] ^= digitset_of(d), f->col[x.col] ^= digitset_of(d),
        f->box[x.box] ^= digitset_of(d);
}

/* Moves the open cell with fewest candidates to cells[placed]; its
 * candidates. */
static digitset fill_pick(struct fill_masks *f, int placed)
{
    int best = placed, fewest = 10;
    for (int i = placed; i < f->ncells && fewest > 1; i++) {
        int k = digitset_count(fill_open(f, f->cells[i]));
        if (k < fewest) best = i, fewest = k;
    }
    struct fill_cell x = f->cells[best];
    f->cells[best] = f->cells[placed], f->cells[placed] = x;
    return fill_open(f, x);
}

/* Fills cells[placed..] in drawn digit order: 1 when complete, 0 at a dead
 * end, -1 past FILL_NODE_CAP nodes. */
static int fill_search(struct fill_masks *f, int placed)
{
    if (placed == f->ncells) return 1;
    if (++f->nodes > FILL_NODE_CAP) return -1;
    digitset open = fill_pick(f, placed);
    struct fill_cell x = f->cells[placed];
    int digits[9], k = 0;
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

/* Completes grid (its diagonal boxes drawn) by the mask search; 1 when
 * complete, else grid is as it was. */
static int fill_by_masks(uint8_t *grid, struct rng *rng, struct search_stats *stats)
{
    struct fill_masks f = {.grid = grid, .rng = rng};
    for (int c = 0; c < 81; c++) {
        struct fill_cell x = {(uint8_t)c, (uint8_t)(c / 9), (uint8_t)(c % 9),
                              (uint8_t)(c / 27 * 3 + c % 9 / 3)};
        if (grid[c])
            fill_set(&f, x, grid[c]);
        else
            f.cells[f.ncells++] = x;
    }
    int done = fill_search(&f, 0);
    if (stats) stats->nodes += (uint64_t)f.nodes;
    for (int i = 0; i < f.ncells && done != 1; i++) grid[f.cells[i].cell] = 0;
    return done == 1;
}

/* 1 when rs is the plain classic 9x9 ruleset (the kernel's shape, with or
 * without the kernel) and the givens are empty: its diagonal boxes share
 * no house, so any three permutations of the digits start a grid. */
static int fill_diagonal_fits(const struct ruleset *rs, const uint8_t *givens)
{
    if (!rs->blame_branch || rs->geo.box_rows != 3 || rs->geo.box_cols != 3) return 0;
    for (int c = 0; c < rs->geo.ncells; c++)
        if (givens[c]) return 0;
    return 1;
}

/* Writes a random permutation of the digits into each diagonal box. */
static void fill_diagonal(const struct ruleset *rs, struct rng *rng, uint8_t *grid)
{
    int n = rs->geo.size, digits[SL_MAX_SIZE];
    for (int b = 0; b < n / rs->geo.box_rows; b++) {
        for (int d = 0; d < n; d++) digits[d] = d + 1;
        rng_shuffle_ints(rng, digits, n);
        for (int k = 0; k < n; k++) {
            int row = b * rs->geo.box_rows + k / rs->geo.box_cols;
            int col = b * rs->geo.box_cols + k % rs->geo.box_cols;
            grid[geometry_cell(&rs->geo, row, col)] = (uint8_t)digits[k];
        }
    }
}

struct search_result dig_fill(struct solver *s, const struct ruleset *rs, const uint8_t *givens,
                              struct rng *rng, uint8_t *solution, struct search_stats *stats)
{
    if (fill_diagonal_fits(rs, givens)) {
        uint8_t start[SL_MAX_CELLS];
        memcpy(start, givens, (size_t)rs->geo.ncells);
        fill_diagonal(rs, rng, start);
        if (rs->geo.size == 9 && fill_by_masks(start, rng, stats)) {
            memcpy(solution, start, 81);
            return (struct search_result){.solutions = 1};
        }
        struct search_result r = solver_fill(s, start, rng, solution, stats);
        /* Every such start extends to grids; a rule the shape does not
         * show could still refuse one, and then the search draws alone. */
        if (r.solutions == 1 || r.gave_up) return r;
    }
    return solver_fill(s, givens, rng, solution, stats);
}
