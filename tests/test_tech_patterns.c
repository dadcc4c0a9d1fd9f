/*
 * test_tech_patterns.c — the wings (XY, XYZ, W) and the single-digit
 * patterns (skyscraper, 2-string kite, turbot fish, simple colouring) on
 * hand-made pencil marks: each finds its pattern and removes exactly what
 * it should, and finds nothing once the pattern is broken.
 *
 * Every position is all candidates but the pattern: ALL is a cell with
 * every digit, NO1 one without 1 (the strong links of the single-digit
 * patterns are on 1), other tokens the pattern's own cells.
 */
#include <CUnit/CUnit.h>

#include "cunit_main.h"
#include "rate.h"
#include "test_human.h"

#define ALL "123456789 "
#define NO1 "23456789 "

/* Opens marks, runs the row named key, checks it fires as expected. */
static int run(struct marks_fixture *f, const char *marks, const char *key)
{
    CU_ASSERT_EQUAL_FATAL(marks_open(f, marks), 0);
    int found = marks_find(f, key);
    if (found) CU_ASSERT_TRUE(step_removal_count(&f->h, &f->step) > 0);
    return found;
}

/* The row named key alone: for patterns that hold an easier one too. */
static int run_row(struct marks_fixture *f, const char *marks, const char *key)
{
    CU_ASSERT_EQUAL_FATAL(marks_open(f, marks), 0);
    return marks_row(f, technique_by_key(key));
}

static void expect_none(const char *marks, const char *key)
{
    struct marks_fixture f;
    CU_ASSERT_FALSE(run(&f, marks, key));
    marks_close(&f);
}

/* --- wings ------------------------------------------------------------- */

/* Pivot r1c1 {1,2}, pincers r1c5 {1,3} and r5c1 {2,3}: r5c5 loses 3. */
// clang-format off
#define XY_WING(PINCER) \
    "12 " ALL ALL ALL "13 " ALL ALL ALL ALL \
    ALL   ALL ALL ALL ALL   ALL ALL ALL ALL \
    ALL   ALL ALL ALL ALL   ALL ALL ALL ALL \
    ALL   ALL ALL ALL ALL   ALL ALL ALL ALL \
    PINCER ALL ALL ALL ALL  ALL ALL ALL ALL \
    ALL   ALL ALL ALL ALL   ALL ALL ALL ALL \
    ALL   ALL ALL ALL ALL   ALL ALL ALL ALL \
    ALL   ALL ALL ALL ALL   ALL ALL ALL ALL \
    ALL   ALL ALL ALL ALL   ALL ALL ALL ALL
// clang-format on

static void test_xy_wing(void)
{
    struct marks_fixture f;
    CU_ASSERT_TRUE(run(&f, XY_WING("23 "), "xy-wing"));
    CU_ASSERT_TRUE(step_removes(&f.step, 5, 5, 3));
    CU_ASSERT_EQUAL(step_removal_count(&f.h, &f.step), 1);
    CU_ASSERT_EQUAL(f.step.ncells, 3);
    CU_ASSERT_EQUAL(f.step.cells[0], 0);
    CU_ASSERT_FALSE(marks_find(&f, "xyz-wing"));
    marks_close(&f);
    expect_none(XY_WING("24 "), "xy-wing"); /* the pincers share no digit */
}

/* Pivot r1c1 {1,2,3}, pincers r1c5 {1,3} and r2c2 {2,3}: r1c2 and r1c3,
 * seeing all three, lose 3. */
// clang-format off
#define XYZ_WING(PIVOT) \
    PIVOT ALL   ALL ALL "13 " ALL ALL ALL ALL \
    ALL   "23 " ALL ALL ALL   ALL ALL ALL ALL \
    ALL   ALL   ALL ALL ALL   ALL ALL ALL ALL \
    ALL   ALL   ALL ALL ALL   ALL ALL ALL ALL \
    ALL   ALL   ALL ALL ALL   ALL ALL ALL ALL \
    ALL   ALL   ALL ALL ALL   ALL ALL ALL ALL \
    ALL   ALL   ALL ALL ALL   ALL ALL ALL ALL \
    ALL   ALL   ALL ALL ALL   ALL ALL ALL ALL \
    ALL   ALL   ALL ALL ALL   ALL ALL ALL ALL
// clang-format on

static void test_xyz_wing(void)
{
    struct marks_fixture f;
    CU_ASSERT_TRUE(run(&f, XYZ_WING("123 "), "xyz-wing"));
    CU_ASSERT_TRUE(step_removes(&f.step, 1, 2, 3));
    CU_ASSERT_TRUE(step_removes(&f.step, 1, 3, 3));
    CU_ASSERT_EQUAL(step_removal_count(&f.h, &f.step), 2);
    CU_ASSERT_FALSE(marks_find(&f, "xy-wing"));
    marks_close(&f);
    expect_none(XYZ_WING("1234 "), "xyz-wing"); /* a pivot of four */
}

