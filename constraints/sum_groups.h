/*
 * sum_groups.h — pruning a sum whose cells fall into several groups of
 * distinct digits (a rule-of-45 innie set: part of a cage, part of a
 * house), one group at a time.
 *
 * Each group of k cells holds some k-set of distinct digits. The sets a
 * group can still hold are listed (each within the group's candidates,
 * holding its placed digits, meeting every open cell), with their totals;
 * a set survives when the other groups can make up the rest of the sum
 * between them. A cell keeps the digits of its group's surviving sets,
 * and a digit every surviving set holds goes to the one cell of the group
 * that can take it. Cost grows with the number of sets per group, not with
 * their product, so nine cells in two groups cost what two cages do.
 */
#ifndef SUDOLAB_SUM_GROUPS_H
#define SUDOLAB_SUM_GROUPS_H

#include <stddef.h>

#include "bits.h"

#define SUM_GROUPS_MAX_CELLS 64
#define SUM_GROUPS_MAX_GROUPS 16
/* The most sets a group is listed with, as the killer's innies take it: a
 * group that could hold more is taken to make every total between its
 * least and its greatest, and its own cells are left alone. */
#define SUM_GROUPS_BROAD 20
/* A limit that lists every group: for a few long sums with nothing else
 * to narrow them (little killer), where ranges leave the search blind. */
#define SUM_GROUPS_LIST_ALL 0x7fffffff

/* Every subset of the digits 1..N, by size: made once per process, on
 * first use, and shared read-only (safe from any thread). */
struct digit_subsets;

/* NULL when N is too large for the table to pay (its size is 2^N). */
const struct digit_subsets *digit_subsets_of(int n);
/* 1 when sums over groups of these sizes fit the method: every group's
 * list short enough and every total within reach of its bitsets. */
int sum_groups_fit(const struct digit_subsets *t, const int *group_size, int ngroups);

/* Prunes cells (cand[i], group[i] in 0..ngroups-1) adding up to total
 * into keep[i] (a subset of cand[i]), listing the groups of at most
 * `broad` sets (SUM_GROUPS_BROAD, SUM_GROUPS_LIST_ALL). Returns 0, or -1 when no
 * assignment of sets makes the total. memo, when not NULL, is
 * sum_groups_memo_bytes(ngroups) bytes of this sum's own in the search
 * state (zeroed at the root): through it a call that could find nothing
 * new returns at once. */
int sum_groups_prune(const struct digit_subsets *t, const digitset *cand, const uint8_t *group,
                     int count, int ngroups, int total, int broad, digitset *keep, void *memo);
size_t sum_groups_memo_bytes(int ngroups);

/* Where each group's cells lie in a sum: group g's are
 * order[cell_first[g] .. cell_first[g + 1]). A sum's groups never change,
 * so a caller pruning it again and again makes this once
 * (sum_groups_layout_make) and passes it to sum_groups_prune_laid, which
 * is sum_groups_prune without sorting the cells into groups each call. */
struct sum_groups_layout {
    uint8_t cell_first[SUM_GROUPS_MAX_GROUPS + 1];
    uint8_t order[SUM_GROUPS_MAX_CELLS];
};
/* group[i] in 0..ngroups-1, ngroups at most SUM_GROUPS_MAX_GROUPS. */
void sum_groups_layout_make(const uint8_t *group, int count, int ngroups,
                            struct sum_groups_layout *out);
/* Returns -1 as sum_groups_prune does, else whether it narrowed: 0 when
 * keep equals cand, 1 when some cell lost a digit (so a caller need not
 * compare them). */
int sum_groups_prune_laid(const struct digit_subsets *t, const digitset *cand,
                          const struct sum_groups_layout *lay, int count, int ngroups, int total,
                          int broad, digitset *keep, void *memo);

#endif
