/*
 * test_binary.c — the binary rule and Unruly game IDs: line patterns
 * counted against the known sequence; search counts against brute force
 * on 4x4; arguments and sizes refused; every captured sgt-unruly puzzle
 * unique, its solution obeying the rule, its ID written back byte for
 * byte; malformed IDs.
 */
#include <CUnit/CUnit.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cunit_main.h"
#include "../constraints/binary.h"
#include "format_unruly.h"
#include "rules.h"
#include "search.h"
#include "test_peer_ids.h"
#include "test_reader.h"

#define UNRULY_DATA "tests/data/unruly_ids.txt"

static int read_one(const char *line, struct session *s)
{
    session_open(s, line, NULL);
    return session_next(s);
}

/* Rows of 2k cells, k of each symbol, never three alike (OEIS A177790). */
static void test_pattern_counts(void)
{
    static const int want[] = {0, 0, 6, 14, 34, 84, 208, 518, 1296};
    for (int n = 4; n <= 16; n += 2) {
        char line[600];
        snprintf(line, sizeof line, "sudolab %d none binary %*s\n", n, n * n, "");
        memset(strrchr(line, ' ') + 1, '.', (size_t)(n * n));
        struct session s;
        CU_ASSERT_EQUAL_FATAL(read_one(line, &s), 1);
        const struct binary *b = s.p.rules[0].self;
        CU_ASSERT_EQUAL(b->npatterns, want[n / 2]);
        session_close(&s);
    }
}

static long brute_force_4x4(const struct puzzle *p)
{
    uint8_t grid[16];
    long found = 0;
    for (long code = 0; code < 1L << 16; code++) {
        for (int c = 0; c < 16; c++) grid[c] = (uint8_t)(1 + (code >> c & 1));
        found += puzzle_is_solution(p, grid);
    }
    return found;
}

static void test_counts_against_brute_force(void)
{
    static const char *const lines[] = {
        "sudolab 4 none binary ................\n",
        "sudolab 4 none binary:u ................\n",
        "sudolab 4 none binary 1..............2\n",
        "sudolab 4 none binary:u 1....2..........\n",
    };
    for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++) {
        struct session s;
        CU_ASSERT_EQUAL_FATAL(read_one(lines[i], &s), 1);
        struct sl_error err;
        struct ruleset *rs = ruleset_build(&s.p, &err);
        struct solver *sv = solver_new(rs);
        long brute = brute_force_4x4(&s.p);
        CU_ASSERT(brute > 0);
        CU_ASSERT_EQUAL(solver_count(sv, s.p.givens, 100000, NULL, NULL).solutions, brute);
        solver_free(sv);
        ruleset_free(rs);
        session_close(&s);
    }
}

static void test_bad_rules(void)
{
    struct session s;
    CU_ASSERT_EQUAL(
        read_one("sudolab 7 none binary .................................................\n", &s),
        -1);
    CU_ASSERT_PTR_NOT_NULL(strstr(s.err.msg, "even size"));
    session_close(&s);
    CU_ASSERT_EQUAL(read_one("sudolab 4 none binary:x ................\n", &s), -1);
    CU_ASSERT_PTR_NOT_NULL(strstr(s.err.msg, "'u'"));
    session_close(&s);
}

static void test_unruly_captured(void)
{
    CU_ASSERT(peer_ids_check(UNRULY_DATA, format_unruly_id) >= 20);
}

static void test_unruly_malformed(void)
{
    static const struct {
        const char *id;
        long col;
    } bad[] = {
        {"8x6:adegaebCHBlaeFc", 1}, /* not square */
        {"7x7:adegaebCHBlaeFc", 1}, /* odd */
        {"6x6:BBAPABGCA", 14},      /* too short: at its end */
        {"6x6:BBAPABGCAbb", 15},    /* too long: the letter past the grid */
        {"6x6:BBAP#BGCAb", 9},      /* a bad byte */
        {"3x3:abc", 0},             /* Solo's, not Unruly's */
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        const char *id = bad[i].id;
        struct puzzle p;
        struct puzzle_source where;
        struct sl_error err = {0};
        if (bad[i].col == 0) {
            CU_ASSERT_FALSE(format_unruly_detect(id, strlen(id)));
            continue;
        }
        CU_ASSERT_TRUE(format_unruly_detect(id, strlen(id)));
        CU_ASSERT_EQUAL(format_unruly_read(id, strlen(id), &p, &where, &err), -1);
        CU_ASSERT_EQUAL(err.col, bad[i].col);
        if (err.col != bad[i].col) printf("\n%s: col %ld: %s\n", id, err.col, err.msg);
    }
}

void tests_register(void)
{
    CU_pSuite s = CU_add_suite("binary", NULL, NULL);
    CU_add_test(s, "line pattern counts", test_pattern_counts);
    CU_add_test(s, "counts against brute force", test_counts_against_brute_force);
    CU_add_test(s, "bad rules", test_bad_rules);
    CU_add_test(s, "captured Unruly IDs", test_unruly_captured);
    CU_add_test(s, "malformed Unruly IDs", test_unruly_malformed);
}
