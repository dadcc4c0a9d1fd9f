/*
 * binary_closure.c — the fixed point of the binary techniques (the rule's
 * explain_closure hook, constraint.h), for the dig by deductions: the grid
 * held as bits, a word per line and symbol, and every technique among the
 * keys applied to every line until nothing changes. Each technique
 * narrows exactly as its explain counterpart (binary_explain.c) does, so
 * the fixed point is the one asking explain again and again reaches, with
 * no grid read per question.
 */
#include <stddef.h>
#include <string.h>

#include "binary.h"

/* Techniques, in the order of binary_technique_keys: the first BC_OWN read their own
 * line alone, the rest the lines beside it too and cost more, so they
 * wait until the first have nothing left. */
enum { BC_OWN = 4 };

/* The grid as bits: has[d][line] the cells of line that may hold d, rows
 * and columns kept in step; dirty[0] the lines the own-line techniques,
 * dirty[1] those the others, have yet to look at since they changed; bad
 * once a cell has no symbol left. */
struct bc_grid {
    const struct binary *b;
    uint32_t full, has[3][2 * SL_MAX_SIZE];
    uint32_t read[3][SL_MAX_SIZE]; /* the rows as read: bc_write writes what they lost */
    uint64_t dirty[2];
    uint32_t rows;           /* the rows narrowed, to be written back */
    unsigned use;            /* the techniques asked for, as bits */
    uint32_t pairs, triples; /* every bit when that technique is asked, else none */
    int changed, bad;
};

/* An 8x8 bit block transposed: bit c of byte r goes to bit r of byte c. */
static uint64_t bc_transpose8(uint64_t x)
{
    uint64_t t = (x ^ x >> 7) & UINT64_C(0x00AA00AA00AA00AA);
    x ^= t ^ t << 7;
    t = (x ^ x >> 14) & UINT64_C(0x0000CCCC0000CCCC);
    x ^= t ^ t << 14;
    t = (x ^ x >> 28) & UINT64_C(0x00000000F0F0F0F0);
    return x ^ t ^ t << 28;
}

/* The blocks of 8 lines by 8 cells a side of the grid can take. */
enum { BC_BLOCKS = (BINARY_MAX_SIZE + 7) / 8 };

/* Reads cells into the grid's rows; its columns are the rows' 8x8 blocks
 * (a byte a row) transposed, in place of a shift and an or a cell. */
static void bc_read(struct bc_grid *g, const digitset *cells)
{
    int n = g->b->n, nblocks = (n + 7) / 8;
    uint64_t blocks[2][BC_BLOCKS][BC_BLOCKS] = {{{0}}}; /* symbol, rows / 8, cells / 8 */
    for (int r = 0; r < n; r++) {
        uint32_t ones, twos;
        binary_line_masks(g->b, cells, r, &ones, &twos);
        g->has[1][r] = g->read[1][r] = ones;
        g->has[2][r] = g->read[2][r] = twos;
        for (int cb = 0; cb < nblocks; cb++) {
            blocks[0][r / 8][cb] |= (uint64_t)(ones >> 8 * cb & 0xFF) << 8 * (r % 8);
            blocks[1][r / 8][cb] |= (uint64_t)(twos >> 8 * cb & 0xFF) << 8 * (r % 8);
        }
    }
    for (int d = 0; d < 2; d++) {
        for (int rb = 0; rb < nblocks; rb++)
            for (int cb = 0; cb < nblocks; cb++)
                blocks[d][rb][cb] = bc_transpose8(blocks[d][rb][cb]);
        for (int c = 0; c < n; c++) {
            uint32_t column = 0;
            for (int rb = 0; rb < nblocks; rb++)
                column |= (uint32_t)(blocks[d][rb][c / 8] >> 8 * (c % 8) & 0xFF) << 8 * rb;
            g->has[d + 1][n + c] = column;
        }
    }
}

static int bc_complete(const struct bc_grid *g, int line)
{
    uint32_t h1 = g->has[1][line], h2 = g->has[2][line];
    return !(h1 & h2) && (h1 | h2) == g->full;
}

/* A complete line (unique mode) is news for the open lines beside it. */
static void bc_news(struct bc_grid *g, int line)
{
    int n = g->b->n;
    if (g->b->unique && bc_complete(g, line))
        g->dirty[1] |= ((UINT64_C(1) << n) - 1) << (line < n ? 0 : n);
}

/* Takes d out of the cells of line under mask (all of them may hold it;
 * mask not empty). */
