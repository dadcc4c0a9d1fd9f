/*
 * sum_groups.c — see sum_groups.h.
 */
#include "sum_groups.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#define SUM_GROUPS_MAX_N 12      /* the table holds 2^N sets */
#define SUM_GROUPS_MAX_LIST 252  /* sets of one size: C(10,5); C(9,k) <= 126 */
#define SUM_GROUPS_MAX_TOTAL 127 /* totals are bits of two words */

/* Within one size the sets are in increasing order as numbers, so the
 * sets of k of the first m digits are the first C(m, k) of the k-sets:
 * a group whose cells can hold m digits walks those, mapped onto its m
 * digits, rather than every k-set. */
/* Every subset of every set of the digits 1..9, by size, for the groups
 * of grids up to 9x9: a group's sets are then read as they are, not
 * mapped from places onto its digits one by one. list holds them as
 * digit sets >> 1; those of set m with k digits are
 * list[first[m][k] .. first[m][k + 1]). */
#define SUBMASK_DIGITS 9
struct submasks {
    uint16_t first[1 << SUBMASK_DIGITS][SUBMASK_DIGITS + 2];
    uint16_t list[19683]; /* 3^9: each digit out, in the subset, or in the set only */
};

struct digit_subsets {
    int n;
    const struct submasks *sub;      /* N <= SUBMASK_DIGITS, else NULL */
    int first[SUM_GROUPS_MAX_N + 2]; /* sets of size k: [first[k], first[k + 1]) */
    int choose[SUM_GROUPS_MAX_N + 1][SUM_GROUPS_MAX_N + 1];
    digitset set[1 << SUM_GROUPS_MAX_N];
    uint8_t total[2 << SUM_GROUPS_MAX_N]; /* of every set, indexed by set >> 1 */
};

/* One table per N, static storage filled under a lock on first use and
 * only read after that: shared by every ruleset of the process. */
static struct digit_subsets subsets_of[SUM_GROUPS_MAX_N + 1];
static atomic_int subsets_ready[SUM_GROUPS_MAX_N + 1];
static pthread_mutex_t subsets_lock = PTHREAD_MUTEX_INITIALIZER;
static struct submasks submasks; /* filled with the first table it serves */
static int submasks_filled;      /* under subsets_lock */

static void submasks_fill(struct submasks *sm)
{
    int at = 0;
    for (unsigned set = 0; set < 1u << SUBMASK_DIGITS; set++) {
        int n = __builtin_popcount(set), next[SUBMASK_DIGITS + 1];
        long ways = 1; /* C(n, k) */
        for (int k = 0; k <= SUBMASK_DIGITS + 1; k++) {
            sm->first[set][k] = (uint16_t)at;
            if (k <= n) next[k] = at, at += (int)ways;
            ways = ways * (n - k) / (k + 1);
        }
        for (unsigned sub = set;; sub = (sub - 1) & set) {
            sm->list[next[__builtin_popcount(sub)]++] = (uint16_t)sub;
            if (sub == 0) break;
        }
    }
}

static void digit_subsets_fill(struct digit_subsets *t, int n)
{
    t->n = n;
    if (n <= SUBMASK_DIGITS && !submasks_filled) {
        submasks_fill(&submasks);
        submasks_filled = 1;
    }
    t->sub = n <= SUBMASK_DIGITS ? &submasks : NULL;
    for (int m = 0; m <= n; m++)
        for (int k = 0; k <= m; k++)
            t->choose[m][k] = k == 0 || k == m ? 1 : t->choose[m - 1][k - 1] + t->choose[m - 1][k];
    for (unsigned bits = 1; bits < 1u << n; bits++)
        t->total[bits] = (uint8_t)(t->total[bits & (bits - 1)] + __builtin_ctz(bits) + 1);
    int at = 0;
    for (int k = 0; k <= n; k++) {
        t->first[k] = at;
        for (unsigned bits = 0; bits < 1u << n; bits++) {
            if (__builtin_popcount(bits) != k) continue;
            t->set[at++] = (digitset)bits << 1;
        }
    }
    t->first[n + 1] = at;
}

