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
 * its technique. Asked for one deduction with the sink's changed cells,
 * it looks only at the lines whose reads changed.
 */
#include <string.h>

#include "binary.h"

/* One call's view of the grid: lines as bits, has[d][line] the cells
 * that may hold d, each line read when a technique first looks at it
 * (known) and kept up to date by be_other, so a call reads only the
 * lines it looks at, each once. */
struct be_pass {
    const struct binary *b;
    struct prop_ctx *ctx;
    uint64_t known;
    uint32_t has[3][2 * SL_MAX_SIZE];
};

static uint32_t be_has(struct be_pass *p, int d, int line)
{
    if (!(p->known >> line & 1)) {
        binary_line_masks(p->b, prop_candidate_array(p->ctx), line, &p->has[1][line],
                          &p->has[2][line]);
        p->known |= UINT64_C(1) << line;
    }
    return p->has[d][line];
}

/* Narrows cell to digit d's opposite: 1 when it changed, -1 when empty. */
static int be_other(struct be_pass *p, int cell, int d)
{
    int n = p->b->n, r = cell / n, c = cell % n;
    digitset before = prop_candidates(p->ctx, cell), keep = digitset_of(3 - d);
    if (!(before & digitset_of(d))) return 0;
    if (p->known >> r & 1) p->has[d][r] &= ~(UINT32_C(1) << c);
    if (p->known >> (n + c) & 1) p->has[d][n + c] &= ~(UINT32_C(1) << r);
    return prop_restrict(p->ctx, cell, keep) == SL_PROP_CONTRADICTION ? -1 : 1;
}

/* A line as bits: has[d], the cells that may hold d; only[d], the cells
 * holding d alone. */
struct be_line {
    uint32_t has[3], only[3];
};

static void be_line_read(struct be_pass *p, int line, struct be_line *l)
{
    l->has[1] = be_has(p, 1, line);
    l->has[2] = be_has(p, 2, line);
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
            int rc = be_other(p, geometry_line_cell(n, line, targets[t]), d);
            if (rc < 0) return -1;
            changed |= rc;
        }
        if (changed) {
            cells[0] = geometry_line_cell(n, line, i);
            cells[1] = geometry_line_cell(n, line, i + gap);
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
    for (int i = 0; i < b->n; i++) cells[i] = geometry_line_cell(b->n, line, i);
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
            if (be_other(p, geometry_line_cell(b->n, line, __builtin_ctz(todo)), d) < 0) return -1;
        return be_line_cells(b, line, cells);
    }
    return 0;
}

/* The counts of a line with one open cell, the easiest case of them (a
 * player's first look at a line). */
static int be_last_cell(struct be_pass *p, int line, int *cells)
{
    if (__builtin_popcount(be_has(p, 1, line) & be_has(p, 2, line)) != 1) return 0;
    return be_counts(p, line, cells);
}

/* Unique lines: a line with two open cells whose one completion repeats
 * a complete line takes the other. The lines beside it are read from the
 * pass's bits. */
static int be_comparison(struct be_pass *p, int line, int *cells)
{
    const struct binary *b = p->b;
    if (!b->unique) return 0;
    uint32_t full = (UINT32_C(1) << b->n) - 1, open = be_has(p, 1, line) & be_has(p, 2, line);
    if (__builtin_popcount(open) != 2) return 0;
    uint32_t twos = p->has[2][line] & ~open;
    int from = line < b->n ? 0 : b->n;
    for (int other = from; other < from + b->n; other++) {
        uint32_t o1 = be_has(p, 1, other), o2 = p->has[2][other];
        if ((o1 & o2) || (o1 | o2) != full || (o2 & ~open) != twos) continue;
        int i = __builtin_ctz(open); /* one cell decided; the count decides the other */
        int rc = be_other(p, geometry_line_cell(b->n, line, i), (o2 >> i & 1) ? 2 : 1);
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
    if (rc > 0) p->known = 0; /* it wrote the candidates itself */
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

/* The techniques from here on (line comparison, line patterns) read the
 * complete lines beside their own in unique mode. */
enum { BE_BESIDE = 4 };

/* The lines holding a cell of changed, as bits (line i at bit i); a
 * step changes few cells, so the bytes are tested eight at a time. */
static uint64_t be_touched(const struct binary *b, const uint8_t *changed)
{
    int n = b->n, ncells = n * n, c = 0;
    uint64_t lines = 0;
    for (; c < ncells; c++) {
        uint64_t word;
        if (c % 8 == 0 && c + 8 <= ncells && (memcpy(&word, changed + c, 8), !word)) {
            c += 7;
            continue;
        }
        if (changed[c]) lines |= UINT64_C(1) << (c / n) | UINT64_C(1) << (n + c % n);
    }
    return lines;
}

/* The lines where technique t may find what it did not before the
 * touched lines changed: those, and where t reads the complete lines
 * beside, every line beside a touched one now complete. */
static uint64_t be_due(struct be_pass *p, int t, uint64_t touched)
{
    int n = p->b->n;
    uint32_t full = (UINT32_C(1) << n) - 1;
    uint64_t due = touched, rows = ((UINT64_C(1) << n) - 1);
    for (uint64_t todo = t >= BE_BESIDE && p->b->unique ? touched : 0; todo; todo &= todo - 1) {
        int line = __builtin_ctzll(todo);
        uint32_t h1 = be_has(p, 1, line), h2 = p->has[2][line];
        if (!(h1 & h2) && (h1 | h2) == full) due |= line < n ? rows : rows << n;
    }
    return due;
}

int binary_explain(const void *self, const char *technique, struct prop_ctx *ctx,
                   struct explain_sink *sink)
{
    const struct binary *b = self;
    size_t every_len = strlen(EXPLAIN_EVERY);
    int every = strncmp(technique, EXPLAIN_EVERY, every_len) == 0;
    const char *key = every ? technique + every_len : technique;
    int all = strcmp(technique, EXPLAIN_ALL) == 0, any = 0, cells[SL_MAX_SIZE];
    struct be_pass p; /* its lines are read as they are needed */
    p.b = b;
    p.ctx = ctx;
    p.known = 0;
    /* One deduction asked for, and the cells changed since this key last
     * found nothing: a line none of whose reads changed fails again. */
    const uint8_t *changed = all || every ? NULL : sink->changed;
    uint64_t touched = changed ? be_touched(b, changed) : ~UINT64_C(0);
    if (!touched) return 0;
    for (int t = 0; t < BINARY_TECHNIQUES; t++) {
        if (!all && strcmp(key, binary_technique_keys[t]) != 0) continue;
        uint64_t due = changed ? be_due(&p, t, touched) : touched;
        for (int line = 0; line < 2 * b->n; line++) {
            if (!(due >> line & 1)) continue;
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
