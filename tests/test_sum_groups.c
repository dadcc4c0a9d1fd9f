/*
 * test_sum_groups.c — sums over several groups of distinct digits
 * (constraints/sum_groups.h): hand-made cases with their exact outcome,
 * and soundness against brute force on random small sums.
 */
#include <CUnit/CUnit.h>
#include <string.h>

#include "cunit_main.h"
#include "../constraints/sum_groups.h"
#include "rng.h"

#define ALL9 digitset_all(9)

static digitset digits(const char *list)
{
    digitset m = 0;
    for (; *list; list++) m |= digitset_of(*list - '0');
    return m;
}

/* Prunes with the table for 1..9, broad groups as ranges (prune9) or
 * every group listed (prune9_all); returns prune's status. */
static int prune9_with(const digitset *cand, const uint8_t *group, int count, int ngroups,
                       int total, int broad, digitset *keep)
{
    const struct digit_subsets *t = digit_subsets_of(9);
    int sizes[SUM_GROUPS_MAX_CELLS] = {0};
    for (int i = 0; i < count; i++) sizes[group[i]]++;
    CU_ASSERT_TRUE_FATAL(sum_groups_fit(t, sizes, ngroups));
    return sum_groups_prune(t, cand, group, count, ngroups, total, broad, keep, NULL);
}

static int prune9(const digitset *cand, const uint8_t *group, int count, int ngroups, int total,
                  digitset *keep)
{
    return prune9_with(cand, group, count, ngroups, total, SUM_GROUPS_BROAD, keep);
}

static void test_smallest_total(void)
{
    /* Two distinct digits and one more make 4 only as {1,2} + 1. */
    digitset cand[3] = {digits("123456"), digits("123456"), ALL9}, keep[3];
    uint8_t group[3] = {0, 0, 1};
    CU_ASSERT_EQUAL(prune9(cand, group, 3, 2, 4, keep), 0);
    CU_ASSERT_EQUAL(keep[0], digits("12"));
    CU_ASSERT_EQUAL(keep[1], digits("12"));
    CU_ASSERT_EQUAL(keep[2], digits("1"));
    /* With every digit the pair could hold 36 sets: broad, left alone. */
    cand[0] = cand[1] = ALL9;
    CU_ASSERT_EQUAL(prune9(cand, group, 3, 2, 4, keep), 0);
    CU_ASSERT_EQUAL(keep[0], ALL9);
    CU_ASSERT_EQUAL(keep[2], digits("1"));
    /* Listed, its 36 sets leave only {1,2}. */
    CU_ASSERT_EQUAL(prune9_with(cand, group, 3, 2, 4, SUM_GROUPS_LIST_ALL, keep), 0);
    CU_ASSERT_EQUAL(keep[0], digits("12"));
    CU_ASSERT_EQUAL(keep[1], digits("12"));
    CU_ASSERT_EQUAL(keep[2], digits("1"));
}

static void test_unreachable_total(void)
{
    digitset cand[3] = {digits("12"), digits("12"), digits("89")}, keep[3];
    uint8_t group[3] = {0, 0, 1};
    CU_ASSERT_EQUAL(prune9(cand, group, 3, 2, 3 + 7, keep), -1);  /* 3 + 8 at least */
    CU_ASSERT_EQUAL(prune9(cand, group, 3, 2, 3 + 10, keep), -1); /* 3 + 9 at most */
    CU_ASSERT_EQUAL(prune9(cand, group, 3, 2, 3 + 9, keep), 0);
    CU_ASSERT_EQUAL(keep[2], digits("9"));
}

static void test_placed_digits_count(void)
{
    /* Group 0 holds a placed 9 and one open cell; group 1 one open cell.
     * Total 12: 9 + a + b = 12 with a != 9, so a + b = 3. */
    digitset cand[3] = {digits("9"), ALL9 & ~digits("9"), ALL9}, keep[3];
    uint8_t group[3] = {0, 0, 1};
    CU_ASSERT_EQUAL(prune9(cand, group, 3, 2, 12, keep), 0);
    CU_ASSERT_EQUAL(keep[0], digits("9"));
    CU_ASSERT_EQUAL(keep[1], digits("12"));
    CU_ASSERT_EQUAL(keep[2], digits("12"));
}

