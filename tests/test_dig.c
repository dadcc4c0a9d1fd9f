/*
 * test_dig.c — the dig's own parts: the grid it starts from (dig_fill),
 * the swap sets that settle removals without a search, and a dig that
 * must stay unique and minimal with them, and agree with one question at
 * a time.
 */
#include <CUnit/CUnit.h>
#include <stdlib.h>

#include "cunit_main.h"
#include "dig.h"
#include "dig_unavoidable.h"
#include "test_helpers.h"

static int set_has(const uint64_t *set, int c) { return (int)(set[c >> 6] >> (c & 63)) & 1; }

/* Fills from drawn diagonal boxes are solutions, reproducible, and differ
 * by seed; with a given, the fill keeps it. */
static void test_fill(void)
{
    struct fixture f;
    CU_ASSERT_EQUAL_FATAL(fixture_open(&f, 9, 3, 3, NULL), 0);
    uint8_t a[SL_MAX_CELLS], b[SL_MAX_CELLS], c[SL_MAX_CELLS];
    struct rng rng;
    rng_seed(&rng, 7);
    CU_ASSERT_EQUAL(dig_fill(f.solver, f.rules, f.puzzle.givens, &rng, a, NULL).solutions, 1);
    rng_seed(&rng, 7);
    CU_ASSERT_EQUAL(dig_fill(f.solver, f.rules, f.puzzle.givens, &rng, b, NULL).solutions, 1);
    rng_seed(&rng, 8);
    CU_ASSERT_EQUAL(dig_fill(f.solver, f.rules, f.puzzle.givens, &rng, c, NULL).solutions, 1);
    CU_ASSERT_TRUE(puzzle_is_solution(&f.puzzle, a));
    CU_ASSERT_TRUE(puzzle_is_solution(&f.puzzle, c));
    CU_ASSERT_EQUAL(memcmp(a, b, 81), 0);
    CU_ASSERT_NOT_EQUAL(memcmp(a, c, 81), 0);
    f.puzzle.givens[1] = 5;
    rng_seed(&rng, 7);
    CU_ASSERT_EQUAL(dig_fill(f.solver, f.rules, f.puzzle.givens, &rng, a, NULL).solutions, 1);
    CU_ASSERT_TRUE(puzzle_is_solution(&f.puzzle, a));
    CU_ASSERT_EQUAL(a[1], 5);
    fixture_close(&f);
}

/* The digits a set's cells hold in grid, as a mask. */
static unsigned set_digits(const uint64_t *set, const uint8_t *grid)
{
    unsigned digits = 0;
    for (int c = 0; c < 81; c++)
        if (set_has(set, c)) digits |= 1u << grid[c];
    return digits;
}

/* Every set is unavoidable: with its cells emptied the grid has another
 * solution. Every pair of digits gives a set, two-digit sets hold as many
 * of each, and some trades of two rows or columns hold three digits. */
static void test_sets_swap(void)
{
    struct fixture f;
    CU_ASSERT_EQUAL_FATAL(fixture_open(&f, 9, 3, 3, NULL), 0);
    uint8_t grid[SL_MAX_CELLS];
    struct rng rng;
    rng_seed(&rng, 3);
    CU_ASSERT_EQUAL_FATAL(solver_fill(f.solver, f.puzzle.givens, &rng, grid, NULL).solutions, 1);
    struct dig_unavoidable u;
    dig_unavoidable_find(&u, f.rules, grid);
    CU_ASSERT_TRUE(u.n >= 36);
    int wide = 0;
    for (int i = 0; i < u.n; i++) {
        for (int c = 0; c < 81; c++) f.puzzle.givens[c] = set_has(u.set[i], c) ? 0 : grid[c];
        CU_ASSERT_EQUAL(fixture_count(&f, 2), 2);
        unsigned digits = set_digits(u.set[i], grid);
        wide += __builtin_popcount(digits) > 2;
        if (__builtin_popcount(digits) != 2) continue;
        int first = __builtin_ctz(digits), count[2] = {0, 0};
        for (int c = 0; c < 81; c++)
            if (set_has(u.set[i], c)) count[grid[c] != first]++;
        CU_ASSERT_TRUE(count[0] == count[1] && count[0] >= 2);
    }
    CU_ASSERT_TRUE(wide > 0);
    memset(f.puzzle.givens, 0, 81);
    grid[0] = grid[1]; /* not a solution: no sets */
    dig_unavoidable_find(&u, f.rules, grid);
    CU_ASSERT_EQUAL(u.n, 0);
    fixture_close(&f);
}

