/*
 * test_rate.c — the rater: the basic techniques on hand-made positions
 * (each where it fires and where it must not), the forcing chains, the
 * step trace of a known puzzle, grades, and soundness on real puzzles
 * (every step checked against the solution). The killer techniques have
 * their own suite (test_tech_killer.c).
 */
#include <CUnit/CUnit.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cunit_main.h"
#include "forcing.h"
#include "propagate.h"
#include "rate.h"
#include "test_human.h"
#include "test_reader.h"

/* Opens the position, runs the technique named key, closes; returns
 * whether it fired, keeping the step in *step when given. */
static int fires(const char *edits, const char *key, struct step *step)
{
    struct marks_fixture *f = calloc(1, sizeof *f);
    CU_ASSERT_FATAL(f && marks_edit(f, edits) == 0);
    int found = marks_find(f, key);
    if (found) CU_ASSERT(step_removal_count(&f->h, &f->step) > 0 || f->step.place_cell >= 0);
    if (step) *step = f->step;
    marks_close(f);
    free(f);
    return found;
}

static int cell(int row, int col) { return (row - 1) * 9 + col - 1; }

static void test_full_house(void)
{
    static struct step s;
    const char *row = "r1c1!1 r1c2!2 r1c3!3 r1c4!4 r1c5!5 r1c6!6 r1c7!7 r1c8!8 r1c9=9";
    CU_ASSERT_TRUE(fires(row, "full-house", &s));
    CU_ASSERT_EQUAL(s.place_cell, cell(1, 9));
    CU_ASSERT_EQUAL(s.place_digit, 9);
    CU_ASSERT_FALSE(fires("r1c1!1 r1c2!2 r1c3!3 r1c4!4 r1c5!5 r1c6!6 r1c7!7 r1c8=89 r1c9=9",
                          "full-house", NULL));
}

static void test_hidden_singles(void)
{
    static struct step s;
    CU_ASSERT_TRUE(fires("b1-5 r2c2=1256", "hidden-single-box", &s));
    CU_ASSERT_EQUAL(s.place_cell, cell(2, 2));
    CU_ASSERT_EQUAL(s.place_digit, 5);
    /* The box's single is no line's single. */
    CU_ASSERT_FALSE(fires("b1-5 r2c2=1256", "hidden-single", NULL));
    CU_ASSERT_TRUE(fires("r4-7 r4c6=17", "hidden-single", &s));
    CU_ASSERT_EQUAL(s.place_cell, cell(4, 6));
    CU_ASSERT_FALSE(fires("r4-7 r4c6=17", "hidden-single-box", NULL));
}

static void test_naked_single(void)
{
    static struct step s;
    CU_ASSERT_TRUE(fires("r5c5=7", "naked-single", &s));
    CU_ASSERT_EQUAL(s.place_cell, cell(5, 5));
    CU_ASSERT_EQUAL(s.place_digit, 7);
    CU_ASSERT_FALSE(fires("r5c5=78", "naked-single", NULL));
}

static void test_pointing_and_claiming(void)
{
    static struct step s;
    CU_ASSERT_TRUE(fires("b1-4 r1c1=1234 r1c2=456", "pointing", &s));
    CU_ASSERT_TRUE(step_removes(&s, 1, 5, 4) && step_removes(&s, 1, 9, 4));
    CU_ASSERT_FALSE(step_removes(&s, 1, 1, 4));
    CU_ASSERT_FALSE(fires("b1-4 r1c1=1234 r1c2=456 r2c2=24", "pointing", NULL));
    CU_ASSERT_TRUE(fires("r5-6 r5c4=67 r5c5=68", "claiming", &s));
    CU_ASSERT_TRUE(step_removes(&s, 4, 4, 6) && step_removes(&s, 6, 6, 6));
    CU_ASSERT_FALSE(step_removes(&s, 5, 4, 6));
    CU_ASSERT_FALSE(fires("r5-6 r5c4=67 r5c5=68 r5c9=16", "claiming", NULL));
}

