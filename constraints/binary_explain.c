/*
 * binary_explain.c — the binary-puzzle techniques a player uses, for the
 * rater (the rule's explain hook, constraint.h). Keys, easiest first:
 *
 *   binary-pairs            two alike side by side: the cells either end
 *                           of the pair hold the other symbol;
 *   binary-triples          two alike with one cell between: it holds the
 *                           other symbol;
 *   binary-last-cell        a line with one open cell: it holds the
 *                           symbol the line lacks;
 *   binary-counts           a line holding half its cells of one symbol:
 *                           its open cells hold the other;
 *   binary-line-comparison  (unique lines) a line two cells short of a
 *                           complete line's pattern takes the other way;
 *   binary-lines            every pattern the line can still take.
 *
 * Each makes one deduction through prop_restrict and names it;
 * EXPLAIN_ALL makes every one of one pass, and EXPLAIN_EVERY every one of
 * its technique.
 */
#include <string.h>

#include "binary.h"

/* One call's view of the grid: every line as bits, has[d][line] the
 * cells that may hold d, read in one sweep and kept up to date by
 * be_other, so a pass over the lines reads each cell once. */
struct be_pass {
    const struct binary *b;
    struct prop_ctx *ctx;
    uint32_t has[3][2 * SL_MAX_SIZE];
};

static void be_pass_read(struct be_pass *p)
{
    int n = p->b->n;
    const digitset *cand = prop_candidate_array(p->ctx);
    memset(p->has, 0, sizeof p->has);
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++)
            for (int d = 1; d <= 2; d++)
                if (cand[r * n + c] & digitset_of(d)) {
                    p->has[d][r] |= UINT32_C(1) << c;
                    p->has[d][n + c] |= UINT32_C(1) << r;
                }
}

/* Narrows cell to digit d's opposite: 1 when it changed, -1 when empty. */
static int be_other(struct be_pass *p, int cell, int d)
{
    int n = p->b->n, r = cell / n, c = cell % n;
    digitset before = prop_candidates(p->ctx, cell), keep = digitset_of(3 - d);
    if (!(before & digitset_of(d))) return 0;
    p->has[d][r] &= ~(UINT32_C(1) << c);
    p->has[d][n + c] &= ~(UINT32_C(1) << r);
    return prop_restrict(p->ctx, cell, keep) == SL_PROP_CONTRADICTION ? -1 : 1;
}

/* A line as bits: has[d], the cells that may hold d; only[d], the cells
 * holding d alone. */
struct be_line {
    uint32_t has[3], only[3];
};

static void be_line_read(const struct be_pass *p, int line, struct be_line *l)
{
    l->has[1] = p->has[1][line];
    l->has[2] = p->has[2][line];
    l->only[1] = l->has[1] & ~l->has[2];
    l->only[2] = l->has[2] & ~l->has[1];
}

/* Two alike at i, i+gap on line, gap 1 (pairs: the ends) or 2 (between),
 * the first i along the line whose targets still hold the digit. */
static int be_runs(struct be_pass *p, int line, int *cells, int gap)
{
    int n = p->b->n;
    struct be_line l;
    be_line_read(p, line, &l);
    uint32_t starts[3] = {0, l.only[1] & (l.only[1] >> gap), l.only[2] & (l.only[2] >> gap)};
    for (uint32_t todo = starts[1] | starts[2]; todo; todo &= todo - 1) {
        int i = __builtin_ctz(todo), d = (starts[1] >> i & 1) ? 1 : 2;
        int targets[2], count = 0, changed = 0;
        if (gap == 2) targets[count++] = i + 1;
        if (gap == 1 && i > 0) targets[count++] = i - 1;
        if (gap == 1 && i + 2 < n) targets[count++] = i + 2;
        uint32_t reach = 0;
        for (int t = 0; t < count; t++) reach |= UINT32_C(1) << targets[t];
        if (!(reach & l.has[d])) continue;
        for (int t = 0; t < count; t++) {
            int rc = be_other(p, binary_line_cell(n, line, targets[t]), d);
            if (rc < 0) return -1;
            changed |= rc;
        }
        if (changed) {
            cells[0] = binary_line_cell(n, line, i);
            cells[1] = binary_line_cell(n, line, i + gap);
            return 2;
        }
    }
    return 0;
}

static int be_pairs(struct be_pass *p, int line, int *cells) { return be_runs(p, line, cells, 1); }

static int be_triples(struct be_pass *p, int line, int *cells)
{
    return be_runs(p, line, cells, 2);
}

