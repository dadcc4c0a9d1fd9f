/*
 * test_search.c — solve, count and fill: solution counts known from
 * combinatorics, limits, node limits, reproducible fills for every size,
 * and 16x16 / 25x25 puzzles made from filled grids.
 */
#include <CUnit/CUnit.h>

#include "cunit_main.h"
#include "test_helpers.h"

/* The first puzzle of the 17-clue collection. */
static const char *puzzle17 =
    ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...";

static void test_known_counts(void)
{
    struct fixture f;
    CU_ASSERT_EQUAL_FATAL(fixture_open(&f, 4, 2, 2, NULL), 0);
    CU_ASSERT_EQUAL(fixture_count(&f, 100000), 288); /* 4x4 sudoku grids */
    CU_ASSERT_EQUAL(fixture_count(&f, 7), 7);        /* the limit stops it */
    fixture_close(&f);
    CU_ASSERT_EQUAL_FATAL(fixture_open(&f, 4, 0, 0, NULL), 0);
    CU_ASSERT_EQUAL(fixture_count(&f, 100000), 576); /* Latin squares of order 4 */
    fixture_close(&f);
    CU_ASSERT_EQUAL_FATAL(fixture_open(&f, 5, 0, 0, NULL), 0);
    CU_ASSERT_EQUAL(fixture_count(&f, 1000000), 161280); /* Latin squares of order 5 */
    fixture_close(&f);
    CU_ASSERT_EQUAL_FATAL(fixture_open(&f, 1, -1, 0, NULL), 0);
    CU_ASSERT_EQUAL(fixture_count(&f, 10), 1);
    fixture_close(&f);
}

static void test_unique_puzzle(void)
{
    struct fixture f;
    uint8_t solution[81];
    struct search_stats stats = {0};
    CU_ASSERT_EQUAL_FATAL(fixture_open(&f, 9, 3, 3, puzzle17), 0);
    struct search_result r = solver_count(f.solver, f.puzzle.givens, 2, solution, &stats);
    CU_ASSERT_EQUAL(r.solutions, 1);
    CU_ASSERT_FALSE(r.gave_up);
    CU_ASSERT_TRUE(puzzle_is_solution(&f.puzzle, solution));
    CU_ASSERT_TRUE(stats.nodes >= 1);
    /* One given fewer: no longer unique (17-clue puzzles are minimal). */
    for (int c = 0; c < 81; c++) {
        if (!f.puzzle.givens[c]) continue;
        f.puzzle.givens[c] = 0;
        break;
    }
    CU_ASSERT_EQUAL(fixture_count(&f, 2), 2);
    fixture_close(&f);
}