static void test_direct_pointing(void)
{
    static struct step s;
    /* 4 points along row 1 out of box 1; box 2 then has one place for it. */
    const char *direct = "b1-4 r1c1=14 r1c2=45 b2-4 r1c5=34 r2c6=47";
    CU_ASSERT_TRUE(fires(direct, "direct-pointing", &s));
    /* It places that single alone: the removal waits for a later step. */
    CU_ASSERT_EQUAL(s.place_cell, cell(2, 6));
    CU_ASSERT_EQUAL(s.place_digit, 4);
    CU_ASSERT_EQUAL(s.nelims, 0);
    /* With a third place in box 2 the same pointing is not direct. */
    CU_ASSERT_FALSE(
        fires("b1-4 r1c1=14 r1c2=45 b2-4 r1c5=34 r2c6=47 r3c4=47", "direct-pointing", NULL));
    CU_ASSERT_TRUE(fires("b1-4 r1c1=14 r1c2=45 b2-4 r1c5=34 r2c6=47 r3c4=47", "pointing", NULL));
}

static void test_subsets(void)
{
    static struct step s;
    CU_ASSERT_TRUE(fires("r3c1=12 r3c2=12", "naked-pair", &s));
    CU_ASSERT_TRUE(step_removes(&s, 3, 5, 1) && step_removes(&s, 2, 2, 2));
    CU_ASSERT_FALSE(fires("r3c1=12 r3c2=123", "naked-pair", NULL));
    CU_ASSERT_TRUE(fires("r3c1=12 r3c2=23 r3c9=13", "naked-triple", &s));
    CU_ASSERT_TRUE(step_removes(&s, 3, 5, 3));
    CU_ASSERT_FALSE(step_removes(&s, 2, 2, 2)); /* r3c9 is not in box 1 */
    /* The pair's cells in two boxes, or the row would claim 8 and 9. */
    CU_ASSERT_TRUE(fires("r7-89 r7c1=1289 r7c5=3489", "hidden-pair", &s));
    CU_ASSERT_TRUE(step_removes(&s, 7, 1, 1) && step_removes(&s, 7, 5, 4));
    CU_ASSERT_FALSE(fires("r7-89 r7c1=1289 r7c5=3489 r7c9=59", "hidden-pair", NULL));
    CU_ASSERT_TRUE(fires("r7-789 r7c1=1278 r7c5=389 r7c9=479", "hidden-triple", &s));
    CU_ASSERT_TRUE(step_removes(&s, 7, 1, 1) && step_removes(&s, 7, 9, 4));
}

static void test_direct_hidden_pair(void)
{
    static struct step s;
    /* Removing 5 from r4c1 leaves row 4 one place for it: 5 goes there. */
    CU_ASSERT_TRUE(fires("r4-589 r4c1=589 r4c5=89 r4c9=15", "direct-hidden-pair", &s));
    CU_ASSERT_EQUAL(s.place_cell, cell(4, 9));
    CU_ASSERT_EQUAL(s.place_digit, 5);
    CU_ASSERT_EQUAL(s.nelims, 0);
    CU_ASSERT_FALSE(fires("r4-589 r4c1=589 r4c5=89 r4c9=15 r4c4=57", "direct-hidden-pair", NULL));
    CU_ASSERT_TRUE(fires("r4-589 r4c1=589 r4c5=89 r4c9=15 r4c4=57", "hidden-pair", NULL));
}

static void test_fish(void)
{
    static struct step s;
    const char *wing = "r2-3 r6-3 r2c2=13 r2c7=35 r6c2=34 r6c7=37";
    CU_ASSERT_TRUE(fires(wing, "x-wing", &s));
    CU_ASSERT_TRUE(step_removes(&s, 1, 2, 3) && step_removes(&s, 9, 7, 3));
    CU_ASSERT_FALSE(step_removes(&s, 2, 2, 3));
    CU_ASSERT_FALSE(fires("r2-3 r6-3 r2c2=13 r2c7=35 r6c2=34 r6c7=37 r2c5=35", "x-wing", NULL));
    const char *fish = "r1-2 r5-2 r9-2 r1c1=12 r1c4=24 r5c4=25 r5c8=26 r9c1=27 r9c8=28";
    CU_ASSERT_FALSE(fires(fish, "x-wing", NULL));
    CU_ASSERT_TRUE(fires(fish, "swordfish", &s));
    CU_ASSERT_TRUE(step_removes(&s, 3, 4, 2) && step_removes(&s, 7, 1, 2));
}

