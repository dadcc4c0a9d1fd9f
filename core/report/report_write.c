/*
 * report_write.c — an experiment written up (report.h): the tables as CSV,
 * the charts' data in gnuplot's blocks (one per arm), the chart scripts
 * copied from scripts/report_*.gp and run for PNG and SVG, index.html and
 * summary.md. Everything a chart shows is in a table beside it.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "rate.h"
#include "report.h"
#include "variant.h"

/* --- per-arm figures ------------------------------------------------------ */

struct arm_figures {
    long made, failed;
    double median_ms, per_second, mean, median, q10, q90;
    double grade_share[GRADE_COUNT];
};

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* The q-quantile of n sorted values (nearest rank). */
static double quantile(const double *v, long n, double q)
{
    if (n == 0) return 0;
    long i = (long)ceil(q * (double)n) - 1;
    return v[i < 0 ? 0 : i >= n ? n - 1 : i];
}

static void arm_figures_of(const struct report *r, int arm, struct arm_figures *f)
{
    memset(f, 0, sizeof *f);
    double *ms = malloc(((size_t)r->npuzzles + 1) * sizeof *ms);
    double *rating = malloc(((size_t)r->npuzzles + 1) * sizeof *rating);
    double sum = 0;
    for (long i = 0; ms && rating && i < r->npuzzles; i++) {
        const struct report_puzzle *q = &r->puzzles[i];
        if (q->arm != arm) continue;
        if (q->failed) {
            f->failed++;
            continue;
        }
        ms[f->made] = q->ms, rating[f->made] = q->rating, sum += q->rating;
        f->made++;
        int g = grade_by_name(q->grade);
        if (g >= 0) f->grade_share[g] += 1;
    }
    if (ms && rating && f->made) {
        qsort(ms, (size_t)f->made, sizeof *ms, by_value);
        qsort(rating, (size_t)f->made, sizeof *rating, by_value);
        f->median_ms = quantile(ms, f->made, 0.5);
        f->mean = sum / (double)f->made;
        f->median = quantile(rating, f->made, 0.5);
        f->q10 = quantile(rating, f->made, 0.1);
        f->q90 = quantile(rating, f->made, 0.9);
        for (int g = 0; g < GRADE_COUNT; g++) f->grade_share[g] /= (double)f->made;
    }
    f->per_second = r->seconds[arm] > 0 ? (double)f->made / r->seconds[arm] : 0;
    free(ms);
    free(rating);
}

/* --- files -------------------------------------------------------------- */

static FILE *open_in(const char *dir, const char *name, struct sl_error *err)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "w");
    if (!f) sl_error_set(err, 0, 0, "cannot write %s: %s", path, strerror(errno));
    return f;
}

static int close_checked(FILE *f, const char *dir, const char *name, struct sl_error *err)
{
    if (fclose(f) == 0) return 0;
    return sl_error_set(err, 0, 0, "cannot write %s/%s", dir, name);
}

/* Writes text as one CSV field (RFC 4180): quoted when it holds a comma,
 * a quote or a line break, quotes doubled. A field a spreadsheet would
 * take for a formula (= + - @ first) gets a leading apostrophe, so a
 * name in an experiment file cannot run in the reader's spreadsheet. */
static void csv_field(FILE *f, const char *text)
{
    int formula = text[0] && strchr("=+-@", text[0]) != NULL;
    int quote = formula || strpbrk(text, ",\"\r\n") != NULL;
    if (!quote) {
        fputs(text, f);
        return;
    }
    fputc('"', f);
    if (formula) fputc('\'', f);
    for (const char *c = text; *c; c++) {
        if (*c == '"') fputc('"', f);
        fputc(*c, f);
    }
    fputc('"', f);
}

/* Calls each(f, q, item) for every "a:b,c:d" item of a puzzle's list. */
static void each_pair(FILE *f, const struct report_puzzle *q, const char *list,
                      void (*each)(FILE *, const struct report_puzzle *, const char *, long))
{
    char item[256];
    for (const char *p = list; p && *p;) {
        size_t n = strcspn(p, ",");
        snprintf(item, sizeof item, "%.*s", (int)(n < sizeof item ? n : sizeof item - 1), p);
        char *colon = strrchr(item, ':');
        if (colon) *colon = '\0', each(f, q, item, atol(colon + 1));
        p += n + (p[n] == ',');
    }
}

