/*
 * test_calcudoku.c — the calcudoku rule and Keen game IDs: the cage walk
 * (in its order) and the supports of two to four cells against brute
 * force (sums past 31 too); arguments that read and write back, and bad
 * ones that fail at their column; search counts against every 4x4 Latin
 * square; every captured sgt-keen puzzle unique, solved to Keen's own
 * answer and written back to its ID byte for byte; malformed IDs; the
 * settle and count hooks against the search's root.
 */
#include <CUnit/CUnit.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cunit_main.h"
#include "../constraints/calc_cages.h"
#include "../constraints/calcudoku.h"
#include "calc_draw.h"
#include "calc_mrv.h"
#include "calc_small.h"
#include "format_keen.h"
#include "format_variant.h"
#include "rng.h"
#include "rules.h"
#include "search.h"
#include "test_peer_ids.h"
#include "test_reader.h"

#define KEEN_DATA "tests/data/keen_ids.txt"

/* --- the cage walk ------------------------------------------------------ */

static int count_visit(void *arg, const uint8_t *digits)
{
    (void)digits;
    ++*(long *)arg;
    return 0;
}

/* Assignments of 1..n to the cage's cells that calc_cage_holds accepts. */
static long brute_count(const struct calc_cage *c, int n)
{
    uint8_t d[CALC_MAX_CAGE_CELLS];
    long total = 1, found = 0;
    for (int i = 0; i < c->ncells; i++) total *= n;
    for (long code = 0; code < total; code++) {
        long v = code;
        for (int i = 0; i < c->ncells; i++, v /= n) d[i] = (uint8_t)(v % n + 1);
        found += calc_cage_holds(c, d);
    }
    return found;
}

static void test_walk_matches_brute_force(void)
{
    struct geometry g;
    CU_ASSERT_FATAL(geometry_init(&g, 6, 0, 0, NULL) == 0);
    static const int shapes[][5] = {
        {2, 0, 1}, {2, 0, 6}, {3, 0, 1, 2}, {3, 0, 1, 7}, {4, 0, 1, 6, 7}};
    static const int ops[] = {CALC_ADD, CALC_SUB, CALC_MUL, CALC_DIV};
    digitset all[CALC_MAX_CAGE_CELLS];
    for (int i = 0; i < CALC_MAX_CAGE_CELLS; i++) all[i] = digitset_all(6);
    long nonzero = 0;
    for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++)
        for (int o = 0; o < 4; o++) {
            int k = shapes[s][0];
            if ((ops[o] == CALC_SUB || ops[o] == CALC_DIV) && k != 2) continue;
            for (long t = 1; t <= (ops[o] == CALC_MUL ? 1296 : 24); t++) {
                struct calc_cage c;
                calc_cage_init(&c, &g, shapes[s] + 1, k, ops[o], t);
                long walked = 0;
                CU_ASSERT_EQUAL(calc_cage_walk(&c, all, count_visit, &walked), brute_count(&c, 6));
                nonzero += walked > 0;
            }
        }
    CU_ASSERT(nonzero > 100);
}

/* What a walk visited, in order, stopping after `stop` visits (0: never). */
struct pair_record {
    int n, stop;
    uint8_t pairs[81][2];
};

static int record_visit(void *arg, const uint8_t *digits)
{
    struct pair_record *r = arg;
    memcpy(r->pairs[r->n++], digits, 2);
    return r->n == r->stop;
}

/* One two-cell cage on a 9x9 grid with random candidates, and every
 * assignment brute force finds for it, in order (the first cell's digits
 * ascending, then the second's). */
struct pair_case {
    struct calc_cage cage;
    digitset cand[2];
    struct pair_record all;
    struct rng *rng;
};

/* Calls check on rounds cases of each shape (the cells sharing a line and
 * not), operation and target from first_target up, drawn from seed. */
static void each_pair_case(uint64_t seed, long first_target, int rounds,
                           void (*check)(struct pair_case *, void *), void *arg)
{
    struct geometry g;
    CU_ASSERT_FATAL(geometry_init(&g, 9, 0, 0, NULL) == 0);
    static const int shapes[][2] = {{0, 1}, {0, 10}};
    static const int ops[] = {CALC_ADD, CALC_SUB, CALC_MUL, CALC_DIV};
    struct rng r;
    rng_seed(&r, seed);
    for (int s = 0; s < 2; s++)
        for (int o = 0; o < 4; o++)
            for (long t = first_target; t <= (ops[o] == CALC_MUL ? 81 : 18); t++)
                for (int k = 0; k < rounds; k++) {
                    struct pair_case pc = {.all = {0, 0, {{0}}}, .rng = &r};
                    calc_cage_init(&pc.cage, &g, shapes[s], 2, ops[o], t);
                    for (int i = 0; i < 2; i++) pc.cand[i] = (digitset)rng_below(&r, 1u << 9) << 1;
                    for (uint8_t a = 1; a <= 9; a++)
                        for (uint8_t b = 1; b <= 9; b++) {
                            uint8_t d[2] = {a, b};
                            if ((pc.cand[0] & digitset_of(a)) && (pc.cand[1] & digitset_of(b)) &&
                                calc_cage_holds(&pc.cage, d))
                                record_visit(&pc.all, d);
                        }
                    check(&pc, arg);
                }
}

/* The walk visits every assignment brute force finds, in its order (a
 * search's branch offers them so), and stops where its visit says. */
static void check_pair_walk(struct pair_case *pc, void *arg)
{
    long *stopped = arg;
    const struct pair_record *want = &pc->all;
    struct pair_record got = {0, 0, {{0}}};
    got.stop = want->n > 1 ? 1 + (int)rng_below(pc->rng, (uint32_t)want->n) : 0;
    long found = calc_cage_walk(&pc->cage, pc->cand, record_visit, &got);
    int expect = got.stop ? got.stop : want->n;
    CU_ASSERT_EQUAL(found, expect);
    CU_ASSERT_EQUAL(got.n, expect);
    CU_ASSERT(memcmp(got.pairs, want->pairs, 2 * (size_t)expect) == 0);
    *stopped += got.stop > 0 && got.stop < want->n;
}

static void test_pair_walk_order(void)
{
    long stopped = 0;
    each_pair_case(7, 1, 10, check_pair_walk, &stopped);
    CU_ASSERT(stopped > 100);
}

/* Records every assignment a walk visits, in order. */
struct walk_record {
    int n, cells;
    uint8_t digits[1296][4];
};

static int record_walk(void *arg, const uint8_t *digits)
{
    struct walk_record *r = arg;
    memcpy(r->digits[r->n++], digits, (size_t)r->cells);
    return 0;
}

/* Sums and products of three and four cells on a 6x6 grid, on random
 * candidates: the walk visits what brute force finds, in its order (the
 * first cell's digit slowest), as a search's branch takes them. */
