/*
 * thermo.c — thermometers: digits strictly increase along each path, from
 * the bulb.
 *
 * Arguments: paths "a-b-c,d-e-f" (cell_paths.h), bulb first; a path of
 * more than N cells cannot hold increasing digits and is refused. The
 * cells of a path are distinct (a unit); each path is a watched group
 * whose cells keep the digits between the smallest the cells before allow
 * and the largest the cells after allow.
 */
#include <stdlib.h>

#include "constraint.h"
#include "primitive_explain.h"
#include "cell_paths.h"

static void *thermo_parse(const struct geometry *g, const char *args, struct sl_error *err)
{
    struct cell_paths *paths = malloc(sizeof *paths);
    if (paths == NULL) {
        sl_error_set(err, 0, 1, "out of memory");
        return NULL;
    }
    if (cell_paths_read(args, g->ncells, 2, g->size, 1, paths, err)) {
        free(paths);
        return NULL;
    }
    return paths;
}

static int thermo_attach(void *self, struct rule_builder *b, struct sl_error *err)
{
    const struct cell_paths *paths = self;
    for (int i = 0; i < paths->count; i++) {
        const int *cells = paths->cell + paths->start[i];
        int len = cell_paths_len(paths, i);
        if (rules_add_unit(b, cells, len, err) || rules_watch_group(b, cells, len, err) < 0)
            return -1;
    }
    return 0;
}

/* digits above d (below d when below is set), within 1..25 */
static digitset thermo_beyond(int d, int below)
{
    digitset upto = (digitset)((UINT64_C(1) << (d + 1)) - 1);
    return below ? upto & ~digitset_of(d) & ~(digitset)1 : ~upto;
}

static int thermo_propagate(void *self, struct prop_ctx *ctx)
{
    const struct cell_paths *paths = self;
    for (int group; (group = prop_next_group(ctx)) >= 0;) {
        const int *cells = paths->cell + paths->start[group];
        int len = cell_paths_len(paths, group);
        for (int i = 1; i < len; i++) {
            digitset before = prop_candidates(ctx, cells[i - 1]);
            if (before == 0 ||
                prop_restrict(ctx, cells[i], thermo_beyond(digitset_first(before), 0)))
                return SL_PROP_CONTRADICTION;
        }
        for (int i = len - 2; i >= 0; i--) {
            digitset after = prop_candidates(ctx, cells[i + 1]);
            int top = 31 - __builtin_clz(after);
            if (prop_restrict(ctx, cells[i], thermo_beyond(top, 1))) return SL_PROP_CONTRADICTION;
        }
        prop_settle_group(ctx, group);
    }
    return SL_PROP_OK;
}

static int thermo_check(const void *self, const struct geometry *g, const uint8_t *grid)
{
    const struct cell_paths *paths = self;
    (void)g;
    for (int p = 0; p < paths->count; p++)
        for (int i = paths->start[p] + 1; i < paths->start[p + 1]; i++)
            if (grid[paths->cell[i]] <= grid[paths->cell[i - 1]]) return 0;
    return 1;
}

/* A bulb and a thick line per thermometer. */
static int thermo_marks(const void *self, const struct geometry *g, struct mark_sink *sink)
{
    const struct cell_paths *paths = self;
    (void)g;
    for (int i = 0; i < paths->count; i++) {
        const int *cells = paths->cell + paths->start[i];
        if (mark_emit(sink, MARK_CIRCLE, CIRCLE_BULB, cells, 1, NULL) ||
            mark_emit(sink, MARK_LINE, LINE_THERMO, cells, cell_paths_len(paths, i), NULL))
            return -1;
    }
    return mark_name(sink, "thermo");
}

const struct constraint_ops thermo_constraint = {
    .name = "thermo",
    .summary = "digits strictly increase along each thermometer, from its bulb",
    .form = "thermo:PATHS",
    .arguments = "PATHS  thermometers a-b-c,d-e,... of 2..N cells each, bulb first;\n"
                 "       cells are numbered 0..N*N-1 row by row\n",
    .example = "sudolab 4 2x2 classic;thermo:0-1-2-3 ................",
    .parse = thermo_parse,
    .attach = thermo_attach,
    .propagate = thermo_propagate,
    .explain = thermo_explain, /* primitive_explain.c */
    .check = thermo_check,
    .write = cell_paths_rule_write,
    .destroy = cell_paths_rule_destroy,
    .marks = thermo_marks,
};
