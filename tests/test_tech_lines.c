/*
 * test_tech_lines.c — the rater's steps for the line and clue rules
 * (whispers, renban, palindrome, between, sandwich: their explain hooks;
 * the rule of 45 on the sum rule's constant sums)
 * on hand-made positions: each narrows one line or clue where the rule
 * allows less than the candidates, names it by its cells or its clue,
 * touches no other part of the rule, and finds nothing where the rule
 * adds nothing to the candidates.
 *
 * A position is one rule on an empty classic 9x9 grid, every cell open
 * with every candidate, then edits as test_human.h's marks_apply takes
 * them.
 */
#include <CUnit/CUnit.h>
#include <stdlib.h>
#include <string.h>

#include "cunit_main.h"
#include "puzzle.h"
#include "rate.h"
#include "test_rule_position.h"

static struct rule_position *fire(const char *rule, const char *args, const char *edits,
                                  const char *key)
{
    struct rule_position *f = rule_position_open(rule, args, edits);
    CU_ASSERT_TRUE(rule_position_find(f, key));
    return f;
}

static void expect_quiet(const char *rule, const char *args, const char *edits, const char *key)
{
    struct rule_position *f = rule_position_open(rule, args, edits);
    int t = technique_by_key(key);
    CU_ASSERT_FATAL(t >= 0);
    CU_ASSERT_FALSE(rule_position_row(f, t));
    rule_position_close(f);
}

#define ALL "123456789"

static void test_whispers(void)
{
    /* No digit differs from 5 by 5 or more: 5 leaves the first line, and
     * the second line waits for a step of its own. */
    struct rule_position *f = fire("whispers", "0-1-10,36-37", "", "whispers-line");
    CU_ASSERT_EQUAL(rule_position_after(f, 1, 1), digits_of_list("12346789"));
    CU_ASSERT_EQUAL(rule_position_after(f, 2, 2), digits_of_list("12346789"));
    CU_ASSERT_EQUAL(rule_position_after(f, 1, 3), digits_of_list(ALL));
    CU_ASSERT_EQUAL(rule_position_after(f, 5, 1), digits_of_list(ALL));
    CU_ASSERT_TRUE(rule_position_says(f, "whispers line: r1c1-r1c2-r2c2; so"));
    rule_position_close(f);
    /* A 4 next to 1..3 keeps its neighbour at 9. */
    f = fire("whispers", "0-1", "r1c1=4 r1c2-5", "whispers-line");
    CU_ASSERT_EQUAL(rule_position_after(f, 1, 2), digits_of_list("9"));
    rule_position_close(f);
    expect_quiet("whispers", "0-1-10,36-37", "r1c1:2-5 r2c2-5 r5c1:2-5", "whispers-line");
}

static void test_renban(void)
{
    /* A 1 or 2 on a three-cell line: the run is 1-3 or 2-4. */
    struct rule_position *f = fire("renban", "0-1-2", "r1c1=12", "renban-line");
    CU_ASSERT_EQUAL(rule_position_after(f, 1, 2), digits_of_list("1234"));
    CU_ASSERT_EQUAL(rule_position_after(f, 1, 3), digits_of_list("1234"));
    CU_ASSERT_TRUE(rule_position_says(f, "renban line: r1c1-r1c2-r1c3"));
    rule_position_close(f);
    /* Runs 4-6 and 5-7 both need 5 and 6, whose places are all in box 1. */
    f = fire("renban", "0-1-10", "r1c1=456 r1c2=567 r2c2=4567", "renban-line");
    CU_ASSERT_EQUAL(rule_position_after(f, 3, 3),
                    digits_of_list("1234789")); /* 6 too: every run needs it */
    CU_ASSERT_EQUAL(rule_position_after(f, 1, 9), digits_of_list(ALL));
    rule_position_close(f);
    /* Every run of three fits: the line says nothing yet. */
    expect_quiet("renban", "0-1-2", "", "renban-line");
}

static void test_palindrome(void)
{
    /* Mirror cells hold the same digit. */
    struct rule_position *f = fire("palindrome", "0-10-21", "r1c1=12", "palindrome-line");
    CU_ASSERT_EQUAL(rule_position_after(f, 3, 4), digits_of_list("12"));
    CU_ASSERT_EQUAL(rule_position_after(f, 2, 2),
                    digits_of_list(ALL)); /* the middle has no mirror */
    CU_ASSERT_TRUE(rule_position_says(f, "palindrome line: r1c1-r2c2-r3c4"));
    rule_position_close(f);
    expect_quiet("palindrome", "0-10-21", "r1c1=12 r3c4=12", "palindrome-line");
}

