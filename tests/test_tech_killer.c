/*
 * test_tech_killer.c — the killer techniques of the rater's ladder (the
 * killer rule's explain hook) on hand-made positions: each makes the
 * progress it should where it alone does (no easier row of the ladder
 * makes any), and rating a killer from its givens starts with the
 * easiest cage.
 *
 * A position is a few cages on an empty 9x9 grid, every cell open with
 * every candidate, then edits (as test_human.h's marks_edit takes them,
 * plus rRcA:B for cells A..B of row R) that take out what easier cage
 * techniques would, so that only the technique under test is left.
 */
#include <CUnit/CUnit.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cunit_main.h"
#include "explain.h"
#include "propagate.h"
#include "puzzle.h"
#include "puzzle_edit.h"
#include "rate.h"
#include "rng.h"
#include "test_helpers.h"
#include "test_rule_position.h"
#include "test_reader.h"

/* A killer step must also take candidates out. */
static int killer_find(struct rule_position *f, const char *key)
{
    if (!rule_position_find(f, key)) return 0;
    CU_ASSERT_TRUE(step_removal_count(&f->h, &f->step) > 0);
    return 1;
}

/* Runs key on the position and returns the fixture (closed by the
 * caller), asserting that the technique fires. */
static struct rule_position *fire(const char *cages, const char *edits, const char *key)
{
    struct rule_position *f = rule_position_open("killer", cages, edits);
    CU_ASSERT_TRUE(killer_find(f, key));
    return f;
}

static void expect_quiet(const char *cages, const char *edits, const char *key)
{
    struct rule_position *f = rule_position_open("killer", cages, edits);
    int t = technique_by_key(key);
    CU_ASSERT_FATAL(t >= 0);
    CU_ASSERT_FALSE(rule_position_row(f, t));
    rule_position_close(f);
}

/* Maps: row 1 as given, the rest of the grid in no cage. */
#define REST_EMPTY                                                                                 \
    "...................................."                                                         \
    "...................................."

/* --- one cage ---------------------------------------------------------- */

static void test_one_combination(void)
{
    /* 3 in two cells is 1 + 2. */
    struct rule_position *f = fire("AA......." REST_EMPTY ":3", "", "cage-one-combination");
    CU_ASSERT_EQUAL(rule_position_after(f, 1, 1), digits_of_list("12"));
    CU_ASSERT_EQUAL(rule_position_after(f, 1, 2), digits_of_list("12"));
    CU_ASSERT_EQUAL(rule_position_after(f, 1, 3),
                    digits_of_list("123456789")); /* the row is not its business */
    rule_position_close(f);
    expect_quiet("AA......." REST_EMPTY ":5", "", "cage-one-combination");
}

static void test_bounds(void)
{
    /* 5 in two cells: neither can exceed 4. */
    struct rule_position *f = fire("AA......." REST_EMPTY ":5", "", "cage-bounds");
    CU_ASSERT_EQUAL(rule_position_after(f, 1, 1), digits_of_list("1234"));
    rule_position_close(f);
}

static void test_combinations(void)
{
    /* 10 in two cells: 1+9, 2+8, 3+7 or 4+6, never 5 (bounds allow it). */
    struct rule_position *f = fire("AA......." REST_EMPTY ":10", "", "cage-combinations");
    CU_ASSERT_EQUAL(rule_position_after(f, 1, 2), digits_of_list("12346789"));
    rule_position_close(f);
    expect_quiet("AA......." REST_EMPTY ":10", "", "cage-bounds");
}

static void test_big_cage(void)
{
    /* 17 in five cells is 1+2+3+4+7 or 1+2+3+5+6: no 8 or 9, though
     * bounds (the others at least 1 each) allow them. The cage lies in
     * no single house, so no rule of 45 comes first. */
    const char *cages = ".AAA.....", *rest = "..AA....." REST_EMPTY;
    char map[128];
    snprintf(map, sizeof map, "%s%.72s:17", cages, rest);
    struct rule_position *f = fire(map, "", "big-cage-combinations");
    CU_ASSERT_EQUAL(rule_position_after(f, 1, 2), digits_of_list("1234567"));
    CU_ASSERT_EQUAL(rule_position_after(f, 2, 4), digits_of_list("1234567"));
    rule_position_close(f);
}

static void test_candidate_combinations(void)
{
    /* 10 in two cells holding 1,2,3,7,9: 2+8 meets both cells, but no
     * cell can take its 8, so 2 goes. */
    struct rule_position *f =
        fire("AA......." REST_EMPTY ":10", "r1c1=12379 r1c2=12379", "cage-candidate-combinations");
    CU_ASSERT_EQUAL(rule_position_after(f, 1, 1), digits_of_list("1379"));
    CU_ASSERT_EQUAL(rule_position_after(f, 1, 2), digits_of_list("1379"));
    rule_position_close(f);
}

static void test_needed_digits(void)
{
    /* 23 in three cells of row 1 is 6+8+9: the rest of the row and of
     * box 1 lose them (a naked triple would, but rates higher). */
    struct rule_position *f =
        fire("AAA......" REST_EMPTY ":23", "r1c1:3=689", "cage-needed-digits");
    CU_ASSERT_EQUAL(rule_position_after(f, 1, 5), digits_of_list("123457"));
    CU_ASSERT_EQUAL(rule_position_after(f, 3, 3), digits_of_list("123457"));
    CU_ASSERT_EQUAL(rule_position_after(f, 4, 1), digits_of_list("123456789"));
    rule_position_close(f);
}

static void test_pointing(void)
{
    /* 24 in r1c3 r1c4 r2c3 is 7+8+9, and r2c3 cannot be 9: the 9 is in
     * row 1, which loses it elsewhere. No house holds the whole cage. */
    char map[128];
    snprintf(map, sizeof map, "..AA.......A%.69s:24", REST_EMPTY);
    struct rule_position *f = fire(map, "r1c3=789 r1c4=789 r2c3=78", "cage-pointing");
    CU_ASSERT_EQUAL(rule_position_after(f, 1, 9), digits_of_list("12345678"));
    CU_ASSERT_EQUAL(rule_position_after(f, 2, 5), digits_of_list("123456789"));
    rule_position_close(f);
}

static void test_house_combinations(void)
{
    /* 10 in r1c1 r1c2 holding 1,4,6,9 (1+9 or 4+6); row 1 can place 1
     * only there, so the cage is 1+9. */
    struct rule_position *f = fire("AA......." REST_EMPTY ":10",
                                   "r1c3:9-1 b1-1 r1c1=1469 r1c2=1469", "cage-house-combinations");
    CU_ASSERT_EQUAL(rule_position_after(f, 1, 1), digits_of_list("19"));
    rule_position_close(f);
}

