/*
 * test_kernel.c — the classic kernel (kernel.h) against the general path.
 *
 * Every classic file of ../shared/data is read through the real reader;
 * a sample of its puzzles is searched twice, once over a ruleset with the
 * kernel and once over one built with SUDOLAB_GENERAL_ENGINE=1, and the
 * two must agree on everything a search reports: solution counts, every
 * solution written and its order, nodes and guesses, with full and with
 * light propagation, with a cell barred from its digit (what a dig asks),
 * and a seeded fill. A data file that cannot be opened is a failure.
 * X sudoku is compared so too, on its own puzzles (tests/data), on them
 * with a third of their givens dropped (several solutions, more dead
 * ends), and on classic sets with the diagonals added (most without a
 * solution). Anti-knight and anti-king (classic houses and the differ
 * rule's pairs) likewise, on generated puzzles of their own (tests/data),
 * thinned, and on a classic set with the pairs added; and their fixed
 * points are compared state for state along walks down from the start.
 * Windoku the same way (its windows are four extra houses).
 */
#include <CUnit/CUnit.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cunit_main.h"
#include "format.h"
#include "intersect.h"
#include "kernel.h"
#include "kernel_fires.h"
#include "propagate.h"
#include "rng.h"
#include "rules.h"
#include "search.h"
#include "test_reader.h"

#ifndef DATA_DIR
#define DATA_DIR "../shared/data/"
#endif

/* How many solutions each comparison asks for: enough to see the order
 * in which a puzzle with several solutions yields them. */
#define KERNEL_TEST_SOLUTIONS 4

/* A ruleset and solver on one path. */
struct side {
    struct ruleset *rs;
    struct solver *solver;
};

static int side_open(struct side *s, const struct puzzle *p, int general)
{
    struct sl_error err = {0};
    if (general) setenv("SUDOLAB_GENERAL_ENGINE", "1", 1);
    s->rs = ruleset_build(p, &err);
    if (general) unsetenv("SUDOLAB_GENERAL_ENGINE");
    s->solver = s->rs ? solver_new(s->rs) : NULL;
    return s->solver ? 0 : -1;
}

static void side_close(struct side *s)
{
    solver_free(s->solver);
    ruleset_free(s->rs);
    s->solver = NULL;
    s->rs = NULL;
}

/* Everything one search reports, for comparing two of them. */
struct outcome {
    struct search_result result;
    struct search_stats stats;
    uint8_t grids[KERNEL_TEST_SOLUTIONS * 81];
};

static int outcome_equal(const struct outcome *a, const struct outcome *b)
{
    return a->result.solutions == b->result.solutions && a->result.gave_up == b->result.gave_up &&
           a->stats.nodes == b->stats.nodes && a->stats.guesses == b->stats.guesses &&
           memcmp(a->grids, b->grids, sizeof a->grids) == 0;
}

/* The searches compared for one puzzle; kind picks which. */
enum { ASK_SOLUTIONS, ASK_LIGHT, ASK_WITHOUT, ASK_FILL, ASK_KINDS };

static void ask(struct side *s, const uint8_t *givens, int kind, uint64_t seed, struct outcome *out)
{
    memset(out, 0, sizeof *out);
    switch (kind) {
    case ASK_SOLUTIONS:
        out->result =
            solver_solutions(s->solver, givens, KERNEL_TEST_SOLUTIONS, out->grids, &out->stats);
        break;
    case ASK_LIGHT:
        solver_set_light(s->solver, 1);
        out->result = solver_count(s->solver, givens, 2, out->grids, &out->stats);
        solver_set_light(s->solver, 0);
        break;
    case ASK_WITHOUT: {
        int cell = 0;
        while (cell < 80 && givens[cell] == 0) cell++;
        solver_set_light(s->solver, 1);
        out->result = solver_count_without(s->solver, givens, cell, givens[cell] ? givens[cell] : 1,
                                           1, &out->stats);
        solver_set_light(s->solver, 0);
        break;
    }
    default: {
        struct rng rng;
        rng_seed(&rng, seed);
        out->result = solver_fill(s->solver, givens, &rng, out->grids, &out->stats);
        break;
    }
    }
}

struct compare_run {
    long read, compared, differed, no_kernel, failures;
    int opened;
};

/* The extra houses added to a puzzle: none, windoku's windows, or four
 * colour regions (the cells at one place of each box: the extra rule). */
