/*
 * calc_small.c — see calc_small.h. The search places the cells in
 * row-major order; each placement is checked against its cage at once:
 * a one-cell cage's target, a '+' cage's sum still reachable by the
 * cells it has left, a '×' cage's product still a divisor of its target,
 * a pair's partner still a digit, and every cage's target on its last cell.
 */
#include "calc_small.h"

#include <string.h>

#define CS_CELLS (CALC_SMALL_MAX_SIZE * CALC_SMALL_MAX_SIZE)

struct calc_small {
    int n, ncells, limit, count;
    int part[CS_CELLS];
    char op[CS_CELLS];
    long long target[CS_CELLS];
    int left[CS_CELLS]; /* cells of each cage still open */
    long long sum[CS_CELLS], product[CS_CELLS];
    uint8_t first[CS_CELLS]; /* a pair's digit placed first, 0 for none */
    uint32_t row[CALC_SMALL_MAX_SIZE], col[CALC_SMALL_MAX_SIZE]; /* digits used, bit d */
    uint8_t cur[CS_CELLS];
    uint8_t *found;
};

/* 1 when a pair whose first digit is a may still make target with b, or
 * (b == 0) with some digit 1..n. */
static int cs_pair_ok(char op, long long target, int a, int b, int n)
{
    if (b) {
        int hi = a > b ? a : b, lo = a > b ? b : a;
        return op == '-' ? hi - lo == target : hi % lo == 0 && hi / lo == target;
    }
    if (op == '-') return a + target <= n || a - target >= 1;
    return a * target <= n || a % target == 0;
}

/* 1 when cage k, its new digit v placed (sum, product, left updated),
 * may still make its target. */
static int cs_cage_ok(const struct calc_small *s, int k, int v)
{
    long long t = s->target[k];
    int left = s->left[k];
    switch (s->op[k]) {
    case '\0': return v == t;
    case '+':
        return left ? s->sum[k] + left <= t && s->sum[k] + (long long)left * s->n >= t
                    : s->sum[k] == t;
    case 'x': return left ? t % s->product[k] == 0 : s->product[k] == t;
    default: return cs_pair_ok(s->op[k], t, left ? v : s->first[k], left ? 0 : v, s->n);
    }
}

static void cs_search(struct calc_small *s, int cell)
{
    if (cell == s->ncells) {
        if (s->found) memcpy(s->found + (size_t)s->count * s->ncells, s->cur, (size_t)s->ncells);
        s->count++;
        return;
    }
    int r = cell / s->n, c = cell % s->n, k = s->part[cell];
    uint32_t free = ~(s->row[r] | s->col[c]);
    for (int v = 1; v <= s->n && s->count < s->limit; v++) {
        if (!(free >> v & 1)) continue;
        long long sum = s->sum[k], product = s->product[k];
        uint8_t first = s->first[k];
        s->sum[k] += v, s->product[k] *= v, s->left[k]--;
        if (!first) s->first[k] = (uint8_t)v;
        if (cs_cage_ok(s, k, v)) {
            s->row[r] |= 1u << v, s->col[c] |= 1u << v, s->cur[cell] = (uint8_t)v;
            cs_search(s, cell + 1);
            s->row[r] &= ~(1u << v), s->col[c] &= ~(1u << v);
        }
        s->sum[k] = sum, s->product[k] = product, s->left[k]++, s->first[k] = first;
    }
}

int calc_small_count(const struct calc_draw *d, const uint8_t *grid, int limit, uint8_t *found)
{
    if (d->size < 1 || d->size > CALC_SMALL_MAX_SIZE || limit < 1) return -1;
    struct calc_small s;
    s.n = d->size, s.ncells = d->ncells, s.limit = limit, s.count = 0, s.found = found;
    int cages = calc_draw_clues(d, grid, s.part, s.op, s.target);
    for (int k = 0; k < cages; k++) s.left[k] = 0, s.sum[k] = 0, s.product[k] = 1, s.first[k] = 0;
    for (int c = 0; c < s.ncells; c++) s.left[s.part[c]]++;
    for (int k = 0; k < cages; k++) /* '-' and '/' are pairs' alone (cs_pair_ok) */
        if ((s.op[k] == '-' || s.op[k] == '/') && s.left[k] != 2) return -1;
    memset(s.row, 0, sizeof s.row);
    memset(s.col, 0, sizeof s.col);
    cs_search(&s, 0);
    return s.count;
}