static void test_conflict(void)
{
    /* Row 1: 5 in r1c1 r1c2 (1+4 or 2+3) and 8 in r1c3 r1c4 held to
     * 2+6 or 3+5: either shares a digit with 2+3, so the first cage is
     * 1+4. */
    struct rule_position *f =
        fire("AABB....." REST_EMPTY ":5,8", "r1c1=1234 r1c2=1234 r1c3=2356 r1c4=2356",
             "combination-conflict");
    CU_ASSERT_EQUAL(rule_position_after(f, 1, 1), digits_of_list("14"));
    CU_ASSERT_EQUAL(rule_position_after(f, 1, 3), digits_of_list("2356"));
    rule_position_close(f);
}

static void test_conflict_triple(void)
{
    /* Row 1: 5 (1+4 or 2+3), 9 (1+8 or 2+7) and 13 (4+9 or 6+7): any two
     * can be told apart, but with 1+4 the 9 must be 2+7 and then the 13
     * has nothing left. The rest of the row (18) can hold anything; its
     * 5 stays in it, which box 3 knows already. */
    struct rule_position *f = fire("AABBCC..." REST_EMPTY ":5,9,13",
                                   "r1c1=1234 r1c2=1234 r1c3=1278 r1c4=1278 r1c5=4679 r1c6=4679 "
                                   "r2c7-5 r2c8-5 r2c9-5 r3c7:9-5",
                                   "combination-conflict-triple");
    CU_ASSERT_EQUAL(rule_position_after(f, 1, 1), digits_of_list("23"));
    rule_position_close(f);
    expect_quiet("AABBCC..." REST_EMPTY ":5,9,13",
                 "r1c1=1234 r1c2=1234 r1c3=1278 r1c4=1278 r1c5=4679 r1c6=4679",
                 "combination-conflict");
}

/* --- the rule of 45 ---------------------------------------------------- */

static void test_innie(void)
{
    /* Row 1: four cages of 10 leave r1c9 = 5. */
    struct rule_position *f = fire("AABBCCDD." REST_EMPTY ":10,10,10,10", "r1c1:8-5", "innie");
    CU_ASSERT_EQUAL(rule_position_after(f, 1, 9), digits_of_list("5"));
    rule_position_close(f);
}

static void test_hidden_cage(void)
{
    /* Row 1: three cages of 7 leave r1c7..r1c9 = 24: 7+8+9. */
    struct rule_position *f = fire("AABBCC..." REST_EMPTY ":7,7,7", "r1c1:6=123456", "hidden-cage");
    CU_ASSERT_EQUAL(rule_position_after(f, 1, 8), digits_of_list("789"));
    CU_ASSERT_TRUE(rule_position_says(f, "hidden cage (rule of 45): r1c7 + r1c8 + r1c9 = 24;"));
    rule_position_close(f);
}

static void test_cage_split(void)
{
    /* The same, but r1c7..r1c9 belong to a cage reaching r2c9: its part
     * in row 1 is 24. */
    char map[128];
    snprintf(map, sizeof map, "AABBCCDDD........D%.63s:7,7,7,27", REST_EMPTY);
    struct rule_position *f = fire(map, "r1c1:6=123456 r1c7:9-12 r2c9-12", "cage-split");
    CU_ASSERT_EQUAL(rule_position_after(f, 1, 7), digits_of_list("789"));
    rule_position_close(f);
}

static void test_outie(void)
{
    /* Row 1 all in cages of 10 (never 5) and one of 19 reaching r2c9:
     * its part in row 1 is 45 - 30 = 15, so r2c9 = 19 - 15 = 4. */
    char map[128];
    snprintf(map, sizeof map, "AABBCCDDD........D%.63s:10,10,10,19", REST_EMPTY);
    struct rule_position *f = fire(map, "r1c1:6-5 r2c7-5 r2c8-5 r2c9-5 r3c7:9-5", "outie");
    CU_ASSERT_EQUAL(rule_position_after(f, 2, 9), digits_of_list("4"));
    rule_position_close(f);
}

static void test_innie_outie_difference(void)
{
    /* Row 1: three cages of 10 whole, r1c1 of a cage of 12 reaching
     * r2c1, and a cage of 8 (1..5) reaching out only at r2c9: 45 - 30 - 8
     * leaves r1c1 - r2c9 = 7, so r1c1 is 8 or 9 and r2c9 is 1 or 2. */
    char map[128];
    snprintf(map, sizeof map, "ABBCCDDEEA.......E%.63s:12,10,10,10,8", REST_EMPTY);
    struct rule_position *f = fire(map,
                                   "r1c2:7-5 r1c1=5789 r2c1=3457 r1c8=12345 r1c9=12345 r2c9=12345 "
                                   "r1c6-9 r1c7-1 r2c7-1 r2c8-1 r3c7:9-1",
                                   "innie-outie-difference");
    CU_ASSERT_EQUAL(rule_position_after(f, 1, 1), digits_of_list("89"));
    CU_ASSERT_EQUAL(rule_position_after(f, 2, 9), digits_of_list("12"));
    CU_ASSERT_TRUE(rule_position_says(f, "innie and outie difference: r1c1 - r2c9 = 7;"));
    rule_position_close(f);
}

static void test_rule_of_45(void)
{
    /* Row 1: two cages of 5 (1+4 or 2+3 each) leave r1c5..r1c9 = 35:
     * 5+6+7+8+9, which a glance at bounds cannot see. */
    struct rule_position *f = fire("AABB....." REST_EMPTY ":5,5", "r1c1:4=1234", "rule-of-45");
    CU_ASSERT_EQUAL(rule_position_after(f, 1, 5), digits_of_list("56789"));
    rule_position_close(f);
}

static void test_rule_of_45_houses(void)
{
    /* Rows 1 and 2: eight upright cages, of 9 (never 9) and 11 (never 1)
     * in turn, leave r1c9 + r2c9 = 10: never 5. */
    char map[128];
    snprintf(map, sizeof map, "ABCDEFGH.ABCDEFGH.%.63s:9,11,9,11,9,11,9,11", REST_EMPTY);
    struct rule_position *f = fire(map,
                                   "r1c1-9 r2c1-9 r1c3-9 r2c3-9 r1c5-9 r2c5-9 r1c7-9 r2c7-9 "
                                   "r1c2-1 r2c2-1 r1c4-1 r2c4-1 r1c6-1 r2c6-1 r1c8-1 r2c8-1",
                                   "rule-of-45-houses");
    CU_ASSERT_EQUAL(rule_position_after(f, 1, 9), digits_of_list("12346789"));
    rule_position_close(f);
}

