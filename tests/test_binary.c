/*
 * test_binary.c — the binary rule and Unruly game IDs: line patterns
 * counted against the known sequence; search counts against brute force
 * on 4x4; every solution found obeying unique lines; arguments and sizes
 * refused; every captured sgt-unruly puzzle
 * unique, its solution obeying the rule, its ID written back byte for
 * byte; malformed IDs; the dig's closure hook reaching explain's fixed
 * point, also from news; the dig by halves removing what a closure per
 * group does.
 */
#include <CUnit/CUnit.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cunit_main.h"
#include "../constraints/binary.h"
#include "dig.h"
#include "format_unruly.h"
#include "propagate.h"
#include "rng.h"
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

/* An empty n x n binary puzzle (n <= 16). */
static int read_empty(int n, struct session *s)
{
    char line[600];
    int at = snprintf(line, sizeof line, "sudolab %d none binary ", n);
    memset(line + at, '.', (size_t)(n * n));
    strcpy(line + at + n * n, "\n");
    return read_one(line, s);
}

/* Rows of 2k cells, k of each symbol, never three alike (OEIS A177790). */
static void test_pattern_counts(void)
{
    static const int want[] = {0, 0, 6, 14, 34, 84, 208, 518, 1296};
    for (int n = 4; n <= 16; n += 2) {
        struct session s;
        CU_ASSERT_EQUAL_FATAL(read_empty(n, &s), 1);
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

/* Reads each line, builds its rules and a solver, and hands them on. */
static void with_each_solver(const char *const *lines, size_t count,
                             void (*check)(const struct puzzle *p, struct solver *sv))
{
    for (size_t i = 0; i < count; i++) {
        struct session s;
        CU_ASSERT_EQUAL_FATAL(read_one(lines[i], &s), 1);
        struct sl_error err;
        struct ruleset *rs = ruleset_build(&s.p, &err);
        struct solver *sv = solver_new(rs);
        check(&s.p, sv);
        solver_free(sv);
        ruleset_free(rs);
        session_close(&s);
    }
}

static void count_like_brute_force(const struct puzzle *p, struct solver *sv)
{
    long brute = brute_force_4x4(p);
    CU_ASSERT(brute > 0);
    CU_ASSERT_EQUAL(solver_count(sv, p->givens, 100000, NULL, NULL).solutions, brute);
}

static void test_counts_against_brute_force(void)
{
    static const char *const lines[] = {
        "sudolab 4 none binary ................\n",
        "sudolab 4 none binary:u ................\n",
        "sudolab 4 none binary 1..............2\n",
        "sudolab 4 none binary:u 1....2..........\n",
    };
    with_each_solver(lines, sizeof lines / sizeof lines[0], count_like_brute_force);
}

static void solutions_obey_rule(const struct puzzle *p, struct solver *sv)
{
    enum { CAP = 400 };
    int ncells = p->geo.ncells;
    uint8_t *found = malloc((size_t)CAP * (size_t)ncells);
    long n = solver_solutions(sv, p->givens, CAP, found, NULL).solutions;
    CU_ASSERT(n > 0);
    for (long k = 0; k < n && k < CAP; k++) CU_ASSERT(puzzle_is_solution(p, found + k * ncells));
    free(found);
}

/* Every solution the search finds obeys the rule, duplicate lines
 * included: a fuzzed puzzle once finished two equal columns in one pass,
 * and neither was checked against the other. */
static void test_solutions_obey_unique_lines(void)
{
    static const char *const lines[] = {
        "sudolab 6 none binary:u ......2..1...2..............2.2.....\n",
        "sudolab 6 none binary:u ....................................\n",
        ("sudolab 8 none binary:u "
         "..1.......2.....1.............2..........1.......2......1....2..\n"),
    };
    with_each_solver(lines, sizeof lines / sizeof lines[0], solutions_obey_rule);
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
    static const struct peer_bad_id bad[] = {
        {"8x6:adegaebCHBlaeFc", 1}, /* not square */
        {"7x7:adegaebCHBlaeFc", 1}, /* odd */
        {"6x6:BBAPABGCA", 14},      /* too short: at its end */
        {"6x6:BBAPABGCAbb", 15},    /* too long: the letter past the grid */
        {"6x6:BBAP#BGCAb", 9},      /* a bad byte */
        {"3x3:abc", 0},             /* Solo's, not Unruly's */
    };
    peer_ids_refused(bad, sizeof bad / sizeof bad[0], format_unruly_detect, format_unruly_read);
}

/* --- the closure hook against explain ------------------------------------ */

static const char *const closure_keys[] = {
    "binary-pairs",  "binary-triples",         "binary-last-cell",
    "binary-counts", "binary-line-comparison", "binary-lines",
};

/* The fixed point by asking explain for each key over and over: what the
 * dig by deductions did before the closure hook. 0, or -1 on a
 * contradiction. */
static int fixed_point_by_explain(const struct ruleset *rs, digitset *state,
                                  const char *const *keys, int nkeys)
{
    struct prop_ctx ctx;
    propagate_view(&ctx, rs, state);
    for (int progress = 1; progress;) {
        progress = 0;
        for (int k = 0; k < nkeys; k++) {
            char every[64];
            snprintf(every, sizeof every, "%s%s", EXPLAIN_EVERY, keys[k]);
            for (int rc = 1; rc > 0; progress |= rc > 0) {
                struct explain_sink sink = {0};
                ctx.queue_len = 0;
                ctx.current_slot = 0;
                rc = rs->slots[0].ops->explain(rs->slots[0].self, every, &ctx, &sink);
                if (rc < 0) return -1;
            }
        }
    }
    return 0;
}

/* Each captured Unruly puzzle, with givens thinned at random and each
 * run of the ladder's keys (the first k; the counts alone; the lines
 * alone): the closure reaches the same candidates as explain does. */
static int closure_compare(const struct puzzle *p, uint64_t seed)
{
    struct sl_error err;
    struct ruleset *rs = ruleset_build(p, &err);
    CU_ASSERT_PTR_NOT_NULL_FATAL(rs);
    CU_ASSERT_PTR_NOT_NULL_FATAL(rs->slots[0].ops->explain_closure);
    int n = p->geo.ncells, nkeys = (int)(sizeof closure_keys / sizeof closure_keys[0]);
    digitset *a = malloc(rs->state_bytes), *b = malloc(rs->state_bytes);
    struct rng r;
    rng_seed(&r, seed);
    int deduced = 0;
    for (int trial = 0; trial < nkeys + 2; trial++) {
        const char *const *keys = closure_keys + (trial == nkeys + 1 ? 5 : trial == nkeys ? 3 : 0);
        int count = trial < nkeys ? trial + 1 : 1;
        memset(a, 0, rs->state_bytes);
        for (int c = 0; c < n; c++)
            a[c] = p->givens[c] && rng_below(&r, 4) ? digitset_of(p->givens[c]) : rs->domain[c];
        memcpy(b, a, rs->state_bytes);
        int want = fixed_point_by_explain(rs, a, keys, count);
        int got =
            rs->slots[0].ops->explain_closure(rs->slots[0].self, keys, count, b, NULL, 0, NULL, 0);
        CU_ASSERT_EQUAL(got < 0, want < 0);
        if (want == 0) CU_ASSERT_EQUAL(memcmp(a, b, sizeof *a * (size_t)n), 0);
        deduced += got > 0;
    }
    free(a);
    free(b);
    ruleset_free(rs);
    return deduced;
}

static void test_closure_against_explain(void)
{
    FILE *f = fopen(UNRULY_DATA, "r");
    CU_ASSERT_PTR_NOT_NULL_FATAL(f);
    char line[1024];
    int checked = 0, deduced = 0;
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '#') continue;
        size_t len = strcspn(line, " \n");
        struct puzzle p;
        struct puzzle_source where;
        struct sl_error err = {0};
        if (format_unruly_read(line, len, &p, &where, &err) != 0) continue;
        deduced += closure_compare(&p, (uint64_t)checked + 1);
        puzzle_clear(&p);
        checked++;
    }
    fclose(f);
    CU_ASSERT(checked >= 20);
    CU_ASSERT(deduced >= checked * 4); /* not a comparison of untouched grids */
}

