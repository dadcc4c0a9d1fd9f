/*
 * diagonal.c — X sudoku: the main diagonals hold distinct digits (each is
 * a house, so hidden singles and intersections apply to it too).
 *
 * Arguments: "" for both diagonals, "-" for the falling one only
 * (r1c1 to rNcN, like '\'), "+" for the rising one only (rNc1 to r1cN,
 * like '/').
 */
#include <stdlib.h>
#include <string.h>

#include "constraint.h"

enum { DIAGONAL_FALLING = 1, DIAGONAL_RISING = 2 };

/* One byte per choice: self points into this constant table. */
static const char diagonal_choices[] = {0, DIAGONAL_FALLING, DIAGONAL_RISING,
                                        DIAGONAL_FALLING | DIAGONAL_RISING};

static void *diagonal_parse(const struct geometry *g, const char *args, struct sl_error *err)
{
    (void)g;
    if (strcmp(args, "") == 0) return (void *)&diagonal_choices[3];
    if (strcmp(args, "-") == 0) return (void *)&diagonal_choices[1];
    if (strcmp(args, "+") == 0) return (void *)&diagonal_choices[2];
    sl_error_set(err, 0, 1, "diagonal takes '', '-' or '+' (got '%.40s')", args);
    return NULL;
}

/* The cells of diagonal `which` into cells (N of them). */
static void diagonal_cells(const struct geometry *g, int which, int *cells)
{
    for (int i = 0; i < g->size; i++)
        cells[i] = geometry_cell(g, i, which == DIAGONAL_FALLING ? i : g->size - 1 - i);
}

static int diagonal_attach(void *self, struct rule_builder *b, struct sl_error *err)
{
    int chosen = *(const char *)self, cells[SL_MAX_SIZE];
    for (int which = DIAGONAL_FALLING; which <= DIAGONAL_RISING; which <<= 1) {
        if (!(chosen & which)) continue;
        diagonal_cells(rules_geometry(b), which, cells);
        if (rules_add_unit(b, cells, rules_geometry(b)->size, err)) return -1;
    }
    return 0;
}

static int diagonal_check(const void *self, const struct geometry *g, const uint8_t *grid)
{
    int chosen = *(const char *)self, cells[SL_MAX_SIZE];
    for (int which = DIAGONAL_FALLING; which <= DIAGONAL_RISING; which <<= 1) {
        if (!(chosen & which)) continue;
        diagonal_cells(g, which, cells);
        digitset seen = 0;
        for (int i = 0; i < g->size; i++) seen |= digitset_of(grid[cells[i]]);
        if (seen != digitset_all(g->size)) return 0;
    }
    return 1;
}

static int diagonal_write(const void *self, char *buf, size_t cap)
{
    int chosen = *(const char *)self;
    const char *text = chosen == DIAGONAL_FALLING ? "-" : chosen == DIAGONAL_RISING ? "+" : "";
    return snprintf(buf, cap, "%s", text);
}

static void diagonal_destroy(void *self) { (void)self; }

/* Each diagonal as a thin line from corner to corner. */
static int diagonal_marks(const void *self, const struct geometry *g, struct mark_sink *sink)
{
    int chosen = *(const char *)self, cells[SL_MAX_SIZE];
    for (int which = DIAGONAL_FALLING; which <= DIAGONAL_RISING; which <<= 1) {
        if (!(chosen & which)) continue;
        diagonal_cells(g, which, cells);
        if (mark_emit(sink, MARK_LINE, LINE_DIAGONAL, cells, g->size, NULL)) return -1;
    }
    return mark_name(sink, "X");
}

const struct constraint_ops diagonal_constraint = {
    .name = "diagonal",
    .summary = "X sudoku: the main diagonals hold distinct digits",
    .form = "diagonal[:-|:+]",
    .arguments = "No arguments for both diagonals; '-' for the falling one alone (r1c1 to\n"
                 "rNcN), '+' for the rising one alone (rNc1 to r1cN).\n",
    .example = "sudolab 9 3x3 classic;diagonal:- "
               ".................................................................................",
    .parse = diagonal_parse,
    .attach = diagonal_attach,
    .check = diagonal_check,
    .write = diagonal_write,
    .destroy = diagonal_destroy,
    .marks = diagonal_marks,
};
