/*
 * test_killer_kernel.c — the killer kernel (killer_kernel.h) against the
 * general search: random cage maps on 4x4 to 9x9 grids (with and without
 * boxes), cells in no cage, dropped sums, givens (some conflicting), sums
 * nudged off the grid's; every count up to 3 must be the general one's,
 * and the trials must meet puzzles of no, one and several solutions; the
 * solutions the kernel lists (puzzle_list_quick) must be solutions, distinct.
 * SUDOLAB_FUZZ_TRIALS sets the number of trials (a bigger run by hand).
 */
#include <CUnit/CUnit.h>
#include <stdlib.h>
#include <string.h>

#include "../constraints/killer_settler.h"
#include "cage_text.h"
#include "cunit_main.h"
#include "dig.h"
#include "test_helpers.h"

struct kk_shape {
    int n, rows, cols;
};

/* Cages of up to `most` cells grown from cells in random order over
 * distinct digits of grid, ids by first appearance (-1: a cell left out). */
static void kk_cages(const uint8_t *grid, int n, int most, struct rng *r, int *part)
{
    int ncells = n * n, ids = 0;
    int id_of[SL_MAX_CELLS];
    for (int c = 0; c < ncells; c++) part[c] = -2;
    for (int c = 0; c < ncells; c++) {
        if (part[c] != -2) continue;
        if (rng_below(r, 10) == 0) {
            part[c] = -1;
            continue;
        }
        int want = 1 + (int)rng_below(r, (uint32_t)most), size = 1, at = c;
        digitset used = digitset_of(grid[c]);
        part[c] = ids;
        for (int tries = 0; size < want && tries < 8; tries++) {
            int step[4] = {at >= n ? at - n : -1, at + n < ncells ? at + n : -1,
                           at % n ? at - 1 : -1, at % n < n - 1 ? at + 1 : -1};
            int next = step[rng_below(r, 4)];
            if (next < 0 || part[next] != -2 || (used & digitset_of(grid[next]))) continue;
            part[next] = ids, used |= digitset_of(grid[next]), size++, at = next;
        }
        ids++;
    }
    int seen = 0;
    for (int i = 0; i < ids; i++) id_of[i] = -1;
    for (int c = 0; c < ncells; c++)
        if (part[c] >= 0) {
            if (id_of[part[c]] < 0) id_of[part[c]] = seen++;
            part[c] = id_of[part[c]];
        }
}

/* One random killer over a filled grid of shape s, as a puzzle. */
static int kk_puzzle(const struct kk_shape *s, struct rng *r, struct puzzle *p)
{
    struct fixture f;
    uint8_t grid[SL_MAX_CELLS];
    int part[SL_MAX_CELLS], sum[SL_MAX_CELLS] = {0};
    if (fixture_open(&f, s->n, s->rows, s->cols, NULL)) return -1;
    int filled = dig_fill(f.solver, f.rules, f.puzzle.givens, r, grid, NULL).solutions == 1;
    struct geometry g = f.puzzle.geo;
    fixture_close(&f);
    if (!filled) return -1;
    kk_cages(grid, s->n, 4, r, part);
    for (int c = 0; c < s->n * s->n; c++)
        if (part[c] >= 0) sum[part[c]] += grid[c];
    for (int i = 0; i < s->n * s->n; i++) {
        if (rng_below(r, 6) == 0) sum[i] = 0;
        if (sum[i] > 3 && rng_below(r, 25) == 0) sum[i] += rng_below(r, 2) ? 1 : -1;
    }
    struct cage_text ct;
    struct sl_error err = {0};
    char text[8192] = "classic;killer:";
    cage_text_from_parts(&ct, s->n * s->n, part, sum);
    cage_text_write(&ct, text + 15, sizeof text - 15);
    puzzle_init(p, &g);
    if (puzzle_add_rules_text(p, text, &err)) return 1; /* a nudged sum no cage can make */
    for (int k = (int)rng_below(r, (uint32_t)s->n); k > 0; k--) {
        int c = (int)rng_below(r, (uint32_t)(s->n * s->n));
        p->givens[c] = rng_below(r, 12) ? grid[c] : (uint8_t)(1 + rng_below(r, (uint32_t)s->n));
    }
    return 0;
}

