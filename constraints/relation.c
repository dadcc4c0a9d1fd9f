/*
 * relation.c — a relation between the digits of paired cells, given as a
 * table: non-consecutive, kropki dots, XV, greater-than, or any relation a
 * script evaluates once into a table.
 *
 * Arguments: one or more "TABLE:PAIRS" joined by '|'. TABLE is N hex
 * masks joined by '.', mask d holding (bit e-1) the digits e the second
 * cell may take when the first holds d; PAIRS is "a-b,c-d" (cell_paths.h).
 * Example, "second cell greater" on 4x4: "e.c.8.0:0-1,5-9".
 *
 * Each pair is a watched group: its cells keep only the digits with a
 * partner left in the other cell (arc consistency), in both directions.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "constraint.h"
#include "primitive_explain.h"
#include "cell_paths.h"

struct relation_table {
    digitset next[SL_MAX_SIZE + 1]; /* per digit of the first cell: the second's */
    digitset prev[SL_MAX_SIZE + 1]; /* the transpose */
    struct cell_paths pairs;
};

struct relation {
    int size, ntables;
    struct relation_table table[RELATION_MAX_TABLES];
    int group_table[SL_MAX_CELLS * 4]; /* watched group -> table and pair */
    int group_pair[SL_MAX_CELLS * 4];
};

static void relation_destroy(void *self)
{
    struct relation *r = self;
    for (int t = 0; t < r->ntables; t++) cell_paths_free(&r->table[t].pairs);
    free(r);
}

/* Reads "m1.m2...mN:" at text; returns the length read, or -1. */
static int relation_read_masks(struct relation_table *t, const char *text, int n, long col,
                               struct sl_error *err)
{
    const char *at = text;
    memset(t->prev, 0, sizeof t->prev);
    for (int d = 1; d <= n; d++) {
        char *end;
        unsigned long m = strtoul(at, &end, 16);
        if (end == at || m >> n || *end != (d < n ? '.' : ':'))
            return sl_error_set(err, 0, col + (long)(at - text),
                                "expected %d hex masks of digits 1..%d joined by '.', then ':'", n,
                                n);
        t->next[d] = (digitset)(m << 1);
        for (int e = 1; e <= n; e++)
            if (t->next[d] & digitset_of(e)) t->prev[e] |= digitset_of(d);
        at = end + 1;
    }
    return (int)(at - text);
}

static void *relation_parse(const struct geometry *g, const char *args, struct sl_error *err)
{
    struct relation *r = calloc(1, sizeof *r);
    if (r == NULL) {
        sl_error_set(err, 0, 1, "out of memory");
        return NULL;
    }
    r->size = g->size;
    for (const char *at = args; *at || r->ntables == 0;) {
        long col = (long)(at - args) + 1;
        if (r->ntables == RELATION_MAX_TABLES) {
            sl_error_set(err, 0, col, "at most %d tables", RELATION_MAX_TABLES);
            relation_destroy(r);
            return NULL;
        }
        struct relation_table *t = &r->table[r->ntables];
        int used = relation_read_masks(t, at, g->size, col, err);
        if (used < 0) {
            relation_destroy(r);
            return NULL;
        }
        const char *bar = strchr(at + used, '|');
        size_t len = bar ? (size_t)(bar - (at + used)) : strlen(at + used);
        char *list = strndup(at + used, len);
        if (list == NULL || cell_paths_read(list, g->ncells, 2, 2, col + used, &t->pairs, err)) {
            free(list);
            relation_destroy(r);
            return NULL;
        }
        free(list);
        r->ntables++;
        at = bar ? bar + 1 : at + used + len;
    }
    return r;
}

static int relation_attach(void *self, struct rule_builder *b, struct sl_error *err)
{
    struct relation *r = self;
    int groups = 0;
    for (int t = 0; t < r->ntables; t++) {
        const struct cell_paths *pairs = &r->table[t].pairs;
        for (int i = 0; i < pairs->count; i++) {
            if (groups == SL_MAX_CELLS * 4)
                return sl_error_set(err, 0, 0, "too many related pairs (at most %d)", groups);
            if (rules_watch_group(b, pairs->cell + 2 * i, 2, err) < 0) return -1;
            r->group_table[groups] = t;
            r->group_pair[groups++] = i;
        }
    }
    return 0;
}

/* The digits with a partner in `other` through `table`. */
static digitset relation_support(const digitset *table, int n, digitset other)
{
    digitset s = 0;
    for (int d = 1; d <= n; d++)
        if (other & digitset_of(d)) s |= table[d];
    return s;
}

static int relation_propagate(void *self, struct prop_ctx *ctx)
{
    const struct relation *r = self;
    for (int group; (group = prop_next_group(ctx)) >= 0;) {
        const struct relation_table *t = &r->table[r->group_table[group]];
        const int *cells = t->pairs.cell + 2 * r->group_pair[group];
        for (int changed = 1; changed;) {
            digitset x = prop_candidates(ctx, cells[0]), y = prop_candidates(ctx, cells[1]);
            digitset ny = y & relation_support(t->next, r->size, x);
            digitset nx = x & relation_support(t->prev, r->size, ny);
            if (prop_restrict(ctx, cells[1], ny) || prop_restrict(ctx, cells[0], nx))
                return SL_PROP_CONTRADICTION;
            changed = nx != x || ny != y;
        }
        prop_settle_group(ctx, group);
    }
    return SL_PROP_OK;
}