/* --- equations ------------------------------------------------------- */

/* explain_equation as it was written with snprintf: the slow path. */
static void equation_by_snprintf(char *detail, size_t cap, const struct geometry *g,
                                 const int *cells, const int *weight, int count, int total)
{
    size_t len = 0;
    detail[0] = '\0';
    for (int i = 0; i < count && len < cap; i++) {
        int minus = weight && weight[i] < 0;
        const char *sign = i == 0 ? (minus ? "-" : "") : (minus ? " - " : " + ");
        int n = snprintf(detail + len, cap - len, "%sr%dc%d", sign, geometry_row(g, cells[i]) + 1,
                         geometry_col(g, cells[i]) + 1);
        if (n > 0) len += (size_t)n;
    }
    if (len < cap) snprintf(detail + len, cap - len, " = %d", total);
}

/* Equations of random cells of 9x9 and 25x25 grids, weights of either
 * sign or none, totals of either sign, from none to 24 cells (so past
 * the detail's end, cut where snprintf cuts) read as snprintf wrote. */
static void test_equations_read_as_snprintf_wrote(void)
{
    struct rng rng;
    rng_seed(&rng, 1845);
    for (int trial = 0; trial < 20000; trial++) {
        struct geometry g;
        struct sl_error err = {0};
        int size = trial % 2 ? 25 : 9, box = trial % 2 ? 5 : 3;
        CU_ASSERT_FATAL(geometry_init(&g, size, box, box, &err) == 0);
        int cells[24], weight[24], count = (int)rng_below(&rng, 25);
        int total = (int)rng_below(&rng, 2001) - 1000;
        for (int k = 0; k < count; k++) {
            cells[k] = (int)rng_below(&rng, (uint32_t)g.ncells);
            weight[k] = rng_below(&rng, 2) ? 1 : -1;
        }
        const int *weights = trial % 3 ? weight : NULL;
        char expected[EXPLAIN_MAX_DETAIL];
        struct explain_sink sink = {0};
        explain_name(&sink, "k", "w", cells, count);
        explain_equation(&sink, &g, cells, weights, count, total);
        equation_by_snprintf(expected, sizeof expected, &g, cells, weights, count, total);
        CU_ASSERT_STRING_EQUAL(sink.detail, expected);
    }
}

/* --- the rows' memory within a rating ----------------------------------- */

/* Runs the row keyed key told that only the cells of changed lost
 * candidates since it last found nothing (NULL: unknown). */
static int killer_find_since(struct rule_position *f, const char *key,
                             const struct cellset *changed)
{
    int t = technique_by_key(key);
    CU_ASSERT_FATAL(t >= 0);
    memset(&f->step, 0, sizeof f->step);
    f->step.technique = t;
    f->step.rating = technique_table[t].rating;
    f->step.place_cell = -1;
    struct changes since = {.lost = NULL};
    if (changed) since.cells = *changed;
    return find_rule_deduction_since(&f->h, technique_table[t].param, changed ? &since : NULL,
                                     &f->step);
}

/* What cage bounds take from each cell of a cage, worked out digit by
 * digit: a digit stays when the other cells, each at its lowest (highest)
 * candidate, leave room for it. */
static void bounds_model(const digitset *cand, const int *cells, int n, int total, digitset *gone)
{
    for (int k = 0; k < n; k++) {
        gone[k] = 0;
        for (int d = 1; d <= 9; d++) {
            if (!(cand[cells[k]] & digitset_of(d))) continue;
            int lo = d, hi = d;
            for (int j = 0; j < n; j++)
                if (j != k)
                    lo += digitset_first(cand[cells[j]]), hi += 31 - __builtin_clz(cand[cells[j]]);
            if (lo > total || hi < total) gone[k] |= digitset_of(d);
        }
    }
}

/* bounds_model over the cages of rows 1-3 (cage_of, cage i's total
 * total[i]) into gone; 1 when some cell loses a digit. */
static int bounds_all(const digitset *cand, const char *cage_of, const int *total, digitset *gone)
{
    int any = 0;
    for (int i = 0; i < 11; i++) {
        int cells[4], n = 0;
        for (int c = 0; c < 27; c++)
            if (cage_of[c] == 'A' + i) cells[n++] = c;
        bounds_model(cand, cells, n, total[i], gone + cells[0]);
        for (int k = 0; k < n; k++) any |= gone[cells[0] + k] != 0;
    }
    return any;
}

/* The cage-bounds row (which passes over a cage whose cells all keep
 * their extremes before reading each cell's range) against bounds_model,
 * on cages cut along rows 1-3 over random digits, each cell holding its
 * digit and random others: it finds a step exactly when some cage loses
 * a digit, and the step is what the model takes from the first such
 * cage. */
static void test_bounds_match_the_model(void)
{
    static const char cage_of[27] = {'A', 'A', 'B', 'B', 'B', 'C', 'C', 'C', 'C',
                                     'D', 'D', 'D', 'D', 'E', 'E', 'F', 'G', 'G',
                                     'H', 'H', 'H', 'I', 'I', 'I', 'J', 'J', 'K'};
    struct rng rng;
    rng_seed(&rng, 6029);
    int found = 0;
    for (int trial = 0; trial < 600; trial++) {
        int digit[27], total[11] = {0};
        for (int r = 0; r < 3; r++)
            for (int k = 0; k < 9; k++) {
                int j = (int)rng_below(&rng, (uint64_t)k + 1);
                digit[9 * r + k] = digit[9 * r + j], digit[9 * r + j] = k + 1;
            }
        char args[200];
        int len = 0;
        for (int c = 0; c < 81; c++) args[len++] = c < 27 ? cage_of[c] : '.';
        for (int c = 0; c < 27; c++) total[cage_of[c] - 'A'] += digit[c];
        for (int i = 0; i < 11; i++)
            len += snprintf(args + len, sizeof args - (size_t)len, "%c%d", i ? ',' : ':', total[i]);
        struct rule_position *f = rule_position_open("killer", args, "");
        for (int c = 0; c < 27; c++)
            f->h.cand[c] = digitset_of(digit[c]) | ((digitset)rng_below(&rng, 1024) & ~(digitset)1);
        /* Every other trial narrowed by the model first, till it takes
         * nothing: the row must then find nothing. */
        int any, at = -1;
        digitset gone[27];
        do {
            any = bounds_all(f->h.cand, cage_of, total, gone);
            for (int c = 0; trial % 2 && c < 27; c++) f->h.cand[c] &= ~gone[c];
        } while (trial % 2 && any);
        int got = killer_find_since(f, "cage-bounds", NULL);
        CU_ASSERT_EQUAL(got, any);
        if (got) {
            found++;
            /* The row tries the cages in order: the first that loses a
             * digit is the step's. */
            int first = 0;
            while (first < 27 && !gone[first]) first++;
            at = f->step.elims[0].cell;
            CU_ASSERT(at < 27 && cage_of[at] == cage_of[first]);
            int taken = 0;
            for (int e = 0; e < f->step.nelims; e++) {
                int c = f->step.elims[e].cell;
                CU_ASSERT(c < 27 && cage_of[c] == cage_of[at]);
                CU_ASSERT(c < 27 && f->step.elims[e].digits == gone[c]);
            }
            for (int c = 0; c < 27; c++) taken += cage_of[c] == cage_of[at] && gone[c];
            CU_ASSERT_EQUAL(taken, f->step.nelims);
        }
        rule_position_close(f);
    }
    CU_ASSERT(found > 200 && found <= 300);
}

