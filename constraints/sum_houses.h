/*
 * sum_houses.h — the rule of 45 for sums of a constant total: a house
 * holds each digit once, so its cells add up to 1 + 2 + ... + N; take away
 * sums lying wholly inside it, apart from each other, and the cells left
 * add up to the rest. Those cells are distinct digits (one house), so
 * they keep only the digits of the sets of distinct digits that make the
 * rest.
 *
 * A sum whose total is a cell's digit (an arrow) has no constant to take
 * away, and a sum reaching out of the house leaves its outside cells
 * unknown, so both are passed over; the sums taken are those of one rule.
 */
#ifndef SUDOLAB_SUM_HOUSES_H
#define SUDOLAB_SUM_HOUSES_H

#include "constraint.h"

/* A sum of cells equal to a constant. */
struct sum_region {
    int count;
    const int *cell;
    int total;
};

#define SUM_HOUSES_KEY "sum-rule-of-45"

/* The explain hook's step for SUM_HOUSES_KEY (constraint.h): the first
 * house whose cells left narrow, those cells restricted in ctx and named
 * in sink with their equation; 1, or 0 when no house narrows anything. */
int sum_houses_explain(const struct sum_region *sums, int nsums, struct prop_ctx *ctx,
                       struct explain_sink *sink);

#endif