/* The general search's count up to limit (0 for givens it refuses). */
static long kk_general(const struct puzzle *p, long limit)
{
    struct sl_error err = {0};
    int cell = 0;
    struct ruleset *rs = ruleset_build(p, &err);
    CU_ASSERT_PTR_NOT_NULL_FATAL(rs);
    struct solver *s = solver_new(rs);
    long n = 0;
    if (ruleset_check_givens(rs, p->givens, &cell, &err) == 0)
        n = solver_count(s, p->givens, limit, NULL, NULL).solutions;
    solver_free(s);
    ruleset_free(rs);
    return n;
}

/* The solutions puzzle_list_quick lists, when it answers: as many as it
 * counts, each a solution, no two the same. */
static void kk_check_listed(const struct puzzle *p, long limit)
{
    struct search_result r;
    uint64_t used = 0;
    size_t ncells = (size_t)p->geo.ncells;
    uint8_t found[3 * SL_MAX_CELLS];
    CU_ASSERT_FATAL(limit <= 3);
    if (!puzzle_list_quick(p, limit, 0, &r, &used, found)) return;
    for (long i = 0; i < r.solutions; i++) {
        CU_ASSERT(puzzle_is_solution(p, found + (size_t)i * ncells));
        for (long j = 0; j < i; j++)
            CU_ASSERT(memcmp(found + (size_t)i * ncells, found + (size_t)j * ncells, ncells) != 0);
    }
}

static void test_kernel_agrees(void)
{
    static const struct kk_shape shapes[] = {{4, 2, 2}, {5, 0, 0}, {6, 2, 3}, {8, 2, 4},
                                             {9, 3, 3}, {6, 3, 2}, {9, 3, 3}};
    const char *env = getenv("SUDOLAB_FUZZ_TRIALS");
    int trials = env ? atoi(env) : 400, met[3] = {0};
    struct rng r;
    rng_seed(&r, 23);
    for (int t = 0; t < trials; t++) {
        const struct kk_shape *s = &shapes[t % 7];
        struct puzzle p;
        int made = kk_puzzle(s, &r, &p);
        if (made != 0) {
            CU_ASSERT_EQUAL(made, 1);
            continue;
        }
        struct search_result k;
        uint64_t used = 0;
        CU_ASSERT_EQUAL_FATAL(puzzle_count_kernel(&p, 3, 0, &k, &used), 0);
        CU_ASSERT_FALSE(k.gave_up);
        long general = kk_general(&p, 3);
        CU_ASSERT_EQUAL(k.solutions, general);
        kk_check_listed(&p, 3);
        met[general == 0 ? 0 : general == 1 ? 1 : 2]++;
        puzzle_clear(&p);
    }
    CU_ASSERT(met[0] > 0 && met[1] > 0 && met[2] > 0);
}

/* A 9x9 killer of three cages, a row each, without sums or givens: many
 * solutions, many nodes. 0, or -1 with p left empty. */
static int wide_killer(struct puzzle *p)
{
    struct sl_error err = {0};
    struct geometry g;
    if (geometry_init(&g, 9, 3, 3, &err)) return -1;
    puzzle_init(p, &g);
    return puzzle_add_rules_text(p,
                                 "classic;killer:AAAAAAAAABBBBBBBBBCCCCCCCCC"
                                 "..........................."
                                 "...........................:?,?,?",
                                 &err);
}

/* Past its node limit the kernel says it gave up; other rules: no kernel. */
static void test_kernel_limits(void)
{
    struct fixture f;
    CU_ASSERT_EQUAL_FATAL(fixture_open(&f, 9, 3, 3, NULL), 0);
    struct search_result k;
    uint64_t used = 0;
    CU_ASSERT_EQUAL(puzzle_count_kernel(&f.puzzle, 2, 0, &k, &used), -1);
    fixture_close(&f);
    struct puzzle p;
    CU_ASSERT_EQUAL_FATAL(wide_killer(&p), 0);
    CU_ASSERT_EQUAL(puzzle_count_kernel(&p, 1000000, 5, &k, &used), 0);
    CU_ASSERT_TRUE(k.gave_up);
    CU_ASSERT_TRUE(used <= 5);
    CU_ASSERT_EQUAL(puzzle_count_kernel(&p, 7, 0, &k, &used), 0);
    CU_ASSERT_EQUAL(k.solutions, 7);
    CU_ASSERT_FALSE(k.gave_up);
    puzzle_clear(&p);
}