enum { WINDOWS_NONE, WINDOWS_WINDOKU, WINDOWS_COLOURS };

/* The pairs added to a puzzle: none, a knight's move or a king's apart. */
enum { PAIRS_NONE, PAIRS_KNIGHT, PAIRS_KING };

/* What a file's puzzles are compared with: the diagonals added to each
 * (a classic set made X sudoku), whether every third given is dropped,
 * and the differ pairs added (PAIRS_*). */
struct compare_as {
    int diagonals;
    int thin;
    int pairs;
    int windows; /* four extra houses added: WINDOWS_* */
};

/* The differ rule's text for the pairs of `kind` on a 9x9 grid, each
 * pair once; 0, or -1 when it does not fit. */
static int pairs_text(int kind, char *out, size_t cap)
{
    static const int knight[4][2] = {{1, 2}, {2, 1}, {1, -2}, {2, -1}};
    static const int king[4][2] = {{1, 1}, {1, -1}, {1, 0}, {0, 1}};
    const int(*moves)[2] = kind == PAIRS_KNIGHT ? knight : king;
    size_t used = (size_t)snprintf(out, cap, "differ:");
    for (int c = 0; c < 81; c++)
        for (int m = 0; m < 4; m++) {
            int r = c / 9 + moves[m][0], col = c % 9 + moves[m][1];
            if (r < 0 || r > 8 || col < 0 || col > 8) continue;
            int n = snprintf(out + used, cap - used, "%s%d-%d", out[used - 1] == ':' ? "" : ",", c,
                             9 * r + col);
            if (n < 0 || (size_t)n >= cap - used) return -1;
            used += (size_t)n;
        }
    return 0;
}

/* A 9x9 puzzle with the pairs of `kind` added, and each given that
 * repeats a given among its partners dropped. 0, or -1. */
static int make_pairs(struct puzzle *p, int kind)
{
    char text[4096];
    struct sl_error err = {0};
    if (p->geo.size != 9 || pairs_text(kind, text, sizeof text) ||
        puzzle_add_rules_text(p, text, &err))
        return -1;
    for (const char *at = text + strlen("differ:"); *at;) {
        char *end;
        long a = strtol(at, &end, 10), b = strtol(end + 1, &end, 10);
        if (p->givens[a] && p->givens[a] == p->givens[b]) p->givens[b] = 0;
        at = *end ? end + 1 : end;
    }
    return 0;
}

/* A 9x9 puzzle made X sudoku: the diagonals added, and each given that
 * repeats a digit of its diagonal dropped (most classic puzzles have
 * some), so that the givens agree with the rules. 0, or -1. */
static int make_x(struct puzzle *p)
{
    struct sl_error err = {0};
    if (p->geo.size != 9 || puzzle_add_rules_text(p, "diagonal", &err)) return -1;
    for (int d = 0; d < 2; d++) {
        digitset seen = 0;
        for (int i = 0; i < 9; i++) {
            int cell = 9 * i + (d ? 8 - i : i);
            digitset given = p->givens[cell] ? digitset_of(p->givens[cell]) : 0;
            if (seen & given) p->givens[cell] = 0;
            seen |= given;
        }
    }
    return 0;
}

/* The extra house (0 to 3) of cell for WINDOWS_*, or -1. */
static int extra_house_of(int kind, int cell)
{
    int r = cell / 9, c = cell % 9;
    if (kind == WINDOWS_WINDOKU) return r % 4 == 0 || c % 4 == 0 ? -1 : 2 * (r / 4) + c / 4;
    static const int colour[9] = {0, -1, 1, -1, 2, -1, -1, -1, 3};
    return colour[r % 3 * 3 + c % 3];
}

/* A 9x9 puzzle with the extra houses of `kind`, and each given that
 * repeats a digit of its extra house dropped. 0, or -1. */
static int make_extra_houses(struct puzzle *p, int kind)
{
    char text[8 + 81 + 1] = "windoku";
    if (kind == WINDOWS_COLOURS) {
        strcpy(text, "extra:");
        for (int cell = 0; cell < 81; cell++) {
            int h = extra_house_of(kind, cell);
            text[6 + cell] = h < 0 ? '.' : (char)('A' + h);
        }
        text[6 + 81] = '\0';
    }
    struct sl_error err = {0};
    if (p->geo.size != 9 || puzzle_add_rules_text(p, text, &err)) return -1;
    digitset seen[4] = {0};
    for (int cell = 0; cell < 81; cell++) {
        int h = extra_house_of(kind, cell);
        digitset given = p->givens[cell] ? digitset_of(p->givens[cell]) : 0;
        if (h < 0) continue;
        if (seen[h] & given) p->givens[cell] = 0;
        seen[h] |= given;
    }
    return 0;
}