static void pair_row(FILE *f, const struct report_puzzle *q, const char *key, long count)
{
    fprintf(f, "%d,%ld,%s,%ld\n", q->arm, q->index, key, count);
}

static int write_tables(const struct report *r, const char *dir, struct sl_error *err)
{
    FILE *p = open_in(dir, "puzzles.csv", err), *t = p ? open_in(dir, "techniques.csv", err) : NULL;
    FILE *c = t ? open_in(dir, "cage_sizes.csv", err) : NULL;
    FILE *e = c ? open_in(dir, "energy.csv", err) : NULL;
    if (!e) {
        if (p) fclose(p);
        if (t) fclose(t);
        if (c) fclose(c);
        return -1;
    }
    fprintf(p, "arm,index,seed,failed,ms,nodes,rating,grade,clues,cages,puzzle\n");
    fprintf(t, "arm,index,technique,count\n");
    fprintf(c, "arm,index,size,cages\n");
    fprintf(e, "arm,index,step,energy\n");
    for (long i = 0; i < r->npuzzles; i++) {
        const struct report_puzzle *q = &r->puzzles[i];
        fprintf(p, "%d,%ld,%llu,%d,%.3f,%llu,%.1f,", q->arm, q->index, (unsigned long long)q->seed,
                q->failed, q->ms, (unsigned long long)q->nodes, q->rating);
        csv_field(p, q->grade);
        fprintf(p, ",%d,%d,", q->clues, q->cages);
        csv_field(p, q->failed ? "" : q->line);
        fputc('\n', p);
        each_pair(t, q, q->techniques, pair_row);
        each_pair(c, q, q->cage_sizes, pair_row);
        long step = 0;
        for (const char *s = q->trace; s && *s; step++) {
            fprintf(e, "%d,%ld,%ld,%.*s\n", q->arm, q->index, step, (int)strcspn(s, ","), s);
            s += strcspn(s, ",");
            s += *s == ',';
        }
    }
    return close_checked(p, dir, "puzzles.csv", err) |
           close_checked(t, dir, "techniques.csv", err) |
           close_checked(c, dir, "cage_sizes.csv", err) | close_checked(e, dir, "energy.csv", err);
}

static int write_summary_csv(const struct report *r, const struct arm_figures *fig, const char *dir,
                             struct sl_error *err)
{
    FILE *f = open_in(dir, "summary.csv", err);
    if (!f) return -1;
    fprintf(f, "arm,name,made,failed,seconds,puzzles_per_s,median_ms,rating_mean,rating_median,"
               "rating_q10,rating_q90");
    for (int g = 0; g < GRADE_COUNT; g++) fprintf(f, ",%s", grade_name((enum grade)g));
    fputc('\n', f);
    for (int a = 0; a < r->e->narms; a++) {
        const struct arm_figures *g = &fig[a];
        fprintf(f, "%d,", a);
        csv_field(f, r->e->arms[a].name);
        fprintf(f, ",%ld,%ld,%.3f,%.2f,%.3f,%.3f,%.1f,%.1f,%.1f", g->made, g->failed, r->seconds[a],
                g->per_second, g->median_ms, g->mean, g->median, g->q10, g->q90);
        for (int k = 0; k < GRADE_COUNT; k++) fprintf(f, ",%.4f", g->grade_share[k]);
        fputc('\n', f);
    }
    return close_checked(f, dir, "summary.csv", err);
}

/* --- chart data: one gnuplot block per arm ---------------------------- */

/* Shares of values (v[i] for the arm's puzzles) in bins of `width` from
 * `low`, written as "centre share" lines. */
static void write_histogram(FILE *f, const double *v, long n, double low, double width, int bins)
{
    long count[128] = {0};
    for (long i = 0; i < n; i++) {
        int b = (int)floor((v[i] - low) / width);
        count[b < 0 ? 0 : b >= bins ? bins - 1 : b]++;
    }
    for (int b = 0; b < bins; b++)
        fprintf(f, "%g %g\n", low + (b + 0.5) * width, n ? (double)count[b] / (double)n : 0.0);
}