/* binary_supports against every valid pattern, for every line of
 * candidates (each cell 1, 2 or both) of sizes 4 to 10, with and without
 * a taken pattern. */
static void test_supports_against_patterns(void)
{
    for (int n = 4; n <= 10; n += 2) {
        struct session s;
        CU_ASSERT_EQUAL_FATAL(read_empty(n, &s), 1);
        const struct binary *b = s.p.rules[0].self;
        uint32_t full = (UINT32_C(1) << n) - 1, taken = b->patterns[b->npatterns / 2];
        long lines = 1, wrong = 0;
        for (int i = 0; i < n; i++) lines *= 3;
        for (long code = 0; code < 2 * lines; code++) {
            uint32_t can1 = 0, can2 = 0, ones, twos, want1 = 0, want2 = 0;
            for (long rest = code % lines, i = 0; i < n; i++, rest /= 3) {
                can1 |= (uint32_t)(rest % 3 != 1) << i;
                can2 |= (uint32_t)(rest % 3 != 0) << i;
            }
            int ntaken = code >= lines;
            for (int k = 0; k < b->npatterns; k++) {
                uint32_t p = b->patterns[k];
                if ((p & ~can2) || (~p & full & ~can1) || (ntaken && p == taken)) continue;
                want1 |= ~p & full;
                want2 |= p;
            }
            int fits = binary_supports(b, can1, can2, &taken, ntaken, &ones, &twos);
            wrong +=
                fits != ((want1 | want2) == full) || (fits && (ones != want1 || twos != want2));
        }
        CU_ASSERT_EQUAL(wrong, 0);
        session_close(&s);
    }
}

