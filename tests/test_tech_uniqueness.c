/*
 * test_tech_uniqueness.c — unique rectangles (types 1 to 4) and BUG+1 on
 * hand-made pencil marks: each fires on its pattern with the expected
 * removals or placement, and stays quiet on a near miss (a rectangle over
 * four boxes, extras that do not match, a grave that is not one).
 *
 * Positions start from a solved grid, all placed; the cells listed are
 * opened with the pencil marks given. The techniques read candidates
 * only, so the placed digits need not agree with them.
 */
#include <CUnit/CUnit.h>
#include <stdio.h>

#include "test_human.h"

static const char solution[] = "534678912"
                               "672195348"
                               "198342567"
                               "859761423"
                               "426853791"
                               "713924856"
                               "961537284"
                               "287419635"
                               "345286179";

struct mark {
    int row, col; /* 1-based */
    const char *digits;
};

/* Opens the solved grid with the marked cells open. */
static int open_marks(struct marks_fixture *f, const struct mark *marks, int count)
{
    char text[81 * 12];
    int len = 0;
    for (int c = 0; c < 81; c++) {
        char placed[2] = {solution[c], '\0'};
        const char *token = placed;
        for (int i = 0; i < count; i++)
            if ((marks[i].row - 1) * 9 + marks[i].col - 1 == c) token = marks[i].digits;
        len += snprintf(text + len, sizeof text - (size_t)len, "%s ", token);
    }
    return marks_open(f, text);
}

#define OPEN(f, marks) open_marks(f, marks, (int)(sizeof marks / sizeof marks[0]))

/* Floor r1c1, r1c4 and r2c1 hold {5,6}; the roof r2c4 also holds 1. */
static const struct mark type_one_marks[] = {
    {1, 1, "56"}, {1, 4, "56"}, {2, 1, "56"}, {2, 4, "156"}};

static void test_type_one_removes_the_pair_from_the_roof(void)
{
    struct marks_fixture f;
    CU_ASSERT_EQUAL_FATAL(OPEN(&f, type_one_marks), 0);
    CU_ASSERT_TRUE_FATAL(marks_find(&f, "unique-rectangle-1"));
    CU_ASSERT_EQUAL(f.step.nelims, 1);
    CU_ASSERT_TRUE(step_removes(&f.step, 2, 4, 5));
    CU_ASSERT_TRUE(step_removes(&f.step, 2, 4, 6));
    CU_ASSERT_FALSE(step_removes(&f.step, 2, 4, 1));
    CU_ASSERT_EQUAL(f.step.digits, digitset_of(5) | digitset_of(6));
    CU_ASSERT_EQUAL(f.step.ncells, 4);
    CU_ASSERT_DOUBLE_EQUAL(f.step.rating, 4.5, 1e-9);
    marks_close(&f);
}

/* The same corners in rows 1 and 4: four boxes, no deadly pattern. */
static void test_type_one_needs_two_boxes(void)
{
    static const struct mark marks[] = {{1, 1, "56"}, {1, 4, "56"}, {4, 1, "56"}, {4, 4, "156"}};
    struct marks_fixture f;
    CU_ASSERT_EQUAL_FATAL(OPEN(&f, marks), 0);
    CU_ASSERT_FALSE(marks_find(&f, "unique-rectangle-1"));
    marks_close(&f);
}

/* Without boxes (a Latin square), a rectangle is not two blocks. */
static void test_type_one_needs_blocks(void)
{
    struct marks_fixture f;
    struct fixture plain;
    struct human_layout *lay = malloc(sizeof *lay);
    CU_ASSERT_EQUAL_FATAL(OPEN(&f, type_one_marks), 0);
    CU_ASSERT_EQUAL_FATAL(fixture_open(&plain, 9, 0, 0, NULL), 0);
    CU_ASSERT_FATAL(lay != NULL && human_layout_init(lay, plain.rules) == 0);
    f.h.lay = lay;
    CU_ASSERT_FALSE(marks_find(&f, "unique-rectangle-1"));
    free(lay);
    fixture_close(&plain);
    marks_close(&f);
}