/* p as `as` asks; 0, or -1 when the rules cannot be added. */
static int compare_prepare(struct puzzle *p, const struct compare_as *as)
{
    if (as->diagonals && make_x(p)) return -1;
    if (as->pairs && make_pairs(p, as->pairs)) return -1;
    if (as->windows && make_extra_houses(p, as->windows)) return -1;
    for (int c = 0, seen = 0; as->thin && c < p->geo.ncells; c++)
        if (p->givens[c] && ++seen % 3 == 0) p->givens[c] = 0;
    return 0;
}

static void compare_puzzle(struct side *kernel, struct side *general, const struct puzzle *p,
                           long index, const char *path, long line, struct compare_run *run)
{
    int cell = -1;
    struct sl_error err = {0};
    if (ruleset_check_givens(kernel->rs, p->givens, &cell, &err)) {
        if (run->failures++ < 5) fprintf(stderr, "\n  %s:%ld: %s", path, line, err.msg);
        return;
    }
    for (int kind = 0; kind < ASK_KINDS; kind++) {
        struct outcome a, b;
        ask(kernel, p->givens, kind, (uint64_t)index, &a);
        ask(general, p->givens, kind, (uint64_t)index, &b);
        if (!outcome_equal(&a, &b) && run->differed++ < 5)
            fprintf(stderr, "\n  %s:%ld: search %d differs: %ld/%ld solutions, %llu/%llu nodes",
                    path, line, kind, a.result.solutions, b.result.solutions,
                    (unsigned long long)a.stats.nodes, (unsigned long long)b.stats.nodes);
    }
    run->compared++;
}

/* Compares every `stride`-th puzzle of the file at path. */
static void compare_file(const char *path, long stride, const struct compare_as *as,
                         struct compare_run *run)
{
    memset(run, 0, sizeof *run);
    struct session *s = malloc(sizeof *s);
    if (s == NULL || session_open_file(s, path, &(struct reader_options){0}) != 0) {
        free(s);
        return;
    }
    struct side kernel = {0}, general = {0};
    run->opened = 1;
    for (int got = 1; got != 0 && got != -2;) {
        got = session_next(s);
        if (got < 0 && run->failures++ < 5) fprintf(stderr, "\n  %s: %s", path, s->err.msg);
        if (got != 1) continue;
        long index = run->read++;
        if (index % stride != 0) continue;
        if (compare_prepare(&s->p, as) != 0) {
            run->failures++;
            continue;
        }
        if (kernel.rs == NULL &&
            (side_open(&kernel, &s->p, 0) != 0 || side_open(&general, &s->p, 1) != 0)) {
            CU_FAIL("ruleset_build or solver_new failed");
            break;
        }
        run->no_kernel += kernel.rs->kernel == NULL || general.rs->kernel != NULL;
        compare_puzzle(&kernel, &general, &s->p, index, path, s->src.line, run);
    }
    side_close(&kernel);
    side_close(&general);
    session_close(s);
    free(s);
}

static void check_path(const char *path, long stride, long expected, const struct compare_as *as)
{
    struct compare_run run;
    compare_file(path, stride, as, &run);
    if (!run.opened) {
        fprintf(stderr, "\n  cannot open data file %s\n", path);
        CU_FAIL("cannot open a data file");
        return;
    }
    CU_ASSERT_EQUAL(run.read, expected);
    CU_ASSERT_EQUAL(run.compared, (expected + stride - 1) / stride);
    CU_ASSERT_EQUAL(run.no_kernel, 0);
    CU_ASSERT_EQUAL(run.failures, 0);
    CU_ASSERT_EQUAL(run.differed, 0);
}

static void check_file(const char *name, long stride, long expected)
{
    char path[256];
    snprintf(path, sizeof path, "%s%s", DATA_DIR, name);
    check_path(path, stride, expected, &(struct compare_as){0, 0, 0, 0});
}

static void test_x_matched(void)
{
    check_path("tests/data/x_matched.txt", 1, 160, &(struct compare_as){0, 0, 0, 0});
}

