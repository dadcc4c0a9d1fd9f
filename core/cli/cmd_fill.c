/*
 * cmd_fill.c — `sudolab fill`: random complete grids from a seed. Grid i
 * of a run is drawn from the stream (seed, i), so any one of them can be
 * reproduced alone and a run can be split into slices.
 */
#include "cmd.h"
#include "cmd_flush.h"

static const struct cmd_option_help fill_options[] = {
    {"size", "grid size 1..25 (default 9)"},
    {"boxes", "box shape, or 'none' for a Latin square"},
    {"count", "how many grids (default 1)"},
    {"seed", "the seed (default 1)"},
    {"pretty", "print grids instead of lines"},
    {NULL, NULL},
};

static const struct cmd_spec fill_spec = {
    "fill",
    "usage: sudolab fill [--size N] [--boxes RxC|none] [--count K] [--seed S] [--pretty]\n"
    "\n"
    "Prints K random complete classic grids of size N (default 9), one line each\n"
    "(or as grids with --pretty). The same seed always prints the same grids.\n",
    fill_options,
    "Exit codes: 0 ok, 2 bad usage (such as a box shape that does not tile).\n",
    NULL,
};

static int fill_geometry(const struct cmd_options *opt, struct geometry *g, struct sl_error *err)
{
    int size = opt->reader.size ? opt->reader.size : 9;
    if (opt->reader.box_rows == -1) return geometry_init(g, size, 0, 0, err);
    if (opt->reader.box_rows > 0)
        return geometry_init(g, size, opt->reader.box_rows, opt->reader.box_cols, err);
    return geometry_init_default(g, size, err);
}

static int fill_grids(const struct cmd_options *opt, const struct puzzle *p)
{
    struct sl_error err = {0};
    struct ruleset *rules = ruleset_build(p, &err);
    struct solver *solver = rules ? solver_new(rules) : NULL;
    uint8_t grid[SL_MAX_CELLS];
    int status = 0;
    if (solver == NULL) {
        sl_error_print(stderr, "sudolab fill", &err);
        status = EXIT_BAD_INPUT;
    }
    /* a grid that cannot be written ends the run (main tells why) */
    for (long i = 0; solver && i < opt->count && !ferror(stdout); i++) {
        struct rng rng;
        rng_for_index(&rng, opt->seed, (uint64_t)i);
        if (solver_fill(solver, p->givens, &rng, grid, NULL).solutions != 1) {
            fprintf(stderr, "sudolab fill: no grid exists for these rules\n");
            status = EXIT_NO_SOLUTION;
            break;
        }
        /* a line of up to 2 bytes a cell, a grid of up to twice as many rows, spaced */
        size_t n = (size_t)p->geo.size;
        cmd_whole_records(stdout, opt->pretty ? 2 * n * (4 * n + 16) : 2 * n * n + 2);
        if (opt->pretty)
            format_write_pretty(stdout, &p->geo, grid);
        else
            format_write_line(stdout, &p->geo, grid);
    }
    solver_free(solver);
    ruleset_free(rules);
    return status;
}

int cmd_fill(int argc, char **argv)
{
    struct cmd_options opt;
    struct geometry g;
    struct puzzle p;
    struct sl_error err = {0};
    int code = cmd_parse(&fill_spec, argc, argv, &opt);
    if (code >= 0) return code;
    if (opt.nfiles > 0) {
        fprintf(stderr, "sudolab fill: takes no files (see 'sudolab fill --help')\n");
        return EXIT_BAD_INPUT;
    }
    if (fill_geometry(&opt, &g, &err)) {
        sl_error_print(stderr, "sudolab fill", &err);
        return EXIT_BAD_INPUT;
    }
    puzzle_init(&p, &g);
    if (puzzle_add_classic(&p, &err)) {
        sl_error_print(stderr, "sudolab fill", &err);
        return EXIT_BAD_INPUT;
    }
    code = fill_grids(&opt, &p);
    puzzle_clear(&p);
    return code;
}