/* The X-wing above, told what changed since the row found nothing: a
 * cell of row 2 that lost 1 alone (no line's places of 3 moved) leaves it
 * unseen; one that lost 3 brings it back. */
static void test_fish_since(void)
{
    struct marks_fixture f;
    struct changes changed = {.lost = NULL};
    digitset lost[SL_MAX_CELLS] = {0};
    CU_ASSERT_EQUAL_FATAL(marks_edit(&f, "r2-3 r6-3 r2c2=13 r2c7=35 r6c2=34 r6c7=37"), 0);
    cellset_clear(&changed.cells);
    cellset_add(&changed.cells, 1 * 9 + 4); /* r2c5 */
    lost[1 * 9 + 4] = digitset_of(1);
    changed.lost = lost;
    memset(&f.step, 0, sizeof f.step);
    CU_ASSERT_FALSE(find_fish_since(&f.h, 2, &changed, &f.step));
    lost[1 * 9 + 4] |= digitset_of(3);
    CU_ASSERT_TRUE_FATAL(find_fish_since(&f.h, 2, &changed, &f.step));
    CU_ASSERT_TRUE(step_removes(&f.step, 1, 2, 3) && step_removes(&f.step, 9, 7, 3));
    marks_close(&f);
}

static void test_grades(void)
{
    CU_ASSERT_EQUAL(grade_of_rating(1.2), GRADE_EASY);
    CU_ASSERT_EQUAL(grade_of_rating(1.5), GRADE_EASY);
    CU_ASSERT_EQUAL(grade_of_rating(1.6), GRADE_MEDIUM);
    CU_ASSERT_EQUAL(grade_of_rating(2.8), GRADE_MEDIUM);
    CU_ASSERT_EQUAL(grade_of_rating(3.0), GRADE_HARD);
    CU_ASSERT_EQUAL(grade_of_rating(4.5), GRADE_EXPERT);
    CU_ASSERT_EQUAL(grade_of_rating(6.6), GRADE_EXTREME);
    CU_ASSERT_EQUAL(grade_of_rating(8.8), GRADE_BEYOND);
    CU_ASSERT_EQUAL(grade_of_rating(11.0), GRADE_BEYOND);
    for (int g = 0; g < GRADE_COUNT; g++)
        CU_ASSERT_EQUAL(grade_by_name(grade_name((enum grade)g)), g);
    CU_ASSERT_EQUAL(grade_by_name("impossible"), -1);
    /* Each band starts where the one before ends; every tenth has a grade. */
    CU_ASSERT_EQUAL(grade_low(GRADE_EASY), 0.0);
    for (int g = 1; g < GRADE_COUNT; g++) {
        CU_ASSERT_EQUAL(grade_low((enum grade)g), grade_table[g - 1].high);
        CU_ASSERT_TRUE(grade_table[g].high > grade_table[g - 1].high);
        CU_ASSERT_EQUAL((int)grade_of_rating(grade_table[g - 1].high), g - 1);
        CU_ASSERT_EQUAL((int)grade_of_rating(grade_table[g - 1].high + 0.1), g);
    }
    CU_ASSERT_TRUE(isinf(grade_table[GRADE_BEYOND].high));
    CU_ASSERT_EQUAL(technique_length_rating(4), 0.0);
    CU_ASSERT_TRUE(technique_length_rating(5) > 0.09 && technique_length_rating(5) < 0.11);
    CU_ASSERT_TRUE(technique_length_rating(13) > 0.39 && technique_length_rating(13) < 0.41);
}

/* The table is a ladder: ratings never go down, keys are unique. */
static void test_ladder_is_ordered(void)
{
    for (int t = 1; t < technique_count; t++) {
        CU_ASSERT_TRUE(technique_table[t].rating >= technique_table[t - 1].rating);
        CU_ASSERT_EQUAL(technique_by_key(technique_table[t].key), t);
    }
}

