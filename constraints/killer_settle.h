/*
 * killer_settle.h — a killer's root narrowed without building a ruleset
 * (the killer's settle hook, constraint.h).
 *
 * Over the classic houses (rows, columns, the geometry's boxes) and the
 * cages: the cages' combinations (cage_combos.h) and the innies of single
 * houses (the rule of 45), each cut by the digits a house can place only
 * in the sum; a digit every combination needs placed when one cell can
 * take it, and gone from a house holding all its places; singles; hidden
 * singles. Run from the givens until nothing changes. Every step removes
 * only digits no solution has, so a grid left one digit a cell is the
 * only candidate for a solution: the caller checks it is one.
 *
 * A few arrays over the grid, no units, peers or watched groups: the root
 * that settles most killers costs a fraction of a ruleset's set-up.
 */
#ifndef SUDOLAB_KILLER_SETTLE_H
#define SUDOLAB_KILLER_SETTLE_H

#include "cage_text.h"

/* 1 with grid (one digit a cell) when the deductions settle every cell;
 * 0 when some cell is left open or on a contradiction (neither says
 * anything of the puzzle); -1 for a grid above 16x16 or out of memory. */
int killer_settle(const struct cage_text *cages, const struct geometry *g, const uint8_t *givens,
                  uint8_t *grid);

#endif
