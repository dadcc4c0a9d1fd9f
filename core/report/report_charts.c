/*
 * report_charts.c — a report's charts (report_parts.h): their data as
 * gnuplot blocks (one per arm) or tables (a column per arm), the scripts
 * copied from scripts/report_*.gp, and gnuplot run on them for PNG and
 * SVG. Every chart gives each arm the same colour, in the arms' order;
 * histograms span the data of all arms, so every axis fits what it shows.
 */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "report_parts.h"
#include "technique.h"
#include "variant.h"

const struct report_chart report_charts[] = {
    {"rating", "report_rating.gp", "How ratings spread in each arm: further right is harder."},
    {"time", "report_time.gp", "Time to make each puzzle against its rating (log time)."},
    {"grades", "report_grades.gp", "The share of each arm's puzzles in each grade."},
    {"techniques", "report_techniques.gp",
     "The share of each arm's puzzles that need each technique, hardest technique first."},
    {"sizes", "report_sizes.gp", "How many clues the puzzles keep, or how big their cages are."},
    {"energy", "report_energy.gp",
     "Annealing energy per step: the median run and its 10-90% band."},
};
const int report_chart_count = (int)(sizeof report_charts / sizeof report_charts[0]);
enum { CHART_RATING, CHART_TIME, CHART_GRADES, CHART_TECHNIQUES, CHART_SIZES, CHART_ENERGY };

/* Colours told apart with colour blindness, the first eight; one per arm. */
static const char *const arm_colours[REPORT_MAX_ARMS] = {
    "#0072b2", "#e69f00", "#009e73", "#d55e00", "#cc79a7", "#56b4e9", "#000000", "#f0e442",
    "#7f3c8d", "#11a579", "#3969ac", "#f2b701", "#e73f74", "#80ba5a", "#e68310", "#a5aa99",
};

/* --- histograms over the data of every arm -------------------------------- */

/* The arm's values of one kind: 0 rating, 1 clues, 2 cage sizes (one
 * value per cage), into v (room for 64 per puzzle); returns how many. */
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
            for (long k = 0; k < cages && n < 64 * (i + 1); k++) v[n++] = size;
            s += strcspn(s, ",");
            s += *s == ',';
        }
    }
    return n;
}

struct bins {
    double low, width;
    int count; /* 0 when no arm has a value */
};

/* Bins of `width` over every arm's values of the kind, with an empty bin
 * on each side so the steps close at zero; their edges fall on multiples
 * of width plus `edge` (a half, for whole numbers centred in theirs). */
static struct bins bins_for(const struct report *r, int kind, double width, double edge, double *v)
{
    double lo = HUGE_VAL, hi = -HUGE_VAL;
    for (int a = 0; a < r->e->narms; a++) {
        long n = arm_values(r, a, kind, v);
        for (long i = 0; i < n; i++) lo = v[i] < lo ? v[i] : lo, hi = v[i] > hi ? v[i] : hi;
    }
    struct bins b = {0, width, 0};
    if (lo > hi) return b;
    b.low = floor((lo - edge) / width + 1e-9) * width + edge - width;
    b.count = (int)floor((hi - b.low) / width + 1e-9) + 2;
    return b;
}

/* Shares of the n values in each bin, as "centre share" lines. */
static void write_histogram(FILE *f, const double *v, long n, struct bins b)
{
    long *count = calloc((size_t)b.count, sizeof *count);
    for (long i = 0; count && i < n; i++) {
        int k = (int)floor((v[i] - b.low) / b.width + 1e-9);
        count[k < 0 ? 0 : k >= b.count ? b.count - 1 : k]++;
    }
    for (int k = 0; count && k < b.count; k++)
        fprintf(f, "%g %g\n", b.low + (k + 0.5) * b.width, n ? (double)count[k] / (double)n : 0.0);
    free(count);
}

