/*
 * cmd_rate.c — `sudolab rate` (rating, grade and techniques per puzzle,
 * or every step in words) and `sudolab hint` (the next step).
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "json.h"
#include "rate.h"
#include "technique.h"

static const struct cmd_option_help rate_options[] = {
    {"json", "one JSON object per puzzle instead"},
    {"explain", "every step in words, one per line, the rules used, then the rating"},
    {"size", "every puzzle is N x N (default: inferred)"},
    {"boxes", "box shape, or 'none' for a Latin square"},
    {"format", "read only format F"},
    {"variant", "give plain puzzles the rules of variants/NAME.lua"},
    {"max-nodes", CMD_NODES_HELP_CHECK},
    {"jobs", CMD_JOBS_HELP},
    {NULL, NULL},
};

/* The grade bands, written from rate.h's table (their one source). */
static void rate_grades_help(FILE *out)
{
    fputs("\nGrades (bands of RATING):\n", out);
    for (int g = 0; g < GRADE_COUNT; g++) {
        fprintf(out, "  %-8s  %4.1f < RATING", grade_name((enum grade)g), grade_low((enum grade)g));
        if (g < GRADE_COUNT - 1) fprintf(out, " <= %.1f", grade_table[g].high);
        fputc('\n', out);
    }
}

static const struct cmd_spec rate_spec = {
    "rate",
    "usage: sudolab rate [--json | --explain] [--size N] [--boxes RxC|none] [--format F]\n"
    "       [--variant NAME] [--max-nodes N] [--jobs N] [FILE...]\n"
    "\n"
    "Rates every puzzle by the human techniques it needs, easiest step first, and\n"
    "prints one line each:\n"
    "\n"
    "  RATING GRADE WORK TECHNIQUE:COUNT ...\n"
    "\n"
    "RATING is the hardest step, on Sudoku Explainer's scale (1.0 full house, 1.2\n"
    "hidden single ... 7.0 chains, 7.5 nishio, 8.0 cell and region forcing chains,\n"
    "8.5 dynamic forcing chains, 9.0 with locked candidates; 10+ when only search\n"
    "goes on).\n"
    "GRADE names its band (the grades below). WORK adds up every step's\n"
    "rating. A puzzle that is not unique is reported, not rated; so is one whose\n"
    "uniqueness the search cannot settle within --max-nodes.\n",
    rate_options,
    "Exit codes: 0 all rated, 1 some puzzle has no or several solutions, 2 bad input,\n"
    "3 the search gave up.\n",
    rate_grades_help,
};

static const struct cmd_option_help hint_options[] = {
    {"state", "start from these pencil marks instead of the givens:\n"
              "one token per cell, blank- or comma-separated; one digit\n"
              "is a placed digit, several the candidates left (placed\n"
              "digits leave their peers' marks by themselves)"},
    {"size", "every puzzle is N x N (default: inferred)"},
    {"boxes", "box shape, or 'none' for a Latin square"},
    {"format", "read only format F"},
    {"variant", "give plain puzzles the rules of variants/NAME.lua"},
    {"max-nodes", CMD_NODES_HELP_CHECK},
    {NULL, NULL},
};

static const struct cmd_spec hint_spec = {
    "hint",
    "usage: sudolab hint [--state MARKS] [--size N] [--boxes RxC|none] [--format F]\n"
    "       [--variant NAME] [--max-nodes N] PUZZLE|FILE...\n"
    "\n"
    "Prints the easiest next step for each puzzle, in words, with its rating. The\n"
    "operand is a puzzle line itself or a file of puzzles.\n",
    hint_options,
    "Exit codes: 0 ok, 1 no solution or several, or a mistake in the marks, 2 bad\n"
    "input or marks, 3 the search gave up.\n",
    NULL,
};

struct rate_run {
    const struct cmd_options *opt;
    struct rater *rater;
    long serial; /* the ruleset the rater was built for */
};

static struct rater *run_rater(struct rate_run *run, const struct cmd_puzzle *item)
{
    if (run->rater && run->serial == item->rules_serial) return run->rater;
    rater_free(run->rater);
    run->rater = rater_new(item->rules);
    run->serial = item->rules_serial;
    if (!run->rater)
        fprintf(item->err, "%s:%ld: cannot rate these rules\n", item->file, item->where->line);
    return run->rater;
}

/* Exactly one solution, or a message and exit code 1 (3 when the search
 * gave up first). */
static int require_unique(const struct cmd_puzzle *item)
{
    struct search_stats stats = {0};
    struct search_result r = solver_count(item->solver, item->puzzle->givens, 2, NULL, &stats);
    long found = r.solutions;
    if (r.gave_up) {
        cmd_report_gave_up(item, stats.nodes);
        return EXIT_GAVE_UP;
    }
    if (found == 1) return 0;
    fprintf(item->err, "%s:%ld: %s\n", item->file, item->where->line,
            found ? "several solutions: not rated" : "no solution: not rated");
    return EXIT_NO_SOLUTION;
}

struct explain_print {
    const struct human_layout *lay;
    FILE *out;
    int n;
};

