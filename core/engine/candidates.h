/*
 * candidates.h — true candidates: the digits a cell holds in at least one
 * solution.
 *
 * Every digit the propagated root leaves a cell is settled by a search
 * for a solution with that cell held to that digit, unless a solution
 * found earlier already holds it there: each solution found marks its
 * digit in every cell, so a puzzle with few solutions needs few searches,
 * and one with many needs at most one per candidate. A cap on the
 * solutions found (and the solver's node limit) bound the work; a digit
 * left unsettled then is left out, so the answer is a subset of the
 * truth, and the result says so.
 */
#ifndef SUDOLAB_CANDIDATES_H
#define SUDOLAB_CANDIDATES_H

#include "search.h"

struct candidates_result {
    long solutions;  /* found, each marking its digits: at most the cap */
    int unsettled;   /* candidates neither found nor ruled out */
    int capped;      /* the cap stopped the work with candidates unsettled */
    int gave_up;     /* some search reached the node limit */
    int no_solution; /* the puzzle has none: every set is empty */
};

/* Fills found (N*N digit sets) with the true candidates of the puzzle
 * `givens` solved by s over rs, finding at most cap solutions. The givens
 * must have passed ruleset_check_givens. Returns 0, or -1 out of memory. */
int candidates_find(struct solver *s, const struct ruleset *rs, const uint8_t *givens, long cap,
                    digitset *found, struct candidates_result *out, struct search_stats *stats);

#endif