static void test_x_thinned(void)
{
    check_path("tests/data/x_matched.txt", 1, 160, &(struct compare_as){0, 1, 0, 0});
}

static void test_x_forum_hardest(void)
{
    check_path(DATA_DIR "puzzles6_forum_hardest_1106", 1, 375, &(struct compare_as){1, 0, 0, 0});
}

static void test_x_magictour(void)
{
    check_path(DATA_DIR "puzzles3_magictour_top1465", 5, 1465, &(struct compare_as){1, 1, 0, 0});
}

static void test_antiknight(void)
{
    check_path("tests/data/antiknight_grids.txt", 1, 60,
               &(struct compare_as){0, 0, PAIRS_KNIGHT, 0});
}

static void test_antiking(void)
{
    check_path("tests/data/antiking_grids.txt", 1, 60, &(struct compare_as){0, 0, PAIRS_KING, 0});
}

static void test_antiknight_thinned(void)
{
    check_path("tests/data/antiknight_grids.txt", 1, 60,
               &(struct compare_as){0, 1, PAIRS_KNIGHT, 0});
}

static void test_antiking_thinned(void)
{
    check_path("tests/data/antiking_grids.txt", 1, 60, &(struct compare_as){0, 1, PAIRS_KING, 0});
}

/* A classic set with the pairs added (most without a solution), and
 * with the diagonals too. */
static void test_pairs_magictour(void)
{
    check_path(DATA_DIR "puzzles3_magictour_top1465", 29, 1465,
               &(struct compare_as){0, 1, PAIRS_KNIGHT, 0});
    check_path(DATA_DIR "puzzles3_magictour_top1465", 31, 1465,
               &(struct compare_as){1, 1, PAIRS_KING, 0});
}

static void test_windoku(void)
{
    check_path("tests/data/windoku_grids.txt", 1, 60, &(struct compare_as){0, 0, 0, 1});
}

static void test_windoku_thinned(void)
{
    check_path("tests/data/windoku_grids.txt", 1, 60, &(struct compare_as){0, 1, 0, 1});
}

/* Classic sets made windoku (most without a solution), and with pairs. */
static void test_windoku_classic(void)
{
    check_path(DATA_DIR "puzzles6_forum_hardest_1106", 1, 375, &(struct compare_as){0, 0, 0, 1});
    check_path(DATA_DIR "puzzles3_magictour_top1465", 37, 1465,
               &(struct compare_as){0, 1, PAIRS_KING, 1});
}

/* Four extra houses other than windows: colour regions (any four extra
 * houses take the windows' path). */
static void test_colours_classic(void)
{
    check_path(DATA_DIR "puzzles6_forum_hardest_1106", 1, 375,
               &(struct compare_as){0, 0, 0, WINDOWS_COLOURS});
    check_path(DATA_DIR "puzzles3_magictour_top1465", 7, 1465,
               &(struct compare_as){0, 1, 0, WINDOWS_COLOURS});
}

static void test_17_clue(void) { check_file("puzzles2_17_clue", 97, 49158); }
static void test_magictour(void) { check_file("puzzles3_magictour_top1465", 3, 1465); }
static void test_forum_hardest(void) { check_file("puzzles6_forum_hardest_1106", 1, 375); }
static void test_serg(void) { check_file("puzzles7_serg_benchmark", 23, 10000); }
static void test_se_rated(void) { check_file("se_rated_sample.txt", 5, 2094); }

/* The kernel serves the classic 9x9 rules, alone or with both diagonals:
 * other sizes, grids without boxes and rules with other units of their
 * own keep the general path. With `blame`, the ruleset's kernel_fits
 * instead: set wherever the kernel fits, whether it runs or not. */
static int ruleset_has(int size, int box_rows, int box_cols, const char *extra, int blame)
{
    struct geometry g;
    struct sl_error err = {0};
    struct puzzle p;
    if (geometry_init(&g, size, box_rows, box_cols, &err)) return -1;
    puzzle_init(&p, &g);
    if (puzzle_add_classic(&p, &err) || (extra && puzzle_add_rules_text(&p, extra, &err))) {
        puzzle_clear(&p);
        return -1;
    }
    struct ruleset *rs = ruleset_build(&p, &err);
    int has = rs == NULL ? -1 : blame ? rs->kernel_fits : rs->kernel != NULL;
    ruleset_free(rs);
    puzzle_clear(&p);
    return has;
}