const struct digit_subsets *digit_subsets_of(int n)
{
    if (n < 1 || n > SUM_GROUPS_MAX_N) return NULL;
    if (!atomic_load_explicit(&subsets_ready[n], memory_order_acquire)) {
        pthread_mutex_lock(&subsets_lock);
        if (!atomic_load_explicit(&subsets_ready[n], memory_order_relaxed)) {
            digit_subsets_fill(&subsets_of[n], n);
            atomic_store_explicit(&subsets_ready[n], 1, memory_order_release);
        }
        pthread_mutex_unlock(&subsets_lock);
    }
    return &subsets_of[n];
}

int sum_groups_fit(const struct digit_subsets *t, const int *group_size, int ngroups)
{
    int reach = 0;
    if (t == NULL || ngroups < 1 || ngroups > SUM_GROUPS_MAX_GROUPS) return 0;
    for (int g = 0; g < ngroups; g++) {
        int k = group_size[g], list;
        if (k < 1 || k > t->n) return 0;
        list = t->first[k + 1] - t->first[k];
        if (list > SUM_GROUPS_MAX_LIST) return 0;
        for (int d = t->n; d > t->n - k; d--) reach += d;
    }
    return reach <= SUM_GROUPS_MAX_TOTAL;
}

/* ---- totals as a bitset: bit s set when s can be made ---- */

struct totals {
    uint64_t w[2];
};

static struct totals totals_shift(struct totals b, int by)
{
    struct totals r = {{0, 0}};
    if (by == 0) return b;
    if (by >= 64) {
        r.w[1] = b.w[0] << (by - 64);
        return r;
    }
    r.w[0] = b.w[0] << by;
    r.w[1] = b.w[1] << by | b.w[0] >> (64 - by);
    return r;
}

/* totals_add past its shortcuts: shifts of the larger by each total of
 * the smaller. */
static struct totals totals_add_general(struct totals x, struct totals y)
{
    struct totals r = {{0, 0}};
    if (__builtin_popcountll(x.w[0]) + __builtin_popcountll(x.w[1]) >
        __builtin_popcountll(y.w[0]) + __builtin_popcountll(y.w[1])) {
        struct totals swap = x;
        x = y;
        y = swap;
    }
    for (int w = 0; w < 2; w++)
        for (uint64_t m = x.w[w]; m; m &= m - 1) {
            struct totals s = totals_shift(y, w * 64 + __builtin_ctzll(m));
            r.w[0] |= s.w[0];
            r.w[1] |= s.w[1];
        }
    return r;
}

/* Every a + b with a in x and b in y. Adding {0}, as the ends of a sum's
 * groups do (all of it with two groups), leaves the other as it is: that
 * test is inline, where most calls end. */
static inline struct totals totals_add(struct totals x, struct totals y)
{
    if (x.w[0] == 1 && x.w[1] == 0) return y;
    if (y.w[0] == 1 && y.w[1] == 0) return x;
    return totals_add_general(x, y);
}

static int totals_has(struct totals x, int s)
{
    return s >= 0 && s <= SUM_GROUPS_MAX_TOTAL && (x.w[s >> 6] >> (s & 63) & 1);
}

/* ---- one call ---- */

/* Maps a set of places 1..m onto the m digits of a set. */
static digitset spread_of(const digitset *digit_at, digitset places)
{
    digitset set = 0;
    for (; places; places &= places - 1) set |= digit_at[__builtin_ctz(places)];
    return set;
}

/* Broad groups (sum_groups.h): listing them costs more than it finds for
 * the killer, whose cages narrow them anyway, while their totals still
 * narrow the other groups. On the killer family
 * (scripts/bench_killer_family.sh) the total time was 12.3 s at a limit of
 * 10, 11.1 s at 20, 13.4 s at 35, 16.5 s at 70 and 17.1 s listing every
 * group. */

