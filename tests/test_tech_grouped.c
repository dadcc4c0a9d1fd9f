/*
 * test_tech_grouped.c — the techniques on groups of cells: grouped strong
 * links (skyscraper, 2-string kite, turbot fish with a group in a link)
 * and aligned pair and triple exclusion, grouped X-chains and X-loops of
 * three strong links, on hand-made pencil marks. Each finds its pattern, removes
 * exactly what it should, says it in words, and finds nothing once the pattern breaks.
 *
 * Positions start from every candidate everywhere (marks_edit) and name
 * only the pattern's cells.
 */
#include <CUnit/CUnit.h>
#include <string.h>

#include "cunit_main.h"
#include "rate.h"
#include "test_human.h"

/* 1 in row 2 only at r2c2, r2c3 (box 1) and r2c8; in column 1 only at
 * r3c1 and r7c1. The group and r3c1 share box 1, so r2c8 or r7c1 is 1,
 * and r7c8 loses it. */
#define GROUPED_KITE "r2-1 r2c2=123456789 r2c3=123456789 r2c8=123456789 c1-1 r3c1=13 r7c1=17 "

static void test_grouped_kite(void)
{
    struct marks_fixture f;
    char words[512];
    CU_ASSERT_EQUAL_FATAL(marks_edit(&f, GROUPED_KITE), 0);
    CU_ASSERT_TRUE_FATAL(marks_find(&f, "grouped-strong-links"));
    CU_ASSERT_STRING_EQUAL(f.step.key, "grouped-two-string-kite");
    CU_ASSERT_TRUE(step_removes(&f.step, 7, 8, 1));
    CU_ASSERT_EQUAL(step_removal_count(&f.h, &f.step), 1);
    step_describe(f.lay, &f.step, words, sizeof words);
    CU_ASSERT_PTR_NOT_NULL(strstr(words, "grouped 2-string kite on 1"));
    CU_ASSERT_PTR_NOT_NULL(
        strstr(words, ": r2c8<>1 => (r2c2 r2c3)=1 -> r3c1<>1 => r7c1=1; so r7c8<>1"));
    CU_ASSERT_FALSE(marks_find(&f, "two-string-kite")); /* row 2 is no strong link of two cells */
    marks_close(&f);
    /* With 1 in r5c1 too, column 1 holds it in three boxes: no link. */
    CU_ASSERT_EQUAL_FATAL(marks_edit(&f, GROUPED_KITE "r5c1=15"), 0);
    CU_ASSERT_FALSE(marks_find(&f, "grouped-strong-links"));
    marks_close(&f);
}

/* The form the rater retries with (rate.c's memory): told that only a
 * cell still holding 1 changed since it found nothing, it knows every
 * link of 1 is as it was and finds nothing; told that a cell of column 1
 * without 1 changed too, it pairs column 1's link again, unless told that
 * the cell lost some other digit only. */
static void test_grouped_since(void)
{
    struct marks_fixture f;
    struct changes changed = {.lost = NULL};
    digitset lost[SL_MAX_CELLS] = {0};
    CU_ASSERT_EQUAL_FATAL(marks_edit(&f, GROUPED_KITE), 0);
    cellset_clear(&changed.cells);
    cellset_add(&changed.cells, 4 * 9 + 4); /* r5c5 */
    memset(&f.step, 0, sizeof f.step);
    CU_ASSERT_FALSE(find_grouped_two_links_since(&f.h, 0, &changed, &f.step));
    cellset_add(&changed.cells, 3 * 9 + 0); /* r4c1 */
    lost[3 * 9 + 0] = digitset_of(2);
    changed.lost = lost;
    CU_ASSERT_FALSE(find_grouped_two_links_since(&f.h, 0, &changed, &f.step));
    lost[3 * 9 + 0] |= digitset_of(1);
    CU_ASSERT_TRUE_FATAL(find_grouped_two_links_since(&f.h, 0, &changed, &f.step));
    CU_ASSERT_STRING_EQUAL(f.step.key, "grouped-two-string-kite");
    CU_ASSERT_TRUE(step_removes(&f.step, 7, 8, 1));
    marks_close(&f);
}

/* 1 in column 2 only at r1c2 and r7c2, r8c2 (box 7), in column 6 only at
 * r1c6 and r9c6: r1c2 and r1c6 share row 1, so the group or r9c6 is 1;
 * r9c1 and r9c3 see all three and lose it. */
#define GROUPED_SKYSCRAPER "c2-1 r1c2=12 r7c2=17 r8c2=18 c6-1 r1c6=16 r9c6=19 "