static int has_kernel(int size, int box_rows, int box_cols, const char *extra)
{
    return ruleset_has(size, box_rows, box_cols, extra, 0);
}

static void test_which_rulesets(void)
{
    CU_ASSERT_EQUAL(has_kernel(9, 3, 3, NULL), 1);
    CU_ASSERT_EQUAL(has_kernel(9, 0, 0, NULL), 0);
    CU_ASSERT_EQUAL(has_kernel(4, 2, 2, NULL), 0);
    CU_ASSERT_EQUAL(has_kernel(16, 4, 4, NULL), 0);
    CU_ASSERT_EQUAL(has_kernel(9, 3, 3, "diagonal"), 1);
    CU_ASSERT_EQUAL(has_kernel(9, 3, 3, "diagonal:-"), 0);
    CU_ASSERT_EQUAL(has_kernel(9, 3, 3, "diagonal:+"), 0);
    CU_ASSERT_EQUAL(has_kernel(9, 3, 3, "windoku"), 1);
    CU_ASSERT_EQUAL(has_kernel(9, 3, 3, "diagonal;windoku"), 0);
    CU_ASSERT_EQUAL(has_kernel(9, 3, 3, "windoku;differ:0-11"), 1);
    CU_ASSERT_EQUAL(has_kernel(4, 2, 2, "windoku"), 0);
    CU_ASSERT_EQUAL(has_kernel(9, 3, 3, "diagonal;differ:0-41"), 1);
    CU_ASSERT_EQUAL(has_kernel(9, 3, 3, "differ:0-11,5-80"), 1);
    CU_ASSERT_EQUAL(has_kernel(9, 3, 3, "differ:0-1"), 1);
    CU_ASSERT_EQUAL(has_kernel(9, 3, 3, "differ:0-11;thermo:0-1-2"), 0);
    CU_ASSERT_EQUAL(has_kernel(4, 2, 2, "differ:0-5"), 0);
    CU_ASSERT_EQUAL(has_kernel(4, 2, 2, "diagonal"), 0);
    CU_ASSERT_EQUAL(ruleset_has(9, 3, 3, NULL, 1), 1);
    CU_ASSERT_EQUAL(ruleset_has(9, 3, 3, "diagonal", 1), 1);
    CU_ASSERT_EQUAL(ruleset_has(9, 3, 3, "windoku", 1), 1);
    CU_ASSERT_EQUAL(ruleset_has(9, 3, 3, "differ:0-11", 1), 1);
    setenv("SUDOLAB_GENERAL_ENGINE", "1", 1);
    CU_ASSERT_EQUAL(has_kernel(9, 3, 3, NULL), 0);
    CU_ASSERT_EQUAL(has_kernel(9, 3, 3, "diagonal"), 0);
    CU_ASSERT_EQUAL(ruleset_has(9, 3, 3, NULL, 1), 1);
    CU_ASSERT_EQUAL(ruleset_has(9, 3, 3, "diagonal", 1), 1);
    CU_ASSERT_EQUAL(ruleset_has(9, 3, 3, "windoku", 1), 1);
    CU_ASSERT_EQUAL(ruleset_has(9, 3, 3, "differ:0-11", 1), 1);
    CU_ASSERT_EQUAL(has_kernel(9, 3, 3, "differ:0-11"), 0);
    setenv("SUDOLAB_GENERAL_ENGINE", "0", 1);
    CU_ASSERT_EQUAL(has_kernel(9, 3, 3, NULL), 1);
    unsetenv("SUDOLAB_GENERAL_ENGINE");
}

/* p: an empty 9x9 classic puzzle over g, with the diagonals when x. */
static void open_9x9(struct geometry *g, struct puzzle *p, int x)
{
    struct sl_error err = {0};
    CU_ASSERT_EQUAL_FATAL(geometry_init(g, 9, 3, 3, &err), 0);
    puzzle_init(p, g);
    CU_ASSERT_EQUAL_FATAL(puzzle_add_classic(p, &err), 0);
    if (x) CU_ASSERT_EQUAL_FATAL(puzzle_add_rules_text(p, "diagonal", &err), 0);
}

static void open_classic_9x9(struct geometry *g, struct puzzle *p) { open_9x9(g, p, 0); }

/* Seeds 1..seeds of a fill of p on both paths: the same outcomes, each
 * one solution. */