/* --- energy ---------------------------------------------------------------- */

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* The q-quantile of n sorted values (nearest rank). */
static double nearest_rank(const double *v, long n, double q)
{
    long i = (long)ceil(q * (double)n) - 1;
    return n ? v[i < 0 ? 0 : i >= n ? n - 1 : i] : 0;
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
        fprintf(f, "%ld %g %g %g\n", k, nearest_rank(col, ntraces, 0.5),
                nearest_rank(col, ntraces, 0.1), nearest_rank(col, ntraces, 0.9));
    }
    free(e);
    free(col);
}

int report_arm_annealed(const struct report *r, int arm)
{
    for (long i = 0; i < r->npuzzles; i++)
        if (r->puzzles[i].arm == arm && r->puzzles[i].trace && r->puzzles[i].trace[0]) return 1;
    return 0;
}

/* --- techniques ------------------------------------------------------------ */

struct technique_row {
    char key[64];
    double rating;              /* of the technique's easiest step: the order */
    long uses[REPORT_MAX_ARMS]; /* puzzles of each arm that need it */
};

/* The rater's rating of a technique key: the search fallback is harder
 * than any technique. */
static double technique_rank(const char *key)
{
    if (strcmp(key, RATE_SEARCH_KEY) == 0) return HUGE_VAL;
    int row = technique_by_key(key);
    return row >= 0 ? technique_table[row].rating : 0;
}

static int row_harder_first(const void *a, const void *b)
{
    const struct technique_row *x = a, *y = b;
    if (x->rating != y->rating) return x->rating < y->rating ? 1 : -1;
    return strcmp(x->key, y->key);
}

/* Counts one puzzle's use of each technique of its list into rows. */
static int count_techniques(const struct report_puzzle *q, struct technique_row *rows, int n,
                            int cap)
{
    for (const char *s = q->techniques; s && *s;) {
        size_t len = strcspn(s, ":,");
        int k = 0;
        while (k < n && (strlen(rows[k].key) != len || strncmp(rows[k].key, s, len) != 0)) k++;
        if (k == n && n < cap && len < sizeof rows[0].key) {
            memset(&rows[n], 0, sizeof rows[n]);
            memcpy(rows[n].key, s, len);
            rows[n].rating = technique_rank(rows[n].key);
            n++;
        }
        if (k < n) rows[k].uses[q->arm]++;
        s += strcspn(s, ",");
        s += *s == ',';
    }
    return n;
}

#define TECHNIQUE_ROWS_MAX 96

/* techniques.dat: a row per technique any arm used, hardest first, and a
 * column per arm: the share of its puzzles that needed it. Returns the
 * rows written, or -1 with err. */
static int write_techniques(const struct report *r, const char *dir, struct sl_error *err)
{
    struct technique_row *rows = calloc(TECHNIQUE_ROWS_MAX, sizeof *rows);
    long made[REPORT_MAX_ARMS] = {0};
    int n = 0;
    if (!rows) return sl_error_set(err, 0, 0, "out of memory");
    for (long i = 0; i < r->npuzzles; i++)
        if (!r->puzzles[i].failed)
            made[r->puzzles[i].arm]++,
                n = count_techniques(&r->puzzles[i], rows, n, TECHNIQUE_ROWS_MAX);
    qsort(rows, (size_t)n, sizeof *rows, row_harder_first);
    FILE *f = report_open(dir, "techniques.dat", err);
    if (f) {
        fputs("technique", f);
        for (int a = 0; a < r->e->narms; a++) fprintf(f, " %s", r->e->arms[a].name);
        fputc('\n', f);
        for (int k = 0; k < n; k++) {
            fputs(rows[k].key, f);
            for (int a = 0; a < r->e->narms; a++)
                fprintf(f, " %g", made[a] ? (double)rows[k].uses[a] / (double)made[a] : 0.0);
            fputc('\n', f);
        }
    }
    free(rows);
    return f && report_close(f, dir, "techniques.dat", err) == 0 ? n : -1;
}

/* --- the data files -------------------------------------------------------- */