/* Solved by singles alone: one node, no guess. */
static void test_easy_puzzle_needs_no_guess(void)
{
    struct fixture f;
    struct search_stats stats = {0};
    CU_ASSERT_EQUAL_FATAL(
        fixture_open(
            &f, 9, 3, 3,
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"),
        0);
    CU_ASSERT_EQUAL(solver_count(f.solver, f.puzzle.givens, 2, NULL, &stats).solutions, 1);
    CU_ASSERT_EQUAL(stats.guesses, 0);
    CU_ASSERT_EQUAL(stats.nodes, 1);
    fixture_close(&f);
}

static void test_node_limit_gives_up(void)
{
    struct fixture f;
    CU_ASSERT_EQUAL_FATAL(fixture_open(&f, 9, 3, 3, NULL), 0);
    solver_set_node_limit(f.solver, 3);
    struct search_result r = solver_count(f.solver, f.puzzle.givens, 1000, NULL, NULL);
    CU_ASSERT_TRUE(r.gave_up);
    CU_ASSERT_TRUE(r.solutions < 1000);
    fixture_close(&f);
}

/* Same seed, same grid; another seed, another grid; every size valid. */
static void test_fill_every_size(void)
{
    for (int n = 1; n <= SL_MAX_SIZE; n++) {
        for (int boxed = 0; boxed < 2; boxed++) {
            struct fixture f;
            uint8_t a[SL_MAX_CELLS], b[SL_MAX_CELLS], c[SL_MAX_CELLS];
            struct rng rng;
            CU_ASSERT_EQUAL_FATAL(fixture_open(&f, n, boxed ? -1 : 0, 0, NULL), 0);
            int cells = f.puzzle.geo.ncells;
            rng_for_index(&rng, 42, (uint64_t)n);
            CU_ASSERT_EQUAL(solver_fill(f.solver, f.puzzle.givens, &rng, a, NULL).solutions, 1);
            rng_for_index(&rng, 42, (uint64_t)n);
            CU_ASSERT_EQUAL(solver_fill(f.solver, f.puzzle.givens, &rng, b, NULL).solutions, 1);
            rng_for_index(&rng, 43, (uint64_t)n);
            CU_ASSERT_EQUAL(solver_fill(f.solver, f.puzzle.givens, &rng, c, NULL).solutions, 1);
            CU_ASSERT_TRUE(puzzle_is_solution(&f.puzzle, a));
            CU_ASSERT_TRUE(puzzle_is_solution(&f.puzzle, c));
            CU_ASSERT_EQUAL(memcmp(a, b, (size_t)cells), 0);
            if (n >= 4) CU_ASSERT_NOT_EQUAL(memcmp(a, c, (size_t)cells), 0);
            fixture_close(&f);
        }
    }
}

/* Big puzzles: fill, blank about half the cells at random, solve; the
 * answer must satisfy the rules and keep every given. */
static void test_big_puzzles_from_filled_grids(void)
{
    static const int sizes[] = {12, 16, 25};
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        struct fixture f;
        uint8_t grid[SL_MAX_CELLS], solution[SL_MAX_CELLS];
        struct rng rng;
        CU_ASSERT_EQUAL_FATAL(fixture_open(&f, sizes[i], -1, 0, NULL), 0);
        rng_seed(&rng, 7 + i);
        CU_ASSERT_EQUAL_FATAL(solver_fill(f.solver, f.puzzle.givens, &rng, grid, NULL).solutions,
                              1);
        for (int trial = 0; trial < 3; trial++) {
            for (int c = 0; c < f.puzzle.geo.ncells; c++)
                f.puzzle.givens[c] = rng_below(&rng, 100) < 50 ? 0 : grid[c];
            struct search_result r = solver_count(f.solver, f.puzzle.givens, 1, solution, NULL);
            CU_ASSERT_EQUAL(r.solutions, 1);
            CU_ASSERT_TRUE(puzzle_is_solution(&f.puzzle, solution));
        }
        fixture_close(&f);
    }
}

static void test_rng_is_reproducible(void)
{
    struct rng a, b;
    rng_seed(&a, 5);
    rng_seed(&b, 5);
    for (int i = 0; i < 100; i++) CU_ASSERT_EQUAL(rng_next(&a), rng_next(&b));
    int seen[6] = {0};
    for (int i = 0; i < 6000; i++) seen[rng_below(&a, 6)]++;
    for (int i = 0; i < 6; i++) CU_ASSERT_TRUE(seen[i] > 800 && seen[i] < 1200);
    rng_for_index(&a, 5, 0);
    rng_for_index(&b, 5, 1);
    CU_ASSERT_NOT_EQUAL(rng_next(&a), rng_next(&b));
}

void tests_register(void)
{
    CU_pSuite s = CU_add_suite("search", NULL, NULL);
    CU_add_test(s, "known counts", test_known_counts);
    CU_add_test(s, "unique puzzle", test_unique_puzzle);
    CU_add_test(s, "easy puzzle needs no guess", test_easy_puzzle_needs_no_guess);
    CU_add_test(s, "node limit gives up", test_node_limit_gives_up);
    CU_add_test(s, "fill every size", test_fill_every_size);
    CU_add_test(s, "big puzzles from filled grids", test_big_puzzles_from_filled_grids);
    CU_add_test(s, "rng is reproducible", test_rng_is_reproducible);
}
