/*
 * test_tech_chains.c — X-chain, XY-chain and AIC on hand-made pencil
 * marks: each fires where its chain is and removes what the chain proves,
 * rated by its length; each keeps quiet once a link is broken; and the
 * shortest chain wins over a longer one found first.
 *
 * Every position starts from all cells open with all candidates
 * (marks_edit) and cuts just the chain out of it: the strong links (a
 * digit's two places in a house, bivalue cells), and the digit gone from
 * the cells a shorter chain, a single-digit pattern or colouring would
 * take it from. With nearly every cell full nothing easier shows, and
 * marks_find checks that no easier technique makes progress.
 */
#include <CUnit/CUnit.h>
#include <ctype.h>
#include <math.h>

#include "cunit_main.h"
#include "test_human.h"

/* Opens the position: edits as marks_edit takes them, but tokens
 * CELLS+DIGITS, applied after all the others, put digits back: "r1-1
 * r1c2+1 r1c7+1" leaves 1 in row 1 at r1c2 and r1c7 only. */
static void chains_open(struct marks_fixture *f, const char *edits)
{
    char rest[1024], *w = rest;
    CU_ASSERT_FATAL(strlen(edits) < sizeof rest);
    for (const char *p = edits; *p;) {
        size_t len = strcspn(p, " \n"), gap = strspn(p + len, " \n");
        if (!memchr(p, '+', len)) {
            memcpy(w, p, len);
            w += len, *w++ = ' ';
        }
        p += len + gap;
    }
    *w = 0;
    CU_ASSERT_EQUAL_FATAL(marks_edit(f, rest), 0);
    for (const char *p = edits; *p;) {
        size_t len = strcspn(p, " \n");
        if (memchr(p, '+', len)) {
            int cells[9], n = marks_cells(&p, cells);
            digitset digits = 0;
            for (p++; isdigit((unsigned char)*p); p++) digits |= digitset_of(*p - '0');
            for (int i = 0; i < n; i++)
                if (!f->h.value[cells[i]]) f->h.cand[cells[i]] |= digits;
        } else {
            p += len;
        }
        p += strspn(p, " \n");
    }
    human_recount(&f->h);
}

/* Opens the position, runs the technique named key; 1 when it found a
 * step that left the state as it was. */
static int chains_find(struct marks_fixture *f, const char *edits, const char *key)
{
    chains_open(f, edits);
    digitset cand[81];
    memcpy(cand, f->h.cand, sizeof cand);
    int found = marks_find(f, key);
    CU_ASSERT_EQUAL(memcmp(cand, f->h.cand, sizeof cand), 0);
    return found;
}

static void assert_rating(const struct step *s, double rating)
{
    CU_ASSERT_TRUE(fabs(s->rating - rating) < 1e-9);
}

/* Node i of the chain is (row, col, digit), on or off. */
static void assert_node(const struct step *s, int i, int row, int col, int digit, int on)
{
    CU_ASSERT_TRUE_FATAL(i < s->nnodes);
    CU_ASSERT_EQUAL(s->nodes[i].cell, (row - 1) * 9 + col - 1);
    CU_ASSERT_EQUAL(s->nodes[i].digit, digit);
    CU_ASSERT_EQUAL(s->nodes[i].on, on);
}

/* Digit 1: r1c2 = r1c7 - r5c7 = r5c5 - r8c5 = r8c3 (rows 1, 5 and 8 hold
 * two places each): 1 is in r1c2 or r8c3, so not in r3c3, which sees both.
 * Of the other cells seeing both, r2c3, r7c2 and r9c2 have no 1. Columns
 * 5 and 7 keep more places, so the weak links are no strong ones: no
 * colouring, and no two of the links make a skyscraper, kite or turbot
 * fish that removes anything. */
#define X_CHAIN "r1-1 r5-1 r8-1 r2c3-1 r7c2-1 r9c2-1 r1c2+1 r1c7+1 r5c5+1 r5c7+1 r8c3+1 r8c5+1"

