/*
 * calc_small.h — a calcudoku draw's own count on a small grid: a search
 * over the cells row by row with no ruleset and no propagation but the
 * lines' digits and the cages' partial sums and products. On a 4x4 it
 * costs a fraction of building a ruleset and a solver, which is what a
 * generator mending a draw pays for each of its counts
 * (variants/calcudoku.lua chooses the sizes it serves).
 */
#ifndef SUDOLAB_CALC_SMALL_H
#define SUDOLAB_CALC_SMALL_H

#include <stdint.h>

#include "calc_draw.h"

/* The Latin squares of d->size (at most CALC_SMALL_MAX_SIZE) whose cages
 * make the clues d's operations give over grid (calc_draw_clues),
 * counted up to limit (>= 1) and written to found (limit squares of
 * d->ncells digits; NULL for none) in the search's order: cells row-major,
 * digits ascending. Returns the count, or -1 when d is too big. */
int calc_small_count(const struct calc_draw *d, const uint8_t *grid, int limit, uint8_t *found);

/* 1 when a player's easiest steps alone fill the grid of d's clues over
 * grid (a solution), starting with every cell open: a one-cell cage's
 * target, a pair's arithmetic (each cell keeps the digits some candidate
 * of its partner makes the target with) and hidden singles in rows and
 * columns (a placed digit leaves its row and column). Each is one of the
 * rater's steps rated at most that of a hidden single, and each is
 * monotone (it finds no less in a grid holding fewer candidates), so
 * when they fill the grid the rater's rating is at most a hidden
 * single's; and as a grid with no givens places its first digit by no
 * easier step, it is exactly that. 0 otherwise, or for a d too big. */
int calc_small_singles(const struct calc_draw *d, const uint8_t *grid);

#endif