/* Cages cut along rows 1-3 (as the bounds test's), cage i lettered 'A' + i
 * in the order the row reads them: pairs in a row and in boxes 1 and 2,
 * and four cages in box 3. */
static const char conflict_cage_of[27] = {'A', 'A', 'B', 'B', 'B', 'C', 'C', 'C', 'C',
                                          'D', 'D', 'D', 'D', 'E', 'E', 'F', 'G', 'G',
                                          'H', 'H', 'H', 'I', 'I', 'I', 'J', 'J', 'K'};
#define CONFLICT_CAGES 11

/* Cage i's combinations a conflict reads (combinations holding every
 * placed digit, the rest within the open cells' candidates and meeting
 * each of them), the placed digits left out, into out; returns how many,
 * 0 when a digit is placed twice. */
static int conflict_survivors(const digitset *cand, int i, int total, digitset *out)
{
    int cells[4], n = 0, count = 0;
    digitset placed = 0, reach = 0;
    for (int c = 0; c < 27; c++)
        if (conflict_cage_of[c] == 'A' + i) cells[n++] = c;
    for (int k = 0; k < n; k++) {
        if (!digitset_is_single(cand[cells[k]]))
            reach |= cand[cells[k]];
        else if (placed & cand[cells[k]])
            return 0;
        else
            placed |= cand[cells[k]];
    }
    for (digitset combo = 2; combo < 1024; combo += 2) {
        int sum = 0, fits = digitset_count(combo) == n && (combo & placed) == placed;
        for (int d = 1; d <= 9; d++) sum += combo & digitset_of(d) ? d : 0;
        digitset rest = combo & ~placed;
        fits &= sum == total && (rest & reach) == rest;
        for (int k = 0; k < n && fits; k++)
            fits = digitset_is_single(cand[cells[k]]) || (cand[cells[k]] & rest);
        if (fits) out[count++] = rest;
    }
    return count;
}

/* 1 when the cells of cages i, j (and k, when not -1) lie in one house. */
static int conflict_one_house(int i, int j, int k)
{
    int row = -1, box = -1, same_row = 1, same_box = 1;
    for (int c = 0; c < 27; c++) {
        int cage = conflict_cage_of[c] - 'A';
        if (cage != i && cage != j && cage != k) continue;
        if (row < 0) row = c / 9, box = c % 9 / 3;
        same_row &= c / 9 == row, same_box &= c % 9 / 3 == box;
    }
    return same_row || same_box;
}

/* The digits of a's combinations that go with disjoint combinations of b
 * (and c, when nc is not -1). */
static digitset conflict_keep(const digitset *a, int na, const digitset *b, int nb,
                              const digitset *c, int nc)
{
    digitset keep = 0;
    for (int x = 0; x < na; x++)
        for (int y = 0; y < nb; y++)
            for (int z = 0; z < (nc < 0 ? 1 : nc); z++)
                if (!(a[x] & b[y]) && (nc < 0 || (!(a[x] & c[z]) && !(b[y] & c[z])))) keep |= a[x];
    return keep;
}

/* Narrows the open cells of cage i to keep in cell order, as a step
 * does: 1 when a cell lost a digit, 0 when none did, -1 when one is left
 * empty (the cells before it stay narrowed). */
static int conflict_narrow(digitset *cand, int i, digitset keep)
{
    int any = 0;
    for (int c = 0; c < 27; c++) {
        int open = conflict_cage_of[c] == 'A' + i && !digitset_is_single(cand[c]);
        if (!open || !(cand[c] & ~keep)) continue;
        cand[c] &= keep;
        if (!cand[c]) return -1;
        any = 1;
    }
    return any;
}

/* The first conflict step of `cages` (2 or 3) cages, the model's way:
 * every cage, every other in a house with it, every third after that
 * one, in order, till one takes a digit from the first cage's open cells,
 * which it takes from cand (rows 1-3). Only pairs and triples
 * with a cage flagged in touched (per cage) are weighed: the others read
 * what they read when they found nothing. Each cage's combinations are
 * read afresh where the row reads them (the first cage's once, the
 * second's once a pair), so a step that empties a cell, which leaves
 * cand narrowed up to that cell, is counted in *contradictions and the
 * search goes on over the cells as they are then. 1 when found. */
static int conflict_model(digitset *cand, const int *total, int cages, const uint8_t *touched,
                          int *contradictions)
{
    digitset a[128], b[128], c[128];
    for (int i = 0; i < CONFLICT_CAGES; i++) {
        int na = conflict_survivors(cand, i, total[i], a);
        digitset reach = 0;
        for (int x = 0; x < na; x++) reach |= a[x];
        for (int j = 0; j < CONFLICT_CAGES && na >= 2; j++) {
            if (j == i || !conflict_one_house(i, j, -1)) continue;
            int nb = conflict_survivors(cand, j, total[j], b);
            for (int k = cages == 2 ? -1 : j + 1; nb >= 1 && k < (cages == 2 ? 0 : CONFLICT_CAGES);
                 k++) {
                if (k == i || (k >= 0 && !conflict_one_house(i, j, k))) continue;
                if (!touched[i] && !touched[j] && (k < 0 || !touched[k])) continue;
                int nc = k < 0 ? -1 : conflict_survivors(cand, k, total[k], c);
                if (k >= 0 && nc < 1) continue;
                /* A combination out, which the open cells then lose with
                 * every digit outside the rest. */
                digitset keep = conflict_keep(a, na, b, nb, k < 0 ? NULL : c, nc);
                if (keep == reach) continue;
                int step = conflict_narrow(cand, i, keep);
                if (step > 0) return 1;
                *contradictions += step < 0;
            }
        }
    }
    return 0;
}

