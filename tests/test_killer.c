/*
 * test_killer.c — the killer rule: the combination table against an
 * independent count, propagation on hand-made cages, the rule of 45, and
 * soundness against brute force (every 4x4 grid) and random cages.
 */
#include <CUnit/CUnit.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cunit_main.h"
#include "../constraints/cage_combos.h"
#include "../constraints/cage_sums.h"
#include "../constraints/killer_explain.h"
#include "propagate.h"
#include "puzzle_edit.h"
#include "rng.h"
#include "test_helpers.h"
#include "test_reader.h"

/* --- The combination table ---------------------------------------------- */

/* Ways to pick k distinct digits of 1..n summing to s, by dynamic
 * programming over the digits (no enumeration), for comparison. */
static long ways_by_dp(int n, int k, int s)
{
    static long ways[26][26][326];
    memset(ways, 0, sizeof ways);
    ways[0][0][0] = 1;
    for (int d = 1; d <= n; d++)
        for (int j = 0; j <= n; j++)
            for (int t = 0; t <= 325; t++) {
                ways[d][j][t] = ways[d - 1][j][t];
                if (j > 0 && t >= d) ways[d][j][t] += ways[d - 1][j - 1][t - d];
            }
    return k <= n && s >= 0 && s <= 325 ? ways[n][k][s] : 0;
}

static void check_combos(int n)
{
    static digitset list[20000];
    for (int k = 1; k <= n; k++) {
        long total = 0;
        for (int s = 0; s <= cage_sum_max(n, k) + 1; s++) {
            long count = cage_combos_for(n, k, s, list, 20000);
            CU_ASSERT_EQUAL(count, ways_by_dp(n, k, s));
            total += count;
            for (long i = 0; i < count && i < 20000; i++) {
                int sum = 0;
                for (digitset m = list[i]; m; m = digitset_rest(m)) sum += digitset_first(m);
                CU_ASSERT_EQUAL(digitset_count(list[i]), k);
                CU_ASSERT_EQUAL(sum, s);
                CU_ASSERT_FALSE(list[i] & ~digitset_all(n));
                if (i > 0) CU_ASSERT_TRUE(list[i] > list[i - 1]);
            }
        }
        long binomial = 1;
        for (int i = 0; i < k; i++) binomial = binomial * (n - i) / (i + 1);
        CU_ASSERT_EQUAL(total, binomial); /* every subset has exactly one sum */
    }
}

static void test_combos_9(void)
{
    digitset list[16];
    check_combos(9);
    CU_ASSERT_EQUAL(cage_combos_for(9, 2, 3, list, 16), 1);
    CU_ASSERT_EQUAL(list[0], digitset_of(1) | digitset_of(2));
    CU_ASSERT_EQUAL(cage_combos_for(9, 3, 23, list, 16), 1);
    CU_ASSERT_EQUAL(list[0], digitset_of(6) | digitset_of(8) | digitset_of(9));
    CU_ASSERT_EQUAL(cage_combos_for(9, 2, 18, list, 16), 0);
    CU_ASSERT_EQUAL(cage_combos_for(9, 9, 45, list, 16), 1);
}

/* 16 is the largest N listed from the shared tables; 17 is enumerated. A
 * short out gets the first cap subsets and the full count. */
static void test_combos_16(void)
{
    digitset all[8], few[3];
    check_combos(16);
    check_combos(17);
    CU_ASSERT_EQUAL(cage_combos_for(16, 3, 12, all, 8), 7);
    CU_ASSERT_EQUAL(cage_combos_for(16, 3, 12, few, 3), 7);
    CU_ASSERT_EQUAL(memcmp(all, few, sizeof few), 0);
}

/* --- Puzzles from sudolab lines ----------------------------------------- */

/* A 9x9 classic + killer line: map and sums, no givens unless given. */
static char *killer_line(const char *map, const char *sums, const char *givens)
{
    static char line[2200];
    snprintf(
        line, sizeof line, "sudolab 9 3x3 classic;killer:%s:%s %s\n", map, sums,
        givens ? givens
               : "................................................................................"
                 ".");
    return line;
}

/* An 81-cell map with the cells listed (row-major indices) as 'A', 'B'... */
static const char *map_of(const int cages[][4], int ncages)
{
    static char map[82];
    memset(map, '.', 81);
    map[81] = '\0';
    for (int i = 0; i < ncages; i++)
        for (int k = 0; k < 4 && cages[i][k] >= 0; k++) map[cages[i][k]] = (char)('A' + i);
    return map;
}

struct built {
    struct session s;
    struct ruleset *rules;
    digitset cand[SL_MAX_CELLS + 4096];
    int status;
};

/* Reads the line, builds its ruleset and propagates the start. */
static void build(struct built *b, const char *line)
{
    struct sl_error err = {0};
    session_open(&b->s, line, NULL);
    CU_ASSERT_EQUAL_FATAL(session_next(&b->s), 1);
    b->rules = ruleset_build(&b->s.p, &err);
    CU_ASSERT_PTR_NOT_NULL_FATAL(b->rules);
    CU_ASSERT_TRUE_FATAL(b->rules->state_bytes <= sizeof b->cand);
    struct prop_ctx ctx;
    b->status = propagate_start(&ctx, b->rules, b->cand, b->s.p.givens);
}

static void unbuild(struct built *b)
{
    ruleset_free(b->rules);
    session_close(&b->s);
}

static const digitset d1 = 1u << 1, d2 = 1u << 2, d3 = 1u << 3, d8 = 1u << 8, d9 = 1u << 9;

/* A 3 in two cells is {1,2}; the rest of their row and box lose 1 and 2. */
static void test_two_cell_cage(void)
{
    static const int cages[][4] = {{0, 1, -1, -1}};
    struct built *b = malloc(sizeof *b);
    build(b, killer_line(map_of(cages, 1), "3", NULL));
    CU_ASSERT_EQUAL(b->status, SL_PROP_OK);
    CU_ASSERT_EQUAL(b->cand[0], d1 | d2);
    CU_ASSERT_EQUAL(b->cand[1], d1 | d2);
    for (int c = 2; c < 9; c++) CU_ASSERT_FALSE(b->cand[c] & (d1 | d2));
    CU_ASSERT_FALSE(b->cand[9] & (d1 | d2)); /* r2c1, same box */
    CU_ASSERT_TRUE(b->cand[27] & (d1 | d2)); /* r4c1 sees neither */
    unbuild(b);
    free(b);
}

/* 6 in three cells is {1,2,3}; with 3 given elsewhere in the columns of
 * two of them, the third must be the 3. */
static void test_needed_digit_goes_to_its_only_cell(void)
{
    static const int cages[][4] = {{0, 1, 2, -1}};
    char givens[82];
    memset(givens, '.', 81);
    givens[81] = '\0';
    givens[4 * 9 + 0] = '3'; /* column 1 */
    givens[7 * 9 + 1] = '3'; /* column 2 */
    struct built *b = malloc(sizeof *b);
    build(b, killer_line(map_of(cages, 1), "6", givens));
    CU_ASSERT_EQUAL(b->status, SL_PROP_OK);
    CU_ASSERT_EQUAL(b->cand[2], d3);
    CU_ASSERT_EQUAL(b->cand[0] | b->cand[1], d1 | d2);
    unbuild(b);
    free(b);
}

/* 17 in two cells is {8,9}: a 9 given in their row and an 8 given in the
 * column of one of them leaves nothing. */
static void test_cage_contradiction(void)
{
    static const int cages[][4] = {{0, 1, -1, -1}};
    char givens[82];
    memset(givens, '.', 81);
    givens[81] = '\0';
    givens[5] = '9';
    givens[6 * 9 + 1] = '8';
    struct built *b = malloc(sizeof *b);
    build(b, killer_line(map_of(cages, 1), "17", givens));
    CU_ASSERT_EQUAL(b->status, SL_PROP_CONTRADICTION);
    unbuild(b);
    free(b);
}

/* Row 1 made of cages 3 (2 cells), 7 (2 cells), 24 (3 cells): the rule of
 * 45 puts the last two cells at 11, and with the {1,2} cage's digits gone
 * they can only be {3,8}, {4,7} or {5,6}. */
static void test_innies_of_a_row(void)
{
    static const int cages[][4] = {{0, 1, -1, -1}, {2, 3, -1, -1}, {4, 5, 6, -1}};
    struct built *b = malloc(sizeof *b);
    build(b, killer_line(map_of(cages, 3), "3,7,24", NULL));
    CU_ASSERT_EQUAL(b->status, SL_PROP_OK);
    digitset rest = b->cand[7] | b->cand[8];
    CU_ASSERT_FALSE(rest & (d1 | d2 | d9));
    /* 24 in three cells is {7,8,9}, so the pair cage 7 can only be {3,4}
     * and {5,6}... together with the row: r1c8, r1c9 avoid 7, 8 and 9. */
    CU_ASSERT_FALSE(rest & (d8 | (1u << 7)));
    unbuild(b);
    free(b);
}

/* Rows 1-2 hold four vertical pairs (c6-c9) and r1c5 as cages; the nine
 * cells left (r1c1-c4, r2c1-c5) are N innies of the two rows adding up to
 * 90 - 63 = 27. Box 1's six of them add up to at least 21, so r1c4, r2c4
 * and r2c5 hold {1,2,3}. Only that N-cell sum says so: without it the
 * houses and cages leave those three cells 1-6. */
static void test_innies_of_two_rows_n_cells(void)
{
    static const int cages[][4] = {{4, -1}, {5, 14, -1}, {6, 15, -1}, {7, 16, -1}, {8, 17, -1}};
    struct built *b = malloc(sizeof *b);
    build(b, killer_line(map_of(cages, 5), "9,15,13,12,14", NULL));
    CU_ASSERT_EQUAL(b->status, SL_PROP_OK);
    digitset low = d1 | d2 | d3;
    CU_ASSERT_EQUAL(b->cand[3], low);
    CU_ASSERT_EQUAL(b->cand[12], low);
    CU_ASSERT_EQUAL(b->cand[13], low);
    unbuild(b);
    free(b);
}

/* --- Soundness ----------------------------------------------------------- */

/* Every 4x4 sudoku grid (288), by a plain recursive fill independent of
 * the engine. */
