/*
 * regions.c — extra all-different regions of N cells, each a house:
 *
 *   jigsaw   "MAP": N regions tiling the grid, replacing the boxes (use a
 *            geometry without boxes); a region need not be connected for
 *            the engine, and `sudolab check` warns when one is not;
 *   extra    "MAP": any regions of N cells, '.' for cells in none
 *            (hyper sudoku, colour sudoku, ...);
 *   windoku  "": the windows of a grid with square boxes of side b, each
 *            b x b, one cell in from the edges with one cell between.
 *
 * MAP is a cell map (cellmap.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "constraint.h"
#include "cellmap.h"

struct regions {
    struct cellmap map;
};

static int regions_check_sizes(const struct cellmap *m, int n, struct sl_error *err)
{
    for (int p = 0; p < m->nparts; p++) {
        if (m->size[p] == n) continue;
        int c = 0;
        while (m->part[c] != p) c++;
        return sl_error_set(err, 0, (long)c * (m->wide + 1) + 1,
                            "region %d has %d cells; a region needs %d", p + 1, m->size[p], n);
    }
    return 0;
}

static struct regions *regions_parse_map(const struct geometry *g, const char *args,
                                         struct sl_error *err)
{
    struct regions *r = malloc(sizeof *r);
    if (r == NULL) {
        sl_error_set(err, 0, 1, "out of memory");
        return NULL;
    }
    if (cellmap_parse(&r->map, g, args, strlen(args), err) ||
        regions_check_sizes(&r->map, g->size, err)) {
        free(r);
        return NULL;
    }
    return r;
}

static void *jigsaw_parse(const struct geometry *g, const char *args, struct sl_error *err)
{
    struct regions *r = regions_parse_map(g, args, err);
    if (r == NULL) return NULL;
    for (int c = 0; c < g->ncells; c++) {
        if (r->map.part[c] >= 0) continue;
        sl_error_set(err, 0, (long)c * (r->map.wide + 1) + 1,
                     "jigsaw regions must cover every cell");
        free(r);
        return NULL;
    }
    return r;
}

static void *extra_parse(const struct geometry *g, const char *args, struct sl_error *err)
{
    return regions_parse_map(g, args, err);
}

/* Windoku is the extra-regions rule on a map made here. */
static void *windoku_parse(const struct geometry *g, const char *args, struct sl_error *err)
{
    int b = g->box_rows, n = g->size, part[SL_MAX_CELLS];
    if (args[0] != '\0') {
        sl_error_set(err, 0, 1, "windoku takes no arguments");
        return NULL;
    }
    if (b < 2 || b != g->box_cols) {
        sl_error_set(err, 0, 0, "windoku needs square boxes of side 2 or more");
        return NULL;
    }
    for (int c = 0; c < g->ncells; c++) {
        int r = geometry_row(g, c) - 1, k = geometry_col(g, c) - 1;
        int in = r >= 0 && k >= 0 && r % (b + 1) < b && k % (b + 1) < b && r / (b + 1) < b - 1 &&
                 k / (b + 1) < b - 1;
        part[c] = in ? (r / (b + 1)) * (b - 1) + k / (b + 1) : -1;
    }
    (void)n;
    struct regions *w = malloc(sizeof *w);
    if (w == NULL) {
        sl_error_set(err, 0, 0, "out of memory");
        return NULL;
    }
    cellmap_from_parts(&w->map, g->ncells, part);
    return w;
}

static int regions_attach(void *self, struct rule_builder *b, struct sl_error *err)
{
    const struct regions *r = self;
    int cells[SL_MAX_CELLS];
    for (int p = 0; p < r->map.nparts; p++) {
        int count = cellmap_cells(&r->map, p, cells);
        if (rules_add_unit(b, cells, count, err)) return -1;
    }
    return 0;
}

static int regions_check(const void *self, const struct geometry *g, const uint8_t *grid)
{
    const struct regions *r = self;
    digitset seen[SL_MAX_CELLS] = {0};
    for (int c = 0; c < g->ncells; c++) {
        int p = r->map.part[c];
        if (p < 0) continue;
        if (seen[p] & digitset_of(grid[c])) return 0;
        seen[p] |= digitset_of(grid[c]);
    }
    return 1;
}

