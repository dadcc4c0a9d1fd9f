/*
 * cmd_input.c — option parsing and the puzzle loop shared by the
 * subcommands (cmd.h).
 */
#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "format_variant.h"
#include "variant.h"

static const struct option long_options[] = {
    {"size", required_argument, NULL, 's'},
    {"boxes", required_argument, NULL, 'b'},
    {"pretty", no_argument, NULL, 'p'},
    {"limit", required_argument, NULL, 'l'},
    {"seed", required_argument, NULL, 'S'},
    {"count", required_argument, NULL, 'c'},
    {"runs", required_argument, NULL, 'r'},
    {"max-nodes", required_argument, NULL, 'n'},
    {"format", required_argument, NULL, 'f'},
    {"to", required_argument, NULL, 't'},
    {"variant", required_argument, NULL, 'V'},
    {"json", no_argument, NULL, 'j'},
    {"explain", no_argument, NULL, 'e'},
    {"state", required_argument, NULL, 'a'},
    {"jobs", required_argument, NULL, 'J'},
    {"shard", required_argument, NULL, 'H'},
    {"stats", no_argument, NULL, 'T'},
    {"clues", required_argument, NULL, 'C'},
    {"symmetry", required_argument, NULL, 'Y'},
    {"strategy", required_argument, NULL, 'G'},
    {"grade", required_argument, NULL, 'g'},
    {"rating", required_argument, NULL, 'R'},
    {"output", required_argument, NULL, 'o'},
    {"out", required_argument, NULL, 'O'},
    {"require-charts", no_argument, NULL, 'Q'},
    {"help", no_argument, NULL, 'h'},
    {NULL, 0, NULL, 0},
};

/* "--name" of an option letter, from the table above, for messages. */
static void option_name(int letter, char *buf, size_t cap)
{
    const struct option *o = long_options;
    while (o->name && o->val != letter) o++;
    snprintf(buf, cap, "--%s", o->name ? o->name : "?");
}

static int usage_error(const struct cmd_spec *spec, const char *what, const char *value)
{
    fprintf(stderr, "sudolab %s: %s '%s'\n(see 'sudolab %s --help')\n", spec->name, what, value,
            spec->name);
    return EXIT_BAD_INPUT;
}

/* A whole decimal number in [low, high], or -1 into *ok. */
static unsigned long long parse_number(const char *text, unsigned long long low,
                                       unsigned long long high, int *ok)
{
    char *end;
    errno = 0;
    unsigned long long v = strtoull(text, &end, 10);
    *ok = text[0] >= '0' && text[0] <= '9' && *end == '\0' && errno == 0 && v >= low && v <= high;
    return v;
}

static int parse_boxes(const char *text, struct reader_options *r)
{
    int rows, cols, used = 0;
    if (strcmp(text, "none") == 0) {
        r->box_rows = -1;
        return 0;
    }
    if (sscanf(text, "%dx%d%n", &rows, &cols, &used) != 2 || text[used] != '\0' || rows < 1 ||
        cols < 1 || rows > SL_MAX_SIZE || cols > SL_MAX_SIZE)
        return -1;
    r->box_rows = rows;
    r->box_cols = cols;
    return 0;
}

/* "I/N" with 1 <= I <= N. */
static int parse_shard(const char *text, struct cmd_options *opt)
{
    int i, n, used = 0;
    if (sscanf(text, "%d/%d%n", &i, &n, &used) != 2 || text[used] != '\0' || n < 1 || i < 1 ||
        i > n)
        return -1;
    opt->shard_index = i;
    opt->shard_count = n;
    return 0;
}

/* "LOW-HIGH" or one rating "X" (a band of one tenth around it). */
static int parse_rating(const char *text, struct cmd_options *opt)
{
    double low, high;
    int used = 0;
    if (sscanf(text, "%lf-%lf%n", &low, &high, &used) == 2 && text[used] == '\0') {
    } else if (sscanf(text, "%lf%n", &low, &used) == 1 && text[used] == '\0') {
        high = low;
    } else {
        return -1;
    }
    if (!(low >= 1.0 && high >= low && high <= 20.0)) return -1;
    opt->rating_low = low;
    opt->rating_high = high;
    return 0;
}

