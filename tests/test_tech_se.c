/*
 * test_tech_se.c — the techniques Sudoku Explainer rates between the
 * unique rectangle and the forcing chains, and its forcing levels.
 *
 * The wings and the unique loop run on hand-made pencil marks (every cell
 * open with every candidate but the pattern's, as marks_edit makes them):
 * each finds its pattern, removes exactly what it should, and nothing once
 * the pattern is broken. BUG types 2 and 3, the unique loop's other types,
 * X-chains of three strong links and the forcing levels run on puzzles of the Sudoku Explainer
 * sample whose rating needs them: the rater checks every step it takes against the solution, so a
 * wrong removal fails the rating. The last tests check that a rating asked to stop above a bound
 * stops there.
 */
#include <CUnit/CUnit.h>
#include <string.h>

#include "cunit_main.h"
#include "rate.h"
#include "test_human.h"

static int found_with(struct marks_fixture *f, const char *edits, const char *key)
{
    CU_ASSERT_EQUAL_FATAL(marks_edit(f, edits), 0);
    return marks_find(f, key);
}

/* --- WXYZ- and VWXYZ-wings ----------------------------------------------- */

/* Pivot r1c1 {1,2,3,4}; r1c5 {1,4}, r2c2 {2,4}, r3c3 {3,4}: 4 is the free
 * digit (r1c5 and r2c2 do not see each other), so r1c2 and r1c3, which
 * see every cell holding it, lose 4. */
static const char wxyz[] = "r1c1=1234 r1c5=14 r2c2=24 r3c3=34";

static void test_wxyz_wing(void)
{
    struct marks_fixture f;
    CU_ASSERT_TRUE_FATAL(found_with(&f, wxyz, "wxyz-wing"));
    CU_ASSERT_EQUAL(step_removal_count(&f.h, &f.step), 2);
    CU_ASSERT_TRUE(step_removes(&f.step, 1, 2, 4));
    CU_ASSERT_TRUE(step_removes(&f.step, 1, 3, 4));
    CU_ASSERT_EQUAL(f.step.ncells, 4);
    CU_ASSERT_DOUBLE_EQUAL(f.step.rating, 5.5, 1e-9);
    marks_close(&f);
}

/* Five digits in the four cells, or two free digits: no wing. */
static void test_wxyz_wing_needs_one_free_digit(void)
{
    struct marks_fixture f;
    CU_ASSERT_FALSE(found_with(&f, "r1c1=1234 r1c5=15 r2c2=24 r3c3=34", "wxyz-wing"));
    marks_close(&f);
    CU_ASSERT_FALSE(found_with(&f, "r1c1=1234 r1c5=14 r2c2=24 r3c3=13", "wxyz-wing"));
    marks_close(&f);
}

/* The same with a fifth digit: pivot {1,2,3,4,5}, 5 free. */
static void test_vwxyz_wing(void)
{
    struct marks_fixture f;
    CU_ASSERT_TRUE_FATAL(
        found_with(&f, "r1c1=12345 r1c5=15 r2c2=25 r3c3=35 r1c7=45", "vwxyz-wing"));
    CU_ASSERT_EQUAL(step_removal_count(&f.h, &f.step), 2);
    CU_ASSERT_TRUE(step_removes(&f.step, 1, 2, 5));
    CU_ASSERT_TRUE(step_removes(&f.step, 1, 3, 5));
    CU_ASSERT_EQUAL(f.step.ncells, 5);
    marks_close(&f);
    CU_ASSERT_FALSE(found_with(&f, "r1c1=12345 r1c5=15 r2c2=25 r3c3=36 r1c7=45", "vwxyz-wing"));
    marks_close(&f);
}

/* --- unique loop --------------------------------------------------------- */

/* The loop r1c1 r1c4 r2c4 r2c7 r3c7 r3c1 on {5,6}: two cells in every
 * house it meets (box 1 holds its first and last, five places apart).
 * r3c1 holds 7 as well, so it cannot be 5 nor 6. The houses the pairs
 * share lose 5 and 6 first, so no naked pair is left to find. */
#define LOOP_CLEAR "r1-56 r2-56 c4-56 c7-56 b2-56 b3-56 "
static const char loop_one[] = LOOP_CLEAR "r1c1=56 r1c4=56 r2c4=56 r2c7=56 r3c7=56 r3c1=567";

static void test_unique_loop_type_one(void)
{
    struct marks_fixture f;
    CU_ASSERT_TRUE_FATAL(found_with(&f, loop_one, "unique-loop"));
    CU_ASSERT_EQUAL(step_removal_count(&f.h, &f.step), 2);
    CU_ASSERT_TRUE(step_removes(&f.step, 3, 1, 5));
    CU_ASSERT_TRUE(step_removes(&f.step, 3, 1, 6));
    CU_ASSERT_EQUAL(f.step.ncells, 6);
    CU_ASSERT_DOUBLE_EQUAL(f.step.rating, 4.6, 1e-9);
    marks_close(&f);
}

/* A cell off the pair breaks the loop; a house with three of its cells
 * (r1c7 added to row 1) is no deadly pattern. */
