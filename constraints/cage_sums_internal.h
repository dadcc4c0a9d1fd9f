/*
 * cage_sums_internal.h — what the files of a sum set share (cage_sums.h
 * is the contract): its layout, built in cage_sums.c and read by the
 * pruning in cage_sums_prune.c, cage_sums_bounds.c and cage_sums_exact.c,
 * and the small helpers they all call, inline so that no call is added
 * on the search's path. Not for the killer rule or the rater.
 */
#ifndef SUDOLAB_CAGE_SUMS_INTERNAL_H
#define SUDOLAB_CAGE_SUMS_INTERNAL_H

#include "cage_sums.h"

#include <stdint.h>

#include "sum_groups.h"

/* A house that a one-group sum meets: which of the sum's cells are in it
 * (bit i: cell i) and the house's cells outside the sum. */
struct sum_link {
    uint64_t inside;
    int house;
    int out_first, out_count; /* into outside */
    digitset out_any;         /* every digit when out_count > 0, else none */
};

/* A link's cells outside its sum are followed in outside by repeats of
 * the first of them up to SUM_LINK_PAD in all, so that a 9x9 grid's union of
 * them is always one of eight cells: the union is the same, and a branch
 * on their number, which the predictor loses as sums of every shape take
 * turns, is gone. */
#define SUM_LINK_PAD 8

struct sum_item {
    int first, count;           /* into cells and group */
    int link_first, link_count; /* into links */
    /* With at most 64 links: per cell of the sum, the links whose houses
     * lack it (bit l: link l), into lacks; else -1. */
    int lacks_first;
    int total;
    int ngroups;
    long combo_first; /* into combos */
    long combo_count; /* -1: pruned by groups, by an exact walk or by bounds */
    /* With 1 to SUM_HAS_WORDS * 64 combinations: per digit d, which of
     * them hold it (bit j of word j / 64: combination j) in has_words
     * words from has[has_first + d * has_words]; else -1. */
    int has_first, has_words;
    int by_groups; /* several groups, pruned set by set (sum_groups.h) */
    /* by_groups of a sum with weights of 1 and -1: the total a group's
     * sets add up to once each cell of weight -1 holds N+1 less its digit
     * (mirrored), which makes a difference a plain sum. */
    int mirrored, groups_total;
    size_t memo_at;      /* by_groups: its memo's place in the state (sum_set_state_bytes) */
    int layout;          /* by_groups: its groups' cells, into layouts */
    int offer_memo;      /* a list of two or more: its offer memo's number, else -1 */
    int next_same_first; /* the previous sum with the same first cell, or -1 */
    int next_same_list;  /* the previous one-group sum of the same list key, or -1 */
};

/* One-group sums are chained by a hash of their size and total, so
 * finding an earlier list to share costs a few looks, not one per sum. */
#define SUM_LIST_KEYS 128

struct sum_set {
    int size;
    int nitems, items_cap;
    struct sum_item *items;
    int ncells, cells_cap;
    uint16_t *cells;
    uint8_t *group;
    int8_t *weight; /* per cell: its weight in the total (1; -1 subtracts; 10 a tens digit) */
    int group_cap, weight_cap;
    long ncombos;
    int combos_cap;
    digitset *combos;
    int nhouses;
    uint16_t *house_cells; /* nhouses * size */
    int nlinks, links_cap;
    struct sum_link *links;
    int noutside, outside_cap;
    uint16_t *outside;
    int nlacks, lacks_cap;
    uint64_t *lacks;
    int nhas, has_cap;
    uint64_t *has;
    uint16_t *cell_houses;                       /* the houses of each cell, */
    uint16_t cell_house_start[SL_MAX_CELLS + 1]; /* from here to the next cell's */
    uint64_t *inside_of;             /* per house: scratch for sum_set_link, all 0 between calls */
    int *touched;                    /* nhouses: scratch for sum_set_link */
    int16_t place[SL_MAX_CELLS];     /* scratch for sum_set_link, all -1 between calls */
    int last_by_first[SL_MAX_CELLS]; /* per cell: the last sum starting there, or -1 */
    int last_by_list[SUM_LIST_KEYS]; /* per list key: the last one-group sum, or -1 */
    const struct digit_subsets *subsets; /* shared; NULL for large N */
    size_t memo_bytes;                   /* of all by_groups sums' memos */
    int noffer_memos;                    /* sums with an offer memo */
    int nlayouts, layouts_cap;
    struct sum_groups_layout *layouts; /* per by_groups sum (sum_groups.h) */
    int broad;                         /* by_groups: the most sets a group is listed with */
    int mirror;                        /* sum_set_mirror_differences */
};

