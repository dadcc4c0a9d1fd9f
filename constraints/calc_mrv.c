/*
 * calc_mrv.c — calc_mrv_count (core/engine/calc_mrv.h): a calcudoku
 * draw's own count by a search over candidates. At each node the
 * candidates are narrowed to a fixed point by each changed cage's
 * supports (calc_cage_supports: the digits some filling of the cage
 * puts in each cell), a decided cell's digit leaving its row and column,
 * and a digit with one place left in a line taking it; a cell or a line
 * left with no place for a digit ends the branch. The layout (cages,
 * lines) is built once a count; a node copies only the candidates.
 */
#include "calc_cages.h"
#include "calc_mrv.h"
#include "calc_small.h"

#include <string.h>

#define CM_CELLS (CALC_SMALL_MAX_SIZE * CALC_SMALL_MAX_SIZE)
_Static_assert(CM_CELLS <= 64, "cm_node's decided is a 64-bit mask of cells");

struct calc_mrv {
    int n, ncells, cages, limit, count;
    uint64_t nodes, most; /* visited, and the budget (0: none) */
    int part[CM_CELLS];
    uint32_t line_marks[CM_CELLS]; /* a cell's row and column as cm_node's lines marks them */
    struct calc_cage cage[CM_CELLS];
    uint64_t key[CM_CELLS];         /* each cage's in memo (calc_cage_memo_key) */
    struct calc_support_memo *memo; /* NULL: every cage walked */
    uint8_t *found;
    const uint8_t *known; /* a solution the search need not find (NULL: none) */
};

/* A node's candidates: a cell is decided when one is left. */
struct cm_node {
    digitset cand[CM_CELLS];
    uint64_t dirty;   /* cages whose cells changed since their last walk, bit cage */
    uint32_t lines;   /* lines changed since their last scan for hidden singles: rows
                         from bit 0, columns from bit CALC_SMALL_MAX_SIZE */
    uint64_t decided; /* cells decided whose digit has not left their lines, bit cell */
};

/* cell's candidates changed: its cage to walk, its lines to scan. */
static inline void cm_touch(const struct calc_mrv *s, struct cm_node *x, int cell)
{
    x->dirty |= UINT64_C(1) << s->part[cell];
    x->lines |= s->line_marks[cell];
}

/* Keeps only keep of cell's candidates: 0 when none is left. */
static inline int cm_narrow(const struct calc_mrv *s, struct cm_node *x, int cell, digitset keep)
{
    if ((x->cand[cell] & keep) == x->cand[cell]) return 1;
    x->cand[cell] &= keep;
    cm_touch(s, x, cell);
    if (digitset_is_single(x->cand[cell])) x->decided |= UINT64_C(1) << cell;
    return x->cand[cell] != 0;
}

/* Cage k narrowed to its supports through the memo, its candidates
 * packed (calc_cage_supports_packed): 0 on a contradiction. */
static int cm_cage_packed(const struct calc_mrv *s, struct cm_node *x, int k, int *changed)
{
    const struct calc_cage *c = &s->cage[k];
    uint64_t packed = 0;
    for (int i = 0; i < c->ncells; i++) packed |= (uint64_t)x->cand[c->cells[i]] << (8 * i);
    x->dirty &= ~(UINT64_C(1) << k);
    uint64_t kept = calc_cage_supports_packed(s->memo, c, s->key[k], packed);
    if (kept == packed) return 1; /* at its own fixed point */
    if (kept == 0) return 0;
    for (int i = 0; i < c->ncells; i++) {
        digitset support = (digitset)(kept >> (8 * i) & 0xFF);
        if (support == x->cand[c->cells[i]]) continue;
        if (!cm_narrow(s, x, c->cells[i], support)) return 0;
        *changed = 1;
    }
    return 1;
}

/* Every changed cage narrowed to its supports: 0 on a contradiction. */
static int cm_cages(const struct calc_mrv *s, struct cm_node *x, int *changed)
{
    for (uint64_t left = x->dirty; left; left &= left - 1) {
        int k = __builtin_ctzll(left);
        const struct calc_cage *c = &s->cage[k];
        if (s->memo && s->key[k]) {
            if (!cm_cage_packed(s, x, k, changed)) return 0;
            continue;
        }
        digitset seen[CALC_MAX_CAGE_CELLS], support[CALC_MAX_CAGE_CELLS];
        for (int i = 0; i < c->ncells; i++) seen[i] = x->cand[c->cells[i]];
        x->dirty &= ~(UINT64_C(1) << k);
        if (!calc_cage_supports(c, seen, support)) return 0;
        for (int i = 0; i < c->ncells; i++) {
            if (support[i] == seen[i]) continue;
            if (!cm_narrow(s, x, c->cells[i], support[i])) return 0;
            *changed = 1;
        }
    }
    return 1;
}