static void explain_step(void *arg, const struct human *h, const struct step *s)
{
    struct explain_print *e = arg;
    char words[2048];
    (void)h;
    fprintf(e->out, "%4d. [%.1f] %s\n", ++e->n, s->rating,
            step_describe(e->lay, s, words, sizeof words));
}

/* The explanation's last comment: which rules the solve path used. */
static void print_rules_used(FILE *out, const struct ruleset *rs, const struct rate_result *res)
{
    for (int used = 1; used >= 0; used--) {
        fprintf(out, "# rules %s:", used ? "used" : "unused");
        int any = 0;
        for (int i = 0; i < rs->nslots; i++) {
            const char *name = rs->slots[i].ops->name;
            int first = 1;
            for (int j = 0; j < i; j++) first &= strcmp(rs->slots[j].ops->name, name) != 0;
            if (first && rate_rule_used(rs, res, name) == used) fprintf(out, " %s", name), any = 1;
        }
        fprintf(out, "%s\n", any ? "" : " none");
    }
}

static void print_json(FILE *out, const struct cmd_puzzle *item, const struct rate_result *res)
{
    cmd_json_place(out, item);
    fprintf(out,
            "\"rating\":%.1f,\"grade\":\"%s\",\"work\":%.1f,\"steps\":%d,"
            "\"hardest\":\"%s\",\"search_nodes\":%llu,\"techniques\":{",
            res->rating, grade_name(res->grade), res->work, res->steps, res->hardest_key,
            (unsigned long long)res->fallback_nodes);
    for (int i = 0; i < res->ntally; i++)
        fprintf(out, "%s\"%s\":%d", i ? "," : "", res->tally[i].key, res->tally[i].count);
    fprintf(out, "},\"unused_rules\":[");
    const char *unused[SL_MAX_RULES];
    int n = rate_rules_unused(item->rules, res, unused, SL_MAX_RULES);
    for (int i = 0; i < n; i++) fprintf(out, "%s\"%s\"", i ? "," : "", unused[i]);
    fprintf(out, "]}\n");
}

static void print_rating(const struct rate_run *run, const struct cmd_puzzle *item,
                         const struct rate_result *res)
{
    FILE *out = item->out;
    if (run->opt->json) {
        print_json(out, item, res);
        return;
    }
    if (run->opt->explain) print_rules_used(out, item->rules, res);
    fprintf(out, "%.1f %s %.1f", res->rating, grade_name(res->grade), res->work);
    for (int i = 0; i < res->ntally; i++)
        fprintf(out, " %s:%d", res->tally[i].key, res->tally[i].count);
    if (res->fallback_nodes)
        fprintf(out, " search-nodes:%llu", (unsigned long long)res->fallback_nodes);
    putc('\n', out);
}

static int rate_one(void *arg, const struct cmd_puzzle *item)
{
    struct rate_run *run = arg;
    struct rater *rater = run_rater(run, item);
    struct rate_result res;
    if (!rater) return EXIT_BAD_INPUT;
    int code = require_unique(item);
    if (code) {
        if (!run->opt->json) fputs("not rated\n", item->out);
        return code;
    }
    struct explain_print e = {rater_layout(rater), item->out, 0};
    if (run->opt->explain) fprintf(item->out, "# %s:%ld\n", item->file, item->where->line);
    if (rate_puzzle(rater, item->puzzle->givens, &res, run->opt->explain ? explain_step : NULL,
                    &e)) {
        fprintf(item->err, "%s:%ld: the rater erred (%s): please report this puzzle\n", item->file,
                item->where->line,
                res.erred_technique >= 0 ? technique_table[res.erred_technique].name : "no step");
        if (!run->opt->json) fputs("not rated\n", item->out);
        return EXIT_NO_SOLUTION;
    }
    print_rating(run, item, &res);
    return 0;
}

int cmd_rate(int argc, char **argv)
{
    struct cmd_options opt;
    int code = cmd_parse(&rate_spec, argc, argv, &opt);
    if (code >= 0) return code;
    if (opt.json && opt.explain) /* one stream of two forms, neither readable */
        return cmd_usage_error(&rate_spec, "--json and --explain are two forms; give one");
    opt.default_nodes = CLI_CHECK_NODES;
    struct rate_run *runs = calloc((size_t)opt.jobs, sizeof *runs);
    void **args = calloc((size_t)opt.jobs, sizeof *args);
    if (!runs || !args) {
        free(runs);
        free(args);
        fputs("sudolab rate: out of memory\n", stderr);
        return EXIT_BAD_INPUT;
    }
    for (int t = 0; t < opt.jobs; t++) runs[t].opt = &opt, args[t] = &runs[t];
    code = cmd_for_each_puzzle_jobs(&opt, rate_one, args, opt.jobs);
    for (int t = 0; t < opt.jobs; t++) rater_free(runs[t].rater);
    free(runs);
    free(args);
    return code;
}

/* --- hint ------------------------------------------------------------ */

/* Reads --state into h over the givens: one token per cell. Returns 0, or
 * prints the column of the first bad token and returns -1. */
