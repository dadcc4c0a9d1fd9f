/*
 * cmd_solve.c — `sudolab solve` and `sudolab count`: one output line (or
 * grid) per input puzzle, in input order.
 */
#include <string.h>

#include "cmd.h"

static const struct cmd_option_help solve_options[] = {
    {"pretty", "print grids instead of lines"},
    {"jobs", CMD_JOBS_HELP},
    CMD_READ_OPTIONS("every puzzle is N x N (default: inferred)", CMD_NODES_HELP_SOLVE),
    {NULL, NULL},
};

static const struct cmd_spec solve_spec = {
    "solve",
    "usage: sudolab solve [--size N] [--boxes RxC|none] [--pretty] [--max-nodes N]\n"
    "       [--format F] [--variant NAME] [--jobs N] [FILE...]\n"
    "\n"
    "Prints the solution of every puzzle read from the FILEs (standard input when\n"
    "none, or '-'), one line each in the one-line form, or as a grid with --pretty.\n"
    "A puzzle with no solution prints 'no solution'. When a puzzle has several\n"
    "solutions the first found is printed (use 'sudolab count' to check uniqueness).\n"
    "Options may follow the FILEs; '--' ends the options. Above 9x9 the search\n"
    "gives up after " CMD_STR(CLI_SOLVE_NODES) " nodes unless --max-nodes says otherwise.\n",
    solve_options,
    "Exit codes: 0 all solved, 1 some puzzle has no solution, 2 bad input or usage,\n"
    "3 the search gave up; when several apply, the largest.\n",
    NULL,
};

/* count --estimate's probes without --probes (cmd_setter.c). */
#define COUNT_PROBES_DEFAULT CMD_STR(CLI_ESTIMATE_PROBES)
#define COUNT_PROBES_CELLS CMD_STR(CLI_ESTIMATE_CELLS)
#define COUNT_PROBES_RULE                                                                          \
    "Without --probes, a grid of up to " COUNT_PROBES_CELLS " cells gets " COUNT_PROBES_DEFAULT    \
    " probes,\nand a larger one " COUNT_PROBES_DEFAULT " x (" COUNT_PROBES_CELLS                   \
    " / cells)^2, rounded down (1001 at\n16x16, 167 at 25x25): a probe costs more than the "       \
    "square of the cells.\n"

#define COUNT_EXACT_NODES CMD_STR(CLI_ESTIMATE_COUNT_NODES)
#define COUNT_EXACT_FIRST                                                                          \
    "A count that ends within " COUNT_EXACT_NODES " search nodes a probe comes first:\n"           \
    "its puzzle gets that exact count, as an interval of no width\n"                               \
    "(\"exact\":true in --json), since a small count's estimate is\n"                              \
    "heavy-tailed and its interval can miss it. When no probe met\n"                               \
    "a solution, the interval is unbounded above (\"high\":null); when\n"                          \
    "fewer than " CMD_STR(CLI_ESTIMATE_FEW_SOLVED) " did, it is said not to be trusted.\n"

static const struct cmd_option_help count_options[] = {
    {"limit", "stop counting at K (default 2)"},
    {"estimate", "estimate the count by random probes of the search\n"
                 "tree, with a 95% interval"},
    {"probes", "--estimate: probes to make (default " COUNT_PROBES_DEFAULT " up to 9x9,\n"
               "fewer above: see below)"},
    {"seed", "--estimate: the seed of the probes (default 1)"},
    {"json", "--estimate: one JSON object per puzzle"},
    {"jobs", CMD_JOBS_HELP},
    CMD_READ_OPTIONS("every puzzle is N x N (default: inferred)", CMD_NODES_HELP_SOLVE),
    {NULL, NULL},
};

