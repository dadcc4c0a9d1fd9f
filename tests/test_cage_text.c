/*
 * test_cage_text.c — killer cage text (cage_text.h): round trips of
 * narrow and wide maps, cages built from parts, and the errors of
 * malformed maps and sums with their columns, huge numbers included.
 */
#include <CUnit/CUnit.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cage_text.h"
#include "cunit_main.h"

static struct cage_text *ct;

static int suite_init(void) { return (ct = malloc(sizeof *ct)) == NULL; }
static int suite_clean(void)
{
    free(ct);
    return 0;
}

static struct geometry grid_of(int n)
{
    struct geometry g;
    geometry_init(&g, n, 0, 0, NULL);
    return g;
}

/* Parses text for an n x n grid: 0, or -1 with err filled. */
static int parse(int n, const char *text, struct sl_error *err)
{
    struct geometry g = grid_of(n);
    memset(err, 0, sizeof *err);
    return cage_text_parse(ct, &g, text, strlen(text), err);
}

/* Written back byte for byte. */
static void expect_round_trip(int n, const char *text)
{
    struct sl_error err;
    char out[4096];
    if (parse(n, text, &err)) fprintf(stderr, "\n%s\n -> %ld %s\n", text, err.col, err.msg);
    CU_ASSERT_EQUAL_FATAL(err.msg[0], '\0');
    int len = cage_text_write(ct, out, sizeof out);
    CU_ASSERT_EQUAL(len, (int)strlen(text));
    CU_ASSERT_STRING_EQUAL(out, text);
    if (strcmp(out, text) != 0) fprintf(stderr, "\n%s\n -> %s\n", text, out);
}

static void test_round_trips(void)
{
    expect_round_trip(4, "AAB.CDB.CDEEFFGG:3,?,5,7,5,3,7");
    expect_round_trip(4, "ABCDABCDABCDABCD:10,10,10,10");
    expect_round_trip(4, "................:");
    expect_round_trip(2, "ABBA:?,?");
    CU_ASSERT_EQUAL(ct->map.nparts, 2);
    CU_ASSERT_EQUAL(ct->sum[0], 0);
    /* One cell of 25 in a cage of its own: the greatest digit. */
    static char big[700];
    memset(big, '.', 625);
    big[0] = 'A';
    snprintf(big + 625, sizeof big - 625, ":25");
    expect_round_trip(25, big);
}

/* 128 cages of two cells in a 16x16 grid: two symbols per cell. */
static void test_wide_map_from_parts(void)
{
    int part[256], sum_of_id[128];
    for (int c = 0; c < 256; c++) part[c] = c / 2;
    for (int id = 0; id < 128; id++) sum_of_id[id] = 3 + id % 27;
    cage_text_from_parts(ct, 256, part, sum_of_id);
    CU_ASSERT_EQUAL(ct->map.nparts, 128);
    CU_ASSERT_TRUE(ct->map.wide);
    CU_ASSERT_EQUAL(ct->sum[5], 8);
    static char text[4096];
    int len = cage_text_write(ct, text, sizeof text);
    CU_ASSERT_TRUE(len > 512 && len < (int)sizeof text);
    CU_ASSERT_EQUAL(text[512], ':');
    struct sl_error err;
    CU_ASSERT_EQUAL_FATAL(parse(16, text, &err), 0);
    CU_ASSERT_EQUAL(ct->map.nparts, 128);
    for (int p = 0; p < 128; p++) CU_ASSERT_EQUAL(ct->sum[p], 3 + p % 27);
    expect_round_trip(16, text);
}

/* Ids any values, numbered by first appearance; sums follow their ids. */
static void test_from_parts(void)
{
    int part[4] = {7, -1, 2, 7}, sum_of_id[8] = {0, 0, 4, 0, 0, 0, 0, 3};
    char text[64];
    cage_text_from_parts(ct, 4, part, sum_of_id);
    cage_text_write(ct, text, sizeof text);
    CU_ASSERT_STRING_EQUAL(text, "A.BA:3,4");
    cage_text_from_parts(ct, 4, part, NULL);
    cage_text_write(ct, text, sizeof text);
    CU_ASSERT_STRING_EQUAL(text, "A.BA:?,?");
    /* A short buffer gets what fits, and the length it needed. */
    CU_ASSERT_EQUAL(cage_text_write(ct, text, 4), 8);
    CU_ASSERT_STRING_EQUAL(text, "A.B");
    CU_ASSERT_EQUAL(cage_text_write(ct, NULL, 0), 8);
}