static void test_between(void)
{
    /* The inside is strictly between the ends: never 1 or 9. */
    struct rule_position *f = fire("between", "0-1-2", "", "between-line");
    CU_ASSERT_EQUAL(rule_position_after(f, 1, 2), digits_of_list("2345678"));
    CU_ASSERT_EQUAL(rule_position_after(f, 1, 1), digits_of_list(ALL));
    rule_position_close(f);
    /* An end of 1 or 2 is the low one: the other is the high one. */
    f = fire("between", "0-1-2", "r1c1=12 r1c2-19", "between-line");
    CU_ASSERT_EQUAL(rule_position_after(f, 1, 2), digits_of_list("2345678"));
    CU_ASSERT_EQUAL(rule_position_after(f, 1, 3), digits_of_list("3456789"));
    CU_ASSERT_TRUE(rule_position_says(f, "between line: r1c1-r1c2-r1c3"));
    rule_position_close(f);
    expect_quiet("between", "0-1-2", "r1c2-19", "between-line");
}

static void test_sandwich(void)
{
    /* 35 is 2+...+8: the breads at the ends of row 1, the column's clue
     * left for a step of its own. */
    struct rule_position *f = fire("sandwich", "r1=35,c9=35", "", "sandwich-clue");
    CU_ASSERT_EQUAL(rule_position_after(f, 1, 1), digits_of_list("19"));
    CU_ASSERT_EQUAL(rule_position_after(f, 1, 9), digits_of_list("19"));
    CU_ASSERT_EQUAL(rule_position_after(f, 1, 5), digits_of_list("2345678"));
    CU_ASSERT_EQUAL(rule_position_after(f, 5, 9), digits_of_list(ALL));
    CU_ASSERT_TRUE(rule_position_says(f, "sandwich clue: r1=35; so"));
    rule_position_close(f);
    /* Row 1's breads are placed already; column 5's 0 says nothing yet. */
    expect_quiet("sandwich", "r1=35,c5=0", "r1c1=19 r1c9=19 r1c2:8-19", "sandwich-clue");
}

static void test_sum_rule_of_45(void)
{
    /* Row 1: r1c1..r1c4 and r1c5..r1c8 add up to 20 each, so r1c9 is
     * 45 - 40 = 5; four distinct digits make 20 with any digit, so the sums
     * alone say nothing. */
    struct rule_position *f = fire("sum", "0+1+2+3=20,4+5+6+7=20", "", "sum-rule-of-45");
    CU_ASSERT_EQUAL(rule_position_after(f, 1, 9), digits_of_list("5"));
    CU_ASSERT_EQUAL(rule_position_after(f, 1, 1), digits_of_list(ALL));
    CU_ASSERT_TRUE(rule_position_says(f, "rule of 45 on sums: r1c9 = 5"));
    rule_position_close(f);
    /* Box 1 holds r1c1..r1c3 making 15 and r2c1..r2c3, r3c1 making 20:
     * r3c2 and r3c3 make 10, so neither is 5 (each sum alone allows any
     * digit, and row 1's six cells left make 30 with any digit). */
    f = fire("sum", "0+1+2=15,9+10+11+18=20", "", "sum-rule-of-45");
    CU_ASSERT_EQUAL(rule_position_after(f, 3, 2), digits_of_list("12346789"));
    CU_ASSERT_EQUAL(rule_position_after(f, 3, 3), digits_of_list("12346789"));
    CU_ASSERT_EQUAL(rule_position_after(f, 3, 1), digits_of_list(ALL));
    CU_ASSERT_TRUE(rule_position_says(f, "rule of 45 on sums: r3c2 + r3c3 = 10"));
    rule_position_close(f);
    /* Row 1 less two sums of 15 (each alone allows any digit): r1c7..r1c9
     * make 15 with digits the three cells hold (1, 2, 6, 7, 9), which is
     * 2+6+7 alone; 1+5+9 and 2+4+9 give each cell a digit but need a 5 or
     * a 4 no cell has. */
    f = fire("sum", "0+1+2=15,3+4+5=15", "r1c7=12 r1c8=126 r1c9=79", "sum-rule-of-45");
    CU_ASSERT_EQUAL(rule_position_after(f, 1, 7), digits_of_list("2"));
    CU_ASSERT_EQUAL(rule_position_after(f, 1, 8), digits_of_list("26"));
    CU_ASSERT_EQUAL(rule_position_after(f, 1, 9), digits_of_list("7"));
    CU_ASSERT_TRUE(rule_position_says(f, "rule of 45 on sums: r1c7 + r1c8 + r1c9 = 15"));
    rule_position_close(f);
    /* A sum reaching out of the row, and an arrow (its total a cell's
     * digit), leave nothing known: no step. */
    expect_quiet("sum", "0+1+2+3=20,4+5+6+7+16=25", "", "sum-rule-of-45");
    expect_quiet("sum", "0+1+2+3=20,4+5+6+7=@18", "", "sum-rule-of-45");
}

void tests_register(void)
{
    CU_pSuite s = CU_add_suite("line and clue rule steps", NULL, NULL);
    CU_add_test(s, "whispers line", test_whispers);
    CU_add_test(s, "renban line", test_renban);
    CU_add_test(s, "palindrome line", test_palindrome);
    CU_add_test(s, "between line", test_between);
    CU_add_test(s, "sandwich clue", test_sandwich);
    CU_add_test(s, "rule of 45 on sums", test_sum_rule_of_45);
}