static void bc_take(struct bc_grid *g, int line, uint32_t mask, int d)
{
    int n = g->b->n, cross = line < n ? n : 0, at = line < n ? line : line - n;
    g->has[d][line] &= ~mask;
    g->bad |= (mask & ~g->has[3 - d][line]) != 0;
    g->changed = 1;
    g->rows |= line < n ? UINT32_C(1) << line : mask;
    for (uint32_t todo = mask; todo; todo &= todo - 1)
        g->has[d][cross + __builtin_ctz(todo)] &= ~(UINT32_C(1) << at);
    uint64_t touched = (UINT64_C(1) << line) | (uint64_t)mask << cross;
    g->dirty[0] |= touched;
    g->dirty[1] |= touched;
    if (!g->b->unique) return; /* no news but the lines touched */
    for (uint32_t todo = mask; todo; todo &= todo - 1) bc_news(g, cross + __builtin_ctz(todo));
    bc_news(g, line);
}

/* bc_take where mask may be empty, as it mostly is: no call then. */
static inline void bc_drop(struct bc_grid *g, int line, uint32_t mask, int d)
{
    if (mask) bc_take(g, line, mask, d);
}

/* Unique lines: two open cells whose one completion is a complete line's
 * pattern: the first open cell takes the other symbol, as be_comparison. */
static void bc_comparison(struct bc_grid *g, int line)
{
    int n = g->b->n, from = line < n ? 0 : n;
    uint32_t open = g->has[1][line] & g->has[2][line], twos = g->has[2][line] & ~open;
    if (!g->b->unique || __builtin_popcount(open) != 2) return;
    for (int other = from; other < from + n; other++) {
        uint32_t h1 = g->has[1][other], h2 = g->has[2][other];
        if (other == line || (h1 & h2) || (h1 | h2) != g->full || (h2 & ~open) != twos) continue;
        int i = __builtin_ctz(open);
        bc_drop(g, line, UINT32_C(1) << i, (h2 >> i & 1) ? 2 : 1);
        return;
    }
}

static void bc_lines(struct bc_grid *g, int line)
{
    const struct binary *b = g->b;
    int n = b->n, from = line < n ? 0 : n, ntaken = 0;
    uint32_t h1 = g->has[1][line], h2 = g->has[2][line], taken[SL_MAX_SIZE], ones, twos;
    for (int other = from; b->unique && (h1 & h2) && other < from + n; other++) {
        uint32_t o1 = g->has[1][other], o2 = g->has[2][other];
        if (other != line && !(o1 & o2) && (o1 | o2) == g->full) taken[ntaken++] = o2;
    }
    if (!binary_supports(b, h1, h2, taken, ntaken, &ones, &twos)) {
        g->bad = 1;
        return;
    }
    bc_drop(g, line, h1 & ~ones, 1);
    bc_drop(g, line, h2 & ~twos, 2);
}

/* The techniques past the first BC_OWN (bc_own does those at once), in
 * the order of binary_technique_keys. */
static void (*const bc_others[BINARY_TECHNIQUES - BC_OWN])(struct bc_grid *g, int line) = {
    bc_comparison,
    bc_lines,
};
enum { BC_PAIRS = 1, BC_TRIPLES = 2, BC_LAST_CELL = 4, BC_COUNTS = 8 };

/* The cells of a line that lose a symbol to its pairs and triples:
 * `only` the cells holding that symbol alone, `has` those that may hold
 * it; each technique's cells kept where it is asked (g->pairs,
 * g->triples), without a branch. */
static uint32_t bc_pattern_losses(const struct bc_grid *g, uint32_t only, uint32_t has)
{
    uint32_t pairs = only & only >> 1;
    return (((pairs >> 1 | pairs << 2) & g->pairs) | ((only & only >> 2) << 1 & g->triples)) & has;
}

/* The own-line techniques at once, as binary_explain.c's be_pairs,
 * be_triples, be_last_cell and be_counts: the cells they take each
 * symbol out of, read from the line as it is. */
static void bc_own(struct bc_grid *g, int line)
{
    uint32_t h1 = g->has[1][line], h2 = g->has[2][line], open = h1 & h2;
    uint32_t only1 = h1 ^ open, only2 = h2 ^ open; /* the cells holding 1, 2 alone */
    uint32_t lose1 = bc_pattern_losses(g, only1, h1), lose2 = bc_pattern_losses(g, only2, h2);
    /* Counts and the last cell fill open cells: none, nothing to count. */
    unsigned use = g->use;
    if (open && (use & BC_COUNTS || (use & BC_LAST_CELL && !(open & (open - 1))))) {
        int half = g->b->n / 2;
        if (__builtin_popcount(only1) == half) lose1 |= open;
        if (__builtin_popcount(only2) == half) lose2 |= open;
    }
    bc_drop(g, line, lose1, 1);
    bc_drop(g, line, lose2, 2); /* the first took 1s: the 2s are as read */
}

/* The technique whose key is key, or -1: the ladder's keys are mostly
 * the very strings of binary_technique_keys (the linker merges equal
 * literals), so their addresses are compared first; otherwise a key is
 * compared whole only where its first letter past the prefix agrees. */
