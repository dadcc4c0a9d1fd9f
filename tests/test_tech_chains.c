/*
 * test_tech_chains.c — X-chain, XY-chain and AIC on hand-made pencil
 * marks: each fires where its chain is and removes what the chain proves,
 * rated by its length; each keeps quiet once a link is broken; and the
 * shortest chain wins over a longer one found first.
 *
 * Placed cells are all written 9: the chains read only the open cells'
 * candidates, so the positions keep just the cells a chain needs (and a
 * few that break the links a test does not want).
 */
#include <CUnit/CUnit.h>
#include <math.h>

#include "test_human.h"

/* Opens marks, runs the technique named key; 1 when it found a step that
 * left the state as it was. */
static int chains_find(struct marks_fixture *f, const char *marks, const char *key)
{
    CU_ASSERT_EQUAL_FATAL(marks_open(f, marks), 0);
    digitset cand[81];
    memcpy(cand, f->h.cand, sizeof cand);
    int found = marks_find(f, key);
    CU_ASSERT_EQUAL(memcmp(cand, f->h.cand, sizeof cand), 0);
    return found;
}

static void assert_rating(const struct step *s, double rating)
{
    CU_ASSERT_TRUE(fabs(s->rating - rating) < 1e-9);
}

/* Node i of the chain is (row, col, digit), on or off. */
static void assert_node(const struct step *s, int i, int row, int col, int digit, int on)
{
    CU_ASSERT_TRUE_FATAL(i < s->nnodes);
    CU_ASSERT_EQUAL(s->nodes[i].cell, (row - 1) * 9 + col - 1);
    CU_ASSERT_EQUAL(s->nodes[i].digit, digit);
    CU_ASSERT_EQUAL(s->nodes[i].on, on);
}

/* Digit 1: r1c2 = r1c7 - r5c7 = r5c5 - r8c5 = r8c3 (rows 1, 5 and 8 hold
 * two places each): 1 is in r1c2 or r8c3, so not in r3c3, which sees both.
 * r2c1 and r6c3 keep box 1 and column 3 from being strong links. */
static const char x_chain_marks[] = "9 123 9 9 9 9 134 9 9\n"
                                    "125 9 9 9 9 9 9 9 9\n"
                                    "9 9 146 9 9 9 9 9 9\n"
                                    "9 9 9 9 9 9 9 9 9\n"
                                    "9 9 9 9 156 9 145 9 9\n"
                                    "9 9 136 9 9 9 9 9 9\n"
                                    "9 9 9 9 9 9 9 9 9\n"
                                    "9 9 135 9 126 9 9 9 9\n"
                                    "9 9 9 9 9 9 9 9 9\n";

static void test_x_chain(void)
{
    struct marks_fixture f;
    CU_ASSERT_TRUE(chains_find(&f, x_chain_marks, "x-chain"));
    CU_ASSERT_TRUE(step_removes(&f.step, 3, 3, 1));
    CU_ASSERT_EQUAL(step_removal_count(&f.h, &f.step), 1);
    CU_ASSERT_EQUAL(f.step.nnodes, 6);
    assert_node(&f.step, 0, 1, 2, 1, 0);
    assert_node(&f.step, 1, 1, 7, 1, 1);
    assert_node(&f.step, 5, 8, 3, 1, 1);
    assert_rating(&f.step, 6.6 + 0.1); /* five links */
    marks_close(&f);
}

/* The same chain with r3c3 placed: nothing sees both ends. */
static void test_x_chain_quiet(void)
{
    struct marks_fixture f;
    char marks[sizeof x_chain_marks];
    memcpy(marks, x_chain_marks, sizeof marks);
    memcpy(strstr(marks, "146"), "9  ", 3);
    CU_ASSERT_FALSE(chains_find(&f, marks, "x-chain"));
    marks_close(&f);
}

/* Digit 1 again, now a loop: r1c1 = r1c4 - r2c6 = r8c6 - r8c2 = r3c2 -
 * r1c1. Each weak link holds one 1, so 1 leaves the rest of box 2 (r2c4,
 * r2c5), of row 8 (r8c9) and of box 1 (r3c3). */
