/*
 * test_setter.c — the setter's tools on puzzles with known answers: true
 * candidates against the union of every solution, the differing cells
 * and proposed given of a puzzle with two solutions, redundant givens
 * and rule items against counts of the puzzle without each, and the
 * count estimate against exact counts.
 */
#include <CUnit/CUnit.h>
#include <math.h>
#include <stdlib.h>

#include "candidates.h"
#include "cunit_main.h"
#include "estimate.h"
#include "propose.h"
#include "redundant.h"
#include "rule_items.h"
#include "test_helpers.h"

/* A solution of the first 17-clue puzzle with a deadly rectangle blanked
 * (r2c2, r2c9, r3c2, r3c9 hold 1 and 6 either way): exactly 2 solutions. */
static const char *two_solutions =
    "9531687428.273495.4.795283.746893125281645397395271468138529674574386219629417583";
/* The 17-clue puzzle less its last given: 1158 solutions. */
static const char *ambiguous =
    ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962.......";
static const char *puzzle17 =
    ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...";

/* A puzzle with rules text `rules` (NULL: classic) on an n x n grid. */
static int open_rules(struct fixture *f, int n, int rows, int cols, const char *rules,
                      const char *line)
{
    struct geometry g;
    struct sl_error err = {0};
    if (geometry_init(&g, n, rows, cols, &err)) return -1;
    puzzle_init(&f->puzzle, &g);
    if (puzzle_add_rules_text(&f->puzzle, rules, &err)) return -1;
    for (int c = 0; line && c < g.ncells && line[c]; c++)
        f->puzzle.givens[c] = (uint8_t)(geometry_digit(line[c]) > 0 ? geometry_digit(line[c]) : 0);
    f->rules = ruleset_build(&f->puzzle, &err);
    f->solver = f->rules ? solver_new(f->rules) : NULL;
    return f->solver ? 0 : -1;
}

/* --- true candidates ----------------------------------------------------- */

/* The union of every solution, by exhaustive enumeration (fewer than max). */
static long union_of_all(struct fixture *f, long max, digitset *all)
{
    int ncells = f->puzzle.geo.ncells;
    uint8_t *sols = malloc((size_t)max * (size_t)ncells);
    long n = solver_solutions(f->solver, f->puzzle.givens, max, sols, NULL).solutions;
    memset(all, 0, (size_t)ncells * sizeof *all);
    for (long i = 0; i < n; i++)
        for (int c = 0; c < ncells; c++) all[c] |= digitset_of(sols[i * ncells + c]);
    free(sols);
    return n;
}

static void check_candidates(struct fixture *f)
{
    digitset all[SL_MAX_CELLS], found[SL_MAX_CELLS];
    struct candidates_result r;
    long n = union_of_all(f, 200000, all);
    CU_ASSERT_TRUE_FATAL(n < 200000);
    CU_ASSERT_EQUAL(candidates_find(f->solver, f->rules, f->puzzle.givens, 100000, found, &r, NULL),
                    0);
    CU_ASSERT_EQUAL(memcmp(all, found, (size_t)f->puzzle.geo.ncells * sizeof *all), 0);
    CU_ASSERT_FALSE(r.capped || r.gave_up || r.unsettled);
    CU_ASSERT_EQUAL(r.no_solution, n == 0);
    CU_ASSERT_TRUE(r.solutions <= n);
}

static void test_candidates_match_all_solutions(void)
{
    static const struct {
        int n, rows, cols;
        const char *rules, *givens;
    } cases[] = {
        {4, 2, 2, "classic", "1..............."},
        {4, 2, 2, "classic;killer:AAB.CDB.CDEEFFGG:3,?,5,7,5,3,7", NULL},
        {4, 2, 2, "classic;thermo:0-1-2", "...........3...."},
        {6, 2, 3, "classic;diagonal", "1.....2.....3....................4.."},
        {9, 3, 3, "classic", NULL},
        {4, 2, 2, "classic", "11.............."}, /* no solution */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        struct fixture f;
        if (i == 4) { /* the 9x9 with 1158 solutions */
            CU_ASSERT_EQUAL_FATAL(fixture_open(&f, 9, 3, 3, ambiguous), 0);
        } else {
            CU_ASSERT_EQUAL_FATAL(open_rules(&f, cases[i].n, cases[i].rows, cases[i].cols,
                                             cases[i].rules, cases[i].givens),
                                  0);
        }
        check_candidates(&f);
        fixture_close(&f);
    }
}