/* grades.dat: a row per grade, a column per arm (its share). */
static void write_grades(FILE *f, const struct report *r)
{
    double share[REPORT_MAX_ARMS][GRADE_COUNT] = {{0}};
    long made[REPORT_MAX_ARMS] = {0};
    for (long i = 0; i < r->npuzzles; i++) {
        const struct report_puzzle *q = &r->puzzles[i];
        int g = q->failed ? -1 : grade_by_name(q->grade);
        made[q->arm] += !q->failed;
        if (g >= 0) share[q->arm][g] += 1;
    }
    fputs("grade", f);
    for (int a = 0; a < r->e->narms; a++) fprintf(f, " %s", r->e->arms[a].name);
    fputc('\n', f);
    for (int g = 0; g < GRADE_COUNT; g++) {
        fputs(grade_name((enum grade)g), f);
        for (int a = 0; a < r->e->narms; a++)
            fprintf(f, " %g", made[a] ? share[a][g] / (double)made[a] : 0.0);
        fputc('\n', f);
    }
}

static const char *const data_names[] = {"rating.dat", "time.dat",  "grades.dat",
                                         "clues.dat",  "cages.dat", "energy.dat"};
#define NDATA 6

/* One block per arm of each histogram and of time.dat; energy.dat holds
 * only the arms that anneal, in order. */
static void write_blocks(FILE **f, const struct report *r, double *v)
{
    struct bins rating = bins_for(r, 0, 0.5, 0, v), clues = bins_for(r, 1, 1, 0.5, v),
                cages = bins_for(r, 2, 1, 0.5, v);
    int annealed = 0;
    for (int a = 0; a < r->e->narms; a++) {
        const char *name = r->e->arms[a].name;
        for (int k = 0; k < 5; k++)
            if (k != 2) fprintf(f[k], "%s# arm %d: %s\n", a ? "\n\n" : "", a, name);
        if (rating.count) write_histogram(f[0], v, arm_values(r, a, 0, v), rating);
        /* A block with no point still counts as a block for gnuplot's index. */
        fprintf(f[1], "NaN NaN\n");
        for (long i = 0; i < r->npuzzles; i++)
            if (r->puzzles[i].arm == a && !r->puzzles[i].failed)
                fprintf(f[1], "%g %g\n", r->puzzles[i].rating, r->puzzles[i].ms);
        if (clues.count) write_histogram(f[3], v, arm_values(r, a, 1, v), clues);
        if (cages.count) write_histogram(f[4], v, arm_values(r, a, 2, v), cages);
        if (report_arm_annealed(r, a))
            fprintf(f[5], "%s# arm %d: %s\n", annealed++ ? "\n\n" : "", a, name),
                write_energy_band(f[5], r, a);
    }
    write_grades(f[2], r);
}

/* Writes every chart's data; *techniques gets the rows of techniques.dat. */
static int write_chart_data(const struct report *r, const char *dir, int *techniques,
                            struct sl_error *err)
{
    FILE *f[NDATA] = {0};
    for (int k = 0; k < NDATA; k++)
        if (!(f[k] = report_open(dir, data_names[k], err))) {
            for (int j = 0; j < k; j++) fclose(f[j]);
            return -1;
        }
    double *v = malloc(((size_t)r->npuzzles * 64 + 1) * sizeof *v);
    if (v) write_blocks(f, r, v);
    free(v);
    int bad = v == NULL ? sl_error_set(err, 0, 0, "out of memory") : 0;
    for (int k = 0; k < NDATA; k++) bad |= report_close(f[k], dir, data_names[k], err);
    if (bad) return -1;
    return (*techniques = write_techniques(r, dir, err)) < 0 ? -1 : 0;
}

/* --- gnuplot --------------------------------------------------------------- */

/* Copies scripts/NAME into dir, so the report can be redrawn by hand. */
static int copy_script(const char *dir, const char *name, struct sl_error *err)
{
    char root[VARIANT_PATH_MAX], from[VARIANT_PATH_MAX + 256], buf[8192];
    snprintf(from, sizeof from, "%s/scripts/%s", variant_root(root, sizeof root), name);
    FILE *in = fopen(from, "r"), *out = in ? report_open(dir, name, err) : NULL;
    if (!in) return sl_error_set(err, 0, 0, "cannot read %s: %s", from, strerror(errno));
    if (!out) return fclose(in), -1;
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, in)) > 0) fwrite(buf, 1, n, out);
    fclose(in);
    return report_close(out, dir, name, err);
}