/* A count that tries the kernel first spends one budget: the kernel's
 * nodes are taken off what the general search may spend after it. */
static void test_count_within_budget(void)
{
    struct puzzle p;
    CU_ASSERT_EQUAL_FATAL(wide_killer(&p), 0);
    struct sl_error err = {0};
    struct ruleset *rs = ruleset_build(&p, &err);
    struct solver *s = rs ? solver_new(rs) : NULL;
    CU_ASSERT_PTR_NOT_NULL_FATAL(s);
    /* Budgets past and within the kernel's own KILLER_KERNEL_NODES. */
    const uint64_t budgets[] = {KILLER_KERNEL_NODES + 50, KILLER_KERNEL_NODES / 2};
    for (size_t i = 0; i < sizeof budgets / sizeof budgets[0]; i++) {
        struct search_result r;
        struct search_stats stats = {0};
        solver_set_node_limit(s, budgets[i]);
        puzzle_count_within(&p, s, 1000000, &r, &stats, NULL);
        CU_ASSERT_TRUE(r.gave_up);
        CU_ASSERT_EQUAL(stats.nodes, budgets[i]);
        CU_ASSERT_EQUAL(solver_node_limit(s), budgets[i]);
    }
    solver_free(s);
    ruleset_free(rs);
    puzzle_clear(&p);
}

/* Cages (a sum each but for some) over a filled grid of shape sh into ct,
 * g and grid: 0, or -1 when no grid was filled. */
static int kk_cages_of(const struct kk_shape *sh, struct rng *r, struct cage_text *ct,
                       struct geometry *g, uint8_t *grid)
{
    struct fixture f;
    int part[SL_MAX_CELLS], sum[SL_MAX_CELLS] = {0};
    if (fixture_open(&f, sh->n, sh->rows, sh->cols, NULL)) return -1;
    int filled = dig_fill(f.solver, f.rules, f.puzzle.givens, r, grid, NULL).solutions == 1;
    *g = f.puzzle.geo;
    fixture_close(&f);
    if (!filled) return -1;
    kk_cages(grid, sh->n, 4, r, part);
    for (int c = 0; c < sh->n * sh->n; c++)
        if (part[c] >= 0) sum[part[c]] += grid[c];
    for (int i = 0; i < sh->n * sh->n; i++)
        if (rng_below(r, 8) == 0) sum[i] = 0;
    cage_text_from_parts(ct, sh->n * sh->n, part, sum);
    return 0;
}

/* The digits every combination of sum i that fits the candidates holds
 * (placed digits aside), worked out afresh; 0 when none fits. */
static digitset kk_needed(const struct settler *s, int i)
{
    const struct settle_sum *sum = &s->sums[i];
    digitset placed = 0, needed = ~(digitset)0;
    int fitting = 0;
    for (int k = 0; k < sum->count; k++) {
        digitset m = s->cand[s->sum_cells[sum->first + k]];
        if (digitset_is_single(m)) placed |= m;
    }
    for (int j = 0; j < sum->combo_count; j++) {
        digitset combo = s->combos[sum->combo_first + j], rest = combo & ~placed;
        int fits = (combo & placed) == placed;
        for (int k = 0; k < sum->count && fits; k++) {
            digitset m = s->cand[s->sum_cells[sum->first + k]];
            fits = digitset_is_single(m) || (m & rest);
        }
        if (fits) needed &= rest, fitting++;
    }
    return fitting ? needed : 0;
}

/* No digit sum i needs is left outside it in a house holding all its
 * places among the sum's open cells: the count of such leftovers; the
 * houses looked at (a needed digit of two or more places each) are added
 * to *looked. */
