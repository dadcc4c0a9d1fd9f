/*
 * report_compare.c — arms measured against each other (report_parts.h):
 * the differences in rating with their bootstrap intervals, the rank
 * test (its p-values adjusted by Holm's method for the comparisons
 * made), the ratio of time per puzzle and the shift in grade shares,
 * written as tables and in words.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "report_parts.h"

long report_arm_column(const struct report *r, int arm, int column, double *v)
{
    long n = 0;
    for (long i = 0; i < r->npuzzles; i++) {
        const struct report_puzzle *q = &r->puzzles[i];
        if (q->arm != arm || q->failed) continue;
        v[n++] = column == 0 ? q->rating : column == 1 ? q->ms : q->work;
    }
    return n;
}

static void grade_shares(const struct report *r, int arm, double *share)
{
    long made = 0;
    memset(share, 0, GRADE_COUNT * sizeof *share);
    for (long i = 0; i < r->npuzzles; i++) {
        const struct report_puzzle *q = &r->puzzles[i];
        if (q->arm != arm || q->failed) continue;
        int g = grade_by_name(q->grade);
        if (g >= 0) share[g] += 1;
        made++;
    }
    for (int g = 0; made && g < GRADE_COUNT; g++) share[g] /= (double)made;
}

/* Each comparison's bootstraps draw from streams of their own: the same
 * report gives the same intervals, whichever comparisons it holds. */
static uint64_t compare_stream(const struct report_comparison *c, enum stats_measure m)
{
    return ((uint64_t)c->arm * REPORT_MAX_ARMS + (uint64_t)c->base) * 4 + (uint64_t)m;
}

/* Whether the comparison was made: puzzles on both sides (else its
 * figures are unset, report_parts.h). */
static int compare_made(const struct report_comparison *c) { return c->n && c->nbase; }

/* c->arm against c->base, with scratch room for two arms' values. */
static int compare_pair(const struct report *r, struct report_comparison *c, double *mine,
                        double *theirs)
{
    c->n = report_arm_column(r, c->arm, 0, mine);
    c->nbase = report_arm_column(r, c->base, 0, theirs);
    if (!compare_made(c)) return 0;
    uint64_t seed = r->e->seed;
    const int b = REPORT_BOOTSTRAP;
    if (stats_mann_whitney(theirs, c->nbase, mine, c->n, &c->test) ||
        stats_bootstrap(theirs, c->nbase, mine, c->n, STATS_MEDIAN_DIFFERENCE, b, seed,
                        compare_stream(c, STATS_MEDIAN_DIFFERENCE), &c->median) ||
        stats_bootstrap(theirs, c->nbase, mine, c->n, STATS_MEAN_DIFFERENCE, b, seed,
                        compare_stream(c, STATS_MEAN_DIFFERENCE), &c->mean))
        return -1;
    report_arm_column(r, c->arm, 1, mine);
    report_arm_column(r, c->base, 1, theirs);
    if (stats_bootstrap(theirs, c->nbase, mine, c->n, STATS_MEDIAN_RATIO, b, seed,
                        compare_stream(c, STATS_MEDIAN_RATIO), &c->time))
        return -1;
    double base_share[GRADE_COUNT];
    grade_shares(r, c->arm, c->grade_shift);
    grade_shares(r, c->base, base_share);
    for (int g = 0; g < GRADE_COUNT; g++) c->grade_shift[g] -= base_share[g];
    return 0;
}

int experiment_comparisons(const struct experiment *e, struct report_pair *out)
{
    if (e->npairs) {
        memcpy(out, e->pairs, (size_t)e->npairs * sizeof *out);
        return e->npairs;
    }
    int n = 0, every = e->narms <= REPORT_PAIRS_UP_TO;
    for (int a = 1; a < e->narms; a++)
        for (int base = 0; base < (every ? a : 1); base++) out[n++] = (struct report_pair){a, base};
    return n;
}

/* The comparisons that have puzzles on both sides: Holm's family. */
static int compared(const struct report_comparison *c, int n)
{
    int made = 0;
    for (int i = 0; i < n; i++) made += compare_made(&c[i]);
    return made;
}

/* Each comparison's p adjusted for all those made, with scratch for
 * 2 * REPORT_MAX_COMPARISONS values. */