static void fills_agree(struct puzzle *p, uint64_t seeds)
{
    struct side kernel = {0}, general = {0};
    CU_ASSERT_EQUAL_FATAL(side_open(&kernel, p, 0), 0);
    CU_ASSERT_EQUAL_FATAL(side_open(&general, p, 1), 0);
    CU_ASSERT_PTR_NOT_NULL(kernel.rs->kernel);
    CU_ASSERT_PTR_NULL(general.rs->kernel);
    int differed = 0;
    for (uint64_t seed = 1; seed <= seeds; seed++) {
        struct outcome a, b;
        ask(&kernel, p->givens, ASK_FILL, seed, &a);
        ask(&general, p->givens, ASK_FILL, seed, &b);
        differed += !outcome_equal(&a, &b) || a.result.solutions != 1;
    }
    CU_ASSERT_EQUAL(differed, 0);
    side_close(&kernel);
    side_close(&general);
}

/* Filling an empty grid branches the most: seeded fills must agree. */
static void fill_empty(int x)
{
    struct geometry g;
    struct puzzle p;
    open_9x9(&g, &p, x);
    fills_agree(&p, 200);
    puzzle_clear(&p);
}

/* Seeded fills of an empty grid with the rules `as` adds. */
static void fill_empty_as(const struct compare_as *as)
{
    struct geometry g;
    struct puzzle p;
    open_9x9(&g, &p, 0);
    CU_ASSERT_EQUAL_FATAL(compare_prepare(&p, as), 0);
    fills_agree(&p, 60);
    puzzle_clear(&p);
}

static void test_fill_empty_antiknight(void)
{
    fill_empty_as(&(struct compare_as){0, 0, PAIRS_KNIGHT, 0});
}

static void test_fill_empty_antiking(void)
{
    fill_empty_as(&(struct compare_as){0, 0, PAIRS_KING, 0});
}
static void test_fill_empty_windoku(void) { fill_empty_as(&(struct compare_as){0, 0, 0, 1}); }

static void test_fill_empty(void) { fill_empty(0); }
static void test_fill_empty_x(void) { fill_empty(1); }

/* Walks down from the start of each of the first puzzles of a set
 * (classic, or X sudoku with a third of its givens dropped: most are
 * solved at the start), each step keeping one cell to its first candidate (or, every
 * third step, dropping that candidate), and checks that the kernel's
 * digit boards match the candidates after every propagation that ends
 * without a contradiction. */
static void boards_agree(const char *path, int thin)
{
    struct session s;
    CU_ASSERT_EQUAL_FATAL(session_open_file(&s, path, &(struct reader_options){0}), 0);
    long checked = 0, disagreed = 0;
    for (int n = 0; n < 40 && session_next(&s) == 1; n++) {
        compare_prepare(&s.p, &(struct compare_as){0, thin, 0, 0});
        struct ruleset *rs = ruleset_build(&s.p, &s.err);
        CU_ASSERT_PTR_NOT_NULL_FATAL(rs);
        CU_ASSERT_PTR_NOT_NULL(rs->kernel);
        digitset *state = malloc(rs->state_bytes);
        struct prop_ctx ctx;
        int status = propagate_start_search(&ctx, rs, state, s.p.givens, n % 2, NULL);
        for (int step = 0; status == SL_PROP_OK && step < 81; step++) {
            checked++;
            disagreed += !kernel_boards_agree(rs, state);
            int cell = 0;
            while (cell < 81 && digitset_is_single(state[cell])) cell++;
            if (cell == 81) break;
            digitset first = state[cell] & -state[cell];
            status =
                propagate_restrict_cells(&ctx, rs, state, &cell, 1, step % 3 == 2 ? ~first : first);
        }
        free(state);
        ruleset_free(rs);
    }
    CU_ASSERT_TRUE(checked > 100);
    CU_ASSERT_EQUAL(disagreed, 0);
    session_close(&s);
}

static void test_boards_agree(void) { boards_agree(DATA_DIR "puzzles3_magictour_top1465", 0); }
static void test_boards_agree_x(void) { boards_agree("tests/data/x_matched.txt", 1); }

/* Whether two states of rulesets built from one puzzle (one with the
 * kernel, one without) hold the same candidates and solved digits. */
static int states_equal(const struct ruleset *rs, const digitset *a, const digitset *b)
{
    return memcmp(a, b, ruleset_cells_bytes(rs)) == 0;
}

