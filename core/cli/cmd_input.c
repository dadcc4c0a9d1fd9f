/*
 * cmd_input.c — the puzzle loop shared by the subcommands (cmd.h): a
 * loop's handling of one entry at a time (cmd_feed.h), with its thread's
 * own rulesets and solvers, and the loop of one thread over the feed.
 */
#include <stdlib.h>
#include <string.h>

#include "cmd_feed.h"
#include "cmd_flush.h"
#include "json.h"
#include "variant.h"

/* --- The puzzle loop ------------------------------------------------------ */

struct cmd_loop {
    const struct cmd_options *opt;
    const struct variant_spec *variant; /* --variant, loaded once */
    cmd_visit visit;
    void *arg;
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
    long visits; /* puzzles handed to visit */
};

static int worst(int a, int b) { return a > b ? a : b; }

static void loop_error(const struct cmd_loop *loop, const char *file, const struct sl_error *err)
{
    sl_error_print(loop->err, file, err);
}

/* Makes rs (NULL for none) the loop's whole ruleset, with a new solver;
 * -1, holding none, when there is no ruleset or no solver. */
static int loop_set_rules(struct cmd_loop *loop, struct ruleset *rs, int size)
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

/* 1 when rs (NULL: none) is the ruleset for p, read from where. */
static int rules_fit(const struct ruleset *rs, const struct puzzle *p,
                     const struct puzzle_source *where)
{
    size_t len;
    const char *field = source_rules_field(where, &len);
    return rs && ruleset_matches_field(rs, p, field, len);
}

/* rs, just built from the puzzle read from where, keeps where's rules
 * field, so that the next puzzle of the same field is known to fit
 * without its rules being written out. Out of memory it keeps none,
 * and the matches write the rules out. */
static void keep_source_field(struct ruleset *rs, const struct puzzle_source *where)
{
    size_t len;
    const char *field = source_rules_field(where, &len);
    ruleset_keep_field(rs, field, len);
}

/* The ruleset for p: the last one when the rules are the same. */
static int prepare_rules(struct cmd_loop *loop, const struct puzzle *p,
                         const struct puzzle_source *where, const char *file)
{
    struct sl_error err = {0};
    if (rules_fit(loop->rules, p, where)) return 0;
    if (loop_set_rules(loop, ruleset_build(p, &err), p->geo.size)) {
        if (err.msg[0] == '\0') sl_error_set(&err, 0, 0, "out of memory");
        err.line = where->line;
        loop_error(loop, file, &err);
        return -1;
    }
    keep_source_field(loop->rules, where);
    return 0;
}