/* What run_gnuplot answers besides gnuplot's success (0) and failure (1). */
enum { GNUPLOT_MISSING = 127, GNUPLOT_STOPPED = 256 };

static double seconds_since(const struct timespec *start)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)(now.tv_sec - start->tv_sec) + (double)(now.tv_nsec - start->tv_nsec) / 1e9;
}

/* A child's end as run_gnuplot answers it: 0 when it exited with 0,
 * GNUPLOT_MISSING when it said gnuplot is missing, 1 for any other end. */
static int child_answer(int status)
{
    if (!WIFEXITED(status)) return 1;
    int code = WEXITSTATUS(status);
    return code == 0 || code == GNUPLOT_MISSING ? code : 1;
}

/* Waits for child pid at most `limit` seconds: its answer, or past the
 * limit GNUPLOT_STOPPED, the child killed and reaped. `ended` is the read
 * end of a pipe whose write end only the child holds: it reads as closed
 * the moment the child exits, so poll wakes then, with no signal handler
 * (process-wide state) and no lag. Once it has closed, waitpid is asked
 * again after 0.1 ms, doubling to 1 ms (should the child live on). */
static int wait_bounded(pid_t pid, int ended, double limit)
{
    struct timespec start, pause = {0, 100000};
    struct pollfd watch = {.fd = ended, .events = POLLIN};
    int watching = 1;
    clock_gettime(CLOCK_MONOTONIC, &start);
    for (;;) {
        int status = 0;
        pid_t got = waitpid(pid, &status, WNOHANG);
        if (got == pid) return child_answer(status);
        if (got < 0 && errno != EINTR) return 1;
        double left = limit - seconds_since(&start);
        if (left <= 0) {
            kill(pid, SIGKILL);
            while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
            }
            return GNUPLOT_STOPPED;
        }
        if (!watching) { /* the end closed as the child exits: it is reaped soon */
            nanosleep(&pause, NULL);
            if (pause.tv_nsec < 1000000) pause.tv_nsec *= 2;
            continue;
        }
        int ready = poll(&watch, 1, left < 1e6 ? (int)ceil(left * 1000) : 1000000000);
        if (ready > 0 || (ready < 0 && errno != EINTR)) watching = 0;
    }
}

/* Runs gnuplot in dir on script with the variables given, its messages
 * added to gnuplot.log, for at most `limit` seconds: 0 when it drew, 1
 * when it failed, GNUPLOT_MISSING, or GNUPLOT_STOPPED when it was killed
 * at the limit. */
static int run_gnuplot(const char *dir, const char *vars, const char *script, double limit)
{
    int ended[2];
    if (pipe(ended)) return 1;
    if (fcntl(ended[0], F_SETFD, FD_CLOEXEC)) {
        close(ended[0]), close(ended[1]);
        return 1;
    }
    pid_t pid = fork();
    if (pid == 0) { /* the write end stays open through exec, until gnuplot exits */
        if (chdir(dir) || !freopen("gnuplot.log", "a", stderr)) _exit(1);
        execlp("gnuplot", "gnuplot", "-e", vars, script, (char *)NULL);
        _exit(GNUPLOT_MISSING);
    }
    close(ended[1]);
    int rc = pid < 0 ? 1 : wait_bounded(pid, ended[0], limit);
    close(ended[0]);
    return rc;
}

/* The time one drawing may take: --chart-seconds, else the default,
 * longer for a report of many puzzles. */
static double chart_limit(const struct report *r)
{
    if (r->chart_seconds > 0) return (double)r->chart_seconds;
    return REPORT_CHART_SECONDS + REPORT_CHART_SECONDS_PER_MILLION * (double)r->npuzzles / 1e6;
}

/* The size of dir/gnuplot.log, 0 when there is none. */
static long log_size(const char *dir)
{
    char path[4096];
    struct stat st;
    snprintf(path, sizeof path, "%s/gnuplot.log", dir);
    return stat(path, &st) == 0 ? (long)st.st_size : 0;
}

