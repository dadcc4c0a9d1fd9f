/*
 * killer_swap.h — a killer's second solution found without search: two
 * digits swapped over a closed set of cells.
 *
 * In a complete grid the cells holding digits a and b pair up in every
 * house (one of each) and in every cage holding both. Swapping a and b
 * over a set of such cells keeps every house and every cage (its digits
 * distinct, its sum the same) exactly when the set holds both cells of
 * each pair it touches and no cell whose cage holds only one of a and b.
 * Most partitions a generator draws that are not unique have such a set,
 * and finding it costs far less than a count.
 */
#ifndef SUDOLAB_KILLER_SWAP_H
#define SUDOLAB_KILLER_SWAP_H

#include <stdint.h>

#include "cellmap.h"
#include "geometry.h"

/* For the complete grid (digits 1..N by cell) cut into the cages of map
 * (part -1: a cell in no cage): writes into out the grid with the
 * smallest such set of the first pair of digits (a < b, in order) that
 * has one swapped, and returns 1; returns 0, out untouched, when no pair
 * has, and -1 when grid is not a complete grid (each digit once in every
 * row, column and box). */
int killer_swap_find(const struct geometry *g, const uint8_t *grid, const struct cellmap *map,
                     uint8_t *out);

#endif
