/*
 * killer_differences.h — the difference forms of the rule of 45, the
 * sums the rater's innie-outie row reads and the search propagates
 * (killer.c): in a house all in cages, each cage reaching out counted by
 * its smaller side.
 */
#ifndef SUDOLAB_KILLER_DIFFERENCES_H
#define SUDOLAB_KILLER_DIFFERENCES_H

#include "cage_sums.h"
#include "cellmap.h"

/* The difference forms of the rule of 45: in a house all in cages, count
 * each cage reaching out by its smaller side (the cells inside, or its
 * total less the cells outside); when the cells left are a few on each
 * side, r1c1 - r2c3 = 2 says what they hold. A set of them over the
 * houses of model; mirror 1 for the search's (sum_set_mirror_differences:
 * pruned a group at a time, killer.c), 0 for the rater's. NULL with err
 * when out of memory. */
struct sum_set *killer_differences_new(const struct cellmap *map, const int *sum,
                                       const struct sum_set *model, int mirror,
                                       struct sl_error *err);
/* 1 when some house of s has a difference form. */
int killer_differences_exist(const struct cellmap *map, const int *sum, const struct sum_set *s);

#endif