/* The last line gnuplot wrote after offset `from` of gnuplot.log: its
 * error, which names the script's line. */
static void log_last_line(const char *dir, long from, char *buf, size_t cap)
{
    char path[4096], line[512];
    snprintf(path, sizeof path, "%s/gnuplot.log", dir);
    snprintf(buf, cap, "no message");
    FILE *f = fopen(path, "r");
    if (!f || fseek(f, from, SEEK_SET)) {
        if (f) fclose(f);
        return;
    }
    while (fgets(line, sizeof line, f)) {
        size_t len = strcspn(line, "\r\n");
        if (len > strspn(line, " ^\t")) snprintf(buf, cap, "%.*s", (int)len, line);
    }
    fclose(f);
}

static void words_into(char *buf, size_t cap, const char *sep, const char *word)
{
    size_t len = strlen(buf);
    snprintf(buf + len, cap - len, "%s%s", len ? sep : "", word);
}

/* The variables every chart script reads, for one terminal. */
static void chart_vars(const struct report *r, const struct report_chart *c, int techniques,
                       const char *term, const char *ext, char *buf, size_t cap)
{
    char names[REPORT_MAX_ARMS * 70] = "", annealed[REPORT_MAX_ARMS * 70] = "";
    char colours[REPORT_MAX_ARMS * 9] = "", annealed_colours[REPORT_MAX_ARMS * 9] = "";
    int cages = 0;
    for (int a = 0; a < r->e->narms; a++) {
        words_into(names, sizeof names, " ", r->e->arms[a].name);
        words_into(colours, sizeof colours, " ", arm_colours[a]);
        if (report_arm_annealed(r, a))
            words_into(annealed, sizeof annealed, " ", r->e->arms[a].name),
                words_into(annealed_colours, sizeof annealed_colours, " ", arm_colours[a]);
        for (long i = 0; i < r->npuzzles; i++)
            cages |= r->puzzles[i].arm == a && r->puzzles[i].cages;
    }
    int height =
        c == &report_charts[CHART_TECHNIQUES] ? 120 + techniques * (6 * r->e->narms + 10) : 480;
    snprintf(buf, cap,
             "n=%d; names='%s'; colors='%s'; annealed='%s'; annealed_colors='%s'; term='%s'; "
             "out='%s.%s'; file='%s'; what='%s'; height=%d",
             r->e->narms, names, colours, annealed, annealed_colours, term, c->name, ext,
             cages ? "cages.dat" : "clues.dat", cages ? "cage size" : "clues",
             height < 480 ? 480 : height);
}

/* Whether chart k has anything to show. */
static int chart_has_data(const struct report *r, int k, int techniques)
{
    int made = 0, annealed = 0;
    for (long i = 0; i < r->npuzzles; i++) made |= !r->puzzles[i].failed;
    for (int a = 0; a < r->e->narms; a++) annealed |= report_arm_annealed(r, a);
    if (k == CHART_ENERGY) return annealed;
    if (k == CHART_TECHNIQUES) return techniques > 0;
    return made;
}

/* Whether gnuplot wrote chart k whole, as PNG and SVG: it exits 0 when
 * its writes fail (a full disk, a file size limit), and the report showed
 * the cut pictures as its charts and exited 0. A PNG ends with its IEND
 * chunk, an SVG with its closing tag. 0, or -1 with err. */