static void test_unique_loop_needs_a_loop(void)
{
    struct marks_fixture f;
    CU_ASSERT_FALSE(found_with(&f, LOOP_CLEAR "r1c1=56 r1c4=56 r2c4=56 r2c7=58 r3c7=56 r3c1=567",
                               "unique-loop"));
    marks_close(&f);
    CU_ASSERT_FALSE(found_with(&f, LOOP_CLEAR "r1c1=56 r1c4=56 r1c7=56 r2c4=56 r3c7=56 r3c1=567",
                               "unique-loop"));
    marks_close(&f);
}

/* --- whole puzzles ------------------------------------------------------- */

/* Rates a puzzle; returns how many steps of key it took (-1 when the
 * rating failed or erred). */
static int rated_with(const char *line, const char *key, double *rating)
{
    struct fixture fx;
    static struct rate_result res;
    CU_ASSERT_FATAL(fixture_open(&fx, 9, 3, 3, line) == 0);
    struct rater *r = rater_new(fx.rules);
    CU_ASSERT_PTR_NOT_NULL_FATAL(r);
    int status = rate_puzzle(r, fx.puzzle.givens, &res, NULL, NULL);
    rater_free(r);
    fixture_close(&fx);
    if (status || res.erred_technique >= 0) return -1;
    *rating = res.rating;
    for (int i = 0; i < res.ntally; i++)
        if (strcmp(res.tally[i].key, key) == 0) return res.tally[i].count;
    return 0;
}

static const struct {
    const char *puzzle, *key;
    double rating; /* ours, and Sudoku Explainer's within 0.1 */
} se_puzzles[] = {
    {"000700200060000001308094000007000090009813400040000100000450702800000010006009000",
     "bug-type-2", 5.7},
    {"000000007007068200009501084050009000030000050000600020140706500005280300800000000",
     "bug-type-3", 5.8},
    {"000000000009231600620000049006402900090070020000080000503000107900000004000703000",
     "unique-loop", 4.6},
    {"031080050200307040800000000000005080007604900040100000000000005010702008050090210",
     "unique-loop", 4.7},
    {"279008300000020040050070008100000450000060000045000009500030080080040000003800526",
     "unique-loop", 4.6},
    {"087026000000004080400500300009002008600030002800600400006005003040200000000470910",
     "three-strong-links", 5.4},
    {"090300508000000000030097016079005003000010000400600190780160030000000000503008060", "nishio",
     7.8},
    {"000000000027090830153000296340000079000941000200000005910703058000000000000584000",
     "cell-region-forcing-chains", 8.3},
};

static void test_sample_puzzles(void)
{
    for (size_t i = 0; i < sizeof se_puzzles / sizeof se_puzzles[0]; i++) {
        double rating = 0;
        int count = rated_with(se_puzzles[i].puzzle, se_puzzles[i].key, &rating);
        if (count <= 0) fprintf(stderr, "\n  %s: used %d times\n", se_puzzles[i].key, count);
        CU_ASSERT_TRUE(count > 0);
        CU_ASSERT_DOUBLE_EQUAL(rating, se_puzzles[i].rating, 1e-9);
    }
}

/* --- stopping above a bound ---------------------------------------------- */

static int rate_within(const char *line, double above, struct rate_result *res)
{
    struct fixture fx;
    CU_ASSERT_FATAL(fixture_open(&fx, 9, 3, 3, line) == 0);
    struct rater *r = rater_new(fx.rules);
    CU_ASSERT_PTR_NOT_NULL_FATAL(r);
    int status = rate_puzzle_within(r, fx.puzzle.givens, above, res, NULL, NULL);
    rater_free(r);
    fixture_close(&fx);
    return status;
}

/* A 5.7 puzzle: asked to stop above 4.4 it does, with a bound above 4.4;
 * above 6.0 it rates in full, as rate_puzzle does. */
static void test_rating_stops_above_a_bound(void)
{
    static struct rate_result res;
    const char *p = se_puzzles[0].puzzle;
    CU_ASSERT_EQUAL(rate_within(p, 4.4, &res), 1);
    CU_ASSERT_TRUE(res.rating > 4.4);
    CU_ASSERT_TRUE(res.rating <= 5.7 + 1e-9);
    CU_ASSERT_EQUAL(res.grade, grade_of_rating(res.rating));
    CU_ASSERT_EQUAL(rate_within(p, 6.0, &res), 0);
    CU_ASSERT_DOUBLE_EQUAL(res.rating, 5.7, 1e-9);
    CU_ASSERT_EQUAL(rate_within(p, 5.7, &res), 0);
}

void tests_register(void)
{
    CU_pSuite s = CU_add_suite("techniques of Sudoku Explainer", NULL, NULL);
    CU_add_test(s, "WXYZ-wing", test_wxyz_wing);
    CU_add_test(s, "WXYZ-wing needs one free digit", test_wxyz_wing_needs_one_free_digit);
    CU_add_test(s, "VWXYZ-wing", test_vwxyz_wing);
    CU_add_test(s, "unique loop type 1", test_unique_loop_type_one);
    CU_add_test(s, "unique loop needs a loop", test_unique_loop_needs_a_loop);
    CU_add_test(s, "sample puzzles", test_sample_puzzles);
    CU_add_test(s, "rating stops above a bound", test_rating_stops_above_a_bound);
}
