/*
 * test_propagate.c — the propagator: naked and hidden singles,
 * intersections, contradictions, and the plugin contract's hooks (units,
 * watches, state bytes, propagate, check, write) through two test rules;
 * a thermometer's bounds against what an increasing chain allows; every
 * intersection settled at random fixed points with small extra units.
 */
#include <CUnit/CUnit.h>
#include <stdio.h>
#include <stdlib.h>

#include "cunit_main.h"
#include "intersect.h"
#include "lookahead.h"
#include "propagate.h"
#include "test_helpers.h"

/* --- Test rule 1: "units" declares the all-different groups in its
 * arguments, "0,1,4/2,3", and nothing else. -------------------------- */

struct unit_list {
    int count, len[8], cells[8][SL_MAX_SIZE];
    char text[256];
};

static void *units_parse(const struct geometry *g, const char *args, struct sl_error *err)
{
    struct unit_list *u = calloc(1, sizeof *u);
    const char *p = args;
    (void)g;
    snprintf(u->text, sizeof u->text, "%s", args);
    while (*p && u->count < 8) {
        char *end;
        long cell = strtol(p, &end, 10);
        if (end == p || u->len[u->count] == SL_MAX_SIZE) break;
        u->cells[u->count][u->len[u->count]++] = (int)cell;
        if (*end == '/') u->count++;
        p = *end ? end + 1 : end;
    }
    if (u->len[u->count] > 0) u->count++;
    if (*p || u->count == 0) {
        free(u);
        sl_error_set(err, 0, 1, "bad unit list");
        return NULL;
    }
    return u;
}

static int units_attach(void *self, struct rule_builder *b, struct sl_error *err)
{
    struct unit_list *u = self;
    for (int i = 0; i < u->count; i++)
        if (rules_add_unit(b, u->cells[i], u->len[i], err)) return -1;
    return 0;
}

static int units_check(const void *self, const struct geometry *g, const uint8_t *grid)
{
    (void)self, (void)g, (void)grid;
    return 1;
}

static int units_write(const void *self, char *buf, size_t cap)
{
    return snprintf(buf, cap, "%s", ((const struct unit_list *)self)->text);
}

static const struct constraint_ops units_rule = {.name = "units",
                                                 .summary = "test: extra all-different groups",
                                                 .parse = units_parse,
                                                 .attach = units_attach,
                                                 .check = units_check,
                                                 .write = units_write,
                                                 .destroy = free};

/* --- Test rule 2: "odd" makes the listed cells odd through a propagate
 * hook (not a domain limit), counting its calls in reserved state. ---- */

struct odd_cells {
    int count, cells[16];
};

static void *odd_parse(const struct geometry *g, const char *args, struct sl_error *err)
{
    struct odd_cells *o = calloc(1, sizeof *o);
    (void)g, (void)err;
    for (const char *p = args; *p && o->count < 16;) {
        char *end;
        o->cells[o->count++] = (int)strtol(p, &end, 10);
        if (end == p) break;
        p = *end == ',' ? end + 1 : end;
    }
    return o;
}

static int odd_attach(void *self, struct rule_builder *b, struct sl_error *err)
{
    struct odd_cells *o = self;
    for (int i = 0; i < o->count; i++)
        if (rules_watch(b, o->cells[i], err)) return -1;
    return rules_reserve_state(b, sizeof(int), err);
}

static digitset odd_digits(int n)
{
    digitset m = 0;
    for (int d = 1; d <= n; d += 2) m |= digitset_of(d);
    return m;
}

static int odd_propagate(void *self, struct prop_ctx *ctx)
{
    struct odd_cells *o = self;
    int *calls = prop_rule_state(ctx);
    (*calls)++;
    for (int i = 0; i < o->count; i++)
        if (prop_restrict(ctx, o->cells[i], odd_digits(prop_geometry(ctx)->size)))
            return SL_PROP_CONTRADICTION;
    return SL_PROP_OK;
}

static int odd_check(const void *self, const struct geometry *g, const uint8_t *grid)
{
    const struct odd_cells *o = self;
    (void)g;
    for (int i = 0; i < o->count; i++)
        if (grid[o->cells[i]] % 2 == 0) return 0;
    return 1;
}