struct walk_tally {
    long steps, dead_ends, disagreed;
};

/* One walk down from p's start on both paths, as boards_agree walks,
 * the cell each step narrows drawn from rng: after every propagation
 * the two must agree on the status and, when it is not a
 * contradiction, on the whole state. */
static void walk_both(const struct puzzle *p, struct rng *rng, int light, struct walk_tally *t)
{
    struct side kernel = {0}, general = {0};
    CU_ASSERT_EQUAL_FATAL(side_open(&kernel, p, 0), 0);
    CU_ASSERT_EQUAL_FATAL(side_open(&general, p, 1), 0);
    CU_ASSERT_PTR_NOT_NULL(kernel.rs->kernel);
    digitset *a = malloc(kernel.rs->state_bytes), *b = malloc(general.rs->state_bytes);
    struct prop_ctx ca, cb;
    int sa = propagate_start_search(&ca, kernel.rs, a, p->givens, light, NULL);
    int sb = propagate_start_search(&cb, general.rs, b, p->givens, light, NULL);
    for (int step = 0; step < 81; step++) {
        t->steps++;
        t->disagreed += sa != sb || (sa == SL_PROP_OK && !states_equal(general.rs, a, b));
        if (sa != SL_PROP_OK || sb != SL_PROP_OK) {
            t->dead_ends += sa != SL_PROP_OK;
            break;
        }
        int open[81], n = 0;
        for (int c = 0; c < 81; c++)
            if (!digitset_is_single(a[c])) open[n++] = c;
        if (n == 0) break;
        int cell = open[rng_next(rng) % (uint64_t)n];
        digitset pick = a[cell], first = pick & -pick;
        digitset allowed = rng_next(rng) % 3 == 0 ? (digitset)~first : first;
        sa = propagate_restrict_cells(&ca, kernel.rs, a, &cell, 1, allowed);
        sb = propagate_restrict_cells(&cb, general.rs, b, &cell, 1, allowed);
    }
    free(a);
    free(b);
    side_close(&kernel);
    side_close(&general);
}

/* Random walks over puzzles with the rules `as` adds (every third given
 * dropped, for longer walks) reach the general path's fixed points. */
static void walks_agree(const char *path, struct compare_as as)
{
    struct session s;
    CU_ASSERT_EQUAL_FATAL(session_open_file(&s, path, &(struct reader_options){0}), 0);
    struct walk_tally t = {0};
    struct rng rng;
    rng_seed(&rng, 23);
    for (int n = 0; n < 60 && session_next(&s) == 1; n++) {
        as.thin = 1;
        CU_ASSERT_EQUAL(compare_prepare(&s.p, &as), 0);
        for (int walk = 0; walk < 4; walk++) walk_both(&s.p, &rng, walk == 3, &t);
    }
    CU_ASSERT_TRUE(t.steps > 1000);
    CU_ASSERT_TRUE(t.dead_ends > 50);
    CU_ASSERT_EQUAL(t.disagreed, 0);
    session_close(&s);
}

static void test_walks_antiknight(void)
{
    walks_agree("tests/data/antiknight_grids.txt", (struct compare_as){0, 1, PAIRS_KNIGHT, 0});
}

static void test_walks_antiking(void)
{
    walks_agree("tests/data/antiking_grids.txt", (struct compare_as){0, 1, PAIRS_KING, 0});
}

static void test_walks_windoku(void)
{
    walks_agree("tests/data/windoku_grids.txt", (struct compare_as){0, 1, 0, 1});
}

/* The union of `count` cells' candidates. */
static digitset union_of(const digitset *cand, const uint16_t *cells, int count)
{
    digitset u = 0;
    for (int i = 0; i < count; i++) u |= cand[cells[i]];
    return u;
}

/* kernel_fires, vector and plain, against the general path's crossings
 * (rs->intersections, which the kernel numbers alike): on random
 * candidates, sparse and dense, with random junk past the 81 cells and
 * random due sets, a crossing fires exactly when a digit of its shared
 * cells is in one of its other two parts but not in both. */