/* The arm's values of one kind: 0 rating, 1 clues, 2 cage sizes (one
 * value per cage), into v; returns how many. */
static long arm_values(const struct report *r, int arm, int kind, double *v)
{
    long n = 0;
    for (long i = 0; i < r->npuzzles; i++) {
        const struct report_puzzle *q = &r->puzzles[i];
        if (q->arm != arm || q->failed) continue;
        if (kind == 0) v[n++] = q->rating;
        if (kind == 1) v[n++] = q->clues;
        for (const char *s = q->cage_sizes; kind == 2 && s && *s;) {
            int size = atoi(s);
            long cages = atol(strchr(s, ':') ? strchr(s, ':') + 1 : "0");
            for (long k = 0; k < cages && n < 64 * r->npuzzles; k++) v[n++] = size;
            s += strcspn(s, ",");
            s += *s == ',';
        }
    }
    return n;
}

/* Median and 10% / 90% quantiles of the energy at each step, over the
 * arm's traces (a trace that ended early holds its last value). */
static void write_energy_band(FILE *f, const struct report *r, int arm)
{
    long ntraces = 0, longest = 0;
    for (long i = 0; i < r->npuzzles; i++) {
        const struct report_puzzle *q = &r->puzzles[i];
        if (q->arm != arm || q->failed || !q->trace || !q->trace[0]) continue;
        long steps = 1;
        for (const char *s = q->trace; *s; s++) steps += *s == ',';
        if (steps > longest) longest = steps;
        ntraces++;
    }
    if (!ntraces) return;
    double *e = malloc((size_t)(ntraces * longest) * sizeof *e),
           *col = malloc((size_t)ntraces * sizeof *col);
    long t = 0;
    for (long i = 0; e && col && i < r->npuzzles; i++) {
        const struct report_puzzle *q = &r->puzzles[i];
        if (q->arm != arm || q->failed || !q->trace || !q->trace[0]) continue;
        const char *s = q->trace;
        double last = 0;
        for (long k = 0; k < longest; k++) {
            if (*s) last = strtod(s, NULL), s += strcspn(s, ","), s += *s == ',';
            e[t * longest + k] = last;
        }
        t++;
    }
    for (long k = 0; e && col && k < longest; k++) {
        for (long j = 0; j < ntraces; j++) col[j] = e[j * longest + k];
        qsort(col, (size_t)ntraces, sizeof *col, by_value);
        fprintf(f, "%ld %g %g %g\n", k, quantile(col, ntraces, 0.5), quantile(col, ntraces, 0.1),
                quantile(col, ntraces, 0.9));
    }
    free(e);
    free(col);
}

/* 1 when some puzzle of the arm has an annealing trace. */
static int arm_annealed(const struct report *r, int arm)
{
    for (long i = 0; i < r->npuzzles; i++)
        if (r->puzzles[i].arm == arm && r->puzzles[i].trace && r->puzzles[i].trace[0]) return 1;
    return 0;
}

