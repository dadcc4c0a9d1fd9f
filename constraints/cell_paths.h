/*
 * cell_paths.h — lists of cell paths as rule arguments: "a-b-c,d-e", cells
 * numbered 0..N*N-1 row by row. A pair is a path of two cells; thermometers
 * are longer paths. Shared by the differ, relation and thermo rules.
 */
#ifndef SUDOLAB_CELL_PATHS_H
#define SUDOLAB_CELL_PATHS_H

#include <stddef.h>

#include "error.h"

struct cell_paths {
    int count;
    int *start; /* count+1 offsets into cell */
    int *cell;
};

/* Reads paths of min_len..max_len distinct cells below ncells. Errors
 * carry the column (col0 is the column of text[0]). 0 or -1; on -1 the
 * list holds nothing to free. */
int cell_paths_read(const char *text, int ncells, int min_len, int max_len, long col0,
                    struct cell_paths *paths, struct sl_error *err);
/* snprintf convention. */
int cell_paths_write(const struct cell_paths *paths, char *buf, size_t cap);
void cell_paths_free(struct cell_paths *paths);
/* The write and destroy hooks of a rule whose whole data is one allocated
 * cell_paths (differ, thermo). */
int cell_paths_rule_write(const void *self, char *buf, size_t cap);
void cell_paths_rule_destroy(void *self);
/* The cell number at *at (advancing past its digits), or -1 when there is
 * none or it is not below ncells; for rules that read cells of their own. */
int cell_paths_number(const char **at, int ncells);

static inline int cell_paths_len(const struct cell_paths *p, int i)
{
    return p->start[i + 1] - p->start[i];
}

#endif
