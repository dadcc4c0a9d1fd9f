/*
 * sudolab.c — see sudolab.h. A handle is a puzzle read by the command's
 * reader, its givens checked and its rules compiled when it is made, so
 * that solving, counting and rating find a ready solver.
 */
#include "sudolab.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "format.h"
#include "format_variant.h"
#include "generate.h"
#include "rate.h"
#include "rules.h"
#include "search.h"

#ifndef SUDOLAB_VERSION
#error "the build defines SUDOLAB_VERSION from the project's version (CMakeLists.txt)"
#endif

struct sudolab_puzzle {
    int parsed; /* puzzle, rules and solver are set */
    struct puzzle puzzle;
    struct ruleset *rules;
    struct solver *solver;
    char *line;          /* sudolab_line's text, made when first asked (or the generator's) */
    int node_limit_set;  /* sudolab_set_node_limit was called: node_limit for all */
    uint64_t node_limit; /* ... its value (0: none) */
    char errmsg[512];
};

const char *sudolab_version(void) { return SUDOLAB_VERSION; }

__attribute__((format(printf, 3, 4))) static int api_fail(sudolab_puzzle *p, int code,
                                                          const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(p->errmsg, sizeof p->errmsg, fmt, ap);
    va_end(ap);
    return code;
}

/* An error of the reader or the rules, with its place in the text. */
static int api_fail_at(sudolab_puzzle *p, const struct sl_error *err)
{
    if (err->line && err->col)
        return api_fail(p, SUDOLAB_ERROR, "%ld:%ld: %s", err->line, err->col, err->msg);
    if (err->line) return api_fail(p, SUDOLAB_ERROR, "%ld: %s", err->line, err->msg);
    return api_fail(p, SUDOLAB_ERROR, "%s", err->msg[0] ? err->msg : "out of memory");
}

/* A fresh handle in *out, or NULL when memory ran out (or out is NULL:
 * there is nowhere to put one). */
static sudolab_puzzle *api_new(sudolab_puzzle **out)
{
    if (out == NULL) return NULL;
    *out = calloc(1, sizeof **out);
    return *out;
}

/* The rules compiled and the givens checked against them. */
static int api_compile(sudolab_puzzle *p, const struct puzzle_source *where)
{
    struct sl_error err = {0};
    int cell = 0;
    p->rules = ruleset_build(&p->puzzle, &err);
    p->solver = p->rules ? solver_new(p->rules) : NULL;
    if (p->solver == NULL) {
        err.line = where->line;
        return api_fail_at(p, &err);
    }
    if (ruleset_check_givens(p->rules, p->puzzle.givens, &cell, &err)) {
        err.line = where->cell_line[cell];
        err.col = where->cell_col[cell];
        return api_fail_at(p, &err);
    }
    return SUDOLAB_OK;
}

/* Reads the one puzzle of text into p; a second puzzle is an error. */
static int api_read(sudolab_puzzle *p, const char *text)
{
    struct sl_error err = {0};
    struct puzzle extra;
    FILE *in = fmemopen((void *)text, strlen(text), "r");
    struct puzzle_reader *r = in ? reader_open(in, NULL) : NULL;
    struct puzzle_source *where = malloc(sizeof *where);
    int got = r && where ? reader_next(r, &p->puzzle, where, &err) : -3;
    int rc = SUDOLAB_OK;
    if (got == 1) {
        p->parsed = 1;
        rc = api_compile(p, where);
        long line = where->line;
        int more = rc == SUDOLAB_OK ? reader_next(r, &extra, where, &err) : 0;
        if (more == 1) puzzle_clear(&extra);
        if (more == 1)
            rc = api_fail(p, SUDOLAB_ERROR, "%ld: a second puzzle after the one of line %ld",
                          where->line, line);
        else if (more < 0)
            rc = api_fail_at(p, &err);
    } else {
        rc = got == 0    ? api_fail(p, SUDOLAB_ERROR, "no puzzle in the text")
             : got == -3 ? api_fail(p, SUDOLAB_ERROR, "out of memory")
                         : api_fail_at(p, &err);
    }
    reader_close(r);
    if (in) fclose(in);
    free(where);
    if (rc != SUDOLAB_OK && p->parsed) {
        solver_free(p->solver);
        ruleset_free(p->rules);
        puzzle_clear(&p->puzzle);
        p->solver = NULL, p->rules = NULL, p->parsed = 0;
    }
    return rc;
}

