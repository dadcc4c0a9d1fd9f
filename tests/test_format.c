/*
 * test_format.c — reading puzzles from text (one-line and grid forms,
 * comments, inferred and fixed sizes, every kind of malformed input) and
 * writing them back.
 */
#include <CUnit/CUnit.h>
#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cunit_main.h"
#include "format.h"
#include "format_regex.h"
#include "geometry.h"
#include "test_reader.h"

/* The classic example, with '0' for empty and with '.' for empty. */
static const char CLASSIC_ZEROS[] =
    "530070000600195000098000060800060003400803001700020006060000280000419005000080079";
static const char CLASSIC_DOTS[] =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

/* The same puzzle as a grid with rules all around. */
static const char CLASSIC_BOXED[] = "+-------+-------+-------+\n"
                                    "| 5 3 . | . 7 . | . . . |\n"
                                    "| 6 . . | 1 9 5 | . . . |\n"
                                    "| . 9 8 | . . . | . 6 . |\n"
                                    "+-------+-------+-------+\n"
                                    "| 8 . . | . 6 . | . . 3 |\n"
                                    "| 4 . . | 8 . 3 | . . 1 |\n"
                                    "| 7 . . | . 2 . | . . 6 |\n"
                                    "+-------+-------+-------+\n"
                                    "| . 6 . | . . . | 2 8 . |\n"
                                    "| . . . | 4 1 9 | . . 5 |\n"
                                    "| . . . | . 8 . | . 7 9 |\n"
                                    "+-------+-------+-------+\n";

/* The digits a one-line text names, as the reader should fill givens. */
static void digits_of(const char *text, uint8_t *out, int ncells)
{
    for (int i = 0; i < ncells; i++) out[i] = (uint8_t)geometry_digit(text[i]);
}

static void assert_classic(const struct session *s)
{
    uint8_t want[81];
    digits_of(CLASSIC_ZEROS, want, 81);
    CU_ASSERT_EQUAL(s->p.geo.size, 9);
    CU_ASSERT_EQUAL(s->p.geo.box_rows, 3);
    CU_ASSERT_EQUAL(s->p.geo.box_cols, 3);
    CU_ASSERT_EQUAL(s->p.nrules, 1);
    CU_ASSERT_EQUAL(memcmp(s->p.givens, want, 81), 0);
}

static int msg_has(const struct session *s, const char *part)
{
    return strstr(s->err.msg, part) != NULL;
}

/* ---- good input ---- */

static void test_one_line_dots_and_zeros(void)
{
    char text[100];
    /* Row one with dots, the rest with zeros. */
    snprintf(text, sizeof text, "53..7....%s\n", CLASSIC_ZEROS + 9);
    struct session s;
    session_open(&s, text, NULL);
    CU_ASSERT_EQUAL(session_next(&s), 1);
    assert_classic(&s);
    CU_ASSERT_EQUAL(s.src.line, 1);
    CU_ASSERT_EQUAL(s.src.cell_line[80], 1);
    CU_ASSERT_EQUAL(s.src.cell_col[0], 1);
    CU_ASSERT_EQUAL(s.src.cell_col[80], 81);
    CU_ASSERT_EQUAL(session_next(&s), 0);
    CU_ASSERT_EQUAL(session_next(&s), 0);
    session_close(&s);
}

static void test_one_line_annotation(void)
{
    char text[300];
    snprintf(text, sizeof text, "%s PUZZLE 2.5\n  %s\t# rated 2.5\n", CLASSIC_DOTS, CLASSIC_ZEROS);
    struct session s;
    session_open(&s, text, NULL);
    CU_ASSERT_EQUAL(session_next(&s), 1);
    assert_classic(&s);
    CU_ASSERT_EQUAL(session_next(&s), 1);
    assert_classic(&s);
    CU_ASSERT_EQUAL(s.src.line, 2);
    CU_ASSERT_EQUAL(s.src.cell_col[0], 3);
    CU_ASSERT_EQUAL(session_next(&s), 0);
    session_close(&s);
}

/* A restarted reader reads the new stream from its first line, with
 * nothing left over from the old one (a line it had not finished). */
static void test_restart(void)
{
    char first[300];
    snprintf(first, sizeof first, "%s\n# more\n%s\n", CLASSIC_DOTS, CLASSIC_ZEROS);
    struct session s;
    session_open(&s, first, NULL);
    CU_ASSERT_EQUAL(session_next(&s), 1);
    fclose(s.in);
    static const char second[] =
        "\n12341234123412341234123412341234123412341234123412341234123412341234"
        "1234123412341\n";
    s.in = fmemopen((void *)second, strlen(second), "r");
    CU_ASSERT_PTR_NOT_NULL_FATAL(s.in);
    reader_restart(s.r, s.in);
    CU_ASSERT_EQUAL(session_next(&s), 1);
    CU_ASSERT_EQUAL(s.src.line, 2);
    CU_ASSERT_EQUAL(s.p.givens[0], 1);
    CU_ASSERT_EQUAL(s.p.givens[80], 1);
    CU_ASSERT_EQUAL(session_next(&s), 0);
    fclose(s.in);
    s.in = fmemopen((void *)first, strlen(first), "r");
    CU_ASSERT_PTR_NOT_NULL_FATAL(s.in);
    reader_restart(s.r, s.in);
    CU_ASSERT_EQUAL(session_next(&s), 1);
    assert_classic(&s);
    CU_ASSERT_EQUAL(s.src.line, 1);
    session_close(&s);
}

static void test_grid_with_rules(void)
{
    struct session s;
    session_open(&s, CLASSIC_BOXED, NULL);
    CU_ASSERT_EQUAL(session_next(&s), 1);
    assert_classic(&s);
    CU_ASSERT_EQUAL(s.src.line, 2);
    CU_ASSERT_EQUAL(s.src.cell_line[0], 2);
    CU_ASSERT_EQUAL(s.src.cell_col[0], 3);
    CU_ASSERT_EQUAL(s.src.cell_line[80], 12);
    CU_ASSERT_EQUAL(s.src.cell_col[80], 23);
    CU_ASSERT_EQUAL(session_next(&s), 0);
    session_close(&s);
}

