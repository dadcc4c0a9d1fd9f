/*
 * sums.c — sums of cells: equal to a constant (little killer, any sum
 * without distinctness) or to another cell (arrows: the bulb holds the sum
 * of its shaft).
 *
 * Arguments: entries joined by ',': "a+b+c=25" (cells a, b, c add up to
 * 25), "a+b+c=@d" (they add up to the digit of cell d) or "a+b=@d@e" (to
 * the two-digit number of cells d and e, as in arrows with two-cell
 * circles; up to three target cells); cells numbered 0..N*N-1 row by row. Digits may repeat unless
 * a house says otherwise: the cells of one house are counted as distinct when bounding a sum.
 * Pruned by cage_sums.h: a constant total over several houses by the digit
 * sets each house's cells can hold, every group listed (sum_groups.h);
 * otherwise by bounds, or exact enumeration when small. Each entry is a
 * watched group.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "constraint.h"
#include "primitive_explain.h"
#include "cage_sums.h"
#include "cell_paths.h"
#include "sum_groups.h"
#include "sum_houses.h"

struct sum_entry {
    int count;                                   /* terms */
    int ntargets;                                /* target cells, most significant first */
    int cell[SUMS_MAX_TERMS + SUMS_MAX_TARGETS]; /* the terms, then the target cells */
    int target;                                  /* the constant, or -1 for target cells */
};

struct sums {
    int size, nentries;
    struct sum_entry *entry;
    struct sum_set *set; /* made by attach */
    /* The entries of a constant total, as the rule of 45 reads them
     * (sum_houses.h): made once by parse, pointing into entry. */
    struct sum_region *regions;
    int nregions;
};

static void sums_destroy(void *self)
{
    struct sums *s = self;
    sum_set_free(s->set);
    free(s->regions);
    free(s->entry);
    free(s);
}

/* Reads one entry at *at; errors name the column of its first byte. */
static int sums_entry(struct sum_entry *e, const char **at, const char *args, int ncells, int n,
                      struct sl_error *err)
{
    long col = (long)(*at - args) + 1;
    e->count = 0;
    for (;;) {
        int c = cell_paths_number(at, ncells);
        if (c < 0 || e->count == SUMS_MAX_TERMS)
            return sl_error_set(err, 0, col, "expected cells 'a+b+c' (0..%d, at most %d)",
                                ncells - 1, SUMS_MAX_TERMS);
        e->cell[e->count++] = c;
        if (**at != '+') break;
        (*at)++;
    }
    if (**at != '=') return sl_error_set(err, 0, col, "expected '=' and a total or '@cell'");
    (*at)++;
    e->ntargets = 0;
    if (**at == '@') {
        while (**at == '@' && e->ntargets < SUMS_MAX_TARGETS) {
            (*at)++;
            int c = cell_paths_number(at, ncells);
            for (int i = 0; c >= 0 && i < e->count + e->ntargets; i++)
                if (e->cell[i] == c) c = -1;
            if (c < 0) return sl_error_set(err, 0, col, "'@' needs a cell that is not a term");
            e->cell[e->count + e->ntargets++] = c;
        }
        e->target = -1;
    } else {
        char *end;
        long total = (**at >= '0' && **at <= '9') ? strtol(*at, &end, 10) : -1;
        if (total < 1 || total > (long)e->count * n)
            return sl_error_set(err, 0, col, "the total must be 1..%d for %d cells", e->count * n,
                                e->count);
        *at = end;
        e->target = (int)total;
    }
    if (**at != ',' && **at != '\0') return sl_error_set(err, 0, col, "expected ',' or the end");
    if (**at == ',') (*at)++;
    return 0;
}

/* The entries of a constant total as regions (sum_houses.h), listed
 * once for every rule-of-45 question the rater asks. */
static int sums_list_regions(struct sums *s)
{
    s->regions = malloc((size_t)(s->nentries + 1) * sizeof *s->regions);
    if (s->regions == NULL) return -1;
    for (int i = 0; i < s->nentries; i++)
        if (s->entry[i].target >= 0)
            s->regions[s->nregions++] =
                (struct sum_region){s->entry[i].count, s->entry[i].cell, s->entry[i].target};
    return 0;
}