/* Each puzzle read from the captured Unruly IDs, with its rules and
 * solution, handed to check with a seed of its own. */
static void with_each_unruly(void (*check)(const struct puzzle *p, const struct ruleset *rs,
                                           const uint8_t *solution, uint64_t seed))
{
    FILE *f = fopen(UNRULY_DATA, "r");
    CU_ASSERT_PTR_NOT_NULL_FATAL(f);
    char line[1024];
    int checked = 0;
    while (fgets(line, sizeof line, f)) {
        struct puzzle p;
        struct puzzle_source where;
        struct sl_error err = {0};
        if (line[0] == '#' || format_unruly_read(line, strcspn(line, " \n"), &p, &where, &err))
            continue;
        struct ruleset *rs = ruleset_build(&p, &err);
        struct solver *sv = solver_new(rs);
        uint8_t solution[SL_MAX_CELLS];
        CU_ASSERT_EQUAL_FATAL(solver_count(sv, p.givens, 2, solution, NULL).solutions, 1);
        check(&p, rs, solution, (uint64_t)++checked);
        solver_free(sv);
        ruleset_free(rs);
        puzzle_clear(&p);
    }
    fclose(f);
    CU_ASSERT(checked >= 20);
}

/* The open cell of a row with one open cell, or -1. */
static int last_open_cell(const struct puzzle *p, const digitset *a)
{
    int size = p->geo.size;
    for (int r = 0; r < size; r++) {
        int open = -1, count = 0;
        for (int c = r * size; c < (r + 1) * size; c++)
            if (!digitset_is_single(a[c])) open = c, count++;
        if (count == 1) return open;
    }
    return -1;
}

/* A closure told the cells narrowed since its fixed point (news) reaches
 * the fixed point a closure from scratch does: the first k keys, or the
 * counts, comparison or lines alone; news of a few cells or of one
 * (which may complete a line). */