static int all_grids(uint8_t grids[][16], uint8_t *g, int cell, int found)
{
    if (cell == 16) {
        memcpy(grids[found], g, 16);
        return found + 1;
    }
    int r = cell / 4, c = cell % 4;
    for (int d = 1; d <= 4; d++) {
        int ok = 1;
        for (int i = 0; i < cell && ok; i++) {
            int ri = i / 4, ci = i % 4;
            int same_box = ri / 2 == r / 2 && ci / 2 == c / 2;
            if ((ri == r || ci == c || same_box) && g[i] == d) ok = 0;
        }
        if (!ok) continue;
        g[cell] = (uint8_t)d;
        found = all_grids(grids, g, cell + 1, found);
    }
    return found;
}

static const char cage_letters[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/* Random cages over a grid: a random walk of 1-4 cells each, some
 * without a sum, a few cells in none. */
static void random_cages(struct rng *rng, const uint8_t *grid, int n, char *map, char *sums)
{
    int part[SL_MAX_CELLS], nparts = 0, sum[SL_MAX_CELLS] = {0};
    for (int c = 0; c < n * n; c++) part[c] = -1;
    for (int c = 0; c < n * n; c++) {
        if (part[c] >= 0) continue;
        if (rng_below(rng, 10) == 0) continue; /* in no cage */
        int size = 1 + (int)rng_below(rng, (uint64_t)(n < 5 ? n : 5)), at = c;
        digitset used = 0;
        for (int k = 0; k < size && at >= 0; k++) {
            part[at] = nparts;
            used |= digitset_of(grid[at]);
            sum[nparts] += grid[at];
            int next[4], nn = 0, r = at / n, col = at % n;
            int cand[4] = {r > 0 ? at - n : -1, r < n - 1 ? at + n : -1, col > 0 ? at - 1 : -1,
                           col < n - 1 ? at + 1 : -1};
            for (int i = 0; i < 4; i++)
                if (cand[i] >= 0 && part[cand[i]] < 0 && !(used & digitset_of(grid[cand[i]])))
                    next[nn++] = cand[i];
            at = nn ? next[rng_below(rng, (uint64_t)nn)] : -1;
        }
        nparts++;
    }
    /* The map names cages in order of first appearance; sums follow it. */
    int order[SL_MAX_CELLS], seen = 0, len = 0;
    for (int p = 0; p < nparts; p++) order[p] = -1;
    for (int c = 0; c < n * n; c++)
        if (part[c] >= 0 && order[part[c]] < 0) order[part[c]] = seen++;
    int wide = seen > 62, at = 0; /* past 62 cages, two symbols a cell */
    for (int c = 0; c < n * n; c++) {
        int q = part[c] < 0 ? -1 : order[part[c]];
        if (wide) map[at++] = q < 0 ? '.' : cage_letters[q / 62];
        map[at++] = q < 0 ? '.' : cage_letters[q % 62];
    }
    map[at] = '\0';
    for (int q = 0; q < seen; q++) {
        int p = 0;
        while (order[p] != q) p++;
        int hidden = rng_below(rng, 6) == 0;
        len += hidden ? sprintf(sums + len, "%s?", q ? "," : "")
                      : sprintf(sums + len, "%s%d", q ? "," : "", sum[p]);
    }
}

/* A random 9x9 killer built into b: a grid filled (into grid) and cages
 * drawn over it by random_cages. */
static void build_random_killer(struct built *b, struct fixture *f, struct rng *rng, uint8_t *grid)
{
    CU_ASSERT_EQUAL_FATAL(solver_fill(f->solver, f->puzzle.givens, rng, grid, NULL).solutions, 1);
    char map[82], sums[1024];
    random_cages(rng, grid, 9, map, sums);
    build(b, killer_line(map, sums, NULL));
}

/* Reads a one-puzzle line into s (the caller closes it) and counts its
 * solutions up to limit within 200000 nodes, the first into found (may be
 * NULL). solutions is -1 when the line did not read. */
static struct search_result count_line(struct session *s, const char *line, long limit,
                                       uint8_t *found)
{
    struct search_result r = {-1, 0};
    struct sl_error err = {0};
    session_open(s, line, NULL);
    if (session_next(s) != 1) {
        CU_FAIL("a generated line did not read");
        fprintf(stderr, "\n%s -> %s\n", line, s->err.msg);
        return r;
    }
    struct ruleset *rs = ruleset_build(&s->p, &err);
    struct solver *solver = rs ? solver_new(rs) : NULL;
    CU_ASSERT_PTR_NOT_NULL_FATAL(solver);
    solver_set_node_limit(solver, 200000);
    r = solver_count(solver, s->p.givens, limit, found, NULL);
    solver_free(solver);
    ruleset_free(rs);
    return r;
}

/* The engine's count equals the number of the 288 grids the cages allow. */
static void test_sound_on_every_4x4_grid(void)
{
    static uint8_t grids[288][16];
    uint8_t g[16];
    CU_ASSERT_EQUAL_FATAL(all_grids(grids, g, 0, 0), 288);
    struct rng rng;
    rng_seed(&rng, 7);
    for (int trial = 0; trial < 300; trial++) {
        char map[64], sums[512], line[1024];
        random_cages(&rng, grids[rng_below(&rng, 288)], 4, map, sums);
        snprintf(line, sizeof line, "sudolab 4 2x2 classic;killer:%s:%s ................\n", map,
                 sums);
        struct session s;
        long got = count_line(&s, line, 1000, NULL).solutions, expect = 0;
        for (int i = 0; got >= 0 && i < 288; i++) expect += puzzle_is_solution(&s.p, grids[i]);
        CU_ASSERT_EQUAL(got, expect);
        if (got != expect) fprintf(stderr, "\n%s: %ld, expected %ld\n", line, got, expect);
        session_close(&s);
    }
}

/* Random cages over random 9x9 grids: the grid they came from is always
 * found, and when the count is one it is that grid. */
static void test_sound_on_random_9x9_cages(void)
{
    struct fixture f;
    CU_ASSERT_EQUAL_FATAL(fixture_open(&f, 9, 3, 3, NULL), 0);
    struct rng rng;
    rng_seed(&rng, 11);
    for (int trial = 0; trial < 60; trial++) {
        uint8_t grid[81], found[81];
        CU_ASSERT_EQUAL_FATAL(solver_fill(f.solver, f.puzzle.givens, &rng, grid, NULL).solutions,
                              1);
        char map[82], sums[1024], line[2200];
        random_cages(&rng, grid, 9, map, sums);
        snprintf(line, sizeof line, "%s", killer_line(map, sums, NULL));
        struct session s;
        struct search_result r = count_line(&s, line, 2, found);
        if (!r.gave_up) {
            CU_ASSERT_TRUE(r.solutions >= 1);
            CU_ASSERT_TRUE(puzzle_is_solution(&s.p, grid));
            if (r.solutions == 1) CU_ASSERT_EQUAL(memcmp(found, grid, 81), 0);
        }
        session_close(&s);
    }
    fixture_close(&f);
}

/* The search state's memos (a sum of groups' unchanged cells, the digits
 * a cage's needed digits already left of its houses, the combinations
 * the offer counts) only save reads: down a random path of restrictions
 * on random 9x9 killers, each step from the memos leaves the candidates
 * a step from the same state with the memos cleared does, and the
 * killer offers the same split from either. */
static int restrict_step(const struct ruleset *rs, digitset *state, int cell, digitset allowed)
{
    struct prop_ctx ctx;
    propagate_view_fresh(&ctx, rs, state);
    return propagate_restrict_cells(&ctx, rs, state, &cell, 1, allowed);
}

/* The first branching rule's offer from state (the killer's), or 0. */
static int offer_of(const struct ruleset *rs, digitset *state, struct branch_offer *offer)
{
    struct prop_ctx ctx;
    propagate_view(&ctx, rs, state);
    for (int i = 0; i < rs->nslots; i++) {
        if (rs->slots[i].ops->branch == NULL) continue;
        ctx.current_slot = i;
        offer->nalts = SL_MAX_ALTERNATIVES + 1;
        return rs->slots[i].ops->branch(rs->slots[i].self, &ctx, offer);
    }
    return 0;
}

/* The offer from a state's memos is the offer from the same candidates
 * with the memos cleared (fresh: room for a copy). */
static void check_offer_memos(const struct ruleset *rs, digitset *state, digitset *fresh,
                              size_t memos)
{
    struct branch_offer with, without;
    memcpy(fresh, state, rs->state_bytes);
    memset((char *)fresh + memos, 0, rs->state_bytes - memos);
    int found = offer_of(rs, state, &with);
    CU_ASSERT_EQUAL(found, offer_of(rs, fresh, &without));
    if (!found) return;
    CU_ASSERT_EQUAL(with.ncells, without.ncells);
    CU_ASSERT_EQUAL(with.nalts, without.nalts);
    if (with.ncells != without.ncells || with.nalts != without.nalts) return;
    CU_ASSERT_EQUAL(memcmp(with.cells, without.cells, (size_t)with.ncells * sizeof(int)), 0);
    CU_ASSERT_EQUAL(memcmp(with.alt, without.alt, (size_t)with.nalts * sizeof(digitset)), 0);
}

static void walk_with_and_without_memos(struct built *b, struct rng *rng, const uint8_t *grid,
                                        digitset *fresh)
{
    const struct ruleset *rs = b->rules;
    size_t memos = ruleset_cells_bytes(rs);
    for (int step = 0; step < 40; step++) {
        int cell = (int)rng_below(rng, 81), tries = 0;
        while (digitset_is_single(b->cand[cell]) && tries++ < 81) cell = (cell + 1) % 81;
        if (digitset_is_single(b->cand[cell])) return;
        /* Mostly the grid's digit, so that paths run deep; else any. */
        digitset m = b->cand[cell], digit = digitset_of(grid[cell]);
        if (rng_below(rng, 3) == 0 || !(m & digit)) {
            int k = (int)rng_below(rng, (uint32_t)digitset_count(m));
            while (k-- > 0) m = digitset_rest(m);
            digit = m & -m;
        }
        memcpy(fresh, b->cand, rs->state_bytes);
        memset((char *)fresh + memos, 0, rs->state_bytes - memos);
        int with = restrict_step(rs, b->cand, cell, digit);
        int without = restrict_step(rs, fresh, cell, digit);
        CU_ASSERT_EQUAL(with, without);
        if (with != SL_PROP_OK || without != SL_PROP_OK) return;
        CU_ASSERT_EQUAL(memcmp(b->cand, fresh, 81 * sizeof(digitset)), 0);
        check_offer_memos(rs, b->cand, fresh, memos);
    }
}

static void test_memos_change_nothing(void)
{
    struct fixture f;
    CU_ASSERT_EQUAL_FATAL(fixture_open(&f, 9, 3, 3, NULL), 0);
    struct rng rng;
    rng_seed(&rng, 23);
    struct built *b = malloc(sizeof *b);
    digitset *fresh = malloc(sizeof b->cand);
    CU_ASSERT_PTR_NOT_NULL_FATAL(b);
    CU_ASSERT_PTR_NOT_NULL_FATAL(fresh);
    for (int trial = 0; trial < 80; trial++) {
        uint8_t grid[81];
        build_random_killer(b, &f, &rng, grid);
        CU_ASSERT_EQUAL(b->status, SL_PROP_OK);
        if (b->status == SL_PROP_OK) walk_with_and_without_memos(b, &rng, grid, fresh);
        unbuild(b);
    }
    free(fresh);
    free(b);
    fixture_close(&f);
}

/* The killer's hook skips the houses the engine's hidden singles settled
 * (prop_unsettled_houses) when it reads a cage's forced digits. From a
 * state at a fixed point, a few random removals (marking their houses
 * unsettled, as the engine's own narrowing does) and every sum due, the
 * hook told which houses are settled leaves the whole state, the queue of
 * singles and the result the hook told nothing leaves. */
static int killer_slot(const struct ruleset *rs)
{
    for (int i = 0; i < rs->nslots; i++)
        if (strcmp(rs->slots[i].ops->name, "killer") == 0) return i;
    return -1;
}

/* Removes a random candidate from a few random open cells of state
 * through ctx (prop_restrict marks what changed); 1 when one emptied. */
static int remove_random(struct prop_ctx *ctx, struct rng *rng, const digitset *state)
{
    for (int k = 0, removals = 1 + (int)rng_below(rng, 3); k < removals; k++) {
        int cell = (int)rng_below(rng, 81);
        if (digitset_is_single(state[cell])) continue;
        digitset m = state[cell];
        for (int skip = (int)rng_below(rng, (uint32_t)digitset_count(m)); skip > 0; skip--)
            m = digitset_rest(m);
        if (prop_restrict(ctx, cell, ~(m & -m))) return 1;
    }
    return 0;
}

/* The hook run on copies of state, told the settled houses and not. */
static void check_settled_skip(const struct ruleset *rs, const digitset *state, struct rng *rng,
                               digitset *told, digitset *blind)
{
    int slot = killer_slot(rs);
    struct prop_ctx a, b;
    memcpy(told, state, rs->state_bytes);
    propagate_view_fresh(&a, rs, told);
    a.current_slot = slot;
    if (remove_random(&a, rng, told)) return;
    memset(a.dirty_groups, 0xff, sizeof a.dirty_groups);
    memcpy(blind, told, rs->state_bytes);
    b = a;
    b.cand = blind;
    a.in_hooks = 1;
    CU_ASSERT_PTR_NOT_NULL(prop_unsettled_houses(&a));
    CU_ASSERT_PTR_NULL(prop_unsettled_houses(&b));
    int with = rs->slots[slot].ops->propagate(rs->slots[slot].self, &a);
    int without = rs->slots[slot].ops->propagate(rs->slots[slot].self, &b);
    CU_ASSERT_EQUAL(with, without);
    CU_ASSERT_EQUAL(a.queue_len, b.queue_len);
    CU_ASSERT_EQUAL(memcmp(told, blind, rs->state_bytes), 0);
}

static void test_settled_houses_skip_nothing(void)
{
    struct fixture f;
    CU_ASSERT_EQUAL_FATAL(fixture_open(&f, 9, 3, 3, NULL), 0);
    struct rng rng;
    rng_seed(&rng, 31);
    struct built *b = malloc(sizeof *b);
    digitset *told = malloc(sizeof b->cand), *blind = malloc(sizeof b->cand);
    CU_ASSERT_PTR_NOT_NULL_FATAL(b);
    CU_ASSERT_PTR_NOT_NULL_FATAL(told);
    CU_ASSERT_PTR_NOT_NULL_FATAL(blind);
    for (int trial = 0; trial < 80; trial++) {
        uint8_t grid[81];
        build_random_killer(b, &f, &rng, grid);
        CU_ASSERT_EQUAL_FATAL(killer_slot(b->rules) >= 0, 1);
        /* Down a random path of the grid's digits, each state at a fixed point. */
        for (int step = 0; step < 40 && b->status == SL_PROP_OK; step++) {
            for (int k = 0; k < 4; k++) check_settled_skip(b->rules, b->cand, &rng, told, blind);
            int cell = (int)rng_below(&rng, 81);
            b->status = restrict_step(b->rules, b->cand, cell, digitset_of(grid[cell]));
        }
        unbuild(b);
    }
    free(blind);
    free(told);
    free(b);
    fixture_close(&f);
}

/* 16x16: random cages over a random grid, with a third of its cells
 * given, solve to a grid the rules accept (without givens, such random
 * killers can keep the search busy for seconds); a cage of 16 cells
 * summing to 136 reads. */
static void test_killer_16x16(void)
{
    struct fixture f;
    CU_ASSERT_EQUAL_FATAL(fixture_open(&f, 16, 4, 4, NULL), 0);
    struct rng rng;
    rng_seed(&rng, 5);
    for (int trial = 0; trial < 4; trial++) {
        uint8_t grid[256], found[256];
        CU_ASSERT_EQUAL_FATAL(solver_fill(f.solver, f.puzzle.givens, &rng, grid, NULL).solutions,
                              1);
        static char map[600], sums[4096], line[6000];
        random_cages(&rng, grid, 16, map, sums);
        /* A third of the cells given, as 16x16 killers are usually set. */
        char givens[257];
        for (int c = 0; c < 256; c++)
            givens[c] = c % 3 == trial % 3 ? geometry_symbol(grid[c]) : '.';
        givens[256] = '\0';
        snprintf(line, sizeof line, "sudolab 16 4x4 classic;killer:%s:%s %s\n", map, sums, givens);
        struct session s;
        struct search_result r = count_line(&s, line, 1, found);
        CU_ASSERT_FALSE(r.gave_up);
        CU_ASSERT_EQUAL(r.solutions, 1);
        if (r.solutions == 1) CU_ASSERT_TRUE(puzzle_is_solution(&s.p, found));
        uint8_t settled[256];
        int got = puzzle_settle(&s.p, settled); /* 16x16: the settle's largest */
        CU_ASSERT_TRUE(got == 0 || got == 1);
        if (got == 1) CU_ASSERT_EQUAL(memcmp(settled, found, 256), 0);
        session_close(&s);
    }
    fixture_close(&f);
    /* The full-house cage: 16 cells, 136. */
    struct session s;
    static char line[1200];
    int len = sprintf(line, "sudolab 16 4x4 classic;killer:");
    for (int c = 0; c < 256; c++) line[len++] = c < 16 ? 'A' : '.';
    len += sprintf(line + len, ":136 ");
    for (int c = 0; c < 256; c++) line[len++] = '.';
    line[len] = '\0';
    session_open(&s, line, NULL);
    CU_ASSERT_EQUAL(session_next(&s), 1);
    session_close(&s);
}

/* The candidates a ruleset's root leaves (the search's own root: solver_root). */
static int root_of(const struct ruleset *rs, const uint8_t *givens, digitset *cand)
{
    struct solver *solver = solver_new(rs);
    void *state = malloc(rs->state_bytes);
    int ok = solver && state && solver_root(solver, givens, state) == 1;
    if (ok) memcpy(cand, state, (size_t)rs->geo.ncells * sizeof *cand);
    free(state);
    solver_free(solver);
    return ok;
}

/* A random 9x9 killer of a random grid (into grid), read into s. */
static void open_random_killer(struct fixture *f, struct rng *rng, uint8_t *grid, struct session *s)
{
    CU_ASSERT_EQUAL_FATAL(solver_fill(f->solver, f->puzzle.givens, rng, grid, NULL).solutions, 1);
    char map[82], sums[1024];
    random_cages(rng, grid, 9, map, sums);
    session_open(s, killer_line(map, sums, NULL), NULL);
    CU_ASSERT_EQUAL_FATAL(session_next(s), 1);
}

/* Random cages over a random grid, a quarter of its cells given: the
 * whole ruleset's root keeps the grid's digit in every cell. Its sums
 * include the difference forms (innies less outies, pruned through
 * mirrored cells, cage_sums.h), which a wrong sign or offset would make
 * drop true digits; the givens take the root deep into their pruning. */
static void test_root_keeps_the_grid(void)
{
    struct fixture f;
    CU_ASSERT_EQUAL_FATAL(fixture_open(&f, 9, 3, 3, NULL), 0);
    struct sl_error err = {0};
    struct rng rng;
    rng_seed(&rng, 17);
    int narrowed = 0;
    for (int trial = 0; trial < 150; trial++) {
        uint8_t grid[81], givens[81];
        struct session s;
        open_random_killer(&f, &rng, grid, &s);
        struct ruleset *whole = ruleset_build(&s.p, &err);
        CU_ASSERT_FATAL(whole != NULL);
        for (int c = 0; c < 81; c++) givens[c] = rng_below(&rng, 4) == 0 ? grid[c] : 0;
        digitset cand[81];
        CU_ASSERT_EQUAL(root_of(whole, givens, cand), 1);
        for (int c = 0; c < 81; c++) {
            CU_ASSERT_TRUE(cand[c] & digitset_of(grid[c]));
            narrowed += !givens[c] && digitset_is_single(cand[c]);
        }
        ruleset_free(whole);
        session_close(&s);
    }
    CU_ASSERT_TRUE(narrowed > 1000); /* the roots did work */
    fixture_close(&f);
}

/* A lean ruleset (ruleset_build_lean) has fewer sums than the whole and
 * the same solutions: its root narrows no cell the whole's keeps, and
 * when it settles every cell, the whole finds that grid alone. */
static void test_lean_ruleset(void)
{
    struct fixture f;
    CU_ASSERT_EQUAL_FATAL(fixture_open(&f, 9, 3, 3, NULL), 0);
    struct sl_error err = {0};
    struct ruleset *classic = ruleset_build_lean(&f.puzzle, &err);
    CU_ASSERT_FATAL(classic != NULL);
    CU_ASSERT_EQUAL(classic->lean, 0); /* nothing to leave out */
    ruleset_free(classic);
    struct rng rng;
    rng_seed(&rng, 13);
    int settled = 0, open = 0;
    for (int trial = 0; trial < 60; trial++) {
        uint8_t grid[81], found[81];
        struct session s;
        open_random_killer(&f, &rng, grid, &s);
        struct ruleset *whole = ruleset_build(&s.p, &err), *lean = ruleset_build_lean(&s.p, &err);
        CU_ASSERT_FATAL(whole != NULL && lean != NULL);
        CU_ASSERT_EQUAL(whole->lean, 0);
        CU_ASSERT_EQUAL(lean->lean, 1);
        CU_ASSERT_TRUE(lean->ngroups < whole->ngroups);
        digitset by_lean[81], by_whole[81];
        int lean_ok = root_of(lean, s.p.givens, by_lean);
        CU_ASSERT_EQUAL(lean_ok, root_of(whole, s.p.givens, by_whole));
        int all_single = lean_ok;
        for (int c = 0; lean_ok && c < 81; c++) {
            CU_ASSERT_EQUAL(by_whole[c] & ~by_lean[c], 0);
            CU_ASSERT_TRUE(by_lean[c] & digitset_of(grid[c])); /* sound */
            all_single &= digitset_is_single(by_lean[c]);
        }
        struct solver *solver = solver_new(whole);
        struct search_result r = solver_count(solver, s.p.givens, 2, found, NULL);
        if (all_single) {
            CU_ASSERT_EQUAL(r.solutions, 1);
            CU_ASSERT_EQUAL(memcmp(found, grid, 81), 0);
            for (int c = 0; c < 81; c++) CU_ASSERT_EQUAL(by_lean[c], digitset_of(grid[c]));
        }
        settled += all_single;
        open += !all_single;
        solver_free(solver);
        ruleset_free(whole);
        ruleset_free(lean);
        session_close(&s);
    }
    CU_ASSERT_TRUE(settled > 0); /* both ends seen */
    CU_ASSERT_TRUE(open > 0);
    fixture_close(&f);
}

/* puzzle_settle (the killer's settle hook) on random 4x4 cages, some
 * sums wrong: it claims a grid only when that grid is the one of the 288
 * the cages allow, and it settles some of them. */
static void test_settle_every_4x4_grid(void)
{
    static uint8_t grids[288][16];
    uint8_t g[16], got[16];
    CU_ASSERT_EQUAL_FATAL(all_grids(grids, g, 0, 0), 288);
    struct rng rng;
    rng_seed(&rng, 11);
    int settled = 0;
    for (int trial = 0; trial < 400; trial++) {
        char map[64], sums[512], line[1024];
        random_cages(&rng, grids[rng_below(&rng, 288)], 4, map, sums);
        if (trial % 4 == 0 && sums[0] >= '3' && sums[0] <= '6') sums[0]++; /* often none */
        snprintf(line, sizeof line, "sudolab 4 2x2 classic;killer:%s:%s ................\n", map,
                 sums);
        struct session s;
        session_open(&s, line, NULL);
        if (session_next(&s) != 1) { /* a bumped sum no cage of its size reaches */
            session_close(&s);
            continue;
        }
        int r = puzzle_settle(&s.p, got), solutions = 0, match = -1;
        for (int i = 0; i < 288; i++)
            if (puzzle_is_solution(&s.p, grids[i])) solutions++, match = i;
        CU_ASSERT_TRUE(r == 0 || r == 1);
        if (r == 1) CU_ASSERT_TRUE(solutions == 1 && memcmp(got, grids[match], 16) == 0);
        if (r == 1 && solutions != 1)
            fprintf(stderr, "\n%s: settled, %d solutions\n", line, solutions);
        settled += r == 1;
        session_close(&s);
    }
    CU_ASSERT_TRUE(settled > 20);
}

/* On random 9x9 killers, with and without givens: a grid puzzle_settle
 * claims is the whole ruleset's only solution; the settle applies to
 * classic + killer alone. */
static void test_settle_9x9(void)
{
    struct fixture f;
    CU_ASSERT_EQUAL_FATAL(fixture_open(&f, 9, 3, 3, NULL), 0);
    uint8_t grid[81], found[81], got[81];
    CU_ASSERT_EQUAL(puzzle_settle(&f.puzzle, got), -1); /* classic alone */
    struct rng rng;
    rng_seed(&rng, 17);
    int settled = 0, open = 0;
    for (int trial = 0; trial < 60; trial++) {
        CU_ASSERT_EQUAL_FATAL(solver_fill(f.solver, f.puzzle.givens, &rng, grid, NULL).solutions,
                              1);
        char map[82], sums[1024], givens[82];
        random_cages(&rng, grid, 9, map, sums);
        for (int c = 0; c < 81; c++)
            givens[c] = trial % 2 && rng_below(&rng, 8) == 0 ? geometry_symbol(grid[c]) : '.';
        givens[81] = '\0';
        struct session s;
        struct search_result r = count_line(&s, killer_line(map, sums, givens), 2, found);
        int got_one = puzzle_settle(&s.p, got);
        CU_ASSERT_TRUE(got_one == 0 || got_one == 1);
        if (got_one == 1) {
            CU_ASSERT_EQUAL(r.solutions, 1);
            CU_ASSERT_EQUAL(memcmp(got, grid, 81), 0);
        }
        settled += got_one == 1;
        open += got_one == 0;
        session_close(&s);
    }
    CU_ASSERT_TRUE(settled > 0 && open > 0); /* both ends seen */
    char map[82], empty[82], line[400];
    memset(map, '.', 81);
    memset(empty, '.', 81);
    map[0] = map[1] = 'A';
    map[81] = empty[81] = '\0';
    snprintf(line, sizeof line, "sudolab 9 3x3 classic;killer:%s:3;diagonal %s\n", map, empty);
    struct session s;
    session_open(&s, line, NULL);
    CU_ASSERT_EQUAL_FATAL(session_next(&s), 1);
    CU_ASSERT_EQUAL(puzzle_settle(&s.p, got), -1); /* another rule besides */
    session_close(&s);
    static char big[1400];
    static uint8_t big_grid[625];
    int len = sprintf(big, "sudolab 25 5x5 classic;killer:");
    for (int c = 0; c < 625; c++) big[len++] = c < 2 ? 'A' : '.';
    len += sprintf(big + len, ":3 ");
    for (int c = 0; c < 625; c++) big[len++] = '.';
    big[len] = '\0';
    session_open(&s, big, NULL);
    CU_ASSERT_EQUAL_FATAL(session_next(&s), 1);
    CU_ASSERT_EQUAL(puzzle_settle(&s.p, big_grid), -1); /* above 16x16 */
    session_close(&s);
    fixture_close(&f);
}

/* --- The rater's count of a cage's combinations beside its placed digits */

/* A test rule of random one-group sums (cage_sums.h) and nothing more:
 * its attach builds the set the test reads. Args: the seed. */
struct sums_only {
    struct sum_set *sums;
    uint64_t seed;
    int size;
};

static void *sums_only_parse(const struct geometry *g, const char *args, struct sl_error *err)
{
    struct sums_only *so = calloc(1, sizeof *so);
    (void)err;
    if (so) so->seed = strtoull(args, NULL, 10), so->size = g->size;
    return so;
}

/* Up to 6 distinct random cells (9x9; 8 above, where lists run past
 * 64 combinations), and a total from a little below the least such a
 * cage can make to a little above the most. */
static int sums_only_add(struct sum_set *s, int n, struct rng *rng, struct sl_error *err)
{
    int cells[8], group[8] = {0}, count = 1 + (int)rng_below(rng, n > 9 ? 8 : 6);
    for (int k = 0; k < count; k++) {
        int again = 1;
        while (again) {
            cells[k] = (int)rng_below(rng, (uint64_t)(n * n));
            again = 0;
            for (int j = 0; j < k; j++) again |= cells[j] == cells[k];
        }
    }
    int least = count * (count + 1) / 2, most = count * (2 * n + 1 - count) / 2;
    int total = least - 1 + (int)rng_below(rng, (uint32_t)(most - least + 3));
    return sum_set_add(s, cells, group, count, total, err) < 0 ? -1 : 0;
}

static int sums_only_attach(void *self, struct rule_builder *b, struct sl_error *err)
{
    struct sums_only *so = self;
    struct rng rng;
    rng_seed(&rng, so->seed);
    if (!(so->sums = sum_set_new(b, err))) return -1;
    for (int i = 0; i < 40; i++)
        if (sums_only_add(so->sums, so->size, &rng, err)) return -1;
    return 0;
}

static int sums_only_check(const void *self, const struct geometry *g, const uint8_t *grid)
{
    (void)self, (void)g, (void)grid;
    return 1;
}

static int sums_only_write(const void *self, char *buf, size_t cap)
{
    return snprintf(buf, cap, "%llu", (unsigned long long)((const struct sums_only *)self)->seed);
}

static void sums_only_destroy(void *self)
{
    struct sums_only *so = self;
    sum_set_free(so->sums);
    free(so);
}

static const struct constraint_ops sums_only_rule = {.name = "sums-only",
                                                     .summary = "test: random sums",
                                                     .parse = sums_only_parse,
                                                     .attach = sums_only_attach,
                                                     .check = sums_only_check,
                                                     .write = sums_only_write,
                                                     .destroy = sums_only_destroy};

/* An n x n classic puzzle (n 9 or 16) with the test rule ops seeded by
 * seed, into p, and its ruleset; *self becomes the ruleset's copy of the
 * rule. */
static struct ruleset *test_rule_ruleset_of(struct puzzle *p, const struct constraint_ops *ops,
                                            int seed, const void **self, int n)
{
    struct geometry g;
    struct sl_error err = {0};
    char args[32];
    snprintf(args, sizeof args, "%d", seed);
    CU_ASSERT_FATAL(geometry_init(&g, n, n == 16 ? 4 : 3, n == 16 ? 4 : 3, &err) == 0);
    puzzle_init(p, &g);
    CU_ASSERT_FATAL(puzzle_add_classic(p, &err) == 0);
    CU_ASSERT_FATAL(puzzle_add_rule_ops(p, ops, args, &err) == 0);
    struct ruleset *rs = ruleset_build(p, &err);
    CU_ASSERT_PTR_NOT_NULL_FATAL(rs);
    *self = NULL;
    for (int i = 0; i < rs->nslots; i++)
        if (rs->slots[i].ops == ops) *self = rs->slots[i].self;
    CU_ASSERT_PTR_NOT_NULL_FATAL(*self);
    return rs;
}

static struct ruleset *test_rule_ruleset(struct puzzle *p, const struct constraint_ops *ops,
                                         int seed, const void **self)
{
    return test_rule_ruleset_of(p, ops, seed, self, 9);
}

/* A random candidate state of an n x n grid: a third of the cells one
 * digit (so digits often repeat within a sum), the rest any digits, now
 * and then none. */
static void random_candidates_of(digitset *cand, int n, struct rng *rng)
{
    for (int c = 0; c < n * n; c++) {
        uint32_t roll = rng_below(rng, 30);
        if (roll < 10)
            cand[c] = digitset_of(1 + (int)rng_below(rng, (uint64_t)n));
        else
            cand[c] = (digitset)(rng_below(rng, roll == 10 ? 1 : (UINT64_C(1) << n) - 1) +
                                 (roll == 10 ? 0 : 1))
                      << 1;
    }
}

static void random_candidates(digitset *cand, struct rng *rng)
{
    random_candidates_of(cand, 9, rng);
}

/* random_candidates with no empty cell, as a propagation hands a sum;
 * widened (more digits added at random) when widen is not 0. */
static void random_open_candidates(digitset *cand, int widen, struct rng *rng)
{
    random_candidates(cand, rng);
    for (int c = 0; c < 81; c++) {
        if (widen) cand[c] |= (digitset)rng_below(rng, 1024) & ~1u;
        if (!cand[c]) cand[c] = digitset_of(1 + (int)rng_below(rng, 9));
    }
}

/* sum_set_placed_combos, which the rater orders cages by, is the
 * general count of survivors at sight 0 (sum_set_survivors) on random
 * sums and states: totals out of reach, digits placed twice, empty
 * cells included; on 16x16 grids too, where lists take several words
 * of digit masks. */
static void test_placed_combos_are_survivors(void)
{
    struct rng rng;
    rng_seed(&rng, 2026);
    for (int seed = 1; seed <= 30; seed++) {
        struct puzzle p;
        const void *self;
        int n = seed > 25 ? 16 : 9;
        struct ruleset *rs = test_rule_ruleset_of(&p, &sums_only_rule, seed, &self, n);
        const struct sums_only *so = self;
        digitset *state = calloc(1, rs->state_bytes + sizeof(digitset) * (size_t)(n * n));
        CU_ASSERT_PTR_NOT_NULL_FATAL(state);
        for (int trial = 0; trial < 200; trial++) {
            struct prop_ctx ctx;
            random_candidates_of(state, n, &rng);
            propagate_view_fresh(&ctx, rs, state);
            for (int i = 0; i < sum_set_count(so->sums); i++)
                CU_ASSERT_EQUAL(sum_set_placed_combos(so->sums, i, prop_candidate_array(&ctx)),
                                sum_set_survivors(so->sums, i, 0, &ctx, NULL, 0));
        }
        free(state);
        ruleset_free(rs);
        puzzle_clear(&p);
    }
}

/* A test rule of random weighted sums of one to three cells (cage_sums.h:
 * pruned by the exact walk), kept as drawn so the test can enumerate
 * them. Args: the seed; from WEIGHTED_WIDE on, sums of one to five cells;
 * from WEIGHTED_BOUNDS on, of six to WEIGHTED_CELLS (pruned by bounds). */
#define WEIGHTED_SUMS 40
#define WEIGHTED_WIDE 1000
#define WEIGHTED_BOUNDS 2000
#define WEIGHTED_CELLS 12
struct weighted_only {
    struct sum_set *sums;
    uint64_t seed;
    int count[WEIGHTED_SUMS], cells[WEIGHTED_SUMS][WEIGHTED_CELLS];
    int group[WEIGHTED_SUMS][WEIGHTED_CELLS], weight[WEIGHTED_SUMS][WEIGHTED_CELLS];
    int total[WEIGHTED_SUMS];
};

static void *weighted_only_parse(const struct geometry *g, const char *args, struct sl_error *err)
{
    struct weighted_only *wo = calloc(1, sizeof *wo);
    (void)g, (void)err;
    if (wo) wo->seed = strtoull(args, NULL, 10);
    return wo;
}

/* Sum i: distinct random cells in up to three groups (a group's cells
 * share a weight, as cage_sums.h asks), weights of either sign, a total
 * near what random digits make. */
static int weighted_only_add(struct weighted_only *wo, int i, struct rng *rng, struct sl_error *err)
{
    static const int weights[] = {1, -1, 2, -2, 10, -3};
    int bounds = wo->seed >= WEIGHTED_BOUNDS;
    int most = bounds ? WEIGHTED_CELLS : wo->seed >= WEIGHTED_WIDE ? 5 : 3;
    int n = bounds ? 6 + (int)rng_below(rng, WEIGHTED_CELLS - 5)
                   : 1 + (int)rng_below(rng, (uint64_t)most);
    int group_weight[WEIGHTED_CELLS], total = 0;
    /* Group 0 weighs other than 1: a sum of weights 1 alone is pruned by
     * its combinations or its groups' digit sets, not by the walk. */
    for (int g = 0; g < most; g++) group_weight[g] = weights[rng_below(rng, g ? 6 : 5) + (g == 0)];
    for (int k = 0; k < n; k++) {
        int again = 1;
        while (again) {
            wo->cells[i][k] = (int)rng_below(rng, 81);
            again = 0;
            for (int j = 0; j < k; j++) again |= wo->cells[i][j] == wo->cells[i][k];
        }
        wo->group[i][k] = k == 0 ? 0 : wo->group[i][k - 1] + (int)rng_below(rng, 2);
        wo->weight[i][k] = group_weight[wo->group[i][k]];
        total += wo->weight[i][k] * (1 + (int)rng_below(rng, 9));
    }
    wo->count[i] = n;
    wo->total[i] = total + (int)rng_below(rng, 3) - 1;
    return sum_set_add_weighted(wo->sums, wo->cells[i], wo->group[i], wo->weight[i], n,
                                wo->total[i], err) < 0
               ? -1
               : 0;
}

static int weighted_only_attach(void *self, struct rule_builder *b, struct sl_error *err)
{
    struct weighted_only *wo = self;
    struct rng rng;
    rng_seed(&rng, wo->seed);
    if (!(wo->sums = sum_set_new(b, err))) return -1;
    for (int i = 0; i < WEIGHTED_SUMS; i++)
        if (weighted_only_add(wo, i, &rng, err)) return -1;
    return 0;
}

static int weighted_only_write(const void *self, char *buf, size_t cap)
{
    return snprintf(buf, cap, "%llu",
                    (unsigned long long)((const struct weighted_only *)self)->seed);
}

static void weighted_only_destroy(void *self)
{
    struct weighted_only *wo = self;
    sum_set_free(wo->sums);
    free(wo);
}

static const struct constraint_ops weighted_only_rule = {.name = "weighted-only",
                                                         .summary = "test: random weighted sums",
                                                         .parse = weighted_only_parse,
                                                         .attach = weighted_only_attach,
                                                         .check = sums_only_check,
                                                         .write = weighted_only_write,
                                                         .destroy = weighted_only_destroy};

/* Into support, the digits of cand each cell of sum i takes in some
 * assignment (distinct within a group) making the total, by trying every
 * one; returns how many assignments there are. */
static int weighted_brute_support(const struct weighted_only *wo, int i, const digitset *cand,
                                  digitset *support)
{
    int n = wo->count[i], found = 0, digit[5] = {1, 1, 1, 1, 1};
    for (int k = 0; k < n; k++) support[k] = 0;
    for (;;) {
        int fits = 1, total = 0;
        for (int k = 0; k < n; k++) {
            fits &= (cand[wo->cells[i][k]] & digitset_of(digit[k])) != 0;
            total += wo->weight[i][k] * digit[k];
            for (int j = 0; j < k; j++)
                fits &= wo->group[i][j] != wo->group[i][k] || digit[j] != digit[k];
        }
        if (fits && total == wo->total[i]) {
            found++;
            for (int k = 0; k < n; k++) support[k] |= digitset_of(digit[k]);
        }
        int k = 0;
        while (k < n && digit[k] == 9) digit[k++] = 1;
        if (k == n) return found;
        digit[k]++;
    }
}

/* Runs each over 100 random states (widened every other one when widen
 * is not 0) of each of ten weighted-only rules seeded from first_seed,
 * the states drawn from rng_seed; ends is each's tally. */
typedef void weighted_trial_fn(const struct weighted_only *wo, const struct ruleset *rs,
                               digitset *state, int *ends);

static void weighted_trials(int first_seed, uint64_t rng_seed_of, int widen,
                            weighted_trial_fn *each, int *ends)
{
    struct rng rng;
    rng_seed(&rng, rng_seed_of);
    for (int seed = first_seed; seed < first_seed + 10; seed++) {
        struct puzzle p;
        const void *self;
        struct ruleset *rs = test_rule_ruleset(&p, &weighted_only_rule, seed, &self);
        digitset *state = calloc(1, rs->state_bytes + sizeof(digitset) * 81);
        CU_ASSERT_PTR_NOT_NULL_FATAL(state);
        for (int trial = 0; trial < 100; trial++) {
            random_open_candidates(state, widen && trial % 2, &rng);
            each(self, rs, state, ends);
        }
        free(state);
        ruleset_free(rs);
        puzzle_clear(&p);
    }
}

/* The exact walk of a weighted sum (the rater's difference forms: its
 * last cell's digit found by a division, not tried digit by digit)
 * keeps what trying every assignment keeps, on random sums and states. */
static void walk_keeps_every_assignment(const struct weighted_only *wo, const struct ruleset *rs,
                                        digitset *state, int *ends)
{
    (void)ends;
    for (int i = 0; i < WEIGHTED_SUMS; i++) {
        struct prop_ctx ctx;
        digitset before[81], support[3];
        memcpy(before, state, sizeof before);
        int found = weighted_brute_support(wo, i, before, support);
        propagate_view_fresh(&ctx, rs, state);
        int status = sum_set_propagate(wo->sums, i, &ctx, NULL);
        if (!found) {
            CU_ASSERT(status < 0);
        } else {
            CU_ASSERT(status >= 0);
            for (int k = 0; k < wo->count[i]; k++)
                CU_ASSERT_EQUAL(prop_candidates(&ctx, wo->cells[i][k]), support[k]);
        }
        memcpy(state, before, sizeof before);
    }
}

static void test_exact_walk_keeps_every_assignment(void)
{
    weighted_trials(1, 4501, 0, walk_keeps_every_assignment, NULL);
}

/* The exact walk as it went digit by digit (the last cell by a division),
 * counting its steps: the model the walk's two-cell loop (exact_pair,
 * cage_sums_exact.c) is held to. */
#define WALK_BUDGET 1024
struct model_walk {
    int n, group[5], weight[5], chosen[5], min_after[6], max_after[6], unsupported;
    digitset cand[5], used[5], support[5];
    long steps;
};

static int model_walk_assign(struct model_walk *w)
{
    for (int k = 0; k < w->n; k++) {
        w->unsupported -= !(w->support[k] & digitset_of(w->chosen[k]));
        w->support[k] |= digitset_of(w->chosen[k]);
    }
    return w->unsupported == 0;
}

static int model_walk_step(struct model_walk *w, int i, int left)
{
    if (++w->steps > WALK_BUDGET) return -1;
    if (i == w->n) return left == 0 ? model_walk_assign(w) : 0;
    digitset m = w->cand[i] & ~w->used[w->group[i]];
    if (i == w->n - 1) {
        int d = left / w->weight[i];
        if (left % w->weight[i] || d < 1 || d > 31 || !(m & digitset_of(d))) return 0;
        if (++w->steps > WALK_BUDGET) return -1;
        w->chosen[i] = d;
        return model_walk_assign(w);
    }
    for (int d = 1; d <= 31; d++) {
        if (!(m & digitset_of(d))) continue;
        int rest = left - w->weight[i] * d;
        if (rest < w->min_after[i + 1] || rest > w->max_after[i + 1]) continue;
        w->chosen[i] = d;
        w->used[w->group[i]] |= digitset_of(d);
        int rc = model_walk_step(w, i + 1, rest);
        w->used[w->group[i]] &= ~digitset_of(d);
        if (rc) return rc;
    }
    return 0;
}

/* The model over sum i of wo at cand, cells laid out fewest candidates
 * first (ties as drawn), as the walk lays them. */
static int model_walk(const struct weighted_only *wo, int i, const digitset *cand, int *cells,
                      struct model_walk *w)
{
    memset(w, 0, sizeof *w);
    w->n = wo->count[i];
    for (int j = 0; j < w->n; j++) {
        int k = j;
        digitset m = cand[wo->cells[i][j]];
        for (; k > 0 && digitset_count(w->cand[k - 1]) > digitset_count(m); k--) {
            w->cand[k] = w->cand[k - 1], w->group[k] = w->group[k - 1];
            w->weight[k] = w->weight[k - 1], cells[k] = cells[k - 1];
        }
        w->cand[k] = m, w->group[k] = wo->group[i][j], w->weight[k] = wo->weight[i][j];
        cells[k] = wo->cells[i][j];
        w->unsupported += digitset_count(m);
    }
    for (int k = w->n - 1; k >= 0; k--) {
        int low = digitset_first(w->cand[k]), high = 31 - __builtin_clz(w->cand[k]);
        int lo = w->weight[k] > 0 ? w->weight[k] * low : w->weight[k] * high;
        int hi = w->weight[k] > 0 ? w->weight[k] * high : w->weight[k] * low;
        w->min_after[k] = w->min_after[k + 1] + lo;
        w->max_after[k] = w->max_after[k + 1] + hi;
    }
    return model_walk_step(w, 0, wo->total[i]);
}

/* The walk (its last two cells in one loop) against the model, on sums
 * of up to five cells over random states with no empty cell: the same
 * answer, steps, cells and supports, whether it stops with every digit
 * given, walks to the end or runs over its budget. */
static void walk_steps_as_the_model(const struct weighted_only *wo, const struct ruleset *rs,
                                    digitset *cand, int *ends)
{
    (void)rs;
    for (int i = 0; i < WEIGHTED_SUMS; i++) {
        struct model_walk w;
        int cells[5], model_cells[5];
        digitset support[5];
        long steps;
        int got = sum_set_exact_walk(wo->sums, i, cand, cells, support, &steps);
        if (got == -2) continue; /* a sum of weights 1 alone */
        int want = model_walk(wo, i, cand, model_cells, &w);
        CU_ASSERT_EQUAL(got, want);
        CU_ASSERT_EQUAL(steps, w.steps);
        for (int k = 0; k < w.n; k++) {
            CU_ASSERT_EQUAL(cells[k], model_cells[k]);
            CU_ASSERT_EQUAL(support[k], w.support[k]);
        }
        ends[want + 1]++;
    }
}

static void test_exact_walk_steps_as_the_model(void)
{
    int ends[3] = {0};
    weighted_trials(WEIGHTED_WIDE, 4507, 1, walk_steps_as_the_model, ends);
    /* Every way a walk ends comes up. */
    CU_ASSERT(ends[0] > 50 && ends[1] > 1000 && ends[2] > 1000);
}

/* --- bounds of sums past the exact walk ------------------------------- */

#define MODEL_IMPOSSIBLE (1 << 20)

/* The least (most) total of k distinct digits of pool; MODEL_IMPOSSIBLE
 * (0) when it has fewer. */
static int model_pool_least(digitset pool, int k)
{
    int total = 0;
    for (int d = 1; d <= 31 && k; d++)
        if (pool & digitset_of(d)) total += d, k--;
    return k ? MODEL_IMPOSSIBLE : total;
}

static int model_pool_most(digitset pool, int k)
{
    int total = 0;
    for (int d = 31; d >= 1 && k; d--)
        if (pool & digitset_of(d)) total += d, k--;
    return k ? 0 : total;
}

/* The bounds of group g of sum i (weighted) as cage_sums.h's pruning by
 * bounds defines them: without cell skip (-1: none) when it takes digit
 * d (0: none), so that the group's other cells lose d unless it is all
 * they hold; by their lowest and highest digits, and by the pool of the
 * whole group less d. */
static void model_group_bounds(const struct weighted_only *wo, int i, const digitset *cand, int g,
                               int skip, int d, int *lo, int *hi)
{
    digitset pool = 0;
    int lo_cells = 0, hi_cells = 0, k = 0, w = 1;
    for (int j = 0; j < wo->count[i]; j++) {
        if (wo->group[i][j] != g) continue;
        digitset m = cand[wo->cells[i][j]], without = m & ~digitset_of(d);
        pool |= m;
        w = wo->weight[i][j];
        if (j == skip) continue;
        if (!without) without = m;
        lo_cells += digitset_first(without);
        hi_cells += 31 - __builtin_clz(without);
        k++;
    }
    pool &= ~digitset_of(d);
    int least = model_pool_least(pool, k), most = model_pool_most(pool, k);
    int low = least > lo_cells ? least : lo_cells, high = most < hi_cells ? most : hi_cells;
    *lo = w > 0 ? w * low : w * high;
    *hi = w > 0 ? w * high : w * low;
}

/* One pass of the pruning over sum i: every digit of an open cell whose
 * need lies outside what the rest can make goes. -1 on a contradiction,
 * 1 when a cell changed, else 0. */
static int model_bounds_pass(const struct weighted_only *wo, int i, digitset *state)
{
    digitset cand[81];
    int lo[WEIGHTED_CELLS], hi[WEIGHTED_CELLS], all_lo = 0, all_hi = 0, changed = 0;
    memcpy(cand, state, sizeof cand);
    for (int g = 0; g < WEIGHTED_CELLS; g++) {
        lo[g] = hi[g] = 0;
        for (int j = 0; j < wo->count[i]; j++)
            if (wo->group[i][j] == g) {
                model_group_bounds(wo, i, cand, g, -1, 0, &lo[g], &hi[g]);
                break;
            }
        all_lo += lo[g];
        all_hi += hi[g];
    }
    if (wo->total[i] < all_lo || wo->total[i] > all_hi) return -1;
    for (int j = 0; j < wo->count[i]; j++) {
        digitset m = cand[wo->cells[i][j]], keep = 0;
        int g = wo->group[i][j], w = wo->weight[i][j];
        if (digitset_is_single(m)) continue;
        for (int d = 1; d <= 9; d++) {
            int rest_lo, rest_hi, need = wo->total[i] - w * d;
            if (!(m & digitset_of(d))) continue;
            model_group_bounds(wo, i, cand, g, j, d, &rest_lo, &rest_hi);
            if (need >= all_lo - lo[g] + rest_lo && need <= all_hi - hi[g] + rest_hi)
                keep |= digitset_of(d);
        }
        if (keep == m) continue;
        if (!keep) return -1;
        state[wo->cells[i][j]] = keep;
        changed = 1;
    }
    return changed;
}

/* The pruning by bounds of sums of six to twelve cells (past the exact
 * walk) against the model run to its fixed point, on random sums and
 * states: the same contradictions and the same candidates left, whether
 * a cell keeps every digit, loses some, or the sum fails. */
static void bounds_as_the_model(const struct weighted_only *wo, const struct ruleset *rs,
                                digitset *state, int *ends)
{
    for (int i = 0; i < WEIGHTED_SUMS; i++) {
        struct prop_ctx ctx;
        digitset before[81], want[81];
        int model, passes = 0;
        memcpy(before, state, sizeof before);
        memcpy(want, state, sizeof want);
        while ((model = model_bounds_pass(wo, i, want)) == 1) passes++;
        propagate_view_fresh(&ctx, rs, state);
        int status = sum_set_propagate(wo->sums, i, &ctx, NULL);
        CU_ASSERT_EQUAL(status < 0, model < 0);
        if (model == 0)
            for (int c = 0; c < 81; c++) CU_ASSERT_EQUAL(state[c], want[c]);
        ends[model < 0 ? 0 : passes ? 1 : 2]++;
        memcpy(state, before, sizeof before);
    }
}

static void test_bounds_as_the_model(void)
{
    int ends[3] = {0};
    weighted_trials(WEIGHTED_BOUNDS, 4513, 1, bounds_as_the_model, ends);
    /* Contradictions, narrowed sums and sums left whole all come up. */
    CU_ASSERT(ends[0] > 100 && ends[1] > 100 && ends[2] > 100);
}

/* --- the cage rows' order -------------------------------------------- */

/* killer_order_by_effort (counting small efforts) against a stable sort by
 * insertion, on random lists up to a 25x25 grid's cells, efforts small
 * (a 9x9 cage's combinations), with many ties, and past the counted
 * range; some -1 (a cage without a list of combinations) in every other
 * list. */
static void test_order_by_effort_is_stable(void)
{
    struct rng rng;
    rng_seed(&rng, 4417);
    static int effort[SL_MAX_CELLS], order[SL_MAX_CELLS], expected[SL_MAX_CELLS];
    for (int trial = 0; trial < 5000; trial++) {
        int n = (int)rng_below(&rng, trial % 10 ? 40 : SL_MAX_CELLS + 1);
        uint64_t range = trial % 3 == 0 ? 3 : trial % 3 == 1 ? 13 : 200;
        for (int k = 0; k < n; k++) effort[k] = (int)rng_below(&rng, range) - (trial % 2);
        for (int k = 0; k < n; k++) {
            int j = k;
            for (; j > 0 && effort[expected[j - 1]] > effort[k]; j--) expected[j] = expected[j - 1];
            expected[j] = k;
        }
        killer_order_by_effort(effort, n, order);
        CU_ASSERT_EQUAL(memcmp(order, expected, (size_t)n * sizeof order[0]), 0);
    }
}

/* killer_shapes_index, which the rule-of-45 rows of one shape read in
 * place of every derived sum's shape, against that scan: each shape's
 * sums in order, on random shapes of up to 200 sums (some shapes absent,
 * some lists empty). */
static void test_shapes_index_is_the_scan(void)
{
    struct rng rng;
    rng_seed(&rng, 5281);
    uint8_t of[200];
    int by_shape[200], start[KILLER_SHAPES + 1];
    for (int trial = 0; trial < 3000; trial++) {
        int n = (int)rng_below(&rng, 201), first = (int)rng_below(&rng, 60);
        uint64_t shapes = 1 + rng_below(&rng, KILLER_SHAPES);
        for (int k = 0; k < n; k++) of[k] = (uint8_t)rng_below(&rng, shapes);
        killer_shapes_index(of, n, first, by_shape, start);
        CU_ASSERT_EQUAL(start[0], 0);
        CU_ASSERT_EQUAL(start[KILLER_SHAPES], n);
        for (int s = 0; s < KILLER_SHAPES; s++) {
            int at = start[s];
            for (int k = 0; k < n; k++) {
                if (of[k] != s) continue;
                CU_ASSERT(at < start[s + 1] && by_shape[at] == first + k);
                at++;
            }
            CU_ASSERT_EQUAL(at, start[s + 1]);
        }
    }
}

/* --- retotal: a patched ruleset against a fresh build ------------------ */

/* Solutions (up to two), the first found and the nodes of rs's search
 * from no givens, as one comparable record. */
struct searched {
    struct search_result r;
    uint8_t first[81];
    uint64_t nodes;
};

static struct searched search_of(const struct ruleset *rs, const uint8_t *givens)
{
    struct searched out;
    struct search_stats stats = {0};
    memset(&out, 0, sizeof out);
    struct solver *solver = solver_new(rs);
    CU_ASSERT_PTR_NOT_NULL_FATAL(solver);
    solver_set_node_limit(solver, 200000);
    out.r = solver_count(solver, givens, 2, out.first, &stats);
    out.nodes = stats.nodes;
    solver_free(solver);
    return out;
}

/* rs and fresh lay out the same state, write the same text and search
 * alike from givens; rs's search. */
static struct searched same_as_built(const struct ruleset *rs, const struct ruleset *fresh,
                                     const uint8_t *givens)
{
    CU_ASSERT_EQUAL(rs->state_bytes, fresh->state_bytes);
    CU_ASSERT_STRING_EQUAL(rs->text, fresh->text);
    struct searched a = search_of(rs, givens), b = search_of(fresh, givens);
    CU_ASSERT_EQUAL(a.r.solutions, b.r.solutions);
    CU_ASSERT_EQUAL(a.r.gave_up, b.r.gave_up);
    CU_ASSERT_EQUAL(a.nodes, b.nodes);
    CU_ASSERT_EQUAL(memcmp(a.first, b.first, sizeof a.first), 0);
    return a;
}

/* A killer's ruleset patched over relabeled grids (ruleset_retotal,
 * again and again as the generator's screen does) lays out the state a
 * fresh build of the re-totalled puzzle does, writes its text and
 * searches alike; most relabelings are patched, not refused. */
static void test_retotal_as_built(void)
{
    static const char *const killers[][3] = {
        {"AABCDDDEFGGBCHIEEFJJKHHILLMNNKKOPQQMRSSTOPUVVRRWTXUUYZabWWXcdYZabeeXcdffgghhccfff",
         "13,11,7,18,18,6,13,14,7,7,8,12,13,8,7,16,14,16,15,14,15,5,12,13,11,13,3,9,16,11,12,20,"
         "12,16",
         "673298154948531672521476398714329865396857241852614937239145786165783429487962513"},
        {"ABBCCDEFFAGHIJDEKKLGHIJMMNKLOPIQQRNSTOPUUVRSSTOWWVVXYZabcddeXYZabcffegYhaccciighh",
         "11,13,4,13,11,9,12,7,12,16,8,7,15,9,9,12,15,6,23,11,8,7,17,4,19,7,16,11,26,11,11,11,"
         "15,15,4",
         "894135627376298541251476983523687419719354268468921375685749132137562894942813756"},
        {"AABBBCDDEFGGHICJEEFKGHIIJLEMKNNOOPLQMRRSTUPQQVVWSTUUXXYYWZZaabbccddefgghiiddefjjh",
         "17,14,12,3,27,8,12,7,17,7,5,14,13,8,7,6,20,13,16,14,14,7,7,6,9,13,10,9,12,17,9,15,12,"
         "6,10,9",
         "895634217746218359132597486927143568458762193613985724364851972579326841281479635"},
    };
    struct rng rng;
    rng_seed(&rng, 2612);
    int patched = 0, cases = 0;
    for (size_t k = 0; k < sizeof killers / sizeof killers[0]; k++) {
        struct session s;
        struct sl_error err = {0};
        session_open(&s, killer_line(killers[k][0], killers[k][1], NULL), NULL);
        CU_ASSERT_FATAL(session_next(&s) == 1);
        struct ruleset *rs = ruleset_build(&s.p, &err);
        CU_ASSERT_PTR_NOT_NULL_FATAL(rs);
        for (int trial = 0; trial < 12; trial++, cases++) {
            uint8_t grid[81];
            relabeled_grid(killers[k][2], &rng, grid);
            CU_ASSERT_FATAL(puzzle_retotal(&s.p, grid, &err) == 0);
            int rc = ruleset_retotal(rs, &s.p, grid, &err);
            CU_ASSERT(rc >= 0);
            struct ruleset *fresh = ruleset_build(&s.p, &err);
            CU_ASSERT_PTR_NOT_NULL_FATAL(fresh);
            if (rc != 0) { /* refused: built afresh, as the caller would */
                ruleset_free(rs);
                rs = fresh;
                continue;
            }
            patched++;
            struct searched a = same_as_built(rs, fresh, s.p.givens);
            CU_ASSERT_EQUAL(memcmp(a.first, grid, sizeof a.first), 0);
            ruleset_free(fresh);
        }
        ruleset_free(rs);
        session_close(&s);
    }
    CU_ASSERT(patched * 2 > cases);
}

/* A ruleset re-totalled is no longer the one its line's rules field made:
 * the line read again must not match it by the field's bytes. */
static void test_retotal_drops_field(void)
{
    static const char map[] =
        "AABCDDDEFGGBCHIEEFJJKHHILLMNNKKOPQQMRSSTOPUVVRRWTXUUYZabWWXcdYZabeeXcdffgghhccfff";
    static const char sums[] = "13,11,7,18,18,6,13,14,7,7,8,12,13,8,7,16,14,16,15,14,15,5,12,13,"
                               "11,13,3,9,16,11,12,20,12,16";
    static const char solution[] =
        "673298154948531672521476398714329865396857241852614937239145786165783429487962513";
    struct session s, again;
    struct sl_error err = {0};
    struct rng rng;
    uint8_t grid[81];
    session_open(&s, killer_line(map, sums, NULL), NULL);
    CU_ASSERT_FATAL(session_next(&s) == 1);
    CU_ASSERT_FATAL(s.src.rules_len > 0);
    struct ruleset *rs = ruleset_build(&s.p, &err);
    CU_ASSERT_PTR_NOT_NULL_FATAL(rs);
    CU_ASSERT_EQUAL_FATAL(ruleset_keep_field(rs, s.src.rules, s.src.rules_len), 0);
    rng_seed(&rng, 7);
    relabeled_grid(solution, &rng, grid);
    CU_ASSERT_FATAL(puzzle_retotal(&s.p, grid, &err) == 0);
    CU_ASSERT_FATAL(ruleset_retotal(rs, &s.p, grid, &err) >= 0);
    session_open(&again, killer_line(map, sums, NULL), NULL);
    CU_ASSERT_FATAL(session_next(&again) == 1);
    CU_ASSERT_FATAL(!ruleset_matches(rs, &again.p)); /* the relabeling moved some total */
    CU_ASSERT_FALSE(ruleset_matches_field(rs, &again.p, again.src.rules, again.src.rules_len));
    ruleset_free(rs);
    session_close(&again);
    session_close(&s);
}

/* The sums line of a random_cages killer (map, sums) written over grid:
 * each cage's total in grid, a hidden sum kept hidden. Worked out from
 * the text, apart from puzzle_retotal. */
static void sums_over(const char *map, const char *sums, const uint8_t *grid, char *out)
{
    int wide = strlen(map) > 81, total[SL_MAX_CELLS] = {0};
    for (int c = 0; c < 81; c++) {
        const char *at = map + (wide ? 2 * c : c);
        if (*at == '.') continue;
        int q = (int)(strchr(cage_letters, at[0]) - cage_letters);
        if (wide) q = 62 * q + (int)(strchr(cage_letters, at[1]) - cage_letters);
        total[q] += grid[c];
    }
    int len = 0, q = 0;
    for (const char *at = sums; *at; q++) {
        const char *comma = strchr(at, ',');
        len += *at == '?' ? sprintf(out + len, "%s?", q ? "," : "")
                          : sprintf(out + len, "%s%d", q ? "," : "", total[q]);
        at = comma ? comma + 1 : at + strlen(at);
    }
}

/* sums with each shown one raised by one to four at odds of one in
 * `odds` (0: none raised): totals no grid gives. */
static void bumped(const char *sums, struct rng *rng, uint32_t odds, char *out)
{
    int len = 0, q = 0;
    for (const char *at = sums; *at; q++) {
        const char *comma = strchr(at, ',');
        int bump = *at != '?' && odds && rng_below(rng, odds) == 0 ? 1 + (int)rng_below(rng, 4) : 0;
        len += *at == '?' ? sprintf(out + len, "%s?", q ? "," : "")
                          : sprintf(out + len, "%s%d", q ? "," : "", atoi(at) + bump);
        at = comma ? comma + 1 : at + strlen(at);
    }
}

/* Random killers (random_cages, some sums hidden) retotalled over
 * relabelings of their grids, again and again: where ruleset_retotal
 * patches, the patched ruleset, and where it refuses, the one the caller
 * then builds from the retotalled puzzle, matches a build of the killer's
 * line written with the new totals. Some first totals make it refuse
 * (attach dropped a sum for its total, or two sums share their cells). */
static void test_retotal_random_killers(void)
{
    struct fixture f;
    CU_ASSERT_EQUAL_FATAL(fixture_open(&f, 9, 3, 3, NULL), 0);
    struct rng rng;
    rng_seed(&rng, 4051);
    int patched = 0, refused = 0;
    for (int trial = 0; trial < 60; trial++) {
        uint8_t solution[81];
        CU_ASSERT_EQUAL_FATAL(
            solver_fill(f.solver, f.puzzle.givens, &rng, solution, NULL).solutions, 1);
        char map[164], sums[1024], first[1024], digits[82] = {0}, line[2200];
        random_cages(&rng, solution, 9, map, sums);
        bumped(sums, &rng, trial % 2 ? 4 : 0, first);
        for (int c = 0; c < 81; c++) digits[c] = (char)('0' + solution[c]);
        struct session s, t;
        struct sl_error err = {0};
        session_open(&s, killer_line(map, first, NULL), NULL);
        if (session_next(&s) != 1) { /* a bump past what its cage can reach */
            session_close(&s);
            continue;
        }
        struct ruleset *rs = ruleset_build(&s.p, &err);
        CU_ASSERT_PTR_NOT_NULL_FATAL(rs);
        for (int turn = 0; turn < 3; turn++) {
            uint8_t grid[81], givens[81];
            relabeled_grid(digits, &rng, grid);
            CU_ASSERT_FATAL(puzzle_retotal(&s.p, grid, &err) == 0);
            int rc = ruleset_retotal(rs, &s.p, grid, &err);
            CU_ASSERT_FATAL(rc >= 0);
            if (rc != 0) { /* refused: built afresh, as the caller would */
                refused++;
                ruleset_free(rs);
                rs = ruleset_build(&s.p, &err);
                CU_ASSERT_PTR_NOT_NULL_FATAL(rs);
            } else {
                patched++;
            }
            char new_sums[1024];
            sums_over(map, sums, grid, new_sums);
            snprintf(line, sizeof line, "%s", killer_line(map, new_sums, NULL));
            session_open(&t, line, NULL);
            CU_ASSERT_FATAL(session_next(&t) == 1);
            struct ruleset *fresh = ruleset_build(&t.p, &err);
            CU_ASSERT_PTR_NOT_NULL_FATAL(fresh);
            /* A fifth of the cells given keeps a search with hidden sums short. */
            for (int c = 0; c < 81; c++) givens[c] = rng_below(&rng, 5) == 0 ? grid[c] : 0;
            struct searched a = same_as_built(rs, fresh, givens);
            if (!a.r.gave_up) CU_ASSERT(a.r.solutions >= 1);
            ruleset_free(fresh);
            session_close(&t);
        }
        ruleset_free(rs);
        session_close(&s);
    }
    fixture_close(&f);
    CU_ASSERT(patched > 0);
    CU_ASSERT(refused > 0);
}

#ifndef DATA_DIR
#define DATA_DIR "../shared/data/"
#endif

/* One random narrowing of state: a cell kept to one digit, or losing one
 * or two. 0 when it would narrow nothing. */
static int narrowing(struct rng *rng, const digitset *state, int *cell, digitset *allowed)
{
    *cell = (int)rng_below(rng, 81);
    digitset have = state[*cell], one = digitset_of(1 + (int)rng_below(rng, 9));
    *allowed = rng_below(rng, 2) ? one : ~(one | digitset_of(1 + (int)rng_below(rng, 9)));
    return !digitset_is_single(have) && (have & *allowed) != have;
}

/* The killers of killer_extreme.txt whose rulesets mark a cell's change
 * from its record (rules.h, cell_notes: units in a word, groups in two),
 * walked down at random from their start (each walk from the start,
 * ending at its first contradiction; a step narrows one cell or two at
 * once): after each propagation the state equals, with its status and
 * emptied cell, the state of the same ruleset marking changes from the
 * tables the records come from. */
static void test_cell_notes(void)
{
    FILE *in = fopen(DATA_DIR "killer_extreme.txt", "r");
    CU_ASSERT_PTR_NOT_NULL_FATAL(in);
    static digitset start[SL_MAX_CELLS + 4096], with[SL_MAX_CELLS + 4096],
        without[SL_MAX_CELLS + 4096];
    char line[1024];
    struct rng rng;
    rng_seed(&rng, 23);
    long steps = 0, failed = 0, killers = 0, past_a_word = 0;
    while (fgets(line, sizeof line, in)) {
        if (line[0] == '#' || line[0] == '\n') continue;
        struct session s;
        struct sl_error err = {0};
        session_open(&s, line, NULL);
        CU_ASSERT_EQUAL_FATAL(session_next(&s), 1);
        struct ruleset *rs = ruleset_build(&s.p, &err);
        CU_ASSERT_PTR_NOT_NULL_FATAL(rs);
        if (rs->cell_notes == NULL) { /* more units or groups than the records hold */
            ruleset_free(rs);
            session_close(&s);
            continue;
        }
        CU_ASSERT_TRUE_FATAL(rs->state_bytes <= sizeof with);
        past_a_word += rs->ngroups > 64;
        struct ruleset plain = *rs; /* the same tables, no records */
        plain.cell_notes = NULL;
        struct prop_ctx a, b;
        CU_ASSERT_EQUAL_FATAL(propagate_start(&a, rs, start, s.p.givens), SL_PROP_OK);
        CU_ASSERT_EQUAL_FATAL(propagate_start(&b, &plain, without, s.p.givens), SL_PROP_OK);
        CU_ASSERT_EQUAL(memcmp(start, without, rs->state_bytes), 0);
        for (int walk = 0; walk < 100; walk++) {
            memcpy(with, start, rs->state_bytes);
            for (int depth = 0; depth < 40; depth++) {
                int cell[2];
                digitset allowed[2];
                if (!narrowing(&rng, with, &cell[0], &allowed[0])) continue;
                memcpy(without, with, rs->state_bytes);
                int sa, sb;
                if (narrowing(&rng, with, &cell[1], &allowed[1]) && cell[1] != cell[0]) {
                    sa = propagate_restrict_each(&a, rs, with, cell, allowed, 2);
                    sb = propagate_restrict_each(&b, &plain, without, cell, allowed, 2);
                } else {
                    sa = propagate_restrict_cells(&a, rs, with, cell, 1, allowed[0]);
                    sb = propagate_restrict_cells(&b, &plain, without, cell, 1, allowed[0]);
                }
                steps++;
                CU_ASSERT_EQUAL(sa, sb);
                CU_ASSERT_EQUAL(a.failed_cell, b.failed_cell);
                CU_ASSERT_EQUAL(memcmp(with, without, rs->state_bytes), 0);
                if (sa != SL_PROP_OK) {
                    failed++;
                    break;
                }
            }
        }
        ruleset_free(rs);
        session_close(&s);
        killers++;
    }
    fclose(in);
    CU_ASSERT_TRUE(killers >= 5);
    CU_ASSERT_TRUE(past_a_word >= 1); /* the second group word is used */
    CU_ASSERT_TRUE(steps > 1000);
    CU_ASSERT_TRUE(failed > 100);
}

void tests_register(void)
{
    CU_pSuite s = CU_add_suite("killer", NULL, NULL);
    CU_add_test(s, "combinations 9", test_combos_9);
    CU_add_test(s, "cell notes", test_cell_notes);
    CU_add_test(s, "combinations 16", test_combos_16);
    CU_add_test(s, "two-cell cage and pointing", test_two_cell_cage);
    CU_add_test(s, "needed digit to its only cell", test_needed_digit_goes_to_its_only_cell);
    CU_add_test(s, "cage contradiction", test_cage_contradiction);
    CU_add_test(s, "innies of a row", test_innies_of_a_row);
    CU_add_test(s, "innies of two rows, N cells", test_innies_of_two_rows_n_cells);
    CU_add_test(s, "sound on every 4x4 grid", test_sound_on_every_4x4_grid);
    CU_add_test(s, "sound on random 9x9 cages", test_sound_on_random_9x9_cages);
    CU_add_test(s, "memos change no deduction", test_memos_change_nothing);
    CU_add_test(s, "settled houses skip nothing", test_settled_houses_skip_nothing);
    CU_add_test(s, "16x16 killers", test_killer_16x16);
    CU_add_test(s, "lean ruleset", test_lean_ruleset);
    CU_add_test(s, "root keeps the grid", test_root_keeps_the_grid);
    CU_add_test(s, "settle on every 4x4 grid", test_settle_every_4x4_grid);
    CU_add_test(s, "settle 9x9", test_settle_9x9);
    CU_add_test(s, "placed combinations are survivors", test_placed_combos_are_survivors);
    CU_add_test(s, "exact walk keeps every assignment", test_exact_walk_keeps_every_assignment);
    CU_add_test(s, "exact walk steps as the model", test_exact_walk_steps_as_the_model);
    CU_add_test(s, "bounds as the model", test_bounds_as_the_model);
    CU_add_test(s, "order by effort is stable", test_order_by_effort_is_stable);
    CU_add_test(s, "shapes index is the scan", test_shapes_index_is_the_scan);
    CU_add_test(s, "retotal as built", test_retotal_as_built);
    CU_add_test(s, "retotal drops the rules field", test_retotal_drops_field);
    CU_add_test(s, "retotal random killers", test_retotal_random_killers);
}