struct group_scan {
    const uint8_t *cell_first; /* group g's cells: order[cell_first[g]..] (the layout's) */
    const uint8_t *order;
    /* Per group, as measured before listing (scan_measure). */
    digitset placed[SUM_GROUPS_MAX_GROUPS], free_digits[SUM_GROUPS_MAX_GROUPS];
    digitset mask_sum[SUM_GROUPS_MAX_GROUPS];
    int pick[SUM_GROUPS_MAX_GROUPS], base[SUM_GROUPS_MAX_GROUPS];
    int broad[SUM_GROUPS_MAX_GROUPS], lo[SUM_GROUPS_MAX_GROUPS], hi[SUM_GROUPS_MAX_GROUPS];
    struct totals totals[SUM_GROUPS_MAX_GROUPS]; /* per group: what its sets make */
    /* Per group, its sets (the digits each picks) and their totals, as
     * listed: a set's place is written before it is known to meet every
     * open cell, hence the one spare. */
    int nsets[SUM_GROUPS_MAX_GROUPS];
    digitset set_rest[SUM_GROUPS_MAX_GROUPS][SUM_GROUPS_MAX_LIST + 1];
    uint8_t set_total[SUM_GROUPS_MAX_GROUPS][SUM_GROUPS_MAX_LIST + 1];
};

/* What a sum keeps in the search state between calls, per group, from
 * its last call that changed nothing: the sum of the cells' candidate
 * masks (0: none yet) and, for a broad group, its range. Masks only lose
 * digits down a branch, so an equal sum means unchanged cells. */
struct group_memo {
    digitset mask_sum;
    uint8_t broad, lo, hi, unused;
};

size_t sum_groups_memo_bytes(int ngroups) { return (size_t)ngroups * sizeof(struct group_memo); }

void sum_groups_layout_make(const uint8_t *group, int count, int ngroups,
                            struct sum_groups_layout *out)
{
    int first[SUM_GROUPS_MAX_GROUPS + 1] = {0}, next[SUM_GROUPS_MAX_GROUPS];
    for (int i = 0; i < count; i++) first[group[i] + 1]++;
    for (int g = 0; g < ngroups; g++) first[g + 1] += first[g];
    for (int g = 0; g <= ngroups; g++) out->cell_first[g] = (uint8_t)first[g];
    memcpy(next, first, (size_t)ngroups * sizeof next[0]);
    for (int i = 0; i < count; i++) out->order[next[group[i]]++] = (uint8_t)i;
}

/* Bits lo..hi of word w (bits 64w..64w+63), as a mask. */
static uint64_t word_range(int w, int lo, int hi)
{
    int from = lo - 64 * w, to = hi - 64 * w;
    if (from < 0) from = 0;
    if (to > 63) to = 63;
    if (from > to) return 0;
    uint64_t upto = to == 63 ? ~UINT64_C(0) : (UINT64_C(1) << (to + 1)) - 1;
    return upto & ~((UINT64_C(1) << from) - 1);
}

static void totals_range(struct totals *x, int lo, int hi)
{
    for (int w = 0; w < 2; w++) x->w[w] |= word_range(w, lo, hi);
}

/* The k smallest digits of a set. */
static digitset lowest_digits(digitset digits, int k)
{
    digitset rest = digits;
    for (; k > 0; k--) rest &= rest - 1;
    return digits ^ rest;
}

/* The totals of the least and the greatest pick of the free digits: the
 * last and the first of them in the submask table (each size listed from
 * the greatest as numbers down, so the highest digits first and the
 * lowest last), else the pick smallest digits and those past the m - pick
 * smallest. */
static void pick_ends(const struct digit_subsets *t, digitset free_digits, int pick, int *least,
                      int *most)
{
    if (t->sub) {
        const uint16_t *first = t->sub->first[free_digits >> 1];
        *most = t->total[t->sub->list[first[pick]]];
        *least = t->total[t->sub->list[first[pick + 1] - 1]];
        return;
    }
    int m = digitset_count(free_digits);
    *least = t->total[lowest_digits(free_digits, pick) >> 1];
    *most = t->total[(free_digits ^ lowest_digits(free_digits, m - pick)) >> 1];
}