/* Fills an empty grid of f and digs every cell of it in a random order,
 * one at a time: the count of givens removed. */
static int dig_every_cell(struct fixture *f, struct rng *rng, uint8_t *grid)
{
    int n = f->rules->geo.ncells, cells[SL_MAX_CELLS], start[SL_MAX_CELLS + 1];
    memset(f->puzzle.givens, 0, (size_t)n);
    CU_ASSERT_EQUAL_FATAL(
        dig_fill(f->solver, f->rules, f->puzzle.givens, rng, grid, NULL).solutions, 1);
    for (int c = 0; c < n; c++) cells[c] = c, start[c] = c;
    start[n] = n;
    rng_shuffle_ints(rng, cells, n);
    memcpy(f->puzzle.givens, grid, (size_t)n);
    return dig_groups(f->solver, f->rules, f->puzzle.givens, grid, cells, start, n, NULL);
}

/* An empty 9x9 classic fixture, with `rule` (no arguments) added when
 * not NULL. */
static void fixture_open_with(struct fixture *f, const char *rule)
{
    struct sl_error err = {0};
    CU_ASSERT_EQUAL_FATAL(fixture_open(f, 9, 3, 3, NULL), 0);
    if (!rule) return;
    CU_ASSERT_EQUAL_FATAL(puzzle_add_rule(&f->puzzle, rule, "", &err), 0);
    solver_free(f->solver);
    ruleset_free(f->rules);
    f->rules = ruleset_build(&f->puzzle, &err);
    CU_ASSERT_PTR_NOT_NULL_FATAL(f->rules);
    f->solver = solver_new(f->rules);
}

/* A dig of every cell in turn is unique and minimal: each clue kept has
 * a second solution without it; so too with X sudoku's diagonals, where
 * classic's unavoidable sets (a swap may break a diagonal) must not keep
 * a clue, and none are found. */
static void check_dig_minimal(const char *rule)
{
    struct fixture f;
    fixture_open_with(&f, rule);
    uint8_t grid[SL_MAX_CELLS];
    struct rng rng;
    for (int seed = 1; seed <= 5; seed++) {
        rng_seed(&rng, (uint64_t)seed);
        CU_ASSERT_TRUE(dig_every_cell(&f, &rng, grid) > 40);
        CU_ASSERT_EQUAL(fixture_count(&f, 2), 1);
        for (int c = 0; c < 81; c++)
            if (f.puzzle.givens[c])
                CU_ASSERT_FALSE(dig_keeps_unique(f.solver, f.rules, f.puzzle.givens, grid, &c, 1));
        struct dig_unavoidable u;
        dig_unavoidable_find(&u, f.rules, grid);
        CU_ASSERT_EQUAL(u.n == 0, rule != NULL);
    }
    fixture_close(&f);
}

static void test_dig_minimal(void) { check_dig_minimal(NULL); }
static void test_dig_minimal_x(void) { check_dig_minimal("diagonal"); }

/* The shared-state dig of a few groups (ranges of one, two and three
 * split apart, the searches keeping their dead-end weights) removes
 * exactly the givens that asking one question at a time from the givens
 * does: a minimal puzzle with eight of the solution's cells given back,
 * dug over those cells and some of its own clues, mixed. */
