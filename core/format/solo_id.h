/*
 * solo_id.h — game IDs of Simon Tatham's Solo ("PARAMS:DESC").
 *
 * Contract: solo_id_parse accepts a whole ID and fills a solo_desc;
 * solo_id_write writes Solo's own canonical form, so parse then write
 * gives back every ID Solo generates byte for byte, and anything written
 * parses back to the same puzzle (cages renumbered by first appearance).
 * No allocation, no global state; bad input never crashes or loops.
 *
 * PARAMS (an ID is PARAMS ':' DESC; '#' seeds are not IDs):
 *   params := NUM ('x' NUM)? flag*
 *   flag   := 'j' | 'x' | 'k' | 'a' | 'r' [24] | 'm' [248] | 'md' [24] | 'd' [tbiaeu]
 *   "CxR" is a grid of C*R digits whose boxes are C rows tall and R columns
 *   wide ("2x3": 6x6, boxes of 2 rows by 3 columns); a lone "C" means CxC.
 *   'j' makes it a jigsaw of size C (or C*R): "9j", "3x3j"; "Cx1" is a
 *   jigsaw too, as in Solo. 'x' the X rule, 'k' killer. The symmetry and
 *   difficulty flags ('a', 'r', 'm', 'd') are accepted and ignored; any
 *   other letter is refused. Size 2..25; killer needs size <= 9 and X >= 4
 *   (Solo's limits; Solo's own top size is 31, ours SL_MAX_SIZE).
 * DESC, comma-separated fields, in this order:
 *   givens     row-major cells: a number is a given (1..N, decimal),
 *              'a'..'z' a run of 1..26 empty cells, '_' separates two
 *              numbers (and is otherwise ignored);
 *   jigsaw     walls (only with 'j'): the 2N(N-1) inner edges, first the
 *              vertical ones (between columns) row by row, then the
 *              horizontal ones column by column, each a wall or not; one
 *              letter per wall: '_' none before it, 'a'..'y' 1..25 open
 *              edges before it, and 'z' 26 open edges with no wall after
 *              them. A last, virtual wall closes the field. Regions are
 *              the connected areas: N of them, N cells each.
 *   cages      walls (only with 'k'), the same code; each cage 2..N cells;
 *   sums       (only with 'k') a grid field like the givens: each cage's
 *              sum, 1..N(N+1)/2. Solo writes it in the cage's first cell in
 *              row-major order, and so does solo_id_write; the parser takes
 *              it from any cell of the cage, at most one per cage, and a
 *              cage without one gets sum 0 (Solo itself needs them all).
 * Errors give err->col, the 1-based column in text of the first bad byte
 * (the end, len + 1, or the ',' that cut it short when data is missing;
 * the first byte of the field for a walls field whose areas have the
 * wrong size or number); err->line stays 0.
 */
#ifndef SUDOLAB_SOLO_ID_H
#define SUDOLAB_SOLO_ID_H

#include <stddef.h>
#include <stdint.h>

#include "error.h"
#include "geometry.h"

struct solo_desc {
    int size;                     /* N = box_rows * box_cols, or the jigsaw size */
    int box_rows, box_cols;       /* the box shape; 0, 0 for a jigsaw */
    int diagonals;                /* 1: the X rule (both main diagonals) */
    uint8_t givens[SL_MAX_CELLS]; /* 0 empty, else 1..N, row-major */
    int region[SL_MAX_CELLS];     /* jigsaw: region 0..N-1 of each cell (the parser
                                     also fills the box index for boxed grids) */
    int ncages;                   /* killer: number of cages; 0 = not a killer */
    int cage[SL_MAX_CELLS];       /* killer: cage index 0..ncages-1 per cell (-1 if none) */
    int cage_sum[SL_MAX_CELLS];   /* killer: sum per cage index, 0 = no sum shown */
    long sum_col[SL_MAX_CELLS];   /* killer: the 1-based column of each cage's sum, 0 none */
};

/* Parses a whole game ID "PARAMS:DESC" (len bytes, not NUL-terminated).
 * Returns 0, or -1 with err->col the 1-based column in text of the first
 * bad byte (err->line left 0; err may be NULL). d is unspecified on error.
 * Regions and cages are numbered in order of first appearance, row-major.
 * Everything Solo accepts within our size limit is accepted, except unknown
 * or malformed flags, two sums in one cage and a sum above N(N+1)/2, which
 * no cage of different digits reaches (Solo takes up to N^3 but keeps sums
 * in a byte, so it would misread some). */
int solo_id_parse(const char *text, size_t len, struct solo_desc *d, struct sl_error *err);

/* Writes the game ID; snprintf convention (returns the length needed,
 * writes at most cap bytes incl. NUL). Returns -1, writing nothing, when d
 * has no Solo ID: size outside 2..25; a box shape that is not r x c with
 * r, c >= 2 and r * c = N (Solo reads "Cx1" as a jigsaw and refuses "1xR");
 * X below size 4; killer above size 9; a given outside 0..N; a jigsaw whose
 * regions are not N connected areas of N cells each (walls only separate
 * areas, so a split region cannot be said); a killer cell in no cage (-1)
 * or whose cages are not each one connected area of 2..N cells, with every
 * index 0..ncages-1 used; a sum outside 0..N(N+1)/2. */
int solo_id_write(const struct solo_desc *d, char *buf, size_t cap);

/* 1 when text looks like a Solo game ID (params then ':'), for format
 * auto-detection; cheap: only the params are read, sizes not checked. */
int solo_id_detect(const char *text, size_t len);

#endif