static int regions_write(const void *self, char *buf, size_t cap)
{
    return cellmap_write(&((const struct regions *)self)->map, buf, cap);
}

static int windoku_write(const void *self, char *buf, size_t cap)
{
    (void)self;
    if (cap > 0) buf[0] = '\0';
    return 0;
}

static void regions_destroy(void *self) { free(self); }

static int regions_validate(const void *self, const struct geometry *g, char *msg, size_t cap)
{
    int p = cellmap_disconnected_part(&((const struct regions *)self)->map, g);
    if (p < 0) return 0;
    snprintf(msg, cap, "region %d is not one connected piece", p + 1);
    return 1;
}

/* Every region as `kind` (thick borders or shading), then `name`. */
static int regions_marks_as(const struct regions *r, enum mark_kind kind, const char *name,
                            struct mark_sink *sink)
{
    int cells[SL_MAX_CELLS];
    for (int p = 0; p < r->map.nparts; p++) {
        int count = cellmap_cells(&r->map, p, cells);
        if (mark_emit(sink, kind, 0, cells, count, NULL)) return -1;
    }
    return mark_name(sink, name);
}

static int jigsaw_marks(const void *self, const struct geometry *g, struct mark_sink *sink)
{
    (void)g;
    return regions_marks_as(self, MARK_REGION, "jigsaw", sink);
}

static int extra_marks(const void *self, const struct geometry *g, struct mark_sink *sink)
{
    (void)g;
    return regions_marks_as(self, MARK_SHADE, "extra regions", sink);
}

static int windoku_marks(const void *self, const struct geometry *g, struct mark_sink *sink)
{
    (void)g;
    return regions_marks_as(self, MARK_SHADE, "windoku", sink);
}

const struct constraint_ops jigsaw_constraint = {
    .name = "jigsaw",
    .summary = "irregular regions of N cells replacing the boxes",
    .form = "jigsaw:MAP",
    .arguments = "MAP  N regions of N cells as a cell map covering the grid (A-Z a-z 0-9);\n"
                 "     they replace the boxes, so the line's BOXES is 'none'\n",
    .example = "sudolab 9 none "
               "classic;jigsaw:"
               "AAABBBCCCAAABBBCCCAADBBBCCCADDDEEEFFDDDEEEFFFDDGEEEFFFGGGHHHFIIGGGHHHIIIGGHHHIIII "
               ".................................................................................",
    .parse = jigsaw_parse,
    .attach = regions_attach,
    .check = regions_check,
    .write = regions_write,
    .destroy = regions_destroy,
    .validate = regions_validate,
    .marks = jigsaw_marks,
};

const struct constraint_ops extra_constraint = {
    .name = "extra",
    .summary = "extra regions of N distinct digits",
    .form = "extra:MAP",
    .arguments = "MAP  extra regions of exactly N cells each as a cell map, '.' for a cell\n"
                 "     in none; each holds distinct digits\n",
    .example = "sudolab 9 3x3 "
               "classic;extra:.........AAA.BBB..AAA.BBB..AAA.BBB.....................CCC.DDD..CCC."
               "DDD..CCC.DDD. "
               ".................................................................................",
    .parse = extra_parse,
    .attach = regions_attach,
    .check = regions_check,
    .write = regions_write,
    .destroy = regions_destroy,
    .marks = extra_marks,
};

const struct constraint_ops windoku_constraint = {
    .name = "windoku",
    .summary = "windoku: four extra windows of distinct digits (9x9)",
    .form = "windoku",
    .arguments = "No arguments: the b x b windows of a grid with square boxes of side b,\n"
                 "one cell in from the edges with one cell between them (four on a 9x9).\n",
    .example = "sudolab 9 3x3 classic;windoku "
               ".................................................................................",
    .parse = windoku_parse,
    .attach = regions_attach,
    .check = regions_check,
    .write = windoku_write,
    .destroy = regions_destroy,
    .marks = windoku_marks,
};
