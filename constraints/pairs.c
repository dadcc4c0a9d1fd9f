/*
 * pairs.c — the differ rule: listed pairs of cells hold different digits
 * (anti-knight, anti-king, disjoint groups...), built by scripts from their
 * geometry.
 *
 * Arguments: "a-b,c-d,..." (cell_paths.h). Each pair becomes a two-cell
 * unit, so the engine runs the rule natively: a placed digit leaves its
 * partners at once. With the classic houses alone besides (anti-knight,
 * anti-king) the classic kernel runs it (kernel.h).
 */
#include <stdlib.h>

#include "constraint.h"
#include "cell_paths.h"

static void *differ_parse(const struct geometry *g, const char *args, struct sl_error *err)
{
    struct cell_paths *pairs = malloc(sizeof *pairs);
    if (pairs == NULL) {
        sl_error_set(err, 0, 1, "out of memory");
        return NULL;
    }
    if (cell_paths_read(args, g->ncells, 2, 2, 1, pairs, err)) {
        free(pairs);
        return NULL;
    }
    return pairs;
}

static int differ_attach(void *self, struct rule_builder *b, struct sl_error *err)
{
    const struct cell_paths *pairs = self;
    for (int i = 0; i < pairs->count; i++)
        if (rules_add_unit(b, pairs->cell + pairs->start[i], 2, err)) return -1;
    return 0;
}

static int differ_check(const void *self, const struct geometry *g, const uint8_t *grid)
{
    const struct cell_paths *pairs = self;
    (void)g;
    for (int i = 0; i < pairs->count; i++)
        if (grid[pairs->cell[2 * i]] == grid[pairs->cell[2 * i + 1]]) return 0;
    return 1;
}

/* Pairs a knight's or a king's move apart are the chess variants, named in
 * the caption; a pair is not drawn. */
static int differ_marks(const void *self, const struct geometry *g, struct mark_sink *sink)
{
    static const char *const names[3] = {"anti-knight", "anti-king", "differ pairs"};
    const struct cell_paths *pairs = self;
    int seen[3] = {0};
    for (int i = 0; i < pairs->count; i++) {
        int a = pairs->cell[2 * i], b = pairs->cell[2 * i + 1];
        int dr = abs(geometry_row(g, a) - geometry_row(g, b));
        int dc = abs(geometry_col(g, a) - geometry_col(g, b));
        seen[dr * dc == 2 ? 0 : dr <= 1 && dc <= 1 ? 1 : 2] = 1;
    }
    for (int k = 0; k < 3; k++)
        if (seen[k] && mark_name(sink, names[k])) return -1;
    return 0;
}

const struct constraint_ops differ_constraint = {
    .name = "differ",
    .summary = "listed cell pairs hold different digits (anti-knight, anti-king...)",
    .form = "differ:PAIRS",
    .arguments = "PAIRS  pairs a-b,c-d,... whose two cells hold different digits;\n"
                 "       cells are numbered 0..N*N-1 row by row\n",
    .example = "sudolab 4 2x2 classic;differ:0-5,1-4 ................",
    .parse = differ_parse,
    .attach = differ_attach,
    .check = differ_check,
    .write = cell_paths_rule_write,
    .destroy = cell_paths_rule_destroy,
    .marks = differ_marks,
};
