/*
 * play_trace.h — the solver one step at a time, for `sudolab trace` and
 * the game's trace key.
 *
 * A plain depth-first search built on the engine's propagation
 * (propagate.h), run one step per call so a screen can show each: the
 * propagation of the givens, each guess (a digit tried in the open cell
 * with the fewest candidates, and the propagation it sets off), each
 * contradiction, and each backtrack to the next digit of a guess. After
 * every step the candidates of the current state are readable, and which
 * cells the step changed. It shows how the search works rather than
 * being the search: `sudolab solve` runs search.h's, which this does not
 * slow down.
 */
#ifndef SUDOLAB_PLAY_TRACE_H
#define SUDOLAB_PLAY_TRACE_H

#include "propagate.h"

enum trace_event {
    TRACE_START,         /* the givens propagated */
    TRACE_GUESS,         /* a digit tried, and propagated */
    TRACE_CONTRADICTION, /* the state just made has a cell without candidates */
    TRACE_BACKTRACK,     /* back to a guess, to try its next digit */
    TRACE_SOLVED,        /* every cell single */
    TRACE_NO_SOLUTION    /* every guess failed */
};

struct trace_step {
    enum trace_event event;
    int cell, digit; /* the guess, or -1 */
    int depth;       /* guesses standing */
    int removed;     /* candidates the step removed */
};

struct play_trace;

/* A tracer of rs over givens (checked by the caller). NULL when out of memory. */
struct play_trace *play_trace_new(const struct ruleset *rs, const uint8_t *givens);
void play_trace_free(struct play_trace *t);
/* Takes the next step into out; returns 0 once solved or failed (out then
 * repeats the last event), else 1. */
int play_trace_step(struct play_trace *t, struct trace_step *out);
/* The candidates of the current state, and the cells the last step
 * changed (1) or guessed on (2). */
const digitset *play_trace_candidates(const struct play_trace *t);
const uint8_t *play_trace_changed(const struct play_trace *t);
/* Steps taken so far. */
long play_trace_count(const struct play_trace *t);

#endif