/* What group g holds and can still hold, and whether it is broad; -1 when
 * it cannot be filled. Placed digits are in every set of the group: the
 * sets choose the rest (pick digits) among its other digits. */
static int scan_measure(const struct digit_subsets *t, struct group_scan *gs, const digitset *cand,
                        int g, int broad)
{
    const uint8_t *cells = gs->order + gs->cell_first[g];
    int k = gs->cell_first[g + 1] - gs->cell_first[g], nplaced = 0;
    digitset placed = 0, reach = 0, mask_sum = 0;
    for (int j = 0; j < k; j++) {
        digitset c = cand[cells[j]];
        reach |= c;
        mask_sum += c;
        if (digitset_is_single(c)) placed |= c, nplaced++;
    }
    if (digitset_count(placed) != nplaced) return -1;
    digitset free_digits = reach & ~placed;
    int m = digitset_count(free_digits), pick = k - nplaced;
    if (m < pick) return -1;
    gs->placed[g] = placed;
    gs->free_digits[g] = free_digits;
    gs->mask_sum[g] = mask_sum;
    gs->pick[g] = pick;
    gs->base[g] = t->total[placed >> 1];
    gs->broad[g] = t->choose[m][pick] > broad;
    /* Only a broad group's range is read (as its totals, and by the memo
     * when it was broad before too). */
    gs->lo[g] = gs->hi[g] = 0;
    if (gs->broad[g]) {
        pick_ends(t, free_digits, pick, &gs->lo[g], &gs->hi[g]);
        gs->lo[g] += gs->base[g];
        gs->hi[g] += gs->base[g];
    }
    return 0;
}
/* Lists set rest of group g (with the group's placed digits, base) when
 * it meets every open cell that could miss it. Without a branch on the
 * set: whether it meets the cells is data the predictor mostly loses, so
 * the set is written in any case and counted only when it does. Totals
 * stay within SUM_GROUPS_MAX_TOTAL (sum_groups_fit). */
static inline void scan_set(const struct digit_subsets *t, struct group_scan *gs, int g,
                            const digitset *open, int nopen, int base, digitset rest)
{
    int meets = 1;
    for (int o = 0; o < nopen; o++) meets &= (open[o] & rest) != 0;
    int total = base + t->total[rest >> 1], n = gs->nsets[g];
    gs->set_rest[g][n] = rest;
    gs->set_total[g][n] = (uint8_t)total;
    gs->nsets[g] = n + meets;
    gs->totals[g].w[total >> 6] |= (uint64_t)meets << (total & 63);
}

/* Lists the sets group g can hold, as totals with their digits (a broad
 * group: its range); -1 when there is none. */
static int scan_group(const struct digit_subsets *t, struct group_scan *gs, const digitset *cand,
                      int g)
{
    gs->totals[g] = (struct totals){{0, 0}};
    gs->nsets[g] = 0;
    const uint8_t *cells = gs->order + gs->cell_first[g];
    int k = gs->cell_first[g + 1] - gs->cell_first[g], nopen = 0;
    digitset free_digits = gs->free_digits[g], open[SUM_GROUPS_MAX_CELLS];
    int m = digitset_count(free_digits), pick = gs->pick[g], base = gs->base[g];
    /* A set of `pick` of the m free digits misses an open cell only when it
     * fits in the m - pick digits or fewer the cell lacks. */
    for (int j = 0; j < k; j++) {
        digitset c = cand[cells[j]] & free_digits;
        open[nopen] = c;
        nopen += (int)!digitset_is_single(cand[cells[j]]) & (int)(digitset_count(c) <= m - pick);
    }
    /* The order sets are met in changes nothing: their totals, unions and
     * intersections. */
    if (t->sub) {
        const uint16_t *first = t->sub->first[free_digits >> 1];
        for (int j = first[pick]; j < first[pick + 1]; j++)
            scan_set(t, gs, g, open, nopen, base, (digitset)t->sub->list[j] << 1);
    } else {
        digitset digit_at[SUM_GROUPS_MAX_N + 1];
        int place = 1;
        for (digitset d = free_digits; d; d = digitset_rest(d)) digit_at[place++] = d & -d;
        for (int j = t->first[pick], end = j + t->choose[m][pick]; j < end; j++)
            scan_set(t, gs, g, open, nopen, base, spread_of(digit_at, t->set[j]));
    }
    return gs->totals[g].w[0] | gs->totals[g].w[1] ? 0 : -1;
}

