/*
 * fpuzzles_read.c — f-puzzles JSON to a puzzle (fpuzzles.h). Each key of
 * the object has a reader in fp_keys that gathers what it says; the rules
 * are then written as the primitives' argument text, in one fixed order,
 * so that a puzzle written by fpuzzles_write.c comes back as it was.
 */
#include "fpuzzles.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "cage_text.h"
#include "fpuzzles_shapes.h"
#include "json.h"

enum { DOT_DIFFERENCE, DOT_RATIO, DOT_X, DOT_V };

struct fp_dot {
    int kind, value, a, b;
};

struct fp_reader {
    const struct json_doc *doc;
    int n, ncells, flags;
    struct sl_error *warn, *err;
    uint8_t givens[SL_MAX_CELLS];
    int region[SL_MAX_CELLS], has_regions;
    int cage[SL_MAX_CELLS], cage_sum[SL_MAX_CELLS], ncages;
    const struct json_value *cage_at[SL_MAX_CELLS]; /* each cage's "killercage" entry */
    int extra[SL_MAX_CELLS], nextras;
    char oddeven[SL_MAX_CELLS + 1];
    int diagonal_plus, diagonal_minus, antiknight, antiking, not_mask;
    struct json_out lines[FP_LINE_KINDS], sandwich, arrows, littles;
    const struct json_value *line_at[FP_LINE_KINDS], *sandwich_at; /* the keys, for errors */
    struct fp_dot dot[FP_MAX_PAIRS];
    int ndots;
    int pairs[2 * FP_MAX_PAIRS];
    uint8_t marked[SL_MAX_CELLS * SL_MAX_CELLS / 8 + 1]; /* pairs with a dot, by min*N*N+max */
};

/* ---- errors ---- */

