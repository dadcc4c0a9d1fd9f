/*
 * test_solo_id.c — Solo game IDs: every ID captured from sgt-solo reads
 * and writes back byte for byte and agrees with Solo's own solution;
 * hand-decoded facts; malformed IDs fail at the right column; random and
 * mutated input never crashes; the writer refuses what Solo cannot say.
 */
#include <CUnit/CUnit.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cunit_main.h"
#include "format_solo.h"
#include "geometry.h"
#include "solo_id.h"

#define DATA_FILE "tests/data/solo_ids.txt"
#define MAX_LINE 8192
#define MAX_ID 4096

/* One line of the data file: the ID and, when given, Solo's solution. */
struct captured {
    char id[MAX_ID];
    char solution[SL_MAX_CELLS + 1];
};

/* Reads the next ID line of f; 0 at the end. */
static int next_captured(FILE *f, struct captured *c)
{
    char line[MAX_LINE];
    while (fgets(line, sizeof line, f)) {
        line[strcspn(line, "\r\n")] = '\0';
        if (line[0] == '\0' || line[0] == '#') continue;
        size_t idlen = strcspn(line, " ");
        CU_ASSERT_FATAL(idlen < sizeof c->id);
        memcpy(c->id, line, idlen);
        c->id[idlen] = '\0';
        const char *sol = line + idlen + strspn(line + idlen, " ");
        CU_ASSERT_FATAL(strlen(sol) < sizeof c->solution);
        strcpy(c->solution, sol);
        return 1;
    }
    return 0;
}

static int parse_str(const char *text, struct solo_desc *d, struct sl_error *err)
{
    return solo_id_parse(text, strlen(text), d, err);
}

/* Parses and writes back every captured ID; also checks the snprintf
 * convention on each (exact fit, one byte short, no buffer). */
static void test_captured_ids_round_trip(void)
{
    FILE *f = fopen(DATA_FILE, "r");
    CU_ASSERT_PTR_NOT_NULL_FATAL(f);
    struct captured c;
    static struct solo_desc d;
    char out[MAX_ID];
    int count = 0, killers = 0, jigsaws = 0, xs = 0;
    while (next_captured(f, &c)) {
        struct sl_error err = {0};
        int len = (int)strlen(c.id);
        count++;
        CU_ASSERT_EQUAL(parse_str(c.id, &d, &err), 0);
        if (err.col) fprintf(stderr, "\n%s: column %ld: %s\n", c.id, err.col, err.msg);
        CU_ASSERT_EQUAL(solo_id_detect(c.id, (size_t)len), 1);
        CU_ASSERT_EQUAL(solo_id_write(&d, out, sizeof out), len);
        CU_ASSERT_STRING_EQUAL(out, c.id);
        CU_ASSERT_EQUAL(solo_id_write(&d, NULL, 0), len);
        CU_ASSERT_EQUAL(solo_id_write(&d, out, (size_t)len + 1), len);
        CU_ASSERT_STRING_EQUAL(out, c.id);
        CU_ASSERT_EQUAL(solo_id_write(&d, out, (size_t)len), len);
        CU_ASSERT_EQUAL(strlen(out), (size_t)len - 1);
        CU_ASSERT_EQUAL(strncmp(out, c.id, (size_t)len - 1), 0);
        killers += d.ncages > 0;
        jigsaws += d.box_rows == 0;
        xs += d.diagonals;
    }
    fclose(f);
    CU_ASSERT(count >= 40);
    CU_ASSERT(killers >= 10);
    CU_ASSERT(jigsaws >= 10);
    CU_ASSERT(xs >= 4);
}

/* 1 when the n cells listed hold n different digits 1..n. */
static int all_different(const uint8_t *grid, const int *cells, int n)
{
    int seen[SL_MAX_SIZE + 1] = {0};
    for (int i = 0; i < n; i++) {
        int v = grid[cells[i]];
        if (v < 1 || v > n || seen[v]++) return 0;
    }
    return 1;
}

/* Solo's solution satisfies the parsed puzzle: so the box orientation,
 * jigsaw walls, diagonals and cages were all decoded as Solo meant them. */
