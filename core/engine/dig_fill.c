/*
 * dig_fill.c — the random grid a dig starts from (dig.h): a search with
 * its digits drawn, where the boxes on the diagonal of a classic grid
 * are drawn first, whole, as no house or rule links them.
 */
#include <string.h>

#include "dig.h"

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
        struct search_result r = solver_fill(s, start, rng, solution, stats);
        /* Every such start extends to grids; a rule the shape does not
         * show could still refuse one, and then the search draws alone. */
        if (r.solutions == 1 || r.gave_up) return r;
    }
    return solver_fill(s, givens, rng, solution, stats);
}