static void test_candidates_cap_gives_a_subset(void)
{
    struct fixture f;
    digitset all[SL_MAX_CELLS], found[SL_MAX_CELLS];
    struct candidates_result r;
    CU_ASSERT_EQUAL_FATAL(fixture_open(&f, 9, 3, 3, ambiguous), 0);
    union_of_all(&f, 2000, all);
    candidates_find(f.solver, f.rules, f.puzzle.givens, 1, found, &r, NULL);
    CU_ASSERT_TRUE(r.capped && r.unsettled > 0);
    CU_ASSERT_EQUAL(r.solutions, 1);
    int fewer = 0;
    for (int c = 0; c < 81; c++) {
        CU_ASSERT_EQUAL(found[c] & ~all[c], 0); /* a subset */
        fewer += found[c] != all[c];
    }
    CU_ASSERT_TRUE(fewer > 0);
    fixture_close(&f);
}

/* --- two solutions and the given that mends them ------------------------- */

static void test_two_solutions_and_proposal(void)
{
    struct fixture f;
    uint8_t two[2 * 81];
    int cells[81];
    CU_ASSERT_EQUAL_FATAL(fixture_open(&f, 9, 3, 3, two_solutions), 0);
    CU_ASSERT_EQUAL(fixture_count(&f, 10), 2);
    CU_ASSERT_EQUAL(solver_solutions(f.solver, f.puzzle.givens, 2, two, NULL).solutions, 2);
    int n = propose_differing(two, two + 81, 81, cells);
    CU_ASSERT_EQUAL_FATAL(n, 4);
    const int expected[4] = {10, 17, 19, 26}; /* r2c2 r2c9 r3c2 r3c9 */
    for (int i = 0; i < 4; i++) {
        CU_ASSERT_EQUAL(cells[i], expected[i]);
        CU_ASSERT_TRUE((two[cells[i]] == 1 && two[81 + cells[i]] == 6) ||
                       (two[cells[i]] == 6 && two[81 + cells[i]] == 1));
    }
    struct proposal best;
    propose_given(f.solver, f.puzzle.givens, two, two + 81, cells, n, 1000, &best, NULL);
    CU_ASSERT_EQUAL(best.solutions, 1);
    CU_ASSERT_EQUAL(best.tried, 1); /* any given of the four mends it: the first is kept */
    CU_ASSERT_FALSE(best.gave_up);
    f.puzzle.givens[best.cell] = (uint8_t)best.digit;
    CU_ASSERT_EQUAL(fixture_count(&f, 10), 1);
    fixture_close(&f);
}

static void test_proposal_leaves_the_fewest(void)
{
    struct fixture f;
    uint8_t two[2 * 81], with[81];
    int cells[81];
    CU_ASSERT_EQUAL_FATAL(fixture_open(&f, 9, 3, 3, ambiguous), 0);
    solver_solutions(f.solver, f.puzzle.givens, 2, two, NULL);
    int n = propose_differing(two, two + 81, 81, cells);
    struct proposal best;
    propose_given(f.solver, f.puzzle.givens, two, two + 81, cells, n, 100000, &best, NULL);
    CU_ASSERT_TRUE_FATAL(best.cell >= 0);
    /* Every candidate given, counted independently, leaves no fewer. */
    for (int i = 0; i < n; i++)
        for (int k = 0; k < 2; k++) {
            memcpy(with, f.puzzle.givens, 81);
            with[cells[i]] = two[k * 81 + cells[i]];
            long count = solver_count(f.solver, with, 100000, NULL, NULL).solutions;
            CU_ASSERT_TRUE(count >= best.solutions);
        }
    memcpy(with, f.puzzle.givens, 81);
    with[best.cell] = (uint8_t)best.digit;
    CU_ASSERT_EQUAL(solver_count(f.solver, with, 100000, NULL, NULL).solutions, best.solutions);
    fixture_close(&f);
}

/* --- redundant givens and rule items ------------------------------------- */

static void test_redundant_givens_by_recount(void)
{
    const char *lines[] = {puzzle17, two_solutions};
    for (int i = 0; i < 2; i++) {
        struct fixture f;
        uint8_t solution[81], smaller[81];
        const char *line = lines[i];
        if (i == 1) { /* the two-solution grid with one of its four cells given: unique */
            static char mended[82];
            memcpy(mended, two_solutions, 82);
            mended[10] = '6';
            line = mended;
        }
        CU_ASSERT_EQUAL_FATAL(fixture_open(&f, 9, 3, 3, line), 0);
        CU_ASSERT_EQUAL_FATAL(solver_count(f.solver, f.puzzle.givens, 2, solution, NULL).solutions,
                              1);
        int removable = 0;
        for (int c = 0; c < 81; c++) {
            if (!f.puzzle.givens[c]) continue;
            int keeps = redundant_given(f.solver, f.puzzle.givens, solution, c, NULL);
            memcpy(smaller, f.puzzle.givens, 81);
            smaller[c] = 0;
            CU_ASSERT_EQUAL(keeps, solver_count(f.solver, smaller, 2, NULL, NULL).solutions == 1);
            removable += keeps;
        }
        CU_ASSERT_TRUE(i == 0 ? removable == 0 : removable > 0); /* the first is minimal */
        fixture_close(&f);
    }
}

