/*
 * propose_mark.h — the rule change that mends a puzzle with several
 * solutions best, where its rules take one: an odd/even mark, a new
 * two-cell killer cage, a new pair of a relation drawn pair by pair (a
 * kropki dot, an X or a V, a sign).
 *
 * Each change touches a cell where two solutions differ (propose.h) and
 * holds in the first solution but not in the second, so it keeps at least
 * one solution and rules out the other. Of those changes, the one that
 * leaves the fewest solutions, each counted up to a cap, is proposed; the
 * first that leaves one ends the search. A relation with a table over
 * every unmarked pair (non-consecutive, "every dot given") gets no new
 * pair: the pair would have to leave that table too.
 */
#ifndef SUDOLAB_PROPOSE_MARK_H
#define SUDOLAB_PROPOSE_MARK_H

#include "rule_items.h"
#include "search.h"

struct mark_proposal {
    int rule;                        /* the rule changed; -1 when none can be */
    char label[RULE_ITEM_LABEL_MAX]; /* what is added, in words */
    long solutions;                  /* the puzzle's solutions with it, at most the cap */
    int tried;                       /* changes counted */
    int gave_up;                     /* some count reached the node limit */
};

/* The change among the rules of p for the n differing cells of solutions
 * a and b, counting each changed puzzle up to cap in at most `nodes`
 * nodes (0: no limit). */
void propose_mark(const struct puzzle *p, const uint8_t *a, const uint8_t *b, const int *cells,
                  int n, long cap, uint64_t nodes, struct mark_proposal *out);

#endif