static void test_grouped_skyscraper(void)
{
    struct marks_fixture f;
    CU_ASSERT_EQUAL_FATAL(marks_edit(&f, GROUPED_SKYSCRAPER), 0);
    CU_ASSERT_TRUE_FATAL(marks_find(&f, "grouped-strong-links"));
    CU_ASSERT_STRING_EQUAL(f.step.key, "grouped-skyscraper");
    CU_ASSERT_TRUE(step_removes(&f.step, 9, 1, 1));
    CU_ASSERT_TRUE(step_removes(&f.step, 9, 3, 1));
    CU_ASSERT_EQUAL(step_removal_count(&f.h, &f.step), 2);
    marks_close(&f);
    /* With 1 in r4c2 too, column 2's places lie in three boxes. */
    CU_ASSERT_EQUAL_FATAL(marks_edit(&f, GROUPED_SKYSCRAPER "r4c2=14"), 0);
    CU_ASSERT_FALSE(marks_find(&f, "grouped-strong-links"));
    marks_close(&f);
}

/* Aligned pair r1c1 {1,2}, r1c2 {1,2,3}; r1c5 {1,3} and r2c3 {2,3} see
 * both. r1c2 = 3 would leave r1c5 or r2c3 empty whatever r1c1 takes, so
 * r1c2 loses 3 (an XY-wing says the same: the row alone is run). The
 * rest of row 1 and box 1 lacks 1, 2 and 3, so no other pair applies. */
#define ALIGNED_PAIR "r1-123 b1-123 r1c1=12 r1c2=123 r1c5=13 "

static void test_aligned_pair(void)
{
    struct marks_fixture f;
    char words[512];
    CU_ASSERT_EQUAL_FATAL(marks_edit(&f, ALIGNED_PAIR "r2c3=23"), 0);
    CU_ASSERT_TRUE_FATAL(marks_row(&f, technique_by_key("aligned-pair-exclusion")));
    CU_ASSERT_TRUE(step_removes(&f.step, 1, 2, 3));
    CU_ASSERT_EQUAL(step_removal_count(&f.h, &f.step), 1);
    step_describe(f.lay, &f.step, words, sizeof words);
    CU_ASSERT_STRING_EQUAL(words, "aligned pair exclusion (r1c1 r1c2); so r1c2<>3");
    marks_close(&f);
    /* With r2c3 {2,4}, r1c2 = 3 beside r1c1 = 2 empties nothing. */
    CU_ASSERT_EQUAL_FATAL(marks_edit(&f, ALIGNED_PAIR "r2c3=24"), 0);
    CU_ASSERT_FALSE(marks_row(&f, technique_by_key("aligned-pair-exclusion")));
    marks_close(&f);
}

/* Aligned triple r1c1 {1,2}, r1c2 {1,2,3}, r1c3 {3,4} (one row: one
 * digit each); r1c5 {1,4} and r2c2 {2,4} see all three. Only 1,2,3 and
 * 2,1,3 leave both excluders a digit: r1c3 loses 4 (other bases of these
 * cells may say it first). The rest of row 1 and box 1 lacks 1 to 4. */
#define ALIGNED_TRIPLE "r1-1234 b1-1234 r1c1=12 r1c2=123 r1c3=34 r1c5=14 "

static void test_aligned_triple(void)
{
    struct marks_fixture f;
    int t = technique_by_key("aligned-triple-exclusion"), steps = 0;
    CU_ASSERT_EQUAL_FATAL(marks_edit(&f, ALIGNED_TRIPLE "r2c2=24"), 0);
    while (steps < 8 && marks_row(&f, t)) {
        CU_ASSERT_EQUAL(f.step.ncells, 3);
        CU_ASSERT_TRUE(human_apply(&f.h, &f.step) > 0);
        steps++;
    }
    CU_ASSERT_TRUE(steps > 0 && steps < 8);
    CU_ASSERT_EQUAL(f.h.cand[2], digitset_of(3)); /* r1c3 lost 4 (then r1c2's 3 is a single's) */
    CU_ASSERT_EQUAL(f.h.cand[0], digitset_of(1) | digitset_of(2)); /* r1c1 kept both */
    marks_close(&f);
    /* With r2c2 {2,5} and r1c5 {1,4,5,6}, the cells with two or three
     * candidates forbid too little: nothing goes. */
    CU_ASSERT_EQUAL_FATAL(marks_edit(&f, ALIGNED_TRIPLE "r2c2=25 r1c5=1456"), 0);
    CU_ASSERT_FALSE(marks_row(&f, t));
    marks_close(&f);
}

/* 1 in column 2 only at r1c2, r2c2 (box 1) and r9c2; in row 3 only at
 * r3c1 and r3c7; in column 8 only at r1c8, r2c8 (box 3) and at END. The
 * group of column 2 sees r3c1, r3c7 sees the group of column 8: three
 * strong links, r9c2 or END holds 1. The grouped kites of two of the links
 * have taken 1 from r9c7 and from WEAK already. */
