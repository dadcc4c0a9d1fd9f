/*
 * classic.c — the classic rule: every row, every column and every box
 * (when the geometry has boxes) holds each digit once. With no boxes it is
 * the Latin-square rule.
 *
 * Arguments: none (the box shape comes from the geometry). The engine runs
 * the rule entirely through the units declared here; there is no
 * propagate hook.
 */
#include <stdlib.h>

#include "constraint.h"

/* The rule has no data; any non-NULL pointer will do as its self. */
static char classic_self;

static void *classic_parse(const struct geometry *g, const char *args, struct sl_error *err)
{
    (void)g;
    if (args[0] != '\0') {
        sl_error_set(err, 0, 1, "classic takes no arguments (got '%.40s')", args);
        return NULL;
    }
    return &classic_self;
}

/* Calls visit(cells) for each row, column and box, in that order. */
static int classic_for_each_unit(const struct geometry *g,
                                 int (*visit)(void *arg, const int *cells, int n), void *arg)
{
    int n = g->size, cells[SL_MAX_SIZE];
    for (int r = 0; r < n; r++) {
        for (int i = 0; i < n; i++) cells[i] = geometry_cell(g, r, i);
        if (visit(arg, cells, n)) return -1;
    }
    for (int c = 0; c < n; c++) {
        for (int i = 0; i < n; i++) cells[i] = geometry_cell(g, i, c);
        if (visit(arg, cells, n)) return -1;
    }
    for (int b = 0; g->box_rows && b < n; b++) {
        int top = (b / (n / g->box_cols)) * g->box_rows,
            left = (b % (n / g->box_cols)) * g->box_cols;
        for (int i = 0; i < n; i++)
            cells[i] = geometry_cell(g, top + i / g->box_cols, left + i % g->box_cols);
        if (visit(arg, cells, n)) return -1;
    }
    return 0;
}

struct attach_visit {
    struct rule_builder *builder;
    struct sl_error *err;
};

static int classic_declare_unit(void *arg, const int *cells, int n)
{
    struct attach_visit *v = arg;
    return rules_add_unit(v->builder, cells, n, v->err);
}

static int classic_attach(void *self, struct rule_builder *b, struct sl_error *err)
{
    (void)self;
    struct attach_visit v = {b, err};
    return classic_for_each_unit(rules_geometry(b), classic_declare_unit, &v);
}

/* Fails (returns -1) when a unit misses a digit, i.e. repeats one. */
static int classic_unit_is_complete(void *arg, const int *cells, int n)
{
    const uint8_t *grid = arg;
    digitset seen = 0;
    for (int i = 0; i < n; i++) {
        if (grid[cells[i]] < 1 || grid[cells[i]] > n) return -1;
        seen |= digitset_of(grid[cells[i]]);
    }
    return seen == digitset_all(n) ? 0 : -1;
}

static int classic_check(const void *self, const struct geometry *g, const uint8_t *grid)
{
    (void)self;
    return classic_for_each_unit(g, classic_unit_is_complete, (void *)grid) == 0;
}

static int classic_write(const void *self, char *buf, size_t cap)
{
    (void)self;
    if (cap > 0) buf[0] = '\0';
    return 0;
}

static void classic_destroy(void *self) { (void)self; }

/* Rows, columns and boxes are the grid itself. */
static int classic_marks(const void *self, const struct geometry *g, struct mark_sink *sink)
{
    (void)self;
    (void)g;
    return mark_name(sink, "classic");
}

const struct constraint_ops classic_constraint = {
    .name = "classic",
    .summary = "rows, columns and boxes each hold every digit once",
    .form = "classic",
    .arguments = "No arguments. With boxes (the line's BOXES, RxC) every row, column and\n"
                 "box holds each digit once; with 'none', every row and column (a Latin\n"
                 "square).\n",
    .example = "sudolab 9 3x3 classic "
               "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
    .parse = classic_parse,
    .attach = classic_attach,
    .propagate = NULL,
    .check = classic_check,
    .explain = NULL,
    .write = classic_write,
    .destroy = classic_destroy,
    .marks = classic_marks,
};