static void check_solution(const struct solo_desc *d, const char *text)
{
    int n = d->size, ncells = n * n, cells[SL_MAX_SIZE];
    uint8_t sol[SL_MAX_CELLS];
    CU_ASSERT_EQUAL_FATAL(strlen(text), (size_t)ncells);
    for (int c = 0; c < ncells; c++) {
        sol[c] = (uint8_t)geometry_digit(text[c]);
        CU_ASSERT(sol[c] >= 1 && sol[c] <= n);
        if (d->givens[c]) CU_ASSERT_EQUAL(d->givens[c], sol[c]);
    }
    for (int i = 0; i < n; i++) {
        for (int j = 0; j < n; j++) cells[j] = i * n + j;
        CU_ASSERT(all_different(sol, cells, n)); /* row i */
        for (int j = 0; j < n; j++) cells[j] = j * n + i;
        CU_ASSERT(all_different(sol, cells, n)); /* column i */
        int k = 0;
        for (int c = 0; c < ncells && k < n; c++)
            if (d->region[c] == i) cells[k++] = c;
        CU_ASSERT(k == n && all_different(sol, cells, n)); /* box or region i */
    }
    if (d->diagonals) {
        for (int j = 0; j < n; j++) cells[j] = j * n + j;
        CU_ASSERT(all_different(sol, cells, n));
        for (int j = 0; j < n; j++) cells[j] = j * n + (n - 1 - j);
        CU_ASSERT(all_different(sol, cells, n));
    }
    for (int k = 0; k < d->ncages; k++) {
        int sum = 0, seen = 0;
        for (int c = 0; c < ncells; c++)
            if (d->cage[c] == k) {
                CU_ASSERT_EQUAL(seen & (1 << sol[c]), 0); /* no repeat in a cage */
                seen |= 1 << sol[c];
                sum += sol[c];
            }
        CU_ASSERT_NOT_EQUAL(d->cage_sum[k], 0); /* Solo shows every sum */
        CU_ASSERT_EQUAL(d->cage_sum[k], sum);
    }
}

static void test_captured_solutions_agree(void)
{
    FILE *f = fopen(DATA_FILE, "r");
    CU_ASSERT_PTR_NOT_NULL_FATAL(f);
    struct captured c;
    static struct solo_desc d;
    int solved = 0;
    while (next_captured(f, &c)) {
        CU_ASSERT_EQUAL_FATAL(parse_str(c.id, &d, NULL), 0);
        /* cages and regions numbered by first appearance, row-major */
        int next_cage = 0, next_region = 0;
        for (int cell = 0; cell < d.size * d.size; cell++) {
            CU_ASSERT(d.region[cell] <= next_region);
            if (d.region[cell] == next_region) next_region++;
            if (d.ncages == 0) {
                CU_ASSERT_EQUAL(d.cage[cell], -1);
                continue;
            }
            CU_ASSERT(d.cage[cell] >= 0 && d.cage[cell] <= next_cage);
            if (d.cage[cell] == next_cage) next_cage++;
        }
        CU_ASSERT_EQUAL(next_cage, d.ncages);
        if (d.box_rows == 0) CU_ASSERT_EQUAL(next_region, d.size);
        if (c.solution[0] == '\0') continue;
        check_solution(&d, c.solution);
        solved++;
    }
    fclose(f);
    CU_ASSERT(solved >= 40);
}