static void test_dig_few_groups(void)
{
    struct fixture f;
    CU_ASSERT_EQUAL_FATAL(fixture_open(&f, 9, 3, 3, NULL), 0);
    uint8_t grid[SL_MAX_CELLS], minimal[SL_MAX_CELLS], alone[SL_MAX_CELLS];
    struct rng rng;
    rng_seed(&rng, 11);
    dig_every_cell(&f, &rng, grid);
    memcpy(minimal, f.puzzle.givens, 81);
    int cells[16], n = 0, start[17], disagreed = 0, kept = 0;
    for (int c = 0; c < 81 && n < 8; c++)
        if (!minimal[c]) cells[n++] = c;
    for (int c = 80; c >= 0 && n < 16; c--)
        if (minimal[c]) cells[n++] = c;
    rng_shuffle_ints(&rng, cells, n);
    for (int i = 0; i <= n; i++) start[i] = i;
    for (int ngroups = 1; ngroups <= n; ngroups++) {
        memcpy(alone, minimal, 81);
        for (int i = 0; i < n; i++) alone[cells[i]] = grid[cells[i]];
        memcpy(f.puzzle.givens, alone, 81);
        for (int g = 0; g < ngroups; g++)
            if (dig_keeps_unique(f.solver, f.rules, alone, grid, &cells[g], 1)) alone[cells[g]] = 0;
        dig_groups(f.solver, f.rules, f.puzzle.givens, grid, cells, start, ngroups, NULL);
        disagreed += memcmp(alone, f.puzzle.givens, 81) != 0;
        for (int g = 0; g < ngroups; g++) kept += alone[cells[g]] != 0;
    }
    CU_ASSERT_EQUAL(disagreed, 0);
    CU_ASSERT_TRUE(kept > 0); /* some questions were answered no */
    CU_ASSERT_EQUAL(fixture_count(&f, 2), 1);
    fixture_close(&f);
}

/* A dig that remembers (dig_groups_remembering) removes what one that
 * does not removes, dig after dig of one grid, as a climb digs them:
 * a minimal puzzle, a few of its removed cells given back, dug again
 * over every cell with those last. The memory learns second solutions
 * and unique puzzles on the way, and starts afresh on another grid. So
 * too with X sudoku, where no swap set is known and the learnt sets are
 * all there is. */
static void check_dig_remembering(const char *rule)
{
    struct fixture f;
    fixture_open_with(&f, rule);
    struct dig_memory *memory = malloc(sizeof *memory);
    CU_ASSERT_PTR_NOT_NULL_FATAL(memory);
    dig_memory_forget(memory);
    uint8_t grid[SL_MAX_CELLS], plain[SL_MAX_CELLS], base[SL_MAX_CELLS];
    int cells[81], start[82], disagreed = 0, moved = 0, learned = 0;
    struct rng rng;
    for (int c = 0; c < 82; c++) start[c] = c;
    for (int seed = 1; seed <= 3; seed++) {
        rng_seed(&rng, (uint64_t)seed);
        dig_every_cell(&f, &rng, grid);
        memcpy(base, f.puzzle.givens, 81);
        for (int round = 0; round < 12; round++) {
            int n = 0, back = 0;
            for (int c = 0; c < 81; c++)
                if (base[c]) cells[n++] = c;
            rng_shuffle_ints(&rng, cells, n);
            int open[81], nopen = 0;
            for (int c = 0; c < 81; c++)
                if (!base[c]) open[nopen++] = c;
            rng_shuffle_ints(&rng, open, nopen);
            memcpy(plain, base, 81);
            for (; back < 3; back++) plain[open[back]] = grid[open[back]], cells[n++] = open[back];
            memcpy(f.puzzle.givens, plain, 81);
            dig_groups(f.solver, f.rules, plain, grid, cells, start, n, NULL);
            dig_groups_remembering(f.solver, f.rules, f.puzzle.givens, grid, cells, start, n, NULL,
                                   memory);
            disagreed += memcmp(plain, f.puzzle.givens, 81) != 0;
            moved += memcmp(base, plain, 81) != 0;
            CU_ASSERT_EQUAL(fixture_count(&f, 2), 1);
        }
        CU_ASSERT_EQUAL(memcmp(memory->solution, grid, 81), 0);
        learned += memory->nlearned > 0 && memory->nunique > 0;
    }
    CU_ASSERT_EQUAL(disagreed, 0);
    CU_ASSERT_TRUE(moved > 0); /* some digs left another minimal puzzle */
    CU_ASSERT_EQUAL(learned, 3);
    free(memory);
    fixture_close(&f);
}