static void test_x_cycle(void)
{
    static const char marks[] = "12 9 9 13 9 9 9 9 9\n"
                                "9 9 9 14 18 14 9 9 9\n"
                                "9 17 12 9 9 9 9 13 9\n"
                                "9 9 9 9 9 9 9 9 9\n"
                                "9 9 9 15 9 9 9 9 9\n"
                                "9 9 9 9 9 9 9 9 9\n"
                                "9 9 9 9 9 9 9 9 9\n"
                                "9 16 9 9 9 15 9 9 13\n"
                                "9 9 9 9 9 9 9 9 9\n";
    struct marks_fixture f;
    CU_ASSERT_TRUE(chains_find(&f, marks, "x-chain"));
    CU_ASSERT_TRUE(step_removes(&f.step, 2, 4, 1));
    CU_ASSERT_TRUE(step_removes(&f.step, 2, 5, 1));
    CU_ASSERT_TRUE(step_removes(&f.step, 8, 9, 1));
    CU_ASSERT_TRUE(step_removes(&f.step, 3, 3, 1));
    CU_ASSERT_EQUAL(step_removal_count(&f.h, &f.step), 4);
    CU_ASSERT_EQUAL(f.step.nnodes, 7); /* the start again at the end */
    assert_rating(&f.step, 6.6 + 0.1); /* six links */
    marks_close(&f);
}

/* Bivalue cells r1c1 {1,2}, r1c5 {2,3}, r5c5 {3,4}, r5c2 {1,4}: 1 off in
 * r1c1 makes 2, 3, 4 and then 1 on in r5c2; r2c2 sees both ends. */
static const char xy_chain_marks[] = "12 9 9 9 23 9 9 9 9\n"
                                     "9 156 9 9 9 9 9 9 9\n"
                                     "9 9 9 9 9 9 9 56 9\n"
                                     "9 9 9 9 9 9 9 9 9\n"
                                     "9 14 9 9 34 9 9 9 9\n"
                                     "9 9 9 9 9 9 9 9 9\n"
                                     "9 58 9 9 9 9 9 9 9\n"
                                     "9 9 9 9 9 9 9 9 9\n"
                                     "9 9 9 9 9 9 9 9 9\n";

static void test_xy_chain(void)
{
    struct marks_fixture f;
    CU_ASSERT_TRUE(chains_find(&f, xy_chain_marks, "xy-chain"));
    CU_ASSERT_TRUE(step_removes(&f.step, 2, 2, 1));
    CU_ASSERT_EQUAL(step_removal_count(&f.h, &f.step), 1);
    CU_ASSERT_EQUAL(f.step.nnodes, 8);
    assert_node(&f.step, 0, 1, 1, 1, 0);
    assert_node(&f.step, 1, 1, 1, 2, 1);
    assert_node(&f.step, 2, 1, 5, 2, 0);
    assert_node(&f.step, 7, 5, 2, 1, 1);
    assert_rating(&f.step, 6.7 + 0.2); /* seven links */
    marks_close(&f);
}

/* r5c2 {4,7}: the chain ends on 7, not on the 1 it started from. */
static void test_xy_chain_quiet(void)
{
    struct marks_fixture f;
    char marks[sizeof xy_chain_marks];
    memcpy(marks, xy_chain_marks, sizeof marks);
    memcpy(strstr(marks, "14"), "47", 2);
    CU_ASSERT_FALSE(chains_find(&f, marks, "xy-chain"));
    marks_close(&f);
}

/* Bilocal 1 in row 1, r1c6's own two digits, bilocal 5 in column 6, 5
 * twice in row 7, bivalue r7c2: (r1c1,1) = (r1c6,1) - (r1c6,5) =
 * (r7c6,5) - (r7c2,5) = (r7c2,1); r8c1 sees r1c1 and r7c2. */
static const char aic_marks[] = "123 9 9 9 9 145 9 9 9\n"
                                "9 9 9 9 9 9 9 9 9\n"
                                "9 9 9 9 9 9 9 9 9\n"
                                "148 9 9 9 9 9 9 9 9\n"
                                "9 9 9 9 9 9 9 9 9\n"
                                "9 9 9 9 9 9 9 9 9\n"
                                "9 15  9 9 9 568 9 9 9\n"
                                "167 9 9 9 9 9 9 9 9\n"
                                "9 9 123 9 9 9 9 9 9\n";

