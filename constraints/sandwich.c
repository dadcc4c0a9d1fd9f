/*
 * sandwich.c — sandwich sums: a clue beside a row or above a column is
 * the sum of the digits between the 1 and the N (the bread) in it.
 *
 * Arguments: clues "r1=10,c5=0" (rows and columns numbered from 1), each
 * row and column at most once. The row or column of a clue is a watched
 * group: every placement of the two breads that its candidates allow and
 * whose fillings can reach the sum survives, and each cell keeps the
 * digits some survivor allows it (the breads, a filling within what the
 * other filling cells leave, or any other digit outside). The rater's
 * step (sandwich-clue) is that narrowing for one clue, named by it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "constraint.h"
#include "primitive_explain.h"

struct sandwich_clue {
    int column; /* 0: a row */
    int index;  /* 0-based */
    int sum;
};

struct sandwich {
    int size, count;
    struct sandwich_clue clue[2 * SL_MAX_SIZE];
};

static int sandwich_cell(const struct sandwich *s, const struct sandwich_clue *c, int k)
{
    return c->column ? k * s->size + c->index : c->index * s->size + k;
}

/* The largest filling: the digits 2..N-1 all between the breads. */
static int sandwich_max(int size) { return size * (size - 1) / 2 - 1; }

static int sandwich_read(struct sandwich *s, const char *args, struct sl_error *err)
{
    int seen[2][SL_MAX_SIZE] = {{0}};
    for (const char *at = args; *at;) {
        const char *first = at;
        struct sandwich_clue c;
        char *end;
        c.column = *at == 'c';
        long index = (*at == 'r' || *at == 'c') ? strtol(at + 1, &end, 10) : 0;
        if (index < 1 || index > s->size || *end != '=' || end[1] < '0' || end[1] > '9')
            return sl_error_set(err, 0, 1 + (long)(first - args),
                                "expected a clue 'r1=10' or 'c5=0' (rows and columns 1..%d)",
                                s->size);
        long sum = strtol(end + 1, &end, 10);
        c.index = (int)index - 1;
        c.sum = (int)sum;
        if (sum > sandwich_max(s->size) || (*end != ',' && *end != '\0'))
            return sl_error_set(err, 0, 1 + (long)(first - args),
                                "expected a sum 0..%d and then ',' or the end",
                                sandwich_max(s->size));
        if (seen[c.column][c.index]++)
            return sl_error_set(err, 0, 1 + (long)(first - args), "a second clue for %c%d",
                                c.column ? 'c' : 'r', c.index + 1);
        s->clue[s->count++] = c;
        at = *end == ',' ? end + 1 : end;
    }
    return 0;
}

static void *sandwich_parse(const struct geometry *g, const char *args, struct sl_error *err)
{
    struct sandwich *s = calloc(1, sizeof *s);
    if (s == NULL) {
        sl_error_set(err, 0, 1, "out of memory");
        return NULL;
    }
    s->size = g->size;
    if (g->size < 3 || sandwich_read(s, args, err)) {
        if (g->size < 3) sl_error_set(err, 0, 1, "sandwich needs a grid of 3x3 or more");
        free(s);
        return NULL;
    }
    return s;
}

static int sandwich_attach(void *self, struct rule_builder *b, struct sl_error *err)
{
    const struct sandwich *s = self;
    for (int i = 0; i < s->count; i++) {
        int cells[SL_MAX_SIZE];
        for (int k = 0; k < s->size; k++) cells[k] = sandwich_cell(s, &s->clue[i], k);
        if (rules_watch_group(b, cells, s->size, err) < 0) return -1;
    }
    return 0;
}

static int top_of(digitset d) { return 31 - __builtin_clz(d); }

/* What a placement of the breads at lo and hi (in either order: first
 * the cell of the 1) allows each cell, or-ed into allowed; 0 when the
 * fillings cannot reach sum. */
static int sandwich_place(const digitset *cand, int size, int one, int top, int sum,
                          digitset *allowed)
{
    int lo = one < top ? one : top, hi = one < top ? top : one, k = hi - lo - 1;
    digitset mid = digitset_all(size) & ~digitset_of(1) & ~digitset_of(size);
    int low = 0, high = 0;
    for (int i = lo + 1; i < hi; i++) {
        digitset c = cand[i] & mid;
        if (c == 0) return 0;
        low += digitset_first(c), high += top_of(c);
    }
    /* k different digits of 2..N-1 add up to at least 2+...+(k+1). */
    int least = k * (k + 3) / 2, most = k * (2 * size - k - 1) / 2;
    if (sum < (low > least ? low : least) || sum > (high < most ? high : most)) return 0;
    for (int i = 0; i < size; i++) {
        digitset c = cand[i] & mid;
        if (i == one)
            c = digitset_of(1);
        else if (i == top)
            c = digitset_of(size);
        else if (i > lo && i < hi) {
            int d0 = digitset_first(c), d1 = top_of(c);
            int from = sum - (high - d1), to = sum - (low - d0);
            for (digitset d = c; d; d = digitset_rest(d)) {
                int x = digitset_first(d);
                if (x < from || x > to) c &= ~digitset_of(x);
            }
        }
        allowed[i] |= c;
    }
    return 1;
}