static int kk_pointing_left(const struct settler *s, int i, int *looked)
{
    const struct settle_sum *sum = &s->sums[i];
    uint8_t inside[SETTLE_CELLS] = {0};
    int left = 0;
    for (int k = 0; k < sum->count; k++) inside[s->sum_cells[sum->first + k]] = 1;
    for (digitset needed = kk_needed(s, i); needed; needed &= needed - 1) {
        digitset d = needed & -needed;
        uint64_t shared = ~UINT64_C(0);
        int places = 0;
        for (int k = 0; k < sum->count; k++) {
            int cell = s->sum_cells[sum->first + k];
            if ((s->cand[cell] & d) && !digitset_is_single(s->cand[cell]))
                shared &= s->cell_house_bits[cell], places++;
        }
        if (places < 2) continue;
        *looked += __builtin_popcountll(shared & ((UINT64_C(1) << s->nhouses) - 1));
        for (int h = 0; h < s->nhouses; h++)
            for (int k = 0; (shared >> h & 1) && k < s->n; k++)
                left += !inside[s->house[h][k]] && (s->cand[s->house[h][k]] & d);
    }
    return left;
}

/* Down random branches of random killers (a digit of an open cell at a
 * time, mostly the grid's), every fixed point settle_run reaches leaves
 * no pointing undone; the trials must meet many open fixed points and
 * many houses to look at. */
static void test_settle_pointing_done(void)
{
    static const struct kk_shape shapes[] = {{9, 3, 3}, {6, 2, 3}, {8, 2, 4}};
    struct settler *s = malloc(sizeof *s);
    CU_ASSERT_PTR_NOT_NULL_FATAL(s);
    struct rng r;
    rng_seed(&r, 41);
    int points = 0, open_points = 0, looked = 0;
    for (int t = 0; t < 120; t++) {
        struct cage_text ct;
        struct geometry g;
        uint8_t grid[SL_MAX_CELLS];
        if (kk_cages_of(&shapes[t % 3], &r, &ct, &g, grid) || settle_init(s, &ct, &g)) continue;
        for (int rc = settle_run(s); rc == 0; rc = settle_run(s)) {
            points++;
            for (int i = 0; i < s->nsums; i++) CU_ASSERT_EQUAL(kk_pointing_left(s, i, &looked), 0);
            int open[SETTLE_CELLS], nopen = 0;
            for (int c = 0; c < s->ncells; c++)
                if (!digitset_is_single(s->cand[c])) open[nopen++] = c;
            if (nopen == 0) break;
            open_points++;
            int cell = open[rng_below(&r, (uint32_t)nopen)];
            digitset m = rng_below(&r, 4) ? digitset_of(grid[cell]) : s->cand[cell];
            for (int skip = (int)rng_below(&r, (uint32_t)digitset_count(m)); skip > 0; skip--)
                m &= m - 1;
            CU_ASSERT_EQUAL_FATAL(settle_restrict(s, cell, m & -m), 0);
        }
        settle_clear_due(s);
    }
    free(s);
    CU_ASSERT(open_points > 100 && points > open_points && looked > 1000);
}

/* A 9x9 killer of random cages of up to 6 cells, a third of its sums
 * dropped, one of the others off by one in two of every three (most then
 * have no solution, and proving it takes a search long enough to
 * restart). 0, 1 for sums no cage can make, or -1. */
static int kk_hard(struct rng *r, struct puzzle *p)
{
    struct fixture f;
    uint8_t grid[SL_MAX_CELLS];
    int part[SL_MAX_CELLS], sum[SL_MAX_CELLS] = {0};
    if (fixture_open(&f, 9, 3, 3, NULL)) return -1;
    int filled = dig_fill(f.solver, f.rules, f.puzzle.givens, r, grid, NULL).solutions == 1;
    struct geometry g = f.puzzle.geo;
    fixture_close(&f);
    if (!filled) return -1;
    kk_cages(grid, 9, 6, r, part);
    int ncages = 0;
    for (int c = 0; c < 81; c++)
        if (part[c] >= 0) {
            sum[part[c]] += grid[c];
            if (part[c] >= ncages) ncages = part[c] + 1;
        }
    if (rng_below(r, 3) < 2) {
        int i = (int)rng_below(r, (uint32_t)ncages);
        sum[i] += sum[i] > 3 && rng_below(r, 2) ? -1 : 1;
    }
    for (int i = 0; i < ncages; i++)
        if (rng_below(r, 3) == 0) sum[i] = 0;
    struct cage_text ct;
    struct sl_error err = {0};
    char text[8192] = "classic;killer:";
    cage_text_from_parts(&ct, 81, part, sum);
    cage_text_write(&ct, text + 15, sizeof text - 15);
    puzzle_init(p, &g);
    return puzzle_add_rules_text(p, text, &err) ? 1 : 0;
}

