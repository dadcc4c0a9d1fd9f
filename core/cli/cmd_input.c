/*
 * cmd_input.c — the puzzle loop shared by the subcommands (cmd.h).
 */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "format_variant.h"
#include "fpuzzles.h"
#include "variant.h"

/* --- The puzzle loop ------------------------------------------------------ */

struct loop {
    const struct cmd_options *opt;
    const struct cmd_input_share *share; /* how --jobs threads share the input */
    const struct variant_spec *variant;  /* --variant, loaded once */
    struct ruleset *rules;
    struct solver *solver;
    /* opt->settle_lean's: the last lean ruleset (rules.h), its solver,
     * and a search state of its size. */
    struct ruleset *lean_rules;
    struct solver *lean_solver;
    void *lean_state;
    uint8_t settled[SL_MAX_CELLS];  /* the grid a lean root settled */
    long rules_serial, lean_serial; /* each ruleset's number, from serials */
    long serials;
    FILE *out, *err; /* the current entry's streams */
    int status;
};

static int worst(int a, int b) { return a > b ? a : b; }

/* Every entry of the input (a puzzle, a bad one, a file that will not
 * open) is taken by one thread: 1 when this one, with its streams. */
static int loop_take(struct loop *loop)
{
    if (!loop->share->take) return 1;
    return loop->share->take(loop->share->job, &loop->out, &loop->err);
}

static void loop_error(const struct loop *loop, const char *file, const struct sl_error *err)
{
    sl_error_print(loop->err, file, err);
}

/* Makes rs (NULL for none) the loop's whole ruleset, with a new solver;
 * -1, holding none, when there is no ruleset or no solver. */
static int loop_set_rules(struct loop *loop, struct ruleset *rs, int size)
{
    solver_free(loop->solver);
    ruleset_free(loop->rules);
    loop->rules = rs;
    loop->solver = rs ? solver_new(rs) : NULL;
    loop->rules_serial = ++loop->serials;
    if (loop->solver == NULL) {
        ruleset_free(rs);
        loop->rules = NULL;
        return -1;
    }
    solver_set_node_limit(loop->solver, cmd_node_limit(loop->opt, size));
    return 0;
}

/* The ruleset for p: the last one when the rules are the same. */
static int prepare_rules(struct loop *loop, const struct puzzle *p, const char *file, long line)
{
    struct sl_error err = {0};
    if (loop->rules && ruleset_matches(loop->rules, p)) return 0;
    if (loop_set_rules(loop, ruleset_build(p, &err), p->geo.size)) {
        if (err.msg[0] == '\0') sl_error_set(&err, 0, 0, "out of memory");
        err.line = line;
        loop_error(loop, file, &err);
        return -1;
    }
    return 0;
}

static void lean_free(struct loop *loop)
{
    solver_free(loop->lean_solver);
    ruleset_free(loop->lean_rules);
    free(loop->lean_state);
    loop->lean_solver = NULL;
    loop->lean_rules = NULL;
    loop->lean_state = NULL;
}

/* A lean ruleset for p (the last one when the rules are the same), with
 * its solver and state; -1 when it cannot be built (the whole ruleset's
 * build then tells why). A ruleset that left nothing out becomes the
 * loop's whole one. */
static int prepare_lean(struct loop *loop, const struct puzzle *p)
{
    struct sl_error err = {0};
    if (loop->lean_rules && ruleset_matches(loop->lean_rules, p)) return 0;
    lean_free(loop);
    struct ruleset *rs = ruleset_build_lean(p, &err);
    if (rs == NULL) return -1;
    if (!rs->lean) { /* the whole ruleset, for prepare_rules to find */
        loop_set_rules(loop, rs, p->geo.size);
        return -1;
    }
    loop->lean_rules = rs;
    loop->lean_serial = ++loop->serials;
    loop->lean_solver = solver_new(rs);
    loop->lean_state = malloc(rs->state_bytes);
    if (loop->lean_solver && loop->lean_state) return 0;
    lean_free(loop);
    return -1;
}

/* 2 when puzzle_settle (no ruleset built), 1 when the root of p's lean
 * ruleset, leaves every cell one digit (into loop->settled), else 0: then
 * that grid is p's only solution, and a search of the whole ruleset would
 * find it at its root too. The whole ruleset is then never built, so a
 * limit only its derived sums could reach (rule groups) does not stop an
 * answer that is right without them. */