/* The totals of a group that leave need - total among the others'. */
static struct totals totals_meeting(struct totals own, int need, struct totals others)
{
    struct totals kept = {{0, 0}};
    for (int w = 0; w < 2; w++)
        for (uint64_t bits = own.w[w]; bits; bits &= bits - 1) {
            int total = w * 64 + __builtin_ctzll(bits);
            if (totals_has(others, need - total)) kept.w[w] |= bits & -bits;
        }
    return kept;
}

/* The same when the others make every total from lo to hi. */
static struct totals totals_meeting_range(struct totals own, int need, int lo, int hi)
{
    struct totals kept = own;
    for (int w = 0; w < 2; w++) kept.w[w] &= word_range(w, need - hi, need - lo);
    return kept;
}

/* Narrows group g's cells to the sets of the totals kept. */
static int keep_group(struct group_scan *gs, const digitset *cand, int g, struct totals kept,
                      digitset *keep)
{
    const uint8_t *cells = gs->order + gs->cell_first[g];
    int k = gs->cell_first[g + 1] - gs->cell_first[g];
    digitset can = 0, every = ~(digitset)0;
    if (!(kept.w[0] | kept.w[1])) return -1;
    /* The union and the common part of the sets of the kept totals,
     * without a branch on whether a set's total is kept. */
    for (int j = 0; j < gs->nsets[g]; j++) {
        int total = gs->set_total[g][j];
        digitset in = (digitset)0 - (digitset)(kept.w[total >> 6] >> (total & 63) & 1);
        can |= gs->set_rest[g][j] & in;
        every &= gs->set_rest[g][j] | ~in;
    }
    can |= gs->placed[g];
    for (int j = 0; j < k; j++) keep[cells[j]] = cand[cells[j]] & can;
    /* A digit every set holds, with one cell of the group left for it. */
    for (digitset d = every & can; d; d = digitset_rest(d)) {
        digitset digit = d & -d;
        int places = 0, at = -1;
        for (int j = 0; j < k; j++) {
            int here = (keep[cells[j]] & digit) != 0;
            places += here;
            at = here ? cells[j] : at;
        }
        if (places == 0) return -1;
        if (places == 1) keep[at] = digit;
    }
    return 0;
}

/* 1 when the memo shows nothing that could prune has changed since the
 * sum last changed nothing: every group's cells as they were, or a broad
 * group with the same range. */
static int memo_unchanged(const struct group_scan *gs, const struct group_memo *memo, int ngroups)
{
    for (int g = 0; g < ngroups; g++) {
        const struct group_memo *was = &memo[g];
        if (gs->mask_sum[g] == was->mask_sum) continue;
        if (!gs->broad[g] || !was->broad || gs->lo[g] != was->lo || gs->hi[g] != was->hi) return 0;
    }
    return 1;
}

static void memo_write(const struct group_scan *gs, struct group_memo *memo, int ngroups)
{
    for (int g = 0; g < ngroups; g++)
        memo[g] = (struct group_memo){gs->mask_sum[g], (uint8_t)gs->broad[g], (uint8_t)gs->lo[g],
                                      (uint8_t)gs->hi[g], 0};
}

static int all_broad(const struct group_scan *gs, int ngroups)
{
    for (int g = 0; g < ngroups; g++)
        if (!gs->broad[g]) return 0;
    return 1;
}