/* The scale's end that generate --rating and an experiment's band are
 * held to (RATE_SCALE_MAX): the search fallback reaches it at 2^64 nodes
 * and no further, and no technique's step comes near it, however long its
 * chain (past every candidate of the largest grid) and with the most a
 * subset adds (a tenth per digit). A change to the rater's scale that
 * leaves the bound behind fails here. */
static void test_scale_ends_where_generate_stops(void)
{
    CU_ASSERT_TRUE(fabs(rate_search_rating(0) - 10.0) < 1e-9);
    CU_ASSERT_TRUE(fabs(rate_search_rating(UINT64_MAX) - RATE_SCALE_MAX) < 1e-9);
    CU_ASSERT_TRUE(rate_search_rating(UINT64_MAX / 2) < RATE_SCALE_MAX);
    CU_ASSERT_TRUE(fabs(GENERATE_RATING_MAX - RATE_SCALE_MAX) < 1e-9);
    double longest = technique_length_rating(4 * SL_MAX_CELLS * SL_MAX_SIZE);
    for (int t = 0; t < technique_count; t++) {
        CU_ASSERT_TRUE(technique_table[t].rating + longest + 0.1 * SL_MAX_SIZE < RATE_SCALE_MAX);
        CU_ASSERT_TRUE(technique_table[t].rating <= technique_top_rating(1));
    }
    CU_ASSERT_TRUE(technique_top_rating(SL_MAX_SIZE) < RATE_SCALE_MAX);
    /* 9.0 + 1.9 (a chain of 2,916 links) + 0.9: generate refuses a 9x9
     * band above it for the variants whose search stays shallow. */
    CU_ASSERT_TRUE(fabs(technique_top_rating(9) - 11.8) < 1e-9);
    CU_ASSERT_TRUE(rate_search_rating((1u << 18) - 1) >= technique_top_rating(9) - 1e-9);
    CU_ASSERT_TRUE(rate_search_rating(1u << 18) > technique_top_rating(9) + 1e-9);
}

/* A tenth per doubling, exactly at every power of two: 2^k - 1 nodes
 * rate 10 + k/10 and 2^k nodes a tenth more, past 2^53 too, where a
 * double holds 2^k but not 2^k + 1 (log2 of the rounded count said 2^53
 * nodes rate 15.3, not 15.4). The same double as 10.0 + 0.1 * k. */
static void test_search_rating_doublings(void)
{
    for (int k = 1; k < 64; k++) {
        uint64_t power = (uint64_t)1 << k;
        CU_ASSERT_EQUAL(rate_search_rating(power - 1), 10.0 + 0.1 * k);
        CU_ASSERT_EQUAL(rate_search_rating(power), 10.0 + 0.1 * (k + 1));
    }
    CU_ASSERT_EQUAL(rate_search_rating(0), 10.0);
}

/* --- whole puzzles ------------------------------------------------------- */

struct trace {
    const struct human_layout *lay;
    int n;
    char first[3][256];
    int forcing;
};

static void keep_words(void *arg, const struct human *h, const struct step *s)
{
    struct trace *t = arg;
    (void)h;
    if (t->n < 3) step_describe(t->lay, s, t->first[t->n], sizeof t->first[0]);
    t->forcing += technique_table[s->technique].find == find_forcing_chain;
    t->n++;
}

/* Rates a classic line, each step given to trace (may be NULL); t, when
 * not NULL, gets the rater's layout first (keep_words reads it). */
static int rate_line_traced(const char *line, struct rate_result *res, rate_trace trace, void *arg,
                            struct trace *t)
{
    struct fixture fx;
    CU_ASSERT_FATAL(fixture_open(&fx, 9, 3, 3, line) == 0);
    struct rater *r = rater_new(fx.rules);
    CU_ASSERT_PTR_NOT_NULL_FATAL(r);
    if (t) t->lay = rater_layout(r);
    int status = rate_puzzle(r, fx.puzzle.givens, res, trace, arg);
    rater_free(r);
    fixture_close(&fx);
    return status;
}

static int rate_line(const char *line, struct rate_result *res, struct trace *t)
{
    return rate_line_traced(line, res, t ? keep_words : NULL, t, t);
}