/* The X-chain row on its own: three strong links are a row below it
 * (Sudoku Explainer's 5.4), which takes such a chain first. */
static int x_chain_row(struct marks_fixture *f, const char *edits)
{
    chains_open(f, edits);
    return marks_row(f, technique_by_key("x-chain"));
}

static void test_three_strong_links(void)
{
    struct marks_fixture f;
    CU_ASSERT_TRUE(chains_find(&f, X_CHAIN, "three-strong-links"));
    CU_ASSERT_TRUE(step_removes(&f.step, 3, 3, 1));
    CU_ASSERT_EQUAL(step_removal_count(&f.h, &f.step), 1);
    CU_ASSERT_EQUAL(f.step.nnodes, 6);
    assert_rating(&f.step, 5.3 + 0.1); /* five links */
    marks_close(&f);
}

static void test_x_chain(void)
{
    struct marks_fixture f;
    CU_ASSERT_TRUE(x_chain_row(&f, X_CHAIN));
    CU_ASSERT_TRUE(step_removes(&f.step, 3, 3, 1));
    CU_ASSERT_EQUAL(step_removal_count(&f.h, &f.step), 1);
    CU_ASSERT_EQUAL(f.step.nnodes, 6);
    assert_node(&f.step, 0, 1, 2, 1, 0);
    assert_node(&f.step, 1, 1, 7, 1, 1);
    assert_node(&f.step, 5, 8, 3, 1, 1);
    assert_rating(&f.step, 6.6 + 0.1); /* five links */
    marks_close(&f);
}

/* The same chain with 1 gone from r3c3: nothing sees both ends. */
static void test_x_chain_quiet(void)
{
    struct marks_fixture f;
    CU_ASSERT_FALSE(chains_find(&f, X_CHAIN " r3c3-1", "x-chain"));
    marks_close(&f);
    CU_ASSERT_FALSE(chains_find(&f, X_CHAIN " r3c3-1", "three-strong-links"));
    marks_close(&f);
}

/* Runs the X-chain row's _since form (rate.c's memory) into f->step. */
static int x_chain_since(struct marks_fixture *f, const struct changes *changed)
{
    int t = technique_by_key("x-chain");
    memset(&f->step, 0, sizeof f->step);
    f->step.technique = t;
    f->step.rating = technique_table[t].rating;
    f->step.place_cell = -1;
    return find_chain_since(&f->h, technique_table[t].param, changed, &f->step);
}

/* The form the rater retries with: with 1 in r1c5 too, row 1 is no strong
 * link and the X-chain is not there. Once r1c5 loses its 1, told so, the
 * row finds the chain the whole search finds; told only of a cell that
 * still holds 1 (so of no new strong link), it searches no start. */
static void test_x_chain_since(void)
{
    struct marks_fixture f;
    struct changes changed = {.lost = NULL};
    CU_ASSERT_FALSE(x_chain_row(&f, X_CHAIN " r1c5+1"));
    f.h.cand[4] &= ~digitset_of(1); /* r1c5 */
    human_recount(&f.h);
    CU_ASSERT_TRUE_FATAL(marks_row(&f, technique_by_key("x-chain")));
    struct step whole = f.step;
    cellset_clear(&changed.cells);
    cellset_add(&changed.cells, 8 * 9 + 8); /* r9c9 */
    CU_ASSERT_FALSE(x_chain_since(&f, &changed));
    cellset_add(&changed.cells, 4);
    CU_ASSERT_TRUE_FATAL(x_chain_since(&f, &changed));
    CU_ASSERT_EQUAL(f.step.nnodes, whole.nnodes);
    CU_ASSERT_EQUAL(memcmp(f.step.nodes, whole.nodes, sizeof whole.nodes[0] * (size_t)whole.nnodes),
                    0);
    CU_ASSERT_TRUE(step_removes(&f.step, 3, 3, 1));
    assert_rating(&f.step, whole.rating);
    CU_ASSERT_TRUE(x_chain_since(&f, NULL));
    marks_close(&f);
}