static int odd_write(const void *self, char *buf, size_t cap)
{
    const struct odd_cells *o = self;
    int used = 0;
    for (int i = 0; i < o->count; i++) {
        size_t room = (size_t)used < cap ? cap - (size_t)used : 0;
        used += snprintf(room ? buf + used : NULL, room, "%s%d", i ? "," : "", o->cells[i]);
    }
    if (cap && used == 0) buf[0] = '\0';
    return used;
}

static const struct constraint_ops odd_rule = {.name = "odd",
                                               .summary = "test: listed cells are odd",
                                               .parse = odd_parse,
                                               .attach = odd_attach,
                                               .propagate = odd_propagate,
                                               .check = odd_check,
                                               .write = odd_write,
                                               .destroy = free};

/* --- Helpers ----------------------------------------------------------- */

/* Builds the fixture's ruleset again after rules were added. */
static void rebuild(struct fixture *f)
{
    struct sl_error err = {0};
    solver_free(f->solver);
    ruleset_free(f->rules);
    f->rules = ruleset_build(&f->puzzle, &err);
    CU_ASSERT_PTR_NOT_NULL_FATAL(f->rules);
    f->solver = solver_new(f->rules);
}

/* A state big enough for every test here. */
#define STATE_WORDS (SL_MAX_CELLS + 64)

static int start(struct fixture *f, digitset *state)
{
    struct prop_ctx ctx;
    CU_ASSERT_TRUE_FATAL(f->rules->state_bytes <= STATE_WORDS * sizeof *state);
    return propagate_start(&ctx, f->rules, state, f->puzzle.givens);
}

/* --- Tests ------------------------------------------------------------- */

/* 1s at r2c5, r3c8, r5c1 and r8c2 leave the top-left box one place for
 * 1: r1c3. */
static void test_hidden_single(void)
{
    struct fixture f;
    char line[82];
    memset(line, '.', 81);
    line[81] = '\0';
    line[1 * 9 + 4] = line[2 * 9 + 7] = line[4 * 9 + 0] = line[7 * 9 + 1] = '1';
    CU_ASSERT_EQUAL_FATAL(fixture_open(&f, 9, 3, 3, line), 0);
    digitset cand[STATE_WORDS];
    CU_ASSERT_EQUAL(start(&f, cand), SL_PROP_OK);
    CU_ASSERT_EQUAL(cand[0 * 9 + 2], digitset_of(1));
    CU_ASSERT_TRUE(digitset_count(cand[0 * 9 + 3]) > 1);
    CU_ASSERT_FALSE(cand[0 * 9 + 3] & digitset_of(1)); /* the naked single's peers */
    fixture_close(&f);
}

/* Row 1 holds 1..8, column 9 holds a 9 lower down: r1c9 has nothing left,
 * though no two givens clash. */
static void test_contradiction_without_clash(void)
{
    struct fixture f;
    const char *line = "12345678."
                       "........."
                       "........."
                       "........."
                       "........9"
                       "........."
                       "........."
                       "........."
                       ".........";
    CU_ASSERT_EQUAL_FATAL(fixture_open(&f, 9, 3, 3, line), 0);
    int cell = -1;
    struct sl_error err = {0};
    CU_ASSERT_EQUAL(ruleset_check_givens(f.rules, f.puzzle.givens, &cell, &err), 0);
    digitset cand[STATE_WORDS];
    CU_ASSERT_EQUAL(start(&f, cand), SL_PROP_CONTRADICTION);
    CU_ASSERT_EQUAL(fixture_count(&f, 2), 0);
    fixture_close(&f);
}

static void test_clashing_givens_are_named(void)
{
    struct fixture f;
    CU_ASSERT_EQUAL_FATAL(fixture_open(&f, 4, 2, 2,
                                       "1..."
                                       "...."
                                       "...."
                                       "1..."),
                          0);
    int cell = -1;
    struct sl_error err = {0};
    CU_ASSERT_NOT_EQUAL(ruleset_check_givens(f.rules, f.puzzle.givens, &cell, &err), 0);
    CU_ASSERT_EQUAL(cell, 12);
    CU_ASSERT_PTR_NOT_NULL(strstr(err.msg, "r4c1"));
    CU_ASSERT_PTR_NOT_NULL(strstr(err.msg, "r1c1"));
    fixture_close(&f);
}

/* 4x4 Latin square plus the unit {r1c1, r1c2, r2c1}. 1s at r3c3 and r4c4
 * confine row 1's 1 to r1c1/r1c2, all inside the extra unit, so 1 leaves
 * r2c1 (pointing); column 1 then has one place for 1: r1c1. */