/* An easy puzzle: singles only, the first steps in words. */
static void test_trace_of_a_known_puzzle(void)
{
    static struct rate_result res;
    struct trace t = {0};
    const char *p =
        "003020600900305001001806400008102900700000008006708200002609500800203009005010300";
    CU_ASSERT_EQUAL_FATAL(rate_line(p, &res, &t), 0);
    CU_ASSERT_TRUE(res.rating <= 1.5);
    CU_ASSERT_EQUAL(res.grade, GRADE_EASY);
    CU_ASSERT_EQUAL(res.steps, 49); /* one step per open cell */
    CU_ASSERT_EQUAL(t.n, 49);
    CU_ASSERT_STRING_EQUAL(t.first[0], "r2c2: hidden single 6 in box 1");
    CU_ASSERT_STRING_EQUAL(t.first[1], "r1c2: hidden single 8 in box 1");
    CU_ASSERT_EQUAL(res.erred_technique, -1);
}

/* Easter Monster, among the hardest known: forcing chains carry it. */
static void test_forcing_chains_on_a_hard_puzzle(void)
{
    static struct rate_result res;
    struct trace t = {0};
    const char *p =
        "100000002090400050006000700050903000000070000000850040700000600030009080002000001";
    CU_ASSERT_EQUAL_FATAL(rate_line(p, &res, &t), 0);
    CU_ASSERT_TRUE(res.rating >= 8.8);
    CU_ASSERT_EQUAL(res.grade, GRADE_BEYOND);
    CU_ASSERT_TRUE(t.forcing > 0);
}

/* Every probe that contradicts itself starts from a wrong candidate; no
 * probe from a right one does. */
static int probe_puzzle(const char *p)
{
    struct fixture fx;
    uint8_t solution[81];
    CU_ASSERT_FATAL(fixture_open(&fx, 9, 3, 3, p) == 0);
    CU_ASSERT_EQUAL_FATAL(solver_count(fx.solver, fx.puzzle.givens, 2, solution, NULL).solutions,
                          1);
    struct human_layout *lay = malloc(sizeof *lay);
    struct human *h = malloc(sizeof *h);
    struct probe *pr = malloc(sizeof *pr);
    CU_ASSERT_FATAL(lay && h && pr && human_layout_init(lay, fx.rules) == 0);
    CU_ASSERT_EQUAL_FATAL(human_init(h, lay, fx.puzzle.givens), 0);
    probe_prepare(pr, h);
    int contradictions = 0;
    for (int c = 0; c < 81; c++)
        for (digitset ds = h->cand[c]; ds; ds = digitset_rest(ds)) {
            int d = digitset_first(ds);
            if (probe_run(h, PROBE_SINGLES, c, d, 1, pr, -1, 0)) {
                CU_ASSERT_NOT_EQUAL(solution[c], d);
                CU_ASSERT_TRUE(pr->contradiction > 0);
                contradictions++;
            }
            CU_ASSERT_FALSE(probe_run(h, PROBE_PLUS, c, solution[c], 1, pr, -1, 0));
        }
    human_layout_free(lay);
    free(lay), free(h), free(pr);
    fixture_close(&fx);
    return contradictions;
}

static void test_probe_contradictions_are_sound(void)
{
    static const char *const puzzles[] = {
        "100000002090400050006000700050903000000070000000850040700000600030009080002000001",
        "400000805030000000000700000020000060000080400000010000000603070500200000104000000",
        "520006000000000701300000000000400800600000050000000000041800000000030020008700000",
    };
    int contradictions = 0;
    for (int i = 0; i < 3; i++) contradictions += probe_puzzle(puzzles[i]);
    CU_ASSERT_TRUE(contradictions > 0);
}

/* A hint is the easiest step, and the state is only read. */
static void test_hint_is_the_easiest_step(void)
{
    struct fixture fx;
    const char *p =
        "003020600900305001001806400008102900700000008006708200002609500800203009005010300";
    CU_ASSERT_FATAL(fixture_open(&fx, 9, 3, 3, p) == 0);
    struct rater *r = rater_new(fx.rules);
    struct human *h = malloc(sizeof *h);
    static struct step s;
    CU_ASSERT_FATAL(r && h && human_init(h, rater_layout(r), fx.puzzle.givens) == 0);
    digitset before[81];
    memcpy(before, h->cand, sizeof before);
    CU_ASSERT_EQUAL(rate_next_step(r, h, &s), 1);
    CU_ASSERT_EQUAL(memcmp(before, h->cand, sizeof before), 0);
    CU_ASSERT_EQUAL(s.place_cell, cell(2, 2));
    CU_ASSERT_EQUAL(s.place_digit, 6);
    CU_ASSERT_EQUAL(s.rating, 1.2);
    free(h);
    rater_free(r);
    fixture_close(&fx);
}