static int write_chart_data(const struct report *r, const struct arm_figures *fig, const char *dir,
                            struct sl_error *err)
{
    static const char *const names[] = {"rating.dat", "time.dat",  "grades.dat",
                                        "clues.dat",  "cages.dat", "energy.dat"};
    FILE *f[6] = {0};
    for (int k = 0; k < 6; k++)
        if (!(f[k] = open_in(dir, names[k], err))) {
            for (int j = 0; j < k; j++) fclose(f[j]);
            return -1;
        }
    double *v = malloc(((size_t)r->npuzzles * 64 + 1) * sizeof *v);
    int annealed = 0;
    fprintf(f[2], "arm");
    for (int g = 0; g < GRADE_COUNT; g++) fprintf(f[2], " %s", grade_name((enum grade)g));
    fputc('\n', f[2]);
    for (int a = 0; v && a < r->e->narms; a++) {
        const char *name = r->e->arms[a].name;
        for (int k = 0; k < 5; k++)
            if (k != 2) fprintf(f[k], "%s# arm %d: %s\n", a ? "\n\n" : "", a, name);
        write_histogram(f[0], v, arm_values(r, a, 0, v), 1.0, 0.5, 22);
        /* A block with no point still counts as a block for gnuplot's index. */
        fprintf(f[1], "NaN NaN\n");
        for (long i = 0; i < r->npuzzles; i++)
            if (r->puzzles[i].arm == a && !r->puzzles[i].failed)
                fprintf(f[1], "%g %g\n", r->puzzles[i].rating, r->puzzles[i].ms);
        fprintf(f[2], "%s", name);
        for (int g = 0; g < GRADE_COUNT; g++) fprintf(f[2], " %g", fig[a].grade_share[g]);
        fputc('\n', f[2]);
        long nclues = arm_values(r, a, 1, v);
        write_histogram(f[3], v, nclues, 0, 1, nclues ? 82 : 1);
        write_histogram(f[4], v, arm_values(r, a, 2, v), 0.5, 1, 10);
        /* energy.dat holds only the arms that anneal, in order. */
        if (arm_annealed(r, a))
            fprintf(f[5], "%s# arm %d: %s\n", annealed++ ? "\n\n" : "", a, name),
                write_energy_band(f[5], r, a);
    }
    free(v);
    int bad = 0;
    for (int k = 0; k < 6; k++) bad |= close_checked(f[k], dir, names[k], err);
    return bad;
}

/* --- charts ------------------------------------------------------------- */

struct chart {
    const char *name;    /* file stem: rating -> rating.png, rating.svg */
    const char *script;  /* template in scripts/ */
    const char *caption; /* one line under it in index.html */
};

static const struct chart charts[] = {
    {"rating", "report_rating.gp", "How ratings spread in each arm: further right is harder."},
    {"time", "report_time.gp", "Time to make each puzzle against its rating (log time)."},
    {"grades", "report_grades.gp", "The share of each grade in each arm."},
    {"sizes", "report_sizes.gp", "How many clues the puzzles keep, or how big their cages are."},
    {"energy", "report_energy.gp",
     "Annealing energy per step: the median run and its 10-90% band."},
};
#define NCHARTS ((int)(sizeof charts / sizeof charts[0]))

/* Copies scripts/NAME into dir, so the report can be redrawn by hand. */
static int copy_script(const char *dir, const char *name, struct sl_error *err)
{
    char root[VARIANT_PATH_MAX], from[VARIANT_PATH_MAX + 256], buf[8192];
    snprintf(from, sizeof from, "%s/scripts/%s", variant_root(root, sizeof root), name);
    FILE *in = fopen(from, "r"), *out = in ? open_in(dir, name, err) : NULL;
    if (!in) return sl_error_set(err, 0, 0, "cannot read %s: %s", from, strerror(errno));
    if (!out) return fclose(in), -1;
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, in)) > 0) fwrite(buf, 1, n, out);
    fclose(in);
    return close_checked(out, dir, name, err);
}

/* Runs gnuplot in dir on script with the variables given; 0 when it
 * drew, 1 when it failed, 127 when gnuplot is missing. */
static int run_gnuplot(const char *dir, const char *vars, const char *script)
{
    pid_t pid = fork();
    if (pid < 0) return 1;
    if (pid == 0) {
        if (chdir(dir) || !freopen("gnuplot.log", "a", stderr)) _exit(1);
        execlp("gnuplot", "gnuplot", "-e", vars, script, (char *)NULL);
        _exit(127);
    }
    int status = 0;
    waitpid(pid, &status, 0);
    return WIFEXITED(status) ? WEXITSTATUS(status) : 1;
}

