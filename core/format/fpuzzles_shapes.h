/*
 * fpuzzles_shapes.h — what the f-puzzles flags and dots stand for, in the
 * primitives' terms, for fpuzzles_read.c and fpuzzles_write.c: the cell
 * pairs of a chess move (in the order scripts/cells.lua's pairs_at makes
 * them, so a puzzle read matches the shipped variants' text), the relation
 * tables of the dots and marks, windoku's windows, and the line rules.
 */
#ifndef SUDOLAB_FPUZZLES_SHAPES_H
#define SUDOLAB_FPUZZLES_SHAPES_H

#include <stddef.h>

#include "geometry.h"

enum fp_move { FP_KNIGHT, FP_KING, FP_ORTHOGONAL };
/* Most pairs a move makes on a grid: 4 offsets per cell. */
#define FP_MAX_PAIRS (4 * SL_MAX_CELLS)

/* The pairs a-b (a < b) of cells a move apart on an n x n grid, into
 * pairs[2k], pairs[2k+1]; returns how many. */
int fp_move_pairs(int n, enum fp_move move, int *pairs);

/* What a relation table says of two digits a (first cell) and b. */
enum fp_relation_kind {
    FP_DIFFERENCE, /* |a-b| = value: a white dot (value 1) */
    FP_RATIO,      /* a = value*b or b = value*a: a black dot (value 2) */
    FP_SUM,        /* a+b = value: X (10), V (5) */
    FP_NOT,        /* none of the FP_NOT_* bits in value holds */
};
enum { FP_NOT_CONSECUTIVE = 1, FP_NOT_DOUBLE = 2, FP_NOT_X = 4, FP_NOT_V = 8 };

/* The table text of a relation for digits 1..n (relation.c's form: n hex
 * masks joined by '.'); snprintf convention. */
int fp_relation_table(int n, enum fp_relation_kind kind, int value, char *buf, size_t cap);

/* Windoku's window of each cell (-1 none); 0 when g has no windows. */
int fp_windoku_parts(const struct geometry *g, int *part);

/* "R1C1" for cell c of an n-wide grid, and back: the cell, or -1 when s
 * names none. With outside set, rows and columns 0 and n+1 are read too
 * (little killer clues sit outside the grid): -2 for such a place. *row
 * and *col are 0-based (-1 .. n). */
void fp_cell_name(int n, int c, char *buf, size_t cap);
int fp_cell_parse(int n, const char *s, int outside, int *row, int *col);

/* The rules drawn as lines: f-puzzles lists each as entries of "lines",
 * every line a path of cells from one end; the sudolab rule of that name
 * takes the same paths "a-b-c,d-e" (a line of at least min_cells). */
enum fp_line_kind { FP_THERMO, FP_WHISPERS, FP_RENBAN, FP_PALINDROME, FP_BETWEEN, FP_LINE_KINDS };
struct fp_line_rule {
    const char *key, *rule;
    int min_cells;
};
extern const struct fp_line_rule fp_line_rules[FP_LINE_KINDS];

#endif