/* --- real puzzles ------------------------------------------------------- */

/* Rates the first `limit` puzzles of a data file: none may err. */
static void rate_file(const char *path, int limit, double *max_rating)
{
    FILE *in = fopen(path, "r");
    if (!in) {
        CU_FAIL("data file missing (../shared/data)");
        return;
    }
    char line[256];
    static struct rate_result res;
    int rated = 0;
    while (rated < limit && fgets(line, sizeof line, in)) {
        if (line[0] == '#') continue;
        line[81] = '\0';
        CU_ASSERT_EQUAL(rate_line(line, &res, NULL), 0);
        CU_ASSERT_EQUAL(res.erred_technique, -1);
        if (res.rating > *max_rating) *max_rating = res.rating;
        rated++;
    }
    fclose(in);
    CU_ASSERT_EQUAL(rated, limit);
}

/* --- one rater, many puzzles -------------------------------------------- */

/* Binary puzzles of one size share their ruleset, so one rater rates them
 * all (as `sudolab rate` does). */
static const char *const binary_lines[] = {
    "sudolab 8 none binary ...2..2..21......2...2....1....11...1.2...1..2.21.....2.2...1...",
    "sudolab 8 none binary 1.....2.1....2.1...2..1..1........1..2..2..2.........2...1.2.22.",
    "sudolab 8 none binary ..1..2.12....2...1..1...1........2..1.1.2.1........2..........21",
};
enum { BINARY_LINES = sizeof binary_lines / sizeof binary_lines[0] };

static int same_result(const struct rate_result *a, const struct rate_result *b)
{
    int same = fabs(a->rating - b->rating) < 1e-9 && fabs(a->work - b->work) < 1e-9 &&
               a->steps == b->steps && a->ntally == b->ntally && a->rules_used == b->rules_used;
    for (int i = 0; same && i < a->ntally; i++)
        same =
            strcmp(a->tally[i].key, b->tally[i].key) == 0 && a->tally[i].count == b->tally[i].count;
    return same;
}

/* Reads binary_lines[i]: its givens, and a ruleset of its own. */
static struct ruleset *binary_read(int i, uint8_t *givens)
{
    struct session s;
    struct sl_error err = {0};
    session_open(&s, binary_lines[i], NULL);
    CU_ASSERT_EQUAL_FATAL(session_next(&s), 1);
    memcpy(givens, s.p.givens, sizeof s.p.givens);
    struct ruleset *rs = ruleset_build(&s.p, &err);
    session_close(&s);
    CU_ASSERT_PTR_NOT_NULL_FATAL(rs);
    return rs;
}

/* The rater keeps the rules' scratch grid, their masks and its memories
 * from one rating to the next: each puzzle, rated again and after the
 * others, rates as a fresh rater rates it. */
static void test_rater_reused(void)
{
    static struct rate_result fresh[BINARY_LINES], again;
    static uint8_t givens[BINARY_LINES][SL_MAX_CELLS];
    struct ruleset *rs = NULL;
    for (int i = 0; i < BINARY_LINES; i++) {
        struct ruleset *own = binary_read(i, givens[i]);
        struct rater *r = rater_new(own);
        CU_ASSERT_PTR_NOT_NULL_FATAL(r);
        CU_ASSERT_EQUAL(rate_puzzle(r, givens[i], &fresh[i], NULL, NULL), 0);
        rater_free(r);
        if (i == 0)
            rs = own;
        else
            ruleset_free(own);
    }
    struct rater *shared = rater_new(rs);
    CU_ASSERT_PTR_NOT_NULL_FATAL(shared);
    for (int round = 0; round < 2; round++)
        for (int i = 0; i < BINARY_LINES; i++) {
            CU_ASSERT_EQUAL(rate_puzzle(shared, givens[i], &again, NULL, NULL), 0);
            CU_ASSERT_TRUE(same_result(&again, &fresh[i]));
        }
    rater_free(shared);
    ruleset_free(rs);
}