static void test_grid_without_rules(void)
{
    const char *text = "5 3 0 0 7 0 0 0 0\n"
                       "6 0 0 1 9 5 0 0 0\n"
                       "0 9 8 0 0 0 0 6 0\n"
                       "8 0 0 0 6 0 0 0 3\n"
                       "4 0 0 8 0 3 0 0 1\n"
                       "7 0 0 0 2 0 0 0 6\n"
                       "0 6 0 0 0 0 2 8 0\n"
                       "0 0 0 4 1 9 0 0 5\n"
                       "0 0 0 0 8 0 0 7 9\n";
    struct session s;
    session_open(&s, text, NULL);
    CU_ASSERT_EQUAL(session_next(&s), 1);
    assert_classic(&s);
    CU_ASSERT_EQUAL(s.src.cell_line[80], 9);
    CU_ASSERT_EQUAL(s.src.cell_col[80], 17);
    CU_ASSERT_EQUAL(session_next(&s), 0);
    session_close(&s);
}

static void test_nine_lines_of_nine_digits(void)
{
    char text[200] = "";
    for (int row = 0; row < 9; row++) {
        sprintf(text + row * 10, "%.9s\n", CLASSIC_ZEROS + row * 9);
    }
    struct session s;
    session_open(&s, text, NULL);
    CU_ASSERT_EQUAL(session_next(&s), 1);
    assert_classic(&s);
    CU_ASSERT_EQUAL(s.src.cell_line[9], 2);
    CU_ASSERT_EQUAL(s.src.cell_col[9], 1);
    CU_ASSERT_EQUAL(session_next(&s), 0);
    session_close(&s);
}

static void test_4x4_grid(void)
{
    const char *text = "1 2 | 3 4\n"
                       "3 . | 1 2\n"
                       "----+----\n"
                       "2 1 | 4 3\n"
                       "4 3 | 0 1\n";
    const uint8_t want[16] = {1, 2, 3, 4, 3, 0, 1, 2, 2, 1, 4, 3, 4, 3, 0, 1};
    struct session s;
    session_open(&s, text, NULL);
    CU_ASSERT_EQUAL(session_next(&s), 1);
    CU_ASSERT_EQUAL(s.p.geo.size, 4);
    CU_ASSERT_EQUAL(s.p.geo.box_rows, 2);
    CU_ASSERT_EQUAL(s.p.geo.box_cols, 2);
    CU_ASSERT_EQUAL(memcmp(s.p.givens, want, 16), 0);
    CU_ASSERT_EQUAL(s.src.cell_line[15], 5);
    CU_ASSERT_EQUAL(session_next(&s), 0);
    session_close(&s);
}

static void test_6x6_grid(void)
{
    const char *text = "1 2 3 | 4 5 6\n"
                       "4 5 6 | 1 2 3\n"
                       "------+------\n"
                       "2 3 1 | 5 6 4\n"
                       "5 6 4 | 2 3 1\n"
                       "------+------\n"
                       "3 1 2 | 6 4 5\n"
                       "6 4 5 | 3 1 .\n";
    struct session s;
    session_open(&s, text, NULL);
    CU_ASSERT_EQUAL(session_next(&s), 1);
    CU_ASSERT_EQUAL(s.p.geo.size, 6);
    CU_ASSERT_EQUAL(s.p.geo.box_rows, 2);
    CU_ASSERT_EQUAL(s.p.geo.box_cols, 3);
    CU_ASSERT_EQUAL(s.p.givens[0], 1);
    CU_ASSERT_EQUAL(s.p.givens[6], 4);
    CU_ASSERT_EQUAL(s.p.givens[34], 1);
    CU_ASSERT_EQUAL(s.p.givens[35], 0);
    CU_ASSERT_EQUAL(s.src.cell_line[35], 8);
    CU_ASSERT_EQUAL(s.src.cell_col[35], 13);
    CU_ASSERT_EQUAL(session_next(&s), 0);
    session_close(&s);
}

/* A one-line puzzle of size n whose cells cycle through every symbol. */
static void make_cycle(char *text, int n, int lower)
{
    for (int i = 0; i < n * n; i++) {
        int d = (i * 7 + i / n) % (n + 1);
        char c = geometry_symbol(d);
        text[i] = lower && d >= 10 ? (char)(c - 'A' + 'a') : c;
    }
    text[n * n] = '\n';
    text[n * n + 1] = '\0';
}

static void test_16x16_letters(void)
{
    char text[300];
    uint8_t want[256];
    make_cycle(text, 16, 0);
    CU_ASSERT_PTR_NOT_NULL(strchr(text, 'G'));
    digits_of(text, want, 256);
    struct session s;
    session_open(&s, text, NULL);
    CU_ASSERT_EQUAL(session_next(&s), 1);
    CU_ASSERT_EQUAL(s.p.geo.size, 16);
    CU_ASSERT_EQUAL(s.p.geo.box_rows, 4);
    CU_ASSERT_EQUAL(memcmp(s.p.givens, want, 256), 0);
    CU_ASSERT_EQUAL(session_next(&s), 0);
    session_close(&s);

    /* Lower-case letters name the same digits. */
    make_cycle(text, 16, 1);
    CU_ASSERT_PTR_NOT_NULL(strchr(text, 'g'));
    session_open(&s, text, NULL);
    CU_ASSERT_EQUAL(session_next(&s), 1);
    CU_ASSERT_EQUAL(memcmp(s.p.givens, want, 256), 0);
    session_close(&s);
}

static void test_25x25_one_line(void)
{
    char text[700];
    uint8_t want[625];
    make_cycle(text, 25, 0);
    CU_ASSERT_PTR_NOT_NULL(strchr(text, 'P'));
    digits_of(text, want, 625);
    struct session s;
    session_open(&s, text, NULL);
    CU_ASSERT_EQUAL(session_next(&s), 1);
    CU_ASSERT_EQUAL(s.p.geo.size, 25);
    CU_ASSERT_EQUAL(s.p.geo.box_rows, 5);
    CU_ASSERT_EQUAL(s.p.geo.box_cols, 5);
    CU_ASSERT_EQUAL(memcmp(s.p.givens, want, 625), 0);
    CU_ASSERT_EQUAL(s.src.cell_col[624], 625);
    CU_ASSERT_EQUAL(session_next(&s), 0);
    session_close(&s);
}

