/*
 * propose.h — why a puzzle is not unique, and the given that mends it
 * best.
 *
 * Two solutions of the puzzle differ in some cells; a given in one of
 * them, holding the digit either solution has there, keeps at least one
 * solution and rules out the other. Of those givens, the one that leaves
 * the fewest solutions is proposed: each is counted up to a cap (a count
 * that reaches it means "cap or more"), and the first that leaves one
 * solution ends the search, as none can do better.
 */
#ifndef SUDOLAB_PROPOSE_H
#define SUDOLAB_PROPOSE_H

#include "search.h"

/* The cells where solutions a and b differ, in order, into cells; their
 * number. */
int propose_differing(const uint8_t *a, const uint8_t *b, int ncells, int *cells);

struct proposal {
    int cell, digit; /* the given proposed; cell -1 when no count finished */
    long solutions;  /* the puzzle's solutions with it, at most the cap */
    int tried;       /* givens counted */
    int gave_up;     /* some count reached the solver's node limit */
};

/* The given among the ncells differing cells (digits from a and b) that
 * leaves the puzzle `givens` the fewest solutions, counting each up to
 * cap with s. */
void propose_given(struct solver *s, const uint8_t *givens, const uint8_t *a, const uint8_t *b,
                   const int *cells, int ncells, long cap, struct proposal *out,
                   struct search_stats *stats);

#endif
