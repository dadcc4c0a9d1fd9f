/*
 * test_tech_killer.c — the killer techniques of the rater's ladder (the
 * killer rule's explain hook) on hand-made positions: each makes the
 * progress it should where it alone does (no easier row of the ladder
 * makes any), and rating a killer from its givens starts with the
 * easiest cage.
 *
 * A position is a few cages on an empty 9x9 grid, every cell open with
 * every candidate, then edits (as test_human.h's marks_edit takes them,
 * plus rRcA:B for cells A..B of row R) that take out what easier cage
 * techniques would, so that only the technique under test is left.
 */
#include <CUnit/CUnit.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cunit_main.h"
#include "puzzle.h"
#include "rate.h"
#include "test_human.h"
#include "test_reader.h"

struct killer_fixture {
    struct puzzle puzzle;
    struct ruleset *rules;
    struct human_layout lay;
    struct human h;
    struct step step;
};

/* Opens the position: cages as the killer rule's arguments (MAP:SUMS). */
static struct killer_fixture *killer_open(const char *cages, const char *edits)
{
    struct killer_fixture *f = calloc(1, sizeof *f);
    struct geometry g;
    struct sl_error err = {0};
    CU_ASSERT_FATAL(f != NULL && geometry_init(&g, 9, 3, 3, &err) == 0);
    puzzle_init(&f->puzzle, &g);
    CU_ASSERT_FATAL(puzzle_add_classic(&f->puzzle, &err) == 0);
    CU_ASSERT_FATAL(puzzle_add_rule(&f->puzzle, "killer", cages, &err) == 0);
    f->rules = ruleset_build(&f->puzzle, &err);
    CU_ASSERT_FATAL(f->rules != NULL && human_layout_init(&f->lay, f->rules) == 0);
    f->h.lay = &f->lay;
    for (int c = 0; c < 81; c++) f->h.cand[c] = f->rules->domain[c];
    marks_apply(&f->h, edits);
    return f;
}

static void killer_close(struct killer_fixture *f)
{
    ruleset_free(f->rules);
    puzzle_clear(&f->puzzle);
    free(f);
}

static int killer_row(struct killer_fixture *f, int t)
{
    memset(&f->step, 0, sizeof f->step);
    f->step.technique = t;
    f->step.rating = technique_table[t].rating;
    f->step.place_cell = -1;
    return technique_table[t].find(&f->h, technique_table[t].param, &f->step);
}

/* Runs the row keyed key; when it finds a step, checks that no easier
 * row finds one, and that the step is named by the row's key. */
static int killer_find(struct killer_fixture *f, const char *key)
{
    int t = technique_by_key(key);
    CU_ASSERT_FATAL(t >= 0);
    if (!killer_row(f, t)) return 0;
    struct step found = f->step;
    for (int easier = 0; easier < t && technique_table[easier].rating < found.rating; easier++)
        if (killer_row(f, easier)) {
            char words[512];
            fprintf(stderr, "\n  %s: an easier %s applies first: %s\n", key,
                    technique_table[easier].key,
                    step_describe(&f->lay, &f->step, words, sizeof words));
            CU_FAIL("an easier technique applies to the position");
        }
    f->step = found;
    CU_ASSERT_STRING_EQUAL(found.key, key);
    CU_ASSERT_TRUE(step_removal_count(&f->h, &found) > 0);
    return 1;
}

/* The candidates cell (row, col) keeps after the step. */
static digitset after(const struct killer_fixture *f, int row, int col)
{
    int c = (row - 1) * 9 + col - 1;
    digitset left = f->h.cand[c];
    for (int i = 0; i < f->step.nelims; i++)
        if (f->step.elims[i].cell == c) left &= ~f->step.elims[i].digits;
    return left;
}

/* 1 when the step's words hold text. */
static int says(const struct killer_fixture *f, const char *text)
{
    char words[1024];
    return strstr(step_describe(&f->lay, &f->step, words, sizeof words), text) != NULL;
}

