/*
 * play_draw.h — the grid on an ncurses screen, for the game and the trace.
 *
 * A view says what fills the cells: the digits (givens apart from the
 * player's), the pencil marks (or a trace's candidates), conflicts, a
 * hint's cells and the cursor. The grid takes 4N+1 columns and 2N+1
 * lines (play_decor.h), or 4N+1 when there is room for a grid of three
 * lines a cell, each mark in its place. Colours come from a table of roles, each with its
 * colours and the attribute a monochrome terminal (or NO_COLOR) gets
 * instead; a conflict and a hint's cells are also marked in the text ('!'
 * beside the digit, '*' around a cell), so they read without colour.
 */
#ifndef SUDOLAB_PLAY_DRAW_H
#define SUDOLAB_PLAY_DRAW_H

#include "play_decor.h"

struct play_view {
    const struct play_decor *d;
    const uint8_t *value;    /* 0 empty */
    const uint8_t *givens;   /* drawn as givens where non-zero */
    const digitset *marks;   /* of empty cells, or NULL */
    const uint8_t *conflict; /* per cell, or NULL */
    const uint8_t *hint;     /* per cell: 1 a cell used, 2 the cell filled; or NULL */
    int cursor;              /* a cell, or -1 */
    int tall;                /* three lines a cell, marks in their places (play_tall) */
};

enum play_role {
    ROLE_TEXT,
    ROLE_TITLE,
    ROLE_GIVEN,
    ROLE_ENTERED,
    ROLE_CONFLICT,
    ROLE_MARK,
    ROLE_HINT,
    ROLE_REGION,
    ROLE_CAGE,
    ROLE_LINE,
    ROLE_SHADE,
    ROLE_DIAGONAL,
    ROLE_THERMO,
    ROLE_ARROW,
    ROLE_COUNT
};

/* Starts colours when the terminal has them and colour is 1. */
void play_draw_start(int colour);
/* The attribute of a role (its colour pair, or its monochrome form). */
int play_attr(enum play_role role);

/* Draws the grid with its top left corner at line y, column x. */
void play_draw_grid(int y, int x, const struct play_view *v);
/* Whether an N x N grid fits tall (three lines a cell, up to 9 marks in
 * a 3 x 3 block) with extra lines besides. */
int play_tall(int n, int extra);
/* The grid's size for an N x N puzzle, short or tall. */
static inline int play_grid_lines(int n, int tall) { return (tall ? 4 : 2) * n + 1; }
static inline int play_grid_cols(int n) { return 4 * n + 1; }

#endif