/* r1c1 and r5c5 {1,2}; 1 in column 9 only at r1c9 (seeing r1c1) and r5c9
 * (seeing r5c5): one of the pair is 2, so r1c5 and r5c1 lose 2. */
// clang-format off
#define W_WING(R9C9) \
    "12 " ALL ALL ALL ALL   ALL ALL ALL ALL \
    ALL   ALL ALL ALL ALL   ALL ALL ALL NO1 \
    ALL   ALL ALL ALL ALL   ALL ALL ALL NO1 \
    ALL   ALL ALL ALL ALL   ALL ALL ALL NO1 \
    ALL   ALL ALL ALL "12 " ALL ALL ALL ALL \
    ALL   ALL ALL ALL ALL   ALL ALL ALL NO1 \
    ALL   ALL ALL ALL ALL   ALL ALL ALL NO1 \
    ALL   ALL ALL ALL ALL   ALL ALL ALL NO1 \
    ALL   ALL ALL ALL ALL   ALL ALL ALL R9C9
// clang-format on

static void test_w_wing(void)
{
    struct marks_fixture f;
    CU_ASSERT_TRUE(run(&f, W_WING(NO1), "w-wing"));
    CU_ASSERT_TRUE(step_removes(&f.step, 1, 5, 2));
    CU_ASSERT_TRUE(step_removes(&f.step, 5, 1, 2));
    CU_ASSERT_EQUAL(step_removal_count(&f.h, &f.step), 2);
    CU_ASSERT_EQUAL(f.step.nnodes, 6); /* r1c1<>2 => r1c1=1 -> r1c9<>1 => ... => r5c5=2 */
    CU_ASSERT_EQUAL(f.step.nodes[5].cell, 4 * 9 + 4);
    CU_ASSERT_EQUAL(f.step.nodes[5].digit, 2);
    marks_close(&f);
    expect_none(W_WING(ALL), "w-wing"); /* column 9 has three places for 1 */
}

/* --- two strong links -------------------------------------------------- */

/* 1 in row 2 at c2, c7 and in row 6 at c2, c8 (or c3, c8): r2c2 and r6c2
 * share column 2, so r2c7 or r6c8 is 1; r1c8, r3c8, r4c7, r5c7 lose it. */
// clang-format off
#define SKYSCRAPER(R6C2, R6C3) \
    ALL ALL  ALL  ALL ALL ALL ALL ALL ALL \
    NO1 ALL  NO1  NO1 NO1 NO1 ALL NO1 NO1 \
    ALL ALL  ALL  ALL ALL ALL ALL ALL ALL \
    ALL ALL  ALL  ALL ALL ALL ALL ALL ALL \
    ALL ALL  ALL  ALL ALL ALL ALL ALL ALL \
    NO1 R6C2 R6C3 NO1 NO1 NO1 NO1 ALL NO1 \
    ALL ALL  ALL  ALL ALL ALL ALL ALL ALL \
    ALL ALL  ALL  ALL ALL ALL ALL ALL ALL \
    ALL ALL  ALL  ALL ALL ALL ALL ALL ALL
// clang-format on

static void test_skyscraper(void)
{
    struct marks_fixture f;
    char words[512];
    CU_ASSERT_TRUE(run(&f, SKYSCRAPER(ALL, NO1), "skyscraper"));
    CU_ASSERT_TRUE(step_removes(&f.step, 1, 8, 1));
    CU_ASSERT_TRUE(step_removes(&f.step, 3, 8, 1));
    CU_ASSERT_TRUE(step_removes(&f.step, 4, 7, 1));
    CU_ASSERT_TRUE(step_removes(&f.step, 5, 7, 1));
    CU_ASSERT_EQUAL(step_removal_count(&f.h, &f.step), 4);
    step_describe(f.lay, &f.step, words, sizeof words);
    CU_ASSERT_PTR_NOT_NULL(strstr(words, ": r2c7<>1 => r2c2=1 -> r6c2<>1 => r6c8=1; so "));
    CU_ASSERT_FALSE(marks_find(&f, "two-string-kite"));
    CU_ASSERT_FALSE(marks_find(&f, "turbot-fish"));
    CU_ASSERT_FALSE(marks_find(&f, "simple-colouring")); /* the column is no strong link */
    marks_close(&f);
    expect_none(SKYSCRAPER(NO1, ALL), "skyscraper"); /* r2c2 and r6c3 share no column */
    expect_none(SKYSCRAPER(NO1, ALL), "turbot-fish");
}