static void *sums_parse(const struct geometry *g, const char *args, struct sl_error *err)
{
    struct sums *s = calloc(1, sizeof *s);
    size_t cap = 1;
    for (const char *c = args; *c; c++) cap += *c == ',';
    if (s) s->entry = malloc(cap * sizeof *s->entry);
    if (s == NULL || s->entry == NULL) {
        if (s) free(s);
        sl_error_set(err, 0, 1, "out of memory");
        return NULL;
    }
    s->size = g->size;
    for (const char *at = args; *at;)
        if (sums_entry(&s->entry[s->nentries++], &at, args, g->ncells, g->size, err)) {
            sums_destroy(s);
            return NULL;
        }
    if (sums_list_regions(s)) {
        sums_destroy(s);
        sl_error_set(err, 0, 1, "out of memory");
        return NULL;
    }
    return s;
}

static int sums_attach(void *self, struct rule_builder *b, struct sl_error *err)
{
    struct sums *s = self;
    sum_set_free(s->set);
    s->set = sum_set_new(b, err);
    if (s->set == NULL) return -1;
    /* A few long sums, often with little else to narrow their cells (a
     * little killer's diagonals): with groups taken as ranges the search
     * runs nearly blind, so each group's sets are listed. */
    sum_set_list_groups(s->set, SUM_GROUPS_LIST_ALL);
    for (int i = 0; i < s->nentries; i++) {
        const struct sum_entry *e = &s->entry[i];
        int group[SUMS_MAX_TERMS + SUMS_MAX_TARGETS], weight[SUMS_MAX_TERMS + SUMS_MAX_TARGETS];
        int count = e->count, ngroups = sum_set_group_by_houses(s->set, e->cell, e->count, group);
        for (int k = 0; k < e->count; k++) weight[k] = 1;
        /* Target cells are subtracted, each a group of its own, weighted
         * by its place in the number: -100, -10, -1. */
        for (int t = 0, place = 1; t < e->ntargets; t++, place *= 10) {
            int k = e->count + e->ntargets - 1 - t;
            group[k] = ngroups++;
            weight[k] = -place;
        }
        count += e->ntargets;
        if (sum_set_add_weighted(s->set, e->cell, group, weight, count,
                                 e->target < 0 ? 0 : e->target, err) < 0 ||
            rules_watch_group(b, e->cell, count, err) < 0)
            return -1;
    }
    return rules_reserve_state(b, sum_set_state_bytes(s->set), err);
}

static int sums_propagate(void *self, struct prop_ctx *ctx)
{
    const struct sums *s = self;
    for (int group; (group = prop_next_group(ctx)) >= 0;) {
        if (sum_set_propagate(s->set, group, ctx, prop_rule_state(ctx)) < 0)
            return SL_PROP_CONTRADICTION;
        prop_settle_group(ctx, group);
    }
    return SL_PROP_OK;
}

static int sums_check(const void *self, const struct geometry *g, const uint8_t *grid)
{
    const struct sums *s = self;
    (void)g;
    for (int i = 0; i < s->nentries; i++) {
        const struct sum_entry *e = &s->entry[i];
        int total = 0, target = 0;
        for (int k = 0; k < e->count; k++) total += grid[e->cell[k]];
        for (int t = 0; t < e->ntargets; t++) target = 10 * target + grid[e->cell[e->count + t]];
        if (total != (e->target < 0 ? target : e->target)) return 0;
    }
    return 1;
}

static int sums_write(const void *self, char *buf, size_t cap)
{
    const struct sums *s = self;
    size_t used = 0;
    if (cap > 0) buf[0] = '\0';
    for (int i = 0; i < s->nentries; i++) {
        const struct sum_entry *e = &s->entry[i];
        int last = e->count + (e->target < 0 ? e->ntargets : 1);
        for (int k = 0; k < last; k++) {
            size_t room = used < cap ? cap - used : 0;
            char *to = room ? buf + used : NULL;
            if (k < e->count)
                used += (size_t)snprintf(to, room, "%s%d", k ? "+" : i ? "," : "", e->cell[k]);
            else if (e->target < 0)
                used += (size_t)snprintf(to, room, "%s@%d", k == e->count ? "=" : "", e->cell[k]);
            else
                used += (size_t)snprintf(to, room, "=%d", e->target);
        }
    }
    return (int)used;
}

/* An arrow: a ring around its circle and a line with a head along its
 * shaft, from the circle cell nearest the shaft. A sum to a constant: a
 * dashed outline with the total, as a cage. */
