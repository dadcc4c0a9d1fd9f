/*
 * killer_kernel.h — the killer kernel: counting the solutions of a puzzle
 * whose rules are exactly the classic houses and killer cages (with or
 * without givens, with or without every sum), without a ruleset.
 *
 * A search over killer_settler.h's fixed points: candidate masks per cell,
 * the houses as arrays, each cage with a sum and the rule of 45's sums of
 * single houses pruned through their combinations (cage_combos.h), singles
 * and hidden singles; a copy of the candidates per level, the cell with
 * the fewest candidates for its dead ends branched on, or a sum's
 * combinations when they are fewer. Every narrowing is sound and every
 * grid counted is checked against the houses and the cages, so the count
 * (up to the limit) is the puzzle's, whatever order the search takes: the
 * same number the general engine gives, found in fewer instructions a
 * node. Which solutions come first is the kernel's own order.
 */
#ifndef SUDOLAB_KILLER_KERNEL_H
#define SUDOLAB_KILLER_KERNEL_H

#include <stdint.h>

#include "cage_text.h"

/* Counts the solutions of cages on g (classic houses) with givens (0:
 * none), up to limit (>= 1), within nodes propagated (0: no limit);
 * *used gets the nodes propagated, and found (when not NULL) the
 * solutions counted, ncells digits each, in the order met. Returns the
 * count; -1 when the kernel cannot run (a grid above 16x16, out of
 * memory); -2 when the node limit stopped it first (or, never met, a
 * search deeper than ncells levels). */
long killer_kernel_count(const struct cage_text *cages, const struct geometry *g,
                         const uint8_t *givens, long limit, uint64_t nodes, uint64_t *used,
                         uint8_t *found);

/* 1 when grid's cages hold distinct digits adding up to their sums: the
 * killer rule's check, which every solution the kernel counts passes. */
int killer_cages_hold(const struct cage_text *cages, const struct geometry *g, const uint8_t *grid);

#endif