static void closure_news_once(const struct puzzle *p, const struct ruleset *rs,
                              const uint8_t *solution, uint64_t seed)
{
    const struct constraint_ops *ops = rs->slots[0].ops;
    int n = p->geo.ncells, nkeys = (int)(sizeof closure_keys / sizeof closure_keys[0]);
    digitset a[SL_MAX_CELLS], b[SL_MAX_CELLS];
    struct rng r;
    rng_seed(&r, seed);
    for (int trial = 0; trial < 8 * (nkeys + 3); trial++) {
        int run = trial % (nkeys + 3), count = run < nkeys ? run + 1 : 1;
        const char *const *keys = closure_keys + (run < nkeys ? 0 : run - nkeys + 3);
        int news[SL_MAX_CELLS], nnews = 0, thin = 2 + trial % 5, one = trial % 3 == 0;
        for (int c = 0; c < n; c++)
            a[c] = rng_below(&r, (uint32_t)thin) ? rs->domain[c] : digitset_of(solution[c]);
        CU_ASSERT(ops->explain_closure(rs->slots[0].self, keys, count, a, NULL, 0, NULL, 0) >= 0);
        int last = one ? last_open_cell(p, a) : -1;
        if (last >= 0) a[last] = digitset_of(solution[last]), news[nnews++] = last;
        for (int c = 0; c < n && !(one && nnews); c++)
            if (a[c] != digitset_of(solution[c]) && !rng_below(&r, (uint32_t)(8 - thin))) {
                a[c] = digitset_of(solution[c]);
                news[nnews++] = c;
            }
        memcpy(b, a, sizeof *a * (size_t)n);
        ops->explain_closure(rs->slots[0].self, keys, count, a, NULL, 0, news, nnews);
        ops->explain_closure(rs->slots[0].self, keys, count, b, NULL, 0, NULL, 0);
        CU_ASSERT_EQUAL(memcmp(a, b, sizeof *a * (size_t)n), 0);
    }
}

static void test_closure_news(void) { with_each_unruly(closure_news_once); }

/* The dig by deductions, step by step: each group in turn goes when the
 * closure from the givens left deduces its cells. */
static int dig_by_reference(const struct ruleset *rs, uint8_t *givens, const uint8_t *solution,
                            const int *cells, const int *start, int ngroups, int nkeys)
{
    const struct constraint_ops *ops = rs->slots[0].ops;
    int removed = 0, n = rs->geo.ncells;
    for (int g = 0; g < ngroups; g++) {
        uint8_t kept[SL_MAX_CELLS];
        digitset state[SL_MAX_CELLS];
        memcpy(kept, givens, (size_t)n);
        for (int i = start[g]; i < start[g + 1]; i++) givens[cells[i]] = 0;
        for (int c = 0; c < n; c++) state[c] = givens[c] ? digitset_of(givens[c]) : rs->domain[c];
        int fills = ops->explain_closure(rs->slots[0].self, closure_keys, nkeys, state, NULL, 0,
                                         NULL, 0) >= 0;
        for (int c = 0; c < n; c++) fills &= state[c] == digitset_of(solution[c]);
        if (fills) {
            for (int c = 0; c < n; c++) removed += kept[c] && !givens[c];
        } else {
            memcpy(givens, kept, (size_t)n);
        }
    }
    return removed;
}

/* Groups of one to three cells in a drawn order, the last (with
 * overlap) sharing cells with others. */
static int draw_groups(struct rng *r, int n, int *cells, int *start, int size, int overlap)
{
    int order[SL_MAX_CELLS], ngroups = 0, at = 0;
    for (int c = 0; c < n; c++) order[c] = c;
    rng_shuffle_ints(r, order, n);
    for (int i = 0; i < n; i += size) {
        start[ngroups++] = at;
        for (int k = i; k < i + size && k < n; k++) cells[at++] = order[k];
    }
    if (overlap) {
        start[ngroups++] = at;
        cells[at++] = order[0];
        cells[at++] = order[n - 1];
    }
    start[ngroups] = at;
    return ngroups;
}

/* The dig (by halves where the groups share no cell) removes what the
 * step-by-step reference does, from the whole solution and from a
 * puzzle's own givens, for each run of keys and group size. */
static void dig_halves_once(const struct puzzle *p, const struct ruleset *rs,
                            const uint8_t *solution, uint64_t seed)
{
    int n = p->geo.ncells, nkeys = (int)(sizeof closure_keys / sizeof closure_keys[0]);
    int cells[2 * SL_MAX_CELLS], start[SL_MAX_CELLS + 2];
    struct rng r;
    rng_seed(&r, seed);
    for (int trial = 0; trial < 3 * nkeys; trial++) {
        int count = trial % nkeys + 1, size = 1 + trial % 3, overlap = trial % 4 == 3;
        int ngroups = draw_groups(&r, n, cells, start, size, overlap);
        uint8_t want[SL_MAX_CELLS], got[SL_MAX_CELLS];
        const uint8_t *from = trial % 5 == 4 ? p->givens : solution;
        memcpy(want, from, (size_t)n);
        memcpy(got, from, (size_t)n);
        int removed = dig_by_reference(rs, want, solution, cells, start, ngroups, count);
        CU_ASSERT_EQUAL(
            dig_groups_deduced(rs, got, solution, cells, start, ngroups, closure_keys, count, NULL),
            removed);
        CU_ASSERT_EQUAL(memcmp(want, got, (size_t)n), 0);
    }
}

