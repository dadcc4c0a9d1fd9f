/*
 * killer_layout.h — a killer's cages over a complete grid, kept for a walk
 * that changes a few cages at a time (scripts/killer_cages.lua's
 * annealing): each cell's cage id, each cage's cells and sum, the digits
 * its combinations allow (from a cache per cage size and sum), and each
 * house's rule-of-45 sums (the cages wholly inside it). A move patches only
 * the cages it touches and the houses their cells lie in; a fresh layout
 * of the same cages is equal to the patched one (killer_layout_equal).
 *
 * Cage ids are the caller's positive integers (up to KILLER_LAYOUT_ID_MAX);
 * an id no cell holds is an empty cage. Implemented in
 * constraints/killer_layout.c, beside the cage combinations it reads.
 */
#ifndef SUDOLAB_KILLER_LAYOUT_H
#define SUDOLAB_KILLER_LAYOUT_H

#include <stddef.h>
#include <stdint.h>

#include "bits.h"
#include "cage_text.h"
#include "geometry.h"
#include "sudolab_limits.h"

/* Ids above this are refused: the per-id arrays grow up to the largest. */
#define KILLER_LAYOUT_ID_MAX (64 * SL_MAX_CELLS)

struct killer_layout; /* opaque: killer_layout_new, killer_layout_free */

/* One cage: its cells, the sum of its grid digits, the digits some
 * combination of distinct digits with that size and sum holds, and how
 * many combinations there are (0 when the cage repeats a digit's sum
 * beyond what distinct digits reach, or is empty). */
struct killer_layout_cage {
    int size, sum;
    digitset digits;
    long combos;
};

/* One house (rows 0..N-1, columns N..2N-1, boxes 2N..3N-1 when the grid
 * has boxes): the cells and the sum of the cages wholly inside it; the
 * rest of the house sums to N(N+1)/2 minus inside_sum (the rule of 45). */
struct killer_layout_house {
    int inside_cells, inside_sum;
};

/* A layout of grid (digits 1..N, g->ncells of them) cut by cage (an id
 * 1..KILLER_LAYOUT_ID_MAX per cell). NULL when out of memory, or an id or a
 * digit is out of range. */
struct killer_layout *killer_layout_new(const struct geometry *g, const uint8_t *grid,
                                        const int *cage);
void killer_layout_free(struct killer_layout *kl);
/* The bytes kl holds (for a caller's memory cap). */
size_t killer_layout_bytes(const struct killer_layout *kl);

/* Moves cells[0..count) (distinct, 0..ncells-1) into cage id, patching the
 * cages they leave, cage id and the houses those cages' cells lie in.
 * 0, or -1: nothing changed when a cell or the id is out of range or the
 * ids cannot grow; the cells moved but a cage's combinations are stale
 * when the cache cannot grow (the layout is then only fit to be freed). */
int killer_layout_assign(struct killer_layout *kl, const int *cells, int count, int id);

const struct geometry *killer_layout_geometry(const struct killer_layout *kl);
int killer_layout_cage_of(const struct killer_layout *kl, int cell);
/* The cages with at least one cell. */
int killer_layout_count(const struct killer_layout *kl);
/* Cage id (an empty cage past the ids in use). */
struct killer_layout_cage killer_layout_cage(const struct killer_layout *kl, int id);
int killer_layout_houses(const struct killer_layout *kl);
struct killer_layout_house killer_layout_house(const struct killer_layout *kl, int house);

/* The cages in use numbered 0.. by first appearance (row-major): each
 * cell's number into part, each cage's first cell into first_cell (ncells
 * entries each); returns how many there are. */
int killer_layout_parts(const struct killer_layout *kl, int *part, int *first_cell);

/* The killer rule's cages and sums (cage_text.h: cages numbered by first
 * appearance), as sudolab.cages_text writes them for the same cages. */
void killer_layout_text(const struct killer_layout *kl, struct cage_text *ct);

/* 1 when a and b hold the same grid, cages, sums, combinations and house
 * sums (the ids' empty cages aside), else 0. */
int killer_layout_equal(const struct killer_layout *a, const struct killer_layout *b);

#endif