static void test_needed_digit_to_its_cell(void)
{
    /* Group 0 is two cells making 16 (group 1 is fixed at 1): of {7,8},
     * {7,9} and {8,9} only {7,9} does, so both its digits are needed, each
     * with one cell that can hold it. */
    digitset cand[3] = {digits("78"), digits("89"), digits("1")}, keep[3];
    uint8_t group[3] = {0, 0, 1};
    CU_ASSERT_EQUAL(prune9(cand, group, 3, 2, 17, keep), 0);
    CU_ASSERT_EQUAL(keep[0], digits("7"));
    CU_ASSERT_EQUAL(keep[1], digits("9"));
}

static void test_broad_group_bounds_the_others(void)
{
    /* Five open cells of all digits are broad (126 sets): their range
     * 15..35 still leaves the last cell only 1 of a total of 16, while
     * their own cells are left alone. */
    digitset cand[6] = {ALL9, ALL9, ALL9, ALL9, ALL9, ALL9}, keep[6];
    uint8_t group[6] = {0, 0, 0, 0, 0, 1};
    CU_ASSERT_EQUAL(prune9(cand, group, 6, 2, 16, keep), 0);
    for (int i = 0; i < 5; i++) CU_ASSERT_EQUAL(keep[i], ALL9);
    CU_ASSERT_EQUAL(keep[5], digits("1"));
    CU_ASSERT_EQUAL(prune9(cand, group, 6, 2, 15, keep), -1);
}

static void test_fit(void)
{
    const struct digit_subsets *t = digit_subsets_of(9);
    int small[2] = {4, 5}, many[17] = {0}, too_big[2] = {9, 9};
    for (int g = 0; g < 17; g++) many[g] = 1;
    CU_ASSERT_TRUE(sum_groups_fit(t, small, 2));
    CU_ASSERT_FALSE(sum_groups_fit(t, many, 17));  /* more groups than kept */
    CU_ASSERT_TRUE(sum_groups_fit(t, too_big, 2)); /* 90 fits in 127 */
    CU_ASSERT_FALSE(sum_groups_fit(NULL, small, 2));
    CU_ASSERT_PTR_NULL(digit_subsets_of(13)); /* 2^13 sets would not pay */
    CU_ASSERT_PTR_NOT_NULL(t = digit_subsets_of(4));
    int four[1] = {5};
    CU_ASSERT_FALSE(sum_groups_fit(t, four, 1)); /* five distinct of 1..4 */
}

/* --- Soundness: every digit of some solution is kept ------------------- */

struct brute {
    int count, total;
    const digitset *cand;
    const uint8_t *group;
    int chosen[8];
    digitset support[8];
    long solutions;
};

static void brute_walk(struct brute *b, int i, int sum)
{
    if (i == b->count) {
        if (sum != b->total) return;
        b->solutions++;
        for (int k = 0; k < b->count; k++) b->support[k] |= digitset_of(b->chosen[k]);
        return;
    }
    for (digitset m = b->cand[i]; m; m = digitset_rest(m)) {
        int d = digitset_first(m), clash = 0;
        for (int k = 0; k < i; k++) clash |= b->group[k] == b->group[i] && b->chosen[k] == d;
        if (clash) continue;
        b->chosen[i] = d;
        brute_walk(b, i + 1, sum + d);
    }
}

/* Cell i of a random sum joins a group: the first ngroups cells one
 * each (no group empty), the rest at random; sizes counts the members. */
static void join_a_group(struct rng *rng, int i, int ngroups, uint8_t *group, int *sizes)
{
    group[i] = (uint8_t)(i < ngroups ? i : (int)rng_below(rng, (uint32_t)ngroups));
    sizes[group[i]]++;
}

/* A random non-empty set of the digits 1..9. */
static digitset random_digits(struct rng *rng)
{
    digitset m;
    do m = (digitset)rng_below(rng, 1u << 9) << 1;
    while (m == 0);
    return m;
}

