/*
 * nogood.h — what a search that restarts learns: sets of decisions that
 * no solution satisfies together.
 *
 * A decision is one alternative of a split: a list of cells that must
 * keep to a set of digits (a cell and one digit, or a cage's open cells
 * and one digit combination). When a pass of the search is cut short to
 * start over, every split on its current path has had some alternatives
 * tried to the end without a solution. Each of those, together with the
 * decisions above it, is a nogood (the "reduced nld-nogoods" of Lecoutre
 * et al., 2007). A decision that was the last alternative of its split,
 * every other refuted, holds whenever the decisions above it do, so it is
 * left out of the nogoods below it: shorter nogoods apply more often.
 *
 * A later pass applies them to each state it propagates: when every
 * decision of a nogood but the last holds, the last must not, so if all
 * its cells but one keep to its digits, that one cell leaves them.
 *
 * A store belongs to one solver; nothing in it is shared.
 */
#ifndef SUDOLAB_NOGOOD_H
#define SUDOLAB_NOGOOD_H

#include "propagate.h"

struct nogood_store;

/* One decision: cells[0..ncells) each within digits. */
struct nogood_decision {
    const int *cells;
    int ncells;
    digitset digits;
};

struct nogood_store *nogoods_new(void);
void nogoods_free(struct nogood_store *ns);
/* Forgets every nogood: a new search starts from a new root. */
void nogoods_clear(struct nogood_store *ns);
int nogoods_count(const struct nogood_store *ns);
/* Adds the nogood made of `count` decisions, the refuted one last. Out of
 * memory, or past a fixed cap, it is left out: learning only saves work. */
void nogoods_add(struct nogood_store *ns, const struct nogood_decision *decisions, int count);
/* Applies every nogood to state (a propagated search state of rs), each
 * narrowing propagated with ctx: SL_PROP_OK, or SL_PROP_CONTRADICTION
 * when some nogood holds whole or a narrowing fails. */
int nogoods_apply(const struct nogood_store *ns, struct prop_ctx *ctx, const struct ruleset *rs,
                  digitset *state);

#endif
