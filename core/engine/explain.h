/*
 * explain.h — where a rule's explain hook (constraint.h) names the human
 * deduction it just made. The engine owns the sink so that rules never
 * depend on the rater; the rater reads it back into a step.
 */
#ifndef SUDOLAB_EXPLAIN_H
#define SUDOLAB_EXPLAIN_H

#include <stdint.h>

#include "geometry.h"
#include "sudolab_limits.h" /* EXPLAIN_MAX_CELLS, EXPLAIN_MAX_DETAIL */

/* The key the rater's forcing chains ask a rule's explain hook for: every
 * deduction its techniques make, in one pass over its parts, so that a
 * chain follows the rule as it follows singles. The hook then returns 1
 * when it narrowed anything, 0 when not, and -1 when the state
 * contradicts the rule. */
#define EXPLAIN_ALL "all"

/* A key behind this prefix ("every:binary-pairs") asks for every
 * deduction of that one technique in one pass, returning as EXPLAIN_ALL
 * does: a dig by deductions (dig.h) takes a technique's deductions in a
 * pass rather than one per call. A hook that does not know the form
 * returns 0 and is asked key by key. */
#define EXPLAIN_EVERY "every:"

struct explain_sink {
    const char *key;   /* for counts: "cage-combinations" */
    const char *words; /* for a player: "cage combinations" */
    int ncells;
    int cells[EXPLAIN_MAX_CELLS];
    char detail[EXPLAIN_MAX_DETAIL]; /* what the part says, as an equation, or "" */
    /* Set by the caller before the hook: per cell, 1 when it lost
     * candidates since this key last found nothing in an earlier state of
     * this grid (the rater's memory within a rating), so a part whose
     * cells all kept theirs, and which reads only them, fails again; NULL
     * when unknown (look at every part). */
    const uint8_t *changed;
    /* With changed: the same cells as a list, in increasing order, so a
     * rule that maps cells to its parts reads only those. */
    const uint16_t *changed_list;
    int nchanged;
};

/* Names the deduction just made: key, words and the cells of the part it
 * looked at (cells past EXPLAIN_MAX_CELLS are dropped). */
void explain_name(struct explain_sink *sink, const char *key, const char *words, const int *cells,
                  int count);
/* Adds what the part says, as a player writes it: cells (weight +1 or -1
 * each) adding up to total, "r1c7 + r1c8 + r1c9 = 24". Call after
 * explain_name, which clears it. */
void explain_equation(struct explain_sink *sink, const struct geometry *g, const int *cells,
                      const int *weight, int count, int total);
/* Adds a line's cells in their order, as a player reads it along:
 * "r1c1-r1c2-r2c2" (a line too long for the detail as its two ends and
 * its length). Call after explain_name. */
void explain_path(struct explain_sink *sink, const struct geometry *g, const int *cells, int count);

#endif