/* digit (a set of one) out of cell's candidates: 0 when none is left. */
static inline int cm_drop(const struct calc_mrv *s, struct cm_node *x, int cell, digitset digit)
{
    if (!(x->cand[cell] & digit)) return 1;
    x->cand[cell] &= ~digit;
    cm_touch(s, x, cell);
    if (digitset_is_single(x->cand[cell])) x->decided |= UINT64_C(1) << cell;
    return x->cand[cell] != 0;
}

/* Each newly decided cell's digit out of its row and column: 0 on a
 * contradiction. */
static int cm_naked(const struct calc_mrv *s, struct cm_node *x, int *changed)
{
    int n = s->n, ncells = s->ncells;
    while (x->decided) {
        int cell = __builtin_ctzll(x->decided);
        x->decided &= x->decided - 1, *changed = 1;
        digitset digit = x->cand[cell];
        int first = cell - cell % n, last = first + n;
        for (int a = first; a < last; a++)
            if (a != cell && !cm_drop(s, x, a, digit)) return 0;
        for (int b = cell % n; b < ncells; b += n)
            if (b != cell && !cm_drop(s, x, b, digit)) return 0;
    }
    return 1;
}

/* Every changed line's digits with one place left put there: 0 when a
 * line has no place for a digit. A line whose candidates have not changed
 * since its last scan has nothing new to give. */
static int cm_hidden(const struct calc_mrv *s, struct cm_node *x, int *changed)
{
    int n = s->n;
    for (int line = 0; line < 2 * n; line++) {
        uint32_t mark = 1u << (line < n ? line : CALC_SMALL_MAX_SIZE + line - n);
        if (!(x->lines & mark)) continue;
        x->lines &= ~mark;
        int step, first = geometry_line_first(n, line, &step);
        digitset seen = 0, more = 0, placed = 0;
        for (int i = 0; i < n; i++) {
            digitset c = x->cand[first + i * step];
            more |= seen & c, seen |= c;
            if (digitset_is_single(c)) placed |= c;
        }
        if (seen != digitset_all(n)) return 0;
        /* A digit seen once whose cell holds it alone is no news. */
        for (digitset single = seen & ~more & ~placed; single; single = digitset_rest(single)) {
            digitset bit = digitset_of(digitset_first(single));
            for (int i = 0; i < n; i++) {
                int cell = first + i * step;
                if (!(x->cand[cell] & bit)) continue;
                if (!cm_narrow(s, x, cell, bit)) return 0;
                *changed = 1;
                break; /* the digit's one place */
            }
        }
    }
    return 1;
}

/* x narrowed to its fixed point: 0 on a contradiction. */
static int cm_settle(const struct calc_mrv *s, struct cm_node *x)
{
    for (;;) {
        int changed = 0;
        if (!cm_cages(s, x, &changed) || !cm_naked(s, x, &changed)) return 0;
        if (changed) continue; /* the lines' hidden singles last: they cost the most */
        if (!cm_hidden(s, x, &changed)) return 0;
        if (!changed) return 1;
    }
}

/* 1 when x, every cell decided, is s->known. */
static int cm_is_known(const struct calc_mrv *s, const struct cm_node *x)
{
    for (int cell = 0; cell < s->ncells; cell++)
        if (x->cand[cell] != digitset_of(s->known[cell])) return 0;
    return 1;
}

static void cm_search(struct calc_mrv *s, struct cm_node *x)
{
    if (s->nodes == s->most && s->most != 0) {
        s->limit = 0; /* every loop stops: the count gave up */
        return;
    }
    s->nodes++;
    if (!cm_settle(s, x)) return;
    int best = -1, fewest = 99;
    for (int cell = 0; cell < s->ncells && fewest > 2; cell++) {
        int c = digitset_count(x->cand[cell]);
        if (c > 1 && c < fewest) best = cell, fewest = c;
    }
    if (best < 0) {
        if (s->known && cm_is_known(s, x)) {
            s->known = NULL; /* the count stops at the next: another */
            return;
        }
        if (s->found)
            for (int cell = 0; cell < s->ncells; cell++)
                s->found[(size_t)s->count * s->ncells + cell] =
                    (uint8_t)digitset_first(x->cand[cell]);
        s->count++;
        return;
    }
    for (digitset left = x->cand[best]; left && s->count < s->limit; left = digitset_rest(left)) {
        struct cm_node next = *x;
        next.cand[best] = digitset_of(digitset_first(left));
        cm_touch(s, &next, best), next.decided |= UINT64_C(1) << best;
        cm_search(s, &next);
    }
}

/* s's cages from d's clues over grid, x every cell open: 0, or -1 when
 * a cage does not fit. */