static digitset digits(const char *list)
{
    digitset d = 0;
    for (; *list; list++) d |= digitset_of(*list - '0');
    return d;
}

/* Runs key on the position and returns the fixture (closed by the
 * caller), asserting that the technique fires. */
static struct killer_fixture *fire(const char *cages, const char *edits, const char *key)
{
    struct killer_fixture *f = killer_open(cages, edits);
    CU_ASSERT_TRUE(killer_find(f, key));
    return f;
}

static void expect_quiet(const char *cages, const char *edits, const char *key)
{
    struct killer_fixture *f = killer_open(cages, edits);
    int t = technique_by_key(key);
    CU_ASSERT_FATAL(t >= 0);
    CU_ASSERT_FALSE(killer_row(f, t));
    killer_close(f);
}

/* Maps: row 1 as given, the rest of the grid in no cage. */
#define REST_EMPTY                                                                                 \
    "...................................."                                                         \
    "...................................."

/* --- one cage ---------------------------------------------------------- */

static void test_one_combination(void)
{
    /* 3 in two cells is 1 + 2. */
    struct killer_fixture *f = fire("AA......." REST_EMPTY ":3", "", "cage-one-combination");
    CU_ASSERT_EQUAL(after(f, 1, 1), digits("12"));
    CU_ASSERT_EQUAL(after(f, 1, 2), digits("12"));
    CU_ASSERT_EQUAL(after(f, 1, 3), digits("123456789")); /* the row is not its business */
    killer_close(f);
    expect_quiet("AA......." REST_EMPTY ":5", "", "cage-one-combination");
}

static void test_bounds(void)
{
    /* 5 in two cells: neither can exceed 4. */
    struct killer_fixture *f = fire("AA......." REST_EMPTY ":5", "", "cage-bounds");
    CU_ASSERT_EQUAL(after(f, 1, 1), digits("1234"));
    killer_close(f);
}

static void test_combinations(void)
{
    /* 10 in two cells: 1+9, 2+8, 3+7 or 4+6, never 5 (bounds allow it). */
    struct killer_fixture *f = fire("AA......." REST_EMPTY ":10", "", "cage-combinations");
    CU_ASSERT_EQUAL(after(f, 1, 2), digits("12346789"));
    killer_close(f);
    expect_quiet("AA......." REST_EMPTY ":10", "", "cage-bounds");
}

static void test_big_cage(void)
{
    /* 17 in five cells is 1+2+3+4+7 or 1+2+3+5+6: no 8 or 9, though
     * bounds (the others at least 1 each) allow them. The cage lies in
     * no single house, so no rule of 45 comes first. */
    const char *cages = ".AAA.....", *rest = "..AA....." REST_EMPTY;
    char map[128];
    snprintf(map, sizeof map, "%s%.72s:17", cages, rest);
    struct killer_fixture *f = fire(map, "", "big-cage-combinations");
    CU_ASSERT_EQUAL(after(f, 1, 2), digits("1234567"));
    CU_ASSERT_EQUAL(after(f, 2, 4), digits("1234567"));
    killer_close(f);
}

static void test_candidate_combinations(void)
{
    /* 10 in two cells holding 1,2,3,7,9: 2+8 meets both cells, but no
     * cell can take its 8, so 2 goes. */
    struct killer_fixture *f =
        fire("AA......." REST_EMPTY ":10", "r1c1=12379 r1c2=12379", "cage-candidate-combinations");
    CU_ASSERT_EQUAL(after(f, 1, 1), digits("1379"));
    CU_ASSERT_EQUAL(after(f, 1, 2), digits("1379"));
    killer_close(f);
}

