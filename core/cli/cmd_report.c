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

static const struct cmd_option_help report_options[] = {
    {"out", "where the report goes: a folder, or a new one in a folder that\n"
            "exists (checked before the run)"},
    {"require-charts", "fail (exit 1) when the charts cannot be drawn (no\n"
                       "gnuplot); without it the report says so and exits 0"},
    {NULL, NULL},
};

static const struct cmd_spec report_spec = {
    "report",
    "usage: sudolab report [--out DIR] [--require-charts] EXPERIMENT.lua\n"
    "\n"
    "Runs an experiment (reports/README.md): each arm's puzzles generated and\n"
    "rated, then written into DIR (default: report-NAME, NAME the experiment's file\n"
    "name): CSV tables, chart data and gnuplot scripts, the charts as PNG and SVG,\n"
    "index.html for a browser and summary.md for a terminal. Progress goes to\n"
    "standard error. Ctrl-C stops the run and writes up what finished; a second\n"
    "Ctrl-C, or SIGTERM, stops at once. Every arm is checked before any runs: an\n"
    "unknown key, name or option an arm's variant does not use is refused.\n",
    report_options,
    "Exit codes: 0 written, 1 charts required but not drawn, 2 bad experiment or\n"
    "usage, 130 interrupted (what finished is written).\n",
    NULL,
};

/* The one global a signal handler needs: the first Ctrl-C asks the run
 * to stop after the puzzles in hand and write up what finished; a second
 * one, or SIGTERM, stops at once (nothing is written yet then). */
static volatile sig_atomic_t interrupted;
static void on_interrupt(int sig)
{
    if (sig == SIGINT && !interrupted) {
        interrupted = 1;
        return;
    }
    _exit(130);
}

/* report-NAME for experiments/NAME.lua. */
static void default_dir(const char *path, char *buf, size_t cap)
{
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    size_t len = strcspn(base, ".");
    snprintf(buf, cap, "report-%.*s", (int)len, base);
}

int cmd_report(int argc, char **argv)
{
    struct cmd_options opt;
    int code = cmd_parse(&report_spec, argc, argv, &opt);
    if (code >= 0) return code;
    if (opt.nfiles != 1) {
        fprintf(stderr, "sudolab report: give one experiment file (see --help)\n");
        return EXIT_BAD_INPUT;
    }
    static struct experiment e;
    struct report r;
    struct sl_error err = {0};
    if (experiment_load(opt.files[0], &e, &err)) {
        fprintf(stderr, "sudolab report: %s\n", err.msg);
        return EXIT_BAD_INPUT;
    }
    char dir[1024];
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
    int charts = 0, cut_short = r.interrupted || interrupted;
    r.thumbnail = render_line_svg;
    if (code == 0) code = report_write(&r, dir, &charts, &err);
    report_free(&r);
    render_release();
    if (code) {
        fprintf(stderr, "sudolab report: %s\n", err.msg);
        return EXIT_BAD_INPUT;
    }
    fprintf(stderr, "report: written to %s/index.html%s\n", dir,
            charts ? "" : " (no charts: gnuplot is missing or failed, see gnuplot.log)");
    if (cut_short) {
        fprintf(stderr, "report: interrupted; the report covers what finished\n");
        return 130;
    }
    return opt.require_charts && !charts ? 1 : 0;
}