static void test_comments_and_blank_lines(void)
{
    char text[600];
    snprintf(text, sizeof text,
             "# a collection\n\n%s\n   \n# next\n  # indented comment\n%s\n\n\n%s", CLASSIC_DOTS,
             CLASSIC_ZEROS, CLASSIC_BOXED);
    struct session s;
    session_open(&s, text, NULL);
    CU_ASSERT_EQUAL(session_next(&s), 1);
    assert_classic(&s);
    CU_ASSERT_EQUAL(s.src.line, 3);
    CU_ASSERT_EQUAL(session_next(&s), 1);
    assert_classic(&s);
    CU_ASSERT_EQUAL(s.src.line, 7);
    CU_ASSERT_EQUAL(session_next(&s), 1);
    assert_classic(&s);
    CU_ASSERT_EQUAL(s.src.line, 11);
    CU_ASSERT_EQUAL(session_next(&s), 0);
    session_close(&s);
}

static void test_size_fixes_4x4_one_liners(void)
{
    char text[20 * 18] = "";
    for (int i = 0; i < 17; i++) strcat(text, i % 2 ? "1234341221434321\n" : "12..3412214.4321\n");
    struct reader_options opt = {.size = 4};
    struct session s;
    session_open(&s, text, &opt);
    int puzzles = 0;
    while (session_next(&s) == 1) {
        CU_ASSERT_EQUAL(s.p.geo.size, 4);
        CU_ASSERT_EQUAL(s.src.line, puzzles + 1);
        puzzles++;
    }
    CU_ASSERT_EQUAL(puzzles, 17);
    session_close(&s);

    /* Without --size, sixteen of them in a row are one 16x16 grid... */
    text[16 * 17] = '\0';
    session_open(&s, text, NULL);
    CU_ASSERT_EQUAL(session_next(&s), 1);
    CU_ASSERT_EQUAL(s.p.geo.size, 16);
    CU_ASSERT_EQUAL(session_next(&s), 0);
    session_close(&s);

    /* ...but fewer are 4x4 one-line puzzles. */
    text[3 * 17] = '\0';
    session_open(&s, text, NULL);
    for (int i = 0; i < 3; i++) {
        CU_ASSERT_EQUAL(session_next(&s), 1);
        CU_ASSERT_EQUAL(s.p.geo.size, 4);
    }
    CU_ASSERT_EQUAL(session_next(&s), 0);
    session_close(&s);
}

static void test_size_fixes_grid_rows(void)
{
    struct reader_options opt = {.size = 9};
    char text[600];
    snprintf(text, sizeof text, "%s\n%s", CLASSIC_BOXED, CLASSIC_DOTS);
    struct session s;
    session_open(&s, text, &opt);
    CU_ASSERT_EQUAL(session_next(&s), 1);
    assert_classic(&s);
    CU_ASSERT_EQUAL(session_next(&s), 1);
    assert_classic(&s);
    CU_ASSERT_EQUAL(s.src.line, 15);
    CU_ASSERT_EQUAL(session_next(&s), 0);
    session_close(&s);
}

static void test_box_options(void)
{
    const char *six = "123456456123231564564231312645645312\n";
    struct reader_options tall = {.box_rows = 3, .box_cols = 2};
    struct session s;
    session_open(&s, six, &tall);
    CU_ASSERT_EQUAL(session_next(&s), 1);
    CU_ASSERT_EQUAL(s.p.geo.box_rows, 3);
    CU_ASSERT_EQUAL(s.p.geo.box_cols, 2);
    session_close(&s);

    struct reader_options none = {.box_rows = -1};
    session_open(&s, CLASSIC_DOTS, &none);
    CU_ASSERT_EQUAL(session_next(&s), 1);
    CU_ASSERT_EQUAL(s.p.geo.size, 9);
    CU_ASSERT_EQUAL(s.p.geo.box_rows, 0);
    CU_ASSERT_EQUAL(s.p.nrules, 1);
    session_close(&s);

    /* A shape that does not tile is an error at the puzzle, then the end. */
    struct reader_options bad = {.box_rows = 2, .box_cols = 2};
    session_open(&s, CLASSIC_DOTS, &bad);
    CU_ASSERT_EQUAL(session_next(&s), -1);
    CU_ASSERT_EQUAL(s.err.line, 1);
    CU_ASSERT_TRUE(msg_has(&s, "does not tile"));
    CU_ASSERT_EQUAL(session_next(&s), 0);
    session_close(&s);
}

static void test_crlf(void)
{
    char text[600];
    snprintf(text, sizeof text, "# dos\r\n%s\r\n\r\n", CLASSIC_DOTS);
    for (const char *row = CLASSIC_BOXED; *row; row = strchr(row, '\n') + 1) {
        strncat(text, row, (size_t)(strchr(row, '\n') - row));
        strcat(text, "\r\n");
    }
    struct session s;
    session_open(&s, text, NULL);
    CU_ASSERT_EQUAL(session_next(&s), 1);
    assert_classic(&s);
    CU_ASSERT_EQUAL(s.src.line, 2);
    CU_ASSERT_EQUAL(session_next(&s), 1);
    assert_classic(&s);
    CU_ASSERT_EQUAL(s.src.line, 5);
    CU_ASSERT_EQUAL(s.src.cell_col[80], 23);
    CU_ASSERT_EQUAL(session_next(&s), 0);
    session_close(&s);
}

static void test_empty_and_unterminated(void)
{
    struct session s;
    session_open(&s, "", NULL);
    CU_ASSERT_EQUAL(session_next(&s), 0);
    CU_ASSERT_EQUAL(session_next(&s), 0);
    session_close(&s);

    session_open(&s, "\n\n# only comments", NULL);
    CU_ASSERT_EQUAL(session_next(&s), 0);
    session_close(&s);

    session_open(&s, CLASSIC_DOTS, NULL); /* no final newline */
    CU_ASSERT_EQUAL(session_next(&s), 1);
    assert_classic(&s);
    CU_ASSERT_EQUAL(session_next(&s), 0);
    session_close(&s);
}

/* ---- malformed input ---- */

static void test_wrong_length_sized(void)
{
    char text[300];
    snprintf(text, sizeof text, "# short, then long\n%.80s\n%s1\n%s\n", CLASSIC_DOTS, CLASSIC_DOTS,
             CLASSIC_DOTS);
    struct reader_options opt = {.size = 9};
    struct session s;
    session_open(&s, text, &opt);
    CU_ASSERT_EQUAL(session_next(&s), -1);
    CU_ASSERT_EQUAL(s.err.line, 2);
    CU_ASSERT_EQUAL(s.err.col, 81);
    CU_ASSERT_STRING_EQUAL(s.err.msg, "expected 81 symbols for a 9x9 puzzle, found 80");
    CU_ASSERT_EQUAL(session_next(&s), -1);
    CU_ASSERT_EQUAL(s.err.line, 3);
    CU_ASSERT_EQUAL(s.err.col, 82);
    CU_ASSERT_STRING_EQUAL(s.err.msg, "expected 81 symbols for a 9x9 puzzle, found 82");
    CU_ASSERT_EQUAL(session_next(&s), 1);
    assert_classic(&s);
    CU_ASSERT_EQUAL(s.src.line, 4);
    CU_ASSERT_EQUAL(session_next(&s), 0);
    session_close(&s);
}

