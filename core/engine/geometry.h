/*
 * geometry.h — the shape of a grid: its size N, its box shape, and the
 * symbols that write its digits.
 *
 * Cells are numbered 0..N*N-1 row by row. Boxes are box_rows x box_cols
 * with box_rows * box_cols = N; a geometry with box_rows == 0 has no boxes
 * (a Latin square, or a grid whose regions come from a plugin).
 * Symbols: digits 1..9, then letters A.. for 10 and up; '.' or '0' empty.
 */
#ifndef SUDOLAB_GEOMETRY_H
#define SUDOLAB_GEOMETRY_H

#include <stdint.h>

#include "error.h"
#include "sudolab_limits.h"

struct geometry {
    int size;     /* N, 1..SL_MAX_SIZE */
    int box_rows; /* 0 when there are no boxes */
    int box_cols;
    int ncells; /* N*N */
};

/* A geometry with the given box shape (0, 0 for none). */
int geometry_init(struct geometry *g, int size, int box_rows, int box_cols, struct sl_error *err);
/* A geometry with the most square box shape r x c, r <= c, r*c = N;
 * no boxes when N is prime (r would be 1) or 1. */
int geometry_init_default(struct geometry *g, int size, struct sl_error *err);

static inline int geometry_row(const struct geometry *g, int cell) { return cell / g->size; }
static inline int geometry_col(const struct geometry *g, int cell) { return cell % g->size; }
static inline int geometry_cell(const struct geometry *g, int row, int col)
{
    return row * g->size + col;
}
/* The first cell of line on an n x n grid, the lines being rows 0..n-1,
 * then columns n..2n-1 (binary and calcudoku walk their lines so), and
 * in *step the distance from each of its cells to the next. */
static inline int geometry_line_first(int n, int line, int *step)
{
    *step = line < n ? 1 : n;
    return line < n ? line * n : line - n;
}
/* Cell i of line, as geometry_line_first counts them. */
static inline int geometry_line_cell(int n, int line, int i)
{
    int step, first = geometry_line_first(n, line, &step);
    return first + i * step;
}
/* 1 when every row and column of grid (n x n, one digit a cell) holds
 * each digit 1..n once: a Latin square. */
int geometry_lines_latin(int n, const uint8_t *grid);
/* Box index 0..N-1 (row-major over boxes), or -1 when there are no boxes. */
int geometry_box(const struct geometry *g, int cell);

/* Reads a box shape "RxC" (digits only, each 1..SL_MAX_SIZE, checked
 * before anything multiplies them) into rows and cols. 0, or -1. */
int geometry_parse_boxes(const char *text, int *rows, int *cols);

/* The symbol for digit 1..N ('.' for 0). Inline: every cell of every
 * puzzle written calls it. */
static inline char geometry_symbol(int digit)
{
    if (digit <= 0) return '.';
    if (digit <= 9) return (char)('0' + digit);
    return (char)('A' + digit - 10);
}
/* The digit a symbol names: 0 for empty ('.' or '0'), -1 for a character
 * that is not a symbol at all. Digits above N are the caller's check. */
int geometry_digit(char symbol);

#endif
