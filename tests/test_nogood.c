/*
 * test_nogood.c — the nogoods restarts learn: a nogood whose decisions
 * but the last hold narrows the last one's open cell, one that holds
 * whole is a contradiction, and a narrowing can complete another.
 * All on an empty 4x4 classic grid (boxes of 2x2), cells 0..15 row by row.
 */
#include <CUnit/CUnit.h>

#include "cunit_main.h"
#include "nogood.h"
#include "test_helpers.h"

#define STATE_WORDS (SL_MAX_CELLS + 64)

static const int cell0[] = {0}, cell1[] = {1}, cell2[] = {2}, cell5[] = {5}, cells01[] = {0, 1};

static struct nogood_decision decision(const int *cells, int ncells, digitset digits)
{
    return (struct nogood_decision){cells, ncells, digits};
}

/* Opens the grid with `givens` (one-line form, NULL for none) and
 * propagates it. */
static void open_grid(struct fixture *f, digitset *state, const char *givens)
{
    CU_ASSERT_EQUAL_FATAL(fixture_open(f, 4, 2, 2, givens), 0);
    CU_ASSERT_TRUE_FATAL(f->rules->state_bytes <= STATE_WORDS * sizeof *state);
    struct prop_ctx ctx;
    CU_ASSERT_EQUAL_FATAL(propagate_start(&ctx, f->rules, state, f->puzzle.givens), SL_PROP_OK);
}

static int apply(struct fixture *f, struct nogood_store *ns, digitset *state)
{
    struct prop_ctx ctx;
    return nogoods_apply(ns, &ctx, f->rules, state);
}

/* A store holding the one nogood {r1c1 = 1, r2c2 = 2}. */
static struct nogood_store *r1c1_1_r2c2_2(void)
{
    struct nogood_store *ns = nogoods_new();
    struct nogood_decision d[] = {decision(cell0, 1, digitset_of(1)),
                                  decision(cell5, 1, digitset_of(2))};
    nogoods_add(ns, d, 2);
    return ns;
}

/* Once r1c1 holds 1, r2c2 loses 2, and not before. */
static void test_prefix_narrows_the_last_decision(void)
{
    struct fixture f;
    digitset state[STATE_WORDS];
    struct nogood_store *ns = r1c1_1_r2c2_2();
    CU_ASSERT_EQUAL(nogoods_count(ns), 1);
    open_grid(&f, state, NULL);
    CU_ASSERT_EQUAL(apply(&f, ns, state), SL_PROP_OK);
    CU_ASSERT_EQUAL(state[5], digitset_all(4));
    fixture_close(&f);
    open_grid(&f, state, "1...............");
    CU_ASSERT_EQUAL(apply(&f, ns, state), SL_PROP_OK);
    CU_ASSERT_EQUAL(state[5], digitset_of(3) | digitset_of(4));
    fixture_close(&f);
    nogoods_free(ns);
}

/* With r2c2 already 2 the nogood holds whole: a contradiction, until the
 * store is cleared. */
static void test_a_whole_nogood_is_a_contradiction(void)
{
    struct fixture f;
    digitset state[STATE_WORDS];
    struct nogood_store *ns = r1c1_1_r2c2_2();
    open_grid(&f, state, "1....2..........");
    CU_ASSERT_EQUAL(apply(&f, ns, state), SL_PROP_CONTRADICTION);
    nogoods_clear(ns);
    CU_ASSERT_EQUAL(nogoods_count(ns), 0);
    CU_ASSERT_EQUAL(apply(&f, ns, state), SL_PROP_OK);
    fixture_close(&f);
    nogoods_free(ns);
}

/* A decision over two cells ({r1c1, r1c2} within {1, 2}) refuted: with
 * r1c1 = 1, the one cell left open, r1c2, must take a digit outside it. */
static void test_one_open_cell_leaves_the_digits(void)
{
    struct fixture f;
    digitset state[STATE_WORDS];
    struct nogood_store *ns = nogoods_new();
    struct nogood_decision d[] = {decision(cells01, 2, digitset_of(1) | digitset_of(2))};
    nogoods_add(ns, d, 1);
    open_grid(&f, state, "1...............");
    CU_ASSERT_EQUAL(apply(&f, ns, state), SL_PROP_OK);
    CU_ASSERT_EQUAL(state[1], digitset_of(3) | digitset_of(4));
    fixture_close(&f);
    nogoods_free(ns);
}

/* Row 1 with r1c1 = 1. The first nogood, {r1c2 = 3, r1c3 = 2}, holds only
 * after the next two leave r1c2 just 3: then r1c3 is 4 and r1c4 is 2. */
static void test_a_narrowing_completes_an_earlier_nogood(void)
{
    struct fixture f;
    digitset state[STATE_WORDS];
    struct nogood_store *ns = nogoods_new();
    struct nogood_decision first[] = {decision(cell1, 1, digitset_of(3)),
                                      decision(cell2, 1, digitset_of(2))};
    struct nogood_decision second[] = {decision(cell0, 1, digitset_of(1)),
                                       decision(cell1, 1, digitset_of(2))};
    struct nogood_decision third[] = {decision(cell0, 1, digitset_of(1)),
                                      decision(cell1, 1, digitset_of(4))};
    nogoods_add(ns, first, 2);
    nogoods_add(ns, second, 2);
    nogoods_add(ns, third, 2);
    open_grid(&f, state, "1...............");
    CU_ASSERT_EQUAL(apply(&f, ns, state), SL_PROP_OK);
    CU_ASSERT_EQUAL(state[1], digitset_of(3));
    CU_ASSERT_EQUAL(state[2], digitset_of(4));
    CU_ASSERT_EQUAL(state[3], digitset_of(2));
    fixture_close(&f);
    nogoods_free(ns);
}

void tests_register(void)
{
    CU_pSuite s = CU_add_suite("nogood", NULL, NULL);
    CU_add_test(s, "prefix narrows the last decision", test_prefix_narrows_the_last_decision);
    CU_add_test(s, "a whole nogood is a contradiction", test_a_whole_nogood_is_a_contradiction);
    CU_add_test(s, "one open cell leaves the digits", test_one_open_cell_leaves_the_digits);
    CU_add_test(s, "a narrowing completes an earlier nogood",
                test_a_narrowing_completes_an_earlier_nogood);
}
