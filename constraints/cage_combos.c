/*
 * cage_combos.c — see cage_combos.h.
 *
 * For N up to COMBO_TABLE_MAX every subset of 1..N is listed once per
 * process, grouped by size and sum, so a killer's set-up copies its
 * cages' lists instead of enumerating them per puzzle. The tables are
 * static storage (nothing to free), filled under a lock on first use of
 * each N and only read after that. Larger N enumerate digit by digit
 * from the largest down, pruning with the reachable sum range, so the
 * work is proportional to the answer rather than to 2^N.
 */
#include "cage_combos.h"

#include <pthread.h>
#include <stdatomic.h>
#include <string.h>

#define COMBO_TABLE_MAX 16
#define COMBO_SUMS (COMBO_TABLE_MAX * (COMBO_TABLE_MAX + 1) / 2 + 1)
#define COMBO_BINS ((COMBO_TABLE_MAX + 1) * COMBO_SUMS)

/* Per N, from combo_masks + 2^N - 1: the subsets of 1..N (bit d-1 for
 * digit d), bin by bin, each bin (size k, sum s: k * COMBO_SUMS + s) in
 * increasing order of its mask. */
static uint16_t combo_masks[(2 << COMBO_TABLE_MAX) - 1];
static uint32_t combo_start[COMBO_TABLE_MAX + 1][COMBO_BINS + 1];
static atomic_int combo_ready[COMBO_TABLE_MAX + 1];
static pthread_mutex_t combo_lock = PTHREAD_MUTEX_INITIALIZER;

static uint16_t *combo_table_masks(int n) { return combo_masks + (UINT32_C(1) << n) - 1; }

static int combo_bin(uint32_t mask)
{
    int sum = 0;
    for (uint32_t m = mask; m; m &= m - 1) sum += __builtin_ctz(m) + 1;
    return __builtin_popcount(mask) * COMBO_SUMS + sum;
}

/* A counting sort of the masks by bin; masks taken in increasing order
 * stay in that order within their bin. */
static void combo_fill(int n)
{
    uint32_t *start = combo_start[n];
    memset(start, 0, sizeof combo_start[n]);
    for (uint32_t m = 0; m < UINT32_C(1) << n; m++) start[combo_bin(m) + 1]++;
    for (int b = 0; b < COMBO_BINS; b++) start[b + 1] += start[b];
    uint32_t next[COMBO_BINS];
    memcpy(next, start, sizeof next);
    for (uint32_t m = 0; m < UINT32_C(1) << n; m++)
        combo_table_masks(n)[next[combo_bin(m)]++] = (uint16_t)m;
}

static void combo_table_ready(int n)
{
    if (atomic_load_explicit(&combo_ready[n], memory_order_acquire)) return;
    pthread_mutex_lock(&combo_lock);
    if (!atomic_load_explicit(&combo_ready[n], memory_order_relaxed)) {
        combo_fill(n);
        atomic_store_explicit(&combo_ready[n], 1, memory_order_release);
    }
    pthread_mutex_unlock(&combo_lock);
}

static long combo_from_table(int n, int k, int sum, digitset *out, long cap)
{
    if (sum < 0 || sum >= COMBO_SUMS) return 0;
    combo_table_ready(n);
    int bin = k * COMBO_SUMS + sum;
    const uint16_t *first = combo_table_masks(n) + combo_start[n][bin];
    long count = (long)(combo_start[n][bin + 1] - combo_start[n][bin]);
    for (long i = 0; i < count && i < cap; i++) out[i] = (digitset)first[i] << 1;
    return count;
}

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
    if (n <= COMBO_TABLE_MAX) return combo_from_table(n, k, sum, out, cap);
    cage_combos_walk(&w, n, k, sum, 0);
    return w.found;
}
