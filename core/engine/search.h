/*
 * search.h — one MRV backtracking search for solve, count and fill.
 *
 * The search propagates to a fixed point, branches on the open cell with
 * the fewest candidates, each count divided by one plus the dead ends
 * blamed on the cell so far (the cell found empty, or for rulesets the
 * classic kernel fits, whose propagation order is free, the cell branched
 * on; ties go to the cell with the most peers that share one of its
 * candidates: its guess prunes the most), or on a rule's offer
 * (a killer cage's digit combinations) when that has at most a few more
 * alternatives (a few more again in a count past one solution, which
 * must exhaust its tree), and recurses on a copy of the state. A search
 * that takes rules' offers and draws nothing starts over from the root
 * with a growing node budget while it has found no solution, alternating
 * offers and cells alone (search.c, search_with_restarts), giving more of
 * the budget to the strategy whose tree looks smaller, and keeps what each
 * pass refuted as nogoods for the next (nogood.h); a count past one
 * solution chooses each later pass's first split by look-ahead
 * (lookahead.h). Counting stops at a limit; filling tries digits in an
 * order drawn from a seeded rng. A node limit turns a search that would
 * run too long into a clear "gave up".
 *
 * A solver owns its state stack: one per thread, never shared.
 */
#ifndef SUDOLAB_SEARCH_H
#define SUDOLAB_SEARCH_H

#include <stdint.h>

#include "rng.h"
#include "rules.h"

struct search_stats {
    uint64_t nodes;   /* states propagated, the root included */
    uint64_t guesses; /* digits tried at branch points */
};

struct search_result {
    long solutions; /* found, at most the limit */
    int gave_up;    /* the node limit stopped the search first */
};

struct solver;

struct solver *solver_new(const struct ruleset *rs);
void solver_free(struct solver *s);
/* At most `nodes` states per search (0: no limit, the default). */
void solver_set_node_limit(struct solver *s, uint64_t nodes);
uint64_t solver_node_limit(const struct solver *s);
/* Light propagation (1) leaves out box-line intersections: each node is
 * cheaper and the search a little wider, which pays for the many easy
 * searches of a dig. Off (0) by default. */
void solver_set_light(struct solver *s, int light);

/* A count past one solution chooses the first split of each restart
 * pass after the first by look-ahead (lookahead.h) when on (1, the
 * default for rulesets with rules' offers); off (0), it never does. Only
 * the trees change: the counts and solutions are the same. */
void solver_set_lookahead(struct solver *s, int on);

/* Counts solutions up to `limit` (>= 1); writes the first one found to
 * `solution` (N*N digits) when it is not NULL. Statistics accumulate into
 * stats when it is not NULL. The givens must have passed
 * ruleset_check_givens. */
struct search_result solver_count(struct solver *s, const uint8_t *givens, long limit,
                                  uint8_t *solution, struct search_stats *stats);
/* As solver_count, writing every solution found (at most limit), one
 * after another, into solutions (limit * N*N digits). */
struct search_result solver_solutions(struct solver *s, const uint8_t *givens, long limit,
                                      uint8_t *solutions, struct search_stats *stats);
/* Counts, up to limit, the solutions in which `cell` does not hold
 * `digit`. A unique puzzle stays unique without a given exactly when none
 * exists with that given's cell open: one search where counting the
 * solutions of the smaller puzzle would need a second. */
struct search_result solver_count_without(struct solver *s, const uint8_t *givens, int cell,
                                          int digit, long limit, struct search_stats *stats);
/* Counts, up to limit, the solutions in which `cell` holds one of
 * `allowed`; writes the first found to `solution` when not NULL. */
struct search_result solver_count_within(struct solver *s, const uint8_t *givens, int cell,
                                         digitset allowed, long limit, uint8_t *solution,
                                         struct search_stats *stats);
/* Completes the givens into one random solution drawn with rng (digit
 * order at every branch is shuffled). solutions is 1 on success. */
struct search_result solver_fill(struct solver *s, const uint8_t *givens, struct rng *rng,
                                 uint8_t *solution, struct search_stats *stats);

/* --- searching below a shared state (dig.c) ---------------------------
 *
 * A dig asks many questions of puzzles that differ in a few givens. It
 * propagates the givens they share once (solver_root), adds givens to a
 * copy (solver_narrow) and searches below it (solver_count_below): as
 * propagation's fixed point does not depend on the order of its
 * narrowings, each search starts from the very state, and so takes the
 * very tree, that a search from the whole givens would. States are
 * rs->state_bytes bytes; these calls return 1 when propagation left a
 * consistent state, 0 on a contradiction, -1 when a rule stopped it. */
int solver_root(struct solver *s, const uint8_t *givens, void *state);
int solver_narrow(struct solver *s, void *state, const int *cells, int count, digitset allowed);
/* solver_narrow with cells[i] kept to allowed[i]: one propagation for all. */
int solver_narrow_each(struct solver *s, void *state, const int *cells, const digitset *allowed,
                       int count);
/* Counts, up to limit, the solutions below `state` (not changed) in
 * which `cell` holds one of `allowed` (cell -1: any), as
 * solver_count_within would from the givens that made the state; writes
 * the first found to `solution` when not NULL. */
struct search_result solver_count_below(struct solver *s, const void *state, int cell,
                                        digitset allowed, long limit, uint8_t *solution,
                                        struct search_stats *stats);
/* Keeps (1) the dead-end weights solver_count_below's searches leave for
 * the next, instead of forgetting them at each (0, the default); turning
 * it on forgets them once. A dig asks many questions of one grid: cells
 * its searches found hard stay hard, and later searches branch on them
 * sooner. Only the trees change: the counts are the same. */
void solver_keep_dead_ends(struct solver *s, int keep);

#endif