static const struct cmd_spec count_spec = {
    "count",
    "usage: sudolab count [--limit K] [--size N] [--boxes RxC|none] [--max-nodes N]\n"
    "       [--format F] [--variant NAME] [--jobs N] [FILE...]\n"
    "       sudolab count --estimate [--probes N] [--seed S] [--json] [FILE...]\n"
    "\n"
    "Prints, for every puzzle, its number of solutions, counting no further than K\n"
    "(default 2: so 0 is none, 1 unique, 2 more than one). A search that gives up\n"
    "prints '?' (above 9x9 it gives up after " CMD_STR(
        CLI_SOLVE_NODES) " nodes, unless\n"
                         "--max-nodes says otherwise).\n"
                         "\n"
                         "With --estimate, prints instead an estimate of the count for puzzles\n"
                         "with too many solutions to count (Knuth's estimator: each probe walks a\n"
                         "random path of the search tree, multiplying the live branches met; the\n"
                         "mean of the probes estimates the count) and its 95% interval, from the\n"
                         "probes' sample variance; the same --seed gives the same "
                         "numbers.\n" COUNT_EXACT_FIRST COUNT_PROBES_RULE,
    count_options,
    "Exit codes: 0 ok, 2 bad input or usage, 3 the search gave up.\n",
    NULL,
};

static int solve_one(void *arg, const struct cmd_puzzle *item)
{
    const struct cmd_options *opt = arg;
    const struct geometry *g = &item->puzzle->geo;
    uint8_t solution[SL_MAX_CELLS];
    struct search_stats stats = {0};
    struct search_result r = {1, 0};
    if (item->settled)
        memcpy(solution, item->settled, (size_t)g->ncells);
    else
        r = solver_count(item->solver, item->puzzle->givens, 1, solution, &stats);
    if (r.solutions == 0) {
        fputs(r.gave_up ? "gave up\n" : "no solution\n", item->out);
        if (r.gave_up) cmd_report_gave_up(item, stats.nodes);
        return r.gave_up ? EXIT_GAVE_UP : EXIT_NO_SOLUTION;
    }
    if (opt->pretty)
        format_write_pretty(item->out, g, solution);
    else
        format_write_line(item->out, g, solution);
    return 0;
}

/* The count: the rules' own kernel where there is one and it finishes
 * within KILLER_KERNEL_NODES (the same number), else the general search
 * with what the kernel left of --max-nodes. */
static struct search_result count_search(const struct cmd_options *opt,
                                         const struct cmd_puzzle *item, struct search_stats *stats)
{
    struct search_result r;
    puzzle_count_within(item->puzzle, item->solver, opt->limit, &r, stats, NULL);
    return r;
}

static int count_one(void *arg, const struct cmd_puzzle *item)
{
    const struct cmd_options *opt = arg;
    if (opt->estimate) return cmd_count_estimate(opt, item);
    struct search_stats stats = {0};
    struct search_result r = {1, 0}; /* settled: the only solution, and limit >= 1 */
    if (!item->settled) r = count_search(opt, item, &stats);
    if (r.gave_up) {
        fputs("?\n", item->out);
        cmd_report_gave_up(item, stats.nodes);
        return EXIT_GAVE_UP;
    }
    fprintf(item->out, "%ld\n", r.solutions);
    return 0;
}

int cmd_solve(int argc, char **argv)
{
    struct cmd_options opt;
    int code = cmd_parse(&solve_spec, argc, argv, &opt);
    opt.default_nodes = CLI_SOLVE_NODES;
    opt.default_nodes_above = CLI_SOLVE_BOUNDED_ABOVE;
    opt.settle_lean = 1;
    return code >= 0 ? code : cmd_for_each_puzzle_alike(&opt, solve_one, &opt);
}

int cmd_count(int argc, char **argv)
{
    struct cmd_options opt;
    int code = cmd_parse(&count_spec, argc, argv, &opt);
    if (code < 0 && !opt.estimate && (opt.json || opt.probes))
        return cmd_usage_error(&count_spec, "--%s goes with --estimate",
                               opt.json ? "json" : "probes");
    if (code < 0 && opt.estimate && opt.limit != 2)
        return cmd_usage_error(&count_spec, "--limit does not go with --estimate");
    opt.default_nodes = CLI_SOLVE_NODES;
    opt.default_nodes_above = CLI_SOLVE_BOUNDED_ABOVE;
    opt.settle_lean = !opt.estimate;
    return code >= 0 ? code : cmd_for_each_puzzle_alike(&opt, count_one, &opt);
}