/* Facts decoded by hand from the strings, independently of the code. */
static void test_hand_checked_facts(void)
{
    static struct solo_desc d;

    /* "2x3": 6x6, boxes 2 rows tall and 3 columns wide (Solo's print
     * draws the same). b = two empty cells, then 2; c = three, then 6. */
    CU_ASSERT_EQUAL_FATAL(parse_str("2x3:b2c6a3b2a2a6d6a1a3b4a6c1b", &d, NULL), 0);
    CU_ASSERT_EQUAL(d.size, 6);
    CU_ASSERT_EQUAL(d.box_rows, 2);
    CU_ASSERT_EQUAL(d.box_cols, 3);
    CU_ASSERT_EQUAL(d.givens[1], 0);
    CU_ASSERT_EQUAL(d.givens[2], 2);
    CU_ASSERT_EQUAL(d.givens[6], 6);
    CU_ASSERT_EQUAL(d.givens[8], 3);
    CU_ASSERT_EQUAL(d.region[3], 1);  /* row 0, column 3: the second box */
    CU_ASSERT_EQUAL(d.region[6], 0);  /* row 1, column 0: still the first box */
    CU_ASSERT_EQUAL(d.region[12], 2); /* row 2: the second band */
    CU_ASSERT_EQUAL(d.diagonals, 0);
    CU_ASSERT_EQUAL(d.ncages, 0);

    /* "3x4": 12x12, boxes 3 by 4; givens above 9 are decimal numbers. */
    CU_ASSERT_EQUAL_FATAL(
        parse_str("3x4:3_11b9c10b4d5e7c4b2_6d9c12b9_7b2a7c1b4_9a3b4_2_1a12a10a"
                  "7d9a10a7a8_6_1b8a5_6b11c10a10b2_8b11c11d3_10b9c2e1d10b3c2b4_12",
                  &d, NULL),
        0);
    CU_ASSERT_EQUAL(d.size, 12);
    CU_ASSERT_EQUAL(d.box_rows, 3);
    CU_ASSERT_EQUAL(d.box_cols, 4);
    CU_ASSERT_EQUAL(d.givens[0], 3);
    CU_ASSERT_EQUAL(d.givens[1], 11);
    CU_ASSERT_EQUAL(d.givens[4], 9);
    CU_ASSERT_EQUAL(d.givens[143], 12);
    CU_ASSERT_EQUAL(d.region[4], 1); /* column 4 starts the second box */

    /* "2x2x": the X rule. */
    CU_ASSERT_EQUAL_FATAL(parse_str("2x2x:b4a4b3_2b1a1b", &d, NULL), 0);
    CU_ASSERT_EQUAL(d.diagonals, 1);
    CU_ASSERT_EQUAL(d.givens[2], 4);
    CU_ASSERT_EQUAL(d.givens[7], 3);
    CU_ASSERT_EQUAL(d.givens[8], 2);

    /* Killer 4x4. Walls "_a_a_aa_b_____ba": vertical edges row by row,
     * then horizontal ones column by column, give the cages {0,4,8}
     * {1,2} {3,7} {5,6} {9,10,14} {11,15} {12,13}; sums sit in their
     * first cells: 6 5 4 6 6 6 7. */
    CU_ASSERT_EQUAL_FATAL(parse_str("2x2k:p,_a_a_aa_b_____ba,6_5a4a6c6a6_7c", &d, NULL), 0);
    static const int cage[16] = {0, 1, 1, 2, 0, 3, 3, 2, 0, 4, 4, 5, 6, 6, 4, 5};
    static const int sums[7] = {6, 5, 4, 6, 6, 6, 7};
    CU_ASSERT_EQUAL(d.ncages, 7);
    for (int c = 0; c < 16; c++) CU_ASSERT_EQUAL(d.cage[c], cage[c]);
    for (int k = 0; k < 7; k++) CU_ASSERT_EQUAL(d.cage_sum[k], sums[k]);
    for (int c = 0; c < 16; c++) CU_ASSERT_EQUAL(d.givens[c], 0);

    /* 9x9 killer: the cage of cell 0 shows 16. */
    CU_ASSERT_EQUAL_FATAL(
        parse_str("3x3k:zzzc,_a___a____________a______aaa__a___a_a_aaa_aaa__aaa__ca_a__aa____ba_"
                  "_aaa__a_____b____ba_a___aa___aaaa_,16_11a9_17_3_7a6a6_11c8_16a6b11_13c15a21b8"
                  "a9d13_11_10a12a17_7c8e15a11a20_7a9_7a6a7a15b10a13c14b",
                  &d, NULL),
        0);
    CU_ASSERT_EQUAL(d.cage[0], 0);
    CU_ASSERT_EQUAL(d.cage_sum[0], 16);
    CU_ASSERT_EQUAL(d.cage[1], 1); /* wall '_' first: cells 0 and 1 apart */
    CU_ASSERT_EQUAL(d.cage[2], 1); /* then 'a': cells 1 and 2 joined */
    CU_ASSERT_EQUAL(d.cage_sum[1], 11);

    /* Jigsaw 4x4: walls "_c___cb__b__b" make {0,4,5,8} {1,2,3,6}
     * {7,10,11,15} {9,12,13,14}. */
    CU_ASSERT_EQUAL_FATAL(parse_str("4j:4_1b2f2b1_4,_c___cb__b__b", &d, NULL), 0);
    static const int region[16] = {0, 1, 1, 1, 0, 0, 1, 2, 0, 3, 2, 2, 3, 3, 3, 2};
    CU_ASSERT_EQUAL(d.size, 4);
    CU_ASSERT_EQUAL(d.box_rows, 0);
    CU_ASSERT_EQUAL(d.box_cols, 0);
    for (int c = 0; c < 16; c++) CU_ASSERT_EQUAL(d.region[c], region[c]);
    CU_ASSERT_EQUAL(d.givens[0], 4);
    CU_ASSERT_EQUAL(d.givens[1], 1);
    CU_ASSERT_EQUAL(d.givens[11], 2);
    CU_ASSERT_EQUAL(d.givens[15], 4);
    CU_ASSERT_EQUAL(d.ncages, 0);

    /* Params Solo also takes: generator flags, "3" for 3x3, "Cx1" and
     * "CxRj" jigsaws, flags in any order. */
    CU_ASSERT_EQUAL(parse_str("2x2dtr4m8md2a:b1c4b3c1b", &d, NULL), 0);
    CU_ASSERT_EQUAL(d.box_rows, 2);
    CU_ASSERT_EQUAL(parse_str("2:b1c4b3c1b", &d, NULL), 0);
    CU_ASSERT_EQUAL(d.size, 4);
    CU_ASSERT_EQUAL(d.box_cols, 2);
    CU_ASSERT_EQUAL(parse_str("2x2j:4_1b2f2b1_4,_c___cb__b__b", &d, NULL), 0);
    CU_ASSERT_EQUAL(d.size, 4);
    CU_ASSERT_EQUAL(d.box_rows, 0);
    CU_ASSERT_EQUAL(d.region[7], 2);
    CU_ASSERT_EQUAL(parse_str("4x1:4_1b2f2b1_4,_c___cb__b__b", &d, NULL), 0);
    CU_ASSERT_EQUAL(d.box_rows, 0);
    CU_ASSERT_EQUAL(parse_str("2x2kx:p,_a_a_aa_b_____ba,6_5a4a6c6a6_7c", &d, NULL), 0);
    CU_ASSERT_EQUAL(d.diagonals, 1);
    CU_ASSERT_EQUAL(d.ncages, 7);
}

