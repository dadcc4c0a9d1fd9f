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
            group[i] = (uint8_t)(i < ngroups ? i : (int)rng_below(&rng, (uint32_t)ngroups));
            sizes[group[i]]++;
            do cand[i] = (digitset)rng_below(&rng, 1u << 9) << 1;
            while (cand[i] == 0);
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
 * memo's answers equal those worked out from scratch, call for call. */
static void test_memo_changes_no_answer(void)
{
    struct rng rng;
    const struct digit_subsets *t = digit_subsets_of(9);
    rng_seed(&rng, 9);
    long skipped_or_equal = 0;
    for (int trial = 0; trial < 300; trial++) {
        int count = 3 + (int)rng_below(&rng, 6), ngroups = 2 + (int)rng_below(&rng, 2);
        digitset cand[9], keep[9], fresh[9];
        uint8_t group[9];
        unsigned char memo[256] = {0};
        int sizes[SUM_GROUPS_MAX_CELLS] = {0};
        for (int i = 0; i < count; i++) {
            group[i] = (uint8_t)(i < ngroups ? i : (int)rng_below(&rng, (uint32_t)ngroups));
            sizes[group[i]]++;
            cand[i] = ALL9;
        }
        int total = 0;
        for (int i = 0; i < count; i++) total += 1 + (int)rng_below(&rng, 9);
        if (!sum_groups_fit(t, sizes, ngroups)) continue;
        CU_ASSERT_TRUE_FATAL(sum_groups_memo_bytes(ngroups) <= sizeof memo);
        int broad = trial & 1 ? SUM_GROUPS_LIST_ALL : SUM_GROUPS_BROAD;
        for (int step = 0; step < 40; step++) {
            int with = sum_groups_prune(t, cand, group, count, ngroups, total, broad, keep, memo);
            int without =
                sum_groups_prune(t, cand, group, count, ngroups, total, broad, fresh, NULL);
            CU_ASSERT_EQUAL_FATAL(with, without);
            if (with) break;
            CU_ASSERT_EQUAL(memcmp(keep, fresh, (size_t)count * sizeof keep[0]), 0);
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
            group[i] = (uint8_t)(i < ngroups ? i : (int)rng_below(&rng, (uint32_t)ngroups));
            sizes[group[i]]++;
            /* Some cells single, so placed digits (and their clashes) count. */
            if (rng_below(&rng, 4) == 0)
                cand[i] = digitset_of(1 + (int)rng_below(&rng, 9));
            else
                do cand[i] = (digitset)rng_below(&rng, 1u << 9) << 1;
                while (cand[i] == 0);
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
}