static void test_bad_symbol(void)
{
    char text[600];
    snprintf(text, sizeof text, "%s\n%s\n", CLASSIC_DOTS, CLASSIC_ZEROS);
    text[5] = 'x';
    struct session s;
    session_open(&s, text, NULL);
    CU_ASSERT_EQUAL(session_next(&s), -1);
    CU_ASSERT_EQUAL(s.err.line, 1);
    CU_ASSERT_EQUAL(s.err.col, 6);
    CU_ASSERT_STRING_EQUAL(s.err.msg, "'x' is not a sudoku symbol");
    CU_ASSERT_EQUAL(session_next(&s), 1);
    assert_classic(&s);
    CU_ASSERT_EQUAL(session_next(&s), 0);
    session_close(&s);

    /* In a grid: the column of the symbol, then the rest of the grid is
     * skipped and the puzzle after the blank line reads. */
    snprintf(text, sizeof text, "%s\n%s\n", CLASSIC_BOXED, CLASSIC_DOTS);
    text[strlen("+-------+-------+-------+\n| 5 3 . | . 7 . | . . . |\n| 6 . . | 1 ")] = 'Z';
    session_open(&s, text, NULL);
    CU_ASSERT_EQUAL(session_next(&s), -1);
    CU_ASSERT_EQUAL(s.err.line, 3);
    CU_ASSERT_EQUAL(s.err.col, 13);
    CU_ASSERT_STRING_EQUAL(s.err.msg, "'Z' is not a sudoku symbol");
    CU_ASSERT_EQUAL(session_next(&s), 1);
    CU_ASSERT_EQUAL(s.src.line, 15);
    CU_ASSERT_EQUAL(session_next(&s), 0);
    session_close(&s);
}

static void test_digit_larger_than_size(void)
{
    char text[100] = "123456456123231564564231312645645312\n";
    text[10] = '7';
    struct session s;
    session_open(&s, text, NULL);
    CU_ASSERT_EQUAL(session_next(&s), -1);
    CU_ASSERT_EQUAL(s.err.line, 1);
    CU_ASSERT_EQUAL(s.err.col, 11);
    CU_ASSERT_STRING_EQUAL(s.err.msg, "digit 7 is larger than 6 for a 6x6 grid");
    CU_ASSERT_EQUAL(session_next(&s), 0);
    session_close(&s);

    /* 9, the largest digit, is still told as a digit. */
    text[10] = '9';
    session_open(&s, text, NULL);
    CU_ASSERT_EQUAL(session_next(&s), -1);
    CU_ASSERT_STRING_EQUAL(s.err.msg, "digit 9 is larger than 6 for a 6x6 grid");
    session_close(&s);

    /* A letter in a 9x9 puzzle. */
    snprintf(text, sizeof text, "%s\n", CLASSIC_DOTS);
    text[3] = 'a';
    session_open(&s, text, NULL);
    CU_ASSERT_EQUAL(session_next(&s), -1);
    CU_ASSERT_EQUAL(s.err.col, 4);
    CU_ASSERT_TRUE(msg_has(&s, "larger than 9"));
    session_close(&s);
}

static void test_not_square(void)
{
    char text[300];
    snprintf(text, sizeof text, "%.80s PUZZLE\n\n%s\n", CLASSIC_DOTS, CLASSIC_ZEROS);
    struct session s;
    session_open(&s, text, NULL);
    CU_ASSERT_EQUAL(session_next(&s), -1);
    CU_ASSERT_EQUAL(s.err.line, 1);
    CU_ASSERT_EQUAL(s.err.col, 81);
    CU_ASSERT_STRING_EQUAL(s.err.msg, "80 symbols is not a square grid size (1..25 squared)");
    CU_ASSERT_EQUAL(session_next(&s), 1);
    CU_ASSERT_EQUAL(s.src.line, 3);
    CU_ASSERT_EQUAL(session_next(&s), 0);
    session_close(&s);
}

static void test_truncated_grid(void)
{
    char text[1000];
    /* The first five rows (lines 2-6 of CLASSIC_BOXED, plus one rule). */
    size_t cut = 0;
    for (int line = 0; line < 7; line++)
        cut = (size_t)(strchr(CLASSIC_BOXED + cut, '\n') - CLASSIC_BOXED) + 1;
    snprintf(text, sizeof text, "%.*s\n%s\n%.*s", (int)cut, CLASSIC_BOXED, CLASSIC_DOTS, (int)cut,
             CLASSIC_BOXED);
    struct session s;
    session_open(&s, text, NULL);
    CU_ASSERT_EQUAL(session_next(&s), -1);
    CU_ASSERT_STRING_EQUAL(s.err.msg, "grid ends after 5 of 9 rows");
    CU_ASSERT_EQUAL(s.err.line, 8);
    CU_ASSERT_EQUAL(s.err.col, 1);
    CU_ASSERT_EQUAL(session_next(&s), 1);
    assert_classic(&s);
    CU_ASSERT_EQUAL(s.src.line, 9);
    /* And at the end of input. */
    CU_ASSERT_EQUAL(session_next(&s), -1);
    CU_ASSERT_STRING_EQUAL(s.err.msg, "grid ends after 5 of 9 rows");
    CU_ASSERT_EQUAL(s.err.line, 17);
    CU_ASSERT_EQUAL(session_next(&s), 0);
    session_close(&s);
}

/* Rows written without blanks, too few of them: each is a run of 9
 * (or 16) symbols, a 3x3 (or 4x4) one-line puzzle by length, but its
 * digits past 3 (or 4) make it a grid cut short, one error; a run whose
 * digits fit stays a one-line puzzle. */