static void test_dig_by_halves(void) { with_each_unruly(dig_halves_once); }

/* Steps counted (dig.h, struct dig_steps) and held to: a limit of the
 * steps an unlimited run took gives its answer, one less gives up there;
 * for the check of a puzzle's givens and for a dig by halves. */
static void steps_limit_once(const struct puzzle *p, const struct ruleset *rs,
                             const uint8_t *solution, uint64_t seed)
{
    int n = p->geo.ncells, nkeys = (int)(sizeof closure_keys / sizeof closure_keys[0]);
    uint8_t grid[SL_MAX_CELLS], givens[SL_MAX_CELLS];
    struct dig_steps free_run = {0}, exact, short_of;
    int fills = dig_deduces(rs, p->givens, closure_keys, nkeys, grid, &free_run);
    CU_ASSERT_EQUAL(fills, 1);
    CU_ASSERT(free_run.used >= 1);
    exact = (struct dig_steps){.limit = free_run.used};
    CU_ASSERT_EQUAL(dig_deduces(rs, p->givens, closure_keys, nkeys, grid, &exact), fills);
    CU_ASSERT_EQUAL(exact.used, free_run.used);
    /* On some of these one pass is the closure's whole fixed point, and a
     * limit of 0 is none. */
    if (free_run.used > 1) {
        short_of = (struct dig_steps){.limit = free_run.used - 1};
        CU_ASSERT_EQUAL(dig_deduces(rs, p->givens, closure_keys, nkeys, grid, &short_of),
                        DIG_DEDUCE_GAVE_UP);
        CU_ASSERT_EQUAL(short_of.used, short_of.limit);
    }

    int cells[SL_MAX_CELLS], start[SL_MAX_CELLS + 1];
    struct rng r;
    rng_seed(&r, seed);
    int ngroups = draw_groups(&r, n, cells, start, 1, 0);
    memcpy(givens, solution, (size_t)n);
    free_run = (struct dig_steps){0};
    int removed = dig_groups_deduced(rs, givens, solution, cells, start, ngroups, closure_keys,
                                     nkeys, &free_run);
    CU_ASSERT(removed > 0 && free_run.used > 1);
    memcpy(givens, solution, (size_t)n);
    short_of = (struct dig_steps){.limit = free_run.used - 1};
    CU_ASSERT_EQUAL(dig_groups_deduced(rs, givens, solution, cells, start, ngroups, closure_keys,
                                       nkeys, &short_of),
                    DIG_DEDUCE_GAVE_UP);
    CU_ASSERT_EQUAL(short_of.used, short_of.limit);
}

static void test_steps_limit(void) { with_each_unruly(steps_limit_once); }

void tests_register(void)
{
    CU_pSuite s = CU_add_suite("binary", NULL, NULL);
    CU_add_test(s, "line pattern counts", test_pattern_counts);
    CU_add_test(s, "counts against brute force", test_counts_against_brute_force);
    CU_add_test(s, "solutions obey unique lines", test_solutions_obey_unique_lines);
    CU_add_test(s, "bad rules", test_bad_rules);
    CU_add_test(s, "captured Unruly IDs", test_unruly_captured);
    CU_add_test(s, "malformed Unruly IDs", test_unruly_malformed);
    CU_add_test(s, "closure against explain", test_closure_against_explain);
    CU_add_test(s, "closure told its news", test_closure_news);
    CU_add_test(s, "supports against every pattern", test_supports_against_patterns);
    CU_add_test(s, "dig by halves against step by step", test_dig_by_halves);
    CU_add_test(s, "deductions held to a step limit", test_steps_limit);
}