static int hint_read_state(struct human *h, const uint8_t *givens, const char *marks)
{
    const struct human_layout *lay = h->lay;
    const char *p = marks;
    for (int c = 0; c < lay->ncells; c++) {
        while (*p == ' ' || *p == ',' || *p == '\t' || *p == '\n') p++;
        const char *start = p;
        digitset set = 0;
        for (; *p && *p != ' ' && *p != ',' && *p != '\t' && *p != '\n'; p++) {
            int d = geometry_digit(*p);
            if (d < 1 || d > lay->size) break;
            set |= digitset_of(d);
        }
        int bad = p == start || (*p && *p != ' ' && *p != ',' && *p != '\t' && *p != '\n') ||
                  (set & ~lay->rs->domain[c]) || (givens[c] && set != digitset_of(givens[c]));
        if (bad && *start == '\0') {
            fprintf(stderr, "--state:1:%ld: the state ends at cell %d: it takes %d tokens\n",
                    (long)(start - marks) + 1, c + 1, lay->ncells);
            return -1;
        }
        if (bad) {
            /* The token whole, to its separator (the separator was shown
             * with it), escaped: an ESC of the state reached the terminal.
             * A long one is cut, and "..." says so. */
            size_t len = strcspn(start, " ,\t\n");
            char token[96];
            size_t cut = sl_error_escape(token, 92, start, len < 64 ? len : 64);
            snprintf(token + cut, sizeof token - cut, "%s", len > 64 ? "..." : "");
            fprintf(stderr, "--state:1:%ld: cell %d: '%s' is not a set of candidates %s\n",
                    (long)(start - marks) + 1, c + 1, token,
                    givens[c] ? "that keeps its given" : "the rules allow");
            return -1;
        }
        int placed = digitset_is_single(set) && (p - start == 1);
        h->value[c] = placed ? (uint8_t)digitset_first(set) : 0;
        h->cand[c] = placed ? 0 : set;
    }
    while (*p == ' ' || *p == ',' || *p == '\t' || *p == '\n') p++;
    if (*p) {
        fprintf(stderr, "--state:1:%ld: more tokens than the %d cells\n", (long)(p - marks) + 1,
                lay->ncells);
        return -1;
    }
    h->open = 0;
    for (int c = 0; c < lay->ncells; c++) h->open += !h->value[c];
    human_settle(h); /* a placed digit is no candidate of its peers */
    for (int c = 0; c < lay->ncells; c++)
        if (!h->value[c] && !h->cand[c]) {
            fprintf(stderr, "--state: cell %d has no candidate left beside the placed digits\n",
                    c + 1);
            return -1;
        }
    return 0;
}

/* A player's marks that lost the solution lead nowhere: point at the
 * first cell where the digit placed is wrong or the right one was crossed
 * out. Returns 1 when there is one. */
static int hint_find_mistake(const struct cmd_puzzle *item, const struct human *h)
{
    uint8_t solution[SL_MAX_CELLS];
    char name[16];
    solver_count(item->solver, item->puzzle->givens, 1, solution, NULL);
    for (int c = 0; c < h->lay->ncells; c++) {
        int wrong =
            h->value[c] ? h->value[c] != solution[c] : !(h->cand[c] & digitset_of(solution[c]));
        if (!wrong) continue;
        printf("%s: a mistake: %s\n", human_cell_name(h->lay, c, name, sizeof name),
               h->value[c] ? "this digit is wrong" : "the right digit was crossed out");
        return 1;
    }
    return 0;
}

static int hint_one(void *arg, const struct cmd_puzzle *item)
{
    struct rate_run *run = arg;
    struct rater *rater = run_rater(run, item);
    if (!rater) return EXIT_BAD_INPUT;
    int code = require_unique(item);
    if (code) return code;
    struct human *h = malloc(sizeof *h);
    struct step *s = malloc(sizeof *s);
    char words[2048];
    code = (!h || !s) ? EXIT_BAD_INPUT : 0;
    if (!code && human_init(h, rater_layout(rater), item->puzzle->givens)) code = EXIT_NO_SOLUTION;
    if (!code && run->opt->state && hint_read_state(h, item->puzzle->givens, run->opt->state))
        code = EXIT_BAD_INPUT;
    if (!code && run->opt->state && hint_find_mistake(item, h)) code = EXIT_NO_SOLUTION;
    if (!code && h->open == 0)
        puts("the grid is full");
    else if (!code && rate_next_step(rater, h, s))
        printf("%s [%.1f]\n", step_describe(rater_layout(rater), s, words, sizeof words),
               s->rating);
    else if (!code)
        puts("no technique applies here: the rest needs search");
    free(h);
    free(s);
    return code;
}

int cmd_hint(int argc, char **argv)
{
    struct cmd_options opt;
    int code = cmd_parse(&hint_spec, argc, argv, &opt);
    if (code >= 0) return code;
    opt.text_operands = 1;
    opt.default_nodes = CLI_CHECK_NODES;
    struct rate_run run = {.opt = &opt};
    code = cmd_for_each_puzzle(&opt, hint_one, &run);
    rater_free(run.rater);
    return code;
}