static int be_line_cells(const struct binary *b, int line, int *cells)
{
    for (int i = 0; i < b->n; i++) cells[i] = binary_line_cell(b->n, line, i);
    return b->n;
}

static int be_counts(struct be_pass *p, int line, int *cells)
{
    const struct binary *b = p->b;
    struct be_line l;
    be_line_read(p, line, &l);
    uint32_t open = l.has[1] & l.has[2];
    for (int d = 1; d <= 2 && open; d++) {
        if (__builtin_popcount(l.only[d]) != b->n / 2) continue;
        for (uint32_t todo = open; todo; todo &= todo - 1)
            if (be_other(p, binary_line_cell(b->n, line, __builtin_ctz(todo)), d) < 0) return -1;
        return be_line_cells(b, line, cells);
    }
    return 0;
}

/* The counts of a line with one open cell, the easiest case of them (a
 * player's first look at a line). */
static int be_last_cell(struct be_pass *p, int line, int *cells)
{
    if (__builtin_popcount(p->has[1][line] & p->has[2][line]) != 1) return 0;
    return be_counts(p, line, cells);
}

/* Unique lines: a line with two open cells whose one completion repeats
 * a complete line takes the other. The lines beside it are read from the
 * pass's bits. */
static int be_comparison(struct be_pass *p, int line, int *cells)
{
    const struct binary *b = p->b;
    if (!b->unique) return 0;
    uint32_t full = (UINT32_C(1) << b->n) - 1, open = p->has[1][line] & p->has[2][line];
    if (__builtin_popcount(open) != 2) return 0;
    uint32_t twos = p->has[2][line] & ~open;
    int from = line < b->n ? 0 : b->n;
    for (int other = from; other < from + b->n; other++) {
        uint32_t o1 = p->has[1][other], o2 = p->has[2][other];
        if ((o1 & o2) || (o1 | o2) != full || (o2 & ~open) != twos) continue;
        int i = __builtin_ctz(open); /* one cell decided; the count decides the other */
        int rc = be_other(p, binary_line_cell(b->n, line, i), (o2 >> i & 1) ? 2 : 1);
        if (rc < 0) return -1;
        if (rc) return be_line_cells(b, line, cells);
    }
    return 0;
}

/* Narrows through binary_line_prune, which reads and writes the
 * candidates itself: the pass's bits are read again after a change. */
static int be_lines(struct be_pass *p, int line, int *cells)
{
    int rc = binary_line_prune(p->b, p->ctx, line, p->b->unique);
    if (rc > 0) be_pass_read(p);
    return rc > 0 ? be_line_cells(p->b, line, cells) : rc;
}

const char *const binary_technique_keys[BINARY_TECHNIQUES] = {
    "binary-pairs",  "binary-triples",         "binary-last-cell",
    "binary-counts", "binary-line-comparison", "binary-lines",
};

/* In the order of binary_technique_keys. */
static const struct {
    const char *words;
    int (*find)(struct be_pass *p, int line, int *cells);
} be_table[BINARY_TECHNIQUES] = {
    {"a pair of alike symbols", be_pairs},     {"alike symbols one apart", be_triples},
    {"a line's last open cell", be_last_cell}, {"a line's counts", be_counts},
    {"lines compared", be_comparison},         {"a line's patterns", be_lines},
};

int binary_explain(const void *self, const char *technique, struct prop_ctx *ctx,
                   struct explain_sink *sink)
{
    const struct binary *b = self;
    size_t every_len = strlen(EXPLAIN_EVERY);
    int every = strncmp(technique, EXPLAIN_EVERY, every_len) == 0;
    const char *key = every ? technique + every_len : technique;
    int all = strcmp(technique, EXPLAIN_ALL) == 0, any = 0, cells[SL_MAX_SIZE], read = 0;
    struct be_pass p = {.b = b, .ctx = ctx};
    for (int t = 0; t < BINARY_TECHNIQUES; t++) {
        if (!all && strcmp(key, binary_technique_keys[t]) != 0) continue;
        if (!read) be_pass_read(&p), read = 1;
        for (int line = 0; line < 2 * b->n; line++) {
            int count = be_table[t].find(&p, line, cells);
            if (count < 0) return all || every ? -1 : 0;
            if (count == 0) continue;
            if (!all && !every) {
                explain_name(sink, binary_technique_keys[t], be_table[t].words, cells, count);
                return 1;
            }
            any = 1;
        }
    }
    return any;
}
