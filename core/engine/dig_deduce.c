/*
 * dig_deduce.c — digging by deductions (dig.h): the rules' own techniques
 * run to a fixed point on a scratch state, in place of a search.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dig.h"
#include "propagate.h"

/* The rules' hooks read a whole search state; only the cells are set,
 * the rest (houses' solved digits, rule counters) starts at zero. */
struct deduce {
    const struct ruleset *rs;
    digitset *state;
    struct prop_ctx ctx;
    uint64_t knows_every; /* slots whose hook answered an EXPLAIN_EVERY key */
    int others;           /* reasoning beside the closures: peers, or explain alone */
    char every[DIG_DEDUCE_MAX_KEYS][64];
};

static int deduce_open(struct deduce *d, const struct ruleset *rs, const char *const *keys,
                       int nkeys)
{
    if (nkeys > DIG_DEDUCE_MAX_KEYS) return -1;
    for (int i = 0; i < rs->nslots; i++)
        if (rs->slots[i].ops->explain_prepare) return -1;
    for (int k = 0; k < nkeys; k++)
        snprintf(d->every[k], sizeof d->every[k], "%s%s", EXPLAIN_EVERY, keys[k]);
    d->knows_every = 0;
    d->others = rs->peer_start[rs->geo.ncells] > 0;
    for (int i = 0; i < rs->nslots; i++)
        d->others |= rs->slots[i].ops->explain && !rs->slots[i].ops->explain_closure;
    d->rs = rs;
    d->state = malloc(rs->state_bytes);
    return d->state ? 0 : -1;
}

/* Takes every single candidate out of its peers; 1 when anything went. */
static int deduce_peers(struct deduce *d)
{
    const struct ruleset *rs = d->rs;
    int changed = 0;
    for (int c = 0; c < rs->geo.ncells; c++) {
        if (!digitset_is_single(d->state[c])) continue;
        for (int i = rs->peer_start[c]; i < rs->peer_start[c + 1]; i++) {
            digitset *peer = &d->state[rs->peers[i]];
            if (*peer & d->state[c]) *peer &= ~d->state[c], changed = 1;
        }
    }
    return changed;
}

static int deduce_ask(struct deduce *d, int slot, const char *key)
{
    struct explain_sink sink;
    sink.ncells = 0;
    sink.changed = NULL;
    d->ctx.queue_len = 0;
    d->ctx.current_slot = slot;
    return d->rs->slots[slot].ops->explain(d->rs->slots[slot].self, key, &d->ctx, &sink);
}

/* Deductions of technique k by some rule (every one a pass finds, where
 * the hook takes EXPLAIN_EVERY); 1 when any was made. */
static int deduce_step(struct deduce *d, const char *const *keys, int k)
{
    const struct ruleset *rs = d->rs;
    for (int i = 0; i < rs->nslots; i++) {
        if (!rs->slots[i].ops->explain || rs->slots[i].ops->explain_closure) continue;
        uint64_t bit = i < 64 ? UINT64_C(1) << i : 0;
        int rc = deduce_ask(d, i, d->every[k]);
        if (rc != 0) d->knows_every |= bit;
        if (rc > 0) return 1;
        if (!(d->knows_every & bit) && deduce_ask(d, i, keys[k]) > 0) return 1;
    }
    return 0;
}

/* The rules that reach their fixed point in one call (explain_closure),
 * each asked once: 1 when any narrowed, -1 on a contradiction. */
static int deduce_closures(struct deduce *d, const char *const *keys, int nkeys, const int *watch,
                           int nwatch)
{
    const struct ruleset *rs = d->rs;
    int changed = 0;
    for (int i = 0; i < rs->nslots; i++) {
        const struct constraint_ops *ops = rs->slots[i].ops;
        int rc = ops->explain_closure
                     ? ops->explain_closure(rs->slots[i].self, keys, nkeys, d->state, watch, nwatch)
                     : 0;
        if (rc < 0) return -1;
        changed |= rc;
    }
    return changed;
}

/* 1 when every cell of watch holds the solution's digit alone. */
static int deduce_settled(const struct deduce *d, const uint8_t *solution, const int *watch,
                          int nwatch)
{
    for (int i = 0; i < nwatch; i++)
        if (d->state[watch[i]] != digitset_of(solution[watch[i]])) return 0;
    return 1;
}

/* A fill that is not the solution cannot come from sound deductions on
 * givens the solution extends; it is refused rather than trusted. With
 * watch (the cells just removed from givens the deductions fill), the
 * deductions may stop once those cells are back: the givens they had
 * then follow, and from those the rest. */
static int deduce_fills(struct deduce *d, const uint8_t *givens, const uint8_t *solution,
                        const char *const *keys, int nkeys, const int *watch, int nwatch)
{
    const struct ruleset *rs = d->rs;
    memset(d->state, 0, rs->state_bytes);
    for (int c = 0; c < rs->geo.ncells; c++)
        d->state[c] = givens[c] ? digitset_of(givens[c]) : rs->domain[c];
    propagate_view(&d->ctx, rs, d->state);
    /* Passes over the techniques, each as long as it finds anything:
     * the fixed point is the same in any order, and a technique asked
     * again at once finds its next deduction cheaply. A closure leaves
     * its own fixed point: what it narrowed is news only to the others. */
    for (int progress = 1; progress;) {
        progress = deduce_peers(d);
        for (int k = 0; k < nkeys; k++)
            while (deduce_step(d, keys, k)) {
                progress = 1;
                if (watch && deduce_settled(d, solution, watch, nwatch)) return 1;
            }
        int closed = deduce_closures(d, keys, nkeys, watch, nwatch);
        if (closed < 0) return 0;
        if (closed && watch && deduce_settled(d, solution, watch, nwatch)) return 1;
        progress |= closed && d->others;
    }
    for (int c = 0; c < rs->geo.ncells; c++)
        if (d->state[c] != digitset_of(solution[c])) return 0;
    return 1;
}

int dig_groups_deduced(const struct ruleset *rs, uint8_t *givens, const uint8_t *solution,
                       const int *cells, const int *start, int ngroups, const char *const *keys,
                       int nkeys)
{
    struct deduce d;
    if (deduce_open(&d, rs, keys, nkeys)) return -1;
    /* Once the givens are known to fill, each removal need only come back. */
    int fills = deduce_fills(&d, givens, solution, keys, nkeys, NULL, 0), removed = 0;
    for (int g = 0; g < ngroups; g++) {
        const int *group = cells + start[g];
        int count = start[g + 1] - start[g], present = 0;
        uint8_t kept[SL_MAX_CELLS];
        for (int i = 0; i < count; i++) {
            kept[i] = givens[group[i]];
            present += kept[i] != 0;
            givens[group[i]] = 0;
        }
        if (present &&
            deduce_fills(&d, givens, solution, keys, nkeys, fills ? group : NULL, count)) {
            removed += present;
            fills = 1;
            continue;
        }
        for (int i = 0; i < count; i++) givens[group[i]] = kept[i];
    }
    free(d.state);
    return removed;
}
