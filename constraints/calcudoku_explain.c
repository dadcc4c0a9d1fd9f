/*
 * calcudoku_explain.c — the calcudoku techniques a player uses, for the
 * rater (the rule's explain hook, constraint.h). Keys, easiest first:
 *
 *   calcudoku-one-cell     a one-cell cage holds its target;
 *   calcudoku-cage         a two-cell cage keeps the digits some pair of
 *                          candidates making its target gives each cell;
 *   calcudoku-big-cage     the same over a cage of three cells or more;
 *   calcudoku-rule-of-45   in a row or column, the cells outside the
 *                          cages lying wholly inside it with '+' (or '×')
 *                          make what the line's 1 + ... + N (or N!) leaves;
 *   calcudoku-cage-line    a digit every assignment of a cage puts in one
 *                          row or column leaves the rest of that line.
 *
 * Each makes one deduction through prop_restrict and names it;
 * EXPLAIN_ALL makes every one of one pass.
 */
#include <string.h>

#include "calcudoku.h"

/* The largest N whose N! a long long holds. */
#define CE_FACTORIAL_MAX 20

struct calc_technique {
    const char *key, *words;
    int (*find)(const struct calcudoku *k, int part, struct prop_ctx *ctx, int *cells);
    int parts; /* what find is asked about: 0 cages, 1 lines (2N of them) */
};

/* Narrows cell to allowed: 1 when it changed, 0 when not, -1 when empty. */
static int ce_narrow(struct prop_ctx *ctx, int cell, digitset allowed)
{
    digitset before = prop_candidates(ctx, cell);
    if ((before & allowed) == before) return 0;
    return prop_restrict(ctx, cell, allowed) == SL_PROP_CONTRADICTION ? -1 : 1;
}

static int ce_report(const struct calc_cage *c, int *cells)
{
    memcpy(cells, c->cells, sizeof *cells * (size_t)c->ncells);
    return c->ncells;
}

/* A cage's own arithmetic, for cages of `lo` to `hi` cells. */
static int ce_cage(const struct calc_cage *c, struct prop_ctx *ctx, int lo, int hi)
{
    if (c->ncells < lo || c->ncells > hi) return 0;
    return calcudoku_prune(c, ctx);
}

static int ce_one_cell(const struct calcudoku *k, int p, struct prop_ctx *ctx, int *cells)
{
    int rc = ce_cage(&k->cages[p], ctx, 1, 1);
    return rc > 0 ? ce_report(&k->cages[p], cells) : rc;
}

static int ce_small(const struct calcudoku *k, int p, struct prop_ctx *ctx, int *cells)
{
    int rc = ce_cage(&k->cages[p], ctx, 2, 2);
    return rc > 0 ? ce_report(&k->cages[p], cells) : rc;
}

static int ce_big(const struct calcudoku *k, int p, struct prop_ctx *ctx, int *cells)
{
    int rc = ce_cage(&k->cages[p], ctx, 3, CALC_MAX_CAGE_CELLS);
    return rc > 0 ? ce_report(&k->cages[p], cells) : rc;
}

/* 1 when every cell of cage p lies in line. */
static int ce_inside(const struct calcudoku *k, int p, int line)
{
    int n = k->geo.size;
    for (int i = 0; i < k->cages[p].ncells; i++) {
        int c = k->cages[p].cells[i];
        if ((line < n ? c / n : c % n + n) != line) return 0;
    }
    return 1;
}

/* The rule of 45 on one line for operation op (+ or ×): the cells left
 * outside the cages of that operation wholly inside the line, when at
 * most three and some cage was taken, form a cage of their own. */
static int ce_line_rest(const struct calcudoku *k, int line, int op, struct prop_ctx *ctx,
                        int *cells)
{
    if (op == CALC_MUL && k->geo.size > CE_FACTORIAL_MAX) return 0;
    int n = k->geo.size, rest[SL_MAX_SIZE], nrest = 0, taken = 0;
    long long left = op == CALC_ADD ? (long long)n * (n + 1) / 2 : 1;
    for (int d = 2; op == CALC_MUL && d <= n; d++) left *= d;
    for (int i = 0; i < n; i++) {
        int c = geometry_line_cell(n, line, i), p = k->map.part[c];
        int whole = p >= 0 && ce_inside(k, p, line) &&
                    (k->cages[p].op == op || k->cages[p].op == CALC_NONE);
        if (!whole) {
            rest[nrest++] = c;
            continue;
        }
        taken += k->cages[p].op == op && k->cages[p].cells[0] == c;
        if (k->cages[p].cells[0] != c) continue;
        left = op == CALC_ADD ? left - k->cages[p].target : left / k->cages[p].target;
    }
    if (!taken || nrest == 0 || nrest > 3 || left < 1) return 0;
    struct calc_cage inner;
    calc_cage_init(&inner, &k->geo, rest, nrest, op, left);
    int rc = calcudoku_prune(&inner, ctx);
    return rc > 0 ? ce_report(&inner, cells) : rc;
}

static int ce_rule_of_45(const struct calcudoku *k, int line, struct prop_ctx *ctx, int *cells)
{
    int rc = ce_line_rest(k, line, CALC_ADD, ctx, cells);
    return rc ? rc : ce_line_rest(k, line, CALC_MUL, ctx, cells);
}

struct ce_lines {
    const struct calc_cage *cage;
    int n;
    digitset need[2 * SL_MAX_SIZE]; /* per line: digits every assignment puts in it */
};