/* A sum of broad groups alone: each group makes every total of its range
 * and narrows none of its cells, so the sum holds exactly when its total
 * lies between the least and the greatest of the ranges added up. What
 * listing would find, without building the groups' totals. */
static int broad_sum_prune(const struct group_scan *gs, const digitset *cand, int count,
                           int ngroups, int total, digitset *keep, void *memo)
{
    int lo = 0, hi = 0;
    for (int g = 0; g < ngroups; g++) lo += gs->lo[g], hi += gs->hi[g];
    if (total < lo || total > hi) return -1;
    memcpy(keep, cand, (size_t)count * sizeof *keep);
    if (memo) memo_write(gs, memo, ngroups);
    return 0;
}

/* Group g's least and greatest totals. */
static void group_ends(const struct digit_subsets *t, const struct group_scan *gs, int g,
                       int *least, int *most)
{
    pick_ends(t, gs->free_digits[g], gs->pick[g], least, most);
    *least += gs->base[g];
    *most += gs->base[g];
}

/* 1 when listing group g could narrow none of its cells were every set
 * kept: no open cell could miss a set (each has more than m - pick of the
 * m free digits, so every pick of them is a set and their union every
 * free digit), and when every set takes every free digit (pick = m), none
 * of them has a single place, which listing would give it. */
static int group_narrows_none(const struct group_scan *gs, const digitset *cand, int g)
{
    digitset free_digits = gs->free_digits[g], once = 0, twice = 0;
    int m = digitset_count(free_digits), pick = gs->pick[g];
    for (int j = gs->cell_first[g]; j < gs->cell_first[g + 1]; j++) {
        digitset c = cand[gs->order[j]];
        if (digitset_is_single(c)) continue;
        if (digitset_count(c & free_digits) <= m - pick) return 0;
        twice |= once & c;
        once |= c;
    }
    return pick < m || !(free_digits & ~twice);
}

/* 1 when listing the listed groups would keep every set of each, and so
 * narrow no cell (group_narrows_none), the broad part making every total
 * of lo..hi: every total of each group lies between its ends, and the
 * others make every total between theirs, which leaves one of them. The
 * others make every such total with one listed group (the broad part
 * alone), and with more when the broad part spans N - 1 totals or more:
 * two totals of a group next to each other lie less than N apart (a step
 * from one pick of its free digits to the next greater swaps a digit for
 * the next free digit), so adding them to such a run leaves no gap. */
static int listed_keep_all(const struct digit_subsets *t, const struct group_scan *gs,
                           const digitset *cand, const int *listed, int nlisted, int total, int lo,
                           int hi)
{
    int least[SUM_GROUPS_MAX_GROUPS], most[SUM_GROUPS_MAX_GROUPS], all_least = lo, all_most = hi;
    if (nlisted == 1) {
        group_ends(t, gs, listed[0], &least[0], &most[0]);
        return least[0] >= total - hi && most[0] <= total - lo &&
               group_narrows_none(gs, cand, listed[0]);
    }
    if (hi - lo + 1 < t->n - 1) return 0;
    for (int i = 0; i < nlisted; i++) {
        group_ends(t, gs, listed[i], &least[i], &most[i]);
        all_least += least[i];
        all_most += most[i];
    }
    for (int i = 0; i < nlisted; i++)
        if (least[i] < total - (all_most - most[i]) || most[i] > total - (all_least - least[i]))
            return 0;
    for (int i = 0; i < nlisted; i++)
        if (!group_narrows_none(gs, cand, listed[i])) return 0;
    return 1;
}

/* A sum with a group to list. The broad groups make every total of their
 * ranges added up, as one part; each listed group keeps the sets that
 * leave a total the other parts make. Whether the sum can be made at all
 * is the same question for every group, so the broad groups, which
 * narrow no cell, are not asked it one by one. */