static int compare_holm(struct report_comparison *c, int n, double *scratch)
{
    int m = 0;
    for (int i = 0; i < n; i++)
        if (compare_made(&c[i])) scratch[m++] = c[i].test.p;
    if (m && stats_holm(scratch, m, scratch + m)) return -1;
    for (int i = 0, k = 0; i < n; i++)
        if (compare_made(&c[i])) c[i].p_holm = scratch[m + k++];
    return 0;
}

int report_compare(const struct report *r, struct report_comparison *out, struct sl_error *err)
{
    struct report_pair plan[REPORT_MAX_COMPARISONS];
    int n = experiment_comparisons(r->e, plan);
    size_t room = (size_t)r->npuzzles + 1 > REPORT_MAX_COMPARISONS ? (size_t)r->npuzzles + 1
                                                                   : REPORT_MAX_COMPARISONS;
    double *mine = malloc(room * 2 * sizeof *mine);
    if (!mine) return sl_error_set(err, 0, 0, "out of memory");
    for (int i = 0; i < n; i++) {
        struct report_comparison *c = &out[i];
        memset(c, 0, sizeof *c);
        c->arm = plan[i].arm, c->base = plan[i].base;
        if (compare_pair(r, c, mine, mine + room)) {
            free(mine);
            return sl_error_set(err, 0, 0, "out of memory");
        }
    }
    int rc = compare_holm(out, n, mine);
    free(mine);
    return rc ? sl_error_set(err, 0, 0, "out of memory") : n;
}

/* --- in words -------------------------------------------------------------- */

static const char *arm_name(const struct report *r, int arm) { return r->e->arms[arm].name; }

/* "31× slower", "1.0× as fast", "2.5× faster" */
static void speed_words(double ratio, char *buf, size_t cap)
{
    double x = ratio >= 1 ? ratio : ratio > 0 ? 1 / ratio : 0;
    const char *how = x < 1.05 ? "as fast" : ratio >= 1 ? "slower" : "faster";
    snprintf(buf, cap, x >= 10 ? "%.0f× %s" : "%.1f× %s", x, how);
}

/* A ratio to three figures, never in exponent form: 0.95, 31.4, 466. */
static const char *ratio_text(double x, char *buf, size_t cap)
{
    if (x >= 100)
        snprintf(buf, cap, "%.0f", x);
    else if (x >= 10)
        snprintf(buf, cap, "%.1f", x);
    else
        snprintf(buf, cap, "%.2f", x);
    return buf;
}

/* The time ratio and its interval as "7.42 (4.90…9.69)", the dots as
 * given (an HTML entity or the character). */
static void ratio_interval(const struct stats_interval *t, const char *dots, char *buf, size_t cap)
{
    char e[32], lo[32], hi[32];
    snprintf(buf, cap, "%s (%s%s%s)", ratio_text(t->estimate, e, sizeof e),
             ratio_text(t->low, lo, sizeof lo), dots, ratio_text(t->high, hi, sizeof hi));
}

static void p_words(double p, char *buf, size_t cap)
{
    if (p < 0.001)
        snprintf(buf, cap, "p < 0.001");
    else
        snprintf(buf, cap, "p = %.3f", p);
}

/* The grades whose share moved by 5 points or more, largest first. */
static void shift_words(const struct report_comparison *c, char *buf, size_t cap)
{
    int order[GRADE_COUNT], n = 0;
    for (int g = 0; g < GRADE_COUNT; g++)
        if (fabs(c->grade_shift[g]) >= 0.05) order[n++] = g;
    for (int i = 1; i < n; i++)
        for (int j = i;
             j > 0 && fabs(c->grade_shift[order[j]]) > fabs(c->grade_shift[order[j - 1]]); j--) {
            int t = order[j];
            order[j] = order[j - 1], order[j - 1] = t;
        }
    size_t len = (size_t)snprintf(buf, cap, "%s", n ? "grades:" : "grade shares alike");
    for (int i = 0; i < n && len < cap; i++)
        len += (size_t)snprintf(buf + len, cap - len, "%s %s %+.0f pts", i ? "," : "",
                                grade_name((enum grade)order[i]), 100 * c->grade_shift[order[i]]);
}

/* "hard vs greedy: +0.9 rating (95% CI +0.7…+1.1), 31× slower (95% CI
 * 28…35), p < 0.001; mean +0.85 (95% CI ...); grades: hard +26 pts";
 * of a family of several, p is Holm's, then the comparison's alone. */