static void test_fires(void)
{
    struct geometry g;
    struct sl_error err = {0};
    struct puzzle p;
    open_classic_9x9(&g, &p);
    struct ruleset *rs = ruleset_build(&p, &err);
    CU_ASSERT_PTR_NOT_NULL_FATAL(rs);
    CU_ASSERT_EQUAL_FATAL(rs->nintersections, 54);
    struct rng rng;
    rng_seed(&rng, 23);
    long fired = 0, quiet = 0, wrong = 0;
    for (int trial = 0; trial < 3000; trial++) {
        digitset cand[84];
        for (int c = 0; c < 84; c++) {
            digitset v = (digitset)rng_next(&rng) & 0x3fe;
            for (int thin = trial % 4; thin > 0; thin--) v &= (digitset)rng_next(&rng);
            cand[c] = v;
        }
        uint64_t due = trial % 3 ? rng_next(&rng) : ~UINT64_C(0);
        due &= (UINT64_C(1) << 54) - 1;
        uint64_t expected = 0;
        for (int i = 0; i < 54; i++) {
            const struct intersection *x = &rs->intersections[i];
            const uint16_t *shared = rs->intersection_cells + x->start;
            digitset in_a = union_of(cand, shared + x->shared, x->only_a);
            digitset in_b = union_of(cand, shared + x->shared + x->only_a, x->only_b);
            if (union_of(cand, shared, x->shared) & (in_a ^ in_b)) expected |= UINT64_C(1) << i;
        }
        expected &= due;
        fired += __builtin_popcountll(expected);
        quiet += __builtin_popcountll(due & ~expected);
        wrong += (kernel_fires(cand, due) & due) != expected;
        wrong += kernel_fires_portable(cand, due) != expected;
    }
    CU_ASSERT_EQUAL(wrong, 0);
    CU_ASSERT_TRUE(fired > 1000);
    CU_ASSERT_TRUE(quiet > 1000);
    ruleset_free(rs);
    puzzle_clear(&p);
}

void tests_register(void)
{
    CU_pSuite s = CU_add_suite("kernel", NULL, NULL);
    CU_add_test(s, "which rulesets get the kernel", test_which_rulesets);
    CU_add_test(s, "seeded fills of an empty grid", test_fill_empty);
    CU_add_test(s, "seeded fills of an empty X grid", test_fill_empty_x);
    CU_add_test(s, "digit boards match the candidates", test_boards_agree);
    CU_add_test(s, "X: digit boards match the candidates", test_boards_agree_x);
    CU_add_test(s, "box-line crossings that fire", test_fires);
    CU_add_test(s, "seeded fills of an empty anti-knight grid", test_fill_empty_antiknight);
    CU_add_test(s, "seeded fills of an empty anti-king grid", test_fill_empty_antiking);
    CU_add_test(s, "anti-knight walks: kernel fixed points = general", test_walks_antiknight);
    CU_add_test(s, "anti-king walks: kernel fixed points = general", test_walks_antiking);
    CU_add_test(s, "seeded fills of an empty windoku grid", test_fill_empty_windoku);
    CU_add_test(s, "windoku walks: kernel fixed points = general", test_walks_windoku);
    CU_add_test(s, "windoku: kernel = general", test_windoku);
    CU_add_test(s, "windoku thinned: kernel = general", test_windoku_thinned);
    CU_add_test(s, "classic sets as windoku: kernel = general", test_windoku_classic);
    CU_add_test(s, "classic sets with four colours: kernel = general", test_colours_classic);
    CU_add_test(s, "anti-knight: kernel = general", test_antiknight);
    CU_add_test(s, "anti-king: kernel = general", test_antiking);
    CU_add_test(s, "anti-knight thinned: kernel = general", test_antiknight_thinned);
    CU_add_test(s, "anti-king thinned: kernel = general", test_antiking_thinned);
    CU_add_test(s, "magictour with pairs: kernel = general", test_pairs_magictour);
    CU_add_test(s, "17-clue sample: kernel = general", test_17_clue);
    CU_add_test(s, "magictour sample: kernel = general", test_magictour);
    CU_add_test(s, "forum hardest: kernel = general", test_forum_hardest);
    CU_add_test(s, "serg sample: kernel = general", test_serg);
    CU_add_test(s, "SE-rated sample: kernel = general", test_se_rated);
    CU_add_test(s, "X sudokus: kernel = general", test_x_matched);
    CU_add_test(s, "X sudokus thinned: kernel = general", test_x_thinned);
    CU_add_test(s, "forum hardest as X: kernel = general", test_x_forum_hardest);
    CU_add_test(s, "magictour thinned as X: kernel = general", test_x_magictour);
}