static void test_sound_on_random_sums(void)
{
    struct rng rng;
    const struct digit_subsets *t = digit_subsets_of(9);
    rng_seed(&rng, 45);
    int solvable = 0, pruned = 0;
    for (int trial = 0; trial < 4000; trial++) {
        int count = 2 + (int)rng_below(&rng, 5), ngroups = 1 + (int)rng_below(&rng, 3);
        digitset cand[8], keep[8];
        uint8_t group[8];
        int sizes[SUM_GROUPS_MAX_CELLS] = {0};
        for (int i = 0; i < count; i++) {
            join_a_group(&rng, i, ngroups, group, sizes);
            cand[i] = random_digits(&rng);
        }
        int total = count + (int)rng_below(&rng, (uint32_t)(8 * count + 1));
        if (!sum_groups_fit(t, sizes, ngroups)) continue;
        struct brute b = {.count = count, .total = total, .cand = cand, .group = group};
        brute_walk(&b, 0, 0);
        int broad = trial & 1 ? SUM_GROUPS_LIST_ALL : SUM_GROUPS_BROAD;
        int status = sum_groups_prune(t, cand, group, count, ngroups, total, broad, keep, NULL);
        if (b.solutions == 0) continue;
        solvable++;
        CU_ASSERT_EQUAL_FATAL(status, 0);
        for (int i = 0; i < count; i++) {
            CU_ASSERT_EQUAL(keep[i] & ~cand[i], 0);
            CU_ASSERT_EQUAL(b.support[i] & ~keep[i], 0);
            pruned += keep[i] != cand[i];
        }
    }
    CU_ASSERT_TRUE(solvable > 500); /* the trials reach both outcomes */
    CU_ASSERT_TRUE(pruned > 500);
}

/* Down a random branch (a digit at a time leaving a random cell), the
 * memo's answers equal those worked out from scratch, call for call, and
 * the laid prune says 1 exactly when it narrowed a cell. */
static void test_memo_changes_no_answer(void)
{
    struct rng rng;
    const struct digit_subsets *t = digit_subsets_of(9);
    rng_seed(&rng, 9);
    long skipped_or_equal = 0, narrowed = 0;
    for (int trial = 0; trial < 300; trial++) {
        int count = 3 + (int)rng_below(&rng, 6), ngroups = 2 + (int)rng_below(&rng, 2);
        digitset cand[9], keep[9], fresh[9];
        uint8_t group[9];
        unsigned char memo[256] = {0};
        int sizes[SUM_GROUPS_MAX_CELLS] = {0};
        for (int i = 0; i < count; i++) {
            join_a_group(&rng, i, ngroups, group, sizes);
            cand[i] = ALL9;
        }
        int total = 0;
        for (int i = 0; i < count; i++) total += 1 + (int)rng_below(&rng, 9);
        if (!sum_groups_fit(t, sizes, ngroups)) continue;
        CU_ASSERT_TRUE_FATAL(sum_groups_memo_bytes(ngroups) <= sizeof memo);
        int broad = trial & 1 ? SUM_GROUPS_LIST_ALL : SUM_GROUPS_BROAD;
        struct sum_groups_layout lay;
        sum_groups_layout_make(group, count, ngroups, &lay);
        for (int step = 0; step < 40; step++) {
            int laid =
                sum_groups_prune_laid(t, cand, &lay, count, ngroups, total, broad, keep, memo);
            int with = laid < 0 ? -1 : 0;
            int without =
                sum_groups_prune(t, cand, group, count, ngroups, total, broad, fresh, NULL);
            CU_ASSERT_EQUAL_FATAL(with, without);
            if (with) break;
            CU_ASSERT_EQUAL(memcmp(keep, fresh, (size_t)count * sizeof keep[0]), 0);
            CU_ASSERT_EQUAL(laid, memcmp(keep, cand, (size_t)count * sizeof keep[0]) != 0);
            narrowed += laid;
            skipped_or_equal++;
            if (memcmp(keep, cand, (size_t)count * sizeof keep[0]) != 0) {
                memcpy(cand, keep, (size_t)count * sizeof cand[0]);
                continue; /* to the sum's own fixed point, as the search does */
            }
            int i = (int)rng_below(&rng, (uint32_t)count);
            if (digitset_is_single(cand[i])) continue;
            cand[i] &= ~(cand[i] & -cand[i]); /* the cell loses its lowest digit */
        }
    }
    CU_ASSERT_TRUE(skipped_or_equal > 1000);
    CU_ASSERT_TRUE(narrowed > 100 && narrowed < skipped_or_equal - 100); /* both answers */
}

