/*
 * killer_explain_internal.h — what the files of the killer techniques
 * share (killer_explain.h is the contract): a row of the technique table,
 * what changed since a row last found nothing, the naming of a step, and
 * each file's finders. The cage rows and the table are killer_explain.c,
 * the combination conflicts killer_explain_conflict.c, the rule of 45's
 * rows killer_explain_45.c. The tests of what a sum reads run for every
 * sum a row looks at, so they are static inline here.
 */
#ifndef SUDOLAB_KILLER_EXPLAIN_INTERNAL_H
#define SUDOLAB_KILLER_EXPLAIN_INTERNAL_H

#include "killer_explain.h"

#include "propagate.h"

/* The rule of 45's sums, by what a player sees in them. */
enum ke_shape {
    KE_INNIE,  /* one cell a house's whole cages leave: its digit is known */
    KE_SPLIT,  /* the part of one cage a house's whole cages leave: the cage splits */
    KE_INNIES, /* two or more cells a house's whole cages leave: a hidden cage */
    KE_OUTIE,  /* one cell of the cages reaching out of a house */
    KE_OUTIES, /* two or more such cells (left to the full-strength row) */
    KE_SEVERAL /* any sum over a run of houses */
};

/* Which derived sums a rule-of-45 row takes. */
enum ke_range { KE_ONE_HOUSE, KE_HOUSES };

struct ke_technique {
    const char *key;
    size_t key_length; /* strlen(key): a row is looked up at every step */
    const char *words;
    int (*find)(const struct killer_sums *ks, const struct ke_technique *t, struct prop_ctx *ctx,
                struct explain_sink *sink);
    int sight; /* cages: enum sum_sight; the rule of 45: KE_GLANCE or KE_FULL */
    int range; /* the rule of 45: enum ke_range */
    int shape; /* the rule of 45: enum ke_shape, or -1 for any; conflicts: the cages, 2 or 3 */
    int min_cells, max_cells; /* the sizes of sum the row takes */
};
static inline int ke_cells(const struct killer_sums *ks, int i, int *cells)
{
    return sum_set_cells(ks->sums, i, cells);
}

/* What changed since a row last found nothing (explain_sink's changed:
 * the cells that lost candidates since, or NULL), and, for the rows that
 * read a sum's houses, the houses holding such a cell (else NULL); for
 * the rows that read only a cage's own cells, the cages holding such a
 * cell (else NULL). A sum none of whose inputs changed fails again, so
 * the rows skip it. */
struct ke_since {
    const uint8_t *cells;
    const uint8_t *houses;
    const uint8_t *cages; /* per cage sum: 1 when touched */
    uint8_t house_changed[SL_MAX_UNITS];
    uint8_t cage_changed[SL_MAX_CELLS];
};
/* 1 when one of the n cells is in changed (explain_sink's: the cells
 * that lost candidates since this technique last found nothing), or
 * changed is NULL. A sum seen only through its own cells, none of them
 * changed, fails again, so the techniques that read no other cells skip
 * it. */
static inline int ke_list_touched(const uint16_t *cells, int n, const uint8_t *changed)
{
    if (!changed) return 1;
    for (int k = 0; k < n; k++)
        if (changed[cells[k]]) return 1;
    return 0;
}

/* ke_list_touched for the cells of sum i of s. */
static inline int ke_touched(const struct sum_set *s, int i, const uint8_t *changed)
{
    if (!changed) return 1;
    int n;
    const uint16_t *cells = sum_set_cell_list(s, i, &n);
    return ke_list_touched(cells, n, changed);
}

/* 1 when cage sum i may act otherwise than when the row last found
 * nothing: through its own cells (those single since, for a sight of the
 * placed digits alone), and its houses' when since->houses. A sight of
 * the placed digits alone (SUM_SEE_ONE: the combinations holding them,
 * each open cell kept to their other digits) reads no other candidate,
 * and a cell only loses candidates: with no cell single since, its open
 * cells already lie in what it would keep them to. */
static inline int ke_since_touched(const struct sum_set *s, int i, const struct ke_since *since)
{
    if (since->houses) return sum_set_reads_changed(s, i, since->cells, since->houses);
    if (since->cages) return since->cages[i];
    return ke_touched(s, i, since->cells);
}

/* Marks in touched the cages (per cage sum) holding a cell of
 * sink->changed_list (killer_explain.c); 0 when the map cannot say. */
int ke_cages_changed(const struct killer_sums *ks, const struct explain_sink *sink,
                     const digitset *single_in, uint8_t *touched);
/* What changed since the row last found nothing, into since. */
void ke_since_of(const struct killer_sums *ks, const struct explain_sink *sink, int houses,
                 const digitset *single_in, struct ke_since *since);
/* Names a step of row t on cage sum i. */
void ke_name(const struct killer_sums *ks, const struct ke_technique *t, int i,
             struct explain_sink *sink);
/* Names a step of sum i of s with its equation (weight NULL: all 1). */
void ke_name_equation(const struct sum_set *s, const struct ke_technique *t, int i,
                      const int *weight, const struct prop_ctx *ctx, struct explain_sink *sink);

/* The finders of the table's rows beside the cages' (the table's find):
 * 1 with a step made and named, else 0. */
int ke_find_conflict(const struct killer_sums *ks, const struct ke_technique *t,
                     struct prop_ctx *ctx, struct explain_sink *sink);
int ke_find_bounds(const struct killer_sums *ks, const struct ke_technique *t, struct prop_ctx *ctx,
                   struct explain_sink *sink);
int ke_find_derived(const struct killer_sums *ks, const struct ke_technique *t,
                    struct prop_ctx *ctx, struct explain_sink *sink);
int ke_find_difference(const struct killer_sums *ks, const struct ke_technique *t,
                       struct prop_ctx *ctx, struct explain_sink *sink);

#endif
