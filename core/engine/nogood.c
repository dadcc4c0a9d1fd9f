/*
 * nogood.c — see nogood.h.
 */
#include "nogood.h"

#include <stdlib.h>

#include "vec.h"

struct nogood_literal {
    int first, ncells; /* into cells */
    digitset digits;
};

struct nogood {
    int first, count; /* into literals: the decisions, the refuted one last */
};

struct nogood_store {
    struct nogood *nogoods;
    int count, nogoods_cap;
    struct nogood_literal *literals;
    int nliterals, literals_cap;
    uint16_t *cells;
    int ncells, cells_cap;
};

struct nogood_store *nogoods_new(void) { return calloc(1, sizeof(struct nogood_store)); }

void nogoods_free(struct nogood_store *ns)
{
    if (ns == NULL) return;
    free(ns->nogoods);
    free(ns->literals);
    free(ns->cells);
    free(ns);
}

void nogoods_clear(struct nogood_store *ns) { ns->count = ns->nliterals = ns->ncells = 0; }

int nogoods_count(const struct nogood_store *ns) { return ns->count; }

void nogoods_add(struct nogood_store *ns, const struct nogood_decision *decisions, int count)
{
    struct sl_error ignored = {0}; /* a nogood that finds no room is left out */
    int cells = 0;
    for (int i = 0; i < count; i++) cells += decisions[i].ncells;
    if (count < 1 || ns->ncells + cells > NOGOODS_MAX_CELLS ||
        vec_grow((void **)&ns->nogoods, &ns->nogoods_cap, ns->count + 1, sizeof *ns->nogoods,
                 &ignored) ||
        vec_grow((void **)&ns->literals, &ns->literals_cap, ns->nliterals + count,
                 sizeof *ns->literals, &ignored) ||
        vec_grow((void **)&ns->cells, &ns->cells_cap, ns->ncells + cells, sizeof *ns->cells,
                 &ignored))
        return;
    ns->nogoods[ns->count++] = (struct nogood){ns->nliterals, count};
    for (int i = 0; i < count; i++) {
        const struct nogood_decision *d = &decisions[i];
        ns->literals[ns->nliterals++] = (struct nogood_literal){ns->ncells, d->ncells, d->digits};
        for (int k = 0; k < d->ncells; k++) ns->cells[ns->ncells++] = (uint16_t)d->cells[k];
    }
}

/* How many cells of decision l are not yet within its digits; the last
 * such cell in *cell. */
static int literal_open_cells(const struct nogood_store *ns, const struct nogood_literal *l,
                              const digitset *state, int *cell)
{
    int open = 0;
    for (int k = 0; k < l->ncells; k++) {
        int c = ns->cells[l->first + k];
        if (state[c] & ~l->digits) open++, *cell = c;
    }
    return open;
}

/* What nogood g requires of state: SL_PROP_CONTRADICTION when it holds
 * whole, else 1 with the cell to narrow in *cell (away from *digits),
 * else 0. */
static int nogood_check(const struct nogood_store *ns, const struct nogood *g,
                        const digitset *state, int *cell, digitset *digits)
{
    const struct nogood_literal *l = &ns->literals[g->first];
    for (int i = 0; i + 1 < g->count; i++, l++)
        if (literal_open_cells(ns, l, state, cell) > 0) return 0;
    int open = literal_open_cells(ns, l, state, cell);
    if (open == 0) return SL_PROP_CONTRADICTION;
    *digits = l->digits;
    return open == 1 && (state[*cell] & l->digits) != 0;
}

int nogoods_apply(const struct nogood_store *ns, struct prop_ctx *ctx, const struct ruleset *rs,
                  digitset *state)
{
    /* A narrowing can complete the prefix of a nogood already passed. */
    for (int again = ns->count > 0; again;) {
        again = 0;
        for (int i = 0; i < ns->count; i++) {
            int cell = -1;
            digitset digits = 0;
            int verdict = nogood_check(ns, &ns->nogoods[i], state, &cell, &digits);
            if (verdict == 0) continue;
            if (verdict < 0 ||
                propagate_restrict_cells(ctx, rs, state, &cell, 1, ~digits) != SL_PROP_OK)
                return SL_PROP_CONTRADICTION;
            again = 1;
        }
    }
    return SL_PROP_OK;
}