/* The range a group of cells can make up (its placed digits and the
 * fewest and most of the rest), worked out cell by cell; 0, or -1 when
 * the group cannot be filled. */
static int group_range(const digitset *cand, const uint8_t *group, int count, int g, int *lo,
                       int *hi)
{
    digitset placed = 0, reach = 0;
    int k = 0, nplaced = 0;
    for (int i = 0; i < count; i++) {
        if (group[i] != g) continue;
        k++;
        reach |= cand[i];
        if (digitset_is_single(cand[i])) placed |= cand[i], nplaced++;
    }
    digitset free_digits = reach & ~placed;
    int pick = k - nplaced;
    if (digitset_count(placed) != nplaced || digitset_count(free_digits) < pick) return -1;
    *lo = *hi = 0;
    for (digitset m = placed; m; m = digitset_rest(m)) *lo += digitset_first(m);
    *hi = *lo;
    int seen = 0, n = digitset_count(free_digits);
    for (digitset m = free_digits; m; m = digitset_rest(m), seen++) {
        if (seen < pick) *lo += digitset_first(m);
        if (seen >= n - pick) *hi += digitset_first(m);
    }
    return 0;
}

/* With every group taken by its range (a limit of 0 sets), a sum keeps
 * its cells as they are and holds exactly when its total lies within the
 * groups' ranges added up: prune's answers equal that model's, with and
 * without a memo. */
static void test_every_group_broad(void)
{
    struct rng rng;
    const struct digit_subsets *t = digit_subsets_of(9);
    rng_seed(&rng, 1045);
    int held = 0, failed = 0;
    for (int trial = 0; trial < 3000; trial++) {
        int count = 2 + (int)rng_below(&rng, 7), ngroups = 1 + (int)rng_below(&rng, 3);
        digitset cand[9], keep[9];
        uint8_t group[9];
        unsigned char memo[256] = {0};
        int sizes[SUM_GROUPS_MAX_CELLS] = {0};
        for (int i = 0; i < count; i++) {
            join_a_group(&rng, i, ngroups, group, sizes);
            /* Some cells single, so placed digits (and their clashes) count. */
            if (rng_below(&rng, 4) == 0)
                cand[i] = digitset_of(1 + (int)rng_below(&rng, 9));
            else
                cand[i] = random_digits(&rng);
        }
        if (!sum_groups_fit(t, sizes, ngroups)) continue;
        int lo = 0, hi = 0, expect = 0;
        for (int g = 0; g < ngroups && expect == 0; g++) {
            int glo = 0, ghi = 0;
            expect = group_range(cand, group, count, g, &glo, &ghi);
            lo += glo, hi += ghi;
        }
        int total = lo + (int)rng_below(&rng, (uint32_t)(hi - lo + 9)) - 4;
        if (expect == 0 && (total < lo || total > hi)) expect = -1;
        for (int with_memo = 0; with_memo < 2; with_memo++) {
            void *m = with_memo ? memo : NULL;
            int status = sum_groups_prune(t, cand, group, count, ngroups, total, 0, keep, m);
            CU_ASSERT_EQUAL(status, expect);
            if (status == 0) CU_ASSERT_EQUAL(memcmp(keep, cand, (size_t)count * sizeof keep[0]), 0);
        }
        held += expect == 0, failed += expect != 0;
    }
    CU_ASSERT_TRUE(held > 300); /* both outcomes reached */
    CU_ASSERT_TRUE(failed > 300);
}

/* --- The listing, modelled set by set ------------------------------------ */

#define MODEL_TOTALS 128

/* One group as the listing sees it: its totals (a broad group's: its
 * range) and, per total, the union and common part of its sets. */
struct model_group {
    int broad;
    digitset placed;
    unsigned char makes[MODEL_TOTALS];
    digitset any[MODEL_TOTALS], every[MODEL_TOTALS];
};

