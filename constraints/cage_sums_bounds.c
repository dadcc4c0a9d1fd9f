/*
 * cage_sums_bounds.c — the bounds pruning of a sum of several groups
 * (cage_sums_internal.h): each group's lowest and highest part of the
 * total from its cells' candidates and its distinct digits, and per
 * digit of a cell whether the rest can still make up the total. It
 * serves the sums too large for an exact walk and without groups' digit
 * sets.
 */
#include "cage_sums_internal.h"

#define SUM_IMPOSSIBLE (1 << 20)

/* What the bounds of one distinct group are made of, so that the bounds
 * of the group without one cell and one digit come in O(1). The digit
 * pool of the whole group stands in for the pool of the rest: a superset,
 * so the bounds stay sound (only a little looser). */
struct group_bounds {
    int count;              /* cells */
    int lo_cells, hi_cells; /* sums of each cell's lowest / highest digit */
    int npool;              /* digits in the pool, ascending in digit[] */
    int digit[SL_MAX_SIZE + 1];
    int low_sum[SL_MAX_SIZE + 2];  /* low_sum[j]: the j smallest pool digits */
    int high_sum[SL_MAX_SIZE + 2]; /* high_sum[j]: the j largest */
    int lo_shift[SL_MAX_SIZE + 2]; /* per digit d: how lo_cells grows without d */
    int hi_shift[SL_MAX_SIZE + 2];
    int lo_shift_most, hi_shift_least; /* of lo_shift[] and hi_shift[] */
    digitset pool;                     /* every candidate of its cells */
    int lo, hi;                        /* the group's own bounds */
};

/* A group's bounds are made in three steps, so that one pass over a
 * sum's cells serves all its groups: cleared, each cell added, finished.
 * Only the digits 1..size are read (group_bounds_rest), so only their
 * shifts are cleared: most grids are far below SL_MAX_SIZE. */
static void group_bounds_clear(struct group_bounds *gb, int size)
{
    gb->pool = 0;
    gb->count = gb->lo_cells = gb->hi_cells = gb->npool = 0;
    gb->lo_shift_most = gb->hi_shift_least = 0;
    gb->low_sum[0] = gb->high_sum[0] = 0;
    for (int d = 1; d <= size; d++) gb->lo_shift[d] = gb->hi_shift[d] = 0;
}

static void group_bounds_add(struct group_bounds *gb, digitset m)
{
    int lo = sum_lowest(m), hi = sum_highest(m);
    digitset rest_lo = m & ~digitset_of(lo), rest_hi = m & ~digitset_of(hi);
    gb->pool |= m;
    gb->count++;
    gb->lo_cells += lo;
    gb->hi_cells += hi;
    /* The shifts only grow (lo) or shrink (hi), so their extremes follow
     * each step. */
    if (rest_lo) gb->lo_shift[lo] += sum_lowest(rest_lo) - lo;
    if (rest_hi) gb->hi_shift[hi] += sum_highest(rest_hi) - hi;
    if (gb->lo_shift[lo] > gb->lo_shift_most) gb->lo_shift_most = gb->lo_shift[lo];
    if (gb->hi_shift[hi] < gb->hi_shift_least) gb->hi_shift_least = gb->hi_shift[hi];
}

static void group_bounds_finish(struct group_bounds *gb)
{
    for (digitset m = gb->pool; m; m = digitset_rest(m)) gb->digit[gb->npool++] = sum_lowest(m);
    for (int j = 0; j < gb->npool; j++) {
        gb->low_sum[j + 1] = gb->low_sum[j] + gb->digit[j];
        gb->high_sum[j + 1] = gb->high_sum[j] + gb->digit[gb->npool - 1 - j];
    }
    int lo_set = gb->count <= gb->npool ? gb->low_sum[gb->count] : SUM_IMPOSSIBLE;
    int hi_set = gb->count <= gb->npool ? gb->high_sum[gb->count] : 0;
    gb->lo = lo_set > gb->lo_cells ? lo_set : gb->lo_cells;
    gb->hi = hi_set < gb->hi_cells ? hi_set : gb->hi_cells;
}

/* Bounds of the group without cell m (its candidates) when that cell
 * takes digit d, so that no other cell of the group may. */
static void group_bounds_rest(const struct group_bounds *gb, digitset m, int d, int *lo, int *hi)
{
    int k = gb->count - 1;
    /* Per-cell sums: drop the cell, then move every lowest (highest) d of
     * the others up (down) to their next digit. */
    int own_lo = sum_lowest(m), own_hi = sum_highest(m);
    int lo_cells = gb->lo_cells - own_lo + gb->lo_shift[d],
        hi_cells = gb->hi_cells - own_hi + gb->hi_shift[d];
    digitset rest_lo = m & ~digitset_of(own_lo), rest_hi = m & ~digitset_of(own_hi);
    if (own_lo == d && rest_lo) lo_cells -= sum_lowest(rest_lo) - own_lo;
    if (own_hi == d && rest_hi) hi_cells -= sum_highest(rest_hi) - own_hi;
    /* Pool sums: the k smallest (largest) pool digits other than d. */
    int rank = digitset_count(gb->pool & (digitset_of(d) - 1)); /* pool digits below d */
    int in_pool = (gb->pool & digitset_of(d)) != 0;
    int lo_set, hi_set;
    if (k > gb->npool - in_pool) {
        lo_set = SUM_IMPOSSIBLE, hi_set = 0;
    } else {
        lo_set = in_pool && rank < k ? gb->low_sum[k + 1] - d : gb->low_sum[k];
        int from_top = gb->npool - 1 - rank; /* d's rank among the largest */
        hi_set = in_pool && from_top < k ? gb->high_sum[k + 1] - d : gb->high_sum[k];
    }
    *lo = lo_set > lo_cells ? lo_set : lo_cells;
    *hi = hi_set < hi_cells ? hi_set : hi_cells;
}

