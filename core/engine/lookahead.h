/*
 * lookahead.h — choosing a split by trying each of a few.
 *
 * The size of a hard killer's proof is set by its first splits more than
 * by its propagation: the same puzzle turned or mirrored takes 300 nodes
 * or 30,000. Given a propagated state and a few candidate splits of it (a
 * cell's digits, a cage's combinations), lookahead_choose propagates every
 * alternative of each on a copy, the nogoods applied after it as the
 * search applies them, and takes the split with the most alternatives
 * refuted outright, then the fewest candidates left over the alternatives
 * that stand (the candidates beyond one per cell, summed): the split whose
 * children are nearest to settled, as look-ahead SAT solvers choose.
 *
 * The chosen split keeps only its alternatives that stand, and the states
 * they propagated to stay in the look-ahead for the search to start each
 * child from, so the chosen split's children cost no second propagation.
 *
 * A look-ahead belongs to one solver; nothing in it is shared.
 */
#ifndef SUDOLAB_LOOKAHEAD_H
#define SUDOLAB_LOOKAHEAD_H

#include <stdint.h>

#include "constraint.h"
#include "nogood.h"
#include "propagate.h"

struct lookahead;

struct lookahead *lookahead_new(const struct ruleset *rs);
void lookahead_free(struct lookahead *la);

/* What lookahead_choose found. */
enum {
    LOOKAHEAD_DEAD_END = -1, /* every alternative of some split is refuted */
    LOOKAHEAD_ABORTED = -2   /* a rule stopped propagation (ctx->aborted) */
};

/* Probes the `n` (>= 1) splits of `state` (a propagated state of rs)
 * with ctx and the nogoods, and returns the index of the chosen one,
 * whose alternatives that were refuted are removed (the others keep
 * their order); or a LOOKAHEAD_ code. Ties go to the earlier split. */
int lookahead_choose(struct lookahead *la, struct prop_ctx *ctx, const struct ruleset *rs,
                     const struct nogood_store *nogoods, const digitset *state,
                     struct branch_offer *splits, int n);

/* The propagated state of alternative `alt` of the split the last
 * lookahead_choose chose (rs->state_bytes bytes), until the next call. */
const void *lookahead_state(const struct lookahead *la, int alt);

#endif