/* Every solution of p up to limit into out with look-ahead on or off,
 * sorted; the result, and the nodes into *nodes. */
static struct search_result kk_listed(const struct puzzle *p, int look, long limit, uint8_t *out,
                                      uint64_t *nodes)
{
    struct sl_error err = {0};
    struct ruleset *rs = ruleset_build(p, &err);
    CU_ASSERT_PTR_NOT_NULL_FATAL(rs);
    struct solver *s = solver_new(rs);
    CU_ASSERT_PTR_NOT_NULL_FATAL(s);
    solver_set_lookahead(s, look);
    struct search_stats stats = {0, 0};
    struct search_result r = solver_solutions(s, p->givens, limit, out, &stats);
    *nodes = stats.nodes;
    solver_free(s);
    ruleset_free(rs);
    for (long i = 1; i < r.solutions; i++) /* insertion sort: a few grids */
        for (long j = i; j > 0 && memcmp(out + (j - 1) * 81, out + j * 81, 81) > 0; j--) {
            uint8_t t[81];
            memcpy(t, out + j * 81, 81);
            memmove(out + j * 81, out + (j - 1) * 81, 81);
            memcpy(out + (j - 1) * 81, t, 81);
        }
    return r;
}

/* The look-ahead of a count's restart passes (lookahead.h) changes its
 * tree, never its answer: random hard killers counted to 3 with it and
 * without list the same solutions, and some trees differ (it ran); a
 * count whose first pass is never cut short takes the same nodes. */
static void test_lookahead_agrees(void)
{
    const char *env = getenv("SUDOLAB_FUZZ_TRIALS");
    int trials = env ? atoi(env) : 100, differ = 0, met[3] = {0}, short_ones = 0;
    struct rng r;
    rng_seed(&r, 3);
    uint8_t with[3 * 81], without[3 * 81];
    for (int t = 0; t < trials; t++) {
        struct puzzle p;
        int made = kk_hard(&r, &p);
        if (made != 0) {
            if (made > 0) puzzle_clear(&p);
            continue;
        }
        uint64_t on = 0, off = 0;
        struct search_result a = kk_listed(&p, 1, 3, with, &on);
        struct search_result b = kk_listed(&p, 0, 3, without, &off);
        CU_ASSERT_FALSE(a.gave_up || b.gave_up);
        CU_ASSERT_EQUAL(a.solutions, b.solutions);
        if (a.solutions == b.solutions)
            CU_ASSERT(memcmp(with, without, (size_t)a.solutions * 81) == 0 || a.solutions == 3);
        for (long i = 0; i < a.solutions; i++) CU_ASSERT(puzzle_is_solution(&p, with + i * 81));
        differ += on != off;
        if (off <= 100) { /* no pass cut short (search.c's first budget): no look-ahead */
            short_ones++;
            CU_ASSERT_EQUAL(on, off);
        }
        met[a.solutions == 0 ? 0 : a.solutions == 1 ? 1 : 2]++;
        puzzle_clear(&p);
    }
    CU_ASSERT(differ > 0 && met[0] > 0 && met[1] + met[2] > 0);
    CU_ASSERT(short_ones > 0);
}

void tests_register(void)
{
    CU_pSuite s = CU_add_suite("killer_kernel", NULL, NULL);
    CU_add_test(s, "agrees with the general search", test_kernel_agrees);
    CU_add_test(s, "node limit and other rules", test_kernel_limits);
    CU_add_test(s, "kernel and search within one budget", test_count_within_budget);
    CU_add_test(s, "the settle leaves no pointing undone", test_settle_pointing_done);
    CU_add_test(s, "look-ahead changes trees, not counts", test_lookahead_agrees);
}
