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

#endif