static void lean_free(struct cmd_loop *loop)
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
static int prepare_lean(struct cmd_loop *loop, const struct puzzle *p,
                        const struct puzzle_source *where)
{
    struct sl_error err = {0};
    if (rules_fit(loop->lean_rules, p, where)) return 0;
    lean_free(loop);
    struct ruleset *rs = ruleset_build_lean(p, &err);
    if (rs == NULL) return -1;
    keep_source_field(rs, where);
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
static int settle_lean(struct cmd_loop *loop, const struct puzzle *p,
                       const struct puzzle_source *where)
{
    /* Without a ruleset at all (puzzle_settle) when a rule can; where that
     * leaves cells open, a lean root seldom settles them and costs more
     * than it saves (scripts/RESULTS_killer.md). */
    int settled = puzzle_settle(p, loop->settled);
    if (settled >= 0) return settled ? 2 : 0;
    if (rules_fit(loop->rules, p, where)) return 0;
    if (prepare_lean(loop, p, where)) return 0;
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

static void visit_puzzle(struct cmd_loop *loop, const char *file, const struct puzzle *p,
                         const struct puzzle_source *where)
{
    struct sl_error err = {0};
    int cell = 0;
    int settled = loop->opt->settle_lean ? settle_lean(loop, p, where) : 0;
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
        loop->visits++;
        loop->status = worst(loop->status, loop->visit(loop->arg, &item));
        return;
    }
    if (prepare_rules(loop, p, where, file)) {
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
    loop->visits++;
    loop->status = worst(loop->status, loop->visit(loop->arg, &item));
}

/* --- Entries -------------------------------------------------------------- */

static void loop_puzzle(struct cmd_loop *loop, struct cmd_entry *e)
{
    struct puzzle_source *where = e->where;
    struct sl_error err = {0};
    if (where->warning.msg[0]) {
        if (where->warning.line == 0) where->warning.line = where->line;
        loop_error(loop, e->file, &where->warning);
    }
    if (loop->variant) where->rules_len = 0; /* the rules are no longer the field's alone */
    if (loop->variant && variant_apply(loop->variant, &e->puzzle, &err)) {
        err.line = where->line;
        loop_error(loop, e->file, &err);
        loop->status = worst(loop->status, EXIT_BAD_INPUT);
        return;
    }
    visit_puzzle(loop, e->file, &e->puzzle, where);
}

void cmd_loop_entry(struct cmd_loop *loop, struct cmd_entry *e, FILE *out, FILE *err)
{
    loop->out = out, loop->err = err;
    switch (e->kind) {
    case ENTRY_PUZZLE:
        loop_puzzle(loop, e);
        puzzle_clear(&e->puzzle);
        return;
    case ENTRY_BAD: loop_error(loop, e->file, &e->err); break;
    case ENTRY_UNOPENED:
        /* An empty name ('' from an unset shell variable) began the line
         * with a bare ": cannot open". */
        if (e->file[0] == '\0')
            fprintf(err, "'': cannot open: the name is empty\n");
        else
            fprintf(err, "%s: cannot open: %s\n", e->file, strerror(e->why));
        break;
    case ENTRY_UNOPENED_PUZZLE:
        fprintf(err,
                "%s: cannot open: %s; it reads as a puzzle, which this command takes from a "
                "file or standard input (hint and play take one as an operand)\n",
                e->file, strerror(e->why));
        break;
    default: fprintf(err, "%s: out of memory\n", e->file); break;
    }
    loop->status = worst(loop->status, EXIT_BAD_INPUT);
}

struct cmd_loop *cmd_loop_new(const struct cmd_options *opt, const struct variant_spec *variant,
                              cmd_visit visit, void *arg)
{
    struct cmd_loop *loop = calloc(1, sizeof *loop);
    if (!loop) return NULL;
    loop->opt = opt, loop->variant = variant;
    loop->visit = visit, loop->arg = arg;
    return loop;
}

int cmd_loop_free(struct cmd_loop *loop)
{
    solver_free(loop->solver);
    ruleset_free(loop->rules);
    lean_free(loop);
    int status = loop->status;
    free(loop);
    return status;
}

/* --- One thread ------------------------------------------------------------ */

/* Every entry of the feed through the loop, in order. */
static int for_each_entry(const struct cmd_options *opt, const struct variant_spec *variant,
                          cmd_visit visit, void *arg)
{
    struct cmd_loop *loop = cmd_loop_new(opt, variant, visit, arg);
    struct cmd_feed *feed = cmd_feed_open(opt);
    struct cmd_entry e;
    FILE *sink = opt->quiet_entries ? fopen("/dev/null", "w") : NULL;
    int ready = cmd_entry_init(&e) == 0 && loop && feed && (sink || !opt->quiet_entries);
    struct cmd_flush_pace pace;
    cmd_flush_pace_init(&pace);
    /* Output that cannot be written (a reader gone with SIGPIPE ignored,
     * a full disk) stops the reading: the rest would be work for nothing,
     * and main tells the failure. */
    while (ready && !(opt->first_puzzle_only && loop->visits) &&
           !(opt->stop_reading && *opt->stop_reading) && !ferror(stdout) &&
           cmd_feed_next(feed, &e)) {
        cmd_loop_entry(loop, &e, stdout, sink ? sink : stderr);
        if (cmd_feed_would_wait(feed))
            fflush(stdout);
        else
            cmd_flush_paced(&pace);
    }
    if (sink) fclose(sink);
    cmd_entry_free(&e);
    cmd_feed_close(feed);
    int status = loop ? cmd_loop_free(loop) : EXIT_BAD_INPUT;
    if (!ready) fputs("sudolab: out of memory\n", stderr);
    return ready ? status : EXIT_BAD_INPUT;
}

int cmd_for_each_puzzle(const struct cmd_options *opt, cmd_visit visit, void *arg)
{
    struct variant_spec variant;
    struct sl_error err = {0};
    if (opt->variant && variant_load(opt->variant, &variant, &err)) {
        fprintf(stderr, "--variant %s: %s\n", opt->variant, err.msg);
        return EXIT_BAD_INPUT;
    }
    return for_each_entry(opt, opt->variant ? &variant : NULL, visit, arg);
}

uint64_t cmd_node_limit(const struct cmd_options *opt, int size)
{
    if (opt->max_nodes) return opt->max_nodes;
    return size > opt->default_nodes_above ? opt->default_nodes : 0;
}

void cmd_json_place(FILE *out, const struct cmd_puzzle *item)
{
    fputs("{\"file\":", out);
    json_write_string(out, item->file);
    fprintf(out, ",\"line\":%ld,", item->where->line);
}

void cmd_report_gave_up(const struct cmd_puzzle *item, uint64_t nodes)
{
    fprintf(item->err, "%s:%ld: search gave up after %llu nodes (raise --max-nodes)\n", item->file,
            item->where->line, (unsigned long long)nodes);
}