int sudolab_parse(const char *text, sudolab_puzzle **out)
{
    sudolab_puzzle *p = api_new(out);
    if (p == NULL) return SUDOLAB_ERROR;
    if (text == NULL || text[0] == '\0') return api_fail(p, SUDOLAB_ERROR, "no puzzle in the text");
    return api_read(p, text);
}

int sudolab_generate(const char *variant, unsigned long long seed, const char *grade,
                     sudolab_puzzle **out)
{
    sudolab_puzzle *p = api_new(out);
    if (p == NULL) return SUDOLAB_ERROR;
    if (grade && grade_by_name(grade) < 0) {
        char names[128] = "";
        for (int g = 0; g < GRADE_COUNT; g++)
            snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s", g ? ", " : "",
                     grade_name((enum grade)g));
        return api_fail(p, SUDOLAB_ERROR, "'%s' is not a grade (%s)", grade, names);
    }
    struct generate_request req = {.variant = variant ? variant : "classic", .grade = grade};
    struct sl_error err = {0};
    struct generated *made = malloc(sizeof *made);
    struct generator *g = made ? generator_new(&req, &err) : NULL;
    int rc;
    if (g == NULL || generator_make(g, generate_seed(seed, 0), made, &err))
        rc = api_fail(p, SUDOLAB_ERROR, "%s", err.msg[0] ? err.msg : "out of memory");
    else if ((rc = api_read(p, made->line)) == SUDOLAB_OK && !(p->line = strdup(made->line)))
        rc = api_fail(p, SUDOLAB_ERROR, "out of memory");
    generator_free(g);
    free(made);
    return rc;
}

void sudolab_free(sudolab_puzzle *p)
{
    if (p == NULL) return;
    if (p->parsed) puzzle_clear(&p->puzzle);
    solver_free(p->solver);
    ruleset_free(p->rules);
    free(p->line);
    free(p);
}

const char *sudolab_errmsg(const sudolab_puzzle *p) { return p ? p->errmsg : "out of memory"; }

int sudolab_size(const sudolab_puzzle *p) { return p && p->parsed ? p->puzzle.geo.size : 0; }

/* Starts a call on p: 0 when it holds a puzzle (its last error cleared).
 * A handle that did not parse keeps saying why. */
static int api_begin(sudolab_puzzle *p)
{
    if (p == NULL || !p->parsed) return -1;
    p->errmsg[0] = '\0';
    return 0;
}

const char *sudolab_line(sudolab_puzzle *p)
{
    if (api_begin(p)) return NULL;
    if (p->line) return p->line;
    const struct puzzle *z = &p->puzzle;
    struct geometry usual;
    /* The givens alone say all when the reader's defaults restore the rest. */
    int classic = z->nrules == 1 && strcmp(z->rules[0].ops->name, "classic") == 0 &&
                  z->geo.size <= 9 && geometry_init_default(&usual, z->geo.size, NULL) == 0 &&
                  usual.box_rows == z->geo.box_rows && usual.box_cols == z->geo.box_cols;
    int len = classic ? z->geo.ncells : format_sudolab_line(z, NULL, 0);
    p->line = len >= 0 ? malloc((size_t)len + 1) : NULL;
    if (p->line == NULL) return api_fail(p, SUDOLAB_ERROR, "out of memory"), NULL;
    if (!classic) {
        format_sudolab_line(z, p->line, (size_t)len + 1);
        return p->line;
    }
    for (int c = 0; c < len; c++) p->line[c] = geometry_symbol(z->givens[c]);
    p->line[len] = '\0';
    return p->line;
}

/* The nodes a search may take: the caller's limit, else the command's
 * default (sudolab_limits.h) for puzzles larger than bounded_above. */
static uint64_t api_nodes(const sudolab_puzzle *p, uint64_t command_default, int bounded_above)
{
    if (p->node_limit_set) return p->node_limit;
    return p->puzzle.geo.size > bounded_above ? command_default : 0;
}