static int choose(int m, int k)
{
    long ways = 1;
    for (int i = 0; i < k; i++) ways = ways * (m - i) / (i + 1);
    return (int)ways;
}

/* Group g listed by brute force over every subset of its free digits; -1
 * when it cannot be filled. */
static int model_list(const digitset *cand, const uint8_t *group, int count, int g, int limit,
                      struct model_group *out)
{
    digitset placed = 0, reach = 0;
    int k = 0, nplaced = 0, base = 0;
    memset(out, 0, sizeof *out);
    for (int i = 0; i < count; i++) {
        if (group[i] != g) continue;
        k++;
        reach |= cand[i];
        if (digitset_is_single(cand[i])) placed |= cand[i], nplaced++;
    }
    digitset free_digits = reach & ~placed;
    int pick = k - nplaced, lo, hi;
    if (digitset_count(placed) != nplaced || digitset_count(free_digits) < pick) return -1;
    out->placed = placed;
    out->broad = choose(digitset_count(free_digits), pick) > limit;
    if (out->broad) {
        group_range(cand, group, count, g, &lo, &hi);
        for (int s = lo; s <= hi; s++) out->makes[s] = 1;
        return 0;
    }
    for (digitset m = placed; m; m = digitset_rest(m)) base += digitset_first(m);
    int found = 0;
    for (digitset set = 0; set < 1u << 10; set += 2) {
        if ((set & ~free_digits) || digitset_count(set) != pick) continue;
        int meets = 1, s = base;
        for (int i = 0; i < count; i++)
            if (group[i] == g && !digitset_is_single(cand[i]) && !(cand[i] & set)) meets = 0;
        if (!meets) continue;
        for (digitset m = set; m; m = digitset_rest(m)) s += digitset_first(m);
        out->any[s] = out->makes[s] ? out->any[s] | set : set;
        out->every[s] = out->makes[s] ? out->every[s] & set : set;
        out->makes[s] = 1;
        found = 1;
    }
    return found ? 0 : -1;
}

/* What every group but g makes, added up. */
static void model_others(const struct model_group *groups, int ngroups, int g, unsigned char *makes)
{
    memset(makes, 0, MODEL_TOTALS);
    makes[0] = 1;
    for (int h = 0; h < ngroups; h++) {
        if (h == g) continue;
        unsigned char next[MODEL_TOTALS] = {0};
        for (int a = 0; a < MODEL_TOTALS; a++)
            for (int b = 0; a + b < MODEL_TOTALS && makes[a]; b++)
                if (groups[h].makes[b]) next[a + b] = 1;
        memcpy(makes, next, MODEL_TOTALS);
    }
}

/* The whole prune, group by group: a listed group keeps its sets whose
 * totals the others complete, then a digit all of them hold goes to its
 * one place; a broad group keeps its cells. */
static int model_prune(const digitset *cand, const uint8_t *group, int count, int ngroups,
                       int total, int limit, digitset *keep)
{
    struct model_group groups[4];
    for (int g = 0; g < ngroups; g++)
        if (model_list(cand, group, count, g, limit, &groups[g])) return -1;
    memcpy(keep, cand, (size_t)count * sizeof *keep);
    for (int g = 0; g < ngroups; g++) {
        unsigned char others[MODEL_TOTALS];
        digitset can = 0, every = ~(digitset)0;
        int found = 0;
        model_others(groups, ngroups, g, others);
        for (int s = 0; s < MODEL_TOTALS; s++) {
            if (!groups[g].makes[s] || total - s < 0 || total - s >= MODEL_TOTALS) continue;
            if (!others[total - s]) continue;
            found = 1;
            can |= groups[g].any[s];
            every &= groups[g].every[s];
        }
        if (!found) return -1;
        if (groups[g].broad) continue;
        can |= groups[g].placed;
        for (int i = 0; i < count; i++)
            if (group[i] == g) keep[i] = cand[i] & can;
        for (digitset d = every & can; d; d = digitset_rest(d)) {
            digitset digit = d & -d;
            int places = 0, at = -1;
            for (int i = 0; i < count; i++)
                if (group[i] == g && (keep[i] & digit)) places++, at = i;
            if (places == 0) return -1;
            if (places == 1) keep[at] = digit;
        }
    }
    return 0;
}

