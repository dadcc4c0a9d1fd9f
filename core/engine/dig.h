/*
 * dig.h — what generators ask of the engine: would a unique puzzle stay
 * unique without some of its givens?
 *
 * Removing givens keeps a puzzle with solution S unique exactly when no
 * solution of the smaller puzzle differs from S in a removed cell. Most
 * removals early in a dig are settled by a glance: the removed digit is
 * the only one the cell's peers leave (a naked single) or the only place
 * left for it in a house (a hidden single), counting givens only. The
 * rest take one search per removed cell with that cell barred from its
 * digit (solver_count_without), which stops at the first solution found;
 * a check that needs more than a few thousand nodes counts as "not
 * unique", so big grids dig without stalling (their puzzles keep a few
 * more clues).
 */
#ifndef SUDOLAB_DIG_H
#define SUDOLAB_DIG_H

#include <stdint.h>

#include "search.h"

/* 1 when the puzzle `givens` (unique, with solution `solution`, solved by
 * s over its ruleset) stays unique with the givens of `cells` removed; 0
 * when it does not, or when the search gave up. */
int dig_keeps_unique(struct solver *s, const struct ruleset *rs, const uint8_t *givens,
                     const uint8_t *solution, const int *cells, int count);

/* Tries the groups in order (group g is cells[start[g]] .. cells[start[g+1]-1]):
 * removes a group's givens when the puzzle stays unique without them.
 * givens is updated in place; returns the number of givens removed. */
int dig_groups(struct solver *s, const struct ruleset *rs, uint8_t *givens, const uint8_t *solution,
               const int *cells, const int *start, int ngroups);

#endif