#define GROUPED_XCHAIN(END, WEAK)                                                                  \
    "c2-1 r1c2=123456789 r2c2=123456789 r9c2=123456789 r3-1 r3c1=123456789 r3c7=123456789 "        \
    "c8-1 r1c8=123456789 r2c8=123456789 " END "=123456789 r9c7-1 " WEAK "-1 "

static void test_grouped_xloop(void)
{
    struct marks_fixture f;
    char words[768];
    /* END r9c8 sees r9c2: a loop. Row 9 loses 1 where it sees both ends;
     * box 1 outside its three places, and box 3 outside its three. */
    CU_ASSERT_EQUAL_FATAL(marks_edit(&f, GROUPED_XCHAIN("r9c8", "r9c1")), 0);
    CU_ASSERT_TRUE_FATAL(marks_find(&f, "grouped-x-chain"));
    CU_ASSERT_STRING_EQUAL(f.step.key, "grouped-x-loop");
    CU_ASSERT_TRUE(step_removes(&f.step, 9, 5, 1));
    CU_ASSERT_TRUE(step_removes(&f.step, 1, 1, 1));
    CU_ASSERT_TRUE(step_removes(&f.step, 2, 9, 1));
    CU_ASSERT_FALSE(step_removes(&f.step, 3, 7, 1));
    CU_ASSERT_EQUAL(step_removal_count(&f.h, &f.step), 5 + 4 + 4);
    step_describe(f.lay, &f.step, words, sizeof words);
    CU_ASSERT_PTR_NOT_NULL(strstr(words, "grouped X-loop on 1"));
    CU_ASSERT_PTR_NOT_NULL(strstr(words, "(r1c2 r2c2)"));
    CU_ASSERT_PTR_NOT_NULL(strstr(words, "(r1c8 r2c8)"));
    marks_close(&f);
}

static void test_grouped_xchain(void)
{
    struct marks_fixture f;
    /* END r8c8: no loop; r8c3 and r9c9 see both ends. */
    CU_ASSERT_EQUAL_FATAL(marks_edit(&f, GROUPED_XCHAIN("r8c8", "r8c1")), 0);
    CU_ASSERT_TRUE_FATAL(marks_find(&f, "grouped-x-chain"));
    CU_ASSERT_STRING_EQUAL(f.step.key, "grouped-three-strong-links");
    CU_ASSERT_TRUE(step_removes(&f.step, 8, 3, 1));
    CU_ASSERT_TRUE(step_removes(&f.step, 9, 9, 1));
    CU_ASSERT_EQUAL(step_removal_count(&f.h, &f.step), 2);
    marks_close(&f);
    /* With 1 in r5c2 too, column 2 is no strong link: two links left. */
    CU_ASSERT_EQUAL_FATAL(marks_edit(&f, GROUPED_XCHAIN("r8c8", "r8c1") "r5c2=15"), 0);
    CU_ASSERT_FALSE(marks_row(&f, technique_by_key("grouped-x-chain")));
    marks_close(&f);
    /* With r9c2 and r8c8 both open to 1 but the group of column 8 moved
     * to r4c8, r5c8 (box 6, not seeing r3c7): no chain either. */
    CU_ASSERT_EQUAL_FATAL(
        marks_edit(&f, GROUPED_XCHAIN("r8c8", "r8c1") "r1c8-1 r2c8-1 r4c8=14 r5c8=15"), 0);
    CU_ASSERT_FALSE(marks_row(&f, technique_by_key("grouped-x-chain")));
    marks_close(&f);
}

/* --- the partner lookup against a scan of every link ------------------ */

/* The cells seeing every cell of part of house. */
static void scan_part_seen(const struct human_layout *lay, int house, uint32_t part,
                           struct cellset *out)
{
    for (int w = 0; w < lay->words; w++) out->w[w] = ~UINT64_C(0);
    for (; part; part &= part - 1)
        for (int w = 0; w < lay->words; w++)
            out->w[w] &= lay->peers[lay->house_cells[house][__builtin_ctz(part)]].w[w];
}

/* How many cells of part of house lie in s. */
static int scan_part_count(const struct human_layout *lay, int house, uint32_t part,
                           const struct cellset *s)
{
    int n = 0;
    for (; part; part &= part - 1)
        n += cellset_has(s, lay->house_cells[house][__builtin_ctz(part)]);
    return n;
}

static int scan_link_grouped(const struct grouped_link *l)
{
    return __builtin_popcount(l->part[0]) > 1 || __builtin_popcount(l->part[1]) > 1;
}

/* The grouped strong links' first chain in the finder's order (digit,
 * grouped link x, outer part, the inner part's first cell, partner link
 * y, its part) with every partner found by scanning all links: its digit
 * and the cells losing it; 0 when there is none. */