/* prune's status and cells (for 9 cells at most) asserted equal to the
 * model's; returns the model's status, its cells in expect_keep. */
static int prune_as_modelled(const struct digit_subsets *t, const digitset *cand,
                             const uint8_t *group, int count, int ngroups, int total, int limit,
                             digitset *expect_keep)
{
    digitset keep[9];
    int expect = model_prune(cand, group, count, ngroups, total, limit, expect_keep);
    int status = sum_groups_prune(t, cand, group, count, ngroups, total, limit, keep, NULL);
    CU_ASSERT_EQUAL(status, expect);
    if (status == 0 && expect == 0)
        CU_ASSERT_EQUAL(memcmp(keep, expect_keep, (size_t)count * sizeof keep[0]), 0);
    return expect;
}

/* How many of the groups the model lists set by set, and how many it
 * takes as broad (a group it cannot fill is neither). */
static void model_group_kinds(const digitset *cand, const uint8_t *group, int count, int ngroups,
                              int limit, int *listed, int *broad)
{
    *listed = *broad = 0;
    for (int g = 0; g < ngroups; g++) {
        struct model_group one;
        if (model_list(cand, group, count, g, limit, &one) == 0)
            one.broad ? (*broad)++ : (*listed)++;
    }
}

/* Random sums of listed and broad groups together (limits from 0 sets to
 * every group listed): prune's status and cells equal the model's. */
static void test_mixed_sums_match_the_model(void)
{
    struct rng rng;
    const struct digit_subsets *t = digit_subsets_of(9);
    rng_seed(&rng, 2345);
    int held = 0, failed = 0, narrowed = 0, mixed = 0;
    for (int trial = 0; trial < 4000; trial++) {
        int count = 2 + (int)rng_below(&rng, 8), ngroups = 1 + (int)rng_below(&rng, 4);
        int limit = (int)rng_below(&rng, 30);
        digitset cand[9], expect_keep[9];
        uint8_t group[9];
        int sizes[SUM_GROUPS_MAX_CELLS] = {0};
        for (int i = 0; i < count; i++) {
            join_a_group(&rng, i, ngroups, group, sizes);
            if (rng_below(&rng, 5) == 0)
                cand[i] = digitset_of(1 + (int)rng_below(&rng, 9));
            else
                do
                    cand[i] = (digitset)rng_below(&rng, 1u << 9) << 1 |
                              digitset_of(1 + (int)rng_below(&rng, 9));
                while (digitset_count(cand[i]) < 2 && rng_below(&rng, 2));
        }
        if (!sum_groups_fit(t, sizes, ngroups) || ngroups > count) continue;
        int total = 3 * count + (int)rng_below(&rng, (uint32_t)(5 * count));
        int expect = prune_as_modelled(t, cand, group, count, ngroups, total, limit, expect_keep);
        if (expect == 0) narrowed += memcmp(expect_keep, cand, (size_t)count * sizeof cand[0]) != 0;
        held += expect == 0, failed += expect != 0;
        int listed, broad;
        model_group_kinds(cand, group, count, ngroups, limit, &listed, &broad);
        mixed += expect == 0 && broad > 0 && broad < ngroups;
    }
    CU_ASSERT_TRUE(held > 300); /* every outcome reached */
    CU_ASSERT_TRUE(failed > 300);
    CU_ASSERT_TRUE(narrowed > 300);
    CU_ASSERT_TRUE(mixed > 300);
}

/* A random set of k of the digits 1..9. */
static digitset random_k_digits(struct rng *rng, int k)
{
    digitset set = 0;
    while (digitset_count(set) < k) set |= digitset_of(1 + (int)rng_below(rng, 9));
    return set;
}

/* A cell for test_sums_keeping_every_set_match_the_model: mostly wide
 * (few candidates dropped), else a few digits far apart;
 * within `tight` (all 1..9 when not), so that a group's cells can hold
 * exactly as many free digits as it has cells. */
