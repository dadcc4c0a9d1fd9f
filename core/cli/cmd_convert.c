/*
 * cmd_convert.c — the commands about puzzles rather than answers:
 * `sudolab convert` (every puzzle in another format), `sudolab check`
 * (warnings and uniqueness, for setters) and `sudolab rules` (the rule
 * plugins and their one-line summaries).
 */
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "format_keen.h"
#include "format_unruly.h"
#include "format_variant.h"
#include "fpuzzles.h"
#include "registry.h"
#include "render_text.h"
#include "suggest.h"
#include "variant.h"

static const struct cmd_option_help convert_options[] = {
    {"to", "the output form (default: sudolab)"},
    {"format", "read only format F (default: auto)"},
    {"size", "every puzzle is N x N (default: inferred)"},
    {"boxes", "box shape for classic input, or 'none'"},
    {"ascii", "pretty: draw the grid in ASCII, not Unicode box drawing"},
    {"ignore-unknown", "f-puzzles: read a puzzle without its constraints that have no rule\n"
                       "here, with a warning (default: an error)"},
    {NULL, NULL},
};

static const struct cmd_spec convert_spec = {
    "convert",
    "usage: sudolab convert [--to FORM] [--format F] [--size N] [--boxes RxC|none] [--ascii]\n"
    "                       [FILE...]\n"
    "\n"
    "Reads every puzzle (any format, as solve does) and writes it in FORM:\n"
    "  sudolab   the self-describing line: sudolab N BOXES RULES GIVENS (default)\n"
    "  solo      a Simon Tatham's Solo game ID (classic, X, jigsaw, killer only)\n"
    "  line      the givens as one line of N*N symbols (the rules are dropped)\n"
    "  pretty    the givens as a grid drawn with box-drawing characters: heavy\n"
    "            lines around boxes and jigsaw regions, light ones around killer\n"
    "            cages with each sum in the cage's first cell; other rules are\n"
    "            named above the grid\n"
    "  fpuzzles  f-puzzles JSON, one object per line (read back by every command)\n"
    "  fpuzzles-link  an f-puzzles link, https://f-puzzles.com/?load=... (the JSON\n"
    "            lz-string compressed in base64, as SudokuPad also reads it)\n"
    "  keen      a game ID of Simon Tatham's Keen (calcudoku on a 3..9 Latin square)\n"
    "  unruly    a game ID of Simon Tatham's Unruly (the binary rule alone)\n",
    convert_options,
    "Exit codes: 0 ok, 2 bad input, usage, or a puzzle FORM cannot express.\n",
    NULL,
};

const char *const cmd_output_names[] = {"sudolab",       "solo", "line",   "pretty", "fpuzzles",
                                        "fpuzzles-link", "keen", "unruly", NULL};

int cmd_output_by_name(const char *name)
{
    for (int i = 0; cmd_output_names[i]; i++)
        if (strcmp(cmd_output_names[i], name) == 0) return i;
    return -1;
}

/* Prints the text a writer made and frees it; or, when it made none, the
 * error it gave (out of memory when it gave none) at the puzzle's line. */
static int print_made(char *text, struct sl_error *err, const struct cmd_puzzle *item)
{
    if (text == NULL) {
        if (err->msg[0] == '\0') sl_error_set(err, 0, 0, "out of memory");
        err->line = item->where->line;
        sl_error_print(stderr, item->file, err);
        return EXIT_BAD_INPUT;
    }
    puts(text);
    free(text);
    return 0;
}

/* Writes a line made by a snprintf-convention writer. */
static int write_made(int (*make)(const struct puzzle *, char *, size_t, struct sl_error *),
                      const struct cmd_puzzle *item)
{
    struct sl_error err = {0};
    int len = make(item->puzzle, NULL, 0, &err);
    char *text = len < 0 ? NULL : malloc((size_t)len + 1);
    if (text) make(item->puzzle, text, (size_t)len + 1, &err);
    return print_made(text, &err, item);
}

/* Writes text made by an f-puzzles writer (fpuzzles.h). */
static int write_fpuzzles(char *(*make)(const struct puzzle *, struct sl_error *),
                          const struct cmd_puzzle *item)
{
    struct sl_error err = {0};
    return print_made(make(item->puzzle, &err), &err, item);
}

static int make_sudolab(const struct puzzle *p, char *buf, size_t cap, struct sl_error *err)
{
    (void)err;
    return format_sudolab_line(p, buf, cap);
}