static void test_dig_remembering(void) { check_dig_remembering(NULL); }
static void test_dig_remembering_x(void) { check_dig_remembering("diagonal"); }

/* A grid past the sets' 128 cells digs without them, unique. */
static void test_dig_big(void)
{
    struct fixture f;
    CU_ASSERT_EQUAL_FATAL(fixture_open(&f, 12, 3, 4, NULL), 0);
    uint8_t grid[SL_MAX_CELLS];
    struct rng rng;
    rng_seed(&rng, 5);
    CU_ASSERT_TRUE(dig_every_cell(&f, &rng, grid) > 60);
    CU_ASSERT_EQUAL(fixture_count(&f, 2), 1);
    fixture_close(&f);
}

/* Plain classic grids of every box shape fill by masks from their
 * diagonal boxes: solutions, the same for a seed, another for the next. */
static void test_fill_sizes(void)
{
    static const int shapes[][3] = {{4, 2, 2},  {6, 2, 3},  {8, 2, 4}, {12, 3, 4},
                                    {16, 4, 4}, {20, 4, 5}, {25, 5, 5}};
    for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++) {
        struct fixture f;
        CU_ASSERT_EQUAL_FATAL(fixture_open(&f, shapes[i][0], shapes[i][1], shapes[i][2], NULL), 0);
        uint8_t a[SL_MAX_CELLS], b[SL_MAX_CELLS];
        size_t n = (size_t)f.rules->geo.ncells;
        struct rng rng;
        for (uint64_t seed = 1; seed <= 12; seed++) {
            rng_seed(&rng, seed);
            CU_ASSERT_EQUAL(dig_fill(f.solver, f.rules, f.puzzle.givens, &rng, a, NULL).solutions,
                            1);
            CU_ASSERT_TRUE(puzzle_is_solution(&f.puzzle, a));
            rng_seed(&rng, seed);
            CU_ASSERT_EQUAL(dig_fill(f.solver, f.rules, f.puzzle.givens, &rng, b, NULL).solutions,
                            1);
            CU_ASSERT_EQUAL(memcmp(a, b, n), 0);
            rng_seed(&rng, seed + 100);
            CU_ASSERT_EQUAL(dig_fill(f.solver, f.rules, f.puzzle.givens, &rng, b, NULL).solutions,
                            1);
            CU_ASSERT_NOT_EQUAL(memcmp(a, b, n), 0);
        }
        fixture_close(&f);
    }
}

/* A rule beyond rows, columns and boxes (the diagonals; odd and even
 * cells, which narrow the starting domains) keeps the mask fill out:
 * every fill still obeys it. */
