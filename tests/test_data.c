/*
 * test_data.c — the engine against the public puzzle collections in
 * ../shared/data (relative to the project root, where ctest runs).
 *
 * Puzzles are read through the real reader (format.h), their givens
 * checked (ruleset_check_givens), their solutions counted with a limit of
 * 2 (solver_count) and each solution verified twice: by the rules
 * (puzzle_is_solution) and by an independent row/column/box check written
 * here, so a checker that accepts anything cannot make the tests pass.
 * A data file that cannot be opened is a failure, never a skip.
 */
#include <CUnit/CUnit.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cunit_main.h"
#include "format.h"
#include "rules.h"
#include "search.h"
#include "test_helpers.h"

#ifndef DATA_DIR
#define DATA_DIR "../shared/data/"
#endif

/* --- helpers ---------------------------------------------------------- */

/* 1 when grid is a complete valid classic 9x9 grid keeping the givens
 * (givens may be NULL). Written independently of the engine. */
static int independent_classic_ok(const uint8_t *grid, const uint8_t *givens)
{
    for (int i = 0; i < 81; i++) {
        if (grid[i] < 1 || grid[i] > 9) return 0;
        if (givens && givens[i] && givens[i] != grid[i]) return 0;
    }
    for (int u = 0; u < 9; u++) {
        unsigned row = 0, col = 0, box = 0;
        for (int i = 0; i < 9; i++) {
            row |= 1u << grid[u * 9 + i];
            col |= 1u << grid[i * 9 + u];
            box |= 1u << grid[(u / 3 * 3 + i / 3) * 9 + u % 3 * 3 + i % 3];
        }
        if (row != 0x3FEu || col != 0x3FEu || box != 0x3FEu) return 0;
    }
    return 1;
}

/* One file's run: every `stride`-th puzzle is counted (limit 2) and its
 * first solution verified; `expect` is the count each should give (1 for
 * unique puzzles, 2 for a file of puzzles with several solutions). When
 * `exact_every` > 0, every puzzle whose index is a multiple of it is also
 * counted without a practical limit into exact[index / exact_every]. */
struct file_run {
    long read;       /* puzzles read */
    long checked;    /* puzzles counted and verified */
    long bad_reads;  /* reader_next returned -1 or -2 */
    long bad_givens; /* ruleset_check_givens refused */
    long not_unique; /* solver_count with limit 2 did not return `expect` */
    long gave_up;
    long wrong;     /* the solution failed puzzle_is_solution */
    long wrong_ind; /* the solution failed the independent check */
    long not_9x9;
    int opened;
    long exact[16];
    int nexact;
    /* The first checked puzzle and its solution, for the negative tests. */
    int have_sample;
    uint8_t sample_givens[SL_MAX_CELLS];
    uint8_t sample_solution[SL_MAX_CELLS];
};

static void report_first(long *counter, const char *path, long line, const char *what)
{
    if ((*counter)++ < 5) fprintf(stderr, "\n  %s:%ld: %s", path, line, what);
}

