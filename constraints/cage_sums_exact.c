/*
 * cage_sums_exact.c — the exact pruning of a small sum of several groups
 * (cage_sums_internal.h): a walk over every assignment of its cells,
 * distinct within groups and cut by the reachable range, that keeps each
 * digit some assignment uses; within a budget of steps, past which the
 * sum is pruned by bounds. sum_set_exact_walk shows the walk to tests.
 */
#include "cage_sums_internal.h"

#define SUM_EXACT_CELLS 5
#define SUM_EXACT_STEPS 1024

struct exact_walk {
    int count;
    digitset cand[SUM_EXACT_CELLS];
    int group[SUM_EXACT_CELLS];
    int weight[SUM_EXACT_CELLS];
    int min_after[SUM_EXACT_CELLS + 1], max_after[SUM_EXACT_CELLS + 1];
    digitset used[SUM_EXACT_CELLS]; /* per group, along the current path */
    int chosen[SUM_EXACT_CELLS];
    digitset support[SUM_EXACT_CELLS];
    int unsupported; /* (cell, digit) pairs no assignment has used yet */
    long steps;
};

/* Marks digit d of cell k supported. */
static void exact_support(struct exact_walk *w, int k, int d)
{
    w->unsupported -= !(w->support[k] & digitset_of(d));
    w->support[k] |= digitset_of(d);
}

/* Marks the digits of the complete assignment in w->chosen; 1 when
 * every digit is supported. */
static int exact_assignment(struct exact_walk *w)
{
    for (int k = 0; k < w->count; k++) exact_support(w, k, w->chosen[k]);
    return w->unsupported == 0;
}

/* The last cell (weight not 0) of m's digits: only the digit that makes
 * `left` exactly completes an assignment, so it is found by a division
 * rather than by trying each digit. The step its completion would have
 * taken is counted, so the budget runs out where the walk digit by digit
 * ran out. */
static int exact_last(struct exact_walk *w, int i, int left, digitset m)
{
    int weight = w->weight[i], d = left / weight;
    if (left % weight || d < 1 || d > 31 || !(m & digitset_of(d))) return 0;
    if (++w->steps > SUM_EXACT_STEPS) return -1;
    w->chosen[i] = d;
    return exact_assignment(w);
}

/* The last two cells, i and j = i + 1 (weight not 0), in one loop over
 * m, cell i's digits: what exact_step of j and exact_last would do for
 * each digit, in the same order and counting the same steps, so the walk
 * ends where the digit-by-digit walk ended, with the same supports. The
 * cells before i take one digit each along this path, marked at the
 * first assignment. */
static int exact_pair(struct exact_walk *w, int i, int left, digitset m)
{
    int j = i + 1, weight_i = w->weight[i], weight_j = w->weight[j], marked = 0;
    digitset mj = w->cand[j] & ~w->used[w->group[j]];
    int same_group = w->group[i] == w->group[j];
    for (; m; m = digitset_rest(m)) {
        int d = digitset_first(m), rest = left - weight_i * d;
        if (rest < w->min_after[j]) {
            if (weight_i > 0) break;
            continue;
        }
        if (rest > w->max_after[j]) {
            if (weight_i < 0) break;
            continue;
        }
        if (++w->steps > SUM_EXACT_STEPS) return -1; /* exact_step of j */
        digitset allowed = same_group ? mj & ~digitset_of(d) : mj;
        int e = rest / weight_j;
        if (rest % weight_j || e < 1 || e > 31 || !(allowed & digitset_of(e))) continue;
        if (++w->steps > SUM_EXACT_STEPS) return -1; /* exact_last's assignment */
        for (int k = 0; k < i && !marked; k++) exact_support(w, k, w->chosen[k]);
        marked = 1;
        exact_support(w, i, d);
        exact_support(w, j, e);
        if (w->unsupported == 0) return 1;
    }
    return 0;
}

/* Tries every digit of cell i given the sum still to make; marks the
 * digits of every complete assignment. 0 when done, 1 when every digit
 * is supported (nothing left to learn), -1 over budget. */
