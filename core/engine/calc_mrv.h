/*
 * calc_mrv.h — a calcudoku draw's own count on a 5x5 or 6x6 grid, where
 * calc_small_count's plain search (calc_small.h) visits too many squares:
 * candidates narrowed at each node by every changed cage's arithmetic
 * (the rule's supports) and the lines' naked and hidden singles, then a
 * branch on the open cell with the fewest. It builds no ruleset, which
 * is half of what an engine count of a 6x6 draw costs a generator
 * mending it after every change.
 */
#ifndef SUDOLAB_CALC_MRV_H
#define SUDOLAB_CALC_MRV_H

#include <stddef.h>
#include <stdint.h>

#include "bits.h"
#include "calc_draw.h"

/* The side from which a generator counts its draws by calc_mrv_count:
 * below it calc_small_count is the cheaper, and graded 3x3 and 4x4
 * output rests on the order it finds its squares in. */
#define CALC_MRV_FROM 5

/* As calc_small_count (the Latin squares of d's clues over grid, up to
 * limit, written to found, within *nodes), found in this search's order: the open cell
 * with the fewest candidates first (row-major among equals), its digits
 * ascending. *settled (when not NULL) is 1 when the root's narrowing
 * alone decided every cell: then the rater's own steps up to a hidden
 * single's, a naked single's and the cages' (calcudoku-cage,
 * calcudoku-big-cage: the same supports) solve the draw, so it rates no
 * more than the hardest of them. Returns the count, -2 when the budget
 * ran out, or -1 when d->size is past CALC_SMALL_MAX_SIZE or a cage
 * breaks what the rule's text may say.
 * Defined with the rule (constraints/calc_mrv.c): its cage steps are the
 * rule's own supports (calc_cages.h). */
struct calc_support_memo;
int calc_mrv_count(const struct calc_draw *d, const uint8_t *grid, int limit, uint8_t *found,
                   uint64_t *nodes, int *settled, struct calc_support_memo *memo);

/* calc_mrv_count with limit 2 as a mending wants it: grid (whose
 * clues d's cages take) is one square, so the count is 2 as soon as the
 * search meets any other, and that one, the first other in this search's
 * order, is what a mend needs; the search stops there, not at the next.
 * Returns 2 with it in other, 1 with grid in other when grid is alone,
 * else as calc_mrv_count (a grid that is not a square of d: its count,
 * other its first square not grid). The same nodes as calc_mrv_count
 * when grid is alone. root_cand (NULL: none), with settled asked and a
 * count of grid's square: each cell's candidates at the root's fixed
 * point (cages, naked and hidden singles), for calc_small_band_from. */
int calc_mrv_other(const struct calc_draw *d, const uint8_t *grid, uint8_t *other, uint64_t *nodes,
                   int *settled, struct calc_support_memo *memo, digitset *root_cand);

/* memo (NULL: none) keeps the cages' supports calc_mrv_count computes
 * for its later counts, which then walk only the cages and candidates it
 * has not met (the same answers: constraints/calc_cages.h). A caller
 * owns it: calc_support_memo_bytes of memory, cleared by
 * calc_support_memo_clear before its first use. */
size_t calc_support_memo_bytes(void);
void calc_support_memo_clear(struct calc_support_memo *memo);

#endif