static void test_walk_order_brute_force(void)
{
    struct geometry g;
    CU_ASSERT_FATAL(geometry_init(&g, 6, 0, 0, NULL) == 0);
    static const int shapes[][5] = {{3, 0, 1, 2}, {3, 0, 1, 7}, {4, 0, 1, 6, 7}, {4, 0, 6, 7, 13}};
    static struct walk_record want, got;
    struct rng r;
    rng_seed(&r, 6);
    long visited = 0;
    for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++)
        for (int mul = 0; mul < 2; mul++)
            for (int k = 0; k < 40; k++) {
                int n = shapes[s][0];
                long t = mul ? 1 + (long)rng_below(&r, 360) : 3 + (long)rng_below(&r, 20);
                struct calc_cage c;
                calc_cage_init(&c, &g, shapes[s] + 1, n, mul ? CALC_MUL : CALC_ADD, t);
                digitset cand[4];
                for (int i = 0; i < n; i++) cand[i] = (digitset)rng_below(&r, 1u << 6) << 1;
                want.n = got.n = 0, want.cells = got.cells = n;
                long total = n == 3 ? 216 : 1296;
                for (long code = 0; code < total; code++) {
                    uint8_t d[4];
                    int fits = 1;
                    for (int i = n - 1, v = (int)code; i >= 0; i--, v /= 6) {
                        d[i] = (uint8_t)(v % 6 + 1);
                        fits &= (cand[i] & digitset_of(d[i])) != 0;
                    }
                    if (fits && calc_cage_holds(&c, d)) record_walk(&want, d);
                }
                CU_ASSERT_EQUAL(calc_cage_walk(&c, cand, record_walk, &got), want.n);
                CU_ASSERT_EQUAL(got.n, want.n);
                CU_ASSERT(memcmp(got.digits, want.digits, sizeof want.digits[0] * (size_t)want.n) ==
                          0);
                visited += got.n;
            }
    CU_ASSERT(visited > 200);
}

static void test_supports(void)
{
    struct geometry g;
    CU_ASSERT_FATAL(geometry_init(&g, 6, 0, 0, NULL) == 0);
    int cells[2] = {0, 1};
    struct calc_cage c;
    calc_cage_init(&c, &g, cells, 2, CALC_DIV, 3);
    digitset cand[2] = {digitset_all(6), digitset_of(2) | digitset_of(5)}, support[2];
    CU_ASSERT_TRUE(calc_cage_supports(&c, cand, support));
    CU_ASSERT_EQUAL(support[0], digitset_of(6));
    CU_ASSERT_EQUAL(support[1], digitset_of(2));
    calc_cage_init(&c, &g, cells, 2, CALC_ADD, 2); /* 1 + 1 in one row */
    cand[1] = digitset_all(6);
    CU_ASSERT_FALSE(calc_cage_supports(&c, cand, support));
}

/* The supports of a two-cell cage are those of every assignment brute
 * force finds. */
static void check_pair_supports(struct pair_case *pc, void *arg)
{
    long *found = arg;
    digitset support[2], want[2] = {0, 0};
    for (int i = 0; i < pc->all.n; i++)
        want[0] |= digitset_of(pc->all.pairs[i][0]), want[1] |= digitset_of(pc->all.pairs[i][1]);
    int any = calc_cage_supports(&pc->cage, pc->cand, support);
    CU_ASSERT_EQUAL(any, want[0] != 0);
    CU_ASSERT_EQUAL(support[0], want[0]);
    CU_ASSERT_EQUAL(support[1], want[1]);
    *found += any;
}

static void test_pair_supports_brute_force(void)
{
    long found = 0;
    each_pair_case(24, 0, 20, check_pair_supports, &found);
    CU_ASSERT(found > 500);
}

/* Cages of three and four cells on a 9x9 grid, sums and products, on
 * random candidates (some full, so that the loops of a small cage, the
 * whole walk and the walk per candidate all run): the supports are those
 * of every assignment. */
static void test_big_supports_brute_force(void)
{
    struct geometry g;
    CU_ASSERT_FATAL(geometry_init(&g, 9, 0, 0, NULL) == 0);
    static const int shapes[][5] = {{3, 0, 1, 2}, {3, 0, 1, 9}, {4, 0, 1, 9, 10}, {4, 0, 1, 2, 3}};
    static const struct {
        int op;
        long target;
    } clues[] = {{CALC_ADD, 6},  {CALC_ADD, 12},  {CALC_ADD, 17},   {CALC_ADD, 24}, {CALC_MUL, 24},
                 {CALC_MUL, 72}, {CALC_MUL, 180}, {CALC_MUL, 1260}, {CALC_ADD, 30}, {CALC_MUL, 6}};
    struct rng r;
    rng_seed(&r, 45);
    long found = 0, cases = 0;
    for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++)
        for (size_t k = 0; k < sizeof clues / sizeof clues[0]; k++)
            for (int draw = 0; draw < 8; draw++) {
                int n = shapes[s][0];
                struct calc_cage c;
                calc_cage_init(&c, &g, shapes[s] + 1, n, clues[k].op, clues[k].target);
                digitset cand[4], support[4], want[4] = {0, 0, 0, 0};
                for (int i = 0; i < n; i++)
                    cand[i] = draw % 2 ? digitset_all(9) : (digitset)rng_below(&r, 1u << 9) << 1;
                long total = 1;
                for (int i = 0; i < n; i++) total *= 9;
                for (long code = 0; code < total; code++) {
                    uint8_t d[4];
                    long v = code;
                    int fits = 1;
                    for (int i = 0; i < n; i++, v /= 9) {
                        d[i] = (uint8_t)(v % 9 + 1);
                        fits &= (cand[i] & digitset_of(d[i])) != 0;
                    }
                    if (!fits || !calc_cage_holds(&c, d)) continue;
                    for (int i = 0; i < n; i++) want[i] |= digitset_of(d[i]);
                }
                int any = calc_cage_supports(&c, cand, support);
                CU_ASSERT_EQUAL(any, want[0] != 0);
                for (int i = 0; i < n; i++) CU_ASSERT_EQUAL(any ? support[i] : 0, want[i]);
                found += any, cases++;
            }
    CU_ASSERT(found > cases / 4);
}

/* Sums of three cells on a 25x25 grid, whose last two cells make up to
 * 49 (past a 32-bit digit set's width), sharing a line and not, on
 * random candidates: the supports are those of every assignment. */
static void test_wide_sum_supports_brute_force(void)
{
    struct geometry g;
    CU_ASSERT_FATAL(geometry_init(&g, 25, 0, 0, NULL) == 0);
    static const int shapes[][3] = {{0, 1, 2}, {0, 1, 25}};
    struct rng r;
    rng_seed(&r, 25);
    long found = 0, cases = 0;
    for (int s = 0; s < 2; s++)
        for (long t = 6; t <= 75; t += 3) {
            struct calc_cage c;
            calc_cage_init(&c, &g, shapes[s], 3, CALC_ADD, t);
            digitset cand[3], support[3], want[3] = {0, 0, 0};
            for (int i = 0; i < 3; i++) cand[i] = (digitset)rng_below(&r, 1u << 25) << 1;
            for (uint8_t a = 1; a <= 25; a++)
                for (uint8_t b = 1; b <= 25; b++)
                    for (uint8_t e = 1; e <= 25; e++) {
                        uint8_t d[3] = {a, b, e};
                        if (!(cand[0] & digitset_of(a)) || !(cand[1] & digitset_of(b)) ||
                            !(cand[2] & digitset_of(e)) || !calc_cage_holds(&c, d))
                            continue;
                        for (int i = 0; i < 3; i++) want[i] |= digitset_of(d[i]);
                    }
            int any = calc_cage_supports(&c, cand, support);
            CU_ASSERT_EQUAL(any, want[0] != 0);
            for (int i = 0; i < 3; i++) CU_ASSERT_EQUAL(any ? support[i] : 0, want[i]);
            found += any, cases++;
        }
    CU_ASSERT(found > cases / 2);
}

