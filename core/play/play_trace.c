/*
 * play_trace.c — a step-by-step search over the engine's propagation
 * (play_trace.h). Level k of the stack is the state after k guesses; a
 * level remembers the cell it guessed on and the digits left to try.
 */
#include <stdlib.h>
#include <string.h>

#include "play_trace.h"

struct trace_level {
    int cell;         /* guessed on, -1 at the root */
    digitset untried; /* its digits not tried yet */
};

struct play_trace {
    const struct ruleset *rs;
    uint8_t givens[SL_MAX_CELLS];
    struct prop_ctx ctx;
    unsigned char *states; /* (ncells + 1) states of rs->state_bytes */
    unsigned char *scratch;
    struct trace_level levels[SL_MAX_CELLS + 1];
    int depth;  /* the current level; -1 before the start */
    int failed; /* the current state is a contradiction */
    int done;
    struct trace_step last;
    uint8_t changed[SL_MAX_CELLS];
    digitset shown[SL_MAX_CELLS];
    long steps;
};

static digitset *trace_state(struct play_trace *t, int level)
{
    return (digitset *)(t->states + (size_t)level * t->rs->state_bytes);
}

struct play_trace *play_trace_new(const struct ruleset *rs, const uint8_t *givens)
{
    struct play_trace *t = calloc(1, sizeof *t);
    if (t == NULL) return NULL;
    t->rs = rs;
    memcpy(t->givens, givens, (size_t)rs->geo.ncells);
    t->states = malloc((size_t)(rs->geo.ncells + 1) * rs->state_bytes);
    t->scratch = malloc(rs->scratch_bytes + 1);
    t->depth = -1;
    if (t->states == NULL || t->scratch == NULL) {
        play_trace_free(t);
        return NULL;
    }
    return t;
}

void play_trace_free(struct play_trace *t)
{
    if (t == NULL) return;
    free(t->states);
    free(t->scratch);
    free(t);
}

/* The open cell with the fewest candidates, or -1 when all are single. */
static int trace_pick(struct play_trace *t, const digitset *cand)
{
    int best = -1, fewest = SL_MAX_SIZE + 1;
    for (int c = 0; c < t->rs->geo.ncells; c++) {
        int n = digitset_count(cand[c]);
        if (n > 1 && n < fewest) best = c, fewest = n;
    }
    return best;
}

/* Compares the state shown before with the current one. */
static int trace_show(struct play_trace *t)
{
    const digitset *cand = trace_state(t, t->depth);
    int removed = 0;
    for (int c = 0; c < t->rs->geo.ncells; c++) {
        digitset now = t->failed && !cand[c] ? 0 : cand[c];
        removed += digitset_count(t->shown[c] & ~now);
        t->changed[c] = t->shown[c] != now;
        t->shown[c] = now;
    }
    return removed;
}

/* Tries the next digit of level depth's guess in a new state depth + 1. */
static void trace_guess(struct play_trace *t, struct trace_step *out)
{
    struct trace_level *lv = &t->levels[t->depth];
    int d = digitset_first(lv->untried);
    lv->untried &= lv->untried - 1;
    size_t bytes = t->rs->state_bytes;
    memcpy(trace_state(t, t->depth + 1), trace_state(t, t->depth), bytes);
    t->depth++;
    t->levels[t->depth] = (struct trace_level){-1, 0};
    int cell = lv->cell;
    int rc = propagate_restrict_cells(&t->ctx, t->rs, trace_state(t, t->depth), &cell, 1,
                                      digitset_of(d));
    t->failed = rc != SL_PROP_OK;
    *out = (struct trace_step){TRACE_GUESS, cell, d, t->depth, trace_show(t)};
    t->changed[cell] = 2;
}

/* Leaves the failed state for the deepest guess with a digit left. */
static void trace_backtrack(struct play_trace *t, struct trace_step *out)
{
    while (t->depth > 0 && t->levels[t->depth - 1].untried == 0) t->depth--;
    t->depth--;
    t->failed = 0;
    if (t->depth < 0) {
        t->done = 1;
        t->depth = 0;
        *out = (struct trace_step){TRACE_NO_SOLUTION, -1, -1, 0, 0};
        return;
    }
    int removed = trace_show(t);
    *out = (struct trace_step){TRACE_BACKTRACK, t->levels[t->depth].cell, -1, t->depth, removed};
}

static void trace_start(struct play_trace *t, struct trace_step *out)
{
    const struct ruleset *rs = t->rs;
    for (int c = 0; c < rs->geo.ncells; c++) t->shown[c] = rs->domain[c];
    t->depth = 0;
    t->levels[0] = (struct trace_level){-1, 0};
    int rc = propagate_start_search(&t->ctx, rs, trace_state(t, 0), t->givens, 0, t->scratch);
    t->failed = rc != SL_PROP_OK;
    *out = (struct trace_step){TRACE_START, -1, -1, 0, trace_show(t)};
}

int play_trace_step(struct play_trace *t, struct trace_step *out)
{
    if (t->done) {
        *out = t->last;
        return 0;
    }
    t->steps++;
    if (t->depth < 0)
        trace_start(t, out);
    else if (t->failed && t->last.event != TRACE_CONTRADICTION)
        *out = (struct trace_step){TRACE_CONTRADICTION, t->last.cell, t->last.digit, t->depth, 0};
    else if (t->failed)
        trace_backtrack(t, out);
    else {
        struct trace_level *lv = &t->levels[t->depth];
        if (lv->cell < 0) {
            lv->cell = trace_pick(t, trace_state(t, t->depth));
            lv->untried = lv->cell >= 0 ? trace_state(t, t->depth)[lv->cell] : 0;
        }
        if (lv->cell < 0) {
            t->done = 1;
            *out = (struct trace_step){TRACE_SOLVED, -1, -1, t->depth, 0};
        } else
            trace_guess(t, out);
    }
    t->last = *out;
    return !t->done;
}

const digitset *play_trace_candidates(const struct play_trace *t) { return t->shown; }
const uint8_t *play_trace_changed(const struct play_trace *t) { return t->changed; }
long play_trace_count(const struct play_trace *t) { return t->steps; }