/* 1 in row 2 at c2, c8 and in column 3 at r1, r7: r2c2 and r1c3 share
 * box 1, so r2c8 or r7c3 is 1, and r7c8 loses it. With 1 left in r3c3 too,
 * column 3 is no strong link. */
// clang-format off
#define KITE(R3C3) \
    ALL ALL ALL  ALL ALL ALL ALL ALL ALL \
    NO1 ALL NO1  NO1 NO1 NO1 NO1 ALL NO1 \
    ALL ALL R3C3 ALL ALL ALL ALL ALL ALL \
    ALL ALL NO1  ALL ALL ALL ALL ALL ALL \
    ALL ALL NO1  ALL ALL ALL ALL ALL ALL \
    ALL ALL NO1  ALL ALL ALL ALL ALL ALL \
    ALL ALL ALL  ALL ALL ALL ALL ALL ALL \
    ALL ALL NO1  ALL ALL ALL ALL ALL ALL \
    ALL ALL NO1  ALL ALL ALL ALL ALL ALL
// clang-format on

static void test_two_string_kite(void)
{
    struct marks_fixture f;
    CU_ASSERT_TRUE(run(&f, KITE(NO1), "two-string-kite"));
    CU_ASSERT_TRUE(step_removes(&f.step, 7, 8, 1));
    CU_ASSERT_EQUAL(step_removal_count(&f.h, &f.step), 1);
    CU_ASSERT_EQUAL(f.step.nnodes, 4);
    CU_ASSERT_FALSE(marks_find(&f, "skyscraper"));
    CU_ASSERT_FALSE(marks_find(&f, "turbot-fish"));
    marks_close(&f);
    expect_none(KITE(ALL), "two-string-kite");
}

/* 1 in box 1 at r1c2, r3c1 and in row 5 at c1, c6: r3c1 and r5c1 share
 * column 1, so r1c2 or r5c6 is 1, and r1c6 loses it. With 1 left in r5c4
 * too, row 5 is no strong link. */
// clang-format off
#define TURBOT(R5C4) \
    NO1 ALL NO1 ALL  ALL ALL ALL ALL ALL \
    NO1 NO1 NO1 ALL  ALL ALL ALL ALL ALL \
    ALL NO1 NO1 ALL  ALL ALL ALL ALL ALL \
    ALL ALL ALL ALL  ALL ALL ALL ALL ALL \
    ALL NO1 NO1 R5C4 NO1 ALL NO1 NO1 NO1 \
    ALL ALL ALL ALL  ALL ALL ALL ALL ALL \
    ALL ALL ALL ALL  ALL ALL ALL ALL ALL \
    ALL ALL ALL ALL  ALL ALL ALL ALL ALL \
    ALL ALL ALL ALL  ALL ALL ALL ALL ALL
// clang-format on

static void test_turbot_fish(void)
{
    struct marks_fixture f;
    CU_ASSERT_TRUE(run(&f, TURBOT(NO1), "turbot-fish"));
    CU_ASSERT_TRUE(step_removes(&f.step, 1, 6, 1));
    CU_ASSERT_EQUAL(step_removal_count(&f.h, &f.step), 1);
    CU_ASSERT_EQUAL(f.step.nnodes, 4);
    CU_ASSERT_FALSE(marks_find(&f, "skyscraper"));
    CU_ASSERT_FALSE(marks_find(&f, "two-string-kite"));
    marks_close(&f);
    expect_none(TURBOT(ALL), "turbot-fish");
}

/* --- simple colouring -------------------------------------------------- */

/* Strong links on 1: column 1 (r2, r5), row 5 (c1, c8), column 8 (r5,
 * r8), row 8 (c8, c6), column 6 (r8, r3). Colours: r2c1, r5c8 and r8c6
 * against r5c1, r8c8 and r3c6; r3c2, r3c3, r2c4 and r2c5 see both r2c1
 * and r3c6. The chain is six cells long: every two links of it that meet
 * make a skyscraper, but one whose ends see no 1 in common. With 1 left
 * in r1c8, column 8 is no strong link: the chain stops at r5c8 and traps
 * nothing. */
