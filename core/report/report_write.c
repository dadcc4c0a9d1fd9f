/*
 * report_write.c — an experiment written up (report.h): the tables as CSV,
 * index.html and summary.md, with the comparisons (report_compare.c),
 * meta.json (report_meta.c) and the charts (report_charts.c). Everything
 * a chart shows is in a table beside it.
 */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "report_parts.h"

/* --- per-arm figures ------------------------------------------------------ */

struct arm_figures {
    long made, failed;
    double median_ms, per_second, mean, median, q10, q90, median_work;
    double grade_share[GRADE_COUNT];
};

/* The q-quantile of n sorted values (nearest rank). */
/* Decimals for puzzles per second: about three figures, never an
 * exponent ("1.55e+03" beside "904" read as a smaller number). */
static int rate_decimals(double per_second)
{
    return per_second >= 100 ? 0 : per_second >= 10 ? 1 : 2;
}

static double quantile(const double *v, long n, double q)
{
    if (n == 0) return 0;
    long i = (long)ceil(q * (double)n) - 1;
    return v[i < 0 ? 0 : i >= n ? n - 1 : i];
}

static void arm_figures_of(const struct report *r, int arm, double *v, struct arm_figures *f)
{
    memset(f, 0, sizeof *f);
    for (long i = 0; i < r->npuzzles; i++) {
        const struct report_puzzle *q = &r->puzzles[i];
        if (q->arm != arm) continue;
        f->failed += q->failed;
        int g = q->failed ? -1 : grade_by_name(q->grade);
        if (g >= 0) f->grade_share[g] += 1;
    }
    f->made = report_arm_column(r, arm, 1, v);
    stats_sort(v, f->made);
    f->median_ms = stats_median(v, f->made);
    report_arm_column(r, arm, 2, v);
    stats_sort(v, f->made);
    f->median_work = stats_median(v, f->made);
    report_arm_column(r, arm, 0, v);
    f->mean = stats_mean(v, f->made);
    stats_sort(v, f->made);
    f->median = stats_median(v, f->made);
    f->q10 = quantile(v, f->made, 0.1);
    f->q90 = quantile(v, f->made, 0.9);
    for (int g = 0; f->made && g < GRADE_COUNT; g++) f->grade_share[g] /= (double)f->made;
    f->per_second = r->seconds[arm] > 0 ? (double)f->made / r->seconds[arm] : 0;
}

/* --- files -------------------------------------------------------------- */

FILE *report_open(const char *dir, const char *name, struct sl_error *err)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "w");
    if (!f) sl_error_set(err, 0, 0, "cannot write %s: %s", path, strerror(errno));
    return f;
}

int report_close(FILE *f, const char *dir, const char *name, struct sl_error *err)
{
    int failed = ferror(f);
    if (fclose(f) == 0 && !failed) return 0;
    return sl_error_set(err, 0, 0, "cannot write %s/%s: %s", dir, name,
                        errno ? strerror(errno) : "a write failed");
}

/* Quoted when it holds a comma, a quote or a line break, quotes doubled.
 * A field a spreadsheet would take for a formula (= + - @ first) gets a
 * leading apostrophe, so a name cannot run in the reader's spreadsheet. */
void report_csv_field(FILE *f, const char *text)
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

/* The first columns of every per-puzzle row: the arm's number and name,
 * the puzzle's index. */
static void row_start(FILE *f, const struct report *r, const struct report_puzzle *q)
{
    fprintf(f, "%d,", q->arm);
    report_csv_field(f, r->e->arms[q->arm].name);
    fprintf(f, ",%ld,", q->index);
}

/* Writes a row "arm,name,index,key,count" for every "key:count" item of
 * a puzzle's list. */
static void each_pair(FILE *f, const struct report *r, const struct report_puzzle *q,
                      const char *list)
{
    char item[256];
    for (const char *p = list; p && *p;) {
        size_t n = strcspn(p, ",");
        snprintf(item, sizeof item, "%.*s", (int)(n < sizeof item ? n : sizeof item - 1), p);
        char *colon = strrchr(item, ':');
        if (colon) {
            *colon = '\0';
            row_start(f, r, q);
            fprintf(f, "%s,%ld\n", item, atol(colon + 1));
        }
        p += n + (p[n] == ',');
    }
}