static void test_unspaced_rows_cut_short(void)
{
    char text[400] = "";
    for (int row = 0; row < 8; row++) /* 8 of the 9 rows of CLASSIC_DOTS */
        snprintf(text + strlen(text), sizeof text - strlen(text), "%.9s\n", CLASSIC_DOTS + 9 * row);
    snprintf(text + strlen(text), sizeof text - strlen(text), "\n%s\n123231312\n231312123\n",
             CLASSIC_DOTS);
    struct session s;
    session_open(&s, text, NULL);
    CU_ASSERT_EQUAL(session_next(&s), -1);
    CU_ASSERT_STRING_EQUAL(s.err.msg, "grid ends after 8 of 9 rows");
    CU_ASSERT_EQUAL(s.err.line, 9);
    CU_ASSERT_EQUAL(session_next(&s), 1);
    assert_classic(&s);
    CU_ASSERT_EQUAL(s.src.line, 10);
    CU_ASSERT_EQUAL(session_next(&s), 1); /* two 3x3 puzzles, one a line */
    CU_ASSERT_EQUAL(s.p.geo.size, 3);
    CU_ASSERT_EQUAL(session_next(&s), 1);
    CU_ASSERT_EQUAL(s.src.line, 12);
    CU_ASSERT_EQUAL(session_next(&s), 0);
    session_close(&s);
    /* 15 rows of a 16x16 grid, letters among the digits. */
    char rows[400] = "";
    for (int row = 0; row < 15; row++)
        snprintf(rows + strlen(rows), sizeof rows - strlen(rows), "%s\n",
                 row % 2 ? "G..............." : "...............A");
    session_open(&s, rows, NULL);
    CU_ASSERT_EQUAL(session_next(&s), -1);
    CU_ASSERT_STRING_EQUAL(s.err.msg, "grid ends after 15 of 16 rows");
    CU_ASSERT_EQUAL(session_next(&s), 0);
    session_close(&s);
}

static void test_unequal_rows(void)
{
    const char *text = "1 2 3 | 4 5 6\n"
                       "4 5 6 | 1 2 3\n"
                       "2 3 1 | 5 6\n"
                       "5 6 4 | 2 3 1\n"
                       "3 1 2 | 6 4 5\n"
                       "6 4 5 | 3 1 2\n"
                       "\n"
                       "123456456123231564564231312645645312\n";
    struct session s;
    session_open(&s, text, NULL);
    CU_ASSERT_EQUAL(session_next(&s), -1);
    CU_ASSERT_EQUAL(s.err.line, 3);
    CU_ASSERT_EQUAL(s.err.col, 12);
    CU_ASSERT_STRING_EQUAL(s.err.msg, "expected 6 symbols in grid row 3, found 5");
    CU_ASSERT_EQUAL(session_next(&s), 1);
    CU_ASSERT_EQUAL(s.p.geo.size, 6);
    CU_ASSERT_EQUAL(s.src.line, 8);
    CU_ASSERT_EQUAL(session_next(&s), 0);
    session_close(&s);

    /* A row too long: the column of its first extra symbol. */
    char more[600];
    snprintf(more, sizeof more, "%s", CLASSIC_BOXED);
    char *row4 = strstr(more, "| 8 . . | . 6 . | . . 3 |");
    memcpy(row4, "| 8 . . | . 6 . | . . 3 4", 25);
    session_open(&s, more, NULL);
    CU_ASSERT_EQUAL(session_next(&s), -1);
    CU_ASSERT_EQUAL(s.err.line, 6);
    CU_ASSERT_EQUAL(s.err.col, 25);
    CU_ASSERT_STRING_EQUAL(s.err.msg, "expected 9 symbols in grid row 4, found 10");
    CU_ASSERT_EQUAL(session_next(&s), 0);
    session_close(&s);
}

/* A short stray line between one-line puzzles is an error of its own:
 * the puzzles after it still read, and the error names the stray line. */
static void test_stray_short_line(void)
{
    char text[400];
    snprintf(text, sizeof text, "%s\n12\n%s\n%s\n", CLASSIC_DOTS, CLASSIC_ZEROS, CLASSIC_DOTS);
    struct session s;
    session_open(&s, text, NULL);
    CU_ASSERT_EQUAL(session_next(&s), 1);
    CU_ASSERT_EQUAL(session_next(&s), -1);
    CU_ASSERT_EQUAL(s.err.line, 2);
    CU_ASSERT_STRING_EQUAL(s.err.msg, "2 symbols: too few for a puzzle, and no grid rows follow");
    for (int line = 3; line <= 4; line++) {
        CU_ASSERT_EQUAL(session_next(&s), 1);
        assert_classic(&s);
        CU_ASSERT_EQUAL(s.src.line, line);
    }
    CU_ASSERT_EQUAL(session_next(&s), 0);
    session_close(&s);
}

/* A UTF-8 byte-order mark before the first line is no symbol. */
static void test_byte_order_mark(void)
{
    char text[200];
    snprintf(text, sizeof text, "\xEF\xBB\xBF%s\n", CLASSIC_DOTS);
    struct session s;
    session_open(&s, text, NULL);
    CU_ASSERT_EQUAL(session_next(&s), 1);
    assert_classic(&s);
    CU_ASSERT_EQUAL(session_next(&s), 0);
    session_close(&s);
}

/* A comment longer than the line limit is still a comment. */
static void test_long_comment(void)
{
    size_t big = 2u << 20;
    char *text = malloc(big + 200);
    CU_ASSERT_PTR_NOT_NULL_FATAL(text);
    text[0] = '#';
    memset(text + 1, 'x', big - 1);
    snprintf(text + big, 200, "\n%s\n", CLASSIC_DOTS);
    struct session s;
    session_open(&s, text, NULL);
    CU_ASSERT_EQUAL(session_next(&s), 1);
    assert_classic(&s);
    CU_ASSERT_EQUAL(s.src.line, 2);
    CU_ASSERT_EQUAL(session_next(&s), 0);
    session_close(&s);
    free(text);
}

