/*
 * cmd_setter.c — what check and count add for setters: for a puzzle with
 * several solutions, two of them, where they differ, and the given that
 * leaves the fewest (propose.h); with check --redundant, the givens and
 * rule items a unique puzzle can each do without (redundant.h); with
 * count --estimate, an estimate of a count too large to make
 * (estimate.h).
 */
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "estimate.h"
#include "propose.h"
#include "propose_mark.h"
#include "puzzle_edit.h"
#include "redundant.h"
#include "rule_items.h"

static void setter_cell(const struct geometry *g, int cell, char *buf, size_t cap)
{
    snprintf(buf, cap, "r%dc%d", geometry_row(g, cell) + 1, geometry_col(g, cell) + 1);
}

/* "  solutions: K" (or "K or more"), counted up to CLI_PROPOSE_CAP. */
static int setter_count_line(const struct cmd_puzzle *item)
{
    struct search_result r =
        solver_count(item->solver, item->puzzle->givens, CLI_PROPOSE_CAP, NULL, NULL);
    if (r.gave_up)
        printf("  solutions: %ld or more (the count gave up)\n", r.solutions);
    else
        printf("  solutions: %ld%s (counted up to %d)\n", r.solutions,
               r.solutions >= CLI_PROPOSE_CAP ? " or more" : "", CLI_PROPOSE_CAP);
    return r.gave_up ? EXIT_GAVE_UP : 0;
}

static void setter_print_proposal(const struct geometry *g, const struct proposal *best)
{
    char where[32];
    if (best->cell < 0) {
        printf("  proposed given: none (every count gave up)\n");
        return;
    }
    setter_cell(g, best->cell, where, sizeof where);
    printf("  proposed given: %s=%c, leaving %ld%s solution%s%s (%d given%s tried, each counted up "
           "to %d)\n",
           where, geometry_symbol(best->digit), best->solutions,
           best->solutions >= CLI_PROPOSE_CAP ? " or more" : "", best->solutions == 1 ? "" : "s",
           best->solutions == 1 ? ": unique" : "", best->tried, best->tried == 1 ? "" : "s",
           CLI_PROPOSE_CAP);
}

int cmd_check_several(const struct cmd_puzzle *item)
{
    const struct geometry *g = &item->puzzle->geo;
    uint8_t two[2 * SL_MAX_CELLS];
    int cells[SL_MAX_CELLS];
    struct search_result r = solver_solutions(item->solver, item->puzzle->givens, 2, two, NULL);
    if (r.solutions < 2) return r.gave_up ? EXIT_GAVE_UP : 0;
    int code = setter_count_line(item);
    for (int k = 0; k < 2; k++) {
        printf("  solution %d: ", k + 1);
        format_write_line(stdout, g, two + k * g->ncells);
    }
    int n = propose_differing(two, two + g->ncells, g->ncells, cells);
    printf("  differ in %d cell%s:", n, n == 1 ? "" : "s");
    for (int i = 0; i < n; i++) {
        char where[32];
        setter_cell(g, cells[i], where, sizeof where);
        printf(" %s", where);
    }
    putchar('\n');
    struct proposal best;
    propose_given(item->solver, item->puzzle->givens, two, two + g->ncells, cells, n,
                  CLI_PROPOSE_CAP, &best, NULL);
    setter_print_proposal(g, &best);
    struct mark_proposal mark;
    propose_mark(item->puzzle, two, two + g->ncells, cells, n, CLI_PROPOSE_CAP,
                 solver_node_limit(item->solver), &mark);
    if (mark.rule >= 0)
        printf("  proposed %s change: add %s, leaving %ld%s solution%s%s (%d change%s tried)\n",
               item->puzzle->rules[mark.rule].ops->name, mark.label, mark.solutions,
               mark.solutions >= CLI_PROPOSE_CAP ? " or more" : "", mark.solutions == 1 ? "" : "s",
               mark.solutions == 1 ? ": unique" : "", mark.tried, mark.tried == 1 ? "" : "s");
    int gave_up = best.gave_up || mark.gave_up;
    return gave_up && code < EXIT_GAVE_UP ? EXIT_GAVE_UP : code;
}

/* --- check --redundant -------------------------------------------------- */

/* After "redundant?:", an item whose search reached the node limit. */
#define SETTER_UNKNOWN " (unknown: the search gave up)"

