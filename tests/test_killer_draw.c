/*
 * test_killer_draw.c — greedy killer drawing (killer_draw.h): partitions
 * keep their bounds and are reproducible, a mend breaks the second
 * solution it was given, and counts tell unique cages from loose ones.
 */
#include <CUnit/CUnit.h>

#include "cunit_main.h"
#include "dig.h"
#include "killer_draw.h"
#include "test_helpers.h"

#define KD_PREFIX "classic;killer:"

/* A complete 9x9 grid drawn from seed. */
static void kd_grid(uint8_t *grid, uint64_t seed)
{
    struct fixture f;
    CU_ASSERT_EQUAL_FATAL(fixture_open(&f, 9, 3, 3, NULL), 0);
    struct rng rng;
    rng_seed(&rng, seed);
    CU_ASSERT_EQUAL_FATAL(dig_fill(f.solver, f.rules, f.puzzle.givens, &rng, grid, NULL).solutions,
                          1);
    fixture_close(&f);
}

static void kd_init(struct killer_draw *d, int low, int high, int fewest, int most)
{
    struct sl_error err = {0};
    static const int sizes[] = {2, 2, 3, 3, 4};
    memset(d, 0, sizeof *d);
    CU_ASSERT_EQUAL_FATAL(geometry_init_default(&d->geo, 9, &err), 0);
    d->low = low, d->high = high, d->fewest = fewest, d->most = most;
    d->nsizes = 5;
    memcpy(d->sizes, sizes, sizeof sizes);
}

/* 1 when cells of cage id are one orthogonally connected piece. */
static int kd_connected(const struct killer_draw *d, int id)
{
    int stack[81], top = 0, reached = 0, total = 0;
    uint8_t seen[81] = {0};
    for (int c = 0; c < 81; c++)
        if (d->cage[c] == id && total++ == 0) stack[top++] = c, seen[c] = 1;
    while (top > 0) {
        int c = stack[--top], r = c / 9, k = c % 9;
        int nb[4] = {r ? c - 9 : -1, r < 8 ? c + 9 : -1, k ? c - 1 : -1, k < 8 ? c + 1 : -1};
        reached++;
        for (int i = 0; i < 4; i++)
            if (nb[i] >= 0 && !seen[nb[i]] && d->cage[nb[i]] == id)
                seen[nb[i]] = 1, stack[top++] = nb[i];
    }
    return total > 0 && reached == total;
}

/* Every cage id 0..count-1 is used, connected, low..high cells of
 * distinct digits; ids numbered by first appearance. */
static int kd_well_formed(const struct killer_draw *d, const uint8_t *grid)
{
    int size[81] = {0}, next = 0;
    unsigned digits[81] = {0};
    for (int c = 0; c < 81; c++) {
        int id = d->cage[c];
        if (id < 0 || id >= d->count || id > next) return 0;
        if (id == next) next++;
        if (digits[id] & (1u << grid[c])) return 0;
        digits[id] |= 1u << grid[c], size[id]++;
    }
    for (int id = 0; id < d->count; id++)
        if (size[id] < d->low || size[id] > d->high || !kd_connected(d, id)) return 0;
    return next == d->count;
}

/* Partitions keep their bounds and band, and the same seed draws the same. */
static void test_partition(void)
{
    uint8_t grid[81];
    kd_grid(grid, 3);
    struct killer_draw a, b;
    kd_init(&a, 2, 5, 26, 36);
    kd_init(&b, 2, 5, 26, 36);
    struct rng ra, rb;
    rng_seed(&ra, 11), rng_seed(&rb, 11);
    for (int i = 0; i < 40; i++) {
        CU_ASSERT_EQUAL_FATAL(killer_draw_partition(&a, grid, &ra), 0);
        CU_ASSERT_EQUAL_FATAL(killer_draw_partition(&b, grid, &rb), 0);
        CU_ASSERT_TRUE(kd_well_formed(&a, grid));
        CU_ASSERT_TRUE(a.count >= 26 && a.count <= 36);
        CU_ASSERT_EQUAL(memcmp(a.cage, b.cage, sizeof a.cage), 0);
    }
    /* Cages of three or four cells: no cage of two is left. */
    kd_init(&a, 3, 4, 1, 81);
    for (int i = 0; i < 20; i++) {
        CU_ASSERT_EQUAL_FATAL(killer_draw_partition(&a, grid, &ra), 0);
        CU_ASSERT_TRUE(kd_well_formed(&a, grid));
    }
}

/* A swap's second solution is kept by the cages until a mend breaks it;
 * the mended cages stay well formed. */