/* Roof r2c1, r2c4 both {5,6,7}: 7 leaves row 2, not the box alone. */
static void test_type_two_removes_the_extra_from_common_peers(void)
{
    static const struct mark marks[] = {{1, 1, "56"}, {1, 4, "56"}, {2, 1, "567"}, {2, 4, "567"},
                                        {2, 7, "37"}, {2, 8, "47"}, {3, 2, "79"}};
    struct marks_fixture f;
    CU_ASSERT_EQUAL_FATAL(OPEN(&f, marks), 0);
    CU_ASSERT_TRUE_FATAL(marks_find(&f, "unique-rectangle-2"));
    CU_ASSERT_EQUAL(f.step.nelims, 2);
    CU_ASSERT_TRUE(step_removes(&f.step, 2, 7, 7));
    CU_ASSERT_TRUE(step_removes(&f.step, 2, 8, 7));
    CU_ASSERT_FALSE(step_removes(&f.step, 3, 2, 7));
    marks_close(&f);
}

/* Roof extras 7 and 8 with a cell {7,8} in row 2: a type 3 naked pair. */
static const struct mark type_three_marks[] = {{1, 1, "56"},  {1, 4, "56"}, {2, 1, "567"},
                                               {2, 4, "568"}, {2, 7, "78"}, {2, 8, "79"},
                                               {2, 9, "38"}};

static void test_type_two_needs_the_same_extra(void)
{
    struct marks_fixture f;
    CU_ASSERT_EQUAL_FATAL(OPEN(&f, type_three_marks), 0);
    CU_ASSERT_FALSE(marks_find(&f, "unique-rectangle-2"));
    marks_close(&f);
}

static void test_type_three_pair(void)
{
    struct marks_fixture f;
    CU_ASSERT_EQUAL_FATAL(OPEN(&f, type_three_marks), 0);
    CU_ASSERT_TRUE_FATAL(marks_find(&f, "unique-rectangle-3"));
    CU_ASSERT_EQUAL(step_removal_count(&f.h, &f.step), 2);
    CU_ASSERT_TRUE(step_removes(&f.step, 2, 8, 7));
    CU_ASSERT_TRUE(step_removes(&f.step, 2, 9, 8));
    CU_ASSERT_FALSE(step_removes(&f.step, 2, 7, 7));
    CU_ASSERT_DOUBLE_EQUAL(f.step.rating, 4.6, 1e-9);
    marks_close(&f);
}

/* Extras {7,8} with {3,7} and {3,8}: a triple {3,7,8}, rated higher. */
static void test_type_three_triple(void)
{
    static const struct mark marks[] = {{1, 1, "56"}, {1, 4, "56"}, {2, 1, "567"}, {2, 4, "568"},
                                        {2, 7, "37"}, {2, 8, "38"}, {2, 9, "39"}};
    struct marks_fixture f;
    CU_ASSERT_EQUAL_FATAL(OPEN(&f, marks), 0);
    CU_ASSERT_TRUE_FATAL(marks_find(&f, "unique-rectangle-3"));
    CU_ASSERT_EQUAL(step_removal_count(&f.h, &f.step), 1);
    CU_ASSERT_TRUE(step_removes(&f.step, 2, 9, 3));
    CU_ASSERT_DOUBLE_EQUAL(f.step.rating, 4.7, 1e-9);
    marks_close(&f);
}

/* No cells of row 2 close a subset with the extras {7,8}. */
static void test_type_three_needs_a_subset(void)
{
    static const struct mark marks[] = {{1, 1, "56"}, {1, 4, "56"}, {2, 1, "567"}, {2, 4, "568"},
                                        {2, 7, "37"}, {2, 8, "49"}, {2, 9, "12"}};
    struct marks_fixture f;
    CU_ASSERT_EQUAL_FATAL(OPEN(&f, marks), 0);
    CU_ASSERT_FALSE(marks_find(&f, "unique-rectangle-3"));
    marks_close(&f);
}

/* In row 2, 5 goes only in the roof: 6 leaves both roof cells. */
static void test_type_four_removes_the_other_digit(void)
{
    static const struct mark marks[] = {{1, 1, "56"},  {1, 4, "56"}, {2, 1, "567"},
                                        {2, 4, "568"}, {2, 7, "67"}, {2, 8, "78"}};
    struct marks_fixture f;
    CU_ASSERT_EQUAL_FATAL(OPEN(&f, marks), 0);
    CU_ASSERT_TRUE_FATAL(marks_find(&f, "unique-rectangle-4"));
    CU_ASSERT_EQUAL(step_removal_count(&f.h, &f.step), 2);
    CU_ASSERT_TRUE(step_removes(&f.step, 2, 1, 6));
    CU_ASSERT_TRUE(step_removes(&f.step, 2, 4, 6));
    CU_ASSERT_FALSE(step_removes(&f.step, 2, 1, 5));
    marks_close(&f);
}