static void test_pointing_through_a_plugin_unit(void)
{
    struct fixture f;
    struct sl_error err = {0};
    const char *line = "...."
                       "...."
                       "..1."
                       "...1";
    CU_ASSERT_EQUAL_FATAL(fixture_open(&f, 4, 0, 0, line), 0);
    digitset cand[STATE_WORDS];
    CU_ASSERT_EQUAL(start(&f, cand), SL_PROP_OK);
    CU_ASSERT_TRUE(cand[4] & digitset_of(1)); /* no deduction without the unit */
    CU_ASSERT_EQUAL_FATAL(puzzle_add_rule_ops(&f.puzzle, &units_rule, "0,1,4", &err), 0);
    rebuild(&f);
    CU_ASSERT_EQUAL(f.rules->nunits, 9);
    CU_ASSERT_EQUAL(f.rules->nhouses, 8);
    CU_ASSERT_EQUAL(start(&f, cand), SL_PROP_OK);
    CU_ASSERT_FALSE(cand[4] & digitset_of(1));
    CU_ASSERT_EQUAL(cand[0], digitset_of(1));
    CU_ASSERT_EQUAL(cand[5], digitset_of(1));
    fixture_close(&f);
}

/* A rule with a propagate hook: it runs, its state is zeroed and private,
 * it prunes, it can refute givens, and it changes the solution count:
 * of the 288 4x4 sudokus, those with odd digits at r1c1 and r2c2. */
static void test_propagate_hook(void)
{
    struct fixture f;
    struct sl_error err = {0};
    CU_ASSERT_EQUAL_FATAL(fixture_open(&f, 4, 2, 2, NULL), 0);
    CU_ASSERT_EQUAL(fixture_count(&f, 1000), 288);
    CU_ASSERT_EQUAL_FATAL(puzzle_add_rule_ops(&f.puzzle, &odd_rule, "0,5", &err), 0);
    rebuild(&f);
    /* 16 cells' candidates, 12 houses' solved digits, the rule's counter. */
    CU_ASSERT_EQUAL(f.rules->state_bytes, (16 + 12) * sizeof(digitset) + 8);
    CU_ASSERT_EQUAL(f.rules->slots[1].state_offset, (16 + 12) * sizeof(digitset));
    digitset cand[STATE_WORDS];
    CU_ASSERT_EQUAL(start(&f, cand), SL_PROP_OK);
    CU_ASSERT_EQUAL(cand[0], digitset_of(1) | digitset_of(3));
    CU_ASSERT_EQUAL(cand[5], digitset_of(1) | digitset_of(3));
    CU_ASSERT_EQUAL(cand[1], digitset_all(4));
    CU_ASSERT_TRUE(*(int *)((char *)cand + f.rules->slots[1].state_offset) >= 1);
    /* r1c1 and r2c2 share a box, so they hold {1,3}: one digit pair of six. */
    CU_ASSERT_EQUAL(fixture_count(&f, 1000), 288 / 6);
    f.puzzle.givens[0] = 2;
    CU_ASSERT_EQUAL(start(&f, cand), SL_PROP_CONTRADICTION);
    fixture_close(&f);
}

/* Rules text is what decides whether two puzzles share a ruleset. */
static void test_rules_text_and_matching(void)
{
    struct fixture f, g;
    struct sl_error err = {0};
    char text[128];
    CU_ASSERT_EQUAL_FATAL(fixture_open(&f, 4, 2, 2, NULL), 0);
    CU_ASSERT_EQUAL_FATAL(fixture_open(&g, 4, 2, 2, "1..."), 0);
    CU_ASSERT_TRUE(ruleset_matches(f.rules, &g.puzzle));
    CU_ASSERT_EQUAL_FATAL(puzzle_add_rule_ops(&g.puzzle, &odd_rule, "3,7", &err), 0);
    CU_ASSERT_FALSE(ruleset_matches(f.rules, &g.puzzle));
    CU_ASSERT_EQUAL(puzzle_rules_text(&g.puzzle, text, sizeof text), 15);
    CU_ASSERT_STRING_EQUAL(text, "classic;odd:3,7");
    CU_ASSERT_EQUAL(puzzle_rules_text(&g.puzzle, text, 4), 15); /* truncated, length still told */
    CU_ASSERT_STRING_EQUAL(text, "cla");
    fixture_close(&f);
    fixture_close(&g);
}

