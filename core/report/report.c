/*
 * report.c — running an experiment's arms and keeping every puzzle
 * (report.h); report_write.c writes them up.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "report.h"

struct arm_sink {
    struct report *r;
    int arm;
    uint64_t seed;
    int failed;
};

static char *copy_of(const char *s)
{
    size_t n = strlen(s) + 1;
    char *c = malloc(n);
    if (c) memcpy(c, s, n);
    return c;
}

/* The sink of each arm's run: one record per puzzle, failures included. */
static int keep_puzzle(void *arg, long index, const struct generated *p, const char *why)
{
    struct arm_sink *a = arg;
    struct report *r = a->r;
    if (r->npuzzles == r->cap) {
        long cap = r->cap ? r->cap * 2 : 256;
        struct report_puzzle *more = realloc(r->puzzles, (size_t)cap * sizeof *more);
        if (!more) return -1;
        r->puzzles = more, r->cap = cap;
    }
    struct report_puzzle *q = &r->puzzles[r->npuzzles];
    memset(q, 0, sizeof *q);
    q->arm = a->arm;
    q->index = index;
    q->seed = generate_seed(a->seed, (uint64_t)index);
    q->failed = p == NULL;
    if (p) {
        q->ms = p->ms, q->rating = p->rating, q->work = p->work, q->nodes = p->nodes;
        q->clues = p->clues, q->cages = p->cages;
        snprintf(q->grade, sizeof q->grade, "%s", p->grade);
        q->line = copy_of(p->line), q->techniques = copy_of(p->techniques);
        q->cage_sizes = copy_of(p->cage_sizes), q->trace = copy_of(p->trace);
        if (!q->line || !q->techniques || !q->cage_sizes || !q->trace) return -1;
    } else if (!(q->why = copy_of(why))) {
        return -1;
    }
    r->npuzzles++;
    a->failed += p == NULL;
    return 0; /* a failed puzzle is a result of the arm, not the end of the run */
}

static double seconds_between(const struct timespec *a, const struct timespec *b)
{
    return (double)(b->tv_sec - a->tv_sec) + (double)(b->tv_nsec - a->tv_nsec) / 1e9;
}

void experiment_override(struct experiment *e, long count, int has_seed, uint64_t seed)
{
    if (count > 0) e->count = count;
    if (has_seed) e->seed = seed;
    for (int i = 0; i < e->narms; i++) {
        if (count > 0) e->arms[i].count = count;
        if (has_seed) e->arms[i].seed = seed;
    }
}

static int reason_by_count(const void *a, const void *b)
{
    const struct report_reason *x = a, *y = b;
    return (y->count > x->count) - (y->count < x->count);
}

int report_reasons(const struct report *r, int arm, struct report_reason *out, int cap)
{
    int n = 0;
    for (long i = 0; i < r->npuzzles; i++) {
        const struct report_puzzle *q = &r->puzzles[i];
        if (q->arm != arm || !q->failed) continue;
        const char *why = q->why && q->why[0] ? q->why : "no reason given";
        int k = 0;
        while (k < n && strcmp(out[k].why, why) != 0) k++;
        if (k < n)
            out[k].count++;
        else if (n < cap)
            out[n++] = (struct report_reason){why, 1};
    }
    qsort(out, (size_t)n, sizeof *out, reason_by_count);
    return n;
}

/* The reasons of the arm's failures, one line each, on the console. */
static void print_reasons(const struct report *r, int arm)
{
    struct report_reason why[REPORT_REASONS];
    int n = report_reasons(r, arm, why, REPORT_REASONS);
    for (int k = 0; k < n; k++)
        fprintf(stderr, "report: arm %s: %ld failed: %s\n", r->e->arms[arm].name, why[k].count,
                why[k].why);
}

int report_run(struct report *r, const struct experiment *e, const atomic_int *stop,
               struct sl_error *err)
{
    memset(r, 0, sizeof *r);
    r->e = e;
    struct timespec start, end;
    time_t now = time(NULL);
    struct tm utc;
    if (gmtime_r(&now, &utc)) strftime(r->started, sizeof r->started, "%Y-%m-%dT%H:%M:%SZ", &utc);
    clock_gettime(CLOCK_MONOTONIC, &start);
    for (int i = 0; i < e->narms && !(stop && atomic_load(stop)); i++) {
        const struct report_arm *arm = &e->arms[i];
        struct arm_sink sink = {r, i, arm->seed, 0};
        struct generate_run spec = {
            .request = &arm->request,
            .seed = arm->seed,
            .first = 0,
            .end = arm->count,
            .jobs = arm->jobs,
            .sink = keep_puzzle,
            .arg = &sink,
            .label = arm->name,
            .interrupted = stop,
        };
        struct timespec t0, t1;
        long handed = 0;
        fprintf(stderr, "report: arm %s: %ld puzzles...\n", arm->name, arm->count);
        clock_gettime(CLOCK_MONOTONIC, &t0);
        int code = generate_run(&spec, &handed, err);
        clock_gettime(CLOCK_MONOTONIC, &t1);
        r->seconds[i] = seconds_between(&t0, &t1);
        if (code < 0) return -1;
        if (code > 0) return sl_error_set(err, 0, 0, "out of memory");
        fprintf(stderr, "report: arm %s: %ld made, %d failed, %.1f s\n", arm->name,
                handed - sink.failed, sink.failed, r->seconds[i]);
        print_reasons(r, i);
    }
    clock_gettime(CLOCK_MONOTONIC, &end);
    r->wall = seconds_between(&start, &end);
    r->interrupted = stop && atomic_load(stop);
    return 0;
}

void report_free(struct report *r)
{
    for (long i = 0; i < r->npuzzles; i++) {
        struct report_puzzle *q = &r->puzzles[i];
        free(q->line), free(q->techniques), free(q->cage_sizes), free(q->trace), free(q->why);
    }
    free(r->puzzles);
    memset(r, 0, sizeof *r);
}