static void compare_words(FILE *f, const struct report *r, const struct report_comparison *c,
                          int family)
{
    char speed[64], p[96], shift[256], lo[32], hi[32];
    if (!compare_made(c)) {
        fprintf(f, "%s vs %s: no comparison, %s made no puzzle", arm_name(r, c->arm),
                arm_name(r, c->base), arm_name(r, c->n ? c->base : c->arm));
        return;
    }
    speed_words(c->time.estimate, speed, sizeof speed);
    p_words(c->p_holm, p, sizeof p);
    if (family > 1) {
        size_t len = strlen(p);
        snprintf(p + len, sizeof p - len, " Holm-adjusted (");
        len = strlen(p);
        p_words(c->test.p, p + len, sizeof p - len);
        len = strlen(p);
        snprintf(p + len, sizeof p - len, " alone)");
    }
    shift_words(c, shift, sizeof shift);
    fprintf(f,
            "%s vs %s: %+.2f rating (median; 95%% CI %+.2f…%+.2f), %s (95%% CI "
            "%s…%s× the time), %s; mean %+.2f (95%% CI %+.2f…%+.2f); %s",
            arm_name(r, c->arm), arm_name(r, c->base), c->median.estimate, c->median.low,
            c->median.high, speed, ratio_text(c->time.low, lo, sizeof lo),
            ratio_text(c->time.high, hi, sizeof hi), p, c->mean.estimate, c->mean.low, c->mean.high,
            shift);
}

/* How the comparisons were made, under their table. */
#define METHOD_NOTE                                                                                \
    "Differences are the compared arm minus its base; intervals are 95%% percentile "              \
    "bootstraps (%d resamples, seeded from the experiment's seed %llu, so a rerun gives the "      \
    "same); p is the two-sided Mann–Whitney U test of the ratings, by the normal "               \
    "approximation with tie and continuity corrections; time is the ratio of the median "          \
    "times per puzzle."

/* Holm's part of the note: what p (Holm) is, for the family made; none
 * when no comparison had puzzles on both sides. */
static void holm_note(FILE *f, int family)
{
    if (family > 1)
        fprintf(f,
                " p (Holm) is p adjusted by Holm's step-down method for the %d comparisons "
                "made, so that the chance of any false finding among them stays at 5%% when each "
                "is read at 0.05; the words quote it first.",
                family);
    else if (family == 1)
        fputs(" With one comparison, p (Holm) is p.", f);
}

void report_compare_markdown(FILE *f, const struct report *r, const struct report_comparison *c,
                             int n)
{
    if (n == 0) return;
    fputs("\n## Comparisons\n\n", f);
    int family = compared(c, n);
    fputs("| arm | vs | median rating diff (95% CI) | mean rating diff (95% CI) | U | p | p (Holm) "
          "| time ratio (95% CI) |\n|---|---|---|---|---|---|---|---|\n",
          f);
    for (int i = 0; i < n; i++) {
        const struct report_comparison *k = &c[i];
        fprintf(f, "| %s | %s |", arm_name(r, k->arm), arm_name(r, k->base));
        if (!compare_made(k)) {
            fputs(" - | - | - | - | - | - |\n", f);
            continue;
        }
        char time[128];
        ratio_interval(&k->time, "…", time, sizeof time);
        fprintf(f, " %+.2f (%+.2f…%+.2f) | %+.2f (%+.2f…%+.2f) | %.1f | %.3g | %.3g | %s |\n",
                k->median.estimate, k->median.low, k->median.high, k->mean.estimate, k->mean.low,
                k->mean.high, k->test.u, k->test.p, k->p_holm, time);
    }
    fputc('\n', f);
    for (int i = 0; i < n; i++) fputs("- ", f), compare_words(f, r, &c[i], family), fputs(".\n", f);
    fputc('\n', f);
    fprintf(f, METHOD_NOTE, REPORT_BOOTSTRAP, (unsigned long long)r->e->seed);
    holm_note(f, family);
    fputc('\n', f);
}