/* Digit 1 again, now a loop: r1c1 = r1c4 - r2c6 = r8c6 - r8c2 = r3c2 -
 * r1c1 (row 1, columns 6 and 2 hold two places each). Each weak link
 * holds one 1, so 1 leaves the rest of box 2 (r2c4, r2c5), of row 8
 * (r8c9) and of box 1 (r3c3); boxes 1 and 2 and row 8 keep no other 1. */
static void test_x_cycle(void)
{
    static const char edits[] = "r1-1 c2-1 c6-1 b1-1 b2-1 r8-1 r1c1+1 r1c4+1 r2c4+1 r2c5+1 "
                                "r2c6+1 r3c2+1 r3c3+1 r8c2+1 r8c6+1 r8c9+1";
    struct marks_fixture f;
    CU_ASSERT_TRUE(x_chain_row(&f, edits));
    CU_ASSERT_TRUE(step_removes(&f.step, 2, 4, 1));
    CU_ASSERT_TRUE(step_removes(&f.step, 2, 5, 1));
    CU_ASSERT_TRUE(step_removes(&f.step, 8, 9, 1));
    CU_ASSERT_TRUE(step_removes(&f.step, 3, 3, 1));
    CU_ASSERT_EQUAL(step_removal_count(&f.h, &f.step), 4);
    CU_ASSERT_EQUAL(f.step.nnodes, 7); /* the start again at the end */
    assert_rating(&f.step, 6.6 + 0.1); /* six links */
    marks_close(&f);
}

/* Bivalue cells r1c1 {1,2}, r1c5 {2,3}, r5c5 {3,4}, r5c2 {1,4}: 1 off in
 * r1c1 makes 2, 3, 4 and then 1 on in r5c2; r2c2 sees both ends (the
 * other cells seeing both have no 1). No three of the cells make an
 * XY-wing, no two share a pair (W-wing), no digit has a strong link. */
#define XY_CHAIN "r1c1=12 r1c5=23 r5c5=34 r5c2=14 r1c2-1 r3c2-1 r4c1-1 r5c1-1 r6c1-1"

static void test_xy_chain(void)
{
    struct marks_fixture f;
    CU_ASSERT_TRUE(chains_find(&f, XY_CHAIN, "xy-chain"));
    CU_ASSERT_TRUE(step_removes(&f.step, 2, 2, 1));
    CU_ASSERT_EQUAL(step_removal_count(&f.h, &f.step), 1);
    CU_ASSERT_EQUAL(f.step.nnodes, 8);
    assert_node(&f.step, 0, 1, 1, 1, 0);
    assert_node(&f.step, 1, 1, 1, 2, 1);
    assert_node(&f.step, 2, 1, 5, 2, 0);
    assert_node(&f.step, 7, 5, 2, 1, 1);
    assert_rating(&f.step, 6.7 + 0.2); /* seven links */
    marks_close(&f);
}

/* r5c2 {4,7}: the chain ends on 7, not on the 1 it started from. */
static void test_xy_chain_quiet(void)
{
    struct marks_fixture f;
    CU_ASSERT_FALSE(chains_find(&f, XY_CHAIN " r5c2=47", "xy-chain"));
    marks_close(&f);
}

/* Bilocal 1 in row 1, r1c6's own two digits, bilocal 5 in column 6, 5
 * twice in row 7, bivalue r7c2: (r1c1,1) = (r1c6,1) - (r1c6,5) =
 * (r7c6,5) - (r7c2,5) = (r7c2,1); r8c1 sees r1c1 and r7c2 (the other
 * cells seeing both have no 1). Two digits and a bivalue cell: no X- or
 * XY-chain. */
#define AIC "r1-1 c6-5 r7c1-1 r2c2-1 r3c2-1 r9c1-1 r7c2=15 r1c1+1 r1c6+15 r7c6+5"

