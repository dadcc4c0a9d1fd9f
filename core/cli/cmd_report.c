/*
 * cmd_report.c — `sudolab report EXPERIMENT.lua`: the experiment's arms
 * generated and rated, then written up (report.h) into --out DIR.
 */
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cmd.h"
#include "render.h"
#include "report.h"

/* --chart-seconds' defaults (sudolab_limits.h), for its help. */
#define CHART_BASE CMD_STR(REPORT_CHART_SECONDS)
#define CHART_MORE CMD_STR(REPORT_CHART_SECONDS_PER_MILLION)

static const struct cmd_option_help report_options[] = {
    {"out", "where the report goes: a folder, or a new one in a folder that\n"
            "exists (checked before the run); not '-', a folder"},
    {"require-charts", "fail (exit 1) when the charts cannot be drawn (no\n"
                       "gnuplot); without it the report says so and exits 0"},
    {"chart-seconds", "stop gnuplot when one drawing takes longer (default\n" CHART_BASE
                      " s, and " CHART_MORE " s more per million puzzles)"},
    {"count", "puzzles per arm, for every arm (overrides the experiment's)"},
    {"seed", "the seed of every arm and of the comparisons' bootstrap\n"
             "(overrides the experiment's)"},
    {NULL, NULL},
};

static const struct cmd_spec report_spec = {
    "report",
    "usage: sudolab report [--out DIR] [--require-charts] [--chart-seconds S]\n"
    "                      [--count K] [--seed S] EXPERIMENT.lua\n"
    "\n"
    "Runs an experiment (reports/README.md): each arm's puzzles generated and\n"
    "rated, then written into DIR (default: report-NAME, NAME the experiment's file\n"
    "name; stdin for EXPERIMENT '-', read from standard input): CSV tables,\n"
    "chart data and gnuplot scripts, the charts as PNG and SVG, index.html for\n"
    "a browser and summary.md for a terminal, with the arms compared as the\n"
    "experiment names (comparisons, baseline), else every pair up to six arms\n"
    "(bootstrap intervals, Mann-Whitney U, p adjusted by Holm's method), the\n"
    "reasons of failed puzzles, and meta.json (version, commit, options,\n"
    "machine, date) to reproduce it. Progress and failures go to standard\n"
    "error. Ctrl-C stops the run and writes up what finished; a second Ctrl-C,\n"
    "or SIGTERM, stops at once. Every arm is checked before any runs: an\n"
    "unknown key, name or option an arm's variant does not use is refused.\n",
    report_options,
    "Exit codes: 0 written, 1 an arm made no puzzle or charts required but not\n"
    "drawn (the report is written), 2 bad experiment or usage, or a file of the\n"
    "report cannot be written (a chart gnuplot left cut short too), 130\n"
    "interrupted (what finished is written).\n",
    NULL,
};

/* The one global a signal handler needs: the first Ctrl-C asks the run
 * to stop after the puzzles in hand and write up what finished; a second
 * one, or SIGTERM, stops at once (nothing is written yet then). */
static atomic_int interrupted;
static void on_interrupt(int sig)
{
    if (sig == SIGINT && !atomic_exchange(&interrupted, 1)) return;
    _exit(130);
}

/* report-NAME for experiments/NAME.lua; report-stdin for "-", whose
 * message name "<stdin>" would need quoting in every shell as a folder. */
static void default_dir(const char *path, char *buf, size_t cap)
{
    if (strcmp(path, "-") == 0) path = "stdin";
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    size_t len = strcspn(base, ".");
    snprintf(buf, cap, "report-%.*s", (int)len, base);
}

/* Whether argv sets the option of that long name or letter: --seed,
 * --seed=S, -S S or -QS S (the parser has checked the rest). */
static int option_given(int argc, char **argv, const char *name, char letter)
{
    size_t len = strlen(name);
    for (int i = 1; i < argc && strcmp(argv[i], "--") != 0; i++) {
        const char *a = argv[i];
        if (a[0] != '-' || a[1] == '\0') continue;
        if (a[1] == '-') {
            if (strncmp(a + 2, name, len) == 0 && (a[2 + len] == '\0' || a[2 + len] == '='))
                return 1;
            continue;
        }
        /* short options: flags until one that takes a value */
        for (const char *c = a + 1; *c; c++) {
            if (*c == letter) return 1;
            if (*c != 'Q') break;
        }
    }
    return 0;
}

