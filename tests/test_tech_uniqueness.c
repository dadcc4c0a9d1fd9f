/*
 * test_tech_uniqueness.c — unique rectangles (types 1 to 4) and BUG+1 on
 * hand-made pencil marks: each fires on its pattern with the expected
 * removals or placement, and stays quiet on a near miss (a rectangle over
 * four boxes, extras that do not match, a grave that is not one).
 *
 * Rectangle positions start from every cell open with every candidate
 * (marks_edit): only the corners and the few cells named are narrowed, so
 * no single, subset, fish or wing makes progress and the rectangle is the
 * one thing there is to find. The floor's two corners in row 1 are a naked
 * pair, so 5 and 6 leave the rest of row 1 (and of any other house two
 * floor corners share) beforehand. The BUG+1 grave is a real one: the
 * position where the rater used it on a puzzle of magictour's top 1465.
 * BUG types 2 and 3 are tested on whole puzzles (test_tech_se.c).
 */
#include <CUnit/CUnit.h>
#include <stdio.h>
#include <string.h>

#include "cunit_main.h"
#include "test_human.h"

static void open_edits(struct marks_fixture *f, const char *edits)
{
    CU_ASSERT_EQUAL_FATAL(marks_edit(f, edits), 0);
}

/* Floor r1c1, r1c4 and r2c1 hold {5,6}; the roof r2c4 also holds 1. */
static const char type_one[] = "r1-56 c1-56 b1-56 r1c1=56 r1c4=56 r2c1=56 r2c4=156";

static void test_type_one_removes_the_pair_from_the_roof(void)
{
    struct marks_fixture f;
    open_edits(&f, type_one);
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
    struct marks_fixture f;
    open_edits(&f, "r1-56 c1-56 r1c1=56 r1c4=56 r4c1=56 r4c4=156");
    CU_ASSERT_FALSE(marks_find(&f, "unique-rectangle-1"));
    marks_close(&f);
}

/* Without boxes (a Latin square), a rectangle is not two blocks. */
static void test_type_one_needs_blocks(void)
{
    struct marks_fixture f;
    struct fixture plain;
    struct human_layout *lay = malloc(sizeof *lay);
    open_edits(&f, type_one);
    CU_ASSERT_EQUAL_FATAL(fixture_open(&plain, 9, 0, 0, NULL), 0);
    CU_ASSERT_FATAL(lay != NULL && human_layout_init(lay, plain.rules) == 0);
    f.h.lay = lay;
    CU_ASSERT_FALSE(marks_find(&f, "unique-rectangle-1"));
    human_layout_free(lay);
    free(lay);
    fixture_close(&plain);
    marks_close(&f);
}

/* Roof r2c1, r2c4 both {5,6,7}: 7 leaves row 2 (r2c7, r2c8 are its other
 * places), not the box alone (r3c2). */
static void test_type_two_removes_the_extra_from_common_peers(void)
{
    struct marks_fixture f;
    open_edits(&f, "r1-56 r2-7 r1c1=56 r1c4=56 r2c1=567 r2c4=567 r2c7=37 r2c8=47 r3c2=79");
    CU_ASSERT_TRUE_FATAL(marks_find(&f, "unique-rectangle-2"));
    CU_ASSERT_EQUAL(f.step.nelims, 2);
    CU_ASSERT_TRUE(step_removes(&f.step, 2, 7, 7));
    CU_ASSERT_TRUE(step_removes(&f.step, 2, 8, 7));
    CU_ASSERT_FALSE(step_removes(&f.step, 3, 2, 7));
    marks_close(&f);
}

/* Roof extras 7 and 8 with a cell {7,8} in row 2: a type 3 naked pair
 * (7 and 8 have no places in row 2 outside the roof, r2c6, r2c7 and r2c8). */
static const char type_three[] =
    "r1-56 r2-78 r1c1=56 r1c4=56 r2c1=567 r2c4=568 r2c6=38 r2c7=78 r2c8=79";

static void test_type_two_needs_the_same_extra(void)
{
    struct marks_fixture f;
    open_edits(&f, type_three);
    CU_ASSERT_FALSE(marks_find(&f, "unique-rectangle-2"));
    marks_close(&f);
}

static void test_type_three_pair(void)
{
    struct marks_fixture f;
    open_edits(&f, type_three);
    CU_ASSERT_TRUE_FATAL(marks_find(&f, "unique-rectangle-3"));
    CU_ASSERT_EQUAL(step_removal_count(&f.h, &f.step), 2);
    CU_ASSERT_TRUE(step_removes(&f.step, 2, 8, 7));
    CU_ASSERT_TRUE(step_removes(&f.step, 2, 6, 8));
    CU_ASSERT_FALSE(step_removes(&f.step, 2, 7, 7));
    CU_ASSERT_DOUBLE_EQUAL(f.step.rating, 4.6, 1e-9);
    marks_close(&f);
}

/* Extras {7,8} with {3,7} and {3,8}: a triple {3,7,8}, rated higher. */
static void test_type_three_triple(void)
{
    struct marks_fixture f;
    open_edits(&f, "r1-56 r2-378 r1c1=56 r1c4=56 r2c1=567 r2c4=568 r2c6=39 r2c7=37 r2c8=38");
    CU_ASSERT_TRUE_FATAL(marks_find(&f, "unique-rectangle-3"));
    CU_ASSERT_EQUAL(step_removal_count(&f.h, &f.step), 1);
    CU_ASSERT_TRUE(step_removes(&f.step, 2, 6, 3));
    CU_ASSERT_DOUBLE_EQUAL(f.step.rating, 4.7, 1e-9);
    marks_close(&f);
}

