/*
 * cellmap.h — a grid-shaped map that names a part (cage, region) for every
 * cell, as the rule arguments of killer, jigsaw and extra regions write it.
 *
 * Text form: one symbol per cell, row by row, from A-Z a-z 0-9, or '.' for
 * a cell in no part; when more than 62 parts are needed, two symbols per
 * cell ("..": none). Parts are numbered in order of first appearance, and
 * the symbols are kept, so cellmap_write gives back the text that was read.
 */
#ifndef SUDOLAB_CELLMAP_H
#define SUDOLAB_CELLMAP_H

#include <stddef.h>
#include <stdint.h>

#include "geometry.h"

struct cellmap {
    int ncells;
    int wide;                    /* two symbols per cell */
    int nparts;                  /* parts, numbered 0.. by first appearance */
    int16_t part[SL_MAX_CELLS];  /* per cell: its part, or -1 */
    uint16_t code[SL_MAX_CELLS]; /* per part: its symbol (or pair) */
    int16_t size[SL_MAX_CELLS];  /* per part: its cells */
};

/* Parses text[0..len) for grid g. Errors carry the 1-based column within
 * text. Returns 0 or -1. */
int cellmap_parse(struct cellmap *m, const struct geometry *g, const char *text, size_t len,
                  struct sl_error *err);
/* Builds the map of parts given per cell (-1 none), choosing the symbols
 * in order of first appearance: A..Z a..z 0..9, wide past 62 parts. */
void cellmap_from_parts(struct cellmap *m, int ncells, const int *part);
/* snprintf convention. */
int cellmap_write(const struct cellmap *m, char *buf, size_t cap);
/* The cells of part p, in row-major order, into cells; returns how many. */
int cellmap_cells(const struct cellmap *m, int p, int *cells);
/* Every part's cells in one pass, each part's as cellmap_cells lists
 * them: part p's are cells[start[p]] .. cells[start[p + 1] - 1]. */
void cellmap_all_cells(const struct cellmap *m, int *start, int *cells);

/* The first part whose cells are not orthogonally connected on grid g,
 * or -1 (validators report it; the engine needs no connection). */
int cellmap_disconnected_part(const struct cellmap *m, const struct geometry *g);

#endif