static void test_errors(void)
{
    static const struct {
        int n;
        const char *text;
        long col;
        const char *says;
    } cases[] = {
        {4, "AAB.CDB.CDEEFFGG", 17, "expected ':'"},
        {4, "AAB.CDB.CDEEFF:3", 15, "16 symbols"},
        {4, "AAB+CDB.CDEEFFGG:3", 4, "'+'"},
        {4, "AAAAABBBBBCCCDDD:?", 1, "5 cells"},
        {4, "AAB.CDB.CDEEFFGG:3,?,5,7,5,3", 29, "sum of cage 7"},
        {4, "AAB.CDB.CDEEFFGG:3,?,5,7,5,3,7,4", 31, "more sums"},
        {4, "AAB.CDB.CDEEFFGG:3,?,5;7,5,3,7", 23, "expected ','"},
        {4, "AAB.CDB.CDEEFFGG:3,,5,7,5,3,7", 20, "cage 2 needs a sum"},
        {4, "AAB.CDB.CDEEFFGG:0,?,5,7,5,3,7", 18, "cage 1 needs a sum 1..325"},
        {4, "AAB.CDB.CDEEFFGG:3,?,326,7,5,3,7", 22, "cage 3 needs a sum 1..325"},
        {4, "AAB.CDB.CDEEFFGG:3,-5,5,7,5,3,7", 20, "cage 2 needs a sum"},
        {4, "AAB.CDB.CDEEFFGG:3,?,5,7,5,3,99999999999999999999999999999999", 30,
         "cage 7 needs a sum"},
        {4, "AAB.CDB.CDEEFFGG:3,?,5,7,5,3,7 ", 31, "more sums"},
        {2, "AB..:", 6, "cage 1 needs a sum"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        struct sl_error err;
        int rc = parse(cases[i].n, cases[i].text, &err);
        CU_ASSERT_EQUAL(rc, -1);
        CU_ASSERT_EQUAL(err.col, cases[i].col);
        CU_ASSERT_PTR_NOT_NULL(strstr(err.msg, cases[i].says));
        if (rc != -1 || err.col != cases[i].col || !strstr(err.msg, cases[i].says))
            fprintf(stderr, "\n%s\n -> %d %ld %s\n", cases[i].text, rc, err.col, err.msg);
    }
}

/* Columns of sums within SUMS, and back; leading zeros keep their place. */
static void test_sum_columns(void)
{
    const char *sums = "003,?,12,7";
    size_t len = strlen(sums);
    long want[] = {1, 5, 7, 10};
    for (int p = 0; p < 4; p++) {
        CU_ASSERT_EQUAL(cage_sums_column(sums, len, p), want[p]);
        CU_ASSERT_EQUAL(cage_sums_cage_at(sums, len, want[p]), p);
    }
    CU_ASSERT_EQUAL(cage_sums_cage_at(sums, len, 8), 2);
    CU_ASSERT_EQUAL(cage_sums_column(sums, len, 9), (long)len + 1);
    /* The map alone, then the sums alone: as a killer line keeps them. */
    struct geometry g = grid_of(2);
    struct sl_error err = {0};
    CU_ASSERT_EQUAL(cage_map_parse(ct, &g, "AB.A", 4, &err), 0);
    CU_ASSERT_EQUAL(cage_sums_parse(ct, "007,2", 5, &err), 0);
    CU_ASSERT_EQUAL(ct->sum[0], 7);
    CU_ASSERT_EQUAL(ct->sum[1], 2);
    CU_ASSERT_EQUAL(cage_map_parse(ct, &g, "AAA.", 4, &err), -1);
    CU_ASSERT_PTR_NOT_NULL(strstr(err.msg, "cage 1 has 3 cells"));
}

void tests_register(void)
{
    CU_pSuite s = CU_add_suite("cage_text", suite_init, suite_clean);
    CU_add_test(s, "round trips", test_round_trips);
    CU_add_test(s, "wide map from parts", test_wide_map_from_parts);
    CU_add_test(s, "from parts", test_from_parts);
    CU_add_test(s, "malformed maps and sums", test_errors);
    CU_add_test(s, "sum columns", test_sum_columns);
}