/* The cells a conflict question is told changed, drawn: half the time
 * none known (NULL, every cage touched), else one to three cells of rows
 * 1-4 (row 4 in no cage) into changed. Which cages hold one into
 * touched. */
static const struct cellset *conflict_changed(struct rng *rng, struct cellset *changed,
                                              uint8_t *touched)
{
    memset(touched, rng_below(rng, 2) == 0, CONFLICT_CAGES);
    if (touched[0]) return NULL;
    cellset_clear(changed);
    for (int n = 1 + (int)rng_below(rng, 3); n > 0; n--) {
        int c = (int)rng_below(rng, 36);
        cellset_add(changed, c);
        if (c < 27) touched[conflict_cage_of[c] - 'A'] = 1;
    }
    return changed;
}

/* The step f found takes from each cell of rows 1-3 what the model took
 * (model_cand), the losses of steps that emptied a cell before it too. */
static void conflict_expect_losses(const struct rule_position *f, const digitset *model_cand)
{
    int taken = 0;
    for (int c = 0; c < 27; c++) taken += f->h.cand[c] != model_cand[c];
    CU_ASSERT_EQUAL(f->step.nelims, taken);
    for (int e = 0; e < f->step.nelims; e++) {
        int c = f->step.elims[e].cell;
        CU_ASSERT(c < 27 && f->step.elims[e].digits == (f->h.cand[c] & ~model_cand[c]));
    }
}

/* The combination conflict rows (cages' mates and survivors read once a
 * question, forgotten when a step empties a cell) against conflict_model,
 * on cages over a valid band of random digits, each cell holding its
 * digit (in half the states, some cells not) and random others, some
 * cells single, told of no change or of a few changed cells: the same
 * first step. */
static void test_conflicts_match_the_model(void)
{
    static const char *keys[] = {"combination-conflict", "combination-conflict-triple"};
    struct rng rng;
    rng_seed(&rng, 6037);
    int found[2] = {0}, found_told = 0, contradictions = 0;
    for (int trial = 0; trial < 2000; trial++) {
        int label[10], total[CONFLICT_CAGES] = {0}, digit[27];
        for (int k = 1; k <= 9; k++) {
            int j = 1 + (int)rng_below(&rng, (uint32_t)k);
            label[k] = label[j], label[j] = k;
        }
        for (int c = 0; c < 27; c++) digit[c] = label[(c % 9 + 3 * (c / 9)) % 9 + 1];
        for (int c = 0; c < 27; c++) total[conflict_cage_of[c] - 'A'] += digit[c];
        char args[200];
        int len = 0;
        for (int c = 0; c < 81; c++) args[len++] = c < 27 ? conflict_cage_of[c] : '.';
        for (int i = 0; i < CONFLICT_CAGES; i++)
            len += snprintf(args + len, sizeof args - (size_t)len, "%c%d", i ? ',' : ':', total[i]);
        uint32_t spread = 2 + (uint32_t)(trial % 4);
        for (int pass = 0; pass < 2; pass++) {
            struct rule_position *f = rule_position_open("killer", args, "");
            for (int c = 0; c < 27; c++) {
                f->h.cand[c] = digitset_of(digit[c]);
                for (int d = 1; d <= 9 && rng_below(&rng, 6) != 0; d++)
                    if (rng_below(&rng, spread) == 0) f->h.cand[c] |= digitset_of(d);
                /* Half the states lose some cells' own digit: no
                 * solution, so that a step may empty a cell. */
                digitset lost = f->h.cand[c] & ~digitset_of(digit[c]);
                if (trial % 2 == 0 && lost && rng_below(&rng, 2) == 0) f->h.cand[c] = lost;
            }
            struct cellset changed;
            uint8_t touched[CONFLICT_CAGES];
            const struct cellset *told = conflict_changed(&rng, &changed, touched);
            digitset model_cand[27];
            memcpy(model_cand, f->h.cand, sizeof model_cand);
            int want = conflict_model(model_cand, total, pass + 2, touched, &contradictions);
            int got = killer_find_since(f, keys[pass], told);
            CU_ASSERT_EQUAL(got, want);
            if (got && want) {
                found[pass]++;
                found_told += told != NULL;
                conflict_expect_losses(f, model_cand);
            }
            rule_position_close(f);
        }
    }
    CU_ASSERT(found[0] > 100 && found[1] > 100 && found_told > 50);
    CU_ASSERT(contradictions > 30);
}

static void test_rule_of_45_outside_only(void)
{
    /* Row 1: a cage of 42 over r1c1..r1c7 leaves r1c8 + r1c9 = 3, cells
     * already 1 or 2: the sum changes none of its own cells, yet needs 1
     * and 2 there, which leave the rest of box 3 (claiming would see it
     * first on a rating's path; the row is asked alone). */
    struct rule_position *f = rule_position_open("killer", "AAAAAAA.." REST_EMPTY ":42",
                                                 "r1c1:7=3456789 r1c8=12 r1c9=12");
    CU_ASSERT_TRUE(killer_find_since(f, "rule-of-45", NULL));
    CU_ASSERT_EQUAL(f->step.nelims, 6);
    for (int e = 0; e < f->step.nelims; e++) {
        CU_ASSERT(f->step.elims[e].cell / 9 >= 1 && f->step.elims[e].cell % 9 >= 6);
        CU_ASSERT_EQUAL(f->step.elims[e].digits, digits_of_list("12"));
    }
    rule_position_close(f);
}

static void test_changed_cages_only(void)
{
    /* Bounds narrow both cages of row 1 (5: 1..4; 17: 8 and 9): told of
     * nothing, the row looks at neither; told of r1c5, at cage B alone. */
    const char *cages = "AA..BB..." REST_EMPTY ":5,17";
    struct rule_position *f = rule_position_open("killer", cages, "");
    struct cellset changed;
    cellset_clear(&changed);
    CU_ASSERT_FALSE(killer_find_since(f, "cage-bounds", &changed));
    cellset_add(&changed, 4);
    CU_ASSERT_TRUE_FATAL(killer_find_since(f, "cage-bounds", &changed));
    CU_ASSERT_EQUAL(rule_position_after(f, 1, 5), digits_of_list("89"));
    CU_ASSERT_EQUAL(rule_position_after(f, 1, 1), digits_of_list("123456789"));
    CU_ASSERT_TRUE_FATAL(killer_find_since(f, "cage-bounds", NULL));
    CU_ASSERT_EQUAL(rule_position_after(f, 1, 1), digits_of_list("1234"));
    /* A house's other cells decide what it rules out: that row looks at
     * the cages meeting a house with a changed cell (r1c9: row 1), not
     * at those that meet none (r9c9). */
    cellset_clear(&changed);
    cellset_add(&changed, 80);
    CU_ASSERT_FALSE(killer_find_since(f, "cage-house-combinations", &changed));
    cellset_add(&changed, 8);
    CU_ASSERT_TRUE(killer_find_since(f, "cage-house-combinations", &changed));
    rule_position_close(f);
}

