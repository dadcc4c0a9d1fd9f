/*
 * calcudoku.h — the calcudoku rule's data, shared by calcudoku.c (the
 * rule) and calcudoku_explain.c (its techniques for the rater).
 */
#ifndef SUDOLAB_CALCUDOKU_H
#define SUDOLAB_CALCUDOKU_H

#include "calc_cages.h"
#include "cellmap.h"
#include "constraint.h"

struct calcudoku {
    struct geometry geo;
    struct cellmap map;      /* cage of each cell */
    struct calc_cage *cages; /* map.nparts of them; cage p is watched group p */
    long *clue_col;          /* per cage: its clue's column in the arguments (parse's) */
    /* The ruleset's copy on a grid of up to 7 digits: each cage's
     * assignments (calc_cage_assignments), which its propagation and
     * branch filter by the candidates instead of walking the cage.
     * NULL: none (every cage walked). */
    struct calcudoku_tables *tables;
    /* A draw's memo of cage supports (calc_cages.h), lent for one count
     * of the rule's own (calc_draw_list_quick): its root walks the cages
     * through it. NULL otherwise, and in every copy. The loan writes
     * the rule a puzzle owns, so a rule shared between threads must not
     * be lent one. */
    struct calc_support_memo *memo;
};

/* A calcudoku's assignments: cage p's count[p] of them from
 * assignment[from[p]] (count -1: too many kept, walked). */
struct calcudoku_tables {
    int *from, *count;
    uint64_t assignment[];
};

/* The rule's operations (calcudoku.c): a puzzle's calcudoku rule is the
 * one of these. */
extern const struct constraint_ops calcudoku_constraint;

/* Narrows cage c's cells to what its assignments give them: 1 when it
 * narrowed, 0 when not, -1 on a contradiction. */
int calcudoku_prune(const struct calc_cage *c, struct prop_ctx *ctx);

/* The rule's explain hook (constraint.h): calcudoku_explain.c. */
int calcudoku_explain(const void *self, const char *technique, struct prop_ctx *ctx,
                      struct explain_sink *sink);

/* The rule's check hook (constraint.h): 1 when every cage's digits in
 * grid make its target. */
int calcudoku_check(const void *self, const struct geometry *g, const uint8_t *grid);

/* The rule's settle and count hooks (constraint.h): calcudoku_settle.c. */
int calcudoku_settle(const void *self, const struct geometry *g, const uint8_t *givens,
                     uint8_t *grid);
long calcudoku_count(const void *self, const struct geometry *g, const uint8_t *givens, long limit,
                     uint64_t nodes, uint64_t *used, uint8_t *found);

#endif
