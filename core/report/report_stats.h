/*
 * report_stats.h — the statistics a report compares arms with, on plain
 * arrays of doubles: median and mean, the Mann–Whitney rank test, and
 * percentile bootstrap intervals.
 *
 * The median is the middle value, or the mean of the two middle ones.
 * The rank test takes mid-ranks for ties and gives a two-sided p-value
 * from the normal approximation, with the tie correction of the variance
 * and a continuity correction of 1/2: good from about eight values per
 * sample. A bootstrap draws both samples again with replacement,
 * `resamples` times, from the one seeded generator (rng.h), and takes the
 * 2.5% and 97.5% quantiles of the statistic: the same seed gives the same
 * interval. Holm's adjustment of several p-values takes them in
 * ascending order, multiplies the k-th smallest (from 0) by n - k, and
 * keeps each at least the one before it and at most 1: the chance of any
 * false finding among the n stays at the level each is read at. Nothing
 * here allocates except the bootstrap and Holm's (their scratch).
 */
#ifndef SUDOLAB_REPORT_STATS_H
#define SUDOLAB_REPORT_STATS_H

#include <stdint.h>

/* Sorts v (n values) in place, ascending. */
void stats_sort(double *v, long n);
/* The median of n sorted values; 0 when n is 0. */
double stats_median(const double *sorted, long n);
double stats_mean(const double *v, long n);

struct stats_rank_test {
    double u; /* U of the second sample: pairs (a, b) with b > a, ties half */
    double z; /* its standard score, continuity corrected; 0 when all tie */
    double p; /* two-sided; 1 when every value ties */
};

/* The Mann–Whitney test of b against a; na, nb >= 1. 0, or -1 when out
 * of memory. */
int stats_mann_whitney(const double *a, long na, const double *b, long nb,
                       struct stats_rank_test *out);

/* What a bootstrap measures, of b against a. */
enum stats_measure {
    STATS_MEDIAN_DIFFERENCE, /* median(b) - median(a) */
    STATS_MEAN_DIFFERENCE,   /* mean(b) - mean(a) */
    STATS_MEDIAN_RATIO,      /* median(b) / median(a); a's median must be > 0 */
};

struct stats_interval {
    double estimate;  /* on the samples as given */
    double low, high; /* the 95% percentile interval */
};

/* The measure with its 95% interval from `resamples` bootstrap draws on
 * the stream (seed, stream) of rng_for_index; na, nb >= 1. 0, or -1 when
 * out of memory. */
int stats_bootstrap(const double *a, long na, const double *b, long nb, enum stats_measure m,
                    int resamples, uint64_t seed, uint64_t stream, struct stats_interval *out);

/* Holm's adjustment of n p-values (n >= 0) into adjusted (its own
 * array); equal p-values get equal adjusted ones. 0, or -1 when out of
 * memory. */
int stats_holm(const double *p, int n, double *adjusted);

#endif