static void test_very_long_line(void)
{
    size_t big = 2u << 20;
    char *text = malloc(big + 200);
    CU_ASSERT_PTR_NOT_NULL_FATAL(text);
    memset(text, '1', big);
    snprintf(text + big, 200, "\n%s\n", CLASSIC_DOTS);
    struct session s;
    session_open(&s, text, NULL);
    CU_ASSERT_EQUAL(session_next(&s), -1);
    CU_ASSERT_EQUAL(s.err.line, 1);
    CU_ASSERT_EQUAL(s.err.col, 1);
    CU_ASSERT_STRING_EQUAL(s.err.msg, "line is longer than 1 MiB");
    CU_ASSERT_EQUAL(session_next(&s), 1);
    assert_classic(&s);
    CU_ASSERT_EQUAL(s.src.line, 2);
    CU_ASSERT_EQUAL(session_next(&s), 0);
    session_close(&s);

    /* Exactly 1 MiB (and a CR) is not too long, only not a puzzle. */
    size_t mib = 1u << 20;
    memcpy(text + mib, "\r\n", 3);
    session_open(&s, text, NULL);
    CU_ASSERT_EQUAL(session_next(&s), -1);
    CU_ASSERT_TRUE(msg_has(&s, "1048576 symbols is not a square"));
    CU_ASSERT_EQUAL(s.err.col, (long)mib + 1);
    CU_ASSERT_EQUAL(session_next(&s), 0);
    session_close(&s);

    /* A too-long line inside a grid ends that grid. */
    char head[] = "1 2 | 3 4\n3 4 | 1 2\n";
    memcpy(text, head, strlen(head));
    memset(text + strlen(head), ' ', big);
    snprintf(text + strlen(head) + big, 180, "\n2 1 | 4 3\n\n%s\n", CLASSIC_DOTS);
    session_open(&s, text, NULL);
    CU_ASSERT_EQUAL(session_next(&s), -1);
    CU_ASSERT_EQUAL(s.err.line, 3);
    CU_ASSERT_STRING_EQUAL(s.err.msg, "line is longer than 1 MiB");
    CU_ASSERT_EQUAL(session_next(&s), 1);
    CU_ASSERT_EQUAL(s.src.line, 6);
    CU_ASSERT_EQUAL(session_next(&s), 0);
    session_close(&s);
    free(text);
}

/* Lines that fill the line buffer to its end, or pass it by a byte, at
 * each size it grows through: every byte is kept, so the bad byte put
 * last is named at its column, and the next line is read whole. */
static void test_lines_at_buffer_sizes(void)
{
    static const size_t lens[] = {127, 128, 129, 130, 255, 256, 257, 511, 512, 513, 4096, 4097};
    char *text = malloc(5000 + sizeof CLASSIC_DOTS);
    CU_ASSERT_PTR_NOT_NULL_FATAL(text);
    for (size_t i = 0; i < sizeof lens / sizeof lens[0]; i++) {
        size_t len = lens[i];
        memset(text, '1', len - 1);
        text[len - 1] = 'x';
        snprintf(text + len, 100, "\n%s\n", CLASSIC_DOTS);
        struct session s;
        session_open(&s, text, NULL);
        CU_ASSERT_EQUAL(session_next(&s), -1);
        CU_ASSERT_EQUAL(s.err.line, 1);
        CU_ASSERT_EQUAL(s.err.col, (long)len);
        CU_ASSERT_STRING_EQUAL(s.err.msg, "'x' is not a sudoku symbol");
        CU_ASSERT_EQUAL(session_next(&s), 1);
        assert_classic(&s);
        CU_ASSERT_EQUAL(s.src.cell_col[80], 81);
        CU_ASSERT_EQUAL(session_next(&s), 0);
        session_close(&s);
    }
    free(text);
}

static void test_nul_bytes_and_bad_utf8(void)
{
    char text[400];
    size_t len = 0;
    memcpy(text, "\0\0\0\n", 4);
    len += 4;
    len += (size_t)sprintf(text + len, "%s\n", CLASSIC_DOTS);
    memcpy(text + len, "53\0.7\n\xc3\x28\xff\xfe\n", 11);
    len += 11;
    len += (size_t)sprintf(text + len, "%s\n", CLASSIC_ZEROS);
    struct session s;
    session_open_bytes(&s, text, len, NULL);
    CU_ASSERT_EQUAL(session_next(&s), -1);
    CU_ASSERT_EQUAL(s.err.line, 1);
    CU_ASSERT_EQUAL(session_next(&s), 1);
    assert_classic(&s);
    CU_ASSERT_EQUAL(session_next(&s), -1);
    CU_ASSERT_EQUAL(s.err.line, 3);
    CU_ASSERT_EQUAL(s.err.col, 3);
    CU_ASSERT_STRING_EQUAL(s.err.msg, "byte 0x00 is not a sudoku symbol");
    CU_ASSERT_EQUAL(session_next(&s), -1);
    CU_ASSERT_EQUAL(s.err.line, 4);
    CU_ASSERT_EQUAL(s.err.col, 1);
    CU_ASSERT_EQUAL(session_next(&s), 1);
    assert_classic(&s);
    CU_ASSERT_EQUAL(s.src.line, 5);
    CU_ASSERT_EQUAL(session_next(&s), 0);
    session_close(&s);
}

static uint32_t lcg_next(uint32_t *state)
{
    *state = *state * 1664525u + 1013904223u;
    return *state >> 8;
}

/* Reads `len` bytes of noise; every call must return 1 or -1 until 0. */
static void read_noise(const char *alphabet, size_t alphabet_len, uint32_t seed, size_t len)
{
    char *text = malloc(len);
    CU_ASSERT_PTR_NOT_NULL_FATAL(text);
    for (size_t i = 0; i < len; i++) {
        uint32_t x = lcg_next(&seed);
        text[i] = alphabet ? alphabet[x % alphabet_len] : (char)(x & 0xff);
    }
    struct session s;
    session_open_bytes(&s, text, len, NULL);
    int rc = -1, calls = 0, errors = 0;
    while (calls < 200000 && (rc = session_next(&s)) != 0) {
        CU_ASSERT(rc == 1 || rc == -1);
        if (rc != 1 && rc != -1) break;
        errors += rc == -1;
        calls++;
    }
    CU_ASSERT_EQUAL(rc, 0);
    CU_ASSERT(errors > 0);
    session_close(&s);
    free(text);
}

/* A message cut to its buffer ends on a whole UTF-8 character, whatever
 * the length before it: half a character is an invalid sequence. */
static void test_error_cut_on_a_character(void)
{
    char long_text[600];
    for (size_t i = 0; i + 1 < sizeof long_text; i += 2) memcpy(long_text + i, "\xC3\xA9", 2);
    long_text[sizeof long_text - 1] = '\0';
    for (int pad = 0; pad < 4; pad++) {
        struct sl_error err = {0};
        sl_error_set(&err, 1, 1, "%.*s%s", pad, "xxx", long_text);
        size_t len = strlen(err.msg);
        CU_ASSERT(len >= sizeof err.msg - 4);
        CU_ASSERT_EQUAL(sl_utf8_whole(err.msg, len), len);
        CU_ASSERT_EQUAL((len - (size_t)pad) % 2, 0);
    }
    char dst[8];
    CU_ASSERT_EQUAL(sl_error_escape(dst, sizeof dst, "ab\xE2\x82\xAC\xE2\x82\xAC", 8), 5);
    CU_ASSERT_STRING_EQUAL(dst, "ab\xE2\x82\xAC");
    CU_ASSERT_EQUAL(sl_utf8_whole("a\xF0\x9F\x98", 4), 1);
    CU_ASSERT_EQUAL(sl_utf8_whole("a\xF0\x9F\x98\x80", 5), 5);
    CU_ASSERT_EQUAL(sl_utf8_whole("abc", 3), 3);
}