static int exact_step(struct exact_walk *w, int i, int left)
{
    if (++w->steps > SUM_EXACT_STEPS) return -1;
    if (i == w->count) return left == 0 ? exact_assignment(w) : 0;
    digitset m = w->cand[i] & ~w->used[w->group[i]];
    if (i == w->count - 1 && w->weight[i] != 0) return exact_last(w, i, left, m);
    if (i == w->count - 2 && w->weight[i + 1] != 0) return exact_pair(w, i, left, m);
    for (; m; m = digitset_rest(m)) {
        int d = digitset_first(m), rest = left - w->weight[i] * d;
        /* Digits rise, so rest falls (rises for a negative weight): past one
         * end of the reachable range, every later digit is out too. */
        if (rest < w->min_after[i + 1]) {
            if (w->weight[i] > 0) break;
            continue;
        }
        if (rest > w->max_after[i + 1]) {
            if (w->weight[i] < 0) break;
            continue;
        }
        w->chosen[i] = d;
        w->used[w->group[i]] |= digitset_of(d);
        int rc = exact_step(w, i + 1, rest);
        w->used[w->group[i]] &= ~digitset_of(d);
        if (rc) return rc;
    }
    return 0;
}

/* Lays the walk of sum it over now out in w (cells with the fewest
 * candidates first: the walk prunes sooner; their cells into cell_of)
 * and walks: exact_step's answer. */
static int exact_walk_run(const struct sum_set *s, const struct sum_item *it, const digitset *now,
                          struct exact_walk *w, int *cell_of)
{
    for (int i = 0; i < it->count; i++) {
        int k = i;
        digitset m = now[s->cells[it->first + i]];
        for (; k > 0 && digitset_count(w->cand[k - 1]) > digitset_count(m); k--) {
            w->cand[k] = w->cand[k - 1];
            w->group[k] = w->group[k - 1];
            w->weight[k] = w->weight[k - 1];
            cell_of[k] = cell_of[k - 1];
        }
        w->cand[k] = m;
        w->group[k] = s->group[it->first + i];
        w->weight[k] = s->weight[it->first + i];
        cell_of[k] = s->cells[it->first + i];
        w->unsupported += digitset_count(m);
    }
    for (int i = it->count - 1; i >= 0; i--) {
        int lo, hi;
        sum_weighted_bounds(w->weight[i], sum_lowest(w->cand[i]), sum_highest(w->cand[i]), &lo,
                            &hi);
        w->min_after[i] = w->min_after[i + 1] + lo;
        w->max_after[i] = w->max_after[i + 1] + hi;
    }
    return exact_step(w, 0, it->total);
}

int sum_set_exact_walk(const struct sum_set *s, int i, const digitset *cand, int *cells,
                       digitset *support, long *steps)
{
    const struct sum_item *it = &s->items[i];
    struct exact_walk w = {.count = it->count};
    if (it->count > SUM_EXACT_CELLS || it->combo_count >= 0 || it->by_groups) return -2;
    int walked = exact_walk_run(s, it, cand, &w, cells);
    for (int k = 0; k < it->count; k++) support[k] = w.support[k];
    *steps = w.steps;
    return walked;
}

/* Exact pruning for a sum of at most SUM_EXACT_CELLS cells: a digit stays
 * when some assignment (distinct within groups) makes the total with it.
 * Returns 1 when the walk was over budget (nothing done). */
int sum_prune_exact(const struct sum_set *s, const struct sum_item *it, struct prop_ctx *ctx,
                    int *status)
{
    struct exact_walk w = {.count = it->count};
    if (it->count > SUM_EXACT_CELLS) return 1;
    int cell_of[SUM_EXACT_CELLS];
    int walked = exact_walk_run(s, it, prop_candidate_array(ctx), &w, cell_of);
    if (walked < 0) return 1;
    *status = SL_PROP_OK;
    if (walked == 1) return 0; /* every digit has an assignment */
    for (int i = 0; i < it->count && *status == SL_PROP_OK; i++)
        if (w.support[i] != w.cand[i]) *status = prop_restrict(ctx, cell_of[i], w.support[i]);
    if (w.support[0] == 0) *status = SL_PROP_CONTRADICTION;
    return 0;
}