/* A random target for digits d (count of them) by op: what they make. */
static long long made_target(int op, const uint8_t *d, int count)
{
    long long v = op == CALC_MUL ? 1 : 0;
    int hi = d[0] > d[count - 1] ? d[0] : d[count - 1], lo = d[0] + d[count - 1] - hi;
    if (op == CALC_NONE) return d[0];
    if (op == CALC_SUB) return hi - lo;
    if (op == CALC_DIV) return hi / lo;
    for (int i = 0; i < count; i++) v = op == CALC_MUL ? v * d[i] : v + d[i];
    return v;
}

/* A random cage of 1 to 6 cells in the corner of a 9x9 (every clash
 * pattern: cells in one row, one column, one box or across them), an
 * operation its cell count allows, and the target of random digits
 * 1..n on those cells. */
static void random_corner_cage(struct rng *r, const struct geometry *g, int n, struct calc_cage *c)
{
    int count = 1 + (int)rng_below(r, 6), corner[9] = {0, 1, 2, 9, 10, 11, 18, 19, 20};
    rng_shuffle_ints(r, corner, 9);
    uint8_t d[6];
    for (int i = 0; i < count; i++) d[i] = (uint8_t)(1 + rng_below(r, (uint32_t)n));
    int op = count == 1   ? CALC_NONE
             : count == 2 ? CALC_ADD + (int)rng_below(r, 4)
                          : (rng_below(r, 2) ? CALC_ADD : CALC_MUL);
    if (op == CALC_DIV && (d[0] % d[1] && d[1] % d[0])) op = CALC_SUB;
    calc_cage_init(c, g, corner, count, op, made_target(op, d, count));
}

/* A walk's assignments packed, in its order (test_assignments_match_walk). */
struct packed_walk {
    uint64_t got[4096];
    int ncells, count;
};

static int pack_visit(void *arg, const uint8_t *digits)
{
    struct packed_walk *w = arg;
    uint64_t packed = 0;
    for (int i = 0; i < w->ncells; i++) packed |= (uint64_t)digitset_of(digits[i]) << (8 * i);
    if (w->count < 4096) w->got[w->count++] = packed;
    return 0;
}

/* calc_cage_assignments against the walk: cages of one to six cells in
 * the corner of a 9x9 (every clash pattern), every operation, digits 1..n
 * for n of 3 to 7: the walk's assignments over every digit, in its order;
 * then on random candidates, those of them that fit are the walk's over
 * the candidates, in its order, and their OR its supports
 * (calc_assignments_supports against calc_cage_supports). */
static void test_assignments_match_walk(void)
{
    struct geometry g;
    CU_ASSERT_FATAL(geometry_init(&g, 9, 0, 0, NULL) == 0);
    struct rng r;
    rng_seed(&r, 97);
    static uint64_t table[4096];
    static struct packed_walk whole, part;
    int tabled = 0, fitted = 0, too_many = 0;
    for (int trial = 0; trial < 3000; trial++) {
        int n = 3 + (int)rng_below(&r, 5);
        struct calc_cage c;
        random_corner_cage(&r, &g, n, &c);
        int count = c.ncells;
        int cap = trial % 7 ? 4096 : 20;
        int made = calc_cage_assignments(&c, digitset_all(n), table, cap);
        digitset all[6], cand[6], want[6];
        for (int i = 0; i < count; i++) all[i] = digitset_all(n);
        whole.ncells = part.ncells = count, whole.count = part.count = 0;
        calc_cage_walk(&c, all, pack_visit, &whole);
        if (made < 0) {
            CU_ASSERT(whole.count > cap);
            too_many++;
            continue;
        }
        CU_ASSERT_EQUAL(made, whole.count);
        CU_ASSERT(memcmp(table, whole.got, (size_t)made * sizeof table[0]) == 0);
        tabled++;
        uint64_t packed = 0;
        for (int i = 0; i < count; i++) {
            cand[i] = all[i] & (digitset)(rng_below(&r, 1u << 8) | rng_below(&r, 1u << 8));
            packed |= (uint64_t)cand[i] << (8 * i);
        }
        calc_cage_walk(&c, cand, pack_visit, &part);
        int at = 0, same = 1;
        for (int j = 0; j < made; j++)
            if ((table[j] & ~packed) == 0) same &= at < part.count && part.got[at++] == table[j];
        CU_ASSERT(same && at == part.count);
        uint64_t kept = calc_assignments_supports(table, made, packed);
        int any = calc_cage_supports(&c, cand, want);
        CU_ASSERT_EQUAL(kept != 0, any);
        for (int i = 0; i < count && any; i++)
            CU_ASSERT_EQUAL((digitset)(kept >> (8 * i) & 0xFF), want[i]);
        fitted += any;
    }
    CU_ASSERT(tabled > 2000);
    CU_ASSERT(fitted > 500);
    CU_ASSERT(too_many > 10);
}

/* The memo's answers against the walk's: cages of one to six cells in
 * the corner of a 9x9 (every clash pattern), every operation, on a few
 * candidate tuples shared by every cage so that a cage meets the very
 * candidates another cached (a key missing the operation, the target or
 * a clash would answer it wrongly), each asked twice (the second a hit),
 * and digits 8 and 9 (past the memo's digits: the walk's alone). A
 * miss is answered from the cage's table of assignments where it has
 * one, so this holds the tables to the walk too. */
static void test_memo_supports_match_walk(void)
{
    struct geometry g;
    CU_ASSERT_FATAL(geometry_init(&g, 9, 0, 0, NULL) == 0);
    static struct calc_support_memo memo;
    calc_support_memo_clear(&memo);
    struct rng r;
    rng_seed(&r, 61);
    digitset pool[6][6];
    for (int t = 0; t < 6; t++)
        for (int i = 0; i < 6; i++)
            pool[t][i] = (digitset)rng_below(&r, 1u << (t == 5 ? 9 : 7)) << 1 | (t % 2 ? 0x7E : 0);
    long found = 0, keyed = 0;
    for (int trial = 0; trial < 4000; trial++) {
        struct calc_cage c;
        random_corner_cage(&r, &g, 6, &c);
        int count = c.ncells;
        uint64_t key = calc_cage_memo_key(&c);
        keyed += key != 0;
        const digitset *cand = pool[rng_below(&r, 6)];
        for (int ask = 0; ask < 2; ask++) {
            digitset want[6], got[6];
            int any = calc_cage_supports(&c, cand, want);
            CU_ASSERT_EQUAL(calc_cage_supports_memo(&memo, &c, key, cand, got), any);
            for (int i = 0; i < count && any; i++) CU_ASSERT_EQUAL(got[i], want[i]);
            found += any;
        }
    }
    CU_ASSERT(keyed == 4000);
    CU_ASSERT(found > 1000);
    /* Misses were answered from tables of assignments, and some cages
     * had too many for one (walked instead). */
    int tables = 0, untabled = 0;
    for (size_t t = 0; t < sizeof memo.table / sizeof memo.table[0]; t++) {
        if (memo.table[t].cage == 0) continue;
        tables += memo.table[t].count <= CALC_TABLE_MOST;
        untabled += memo.table[t].count > CALC_TABLE_MOST;
    }
    CU_ASSERT(tables > 100);
    CU_ASSERT(untabled > 0);
    CU_ASSERT(memo.used > 1000);
}