/* Each given alone: the puzzle is unique, so one search per given. */
static int setter_redundant_givens(const struct cmd_puzzle *item, const uint8_t *solution,
                                   int *found)
{
    const struct puzzle *p = item->puzzle;
    int code = 0;
    for (int c = 0; c < p->geo.ncells; c++) {
        if (!p->givens[c]) continue;
        int keeps = redundant_given(item->solver, p->givens, solution, c, NULL);
        char where[32];
        setter_cell(&p->geo, c, where, sizeof where);
        if (keeps)
            printf("  redundant%s: given %s=%c%s\n", keeps < 0 ? "?" : "", where,
                   geometry_symbol(p->givens[c]), keeps < 0 ? SETTER_UNKNOWN : "");
        if (keeps < 0) code = EXIT_GAVE_UP;
        *found += keeps > 0;
    }
    return code;
}

/* The items of rule r, each left out alone. */
static int setter_redundant_items(const struct cmd_puzzle *item, int r, int *found)
{
    const struct puzzle *p = item->puzzle;
    const struct constraint_ops *ops = p->rules[r].ops;
    char *args = puzzle_edit_args(&p->rules[r]);
    int n = args ? rule_items_count(&p->rules[r], &p->geo, args) : 0, code = 0;
    free(args);
    for (int k = 0; k < n && code != EXIT_BAD_INPUT; k++) {
        char label[RULE_ITEM_LABEL_MAX];
        struct sl_error err = {0};
        int keeps = redundant_item(p, r, k, solver_node_limit(item->solver), label, &err, NULL);
        if (keeps == -2) {
            fprintf(stderr, "%s:%ld: %s: %s\n", item->file, item->where->line, ops->name, err.msg);
            code = EXIT_BAD_INPUT;
        } else if (keeps) {
            printf("  redundant%s: %s %s%s\n", keeps < 0 ? "?" : "", ops->name, label,
                   keeps < 0 ? SETTER_UNKNOWN : "");
        }
        if (keeps == -1) code = EXIT_GAVE_UP;
        *found += keeps > 0;
    }
    return code;
}

int cmd_check_redundant(const struct cmd_puzzle *item)
{
    const struct puzzle *p = item->puzzle;
    uint8_t solution[SL_MAX_CELLS];
    struct search_result r = solver_count(item->solver, p->givens, 1, solution, NULL);
    if (r.solutions != 1) return r.gave_up ? EXIT_GAVE_UP : 0;
    int found = 0, code = setter_redundant_givens(item, solution, &found);
    for (int i = 0; i < p->nrules; i++) {
        int more = setter_redundant_items(item, i, &found);
        if (more > code) code = more;
    }
    if (found == 0)
        puts("  redundant: none");
    else
        puts("  (each can go alone, the rest kept; not necessarily together)");
    return code;
}

/* --- count --estimate --------------------------------------------------- */

/* The probes --estimate makes without --probes on a grid of ncells
 * cells: CLI_ESTIMATE_PROBES up to CLI_ESTIMATE_CELLS cells, fewer by the
 * square of the cells past that (sudolab_limits.h). */
static long estimate_probes_for(int ncells)
{
    if (ncells <= CLI_ESTIMATE_CELLS) return CLI_ESTIMATE_PROBES;
    long long full = (long long)CLI_ESTIMATE_CELLS * CLI_ESTIMATE_CELLS;
    return (long)(CLI_ESTIMATE_PROBES * full / ((long long)ncells * ncells));
}

/* A JSON field with log10 of x, or null for 0: an empty 25x25's count
 * and interval run past a double's range (1.8e308), where JSON readers
 * that parse numbers as doubles read them as infinite. Null too for an
 * infinite x (a long double no wider than a double overflows there). */
static void print_log10_field(FILE *out, const char *name, long double x, const char *after)
{
    if (x > 0 && isfinite(x))
        fprintf(out, "\"%s\":%.6Lf%s", name, log10l(x), after);
    else
        fprintf(out, "\"%s\":null%s", name, after);
}

/* First a count, within CLI_ESTIMATE_COUNT_NODES search nodes a probe (a
 * probe propagates every digit of a cell at each level, so the count
 * costs less than the probes), which is exact when it ends. Knuth's
 * estimate of a small count is heavy-tailed: a few rare probes carry it,
 * so most runs fall short, and the interval from the sample variance of
 * the rest can miss the count by far (a unique puzzle at 0, 95% interval
 * 0 to 0, when no probe met its solution). Returns 1 with the count when
 * the count ended, else 0. */
