/*
 * killer_settler.h — the state and steps of killer_settle.h's deductions,
 * shared by the settle (one fixed point) and the killer kernel
 * (killer_kernel.h: a search over the same fixed points).
 *
 * A settler is set up once per puzzle (settle_init: houses, cages, the
 * rule of 45's sums, their combinations); its candidates are the only
 * part a search changes. Between calls every due flag and the queue are
 * clear, except after a contradiction (-1), when settle_clear_due must
 * run before the candidates are reused.
 */
#ifndef SUDOLAB_KILLER_SETTLER_H
#define SUDOLAB_KILLER_SETTLER_H

#include "bits.h"
#include "cage_text.h"

#define SETTLE_MAX_SIZE 16                  /* combinations come from cage_combos' tables */
#define SETTLE_HOUSES (3 * SETTLE_MAX_SIZE) /* at most 64: a house is a bit */
#define SETTLE_CELLS (SETTLE_MAX_SIZE * SETTLE_MAX_SIZE)
/* The cages, then at most one innie and one outie sum a house. */
#define SETTLE_SUMS (SETTLE_CELLS + 2 * SETTLE_HOUSES)
/* The sums a cell is in: its cage's, its houses' innies, and the outies
 * of houses that cut its cage (a sum that would make more is left out). */
#define SETTLE_CELL_SUMS 8
/* Combinations kept in all; a sum whose list does not fit is not pruned
 * (which is sound: it only narrows less). */
#define SETTLE_COMBOS 8192

/* The houses a sum looks at for digits they can place only in it (more
 * are passed over, which only narrows less). */
#define SETTLE_SUM_HOUSES 8

struct settle_sum {
    int first, count, total;      /* its cells: sum_cells[first .. first + count) */
    int combo_first, combo_count; /* its combinations; combo_count -1: none kept */
    int nhouses;                  /* the houses holding two or more of its cells */
    uint8_t houses[SETTLE_SUM_HOUSES];
    uint16_t outside[SETTLE_SUM_HOUSES]; /* per house: bit i when its cell i is not the sum's */
};

struct settler {
    int n, ncells, nhouses, nsums, ncombos, nsum_cells, queued;
    int ncage_sums; /* sums [0, ncage_sums) are the cages' */
    long changes;   /* candidates narrowed so far */
    digitset all;
    const struct cellmap *map;
    digitset cand[SETTLE_CELLS];
    uint8_t house[SETTLE_HOUSES][SETTLE_MAX_SIZE];
    uint8_t cell_house[SETTLE_CELLS][3], houses_of_cell; /* row, column, box */
    uint8_t cell_place[SETTLE_CELLS][3];                 /* its index in each of them */
    int cage_start[SETTLE_CELLS + 1], cage_cells[SETTLE_CELLS];
    struct settle_sum sums[SETTLE_SUMS];
    uint8_t sum_cells[SETTLE_CELLS + 2 * SETTLE_HOUSES * SETTLE_MAX_SIZE];
    int16_t cell_sums[SETTLE_CELLS][SETTLE_CELL_SUMS];
    uint8_t ncell_sums[SETTLE_CELLS];
    uint8_t sum_due[SETTLE_SUMS];
    uint64_t house_due, cell_house_bits[SETTLE_CELLS]; /* bit h: house h */
    uint8_t queue[SETTLE_CELLS];
    digitset combos[SETTLE_COMBOS];
};

/* Sets s up for cages on g (every candidate open): -1 when some sum has
 * no combination (the puzzle has no solution). g->size <= SETTLE_MAX_SIZE. */
int settle_init(struct settler *s, const struct cage_text *cages, const struct geometry *g);
/* Narrows cell to keep, marking what must look again; -1 when it is
 * left no digit. */
int settle_restrict(struct settler *s, int cell, digitset keep);
/* Each given's cell narrowed to it; -1 on a digit out of range or a
 * contradiction. */
int settle_givens(struct settler *s, const uint8_t *givens);
/* Runs every due deduction until nothing changes: 0 at the fixed point,
 * -1 on a contradiction. Every step removes only digits no solution of
 * the candidates has. */
int settle_run(struct settler *s);
/* The combinations sum i can still take, less its placed digits, into
 * rests (at most cap): their number; -1 when its combinations are not
 * kept, it has fewer than two open cells, or more than cap survive. */
int settle_offer(struct settler *s, int i, digitset *rests, int cap);
/* Clears the due flags and the queue a contradiction left. */
void settle_clear_due(struct settler *s);

#endif