/* --- arguments ----------------------------------------------------------- */

static int read_one(const char *line, struct session *s)
{
    session_open(s, line, NULL);
    return session_next(s);
}

static void test_arguments_round_trip(void)
{
    static const char *const lines[] = {
        "sudolab 4 none classic;calcudoku:ABBCAADCEFDGEFGG:4x,6x,1-,2/,5+,1-,4+ ................\n",
        "sudolab 3 none classic;calcudoku:AABCDDCEE:3+,2,3x,5+,2- .........\n",
    };
    for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++) {
        struct session s;
        CU_ASSERT_EQUAL_FATAL(read_one(lines[i], &s), 1);
        char out[512];
        format_sudolab_line(&s.p, out, sizeof out);
        CU_ASSERT_EQUAL(strncmp(out, lines[i], strlen(out)), 0);
        session_close(&s);
    }
}

static void test_bad_arguments(void)
{
    static const struct {
        const char *args;
        long col;
        const char *words;
    } bad[] = {
        {"AAAB:6/,1", 6, "takes two cells"},    /* ÷ over three cells */
        {"AABB:7+,3-", 6, "no digits"},         /* 7 from two different of 1..4 */
        {"AABB:3,3-", 6, "needs +, -, x or /"}, /* no operation on two cells */
        {"AABB:3%,1-", 7, "no operation"},      /* unknown operation */
        {"AABB:3+", 8, "expected ','"},         /* a clue missing */
        {"AABB:3+,1-,2", 11, "more clues"},     /* a clue too many */
        {"AABB:0+,1-", 6, "needs a target"},    /* no target */
        {"AAB:3+,1", 4, "cell map needs"},      /* map too short */
    };
    struct geometry g;
    CU_ASSERT_FATAL(geometry_init(&g, 2, 0, 0, NULL) == 0);
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char line[200];
        snprintf(line, sizeof line, "sudolab 2 none classic;calcudoku:%s ....\n", bad[i].args);
        struct session s;
        CU_ASSERT_EQUAL(read_one(line, &s), -1);
        CU_ASSERT_EQUAL(s.err.col, (long)strlen("sudolab 2 none classic;calcudoku:") + bad[i].col);
        CU_ASSERT_PTR_NOT_NULL(strstr(s.err.msg, bad[i].words));
        if (s.err.col != (long)strlen("sudolab 2 none classic;calcudoku:") + bad[i].col ||
            !strstr(s.err.msg, bad[i].words))
            printf("\n%s: col %ld: %s\n", bad[i].args, s.err.col, s.err.msg);
        session_close(&s);
    }
}

/* --- search against every 4x4 Latin square -------------------------------- */

/* Every Latin square of size 4, row by row, into squares; returns how many. */
static int latin_squares(uint8_t (*squares)[16], uint8_t *grid, int cell, int count)
{
    if (cell == 16) {
        memcpy(squares[count], grid, 16);
        return count + 1;
    }
    for (int d = 1; d <= 4; d++) {
        int ok = 1;
        for (int i = 0; i < 4 && ok; i++)
            ok = !(i < cell % 4 && grid[cell / 4 * 4 + i] == d) &&
                 !(i < cell / 4 && grid[i * 4 + cell % 4] == d);
        if (!ok) continue;
        grid[cell] = (uint8_t)d;
        count = latin_squares(squares, grid, cell + 1, count);
    }
    return count;
}

/* A random calcudoku over solution: dominoes and trominoes grown at
 * random, clues computed from the solution with a random operation. */
static void random_args(struct rng *r, const uint8_t *solution, char *args, size_t cap)
{
    int part[16], nparts = 0;
    for (int c = 0; c < 16; c++) part[c] = -1;
    for (int c = 0; c < 16; c++) {
        if (part[c] >= 0) continue;
        part[c] = nparts;
        int size = 1 + (int)rng_below(r, 3);
        for (int at = c, k = 1; k < size; k++) {
            int next = rng_below(r, 2) && at % 4 < 3 ? at + 1 : at + 4;
            if (next >= 16 || part[next] >= 0) break;
            part[next] = nparts;
            at = next;
        }
        nparts++;
    }
    char map[17];
    for (int c = 0; c < 16; c++) map[c] = (char)('A' + part[c]);
    map[16] = '\0';
    size_t len = (size_t)snprintf(args, cap, "%s", map);
    for (int p = 0; p < nparts; p++) {
        int d[16], k = 0;
        for (int c = 0; c < 16; c++)
            if (part[c] == p) d[k++] = solution[c];
        int op = k == 1 ? CALC_NONE : (int)rng_below(r, k == 2 ? 4 : 2) + CALC_ADD;
        if (k > 2 && op == CALC_SUB) op = CALC_MUL;
        int hi = d[0] > d[k - 1] ? d[0] : d[k - 1], lo = d[0] + d[k - 1] - hi;
        if (op == CALC_DIV && hi % lo) op = CALC_SUB;
        long v = op == CALC_MUL ? 1 : 0;
        for (int i = 0; i < k; i++) v = op == CALC_MUL ? v * d[i] : v + d[i];
        if (op == CALC_SUB) v = hi - lo;
        if (op == CALC_DIV) v = hi / lo;
        len +=
            (size_t)snprintf(args + len, cap - len, "%c%ld%s", p ? ',' : ':', v, calc_op_text(op));
    }
}

static void test_counts_against_every_square(void)
{
    static uint8_t squares[576][16];
    uint8_t grid[16];
    CU_ASSERT_EQUAL_FATAL(latin_squares(squares, grid, 0, 0), 576);
    struct rng r;
    rng_seed(&r, 24);
    for (int trial = 0; trial < 40; trial++) {
        char args[256], line[400];
        random_args(&r, squares[rng_below(&r, 576)], args, sizeof args);
        snprintf(line, sizeof line, "sudolab 4 none classic;calcudoku:%s ................\n", args);
        struct session s;
        CU_ASSERT_EQUAL_FATAL(read_one(line, &s), 1);
        long brute = 0;
        for (int i = 0; i < 576; i++) brute += puzzle_is_solution(&s.p, squares[i]);
        struct sl_error err;
        struct ruleset *rs = ruleset_build(&s.p, &err);
        struct solver *sv = solver_new(rs);
        CU_ASSERT_EQUAL(solver_count(sv, s.p.givens, 1000, NULL, NULL).solutions, brute);
        CU_ASSERT(brute >= 1);
        solver_free(sv);
        ruleset_free(rs);
        session_close(&s);
    }
}