static int chart_written_whole(const char *dir, int k, struct sl_error *err)
{
    static const unsigned char iend[12] = {0, 0, 0, 0, 'I', 'E', 'N', 'D', 0xAE, 0x42, 0x60, 0x82};
    static const char *const exts[2] = {"png", "svg"};
    for (int t = 0; t < 2; t++) {
        char path[4096];
        unsigned char tail[64];
        snprintf(path, sizeof path, "%s/%s.%s", dir, report_charts[k].name, exts[t]);
        FILE *f = fopen(path, "rb");
        long size = f && fseek(f, 0, SEEK_END) == 0 ? ftell(f) : -1;
        long n = size < (long)sizeof tail ? size : (long)sizeof tail;
        int tail_read =
            n > 0 && fseek(f, -n, SEEK_END) == 0 && fread(tail, 1, (size_t)n, f) == (size_t)n;
        if (f) fclose(f);
        while (tail_read && t == 1 && n > 0 && (tail[n - 1] == '\n' || tail[n - 1] == ' ')) n--;
        int whole = tail_read && (t == 0 ? n >= 12 && memcmp(tail + n - 12, iend, 12) == 0
                                         : n >= 6 && memcmp(tail + n - 6, "</svg>", 6) == 0);
        if (!f)
            return sl_error_set(err, 0, 0, "cannot write %s: gnuplot did not write it (%s)", path,
                                strerror(errno));
        if (!whole)
            return sl_error_set(err, 0, 0,
                                "cannot write %s: gnuplot left it cut short (a full disk, or a "
                                "file size limit?)",
                                path);
    }
    return 0;
}

/* Draws chart k as PNG and SVG. 0 when drawn, GNUPLOT_MISSING, else 1
 * with why set to gnuplot's message, or GNUPLOT_STOPPED with why naming
 * the chart and the limit. */
static int draw_chart(const struct report *r, const char *dir, int k, int techniques, char *why,
                      size_t cap)
{
    static const char *const terms[2][2] = {{"pngcairo", "png"}, {"svg", "svg"}};
    double limit = chart_limit(r);
    for (int t = 0; t < 2; t++) {
        char vars[4096], said[400];
        chart_vars(r, &report_charts[k], techniques, terms[t][0], terms[t][1], vars, sizeof vars);
        long from = log_size(dir);
        int rc = run_gnuplot(dir, vars, report_charts[k].script, limit);
        if (rc == GNUPLOT_MISSING) {
            snprintf(why, cap, "gnuplot was not found");
            return GNUPLOT_MISSING;
        }
        if (rc == GNUPLOT_STOPPED) {
            snprintf(why, cap,
                     "gnuplot did not finish the %s chart (%s.%s) within %.0f s: stopped, and "
                     "no further chart tried (--chart-seconds sets the limit)",
                     report_charts[k].name, report_charts[k].name, terms[t][1], limit);
            return GNUPLOT_STOPPED;
        }
        if (rc) {
            log_last_line(dir, from, said, sizeof said);
            snprintf(why, cap, "gnuplot failed on %s: %s", report_charts[k].script, said);
            return 1;
        }
    }
    return 0;
}

int report_draw_charts(const struct report *r, const char *dir, int *drawn, char *why, size_t cap,
                       struct sl_error *err)
{
    int techniques = 0, worst = 0;
    why[0] = '\0';
    if (write_chart_data(r, dir, &techniques, err)) return -1;
    char log[4096];
    snprintf(log, sizeof log, "%s/gnuplot.log", dir);
    FILE *fresh = fopen(log, "w"); /* this run's messages only */
    if (fresh) fclose(fresh);
    int stopped = 0; /* gnuplot missing, or killed at the limit: the rest would be too */
    for (int k = 0; k < report_chart_count; k++) {
        drawn[k] = 0;
        if (copy_script(dir, report_charts[k].script, err)) return -1;
        if (stopped || !chart_has_data(r, k, techniques)) continue;
        char msg[512];
        int rc = draw_chart(r, dir, k, techniques, msg, sizeof msg);
        if (rc == 0 && chart_written_whole(dir, k, err)) return -1;
        drawn[k] = rc == 0;
        if (rc && !why[0]) snprintf(why, cap, "%s", msg); /* the first failure says why */
        stopped = rc == GNUPLOT_MISSING || rc == GNUPLOT_STOPPED;
        if (rc == GNUPLOT_STOPPED) rc = 1;
        if (rc > worst) worst = rc;
    }
    if (!chart_has_data(r, CHART_RATING, techniques) && worst == 0)
        snprintf(why, cap, "no arm made a puzzle: nothing to chart"), worst = 2;
    return worst;
}
