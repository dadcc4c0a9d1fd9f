/*
 * cmd_candidates.c — `sudolab candidates`: the true candidates of every
 * puzzle (the digits each cell holds in at least one solution,
 * candidates.h), as a grid of pencil marks or as JSON.
 */
#include <string.h>

#include "candidates.h"
#include "cmd.h"

static const struct cmd_option_help candidates_options[] = {
    {"limit", "stop after finding N solutions (default " CMD_STR(CLI_CANDIDATES_CAP) ")"},
    {"json", "one JSON object per puzzle"},
    CMD_READ_OPTIONS("every puzzle is N x N (default: inferred)", CMD_NODES_HELP_CHECK),
    {NULL, NULL},
};

static const struct cmd_spec candidates_spec = {
    "candidates",
    "usage: sudolab candidates [--limit N] [--json] [--size N] [--boxes RxC|none]\n"
    "       [--max-nodes N] [--format F] [--variant NAME] [FILE...]\n"
    "\n"
    "Prints, for every puzzle, its true candidates: the digits each cell holds in\n"
    "at least one solution. Each digit not yet seen in a solution found is looked\n"
    "for with one search, and each solution found marks its digits in every cell.\n"
    "The work stops after N solutions found (--limit), or a search past\n"
    "--max-nodes; the answer is then a subset of the true candidates, and the\n"
    "summary line says so. The grid shows each cell's digits, '-' for none;\n"
    "--json gives {\"file\", \"line\", \"size\", \"candidates\" (rows of cells of\n"
    "digits), \"solutions_found\", \"complete\", \"capped\", \"gave_up\"}.\n",
    candidates_options,
    "Exit codes: 0 ok, 1 some puzzle has no solution, 2 bad input or usage,\n"
    "3 a search gave up.\n",
    NULL,
};

/* Cell c's digits as symbols, '-' for none. */
static void candidates_text(digitset set, char *buf)
{
    int n = 0;
    for (digitset m = set; m; m = digitset_rest(m)) buf[n++] = geometry_symbol(digitset_first(m));
    if (n == 0) buf[n++] = '-';
    buf[n] = '\0';
}

/* A row of cells padded to the widest, '|' between boxes. */
static void candidates_grid(const struct geometry *g, const digitset *found)
{
    int width = 1;
    for (int c = 0; c < g->ncells; c++)
        if (digitset_count(found[c]) > width) width = digitset_count(found[c]);
    for (int row = 0; row < g->size; row++) {
        if (row && g->box_rows > 0 && row % g->box_rows == 0) putchar('\n');
        for (int col = 0; col < g->size; col++) {
            char text[SL_MAX_SIZE + 2];
            candidates_text(found[geometry_cell(g, row, col)], text);
            int boxed = col && g->box_cols > 0 && col % g->box_cols == 0;
            int last = col == g->size - 1;
            printf("%s%-*s", col == 0 ? "" : boxed ? " | " : " ", last ? 0 : width, text);
        }
        putchar('\n');
    }
}

static void candidates_json(const struct cmd_puzzle *item, const digitset *found,
                            const struct candidates_result *r)
{
    const struct geometry *g = &item->puzzle->geo;
    cmd_json_place(stdout, item);
    printf("\"size\":%d,\"candidates\":[", g->size);
    for (int row = 0; row < g->size; row++) {
        printf("%s[", row ? "," : "");
        for (int col = 0; col < g->size; col++) {
            printf("%s[", col ? "," : "");
            digitset m = found[geometry_cell(g, row, col)];
            for (int first = 1; m; m = digitset_rest(m), first = 0)
                printf("%s%d", first ? "" : ",", digitset_first(m));
            putchar(']');
        }
        putchar(']');
    }
    printf("],\"solutions_found\":%ld,\"complete\":%s,\"capped\":%s,\"gave_up\":%s}\n",
           r->solutions, r->unsettled ? "false" : "true", r->capped ? "true" : "false",
           r->gave_up ? "true" : "false");
}

static void candidates_summary(const struct geometry *g, const digitset *found,
                               const struct candidates_result *r, long cap)
{
    int total = 0;
    for (int c = 0; c < g->ncells; c++) total += digitset_count(found[c]);
    printf("%d candidates, from %ld solution%s found", total, r->solutions,
           r->solutions == 1 ? "" : "s");
    if (r->capped) printf("; stopped at the cap of %ld solutions", cap);
    if (r->gave_up) printf("; some search gave up");
    puts(r->unsettled ? ": a subset of the true candidates" : ": complete");
}

static int candidates_one(void *arg, const struct cmd_puzzle *item)
{
    const struct cmd_options *opt = arg;
    const struct geometry *g = &item->puzzle->geo;
    long cap = opt->cap ? opt->cap : CLI_CANDIDATES_CAP;
    digitset found[SL_MAX_CELLS];
    struct candidates_result r;
    if (candidates_find(item->solver, item->rules, item->puzzle->givens, cap, found, &r, NULL)) {
        fprintf(stderr, "%s:%ld: out of memory\n", item->file, item->where->line);
        return EXIT_BAD_INPUT;
    }
    if (opt->json) {
        candidates_json(item, found, &r);
    } else {
        candidates_grid(g, found);
        candidates_summary(g, found, &r, cap);
    }
    if (r.gave_up) cmd_report_gave_up(item, solver_node_limit(item->solver));
    return r.gave_up ? EXIT_GAVE_UP : r.no_solution ? EXIT_NO_SOLUTION : 0;
}

int cmd_candidates(int argc, char **argv)
{
    struct cmd_options opt;
    int code = cmd_parse(&candidates_spec, argc, argv, &opt);
    if (code >= 0) return code;
    opt.default_nodes = CLI_CHECK_NODES;
    return cmd_for_each_puzzle(&opt, candidates_one, &opt);
}