/* Malformed IDs, each with a '|' just before the first bad byte (at the
 * end when data is missing); the '|' is not part of the ID. */
static const char *const BAD_IDS[] = {
    "|",
    "|x3:a",
    "3x3|",                      /* missing ':' */
    "2x2|b1c4b3c1b",             /* unknown letter, no ':' */
    "3x3|q:zzzc",                /* unknown param letter */
    "3x3|#1234567",              /* a random seed is no ID */
    "3x3d|z:zzzc",               /* bad difficulty */
    "3x3r|3:zzzc",               /* bad symmetry */
    "3x3md|8:zzzc",              /* no 8-way diagonal mirror */
    "3x3d|",                     /* truncated difficulty */
    "3x|:zzzc",                  /* no number after x */
    "|0x3:a",                    /* size 0 */
    "|1x3:a",                    /* Solo needs 2 box rows or more */
    "|0j:a",                     /* jigsaw of size 0 */
    "|1j:a",                     /* jigsaw of size 1 */
    "3x|0:a",                    /* box width 0 */
    "5x|6:a",                    /* 30 cells a side */
    "|26j:a",                    /* 26 cells a side */
    "|6:a",                      /* 6x6 boxes: 36 a side */
    "|99999999999999999999x2:a", /* no overflow either */
    "2x|99999999999999999999:a", /* ... on either side */
    "4x4|k:a",                   /* killer above size 9 */
    "3j|x:a",                    /* X below size 4 */
    "2x2:|",                     /* no cells */
    "2x2:b1c4b3c1|",             /* 15 cells of 16 */
    "2x2:b1c4b3c1b|b",           /* 18 cells of 16 */
    "2x2:b1c4b3c1b|1",           /* 17 cells of 16 */
    "2x2:b|5c4b3c1b",            /* digit above N */
    "2x2:b|12c4b3c1b",           /* a number above N */
    "2x2:b|99999999999999999999c4b3c1b",
    "2x2:b|0c4b3c1b",   /* '0' is no digit */
    "2x2:b1c4b3c1|B",   /* capital letter */
    "2x2:b1c4| 3c1b",   /* blank */
    "2x2:b1c4b3c1b|,",  /* no field follows */
    "2x2:b1c4b3c1b|:",  /* second ':' */
    "3x3:zzzc|\n",      /* a newline is the caller's to strip */
    "4j:4_1b2f2b1_4|",  /* jigsaw walls missing */
    "4j:4_1b2f2b1_4,|", /* jigsaw walls empty */
    "4j:4_1b2f2b1_4,_c__|1cb__b__b",
    "4j:4_1b2f2b1_4,_c___cb__b__|",   /* too little */
    "4j:4_1b2f2b1_4,_c___cb__b__b|_", /* too much */
    "4j:4_1b2f2b1_4,_c___cb__b__b|z",
    "4j:4_1b2f2b1_4,|zz",                        /* 26 open edges of 24 */
    "4j:4_1b2f2b1_4,|_________________________", /* 16 regions of 1 */
    "4j:4_1b2f2b1_4,|_d__cb__a___b",             /* regions of 5 and 3 */
    "4j:4_1b2f2b1_4,|_c___c_a__b__b",            /* 3 regions */
    "4j:4_1b2f2b1_4,_c___cb__b__b|,",
    "2x2k:p|",                                   /* cages missing */
    "2x2k:p,_a_a_aa_b_____ba|",                  /* sums missing */
    "2x2k:p,_a_a_aa_b_____ba,6_5a4a6c6a6_7b|",   /* 15 sums */
    "2x2k:p,_a_a_aa_b_____ba,6_5a4a6c6a6_7|d",   /* 17 */
    "2x2k:p,_a_a_aa_b_____ba,6_5a4a6c6a6_|11c",  /* above 1+2+3+4 */
    "2x2k:p,_a_a_aa_b_____ba,6_5a4_|2_6c6a6_7c", /* cell 4: cage 0 again */
    "2x2k:p,|_a_a_a___b_____ba,6_5a4a6c6a6_7c",  /* two 1-cell cages */
    "2x2k:p,|x,6_5a4a6c6a6_7c",                  /* one cage of 16 */
    "2x2k:p,_a_a_aa_b_____ba,6_5a4a6c6a6_7c|,",
    "4jk:4_1b2f2b1_4,_c___cb__b__b,_a_a_aa_b_____ba|",
};