/* The variables every chart script reads, for one terminal. */
static void chart_vars(const struct report *r, const struct chart *c, const char *term,
                       const char *ext, char *buf, size_t cap)
{
    char names[REPORT_MAX_ARMS * 70] = "", annealed[REPORT_MAX_ARMS * 70] = "";
    int cages = 0;
    for (int a = 0; a < r->e->narms; a++) {
        snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s", a ? " " : "",
                 r->e->arms[a].name);
        if (arm_annealed(r, a))
            snprintf(annealed + strlen(annealed), sizeof annealed - strlen(annealed), "%s%s",
                     annealed[0] ? " " : "", r->e->arms[a].name);
        for (long i = 0; i < r->npuzzles; i++)
            cages |= r->puzzles[i].arm == a && r->puzzles[i].cages;
    }
    snprintf(buf, cap,
             "n=%d; names='%s'; annealed='%s'; term='%s'; out='%s.%s'; file='%s'; what='%s'",
             r->e->narms, names, annealed, term, c->name, ext, cages ? "cages.dat" : "clues.dat",
             cages ? "cage size" : "clues");
}

/* 1 when some arm anneals (has an energy trace). */
static int report_annealed(const struct report *r)
{
    for (int a = 0; a < r->e->narms; a++)
        if (arm_annealed(r, a)) return 1;
    return 0;
}

/* Draws every chart as PNG and SVG; sets drawn[k]. Returns 127 when gnuplot
 * is missing, 1 when some chart failed, 0. */
static int draw_charts(const struct report *r, const char *dir, int *drawn, struct sl_error *err)
{
    static const char *const terms[2][2] = {{"pngcairo", "png"}, {"svg", "svg"}};
    int worst = 0;
    for (int k = 0; k < NCHARTS; k++) {
        drawn[k] = 0;
        if (copy_script(dir, charts[k].script, err)) return -1;
        if (k == NCHARTS - 1 && !report_annealed(r)) continue; /* no energy to chart */
        int ok = 1;
        for (int t = 0; t < 2 && worst != 127; t++) {
            char vars[4096];
            chart_vars(r, &charts[k], terms[t][0], terms[t][1], vars, sizeof vars);
            int rc = run_gnuplot(dir, vars, charts[k].script);
            if (rc) ok = 0, worst = rc == 127 ? 127 : (worst ? worst : 1);
        }
        drawn[k] = ok && worst != 127;
    }
    return worst;
}

/* --- index.html and summary.md -------------------------------------------- */

static void html_text(FILE *f, const char *s)
{
    for (; *s; s++) {
        if (*s == '<')
            fputs("&lt;", f);
        else if (*s == '>')
            fputs("&gt;", f);
        else if (*s == '&')
            fputs("&amp;", f);
        else if (*s == '"')
            fputs("&quot;", f);
        else
            fputc(*s, f);
    }
}

static void html_summary_table(FILE *f, const struct report *r, const struct arm_figures *fig)
{
    fputs("<table>\n<tr><th>arm</th><th>settings</th><th>made</th><th>failed</th>"
          "<th>median ms</th><th>puzzles/s</th><th>rating mean</th><th>median</th>"
          "<th>10%&ndash;90%</th>",
          f);
    for (int g = 0; g < GRADE_COUNT; g++) fprintf(f, "<th>%s</th>", grade_name((enum grade)g));
    fputs("</tr>\n", f);
    for (int a = 0; a < r->e->narms; a++) {
        const struct report_arm *arm = &r->e->arms[a];
        const struct arm_figures *g = &fig[a];
        fputs("<tr><td>", f);
        html_text(f, arm->name);
        fprintf(
            f, "</td><td>%s%s%s%s%s%s%s</td>", arm->request.variant,
            arm->request.strategy ? ", " : "", arm->request.strategy ? arm->request.strategy : "",
            arm->request.symmetry ? ", " : "", arm->request.symmetry ? arm->request.symmetry : "",
            arm->request.grade ? ", grade " : "", arm->request.grade ? arm->request.grade : "");
        fprintf(f,
                "<td>%ld</td><td>%ld</td><td>%.2f</td><td>%.1f</td><td>%.2f</td><td>%.1f</td>"
                "<td>%.1f&ndash;%.1f</td>",
                g->made, g->failed, g->median_ms, g->per_second, g->mean, g->median, g->q10,
                g->q90);
        for (int k = 0; k < GRADE_COUNT; k++)
            fprintf(f, "<td>%.0f%%</td>", 100 * g->grade_share[k]);
        fputs("</tr>\n", f);
    }
    fputs("</table>\n", f);
}