/* --- the easiest steps' closure ----------------------------------------- */

struct calc_light {
    int n, ncells, cages;
    int part[CS_CELLS], pair[CS_CELLS]; /* a pair cage's other cell, else -1 */
    char op[CS_CELLS];
    long long target[CS_CELLS];
    uint32_t cand[CS_CELLS]; /* bit d: digit d; 0 once placed */
    uint8_t value[CS_CELLS];
};

static long long cl_make(char op, int a, int b)
{
    if (op == '+') return a + b;
    if (op == 'x') return (long long)a * b;
    if (op == '-') return a > b ? a - b : b - a;
    return a % b == 0 ? a / b : b % a == 0 ? b / a : -1;
}

/* The candidates of cell, a placed cell's its value (as the rater's
 * hooks see it). */
static uint32_t cl_seen(const struct calc_light *l, int cell)
{
    return l->value[cell] ? 1u << l->value[cell] : l->cand[cell];
}

/* The digits of cell some digit of its partner makes the target with. */
static uint32_t cl_pair_keeps(const struct calc_light *l, int cell)
{
    int k = l->part[cell], other = l->pair[cell];
    uint32_t mine = cl_seen(l, cell), theirs = cl_seen(l, other), keep = 0;
    for (int a = 1; a <= l->n; a++)
        for (int b = 1; (mine >> a & 1) && b <= l->n; b++)
            if ((theirs >> b & 1) && cl_make(l->op[k], a, b) == l->target[k]) keep |= 1u << a;
    return keep;
}

static void cl_place(struct calc_light *l, int cell, int digit)
{
    int n = l->n, r = cell / n, c = cell % n;
    l->value[cell] = (uint8_t)digit, l->cand[cell] = 0;
    for (int i = 0; i < n; i++)
        l->cand[r * n + i] &= ~(1u << digit), l->cand[i * n + c] &= ~(1u << digit);
}

/* Every cage's step once: 1 when a candidate went. */
static int cl_cages(struct calc_light *l)
{
    int changed = 0;
    for (int cell = 0; cell < l->ncells; cell++) {
        if (l->value[cell]) continue;
        int k = l->part[cell];
        uint32_t keep = l->op[k] == '\0'     ? 1u << l->target[k]
                        : l->pair[cell] >= 0 ? cl_pair_keeps(l, cell)
                                             : l->cand[cell];
        if ((l->cand[cell] & keep) != l->cand[cell]) l->cand[cell] &= keep, changed = 1;
    }
    return changed;
}

/* Every line's hidden singles once: 1 when a digit was placed. */
static int cl_hidden(struct calc_light *l)
{
    int n = l->n, placed = 0;
    for (int line = 0; line < 2 * n; line++)
        for (int digit = 1; digit <= n; digit++) {
            int where = -1, places = 0;
            for (int i = 0; i < n && places < 2; i++) {
                int cell = line < n ? line * n + i : i * n + (line - n);
                if (l->cand[cell] >> digit & 1) where = cell, places++;
            }
            if (places == 1) cl_place(l, where, digit), placed = 1;
        }
    return placed;
}

int calc_small_singles(const struct calc_draw *d, const uint8_t *grid)
{
    if (d->size < 1 || d->size > CALC_SMALL_MAX_SIZE) return 0;
    struct calc_light l;
    int n = l.n = d->size, size[CS_CELLS] = {0}, first[CS_CELLS];
    l.ncells = d->ncells;
    l.cages = calc_draw_clues(d, grid, l.part, l.op, l.target);
    for (int c = 0; c < l.ncells; c++) {
        int k = l.part[c];
        if (!size[k]++) first[k] = c;
        l.cand[c] = ((1u << n) - 1) << 1, l.value[c] = 0, l.pair[c] = -1;
    }
    for (int c = 0; c < l.ncells; c++) {
        int k = l.part[c];
        if (size[k] == 2 && first[k] != c) l.pair[c] = first[k], l.pair[first[k]] = c;
    }
    while (cl_cages(&l) | cl_hidden(&l)) continue;
    for (int c = 0; c < l.ncells; c++)
        if (l.value[c] != grid[c]) return 0;
    return 1;
}
