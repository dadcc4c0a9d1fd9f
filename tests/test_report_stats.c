/*
 * test_report_stats.c — the statistics of a report's comparisons against
 * values worked out independently of the code under test.
 *
 * The fixed samples A = {1, 2, 2, 3, 5, 8, 9, 4} and B = {3, 4, 6, 7, 7,
 * 10, 11, 12, 2}, by hand and checked with python3 (statistics.median,
 * statistics.mean, statistics.NormalDist):
 *   medians 3.5 and 7; means 4.25 and 62/9;
 *   U of B = pairs (a, b) with b > a, plus half of each tie, counted pair
 *   by pair (not from ranks): 52;
 *   ties in A and B together: 2 three times, 3, 4 and 7 twice each, so
 *   sum(t^3 - t) = 24 + 6 + 6 + 6 = 42; with n = 17 the variance of U is
 *   8 * 9 / 12 * (18 - 42 / (17 * 16)) = 107.0735294...;
 *   z = (|52 - 36| - 0.5) / sqrt(107.0735...) = 1.4979270;
 *   p = 2 * (1 - NormalDist().cdf(z)) = 0.1341522.
 * {1, 2, 3} against {4, 5, 6}: U = 9, z = (4.5 - 0.5) / sqrt(5.25) =
 * 1.7457431, p = 0.0808556.
 */
#include <CUnit/CUnit.h>
#include <math.h>
#include <string.h>

#include "cunit_main.h"
#include "report_stats.h"

static const double sample_a[] = {1, 2, 2, 3, 5, 8, 9, 4};
static const double sample_b[] = {3, 4, 6, 7, 7, 10, 11, 12, 2};
#define NA 8
#define NB 9

static void test_median_mean(void)
{
    double a[NA], b[NB];
    memcpy(a, sample_a, sizeof a);
    memcpy(b, sample_b, sizeof b);
    stats_sort(a, NA);
    stats_sort(b, NB);
    CU_ASSERT_DOUBLE_EQUAL(stats_median(a, NA), 3.5, 1e-12); /* even: the two middle ones */
    CU_ASSERT_DOUBLE_EQUAL(stats_median(b, NB), 7, 1e-12);
    CU_ASSERT_DOUBLE_EQUAL(stats_mean(sample_a, NA), 4.25, 1e-12);
    CU_ASSERT_DOUBLE_EQUAL(stats_mean(sample_b, NB), 62.0 / 9, 1e-12);
    CU_ASSERT_DOUBLE_EQUAL(stats_median(a, 0), 0, 0);
}

static void test_mann_whitney(void)
{
    struct stats_rank_test t;
    CU_ASSERT_EQUAL_FATAL(stats_mann_whitney(sample_a, NA, sample_b, NB, &t), 0);
    CU_ASSERT_DOUBLE_EQUAL(t.u, 52, 1e-9);
    CU_ASSERT_DOUBLE_EQUAL(t.z, 1.4979270, 1e-6);
    CU_ASSERT_DOUBLE_EQUAL(t.p, 0.1341522, 1e-6);
    /* the other way round: U' = na * nb - U, the same p */
    CU_ASSERT_EQUAL_FATAL(stats_mann_whitney(sample_b, NB, sample_a, NA, &t), 0);
    CU_ASSERT_DOUBLE_EQUAL(t.u, 72 - 52, 1e-9);
    CU_ASSERT_DOUBLE_EQUAL(t.z, -1.4979270, 1e-6);
    CU_ASSERT_DOUBLE_EQUAL(t.p, 0.1341522, 1e-6);
    const double low[] = {1, 2, 3}, high[] = {4, 5, 6};
    CU_ASSERT_EQUAL_FATAL(stats_mann_whitney(low, 3, high, 3, &t), 0);
    CU_ASSERT_DOUBLE_EQUAL(t.u, 9, 1e-9);
    CU_ASSERT_DOUBLE_EQUAL(t.p, 0.0808556, 1e-6);
}

/* Every value equal: no evidence either way, and no division by zero. */
static void test_all_tied(void)
{
    const double same[] = {4, 4, 4, 4};
    struct stats_rank_test t;
    CU_ASSERT_EQUAL_FATAL(stats_mann_whitney(same, 4, same, 2, &t), 0);
    CU_ASSERT_DOUBLE_EQUAL(t.u, 4, 1e-12);
    CU_ASSERT_DOUBLE_EQUAL(t.p, 1, 0);
    CU_ASSERT_EQUAL_FATAL(stats_mann_whitney(same, 1, same, 1, &t), 0);
    CU_ASSERT_DOUBLE_EQUAL(t.p, 1, 0);
}