/* Two grids alike in every cell's candidates, their placed digits
 * swapped: a rule's question about the second must see its own digits
 * (the scratch grid is read again when either differs). r1c1 and r1c2
 * hold one symbol, so r1c3 loses it (binary-pairs). */
static void test_rule_questions_see_placed_digits(void)
{
    static uint8_t givens[SL_MAX_CELLS];
    static struct human h;
    static struct step st;
    struct ruleset *rs = binary_read(0, givens);
    struct human_layout *lay = malloc(sizeof *lay);
    CU_ASSERT_FATAL(lay && human_layout_init(lay, rs) == 0);
    int t = technique_by_key("binary-pairs");
    CU_ASSERT_FATAL(t >= 0);
    for (int symbol = 1; symbol <= 2; symbol++) {
        h.lay = lay;
        h.open = lay->ncells - 2;
        for (int c = 0; c < lay->ncells; c++) {
            h.value[c] = c < 2 ? (uint8_t)symbol : 0;
            h.cand[c] = c < 2 ? 0 : rs->domain[c];
        }
        human_recount(&h);
        memset(&st, 0, sizeof st);
        st.technique = t;
        st.rule_slot = -1;
        CU_ASSERT_TRUE_FATAL(find_rule_deduction(&h, technique_table[t].param, &st));
        digitset lost = 0;
        for (int i = 0; i < st.nelims; i++)
            if (st.elims[i].cell == 2) lost = st.elims[i].digits;
        CU_ASSERT_EQUAL(lost, digitset_of(symbol));
    }
    human_layout_free(lay);
    free(lay);
    ruleset_free(rs);
}

/* A rule that says its hook knows only its own family's keys
 * (explain_own_keys), and which the rater therefore never asks another
 * row's key, finds nothing for any of them: asked each on a puzzle's
 * first grid, it returns 0 and leaves the state as it was. */
static int own_keys_checked(const char *line)
{
    static uint8_t givens[SL_MAX_CELLS];
    static struct human h;
    static struct prop_ctx ctx;
    struct session s;
    struct sl_error err = {0};
    session_open(&s, line, NULL);
    CU_ASSERT_EQUAL_FATAL(session_next(&s), 1);
    memcpy(givens, s.p.givens, sizeof givens);
    struct ruleset *rs = ruleset_build(&s.p, &err);
    session_close(&s);
    struct human_layout *lay = malloc(sizeof *lay);
    digitset *state = malloc(rs ? rs->state_bytes : 1), *before = malloc(rs ? rs->state_bytes : 1);
    CU_ASSERT_FATAL(rs && lay && state && before && human_layout_init(lay, rs) == 0);
    CU_ASSERT_FATAL(human_init(&h, lay, givens) == 0);
    int checked = 0;
    for (int i = 0; i < rs->nslots; i++) {
        const struct constraint_ops *ops = rs->slots[i].ops;
        if (!ops->explain || !ops->explain_own_keys) continue;
        size_t len = strlen(ops->name);
        for (int t = 0; t < technique_count; t++) {
            const char *key = technique_table[t].key;
            if (strncmp(key, ops->name, len) == 0 && key[len] == '-') continue;
            memset(state, 0, rs->state_bytes);
            for (int c = 0; c < lay->ncells; c++)
                state[c] = h.cand[c] | (digitset_of(h.value[c]) & ~(digitset)1);
            memcpy(before, state, rs->state_bytes);
            propagate_view_fresh(&ctx, rs, state);
            ctx.current_slot = i;
            struct explain_sink sink = {0};
            CU_ASSERT_EQUAL(ops->explain(rs->slots[i].self, key, &ctx, &sink), 0);
            CU_ASSERT_EQUAL(memcmp(state, before, rs->state_bytes), 0);
            checked++;
        }
    }
    free(state);
    free(before);
    human_layout_free(lay);
    free(lay);
    ruleset_free(rs);
    return checked;
}