static int apply_option(const struct cmd_spec *spec, int letter, const char *arg,
                        struct cmd_options *opt)
{
    int ok = 1;
    switch (letter) {
    case 's': opt->reader.size = (int)parse_number(arg, 1, SL_MAX_SIZE, &ok); break;
    case 'b': ok = parse_boxes(arg, &opt->reader) == 0; break;
    case 'p': opt->pretty = 1; break;
    case 'l': opt->limit = (long)parse_number(arg, 1, 1000000000, &ok); break;
    case 'S': opt->seed = parse_number(arg, 0, UINT64_MAX, &ok); break;
    case 'c': opt->count = (long)parse_number(arg, 1, 1000000000, &ok); break;
    case 'r': opt->runs = (long)parse_number(arg, 1, 1000, &ok); break;
    case 'n': opt->max_nodes = parse_number(arg, 1, UINT64_MAX, &ok); break;
    case 'f': ok = (opt->reader.formats = format_by_name(arg)) != 0; break;
    case 't': ok = (opt->to = cmd_output_by_name(arg)) >= 0; break;
    case 'V': opt->variant = arg; break;
    case 'j': opt->json = 1; break;
    case 'e': opt->explain = 1; break;
    case 'a': opt->state = arg; break;
    case 'J': opt->jobs = (int)parse_number(arg, 1, 256, &ok); break;
    case 'H': ok = parse_shard(arg, opt) == 0; break;
    case 'T': opt->stats = 1; break;
    case 'C': opt->clues = (int)parse_number(arg, 1, SL_MAX_CELLS, &ok); break;
    case 'Y': opt->symmetry = arg; break;
    case 'G': opt->strategy = arg; break;
    case 'g': opt->grade = arg; break;
    case 'R': ok = parse_rating(arg, opt) == 0; break;
    case 'o': opt->output = arg; break;
    case 'O': opt->out_dir = arg; break;
    case 'Q': opt->require_charts = 1; break;
    }
    if (!ok) return usage_error(spec, "bad value", arg);
    return -1;
}

int cmd_parse(const struct cmd_spec *spec, int argc, char **argv, struct cmd_options *opt)
{
    *opt = (struct cmd_options){.limit = 2,
                                .seed = 1,
                                .count = 1,
                                .runs = 1,
                                .jobs = 1,
                                .shard_index = 1,
                                .shard_count = 1};
    optind = 1;
    opterr = 0;
    for (;;) {
        int index = 0,
            letter = getopt_long(argc, argv, "+s:b:pl:S:c:r:n:f:t:V:jea:J:H:TC:Y:G:g:R:o:O:Qh",
                                 long_options, &index);
        if (letter == -1) break;
        if (letter == 'h') {
            fputs(spec->usage, stdout);
            return 0;
        }
        if (letter == '?' || letter == ':')
            return usage_error(spec, "unknown option, or one missing its value", argv[optind - 1]);
        if (strchr(spec->accepts, letter) == NULL) {
            char name[32];
            option_name(letter, name, sizeof name);
            return usage_error(spec, "this command does not take the option", name);
        }
        int code = apply_option(spec, letter, optarg, opt);
        if (code >= 0) return code;
    }
    opt->nfiles = argc - optind;
    opt->files = argv + optind;
    return -1;
}

/* --- The puzzle loop ------------------------------------------------------ */

struct loop {
    const struct cmd_options *opt;
    const struct variant_spec *variant; /* --variant, loaded once */
    struct ruleset *rules;
    struct solver *solver;
    long rules_serial;
    int status;
};

static int worst(int a, int b) { return a > b ? a : b; }

/* The ruleset for p: the last one when the rules are the same. */
static int prepare_rules(struct loop *loop, const struct puzzle *p, const char *file, long line)
{
    struct sl_error err = {0};
    if (loop->rules && ruleset_matches(loop->rules, p)) return 0;
    solver_free(loop->solver);
    ruleset_free(loop->rules);
    loop->solver = NULL;
    loop->rules = ruleset_build(p, &err);
    loop->rules_serial++;
    if (loop->rules) loop->solver = solver_new(loop->rules);
    if (loop->solver == NULL) {
        if (err.msg[0] == '\0') sl_error_set(&err, 0, 0, "out of memory");
        err.line = line;
        sl_error_print(stderr, file, &err);
        return -1;
    }
    solver_set_node_limit(loop->solver, loop->opt->max_nodes);
    return 0;
}