static int count_text(int n, int rows, int cols, const char *rules, const char *givens)
{
    struct fixture f;
    if (open_rules(&f, n, rows, cols, rules, givens)) return -1;
    int count = (int)fixture_count(&f, 2);
    fixture_close(&f);
    return count;
}

/* Each killer cage: the rule's text without it, written by hand, counted. */
static void test_redundant_cages_by_recount(void)
{
    static const char *rules = "classic;killer:AAB.CDB.CDEEFFGG:3,4,5,5,7,7,3";
    static const char *given = "1...............";
    static const char *without[] = {"classic;killer:..A.BCA.BCDDEEFF:4,5,5,7,7,3",
                                    "classic;killer:AA..BC..BCDDEEFF:3,5,5,7,7,3",
                                    "classic;killer:AAB..CB..CDDEEFF:3,4,5,7,7,3",
                                    "classic;killer:AAB.C.B.C.DDEEFF:3,4,5,7,7,3",
                                    "classic;killer:AAB.CDB.CD..EEFF:3,4,5,5,7,3",
                                    "classic;killer:AAB.CDB.CDEE..FF:3,4,5,5,7,3",
                                    "classic;killer:AAB.CDB.CDEEFF..:3,4,5,5,7,7"};
    struct fixture f;
    CU_ASSERT_EQUAL_FATAL(open_rules(&f, 4, 2, 2, rules, given), 0);
    CU_ASSERT_EQUAL_FATAL(fixture_count(&f, 2), 1);
    char args[64], out[64], label[RULE_ITEM_LABEL_MAX];
    const struct puzzle_rule *killer = &f.puzzle.rules[1];
    killer->ops->write(killer->self, args, sizeof args);
    CU_ASSERT_EQUAL_FATAL(rule_items_count(killer, &f.puzzle.geo, args), 7);
    int removable = 0;
    for (int k = 0; k < 7; k++) {
        struct sl_error err = {0};
        CU_ASSERT_EQUAL(rule_items_drop(killer, &f.puzzle.geo, args, k, out, label), 0);
        CU_ASSERT_STRING_EQUAL(out, without[k] + strlen("classic;killer:"));
        int keeps = redundant_item(&f.puzzle, 1, k, 0, label, &err, NULL);
        CU_ASSERT_EQUAL(keeps, count_text(4, 2, 2, without[k], given) == 1);
        removable += keeps == 1;
    }
    CU_ASSERT_EQUAL(removable, 6); /* all but cage B */
    rule_items_drop(killer, &f.puzzle.geo, args, 0, out, label);
    CU_ASSERT_STRING_EQUAL(label, "cage A (3) at r1c1");
    CU_ASSERT_EQUAL(rule_items_drop(killer, &f.puzzle.geo, args, 7, out, label), -1);
    fixture_close(&f);
}