/* --- settling without a ruleset (calcudoku_settle.c) ------------------------ */

/* The puzzle of s settles exactly when a search's root leaves every cell
 * one digit, to that grid; the count hook, where it runs (the root
 * decided), counts as the search does, and it runs whenever the root
 * settles. Returns 1 when the root settled. */
static int settles_as_root(struct session *s)
{
    struct sl_error err = {0};
    struct ruleset *rs = ruleset_build(&s->p, &err);
    CU_ASSERT_PTR_NOT_NULL_FATAL(rs);
    struct solver *sv = solver_new(rs);
    digitset *state = malloc(rs->state_bytes);
    int ncells = s->p.geo.ncells, root = solver_root(sv, s->p.givens, state) == 1;
    uint8_t from_root[SL_MAX_CELLS], settled[SL_MAX_CELLS];
    for (int c = 0; c < ncells && root; c++) {
        root = digitset_is_single(state[c]);
        from_root[c] = root ? (uint8_t)digitset_first(state[c]) : 0;
    }
    int got = puzzle_settle(&s->p, settled);
    CU_ASSERT_EQUAL(got, root);
    if (got == 1 && root) CU_ASSERT_EQUAL(memcmp(settled, from_root, (size_t)ncells), 0);
    struct search_result kernel, search = solver_count(sv, s->p.givens, 1000, NULL, NULL);
    uint64_t used = 0;
    int ran = puzzle_count_kernel(&s->p, 1000, 0, &kernel, &used) == 0;
    if (root) CU_ASSERT(ran);
    if (ran) CU_ASSERT_EQUAL(kernel.solutions, search.solutions);
    free(state);
    solver_free(sv);
    ruleset_free(rs);
    return root;
}

static void test_settle_as_root(void)
{
    static uint8_t squares[576][16];
    uint8_t grid[16];
    latin_squares(squares, grid, 0, 0);
    struct rng r;
    rng_seed(&r, 7);
    int settled = 0, trials = 300;
    for (int trial = 0; trial < trials; trial++) {
        char args[256], line[400];
        random_args(&r, squares[rng_below(&r, 576)], args, sizeof args);
        snprintf(line, sizeof line, "sudolab 4 none classic;calcudoku:%s ................\n", args);
        struct session s;
        CU_ASSERT_EQUAL_FATAL(read_one(line, &s), 1);
        settled += settles_as_root(&s);
        session_close(&s);
    }
    /* Both outcomes are tried. */
    CU_ASSERT(settled > trials / 10 && settled < trials * 9 / 10);
}

/* The captured Keen puzzles (sizes 3 to 9, every grade), and one with
 * givens that contradict and one on a grid with boxes (left to the
 * search). */
static void test_settle_keen(void)
{
    FILE *in = fopen(KEEN_DATA, "r");
    CU_ASSERT_PTR_NOT_NULL_FATAL(in);
    char line[4096];
    int read = 0, settled = 0;
    while (fgets(line, sizeof line, in)) {
        if (line[0] == '#') continue;
        struct session s;
        if (read_one(line, &s) == 1) read++, settled += settles_as_root(&s);
        session_close(&s);
    }
    fclose(in);
    CU_ASSERT(read >= 30);
    CU_ASSERT(settled > 0 && settled < read);
    struct session s;
    CU_ASSERT_EQUAL_FATAL(
        read_one("sudolab 4 none classic;calcudoku:ABBCAADCEFDGEFGG:4x,6x,1-,2/,5+,1-,4+ "
                 "22..............\n",
                 &s),
        1);
    uint8_t grid[SL_MAX_CELLS];
    CU_ASSERT_EQUAL(puzzle_settle(&s.p, grid), 0);
    settles_as_root(&s);
    session_close(&s);
    CU_ASSERT_EQUAL_FATAL(
        read_one("sudolab 4 2x2 classic;calcudoku:ABBCAADCEFDGEFGG:4x,6x,1-,2/,5+,1-,4+ "
                 "................\n",
                 &s),
        1);
    CU_ASSERT_EQUAL(puzzle_settle(&s.p, grid), -1);
    session_close(&s);
}

/* --- Keen game IDs --------------------------------------------------------- */

static void test_keen_captured(void) { CU_ASSERT(peer_ids_check(KEEN_DATA, format_keen_id) >= 30); }

static void test_keen_malformed(void)
{
    static const struct peer_bad_id bad[] = {
        {"3:_baa_3a,a4m6m3", 17},     /* a clue missing */
        {"3:_baa_3a,a4m6m3s1a2", 19}, /* a clue too many */
        {"3:_baa_3,a4m6m3s1", 9},     /* walls too short */
        {"3:_baa_3ab,a4m6m3s1", 10},  /* walls too long */
        {"3:_baa_3a,a4m6m3sx", 18},   /* no number */
        {"12:_baa_3a,a4m6m3s1", 1},   /* size past Keen's */
        {"3:_baa_3a,a4m6m3d4", 17},   /* an impossible cage: the rule's, at its clue */
        {"3:_baa_3A,a4m6m3s1", 0},    /* no Keen ID at all: not detected */
        /* Found by scripts/fuzz_inputs.sh: a target past 16 digits was cut
         * short and blamed on the next clue; the rule's errors said col 1. */
        {"3:_baa_3a,a4m6m1000000000000000000s1", 16},
        {"3:_baa_3a,a4m6m00000000000000000003s1", 16},
        {"3:_baa_3a,a4m0m3s1", 13},
    };
    peer_ids_refused(bad, sizeof bad / sizeof bad[0], format_keen_detect, format_keen_read);
}

static void test_keen_writer_refuses(void)
{
    struct session s;
    CU_ASSERT_EQUAL_FATAL(read_one("sudolab 4 2x2 classic 1...............\n", &s), 1);
    struct sl_error err;
    CU_ASSERT_EQUAL(format_keen_id(&s.p, NULL, 0, &err), -1);
    session_close(&s);
    CU_ASSERT_EQUAL_FATAL(
        read_one("sudolab 4 none classic;calcudoku:ABBCAADCEFDGEFG.:4x,6x,1-,2/,5+,1-,4+ "
                 "................\n",
                 &s),
        1);
    CU_ASSERT_EQUAL(format_keen_id(&s.p, NULL, 0, &err), -1);
    CU_ASSERT_PTR_NOT_NULL(strstr(err.msg, "every cell"));
    session_close(&s);
}

/* Runs of 25 open edges or more: 'y' (25, no wall) as Keen's decoder
 * reads it, so the writer's long runs read back to the same cages. */