/* 1 when the cells, in order, run diagonally from one edge of the grid to
 * another (a little killer clue, read from outside cell[0]). */
static int sums_edge_diagonal(const struct sum_entry *e, const struct geometry *g)
{
    int n = g->size, first = e->cell[0], last = e->cell[e->count - 1];
    if (e->count < 2) return 0;
    int dr = geometry_row(g, e->cell[1]) - geometry_row(g, first);
    int dc = geometry_col(g, e->cell[1]) - geometry_col(g, first);
    if ((dr != 1 && dr != -1) || (dc != 1 && dc != -1)) return 0;
    for (int i = 1; i < e->count; i++)
        if (e->cell[i] != e->cell[i - 1] + dr * n + dc) return 0;
    int r0 = geometry_row(g, first) - dr, c0 = geometry_col(g, first) - dc;
    int r1 = geometry_row(g, last) + dr, c1 = geometry_col(g, last) + dc;
    return (r0 < 0 || r0 >= n || c0 < 0 || c0 >= n) && (r1 < 0 || r1 >= n || c1 < 0 || c1 >= n);
}

static int sums_marks(const void *self, const struct geometry *g, struct mark_sink *sink)
{
    const struct sums *s = self;
    int arrows = 0, totals = 0, path[SUMS_MAX_TERMS + 1];
    char label[16];
    for (int i = 0; i < s->nentries; i++) {
        const struct sum_entry *e = &s->entry[i];
        int rc;
        if (e->target >= 0) {
            snprintf(label, sizeof label, "%d", e->target);
            if (sums_edge_diagonal(e, g))
                rc = mark_emit(sink, MARK_OUTSIDE, OUTSIDE_ARROW, e->cell, 2, label);
            else
                rc = mark_emit(sink, MARK_CAGE, 0, e->cell, e->count, label);
            totals = 1;
        } else {
            const int *circle = e->cell + e->count;
            int best = 0, best_far = 1 << 20;
            for (int t = 0; t < e->ntargets; t++) {
                int far = abs(geometry_row(g, circle[t]) - geometry_row(g, e->cell[0])) +
                          abs(geometry_col(g, circle[t]) - geometry_col(g, e->cell[0]));
                if (far < best_far) best = t, best_far = far;
            }
            path[0] = circle[best];
            memcpy(path + 1, e->cell, (size_t)e->count * sizeof path[0]);
            rc = mark_emit(sink, MARK_LINE, LINE_ARROW, path, e->count + 1, NULL) ||
                 mark_emit(sink, MARK_CIRCLE, CIRCLE_RING, circle, e->ntargets, NULL);
            arrows = 1;
        }
        if (rc) return -1;
    }
    if (arrows && mark_name(sink, "arrow")) return -1;
    return totals ? mark_name(sink, "sum") : 0;
}

/* The rule of 45 (sum_houses.h) on the entries of a constant total; the
 * rest as primitive_explain.c makes it. */
static int sums_explain_houses(const void *self, const char *technique, struct prop_ctx *ctx,
                               struct explain_sink *sink)
{
    const struct sums *s = self;
    if (strcmp(technique, SUM_HOUSES_KEY) != 0) return sums_explain(self, technique, ctx, sink);
    return s->nregions ? sum_houses_explain(s->regions, s->nregions, ctx, sink) : 0;
}

const struct constraint_ops sums_constraint = {
    .name = "sum",
    .summary = "cells adding up to a total or to another cell (arrows, little killer)",
    .form = "sum:ENTRIES",
    .arguments = "ENTRIES  comma-separated, each CELLS=TOTAL or CELLS=@CIRCLE: CELLS is\n"
                 "         a+b+c, TOTAL a number, CIRCLE a cell or two or three read as\n"
                 "         one number (@d@e, tens first); cells are numbered 0..N*N-1 row by row;\n"
                 "         digits may repeat unless a house forbids it\n",
    .example = "sudolab 9 3x3 classic;sum:1+2=@0,9+18+27=20 "
               ".................................................................................",
    .parse = sums_parse,
    .attach = sums_attach,
    .propagate = sums_propagate,
    .explain = sums_explain_houses,
    .check = sums_check,
    .write = sums_write,
    .destroy = sums_destroy,
    .marks = sums_marks,
};