/* The grid as a terminal shows it, the rules it cannot draw named. */
static int write_pretty(const struct cmd_options *opt, const struct cmd_puzzle *item)
{
    struct render_item it;
    struct sl_error err = {0};
    if (render_item_init(&it, item->puzzle, &err)) {
        fprintf(stderr, "%s:%ld: %s\n", item->file, item->where->line, err.msg);
        return EXIT_BAD_INPUT;
    }
    printf("%s\n", it.names);
    render_text(stdout, &it, it.givens, opt->ascii);
    render_item_free(&it);
    return 0;
}

static int convert_one(void *arg, const struct cmd_puzzle *item)
{
    const struct cmd_options *opt = arg;
    const struct puzzle *p = item->puzzle;
    switch (opt->to) {
    case OUTPUT_SOLO: return write_made(format_solo_id, item);
    case OUTPUT_KEEN: return write_made(format_keen_id, item);
    case OUTPUT_UNRULY: return write_made(format_unruly_id, item);
    case OUTPUT_LINE: format_write_line(stdout, &p->geo, p->givens); return 0;
    case OUTPUT_PRETTY: return write_pretty(opt, item);
    case OUTPUT_FPUZZLES: return write_fpuzzles(fpuzzles_write_json, item);
    case OUTPUT_FPUZZLES_LINK: return write_fpuzzles(fpuzzles_write_link, item);
    default: return write_made(make_sudolab, item);
    }
}

int cmd_convert(int argc, char **argv)
{
    struct cmd_options opt;
    int code = cmd_parse(&convert_spec, argc, argv, &opt);
    if (code >= 0) return code;
    /* The other forms have no drawing to make ASCII: said, not ignored. */
    if (opt.ascii && opt.to != OUTPUT_PRETTY)
        return cmd_usage_error(&convert_spec, "--ascii goes with --to pretty");
    return cmd_for_each_puzzle(&opt, convert_one, &opt);
}

static const struct cmd_option_help check_options[] = {
    {"format", "read only format F (default: auto)"},
    {"size", "every puzzle is N x N (default: inferred)"},
    {"boxes", "box shape for classic input, or 'none'"},
    {"max-nodes", CMD_NODES_HELP_CHECK},
    {"ignore-unknown", "f-puzzles: read a puzzle without its constraints that have no rule\n"
                       "here, with a warning (default: an error)"},
    {"redundant", "for a unique puzzle, list the givens and rule items\n"
                  "(cages, sum entries, thermometers, relation pairs,\n"
                  "odd/even marks, extra regions) it can each do without"},
    {NULL, NULL},
};

/* The cap of check's counts, spelt in its help. */
#define CHECK_CAP CMD_STR(CLI_PROPOSE_CAP)

static const struct cmd_spec check_spec = {
    "check",
    "usage: sudolab check [--format F] [--size N] [--boxes RxC|none] [--max-nodes N]\n"
    "                     [--redundant] [FILE...]\n"
    "\n"
    "For puzzle setters: reads every puzzle, prints each rule's warnings about\n"
    "legal but doubtful data (a cage or jigsaw region in several pieces) as\n"
    "FILE:LINE: warning: ..., then 'unique', '2 or more solutions', 'no solution'\n"
    "or 'gave up' (past --max-nodes: a warning says whether a solution was seen),\n"
    "one line per puzzle. Under '2 or more solutions' come indented lines: the\n"
    "count up to " CHECK_CAP ", two solutions, the cells where they differ, the\n"
    "given in one of those cells (a digit either solution has there) that leaves\n"
    "the fewest solutions, each counted up to " CHECK_CAP ", and where the rules\n"
    "take one, the rule change that does best: an odd/even mark, a two-cell\n"
    "killer cage or a relation pair (a kropki dot, X, V, sign) that the first\n"
    "solution obeys and the second breaks, on a differing cell. With --redundant,\n"
    "a unique puzzle's removable givens and rule items follow, one indented line\n"
    "each: each can go alone, the rest kept (not necessarily together).\n",
    check_options,
    "Exit codes: 0 every puzzle unique, 1 some puzzle has no or several\n"
    "solutions, 2 bad input or usage, 3 the search gave up.\n",
    NULL,
};