static void test_keen_long_runs(void)
{
    char line[400] = "sudolab 9 none classic;calcudoku:";
    for (int r = 0; r < 9; r++)
        for (int c = 0; c < 9; c++) strncat(line, (char[]){(char)('A' + r), '\0'}, 2);
    strcat(line, ":45+,45+,45+,45+,45+,45+,45+,45+,45+ ");
    for (int c = 0; c < 81; c++) strcat(line, ".");
    strcat(line, "\n");
    struct session s;
    CU_ASSERT_EQUAL_FATAL(read_one(line, &s), 1);
    char id[512];
    struct sl_error err;
    CU_ASSERT_TRUE(format_keen_id(&s.p, id, sizeof id, &err) > 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(id, "yy"));
    struct puzzle p;
    struct puzzle_source where;
    CU_ASSERT_EQUAL_FATAL(format_keen_read(id, strlen(id), &p, &where, &err), 0);
    char a[400], b[400];
    format_sudolab_line(&p, a, sizeof a);
    format_sudolab_line(&s.p, b, sizeof b);
    CU_ASSERT_STRING_EQUAL(a, b);
    puzzle_clear(&p);
    session_close(&s);
}

/* --- built from a draw ---------------------------------------------------- */

static long draw_random(void *arg, long m) { return 1 + (long)rng_below(arg, (uint32_t)m); }

/* A random Latin square of size n (a cyclic one, rows and digits shuffled)
 * and a random draw of cages and operations over it. */
static void random_draw(struct calc_draw *d, uint8_t *grid, int n, struct rng *r)
{
    static const int sizes[] = {1, 2, 2, 2, 3, 3, 4, 5};
    int rows[SL_MAX_SIZE], digits[SL_MAX_SIZE];
    for (int i = 0; i < n; i++) rows[i] = digits[i] = i;
    rng_shuffle_ints(r, rows, n);
    rng_shuffle_ints(r, digits, n);
    for (int c = 0; c < n * n; c++) grid[c] = (uint8_t)(1 + digits[(rows[c / n] + c % n) % n]);
    memset(d, 0, sizeof *d);
    d->size = n, d->ncells = n * n;
    strcpy(d->pair_ops, "---++xx///"), strcpy(d->more_ops, "+x");
    int cage[SL_MAX_CELLS], id[SL_MAX_CELLS];
    int made = calc_draw_partition(n, sizes, 8, 1, 5, draw_random, r, cage);
    for (int i = 0; i <= made; i++) id[i] = -1;
    for (int c = 0; c < d->ncells; c++) { /* ids 0.. with none unused, as calc_draw.h asks */
        if (id[cage[c]] < 0) id[cage[c]] = d->count++;
        d->cage[c] = id[cage[c]];
    }
    calc_draw_ops_all(d, grid, r);
}

/* The classic rule and d's calcudoku rule, from its text or its arrays. */
static int drawn_puzzle(struct puzzle *p, const struct calc_draw *d, const uint8_t *grid,
                        int from_text)
{
    struct geometry g;
    struct sl_error err;
    char text[4096];
    CU_ASSERT_EQUAL_FATAL(geometry_init(&g, d->size, 0, 0, &err), 0);
    puzzle_init(p, &g);
    CU_ASSERT_EQUAL_FATAL(puzzle_add_classic(p, &err), 0);
    if (!from_text) return calc_draw_add_rule(p, d, grid);
    CU_ASSERT_FATAL(calc_draw_text(d, grid, text, sizeof text) > 0);
    return puzzle_add_rule(p, "calcudoku", text, &err);
}

/* Rule a's cages are rule b's, field by field. */
static void assert_same_cages(const struct calcudoku *a, const struct calcudoku *b)
{
    CU_ASSERT_EQUAL_FATAL(a->map.nparts, b->map.nparts);
    CU_ASSERT_EQUAL(a->map.wide, b->map.wide);
    CU_ASSERT_EQUAL_FATAL(a->map.ncells, b->map.ncells);
    for (int c = 0; c < a->map.ncells; c++) CU_ASSERT_EQUAL(a->map.part[c], b->map.part[c]);
    for (int k = 0; k < a->map.nparts; k++) {
        const struct calc_cage *x = &a->cages[k], *y = &b->cages[k];
        CU_ASSERT_EQUAL(a->map.code[k], b->map.code[k]);
        CU_ASSERT_EQUAL(a->map.size[k], b->map.size[k]);
        CU_ASSERT(x->op == y->op && x->target == y->target && x->ncells == y->ncells);
        for (int i = 0; i < x->ncells; i++)
            CU_ASSERT(x->cells[i] == y->cells[i] && x->clash[i] == y->clash[i]);
    }
}

/* calc_draw_add_rule makes the rule the text of the same draw reads as:
 * the same cages, written back to the same text. */
static void test_drawn_rule_matches_text(void)
{
    struct rng r;
    rng_seed(&r, 11);
    for (int round = 0; round < 60; round++) {
        int n = 3 + round % 7;
        struct calc_draw d;
        uint8_t grid[SL_MAX_CELLS];
        random_draw(&d, grid, n, &r);
        struct puzzle a, b;
        CU_ASSERT_EQUAL_FATAL(drawn_puzzle(&a, &d, grid, 1), 0);
        CU_ASSERT_EQUAL_FATAL(drawn_puzzle(&b, &d, grid, 0), 0);
        CU_ASSERT_EQUAL_FATAL(b.nrules, 2);
        CU_ASSERT_PTR_EQUAL(a.rules[1].ops, b.rules[1].ops);
        assert_same_cages(a.rules[1].self, b.rules[1].self);
        char ta[4096], tb[4096];
        puzzle_rules_text(&a, ta, sizeof ta);
        puzzle_rules_text(&b, tb, sizeof tb);
        CU_ASSERT_STRING_EQUAL(ta, tb);
        puzzle_clear(&a);
        puzzle_clear(&b);
    }
}

/* Where the text's parse would say something is wrong (or might: a
 * target the grid does not vouch for), nothing is added. */
static void test_drawn_rule_refusals(void)
{
    struct rng r;
    rng_seed(&r, 5);
    struct calc_draw d;
    uint8_t grid[SL_MAX_CELLS];
    random_draw(&d, grid, 4, &r);
    struct puzzle p;
    CU_ASSERT_EQUAL_FATAL(drawn_puzzle(&p, &d, grid, 0), 0);
    CU_ASSERT_EQUAL(calc_draw_add_rule(&p, &d, grid), -1); /* the rule twice */
    CU_ASSERT_EQUAL(p.nrules, 2);
    puzzle_clear(&p);
    /* A two-cell cage in a row of one digit twice: no Latin square vouches. */
    for (int c = 0; c < 16; c++) d.cage[c] = c < 2 ? 0 : c - 1, d.op[c] = c < 2 ? '+' : '\0';
    d.count = 15;
    memset(grid, 1, 16);
    CU_ASSERT_EQUAL(drawn_puzzle(&p, &d, grid, 0), -1);
    CU_ASSERT_EQUAL(p.nrules, 1);
    puzzle_clear(&p);
    /* '-' over three cells, and no operation on two. */
    for (int c = 0; c < 16; c++) grid[c] = (uint8_t)(1 + (c / 4 + c) % 4);
    for (int c = 0; c < 16; c++) d.cage[c] = c < 3 ? 0 : c - 2, d.op[c] = c < 3 ? '-' : '\0';
    d.count = 14;
    CU_ASSERT_EQUAL(drawn_puzzle(&p, &d, grid, 0), -1);
    puzzle_clear(&p);
    d.op[0] = '\0';
    CU_ASSERT_EQUAL(drawn_puzzle(&p, &d, grid, 0), -1);
    puzzle_clear(&p);
}