static int settle_lean(struct loop *loop, const struct puzzle *p)
{
    /* Without a ruleset at all (puzzle_settle) when a rule can; where that
     * leaves cells open, a lean root seldom settles them and costs more
     * than it saves (scripts/RESULTS_killer.md). */
    int settled = puzzle_settle(p, loop->settled);
    if (settled >= 0) return settled ? 2 : 0;
    if (loop->rules && ruleset_matches(loop->rules, p)) return 0;
    if (prepare_lean(loop, p)) return 0;
    int cell = 0;
    struct sl_error err = {0};
    if (ruleset_check_givens(loop->lean_rules, p->givens, &cell, &err) ||
        solver_root(loop->lean_solver, p->givens, loop->lean_state) != 1)
        return 0;
    const digitset *cand = loop->lean_state;
    for (int c = 0; c < p->geo.ncells; c++) {
        if (!digitset_is_single(cand[c])) return 0;
        loop->settled[c] = (uint8_t)digitset_first(cand[c]);
    }
    return 1;
}

static void visit_puzzle(struct loop *loop, const char *file, const struct puzzle *p,
                         const struct puzzle_source *where, cmd_visit visit, void *arg)
{
    struct sl_error err = {0};
    int cell = 0;
    int settled = loop->opt->settle_lean ? settle_lean(loop, p) : 0;
    if (settled) {
        int lean = settled == 1;
        struct cmd_puzzle item = {file,
                                  p,
                                  where,
                                  lean ? loop->lean_rules : NULL,
                                  lean ? loop->lean_solver : NULL,
                                  lean ? loop->lean_serial : 0,
                                  loop->out,
                                  loop->err,
                                  loop->settled};
        loop->status = worst(loop->status, visit(arg, &item));
        return;
    }
    if (prepare_rules(loop, p, file, where->line)) {
        loop->status = worst(loop->status, EXIT_BAD_INPUT);
        return;
    }
    if (ruleset_check_givens(loop->rules, p->givens, &cell, &err)) {
        err.line = where->cell_line[cell];
        err.col = where->cell_col[cell];
        loop_error(loop, file, &err);
        loop->status = worst(loop->status, EXIT_BAD_INPUT);
        return;
    }
    struct cmd_puzzle item = {
        file, p, where, loop->rules, loop->solver, loop->rules_serial, loop->out, loop->err, NULL};
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
        int mine = loop_take(loop);
        if (got < 0) {
            if (mine) loop_error(loop, file, &err);
            if (mine) loop->status = worst(loop->status, EXIT_BAD_INPUT);
            if (got == -2) break;
            continue;
        }
        if (!mine) {
            puzzle_clear(&p);
            continue;
        }
        if (where->warning.msg[0]) {
            if (where->warning.line == 0) where->warning.line = where->line;
            loop_error(loop, file, &where->warning);
        }
        if (loop->variant && variant_apply(loop->variant, &p, &err)) {
            err.line = where->line;
            loop_error(loop, file, &err);
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

/* --- An operand that names no file ---------------------------------------- */

/* Whether text reads as puzzles, every one well formed (read quietly). */
static int operand_reads(const struct cmd_options *opt, const char *text)
{
    FILE *in = fmemopen((void *)text, strlen(text), "r");
    struct puzzle_reader *reader = in ? reader_open(in, &opt->reader) : NULL;
    struct puzzle_source *where = malloc(sizeof *where);
    int good = 0, bad = !reader || !where;
    while (!bad) {
        struct sl_error err = {0};
        struct puzzle p;
        int got = reader_next(reader, &p, where, &err);
        if (got <= 0) {
            bad = got < 0;
            break;
        }
        good++;
        puzzle_clear(&p);
    }
    reader_close(reader);
    free(where);
    if (in) fclose(in);
    return good > 0 && !bad;
}

/* Whether a word that is neither a file nor a puzzle was meant as a file:
 * it has a folder or an extension, a character no puzzle line has, or is
 * too short for a grid. A line with blanks or a ':' (a sudolab line, a
 * Solo ID) is a puzzle with a mistake, told as such. */
static int operand_names_file(const char *text)
{
    size_t len = strlen(text);
    if (strpbrk(text, " \t\r\n:")) return 0;
    if (strchr(text, '/') || len < 16) return 1;
    for (const char *c = text; *c; c++) {
        int symbol = isalnum((unsigned char)*c) || *c == '.';
        if (!symbol || (c[0] == '.' && isalpha((unsigned char)c[1]))) return 1;
    }
    return 0;
}

/* `sudolab hint 53..7....`: an operand that names no file is the puzzle
 * itself, unless it reads as none and looks like a file's name (a typo
 * in one must say "cannot open", not blame a letter of the name). Returns
 * 0 when it was read. */
static int read_operand(struct loop *loop, const char *name, cmd_visit visit, void *arg)
{
    if (!operand_reads(loop->opt, name) && operand_names_file(name)) return -1;
    FILE *in = fmemopen((void *)name, strlen(name), "r");
    if (!in) return -1;
    read_stream(loop, in, "<argument>", visit, arg);
    fclose(in);
    return 0;
}

/* A pasted f-puzzles or SudokuPad link is a puzzle wherever a file may
 * be named: no file has such a name. */
static int operand_is_link(const char *name)
{
    return strstr(name, "://") && fpuzzles_detect(name, strlen(name)) == FPUZZLES_CODE;
}

/* An input read whole beforehand (cmd_input_share's texts). */
static void read_held(struct loop *loop, const struct cmd_input_text *held, const char *file,
                      cmd_visit visit, void *arg)
{
    if (held->len == 0) return;
    FILE *in = fmemopen((void *)held->text, held->len, "r");
    if (!in) {
        fprintf(stderr, "%s: out of memory\n", file);
        loop->status = worst(loop->status, EXIT_BAD_INPUT);
        return;
    }
    read_stream(loop, in, file, visit, arg);
    fclose(in);
}

static void read_file(struct loop *loop, const char *name, cmd_visit visit, void *arg)
{
    FILE *in = fopen(name, "rb");
    if (in == NULL && errno == ENOENT && (loop->opt->text_operands || operand_is_link(name))) {
        if (read_operand(loop, name, visit, arg) == 0) return;
        errno = ENOENT;
    }
    if (in == NULL) {
        int why = errno;
        if (loop_take(loop)) {
            fprintf(loop->err, "%s: cannot open: %s\n", name, strerror(why));
            loop->status = worst(loop->status, EXIT_BAD_INPUT);
        }
        return;
    }
    read_stream(loop, in, name, visit, arg);
    fclose(in);
}

int cmd_input_run(const struct cmd_options *opt, cmd_visit visit, void *arg,
                  const struct cmd_input_share *share)
{
    struct loop loop = {
        .opt = opt, .share = share, .variant = share->variant, .out = stdout, .err = stderr};
    struct variant_spec variant;
    if (opt->variant && !loop.variant) {
        struct sl_error err = {0};
        if (variant_load(opt->variant, &variant, &err)) {
            fprintf(stderr, "--variant %s: %s\n", opt->variant, err.msg);
            return EXIT_BAD_INPUT;
        }
        loop.variant = &variant;
    }
    for (int i = 0; i < (opt->nfiles ? opt->nfiles : 1); i++) {
        const char *name = opt->nfiles ? opt->files[i] : "-";
        const char *shown = strcmp(name, "-") == 0 ? "<stdin>" : name;
        if (share->texts && share->texts[i].held)
            read_held(&loop, &share->texts[i], shown, visit, arg);
        else if (strcmp(name, "-") == 0)
            read_stream(&loop, stdin, shown, visit, arg);
        else
            read_file(&loop, name, visit, arg);
    }
    solver_free(loop.solver);
    ruleset_free(loop.rules);
    lean_free(&loop);
    return loop.status;
}

int cmd_for_each_puzzle(const struct cmd_options *opt, cmd_visit visit, void *arg)
{
    static const struct cmd_input_share alone = {0};
    return cmd_input_run(opt, visit, arg, &alone);
}

uint64_t cmd_node_limit(const struct cmd_options *opt, int size)
{
    if (opt->max_nodes) return opt->max_nodes;
    return size > opt->default_nodes_above ? opt->default_nodes : 0;
}

void cmd_report_gave_up(const struct cmd_puzzle *item, uint64_t nodes)
{
    fprintf(item->err, "%s:%ld: search gave up after %llu nodes (raise --max-nodes)\n", item->file,
            item->where->line, (unsigned long long)nodes);
}