/* No cells of row 2 close a subset with the extras {7,8}. */
static void test_type_three_needs_a_subset(void)
{
    struct marks_fixture f;
    open_edits(&f, "r1-56 r1c1=56 r1c4=56 r2c1=567 r2c4=568 r2c7=37 r2c8=49 r2c9=12");
    CU_ASSERT_FALSE(marks_find(&f, "unique-rectangle-3"));
    marks_close(&f);
}

/* In row 2, 5 goes only in the roof: 6 leaves both roof cells. 5 is
 * nowhere else in columns 1 and 4 and boxes 1 and 2 either, so its X-wing
 * (rows 1 and 2) has nothing left to remove. */
static const char type_four[] = "r1-56 r2-5 c1-5 c4-5 b1-5 b2-5 r1c1=56 r1c4=56 r2c1=567 r2c4=568";

static void test_type_four_removes_the_other_digit(void)
{
    struct marks_fixture f;
    open_edits(&f, type_four);
    CU_ASSERT_TRUE_FATAL(marks_find(&f, "unique-rectangle-4"));
    CU_ASSERT_EQUAL(step_removal_count(&f.h, &f.step), 2);
    CU_ASSERT_TRUE(step_removes(&f.step, 2, 1, 6));
    CU_ASSERT_TRUE(step_removes(&f.step, 2, 4, 6));
    CU_ASSERT_FALSE(step_removes(&f.step, 2, 1, 5));
    marks_close(&f);
}

/* The same with 5 back in r2c7: both 5 and 6 have a place in row 2
 * outside the roof, no strong link. */
static void test_type_four_needs_a_strong_link(void)
{
    struct marks_fixture f;
    open_edits(&f, "r1-56 r2-5 c1-5 c4-5 b1-5 b2-5 r1c1=56 r1c4=56 r2c1=567 r2c4=568 r2c7=57");
    CU_ASSERT_FALSE(marks_find(&f, "unique-rectangle-4"));
    marks_close(&f);
}

/* A grave plus one: magictour top1465 #249 where the rater takes BUG+1.
 * Every open cell is bivalue but r5c5 {6,7,9}; without 7 there, every
 * digit has 0 or 2 places in every house. */
static const char grave[] = "8  1  9  2  5   6  3  7  4 "
                            "5  7  2  8  4   3  1  6  9 "
                            "3  4  6  9  1   7  2  8  5 "
                            "1  5  47 3  78  28 9  24 6 "
                            "2  39 47 16 679 15 57 34 8 "
                            "6  39 8  4  79  25 57 23 1 "
                            "4  6  5  7  3   9  8  1  2 "
                            "7  8  1  5  2   4  6  9  3 "
                            "9  2  3  16 68  18 4  5  7 ";

/* Opens the grave; `tri` replaces r5c5's marks, `change` r5c2's {3,9}
 * (NULL keeps them). */
static int open_grave(struct marks_fixture *f, const char *tri, const char *change)
{
    char text[sizeof grave + 16];
    int len = 0;
    const char *p = grave;
    for (int c = 0; c < 81; c++) {
        p += strspn(p, " ");
        int n = (int)strcspn(p, " ");
        const char *token = p;
        if (c == 40 && tri) token = tri, n = (int)strlen(tri);
        if (c == 37 && change) token = change, n = (int)strlen(change);
        len += snprintf(text + len, sizeof text - (size_t)len, "%.*s ", n, token);
        p += strcspn(p, " ");
    }
    return marks_open(f, text);
}

static void test_bug_plus_one_places_the_extra_digit(void)
{
    struct marks_fixture f;
    CU_ASSERT_EQUAL_FATAL(open_grave(&f, NULL, NULL), 0);
    /* A WXYZ-wing (5.5, below BUG+1's 5.6 as in Sudoku Explainer) is
     * there too, so the row runs alone. */
    CU_ASSERT_TRUE_FATAL(marks_row(&f, technique_by_key("bug-plus-one")));
    CU_ASSERT_EQUAL(f.step.place_cell, 40);
    CU_ASSERT_EQUAL(f.step.place_digit, 7);
    CU_ASSERT_EQUAL(f.step.nelims, 0);
    marks_close(&f);
}

/* A bare grave (no tri-value cell), and one broken in r5c2's houses. */
static void test_bug_plus_one_needs_a_grave(void)
{
    struct marks_fixture f;
    CU_ASSERT_EQUAL_FATAL(open_grave(&f, "69", NULL), 0);
    CU_ASSERT_FALSE(marks_find(&f, "bug-plus-one"));
    marks_close(&f);
    /* One cell with extras is BUG+1's, not the other types'. */
    CU_ASSERT_EQUAL_FATAL(open_grave(&f, NULL, NULL), 0);
    CU_ASSERT_FALSE(marks_find(&f, "bug-type-2"));
    CU_ASSERT_FALSE(marks_find(&f, "bug-type-3"));
    marks_close(&f);
    CU_ASSERT_EQUAL_FATAL(open_grave(&f, NULL, "36"), 0);
    CU_ASSERT_FALSE(marks_find(&f, "bug-plus-one"));
    marks_close(&f);
    CU_ASSERT_EQUAL_FATAL(open_grave(&f, NULL, "389"), 0);
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