/* A row's step told what changed against told nothing (both found). */
static void expect_same_step(const struct step *a, const struct step *b)
{
    CU_ASSERT_EQUAL(a->place_cell, b->place_cell);
    CU_ASSERT_EQUAL(a->place_digit, b->place_digit);
    CU_ASSERT_EQUAL(a->nelims, b->nelims);
    if (a->nelims == b->nelims)
        CU_ASSERT_EQUAL(memcmp(a->elims, b->elims, (size_t)a->nelims * sizeof a->elims[0]), 0);
}

/* The rows checked here, those asked at almost every step of a killer's
 * rating: the rules' rows, the singles and locked candidates. Their forms
 * told what changed are the rater's own (technique_since_of). */
static technique_find_since since_form(technique_find find, int *by_digit)
{
    static const technique_find checked[] = {find_rule_deduction, find_full_house,
                                             find_hidden_single, find_naked_single,
                                             find_locked_candidates};
    for (size_t i = 0; i < sizeof checked / sizeof checked[0]; i++)
        if (checked[i] == find) return technique_since_of(find, by_digit);
    return NULL;
}

/* What the hook of each rule that says it does not know key (its
 * explain_knows, which spares the rater the question) finds when asked
 * anyway on h's grid: 0 for every such rule, or 1. */
static int hooks_unasked_find(const struct human *h, const char *key)
{
    const struct ruleset *rs = h->lay->rs;
    static digitset state[SL_MAX_CELLS * 64];
    static struct prop_ctx ctx;
    CU_ASSERT_FATAL(rs->state_bytes <= sizeof state);
    for (int i = 0; i < rs->nslots; i++) {
        const struct constraint_ops *ops = rs->slots[i].ops;
        if (!ops->explain || !ops->explain_knows || ops->explain_knows(key)) continue;
        memset(state, 0, rs->state_bytes);
        for (int c = 0; c < h->lay->ncells; c++)
            state[c] = h->cand[c] | (h->value[c] ? digitset_of(h->value[c]) : 0);
        propagate_view_fresh(&ctx, rs, state);
        ctx.current_slot = i;
        struct explain_sink sink = {0};
        if (ops->explain(rs->slots[i].self, key, &ctx, &sink)) return 1;
    }
    return 0;
}

/* What the hook of slot i answers for key on h's grid in a state whose
 * part past the cells and their solved digits (the rules' states) holds
 * `fill` in every byte: its return, and the cells it leaves in after. */
static int hook_with_rule_state(const struct human *h, int i, const char *key, int fill,
                                digitset *after)
{
    const struct ruleset *rs = h->lay->rs;
    static digitset state[SL_MAX_CELLS * 64];
    static struct prop_ctx ctx;
    size_t cells_bytes = ruleset_cells_bytes(rs);
    CU_ASSERT_FATAL(rs->state_bytes <= sizeof state);
    memset(state, 0, cells_bytes);
    memset((char *)state + cells_bytes, fill, rs->state_bytes - cells_bytes);
    for (int c = 0; c < h->lay->ncells; c++)
        state[c] = h->cand[c] | (h->value[c] ? digitset_of(h->value[c]) : 0);
    propagate_view_fresh(&ctx, rs, state);
    ctx.current_slot = i;
    struct explain_sink sink = {0};
    int found = rs->slots[i].ops->explain(rs->slots[i].self, key, &ctx, &sink);
    memcpy(after, state, (size_t)h->lay->ncells * sizeof after[0]);
    return found;
}

/* 1 when the hook of some rule finds a step for key on h's grid, every
 * hook asked whatever it says it knows; else 0. */
static int hooks_any_find(const struct human *h, const char *key)
{
    static digitset after[SL_MAX_CELLS];
    for (int i = 0; i < h->lay->rs->nslots; i++)
        if (h->lay->rs->slots[i].ops->explain && hook_with_rule_state(h, i, key, 0, after) > 0)
            return 1;
    return 0;
}

/* The rater sets up only the cells and their solved digits for a hook
 * that says it reads no rule state (explain_reads_cells), leaving the
 * rest as an earlier question left it: such a hook answers the same
 * over a zeroed rest and over one full of other bytes. */
static void expect_rule_state_unread(const struct human *h, const char *key)
{
    const struct ruleset *rs = h->lay->rs;
    static digitset zeroed[SL_MAX_CELLS], filled[SL_MAX_CELLS];
    for (int i = 0; i < rs->nslots; i++) {
        const struct constraint_ops *ops = rs->slots[i].ops;
        if (!ops->explain || !ops->explain_reads_cells) continue;
        int a = hook_with_rule_state(h, i, key, 0, zeroed);
        int b = hook_with_rule_state(h, i, key, 0xa5, filled);
        CU_ASSERT_EQUAL(a, b);
        CU_ASSERT_EQUAL(memcmp(zeroed, filled, (size_t)h->lay->ncells * sizeof zeroed[0]), 0);
    }
}

/* The rows of h's position above, each asked twice: told nothing, and
 * told the cells that changed since it last found nothing (quiet[t], when
 * known[t]), which must find the same step; then the rows that found
 * nothing remember the position. */
