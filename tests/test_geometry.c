/*
 * test_geometry.c — grid shapes for every size 1..25: box shapes, box
 * membership, symbols, and the units and peers the classic rule yields.
 */
#include <CUnit/CUnit.h>

#include "cunit_main.h"
#include "geometry.h"
#include "test_helpers.h"

static void test_default_box_shapes(void)
{
    static const int expect[][3] = {{4, 2, 2},  {6, 2, 3},  {8, 2, 4},  {9, 3, 3},
                                    {12, 3, 4}, {16, 4, 4}, {25, 5, 5}, {10, 2, 5},
                                    {1, 0, 0},  {2, 0, 0},  {7, 0, 0},  {23, 0, 0}};
    for (size_t i = 0; i < sizeof expect / sizeof expect[0]; i++) {
        struct geometry g;
        CU_ASSERT_EQUAL_FATAL(geometry_init_default(&g, expect[i][0], NULL), 0);
        CU_ASSERT_EQUAL(g.box_rows, expect[i][1]);
        CU_ASSERT_EQUAL(g.box_cols, expect[i][2]);
        CU_ASSERT_EQUAL(g.ncells, expect[i][0] * expect[i][0]);
    }
}

static void test_bad_shapes_are_refused(void)
{
    struct geometry g;
    struct sl_error err = {0};
    CU_ASSERT_NOT_EQUAL(geometry_init(&g, 0, 0, 0, &err), 0);
    CU_ASSERT_NOT_EQUAL(geometry_init(&g, 26, 0, 0, &err), 0);
    CU_ASSERT_NOT_EQUAL(geometry_init(&g, 9, 2, 5, &err), 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(err.msg, "2x5"));
    CU_ASSERT_NOT_EQUAL(geometry_init(&g, 9, 3, 0, &err), 0);
    CU_ASSERT_EQUAL(geometry_init(&g, 12, 4, 3, &err), 0);
}

/* Every box of every boxed size holds N cells, each r x c. */
static void test_boxes_tile_the_grid(void)
{
    for (int n = 1; n <= SL_MAX_SIZE; n++) {
        struct geometry g;
        geometry_init_default(&g, n, NULL);
        if (g.box_rows == 0) continue;
        int count[SL_MAX_SIZE] = {0};
        for (int c = 0; c < g.ncells; c++) {
            int b = geometry_box(&g, c);
            CU_ASSERT_TRUE_FATAL(b >= 0 && b < n);
            count[b]++;
            /* same box <=> same band and same stack */
            int other = geometry_cell(&g, (geometry_row(&g, c) / g.box_rows) * g.box_rows,
                                      (geometry_col(&g, c) / g.box_cols) * g.box_cols);
            CU_ASSERT_EQUAL(geometry_box(&g, other), b);
        }
        for (int b = 0; b < n; b++) CU_ASSERT_EQUAL(count[b], n);
    }
}

static void test_symbols_round_trip(void)
{
    for (int d = 1; d <= SL_MAX_SIZE; d++) CU_ASSERT_EQUAL(geometry_digit(geometry_symbol(d)), d);
    CU_ASSERT_EQUAL(geometry_symbol(10), 'A');
    CU_ASSERT_EQUAL(geometry_symbol(25), 'P');
    CU_ASSERT_EQUAL(geometry_digit('g'), 16);
    CU_ASSERT_EQUAL(geometry_digit('.'), 0);
    CU_ASSERT_EQUAL(geometry_digit('0'), 0);
    CU_ASSERT_EQUAL(geometry_digit('#'), -1);
    CU_ASSERT_EQUAL(geometry_digit(' '), -1);
}

/* Rows, columns and boxes: 3N houses, 3(N-1) - (r-1) - (c-1) peers each;
 * a Latin square: 2N houses, 2(N-1) peers. */
static void test_classic_units_and_peers(void)
{
    for (int n = 1; n <= SL_MAX_SIZE; n++) {
        for (int boxed = 0; boxed < 2; boxed++) {
            struct fixture f;
            CU_ASSERT_EQUAL_FATAL(fixture_open(&f, n, boxed ? -1 : 0, 0, NULL), 0);
            const struct geometry *g = &f.puzzle.geo;
            int houses = g->box_rows ? 3 * n : 2 * n;
            int peers =
                g->box_rows ? 3 * (n - 1) - (g->box_rows - 1) - (g->box_cols - 1) : 2 * (n - 1);
            CU_ASSERT_EQUAL(f.rules->nunits, houses);
            CU_ASSERT_EQUAL(f.rules->nhouses, houses);
            for (int c = 0; c < g->ncells; c++)
                CU_ASSERT_EQUAL(f.rules->peer_start[c + 1] - f.rules->peer_start[c], peers);
            fixture_close(&f);
        }
    }
}

void tests_register(void)
{
    CU_pSuite s = CU_add_suite("geometry", NULL, NULL);
    CU_add_test(s, "default box shapes", test_default_box_shapes);
    CU_add_test(s, "bad shapes are refused", test_bad_shapes_are_refused);
    CU_add_test(s, "boxes tile the grid", test_boxes_tile_the_grid);
    CU_add_test(s, "symbols round trip", test_symbols_round_trip);
    CU_add_test(s, "classic units and peers", test_classic_units_and_peers);
}