static int check_one(void *arg, const struct cmd_puzzle *item)
{
    const struct cmd_options *opt = arg;
    const struct puzzle *p = item->puzzle;
    char msg[256];
    for (int i = 0; i < p->nrules; i++) {
        const struct constraint_ops *ops = p->rules[i].ops;
        if (ops->validate && ops->validate(p->rules[i].self, &p->geo, msg, sizeof msg))
            fprintf(stderr, "%s:%ld: warning: %s: %s\n", item->file, item->where->line, ops->name,
                    msg);
    }
    struct search_stats stats = {0};
    struct search_result r = solver_count(item->solver, p->givens, 2, NULL, &stats);
    if (r.gave_up) {
        puts("gave up");
        fprintf(stderr, "%s:%ld: warning: %s\n", item->file, item->where->line,
                r.solutions
                    ? "one solution found, but whether there is another is unknown"
                    : "no solution found before the search gave up: the puzzle may have none");
        cmd_report_gave_up(item, stats.nodes);
        return EXIT_GAVE_UP;
    }
    puts(r.solutions == 1 ? "unique" : r.solutions == 0 ? "no solution" : "2 or more solutions");
    int code = r.solutions == 1 ? 0 : EXIT_NO_SOLUTION;
    int more = r.solutions > 1                 ? cmd_check_several(item)
               : r.solutions && opt->redundant ? cmd_check_redundant(item)
                                               : 0;
    return more > code ? more : code;
}

int cmd_check(int argc, char **argv)
{
    struct cmd_options opt;
    int code = cmd_parse(&check_spec, argc, argv, &opt);
    if (code >= 0) return code;
    opt.default_nodes = CLI_CHECK_NODES;
    return cmd_for_each_puzzle(&opt, check_one, &opt);
}

static const struct cmd_spec rules_spec = {
    "rules",
    "usage: sudolab rules [NAME...]\n"
    "\n"
    "Lists the rules a puzzle can name in the sudolab line format, with what each\n"
    "means. Given NAMEs, describes each of those rules instead: its text form in\n"
    "a line's RULES, what each part of it means, and a line that uses it.\n"
    "constraints/README.md tells more of each (how it propagates).\n",
    NULL,
    NULL,
    NULL,
};

/* One rule's description, from its plugin's own fields. */
static void rules_describe(const struct constraint_ops *ops)
{
    printf("%s: %s\n\nform: %s\n\n%s\nexample:\n  %s\n", ops->name, ops->summary, ops->form,
           ops->arguments, ops->example);
}

/* `sudolab rules kropki`: a variant's name where a rule's goes. The
 * variant's rule names into buf, joined by ", ": 1, or 0 when name is
 * no variant (or one that does not load). */
static int rules_of_variant(const char *name, char *buf, size_t cap)
{
    struct variant_spec v;
    struct sl_error err = {0};
    if (variant_is_file(name) || variant_load(name, &v, &err)) return 0;
    size_t used = 0;
    buf[0] = '\0';
    for (const char *at = v.rules; *at && used < cap;) {
        size_t item = strcspn(at, ";"), rule = strcspn(at, ";:");
        int n = snprintf(buf + used, cap - used, "%s%.*s", used ? ", " : "", (int)rule, at);
        used += n > 0 ? (size_t)n : 0;
        at += item + (at[item] == ';');
    }
    return 1;
}

/* The refusal of an operand that names no rule: a variant's name told
 * as one, with its rules; else the closest rule's name. */
static int rules_unknown(const char *name)
{
    char msg[512], rules[256];
    if (rules_of_variant(name, rules, sizeof rules))
        return cmd_usage_error(&rules_spec,
                               "'%s' is a variant, not a rule ('sudolab variants' lists them); "
                               "its rules: %s",
                               name, rules);
    const char **known = malloc(((size_t)registry_count() + 1) * sizeof *known);
    if (!known) return cmd_usage_error(&rules_spec, "out of memory");
    for (int k = 0; k < registry_count(); k++) known[k] = registry_at(k)->name;
    known[registry_count()] = NULL;
    suggest_unknown("rule", name, known, msg, sizeof msg);
    free(known);
    return cmd_usage_error(&rules_spec, "%s", msg);
}

/* Every operand must name a rule before any is described, so a slip
 * among several prints no half answer. */
static int rules_describe_named(int count, char **names)
{
    for (int i = 0; i < count; i++)
        if (!registry_find(names[i], strlen(names[i]))) return rules_unknown(names[i]);
    for (int i = 0; i < count; i++) {
        if (i) putchar('\n');
        rules_describe(registry_find(names[i], strlen(names[i])));
    }
    return 0;
}

int cmd_rules(int argc, char **argv)
{
    struct cmd_options opt;
    int code = cmd_parse(&rules_spec, argc, argv, &opt);
    if (code >= 0) return code;
    if (opt.nfiles) return rules_describe_named(opt.nfiles, opt.files);
    for (int i = 0; i < registry_count(); i++)
        printf("%-10s %s\n", registry_at(i)->name, registry_at(i)->summary);
    return 0;
}
