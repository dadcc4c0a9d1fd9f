/*
 * cage_combos.h — the sets of distinct digits a killer cage can hold.
 *
 * A cage of k cells with sum S over digits 1..n holds one of the k-subsets
 * of 1..n summing to S; the killer rule keeps those lists (as digitsets)
 * and prunes a cage's candidates to the subsets still possible.
 */
#ifndef SUDOLAB_CAGE_COMBOS_H
#define SUDOLAB_CAGE_COMBOS_H

#include "bits.h"

/* The smallest and largest sums of k distinct digits of 1..n. */
static inline int cage_sum_min(int k) { return k * (k + 1) / 2; }
static inline int cage_sum_max(int n, int k) { return k * (2 * n - k + 1) / 2; }

/* 1 when an open cell of candidates cand can miss the rest of a
 * combination (its digits less the placed ones: one for each of nopen
 * open cells, all within reach, the open cells' union). The rest leaves
 * |reach| - nopen digits of the reach out, so only a cell with no more
 * candidates than that can hold none of it; the others are not tested. */
static inline int cage_cell_may_miss(digitset cand, digitset reach, int nopen)
{
    return digitset_count(cand) <= digitset_count(reach) - nopen;
}

/* 1 when rest (a combination's open digits) meets each of the n cells'
 * candidates in cand: the cells cage_cell_may_miss picks can each take a
 * digit of it. */
static inline int cage_rest_meets(const digitset *cand, int n, digitset rest)
{
    for (int i = 0; i < n; i++)
        if (!(cand[i] & rest)) return 0;
    return 1;
}

/* Every k-subset of 1..n summing to sum, in increasing order of its
 * bitmask, into out (at most cap written); returns how many there are,
 * which may exceed cap. n is 1..25. Safe from any thread: for n up to 16
 * the lists are copied from tables built once per process. */
long cage_combos_for(int n, int k, int sum, digitset *out, long cap);

#endif
