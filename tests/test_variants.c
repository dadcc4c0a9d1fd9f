/*
 * test_variants.c — the variant rules (diagonal, oddeven, jigsaw, extra,
 * windoku) and the variant line formats: exact round trips, errors with
 * their columns, CSV and killer lines, --format restrictions, the rules
 * field a sudolab line leaves in its source and the rulesets it matches;
 * each rule's check against a model of its definition;
 * relation counts against the 4x4 grids that keep a random table.
 */
#include <CUnit/CUnit.h>
#include <stdio.h>
#include <stdlib.h>

#include "cunit_main.h"
#include "format_variant.h"
#include "rng.h"
#include "test_helpers.h"
#include "test_reader.h"

#define EMPTY81 "................................................................................."
#define EMPTY80 "................................................................................"

static const char jigsaw9[] =
    "AAABBBCCCAAABBBCCCAADBBBCCCADDDEEEFFDDDEEEFFFDDGEEEFFFGGGHHHFIIGGGHHHIIIGGHHHIIII";

/* Reads one line; returns the reader's code and keeps the session open. */
static int read_one(struct session *s, const char *line, int formats)
{
    struct reader_options opt = {.formats = formats};
    session_open(s, line, &opt);
    return session_next(s);
}

/* Every line reads and writes back byte for byte. */
static void test_sudolab_round_trips(void)
{
    static char wide[2200];
    static const char *const lines[] = {
        "sudolab 9 3x3 classic;diagonal " EMPTY81,
        "sudolab 9 3x3 classic;diagonal:- "
        "1................................................................................",
        "sudolab 9 3x3 classic;diagonal:+ " EMPTY81,
        "sudolab 4 2x2 classic;oddeven:oe..eo..o..e...o 1...............",
        "sudolab 9 3x3 classic;windoku " EMPTY81,
        "sudolab 9 3x3 "
        "classic;extra:.........AAA.BBB..AAA.BBB..AAA.BBB.....................CCC.DDD..CCC.DDD.."
        "CCC.DDD. " EMPTY81,
        "sudolab 4 2x2 classic;killer:AAB.CDB.CDEEFFGG:3,?,5,7,5,3,7 ................",
        "sudolab 6 2x3 "
        "classic;diagonal;killer:AABBCCDDEEFFGGHHIIJJKKLLMMNNOOPPQQRR:3,5,7,9,11,4,6,8,10,3,5,7,9,"
        "11,4,6,8,10 ....................................",
        "sudolab 5 none classic 1........................",
        "sudolab 4 none killer:ABCDABCDABCDABCD:10,10,10,10 ................",
    };
    for (size_t i = 0; i < sizeof lines / sizeof lines[0] + 1; i++) {
        const char *line = i < sizeof lines / sizeof lines[0] ? lines[i] : NULL;
        if (line == NULL) { /* jigsaw, built here for its long map */
            snprintf(wide, sizeof wide, "sudolab 9 none classic;jigsaw:%s " EMPTY81, jigsaw9);
            line = wide;
        }
        struct session s;
        int rc = read_one(&s, line, 0);
        if (rc != 1) fprintf(stderr, "\n%s\n -> %s\n", line, s.err.msg);
        CU_ASSERT_EQUAL_FATAL(rc, 1);
        char out[2200];
        format_sudolab_line(&s.p, out, sizeof out);
        CU_ASSERT_STRING_EQUAL(out, line);
        if (strcmp(out, line) != 0) fprintf(stderr, "\n in: %s\nout: %s\n", line, out);
        session_close(&s);
    }
}

/* A 16x16 killer of 128 two-cell cages needs the wide map (two symbols a
 * cell) and still round-trips. */
