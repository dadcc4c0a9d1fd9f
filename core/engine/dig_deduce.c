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
    const char *const *keys;
    int nkeys;
    int worded; /* every[] written: only a rule asked through explain reads it */
    char every[DIG_DEDUCE_MAX_KEYS][64];
    struct dig_steps *steps; /* NULL: uncounted */
    int gave_up;             /* the steps ran out */
};

/* Takes one step of steps (NULL: uncounted, unlimited): 0, or 1 when
 * none is left. */
static int steps_take(struct dig_steps *steps)
{
    if (!steps) return 0;
    if (steps->limit && steps->used >= steps->limit) return 1;
    steps->used++;
    return 0;
}

/* The EXPLAIN_EVERY form of each key, written when first asked. */
static void deduce_word_keys(struct deduce *d)
{
    if (d->worded) return;
    for (int k = 0; k < d->nkeys; k++)
        snprintf(d->every[k], sizeof d->every[k], "%s%s", EXPLAIN_EVERY, d->keys[k]);
    d->worded = 1;
}

/* 0, or DIG_DEDUCE_CANNOT or DIG_DEDUCE_NO_MEMORY. */
static int deduce_open(struct deduce *d, const struct ruleset *rs, const char *const *keys,
                       int nkeys, struct dig_steps *steps)
{
    if (nkeys > DIG_DEDUCE_MAX_KEYS) return DIG_DEDUCE_CANNOT;
    for (int i = 0; i < rs->nslots; i++)
        if (rs->slots[i].ops->explain_prepare) return DIG_DEDUCE_CANNOT;
    d->steps = steps;
    d->gave_up = 0;
    d->keys = keys;
    d->nkeys = nkeys;
    d->worded = 0;
    d->knows_every = 0;
    d->others = rs->peer_start[rs->geo.ncells] > 0;
    for (int i = 0; i < rs->nslots; i++)
        d->others |= rs->slots[i].ops->explain && !rs->slots[i].ops->explain_closure;
    d->rs = rs;
    d->state = malloc(rs->state_bytes);
    if (!d->state) return DIG_DEDUCE_NO_MEMORY;
    /* Every field a hook may read starts defined (propagate_view, per
     * closure, resets only the view). */
    propagate_view_fresh(&d->ctx, rs, d->state);
    return 0;
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
    sink.changed_list = NULL;
    sink.nchanged = 0;
    d->ctx.queue_len = 0;
    d->ctx.current_slot = slot;
    return d->rs->slots[slot].ops->explain(d->rs->slots[slot].self, key, &d->ctx, &sink);
}

/* Deductions of technique k by some rule (every one a pass finds, where
 * the hook takes EXPLAIN_EVERY); 1 when any was made. */
static int deduce_step(struct deduce *d, int k)
{
    const struct ruleset *rs = d->rs;
    for (int i = 0; i < rs->nslots; i++) {
        if (!rs->slots[i].ops->explain || rs->slots[i].ops->explain_closure) continue;
        deduce_word_keys(d);
        uint64_t bit = i < 64 ? UINT64_C(1) << i : 0;
        int rc = deduce_ask(d, i, d->every[k]);
        if (rc != 0) d->knows_every |= bit;
        if (rc > 0) return 1;
        if (!(d->knows_every & bit) && deduce_ask(d, i, d->keys[k]) > 0) return 1;
    }
    return 0;
}

/* The rules that reach their fixed point in one call (explain_closure),
 * each asked once: 1 when any narrowed, -1 on a contradiction. */