static int fp_fail(struct fp_reader *r, const struct json_value *v, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static int fp_fail(struct fp_reader *r, const struct json_value *v, const char *fmt, ...)
{
    char msg[SL_ERROR_MSG_MAX];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    return sl_error_set(r->err, v->line, v->col, "%s", msg);
}

static int fp_expect(struct fp_reader *r, const struct json_value *v, enum json_type type,
                     const char *what)
{
    if (v->type == type) return 0;
    return fp_fail(r, v, "%s must be %s, not %s", what, json_type_name(type),
                   json_type_name(v->type));
}

/* ---- values ---- */

/* A cell name string; -1 with err when it names no cell of the grid. */
static int fp_cell(struct fp_reader *r, const struct json_value *v)
{
    int row, col;
    if (fp_expect(r, v, JSON_STRING, "a cell")) return -1;
    int c = fp_cell_parse(r->n, v->str, 0, &row, &col);
    if (c < 0) return fp_fail(r, v, "\"%s\" is not a cell R1C1..R%dC%d", v->str, r->n, r->n);
    return c;
}

/* An array of cell names into cells (at most max); the count, or -1. */
static int fp_cells(struct fp_reader *r, const struct json_value *v, int *cells, int max)
{
    int k = 0;
    if (fp_expect(r, v, JSON_ARRAY, "a list of cells")) return -1;
    for (const struct json_value *e = json_first(r->doc, v); e; e = json_next(r->doc, e)) {
        if (k == max) return fp_fail(r, e, "too many cells (at most %d)", max);
        if ((cells[k++] = fp_cell(r, e)) < 0) return -1;
    }
    return k;
}

/* A whole number 0..999 given as a number or a string; "" and a missing
 * value are 0 (no number). -1 with err otherwise. */
static int fp_number(struct fp_reader *r, const struct json_value *v, const char *what)
{
    if (v == NULL || (v->type == JSON_STRING && v->len == 0)) return 0;
    if (v->type != JSON_STRING && v->type != JSON_NUMBER)
        return fp_fail(r, v, "%s must be a number", what);
    int value = 0;
    for (size_t i = 0; i < v->len; i++) {
        if (v->str[i] < '0' || v->str[i] > '9' || i >= 3)
            return fp_fail(r, v, "%s \"%s\" is not a whole number 0..999", what, v->str);
        value = value * 10 + v->str[i] - '0';
    }
    return value;
}

/* The member `key` of entry e, required. */
static const struct json_value *fp_member(struct fp_reader *r, const struct json_value *e,
                                          const char *key)
{
    const struct json_value *v = json_get(r->doc, e, key);
    if (e->type != JSON_OBJECT)
        fp_fail(r, e, "an entry must be an object, not %s", json_type_name(e->type));
    else if (v == NULL)
        fp_fail(r, e, "the entry has no \"%s\"", key);
    return v;
}

static int fp_flag(struct fp_reader *r, const struct json_value *v, int *flag)
{
    if (v->type != JSON_TRUE && v->type != JSON_FALSE)
        return fp_fail(r, v, "\"%s\" must be true or false", v->key);
    *flag = v->type == JSON_TRUE;
    return 0;
}

/* ---- the grid ---- */

static int fp_grid_cell(struct fp_reader *r, const struct json_value *v, int c)
{
    if (v->type == JSON_NULL) return 0;
    if (fp_expect(r, v, JSON_OBJECT, "a grid cell")) return -1;
    const struct json_value *value = json_get(r->doc, v, "value");
    const struct json_value *given = json_get(r->doc, v, "given");
    const struct json_value *region = json_get(r->doc, v, "region");
    const struct json_value *marks = json_get(r->doc, v, "givenPencilMarks");
    if (marks && marks->type == JSON_ARRAY && marks->count > 0)
        return fp_fail(r, marks, "given pencil marks have no rule here");
    if (value && given && given->type == JSON_TRUE) {
        int d = fp_number(r, value, "a given");
        if (d < 0) return -1;
        if (d < 1 || d > r->n) return fp_fail(r, value, "a given must be 1..%d", r->n);
        r->givens[c] = (uint8_t)d;
    }
    if (region == NULL) return 0;
    r->has_regions = 1;
    if (region->type == JSON_NULL) {
        r->region[c] = -1;
        return 0;
    }
    if (region->type != JSON_NUMBER || !(region->number >= 0 && region->number < r->n) ||
        region->number != (int)region->number)
        return fp_fail(r, region, "a region is a number 0..%d or null", r->n - 1);
    r->region[c] = (int)region->number;
    return 0;
}

static int fp_grid(struct fp_reader *r, const struct json_value *grid)
{
    int row = 0;
    if (fp_expect(r, grid, JSON_ARRAY, "\"grid\"")) return -1;
    if (grid->count != r->n) return fp_fail(r, grid, "\"grid\" must have %d rows", r->n);
    for (const struct json_value *v = json_first(r->doc, grid); v;
         v = json_next(r->doc, v), row++) {
        int col = 0;
        if (fp_expect(r, v, JSON_ARRAY, "a grid row")) return -1;
        if (v->count != r->n) return fp_fail(r, v, "a grid row must have %d cells", r->n);
        for (const struct json_value *c = json_first(r->doc, v); c; c = json_next(r->doc, c), col++)
            if (fp_grid_cell(r, c, row * r->n + col)) return -1;
    }
    return 0;
}

/* ---- constraints ---- */

static int fp_diagonal_plus(struct fp_reader *r, const struct json_value *v)
{
    return fp_flag(r, v, &r->diagonal_plus);
}
static int fp_diagonal_minus(struct fp_reader *r, const struct json_value *v)
{
    return fp_flag(r, v, &r->diagonal_minus);
}
static int fp_antiknight(struct fp_reader *r, const struct json_value *v)
{
    return fp_flag(r, v, &r->antiknight);
}
static int fp_antiking(struct fp_reader *r, const struct json_value *v)
{
    return fp_flag(r, v, &r->antiking);
}

static int fp_nonconsecutive(struct fp_reader *r, const struct json_value *v)
{
    int on = 0;
    if (fp_flag(r, v, &on)) return -1;
    if (on) r->not_mask |= FP_NOT_CONSECUTIVE;
    return 0;
}

static int fp_negative(struct fp_reader *r, const struct json_value *v)
{
    static const struct {
        const char *name;
        int mask;
    } names[] = {
        {"difference", FP_NOT_CONSECUTIVE}, {"ratio", FP_NOT_DOUBLE}, {"xv", FP_NOT_X | FP_NOT_V}};
    if (fp_expect(r, v, JSON_ARRAY, "\"negative\"")) return -1;
    for (const struct json_value *e = json_first(r->doc, v); e; e = json_next(r->doc, e)) {
        size_t i = 0;
        if (fp_expect(r, e, JSON_STRING, "a negative constraint")) return -1;
        while (i < sizeof names / sizeof names[0] && strcmp(names[i].name, e->str) != 0) i++;
        if (i == sizeof names / sizeof names[0])
            return fp_fail(r, e, "the negative constraint \"%s\" has no rule here", e->str);
        r->not_mask |= names[i].mask;
    }
    return 0;
}

/* Parts (cages or extra regions, `what` names one) from entries'
 * "cells": part[] and the count; a cell in two parts, or an entry with
 * no cells (it would say nothing, and was once skipped without a word),
 * is an error. sums: each part's "value"; entries (when not NULL): each
 * part's entry, for errors. */
static int fp_parts(struct fp_reader *r, const struct json_value *v, const char *what, int *part,
                    int *nparts, int *sums, const struct json_value **entries)
{
    int cells[SL_MAX_CELLS];
    for (const struct json_value *e = json_first(r->doc, v); e; e = json_next(r->doc, e)) {
        const struct json_value *list = fp_member(r, e, "cells");
        int k = list ? fp_cells(r, list, cells, r->ncells) : -1;
        int sum = sums ? fp_number(r, json_get(r->doc, e, "value"), "a cage's value") : 0;
        if (k < 0 || sum < 0) return -1;
        if (k == 0) return fp_fail(r, e, "%s with no cells", what);
        for (int i = 0; i < k; i++) {
            if (part[cells[i]] >= 0) return fp_fail(r, e, "a cell is in two cages or regions");
            part[cells[i]] = *nparts;
        }
        if (sums) sums[*nparts] = sum;
        if (entries) entries[*nparts] = e;
        ++*nparts;
    }
    return 0;
}

static int fp_cages(struct fp_reader *r, const struct json_value *v)
{
    return fp_parts(r, v, "a cage", r->cage, &r->ncages, r->cage_sum, r->cage_at);
}

static int fp_extra(struct fp_reader *r, const struct json_value *v)
{
    return fp_parts(r, v, "an extra region", r->extra, &r->nextras, NULL, NULL);
}

static int fp_parity(struct fp_reader *r, const struct json_value *v, char mark)
{
    for (const struct json_value *e = json_first(r->doc, v); e; e = json_next(r->doc, e)) {
        const struct json_value *cell = fp_member(r, e, "cell");
        int c = cell ? fp_cell(r, cell) : -1;
        if (c < 0) return -1;
        if (r->oddeven[c] != '.' && r->oddeven[c] != mark)
            return fp_fail(r, e, "a cell is both odd and even");
        r->oddeven[c] = mark;
    }
    return 0;
}
static int fp_odd(struct fp_reader *r, const struct json_value *v) { return fp_parity(r, v, 'o'); }
static int fp_even(struct fp_reader *r, const struct json_value *v) { return fp_parity(r, v, 'e'); }

/* Appends cells joined by sep to out, after a ',' when out holds some. */
static void fp_join(struct json_out *out, const int *cells, int k, const char *sep)
{
    for (int i = 0; i < k; i++)
        json_out_printf(out, "%s%d", i ? sep : out->len ? "," : "", cells[i]);
}

/* A whispers line's "value", when given, is its least difference: only
 * German whispers' (N+1)/2 has a rule here. */
static int fp_whispers_value(struct fp_reader *r, const struct json_value *e)
{
    const struct json_value *value = json_get(r->doc, e, "value");
    int d = fp_number(r, value, "a whispers line's value");
    if (d < 0 || d == 0 || d == (r->n + 1) / 2) return d < 0 ? -1 : 0;
    return fp_fail(r, value, "a whispers line's difference is %d here (German whispers), not %d",
                   (r->n + 1) / 2, d);
}

/* Entries of "lines" of one line rule (fp_line_rules), each line a path
 * from one end. */
static int fp_lines(struct fp_reader *r, const struct json_value *v, enum fp_line_kind kind)
{
    int cells[SL_MAX_CELLS];
    r->line_at[kind] = v;
    for (const struct json_value *e = json_first(r->doc, v); e; e = json_next(r->doc, e)) {
        const struct json_value *lines = fp_member(r, e, "lines");
        if (lines == NULL || fp_expect(r, lines, JSON_ARRAY, "\"lines\"")) return -1;
        if (kind == FP_WHISPERS && fp_whispers_value(r, e)) return -1;
        for (const struct json_value *l = json_first(r->doc, lines); l; l = json_next(r->doc, l)) {
            int k = fp_cells(r, l, cells, r->ncells);
            if (k < 0) return -1;
            if (k > 0 && k < fp_line_rules[kind].min_cells)
                return fp_fail(r, l, "a %s line has %d or more cells", fp_line_rules[kind].key,
                               fp_line_rules[kind].min_cells);
            if (k > 0) fp_join(&r->lines[kind], cells, k, "-");
        }
    }
    return 0;
}

/* A sandwich clue sits just outside the grid: left or right of its row
 * ("R3C0") or above or below its column ("R0C5"). A blank value says
 * nothing; 0 is a clue. */
static int fp_sandwich_clue(struct fp_reader *r, const struct json_value *e)
{
    const struct json_value *cell = fp_member(r, e, "cell");
    const struct json_value *value = cell ? json_get(r->doc, e, "value") : NULL;
    int row, col, sum;
    if (cell == NULL || fp_expect(r, cell, JSON_STRING, "a clue's cell")) return -1;
    int at = fp_cell_parse(r->n, cell->str, 1, &row, &col);
    int row_out = row < 0 || row >= r->n, col_out = col < 0 || col >= r->n;
    if (at != -2 || row_out == col_out)
        return fp_fail(r, cell,
                       "a sandwich clue sits just outside the grid, beside a row (R1C0, "
                       "R1C%d) or a column (R0C1, R%dC1), not at \"%s\"",
                       r->n + 1, r->n + 1, cell->str);
    if (value == NULL || (value->type == JSON_STRING && value->len == 0)) return 0;
    if ((sum = fp_number(r, value, "a sandwich clue's value")) < 0) return -1;
    json_out_printf(&r->sandwich, "%s%c%d=%d", r->sandwich.len ? "," : "", row_out ? 'c' : 'r',
                    row_out ? col + 1 : row + 1, sum);
    return 0;
}

static int fp_sandwich(struct fp_reader *r, const struct json_value *v)
{
    r->sandwich_at = v;
    for (const struct json_value *e = json_first(r->doc, v); e; e = json_next(r->doc, e))
        if (fp_sandwich_clue(r, e)) return -1;
    return 0;
}

/* One arrow line: the shaft (the line without the circle cells it
 * starts from) summing to the circle. */
static int fp_arrow_line(struct fp_reader *r, const struct json_value *l, const int *circle,
                         int ncircle)
{
    int cells[SL_MAX_CELLS], k = fp_cells(r, l, cells, r->ncells), from = 0;
    if (k < 0) return -1;
    for (int j = 0; j < ncircle && from < k; j++)
        for (int i = 0; i < ncircle && from < k; i++)
            if (cells[from] == circle[i]) from++;
    for (int i = from; i < k; i++)
        for (int j = 0; j < ncircle; j++)
            if (cells[i] == circle[j]) return fp_fail(r, l, "an arrow's shaft crosses its circle");
    if (from == k) return 0;
    fp_join(&r->arrows, cells + from, k - from, "+");
    json_out_printf(&r->arrows, "=");
    for (int j = 0; j < ncircle; j++) json_out_printf(&r->arrows, "@%d", circle[j]);
    return 0;
}

static int fp_arrow(struct fp_reader *r, const struct json_value *v)
{
    int circle[4];
    for (const struct json_value *e = json_first(r->doc, v); e; e = json_next(r->doc, e)) {
        const struct json_value *cells = fp_member(r, e, "cells");
        const struct json_value *lines = cells ? fp_member(r, e, "lines") : NULL;
        int k = lines ? fp_cells(r, cells, circle, 3) : -1;
        if (k < 0 || fp_expect(r, lines, JSON_ARRAY, "\"lines\"")) return -1;
        if (k == 0) return fp_fail(r, cells, "an arrow needs a circle");
        for (const struct json_value *l = json_first(r->doc, lines); l; l = json_next(r->doc, l))
            if (fp_arrow_line(r, l, circle, k)) return -1;
    }
    return 0;
}

static const struct {
    const char *name;
    int dr, dc;
} fp_directions[] = {{"DR", 1, 1}, {"DL", 1, -1}, {"UR", -1, 1}, {"UL", -1, -1}};

static int fp_little_killer(struct fp_reader *r, const struct json_value *e)
{
    const struct json_value *cell = fp_member(r, e, "cell");
    const struct json_value *dir = cell ? fp_member(r, e, "direction") : NULL;
    int row, col, d = 0, cells[SL_MAX_SIZE], k = 0, sum;
    if (dir == NULL || fp_expect(r, cell, JSON_STRING, "a clue's cell") ||
        fp_expect(r, dir, JSON_STRING, "a direction"))
        return -1;
    if (fp_cell_parse(r->n, cell->str, 1, &row, &col) == -1)
        return fp_fail(r, cell, "\"%s\" is not a place R0C0..R%dC%d", cell->str, r->n + 1,
                       r->n + 1);
    while (d < 4 && strcmp(fp_directions[d].name, dir->str) != 0) d++;
    if (d == 4) return fp_fail(r, dir, "a direction is UL, UR, DL or DR");
    if ((sum = fp_number(r, json_get(r->doc, e, "value"), "a little killer's value")) <= 0)
        return sum;
    for (row += fp_directions[d].dr, col += fp_directions[d].dc;
         row >= 0 && row < r->n && col >= 0 && col < r->n;
         row += fp_directions[d].dr, col += fp_directions[d].dc)
        cells[k++] = row * r->n + col;
    if (k == 0) return fp_fail(r, dir, "the direction leads out of the grid");
    fp_join(&r->littles, cells, k, "+");
    json_out_printf(&r->littles, "=%d", sum);
    return 0;
}

static int fp_little_killers(struct fp_reader *r, const struct json_value *v)
{
    for (const struct json_value *e = json_first(r->doc, v); e; e = json_next(r->doc, e))
        if (fp_little_killer(r, e)) return -1;
    return 0;
}

/* Dots and marks between two cells: kind, and a value (default dflt). */
static int fp_dots(struct fp_reader *r, const struct json_value *v, int kind, int dflt)
{
    for (const struct json_value *e = json_first(r->doc, v); e; e = json_next(r->doc, e)) {
        const struct json_value *list = fp_member(r, e, "cells"),
                                *value = json_get(r->doc, e, "value");
        int cells[2], k = list ? fp_cells(r, list, cells, 2) : -1, n = dflt, mark = kind;
        if (k < 0) return -1;
        if (k != 2) return fp_fail(r, list, "a dot or mark is between two cells");
        if (kind == DOT_X && value && value->type == JSON_STRING &&
            (strcmp(value->str, "V") == 0 || strcmp(value->str, "v") == 0))
            mark = DOT_V;
        else if (kind == DOT_X && !(value && value->type == JSON_STRING &&
                                    (strcmp(value->str, "X") == 0 || strcmp(value->str, "x") == 0)))
            return fp_fail(r, value ? value : e, "an XV mark's value is \"X\" or \"V\"");
        else if (kind != DOT_X && (n = fp_number(r, value, "a dot's value")) < 0)
            return -1;
        if (n == 0) n = dflt;
        if (r->ndots == FP_MAX_PAIRS) return fp_fail(r, e, "too many dots and marks");
        r->dot[r->ndots++] = (struct fp_dot){mark,
                                             mark == DOT_V   ? 5
                                             : mark == DOT_X ? 10
                                                             : n,
                                             cells[0], cells[1]};
    }
    return 0;
}
static int fp_difference(struct fp_reader *r, const struct json_value *v)
{
    return fp_dots(r, v, DOT_DIFFERENCE, 1);
}
static int fp_ratio(struct fp_reader *r, const struct json_value *v)
{
    return fp_dots(r, v, DOT_RATIO, 2);
}
static int fp_xv(struct fp_reader *r, const struct json_value *v)
{
    return fp_dots(r, v, DOT_X, 0);
}

/* ---- the keys ---- */

enum { KEY_FLAG = 1, KEY_LIST = 2 };

static const struct {
    const char *key;
    int type;
    int (*read)(struct fp_reader *, const struct json_value *);
} fp_keys[] = {
    {"diagonal+", KEY_FLAG, fp_diagonal_plus},
    {"diagonal-", KEY_FLAG, fp_diagonal_minus},
    {"antiknight", KEY_FLAG, fp_antiknight},
    {"antiking", KEY_FLAG, fp_antiking},
    {"nonconsecutive", KEY_FLAG, fp_nonconsecutive},
    {"negative", 0, fp_negative},
    {"killercage", KEY_LIST, fp_cages},
    {"cage", KEY_LIST, fp_cages},
    {"extraregion", KEY_LIST, fp_extra},
    {"odd", KEY_LIST, fp_odd},
    {"even", KEY_LIST, fp_even},
    {"sandwichsum", KEY_LIST, fp_sandwich},
    {"arrow", KEY_LIST, fp_arrow},
    {"littlekillersum", KEY_LIST, fp_little_killers},
    {"difference", KEY_LIST, fp_difference},
    {"ratio", KEY_LIST, fp_ratio},
    {"xv", KEY_LIST, fp_xv},
};

/* Keys that say nothing about the solution. */
static const char *const fp_ignored[] = {
    "size",
    "grid",
    "title",
    "author",
    "ruleset",
    "solution",
    "highlightConflicts",
    "disabledlogic",
    "truecandidatesoptions",
    "version",
    "successMessage",
};

static int fp_is_empty(const struct json_value *v)
{
    return v->type == JSON_NULL || v->type == JSON_FALSE ||
           ((v->type == JSON_ARRAY || v->type == JSON_OBJECT) && v->count == 0) ||
           (v->type == JSON_STRING && v->len == 0);
}

static int fp_unknown(struct fp_reader *r, const struct json_value *v)
{
    if (!(r->flags & FPUZZLES_IGNORE_UNKNOWN))
        return fp_fail(r, v,
                       "the constraint \"%s\" has no rule here (--ignore-unknown reads the "
                       "puzzle without it)",
                       v->key);
    if (r->warn->msg[0] == '\0') {
        sl_error_set(r->warn, v->line, v->col,
                     "warning: ignored the constraint \"%s\", which has no rule here", v->key);
    } else {
        size_t used = strlen(r->warn->msg);
        snprintf(r->warn->msg + used, sizeof r->warn->msg - used, ", and \"%s\"", v->key);
    }
    return 0;
}

static int fp_key(struct fp_reader *r, const struct json_value *v)
{
    for (size_t i = 0; i < sizeof fp_ignored / sizeof fp_ignored[0]; i++)
        if (strcmp(fp_ignored[i], v->key) == 0) return 0;
    for (size_t i = 0; i < sizeof fp_keys / sizeof fp_keys[0]; i++) {
        if (strcmp(fp_keys[i].key, v->key) != 0) continue;
        if (fp_keys[i].type == KEY_LIST && fp_expect(r, v, JSON_ARRAY, v->key)) return -1;
        return fp_keys[i].read(r, v);
    }
    for (int kind = 0; kind < FP_LINE_KINDS; kind++)
        if (strcmp(fp_line_rules[kind].key, v->key) == 0)
            return fp_expect(r, v, JSON_ARRAY, v->key) ? -1 : fp_lines(r, v, kind);
    return fp_is_empty(v) ? 0 : fp_unknown(r, v);
}

/* ---- the puzzle ---- */

/* Boxes of R x C whose cells the regions group alike, or 0. */
static int fp_box_shape(const struct fp_reader *r, int *rows)
{
    for (int br = 2; br < r->n; br++) {
        int bc = r->n / br, box_region[SL_MAX_SIZE], region_box[SL_MAX_SIZE], same = 1;
        if (br * bc != r->n || bc < 2) continue;
        for (int i = 0; i < r->n; i++) box_region[i] = region_box[i] = -1;
        for (int c = 0; c < r->ncells && same; c++) {
            int box = (c / r->n / br) * (r->n / bc) + (c % r->n) / bc, reg = r->region[c];
            if (reg < 0 || (box_region[box] >= 0 && box_region[box] != reg) ||
                (region_box[reg] >= 0 && region_box[reg] != box))
                same = 0;
            else
                box_region[box] = reg, region_box[reg] = box;
        }
        if (same) return *rows = br, 1;
    }
    return 0;
}

/* The geometry, and whether the regions make a jigsaw. */
static int fp_geometry(struct fp_reader *r, struct geometry *g, int *jigsaw)
{
    int rows = 0, any = 0;
    *jigsaw = 0;
    if (geometry_init_default(g, r->n, r->err)) return -1;
    if (!r->has_regions) return 0;
    for (int c = 0; c < r->ncells; c++) {
        if (r->region[c] == -2) r->region[c] = geometry_box(g, c);
        any |= r->region[c] >= 0;
    }
    if (!any) return geometry_init(g, r->n, 0, 0, r->err);
    if (fp_box_shape(r, &rows)) return geometry_init(g, r->n, rows, r->n / rows, r->err);
    *jigsaw = 1;
    return geometry_init(g, r->n, 0, 0, r->err);
}

/* Adds rule name with the text in out, moving an error onto `at`. */
static int fp_add(struct fp_reader *r, struct puzzle *p, const char *name, struct json_out *out,
                  const struct json_value *at)
{
    if (out->failed) return fp_fail(r, at, "out of memory");
    int rc = puzzle_add_rule(p, name, out->buf ? out->buf : "", r->err);
    if (rc) {
        char msg[SL_ERROR_MSG_MAX];
        snprintf(msg, sizeof msg, "%s", r->err->msg);
        fp_fail(r, at, "%s: %s", name, msg);
    }
    json_out_free(out);
    return rc;
}

/* Adds the rule when out holds text; frees out either way. */
static int fp_add_text(struct fp_reader *r, struct puzzle *p, const char *name,
                       struct json_out *out, const struct json_value *at)
{
    if (out->len > 0 || out->failed) return fp_add(r, p, name, out, at);
    json_out_free(out);
    return 0;
}

/* The "killercage" entry an error at column col of the killer text
 * ("MAP:SUM,SUM...", cages numbered by first cell) is about, or NULL. */
static const struct json_value *fp_cage_entry(const struct fp_reader *r, const char *text, long col)
{
    const char *colon = strchr(text, ':');
    long map_len = colon ? (long)(colon - text) : 0;
    int cage = -1;
    if (colon == NULL || col < 1 || map_len < r->ncells) return NULL;
    if (col <= map_len) {
        cage = r->cage[(col - 1) / (map_len / r->ncells)];
    } else {
        int k = 0, named = 0; /* the sum's index, and the cages met so far */
        for (const char *c = colon + 1; c < text + col - 1 && *c; c++) k += *c == ',';
        for (int c = 0; c < r->ncells && cage < 0; c++) {
            int first = r->cage[c] >= 0;
            for (int d = 0; d < c && first; d++) first = r->cage[d] != r->cage[c];
            if (first && named++ == k) cage = r->cage[c];
        }
    }
    return cage >= 0 && cage < r->ncages ? r->cage_at[cage] : NULL;
}

/* The killer rule of the cages' text in out. An error is moved onto the
 * "killercage" entry it is about, and its "cage K" (K counting cages by
 * their first cell, not as the file lists them) becomes "this cage". */
static int fp_add_cages(struct fp_reader *r, struct puzzle *p, struct json_out *out,
                        const struct json_value *at)
{
    if (out->failed) return fp_fail(r, at, "out of memory");
    int rc = puzzle_add_rule(p, "killer", out->buf ? out->buf : "", r->err);
    if (rc) {
        char msg[SL_ERROR_MSG_MAX];
        const struct json_value *entry = fp_cage_entry(r, out->buf, r->err->col);
        size_t digits =
            strncmp(r->err->msg, "cage ", 5) == 0 ? strspn(r->err->msg + 5, "0123456789") : 0;
        if (entry && digits)
            snprintf(msg, sizeof msg, "this cage%s", r->err->msg + 5 + digits);
        else
            snprintf(msg, sizeof msg, "%s", r->err->msg);
        fp_fail(r, entry ? entry : at, "killer: %s", msg);
    }
    json_out_free(out);
    return rc;
}

static int fp_add_map(struct fp_reader *r, struct puzzle *p, const char *name, const int *part,
                      const int *sums, const struct json_value *at)
{
    struct cage_text *ct = malloc(sizeof *ct);
    struct json_out out = {0};
    if (ct == NULL) return fp_fail(r, at, "out of memory");
    cage_text_from_parts(ct, r->ncells, part, sums);
    int need = sums ? cage_text_write(ct, NULL, 0) : cellmap_write(&ct->map, NULL, 0);
    json_out_printf(&out, "%*s", need, "");
    if (!out.failed && sums) cage_text_write(ct, out.buf, (size_t)need + 1);
    if (!out.failed && !sums) cellmap_write(&ct->map, out.buf, (size_t)need + 1);
    free(ct);
    return sums ? fp_add_cages(r, p, &out, at) : fp_add(r, p, name, &out, at);
}

/* Windoku when the extra regions are its windows. */
static int fp_is_windoku(const struct fp_reader *r, const struct geometry *g)
{
    int window[SL_MAX_CELLS], of[SL_MAX_CELLS];
    if (!fp_windoku_parts(g, window)) return 0;
    for (int i = 0; i < r->ncells; i++) of[i] = -1;
    for (int c = 0; c < r->ncells; c++) {
        if ((window[c] < 0) != (r->extra[c] < 0)) return 0;
        if (window[c] < 0) continue;
        if (of[window[c]] < 0) of[window[c]] = r->extra[c];
        if (of[window[c]] != r->extra[c]) return 0;
    }
    return r->nextras == (g->box_rows - 1) * (g->box_rows - 1);
}

static void fp_pairs_text(struct json_out *out, const int *pairs, int k)
{
    for (int i = 0; i < k; i++)
        json_out_printf(out, "%s%d-%d", out->len ? "," : "", pairs[2 * i], pairs[2 * i + 1]);
}

static int fp_add_differ(struct fp_reader *r, struct puzzle *p, const struct json_value *at)
{
    struct json_out out = {0};
    if (!r->antiknight && !r->antiking) return 0;
    if (r->antiknight) fp_pairs_text(&out, r->pairs, fp_move_pairs(r->n, FP_KNIGHT, r->pairs));
    if (r->antiking) fp_pairs_text(&out, r->pairs, fp_move_pairs(r->n, FP_KING, r->pairs));
    return fp_add(r, p, "differ", &out, at);
}

/* One table of the relation rule: the dots of one kind and value. */
static void fp_dot_group(struct fp_reader *r, struct json_out *out, int first, char *table)
{
    const struct fp_dot *d0 = &r->dot[first];
    static const enum fp_relation_kind kinds[] = {FP_DIFFERENCE, FP_RATIO, FP_SUM, FP_SUM};
    fp_relation_table(r->n, kinds[d0->kind], d0->value, table, 512);
    json_out_printf(out, "%s%s:", out->len ? "|" : "", table);
    for (int i = first, k = 0; i < r->ndots; i++) {
        struct fp_dot *d = &r->dot[i];
        if (d->kind != d0->kind || d->value != d0->value || d->a < 0) continue;
        json_out_printf(out, "%s%d-%d", k++ ? "," : "", d->a, d->b);
        if (i > first) d->a = -1 - d->a; /* taken; restored below */
    }
}

/* The orthogonal pairs no dot of the kinds in `kinds` (bits 1 << kind)
 * marks, under the table of what may not hold. */
static void fp_negative_group(struct fp_reader *r, struct json_out *out, int kinds, int not_mask,
                              char *table)
{
    int k = fp_move_pairs(r->n, FP_ORTHOGONAL, r->pairs), any = 0;
    memset(r->marked, 0, sizeof r->marked);
    for (int i = 0; i < r->ndots; i++) {
        const struct fp_dot *d = &r->dot[i];
        int a = d->a < d->b ? d->a : d->b, b = d->a < d->b ? d->b : d->a, key = a * r->ncells + b;
        if (kinds >> d->kind & 1) r->marked[key / 8] |= (uint8_t)(1 << key % 8);
    }
    fp_relation_table(r->n, FP_NOT, not_mask, table, 512);
    for (int i = 0; i < k; i++) {
        int key = r->pairs[2 * i] * r->ncells + r->pairs[2 * i + 1];
        if (r->marked[key / 8] >> key % 8 & 1) continue;
        if (!any++) json_out_printf(out, "%s%s:", out->len ? "|" : "", table);
        json_out_printf(out, "%s%d-%d", any > 1 ? "," : "", r->pairs[2 * i], r->pairs[2 * i + 1]);
    }
}

static int fp_add_relation(struct fp_reader *r, struct puzzle *p, const struct json_value *at)
{
    struct json_out out = {0};
    char table[512];
    int kropki = r->not_mask & (FP_NOT_CONSECUTIVE | FP_NOT_DOUBLE);
    int xv = r->not_mask & (FP_NOT_X | FP_NOT_V);
    for (int kind = DOT_DIFFERENCE; kind <= DOT_V; kind++)
        for (int i = 0; i < r->ndots; i++)
            if (r->dot[i].kind == kind && r->dot[i].a >= 0) fp_dot_group(r, &out, i, table);
    for (int i = 0; i < r->ndots; i++)
        if (r->dot[i].a < 0) r->dot[i].a = -1 - r->dot[i].a;
    if (kropki) fp_negative_group(r, &out, 1 << DOT_DIFFERENCE | 1 << DOT_RATIO, kropki, table);
    if (xv) fp_negative_group(r, &out, 1 << DOT_X | 1 << DOT_V, xv, table);
    return fp_add_text(r, p, "relation", &out, at);
}

/* The rules, in the order the shipped variants write them. */
static int fp_rules(struct fp_reader *r, struct puzzle *p, int jigsaw, const struct json_value *at)
{
    struct json_out sums = {0}, none = {0};
    if (puzzle_add_classic(p, r->err)) return -1;
    if (jigsaw && fp_add_map(r, p, "jigsaw", r->region, NULL, at)) return -1;
    if (r->diagonal_plus || r->diagonal_minus) {
        json_out_printf(&none, "%s",
                        r->diagonal_plus == r->diagonal_minus ? ""
                        : r->diagonal_plus                    ? "+"
                                                              : "-");
        if (fp_add(r, p, "diagonal", &none, at)) return -1;
    }
    if (r->ncages && fp_add_map(r, p, "killer", r->cage, r->cage_sum, at)) return -1;
    if (r->nextras && fp_is_windoku(r, &p->geo)) {
        if (fp_add(r, p, "windoku", &none, at)) return -1;
    } else if (r->nextras && fp_add_map(r, p, "extra", r->extra, NULL, at)) {
        return -1;
    }
    if (strspn(r->oddeven, ".") < (size_t)r->ncells) {
        json_out_printf(&none, "%s", r->oddeven);
        if (fp_add(r, p, "oddeven", &none, at)) return -1;
    }
    for (int kind = 0; kind < FP_LINE_KINDS; kind++)
        if (fp_add_text(r, p, fp_line_rules[kind].rule, &r->lines[kind],
                        r->line_at[kind] ? r->line_at[kind] : at))
            return -1;
    if (fp_add_text(r, p, "sandwich", &r->sandwich, r->sandwich_at ? r->sandwich_at : at))
        return -1;
    json_out_printf(&sums, "%s%s%s", r->arrows.buf ? r->arrows.buf : "",
                    r->arrows.len && r->littles.len ? "," : "",
                    r->littles.buf ? r->littles.buf : "");
    if (fp_add_text(r, p, "sum", &sums, at)) return -1;
    return fp_add_differ(r, p, at) || fp_add_relation(r, p, at) ? -1 : 0;
}

/* Size and grid, then every other key, then the puzzle. */
static int fp_read(struct fp_reader *r, const struct json_value *root, struct puzzle *p)
{
    const struct json_value *size = json_get(r->doc, root, "size");
    const struct json_value *grid = json_get(r->doc, root, "grid");
    struct geometry g;
    int jigsaw;
    if (fp_expect(r, root, JSON_OBJECT, "an f-puzzles puzzle")) return -1;
    if (size == NULL || grid == NULL)
        return fp_fail(r, root, "an f-puzzles puzzle has a \"size\" and a \"grid\"");
    if (size->type != JSON_NUMBER || !(size->number >= 1 && size->number <= SL_MAX_SIZE) ||
        size->number != (int)size->number)
        return fp_fail(r, size, "\"size\" must be a whole number 1..%d", SL_MAX_SIZE);
    r->n = (int)size->number;
    r->ncells = r->n * r->n;
    memset(r->oddeven, '.', (size_t)r->ncells);
    for (int c = 0; c < r->ncells; c++) r->region[c] = -2, r->cage[c] = r->extra[c] = -1;
    if (fp_grid(r, grid)) return -1;
    for (const struct json_value *v = json_first(r->doc, root); v; v = json_next(r->doc, v))
        if (fp_key(r, v)) return -1;
    if (fp_geometry(r, &g, &jigsaw)) {
        r->err->line = grid->line, r->err->col = grid->col;
        return -1;
    }
    puzzle_init(p, &g);
    memcpy(p->givens, r->givens, (size_t)r->ncells);
    if (fp_rules(r, p, jigsaw, root) == 0) return 0;
    puzzle_clear(p);
    return -1;
}

int fpuzzles_read_json(const char *text, size_t len, int flags, struct puzzle *p,
                       struct sl_error *warn, struct sl_error *err)
{
    struct sl_error ignored = {0}, quiet = {0};
    struct fp_reader *r = calloc(1, sizeof *r);
    struct json_doc *doc = r ? json_parse(text, len, err) : NULL;
    int rc = -1;
    if (r == NULL) sl_error_set(err, 0, 0, "out of memory");
    if (doc) {
        r->doc = doc;
        r->flags = flags;
        r->warn = warn ? warn : &ignored;
        r->err = err ? err : &quiet;
        r->warn->msg[0] = '\0';
        rc = fp_read(r, json_root(doc), p);
        for (int kind = 0; kind < FP_LINE_KINDS; kind++) json_out_free(&r->lines[kind]);
        json_out_free(&r->sandwich);
        json_out_free(&r->arrows);
        json_out_free(&r->littles);
    }
    json_free(doc);
    free(r);
    return rc;
}