/* A draw's own count (calc_small_count or calc_mrv_count) up to limit. */
typedef int own_count_fn(const struct calc_draw *d, const uint8_t *grid, int limit, uint8_t *found);

static int small_count(const struct calc_draw *d, const uint8_t *grid, int limit, uint8_t *found)
{
    return calc_small_count(d, grid, limit, found, NULL);
}

static int mrv_count(const struct calc_draw *d, const uint8_t *grid, int limit, uint8_t *found)
{
    return calc_mrv_count(d, grid, limit, found, NULL, NULL, NULL);
}

/* calc_mrv_count through one memo kept across every draw it counts. */
static int mrv_memo_count(const struct calc_draw *d, const uint8_t *grid, int limit, uint8_t *found)
{
    static struct calc_support_memo memo;
    static int cleared;
    if (!cleared) calc_support_memo_clear(&memo), cleared = 1;
    return calc_mrv_count(d, grid, limit, found, NULL, NULL, &memo);
}

/* count finds as many squares as the solver counts (up to 64), each a
 * solution and none twice, over trials random draws of sides 3 to
 * 3 + sides - 1 drawn from seed; with limit 2 it stops at min(count, 2). */
static void check_own_count(own_count_fn *count, uint64_t seed, int trials, int sides)
{
    static uint8_t found[64 * SL_MAX_CELLS];
    struct rng r;
    rng_seed(&r, seed);
    for (int trial = 0; trial < trials; trial++) {
        struct calc_draw d;
        uint8_t grid[SL_MAX_CELLS];
        random_draw(&d, grid, 3 + trial % sides, &r);
        struct puzzle p;
        CU_ASSERT_EQUAL_FATAL(drawn_puzzle(&p, &d, grid, 0), 0);
        struct sl_error err;
        struct ruleset *rs = ruleset_build(&p, &err);
        struct solver *sv = solver_new(rs);
        long solver = solver_count(sv, p.givens, 64, NULL, NULL).solutions;
        int own = count(&d, grid, 64, found);
        CU_ASSERT_EQUAL(own, solver);
        for (int i = 0; i < own; i++) {
            CU_ASSERT(puzzle_is_solution(&p, found + i * d.ncells));
            for (int j = 0; j < i; j++)
                CU_ASSERT(memcmp(found + i * d.ncells, found + j * d.ncells, (size_t)d.ncells));
        }
        CU_ASSERT_EQUAL(count(&d, grid, 2, NULL), solver < 2 ? solver : 2);
        solver_free(sv);
        ruleset_free(rs);
        puzzle_clear(&p);
    }
    struct calc_draw big = {.size = CALC_SMALL_MAX_SIZE + 1};
    uint8_t grid[SL_MAX_CELLS] = {0};
    CU_ASSERT_EQUAL(count(&big, grid, 2, NULL), -1);
}

/* calc_small_count over sides 3 to 5, calc_mrv_count over 3 to 6; past
 * a budget of nodes, each gives up. */
static void test_own_counts_match_solver(void)
{
    check_own_count(small_count, 31, 150, 3);
    check_own_count(mrv_count, 47, 200, 4);
    check_own_count(mrv_memo_count, 47, 200, 4);
    struct calc_draw big = {.size = CALC_SMALL_MAX_SIZE + 1};
    uint8_t grid[SL_MAX_CELLS] = {0};
    CU_ASSERT_EQUAL(calc_small_closure(&big, grid, NULL), 0);
    CU_ASSERT_EQUAL(calc_small_band(&big, grid, NULL), 0);
    struct rng r;
    rng_seed(&r, 5);
    int searched = 0;
    for (int trial = 0; trial < 40; trial++) {
        struct calc_draw d;
        random_draw(&d, grid, 3 + trial % 4, &r);
        uint64_t small = 0, mrv = 0; /* no budget: the nodes visited */
        int count = calc_small_count(&d, grid, 2, NULL, &small);
        CU_ASSERT_EQUAL(calc_mrv_count(&d, grid, 2, NULL, &mrv, NULL, NULL), count);
        uint64_t less = small - 1, mrv_less = mrv - 1;
        CU_ASSERT_EQUAL(calc_small_count(&d, grid, 2, NULL, &less), -2);
        if (mrv > 1) CU_ASSERT_EQUAL(calc_mrv_count(&d, grid, 2, NULL, &mrv_less, NULL, NULL), -2);
        uint64_t enough = small;
        CU_ASSERT_EQUAL(calc_small_count(&d, grid, 2, NULL, &enough), count);
        searched += mrv > 1;
    }
    CU_ASSERT(searched > 5);
}

/* calc_mrv_count with a memo kept across draws (sides 5 and 6, its
 * generator's) finds what it finds without: the same squares in the same
 * order, the same nodes, the same settled root; calc_small_band with
 * that memo gives the level it gives without. */
static void test_mrv_memo_matches_plain(void)
{
    static struct calc_support_memo memo;
    calc_support_memo_clear(&memo);
    static uint8_t plain[8 * SL_MAX_CELLS], cached[8 * SL_MAX_CELLS];
    struct rng r;
    rng_seed(&r, 73);
    int searched = 0, banded = 0;
    for (int trial = 0; trial < 400; trial++) {
        struct calc_draw d;
        uint8_t grid[SL_MAX_CELLS];
        random_draw(&d, grid, 5 + trial % 2, &r);
        uint64_t nodes = 0, memo_nodes = 0;
        int settled = 0, memo_settled = 0;
        int count = calc_mrv_count(&d, grid, 8, plain, &nodes, &settled, NULL);
        CU_ASSERT_EQUAL(calc_mrv_count(&d, grid, 8, cached, &memo_nodes, &memo_settled, &memo),
                        count);
        CU_ASSERT_EQUAL(memo_nodes, nodes);
        CU_ASSERT_EQUAL(memo_settled, settled);
        if (count > 0) CU_ASSERT(memcmp(plain, cached, (size_t)count * d.ncells) == 0);
        searched += nodes > 1;
        int level = calc_small_band(&d, grid, NULL);
        CU_ASSERT_EQUAL(calc_small_band(&d, grid, &memo), level);
        banded += level != 0;
    }
    CU_ASSERT(searched > 50);
    CU_ASSERT(banded > 20);
}

/* calc_small_closure with a memo kept across draws (sides 3 to 6; a
 * 4x4 generator's draws share one) gives the level it gives without. */
static void test_closure_memo_matches_plain(void)
{
    static struct calc_support_memo memo;
    calc_support_memo_clear(&memo);
    struct rng r;
    rng_seed(&r, 29);
    int seen[CALC_SMALL_DIRECT_NAKED + 1] = {0}, kinds = 0;
    for (int trial = 0; trial < 800; trial++) {
        struct calc_draw d;
        uint8_t grid[SL_MAX_CELLS];
        random_draw(&d, grid, 3 + trial % 4, &r);
        int level = calc_small_closure(&d, grid, NULL);
        CU_ASSERT_EQUAL(calc_small_closure(&d, grid, &memo), level);
        if (level >= 0 && level <= CALC_SMALL_DIRECT_NAKED) kinds += !seen[level]++;
    }
    CU_ASSERT(kinds >= 3); /* the draws reach several levels, not one */
}