static void test_bootstrap_exact(void)
{
    /* constant samples: every draw is the estimate */
    const double two[] = {2, 2, 2, 2, 2}, sixty_two[] = {62, 62, 62};
    struct stats_interval ci;
    CU_ASSERT_EQUAL_FATAL(stats_bootstrap(two, 5, sixty_two, 3, STATS_MEDIAN_RATIO, 500, 1, 0, &ci),
                          0);
    CU_ASSERT_DOUBLE_EQUAL(ci.estimate, 31, 1e-12);
    CU_ASSERT_DOUBLE_EQUAL(ci.low, 31, 1e-12);
    CU_ASSERT_DOUBLE_EQUAL(ci.high, 31, 1e-12);
    CU_ASSERT_EQUAL_FATAL(
        stats_bootstrap(two, 5, sixty_two, 3, STATS_MEDIAN_DIFFERENCE, 500, 1, 0, &ci), 0);
    CU_ASSERT_DOUBLE_EQUAL(ci.low, 60, 1e-12);
    CU_ASSERT_DOUBLE_EQUAL(ci.high, 60, 1e-12);
}

static void test_bootstrap_bounds(void)
{
    struct stats_interval ci, again, other;
    CU_ASSERT_EQUAL_FATAL(
        stats_bootstrap(sample_a, NA, sample_b, NB, STATS_MEDIAN_DIFFERENCE, 2000, 7, 3, &ci), 0);
    CU_ASSERT_DOUBLE_EQUAL(ci.estimate, 3.5, 1e-12);
    CU_ASSERT(ci.low <= ci.estimate && ci.estimate <= ci.high);
    CU_ASSERT(ci.low < ci.high);
    /* a difference of medians of resamples lies within the samples' spread */
    CU_ASSERT(ci.low >= 2 - 9 && ci.high <= 12 - 1);
    /* the same seed and stream give the same interval; another stream differs */
    stats_bootstrap(sample_a, NA, sample_b, NB, STATS_MEDIAN_DIFFERENCE, 2000, 7, 3, &again);
    CU_ASSERT(memcmp(&ci, &again, sizeof ci) == 0);
    stats_bootstrap(sample_a, NA, sample_b, NB, STATS_MEAN_DIFFERENCE, 2000, 7, 4, &other);
    CU_ASSERT_DOUBLE_EQUAL(other.estimate, 62.0 / 9 - 4.25, 1e-12);
    CU_ASSERT(other.low < other.estimate && other.estimate < other.high);
}

/* 0..99 against 1..100: the mean moves by 1, with a standard error of
 * about sqrt(2 * 833.25 / 100) = 4.08, so the 95% interval is about
 * 1 -+ 8. */
static void test_bootstrap_width(void)
{
    double a[100], b[100];
    for (int i = 0; i < 100; i++) a[i] = i, b[i] = i + 1;
    struct stats_interval ci;
    CU_ASSERT_EQUAL_FATAL(stats_bootstrap(a, 100, b, 100, STATS_MEAN_DIFFERENCE, 2000, 1, 0, &ci),
                          0);
    CU_ASSERT_DOUBLE_EQUAL(ci.estimate, 1, 1e-9);
    CU_ASSERT(ci.low > -10 && ci.low < -4);
    CU_ASSERT(ci.high > 6 && ci.high < 12);
}

/* The values the mean difference of {0} against {0, 1} can take on a
 * draw: b drawn again is {0, 0}, {0, 1} or {1, 1}. */
static const double draw_values[] = {0, 0.5, 1};

/* The q-quantile of n sorted values by linear interpolation between
 * order statistics (h = (n - 1) q, the usual "type 7"). */
static double quantile_of(const double *sorted, int n, double q)
{
    double h = (n - 1) * q;
    int i = (int)h;
    return i + 1 < n ? sorted[i] + (h - i) * (sorted[i + 1] - sorted[i]) : sorted[n - 1];
}

/* 1 when some sorted choice of n draws from draw_values, filled in
 * from position `at` on (each at least `from`), has these quantiles. */
static int some_draws_give(double *sorted, int at, int n, int from, const struct stats_interval *ci)
{
    if (at == n)
        return fabs(quantile_of(sorted, n, 0.025) - ci->low) < 1e-12 &&
               fabs(quantile_of(sorted, n, 0.975) - ci->high) < 1e-12;
    for (int v = from; v < 3; v++) {
        sorted[at] = draw_values[v];
        if (some_draws_give(sorted, at + 1, n, v, ci)) return 1;
    }
    return 0;
}

