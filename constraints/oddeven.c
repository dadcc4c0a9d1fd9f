/*
 * oddeven.c — cells marked odd or even.
 *
 * Arguments: one mark per cell, row by row: 'o' odd, 'e' even, '.' free.
 * The rule is a domain limit only, so it costs the search nothing.
 */
#include <stdlib.h>
#include <string.h>

#include "constraint.h"

struct oddeven {
    int ncells;
    char mark[SL_MAX_CELLS + 1];
};

static void *oddeven_parse(const struct geometry *g, const char *args, struct sl_error *err)
{
    size_t len = strlen(args);
    if (len != (size_t)g->ncells) {
        sl_error_set(err, 0, (long)(len < (size_t)g->ncells ? len : (size_t)g->ncells) + 1,
                     "oddeven needs %d marks (o, e or .), not %zu", g->ncells, len);
        return NULL;
    }
    for (size_t i = 0; i < len; i++) {
        if (args[i] != 'o' && args[i] != 'e' && args[i] != '.') {
            sl_error_set(err, 0, (long)i + 1, "'%c' is no odd/even mark (o, e or .)", args[i]);
            return NULL;
        }
    }
    struct oddeven *o = malloc(sizeof *o);
    if (o == NULL) {
        sl_error_set(err, 0, 1, "out of memory");
        return NULL;
    }
    o->ncells = g->ncells;
    memcpy(o->mark, args, len + 1);
    return o;
}

/* The digits of 1..n a mark allows. */
static digitset oddeven_allowed(char mark, int n)
{
    digitset odd = digitset_all(n) & UINT32_C(0xAAAAAAAA);
    return mark == 'o' ? odd : mark == 'e' ? digitset_all(n) & ~odd : digitset_all(n);
}

static int oddeven_attach(void *self, struct rule_builder *b, struct sl_error *err)
{
    const struct oddeven *o = self;
    for (int c = 0; c < o->ncells; c++)
        if (o->mark[c] != '.' &&
            rules_limit_domain(b, c, oddeven_allowed(o->mark[c], rules_geometry(b)->size), err))
            return -1;
    return 0;
}

static int oddeven_check(const void *self, const struct geometry *g, const uint8_t *grid)
{
    const struct oddeven *o = self;
    for (int c = 0; c < g->ncells; c++)
        if (!(oddeven_allowed(o->mark[c], g->size) & digitset_of(grid[c]))) return 0;
    return 1;
}

static int oddeven_write(const void *self, char *buf, size_t cap)
{
    return snprintf(buf, cap, "%s", ((const struct oddeven *)self)->mark);
}

static void oddeven_destroy(void *self) { free(self); }

/* Odd cells a small grey disc, even cells a grey square. */
static int oddeven_marks(const void *self, const struct geometry *g, struct mark_sink *sink)
{
    const struct oddeven *o = self;
    for (int c = 0; c < g->ncells; c++) {
        int rc = o->mark[c] == 'o'   ? mark_emit(sink, MARK_CIRCLE, CIRCLE_SMALL, &c, 1, NULL)
                 : o->mark[c] == 'e' ? mark_emit(sink, MARK_SQUARE, 0, &c, 1, NULL)
                                     : 0;
        if (rc) return -1;
    }
    return mark_name(sink, "odd/even");
}

const struct constraint_ops oddeven_constraint = {
    .name = "oddeven",
    .summary = "cells marked odd (o) or even (e)",
    .form = "oddeven:MARKS",
    .arguments = "MARKS  one mark a cell, row by row: 'o' odd, 'e' even, '.' free\n",
    .example = "sudolab 4 2x2 classic;oddeven:oe..eo..o..e...o 1...............",
    .parse = oddeven_parse,
    .attach = oddeven_attach,
    .check = oddeven_check,
    .write = oddeven_write,
    .destroy = oddeven_destroy,
    .marks = oddeven_marks,
};