static void test_bad_plugin_units_are_refused(void)
{
    struct fixture f;
    struct sl_error err = {0};
    CU_ASSERT_EQUAL_FATAL(fixture_open(&f, 4, 2, 2, NULL), 0);
    CU_ASSERT_EQUAL_FATAL(puzzle_add_rule_ops(&f.puzzle, &units_rule, "0,1,1", &err), 0);
    struct ruleset *rs = ruleset_build(&f.puzzle, &err);
    CU_ASSERT_PTR_NULL(rs);
    CU_ASSERT_PTR_NOT_NULL(strstr(err.msg, "twice"));
    puzzle_clear(&f.puzzle);
    CU_ASSERT_EQUAL_FATAL(puzzle_add_rule_ops(&f.puzzle, &units_rule, "0,99", &err), 0);
    CU_ASSERT_PTR_NULL(ruleset_build(&f.puzzle, &err));
    CU_ASSERT_PTR_NOT_NULL(strstr(err.msg, "outside"));
    puzzle_clear(&f.puzzle);
    CU_ASSERT_EQUAL_FATAL(puzzle_add_rule_ops(&f.puzzle, &units_rule, "0,1,2,3,4", &err), 0);
    CU_ASSERT_PTR_NULL(ruleset_build(&f.puzzle, &err));
    fixture_close(&f);
}

/* A thermometer of len cells on an empty grid, bulb first: cell k keeps
 * k+1 .. N-len+k+1, the digits a strictly increasing chain allows there
 * (the bulb at most N-len+1, the tip at least len). The path runs down
 * column 1 and on along row 9, so it crosses boxes. */
static void test_thermometer_bounds(void)
{
    for (int len = 2; len <= 9; len++) {
        struct fixture f;
        struct sl_error err = {0};
        char args[64];
        int cells[9], used = 0;
        for (int k = 0; k < len; k++) cells[k] = k < 5 ? (4 + k) * 9 : 8 * 9 + (k - 4);
        for (int k = 0; k < len; k++)
            used +=
                snprintf(args + used, sizeof args - (size_t)used, "%s%d", k ? "-" : "", cells[k]);
        CU_ASSERT_EQUAL_FATAL(fixture_open(&f, 9, 3, 3, NULL), 0);
        CU_ASSERT_EQUAL_FATAL(puzzle_add_rule(&f.puzzle, "thermo", args, &err), 0);
        rebuild(&f);
        digitset cand[STATE_WORDS];
        CU_ASSERT_EQUAL(start(&f, cand), SL_PROP_OK);
        for (int k = 0; k < len; k++) {
            digitset model = 0;
            for (int d = k + 1; d <= 9 - len + k + 1; d++) model |= digitset_of(d);
            CU_ASSERT_EQUAL(cand[cells[k]], model);
        }
        fixture_close(&f);
    }
}

/* The pointing and claiming left at intersection x, from its three unions
 * (the propagator's first form, which read every cell list each look);
 * *narrow is set when A's other cells miss a digit, so that the shared
 * cells must be read to tell. */
static digitset intersection_left(const struct ruleset *rs, const digitset *cand,
                                  const struct intersection *x, int *narrow)
{
    const uint16_t *lists = rs->intersection_cells + x->start;
    int len[3] = {x->shared, x->only_a, x->only_b};
    digitset in[3] = {0, 0, 0};
    for (int part = 0, at = 0; part < 3; at += len[part], part++)
        for (int i = 0; i < len[part]; i++) in[part] |= cand[lists[at + i]];
    digitset pointing = x->a_is_house ? in[0] & ~in[1] & in[2] : 0;
    digitset claiming = x->b_is_house ? in[0] & ~in[2] & in[1] : 0;
    *narrow = in[1] != rs->all;
    return pointing | claiming;
}

/* Random 2x2 squares as extra units ("a,b,c,d/..."): each meets a row, a
 * column and maybe a box in two cells. */
static void random_squares(struct rng *rng, char *args, size_t cap)
{
    size_t used = 0;
    int count = 2 + (int)rng_below(rng, 6);
    for (int u = 0; u < count; u++) {
        int r = (int)rng_below(rng, 8), c = (int)rng_below(rng, 8), at = r * 9 + c;
        used += (size_t)snprintf(args + used, cap - used, "%s%d,%d,%d,%d", u ? "/" : "", at, at + 1,
                                 at + 9, at + 10);
    }
}