static void test_malformed_ids_fail_at_the_right_column(void)
{
    static struct solo_desc d;
    char text[128];
    for (size_t i = 0; i < sizeof BAD_IDS / sizeof BAD_IDS[0]; i++) {
        struct sl_error err = {0};
        const char *bar = strchr(BAD_IDS[i], '|');
        size_t at = (size_t)(bar - BAD_IDS[i]);
        snprintf(text, sizeof text, "%.*s%s", (int)at, BAD_IDS[i], bar + 1);
        int rc = solo_id_parse(text, strlen(text), &d, &err);
        CU_ASSERT_EQUAL(rc, -1);
        CU_ASSERT_EQUAL(err.line, 0);
        CU_ASSERT_NOT_EQUAL(err.msg[0], '\0');
        if (rc != -1 || err.col != (long)at + 1)
            fprintf(stderr, "\n\"%s\": rc %d, column %ld (%s), expected %zu\n", BAD_IDS[i], rc,
                    err.col, err.msg, at + 1);
        CU_ASSERT_EQUAL(err.col, (long)at + 1);
        CU_ASSERT_EQUAL(solo_id_parse(text, strlen(text), &d, NULL), -1); /* err may be NULL */
    }
}

/* The ID's bytes are read up to len and no further: no NUL needed. */
static void test_parse_honours_len(void)
{
    static struct solo_desc d;
    static const char id[] = "2x2:b1c4b3c1bJUNK";
    struct sl_error err = {0};
    CU_ASSERT_EQUAL(solo_id_parse(id, 13, &d, &err), 0);
    CU_ASSERT_EQUAL(solo_id_parse(id, 14, &d, &err), -1);
    CU_ASSERT_EQUAL(err.col, 14);
    char *exact = malloc(13); /* ASan catches a read past the end */
    CU_ASSERT_PTR_NOT_NULL_FATAL(exact);
    memcpy(exact, id, 13);
    CU_ASSERT_EQUAL(solo_id_parse(exact, 13, &d, &err), 0);
    for (size_t k = 0; k < 13; k++) solo_id_parse(exact, k, &d, &err);
    CU_ASSERT_EQUAL(solo_id_detect(exact, 13), 1);
    free(exact);
    CU_ASSERT_EQUAL(solo_id_parse(NULL, 0, &d, &err), -1);
    CU_ASSERT_EQUAL(solo_id_detect(NULL, 0), 0);
}

/* Every proper prefix of a captured ID fails, with a column inside it or
 * just past it; a prefix can only pass by cutting a trailing number short. */
static void test_truncated_ids(void)
{
    FILE *f = fopen(DATA_FILE, "r");
    CU_ASSERT_PTR_NOT_NULL_FATAL(f);
    struct captured c;
    static struct solo_desc d;
    while (next_captured(f, &c)) {
        size_t len = strlen(c.id);
        for (size_t k = 0; k < len; k++) {
            struct sl_error err = {0};
            if (solo_id_parse(c.id, k, &d, &err) == 0) {
                CU_ASSERT(k > 0 && strspn(c.id + k, "0123456789") == len - k);
            } else {
                CU_ASSERT(err.col >= 1 && err.col <= (long)k + 1);
            }
        }
    }
    fclose(f);
}

static void test_detect(void)
{
    static const char *const yes[] = {
        "3x3:zzzc", "9j:a", "2x3k:", "12j:", "3x3xk:zzzc,", "3:", "3x3dbr4:b", "5x6:a"};
    static const char *const no[] = {"",
                                     "3x3",
                                     "3x3#12345",
                                     "53..7....6..195....98....6.8...6...34..8.3..17",
                                     "530070000600195000098000060800060003400803001700020006060",
                                     "sudolab 9 3x3 classic ........",
                                     "AABBC.DD 10,12,7",
                                     "x3:a",
                                     "3x:a",
                                     " 3x3:zzzc",
                                     "3x3 :zzzc"};
    for (size_t i = 0; i < sizeof yes / sizeof yes[0]; i++)
        CU_ASSERT_EQUAL(solo_id_detect(yes[i], strlen(yes[i])), 1);
    for (size_t i = 0; i < sizeof no / sizeof no[0]; i++)
        CU_ASSERT_EQUAL(solo_id_detect(no[i], strlen(no[i])), 0);
}

/* A small deterministic generator, local to the test. */
static uint32_t next_random(uint32_t *state)
{
    *state = *state * 1664525u + 1013904223u;
    return *state >> 8;
}

/* Whatever parses writes back, and that reads as the very same desc
 * (but for where each sum stood: the writer may place it elsewhere). */
static void check_accepted(const char *text, size_t len)
{
    static struct solo_desc d, again;
    static char out[MAX_ID];
    struct sl_error err = {0};
    int rc = solo_id_parse(text, len, &d, &err);
    CU_ASSERT(rc == 0 || rc == -1);
    if (rc == -1) {
        CU_ASSERT(err.col >= 1 && err.col <= (long)len + 1);
        CU_ASSERT_EQUAL(err.line, 0);
        return;
    }
    CU_ASSERT_EQUAL(solo_id_detect(text, len), 1);
    int w = solo_id_write(&d, out, sizeof out);
    CU_ASSERT_FATAL(w > 0 && w < (int)sizeof out);
    CU_ASSERT_EQUAL(solo_id_parse(out, (size_t)w, &again, NULL), 0);
    memset(d.sum_col, 0, sizeof d.sum_col);
    memset(again.sum_col, 0, sizeof again.sum_col);
    CU_ASSERT_EQUAL(memcmp(&d, &again, sizeof d), 0);
}