static const char html_style[] =
    "body{font-family:sans-serif;max-width:62em;margin:2em auto;padding:0 1em;color:#222}"
    "table{border-collapse:collapse;font-size:90%}td,th{border:1px solid #bbb;padding:.3em .5em;"
    "text-align:right}td:first-child,td:nth-child(2),th{text-align:left}"
    "figure{margin:2em 0}img{max-width:100%;border:1px solid #ddd}.note{background:#fff4d6;"
    "padding:.6em 1em;border-left:4px solid #e0a800}.thumbs img{margin-right:1em;border:0}";

/* Each arm's first few puzzles as pictures (r->thumbnail); one that
 * cannot be drawn is left out. */
static void html_thumbnails(FILE *f, const struct report *r, const char *dir)
{
    struct sl_error err = {0};
    char name[SL_NAME_MAX + 32], path[REPORT_PATH_MAX + SL_NAME_MAX + 32];
    if (!r->thumbnail) return;
    fputs("<h2>Puzzles</h2>\n", f);
    for (int a = 0; a < r->e->narms; a++) {
        fputs("<figure class=\"thumbs\">", f);
        for (long i = 0, shown = 0; i < r->npuzzles && shown < REPORT_THUMBNAILS; i++) {
            const struct report_puzzle *q = &r->puzzles[i];
            if (q->arm != a || q->failed || !q->line) continue;
            snprintf(name, sizeof name, "puzzle-%s-%ld.svg", r->e->arms[a].name, ++shown);
            snprintf(path, sizeof path, "%s/%s", dir, name);
            if (r->thumbnail(q->line, path, &err) == 0)
                fprintf(f, "<img src=\"%s\" alt=\"puzzle %ld of %s\" width=\"220\">", name, shown,
                        r->e->arms[a].name);
        }
        fputs("<figcaption>", f);
        html_text(f, r->e->arms[a].name);
        fputs(": its first puzzles</figcaption></figure>\n", f);
    }
}

static int write_html(const struct report *r, const struct arm_figures *fig, const char *dir,
                      const int *drawn, int gnuplot, struct sl_error *err)
{
    FILE *f = open_in(dir, "index.html", err);
    if (!f) return -1;
    fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>", f);
    html_text(f, r->e->title);
    fprintf(f, "</title>\n<style>%s</style>\n</head>\n<body>\n<h1>", html_style);
    html_text(f, r->e->title);
    fputs("</h1>\n", f);
    if (r->e->description[0]) fputs("<p>", f), html_text(f, r->e->description), fputs("</p>\n", f);
    if (r->interrupted)
        fputs("<p class=\"note\">The run was interrupted: these figures cover the puzzles that "
              "were finished.</p>\n",
              f);
    if (gnuplot == 127)
        fputs("<p class=\"note\">gnuplot was not found, so the charts were not drawn. The data "
              "(<code>*.dat</code>) and the scripts (<code>report_*.gp</code>) are here: install "
              "gnuplot and run <code>sudolab report</code> again.</p>\n",
              f);
    html_summary_table(f, r, fig);
    html_thumbnails(f, r, dir);
    for (int k = 0; k < NCHARTS; k++) {
        if (!drawn[k]) continue;
        fprintf(f,
                "<figure><img src=\"%s.png\" alt=\"%s\" width=\"820\" height=\"480\">"
                "<figcaption>%s (<a href=\"%s.svg\">SVG</a>)</figcaption></figure>\n",
                charts[k].name, charts[k].caption, charts[k].caption, charts[k].name);
    }
    fputs("<p>Tables: <a href=\"summary.csv\">summary.csv</a>, <a href=\"puzzles.csv\">"
          "puzzles.csv</a>, <a href=\"techniques.csv\">techniques.csv</a>, <a href=\""
          "cage_sizes.csv\">cage_sizes.csv</a>, <a href=\"energy.csv\">energy.csv</a> "
          "(columns: reports/README.md).</p>\n</body>\n</html>\n",
          f);
    return close_checked(f, dir, "index.html", err);
}