static int estimate_by_count(const struct cmd_puzzle *item, long probes, long *count)
{
    uint64_t kept = solver_node_limit(item->solver);
    solver_set_node_limit(item->solver, (uint64_t)probes * CLI_ESTIMATE_COUNT_NODES);
    struct search_result r = solver_count(item->solver, item->puzzle->givens, LONG_MAX, NULL, NULL);
    solver_set_node_limit(item->solver, kept);
    *count = r.solutions;
    return !r.gave_up;
}

/* A JSON number: whole values below 2^63 exactly (an exact count, however
 * many digits), the rest to ten significant digits; null for an infinite
 * or undefined value, which JSON has no number for ("inf" and "nan" are
 * what printf writes). */
static void print_json_number(FILE *out, const char *name, long double x, const char *after)
{
    if (!isfinite(x))
        fprintf(out, "\"%s\":null%s", name, after);
    else if (x == floorl(x) && fabsl(x) < 0x1p63L)
        fprintf(out, "\"%s\":%lld%s", name, (long long)x, after);
    else
        fprintf(out, "\"%s\":%.10Lg%s", name, x, after);
}

/* The one writer of count --estimate's JSON object, exact or estimated.
 * An unbounded high end (no probe met a solution, HUGE_VALL) is null, as
 * its log10. */
static void estimate_print_json(const struct cmd_options *opt, const struct cmd_puzzle *item,
                                const struct estimate *e, int exact)
{
    FILE *out = item->out;
    cmd_json_place(out, item);
    print_json_number(out, "estimate", e->mean, ",");
    print_json_number(out, "low", e->low, ",");
    print_json_number(out, "high", e->high, ",");
    print_json_number(out, "std_error", e->std_error, ",");
    fprintf(out,
            "\"probes\":%ld,\"probes_solved\":%ld,\"seed\":%llu,\"confidence\":0.95,"
            "\"exact\":%s,",
            e->probes, e->solutions, (unsigned long long)opt->seed, exact ? "true" : "false");
    print_log10_field(out, "log10_estimate", e->mean, ",");
    print_log10_field(out, "log10_high", e->high, "}\n");
}

static int estimate_print_count(const struct cmd_options *opt, const struct cmd_puzzle *item,
                                long probes, long count)
{
    if (opt->json) {
        struct estimate e = {.mean = count, .low = count, .high = count};
        estimate_print_json(opt, item, &e, 1);
    } else
        fprintf(item->out,
                "%ld (95%% interval %ld to %ld; counted: every solution, within %ld search "
                "nodes)\n",
                count, count, count, probes * CLI_ESTIMATE_COUNT_NODES);
    return 0;
}

int cmd_count_estimate(const struct cmd_options *opt, const struct cmd_puzzle *item)
{
    long probes = opt->probes ? opt->probes : estimate_probes_for(item->puzzle->geo.ncells);
    long count;
    if (estimate_by_count(item, probes, &count))
        return estimate_print_count(opt, item, probes, count);
    struct estimate e;
    if (estimate_count(item->rules, item->puzzle->givens, probes, opt->seed, &e)) {
        fprintf(item->err, "%s:%ld: out of memory\n", item->file, item->where->line);
        return EXIT_BAD_INPUT;
    }
    if (e.aborted) {
        fprintf(item->err, "%s:%ld: a rule stopped the search: no estimate\n", item->file,
                item->where->line);
        if (opt->json) cmd_json_place(item->out, item);
        fputs(opt->json ? "\"estimate\":null}\n" : "?\n", item->out);
        return EXIT_GAVE_UP;
    }
    if (opt->json)
        estimate_print_json(opt, item, &e, 0);
    else if (isinf(e.high))
        fprintf(item->out,
                "0 (95%% interval 0 to unbounded: no probe met a solution; %ld probes, seed "
                "%llu)\n",
                e.probes, (unsigned long long)opt->seed);
    else if (e.solutions < CLI_ESTIMATE_FEW_SOLVED)
        fprintf(item->out,
                "%.4Lg (95%% interval %.4Lg to %.4Lg, not to be trusted: %ld of %ld probes met a "
                "solution; seed %llu; more --probes narrow it)\n",
                e.mean, e.low, e.high, e.solutions, e.probes, (unsigned long long)opt->seed);
    else
        fprintf(item->out, "%.4Lg (95%% interval %.4Lg to %.4Lg; %ld probes, seed %llu)\n", e.mean,
                e.low, e.high, e.probes, (unsigned long long)opt->seed);
    return 0;
}