static void test_own_keys_only(void)
{
    CU_ASSERT_TRUE(own_keys_checked(binary_lines[0]) > 0);
    CU_ASSERT_TRUE(own_keys_checked("sudolab 4 none classic;calcudoku:"
                                    "ABCCABDDEBBFEGGF:1-,10+,3/,1-,2x,8x,1- ................") > 0);
}

/* Every step's rating, in order. */
struct step_ratings {
    int n;
    int off_tenth; /* steps whose rating is not exactly a tenth */
    double rating[400];
    const char *key[400];
};

static void keep_ratings(void *arg, const struct human *h, const struct step *s)
{
    struct step_ratings *t = arg;
    (void)h;
    if (s->rating != round(s->rating * 10) / 10) t->off_tenth++;
    if (t->n < 400) {
        t->rating[t->n] = s->rating;
        t->key[t->n] = s->key ? s->key : technique_table[s->technique].key;
    }
    t->n++;
}

/* Chains rate by length in sums of tenths. A rating a hair above its
 * tenth for one chain and a hair below for another made the rater take
 * the later row's step as the easier, and name a later step of the same
 * printed rating as the hardest. Steps rate in exact tenths, and the
 * hardest named is the first step of the top rating. The puzzle is one
 * such of the SE-rated sample (two chains of 7.1). */
static void test_ratings_are_tenths(void)
{
    static struct rate_result res;
    static struct step_ratings t;
    const char *p =
        "706000200080005000000000847010307024003208500620104080865000000000800090004000308";
    CU_ASSERT_EQUAL_FATAL(rate_line_traced(p, &res, keep_ratings, &t, NULL), 0);
    CU_ASSERT_EQUAL(t.off_tenth, 0);
    CU_ASSERT_TRUE(fabs(res.rating - 7.1) < 1e-9);
    int first = 0;
    while (first < t.n && first < 400 && fabs(t.rating[first] - res.rating) > 1e-9) first++;
    CU_ASSERT_FATAL(first < t.n && first < 400);
    CU_ASSERT_STRING_EQUAL(res.hardest_key, t.key[first]);
}

static void test_sound_on_hard_puzzles(void)
{
    double max_rating = 0;
    rate_file("../shared/data/puzzles3_magictour_top1465", 150, &max_rating);
    CU_ASSERT_TRUE(max_rating >= 8.8);
}

void tests_register(void)
{
    CU_pSuite s = CU_add_suite("rate", NULL, NULL);
    CU_add_test(s, "full house", test_full_house);
    CU_add_test(s, "hidden singles", test_hidden_singles);
    CU_add_test(s, "naked single", test_naked_single);
    CU_add_test(s, "pointing and claiming", test_pointing_and_claiming);
    CU_add_test(s, "direct pointing", test_direct_pointing);
    CU_add_test(s, "subsets", test_subsets);
    CU_add_test(s, "direct hidden pair", test_direct_hidden_pair);
    CU_add_test(s, "fish", test_fish);
    CU_add_test(s, "fish told what changed", test_fish_since);
    CU_add_test(s, "grades", test_grades);
    CU_add_test(s, "ladder is ordered", test_ladder_is_ordered);
    CU_add_test(s, "scale ends where generate stops", test_scale_ends_where_generate_stops);
    CU_add_test(s, "the search rating at every doubling", test_search_rating_doublings);
    CU_add_test(s, "trace of a known puzzle", test_trace_of_a_known_puzzle);
    CU_add_test(s, "forcing chains on a hard puzzle", test_forcing_chains_on_a_hard_puzzle);
    CU_add_test(s, "probe contradictions are sound", test_probe_contradictions_are_sound);
    CU_add_test(s, "hint is the easiest step", test_hint_is_the_easiest_step);
    CU_add_test(s, "ratings are tenths", test_ratings_are_tenths);
    CU_add_test(s, "rater reused", test_rater_reused);
    CU_add_test(s, "rule questions see placed digits", test_rule_questions_see_placed_digits);
    CU_add_test(s, "hooks that know their own keys only", test_own_keys_only);
    CU_add_test(s, "sound on hard puzzles", test_sound_on_hard_puzzles);
}
