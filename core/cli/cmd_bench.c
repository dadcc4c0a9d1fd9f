/*
 * cmd_bench.c — `sudolab bench`: solves every puzzle of each file,
 * verifies every solution against the rules and the givens, and reports
 * the speed. Only the search is timed, not reading or checking.
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cmd.h"

static const struct cmd_option_help bench_options[] = {
    {"runs", "solve each file R times (default 1)"},
    CMD_READ_OPTIONS("every puzzle is N x N (default: inferred)", CMD_NODES_HELP_NONE),
    {NULL, NULL},
};

static const struct cmd_spec bench_spec = {
    "bench",
    "usage: sudolab bench [--runs R] [--size N] [--boxes RxC|none] [--max-nodes N]\n"
    "       [--format F] [--variant NAME] [FILE...]\n"
    "\n"
    "Solves every puzzle of each FILE (standard input when none), checks each\n"
    "solution against every rule and every given, and prints per file: puzzles,\n"
    "puzzles/s, microseconds per puzzle, mean guesses and nodes per puzzle. With\n"
    "--runs R each file is solved R times and the median run is reported (with\n"
    "the slowest and fastest), which is what to quote on a noisy machine.\n",
    bench_options,
    "Exit codes: 0 all solved and verified, 1 some puzzle unsolved or a solution\n"
    "wrong, 2 bad input or usage, 3 the search gave up.\n",
    NULL,
};

struct bench_run {
    long puzzles, unsolved, wrong, gave_up;
    double seconds;
    struct search_stats stats;
};

static double now_seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static int bench_one(void *arg, const struct cmd_puzzle *item)
{
    struct bench_run *run = arg;
    uint8_t solution[SL_MAX_CELLS];
    struct search_stats stats = {0};
    double start = now_seconds();
    struct search_result r = solver_count(item->solver, item->puzzle->givens, 1, solution, &stats);
    run->seconds += now_seconds() - start;
    run->puzzles++;
    run->stats.nodes += stats.nodes;
    run->stats.guesses += stats.guesses;
    if (r.gave_up) {
        cmd_report_gave_up(item, stats.nodes);
        run->gave_up++;
        return EXIT_GAVE_UP;
    }
    if (r.solutions == 0) {
        fprintf(item->err, "%s:%ld: no solution\n", item->file, item->where->line);
        run->unsolved++;
        return EXIT_NO_SOLUTION;
    }
    const struct puzzle_source *where = item->where;
    if (!puzzle_is_solution(item->puzzle, solution) ||
        (where->has_solution &&
         memcmp(where->solution, solution, (size_t)item->puzzle->geo.ncells) != 0)) {
        fprintf(item->err, "%s:%ld: WRONG solution\n", item->file, item->where->line);
        run->wrong++;
        return EXIT_NO_SOLUTION;
    }
    return 0;
}

static double rate(const struct bench_run *run)
{
    return run->seconds > 0 ? (double)run->puzzles / run->seconds : 0;
}

static int by_rate(const void *a, const void *b)
{
    double ra = rate(a), rb = rate(b);
    return (ra > rb) - (ra < rb);
}

static void report(const char *name, struct bench_run *runs, long nruns)
{
    qsort(runs, (size_t)nruns, sizeof *runs, by_rate);
    const struct bench_run *m = &runs[nruns / 2];
    double n = (double)m->puzzles, seconds = m->seconds > 0 ? m->seconds : 1e-9;
    long failed = m->unsolved + m->wrong + m->gave_up;
    printf("%s: %ld puzzles, %.0f puzzles/s, %.2f \u00b5s/puzzle, %.2f guesses/puzzle, "
           "%.2f nodes/puzzle, ",
           name, m->puzzles, n / seconds, seconds * 1e6 / n, (double)m->stats.guesses / n,
           (double)m->stats.nodes / n);
    if (failed)
        printf("NOT all verified (%ld unsolved, %ld wrong, %ld gave up)", m->unsolved, m->wrong,
               m->gave_up);
    else
        printf("all verified");
    if (nruns > 1)
        printf(" (median of %ld runs; %.0f..%.0f puzzles/s)", nruns, rate(&runs[0]),
               rate(&runs[nruns - 1]));
    printf("\n");
    fflush(stdout);
}

static int bench_file(struct cmd_options *opt, char *file)
{
    struct bench_run *runs = calloc((size_t)opt->runs, sizeof *runs);
    int status = 0;
    if (runs == NULL) return EXIT_BAD_INPUT;
    struct cmd_options one = *opt;
    int from_stdin = file == NULL || strcmp(file, "-") == 0;
    long nruns = from_stdin ? 1 : opt->runs; /* standard input can be read once */
    one.nfiles = file ? 1 : 0;
    one.files = &file;
    const char *name = sl_operand_name(file);
    long done = 0;
    while (done < nruns) {
        one.quiet_entries = done > 0; /* the first run told each entry's fault */
        int code = cmd_for_each_puzzle(&one, bench_one, &runs[done++]);
        status = code > status ? code : status;
        if (runs[0].puzzles == 0) break; /* nothing to time again */
    }
    /* A file with no puzzles read said why already when it could not be
     * opened or every entry was bad; an empty one is told here. */
    if (runs[0].puzzles > 0)
        report(name, runs, done);
    else if (status == 0)
        printf("%s: no puzzles\n", name);
    free(runs);
    return status;
}

int cmd_bench(int argc, char **argv)
{
    struct cmd_options opt;
    int code = cmd_parse(&bench_spec, argc, argv, &opt);
    if (code >= 0) return code;
    if (opt.nfiles == 0) return bench_file(&opt, NULL);
    int status = 0;
    for (int i = 0; i < opt.nfiles; i++) {
        int file_status = bench_file(&opt, opt.files[i]);
        status = file_status > status ? file_status : status;
    }
    return status;
}
