/*
 * cage_text.h — killer cages as text: the one reader and writer of a cage
 * map with its sums. The killer rule reads its arguments with it, every
 * format that carries cages goes through it, and the Lua API hands it to
 * scripts (sudolab.cages_text, sudolab.parse_cages).
 *
 *   MAP:SUMS   MAP names each cell's cage (cellmap.h: one symbol per cell,
 *              '.' for none, two per cell past 62 cages); SUMS lists the
 *              cages' sums, comma-separated, in order of the cages' first
 *              appearance in MAP, '?' for a cage without a sum.
 *
 * A cage has at most N cells (its digits are distinct). A sum is a whole
 * number 1..CAGE_SUM_MAX (sudolab_limits.h), read digit by digit so that
 * no input overflows; whether a cage of its size can reach it is the
 * killer rule's check (its combinations). Errors carry the 1-based column
 * within the text read, which the caller moves onto its line.
 */
#ifndef SUDOLAB_CAGE_TEXT_H
#define SUDOLAB_CAGE_TEXT_H

#include <stddef.h>

#include "cellmap.h"

struct cage_text {
    struct cellmap map;
    int sum[SL_MAX_CELLS]; /* per cage, in map order; 0 = no sum */
};

/* Reads "MAP:SUMS" for grid g: the map, its cages' sizes, then the sums.
 * 0, or -1 with err. */
int cage_text_parse(struct cage_text *ct, const struct geometry *g, const char *text, size_t len,
                    struct sl_error *err);
/* Reads MAP alone (and checks its cages' sizes), then SUMS alone, one per
 * cage of ct->map: for forms that keep them in separate fields. */
int cage_map_parse(struct cage_text *ct, const struct geometry *g, const char *text, size_t len,
                   struct sl_error *err);
int cage_sums_parse(struct cage_text *ct, const char *text, size_t len, struct sl_error *err);

/* Builds ct from a cage id per cell (0..SL_MAX_CELLS-1, -1 for none; cages
 * are numbered by first appearance, as cellmap_from_parts does) and the
 * sum of each id (0: none; sum_of_id NULL: no sums). */
void cage_text_from_parts(struct cage_text *ct, int ncells, const int *part, const int *sum_of_id);

/* "MAP:SUMS"; snprintf convention. */
int cage_text_write(const struct cage_text *ct, char *buf, size_t cap);

/* A cage holds distinct digits, so it has at most n cells (cage_map_parse
 * checks it; a map built from parts is checked here). 0, or -1 with err
 * at the column of the cage's first cell in the map. */
int cage_map_check(const struct cage_text *ct, int n, struct sl_error *err);

/* The 1-based column within SUMS text of cage p's sum (past the end when
 * the text has fewer), and the cage whose sum holds column col. */
long cage_sums_column(const char *sums, size_t len, int p);
int cage_sums_cage_at(const char *sums, size_t len, long col);

#endif
