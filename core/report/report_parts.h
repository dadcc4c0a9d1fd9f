/*
 * report_parts.h — what the files that write a report share
 * (report_write.c, report_compare.c, report_meta.c); not part of the
 * library's contract (report.h).
 */
#ifndef SUDOLAB_REPORT_PARTS_H
#define SUDOLAB_REPORT_PARTS_H

#include <stdio.h>

#include "rate.h"
#include "report.h"
#include "report_stats.h"

/* dir/name opened for writing, or NULL with err. */
FILE *report_open(const char *dir, const char *name, struct sl_error *err);
/* Closes f: 0, or -1 with err when the writes failed. */
int report_close(FILE *f, const char *dir, const char *name, struct sl_error *err);
/* text as one CSV field (RFC 4180), safe from spreadsheets' formulas. */
void report_csv_field(FILE *f, const char *text);
/* text escaped for HTML. */
void report_html_text(FILE *f, const char *text);

/* The values of an arm's made puzzles: 0 rating, 1 ms, 2 work. Returns
 * how many went into v (room for r->npuzzles). */
long report_arm_column(const struct report *r, int arm, int column, double *v);

/* One arm measured against another (its base), as
 * experiment_comparisons plans them (report.h). */
struct report_comparison {
    int arm, base;
    long n, nbase;                      /* puzzles made; 0 leaves the rest unset */
    struct stats_interval median, mean; /* rating: arm minus base */
    struct stats_interval time;         /* median ms: arm over base */
    struct stats_rank_test test;        /* ratings of arm against base */
    double p_holm;                      /* test.p adjusted by Holm's method for the
                                           comparisons made (n and nbase > 0) */
    double grade_shift[GRADE_COUNT];    /* share in arm minus share in base */
};

/* Fills out (room for REPORT_MAX_COMPARISONS) with the report's
 * comparisons, the bootstraps seeded from the experiment's seed; returns
 * how many, or -1 with err when out of memory. */
int report_compare(const struct report *r, struct report_comparison *out, struct sl_error *err);

/* The comparisons as a table and in words, for summary.md and the page;
 * comparisons.csv; and the columns of summary.csv against the first arm
 * (a header, or one arm's cells, each starting with a comma). */
void report_compare_markdown(FILE *f, const struct report *r, const struct report_comparison *c,
                             int n);
void report_compare_html(FILE *f, const struct report *r, const struct report_comparison *c, int n);
int report_compare_csv(const struct report *r, const struct report_comparison *c, int n,
                       const char *dir, struct sl_error *err);
void report_compare_summary_cells(FILE *f, const struct report_comparison *c, int n, int arm);

/* The charts, in the order the page shows them. */
struct report_chart {
    const char *name;    /* file stem: rating -> rating.png, rating.svg */
    const char *script;  /* template in scripts/ */
    const char *caption; /* one line under it in index.html */
};
extern const struct report_chart report_charts[];
extern const int report_chart_count;

/* Writes the charts' data and scripts and draws each chart that has data
 * as PNG and SVG, setting drawn[k]. Returns 0 when every such chart was
 * drawn, 1 when gnuplot failed on one (why: its message) or took longer
 * than r's time for a drawing (why: the chart and the limit; it is
 * killed, and no further chart is tried), 2 when no arm made a puzzle,
 * 127 when gnuplot is missing; -1 with err when a file could not be
 * written. */
int report_draw_charts(const struct report *r, const char *dir, int *drawn, char *why, size_t cap,
                       struct sl_error *err);
/* 1 when some puzzle of the arm has an annealing trace. */
int report_arm_annealed(const struct report *r, int arm);

/* meta.json, and its block for the page and summary.md. */
int report_meta_json(const struct report *r, const char *dir, struct sl_error *err);
void report_meta_html(FILE *f, const struct report *r);
void report_meta_markdown(FILE *f, const struct report *r);

#endif
