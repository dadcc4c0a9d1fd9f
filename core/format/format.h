/*
 * format.h — reading and writing puzzles as text.
 *
 * Reading. A file holds puzzles separated by any number of blank lines
 * and '#' comment lines, each puzzle in one of two forms:
 *
 *   one-line  N*N symbols on one line, row by row ("53..7....6..195..."),
 *             optionally followed by blanks and annotations that are
 *             ignored (so "PUZZLE 2.5" reads the puzzle);
 *   grid      N lines of N symbols; blanks and the box rules '|' between
 *             symbols, and whole rule lines made of '-', '+', '|', '='
 *             and blanks between rows, are ignored.
 *
 * Symbols: '1'-'9', then 'A'.. (or 'a'..) for 10..N; '.' or '0' empty.
 * The size is inferred unless --size fixes it: a line of L symbols is a
 * one-line puzzle when L = N*N for some N in 1..25 and is not the first
 * row of a grid, i.e. unless L <= 25 and the next L-1 non-rule lines,
 * before any blank or comment line, also hold L symbols each. So nine
 * lines of nine digits are one 9x9 grid, and 4x4 one-line puzzles written
 * 16 or more in a row need --size 4. A line of L = N*N symbols with a
 * digit past N, which no N x N puzzle holds, followed by a row-like line,
 * is the first row of an L x L grid cut short (its error: where it ends),
 * so eight rows of a 9x9 grid are one error, not eight 3x3 puzzles with
 * digits too large. The boxes are the most square
 * shape (geometry_init_default) unless the caller asks otherwise.
 *
 * A malformed puzzle yields an error with the line and column of the
 * first wrong character (too few symbols: the column just past them) and
 * the reader resumes at the next line, or for a broken grid after the
 * rest of that grid (up to the next blank or comment line), so later
 * puzzles still read; a short row with no row-like line after it is a
 * stray line, reported and skipped alone. A UTF-8 byte-order mark before
 * the first line is ignored.
 * Lines in the variant forms of format_variant.h (which carry their own
 * rules and size) are recognised first. A line opening an f-puzzles JSON
 * object (fpuzzles.h) starts a puzzle that runs to the object's closing
 * brace, over as many lines as it takes (a whole .json file); a blank or
 * comment line, or the end of input, ends an unclosed one with an error.
 * No byte sequence makes the reader crash or loop; a line longer than
 * 1 MiB is an error of its own, unless it is a comment, and one with no
 * end within READER_ENDLESS bytes (/dev/zero) stops the reading.
 */
#ifndef SUDOLAB_FORMAT_H
#define SUDOLAB_FORMAT_H

#include <stdio.h>

#include "puzzle.h"

struct reader_options {
    int size;     /* 0: infer; else every puzzle must be size x size */
    int box_rows; /* 0: the default shape for the size; -1: no boxes. A
                   * line that states its own (every form but classic)
                   * must agree with size and boxes set, or is an error */
    int box_cols;
    int formats;        /* format_variant.h's FORMAT_* bits; 0: all */
    int ignore_unknown; /* f-puzzles: a constraint with no rule is a warning */
};

/* Where each cell of the last puzzle read came from, for error messages. */
struct puzzle_source {
    long line;                    /* the puzzle's first line */
    long cell_line[SL_MAX_CELLS]; /* line and column of each cell's symbol */
    long cell_col[SL_MAX_CELLS];
    int has_solution; /* the line carried the expected answer */
    uint8_t solution[SL_MAX_CELLS];
    struct sl_error warning; /* msg empty, or what was read past (--ignore-unknown) */
    /* The rules field of a sudolab line (format_variant.h) as written,
     * rules_len bytes with no terminator: the puzzle's rules are what
     * those bytes parse to on its geometry, so a ruleset built from a
     * puzzle of the same field and geometry fits it (rules.h,
     * ruleset_matches_field). The classic forms' field is "classic", the
     * rule the reader gives them. rules_len is 0 for every other form,
     * for a field longer than SL_SOURCE_RULES_MAX, and once the puzzle's
     * rules are edited after reading: whoever edits them sets it to 0. */
    size_t rules_len;
    char rules[SL_SOURCE_RULES_MAX];
};

struct puzzle_reader;

/* Reads from `in` (not closed by the reader). NULL only when out of memory. */
struct puzzle_reader *reader_open(FILE *in, const struct reader_options *opt);
/* The next puzzle, with the classic rule attached:
 *   1  a puzzle was read into p (initialised by the reader; the caller
 *      calls puzzle_clear when done) and its positions into where;
 *   0  end of input;
 *  -1  a malformed puzzle: err says what and where; call again to go on;
 *  -2  a read error of the stream itself, or a line with no end
 *      within READER_ENDLESS bytes (err says so); stop. */
int reader_next(struct puzzle_reader *r, struct puzzle *p, struct puzzle_source *where,
                struct sl_error *err);
void reader_close(struct puzzle_reader *r);
/* where's rules field (puzzle_source.rules), its length into *len; NULL
 * (and 0) when it has none. */
const char *source_rules_field(const struct puzzle_source *where, size_t *len);
/* The rules field of the puzzle the last reader_next read with where
 * NULL, as source_rules_field; NULL when it read into a where, read no
 * puzzle, or the puzzle has no such field. Valid until the next
 * reader_next. */
const char *reader_rules_field(const struct puzzle_reader *r, size_t *len);
/* 1 when the next reader_next needs no more of the stream than the
 * reader holds (lines read ahead, or the end seen), else 0. */
int reader_holds_more(const struct puzzle_reader *r);
/* Points r at another stream (not closed by the reader), from its first
 * line, as reader_open would but keeping the compiled patterns: for many
 * short streams, such as one line each. */
void reader_restart(struct puzzle_reader *r, FILE *in);
/* The first puzzle of a NUL-terminated text into p, read as reader_next
 * reads (opt may be NULL): 1 read (the caller calls puzzle_clear), 0
 * when the text holds none, -1 malformed or out of memory; err says why
 * whenever it is not 1. */
int reader_read_text(const char *text, const struct reader_options *opt, struct puzzle *p,
                     struct sl_error *err);

/* What the reader takes byte c for: the digit 0..25 of a symbol, -1 for
 * a byte that is none; 1 when it is a blank. It looks both up in a byte
 * table of its own, kept for speed beside geometry_digit's mapping and
 * the C locale's isspace: test_format checks every byte against them. */
int reader_byte_digit(unsigned char c);
int reader_byte_blank(unsigned char c);

/* One-line form: N*N symbols and a newline. */
void format_write_line(FILE *out, const struct geometry *g, const uint8_t *cells);
/* Pretty grid: digits separated by blanks, '|' between boxes, rule lines
 * of '-' and '+' between bands, and a blank line after the grid. */
void format_write_pretty(FILE *out, const struct geometry *g, const uint8_t *cells);

#endif