/* Lists of up to this many 64-bit words of combinations get their
 * digits' masks: a 16x16 cage's list runs to hundreds, and reading the
 * masks word by word costs less than testing each combination. */
#define SUM_HAS_WORDS 8

/* The room a link's list of outside cells takes in outside: a house's
 * cells, and no fewer than SUM_LINK_PAD. */
static inline int sum_link_room(const struct sum_set *s)
{
    return s->size > SUM_LINK_PAD ? s->size : SUM_LINK_PAD;
}

/* The count lowest bits set (count 0..64, more reads as 64): a whole
 * list's members. */
static inline uint64_t sum_low_bits(long count)
{
    return count >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << count) - 1;
}

/* The digits known gone from a link's house outside its sum (see
 * sum_needed), which stay gone down a branch: a digitset's low bits, half
 * its size as every search state carries one per link, so kept only for
 * grids whose digits fit (up to 15x15). */
typedef uint16_t gone_set;

static inline int sum_set_keeps_gone(const struct sum_set *s)
{
    return s->size < (int)(8 * sizeof(gone_set));
}

/* What the offer (sum_set_offer) needs of a sum with a list, as its
 * last propagation that left its own cells alone saw it: the sum of the
 * cells' candidate masks then (0: none yet), and the combinations that
 * survived the cells alone (capped) among its open cells. Masks only lose
 * digits down a branch, so an equal sum means the same cells, and the
 * same count. */
struct offer_memo {
    digitset mask_sum;
    uint16_t count, nopen;
};

/* The state holds the by_groups sums' memos, then the offer memos, then
 * a gone_set per link (group memos and offer memos are 8 bytes each, so
 * each part stays aligned). */
static inline size_t sum_offer_memos_at(const struct sum_set *s) { return s->memo_bytes; }

static inline size_t sum_gone_at(const struct sum_set *s)
{
    return s->memo_bytes + (size_t)s->noffer_memos * sizeof(struct offer_memo);
}

/* A digit set's lowest and highest digit. */
static inline int sum_lowest(digitset m) { return digitset_first(m); }
static inline int sum_highest(digitset m) { return 31 - __builtin_clz(m); }

/* A group's contribution to the total, as bounds: its digits' sum times
 * the group's weight (a negative weight swaps the ends). */
static inline void sum_weighted_bounds(int weight, int lo, int hi, int *out_lo, int *out_hi)
{
    *out_lo = weight > 0 ? weight * lo : weight * hi;
    *out_hi = weight > 0 ? weight * hi : weight * lo;
}

/* Bounds pruning of sum it (cage_sums_bounds.c): a digit stays only if
 * the other cells can still make up the rest, each group counted with
 * distinct digits. SL_PROP_CONTRADICTION or SL_PROP_OK. */
int sum_prune_by_bounds(const struct sum_set *s, const struct sum_item *it, struct prop_ctx *ctx);
/* Exact pruning of sum it by a walk over its assignments
 * (cage_sums_exact.c): 1 when the sum takes no walk or the walk was over
 * budget (nothing done), else 0 with *status the pruning's. */
int sum_prune_exact(const struct sum_set *s, const struct sum_item *it, struct prop_ctx *ctx,
                    int *status);

#endif