/* Items of the list rules, and what is left without each. */
static void test_rule_items_text(void)
{
    static const struct {
        const char *rules;
        int item, count;
        const char *left, *label;
    } cases[] = {
        {"classic;thermo:0-1-2,5-6", 1, 2, "0-1-2", "5-6"},
        {"classic;sum:0+1=5,2+3=@7", 0, 2, "2+3=@7", "0+1=5"},
        {"classic;oddeven:o..e............", 1, 2, "o...............", "e at r1c4"},
        {"classic;relation:2.5.a.4:0-1,4-5|e.c.8.0:2-3", 1, 3, "2.5.a.4:0-1|e.c.8.0:2-3",
         "white dot r2c1-r2c2"},
        {"classic;relation:2.5.a.4:0-1,4-5|e.c.8.0:2-3", 2, 3, "2.5.a.4:0-1,4-5", "< r1c3-r1c4"},
        {"classic;extra:AA..AA..........", 0, 1, "", "region A at r1c1"},
        {"classic;oddeven:o...............", 0, 1, "", "o at r1c1"},
        {"classic;thermo:0-1-2", 0, 1, "", "0-1-2"},
        /* a non-consecutive table over other pairs has no items, and stays */
        {"classic;relation:2.5.a.4:0-1|d.a.5.b:2-3,4-5", 0, 1, "d.a.5.b:2-3,4-5",
         "white dot r1c1-r1c2"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        struct fixture f;
        CU_ASSERT_EQUAL_FATAL(open_rules(&f, 4, 2, 2, cases[i].rules, NULL), 0);
        const struct puzzle_rule *rule = &f.puzzle.rules[1];
        char args[128], out[128], label[RULE_ITEM_LABEL_MAX];
        rule->ops->write(rule->self, args, sizeof args);
        CU_ASSERT_EQUAL(rule_items_count(rule, &f.puzzle.geo, args), cases[i].count);
        CU_ASSERT_EQUAL(rule_items_drop(rule, &f.puzzle.geo, args, cases[i].item, out, label), 0);
        CU_ASSERT_STRING_EQUAL(out, cases[i].left);
        CU_ASSERT_STRING_EQUAL(label, cases[i].label);
        fixture_close(&f);
    }
    struct fixture f; /* no items: classic, and an anti-knight's pairs */
    CU_ASSERT_EQUAL_FATAL(open_rules(&f, 4, 2, 2, "classic;differ:0-6", NULL), 0);
    for (int r = 0; r < 2; r++)
        CU_ASSERT_EQUAL(rule_items_count(&f.puzzle.rules[r], &f.puzzle.geo, "0-6"), 0);
    fixture_close(&f);
}

/* --- the estimate --------------------------------------------------------- */

static void check_estimate(struct fixture *f, double exact, long probes, double max_width)
{
    struct estimate e, again;
    CU_ASSERT_EQUAL_FATAL(estimate_count(f->rules, f->puzzle.givens, probes, 1, &e), 0);
    CU_ASSERT_EQUAL(e.probes, probes);
    CU_ASSERT_TRUE(e.low <= exact && exact <= e.high);
    CU_ASSERT_TRUE(e.high - e.low <= max_width * exact); /* not absurdly wide */
    CU_ASSERT_TRUE(e.low <= e.mean && e.mean <= e.high);
    estimate_count(f->rules, f->puzzle.givens, probes, 1, &again);
    CU_ASSERT_TRUE(e.mean == again.mean && e.low == again.low && e.high == again.high &&
                   e.solutions == again.solutions); /* reproducible from the seed */
}

static void test_estimate_known_counts(void)
{
    struct fixture f;
    CU_ASSERT_EQUAL_FATAL(fixture_open(&f, 4, 2, 2, NULL), 0);
    check_estimate(&f, 288, 2000, 0.05);
    fixture_close(&f);
    CU_ASSERT_EQUAL_FATAL(fixture_open(&f, 6, 2, 3, NULL), 0);
    check_estimate(&f, 28200960, 2000, 0.2); /* 6x6 sudoku grids */
    fixture_close(&f);
    CU_ASSERT_EQUAL_FATAL(fixture_open(&f, 9, 3, 3, NULL), 0);
    check_estimate(&f, 6670903752021072936960.0, 4000, 0.2);
    fixture_close(&f);
    CU_ASSERT_EQUAL_FATAL(fixture_open(&f, 9, 3, 3, ambiguous), 0);
    CU_ASSERT_EQUAL(fixture_count(&f, 100000), 1158);
    check_estimate(&f, 1158, 20000, 0.2);
    fixture_close(&f);
    CU_ASSERT_EQUAL_FATAL(fixture_open(&f, 9, 3, 3, two_solutions), 0);
    check_estimate(&f, 2, 200, 0.01); /* every probe finds one of the two: exact */
    fixture_close(&f);
}

static void test_estimate_seeds_differ(void)
{
    struct fixture f;
    struct estimate a, b;
    CU_ASSERT_EQUAL_FATAL(fixture_open(&f, 9, 3, 3, NULL), 0);
    estimate_count(f.rules, f.puzzle.givens, 50, 1, &a);
    estimate_count(f.rules, f.puzzle.givens, 50, 2, &b);
    CU_ASSERT_NOT_EQUAL(a.mean, b.mean);
    CU_ASSERT_TRUE(a.std_error > 0);
    fixture_close(&f);
    CU_ASSERT_EQUAL_FATAL(fixture_open(&f, 4, 2, 2, "11.............."), 0);
    estimate_count(f.rules, f.puzzle.givens, 10, 1, &a);
    CU_ASSERT_TRUE(a.mean == 0 && a.high == 0 && a.solutions == 0);
    fixture_close(&f);
}

void tests_register(void)
{
    CU_pSuite s = CU_add_suite("setter", NULL, NULL);
    CU_add_test(s, "candidates match all solutions", test_candidates_match_all_solutions);
    CU_add_test(s, "candidates cap gives a subset", test_candidates_cap_gives_a_subset);
    CU_add_test(s, "two solutions and proposal", test_two_solutions_and_proposal);
    CU_add_test(s, "proposal leaves the fewest", test_proposal_leaves_the_fewest);
    CU_add_test(s, "redundant givens by recount", test_redundant_givens_by_recount);
    CU_add_test(s, "redundant cages by recount", test_redundant_cages_by_recount);
    CU_add_test(s, "rule items text", test_rule_items_text);
    CU_add_test(s, "estimate known counts", test_estimate_known_counts);
    CU_add_test(s, "estimate seeds differ", test_estimate_seeds_differ);
}
