/*
 * estimate.h — the number of solutions of a puzzle with too many to
 * count, estimated by random probes of its search tree (Knuth's
 * estimator).
 *
 * A probe walks from the propagated root to a leaf: at each node it
 * branches on the open cell with the fewest candidates, propagates every
 * digit of it, and goes on into one of the children that survive, drawn
 * uniformly; the product of the surviving children's numbers along the
 * path is the probe's estimate when the leaf is a solution, 0 when it is
 * a dead end. Each solution is reached with probability one over that
 * product, so the mean of the probes is an unbiased estimate of the
 * count; the 95% interval is the mean plus or minus 1.96 standard errors
 * (from the probes' sample variance), unbounded above when no probe met
 * a solution though the root is live. Every draw comes from one rng
 * seeded by the caller, so a seed gives the same estimate every time.
 */
#ifndef SUDOLAB_ESTIMATE_H
#define SUDOLAB_ESTIMATE_H

#include "rules.h"

/* Long doubles: a 25x25 grid has more solutions than a double holds (the
 * sums behind them are doubles scaled by powers of two, the same digits on
 * every IEEE-754 machine whose long double holds a double: estimate.c). */
struct estimate {
    long double mean;      /* the estimated number of solutions */
    long double low, high; /* its 95% interval (low at least 0; high
                              HUGE_VALL when no probe met a solution past
                              a root the givens left live) */
    long double std_error; /* the standard error of the mean */
    long probes;           /* probes made */
    long solutions;        /* probes that ended at a solution */
    int aborted;           /* a rule stopped the propagation (a script's error) */
};

/* Estimates the solutions of the puzzle `givens` over rs (the givens must
 * have passed ruleset_check_givens) from `probes` probes drawn from seed.
 * 0, or -1 out of memory. */
int estimate_count(const struct ruleset *rs, const uint8_t *givens, long probes, uint64_t seed,
                   struct estimate *out);

#endif
