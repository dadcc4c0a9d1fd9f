/*
 * propagate.h — pruning candidates to a fixed point.
 *
 * A search state is ruleset->state_bytes bytes: one digitset per cell,
 * then per house the digits of its single cells (kept as cells become
 * single, so hidden singles need not look for them), then each rule's
 * reserved counters. Propagation applies, until nothing
 * changes: naked singles (a cell with one candidate removes it from its
 * peers), hidden singles (a digit with one place left in a house goes
 * there), box-line intersections (a digit confined to where two units
 * meet leaves the rest of both), and the propagate hooks of rules whose
 * watched cells changed. A classic 9x9 ruleset (X sudoku's diagonals,
 * windoku's windows and two-cell units allowed) reaches the same fixed
 * point in the classic kernel (kernel.h), in an order of its own, cheaper.
 */
#ifndef SUDOLAB_PROPAGATE_H
#define SUDOLAB_PROPAGATE_H

#include "rules.h"

struct prop_ctx {
    const struct ruleset *rs;
    digitset *cand;       /* the state being pruned */
    uint64_t dirty_rules; /* slots whose propagate hook is due */
    int current_slot;     /* the slot whose hook is running */
    int changed;          /* set by every narrowing */
    /* Units with a cell changed since the hidden-single pass (resp. the
     * intersection pass) last looked at them. A state that came out of
     * propagation is at a fixed point, so a child only looks again at
     * the units its own changes touched. */
    uint64_t dirty_hidden[SL_UNIT_WORDS];
    uint64_t dirty_intersections[SL_UNIT_WORDS];
    uint64_t dirty_groups[SL_GROUP_WORDS]; /* watched groups due (prop_next_group) */
    int failed_cell;                       /* the cell left without candidates, when known */
    int blame_count;                       /* cells a rule named for a contradiction */
    uint16_t blame[SL_MAX_BLAME];
    int aborted;            /* a rule called prop_abort: the search must stop */
    int light;              /* skip box-line intersections: cheaper nodes for many easy searches */
    unsigned char *scratch; /* the search's rule scratch (rs->scratch_bytes), or NULL */
    int queue_len;          /* newly single cells not yet removed from peers */
    uint16_t queue[SL_MAX_CELLS + 1];
    /* 1 while fixed_point runs the rule hooks: every house was then at the
     * hidden-single pass's fixed point when they began, so a house whose
     * dirty_hidden bit is still clear is (prop_unsettled_houses). */
    int in_hooks;
};

/* Fills state with the starting domains and the givens (which the caller
 * has checked with ruleset_check_givens) and propagates. Returns
 * SL_PROP_OK or SL_PROP_CONTRADICTION. */
int propagate_start(struct prop_ctx *ctx, const struct ruleset *rs, void *state,
                    const uint8_t *givens);

/* The same for a search: light propagation when light is 1 (no box-line
 * intersections, here and in every propagation continuing from this ctx:
 * solver_set_light), and scratch, rs->scratch_bytes the search owns
 * (zeroed here), or NULL. */
int propagate_start_search(struct prop_ctx *ctx, const struct ruleset *rs, void *state,
                           const uint8_t *givens, int light, void *scratch);

/* propagate_start_search, then `cell` (when >= 0) kept to `allowed` and
 * propagated again, as propagate_restrict_cells would: the state left
 * is the same either way, so the classic kernel does both in one pass. */
int propagate_start_limited(struct prop_ctx *ctx, const struct ruleset *rs, void *state,
                            const uint8_t *givens, int light, void *scratch, int cell,
                            digitset allowed);

/* Restricts every cell of `cells` to `allowed` in an already propagated
 * state and propagates. */
int propagate_restrict_cells(struct prop_ctx *ctx, const struct ruleset *rs, void *state,
                             const int *cells, int count, digitset allowed);
/* Restricts cells[i] to allowed[i], for each of the count cells, in an
 * already propagated state, and propagates once for them all: the state
 * left is the one a restriction per cell would leave. */
int propagate_restrict_each(struct prop_ctx *ctx, const struct ruleset *rs, void *state,
                            const int *cells, const digitset *allowed, int count);
/* Points ctx at a propagated state for reading only (a rule's branch
 * hook reads candidates through it). */
void propagate_view(struct prop_ctx *ctx, const struct ruleset *rs, void *state);
/* Points ctx at state as a context just zeroed would see it: nothing due,
 * no slot running, no contradiction, no scratch, full propagation. For a
 * rule's explain hook on a scratch state, asked many times a rating: it
 * clears only the words rs uses, where zeroing the whole context (sized
 * for the largest ruleset) cost more than a small rule's hook. */
void propagate_view_fresh(struct prop_ctx *ctx, const struct ruleset *rs, void *state);

#endif