static void test_needed_digits(void)
{
    /* 23 in three cells of row 1 is 6+8+9: the rest of the row and of
     * box 1 lose them (a naked triple would, but rates higher). */
    struct killer_fixture *f =
        fire("AAA......" REST_EMPTY ":23", "r1c1:3=689", "cage-needed-digits");
    CU_ASSERT_EQUAL(after(f, 1, 5), digits("123457"));
    CU_ASSERT_EQUAL(after(f, 3, 3), digits("123457"));
    CU_ASSERT_EQUAL(after(f, 4, 1), digits("123456789"));
    killer_close(f);
}

static void test_pointing(void)
{
    /* 24 in r1c3 r1c4 r2c3 is 7+8+9, and r2c3 cannot be 9: the 9 is in
     * row 1, which loses it elsewhere. No house holds the whole cage. */
    char map[128];
    snprintf(map, sizeof map, "..AA.......A%.69s:24", REST_EMPTY);
    struct killer_fixture *f = fire(map, "r1c3=789 r1c4=789 r2c3=78", "cage-pointing");
    CU_ASSERT_EQUAL(after(f, 1, 9), digits("12345678"));
    CU_ASSERT_EQUAL(after(f, 2, 5), digits("123456789"));
    killer_close(f);
}

static void test_house_combinations(void)
{
    /* 10 in r1c1 r1c2 holding 1,4,6,9 (1+9 or 4+6); row 1 can place 1
     * only there, so the cage is 1+9. */
    struct killer_fixture *f = fire("AA......." REST_EMPTY ":10",
                                    "r1c3:9-1 b1-1 r1c1=1469 r1c2=1469", "cage-house-combinations");
    CU_ASSERT_EQUAL(after(f, 1, 1), digits("19"));
    killer_close(f);
}

static void test_conflict(void)
{
    /* Row 1: 5 in r1c1 r1c2 (1+4 or 2+3) and 8 in r1c3 r1c4 held to
     * 2+6 or 3+5: either shares a digit with 2+3, so the first cage is
     * 1+4. */
    struct killer_fixture *f =
        fire("AABB....." REST_EMPTY ":5,8", "r1c1=1234 r1c2=1234 r1c3=2356 r1c4=2356",
             "combination-conflict");
    CU_ASSERT_EQUAL(after(f, 1, 1), digits("14"));
    CU_ASSERT_EQUAL(after(f, 1, 3), digits("2356"));
    killer_close(f);
}

static void test_conflict_triple(void)
{
    /* Row 1: 5 (1+4 or 2+3), 9 (1+8 or 2+7) and 13 (4+9 or 6+7): any two
     * can be told apart, but with 1+4 the 9 must be 2+7 and then the 13
     * has nothing left. The rest of the row (18) can hold anything; its
     * 5 stays in it, which box 3 knows already. */
    struct killer_fixture *f = fire("AABBCC..." REST_EMPTY ":5,9,13",
                                    "r1c1=1234 r1c2=1234 r1c3=1278 r1c4=1278 r1c5=4679 r1c6=4679 "
                                    "r2c7-5 r2c8-5 r2c9-5 r3c7:9-5",
                                    "combination-conflict-triple");
    CU_ASSERT_EQUAL(after(f, 1, 1), digits("23"));
    killer_close(f);
    expect_quiet("AABBCC..." REST_EMPTY ":5,9,13",
                 "r1c1=1234 r1c2=1234 r1c3=1278 r1c4=1278 r1c5=4679 r1c6=4679",
                 "combination-conflict");
}

/* --- the rule of 45 ---------------------------------------------------- */

static void test_innie(void)
{
    /* Row 1: four cages of 10 leave r1c9 = 5. */
    struct killer_fixture *f = fire("AABBCCDD." REST_EMPTY ":10,10,10,10", "r1c1:8-5", "innie");
    CU_ASSERT_EQUAL(after(f, 1, 9), digits("5"));
    killer_close(f);
}