static void puzzle_row(FILE *f, const struct report *r, const struct report_puzzle *q)
{
    row_start(f, r, q);
    fprintf(f, "%llu,%d,", (unsigned long long)q->seed, q->failed);
    report_csv_field(f, q->failed && q->why ? q->why : "");
    fprintf(f, ",%.3f,%llu,%.1f,%.1f,", q->ms, (unsigned long long)q->nodes, q->work, q->rating);
    report_csv_field(f, q->grade);
    fprintf(f, ",%d,%d,", q->clues, q->cages);
    report_csv_field(f, q->failed ? "" : q->line);
    fputc('\n', f);
}

static void energy_rows(FILE *f, const struct report *r, const struct report_puzzle *q)
{
    long step = 0;
    for (const char *s = q->trace; s && *s; step++) {
        row_start(f, r, q);
        fprintf(f, "%ld,%.*s\n", step, (int)strcspn(s, ","), s);
        s += strcspn(s, ",");
        s += *s == ',';
    }
}

static int write_tables(const struct report *r, const char *dir, struct sl_error *err)
{
    static const char *const names[] = {"puzzles.csv", "techniques.csv", "cage_sizes.csv",
                                        "energy.csv"};
    static const char *const headers[] = {
        "arm,name,index,seed,failed,why,ms,nodes,work,rating,grade,clues,cages,puzzle",
        "arm,name,index,technique,count", "arm,name,index,size,cages",
        "arm,name,index,step,energy"};
    FILE *f[4];
    for (int k = 0; k < 4; k++) {
        if (!(f[k] = report_open(dir, names[k], err))) {
            for (int j = 0; j < k; j++) fclose(f[j]);
            return -1;
        }
        fprintf(f[k], "%s\n", headers[k]);
    }
    for (long i = 0; i < r->npuzzles; i++) {
        const struct report_puzzle *q = &r->puzzles[i];
        puzzle_row(f[0], r, q);
        each_pair(f[1], r, q, q->techniques);
        each_pair(f[2], r, q, q->cage_sizes);
        energy_rows(f[3], r, q);
    }
    int bad = 0;
    for (int k = 0; k < 4; k++) bad |= report_close(f[k], dir, names[k], err);
    return bad;
}

static int write_summary_csv(const struct report *r, const struct arm_figures *fig,
                             const struct report_comparison *c, int nc, const char *dir,
                             struct sl_error *err)
{
    FILE *f = report_open(dir, "summary.csv", err);
    if (!f) return -1;
    fprintf(f, "arm,name,made,failed,seconds,puzzles_per_s,median_ms,median_work,rating_mean,"
               "rating_median,rating_q10,rating_q90");
    for (int g = 0; g < GRADE_COUNT; g++) fprintf(f, ",%s", grade_name((enum grade)g));
    report_compare_summary_cells(f, c, nc, -1);
    fputc('\n', f);
    for (int a = 0; a < r->e->narms; a++) {
        const struct arm_figures *g = &fig[a];
        fprintf(f, "%d,", a);
        report_csv_field(f, r->e->arms[a].name);
        fprintf(f, ",%ld,%ld,%.3f,%.2f,%.3f,%.1f,%.3f,%.2f,%.1f,%.1f", g->made, g->failed,
                r->seconds[a], g->per_second, g->median_ms, g->median_work, g->mean, g->median,
                g->q10, g->q90);
        for (int k = 0; k < GRADE_COUNT; k++) fprintf(f, ",%.4f", g->grade_share[k]);
        report_compare_summary_cells(f, c, nc, a);
        fputc('\n', f);
    }
    return report_close(f, dir, "summary.csv", err);
}

/* --- index.html and summary.md -------------------------------------------- */