static void test_fill_other_rules(void)
{
    const char *rules[][2] = {{"diagonal", ""}, {"oddeven", NULL}};
    char marks[SL_MAX_CELLS + 1];
    for (int c = 0; c < 81; c++) marks[c] = c % 4 == 0 ? 'o' : c % 4 == 1 ? 'e' : '.';
    marks[81] = 0;
    rules[1][1] = marks;
    for (int i = 0; i < 2; i++) {
        struct fixture f;
        struct sl_error err = {0};
        CU_ASSERT_EQUAL_FATAL(fixture_open(&f, 9, 3, 3, NULL), 0);
        CU_ASSERT_EQUAL_FATAL(puzzle_add_rule(&f.puzzle, rules[i][0], rules[i][1], &err), 0);
        solver_free(f.solver);
        ruleset_free(f.rules);
        f.rules = ruleset_build(&f.puzzle, &err);
        CU_ASSERT_PTR_NOT_NULL_FATAL(f.rules);
        f.solver = solver_new(f.rules);
        uint8_t grid[SL_MAX_CELLS];
        struct rng rng;
        for (uint64_t seed = 1; seed <= 20; seed++) {
            rng_seed(&rng, seed);
            CU_ASSERT_EQUAL(
                dig_fill(f.solver, f.rules, f.puzzle.givens, &rng, grid, NULL).solutions, 1);
            CU_ASSERT_TRUE(puzzle_is_solution(&f.puzzle, grid));
        }
        fixture_close(&f);
    }
}

/* Narrows copies of state, cells[i] to allowed[i], one cell at a time
 * (solver_narrow) and all at once (solver_narrow_each): 1 when the two
 * agree on the status (left in *status) and, when consistent, on every
 * byte. */
static int narrow_agrees(struct solver *s, const struct ruleset *rs, const digitset *state,
                         const int *cells, const digitset *allowed, int count, int *status_out)
{
    size_t bytes = rs->state_bytes;
    digitset *one = malloc(bytes), *each = malloc(bytes);
    CU_ASSERT_PTR_NOT_NULL_FATAL(one);
    CU_ASSERT_PTR_NOT_NULL_FATAL(each);
    memcpy(one, state, bytes);
    memcpy(each, state, bytes);
    int status = 1;
    for (int i = 0; i < count && status == 1; i++)
        status = solver_narrow(s, one, &cells[i], 1, allowed[i]);
    int agrees = solver_narrow_each(s, each, cells, allowed, count) == status &&
                 (status != 1 || memcmp(one, each, bytes) == 0);
    free(one);
    free(each);
    *status_out = status;
    return agrees;
}

/* Many cells narrowed at once, each to its own digits, leave the state
 * that narrowing them one by one does, over the classic kernel (9x9),
 * the general path (9x9 with it switched off, 6x6) and for narrowings
 * that end in a contradiction. */
static void test_narrow_each(void)
{
    static const int shapes[][4] = {{9, 3, 3, 0}, {9, 3, 3, 1}, {6, 2, 3, 0}};
    for (size_t k = 0; k < sizeof shapes / sizeof shapes[0]; k++) {
        if (shapes[k][3]) setenv("SUDOLAB_GENERAL_ENGINE", "1", 1);
        struct fixture f;
        int opened = fixture_open(&f, shapes[k][0], shapes[k][1], shapes[k][2], NULL);
        unsetenv("SUDOLAB_GENERAL_ENGINE");
        CU_ASSERT_EQUAL_FATAL(opened, 0);
        CU_ASSERT_TRUE((f.rules->kernel != NULL) == (shapes[k][0] == 9 && !shapes[k][3]));
        int n = f.rules->geo.ncells, size = f.rules->geo.size, checked = 0, failed = 0;
        uint8_t grid[SL_MAX_CELLS];
        digitset *root = malloc(f.rules->state_bytes);
        CU_ASSERT_PTR_NOT_NULL_FATAL(root);
        struct rng rng;
        rng_seed(&rng, 21 + k);
        for (int round = 0; round < 40; round++) {
            memset(f.puzzle.givens, 0, (size_t)n);
            CU_ASSERT_EQUAL_FATAL(
                solver_fill(f.solver, f.puzzle.givens, &rng, grid, NULL).solutions, 1);
            int cells[SL_MAX_CELLS], count = n / 6 + round % 5;
            digitset allowed[SL_MAX_CELLS];
            for (int c = 0; c < n; c++) cells[c] = c;
            rng_shuffle_ints(&rng, cells, n);
            for (int i = count; i < n / 3; i++) f.puzzle.givens[cells[i]] = grid[cells[i]];
            if (solver_root(f.solver, f.puzzle.givens, root) != 1) continue;
            for (int i = 0; i < count; i++) allowed[i] = digitset_of(grid[cells[i]]);
            if (round % 4 == 3) /* a wrong digit, most often a contradiction */
                allowed[count - 1] = digitset_of(grid[cells[count - 1]] % size + 1);
            int status;
            checked += narrow_agrees(f.solver, f.rules, root, cells, allowed, count, &status);
            failed += status == 0;
        }
        CU_ASSERT_EQUAL(checked, 40);
        CU_ASSERT_TRUE(failed > 0);
        free(root);
        fixture_close(&f);
    }
}