static void test_random_bytes(void)
{
    static const char grid_ish[] = "123456789.0ABCDEFGP  ||||---+==#\n\n\n\r\t\0x";
    for (uint32_t seed = 1; seed <= 4; seed++) {
        read_noise(NULL, 0, seed, 1 << 16);
        read_noise(grid_ish, sizeof grid_ish - 1, seed, 1 << 16);
        read_noise("1234\n", 5, seed, 1 << 14);
        read_noise("123456789.\n\n|", 13, seed, 1 << 14);
    }
}

/* A match too deep for the JIT's stack (a group repeated over a long
 * line) is answered by the interpreter, not taken for a miss. */
static void test_regex_past_jit_stack(void)
{
    pcre2_code *re = format_regex_compile("^(a|b)*c$", 0);
    CU_ASSERT_PTR_NOT_NULL_FATAL(re);
    pcre2_match_data *match = pcre2_match_data_create_from_pattern(re, NULL);
    CU_ASSERT_PTR_NOT_NULL_FATAL(match);
    size_t len = 100000;
    char *text = malloc(len + 1);
    CU_ASSERT_PTR_NOT_NULL_FATAL(text);
    for (size_t i = 0; i < len; i++) text[i] = i % 2 ? 'b' : 'a';
    text[len] = 'c';
    CU_ASSERT_TRUE(format_regex_match(re, text, len + 1, match, NULL));
    CU_ASSERT_FALSE(format_regex_match(re, text, len, match, NULL));
    CU_ASSERT_TRUE(format_regex_match(re, "abc", 3, match, NULL));
    CU_ASSERT_FALSE(format_regex_match(re, NULL, 0, match, NULL));
    free(text);
    pcre2_match_data_free(match);
    pcre2_code_free(re);
}

/* A room's JIT stack holds a group repeated 100,000 times: the JIT
 * answers, and the interpreter (held here to 1 KiB of heap, so that it
 * would fail) is not asked. Without the JIT a room has no stack and the
 * interpreter, its heap not held, answers the same. */
static void test_regex_room(void)
{
    uint32_t jit = 0;
    pcre2_config(PCRE2_CONFIG_JIT, &jit);
    pcre2_code *re = format_regex_compile("^(a|b)*c$", 0);
    pcre2_match_data *match = re ? pcre2_match_data_create_from_pattern(re, NULL) : NULL;
    struct format_regex_room *room = format_regex_room_new(16 << 20);
    size_t len = 100000;
    char *text = malloc(len + 1);
    CU_ASSERT_FATAL(re && match && room && text);
    CU_ASSERT_EQUAL(room->stack != NULL, jit != 0);
    if (jit) pcre2_set_heap_limit(room->context, 1);
    for (size_t i = 0; i < len; i++) text[i] = i % 2 ? 'b' : 'a';
    text[len] = 'c';
    CU_ASSERT_TRUE(format_regex_match(re, text, len + 1, match, room->context));
    CU_ASSERT_FALSE(format_regex_match(re, text, len, match, room->context));
    free(text);
    format_regex_room_free(room);
    pcre2_match_data_free(match);
    pcre2_code_free(re);
}

static void test_read_error(void)
{
    FILE *out = fopen("/dev/null", "w");
    CU_ASSERT_PTR_NOT_NULL_FATAL(out);
    struct puzzle_reader *r = reader_open(out, NULL);
    CU_ASSERT_PTR_NOT_NULL_FATAL(r);
    struct puzzle p;
    struct sl_error err = {0};
    CU_ASSERT_EQUAL(reader_next(r, &p, NULL, &err), -2);
    CU_ASSERT_PTR_NOT_NULL(strstr(err.msg, "read error"));
    CU_ASSERT_EQUAL(reader_next(r, &p, NULL, &err), -2);
    reader_close(r);
    fclose(out);
}

static void test_bad_fixed_size(void)
{
    struct reader_options opt = {.size = 30};
    struct session s;
    session_open(&s, "1234\n5678\n", &opt);
    CU_ASSERT_EQUAL(session_next(&s), -1);
    CU_ASSERT_TRUE(msg_has(&s, "out of range"));
    CU_ASSERT_EQUAL(session_next(&s), -1);
    CU_ASSERT_EQUAL(s.err.line, 2);
    CU_ASSERT_EQUAL(session_next(&s), 0);
    session_close(&s);
}

/* ---- writing ---- */

/* What `write` prints for the geometry and cells, as a string to free. */
static char *written(void (*write)(FILE *, const struct geometry *, const uint8_t *),
                     const struct geometry *g, const uint8_t *cells)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&buf, &len);
    CU_ASSERT_PTR_NOT_NULL_FATAL(out);
    write(out, g, cells);
    fclose(out);
    return buf;
}

static void test_write_line_round_trip(void)
{
    struct session s;
    session_open(&s, CLASSIC_ZEROS, NULL);
    CU_ASSERT_EQUAL(session_next(&s), 1);
    char *line = written(format_write_line, &s.p.geo, s.p.givens);
    CU_ASSERT_EQUAL(strncmp(line, CLASSIC_DOTS, 81), 0);
    CU_ASSERT_STRING_EQUAL(line + 81, "\n");

    struct session again;
    session_open(&again, line, NULL);
    CU_ASSERT_EQUAL(session_next(&again), 1);
    CU_ASSERT_EQUAL(memcmp(again.p.givens, s.p.givens, 81), 0);
    session_close(&again);
    free(line);
    session_close(&s);

    /* Letters come back upper-case. */
    char text[300];
    make_cycle(text, 16, 1);
    session_open(&s, text, NULL);
    CU_ASSERT_EQUAL(session_next(&s), 1);
    line = written(format_write_line, &s.p.geo, s.p.givens);
    make_cycle(text, 16, 0);
    CU_ASSERT_STRING_EQUAL(line, text);
    free(line);
    session_close(&s);
}