static int bc_technique(const char *key)
{
    enum { PREFIX = sizeof "binary-" - 1 };
    for (int t = 0; t < BINARY_TECHNIQUES; t++)
        if (key == binary_technique_keys[t]) return t;
    if (strncmp(key, "binary-", PREFIX) != 0) return -1;
    for (int t = 0; t < BINARY_TECHNIQUES; t++)
        if (key[PREFIX] == binary_technique_keys[t][PREFIX] &&
            strcmp(key + PREFIX, binary_technique_keys[t] + PREFIX) == 0)
            return t;
    return -1;
}

/* The techniques among keys, as bits. A dig asks this on every call with
 * the whole ladder's keys, most of them other rules' (told apart by their
 * first letter). */
static unsigned bc_techniques(const char *const *keys, int nkeys)
{
    unsigned use = 0;
    for (int k = 0; k < nkeys; k++) {
        int t = keys[k][0] == 'b' ? bc_technique(keys[k]) : -1;
        if (t >= 0) use |= 1u << t;
    }
    return use;
}

/* Writes back the cells of the rows narrowed that lost a symbol. */
static void bc_write(const struct bc_grid *g, digitset *cells)
{
    int n = g->b->n;
    digitset both = digitset_of(1) | digitset_of(2);
    for (uint32_t rows = g->rows; rows; rows &= rows - 1) {
        int r = __builtin_ctz(rows);
        uint32_t h1 = g->has[1][r], h2 = g->has[2][r];
        for (uint32_t lost = (g->read[1][r] & ~h1) | (g->read[2][r] & ~h2); lost;
             lost &= lost - 1) {
            int c = __builtin_ctz(lost);
            digitset v = (digitset)((h1 >> c & 1) << 1 | (h2 >> c & 1) << 2);
            cells[r * n + c] = (cells[r * n + c] & ~both) | v;
        }
    }
}

/* 1 when every cell of watch holds one symbol. */
static int bc_settled(const struct bc_grid *g, const int *watch, int nwatch)
{
    int n = g->b->n;
    for (int i = 0; i < nwatch; i++) {
        int r = watch[i] / n, c = watch[i] % n;
        if ((g->has[1][r] >> c & 1) == (g->has[2][r] >> c & 1)) return 0;
    }
    return 1;
}

/* The lines to look at first: every one, or with news (cells narrowed
 * since the grid was this closure's fixed point) the row and column of
 * each, and in unique mode the open lines beside one it completed. */
static void bc_start(struct bc_grid *g, const int *news, int nnews)
{
    int n = g->b->n;
    if (!news) {
        g->dirty[0] = g->dirty[1] = (UINT64_C(1) << 2 * n) - 1;
        return;
    }
    g->dirty[0] = g->dirty[1] = 0;
    for (int i = 0; i < nnews; i++) {
        int r = news[i] / n, c = news[i] % n;
        uint64_t lines = UINT64_C(1) << r | UINT64_C(1) << (n + c);
        g->dirty[0] |= lines;
        g->dirty[1] |= lines;
        bc_news(g, r);
        bc_news(g, n + c);
    }
}

/* Looks at the lines left, those of the cheap techniques first, back to
 * them after every change. */
int binary_explain_closure(const void *self, const char *const *keys, int nkeys, digitset *cells,
                           const int *watch, int nwatch, const int *news, int nnews)
{
    /* Not zeroed whole: bc_read sets every line of both symbols, and
     * nothing reads has[0] or read[0]. */
    struct bc_grid g;
    g.b = self;
    g.use = bc_techniques(keys, nkeys);
    g.pairs = g.use & BC_PAIRS ? ~UINT32_C(0) : 0;
    g.triples = g.use & BC_TRIPLES ? ~UINT32_C(0) : 0;
    g.full = (UINT32_C(1) << g.b->n) - 1;
    g.rows = 0;
    g.changed = g.bad = 0;
    bc_read(&g, cells);
    bc_start(&g, news, nnews);
    /* Lines due for the others only when some other technique is asked. */
    int others = (g.use >> BC_OWN) != 0;
    while (!g.bad && (g.dirty[0] || (others && g.dirty[1]))) {
        int tier = g.dirty[0] ? 0 : 1, line = __builtin_ctzll(g.dirty[tier]);
        g.dirty[tier] &= g.dirty[tier] - 1;
        int before = g.changed;
        g.changed = 0;
        if (tier == 0) bc_own(&g, line);
        for (int t = BC_OWN; tier && t < BINARY_TECHNIQUES && !g.bad; t++)
            if (g.use >> t & 1) bc_others[t - BC_OWN](&g, line);
        if (g.changed && watch && bc_settled(&g, watch, nwatch)) break;
        g.changed |= before;
    }
    if (g.bad) return -1;
    if (g.changed) bc_write(&g, cells);
    return g.changed;
}