/* A count on p's solver under a node limit. */
static struct search_result api_count(sudolab_puzzle *p, uint64_t nodes, long limit,
                                      uint8_t *solution)
{
    solver_set_node_limit(p->solver, nodes);
    return solver_count(p->solver, p->puzzle.givens, limit, solution, NULL);
}

static int api_gave_up(sudolab_puzzle *p, uint64_t nodes)
{
    return api_fail(p, SUDOLAB_GAVE_UP,
                    "the search gave up after %llu nodes (sudolab_set_node_limit raises it)",
                    (unsigned long long)nodes);
}

unsigned long long sudolab_node_limit(const sudolab_puzzle *p)
{
    if (p == NULL || !p->parsed) return 0;
    return api_nodes(p, CLI_SOLVE_NODES, CLI_SOLVE_BOUNDED_ABOVE);
}

int sudolab_set_node_limit(sudolab_puzzle *p, unsigned long long nodes)
{
    if (api_begin(p)) return SUDOLAB_ERROR;
    p->node_limit_set = 1;
    p->node_limit = nodes;
    return SUDOLAB_OK;
}

int sudolab_solve(sudolab_puzzle *p, char *out, size_t cap)
{
    if (api_begin(p)) return SUDOLAB_ERROR;
    int n = p->puzzle.geo.ncells;
    uint8_t solution[SL_MAX_CELLS];
    if (out == NULL || cap < (size_t)n + 1)
        return api_fail(p, SUDOLAB_ERROR, "the solution needs %d bytes, not %s", n + 1,
                        out ? "fewer" : "a NULL buffer");
    uint64_t nodes = api_nodes(p, CLI_SOLVE_NODES, CLI_SOLVE_BOUNDED_ABOVE);
    struct search_result r = api_count(p, nodes, 1, solution);
    if (r.gave_up) return api_gave_up(p, nodes);
    if (r.solutions == 0) return api_fail(p, SUDOLAB_UNSOLVED, "no solution");
    for (int c = 0; c < n; c++) out[c] = geometry_symbol(solution[c]);
    out[n] = '\0';
    return SUDOLAB_OK;
}

int sudolab_count(sudolab_puzzle *p, long limit, long *count)
{
    if (api_begin(p)) return SUDOLAB_ERROR;
    if (count == NULL) return api_fail(p, SUDOLAB_ERROR, "count needs somewhere to go, not NULL");
    if (limit < 1)
        return api_fail(p, SUDOLAB_ERROR, "count needs a limit of 1 or more, not %ld", limit);
    uint64_t nodes = api_nodes(p, CLI_SOLVE_NODES, CLI_SOLVE_BOUNDED_ABOVE);
    struct search_result r = api_count(p, nodes, limit, NULL);
    *count = r.solutions;
    return r.gave_up ? api_gave_up(p, nodes) : SUDOLAB_OK;
}

int sudolab_rate(sudolab_puzzle *p, double *rating, const char **grade)
{
    if (api_begin(p)) return SUDOLAB_ERROR;
    uint64_t nodes = api_nodes(p, CLI_CHECK_NODES, 0);
    struct search_result check = api_count(p, nodes, 2, NULL);
    if (check.gave_up) return api_gave_up(p, nodes);
    long found = check.solutions;
    if (found != 1)
        return api_fail(p, SUDOLAB_UNSOLVED, "%s: not rated",
                        found ? "several solutions" : "no solution");
    struct rater *r = rater_new(p->rules);
    struct rate_result *res = r ? malloc(sizeof *res) : NULL;
    int rc = SUDOLAB_OK;
    if (res == NULL)
        rc = api_fail(p, SUDOLAB_ERROR, "cannot rate these rules (or out of memory)");
    else if (rate_puzzle(r, p->puzzle.givens, res, NULL, NULL))
        rc = api_fail(p, SUDOLAB_ERROR, "the rater erred on this puzzle: please report it");
    if (rc == SUDOLAB_OK && rating) *rating = res->rating;
    if (rc == SUDOLAB_OK && grade) *grade = grade_name(res->grade);
    free(res);
    rater_free(r);
    return rc;
}