void report_compare_html(FILE *f, const struct report *r, const struct report_comparison *c, int n)
{
    if (n == 0) return;
    int family = compared(c, n);
    fputs("<h2>Comparisons</h2>\n<table>\n<tr><th>arm</th><th>vs</th><th>median rating diff "
          "(95% CI)</th><th>mean rating diff (95% CI)</th><th>U</th><th>p</th><th>p (Holm)</th>"
          "<th>time ratio (95% CI)</th></tr>\n",
          f);
    for (int i = 0; i < n; i++) {
        const struct report_comparison *k = &c[i];
        fprintf(f, "<tr><td>%s</td><td>%s</td>", arm_name(r, k->arm), arm_name(r, k->base));
        if (!compare_made(k)) {
            fputs("<td colspan=\"6\">no puzzle to compare</td></tr>\n", f);
            continue;
        }
        char time[128];
        ratio_interval(&k->time, "&hellip;", time, sizeof time);
        fprintf(f,
                "<td>%+.2f (%+.2f&hellip;%+.2f)</td><td>%+.2f (%+.2f&hellip;%+.2f)</td><td>%.1f"
                "</td><td>%.3g</td><td>%.3g</td><td>%s</td></tr>\n",
                k->median.estimate, k->median.low, k->median.high, k->mean.estimate, k->mean.low,
                k->mean.high, k->test.u, k->test.p, k->p_holm, time);
    }
    fputs("</table>\n<ul>\n", f);
    for (int i = 0; i < n; i++)
        fputs("<li>", f), compare_words(f, r, &c[i], family), fputs("</li>\n", f);
    fputs("</ul>\n<p class=\"method\">", f);
    fprintf(f, METHOD_NOTE, REPORT_BOOTSTRAP, (unsigned long long)r->e->seed);
    holm_note(f, family);
    fputs("</p>\n", f);
}

/* One comparison's figures as CSV cells, each after a comma. */
static const char *const compare_columns[] = {"rating_median_diff",
                                              "rating_median_diff_low",
                                              "rating_median_diff_high",
                                              "rating_mean_diff",
                                              "rating_mean_diff_low",
                                              "rating_mean_diff_high",
                                              "mann_whitney_u",
                                              "p_value",
                                              "p_holm",
                                              "time_ratio",
                                              "time_ratio_low",
                                              "time_ratio_high",
                                              NULL};

/* A comparison's cells left empty: no puzzle on one side. */
static void empty_cells(FILE *f)
{
    for (int i = 0; compare_columns[i]; i++) fputc(',', f);
}

static void compare_cells(FILE *f, const struct report_comparison *k)
{
    if (!compare_made(k)) {
        empty_cells(f);
        return;
    }
    fprintf(f, ",%.4f,%.4f,%.4f,%.4f,%.4f,%.4f,%.1f,%.4g,%.4g,%.4f,%.4f,%.4f", k->median.estimate,
            k->median.low, k->median.high, k->mean.estimate, k->mean.low, k->mean.high, k->test.u,
            k->test.p, k->p_holm, k->time.estimate, k->time.low, k->time.high);
}

static void compare_header(FILE *f, const char *prefix)
{
    for (int i = 0; compare_columns[i]; i++) fprintf(f, ",%s%s", prefix, compare_columns[i]);
}

int report_compare_csv(const struct report *r, const struct report_comparison *c, int n,
                       const char *dir, struct sl_error *err)
{
    FILE *f = report_open(dir, "comparisons.csv", err);
    if (!f) return -1;
    fputs("arm,name,base,base_name,made,base_made,z", f);
    compare_header(f, "");
    for (int g = 0; g < GRADE_COUNT; g++) fprintf(f, ",shift_%s", grade_name((enum grade)g));
    fputc('\n', f);
    for (int i = 0; i < n; i++) {
        const struct report_comparison *k = &c[i];
        fprintf(f, "%d,", k->arm);
        report_csv_field(f, arm_name(r, k->arm));
        fprintf(f, ",%d,", k->base);
        report_csv_field(f, arm_name(r, k->base));
        fprintf(f, ",%ld,%ld,%.4f", k->n, k->nbase, k->test.z);
        compare_cells(f, k);
        for (int g = 0; g < GRADE_COUNT; g++)
            if (compare_made(k))
                fprintf(f, ",%.4f", k->grade_shift[g]);
            else
                fputc(',', f);
        fputc('\n', f);
    }
    return report_close(f, dir, "comparisons.csv", err);
}

void report_compare_summary_cells(FILE *f, const struct report_comparison *c, int n, int arm)
{
    if (arm < 0) {
        compare_header(f, "vs_first_");
        return;
    }
    for (int i = 0; i < n; i++)
        if (c[i].arm == arm && c[i].base == 0) {
            compare_cells(f, &c[i]);
            return;
        }
    empty_cells(f);
}
