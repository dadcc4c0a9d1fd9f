/*
 * dig_unavoidable.h — sets of cells a unique puzzle must keep a given in.
 *
 * In a solution S of the plain classic ruleset, take two digits a and b
 * and link, in every house, the cell holding a to the cell holding b: a
 * part of these links' graph is a set of cells in which a and b may be
 * swapped, leaving another solution. Two rows of a band (or columns of a
 * stack) that hold the same digits in some columns (rows) may trade
 * those cells too. A puzzle with solution S is unique only if it keeps a
 * given in each such set, so a dig whose removal would empty one needs
 * no search to know the removal fails (dig.c).
 */
#ifndef SUDOLAB_DIG_UNAVOIDABLE_H
#define SUDOLAB_DIG_UNAVOIDABLE_H

#include <stdint.h>

#include "rules.h"

/* The parts of every digit pair's graph of a 9x9 grid: at most 4 for
 * each of the 36 pairs, as a part holds two rows at least; then the
 * trades of 18 line pairs, at most 3 each (of three cells a line or
 * more). A bigger grid keeps the pairs whose parts all fit and the trades
 * there is room for: fewer sets, only more searches. */
#define DIG_UNAVOIDABLE_MAX 200
/* Cells as bits in two words: grids up to 128 cells, 11 a side. */
#define DIG_UNAVOIDABLE_CELLS 128
#define DIG_UNAVOIDABLE_SIDE 11

struct dig_unavoidable {
    int n;
    uint64_t set[DIG_UNAVOIDABLE_MAX][2]; /* cells as bits */
};

/* The sets of solution's grid (digit pairs' first), or n = 0 when rs is not the plain classic
 * 9x9 ruleset (for other rules a swap may break a rule). */
void dig_unavoidable_find(struct dig_unavoidable *u, const struct ruleset *rs,
                          const uint8_t *solution);

/* 1 when some set holds no cell of `givens` and some of `cells` (cells
 * as bits): a solution other than the one the sets came from agrees
 * with the givens and differs in those cells. */
int dig_unavoidable_emptied(const struct dig_unavoidable *u, const uint64_t givens[2],
                            const uint64_t cells[2]);

#endif
