/*
 * closure.h — how far the easiest techniques alone take a grid: the bound
 * that lets a rating stop early (rate_puzzle_band, rate.h).
 *
 * Singles (naked, hidden in a box, hidden in any other house) and locked
 * candidates (pointing, claiming) are monotone: what one of them finds in
 * a grid it still finds, or has nothing left to do, once the grid holds
 * more true digits and fewer false candidates. So the grid they reach
 * when applied until none applies (the closure) depends only on where
 * they start, and when it is full from some state of a rating, the rater
 * (which takes the easiest step there is) takes no step rated above the
 * hardest of them from that state on.
 *
 * A closure uses only the techniques whose table rows (technique.c) rate
 * below a bound; it keeps its own grid, follows the rater's steps (each
 * step applied to it as well) and says when that grid is full. It lives
 * in the rater (it holds a whole human state) and is reused.
 */
#ifndef SUDOLAB_CLOSURE_H
#define SUDOLAB_CLOSURE_H

#include "human.h"

enum {
    CLOSURE_BOX_SINGLES,
    CLOSURE_HOUSE_SINGLES,
    CLOSURE_NAKED_SINGLES,
    CLOSURE_POINTING,
    CLOSURE_CLAIMING,
    CLOSURE_TECHNIQUES
};

struct closure {
    double row_rating[CLOSURE_TECHNIQUES]; /* the easiest row of each (HUGE_VAL: none) */
    int may[CLOSURE_TECHNIQUES];           /* rated below the bound */
    double rating;                         /* the hardest of those */
    int used;                              /* some technique rates below the bound */
    int solved;                            /* its grid is full */
    struct human grid;
    struct step removal;
    /* The candidates when locked candidates last found nothing (valid):
     * only meetings with a house changed since can lock anything new. */
    int locked_valid;
    digitset locked_seen[SL_MAX_CELLS];
};

/* Reads the techniques' ratings off the table, once. */
void closure_init(struct closure *c);
/* Starts from h with the techniques rated below `below`; returns solved
 * (0 when none rates below it, the closure then unused). */
int closure_begin(struct closure *c, const struct human *h, double below);
/* Follows a step the rater took (it keeps the solution); returns solved. */
int closure_follow(struct closure *c, const struct step *s);

#endif
