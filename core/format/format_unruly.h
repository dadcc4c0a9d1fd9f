/*
 * format_unruly.h — binary puzzles to and from the game IDs of Simon
 * Tatham's Unruly ("8x8:adegaebCHBlaeFc").
 *
 *   id     := W 'x' H 'u'? ('d' LETTER)? ':' DESC
 *   W, H   even, 4..16, and equal here (sudolab's grids are square); 'u'
 *          asks for unique rows and columns (the rule's "u"); the
 *          difficulty letter is a generator setting, read and dropped;
 *   DESC   cells row by row: 'a'..'y' skip 0..24 empty cells then a 0,
 *          'A'..'Y' the same then a 1, 'z' or 'Z' skip 25; the last
 *          letter lands one past the grid.
 *
 * Unruly's 0 is sudolab's digit 1 and its 1 the digit 2. The writer gives
 * Unruly's own form (the last letter lower case), so every ID Unruly
 * generates reads and writes back byte for byte.
 */
#ifndef SUDOLAB_FORMAT_UNRULY_H
#define SUDOLAB_FORMAT_UNRULY_H

#include <stddef.h>

#include "format.h"

/* 1 when text starts with an Unruly ID's params and ':' and letters follow. */
int format_unruly_detect(const char *text, size_t len);
/* Reads an Unruly ID line: 0 with p initialised (the binary rule), or -1
 * with err (its column). */
int format_unruly_read(const char *text, size_t len, struct puzzle *p, struct puzzle_source *where,
                       struct sl_error *err);
/* The Unruly ID of p: snprintf convention, or -1 with err when p is no
 * Unruly puzzle (the binary rule alone). */
int format_unruly_id(const struct puzzle *p, char *buf, size_t cap, struct sl_error *err);

#endif