/* Both 5 and 6 have a place in row 2 outside the roof: no strong link. */
static void test_type_four_needs_a_strong_link(void)
{
    static const struct mark marks[] = {{1, 1, "56"},  {1, 4, "56"}, {2, 1, "567"},
                                        {2, 4, "568"}, {2, 7, "57"}, {2, 8, "68"}};
    struct marks_fixture f;
    CU_ASSERT_EQUAL_FATAL(OPEN(&f, marks), 0);
    CU_ASSERT_FALSE(marks_find(&f, "unique-rectangle-4"));
    marks_close(&f);
}

/* A grave: the solution with 9 placed and every other cell holding its
 * digit and its partner (1-2, 3-4, 5-6, 7-8); every digit has two places
 * in every house. `extra` adds a digit to r5c5 (its solution is 5),
 * `change` replaces r1c2 (solution 3, so {3,4}) by other marks. */
static int open_grave(struct marks_fixture *f, const char *extra, const char *change)
{
    struct mark marks[81];
    char tokens[81][12];
    int n = 0;
    for (int c = 0; c < 81; c++) {
        int digit = solution[c] - '0';
        if (digit == 9) continue;
        int partner = digit % 2 ? digit + 1 : digit - 1;
        snprintf(tokens[c], sizeof tokens[c], "%d%d", digit < partner ? digit : partner,
                 digit < partner ? partner : digit);
        marks[n++] = (struct mark){c / 9 + 1, c % 9 + 1, tokens[c]};
        if (c == 40 && extra) marks[n - 1].digits = extra;
        if (c == 1 && change) marks[n - 1].digits = change;
    }
    return open_marks(f, marks, n);
}

static void test_bug_plus_one_places_the_extra_digit(void)
{
    struct marks_fixture f;
    CU_ASSERT_EQUAL_FATAL(open_grave(&f, "356", NULL), 0);
    CU_ASSERT_TRUE_FATAL(marks_find(&f, "bug-plus-one"));
    CU_ASSERT_EQUAL(f.step.place_cell, 40);
    CU_ASSERT_EQUAL(f.step.place_digit, 3);
    CU_ASSERT_EQUAL(f.step.nelims, 0);
    marks_close(&f);
}

/* A bare grave (no tri-value cell), and one broken in r1c2's houses. */
static void test_bug_plus_one_needs_a_grave(void)
{
    struct marks_fixture f;
    CU_ASSERT_EQUAL_FATAL(open_grave(&f, NULL, NULL), 0);
    CU_ASSERT_FALSE(marks_find(&f, "bug-plus-one"));
    marks_close(&f);
    CU_ASSERT_EQUAL_FATAL(open_grave(&f, "356", "36"), 0);
    CU_ASSERT_FALSE(marks_find(&f, "bug-plus-one"));
    marks_close(&f);
    CU_ASSERT_EQUAL_FATAL(open_grave(&f, "356", "348"), 0);
    CU_ASSERT_FALSE(marks_find(&f, "bug-plus-one"));
    marks_close(&f);
}

void tests_register(void)
{
    CU_pSuite s = CU_add_suite("uniqueness", NULL, NULL);
    CU_add_test(s, "type 1 removes the pair from the roof",
                test_type_one_removes_the_pair_from_the_roof);
    CU_add_test(s, "type 1 needs two boxes", test_type_one_needs_two_boxes);
    CU_add_test(s, "type 1 needs blocks", test_type_one_needs_blocks);
    CU_add_test(s, "type 2 removes the extra from common peers",
                test_type_two_removes_the_extra_from_common_peers);
    CU_add_test(s, "type 2 needs the same extra", test_type_two_needs_the_same_extra);
    CU_add_test(s, "type 3 pair", test_type_three_pair);
    CU_add_test(s, "type 3 triple", test_type_three_triple);
    CU_add_test(s, "type 3 needs a subset", test_type_three_needs_a_subset);
    CU_add_test(s, "type 4 removes the other digit", test_type_four_removes_the_other_digit);
    CU_add_test(s, "type 4 needs a strong link", test_type_four_needs_a_strong_link);
    CU_add_test(s, "BUG+1 places the extra digit", test_bug_plus_one_places_the_extra_digit);
    CU_add_test(s, "BUG+1 needs a grave", test_bug_plus_one_needs_a_grave);
}
