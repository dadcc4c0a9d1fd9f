/*
 * play_decor.h — a variant's marks (engine/marks.h, gathered by render.h's
 * render_item) as a terminal grid can show them, for the game's screen.
 *
 * The grid has a line of edges between rows and a column of edges between
 * cells, each cell three columns wide: [left][digit][right]. So killer
 * cages and jigsaw regions are the edges' weights (render_text.h), a
 * cage's sum sits on the edge above its first cell, odd and even cells
 * and circles wrap the digit in () or [], thermometers and arrows show
 * their direction on the edges along them (> < v ^), kropki dots and XV
 * letters sit on their edge, and shaded cells (windoku windows,
 * diagonals, thermometers, arrows) have a tone the screen colours.
 */
#ifndef SUDOLAB_PLAY_DECOR_H
#define SUDOLAB_PLAY_DECOR_H

#include "render.h"

enum decor_tone { TONE_NONE, TONE_SHADE, TONE_DIAGONAL, TONE_THERMO, TONE_ARROW };

struct play_decor {
    struct render_item item;
    int n;
    int cage[SL_MAX_CELLS], label[SL_MAX_CELLS];  /* render_text_cages */
    char left[SL_MAX_CELLS], right[SL_MAX_CELLS]; /* around the digit, or ' ' */
    uint8_t tone[SL_MAX_CELLS];
    const char *right_edge[SL_MAX_CELLS]; /* a glyph on the edge right of a cell, or NULL */
    const char *below_edge[SL_MAX_CELLS]; /* on the edge below it */
    char text[SL_MAX_CELLS][4];           /* room for a letter mark's text */
    int ascii;
};

/* Gathers p's marks into d. 0, or -1 with err (a rule that cannot be
 * drawn, out of memory); play_decor_free releases it. */
int play_decor_init(struct play_decor *d, const struct puzzle *p, int ascii, struct sl_error *err);
void play_decor_free(struct play_decor *d);

/* The weight of the edge between cells a and b, either -1 outside. */
int play_decor_edge(const struct play_decor *d, int a, int b);

#endif