static void run_file(const char *path, long stride, long expect, long exact_every,
                     struct file_run *run)
{
    memset(run, 0, sizeof *run);
    FILE *in = fopen(path, "rb");
    if (in == NULL) return;
    run->opened = 1;
    struct reader_options opt = {0};
    struct puzzle_reader *reader = reader_open(in, &opt);
    struct puzzle_source *where = malloc(sizeof *where);
    struct puzzle *p = malloc(sizeof *p);
    struct ruleset *rs = NULL;
    struct solver *solver = NULL;
    if (reader == NULL || where == NULL || p == NULL) {
        run->opened = 0; /* reported as not read */
        goto done;
    }
    for (;;) {
        struct sl_error err = {0};
        int got = reader_next(reader, p, where, &err);
        if (got == 0) break;
        if (got < 0) {
            report_first(&run->bad_reads, path, err.line, err.msg);
            if (got == -2) break;
            continue;
        }
        long index = run->read++;
        if (p->geo.size != 9 || p->geo.box_rows != 3 || p->geo.box_cols != 3) {
            report_first(&run->not_9x9, path, where->line, "not a 9x9 puzzle with 3x3 boxes");
            puzzle_clear(p);
            continue;
        }
        int exact = exact_every > 0 && index % exact_every == 0;
        if (index % stride != 0 && !exact) {
            puzzle_clear(p);
            continue;
        }
        if (rs == NULL || !ruleset_matches(rs, p)) {
            solver_free(solver);
            ruleset_free(rs);
            solver = NULL;
            rs = ruleset_build(p, &err);
            if (rs) solver = solver_new(rs);
            if (solver == NULL) {
                CU_FAIL("ruleset_build or solver_new failed");
                puzzle_clear(p);
                break;
            }
        }
        int cell = -1;
        if (ruleset_check_givens(rs, p->givens, &cell, &err)) {
            report_first(&run->bad_givens, path, where->line, err.msg);
            puzzle_clear(p);
            continue;
        }
        uint8_t solution[SL_MAX_CELLS];
        memset(solution, 0, sizeof solution);
        struct search_result r = solver_count(solver, p->givens, 2, solution, NULL);
        run->checked += index % stride == 0;
        if (r.gave_up) report_first(&run->gave_up, path, where->line, "search gave up");
        if (r.solutions != expect)
            report_first(&run->not_unique, path, where->line, "unexpected number of solutions");
        if (exact && run->nexact < 16) {
            struct search_result all = solver_count(solver, p->givens, 1000000, NULL, NULL);
            run->exact[run->nexact++] = all.gave_up ? -1 : all.solutions;
        }
        if (r.solutions >= 1) {
            if (!puzzle_is_solution(p, solution))
                report_first(&run->wrong, path, where->line, "puzzle_is_solution refused it");
            if (!independent_classic_ok(solution, p->givens))
                report_first(&run->wrong_ind, path, where->line, "invalid solution grid");
            if (!run->have_sample) {
                run->have_sample = 1;
                memcpy(run->sample_givens, p->givens, 81);
                memcpy(run->sample_solution, solution, 81);
            }
        }
        puzzle_clear(p);
    }
done:
    solver_free(solver);
    ruleset_free(rs);
    reader_close(reader);
    free(where);
    free(p);
    fclose(in);
}

/* Runs a file and asserts what every data file must satisfy. */
static void check_file(const char *path, long stride, long expect, long expected, long exact_every,
                       struct file_run *run)
{
    run_file(path, stride, expect, exact_every, run);
    if (!run->opened) {
        char msg[300];
        snprintf(msg, sizeof msg, "cannot open or read data file %s", path);
        CU_FAIL(msg);
        fprintf(stderr, "\n  cannot open data file %s\n", path);
        return;
    }
    CU_ASSERT_EQUAL(run->read, expected);
    if (run->read != expected)
        fprintf(stderr, "\n  %s: read %ld puzzles, want %ld", path, run->read, expected);
    CU_ASSERT_EQUAL(run->checked, (expected + stride - 1) / stride);
    CU_ASSERT_EQUAL(run->bad_reads, 0);
    CU_ASSERT_EQUAL(run->not_9x9, 0);
    CU_ASSERT_EQUAL(run->bad_givens, 0);
    CU_ASSERT_EQUAL(run->gave_up, 0);
    CU_ASSERT_EQUAL(run->not_unique, 0);
    CU_ASSERT_EQUAL(run->wrong, 0);
    CU_ASSERT_EQUAL(run->wrong_ind, 0);
    CU_ASSERT(run->have_sample);
}

static void check_unique_file(const char *path, long stride, long expected)
{
    struct file_run run;
    check_file(path, stride, 1, expected, 0, &run);
}

/* --- classic collections ------------------------------------------------ */

static void test_17_clue_all(void) { check_unique_file(DATA_DIR "puzzles2_17_clue", 1, 49158); }
static void test_magictour(void)
{
    check_unique_file(DATA_DIR "puzzles3_magictour_top1465", 1, 1465);
}
static void test_forum_hardest(void)
{
    check_unique_file(DATA_DIR "puzzles6_forum_hardest_1106", 1, 375);
}
/* "PUZZLE RATING" lines: the rating is an annotation the reader ignores. */
static void test_se_rated(void) { check_unique_file(DATA_DIR "se_rated_sample.txt", 1, 2094); }