static int cm_init(struct calc_mrv *s, struct cm_node *x, const struct calc_draw *d,
                   const uint8_t *grid)
{
    x->decided = 0;
    struct geometry g;
    struct sl_error err;
    if (geometry_init(&g, d->size, 0, 0, &err)) return -1;
    s->n = d->size, s->ncells = d->ncells;
    if ((s->cages = calc_small_cages(d, grid, &g, s->part, s->cage)) < 0) return -1;
    for (int c = 0; c < s->ncells; c++) x->cand[c] = digitset_all(s->n);
    x->dirty = s->cages == 64 ? ~UINT64_C(0) : (UINT64_C(1) << s->cages) - 1;
    x->lines = ~0u;
    for (int c = 0; c < s->ncells; c++)
        s->line_marks[c] = 1u << (c / s->n) | 1u << (CALC_SMALL_MAX_SIZE + c % s->n);
    if (s->memo)
        for (int k = 0; k < s->cages; k++) s->key[k] = calc_cage_memo_key(&s->cage[k]);
    return 0;
}

/* 1 when every cell of x is decided. */
static int cm_full(const struct calc_mrv *s, const struct cm_node *x)
{
    for (int cell = 0; cell < s->ncells; cell++)
        if (!digitset_is_single(x->cand[cell])) return 0;
    return 1;
}

/* s's count from root (cm_init's) up to s->limit, or -2 when the budget
 * (*nodes, 0: none) ran out; *nodes then the nodes visited. */
static int cm_count(struct calc_mrv *s, struct cm_node *root, uint64_t *nodes, int *settled)
{
    s->count = 0;
    s->nodes = 0, s->most = nodes ? *nodes : 0;
    if (settled) { /* the root settles again in cm_search at no cost */
        if (!cm_settle(s, root)) {
            if (nodes) *nodes = 0;
            return 0;
        }
        *settled = cm_full(s, root);
    }
    cm_search(s, root);
    if (nodes) *nodes = s->nodes;
    return s->limit ? s->count : -2;
}

/* s's settings; cm_init and cm_count make the rest. Not zeroed whole:
 * its cages are most of it, and every count fills those it reads. */
static void cm_setup(struct calc_mrv *s, int limit, uint8_t *found, struct calc_support_memo *memo,
                     const uint8_t *known)
{
    s->limit = limit, s->count = 0;
    s->found = found, s->memo = memo, s->known = known;
}

int calc_mrv_count(const struct calc_draw *d, const uint8_t *grid, int limit, uint8_t *found,
                   uint64_t *nodes, int *settled, struct calc_support_memo *memo)
{
    struct calc_mrv s;
    cm_setup(&s, limit, found, memo, NULL);
    struct cm_node root;
    if (settled) *settled = 0;
    if (d->size < 1 || d->size > CALC_SMALL_MAX_SIZE || limit < 1 || cm_init(&s, &root, d, grid))
        return -1;
    return cm_count(&s, &root, nodes, settled);
}

/* 1 when grid is one of the squares s counts. Its cages' targets are
 * grid's own (calc_draw_clues), which a sum, a product and a difference
 * always make, and a quotient when its larger digit divides by the smaller;
 * so a Latin square of digits 1..n whose quotients divide. */
static int cm_holds(const struct calc_mrv *s, const uint8_t *grid)
{
    if (!geometry_lines_latin(s->n, grid)) return 0;
    for (int k = 0; k < s->cages; k++) {
        const struct calc_cage *c = &s->cage[k];
        if (c->op != CALC_DIV) continue;
        int a = grid[c->cells[0]], b = grid[c->cells[1]];
        if ((a > b ? a % b : b % a) != 0) return 0;
    }
    return 1;
}

int calc_mrv_other(const struct calc_draw *d, const uint8_t *grid, uint8_t *other, uint64_t *nodes,
                   int *settled, struct calc_support_memo *memo, digitset *root_cand)
{
    struct calc_mrv s;
    cm_setup(&s, 1, other, memo, grid);
    struct cm_node root;
    if (settled) *settled = 0;
    if (d->size < 1 || d->size > CALC_SMALL_MAX_SIZE || cm_init(&s, &root, d, grid)) return -1;
    if (!cm_holds(&s, grid)) { /* not a square it counts: the plain count's first other */
        for (int c = 0; root_cand && c < d->ncells; c++) root_cand[c] = digitset_all(d->size);
        uint8_t two[2 * CM_CELLS];
        int count = calc_mrv_count(d, grid, 2, two, nodes, settled, memo);
        int mine = count > 0 && memcmp(two, grid, (size_t)d->ncells) == 0;
        if (count > 0) memcpy(other, two + (mine ? d->ncells : 0), (size_t)d->ncells);
        return count;
    }
    int count = cm_count(&s, &root, nodes, settled);
    if (count == 0) memcpy(other, grid, (size_t)d->ncells); /* grid alone */
    if (root_cand && settled) memcpy(root_cand, root.cand, sizeof *root_cand * (size_t)d->ncells);
    return count < 0 ? count : count + 1;
}

size_t calc_support_memo_bytes(void) { return sizeof(struct calc_support_memo); }

void calc_support_memo_clear(struct calc_support_memo *memo) { memset(memo, 0, sizeof *memo); }