static void test_mend(void)
{
    uint8_t grid[81], other[81];
    kd_grid(grid, 5);
    struct killer_draw d;
    kd_init(&d, 2, 5, 20, 40);
    struct rng r;
    rng_seed(&r, 2);
    int mended = 0, swaps = 0;
    for (int i = 0; i < 30; i++) {
        CU_ASSERT_EQUAL_FATAL(killer_draw_partition(&d, grid, &r), 0);
        if (!killer_draw_swap(&d, grid, NULL, other)) continue;
        swaps++;
        CU_ASSERT_TRUE(killer_draw_keeps(&d, grid, other));
        CU_ASSERT_NOT_EQUAL(memcmp(grid, other, 81), 0);
        if (!killer_draw_mend(&d, grid, other, &r)) continue;
        mended++;
        CU_ASSERT_FALSE(killer_draw_keeps(&d, grid, other));
        CU_ASSERT_TRUE(kd_well_formed(&d, grid));
        CU_ASSERT_TRUE(d.count >= 20 && d.count <= 40);
    }
    CU_ASSERT_TRUE(swaps > 0);
    CU_ASSERT_TRUE(mended > 0);
    /* The grid itself differs nowhere: nothing to mend. */
    CU_ASSERT_EQUAL(killer_draw_mend(&d, grid, grid, &r), 0);
}

/* Cages of two cells side by side in every row hold little: the count
 * lists other solutions, each kept by the cages; a given per cell makes
 * it unique. The swap respects givens. */
static void test_count(void)
{
    uint8_t grid[81], givens[81], others[7 * 81], other[81];
    kd_grid(grid, 9);
    struct killer_draw d;
    kd_init(&d, 1, 9, 1, 81);
    for (int c = 0; c < 81; c++) d.cage[c] = c / 9; /* the rows: every sum 45 */
    d.count = 9;
    struct search_stats stats = {0};
    struct sl_error err = {0};
    int found = killer_draw_count(&d, grid, KD_PREFIX, NULL, 8, 0, others, &stats, NULL, &err);
    CU_ASSERT_EQUAL(found, 8);
    for (int i = 0; i < found - 1; i++) {
        CU_ASSERT_TRUE(killer_draw_keeps(&d, grid, others + 81 * i));
        CU_ASSERT_NOT_EQUAL(memcmp(others + 81 * i, grid, 81), 0);
    }
    CU_ASSERT_TRUE(killer_draw_swap(&d, grid, NULL, other));
    memcpy(givens, grid, 81);
    CU_ASSERT_FALSE(killer_draw_swap(&d, grid, givens, other));
    /* Every cell given: the killer kernel answers at its root. */
    int by_kernel = -1;
    stats.nodes = 0;
    CU_ASSERT_EQUAL(
        killer_draw_count(&d, grid, KD_PREFIX, givens, 8, 0, others, &stats, &by_kernel, &err), 1);
    CU_ASSERT_EQUAL(by_kernel, 1);
    CU_ASSERT_EQUAL(stats.nodes, 1);
    /* A node limit of one: the loose cages' search gives up, the kernel's
     * first and then the general search's. */
    CU_ASSERT_EQUAL(
        killer_draw_count(&d, grid, KD_PREFIX, NULL, 2, 1, others, &stats, &by_kernel, &err), -1);
    CU_ASSERT_EQUAL(by_kernel, 0);
    /* A rules prefix no rule reads is an error, not a count. */
    CU_ASSERT_EQUAL(
        killer_draw_count(&d, grid, "nosuchrule:", NULL, 2, 0, others, &stats, NULL, &err), -2);
    CU_ASSERT_NOT_EQUAL(err.msg[0], '\0');
}

/* The text names cages by first appearance, with their sums. */
static void test_text(void)
{
    uint8_t grid[81];
    kd_grid(grid, 4);
    struct killer_draw d;
    kd_init(&d, 1, 9, 1, 81);
    for (int c = 0; c < 81; c++) d.cage[c] = c / 9;
    d.count = 9;
    char text[KILLER_DRAW_TEXT_MAX];
    CU_ASSERT_TRUE(killer_draw_text(&d, grid, KD_PREFIX, text, sizeof text) > 0);
    CU_ASSERT_STRING_EQUAL(text,
                           KD_PREFIX "AAAAAAAAABBBBBBBBBCCCCCCCCCDDDDDDDDDEEEEEEEEEFFFFFFFFF"
                                     "GGGGGGGGGHHHHHHHHHIIIIIIIII:45,45,45,45,45,45,45,45,45");
    CU_ASSERT_EQUAL(killer_draw_text(&d, grid, KD_PREFIX, text, 20), 0);
}

void tests_register(void)
{
    CU_pSuite s = CU_add_suite("killer_draw", NULL, NULL);
    CU_add_test(s, "partition", test_partition);
    CU_add_test(s, "mend", test_mend);
    CU_add_test(s, "count", test_count);
    CU_add_test(s, "text", test_text);
}