static void compare_rows_since(const struct human *h, digitset (*quiet)[SL_MAX_CELLS],
                               uint8_t *known)
{
    int ncells = h->lay->ncells;
    for (int t = 0; t < technique_count; t++) {
        int by_digit = 0;
        technique_find_since form = since_form(technique_table[t].find, &by_digit);
        if (!form) continue;
        struct step all = {.technique = t, .place_cell = -1}, since = all;
        int found = form(h, technique_table[t].param, NULL, &all);
        if (form == find_rule_deduction_since) {
            CU_ASSERT_FALSE(hooks_unasked_find(h, technique_table[t].key));
            expect_rule_state_unread(h, technique_table[t].key);
            /* The rater skips a row no rule is asked (rule_row_asked). */
            if (!rule_row_asked(h->lay, t))
                CU_ASSERT_FALSE(hooks_any_find(h, technique_table[t].key));
        }
        if (known[t]) {
            /* As the rater tells them: what each cell lost, to the rows
             * that read it. */
            static digitset lost[SL_MAX_CELLS];
            struct changes changed = {.lost = by_digit ? lost : NULL};
            cellset_clear(&changed.cells);
            for (int c = 0; c < ncells; c++) {
                lost[c] = quiet[t][c] & ~h->cand[c];
                if (quiet[t][c] != h->cand[c]) cellset_add(&changed.cells, c);
            }
            int told = form(h, technique_table[t].param, &changed, &since);
            CU_ASSERT_EQUAL(told, found);
            if (told && found) expect_same_step(&all, &since);
        }
        if (!found) {
            memcpy(quiet[t], h->cand, (size_t)ncells * sizeof h->cand[0]);
            known[t] = 1;
        }
    }
}

/* Along the rating path of each killer of text (a file's puzzles), every
 * rule row, single and locked candidates row told what changed since it
 * last found nothing finds what it finds told nothing: the rows that pass
 * over sums none of whose inputs changed (their cells, and for those
 * reading houses the houses' cells: cage_sums.h's sum_set_reads_changed),
 * and the singles that pass over houses and cells that lost nothing, pass
 * over nothing they would act on; and a rule's hook never finds a step
 * for a key it says it does not know. */
static void rows_since_along_paths(const char *text, int most)
{
    static digitset quiet[128][SL_MAX_CELLS];
    static struct human h;
    static struct step step;
    uint8_t known[128];
    struct session s;
    CU_ASSERT_FATAL(technique_count <= 128);
    session_open(&s, text, NULL);
    for (int n = 0; n < most && session_next(&s) == 1; n++) {
        struct sl_error err = {0};
        struct human_layout lay;
        struct ruleset *rs = ruleset_build(&s.p, &err);
        CU_ASSERT_PTR_NOT_NULL_FATAL(rs);
        CU_ASSERT_FATAL(human_layout_init(&lay, rs) == 0);
        struct rater *r = rater_new(rs);
        CU_ASSERT_FATAL(r != NULL && human_init(&h, &lay, s.p.givens) == 0);
        memset(known, 0, sizeof known);
        for (int k = 0; k < 400; k++) {
            compare_rows_since(&h, quiet, known);
            if (rate_next_step(r, &h, &step) != 1 || human_apply(&h, &step) < 0) break;
        }
        rater_free(r);
        human_layout_free(&lay);
        ruleset_free(rs);
    }
    session_close(&s);
}

static char *read_text(const char *path)
{
    FILE *in = fopen(path, "rb");
    if (!in) return NULL;
    fseek(in, 0, SEEK_END);
    long size = ftell(in);
    rewind(in);
    char *text = malloc((size_t)size + 1);
    if (text) text[fread(text, 1, (size_t)size, in)] = '\0';
    fclose(in);
    return text;
}

static void test_rows_since_match_rows_told_nothing(void)
{
    static const char *files[] = {"../shared/data/killer_extreme.txt",
                                  "../shared/data/killer_sample.csv"};
    for (int i = 0; i < 2; i++) {
        char *text = read_text(files[i]);
        if (!text) {
            CU_FAIL("data file missing (../shared/data)");
            return;
        }
        rows_since_along_paths(text, 40);
        free(text);
    }
}

/* --- whole puzzles ----------------------------------------------------- */

static void test_rating_starts_with_the_easiest_cage(void)
{
    /* From the givens, the first step is a cage with one combination. */
    struct rule_position *f = rule_position_open("killer", "AA......." REST_EMPTY ":3", "");
    struct rater *r = rater_new(f->rules);
    static struct step step;
    CU_ASSERT_FATAL(r != NULL);
    CU_ASSERT_EQUAL(rate_next_step(r, &f->h, &step), 1);
    CU_ASSERT_STRING_EQUAL(step.key, "cage-one-combination");
    rater_free(r);
    rule_position_close(f);
}

/* The first puzzle of line, read by s, with its ruleset (into rs) and a
 * rater for it. */
static struct rater *rater_for_line(struct session *s, const char *line, struct ruleset **rs)
{
    struct sl_error err = {0};
    session_open(s, line, NULL);
    CU_ASSERT_EQUAL_FATAL(session_next(s), 1);
    *rs = ruleset_build(&s->p, &err);
    CU_ASSERT_PTR_NOT_NULL_FATAL(*rs);
    struct rater *r = rater_new(*rs);
    CU_ASSERT_PTR_NOT_NULL_FATAL(r);
    return r;
}

/* Counts the steps of forcing chains through cages. */
static void count_cage_chains(void *arg, const struct human *h, const struct step *s)
{
    (void)h;
    *(int *)arg +=
        s->key == NULL && strcmp(technique_table[s->technique].key, "forcing-chains-rules") == 0;
}

static void test_forcing_chains_through_cages(void)
{
    /* Line 5 of killer_extreme.txt needs more than the cage and classic
     * techniques: chains that follow cage combinations take some of its
     * steps, soundly (every step is checked against the solution). */
    FILE *in = fopen("../shared/data/killer_extreme.txt", "r");
    char line[1024];
    int n = 0;
    if (!in) {
        CU_FAIL("data file missing (../shared/data)");
        return;
    }
    while (n < 5 && fgets(line, sizeof line, in)) n += line[0] != '#';
    fclose(in);
    CU_ASSERT_EQUAL_FATAL(n, 5);
    struct session s;
    struct ruleset *rs;
    struct rater *r = rater_for_line(&s, line, &rs);
    static struct rate_result res;
    int chains = 0;
    CU_ASSERT_EQUAL(rate_puzzle(r, s.p.givens, &res, count_cage_chains, &chains), 0);
    CU_ASSERT_EQUAL(res.erred_technique, -1);
    CU_ASSERT_TRUE(chains > 0);
    CU_ASSERT_TRUE(res.rating >= 9.0);
    rater_free(r);
    ruleset_free(rs);
    session_close(&s);
}

/* --- a rater kept over retotals ---------------------------------------- */

/* rs's rating of the puzzle with these givens by a rater made afresh. */
static struct rate_result rated_afresh(const struct puzzle *p)
{
    static struct rate_result res;
    struct sl_error err = {0};
    struct ruleset *rs = ruleset_build(p, &err);
    CU_ASSERT_PTR_NOT_NULL_FATAL(rs);
    struct rater *r = rater_new(rs);
    CU_ASSERT_PTR_NOT_NULL_FATAL(r);
    CU_ASSERT_EQUAL(rate_puzzle(r, p->givens, &res, NULL, NULL), 0);
    rater_free(r);
    ruleset_free(rs);
    return res;
}