static void test_hidden_cage(void)
{
    /* Row 1: three cages of 7 leave r1c7..r1c9 = 24: 7+8+9. */
    struct killer_fixture *f =
        fire("AABBCC..." REST_EMPTY ":7,7,7", "r1c1:6=123456", "hidden-cage");
    CU_ASSERT_EQUAL(after(f, 1, 8), digits("789"));
    CU_ASSERT_TRUE(says(f, "hidden cage (rule of 45): r1c7 + r1c8 + r1c9 = 24;"));
    killer_close(f);
}

static void test_cage_split(void)
{
    /* The same, but r1c7..r1c9 belong to a cage reaching r2c9: its part
     * in row 1 is 24. */
    char map[128];
    snprintf(map, sizeof map, "AABBCCDDD........D%.63s:7,7,7,27", REST_EMPTY);
    struct killer_fixture *f = fire(map, "r1c1:6=123456 r1c7:9-12 r2c9-12", "cage-split");
    CU_ASSERT_EQUAL(after(f, 1, 7), digits("789"));
    killer_close(f);
}

static void test_outie(void)
{
    /* Row 1 all in cages of 10 (never 5) and one of 19 reaching r2c9:
     * its part in row 1 is 45 - 30 = 15, so r2c9 = 19 - 15 = 4. */
    char map[128];
    snprintf(map, sizeof map, "AABBCCDDD........D%.63s:10,10,10,19", REST_EMPTY);
    struct killer_fixture *f = fire(map, "r1c1:6-5 r2c7-5 r2c8-5 r2c9-5 r3c7:9-5", "outie");
    CU_ASSERT_EQUAL(after(f, 2, 9), digits("4"));
    killer_close(f);
}

static void test_innie_outie_difference(void)
{
    /* Row 1: three cages of 10 whole, r1c1 of a cage of 12 reaching
     * r2c1, and a cage of 8 (1..5) reaching out only at r2c9: 45 - 30 - 8
     * leaves r1c1 - r2c9 = 7, so r1c1 is 8 or 9 and r2c9 is 1 or 2. */
    char map[128];
    snprintf(map, sizeof map, "ABBCCDDEEA.......E%.63s:12,10,10,10,8", REST_EMPTY);
    struct killer_fixture *f = fire(map,
                                    "r1c2:7-5 r1c1=5789 r2c1=3457 r1c8=12345 r1c9=12345 r2c9=12345 "
                                    "r1c6-9 r1c7-1 r2c7-1 r2c8-1 r3c7:9-1",
                                    "innie-outie-difference");
    CU_ASSERT_EQUAL(after(f, 1, 1), digits("89"));
    CU_ASSERT_EQUAL(after(f, 2, 9), digits("12"));
    CU_ASSERT_TRUE(says(f, "innie and outie difference: r1c1 - r2c9 = 7;"));
    killer_close(f);
}

static void test_rule_of_45(void)
{
    /* Row 1: two cages of 5 (1+4 or 2+3 each) leave r1c5..r1c9 = 35:
     * 5+6+7+8+9, which a glance at bounds cannot see. */
    struct killer_fixture *f = fire("AABB....." REST_EMPTY ":5,5", "r1c1:4=1234", "rule-of-45");
    CU_ASSERT_EQUAL(after(f, 1, 5), digits("56789"));
    killer_close(f);
}

static void test_rule_of_45_houses(void)
{
    /* Rows 1 and 2: eight upright cages, of 9 (never 9) and 11 (never 1)
     * in turn, leave r1c9 + r2c9 = 10: never 5. */
    char map[128];
    snprintf(map, sizeof map, "ABCDEFGH.ABCDEFGH.%.63s:9,11,9,11,9,11,9,11", REST_EMPTY);
    struct killer_fixture *f = fire(map,
                                    "r1c1-9 r2c1-9 r1c3-9 r2c3-9 r1c5-9 r2c5-9 r1c7-9 r2c7-9 "
                                    "r1c2-1 r2c2-1 r1c4-1 r2c4-1 r1c6-1 r2c6-1 r1c8-1 r2c8-1",
                                    "rule-of-45-houses");
    CU_ASSERT_EQUAL(after(f, 1, 9), digits("12346789"));
    killer_close(f);
}