/* All a page and a summary show, worked out once. */
struct writeup {
    const struct report *r;
    const char *dir;
    struct arm_figures fig[REPORT_MAX_ARMS];
    struct report_comparison comparisons[REPORT_MAX_COMPARISONS];
    int ncomparisons;
    int drawn[16];
    int charts;    /* report_draw_charts's answer */
    char why[512]; /* why not every chart was drawn */
};

void report_html_text(FILE *f, const char *s)
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

static void html_summary_table(FILE *f, const struct writeup *w)
{
    const struct report *r = w->r;
    fputs("<table>\n<tr><th>arm</th><th>settings</th><th>made</th><th>failed</th>"
          "<th>median ms</th><th>puzzles/s</th><th>median work</th><th>rating mean</th>"
          "<th>median</th><th>10%&ndash;90%</th>",
          f);
    for (int g = 0; g < GRADE_COUNT; g++) fprintf(f, "<th>%s</th>", grade_name((enum grade)g));
    fputs("</tr>\n", f);
    for (int a = 0; a < r->e->narms; a++) {
        const struct report_arm *arm = &r->e->arms[a];
        const struct arm_figures *g = &w->fig[a];
        fputs("<tr><td>", f);
        report_html_text(f, arm->name);
        fprintf(
            f, "</td><td>%s%s%s%s%s%s%s</td>", arm->request.variant,
            arm->request.strategy ? ", " : "", arm->request.strategy ? arm->request.strategy : "",
            arm->request.symmetry ? ", " : "", arm->request.symmetry ? arm->request.symmetry : "",
            arm->request.grade ? ", grade " : "", arm->request.grade ? arm->request.grade : "");
        fprintf(f,
                "<td>%ld</td><td>%ld</td><td>%.2f</td><td>%.*f</td><td>%.1f</td><td>%.2f</td>"
                "<td>%.1f</td><td>%.1f&ndash;%.1f</td>",
                g->made, g->failed, g->median_ms, rate_decimals(g->per_second), g->per_second,
                g->median_work, g->mean, g->median, g->q10, g->q90);
        for (int k = 0; k < GRADE_COUNT; k++)
            fprintf(f, "<td>%.0f%%</td>", 100 * g->grade_share[k]);
        fputs("</tr>\n", f);
    }
    fputs("</table>\n", f);
}

/* Each arm's failures by reason, as list items (HTML) or lines (markdown). */
static void failures(FILE *f, const struct writeup *w, int html)
{
    const struct report *r = w->r;
    int any = 0;
    for (int a = 0; a < r->e->narms; a++) any |= w->fig[a].failed > 0;
    if (!any) return;
    fputs(html ? "<h2>Failures</h2>\n<ul>\n" : "\n## Failures\n\n", f);
    for (int a = 0; a < r->e->narms; a++) {
        struct report_reason why[REPORT_REASONS];
        int n = report_reasons(r, a, why, REPORT_REASONS);
        if (!n) continue;
        fprintf(f, "%s%s: %ld of %ld failed:", html ? "<li>" : "- ", r->e->arms[a].name,
                w->fig[a].failed, w->fig[a].failed + w->fig[a].made);
        for (int k = 0; k < n; k++) {
            fprintf(f, "%s %ld %s ", k ? ";" : "", why[k].count, html ? "&times;" : "×");
            if (html)
                report_html_text(f, why[k].why);
            else
                fputs(why[k].why, f);
        }
        fputs(html ? "</li>\n" : "\n", f);
    }
    if (html) fputs("</ul>\n", f);
}

static const char html_style[] =
    "body{font-family:sans-serif;max-width:62em;margin:2em auto;padding:0 1em;color:#222}"
    "table{border-collapse:collapse;font-size:90%}td,th{border:1px solid #bbb;padding:.3em .5em;"
    "text-align:right}td:first-child,td:nth-child(2),th{text-align:left}"
    "table.meta td{text-align:left}.method{font-size:90%;color:#555}"
    "figure{margin:2em 0}img{max-width:100%;height:auto;border:1px solid #ddd}"
    ".note{background:#fff4d6;padding:.6em 1em;border-left:4px solid #e0a800}"
    ".thumbs img{margin-right:1em;border:0}";

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
        report_html_text(f, r->e->arms[a].name);
        fputs(": its first puzzles</figcaption></figure>\n", f);
    }
}

