/*
 * format_keen.h — calcudoku puzzles to and from the game IDs of Simon
 * Tatham's Keen ("6:a_5b...,m12s1a7..."), the second format after Solo's
 * that moves puzzles to and from his collection.
 *
 *   id     := SIZE ('d' LETTER)? 'm'? ':' WALLS ',' CLUES
 *   SIZE   3..9 (Keen's range); the difficulty letter and 'm'
 *          (multiplication only) are generator settings, read and dropped;
 *   WALLS  the 2N(N-1) inner edges, first the vertical ones row by row,
 *          then the horizontal ones column by column: '_' a wall, 'a'..'x'
 *          1..24 open edges and a wall, 'y' 25 open edges and no wall,
 *          'z' 26 open edges and a wall (Keen's own decoder), a letter's
 *          decimal count repeating it ("_6" six walls); a last, virtual
 *          wall closes the field. The cages are the areas the walls leave;
 *   CLUES  one per cage in order of its first cell, row-major: 'a' sum,
 *          's' difference, 'm' product, 'd' quotient, then the target; a
 *          one-cell cage is written 'a' and its digit.
 *
 * A complete grid after the ID (blank-separated) is the expected answer.
 * The writer gives Keen's own form, so every ID Keen generates reads and
 * writes back byte for byte.
 */
#ifndef SUDOLAB_FORMAT_KEEN_H
#define SUDOLAB_FORMAT_KEEN_H

#include <stddef.h>

#include "format.h"

/* 1 when text starts with what only a Keen ID has: size, ':', walls, ','
 * and a clue letter. */
int format_keen_detect(const char *text, size_t len);
/* 1 when text has the shape of a Keen ID though it may not read: Keen's
 * params, and either a size of 6..9 (Solo would read boxes that wide, a
 * grid past its 25) or a ',' after the ':' (a Solo ID with such bare
 * params has none). A broken Keen ID then gets the Keen reader's error
 * instead of Solo's. */
int format_keen_shape(const char *text, size_t len);
/* Reads a Keen ID line: 0 with p initialised (a Latin square with the
 * calcudoku rule), or -1 with err (its column). */
int format_keen_read(const char *text, size_t len, struct puzzle *p, struct puzzle_source *where,
                     struct sl_error *err);
/* The Keen ID of p: snprintf convention, or -1 with err when p is no
 * Keen puzzle (classic without boxes and calcudoku only, size 3..9,
 * every cell in a connected cage, no givens). */
int format_keen_id(const struct puzzle *p, char *buf, size_t cap, struct sl_error *err);

#endif