/* Random strings over Solo's alphabet (and any byte now and then). */
static void test_random_bytes(void)
{
    static const char alphabet[] = "0123456789abcdjkmrxyz_,:";
    uint32_t seed = 12345;
    char text[300];
    for (int round = 0; round < 4000; round++) {
        size_t len = next_random(&seed) % sizeof text;
        for (size_t i = 0; i < len; i++) {
            uint32_t r = next_random(&seed);
            text[i] = r % 8 ? alphabet[(r >> 3) % (sizeof alphabet - 1)] : (char)(r >> 3);
        }
        /* a plausible head now and then, so the desc readers get exercised */
        if (round % 2 && len > 4) memcpy(text, round % 4 == 1 ? "2x2:" : "4jk:", 4);
        check_accepted(text, len);
    }
}

/* Captured IDs with bytes replaced, inserted, deleted or swapped. */
static void test_mutated_ids(void)
{
    static const char mutants[] = "0123456789abcyz_,:xjk";
    FILE *f = fopen(DATA_FILE, "r");
    CU_ASSERT_PTR_NOT_NULL_FATAL(f);
    struct captured c;
    uint32_t seed = 777;
    char text[MAX_ID + 8];
    while (next_captured(f, &c)) {
        size_t len0 = strlen(c.id);
        for (int round = 0; round < 120; round++) {
            size_t len = len0;
            memcpy(text, c.id, len);
            for (int edits = 1 + (int)(next_random(&seed) % 3); edits > 0; edits--) {
                size_t at = next_random(&seed) % (len + 1);
                char ch = mutants[next_random(&seed) % (sizeof mutants - 1)];
                switch (next_random(&seed) % 4) {
                case 0: text[at < len ? at : len - 1] = ch; break;
                case 1:
                    memmove(text + at + 1, text + at, len - at);
                    text[at] = ch;
                    len++;
                    break;
                case 2:
                    if (at < len) memmove(text + at, text + at + 1, len - at - 1), len--;
                    break;
                default:
                    if (at + 1 < len) {
                        char t = text[at];
                        text[at] = text[at + 1];
                        text[at + 1] = t;
                    }
                }
                if (len >= MAX_ID) break;
            }
            check_accepted(text, len);
        }
    }
    fclose(f);
}

/* A 4x4 killer whose cages are the four columns. */
static void column_killer(struct solo_desc *d)
{
    memset(d, 0, sizeof *d);
    d->size = 4;
    d->box_rows = d->box_cols = 2;
    d->ncages = 4;
    for (int c = 0; c < 16; c++) d->cage[c] = c % 4;
    for (int k = 0; k < 4; k++) d->cage_sum[k] = 10;
}

/* A 4x4 jigsaw whose regions are the four rows. */
static void row_jigsaw(struct solo_desc *d)
{
    memset(d, 0, sizeof *d);
    d->size = 4;
    for (int c = 0; c < 16; c++) d->region[c] = c / 4;
}

/* solo_id_write refuses (-1, nothing written) what has no Solo ID; what it
 * does write parses back to the same partition. */
