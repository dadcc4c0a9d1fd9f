/*
 * render_spool.h — items put aside until a later page draws them: the
 * solutions pages, which come after every page of puzzles, and a
 * booklet drawn only at the close (one going to standard output).
 * Internal to core/render.
 *
 * Each item is written as a compact record (its cells' givens, solution
 * and regions, its marks and their cells, the parts of its caption) to
 * a temporary file with no name, made in $TMPDIR, else /tmp, and gone
 * when closed or when the process ends; so what a book keeps in memory
 * does not grow with the number of its puzzles. Records are read back
 * in the order written, from the start again after each rewind; once
 * read, no more are written.
 */
#ifndef SUDOLAB_RENDER_SPOOL_H
#define SUDOLAB_RENDER_SPOOL_H

#include "render.h"

struct render_spool;

/* An empty spool, or NULL with err (the folder cannot be written). */
struct render_spool *render_spool_open(struct sl_error *err);
/* Appends it. 0, or -1 with err (a failed write: a full disk). */
int render_spool_put(struct render_spool *s, const struct render_item *it, struct sl_error *err);
/* The next reading starts at the first record. 0, or -1 with err. */
int render_spool_rewind(struct render_spool *s, struct sl_error *err);
/* Reads the next record into it, as render_item_init would have made it
 * (caption's number, grade, rating and the solution included). it is
 * zeroed, or holds an item read before, whose marks and cells buffers
 * are reused; render_item_free frees them. 1, 0 at the end, or -1 with
 * err (a failed read, or out of memory). */
int render_spool_get(struct render_spool *s, struct render_item *it, struct sl_error *err);
void render_spool_close(struct render_spool *s);

/* render_item.c's, for the reading: an item's region per cell, made
 * from its geometry and marks (the boxes, or the regions a rule draws);
 * and an item's array (*array, *cap elements of size bytes) grown to
 * hold need, 0 or -1 (out of memory). */
void render_item_regions(struct render_item *it);
int render_item_grow(void **array, int *cap, int need, size_t size);

#endif