static void expect_same_rating(const struct rate_result *a, const struct rate_result *b)
{
    CU_ASSERT_DOUBLE_EQUAL(a->rating, b->rating, 1e-9);
    CU_ASSERT_DOUBLE_EQUAL(a->work, b->work, 1e-9);
    CU_ASSERT_EQUAL(a->steps, b->steps);
    CU_ASSERT_EQUAL(a->hardest_technique, b->hardest_technique);
    CU_ASSERT_EQUAL(a->erred_technique, -1);
    CU_ASSERT_EQUAL(a->rules_used, b->rules_used);
    CU_ASSERT_EQUAL_FATAL(a->ntally, b->ntally);
    for (int i = 0; i < a->ntally; i++) {
        CU_ASSERT_STRING_EQUAL(a->tally[i].key, b->tally[i].key);
        CU_ASSERT_EQUAL(a->tally[i].count, b->tally[i].count);
    }
}

/* One killer of killer_sample.csv re-totalled over relabelings of its
 * grid, its ruleset patched and its rater kept (rater_retotaled), as a
 * generator's relabelings do; every unique relabeling is rated by the kept
 * rater and by a fresh one. Returns the retotals whose patch changed the
 * rules' state size (the kept rater lays its scratch out again). */
static int kept_rater_over_relabelings(const char *map, const char *sums, const char *solution,
                                       struct rng *rng, int *rated)
{
    char line[1024], no_givens[82];
    memset(no_givens, '.', 81);
    no_givens[81] = '\0';
    snprintf(line, sizeof line, "sudolab 9 3x3 classic;killer:%s:%s %s\n", map, sums, no_givens);
    struct session s;
    struct sl_error err = {0};
    struct ruleset *rs;
    struct rater *r = rater_for_line(&s, line, &rs);
    int resized = 0;
    for (int trial = 0; trial < 6; trial++) {
        uint8_t grid[81];
        relabeled_grid(solution, rng, grid);
        size_t before = rs->state_bytes;
        CU_ASSERT_FATAL(puzzle_retotal(&s.p, grid, &err) == 0);
        if (ruleset_retotal(rs, &s.p, grid, &err) != 0) { /* refused: built afresh */
            rater_free(r);
            ruleset_free(rs);
            rs = ruleset_build(&s.p, &err);
            CU_ASSERT_PTR_NOT_NULL_FATAL(rs);
            r = rater_new(rs);
        } else {
            resized += rs->state_bytes != before;
            CU_ASSERT_EQUAL(rater_retotaled(r), 0);
        }
        CU_ASSERT_PTR_NOT_NULL_FATAL(r);
        struct solver *solver = solver_new(rs);
        CU_ASSERT_PTR_NOT_NULL_FATAL(solver);
        struct search_result found = solver_count(solver, s.p.givens, 2, NULL, NULL);
        solver_free(solver);
        if (found.solutions != 1) continue; /* the rater rates unique puzzles only */
        static struct rate_result kept;
        CU_ASSERT_EQUAL(rate_puzzle(r, s.p.givens, &kept, NULL, NULL), 0);
        struct rate_result fresh = rated_afresh(&s.p);
        expect_same_rating(&kept, &fresh);
        (*rated)++;
    }
    rater_free(r);
    ruleset_free(rs);
    session_close(&s);
    return resized;
}

static void test_kept_rater_over_retotals(void)
{
    FILE *in = fopen("../shared/data/killer_sample.csv", "r");
    if (!in) {
        CU_FAIL("data file missing (../shared/data)");
        return;
    }
    struct rng rng;
    rng_seed(&rng, 1203);
    char line[1024], map[82], sums[400], solution[82];
    int n = 0, resized = 0, rated = 0;
    while (fgets(line, sizeof line, in) && n < 800) {
        /* Every 40th killer, so every grade of the sample is met. */
        if (n++ % 40 != 1) continue;
        if (sscanf(line, "%*d,%*d,%81[^,],\"%399[^\"]\",%81s", map, sums, solution) != 3) continue;
        resized += kept_rater_over_relabelings(map, sums, solution, &rng, &rated);
    }
    fclose(in);
    CU_ASSERT(rated >= 60);
    CU_ASSERT(resized > 0);
}

void tests_register(void)
{
    CU_pSuite s = CU_add_suite("killer techniques", NULL, NULL);
    CU_add_test(s, "cage with one combination", test_one_combination);
    CU_add_test(s, "cage bounds", test_bounds);
    CU_add_test(s, "cage combinations", test_combinations);
    CU_add_test(s, "big cage combinations", test_big_cage);
    CU_add_test(s, "combinations cut by candidates", test_candidate_combinations);
    CU_add_test(s, "digits every combination needs", test_needed_digits);
    CU_add_test(s, "cage pointing", test_pointing);
    CU_add_test(s, "combinations a house rules out", test_house_combinations);
    CU_add_test(s, "combination conflict", test_conflict);
    CU_add_test(s, "combination conflict of three cages", test_conflict_triple);
    CU_add_test(s, "innie", test_innie);
    CU_add_test(s, "hidden cage", test_hidden_cage);
    CU_add_test(s, "cage split", test_cage_split);
    CU_add_test(s, "outie", test_outie);
    CU_add_test(s, "innie and outie difference", test_innie_outie_difference);
    CU_add_test(s, "rule of 45", test_rule_of_45);
    CU_add_test(s, "rule of 45 on several houses", test_rule_of_45_houses);
    CU_add_test(s, "rule of 45 narrowing outside its cells", test_rule_of_45_outside_only);
    CU_add_test(s, "equations read as snprintf wrote them", test_equations_read_as_snprintf_wrote);
    CU_add_test(s, "bounds match the model", test_bounds_match_the_model);
    CU_add_test(s, "conflicts match the model", test_conflicts_match_the_model);
    CU_add_test(s, "told what changed, cage rows look at those cages", test_changed_cages_only);
    CU_add_test(s, "rows told what changed find what rows told nothing find",
                test_rows_since_match_rows_told_nothing);
    CU_add_test(s, "rating starts with the easiest cage", test_rating_starts_with_the_easiest_cage);
    CU_add_test(s, "forcing chains through cages", test_forcing_chains_through_cages);
    CU_add_test(s, "a kept rater over retotals rates as a fresh one",
                test_kept_rater_over_retotals);
}