static int deduce_closures(struct deduce *d, const int *watch, int nwatch)
{
    const struct ruleset *rs = d->rs;
    int changed = 0;
    for (int i = 0; i < rs->nslots; i++) {
        const struct constraint_ops *ops = rs->slots[i].ops;
        int rc = ops->explain_closure ? ops->explain_closure(rs->slots[i].self, d->keys, d->nkeys,
                                                             d->state, watch, nwatch, NULL, 0)
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

/* The state of givens alone, before any deduction. */
static void deduce_start(struct deduce *d, digitset *state, const uint8_t *givens)
{
    const struct ruleset *rs = d->rs;
    memset(state, 0, rs->state_bytes);
    for (int c = 0; c < rs->geo.ncells; c++)
        state[c] = givens[c] ? digitset_of(givens[c]) : rs->domain[c];
}

/* Runs the deductions from givens to their fixed point, a step a pass:
 * -1 on a contradiction, 1 when the cells of watch (given) hold the
 * solution's digits, else 0 (d->gave_up when the steps ran out). */
static int deduce_close(struct deduce *d, const uint8_t *givens, const uint8_t *solution,
                        const int *watch, int nwatch)
{
    deduce_start(d, d->state, givens);
    propagate_view(&d->ctx, d->rs, d->state);
    /* Passes over the techniques, each as long as it finds anything:
     * the fixed point is the same in any order, and a technique asked
     * again at once finds its next deduction cheaply. A closure leaves
     * its own fixed point: what it narrowed is news only to the others. */
    for (int progress = 1; progress;) {
        if (steps_take(d->steps)) return d->gave_up = 1, 0;
        progress = deduce_peers(d);
        for (int k = 0; k < d->nkeys; k++)
            while (deduce_step(d, k)) {
                progress = 1;
                if (watch && deduce_settled(d, solution, watch, nwatch)) return 1;
            }
        int closed = deduce_closures(d, watch, nwatch);
        if (closed < 0) return -1;
        if (closed && watch && deduce_settled(d, solution, watch, nwatch)) return 1;
        progress |= closed && d->others;
    }
    return 0;
}

/* A fill that is not the solution cannot come from sound deductions on
 * givens the solution extends; it is refused rather than trusted. With
 * watch (the cells just removed from givens the deductions fill), the
 * deductions may stop once those cells are back: the givens they had
 * then follow, and from those the rest. */
static int deduce_fills(struct deduce *d, const uint8_t *givens, const uint8_t *solution,
                        const int *watch, int nwatch)
{
    int closed = deduce_close(d, givens, solution, watch, nwatch);
    if (closed != 0) return closed > 0;
    for (int c = 0; c < d->rs->geo.ncells; c++)
        if (d->state[c] != digitset_of(solution[c])) return 0;
    return 1;
}

int dig_deduces(const struct ruleset *rs, const uint8_t *givens, const char *const *keys, int nkeys,
                uint8_t *grid, struct dig_steps *steps)
{
    struct deduce d;
    int opened = deduce_open(&d, rs, keys, nkeys, steps);
    if (opened) return opened;
    int fills = deduce_close(&d, givens, NULL, NULL, 0) == 0;
    for (int c = 0; fills && c < rs->geo.ncells; c++) {
        fills = digitset_is_single(d.state[c]);
        grid[c] = fills ? (uint8_t)digitset_first(d.state[c]) : 0;
    }
    free(d.state);
    return d.gave_up ? DIG_DEDUCE_GAVE_UP : fills;
}

/* --- the dig by halves ------------------------------------------------------
 *
 * Where one rule's closure is all the reasoning (no peers, no rule asked
 * through explain), a removal need not start from the givens. The fixed
 * point grows with the givens and is the same in any order, so the
 * closure of the givens outside a run of groups (all still there) starts
 * every removal of the run: the run's first half starts from it with the
 * second half's givens added, and the second half, once the first is
 * settled, with the givens the first kept. A group holds when its cells
 * are deduced in its start; a run whose cells are all deduced in its
 * start loses every group, as each removal's start holds that one. Each
 * closure past the first adds givens to a fixed point, and the hook is
 * told which (news). Same removals as a closure from the givens a group.
 */
struct halves {
    const struct rule_slot *slot; /* the one rule with a closure */
    const char *const *keys;
    int nkeys, ncells, removed;
    uint8_t *givens;
    const uint8_t *solution;
    const int *cells, *start;
    digitset *states; /* ncells a level of the split */
    int news[SL_MAX_CELLS];
    struct dig_steps *steps;
    int gave_up;
};

/* The closure of state, a step (news: the cells given since its last
 * fixed point, none: look at everything): -1 on a contradiction or when
 * the steps ran out (gave_up), else what the hook returns. */
static int halves_closure(struct halves *h, digitset *state, const int *watch, int nwatch,
                          int nnews)
{
    if (steps_take(h->steps)) return h->gave_up = 1, -1;
    return h->slot->ops->explain_closure(h->slot->self, h->keys, h->nkeys, state, watch, nwatch,
                                         nnews ? h->news : NULL, nnews);
}

/* The closure's rule, when it is the whole reasoning; else NULL. */
static const struct rule_slot *halves_slot(const struct deduce *d)
{
    const struct rule_slot *slot = NULL;
    for (int i = 0; i < d->rs->nslots; i++)
        if (d->rs->slots[i].ops->explain_closure) {
            if (slot) return NULL;
            slot = &d->rs->slots[i];
        }
    return d->others ? NULL : slot;
}

/* 1 when no cell is in two groups (a later group would find it gone). */
static int halves_disjoint(const int *cells, const int *start, int ngroups)
{
    uint8_t seen[SL_MAX_CELLS] = {0};
    for (int i = 0; i < start[ngroups]; i++)
        if (cells[i] < 0 || cells[i] >= SL_MAX_CELLS || seen[cells[i]]++) return 0;
    return 1;
}

/* Adds the givens of groups lo..hi-1 to state and closes it, or stops
 * once the cells of groups wlo..whi-1 hold one digit each (all of them go
 * then, and the rest of the fixed point is not needed): -1 on a
 * contradiction. */
static int halves_add(struct halves *h, digitset *state, int lo, int hi, int wlo, int whi)
{
    int nnews = 0;
    for (int i = h->start[lo]; i < h->start[hi]; i++) {
        int c = h->cells[i];
        digitset given = h->givens[c] ? digitset_of(h->givens[c]) : 0;
        if (!given || state[c] == given) continue;
        if (!(state[c] & given)) return -1;
        state[c] = given;
        h->news[nnews++] = c;
    }
    if (!nnews) return 0;
    int nwatch = h->start[whi] - h->start[wlo];
    const int *watch = nwatch ? h->cells + h->start[wlo] : NULL;
    return halves_closure(h, state, watch, nwatch, nnews);
}

/* 1 when state holds the solution in every cell of groups lo..hi-1. */
static int halves_deduced(const struct halves *h, const digitset *state, int lo, int hi)
{
    for (int i = h->start[lo]; i < h->start[hi]; i++)
        if (state[h->cells[i]] != digitset_of(h->solution[h->cells[i]])) return 0;
    return 1;
}

static void halves_remove(struct halves *h, int lo, int hi)
{
    for (int i = h->start[lo]; i < h->start[hi]; i++) {
        h->removed += h->givens[h->cells[i]] != 0;
        h->givens[h->cells[i]] = 0;
    }
}

static void halves_dig(struct halves *h, int level, int lo, int hi);

/* Groups lo..hi-1 of a run whose others are olo..ohi-1, from the closure
 * at level of the givens outside the run. Cells deduced there are
 * deduced with more givens too. */
static void halves_half(struct halves *h, int level, int lo, int hi, int olo, int ohi)
{
    digitset *state = h->states + (size_t)level * (size_t)h->ncells, *next = state + h->ncells;
    if (halves_deduced(h, state, lo, hi)) {
        halves_remove(h, lo, hi);
        return;
    }
    memcpy(next, state, sizeof *state * (size_t)h->ncells);
    if (halves_add(h, next, olo, ohi, lo, hi) >= 0) halves_dig(h, level + 1, lo, hi);
}

/* Groups lo..hi-1, from the closure of the givens outside them at
 * level (a contradiction there is one in every removal's start). */
static void halves_dig(struct halves *h, int level, int lo, int hi)
{
    const digitset *state = h->states + (size_t)level * (size_t)h->ncells;
    if (h->gave_up) return;
    if (halves_deduced(h, state, lo, hi)) {
        halves_remove(h, lo, hi);
        return;
    }
    if (hi - lo == 1) return;
    int mid = lo + (hi - lo) / 2;
    halves_half(h, level, lo, mid, mid, hi);
    halves_half(h, level, mid, hi, lo, mid);
}

/* The closure of the givens outside every group at level 0; 1 when the
 * givens with them fill the grid (nothing can go otherwise). */
static int halves_open(struct halves *h, const struct ruleset *rs, int ngroups)
{
    digitset *top = h->states, *all = top + h->ncells;
    int open = 0;
    for (int c = 0; c < h->ncells; c++) {
        top[c] = h->givens[c] ? digitset_of(h->givens[c]) : rs->domain[c];
        open += !h->givens[c];
    }
    for (int i = 0; i < h->start[ngroups]; i++) top[h->cells[i]] = rs->domain[h->cells[i]];
    if (halves_closure(h, top, NULL, 0, 0) < 0) return 0;
    if (!open) return 1; /* the givens are the solution */
    memcpy(all, top, sizeof *top * (size_t)h->ncells);
    if (halves_add(h, all, 0, ngroups, 0, 0) < 0) return 0;
    for (int c = 0; c < h->ncells; c++)
        if (all[c] != digitset_of(h->solution[c])) return 0;
    return 1;
}

static int dig_by_halves(const struct deduce *d, const struct rule_slot *slot, uint8_t *givens,
                         const uint8_t *solution, const int *cells, const int *start, int ngroups)
{
    int levels = 2;
    while (levels < 64 && (1L << (levels - 2)) < ngroups) levels++;
    struct halves *h = malloc(sizeof *h);
    if (!h) return DIG_DEDUCE_NO_MEMORY;
    *h = (struct halves){.slot = slot,
                         .keys = d->keys,
                         .nkeys = d->nkeys,
                         .givens = givens,
                         .solution = solution,
                         .cells = cells,
                         .start = start,
                         .ncells = d->rs->geo.ncells,
                         .steps = d->steps};
    h->states = malloc(sizeof *h->states * (size_t)h->ncells * (size_t)levels);
    if (h->states && halves_open(h, d->rs, ngroups)) halves_dig(h, 0, 0, ngroups);
    int removed = !h->states ? DIG_DEDUCE_NO_MEMORY : h->gave_up ? DIG_DEDUCE_GAVE_UP : h->removed;
    free(h->states);
    free(h);
    return removed;
}

int dig_groups_deduced(const struct ruleset *rs, uint8_t *givens, const uint8_t *solution,
                       const int *cells, const int *start, int ngroups, const char *const *keys,
                       int nkeys, struct dig_steps *steps)
{
    struct deduce d;
    int opened = deduce_open(&d, rs, keys, nkeys, steps);
    if (opened) return opened;
    const struct rule_slot *slot = halves_slot(&d);
    if (slot && ngroups > 0 && halves_disjoint(cells, start, ngroups)) {
        free(d.state);
        return dig_by_halves(&d, slot, givens, solution, cells, start, ngroups);
    }
    /* Once the givens are known to fill, each removal need only come back. */
    int fills = deduce_fills(&d, givens, solution, NULL, 0), removed = 0;
    for (int g = 0; g < ngroups && !d.gave_up; g++) {
        const int *group = cells + start[g];
        int count = start[g + 1] - start[g], present = 0;
        uint8_t kept[SL_MAX_CELLS];
        for (int i = 0; i < count; i++) {
            kept[i] = givens[group[i]];
            present += kept[i] != 0;
            givens[group[i]] = 0;
        }
        if (present && deduce_fills(&d, givens, solution, fills ? group : NULL, count)) {
            removed += present;
            fills = 1;
            continue;
        }
        for (int i = 0; i < count; i++) givens[group[i]] = kept[i];
    }
    free(d.state);
    return d.gave_up ? DIG_DEDUCE_GAVE_UP : removed;
}