/* Narrowing random cells of a 9x9 grid with extra units, one at a time:
 * after each propagation that does not fail, no intersection has a digit
 * left to point or claim, whatever order its unions were read in. */
static void test_intersections_settled(void)
{
    struct rng rng;
    rng_seed(&rng, 23);
    int settled = 0, narrows = 0;
    for (int trial = 0; trial < 40; trial++) {
        struct fixture f;
        struct sl_error err = {0};
        char args[256];
        CU_ASSERT_EQUAL_FATAL(fixture_open(&f, 9, 3, 3, NULL), 0);
        random_squares(&rng, args, sizeof args);
        CU_ASSERT_EQUAL_FATAL(puzzle_add_rule_ops(&f.puzzle, &units_rule, args, &err), 0);
        rebuild(&f);
        CU_ASSERT_FALSE_FATAL(f.rules->kernel);
        digitset good[STATE_WORDS], cand[STATE_WORDS];
        CU_ASSERT_EQUAL_FATAL(start(&f, good), SL_PROP_OK);
        for (int step = 0; step < 60; step++) {
            memcpy(cand, good, f.rules->state_bytes);
            int cell = (int)rng_below(&rng, 81);
            if (digitset_is_single(cand[cell])) continue;
            digitset allowed = cand[cell];
            for (int k = 0, drops = 2 + (int)rng_below(&rng, 5); k < drops; k++)
                allowed &= ~digitset_of(1 + (int)rng_below(&rng, 9));
            if (allowed == 0 || allowed == cand[cell]) continue;
            struct prop_ctx ctx;
            propagate_view_fresh(&ctx, f.rules, cand); /* full propagation */
            if (propagate_restrict_cells(&ctx, f.rules, cand, &cell, 1, allowed)) continue;
            for (int k = 0; k < f.rules->nintersections; k++) {
                int narrow;
                CU_ASSERT_EQUAL(
                    intersection_left(f.rules, cand, &f.rules->intersections[k], &narrow), 0);
                narrows += narrow;
            }
            settled++;
            memcpy(good, cand, f.rules->state_bytes);
        }
        fixture_close(&f);
    }
    CU_ASSERT_TRUE(settled > 1000);
    CU_ASSERT_TRUE(narrows > 1000);
}

/* prop_remove over 40 cells, past one 32-cell batch: the cells before an
 * emptied one lose the digits and are told (a new single queued), the
 * emptied one is left empty and named, the cells after it keep theirs;
 * without an emptied cell it says whether any cell lost a digit. */
static void test_prop_remove(void)
{
    struct fixture f;
    CU_ASSERT_EQUAL_FATAL(fixture_open(&f, 9, 3, 3, NULL), 0);
    digitset cand[STATE_WORDS], was[STATE_WORDS];
    CU_ASSERT_EQUAL_FATAL(start(&f, cand), SL_PROP_OK);
    uint16_t cells[40];
    for (int i = 0; i < 40; i++) cells[i] = (uint16_t)(80 - 2 * i);
    digitset d12 = digitset_of(1) | digitset_of(2);
    for (int empty_at = 5; empty_at < 40; empty_at += 30) { /* each batch */
        struct prop_ctx ctx;
        start(&f, cand);
        cand[cells[empty_at - 1]] = digitset_of(1) | digitset_of(3);
        cand[cells[empty_at]] = d12;
        cand[cells[empty_at + 2]] = digitset_of(2) | digitset_of(4);
        memcpy(was, cand, sizeof was);
        propagate_view_fresh(&ctx, f.rules, cand);
        CU_ASSERT_EQUAL(prop_remove(&ctx, cells, 40, d12), SL_PROP_CONTRADICTION);
        CU_ASSERT_EQUAL(ctx.failed_cell, cells[empty_at]);
        CU_ASSERT_EQUAL(cand[cells[empty_at]], 0);
        for (int i = 0; i < empty_at; i++) CU_ASSERT_EQUAL(cand[cells[i]], was[cells[i]] & ~d12);
        for (int i = empty_at + 1; i < 40; i++) CU_ASSERT_EQUAL(cand[cells[i]], was[cells[i]]);
        CU_ASSERT_EQUAL(ctx.queue_len, 1);
        CU_ASSERT_EQUAL(ctx.queue[0], cells[empty_at - 1]);
    }
    struct prop_ctx ctx;
    start(&f, cand);
    cand[cells[33]] &= ~digitset_of(7);
    propagate_view_fresh(&ctx, f.rules, cand);
    CU_ASSERT_EQUAL(prop_remove(&ctx, cells + 33, 1, digitset_of(7)), 0);
    CU_ASSERT_FALSE(ctx.changed);
    CU_ASSERT_EQUAL(prop_remove(&ctx, cells + 30, 4, digitset_of(7)), 1);
    CU_ASSERT_TRUE(ctx.changed);
    CU_ASSERT_EQUAL(prop_remove(&ctx, cells + 30, 4, digitset_of(7)), 0);
    fixture_close(&f);
}