static int ce_lines_visit(void *arg, const uint8_t *digits)
{
    struct ce_lines *l = arg;
    digitset in[2 * SL_MAX_SIZE] = {0};
    for (int i = 0; i < l->cage->ncells; i++) {
        int c = l->cage->cells[i];
        in[c / l->n] |= digitset_of(digits[i]);
        in[l->n + c % l->n] |= digitset_of(digits[i]);
    }
    for (int line = 0; line < 2 * l->n; line++) l->need[line] &= in[line];
    return 0;
}

static int ce_cage_line(const struct calcudoku *k, int p, struct prop_ctx *ctx, int *cells)
{
    const struct calc_cage *c = &k->cages[p];
    int n = k->geo.size;
    struct ce_lines l = {c, n, {0}};
    digitset cand[CALC_MAX_CAGE_CELLS];
    if (c->ncells < 2) return 0;
    for (int line = 0; line < 2 * n; line++) l.need[line] = digitset_all(n);
    for (int i = 0; i < c->ncells; i++) cand[i] = prop_candidates(ctx, c->cells[i]);
    if (calc_cage_walk(c, cand, ce_lines_visit, &l) == 0) return -1;
    int narrowed = 0;
    for (int line = 0; line < 2 * n; line++) {
        for (int i = 0; l.need[line] && i < n; i++) {
            int cell = geometry_line_cell(n, line, i);
            if (k->map.part[cell] == p) continue;
            int rc = ce_narrow(ctx, cell, ~l.need[line]);
            if (rc < 0) return -1;
            narrowed |= rc;
        }
    }
    return narrowed ? ce_report(c, cells) : 0;
}

static const struct calc_technique ce_table[] = {
    {"calcudoku-one-cell", "cage of one cell", ce_one_cell, 0},
    {"calcudoku-cage", "cage arithmetic", ce_small, 0},
    {"calcudoku-big-cage", "arithmetic of a big cage", ce_big, 0},
    {"calcudoku-rule-of-45", "rule of 45 on a line", ce_rule_of_45, 1},
    {"calcudoku-cage-line", "digits a cage puts in a line", ce_cage_line, 0},
};
#define CE_COUNT ((int)(sizeof ce_table / sizeof ce_table[0]))

/* 1 when part p of technique t has a cell in changed (explain.h), or
 * changed is NULL. A cage reads only its own cells: what its digits in a
 * line leave (cage-line) lies in cells that since only lost candidates,
 * so found nothing then is nothing now. A line reads only its cells. */
static int ce_part_changed(const struct calcudoku *k, const struct calc_technique *t, int p,
                           const uint8_t *changed)
{
    if (!changed) return 1;
    int n = t->parts ? k->geo.size : k->cages[p].ncells;
    for (int i = 0; i < n; i++)
        if (changed[t->parts ? geometry_line_cell(k->geo.size, p, i) : k->cages[p].cells[i]])
            return 1;
    return 0;
}

/* Technique t over every part: the first deduction (1, named), or with
 * all set every one (1 when any), 0 for none, -1 on a contradiction. */
static int ce_run(const struct calcudoku *k, const struct calc_technique *t, struct prop_ctx *ctx,
                  struct explain_sink *sink, int all)
{
    int parts = t->parts ? 2 * k->geo.size : k->map.nparts, any = 0;
    int cells[SL_MAX_CELLS];
    for (int p = 0; p < parts; p++) {
        if (!ce_part_changed(k, t, p, sink->changed)) continue;
        int count = t->find(k, p, ctx, cells);
        if (count < 0) return -1;
        if (count == 0) continue;
        if (!all) {
            explain_name(sink, t->key, t->words, cells, count);
            return 1;
        }
        any = 1;
    }
    return any;
}

/* The prefix every key of ce_table shares. */
#define CE_PREFIX "calcudoku-"
#define CE_PREFIX_LEN (sizeof CE_PREFIX - 1)

/* The row of ce_table keyed technique, or -1. The rater asks some 120
 * questions a rating: the key past the prefix is told by its first
 * letter before any whole comparison. */
static int ce_find(const char *technique)
{
    if (strncmp(technique, CE_PREFIX, CE_PREFIX_LEN) != 0) return -1;
    const char *rest = technique + CE_PREFIX_LEN;
    for (int t = 0; t < CE_COUNT; t++) {
        const char *key = ce_table[t].key + CE_PREFIX_LEN;
        if (key[0] == rest[0] && strcmp(key, rest) == 0) return t;
    }
    return -1;
}

/* Every technique of one pass (EXPLAIN_ALL): 1 when any found, 0 when
 * none, -1 on a contradiction. */
static int ce_all(const struct calcudoku *k, struct prop_ctx *ctx, struct explain_sink *sink)
{
    int any = 0;
    for (int t = 0; t < CE_COUNT; t++) {
        int rc = ce_run(k, &ce_table[t], ctx, sink, 1);
        if (rc < 0) return -1;
        any |= rc;
    }
    return any;
}

int calcudoku_explain(const void *self, const char *technique, struct prop_ctx *ctx,
                      struct explain_sink *sink)
{
    int t = ce_find(technique);
    if (t >= 0) return ce_run(self, &ce_table[t], ctx, sink, 0) > 0;
    return strcmp(technique, EXPLAIN_ALL) == 0 ? ce_all(self, ctx, sink) : 0;
}