static void visit_puzzle(struct loop *loop, const char *file, const struct puzzle *p,
                         const struct puzzle_source *where, cmd_visit visit, void *arg)
{
    struct sl_error err = {0};
    int cell = 0;
    if (prepare_rules(loop, p, file, where->line)) {
        loop->status = worst(loop->status, EXIT_BAD_INPUT);
        return;
    }
    if (ruleset_check_givens(loop->rules, p->givens, &cell, &err)) {
        err.line = where->cell_line[cell];
        err.col = where->cell_col[cell];
        sl_error_print(stderr, file, &err);
        loop->status = worst(loop->status, EXIT_BAD_INPUT);
        return;
    }
    struct cmd_puzzle item = {file, p, where, loop->rules, loop->solver, loop->rules_serial};
    loop->status = worst(loop->status, visit(arg, &item));
}

static void read_stream(struct loop *loop, FILE *in, const char *file, cmd_visit visit, void *arg)
{
    struct puzzle_reader *reader = reader_open(in, &loop->opt->reader);
    struct puzzle_source *where = malloc(sizeof *where);
    struct puzzle p;
    if (reader == NULL || where == NULL) {
        reader_close(reader);
        free(where);
        fprintf(stderr, "%s: out of memory\n", file);
        loop->status = worst(loop->status, EXIT_BAD_INPUT);
        return;
    }
    for (;;) {
        struct sl_error err = {0};
        int got = reader_next(reader, &p, where, &err);
        if (got == 0) break;
        if (got < 0) {
            sl_error_print(stderr, file, &err);
            loop->status = worst(loop->status, EXIT_BAD_INPUT);
            if (got == -2) break;
            continue;
        }
        if (loop->variant && variant_apply(loop->variant, &p, &err)) {
            err.line = where->line;
            sl_error_print(stderr, file, &err);
            loop->status = worst(loop->status, EXIT_BAD_INPUT);
            puzzle_clear(&p);
            continue;
        }
        visit_puzzle(loop, file, &p, where, visit, arg);
        puzzle_clear(&p);
    }
    reader_close(reader);
    free(where);
}

int cmd_for_each_puzzle(const struct cmd_options *opt, cmd_visit visit, void *arg)
{
    struct loop loop = {.opt = opt};
    struct variant_spec variant;
    if (opt->variant) {
        struct sl_error err = {0};
        if (variant_load(opt->variant, &variant, &err)) {
            fprintf(stderr, "--variant %s: %s\n", opt->variant, err.msg);
            return EXIT_BAD_INPUT;
        }
        loop.variant = &variant;
    }
    if (opt->nfiles == 0) read_stream(&loop, stdin, "<stdin>", visit, arg);
    for (int i = 0; i < opt->nfiles; i++) {
        const char *name = opt->files[i];
        if (strcmp(name, "-") == 0) {
            read_stream(&loop, stdin, "<stdin>", visit, arg);
            continue;
        }
        FILE *in = fopen(name, "rb");
        if (in == NULL && errno == ENOENT && opt->text_operands) {
            /* `sudolab hint 53..7....`: the operand is the puzzle. */
            in = fmemopen((void *)name, strlen(name), "r");
            if (in) read_stream(&loop, in, "<argument>", visit, arg), fclose(in);
            if (in) continue;
        }
        if (in == NULL) {
            fprintf(stderr, "%s: cannot open: %s\n", name, strerror(errno));
            loop.status = worst(loop.status, EXIT_BAD_INPUT);
            continue;
        }
        read_stream(&loop, in, name, visit, arg);
        fclose(in);
    }
    solver_free(loop.solver);
    ruleset_free(loop.rules);
    return loop.status;
}

void cmd_report_gave_up(const struct cmd_puzzle *item, uint64_t nodes)
{
    fprintf(stderr, "%s:%ld: search gave up after %llu nodes (raise --max-nodes)\n", item->file,
            item->where->line, (unsigned long long)nodes);
}