/* The command as typed, quoted where a shell would need it, for
 * meta.json. */
static void command_line(int argc, char **argv, char *buf, size_t cap)
{
    size_t len = (size_t)snprintf(buf, cap, "sudolab");
    for (int i = 0; i < argc && len < cap; i++) {
        const char *a = argv[i];
        int plain = a[0] && strspn(a, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
                                      "0123456789_-./=:,+@%") == strlen(a);
        if (plain || strchr(a, '\'')) /* an apostrophe is shown as it is */
            len += (size_t)snprintf(buf + len, cap - len, " %s", a);
        else
            len += (size_t)snprintf(buf + len, cap - len, " '%s'", a);
    }
}

int cmd_report(int argc, char **argv)
{
    struct cmd_options opt;
    char typed[4096];
    command_line(argc, argv, typed, sizeof typed);
    int has_count = option_given(argc, argv, "count", 'c');
    int has_seed = option_given(argc, argv, "seed", 'S');
    int code = cmd_parse(&report_spec, argc, argv, &opt);
    if (code >= 0) return code;
    cmd_warn_hidden("report", NULL); /* every arm runs the project's Lua */
    if (opt.nfiles != 1) {
        fprintf(stderr, "sudolab report: give one experiment file (see --help)\n");
        return EXIT_BAD_INPUT;
    }
    /* The experiment's folder finds its variant files, and the report's
     * folder holds every file written: cut short, either would name
     * another place. */
    if (strlen(opt.files[0]) >= REPORT_PATH_MAX ||
        (opt.out_dir && strlen(opt.out_dir) >= REPORT_PATH_MAX)) {
        fprintf(stderr, "sudolab report: %s is longer than %d bytes\n",
                strlen(opt.files[0]) >= REPORT_PATH_MAX ? "the experiment's path" : "--out",
                REPORT_PATH_MAX - 1);
        return EXIT_BAD_INPUT;
    }
    static struct experiment e;
    struct report r;
    struct sl_error err = {0};
    if (experiment_load(opt.files[0], &e, &err)) {
        fprintf(stderr, "sudolab report: %s\n", err.msg);
        return EXIT_BAD_INPUT;
    }
    experiment_override(&e, has_count ? opt.count : 0, has_seed, opt.seed);
    char dir[REPORT_PATH_MAX];
    if (opt.out_dir)
        snprintf(dir, sizeof dir, "%s", opt.out_dir);
    else
        default_dir(opt.files[0], dir, sizeof dir);
    if (report_check_dir(dir, &err)) {
        fprintf(stderr, "sudolab report: %s\n", err.msg);
        return EXIT_BAD_INPUT;
    }
    struct sigaction sa = {0}, old_int, old_term;
    sa.sa_handler = on_interrupt;
    sigaction(SIGINT, &sa, &old_int);
    sigaction(SIGTERM, &sa, &old_term);
    code = report_run(&r, &e, &interrupted, &err);
    sigaction(SIGINT, &old_int, NULL);
    sigaction(SIGTERM, &old_term, NULL);
    int cut_short = r.interrupted || interrupted;
    struct report_written done = {0};
    r.thumbnail = render_line_svg;
    r.command_line = typed;
    r.chart_seconds = opt.chart_seconds;
    if (code == 0) code = report_write(&r, dir, &done, &err);
    report_free(&r);
    render_release();
    if (code) {
        fprintf(stderr, "sudolab report: %s\n", err.msg);
        return EXIT_BAD_INPUT;
    }
    fprintf(stderr, "report: written to %s/index.html\n", dir);
    if (!done.charts) fprintf(stderr, "report: not every chart was drawn: %s\n", done.why);
    if (cut_short) {
        fprintf(stderr, "report: interrupted; the report covers what finished\n");
        return 130;
    }
    if (done.empty_arms)
        fprintf(stderr, "report: %d arm%s made no puzzle (the reasons are above)\n",
                done.empty_arms, done.empty_arms > 1 ? "s" : "");
    return done.empty_arms || (opt.require_charts && !done.charts) ? 1 : 0;
}