static void test_aic_same_digit(void)
{
    struct marks_fixture f;
    CU_ASSERT_TRUE(chains_find(&f, AIC, "aic"));
    CU_ASSERT_TRUE(step_removes(&f.step, 8, 1, 1));
    CU_ASSERT_EQUAL(step_removal_count(&f.h, &f.step), 1);
    CU_ASSERT_EQUAL(f.step.nnodes, 6);
    assert_node(&f.step, 2, 1, 6, 5, 0);
    assert_rating(&f.step, 7.0 + 0.1); /* five links */
    marks_close(&f);
}

/* (r1c1,1) = (r1c6,1) - (r1c6,5) = (r3c4,5) - (r3c2,5) = (r3c2,2), 5
 * bilocal in box 2: the ends differ but r1c1 sees r3c2, so r1c1 is 1 or
 * r3c2 is 2; either way r1c1 is not 2. */
static void test_aic_two_digits(void)
{
    struct marks_fixture f;
    CU_ASSERT_TRUE(chains_find(&f, "r1-1 b2-5 r3c2=25 r1c1+1 r1c6+15 r3c4+5", "aic"));
    CU_ASSERT_TRUE(step_removes(&f.step, 1, 1, 2));
    CU_ASSERT_EQUAL(step_removal_count(&f.h, &f.step), 1);
    assert_rating(&f.step, 7.0 + 0.1);
    marks_close(&f);
}

/* r7c2 {1,4,5} is no longer bivalue: the chain has no last strong link. */
static void test_aic_quiet(void)
{
    struct marks_fixture f;
    CU_ASSERT_FALSE(chains_find(&f, AIC " r7c2=145", "aic"));
    marks_close(&f);
}

/* Two X-chains: a seven-link one on 1, r1c1 = r1c4 - r4c4 = r4c7 - r7c7 =
 * r7c5 - r8c5 = r8c2 (removing 1 from r3c2; the cells its shorter parts
 * would take 1 from have none), and the X-chain position's five links
 * moved to 7 (removing 7 from r3c3). The search meets the chain on 1
 * first; the shorter one must win. (A shorter chain still would be a
 * skyscraper, kite or turbot fish, which the rater takes first.) */
static void test_shortest_chain_wins(void)
{
    static const char edits[] =
        "r1-1 r4-1 r7-1 r8-1 r2c2-1 r5c5-1 r6c5-1 r9c1-1 r9c4-1 "
        "r1c1+1 r1c4+1 r4c4+1 r4c7+1 r7c7+1 r7c5+1 r8c5+1 r8c2+1 "
        "r1-7 r5-7 r8-7 r2c3-7 r7c2-7 r9c2-7 r1c2+7 r1c7+7 r5c5+7 r5c7+7 r8c3+7 r8c5+7";
    struct marks_fixture f;
    CU_ASSERT_TRUE(x_chain_row(&f, edits));
    CU_ASSERT_EQUAL(f.step.nnodes, 6);
    CU_ASSERT_EQUAL(f.step.digits, digitset_of(7));
    CU_ASSERT_TRUE(step_removes(&f.step, 3, 3, 7));
    CU_ASSERT_EQUAL(step_removal_count(&f.h, &f.step), 1);
    CU_ASSERT_FALSE(step_removes(&f.step, 3, 2, 1));
    assert_rating(&f.step, 6.6 + 0.1); /* five links */
    marks_close(&f);
}

void tests_register(void)
{
    CU_pSuite s = CU_add_suite("tech_chains", NULL, NULL);
    CU_add_test(s, "x-chain", test_x_chain);
    CU_add_test(s, "three strong links", test_three_strong_links);
    CU_add_test(s, "x-chain quiet", test_x_chain_quiet);
    CU_add_test(s, "x-chain told what changed", test_x_chain_since);
    CU_add_test(s, "x-cycle", test_x_cycle);
    CU_add_test(s, "xy-chain", test_xy_chain);
    CU_add_test(s, "xy-chain quiet", test_xy_chain_quiet);
    CU_add_test(s, "aic same digit", test_aic_same_digit);
    CU_add_test(s, "aic two digits", test_aic_two_digits);
    CU_add_test(s, "aic quiet", test_aic_quiet);
    CU_add_test(s, "shortest chain wins", test_shortest_chain_wins);
}