/* With a few draws the interval's ends show how they are read: each must
 * be the 2.5% and 97.5% quantile of some set of draws the samples allow,
 * whatever the seed; some seeds draw unequal values. */
static void test_bootstrap_quantiles(void)
{
    const double zero[] = {0}, zero_one[] = {0, 1};
    int spread = 0;
    for (int resamples = 2; resamples <= 6; resamples++)
        for (uint64_t seed = 1; seed <= 20; seed++) {
            struct stats_interval ci;
            double sorted[6];
            CU_ASSERT_EQUAL_FATAL(stats_bootstrap(zero, 1, zero_one, 2, STATS_MEAN_DIFFERENCE,
                                                  resamples, seed, 0, &ci),
                                  0);
            CU_ASSERT_TRUE(some_draws_give(sorted, 0, resamples, 0, &ci));
            spread += ci.low < ci.high;
        }
    CU_ASSERT_TRUE(spread > 20);
}

/* Holm's adjustment by hand: {0.01, 0.04, 0.03, 0.005} in ascending
 * order is 0.005, 0.01, 0.03, 0.04, times 4, 3, 2, 1: 0.02, 0.03, 0.06,
 * 0.04, the last raised to the 0.06 before it. {0.5, 0.6}: 1.0 (cut at
 * 1) and 0.6, raised to 1. Ties {0.02, 0.02, 0.1}: 0.06, 0.04 raised to
 * 0.06, and 0.1. One p-value alone is its own. */
/* The build rounds every operation on its own (CMakeLists.txt,
 * -ffp-contract=off): with a*b+c fused into one FMA, x*x - y below would
 * keep the 2^-60 the product's rounding drops, and the statistics, ratings
 * and estimates of one seed would differ between builds. The operands are
 * volatile so that the sum is computed at run time, as the code's are. */
static void test_no_fused_multiply_add(void)
{
    volatile double x = 1 + 0x1p-30, y = 1 + 0x1p-29;
    double a = x, b = y;
    CU_ASSERT_EQUAL(a * a - b, 0.0);
}

static void test_holm(void)
{
    const double four[] = {0.01, 0.04, 0.03, 0.005}, two[] = {0.5, 0.6};
    const double tied[] = {0.02, 0.02, 0.1}, one[] = {0.2};
    const double four_holm[] = {0.03, 0.06, 0.06, 0.02}, tied_holm[] = {0.06, 0.06, 0.1};
    double adjusted[4];
    CU_ASSERT_EQUAL_FATAL(stats_holm(four, 4, adjusted), 0);
    for (int i = 0; i < 4; i++) CU_ASSERT_DOUBLE_EQUAL(adjusted[i], four_holm[i], 1e-12);
    CU_ASSERT_EQUAL_FATAL(stats_holm(two, 2, adjusted), 0);
    CU_ASSERT_DOUBLE_EQUAL(adjusted[0], 1, 0);
    CU_ASSERT_DOUBLE_EQUAL(adjusted[1], 1, 0);
    CU_ASSERT_EQUAL_FATAL(stats_holm(tied, 3, adjusted), 0);
    for (int i = 0; i < 3; i++) CU_ASSERT_DOUBLE_EQUAL(adjusted[i], tied_holm[i], 1e-12);
    CU_ASSERT_EQUAL_FATAL(stats_holm(one, 1, adjusted), 0);
    CU_ASSERT_DOUBLE_EQUAL(adjusted[0], 0.2, 0);
    CU_ASSERT_EQUAL(stats_holm(one, 0, adjusted), 0);
}

void tests_register(void)
{
    CU_pSuite s = CU_add_suite("report_stats", NULL, NULL);
    CU_add_test(s, "median and mean", test_median_mean);
    CU_add_test(s, "Mann-Whitney U against known values", test_mann_whitney);
    CU_add_test(s, "all tied", test_all_tied);
    CU_add_test(s, "bootstrap of constant samples", test_bootstrap_exact);
    CU_add_test(s, "bootstrap bounds and reproducibility", test_bootstrap_bounds);
    CU_add_test(s, "bootstrap width", test_bootstrap_width);
    CU_add_test(s, "bootstrap quantiles of few draws", test_bootstrap_quantiles);
    CU_add_test(s, "Holm's adjustment against values by hand", test_holm);
    CU_add_test(s, "no fused multiply-add", test_no_fused_multiply_add);
}
