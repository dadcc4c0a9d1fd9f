/*
 * report.h — an experiment: arms of generator settings run side by side,
 * every puzzle recorded, and the whole written up as CSV tables, gnuplot
 * charts, index.html and summary.md (reports/README.md).
 *
 * An experiment file is Lua returning a table:
 *   { title = "...", description = "...", count = 200, seed = 1, jobs = 2,
 *     arms = { {name = "greedy", variant = "killer", strategy = "greedy"},
 *              {name = "annealing", variant = "killer", grade = "hard"}, ... } }
 * An arm takes the options of `sudolab generate`: variant, size, strategy,
 * symmetry, clues, grade, rating = {low, high}; count, seed and jobs may be
 * set per arm too. The comparisons the design asks for may be named:
 * `comparisons = {{"hard", "greedy"}, ...}` (an arm, then its base) and
 * an arm's own `baseline = "greedy"`; else every pair up to
 * REPORT_PAIRS_UP_TO arms, each against the first past that.
 */
#ifndef SUDOLAB_REPORT_H
#define SUDOLAB_REPORT_H

#include <stdatomic.h>
#include <stdint.h>

#include "error.h"
#include "generate.h"

/* One comparison: arm measured against base (indices of arms). */
struct report_pair {
    int arm, base;
};

struct report_arm {
    char name[SL_NAME_MAX];
    char
        variant[REPORT_PATH_MAX]; /* a name, or a file (made relative to the experiment's folder) */
    char strategy[SL_NAME_MAX], symmetry[SL_NAME_MAX], grade[SL_NAME_MAX];
    char baseline[SL_NAME_MAX];      /* the arm compared with this one, "" none */
    struct generate_request request; /* pointing into the strings above */
    long count;
    uint64_t seed;
    int jobs;
};

struct experiment {
    char path[REPORT_PATH_MAX]; /* its file, "<stdin>" for "-" (sl_operand_name) */
    char title[REPORT_TITLE_MAX];
    char description[REPORT_DESCRIPTION_MAX];
    long count;    /* the experiment's own count, seed and jobs, after */
    uint64_t seed; /* defaults and overrides: an arm's own may differ */
    int jobs;
    int narms;
    struct report_arm arms[REPORT_MAX_ARMS];
    /* The comparisons named (`comparisons`, then the arms' baselines, in
     * order; 0: none named, experiment_comparisons' default). */
    int npairs;
    struct report_pair pairs[REPORT_MAX_COMPARISONS];
};

/* With this many arms or fewer, and none named, every pair is compared
 * (the later arm against the earlier); with more, each against the
 * first. */
#define REPORT_PAIRS_UP_TO 6

/* The comparisons a report makes, into out (room for
 * REPORT_MAX_COMPARISONS): those named, else the default above. Returns
 * how many. */
int experiment_comparisons(const struct experiment *e, struct report_pair *out);

/* One puzzle of the run, as the tables record it. */
struct report_puzzle {
    int arm;
    long index;
    uint64_t seed;
    int failed;
    double ms, rating, work; /* work: the rater's effort, the sum of its steps */
    uint64_t nodes;
    int clues, cages;
    char grade[GRADE_NAME_MAX];
    char *line, *techniques, *cage_sizes, *trace, *why; /* owned */
};

struct report {
    const struct experiment *e;
    struct report_puzzle *puzzles;
    long npuzzles, cap;
    double seconds[REPORT_MAX_ARMS]; /* wall time of each arm */
    double wall;                     /* of the whole run */
    char started[32];                /* when the run began, UTC, ISO 8601 */
    int interrupted;                 /* the run was cut short */
    const char *command_line;        /* what ran it, for meta.json; NULL for none */
    /* Draws the puzzle of a line as an SVG file, for the page's pictures
     * of each arm's first puzzles; set by the command (drawing is
     * core/render's, which the library does not link), NULL for none.
     * 0, or -1 with err. */
    int (*thumbnail)(const char *line, const char *path, struct sl_error *err);
    /* The longest gnuplot may take over one drawing, in seconds; 0: the
     * default, REPORT_CHART_SECONDS and more for a large report. */
    long chart_seconds;
};

/* Reads an experiment file (lua_report.c). 0, or -1 with err. */
int experiment_load(const char *path, struct experiment *e, struct sl_error *err);

/* Sets every arm's count (when count > 0) and seed (when has_seed), and
 * the experiment's own: `sudolab report --count N --seed S`. */
void experiment_override(struct experiment *e, long count, int has_seed, uint64_t seed);

/* The distinct reasons an arm's failed puzzles give, most frequent
 * first, at most cap; returns how many. why points into r's puzzles. */
struct report_reason {
    const char *why;
    long count;
};
int report_reasons(const struct report *r, int arm, struct report_reason *out, int cap);

/* Runs every arm in turn; stops early (interrupted = 1) when *stop becomes
 * non-zero, keeping what finished. 0, or -1 with err. */
int report_run(struct report *r, const struct experiment *e, const atomic_int *stop,
               struct sl_error *err);
void report_free(struct report *r);

/* Whether report_write can write into dir: a folder there already, or one
 * it can make (its parent is a folder), each tried (a file made in it and
 * removed, or the folder made and removed), as root may pass access() on a
 * folder it cannot write. Checked before an experiment runs, so that a bad
 * --out fails at once. 0, or -1 with err. */
int report_check_dir(const char *dir, struct sl_error *err);

/* What report_write could not do, for the command to say. */
struct report_written {
    int charts;     /* 1 when every chart was drawn */
    char why[512];  /* else why not: gnuplot missing, its message, or no data */
    int empty_arms; /* arms that made no puzzle */
};

/* Writes the tables, the comparisons between arms, meta.json, the chart
 * data and scripts, the charts (when gnuplot runs), index.html and
 * summary.md into dir (made if missing). 0, or -1 with err. */
int report_write(const struct report *r, const char *dir, struct report_written *out,
                 struct sl_error *err);

#endif