/* Serg's benchmark is NOT a set of unique puzzles, whatever the data
 * README says: an independent brute-force counter (a separate Python
 * backtracker) finds at least two solutions for all 10000, and these
 * exact counts for puzzles 0, 1000, ..., 9000. So each sampled puzzle
 * must be solved with a verified solution and count 2 at limit 2, and the
 * exact counts must match. */
static void test_serg(void)
{
    static const long exact[10] = {872, 623, 325, 612, 894, 426, 605, 575, 311, 716};
    struct file_run run;
    check_file(DATA_DIR "puzzles7_serg_benchmark", 7, 2, 10000, 1000, &run);
    if (!run.opened) return;
    CU_ASSERT_EQUAL_FATAL(run.nexact, 10);
    for (int i = 0; i < 10; i++) {
        CU_ASSERT_EQUAL(run.exact[i], exact[i]);
        if (run.exact[i] != exact[i])
            fprintf(stderr, "\n  serg puzzle %d: %ld solutions, want %ld", i * 1000, run.exact[i],
                    exact[i]);
    }
}

/* --- killer solutions as complete classic grids ------------------------ */

/* Field `want` (0-based) of a CSV line into out; quotes may hold commas.
 * Returns 0, or -1 when the line has fewer fields or the field is long. */
static int csv_field(const char *line, int want, char *out, size_t cap)
{
    int field = 0, quoted = 0;
    size_t len = 0;
    for (const char *s = line; *s && *s != '\n' && *s != '\r'; s++) {
        if (*s == '"') {
            quoted = !quoted;
            continue;
        }
        if (*s == ',' && !quoted) {
            if (field == want) break;
            field++;
            continue;
        }
        if (field == want) {
            if (len + 1 >= cap) return -1;
            out[len++] = *s;
        }
    }
    if (field != want) return -1;
    out[len] = '\0';
    return 0;
}

static void test_killer_solutions(void)
{
    const char *path = DATA_DIR "killer_sample.csv";
    FILE *in = fopen(path, "rb");
    if (in == NULL) {
        CU_FAIL("cannot open data file " DATA_DIR "killer_sample.csv");
        fprintf(stderr, "\n  cannot open data file %s\n", path);
        return;
    }
    struct sl_error err = {0};
    struct fixture f;
    CU_ASSERT_FATAL(fixture_open(&f, 9, 3, 3, NULL) == 0);
    struct puzzle *p = &f.puzzle;
    const struct ruleset *rs = f.rules;
    struct solver *solver = f.solver;

    char line[1024], field[128];
    long lineno = 0, rows = 0, checked = 0, bad = 0;
    while (fgets(line, sizeof line, in)) {
        lineno++;
        if (lineno == 1) {
            CU_ASSERT_EQUAL(strncmp(line, "grade,index,cage_map,cage_sums,solution", 39), 0);
            continue;
        }
        if (line[0] == '\n' || line[0] == '\r' || line[0] == '\0') continue;
        rows++;
        if (csv_field(line, 4, field, sizeof field) || strlen(field) != 81) {
            if (bad++ < 5) fprintf(stderr, "\n  %s:%ld: no 81-digit solution field", path, lineno);
            continue;
        }
        if (rows % 4 != 1) continue; /* a sample: rows 1, 5, 9, ... */
        uint8_t grid[SL_MAX_CELLS] = {0}, solution[SL_MAX_CELLS] = {0};
        int ok = 1;
        for (int i = 0; i < 81; i++) {
            if (field[i] < '1' || field[i] > '9') ok = 0;
            grid[i] = (uint8_t)(field[i] - '0');
        }
        checked++;
        if (!ok) {
            if (bad++ < 5)
                fprintf(stderr, "\n  %s:%ld: solution field is not digits", path, lineno);
            continue;
        }
        memcpy(p->givens, grid, 81);
        int cell = -1;
        int refused = ruleset_check_givens(rs, p->givens, &cell, &err);
        struct search_result r = {0, 0};
        if (!refused) r = solver_count(solver, p->givens, 2, solution, NULL);
        int good = !refused && r.solutions == 1 && !r.gave_up && memcmp(solution, grid, 81) == 0 &&
                   puzzle_is_solution(p, grid) && independent_classic_ok(grid, NULL);
        if (!good && bad++ < 5)
            fprintf(stderr, "\n  %s:%ld: complete grid not accepted (refused %d, count %ld)", path,
                    lineno, refused, r.solutions);
    }
    fclose(in);
    CU_ASSERT_EQUAL(rows, 800);
    CU_ASSERT_EQUAL(checked, 200);
    CU_ASSERT_EQUAL(bad, 0);
    fixture_close(&f);
}