static void test_write_pretty(void)
{
    struct geometry g;
    struct sl_error err;
    CU_ASSERT_EQUAL_FATAL(geometry_init_default(&g, 4, &err), 0);
    const uint8_t cells[16] = {1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 0, 0};
    char *text = written(format_write_pretty, &g, cells);
    CU_ASSERT_STRING_EQUAL(text, "1 2 | 3 4\n"
                                 "3 4 | 1 2\n"
                                 "----+----\n"
                                 "2 1 | 4 3\n"
                                 "4 3 | . .\n"
                                 "\n");
    /* And it reads back. */
    struct session s;
    session_open(&s, text, NULL);
    CU_ASSERT_EQUAL(session_next(&s), 1);
    CU_ASSERT_EQUAL(memcmp(s.p.givens, cells, 16), 0);
    session_close(&s);
    free(text);

    CU_ASSERT_EQUAL_FATAL(geometry_init(&g, 3, 0, 0, &err), 0);
    const uint8_t latin[9] = {1, 2, 3, 2, 3, 1, 3, 1, 0};
    text = written(format_write_pretty, &g, latin);
    CU_ASSERT_STRING_EQUAL(text, "1 2 3\n2 3 1\n3 1 .\n\n");
    free(text);
}

static void test_write_pretty_9x9(void)
{
    struct geometry g;
    uint8_t cells[81];
    struct sl_error err;
    CU_ASSERT_EQUAL_FATAL(geometry_init_default(&g, 9, &err), 0);
    digits_of(CLASSIC_ZEROS, cells, 81);
    char *text = written(format_write_pretty, &g, cells);
    CU_ASSERT_EQUAL(strncmp(text, "5 3 . | . 7 . | . . .\n6 . . | 1 9 5 | . . .\n", 44), 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(text, ". 9 8 | . . . | . 6 .\n------+-------+------\n8 . ."));
    CU_ASSERT_EQUAL(strlen(text), 11u * 22u + 1u);
    struct session s;
    session_open(&s, text, NULL);
    CU_ASSERT_EQUAL(session_next(&s), 1);
    assert_classic(&s);
    session_close(&s);
    free(text);
}

/* The reader's byte table repeats geometry_digit's mapping (and the C
 * locale's isspace) for speed: at every size, each byte is a symbol of
 * that size to both or to neither, with the same digit; and a blank to
 * both or neither. A change to one side alone fails here. */
static void test_byte_table_is_geometry_digit(void)
{
    int disagree = 0;
    for (int n = 1; n <= SL_MAX_SIZE; n++)
        for (int c = 0; c < 256; c++) {
            int table = reader_byte_digit((unsigned char)c);
            int geometry = geometry_digit((char)c);
            int in_table = table >= 0 && table <= n, in_geometry = geometry >= 0 && geometry <= n;
            if (in_table != in_geometry || (in_table && table != geometry)) {
                if (disagree++ < 5)
                    printf("\n  byte %d at size %d: table %d, geometry %d", c, n, table, geometry);
            }
        }
    CU_ASSERT_EQUAL(disagree, 0);
    for (int c = 0; c < 256; c++)
        CU_ASSERT_EQUAL(reader_byte_blank((unsigned char)c), isspace(c) != 0);
    /* the symbols of the largest grid are all there */
    for (int d = 0; d <= SL_MAX_SIZE; d++) {
        int found = 0;
        for (int c = 0; c < 256; c++) found |= reader_byte_digit((unsigned char)c) == d;
        CU_ASSERT_TRUE(found);
    }
}

void tests_register(void)
{
    static const struct {
        const char *name;
        CU_TestFunc run;
    } good[] =
        {
            {"the byte table is geometry_digit's", test_byte_table_is_geometry_digit},
            {"one line with . and 0", test_one_line_dots_and_zeros},
            {"one line with annotation", test_one_line_annotation},
            {"restart on another stream", test_restart},
            {"grid with box rules", test_grid_with_rules},
            {"grid without box rules", test_grid_without_rules},
            {"nine lines of nine digits", test_nine_lines_of_nine_digits},
            {"4x4 grid", test_4x4_grid},
            {"6x6 grid", test_6x6_grid},
            {"16x16 letters", test_16x16_letters},
            {"25x25 one line", test_25x25_one_line},
            {"comments and blank lines", test_comments_and_blank_lines},
            {"--size 4 one-liners", test_size_fixes_4x4_one_liners},
            {"--size 9 grids and lines", test_size_fixes_grid_rows},
            {"box options", test_box_options},
            {"CRLF", test_crlf},
            {"empty and unterminated", test_empty_and_unterminated},
        },
      bad[] =
          {
              {"wrong length with size", test_wrong_length_sized},
              {"bad symbol", test_bad_symbol},
              {"digit larger than N", test_digit_larger_than_size},
              {"not a square", test_not_square},
              {"truncated grid", test_truncated_grid},
              {"unspaced rows cut short", test_unspaced_rows_cut_short},
              {"unequal rows", test_unequal_rows},
              {"very long line", test_very_long_line},
              {"lines at the buffer's sizes", test_lines_at_buffer_sizes},
              {"stray short line", test_stray_short_line},
              {"byte-order mark", test_byte_order_mark},
              {"long comment", test_long_comment},
              {"NUL bytes and bad UTF-8", test_nul_bytes_and_bad_utf8},
              {"an error message cut on a character", test_error_cut_on_a_character},
              {"random bytes", test_random_bytes},
              {"read error", test_read_error},
              {"a pattern past the JIT's stack", test_regex_past_jit_stack},
              {"a pattern in a room of its own", test_regex_room},
              {"size out of range", test_bad_fixed_size},
          },
      writing[] = {
          {"write_line round trip", test_write_line_round_trip},
          {"write_pretty 4x4 and no boxes", test_write_pretty},
          {"write_pretty 9x9", test_write_pretty_9x9},
      };
    CU_pSuite suite = CU_add_suite("format: reading", NULL, NULL);
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++)
        CU_add_test(suite, good[i].name, good[i].run);
    suite = CU_add_suite("format: malformed input", NULL, NULL);
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        CU_add_test(suite, bad[i].name, bad[i].run);
    suite = CU_add_suite("format: writing", NULL, NULL);
    for (size_t i = 0; i < sizeof writing / sizeof writing[0]; i++)
        CU_add_test(suite, writing[i].name, writing[i].run);
}