static int relation_check(const void *self, const struct geometry *g, const uint8_t *grid)
{
    const struct relation *r = self;
    (void)g;
    for (int t = 0; t < r->ntables; t++) {
        const struct cell_paths *pairs = &r->table[t].pairs;
        for (int i = 0; i < pairs->count; i++) {
            int a = grid[pairs->cell[2 * i]], b = grid[pairs->cell[2 * i + 1]];
            if (!(r->table[t].next[a] & digitset_of(b))) return 0;
        }
    }
    return 1;
}

static int relation_write(const void *self, char *buf, size_t cap)
{
    const struct relation *r = self;
    size_t used = 0;
    for (int t = 0; t < r->ntables; t++) {
        for (int d = 1; d <= r->size; d++) {
            size_t room = used < cap ? cap - used : 0;
            used += (size_t)snprintf(room ? buf + used : NULL, room, "%s%x",
                                     d == 1 ? (t ? "|" : "") : ".",
                                     (unsigned)(r->table[t].next[d] >> 1));
        }
        size_t room = used < cap ? cap - used : 0;
        used += (size_t)snprintf(room ? buf + used : NULL, room, ":");
        room = used < cap ? cap - used : 0;
        used += (size_t)cell_paths_write(&r->table[t].pairs, room ? buf + used : NULL, room);
    }
    return (int)used;
}

/* --- marks ------------------------------------------------------------- */

/* The relations puzzles draw, by their tables: a dot or a letter on the
 * pair's edge, or (a rule over every unmarked pair) a name alone. */
enum relation_kind {
    REL_WHITE,
    REL_BLACK,
    REL_X,
    REL_V,
    REL_LESS,
    REL_MORE,
    REL_APART,
    REL_NO_DOT,
    REL_NO_XV,
    REL_OTHER
};

static int relation_holds(enum relation_kind k, int a, int b)
{
    int next = a - b == 1 || b - a == 1, twice = a == 2 * b || b == 2 * a;
    switch (k) {
    case REL_WHITE: return next;
    case REL_BLACK: return twice;
    case REL_X: return a + b == 10;
    case REL_V: return a + b == 5;
    case REL_LESS: return a < b;
    case REL_MORE: return a > b;
    case REL_APART: return !next;
    case REL_NO_DOT: return !next && !twice;
    case REL_NO_XV: return a + b != 10 && a + b != 5;
    default: return 0;
    }
}

static enum relation_kind relation_kind_of(const struct relation_table *t, int n)
{
    for (int k = REL_WHITE; k < REL_OTHER; k++) {
        int same = 1;
        for (int a = 1; a <= n && same; a++)
            for (int b = 1; b <= n && same; b++)
                same = relation_holds((enum relation_kind)k, a, b) ==
                       ((t->next[a] & digitset_of(b)) != 0);
        if (same) return (enum relation_kind)k;
    }
    return REL_OTHER;
}

/* The sign on the edge of a and b when a < b (less) or a > b: its point
 * toward the smaller digit. */
static const char *relation_sign(const struct geometry *g, int a, int b, int less)
{
    int across = geometry_row(g, a) == geometry_row(g, b);
    int a_first = a < b;
    if (across) return less == a_first ? "<" : ">";
    return less == a_first ? "\u2227" : "\u2228"; /* the point toward the smaller */
}

static int relation_marks(const void *self, const struct geometry *g, struct mark_sink *sink)
{
    static const char *const names[REL_OTHER + 1] = {"kropki",
                                                     "kropki",
                                                     "XV",
                                                     "XV",
                                                     "greater-than",
                                                     "greater-than",
                                                     "non-consecutive",
                                                     "every dot given",
                                                     "every mark given",
                                                     "relation"};
    const struct relation *r = self;
    for (int t = 0; t < r->ntables; t++) {
        enum relation_kind k = relation_kind_of(&r->table[t], r->size);
        const struct cell_paths *pairs = &r->table[t].pairs;
        for (int i = 0; i < pairs->count && k <= REL_MORE; i++) {
            const int *cells = pairs->cell + 2 * i;
            int rc = k <= REL_BLACK ? mark_emit(sink, MARK_DOT, k == REL_BLACK, cells, 2, NULL)
                     : k <= REL_V
                         ? mark_emit(sink, MARK_LETTER, 0, cells, 2, k == REL_X ? "X" : "V")
                         : mark_emit(sink, MARK_LETTER, 0, cells, 2,
                                     relation_sign(g, cells[0], cells[1], k == REL_LESS));
            if (rc) return -1;
        }
        if (mark_name(sink, names[k])) return -1;
    }
    return 0;
}

const struct constraint_ops relation_constraint = {
    .name = "relation",
    .summary = "cell pairs whose digits obey a table (non-consecutive, kropki, XV, >)",
    .form = "relation:TABLE:PAIRS[|TABLE:PAIRS...]",
    .arguments = "TABLE  N hex masks joined by '.': bit e-1 of mask d is set when the\n"
                 "       second cell may hold e while the first holds d\n"
                 "PAIRS  pairs a-b,c-d,... the table holds between, first cell first;\n"
                 "       cells are numbered 0..N*N-1 row by row\n",
    .example = "sudolab 4 2x2 classic;relation:e.c.8.0:0-1,4-5 ................",
    .parse = relation_parse,
    .attach = relation_attach,
    .propagate = relation_propagate,
    .explain = relation_explain, /* primitive_explain.c */
    .check = relation_check,
    .write = relation_write,
    .destroy = relation_destroy,
    .marks = relation_marks,
};
