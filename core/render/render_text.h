/*
 * render_text.h — a puzzle as text for a terminal: the grid drawn with
 * Unicode box-drawing characters (or plain ASCII), heavy lines around
 * boxes and jigsaw regions, light lines around killer cages and no line
 * inside a cage (a box's line that a cage crosses is drawn broken), each
 * cage's sum in the corner of its first cell.
 *
 * Each cell is three columns wide, and two lines high when the puzzle has
 * cage sums (the sum above, the digit below), else one. Marks without a
 * text form (dots, thermometers) are left out; the caller names the
 * rules. ASCII draws light lines with '-' and ':', heavy ones with '='
 * and '|' (broken: '~' and '!'), and every corner with '+'.
 */
#ifndef SUDOLAB_RENDER_TEXT_H
#define SUDOLAB_RENDER_TEXT_H

#include <stdio.h>

#include "render.h"

/* Writes the grid of it with the digits of cells (0 empty), then a
 * blank line. */
void render_text(FILE *out, const struct render_item *it, const uint8_t *cells, int ascii);

/* The pieces, for a screen that draws the grid itself (core/play): each
 * cell's cage (a mark's index, -1 none) and the cell showing each cage's
 * sum (label: the mark, else -1); the weight of the edge between cells a
 * and b (-1 outside the grid): 0 none, 1 light, 2 heavy, 3 heavy broken
 * by a cage; a corner's glyph from the weights of its four arms; an
 * edge's glyph, across (down 0) or down. */
void render_text_cages(const struct render_item *it, int *cage, int *label);
int render_text_edge(const struct render_item *it, const int *cage, int a, int b);
const char *render_text_corner(int up, int right, int down, int left, int ascii);
const char *render_text_line(int edge, int down, int ascii);

#endif