/* calc_mrv_other against calc_mrv_count with limit 2 on random draws of
 * sides 3 to 6, with and without a memo: the same count, the same first
 * square other than grid (grid when alone), the same nodes when grid is
 * alone; and on a grid that is not a Latin square (its first two
 * digits swapped, the cages' targets then its own), the plain count's
 * answer. calc_small_band going on from its root's candidates gives the
 * level it gives from open cells. */
static void test_mrv_other_matches_count(void)
{
    static struct calc_support_memo memo;
    calc_support_memo_clear(&memo);
    static uint8_t two[2 * SL_MAX_CELLS];
    struct rng r;
    rng_seed(&r, 89);
    int others = 0, alone = 0, foreign = 0, banded = 0;
    for (int trial = 0; trial < 600; trial++) {
        struct calc_draw d;
        uint8_t grid[SL_MAX_CELLS], other[SL_MAX_CELLS];
        random_draw(&d, grid, 3 + trial % 4, &r);
        if (trial % 5 == 4) { /* columns 0 and 1 then repeat a digit */
            uint8_t first = grid[0];
            grid[0] = grid[1], grid[1] = first;
        }
        uint64_t nodes = 0, other_nodes = 0;
        int settled = 0, other_settled = 0;
        int count = calc_mrv_count(&d, grid, 2, two, &nodes, &settled, NULL);
        struct calc_support_memo *with = trial % 2 ? &memo : NULL;
        digitset root[SL_MAX_CELLS];
        int got = calc_mrv_other(&d, grid, other, &other_nodes, &other_settled, with, root);
        CU_ASSERT_EQUAL(got, count);
        CU_ASSERT_EQUAL(other_settled, settled);
        if (count < 1) continue;
        int mine = memcmp(two, grid, (size_t)d.ncells) == 0;
        const uint8_t *want = count == 1 ? two : two + (mine ? d.ncells : 0);
        CU_ASSERT(memcmp(other, want, (size_t)d.ncells) == 0);
        if (count == 1) CU_ASSERT_EQUAL(other_nodes, nodes);
        /* The band's closures going on from that root decide as from open cells. */
        int level = calc_small_band(&d, grid, NULL);
        CU_ASSERT_EQUAL(calc_small_band_from(&d, grid, with, root), level);
        banded += level != 0;
        CU_ASSERT(other_nodes <= nodes);
        others += count == 2 && trial % 5 != 4, alone += count == 1 && trial % 5 != 4;
        foreign += trial % 5 == 4;
    }
    CU_ASSERT(others > 50);
    CU_ASSERT(alone > 50);
    CU_ASSERT(foreign > 50);
    CU_ASSERT(banded > 50);
}

/* The rule's own count of a drawn puzzle with the draw's memo lent
 * (calc_draw_list_quick) against puzzle_list_quick without, on random
 * draws of sides 3 to 7 (7: digits the memo still takes), one memo
 * across them: the same answer, solutions, nodes and square, the memo
 * used, and the loan over once the count is. */
static void test_list_quick_memo_matches_plain(void)
{
    static struct calc_support_memo memo;
    calc_support_memo_clear(&memo);
    struct rng r;
    rng_seed(&r, 61);
    int decided = 0, open = 0;
    for (int trial = 0; trial < 800; trial++) {
        struct calc_draw d;
        struct puzzle p;
        uint8_t grid[SL_MAX_CELLS], plain[2 * SL_MAX_CELLS], lent[2 * SL_MAX_CELLS];
        random_draw(&d, grid, 3 + trial % 5, &r);
        if (drawn_puzzle(&p, &d, grid, 0) != 0) {
            puzzle_clear(&p);
            continue;
        }
        struct search_result a = {0}, b = {0};
        uint64_t used_a = 0, used_b = 0;
        int listed = puzzle_list_quick(&p, 2, 0, &a, &used_a, plain);
        CU_ASSERT_EQUAL(calc_draw_list_quick(&p, &memo, 2, 0, &b, &used_b, lent), listed);
        CU_ASSERT_EQUAL(used_b, used_a);
        CU_ASSERT_EQUAL(b.solutions, a.solutions);
        if (listed && a.solutions > 0) CU_ASSERT(memcmp(plain, lent, (size_t)d.ncells) == 0);
        CU_ASSERT_PTR_NULL(((struct calcudoku *)p.rules[p.nrules - 1].self)->memo);
        decided += listed, open += !listed;
        puzzle_clear(&p);
    }
    int slots = 0;
    for (size_t i = 0; i < sizeof memo.slot / sizeof memo.slot[0]; i++)
        slots += memo.slot[i].cage != 0;
    CU_ASSERT(decided > 100);
    CU_ASSERT(open > 100);
    CU_ASSERT(slots > 100);
}

void tests_register(void)
{
    CU_pSuite s = CU_add_suite("calcudoku", NULL, NULL);
    CU_add_test(s, "walk matches brute force", test_walk_matches_brute_force);
    CU_add_test(s, "pair walk's order against brute force", test_pair_walk_order);
    CU_add_test(s, "big cages' walk order against brute force", test_walk_order_brute_force);
    CU_add_test(s, "supports", test_supports);
    CU_add_test(s, "pair supports against brute force", test_pair_supports_brute_force);
    CU_add_test(s, "big cages' supports against brute force", test_big_supports_brute_force);
    CU_add_test(s, "wide sums' supports against brute force", test_wide_sum_supports_brute_force);
    CU_add_test(s, "arguments round trip", test_arguments_round_trip);
    CU_add_test(s, "bad arguments", test_bad_arguments);
    CU_add_test(s, "counts against every 4x4 square", test_counts_against_every_square);
    CU_add_test(s, "settles as the search's root", test_settle_as_root);
    CU_add_test(s, "settles Keen puzzles as the root", test_settle_keen);
    CU_add_test(s, "captured Keen IDs", test_keen_captured);
    CU_add_test(s, "malformed Keen IDs", test_keen_malformed);
    CU_add_test(s, "Keen writer refusals", test_keen_writer_refuses);
    CU_add_test(s, "Keen long runs", test_keen_long_runs);
    CU_add_test(s, "a draw's rule matches its text's", test_drawn_rule_matches_text);
    CU_add_test(s, "own counts against the solver", test_own_counts_match_solver);
    CU_add_test(s, "a memo's supports match the walk's", test_memo_supports_match_walk);
    CU_add_test(s, "cage assignments match the walk's", test_assignments_match_walk);
    CU_add_test(s, "own counts with a memo match those without", test_mrv_memo_matches_plain);
    CU_add_test(s, "the closure with a memo matches it without", test_closure_memo_matches_plain);
    CU_add_test(s, "a mend's other square matches the count's", test_mrv_other_matches_count);
    CU_add_test(s, "the rule's count with a memo matches it without",
                test_list_quick_memo_matches_plain);
    CU_add_test(s, "a draw's rule refused", test_drawn_rule_refusals);
}