/* A 25x25 grid with about half its cells given: the dig's light count
 * without a given often runs out of its DIG_NODE_LIMIT nodes, on puzzles
 * that are unique and on puzzles that are not. A given is said to keep
 * the puzzle unique only when a full count (heavy propagation, a large
 * limit) finds no other solution; some seeds must be puzzles with a
 * second solution the light count gave up looking for. */
static void test_keeps_unique_when_cut_short(void)
{
    int gave_up_not_unique = 0;
    for (int seed = 1; seed <= 12; seed++) {
        struct fixture f;
        struct rng rng;
        uint8_t grid[SL_MAX_CELLS], smaller[SL_MAX_CELLS];
        CU_ASSERT_EQUAL_FATAL(fixture_open(&f, 25, 5, 5, NULL), 0);
        rng_seed(&rng, (uint64_t)seed);
        CU_ASSERT_EQUAL_FATAL(solver_fill(f.solver, f.puzzle.givens, &rng, grid, NULL).solutions,
                              1);
        for (int c = 0; c < 625; c++) f.puzzle.givens[c] = rng_below(&rng, 2) ? grid[c] : 0;
        int cell = 0;
        while (!f.puzzle.givens[cell]) cell++;
        memcpy(smaller, f.puzzle.givens, 625);
        smaller[cell] = 0;
        int keeps = dig_keeps_unique(f.solver, f.rules, f.puzzle.givens, grid, &cell, 1);
        solver_set_light(f.solver, 1);
        solver_set_node_limit(f.solver, DIG_NODE_LIMIT);
        int light_gave_up =
            solver_count_without(f.solver, smaller, cell, grid[cell], 1, NULL).gave_up;
        solver_set_light(f.solver, 0);
        solver_set_node_limit(f.solver, 200000);
        struct search_result full =
            solver_count_without(f.solver, smaller, cell, grid[cell], 1, NULL);
        if (!full.gave_up) {
            if (keeps) CU_ASSERT_EQUAL(full.solutions, 0);
            gave_up_not_unique += light_gave_up && full.solutions > 0;
        }
        fixture_close(&f);
    }
    CU_ASSERT_TRUE(gave_up_not_unique > 0);
}

void tests_register(void)
{
    CU_pSuite s = CU_add_suite("dig", NULL, NULL);
    CU_add_test(s, "fill", test_fill);
    CU_add_test(s, "sets swap", test_sets_swap);
    CU_add_test(s, "dig minimal", test_dig_minimal);
    CU_add_test(s, "dig minimal, X sudoku", test_dig_minimal_x);
    CU_add_test(s, "dig big", test_dig_big);
    CU_add_test(s, "fill sizes", test_fill_sizes);
    CU_add_test(s, "fill other rules", test_fill_other_rules);

    CU_add_test(s, "dig few groups", test_dig_few_groups);
    CU_add_test(s, "dig remembering", test_dig_remembering);
    CU_add_test(s, "dig remembering, X sudoku", test_dig_remembering_x);
    CU_add_test(s, "narrow many cells at once", test_narrow_each);
    CU_add_test(s, "keeps unique when a count is cut short", test_keeps_unique_when_cut_short);
}
