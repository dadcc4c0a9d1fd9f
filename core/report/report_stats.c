/*
 * report_stats.c — median, mean, Mann–Whitney U and bootstrap intervals
 * (report_stats.h).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "report_stats.h"
#include "rng.h"

static int stats_by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

void stats_sort(double *v, long n)
{
    if (n > 1) qsort(v, (size_t)n, sizeof *v, stats_by_value);
}

double stats_median(const double *sorted, long n)
{
    if (n <= 0) return 0;
    return n % 2 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
}

double stats_mean(const double *v, long n)
{
    double sum = 0;
    for (long i = 0; i < n; i++) sum += v[i];
    return n > 0 ? sum / (double)n : 0;
}

/* A value and which sample it came from, for ranking both together. */
struct ranked {
    double value;
    int from_b;
};

static int ranked_by_value(const void *x, const void *y)
{
    return stats_by_value(&((const struct ranked *)x)->value, &((const struct ranked *)y)->value);
}

int stats_mann_whitney(const double *a, long na, const double *b, long nb,
                       struct stats_rank_test *out)
{
    long n = na + nb;
    struct ranked *all = malloc((size_t)n * sizeof *all);
    if (!all) return -1;
    for (long i = 0; i < na; i++) all[i] = (struct ranked){a[i], 0};
    for (long i = 0; i < nb; i++) all[na + i] = (struct ranked){b[i], 1};
    qsort(all, (size_t)n, sizeof *all, ranked_by_value);
    /* A run of t equal values shares the mean of its ranks; the runs'
     * t^3 - t shrink the variance (the tie correction). */
    double rank_sum_b = 0, ties = 0;
    for (long i = 0; i < n;) {
        long j = i;
        while (j < n && all[j].value == all[i].value) j++;
        double t = (double)(j - i), mid_rank = (double)(i + 1 + j) / 2;
        for (long k = i; k < j; k++) rank_sum_b += all[k].from_b ? mid_rank : 0;
        ties += t * t * t - t;
        i = j;
    }
    free(all);
    double dn = (double)n, mean = (double)na * (double)nb / 2;
    out->u = rank_sum_b - (double)nb * (double)(nb + 1) / 2;
    double variance = (double)na * (double)nb / 12 * ((dn + 1) - ties / (dn * (dn - 1)));
    if (n < 2 || variance <= 0) {
        out->z = 0, out->p = 1;
        return 0;
    }
    double off = fabs(out->u - mean), corrected = off > 0.5 ? off - 0.5 : 0;
    out->z = (out->u >= mean ? corrected : -corrected) / sqrt(variance);
    out->p = erfc(fabs(out->z) / sqrt(2.0));
    if (out->p > 1) out->p = 1;
    return 0;
}

/* The measure on samples a and b; sorts them (medians need order). */
static double stats_measure_of(double *a, long na, double *b, long nb, enum stats_measure m)
{
    if (m == STATS_MEAN_DIFFERENCE) return stats_mean(b, nb) - stats_mean(a, na);
    stats_sort(a, na);
    stats_sort(b, nb);
    double ma = stats_median(a, na), mb = stats_median(b, nb);
    if (m == STATS_MEDIAN_DIFFERENCE) return mb - ma;
    return ma > 0 ? mb / ma : 0;
}

/* Draws n of v with replacement into out. */
static void stats_resample(struct rng *g, const double *v, long n, double *out)
{
    for (long i = 0; i < n; i++) out[i] = v[rng_below(g, (uint32_t)n)];
}

/* The q-quantile of n sorted values, linear between neighbours. */
static double stats_quantile(const double *sorted, long n, double q)
{
    double at = q * (double)(n - 1);
    long i = (long)floor(at);
    if (i >= n - 1) return sorted[n - 1];
    return sorted[i] + (at - (double)i) * (sorted[i + 1] - sorted[i]);
}

int stats_bootstrap(const double *a, long na, const double *b, long nb, enum stats_measure m,
                    int resamples, uint64_t seed, uint64_t stream, struct stats_interval *out)
{
    double *ra = malloc((size_t)(na + nb) * sizeof *ra);
    double *draws = malloc((size_t)(resamples > 0 ? resamples : 1) * sizeof *draws);
    if (!ra || !draws) return free(ra), free(draws), -1;
    double *rb = ra + na;
    memcpy(ra, a, (size_t)na * sizeof *ra);
    memcpy(rb, b, (size_t)nb * sizeof *rb);
    out->estimate = stats_measure_of(ra, na, rb, nb, m);
    struct rng g;
    rng_for_index(&g, seed, stream);
    for (int k = 0; k < resamples; k++) {
        stats_resample(&g, a, na, ra);
        stats_resample(&g, b, nb, rb);
        draws[k] = stats_measure_of(ra, na, rb, nb, m);
    }
    stats_sort(draws, resamples);
    out->low = resamples > 0 ? stats_quantile(draws, resamples, 0.025) : out->estimate;
    out->high = resamples > 0 ? stats_quantile(draws, resamples, 0.975) : out->estimate;
    free(ra);
    free(draws);
    return 0;
}

struct holm_entry {
    double p;
    int index;
};

static int holm_by_p(const void *a, const void *b)
{
    const struct holm_entry *x = a, *y = b;
    if (x->p != y->p) return (x->p > y->p) - (x->p < y->p);
    return (x->index > y->index) - (x->index < y->index);
}

int stats_holm(const double *p, int n, double *adjusted)
{
    if (n <= 0) return 0;
    struct holm_entry *order = malloc((size_t)n * sizeof *order);
    if (!order) return -1;
    for (int i = 0; i < n; i++) order[i] = (struct holm_entry){p[i], i};
    qsort(order, (size_t)n, sizeof *order, holm_by_p);
    double running = 0;
    for (int k = 0; k < n; k++) {
        double step = fmin(1, (double)(n - k) * order[k].p);
        running = fmax(running, step);
        adjusted[order[k].index] = running;
    }
    free(order);
    return 0;
}