/* --- whole puzzles ----------------------------------------------------- */

static void test_rating_starts_with_the_easiest_cage(void)
{
    /* From the givens, the first step is a cage with one combination. */
    struct killer_fixture *f = killer_open("AA......." REST_EMPTY ":3", "");
    struct rater *r = rater_new(f->rules);
    static struct step step;
    CU_ASSERT_FATAL(r != NULL);
    CU_ASSERT_EQUAL(rate_next_step(r, &f->h, &step), 1);
    CU_ASSERT_STRING_EQUAL(step.key, "cage-one-combination");
    rater_free(r);
    killer_close(f);
}

/* Counts the steps of forcing chains through cages. */
static void count_cage_chains(void *arg, const struct human *h, const struct step *s)
{
    (void)h;
    *(int *)arg +=
        s->key == NULL && strcmp(technique_table[s->technique].key, "forcing-chains-rules") == 0;
}

static void test_forcing_chains_through_cages(void)
{
    /* Line 5 of killer_extreme.txt needs more than the cage and classic
     * techniques: chains that follow cage combinations take some of its
     * steps, soundly (every step is checked against the solution). */
    FILE *in = fopen("../shared/data/killer_extreme.txt", "r");
    char line[1024];
    int n = 0;
    if (!in) {
        CU_FAIL("data file missing (../shared/data)");
        return;
    }
    while (n < 5 && fgets(line, sizeof line, in)) n += line[0] != '#';
    fclose(in);
    CU_ASSERT_EQUAL_FATAL(n, 5);
    struct session s;
    struct sl_error err = {0};
    session_open(&s, line, NULL);
    CU_ASSERT_EQUAL_FATAL(session_next(&s), 1);
    struct ruleset *rs = ruleset_build(&s.p, &err);
    CU_ASSERT_PTR_NOT_NULL_FATAL(rs);
    struct rater *r = rater_new(rs);
    static struct rate_result res;
    int chains = 0;
    CU_ASSERT_FATAL(r != NULL);
    CU_ASSERT_EQUAL(rate_puzzle(r, s.p.givens, &res, count_cage_chains, &chains), 0);
    CU_ASSERT_EQUAL(res.erred_technique, -1);
    CU_ASSERT_TRUE(chains > 0);
    CU_ASSERT_TRUE(res.rating >= 9.0);
    rater_free(r);
    ruleset_free(rs);
    session_close(&s);
}

void tests_register(void)
{
    CU_pSuite s = CU_add_suite("killer techniques", NULL, NULL);
    CU_add_test(s, "cage with one combination", test_one_combination);
    CU_add_test(s, "cage bounds", test_bounds);
    CU_add_test(s, "cage combinations", test_combinations);
    CU_add_test(s, "big cage combinations", test_big_cage);
    CU_add_test(s, "combinations cut by candidates", test_candidate_combinations);
    CU_add_test(s, "digits every combination needs", test_needed_digits);
    CU_add_test(s, "cage pointing", test_pointing);
    CU_add_test(s, "combinations a house rules out", test_house_combinations);
    CU_add_test(s, "combination conflict", test_conflict);
    CU_add_test(s, "combination conflict of three cages", test_conflict_triple);
    CU_add_test(s, "innie", test_innie);
    CU_add_test(s, "hidden cage", test_hidden_cage);
    CU_add_test(s, "cage split", test_cage_split);
    CU_add_test(s, "outie", test_outie);
    CU_add_test(s, "innie and outie difference", test_innie_outie_difference);
    CU_add_test(s, "rule of 45", test_rule_of_45);
    CU_add_test(s, "rule of 45 on several houses", test_rule_of_45_houses);
    CU_add_test(s, "rating starts with the easiest cage", test_rating_starts_with_the_easiest_cage);
    CU_add_test(s, "forcing chains through cages", test_forcing_chains_through_cages);
}