/* Notes at the top: a run cut short, an arm that made nothing, charts
 * that could not be drawn. */
static void notes(FILE *f, const struct writeup *w, int html)
{
    const char *open = html ? "<p class=\"note\">" : "", *close = html ? "</p>\n" : "\n\n";
    if (w->r->interrupted)
        fprintf(
            f,
            "%sInterrupted: the run was cut short, and these figures cover the puzzles that were "
            "finished.%s",
            open, close);
    for (int a = 0; a < w->r->e->narms; a++)
        if (!w->fig[a].made)
            fprintf(f, "%sArm %s made no puzzle (see Failures).%s", open, w->r->e->arms[a].name,
                    close);
    if (w->charts == 127)
        fprintf(f,
                "%sgnuplot was not found, so the charts were not drawn. The data (*.dat) and "
                "the scripts (report_*.gp) are here: install gnuplot and run sudolab report "
                "again.%s",
                open, close);
    else if (w->charts) {
        fprintf(f, "%sNot every chart was drawn: ", open);
        if (html)
            report_html_text(f, w->why);
        else
            fputs(w->why, f);
        fprintf(f, " (gnuplot.log).%s", close);
    }
}

static void html_charts(FILE *f, const struct writeup *w)
{
    for (int k = 0; k < report_chart_count; k++) {
        if (!w->drawn[k]) continue;
        const struct report_chart *c = &report_charts[k];
        fprintf(f,
                "<figure><img src=\"%s.png\" alt=\"%s\" width=\"820\">"
                "<figcaption>%s (<a href=\"%s.svg\">SVG</a>)</figcaption></figure>\n",
                c->name, c->caption, c->caption, c->name);
    }
}

static int write_html(const struct writeup *w, struct sl_error *err)
{
    const struct report *r = w->r;
    FILE *f = report_open(w->dir, "index.html", err);
    if (!f) return -1;
    fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>", f);
    report_html_text(f, r->e->title);
    fprintf(f, "</title>\n<style>%s</style>\n</head>\n<body>\n<h1>", html_style);
    report_html_text(f, r->e->title);
    fputs("</h1>\n", f);
    if (r->e->description[0])
        fputs("<p>", f), report_html_text(f, r->e->description), fputs("</p>\n", f);
    notes(f, w, 1);
    html_summary_table(f, w);
    report_compare_html(f, r, w->comparisons, w->ncomparisons);
    failures(f, w, 1);
    html_thumbnails(f, r, w->dir);
    html_charts(f, w);
    fputs("<p>Tables: <a href=\"summary.csv\">summary.csv</a>, <a href=\"comparisons.csv\">"
          "comparisons.csv</a>, <a href=\"puzzles.csv\">puzzles.csv</a>, <a href=\""
          "techniques.csv\">techniques.csv</a>, <a href=\"cage_sizes.csv\">cage_sizes.csv</a>, "
          "<a href=\"energy.csv\">energy.csv</a> (columns: reports/README.md).</p>\n",
          f);
    report_meta_html(f, r);
    fputs("</body>\n</html>\n", f);
    return report_close(f, w->dir, "index.html", err);
}