static void test_aic_same_digit(void)
{
    struct marks_fixture f;
    CU_ASSERT_TRUE(chains_find(&f, aic_marks, "aic"));
    CU_ASSERT_TRUE(step_removes(&f.step, 8, 1, 1));
    CU_ASSERT_EQUAL(step_removal_count(&f.h, &f.step), 1);
    CU_ASSERT_EQUAL(f.step.nnodes, 6);
    assert_node(&f.step, 2, 1, 6, 5, 0);
    assert_rating(&f.step, 7.0 + 0.1); /* five links */
    marks_close(&f);
}

/* (r1c1,1) = (r1c6,1) - (r1c6,5) = (r3c4,5) - (r3c2,5) = (r3c2,2): the
 * ends differ but r1c1 sees r3c2, so r1c1 is 1 or r3c2 is 2; either way
 * r1c1 is not 2. */
static void test_aic_two_digits(void)
{
    static const char marks[] = "124 9 9 9 9 157 9 9 9\n"
                                "9 9 267 9 9 9 9 9 9\n"
                                "9 25 9 358 9 9 9 9 9\n"
                                "9 9 9 9 9 9 9 9 9\n"
                                "9 9 9 9 9 9 9 9 9\n"
                                "9 9 9 9 9 9 9 9 9\n"
                                "9 9 9 9 9 9 9 9 9\n"
                                "9 9 9 9 9 9 9 9 9\n"
                                "9 9 9 9 9 9 9 9 9\n";
    struct marks_fixture f;
    CU_ASSERT_TRUE(chains_find(&f, marks, "aic"));
    CU_ASSERT_TRUE(step_removes(&f.step, 1, 1, 2));
    CU_ASSERT_EQUAL(step_removal_count(&f.h, &f.step), 1);
    assert_rating(&f.step, 7.0 + 0.1);
    marks_close(&f);
}

/* r7c2 {1,4,5} is no longer bivalue: the chain has no last strong link. */
static void test_aic_quiet(void)
{
    struct marks_fixture f;
    char marks[sizeof aic_marks];
    memcpy(marks, aic_marks, sizeof marks);
    memcpy(strstr(marks, "15 "), "145", 3);
    CU_ASSERT_FALSE(chains_find(&f, marks, "aic"));
    marks_close(&f);
}

/* The X-chain position plus a three-link chain on 7 (r4c1 = r4c4 - r9c4 =
 * r9c2, removing 7 from r7c1 and r8c1). The search meets the five-link
 * chain on 1 first; the shorter one must win. */
static void test_shortest_chain_wins(void)
{
    static const char marks[] = "9 123 9 9 9 9 134 9 9\n"
                                "125 9 9 9 9 9 9 9 9\n"
                                "9 9 146 9 9 9 9 9 9\n"
                                "27 9 9 37 9 9 9 9 9\n"
                                "9 9 9 9 156 9 145 9 9\n"
                                "9 9 136 9 9 9 9 9 9\n"
                                "67 9 9 9 9 9 9 9 9\n"
                                "78 9 135 9 126 9 9 9 9\n"
                                "9 57 9 47 9 9 9 9 9\n";
    struct marks_fixture f;
    CU_ASSERT_TRUE(chains_find(&f, marks, "x-chain"));
    CU_ASSERT_EQUAL(f.step.nnodes, 4);
    CU_ASSERT_EQUAL(f.step.digits, digitset_of(7));
    CU_ASSERT_TRUE(step_removes(&f.step, 7, 1, 7));
    CU_ASSERT_TRUE(step_removes(&f.step, 8, 1, 7));
    CU_ASSERT_FALSE(step_removes(&f.step, 3, 3, 1));
    assert_rating(&f.step, 6.6);
    marks_close(&f);
}

void tests_register(void)
{
    CU_pSuite s = CU_add_suite("tech_chains", NULL, NULL);
    CU_add_test(s, "x-chain", test_x_chain);
    CU_add_test(s, "x-chain quiet", test_x_chain_quiet);
    CU_add_test(s, "x-cycle", test_x_cycle);
    CU_add_test(s, "xy-chain", test_xy_chain);
    CU_add_test(s, "xy-chain quiet", test_xy_chain_quiet);
    CU_add_test(s, "aic same digit", test_aic_same_digit);
    CU_add_test(s, "aic two digits", test_aic_two_digits);
    CU_add_test(s, "aic quiet", test_aic_quiet);
    CU_add_test(s, "shortest chain wins", test_shortest_chain_wins);
}