static digitset random_cell(struct rng *rng, digitset tight)
{
    digitset cell = tight;
    unsigned kind = rng_below(rng, 6);
    if (kind == 0) { /* two digits 7 or 8 apart: totals with a gap */
        int low = 1 + (int)rng_below(rng, 2);
        cell &= digitset_of(low) | digitset_of(low + 7 + (int)rng_below(rng, (uint32_t)(3 - low)));
    } else if (kind == 1) { /* a run of 4 or 5 digits: a broad group's short range */
        cell &= (digitset)((1u << (4 + rng_below(rng, 2))) - 1) << (1 + rng_below(rng, 5));
    } else if (kind == 2) {
        cell &= random_k_digits(rng, 2 + (int)rng_below(rng, 2));
    } else {
        for (int drop = (int)rng_below(rng, 6); drop > 0; drop--)
            cell &= ~digitset_of(1 + (int)rng_below(rng, 9));
    }
    return digitset_count(cell) >= 2 ? cell : tight;
}

/* Random sums of wide cells (few could miss a set) and totals near the
 * middle, where the listing's shortcut (every listed group keeps all its
 * sets, told by its least and greatest totals) answers most calls, with
 * cells of a few digits far apart and groups held to as many digits as
 * cells (where it must not answer): prune's status and cells equal the
 * model's, and many sums narrow nothing with a listed group or more
 * beside a broad one. */
static void test_sums_keeping_every_set_match_the_model(void)
{
    struct rng rng;
    const struct digit_subsets *t = digit_subsets_of(9);
    rng_seed(&rng, 4321);
    int kept_all = 0, narrowed = 0, several = 0;
    for (int trial = 0; trial < 12000; trial++) {
        int count = 3 + (int)rng_below(&rng, 7), ngroups = 2 + (int)rng_below(&rng, 3);
        int limit = 2 + (int)rng_below(&rng, 20);
        digitset cand[9], expect_keep[9], tight[4];
        uint8_t group[9];
        int sizes[SUM_GROUPS_MAX_CELLS] = {0}, middle = 0;
        for (int i = 0; i < count; i++) join_a_group(&rng, i, ngroups, group, sizes);
        for (int g = 0; g < ngroups; g++)
            tight[g] = rng_below(&rng, 4) == 0 && sizes[g] > 1 ? random_k_digits(&rng, sizes[g])
                                                               : digitset_all(9);
        for (int i = 0; i < count; i++) {
            cand[i] = random_cell(&rng, tight[group[i]]);
            if (rng_below(&rng, 8) == 0) cand[i] = digitset_of(1 + (int)rng_below(&rng, 9));
            middle += 5;
        }
        if (!sum_groups_fit(t, sizes, ngroups) || ngroups > count) continue;
        int total = middle - 8 + (int)rng_below(&rng, 17);
        if (prune_as_modelled(t, cand, group, count, ngroups, total, limit, expect_keep)) continue;
        int listed, broad;
        model_group_kinds(cand, group, count, ngroups, limit, &listed, &broad);
        int changed = memcmp(expect_keep, cand, (size_t)count * sizeof cand[0]) != 0;
        narrowed += changed;
        kept_all += !changed && listed > 0 && broad > 0;
        several += !changed && listed > 1 && broad > 0;
    }
    CU_ASSERT_TRUE(kept_all > 500);
    CU_ASSERT_TRUE(several > 100);
    CU_ASSERT_TRUE(narrowed > 300);
}

void tests_register(void)
{
    CU_pSuite s = CU_add_suite("sum groups", NULL, NULL);
    CU_add_test(s, "smallest total", test_smallest_total);
    CU_add_test(s, "unreachable total", test_unreachable_total);
    CU_add_test(s, "placed digits count", test_placed_digits_count);
    CU_add_test(s, "needed digit to its cell", test_needed_digit_to_its_cell);
    CU_add_test(s, "broad group bounds the others", test_broad_group_bounds_the_others);
    CU_add_test(s, "fit", test_fit);
    CU_add_test(s, "sound on random sums", test_sound_on_random_sums);
    CU_add_test(s, "memo changes no answer", test_memo_changes_no_answer);
    CU_add_test(s, "every group broad", test_every_group_broad);
    CU_add_test(s, "mixed sums match the model", test_mixed_sums_match_the_model);
    CU_add_test(s, "sums keeping every set match the model",
                test_sums_keeping_every_set_match_the_model);
}