static int write_markdown(const struct writeup *w, struct sl_error *err)
{
    const struct report *r = w->r;
    FILE *f = report_open(w->dir, "summary.md", err);
    if (!f) return -1;
    fprintf(f, "# %s\n\n", r->e->title);
    if (r->e->description[0]) fprintf(f, "%s\n\n", r->e->description);
    notes(f, w, 0);
    fputs("| arm | made | failed | median ms | puzzles/s | median work | rating mean | median | "
          "10%-90% |",
          f);
    for (int g = 0; g < GRADE_COUNT; g++) fprintf(f, " %s |", grade_name((enum grade)g));
    fputs("\n|---|---|---|---|---|---|---|---|---|", f);
    for (int g = 0; g < GRADE_COUNT; g++) fputs("---|", f);
    fputc('\n', f);
    for (int a = 0; a < r->e->narms; a++) {
        const struct arm_figures *g = &w->fig[a];
        fprintf(f, "| %s | %ld | %ld | %.2f | %.*f | %.1f | %.2f | %.1f | %.1f-%.1f |",
                r->e->arms[a].name, g->made, g->failed, g->median_ms, rate_decimals(g->per_second),
                g->per_second, g->median_work, g->mean, g->median, g->q10, g->q90);
        for (int k = 0; k < GRADE_COUNT; k++) fprintf(f, " %.0f%% |", 100 * g->grade_share[k]);
        fputc('\n', f);
    }
    report_compare_markdown(f, r, w->comparisons, w->ncomparisons);
    failures(f, w, 0);
    report_meta_markdown(f, r);
    return report_close(f, w->dir, "summary.md", err);
}

/* Writes and removes a file in the folder dir: root passes access() on
 * any folder, yet cannot write in /proc or on a read-only mount. */
static int try_write_in(const char *dir, struct sl_error *err)
{
    char probe[4096 + 64];
    snprintf(probe, sizeof probe, "%s/.sudolab-report-probe-%ld", dir, (long)getpid());
    int fd = open(probe, O_WRONLY | O_CREAT | O_EXCL, 0600);
    if (fd < 0) return sl_error_set(err, 0, 0, "cannot write in %s: %s", dir, strerror(errno));
    close(fd);
    unlink(probe);
    return 0;
}

/* Makes and removes the folder dir, which is not there yet. */
static int try_make(const char *dir, struct sl_error *err)
{
    if (mkdir(dir, 0777))
        return sl_error_set(err, 0, 0, "cannot make %s: %s", dir, strerror(errno));
    rmdir(dir);
    return 0;
}

int report_check_dir(const char *dir, struct sl_error *err)
{
    struct stat st;
    if (dir[0] == '\0') return sl_error_set(err, 0, 0, "--out is empty: give a folder");
    if (stat(dir, &st) == 0) {
        if (!S_ISDIR(st.st_mode))
            return sl_error_set(err, 0, 0, "--out %s is a file, not a folder", dir);
        return try_write_in(dir, err);
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
    return try_make(dir, err);
}

int report_write(const struct report *r, const char *dir, struct report_written *out,
                 struct sl_error *err)
{
    struct writeup w;
    memset(&w, 0, sizeof w);
    memset(out, 0, sizeof *out);
    w.r = r, w.dir = dir;
    if (mkdir(dir, 0777) && errno != EEXIST)
        return sl_error_set(err, 0, 0, "cannot make %s: %s", dir, strerror(errno));
    if (report_check_dir(dir, err)) return -1;
    double *v = malloc(((size_t)r->npuzzles + 1) * sizeof *v);
    if (!v) return sl_error_set(err, 0, 0, "out of memory");
    for (int a = 0; a < r->e->narms; a++) {
        arm_figures_of(r, a, v, &w.fig[a]);
        out->empty_arms += w.fig[a].made == 0;
    }
    free(v);
    if ((w.ncomparisons = report_compare(r, w.comparisons, err)) < 0) return -1;
    if (write_tables(r, dir, err) ||
        write_summary_csv(r, w.fig, w.comparisons, w.ncomparisons, dir, err) ||
        report_compare_csv(r, w.comparisons, w.ncomparisons, dir, err) ||
        report_meta_json(r, dir, err))
        return -1;
    w.charts = report_draw_charts(r, dir, w.drawn, w.why, sizeof w.why, err);
    if (w.charts < 0) return -1;
    if (w.charts == 127) snprintf(w.why, sizeof w.why, "gnuplot was not found");
    out->charts = w.charts == 0;
    snprintf(out->why, sizeof out->why, "%s", w.why);
    return write_html(&w, err) || write_markdown(&w, err) ? -1 : 0;
}