static int write_markdown(const struct report *r, const struct arm_figures *fig, const char *dir,
                          int gnuplot, struct sl_error *err)
{
    FILE *f = open_in(dir, "summary.md", err);
    if (!f) return -1;
    fprintf(f, "# %s\n\n", r->e->title);
    if (r->e->description[0]) fprintf(f, "%s\n\n", r->e->description);
    if (r->interrupted) fputs("**Interrupted**: the figures cover the finished puzzles.\n\n", f);
    if (gnuplot == 127) fputs("gnuplot was not found: no charts (the data is here).\n\n", f);
    fputs("| arm | made | failed | median ms | puzzles/s | rating mean | median | 10%-90% |", f);
    for (int g = 0; g < GRADE_COUNT; g++) fprintf(f, " %s |", grade_name((enum grade)g));
    fputs("\n|---|---|---|---|---|---|---|---|", f);
    for (int g = 0; g < GRADE_COUNT; g++) fputs("---|", f);
    fputc('\n', f);
    for (int a = 0; a < r->e->narms; a++) {
        const struct arm_figures *g = &fig[a];
        fprintf(f, "| %s | %ld | %ld | %.2f | %.1f | %.2f | %.1f | %.1f-%.1f |", r->e->arms[a].name,
                g->made, g->failed, g->median_ms, g->per_second, g->mean, g->median, g->q10,
                g->q90);
        for (int k = 0; k < GRADE_COUNT; k++) fprintf(f, " %.0f%% |", 100 * g->grade_share[k]);
        fputc('\n', f);
    }
    return close_checked(f, dir, "summary.md", err);
}

int report_check_dir(const char *dir, struct sl_error *err)
{
    struct stat st;
    if (stat(dir, &st) == 0) {
        if (!S_ISDIR(st.st_mode))
            return sl_error_set(err, 0, 0, "--out %s is a file, not a folder", dir);
        if (access(dir, W_OK | X_OK))
            return sl_error_set(err, 0, 0, "cannot write in %s: %s", dir, strerror(errno));
        return 0;
    }
    if (errno != ENOENT) return sl_error_set(err, 0, 0, "cannot use %s: %s", dir, strerror(errno));
    /* the folder is made at the end, in its parent: that must be there */
    char parent[4096];
    size_t len = strlen(dir);
    while (len > 1 && dir[len - 1] == '/') len--;
    while (len > 0 && dir[len - 1] != '/') len--;
    while (len > 1 && dir[len - 1] == '/') len--;
    if (len >= sizeof parent) return sl_error_set(err, 0, 0, "--out %s: the path is too long", dir);
    snprintf(parent, sizeof parent, "%.*s", (int)(len ? len : 1), len ? dir : ".");
    if (stat(parent, &st) != 0 || !S_ISDIR(st.st_mode))
        return sl_error_set(err, 0, 0, "cannot make %s: its folder %s is missing", dir, parent);
    if (access(parent, W_OK | X_OK))
        return sl_error_set(err, 0, 0, "cannot make %s in %s: %s", dir, parent, strerror(errno));
    return 0;
}

int report_write(const struct report *r, const char *dir, int *all_charts, struct sl_error *err)
{
    struct arm_figures fig[REPORT_MAX_ARMS];
    int drawn[NCHARTS];
    if (mkdir(dir, 0777) && errno != EEXIST)
        return sl_error_set(err, 0, 0, "cannot make %s: %s", dir, strerror(errno));
    if (report_check_dir(dir, err)) return -1;
    for (int a = 0; a < r->e->narms; a++) arm_figures_of(r, a, &fig[a]);
    if (write_tables(r, dir, err) || write_summary_csv(r, fig, dir, err) ||
        write_chart_data(r, fig, dir, err))
        return -1;
    int gnuplot = draw_charts(r, dir, drawn, err);
    if (gnuplot < 0) return -1;
    *all_charts = gnuplot == 0;
    return write_html(r, fig, dir, drawn, gnuplot, err) || write_markdown(r, fig, dir, gnuplot, err)
               ? -1
               : 0;
}