/* --- negative checks: the checker must be able to say no ---------------- */

/* A solved puzzle from the data, through the real reader and solver. */
static int first_solved(uint8_t *givens, uint8_t *solution)
{
    struct file_run run;
    run_file(DATA_DIR "puzzles6_forum_hardest_1106", 1000, 1, 0, &run);
    if (!run.opened || !run.have_sample) return -1;
    memcpy(givens, run.sample_givens, 81);
    memcpy(solution, run.sample_solution, 81);
    return 0;
}

static void test_swapped_row_is_rejected(void)
{
    uint8_t givens[SL_MAX_CELLS] = {0}, solution[SL_MAX_CELLS] = {0};
    if (first_solved(givens, solution)) {
        CU_FAIL("cannot open data file " DATA_DIR "puzzles6_forum_hardest_1106");
        return;
    }
    struct sl_error err = {0};
    struct fixture f;
    CU_ASSERT_FATAL(fixture_open(&f, 9, 3, 3, NULL) == 0);
    struct puzzle *p = &f.puzzle;

    /* The solution is accepted with and without the givens. */
    memcpy(p->givens, givens, 81);
    CU_ASSERT_EQUAL(puzzle_is_solution(p, solution), 1);
    memset(p->givens, 0, 81);
    CU_ASSERT_EQUAL(puzzle_is_solution(p, solution), 1);

    /* Swapping two cells of a row keeps the row valid but breaks two
     * columns (and, in different boxes, nothing else saves it): refused
     * by the rules alone, with no givens to help. */
    for (int row = 0; row < 9; row++) {
        for (int a = 0; a < 9; a++) {
            for (int b = a + 1; b < 9; b++) {
                uint8_t bad[SL_MAX_CELLS];
                memcpy(bad, solution, 81);
                uint8_t t = bad[row * 9 + a];
                bad[row * 9 + a] = bad[row * 9 + b];
                bad[row * 9 + b] = t;
                CU_ASSERT_EQUAL(independent_classic_ok(bad, NULL), 0);
                memset(p->givens, 0, 81);
                CU_ASSERT_EQUAL(puzzle_is_solution(p, bad), 0);
                memcpy(p->givens, givens, 81);
                CU_ASSERT_EQUAL(puzzle_is_solution(p, bad), 0);
            }
        }
    }

    /* A valid grid that breaks a given: refused through the givens. A
     * relabelling of the digits (1<->2) keeps every unit valid. */
    uint8_t relabel[SL_MAX_CELLS];
    for (int i = 0; i < 81; i++)
        relabel[i] = solution[i] == 1 ? 2 : solution[i] == 2 ? 1 : solution[i];
    CU_ASSERT_EQUAL(independent_classic_ok(relabel, NULL), 1);
    memset(p->givens, 0, 81);
    CU_ASSERT_EQUAL(puzzle_is_solution(p, relabel), 1);
    int has_1_or_2 = 0;
    for (int i = 0; i < 81; i++) has_1_or_2 |= givens[i] == 1 || givens[i] == 2;
    CU_ASSERT_FATAL(has_1_or_2);
    memcpy(p->givens, givens, 81);
    CU_ASSERT_EQUAL(puzzle_is_solution(p, relabel), 0);

    /* An incomplete grid and a digit out of range are refused. */
    uint8_t hole[SL_MAX_CELLS];
    memcpy(hole, solution, 81);
    hole[40] = 0;
    memset(p->givens, 0, 81);
    CU_ASSERT_EQUAL(puzzle_is_solution(p, hole), 0);
    hole[40] = 10;
    CU_ASSERT_EQUAL(puzzle_is_solution(p, hole), 0);

    /* The swapped grid as givens: ruleset_check_givens names a clash. */
    const struct ruleset *rs = f.rules;
    uint8_t bad[SL_MAX_CELLS];
    memcpy(bad, solution, 81);
    bad[0] = solution[1];
    bad[1] = solution[0];
    int cell = -1;
    CU_ASSERT_NOT_EQUAL(ruleset_check_givens(rs, bad, &cell, &err), 0);
    CU_ASSERT(cell >= 0 && cell < 81);
    CU_ASSERT_EQUAL(ruleset_check_givens(rs, solution, &cell, &err), 0);
    /* And solving the real givens gives back the same solution. */
    uint8_t again[SL_MAX_CELLS] = {0};
    struct search_result r = solver_count(f.solver, givens, 2, again, NULL);
    CU_ASSERT_EQUAL(r.solutions, 1);
    CU_ASSERT_EQUAL(memcmp(again, solution, 81), 0);
    fixture_close(&f);
}