static int listed_sum_prune(const struct digit_subsets *t, struct group_scan *gs,
                            const digitset *cand, int ngroups, int total, digitset *keep)
{
    struct totals before[SUM_GROUPS_MAX_GROUPS + 1], after[SUM_GROUPS_MAX_GROUPS + 1];
    struct totals part[SUM_GROUPS_MAX_GROUPS + 1];
    int listed[SUM_GROUPS_MAX_GROUPS], nlisted = 0, lo = 0, hi = 0;
    for (int g = 0; g < ngroups; g++) {
        if (gs->broad[g]) {
            lo += gs->lo[g], hi += gs->hi[g];
            for (int j = gs->cell_first[g]; j < gs->cell_first[g + 1]; j++)
                keep[gs->order[j]] = cand[gs->order[j]];
        } else {
            listed[nlisted++] = g;
        }
    }
    if (listed_keep_all(t, gs, cand, listed, nlisted, total, lo, hi)) {
        for (int i = 0; i < nlisted; i++)
            for (int j = gs->cell_first[listed[i]]; j < gs->cell_first[listed[i] + 1]; j++)
                keep[gs->order[j]] = cand[gs->order[j]];
        return 0;
    }
    /* One listed group: the others are the broad part, every total of
     * lo..hi, and its totals are kept by a mask. */
    if (nlisted == 1) {
        if (scan_group(t, gs, cand, listed[0])) return -1;
        return keep_group(gs, cand, listed[0],
                          totals_meeting_range(gs->totals[listed[0]], total, lo, hi), keep);
    }
    for (int i = 0; i < nlisted; i++) {
        if (scan_group(t, gs, cand, listed[i])) return -1;
        part[i] = gs->totals[listed[i]];
    }
    /* The broad part last: {0} when there is none. */
    part[nlisted] = (struct totals){{0, 0}};
    totals_range(&part[nlisted], lo, hi);
    /* before[i]: totals of parts 0..i-1, for each listed i (so none of
     * all of them); after[i]: of parts i..end. */
    before[0] = after[nlisted + 1] = (struct totals){{1, 0}};
    for (int i = 0; i + 1 < nlisted; i++) before[i + 1] = totals_add(before[i], part[i]);
    for (int i = nlisted; i > 0; i--) after[i] = totals_add(part[i], after[i + 1]);
    for (int i = 0; i < nlisted; i++) {
        struct totals others = totals_add(before[i], after[i + 1]);
        struct totals kept = totals_meeting(part[i], total, others);
        if (keep_group(gs, cand, listed[i], kept, keep)) return -1;
    }
    return 0;
}

int sum_groups_prune(const struct digit_subsets *t, const digitset *cand, const uint8_t *group,
                     int count, int ngroups, int total, int broad, digitset *keep, void *memo)
{
    struct sum_groups_layout lay;
    sum_groups_layout_make(group, count, ngroups, &lay);
    return sum_groups_prune_laid(t, cand, &lay, count, ngroups, total, broad, keep, memo) < 0 ? -1
                                                                                              : 0;
}

int sum_groups_prune_laid(const struct digit_subsets *t, const digitset *cand,
                          const struct sum_groups_layout *lay, int count, int ngroups, int total,
                          int broad, digitset *keep, void *memo)
{
    struct group_scan gs;
    gs.cell_first = lay->cell_first;
    gs.order = lay->order;
    for (int g = 0; g < ngroups; g++)
        if (scan_measure(t, &gs, cand, g, broad)) return -1;
    if (memo && memo_unchanged(&gs, memo, ngroups)) {
        memcpy(keep, cand, (size_t)count * sizeof *keep);
        return 0;
    }
    if (all_broad(&gs, ngroups))
        return broad_sum_prune(&gs, cand, count, ngroups, total, keep, memo);
    if (listed_sum_prune(t, &gs, cand, ngroups, total, keep)) return -1;
    int narrowed = memcmp(keep, cand, (size_t)count * sizeof *keep) != 0;
    if (memo && !narrowed) memo_write(&gs, memo, ngroups);
    return narrowed;
}