static void test_writer_refusals(void)
{
    static struct solo_desc d, back;
    char out[MAX_ID];

    column_killer(&d);
    CU_ASSERT_EQUAL_FATAL(solo_id_write(&d, out, sizeof out), (int)strlen(out));
    CU_ASSERT_STRING_EQUAL(out, "2x2k:p,____________l,10_10_10_10l");
    CU_ASSERT_EQUAL_FATAL(parse_str(out, &back, NULL), 0);
    CU_ASSERT_EQUAL(memcmp(back.cage, d.cage, sizeof d.cage), 0);
    CU_ASSERT_EQUAL(memcmp(back.cage_sum, d.cage_sum, sizeof d.cage_sum), 0);

    /* Cages numbered in another order still write; the sum goes to the
     * first cell of each cage, and reading renumbers the cages. */
    for (int c = 0; c < 16; c++) d.cage[c] = 3 - c % 4;
    d.cage_sum[3] = 7;
    CU_ASSERT(solo_id_write(&d, out, sizeof out) > 0);
    CU_ASSERT_STRING_EQUAL(out, "2x2k:p,____________l,7_10_10_10l");
    CU_ASSERT_EQUAL_FATAL(parse_str(out, &back, NULL), 0);
    CU_ASSERT_EQUAL(back.cage[0], 0);
    CU_ASSERT_EQUAL(back.cage_sum[0], 7);

    column_killer(&d);
    d.cage[0] = 1, d.cage[1] = 0; /* cage 0 = {1,4,8,12}: not one area */
    out[0] = 'Q';
    CU_ASSERT_EQUAL(solo_id_write(&d, out, sizeof out), -1);
    CU_ASSERT_EQUAL(out[0], 'Q');
    column_killer(&d);
    d.cage[5] = -1; /* a cell in no cage */
    CU_ASSERT_EQUAL(solo_id_write(&d, out, sizeof out), -1);
    column_killer(&d);
    d.cage[0] = 4, d.ncages = 5; /* a one-cell cage: Solo refuses them */
    CU_ASSERT_EQUAL(solo_id_write(&d, out, sizeof out), -1);
    column_killer(&d);
    d.ncages = 5; /* cage 4 has no cells */
    CU_ASSERT_EQUAL(solo_id_write(&d, out, sizeof out), -1);
    column_killer(&d);
    d.cage[0] = 7; /* out of range */
    CU_ASSERT_EQUAL(solo_id_write(&d, out, sizeof out), -1);
    column_killer(&d);
    for (int c = 0; c < 8; c++) d.cage[c] = 0; /* a cage of 8 cells > N */
    CU_ASSERT_EQUAL(solo_id_write(&d, out, sizeof out), -1);
    column_killer(&d);
    d.cage_sum[2] = 11; /* above 1+2+3+4 */
    CU_ASSERT_EQUAL(solo_id_write(&d, out, sizeof out), -1);
    column_killer(&d);
    d.cage_sum[2] = 0; /* no sum shown is fine */
    CU_ASSERT(solo_id_write(&d, out, sizeof out) > 0);
    CU_ASSERT_STRING_EQUAL(out, "2x2k:p,____________l,10_10a10l");

    row_jigsaw(&d);
    CU_ASSERT(solo_id_write(&d, out, sizeof out) > 0);
    CU_ASSERT_STRING_EQUAL(out, "4j:p,l____________");
    CU_ASSERT_EQUAL_FATAL(parse_str(out, &back, NULL), 0);
    CU_ASSERT_EQUAL(memcmp(back.region, d.region, sizeof d.region), 0);
    d.region[3] = 1, d.region[4] = 0; /* still two connected areas of 4 */
    CU_ASSERT(solo_id_write(&d, out, sizeof out) > 0);
    CU_ASSERT_EQUAL_FATAL(parse_str(out, &back, NULL), 0);
    CU_ASSERT_EQUAL(memcmp(back.region, d.region, sizeof d.region), 0);
    row_jigsaw(&d);
    d.region[1] = 1, d.region[5] = 0; /* sizes still 4, but both split */
    CU_ASSERT_EQUAL(solo_id_write(&d, out, sizeof out), -1);
    row_jigsaw(&d);
    d.region[4] = 0; /* sizes 5 and 3 */
    CU_ASSERT_EQUAL(solo_id_write(&d, out, sizeof out), -1);
    row_jigsaw(&d);
    d.region[15] = 4; /* out of range */
    CU_ASSERT_EQUAL(solo_id_write(&d, out, sizeof out), -1);
    row_jigsaw(&d);
    d.givens[3] = 5; /* given above N */
    CU_ASSERT_EQUAL(solo_id_write(&d, out, sizeof out), -1);
    row_jigsaw(&d);
    d.ncages = 4; /* a killer on top: all cages are -1 */
    for (int c = 0; c < 16; c++) d.cage[c] = -1;
    CU_ASSERT_EQUAL(solo_id_write(&d, out, sizeof out), -1);

    memset(&d, 0, sizeof d);
    d.size = 4, d.box_rows = 1, d.box_cols = 4; /* Solo has no 1-row boxes */
    CU_ASSERT_EQUAL(solo_id_write(&d, out, sizeof out), -1);
    d.box_rows = 4, d.box_cols = 1; /* "4x1" would read as a jigsaw */
    CU_ASSERT_EQUAL(solo_id_write(&d, out, sizeof out), -1);
    d.box_rows = 2, d.box_cols = 3; /* 6 != 4 */
    CU_ASSERT_EQUAL(solo_id_write(&d, out, sizeof out), -1);
    d.size = 1, d.box_rows = d.box_cols = 0;
    CU_ASSERT_EQUAL(solo_id_write(&d, out, sizeof out), -1);
    d.size = 26;
    CU_ASSERT_EQUAL(solo_id_write(&d, out, sizeof out), -1);
    d.size = 3, d.diagonals = 1; /* X below 4 */
    for (int c = 0; c < 9; c++) d.region[c] = c / 3;
    CU_ASSERT_EQUAL(solo_id_write(&d, out, sizeof out), -1);
    d.diagonals = 0;
    CU_ASSERT(solo_id_write(&d, out, sizeof out) > 0);
    CU_ASSERT_STRING_EQUAL(out, "3j:i,f______");
    d.size = 16, d.box_rows = d.box_cols = 4, d.ncages = 1; /* killer above 9 */
    CU_ASSERT_EQUAL(solo_id_write(&d, out, sizeof out), -1);
    d.ncages = 0;
    CU_ASSERT(solo_id_write(&d, out, sizeof out) > 0);
    CU_ASSERT_STRING_EQUAL(out, "4x4:zzzzzzzzzv");
}