/* A missing file must fail the caller, not pass: run_file says so. */
static void test_missing_file_is_noticed(void)
{
    struct file_run run;
    run_file(DATA_DIR "no_such_file_here", 1, 1, 0, &run);
    CU_ASSERT_EQUAL(run.opened, 0);
    CU_ASSERT_EQUAL(run.read, 0);
}

/* ruleset_check_givens on a 25x25: its 75 units take two words of a
 * unit set, and a clash in a unit past the 64th (the bottom right box)
 * is found as one in the first word is. */
static void test_check_givens_past_64_units(void)
{
    struct sl_error err = {0};
    struct geometry g;
    struct puzzle p;
    CU_ASSERT_EQUAL_FATAL(geometry_init_default(&g, 25, &err), 0);
    puzzle_init(&p, &g);
    CU_ASSERT_EQUAL_FATAL(puzzle_add_classic(&p, &err), 0);
    struct ruleset *rs = ruleset_build(&p, &err);
    CU_ASSERT_PTR_NOT_NULL_FATAL(rs);
    CU_ASSERT(rs->nunits > 64);
    uint8_t givens[SL_MAX_CELLS] = {0};
    givens[20 * 25 + 20] = 5;
    givens[21 * 25 + 22] = 7;
    givens[0] = 5;
    int cell = -1;
    CU_ASSERT_EQUAL(ruleset_check_givens(rs, givens, &cell, &err), 0);
    givens[24 * 25 + 24] = 5; /* r21c21's box, no row or column of it */
    CU_ASSERT_NOT_EQUAL(ruleset_check_givens(rs, givens, &cell, &err), 0);
    CU_ASSERT_EQUAL(cell, 24 * 25 + 24);
    CU_ASSERT_STRING_EQUAL(err.msg, "r25c25: digit 5 repeats the given at r21c21");
    givens[24 * 25 + 24] = 0;
    givens[3 * 25 + 24] = 7; /* a 7 in no unit of r22c23's */
    CU_ASSERT_EQUAL(ruleset_check_givens(rs, givens, &cell, &err), 0);
    givens[10 * 25 + 22] = 7; /* r22c23's column */
    CU_ASSERT_NOT_EQUAL(ruleset_check_givens(rs, givens, &cell, &err), 0);
    CU_ASSERT_STRING_EQUAL(err.msg, "r22c23: digit 7 repeats the given at r11c23");
    ruleset_free(rs);
    puzzle_clear(&p);
}

void tests_register(void)
{
    CU_pSuite s = CU_add_suite("data_classic", NULL, NULL);
    CU_add_test(s, "puzzles2_17_clue: all 49158 unique and verified", test_17_clue_all);
    CU_add_test(s, "magictour_top1465: all 1465 unique and verified", test_magictour);
    CU_add_test(s, "forum_hardest_1106: all 375 unique and verified", test_forum_hardest);
    CU_add_test(s, "serg_benchmark: every 7th solved, verified, NOT unique; exact counts",
                test_serg);
    CU_add_test(s, "se_rated_sample: all 2094 unique and verified", test_se_rated);
    CU_pSuite k = CU_add_suite("data_killer_grids", NULL, NULL);
    CU_add_test(k, "killer_sample solutions are unique valid classic grids", test_killer_solutions);
    CU_pSuite n = CU_add_suite("data_negative", NULL, NULL);
    CU_add_test(n, "a row with two cells swapped is refused", test_swapped_row_is_rejected);
    CU_add_test(n, "a missing data file is noticed", test_missing_file_is_noticed);
    CU_add_test(n, "a clash in a 25x25's units past the 64th", test_check_givens_past_64_units);
}