/* Bounds that hold group_bounds_rest's for every digit of cell m at
 * once: *lo_most no less than any of its lows, *hi_least no more than
 * any of its highs. Each term of the exact bounds is taken at its worst
 * over the digits (the lowest d of the pool out, the largest shift in);
 * the own-digit corrections only tighten them. Needs gb->count <=
 * gb->npool. */
static void group_bounds_any(const struct group_bounds *gb, digitset m, int *lo_most, int *hi_least)
{
    int k = gb->count - 1;
    int lo_cells = gb->lo_cells - sum_lowest(m) + gb->lo_shift_most;
    int hi_cells = gb->hi_cells - sum_highest(m) + gb->hi_shift_least;
    int lo_set = gb->low_sum[k + 1] - gb->digit[0];
    int hi_set = gb->high_sum[k + 1] - gb->digit[gb->npool - 1];
    *lo_most = lo_set > lo_cells ? lo_set : lo_cells;
    *hi_least = hi_set < hi_cells ? hi_set : hi_cells;
}

/* 1 when every digit of cell m (weight w, of group gb) passes the
 * bounds test of sum_prune_by_bounds, by group_bounds_any: in a sum of many
 * cells most of them do, and the test per digit is the sum's cost. */
static int sum_bounds_keep_all(const struct group_bounds *gb, digitset m, int w, int total,
                               int others_lo, int others_hi)
{
    int lo_most, hi_least, rest_lo, rest_hi, own_lo, own_hi;
    if (gb->count > gb->npool) return 0;
    group_bounds_any(gb, m, &lo_most, &hi_least);
    sum_weighted_bounds(w, lo_most, hi_least, &rest_lo, &rest_hi);
    sum_weighted_bounds(w, sum_lowest(m), sum_highest(m), &own_lo,
                        &own_hi); /* the cell's own part */
    return total - own_hi >= others_lo + rest_lo && total - own_lo <= others_hi + rest_hi;
}

int sum_prune_by_bounds(const struct sum_set *s, const struct sum_item *it, struct prop_ctx *ctx)
{
    const digitset *now = prop_candidate_array(ctx);
    digitset cand[SUM_MAX_CELLS];
    const uint8_t *group = s->group + it->first;
    const int8_t *weight = s->weight + it->first;
    struct group_bounds gb[SUM_MAX_CELLS];
    int group_weight[SUM_MAX_CELLS], lo[SUM_MAX_CELLS], hi[SUM_MAX_CELLS], all_lo = 0, all_hi = 0;
    for (int g = 0; g < it->ngroups; g++) group_bounds_clear(&gb[g], s->size);
    for (int i = 0; i < it->count; i++) {
        cand[i] = now[s->cells[it->first + i]];
        group_weight[group[i]] = weight[i];
        group_bounds_add(&gb[group[i]], cand[i]);
    }
    for (int g = 0; g < it->ngroups; g++) {
        group_bounds_finish(&gb[g]);
        sum_weighted_bounds(group_weight[g], gb[g].lo, gb[g].hi, &lo[g], &hi[g]);
        all_lo += lo[g];
        all_hi += hi[g];
    }
    if (it->total < all_lo || it->total > all_hi) return SL_PROP_CONTRADICTION;
    for (int i = 0; i < it->count; i++) {
        if (digitset_is_single(cand[i])) continue;
        int g = group[i], others_lo = all_lo - lo[g], others_hi = all_hi - hi[g];
        if (sum_bounds_keep_all(&gb[g], cand[i], weight[i], it->total, others_lo, others_hi))
            continue;
        digitset keep = 0;
        for (digitset m = cand[i]; m; m = digitset_rest(m)) {
            int d = digitset_first(m), rest_lo, rest_hi, need = it->total - weight[i] * d;
            group_bounds_rest(&gb[g], cand[i], d, &rest_lo, &rest_hi);
            sum_weighted_bounds(weight[i], rest_lo, rest_hi, &rest_lo, &rest_hi);
            if (need >= others_lo + rest_lo && need <= others_hi + rest_hi) keep |= digitset_of(d);
        }
        if (keep != cand[i] && prop_restrict(ctx, s->cells[it->first + i], keep))
            return SL_PROP_CONTRADICTION;
    }
    return SL_PROP_OK;
}