/* Long runs: 'z' is 26 empty cells in the givens and 26 open edges (no
 * wall) in a walls field, as Solo's decoder reads it (checked against
 * sgt-solo: "zzt" then 72 walls loads; "zzv" does not). */
static void test_long_runs(void)
{
    static struct solo_desc d;
    char want[200], out[MAX_ID];
    memset(&d, 0, sizeof d);
    d.size = 9;
    for (int c = 0; c < 81; c++) d.region[c] = c / 9; /* rows: 72 open edges in a row */
    strcpy(want, "9j:zzzc,zzt");
    memset(want + strlen(want), '_', 72);
    want[11 + 72] = '\0';
    CU_ASSERT_EQUAL(solo_id_write(&d, out, sizeof out), (int)strlen(want));
    CU_ASSERT_STRING_EQUAL(out, want);
    CU_ASSERT_EQUAL(parse_str(want, &d, NULL), 0);
    for (int c = 0; c < 81; c++) CU_ASSERT_EQUAL(d.region[c], c / 9);
    want[10] = 'v';
    CU_ASSERT_EQUAL(parse_str(want, &d, NULL), -1);

    /* columns as regions: 72 walls, then 72 open edges and the end */
    for (int c = 0; c < 81; c++) d.region[c] = c % 9;
    CU_ASSERT(solo_id_write(&d, out, sizeof out) > 0);
    CU_ASSERT_EQUAL(strncmp(out, "9j:zzzc,________", 16), 0);
    CU_ASSERT_EQUAL(strcmp(out + strlen(out) - 4, "_zzt"), 0);
    CU_ASSERT_EQUAL_FATAL(parse_str(out, &d, NULL), 0);
    for (int c = 0; c < 81; c++) CU_ASSERT_EQUAL(d.region[c], c % 9);

    /* 25x25: 624 empty cells are 24 'z', and a two-digit given */
    memset(&d, 0, sizeof d);
    d.size = 25, d.box_rows = d.box_cols = 5;
    d.givens[624] = 25;
    strcpy(want, "5x5:");
    memset(want + 4, 'z', 24);
    strcpy(want + 28, "25");
    CU_ASSERT_EQUAL(solo_id_write(&d, out, sizeof out), 30);
    CU_ASSERT_STRING_EQUAL(out, want);
    CU_ASSERT_EQUAL_FATAL(parse_str(want, &d, NULL), 0);
    CU_ASSERT_EQUAL(d.givens[624], 25);
    CU_ASSERT_EQUAL(d.region[624], 24);
}

/* A killer sum no digits reach is the rule's error, said at the sum's
 * column in the ID (found by scripts/fuzz_inputs.sh: it said column 1). */
static void test_rule_errors_at_their_sum(void)
{
    static const struct {
        const char *id;
        long col;
    } bad[] = {
        {"2x2k:p,_a_a_aa_b_____ba,1_5a4a6c6a6_7c", 25}, /* cage 1: 1 from three cells */
        {"2x2k:p,_a_a_aa_b_____ba,6_5a4a1c6a6_7c", 31}, /* cage 4: 1 from two cells */
        {"2x2k:p,_a_a_aa_b_____ba,6_5a4a6c6a6_1c", 37}, /* the last cage */
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        struct puzzle p;
        struct puzzle_source where;
        struct sl_error err = {0};
        int rc = format_solo_read(bad[i].id, strlen(bad[i].id), &p, &where, &err);
        CU_ASSERT_EQUAL(rc, -1);
        CU_ASSERT_EQUAL(err.col, bad[i].col);
        CU_ASSERT_PTR_NOT_NULL(strstr(err.msg, "add up to 1"));
        if (err.col != bad[i].col)
            fprintf(stderr, "\n%s: col %ld: %s\n", bad[i].id, err.col, err.msg);
    }
}

void tests_register(void)
{
    CU_pSuite s = CU_add_suite("solo_id", NULL, NULL);
    CU_add_test(s, "captured IDs round trip", test_captured_ids_round_trip);
    CU_add_test(s, "captured solutions agree", test_captured_solutions_agree);
    CU_add_test(s, "hand-checked facts", test_hand_checked_facts);
    CU_add_test(s, "malformed IDs fail at the right column",
                test_malformed_ids_fail_at_the_right_column);
    CU_add_test(s, "parse honours len", test_parse_honours_len);
    CU_add_test(s, "truncated IDs", test_truncated_ids);
    CU_add_test(s, "detect", test_detect);
    CU_add_test(s, "random bytes", test_random_bytes);
    CU_add_test(s, "mutated IDs", test_mutated_ids);
    CU_add_test(s, "writer refusals", test_writer_refusals);
    CU_add_test(s, "long runs", test_long_runs);
    CU_add_test(s, "rule errors at their sum", test_rule_errors_at_their_sum);
}
