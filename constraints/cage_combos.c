/*
 * cage_combos.c — see cage_combos.h. Subsets are enumerated digit by
 * digit from the largest down, pruning with the reachable sum range, so
 * the work is proportional to the answer rather than to 2^n.
 */
#include "cage_combos.h"

struct combo_walk {
    digitset *out;
    long cap, found;
};

/* Picks k more digits from 1..top summing to sum, on top of chosen. */
static void cage_combos_walk(struct combo_walk *w, int top, int k, int sum, digitset chosen)
{
    if (k == 0) {
        if (sum == 0) {
            if (w->found < w->cap) w->out[w->found] = chosen;
            w->found++;
        }
        return;
    }
    if (sum < cage_sum_min(k) || sum > cage_sum_max(top, k)) return;
    /* Digits from low to high keep the output sorted by mask: the masks
     * that omit the high digits come first. */
    for (int d = k; d <= top; d++)
        cage_combos_walk(w, d - 1, k - 1, sum - d, chosen | digitset_of(d));
}

long cage_combos_for(int n, int k, int sum, digitset *out, long cap)
{
    struct combo_walk w = {out, cap, 0};
    if (n < 1 || n > 25 || k < 0 || k > n) return 0;
    cage_combos_walk(&w, n, k, sum, 0);
    return w.found;
}