static int scan_grouped_links(const struct human *h, int *digit_out, struct cellset *targets)
{
    const struct human_layout *lay = h->lay;
    struct grouped_link links[512];
    for (int digit = 1; digit <= 9; digit++) {
        struct cellset holding = {{0}};
        int n = 0;
        for (int c = 0; c < lay->ncells; c++)
            if (h->cand[c] & digitset_of(digit)) cellset_add(&holding, c);
        for (int house = 0; house < lay->nhouses; house++)
            n += grouped_house_links(h, house, digit, links + n);
        for (int i = 0; i < n; i++) {
            const struct grouped_link *x = &links[i];
            if (!scan_link_grouped(x)) continue;
            for (int e = 0; e < 2; e++) {
                struct cellset seen_a1, seen_b1, x_cells = {{0}};
                scan_part_seen(lay, x->house, x->part[e], &seen_a1);
                scan_part_seen(lay, x->house, x->part[!e], &seen_b1);
                for (uint32_t b = x->part[0] | x->part[1]; b; b &= b - 1)
                    cellset_add(&x_cells, lay->house_cells[x->house][__builtin_ctz(b)]);
                for (int c = 0; c < lay->ncells; c++) {
                    if (!cellset_has(&seen_b1, c) || !cellset_has(&holding, c)) continue;
                    for (int j = 0; j < n; j++)
                        for (int f = 0; f < 2; f++) {
                            const struct grouped_link *y = &links[j];
                            uint32_t b2 = y->part[f], a2 = y->part[!f];
                            if (y->house == x->house || (j < i && scan_link_grouped(y)) ||
                                lay->house_cells[y->house][__builtin_ctz(b2)] != c ||
                                scan_part_count(lay, y->house, b2, &seen_b1) !=
                                    __builtin_popcount(b2) ||
                                scan_part_count(lay, y->house, a2, &x_cells))
                                continue;
                            int any = 0;
                            scan_part_seen(lay, y->house, a2, targets);
                            for (int w = 0; w < lay->words; w++)
                                any |= (targets->w[w] &= seen_a1.w[w] & holding.w[w]) != 0;
                            if (any) return *digit_out = digit, 1;
                        }
                }
            }
        }
    }
    return 0;
}

/* Random positions, each cell holding each digit with a probability of
 * 1/4 to 11/16 by round (at least two): the finder's first step is the
 * scan's, digit and removals alike. */
static void test_grouped_partners_scan(void)
{
    struct marks_fixture f;
    uint64_t state = 0x9e3779b97f4a7c15u;
    int found = 0, mismatches = 0;
    CU_ASSERT_EQUAL_FATAL(marks_edit(&f, ""), 0);
    for (int round = 0; round < 3000; round++) {
        for (int c = 0; c < 81; c++) {
            digitset cand = 0;
            while (__builtin_popcount(cand) < 2)
                for (int d = 1; d <= 9; d++) {
                    state = state * 6364136223846793005u + 1442695040888963407u;
                    if ((int)((state >> 33) % 16) < 4 + round % 8) cand |= digitset_of(d);
                }
            f.h.cand[c] = cand, f.h.value[c] = 0;
        }
        f.h.open = 81;
        human_recount(&f.h);
        struct cellset targets;
        int digit = 0, want = scan_grouped_links(&f.h, &digit, &targets);
        memset(&f.step, 0, sizeof f.step);
        int got = find_grouped_two_links(&f.h, 0, &f.step);
        found += want;
        if (got != want) {
            mismatches++;
            continue;
        }
        if (!want) continue;
        int same = f.step.digits == digitset_of(digit), ntargets = 0;
        for (int w = 0; w < f.lay->words; w++) ntargets += __builtin_popcountll(targets.w[w]);
        same &= f.step.nelims == ntargets;
        for (int k = 0; k < f.step.nelims; k++)
            same &= cellset_has(&targets, f.step.elims[k].cell) &&
                    f.step.elims[k].digits == digitset_of(digit);
        mismatches += !same;
    }
    CU_ASSERT_EQUAL(mismatches, 0);
    CU_ASSERT_TRUE(found > 100); /* the positions do hold chains */
    marks_close(&f);
}

void tests_register(void)
{
    CU_pSuite s = CU_add_suite("grouped and aligned techniques", NULL, NULL);
    CU_add_test(s, "grouped 2-string kite", test_grouped_kite);
    CU_add_test(s, "grouped skyscraper", test_grouped_skyscraper);
    CU_add_test(s, "grouped links retried after a change", test_grouped_since);
    CU_add_test(s, "grouped links' partners match a scan", test_grouped_partners_scan);
    CU_add_test(s, "aligned pair exclusion", test_aligned_pair);
    CU_add_test(s, "aligned triple exclusion", test_aligned_triple);
    CU_add_test(s, "grouped X-loop", test_grouped_xloop);
    CU_add_test(s, "grouped X-chain of three strong links", test_grouped_xchain);
}