static void test_wide_map_round_trip(void)
{
    static char line[4096], out[4096];
    static const char sym[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    int len = sprintf(line, "sudolab 16 4x4 classic;killer:");
    for (int c = 0; c < 256; c++) {
        int cage = c / 2;
        len += sprintf(line + len, "%c%c", sym[cage / 62], sym[cage % 62]);
    }
    for (int cage = 0; cage < 128; cage++)
        len += sprintf(line + len, "%c%d", cage ? ',' : ':', 3 + cage % 20);
    line[len++] = ' ';
    memset(line + len, '.', 256);
    line[len + 256] = '\0';
    struct session s;
    CU_ASSERT_EQUAL_FATAL(read_one(&s, line, 0), 1);
    format_sudolab_line(&s.p, out, sizeof out);
    CU_ASSERT_STRING_EQUAL(out, line);
    session_close(&s);
}

/* Bad lines: the error names the column of the culprit. */
static void test_sudolab_errors(void)
{
    static const struct {
        const char *line;
        long col;
        const char *says;
    } cases[] = {
        {"sudolab 9 3x3 classic;bogus " EMPTY81, 23, "unknown rule"},
        {"sudolab 0 3x3 classic " EMPTY81, 9, "size"},
        {"sudolab 9 3y3 classic " EMPTY81, 11, "RxC"},
        {"sudolab 9 2x5 classic " EMPTY81, 11, "2x5"},
        {"sudolab 9 3x3 classic .....", 28, "81 symbols"},
        {"sudolab 9 3x3 classic", 22, "expected the givens"},
        {"sudolab 9 3x3 classic;diagonal:x " EMPTY81, 32, "diagonal"},
        {"sudolab 4 2x2 classic;oddeven:oe..eq..o..e...o ................", 36, "'q'"},
        {"sudolab 4 2x2 classic;killer:AAB.CDB.CDEEFFGG:3,?,5,7,5,3,17 ................", 59,
         "add up to 17"},
        {"sudolab 4 2x2 classic;killer:AAB.CDB.CDEEFFGG:3,?,5,7,5,3 ................", 58,
         "sum of cage 7"},
        {"sudolab 4 2x2 classic;killer:AAB.CDB.CDEEFFGG:3,?,5,7,5,3,7,4 ................", 60,
         "more sums"},
        {"sudolab 4 2x2 classic;killer:AAAAAB.CDB.CDEEFF:? ................", 46, "16 symbols"},
        {"sudolab 4 2x2 classic;killer:AAAAABBBBBCCCDDD:? ................", 30, "5 cells"},
        {"sudolab 4 2x2 classic;killer:AAB+CDB.CDEEFFGG:3 ................", 33, "'+'"},
        {"sudolab 4 none classic;jigsaw:AABBAABBCCDDCCDC ................", 39, "region 3 has 5"},
        {"sudolab 4 none classic;jigsaw:AABBAABBCCDDCCD. ................", 41, "region 4"},
        {"sudolab 4 none classic;extra:AAA............. ................", 30, "region 1 has 3"},
        {"sudolab 6 2x3 classic;windoku ....................................", 23, "square boxes"},
        {"sudolab 4 2x2 classic;killer:AB..............:3,4;killer:A...............:3 "
         "................",
         51, "appears twice"},
        /* Cell numbers, read digit by digit: the column is the path's. */
        {"sudolab 9 3x3 classic;differ:0-1,2-81 " EMPTY81, 34, "different cells 'a-b' (0..80)"},
        {"sudolab 9 3x3 classic;differ:0-1,2-99999999999999999999999 " EMPTY81, 34,
         "different cells"},
        {"sudolab 9 3x3 classic;differ:0-1,99999999999999999999999-2 " EMPTY81, 34,
         "different cells"},
        /* 2^64 + 5, which a reader that wraps around takes for cell 5 */
        {"sudolab 9 3x3 classic;differ:0-1,2-18446744073709551621 " EMPTY81, 34, "different cells"},
        {"sudolab 9 3x3 classic;differ:0-1,2--3 " EMPTY81, 34, "different cells"},
        {"sudolab 9 3x3 classic;differ:0-1,2-+3 " EMPTY81, 34, "different cells"},
        {"sudolab 9 3x3 classic;differ:0-1,-2-3 " EMPTY81, 34, "different cells"},
        {"sudolab 9 3x3 classic;differ:0-1,2-3x " EMPTY81, 34, "different cells"},
        {"sudolab 9 3x3 classic;differ:0-1,2-02 " EMPTY81, 34, "different cells"},
        {"sudolab 9 3x3 classic;differ:0-1,2 " EMPTY81, 34, "different cells"},
        {"sudolab 9 3x3 classic;thermo:0-1-2,3-4-100 " EMPTY81, 36,
         "a path of 2 to 9 different cells"},
        {"sudolab 9 3x3 classic;sum:1+2=@3,4+81=@5 " EMPTY81, 34, "expected cells 'a+b+c'"},
        {"sudolab 9 3x3 classic;sum:1+2=@3,4+5=@0081 " EMPTY81, 34, "'@' needs a cell"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        struct session s;
        int rc = read_one(&s, cases[i].line, 0);
        CU_ASSERT_EQUAL(rc, -1);
        CU_ASSERT_EQUAL(s.err.line, 1);
        CU_ASSERT_EQUAL(s.err.col, cases[i].col);
        CU_ASSERT_PTR_NOT_NULL(strstr(s.err.msg, cases[i].says));
        if (rc != -1 || s.err.col != cases[i].col || !strstr(s.err.msg, cases[i].says))
            fprintf(stderr, "\n%s\n -> %d %ld:%ld %s\n", cases[i].line, rc, s.err.line, s.err.col,
                    s.err.msg);
        session_close(&s);
    }
}

/* Cell numbers with leading zeros are the numbers (as strtol read them),
 * and the largest cell reads. */
static void test_cell_numbers(void)
{
    struct session s;
    char out[256];
    CU_ASSERT_EQUAL_FATAL(read_one(&s, "sudolab 9 3x3 classic;differ:000-1,2-080 " EMPTY81, 0), 1);
    format_sudolab_line(&s.p, out, sizeof out);
    CU_ASSERT_STRING_EQUAL(out, "sudolab 9 3x3 classic;differ:0-1,2-80 " EMPTY81);
    session_close(&s);
}

/* The killer sample's CSV header is skipped, its rows read with their
 * solution; a CAGEMAP SUMS SOLUTION line reads the same. */
static void test_killer_csv_and_line(void)
{
    static const char map[] =
        "AABCDDDEFGGBCHIEEFJJKHHILLMNNKKOPQQMRSSTOPUVVRRWTXUUYZabWWXcdYZabeeXcdffgghhccfff";
    static const char sums[] = "13,11,7,18,18,6,13,14,7,7,8,12,13,8,7,16,14,16,15,14,15,5,12,13,11,"
                               "13,3,9,16,11,12,20,12,16";
    static const char sol[] =
        "673298154948531672521476398714329865396857241852614937239145786165783429487962513";
    char text[1024];
    snprintf(text, sizeof text,
             "grade,index,cage_map,cage_sums,solution\n1,1,%s,\"%s\",%s\n%s %s %s\n", map, sums,
             sol, map, sums, sol);
    struct session s;
    session_open(&s, text, NULL);
    for (int k = 0; k < 2; k++) {
        CU_ASSERT_EQUAL_FATAL(session_next(&s), 1);
        CU_ASSERT_EQUAL(s.src.line, k + 2);
        CU_ASSERT_TRUE(s.src.has_solution);
        CU_ASSERT_EQUAL(s.src.solution[0], 6);
        CU_ASSERT_EQUAL(s.p.nrules, 2);
        CU_ASSERT_STRING_EQUAL(s.p.rules[1].ops->name, "killer");
        uint8_t grid[81];
        for (int c = 0; c < 81; c++) grid[c] = (uint8_t)(sol[c] - '0');
        CU_ASSERT_TRUE(puzzle_is_solution(&s.p, grid));
        grid[0] = 7, grid[1] = 6; /* swapped: rows fine, cages not */
        CU_ASSERT_FALSE(puzzle_is_solution(&s.p, grid));
    }
    CU_ASSERT_EQUAL(session_next(&s), 0);
    session_close(&s);
    /* One quote alone (the row cut, or a quote lost) was read as if both
     * were there; now the row is no CSV row, an error. */
    for (int k = 0; k < 2; k++) {
        snprintf(text, sizeof text, "grade,index,cage_map,cage_sums,solution\n1,1,%s,%s%s%s\n", map,
                 k ? "" : "\"", sums, k ? "\"" : "");
        session_open(&s, text, NULL);
        CU_ASSERT_EQUAL(session_next(&s), -1);
        CU_ASSERT_EQUAL(s.err.line, 2);
        session_close(&s);
    }
}

/* A killer line's errors name their column on the line, whichever check
 * finds them: the map, the sums' syntax, or a sum no cage can reach
 * (written sums lose leading zeros, the column must not move). */
static void test_killer_line_errors(void)
{
    static const struct {
        const char *line;
        long col;
        const char *says;
    } cases[] = {
        {"AAB.CDB.CDEEFFGG 3,?,5,7,5,3,7,4", 31, "more sums"},
        {"AAB.CDB.CDEEFFGG 3,?,5,7,5,3", 29, "sum of cage 7"},
        {"AAB.CDB.CDEEFFGG 003,?,05,7,5,3,17", 33, "add up to 17"},
        {"AAB.CDB.CDEEFFGG 3,?,5,7,5,3,999999999999999999999", 30, "cage 7 needs a sum 1..325"},
        {"AAAAABBBBBCCCDDD ?,?,?,?", 1, "5 cells"},
        /* a map half letters, the fewest a killer line's may hold */
        {"QQ..", 5, "needs its sums"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        struct session s;
        int rc = read_one(&s, cases[i].line, FORMAT_KILLER);
        CU_ASSERT_EQUAL(rc, -1);
        CU_ASSERT_EQUAL(s.err.col, cases[i].col);
        CU_ASSERT_PTR_NOT_NULL(strstr(s.err.msg, cases[i].says));
        if (rc != -1 || s.err.col != cases[i].col || !strstr(s.err.msg, cases[i].says))
            fprintf(stderr, "\n%s\n -> %d %ld %s\n", cases[i].line, rc, s.err.col, s.err.msg);
        session_close(&s);
    }
}

/* --format keeps other forms out, with an error at the line. */
static void test_format_restriction(void)
{
    struct session s;
    CU_ASSERT_EQUAL(read_one(&s, "sudolab 4 2x2 classic 1...............\n", FORMAT_CLASSIC), -1);
    CU_ASSERT_PTR_NOT_NULL(strstr(s.err.msg, "--format"));
    session_close(&s);
    CU_ASSERT_EQUAL(read_one(&s, "1...............\n", FORMAT_SUDOLAB), -1);
    session_close(&s);
    CU_ASSERT_EQUAL(read_one(&s, "1...............\n", FORMAT_CLASSIC), 1);
    session_close(&s);
    CU_ASSERT_EQUAL(format_by_name("csv"), FORMAT_CSV);
    CU_ASSERT_EQUAL(format_by_name("nope"), 0);
}

/* --- The rules themselves, through random fills -------------------------- */

/* Fills random grids under the line's rules and checks `holds` on each. */
static void fill_and_check(const char *line, int (*holds)(const uint8_t *grid, int n))
{
    struct session s;
    struct sl_error err = {0};
    CU_ASSERT_EQUAL_FATAL(read_one(&s, line, 0), 1);
    struct ruleset *rs = ruleset_build(&s.p, &err);
    struct solver *solver = rs ? solver_new(rs) : NULL;
    CU_ASSERT_PTR_NOT_NULL_FATAL(solver);
    struct rng rng;
    rng_seed(&rng, 3);
    for (int k = 0; k < 20; k++) {
        uint8_t grid[SL_MAX_CELLS];
        CU_ASSERT_EQUAL_FATAL(solver_fill(solver, s.p.givens, &rng, grid, NULL).solutions, 1);
        CU_ASSERT_TRUE(puzzle_is_solution(&s.p, grid));
        CU_ASSERT_TRUE(holds(grid, s.p.geo.size));
    }
    solver_free(solver);
    ruleset_free(rs);
    session_close(&s);
}

static int distinct(const uint8_t *grid, const int *cells, int n)
{
    digitset seen = 0;
    for (int i = 0; i < n; i++) seen |= digitset_of(grid[cells[i]]);
    return seen == digitset_all(n);
}

static int both_diagonals(const uint8_t *grid, int n)
{
    int a[SL_MAX_SIZE], b[SL_MAX_SIZE];
    for (int i = 0; i < n; i++) a[i] = i * n + i, b[i] = i * n + n - 1 - i;
    return distinct(grid, a, n) && distinct(grid, b, n);
}

static int falling_diagonal(const uint8_t *grid, int n)
{
    int a[SL_MAX_SIZE];
    for (int i = 0; i < n; i++) a[i] = i * n + i;
    return distinct(grid, a, n);
}

static int parity_marks(const uint8_t *grid, int n)
{
    static const char marks[] = "oe..eo..o..e...o";
    for (int c = 0; c < n * n; c++)
        if ((marks[c] == 'o' && grid[c] % 2 == 0) || (marks[c] == 'e' && grid[c] % 2 == 1))
            return 0;
    return 1;
}

static int jigsaw_regions(const uint8_t *grid, int n)
{
    for (char region = 'A'; region < 'A' + n; region++) {
        int cells[SL_MAX_SIZE], k = 0;
        for (int c = 0; c < n * n; c++)
            if (jigsaw9[c] == region) cells[k++] = c;
        if (k != n || !distinct(grid, cells, n)) return 0;
    }
    return 1;
}

static int windows(const uint8_t *grid, int n)
{
    static const int tops[] = {1, 5};
    for (int i = 0; i < 4; i++) {
        int cells[9], k = 0, top = tops[i / 2], left = tops[i % 2];
        for (int r = 0; r < 3; r++)
            for (int c = 0; c < 3; c++) cells[k++] = (top + r) * n + left + c;
        if (!distinct(grid, cells, 9)) return 0;
    }
    return 1;
}

static void test_rules_hold_in_fills(void)
{
    char line[256];
    fill_and_check("sudolab 9 3x3 classic;diagonal " EMPTY81, both_diagonals);
    fill_and_check(
        "sudolab 16 4x4 classic;diagonal:- "
        ".........................................................................................."
        ".........................................................................................."
        "............................................................................",
        falling_diagonal);
    fill_and_check("sudolab 4 2x2 classic;oddeven:oe..eo..o..e...o ................", parity_marks);
    snprintf(line, sizeof line, "sudolab 9 none classic;jigsaw:%s " EMPTY81, jigsaw9);
    fill_and_check(line, jigsaw_regions);
    fill_and_check("sudolab 9 3x3 classic;windoku " EMPTY81, windows);
}

/* --- Each rule's check against its definition ---------------------------- */

/* The line of a rule below, as cells (row-major), for the models. */
struct model_line {
    int len;
    int cell[6];
};

/* Lines that cross boxes, so a classic grid can meet or miss each rule. */
static const struct model_line palindrome_line = {3, {2, 3, 12}};
static const struct model_line whispers_line = {4, {30, 31, 32, 33}};
static const struct model_line renban_line = {3, {47, 48, 57}};
/* r3c3 and r7c7 round r4c4 and r5c5: no inside cell shares a row, a
 * column or a box with an end, so it may hold an end's digit. */
static const struct model_line between_line = {4, {20, 30, 40, 60}};
static const struct model_line thermo_line = {3, {6, 15, 24}};

static int palindrome_holds(const uint8_t *grid, int n)
{
    const struct model_line *l = &palindrome_line;
    (void)n;
    for (int k = 0; k < l->len; k++)
        if (grid[l->cell[k]] != grid[l->cell[l->len - 1 - k]]) return 0;
    return 1;
}

static int whispers_holds(const uint8_t *grid, int n)
{
    const struct model_line *l = &whispers_line;
    (void)n;
    for (int k = 1; k < l->len; k++)
        if (abs(grid[l->cell[k]] - grid[l->cell[k - 1]]) < 5) return 0;
    return 1;
}

static int renban_holds(const uint8_t *grid, int n)
{
    const struct model_line *l = &renban_line;
    int lo = n + 1, hi = 0;
    (void)n;
    for (int k = 0; k < l->len; k++) {
        for (int j = 0; j < k; j++)
            if (grid[l->cell[j]] == grid[l->cell[k]]) return 0;
        lo = grid[l->cell[k]] < lo ? grid[l->cell[k]] : lo;
        hi = grid[l->cell[k]] > hi ? grid[l->cell[k]] : hi;
    }
    return hi - lo == l->len - 1;
}

static int between_holds(const uint8_t *grid, int n)
{
    const struct model_line *l = &between_line;
    int a = grid[l->cell[0]], b = grid[l->cell[l->len - 1]];
    (void)n;
    for (int k = 1; k < l->len - 1; k++) {
        int d = grid[l->cell[k]];
        if (!((a < d && d < b) || (b < d && d < a))) return 0;
    }
    return 1;
}

static int thermo_holds(const uint8_t *grid, int n)
{
    const struct model_line *l = &thermo_line;
    (void)n;
    for (int k = 1; k < l->len; k++)
        if (grid[l->cell[k]] <= grid[l->cell[k - 1]]) return 0;
    return 1;
}

/* An arrow whose total is read from two cells: r1c3 + r1c4 is the number
 * r1c1 r1c2 (tens, units). */
static int two_digit_arrow_holds(const uint8_t *grid, int n)
{
    (void)n;
    return grid[2] + grid[3] == 10 * grid[0] + grid[1];
}

/* The rule's check (through puzzle_is_solution) says of every grid what
 * the model says: on random classic grids, which mostly break the rule,
 * and on fills under the rule, which keep it (and the model must agree). */
static void check_matches_model(const char *line, int (*holds)(const uint8_t *grid, int n))
{
    struct session s;
    struct fixture classic;
    struct rng rng;
    int broken = 0;
    CU_ASSERT_EQUAL_FATAL(read_one(&s, line, 0), 1);
    CU_ASSERT_EQUAL_FATAL(fixture_open(&classic, 9, 3, 3, NULL), 0);
    rng_seed(&rng, 11);
    for (int k = 0; k < 300; k++) {
        uint8_t grid[SL_MAX_CELLS];
        CU_ASSERT_EQUAL_FATAL(
            solver_fill(classic.solver, classic.puzzle.givens, &rng, grid, NULL).solutions, 1);
        int model = holds(grid, 9);
        CU_ASSERT_EQUAL(puzzle_is_solution(&s.p, grid), model);
        broken += !model;
    }
    CU_ASSERT_TRUE(broken > 0);
    fill_and_check(line, holds);
    fixture_close(&classic);
    session_close(&s);
}

static void test_checks_match_models(void)
{
    char line[256];
    check_matches_model("sudolab 9 3x3 classic;palindrome:2-3-12 " EMPTY81, palindrome_holds);
    check_matches_model("sudolab 9 3x3 classic;whispers:30-31-32-33 " EMPTY81, whispers_holds);
    check_matches_model("sudolab 9 3x3 classic;renban:47-48-57 " EMPTY81, renban_holds);
    check_matches_model("sudolab 9 3x3 classic;between:20-30-40-60 " EMPTY81, between_holds);
    check_matches_model("sudolab 9 3x3 classic;thermo:6-15-24 " EMPTY81, thermo_holds);
    check_matches_model("sudolab 9 3x3 classic;sum:2+3=@0@1 " EMPTY81, two_digit_arrow_holds);
    snprintf(line, sizeof line, "sudolab 9 none classic;jigsaw:%s " EMPTY81, jigsaw9);
    check_matches_model(line, jigsaw_regions);
    check_matches_model("sudolab 9 3x3 classic;diagonal " EMPTY81, both_diagonals);
    check_matches_model("sudolab 9 3x3 classic;windoku " EMPTY81, windows);
}

/* --- A relation against the grids that keep it ---------------------------- */

/* Orthogonal pairs of a 4x4 grid, first cell first: the table reads
 * "first holds d, second may hold e", so order matters when the table is
 * not symmetric. */
static const int relation_pairs[][2] = {{0, 1}, {5, 9}, {15, 14}, {12, 8}, {2, 6}, {11, 10}};
#define RELATION_NPAIRS ((int)(sizeof relation_pairs / sizeof relation_pairs[0]))

/* Random tables, most of them not symmetric (a relation such as
 * greater-than): the solver counts, under the rule, as many grids as
 * there are 4x4 sudoku grids whose pairs the table allows. */
static void test_relation_counts_match_grids(void)
{
    static uint8_t grids[300 * 16];
    struct fixture plain;
    struct rng rng;
    CU_ASSERT_EQUAL_FATAL(fixture_open(&plain, 4, 2, 2, NULL), 0);
    long ngrids = solver_solutions(plain.solver, plain.puzzle.givens, 300, grids, NULL).solutions;
    CU_ASSERT_EQUAL_FATAL(ngrids, 288);
    fixture_close(&plain);
    int partial = 0; /* tables some grids keep and some break */
    rng_seed(&rng, 17);
    for (int trial = 0; trial < 40; trial++) {
        unsigned mask[5];
        char line[160], pairs[64];
        int used = 0;
        for (int d = 1; d <= 4; d++) mask[d] = (unsigned)rng_below(&rng, 16);
        for (int i = 0; i < RELATION_NPAIRS; i++)
            used += snprintf(pairs + used, sizeof pairs - (size_t)used, "%s%d-%d", i ? "," : "",
                             relation_pairs[i][0], relation_pairs[i][1]);
        snprintf(line, sizeof line,
                 "sudolab 4 2x2 classic;relation:%x.%x.%x.%x:%s ................", mask[1], mask[2],
                 mask[3], mask[4], pairs);
        struct session s;
        struct sl_error err = {0};
        CU_ASSERT_EQUAL_FATAL(read_one(&s, line, 0), 1);
        /* The rule's check says of each grid what the table says. */
        long model = 0, misjudged = 0;
        for (long k = 0; k < ngrids; k++) {
            const uint8_t *g = grids + 16 * k;
            int keeps = 1;
            for (int i = 0; i < RELATION_NPAIRS && keeps; i++)
                keeps = mask[g[relation_pairs[i][0]]] >> (g[relation_pairs[i][1]] - 1) & 1;
            model += keeps;
            misjudged += puzzle_is_solution(&s.p, g) != keeps;
        }
        CU_ASSERT_EQUAL(misjudged, 0);
        partial += model > 0 && model < ngrids;
        struct ruleset *rs = ruleset_build(&s.p, &err);
        struct solver *solver = rs ? solver_new(rs) : NULL;
        CU_ASSERT_PTR_NOT_NULL_FATAL(solver);
        CU_ASSERT_EQUAL(solver_count(solver, s.p.givens, 1000, NULL, NULL).solutions, model);
        solver_free(solver);
        ruleset_free(rs);
        session_close(&s);
    }
    CU_ASSERT_TRUE(partial >= 10);
}

/* An odd mark on an even given is caught before any search. */
static void test_oddeven_conflicting_given(void)
{
    struct session s;
    struct sl_error err = {0};
    int cell = -1;
    CU_ASSERT_EQUAL_FATAL(
        read_one(&s, "sudolab 4 2x2 classic;oddeven:o............... 2...............\n", 0), 1);
    struct ruleset *rs = ruleset_build(&s.p, &err);
    CU_ASSERT_PTR_NOT_NULL_FATAL(rs);
    CU_ASSERT_NOT_EQUAL(ruleset_check_givens(rs, s.p.givens, &cell, &err), 0);
    CU_ASSERT_EQUAL(cell, 0);
    CU_ASSERT_EQUAL(s.src.cell_col[0], 48);
    ruleset_free(rs);
    session_close(&s);
}

/* A sum whose total no digits reach has no combinations: the search
 * proves there is no solution (and the sum keeps no list to point into). */
static void test_sum_out_of_reach(void)
{
    struct session s;
    struct sl_error err = {0};
    CU_ASSERT_EQUAL_FATAL(read_one(&s, "sudolab 9 3x3 classic;sum:11+2=1 " EMPTY81 "\n", 0), 1);
    struct ruleset *rs = ruleset_build(&s.p, &err);
    CU_ASSERT_PTR_NOT_NULL_FATAL(rs);
    struct solver *solver = solver_new(rs);
    CU_ASSERT_PTR_NOT_NULL_FATAL(solver);
    CU_ASSERT_EQUAL(solver_count(solver, s.p.givens, 2, NULL, NULL).solutions, 0);
    solver_free(solver);
    ruleset_free(rs);
    session_close(&s);
}

/* A sudolab line's rules field is kept as written, a classic line's is
 * "classic"; no other form, and no field cut short, leaves one behind
 * (the loop's source is reused). */
static void test_rules_field_kept(void)
{
    static char text[SL_SOURCE_RULES_MAX + 4096];
    static const char field[] = "classic;differ:0-1,2-3";
    int len = snprintf(
        text, sizeof text,
        "sudolab 9 3x3 %s " EMPTY81 "\n" EMPTY81 "\nsudolab 9 3x3 %s " EMPTY81
        "\nAABCDDDEFGGBCHIEEFJJKHHILLMNNKKOPQQMRSSTOPUVVRRWTXUUYZabWWXcdYZabeeXcdffgghhccfff "
        "13,11,7,18,18,6,13,14,7,7,8,12,13,8,7,16,14,16,15,14,15,5,12,13,11,13,3,9,16,11,12,20,"
        "12,16\nsudolab 9 3x3 classic;differ:0-81 " EMPTY81 "\nsudolab 9 3x3 classic;differ:",
        field, field);
    int field_start = len - (int)strlen("classic;differ:");
    for (int i = 0; len - field_start <= SL_SOURCE_RULES_MAX; i++) /* pairs past the room kept */
        len += sprintf(text + len, "%s%d-%d", i ? "," : "", i % 40, 40 + i % 41);
    len += sprintf(text + len, " " EMPTY81 "\n");
    struct session s;
    session_open_bytes(&s, text, (size_t)len, NULL);
    CU_ASSERT_EQUAL_FATAL(session_next(&s), 1);
    CU_ASSERT_EQUAL(s.src.rules_len, strlen(field));
    CU_ASSERT_EQUAL(memcmp(s.src.rules, field, strlen(field)), 0);
    CU_ASSERT_EQUAL_FATAL(session_next(&s), 1); /* a classic line: the rule it is given */
    CU_ASSERT_EQUAL(s.src.rules_len, 7);
    CU_ASSERT_EQUAL(memcmp(s.src.rules, "classic", 7), 0);
    CU_ASSERT_EQUAL_FATAL(session_next(&s), 1);
    CU_ASSERT_EQUAL(s.src.rules_len, strlen(field));
    CU_ASSERT_EQUAL_FATAL(session_next(&s), 1); /* a killer line */
    CU_ASSERT_EQUAL(s.src.rules_len, 0);
    CU_ASSERT_EQUAL(session_next(&s), -1); /* a broken sudolab line */
    CU_ASSERT_EQUAL(s.src.rules_len, 0);
    CU_ASSERT_EQUAL_FATAL(session_next(&s), 1); /* too long to keep */
    CU_ASSERT_EQUAL(s.src.rules_len, 0);
    CU_ASSERT_EQUAL(session_next(&s), 0);
    session_close(&s);

    /* Read with no source: the reader's own, through reader_rules_field. */
    FILE *in = fmemopen(text, (size_t)len, "r");
    struct puzzle_reader *r = reader_open(in, NULL);
    struct puzzle p;
    struct sl_error err = {0};
    size_t got = 99;
    CU_ASSERT_EQUAL_FATAL(reader_next(r, &p, NULL, &err), 1);
    const char *at = reader_rules_field(r, &got);
    CU_ASSERT_EQUAL(got, strlen(field));
    CU_ASSERT_TRUE(at && memcmp(at, field, got) == 0);
    puzzle_clear(&p);
    CU_ASSERT_EQUAL_FATAL(reader_next(r, &p, NULL, &err), 1);
    at = reader_rules_field(r, &got);
    CU_ASSERT_TRUE(at && got == 7 && memcmp(at, "classic", 7) == 0);
    puzzle_clear(&p);
    CU_ASSERT_EQUAL_FATAL(reader_next(r, &p, NULL, &err), 1);
    puzzle_clear(&p);
    CU_ASSERT_EQUAL_FATAL(reader_next(r, &p, NULL, &err), 1); /* the killer line */
    CU_ASSERT_PTR_NULL(reader_rules_field(r, &got));
    CU_ASSERT_EQUAL(got, 0);
    puzzle_clear(&p);
    reader_close(r);
    fclose(in);
}

/* A sudolab line that parses, then is refused for its shape (--size,
 * --boxes), leaves no field behind: the parse had set one, and
 * reader_rules_field must not answer for a puzzle it did not return. */
static void test_rules_field_refused_shape(void)
{
    static const char line[] = "sudolab 9 3x3 classic;differ:0-1 " EMPTY81 "\n";
    struct session s;
    session_open(&s, line, &(struct reader_options){.size = 4});
    CU_ASSERT_EQUAL(session_next(&s), -1);
    CU_ASSERT_PTR_NOT_NULL(strstr(s.err.msg, "the size is set to 4"));
    CU_ASSERT_EQUAL(s.src.rules_len, 0);
    session_close(&s);

    FILE *in = fmemopen((void *)line, strlen(line), "r");
    CU_ASSERT_PTR_NOT_NULL_FATAL(in);
    struct puzzle_reader *r = reader_open(in, &(struct reader_options){.box_rows = -1});
    CU_ASSERT_PTR_NOT_NULL_FATAL(r);
    struct puzzle p;
    struct sl_error err = {0};
    size_t len = 99;
    CU_ASSERT_EQUAL(reader_next(r, &p, NULL, &err), -1);
    CU_ASSERT_PTR_NOT_NULL(strstr(err.msg, "the boxes are set to none"));
    CU_ASSERT_PTR_NULL(reader_rules_field(r, &len));
    CU_ASSERT_EQUAL(len, 0);
    reader_close(r);
    fclose(in);
}

/* A ruleset that keeps the field it was built from matches a puzzle of
 * the same bytes at once; any other field (one pair changed, the same
 * pairs in another order, another geometry, a classic line's) gets the
 * answer of the written-out rules. */
static void test_rules_field_match(void)
{
    static const struct {
        const char *line;
        int matches; /* ruleset_matches's answer, which the field's must be */
    } cases[] = {
        {"sudolab 9 3x3 classic;differ:0-1,2-3,4-5 1" EMPTY80, 1}, /* the same field */
        {"sudolab 9 3x3 classic;differ:0-1,2-3,4-6 " EMPTY81, 0},  /* one cell other */
        {"sudolab 9 3x3 classic;differ:0-1,4-5,2-3 " EMPTY81, 0},  /* pairs in another order */
        {"sudolab 9 3x3 classic;differ:0-1,2-3,04-5 " EMPTY81, 1}, /* other bytes, same rules */
        {"sudolab 9 none classic;differ:0-1,2-3,4-5 " EMPTY81, 0}, /* no boxes */
        {"sudolab 9 3x3 classic " EMPTY81, 0},
        {EMPTY81, 0},
    };
    struct session first;
    CU_ASSERT_EQUAL_FATAL(read_one(&first, "sudolab 9 3x3 classic;differ:0-1,2-3,4-5 " EMPTY81, 0),
                          1);
    struct sl_error err = {0};
    struct ruleset *rs = ruleset_build(&first.p, &err);
    CU_ASSERT_PTR_NOT_NULL_FATAL(rs);
    CU_ASSERT_EQUAL_FATAL(ruleset_keep_field(rs, first.src.rules, first.src.rules_len), 0);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        struct session s;
        CU_ASSERT_EQUAL_FATAL(read_one(&s, cases[i].line, 0), 1);
        size_t len = 99;
        const char *field = source_rules_field(&s.src, &len);
        CU_ASSERT_TRUE(field ? len == s.src.rules_len : len == 0 && s.src.rules_len == 0);
        CU_ASSERT_EQUAL(ruleset_matches(rs, &s.p), cases[i].matches);
        CU_ASSERT_EQUAL(ruleset_matches_field(rs, &s.p, field, len), cases[i].matches);
        session_close(&s);
    }
    /* The field is trusted, not checked: kept for rules it did not make,
     * it says they match, so the cases above did take the written-out
     * path when the bytes differed. */
    struct session other;
    CU_ASSERT_EQUAL_FATAL(read_one(&other, cases[1].line, 0), 1);
    CU_ASSERT_FALSE(ruleset_matches(rs, &other.p));
    ruleset_keep_field(rs, other.src.rules, other.src.rules_len);
    CU_ASSERT_TRUE(ruleset_matches_field(rs, &other.p, other.src.rules, other.src.rules_len));
    ruleset_keep_field(rs, NULL, 0); /* none: the written-out answer again */
    CU_ASSERT_FALSE(ruleset_matches_field(rs, &other.p, other.src.rules, other.src.rules_len));
    session_close(&other);
    ruleset_free(rs);
    session_close(&first);
}

void tests_register(void)
{
    CU_pSuite s = CU_add_suite("variants", NULL, NULL);
    CU_add_test(s, "sudolab lines round-trip", test_sudolab_round_trips);
    CU_add_test(s, "wide cage map round-trips", test_wide_map_round_trip);
    CU_add_test(s, "sudolab line errors", test_sudolab_errors);
    CU_add_test(s, "cell numbers with leading zeros", test_cell_numbers);
    CU_add_test(s, "a sudolab line's rules field is kept", test_rules_field_kept);
    CU_add_test(s, "a line refused for its shape keeps no field", test_rules_field_refused_shape);
    CU_add_test(s, "a kept rules field matches its own bytes", test_rules_field_match);
    CU_add_test(s, "killer CSV and line", test_killer_csv_and_line);
    CU_add_test(s, "killer line errors", test_killer_line_errors);
    CU_add_test(s, "--format restriction", test_format_restriction);
    CU_add_test(s, "rules hold in random fills", test_rules_hold_in_fills);
    CU_add_test(s, "checks match their rules' models", test_checks_match_models);
    CU_add_test(s, "relation counts match the grids", test_relation_counts_match_grids);
    CU_add_test(s, "odd mark on an even given", test_oddeven_conflicting_given);
    CU_add_test(s, "a sum out of reach", test_sum_out_of_reach);
}