/* lookahead_choose takes the split with the most alternatives refuted
 * outright, though a split none of whose alternatives is refuted comes
 * first, and keeps the alternatives that stand, each with the state it
 * propagates to (lookahead.h). The cells are found by trying each digit
 * of each open cell of a 17-clue puzzle's propagated start. */
static void test_lookahead_most_refuted(void)
{
    struct fixture f;
    CU_ASSERT_EQUAL_FATAL(
        fixture_open(
            &f, 9, 3, 3,
            ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7..."),
        0);
    const struct ruleset *rs = f.rules;
    digitset root[STATE_WORDS], copy[STATE_WORDS];
    CU_ASSERT_TRUE_FATAL(rs->state_bytes <= sizeof root);
    struct prop_ctx ctx;
    CU_ASSERT_EQUAL_FATAL(propagate_start(&ctx, rs, root, f.puzzle.givens), SL_PROP_OK);
    int mixed = -1, open = -1, refuted_at_mixed = 0;
    for (int c = 0; c < 81; c++) {
        if (digitset_is_single(root[c])) continue;
        int refuted = 0;
        for (digitset m = root[c]; m; m = digitset_rest(m)) {
            memcpy(copy, root, rs->state_bytes);
            refuted += propagate_restrict_cells(&ctx, rs, copy, &c, 1, m & -m) != SL_PROP_OK;
        }
        if (refuted == 0 && open < 0) open = c;
        if (refuted > 0 && refuted < digitset_count(root[c]) && mixed < 0)
            mixed = c, refuted_at_mixed = refuted;
    }
    CU_ASSERT_FATAL(open >= 0 && mixed >= 0);
    struct branch_offer splits[2];
    int cells[2] = {open, mixed};
    for (int i = 0; i < 2; i++) {
        splits[i].ncells = 1;
        splits[i].cells[0] = cells[i];
        splits[i].nalts = 0;
        for (digitset m = root[cells[i]]; m; m = digitset_rest(m))
            splits[i].alt[splits[i].nalts++] = m & -m;
    }
    struct lookahead *la = lookahead_new(rs);
    struct nogood_store *nogoods = nogoods_new();
    CU_ASSERT_EQUAL(lookahead_choose(la, &ctx, rs, nogoods, root, splits, 2), 1);
    CU_ASSERT_EQUAL(splits[1].nalts, digitset_count(root[mixed]) - refuted_at_mixed);
    for (int i = 0; i < splits[1].nalts; i++) {
        memcpy(copy, root, rs->state_bytes);
        CU_ASSERT_EQUAL(propagate_restrict_cells(&ctx, rs, copy, &mixed, 1, splits[1].alt[i]),
                        SL_PROP_OK);
        CU_ASSERT(memcmp(copy, lookahead_state(la, i), rs->state_bytes) == 0);
    }
    nogoods_free(nogoods);
    lookahead_free(la);
    fixture_close(&f);
}

void tests_register(void)
{
    CU_pSuite s = CU_add_suite("propagate", NULL, NULL);
    CU_add_test(s, "hidden single", test_hidden_single);
    CU_add_test(s, "contradiction without a clash", test_contradiction_without_clash);
    CU_add_test(s, "clashing givens are named", test_clashing_givens_are_named);
    CU_add_test(s, "pointing through a plugin unit", test_pointing_through_a_plugin_unit);
    CU_add_test(s, "propagate hook", test_propagate_hook);
    CU_add_test(s, "rules text and matching", test_rules_text_and_matching);
    CU_add_test(s, "bad plugin units are refused", test_bad_plugin_units_are_refused);
    CU_add_test(s, "thermometer bounds", test_thermometer_bounds);
    CU_add_test(s, "intersections settled", test_intersections_settled);
    CU_add_test(s, "prop_remove", test_prop_remove);
    CU_add_test(s, "look-ahead takes the most refuted split", test_lookahead_most_refuted);
}