// clang-format off
#define COLOUR_TRAP(R1C8) \
    NO1 ALL ALL ALL ALL NO1 ALL R1C8 ALL \
    ALL ALL ALL ALL ALL NO1 ALL NO1  ALL \
    NO1 ALL ALL ALL ALL ALL ALL NO1  ALL \
    NO1 ALL ALL ALL ALL NO1 ALL NO1  ALL \
    ALL NO1 NO1 NO1 NO1 NO1 NO1 ALL  NO1 \
    NO1 ALL ALL ALL ALL NO1 ALL NO1  ALL \
    NO1 ALL ALL ALL ALL NO1 ALL NO1  ALL \
    NO1 NO1 NO1 NO1 NO1 ALL NO1 ALL  NO1 \
    NO1 ALL ALL ALL ALL NO1 ALL NO1  ALL
// clang-format on

static void test_colour_trap(void)
{
    struct marks_fixture f;
    /* Three of its strong links are an X-chain the rater takes first
     * (three strong links, 5.4): the colouring row runs alone. */
    CU_ASSERT_TRUE(run_row(&f, COLOUR_TRAP(NO1), "simple-colouring"));
    CU_ASSERT_TRUE(step_removes(&f.step, 3, 2, 1));
    CU_ASSERT_TRUE(step_removes(&f.step, 3, 3, 1));
    CU_ASSERT_TRUE(step_removes(&f.step, 2, 4, 1));
    CU_ASSERT_TRUE(step_removes(&f.step, 2, 5, 1));
    CU_ASSERT_EQUAL(step_removal_count(&f.h, &f.step), 4);
    CU_ASSERT_EQUAL(f.step.nnodes, 6); /* r2c1<>1 => r5c1=1 -> ... => r3c6=1 */
    CU_ASSERT_EQUAL(f.step.nodes[0].cell, 1 * 9 + 0);
    CU_ASSERT_EQUAL(f.step.nodes[5].cell, 2 * 9 + 5);
    CU_ASSERT_FALSE(f.step.nodes[0].on);
    CU_ASSERT_TRUE(f.step.nodes[5].on);
    marks_close(&f);
    expect_none(COLOUR_TRAP(ALL), "simple-colouring");
}

/* Strong links on 1: row 1 (c1, c5), column 5 (r1, r4), row 4 (c5, c8),
 * column 8 (r4, r7), row 7 (c8, c2), column 2 (r7, r2). r1c1, r4c5, r7c8
 * and r2c2 take one colour, and r1c1 sees r2c2: that colour is false. The
 * loop has six strong links, so no two of them make a shorter chain that
 * removes a 1 on its own. */
// clang-format off
static const char colour_wrap[] =
    ALL NO1 NO1 NO1 ALL NO1 NO1 NO1 NO1
    ALL ALL ALL ALL NO1 ALL ALL NO1 ALL
    ALL NO1 ALL ALL NO1 ALL ALL NO1 ALL
    NO1 NO1 NO1 NO1 ALL NO1 NO1 ALL NO1
    ALL NO1 ALL ALL NO1 ALL ALL NO1 ALL
    ALL NO1 ALL ALL NO1 ALL ALL NO1 ALL
    NO1 ALL NO1 NO1 NO1 NO1 NO1 ALL NO1
    ALL NO1 ALL ALL NO1 ALL ALL NO1 ALL
    ALL NO1 ALL ALL NO1 ALL ALL NO1 ALL;
// clang-format on

static void test_colour_wrap(void)
{
    struct marks_fixture f;
    CU_ASSERT_TRUE(run_row(&f, colour_wrap, "simple-colouring"));
    CU_ASSERT_TRUE(step_removes(&f.step, 1, 1, 1));
    CU_ASSERT_TRUE(step_removes(&f.step, 4, 5, 1));
    CU_ASSERT_TRUE(step_removes(&f.step, 7, 8, 1));
    CU_ASSERT_TRUE(step_removes(&f.step, 2, 2, 1));
    CU_ASSERT_EQUAL(step_removal_count(&f.h, &f.step), 4);
    CU_ASSERT_EQUAL(f.step.nnodes, 7); /* r1c1=1 -> r1c5<>1 => ... => r2c2=1 */
    CU_ASSERT_TRUE(f.step.nodes[0].on && f.step.nodes[6].on);
    marks_close(&f);
}

void tests_register(void)
{
    CU_pSuite s = CU_add_suite("technique patterns", NULL, NULL);
    CU_add_test(s, "XY-wing", test_xy_wing);
    CU_add_test(s, "XYZ-wing", test_xyz_wing);
    CU_add_test(s, "W-wing", test_w_wing);
    CU_add_test(s, "skyscraper", test_skyscraper);
    CU_add_test(s, "2-string kite", test_two_string_kite);
    CU_add_test(s, "turbot fish", test_turbot_fish);
    CU_add_test(s, "colour trap", test_colour_trap);
    CU_add_test(s, "colour wrap", test_colour_wrap);
}
