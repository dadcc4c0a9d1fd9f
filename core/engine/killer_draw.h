/*
 * killer_draw.h — the mechanical part of drawing a killer: a partition of
 * a solution grid into cages of distinct digits, mended where a second
 * solution differs, and the count that tells whether its puzzle is
 * unique. What to draw (the cage sizes, their bounds, how many cages) and
 * how long to try are the caller's: a generator's strategy
 * (scripts/killer_cages.lua, through sudolab.killer_unique).
 *
 * Cages are ids 0..count-1, one per cell, every id in use and numbered by
 * first appearance in row-major order; every cage is orthogonally
 * connected and holds distinct digits. Grids hold digits 1..size.
 */
#ifndef SUDOLAB_KILLER_DRAW_H
#define SUDOLAB_KILLER_DRAW_H

#include <stdint.h>

#include "geometry.h"
#include "search.h"
#include "sudolab_limits.h"

/* The sizes a profile may list (a size twice: drawn twice as often). */
#define KILLER_DRAW_SIZES_MAX 64

struct killer_draw {
    struct geometry geo;
    int low, high;    /* each cage's cells, after filling up small ones */
    int fewest, most; /* the cages a partition should have */
    int nsizes;       /* the profile the cages' sizes are drawn from */
    int sizes[KILLER_DRAW_SIZES_MAX];
    int count; /* cages */
    int cage[SL_MAX_CELLS];
};

/* Draws a partition of grid into d->cage: cages grown from random free
 * cells toward sizes drawn from the profile (bounded by low..high), a cage
 * left under low cells merged into a neighbour or fed cells by one; up to
 * KILLER_DRAW_TRIES draws for one with fewest..most cages, else one outside
 * that band. 0, or -1 when no draw reached low cells in every cage. */
int killer_draw_partition(struct killer_draw *d, const uint8_t *grid, struct rng *r);

/* Mends d where other (a second solution) differs from grid, so that the
 * cages no longer keep other: a differing cell's cage is cut (the cell
 * and a cage neighbour apart), or the cell moves to a neighbouring cage
 * without its digit, or a cage of two cells gives each cell to a
 * different neighbour; a change that still keeps other is undone. Every
 * cage keeps low..high cells and stays connected; a cut needs fewer than
 * most cages, a parting more than fewest. 1 when mended, 0 when no
 * differing cell allows a change. */
int killer_draw_mend(struct killer_draw *d, const uint8_t *grid, const uint8_t *other,
                     struct rng *r);

/* The cage map and sums of d over grid as the killer rule's text
 * ("MAP:SUMS"), after prefix (the rules before it, "classic;killer:").
 * Returns the length, or 0 when it does not fit cap bytes. */
size_t killer_draw_text(const struct killer_draw *d, const uint8_t *grid, const char *prefix,
                        char *out, size_t cap);

/* A second solution of d's puzzle (with givens, 0 where none) found
 * without a search (killer_swap.h): 1 and other written, else 0. */
int killer_draw_swap(const struct killer_draw *d, const uint8_t *grid, const uint8_t *givens,
                     uint8_t *other);

/* The text of a killer's rules (a prefix, two symbols a cell for the map
 * and up to four characters a sum): what killer_draw_text may write. */
#define KILLER_DRAW_TEXT_MAX (64 + 7 * SL_MAX_CELLS)

/* Counts the solutions of d's puzzle (rules prefix, cages, givens) up to
 * limit (at least 2), searched within nodes (0: no limit), the kernel's
 * and the general search's together. Returns their
 * number, the ones other than grid written one after another to others
 * (limit - 1 grids of N*N): the killer kernel's first ones when it
 * answers (puzzle_list_quick), else the general search's; -1 when the
 * search gave up, -2 with err when the rules cannot be built. Nodes add
 * into stats: the kernel's, and the general search's after it when the
 * kernel could not answer. *by_kernel (when not NULL) is set to 1 when
 * the kernel answered, else 0: its nodes come from its own propagation,
 * not the general search's that a puzzle's count reports. */
int killer_draw_count(const struct killer_draw *d, const uint8_t *grid, const char *prefix,
                      const uint8_t *givens, int limit, uint64_t nodes, uint8_t *others,
                      struct search_stats *stats, int *by_kernel, struct sl_error *err);

/* 1 when d's cages still keep other (a complete grid): every cage's digits
 * distinct and its sum the same as grid's. */
int killer_draw_keeps(const struct killer_draw *d, const uint8_t *grid, const uint8_t *other);

#endif