static int sandwich_line(const struct sandwich *s, const struct sandwich_clue *c,
                         struct prop_ctx *ctx)
{
    digitset cand[SL_MAX_SIZE], allowed[SL_MAX_SIZE] = {0};
    int n = s->size, any = 0;
    for (int k = 0; k < n; k++) cand[k] = prop_candidates(ctx, sandwich_cell(s, c, k));
    for (int one = 0; one < n; one++) {
        if (!(cand[one] & digitset_of(1))) continue;
        for (int top = 0; top < n; top++)
            if (top != one && (cand[top] & digitset_of(n)))
                any |= sandwich_place(cand, n, one, top, c->sum, allowed);
    }
    if (!any) return SL_PROP_CONTRADICTION;
    for (int k = 0; k < n; k++)
        if (prop_restrict(ctx, sandwich_cell(s, c, k), allowed[k])) return SL_PROP_CONTRADICTION;
    return SL_PROP_OK;
}

static int sandwich_part(const void *self, struct prop_ctx *ctx, int part)
{
    const struct sandwich *s = self;
    return sandwich_line(s, &s->clue[part], ctx);
}

static int sandwich_propagate(void *self, struct prop_ctx *ctx)
{
    for (int group; (group = prop_next_group(ctx)) >= 0;)
        if (sandwich_part(self, ctx, group)) return SL_PROP_CONTRADICTION;
    return SL_PROP_OK;
}

static int sandwich_explain(const void *self, const char *technique, struct prop_ctx *ctx,
                            struct explain_sink *sink)
{
    const struct sandwich *s = self;
    int part, cells[SL_MAX_SIZE];
    int found = primitive_explain_part(sandwich_part, self, technique, "sandwich-clue", ctx, &part);
    if (found <= 0 || strcmp(technique, EXPLAIN_ALL) == 0) return found;
    const struct sandwich_clue *c = &s->clue[part];
    for (int k = 0; k < s->size; k++) cells[k] = sandwich_cell(s, c, k);
    explain_name(sink, "sandwich-clue", "sandwich clue", cells, s->size);
    snprintf(sink->detail, sizeof sink->detail, "%c%d=%d", c->column ? 'c' : 'r', c->index + 1,
             c->sum);
    return 1;
}

static int sandwich_check(const void *self, const struct geometry *g, const uint8_t *grid)
{
    const struct sandwich *s = self;
    (void)g;
    for (int i = 0; i < s->count; i++) {
        int one = -1, top = -1, sum = 0;
        for (int k = 0; k < s->size; k++) {
            int d = grid[sandwich_cell(s, &s->clue[i], k)];
            if (d == 1) one = k;
            if (d == s->size) top = k;
        }
        if (one < 0 || top < 0) return 0;
        int lo = one < top ? one : top, hi = one < top ? top : one;
        for (int k = lo + 1; k < hi; k++) sum += grid[sandwich_cell(s, &s->clue[i], k)];
        if (sum != s->clue[i].sum) return 0;
    }
    return 1;
}

static int sandwich_write(const void *self, char *buf, size_t cap)
{
    const struct sandwich *s = self;
    size_t used = 0;
    for (int i = 0; i < s->count; i++) {
        const struct sandwich_clue *c = &s->clue[i];
        char *at = used < cap ? buf + used : NULL;
        int w = snprintf(at, at ? cap - used : 0, "%s%c%d=%d", i ? "," : "", c->column ? 'c' : 'r',
                         c->index + 1, c->sum);
        if (w < 0) return -1;
        used += (size_t)w;
    }
    if (cap && s->count == 0) buf[0] = '\0';
    return (int)used;
}

static void sandwich_destroy(void *self) { free(self); }

/* Each clue outside the grid, beside its row or above its column: the
 * first two cells of the line say where and which way it reads. */
static int sandwich_marks(const void *self, const struct geometry *g, struct mark_sink *sink)
{
    const struct sandwich *s = self;
    (void)g;
    for (int i = 0; i < s->count; i++) {
        char text[8];
        int cells[2] = {sandwich_cell(s, &s->clue[i], 0), sandwich_cell(s, &s->clue[i], 1)};
        snprintf(text, sizeof text, "%d", s->clue[i].sum);
        if (mark_emit(sink, MARK_OUTSIDE, OUTSIDE_PLAIN, cells, 2, text)) return -1;
    }
    return mark_name(sink, "sandwich");
}

const struct constraint_ops sandwich_constraint = {
    .name = "sandwich",
    .summary = "a clue sums the digits between the 1 and the 9 of its row or column",
    .form = "sandwich:CLUES",
    .arguments = "CLUES  r1=10,c5=0,...: a row (r) or column (c), numbered from 1, and the\n"
                 "       sum of the digits between its 1 and its N; each line at most\n"
                 "       once, sums 0..N(N-1)/2-1\n",
    .example = "sudolab 9 3x3 classic;sandwich:r1=10,c5=0 "
               ".................................................................................",
    .parse = sandwich_parse,
    .attach = sandwich_attach,
    .propagate = sandwich_propagate,
    .check = sandwich_check,
    .write = sandwich_write,
    .destroy = sandwich_destroy,
    .marks = sandwich_marks,
    .explain = sandwich_explain,
};
