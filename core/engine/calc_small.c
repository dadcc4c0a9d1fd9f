/*
 * calc_small.c — see calc_small.h. The search places the cells of the
 * smaller cages first (a one-cell cage is its target, a pair has few
 * digits to try), those of one size row-major, so a cage's target prunes
 * early; each placement is checked against its cage:
 * a one-cell cage's target, a '+' cage's sum still reachable by the
 * cells it has left, a '×' cage's product still a divisor of its target,
 * a pair's partner still a digit, and every cage's target on its last cell.
 */
#include "calc_small.h"

#include <string.h>

#define CS_CELLS (CALC_SMALL_MAX_SIZE * CALC_SMALL_MAX_SIZE)

struct calc_small {
    int n, ncells, limit, count;
    uint64_t nodes, most; /* visited, and the budget (0: none) */
    int part[CS_CELLS];
    char op[CS_CELLS];
    long long target[CS_CELLS];
    int left[CS_CELLS]; /* cells of each cage still open */
    long long sum[CS_CELLS], product[CS_CELLS];
    uint8_t first[CS_CELLS]; /* a pair's digit placed first, 0 for none */
    uint32_t row[CALC_SMALL_MAX_SIZE], col[CALC_SMALL_MAX_SIZE]; /* digits used, bit d */
    int order[CS_CELLS]; /* the cells in the order they are placed */
    /* The row, column and cage of the cell placed at each depth, and the
     * digits 1..n: read at every node, made once a count. */
    uint8_t row_at[CS_CELLS], col_at[CS_CELLS], cage_at[CS_CELLS];
    uint32_t all;
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

static void cs_search(struct calc_small *s, int at)
{
    if (s->nodes == s->most && s->most != 0) {
        s->limit = 0; /* every loop stops: the count gave up */
        return;
    }
    s->nodes++;
    if (at == s->ncells) {
        if (s->found) memcpy(s->found + (size_t)s->count * s->ncells, s->cur, (size_t)s->ncells);
        s->count++;
        return;
    }
    int cell = s->order[at], r = s->row_at[at], c = s->col_at[at], k = s->cage_at[at];
    /* The digits the lines leave, ascending, one bit at a time. */
    for (uint32_t free = s->all & ~(s->row[r] | s->col[c]); free && s->count < s->limit;
         free &= free - 1) {
        int v = __builtin_ctz(free);
        long long sum = s->sum[k], product = s->product[k];
        uint8_t first = s->first[k];
        s->sum[k] += v, s->product[k] *= v, s->left[k]--;
        if (!first) s->first[k] = (uint8_t)v;
        if (cs_cage_ok(s, k, v)) {
            s->row[r] |= 1u << v, s->col[c] |= 1u << v, s->cur[cell] = (uint8_t)v;
            cs_search(s, at + 1);
            s->row[r] &= ~(1u << v), s->col[c] &= ~(1u << v);
        }
        s->sum[k] = sum, s->product[k] = product, s->left[k]++, s->first[k] = first;
    }
}

int calc_small_count(const struct calc_draw *d, const uint8_t *grid, int limit, uint8_t *found,
                     uint64_t *nodes)
{
    if (d->size < 1 || d->size > CALC_SMALL_MAX_SIZE || limit < 1) return -1;
    struct calc_small s;
    s.n = d->size, s.ncells = d->ncells, s.limit = limit, s.count = 0, s.found = found;
    s.nodes = 0, s.most = nodes ? *nodes : 0;
    int cages = calc_draw_clues(d, grid, s.part, s.op, s.target);
    for (int k = 0; k < cages; k++) s.left[k] = 0, s.sum[k] = 0, s.product[k] = 1, s.first[k] = 0;
    for (int c = 0; c < s.ncells; c++) s.left[s.part[c]]++;
    for (int k = 0; k < cages; k++) /* '-' and '/' are pairs' alone (cs_pair_ok) */
        if ((s.op[k] == '-' || s.op[k] == '/') && s.left[k] != 2) return -1;
    int at = 0; /* the cells of the cages of 1, 2, ... cells, each size row-major */
    for (int size = 1; at < s.ncells; size++)
        for (int c = 0; c < s.ncells; c++)
            if (s.left[s.part[c]] == size) s.order[at++] = c;
    for (int i = 0; i < s.ncells; i++) {
        int c = s.order[i];
        s.row_at[i] = (uint8_t)(c / s.n), s.col_at[i] = (uint8_t)(c % s.n);
        s.cage_at[i] = (uint8_t)s.part[c];
    }
    s.all = (1u << (s.n + 1)) - 2;
    memset(s.row, 0, sizeof s.row);
    memset(s.col, 0, sizeof s.col);
    cs_search(&s, 0);
    if (nodes) *nodes = s.nodes;
    return s.limit ? s.count : -2;
}

/* Fills cells at.. of grid (row and col: the digits each line holds);
 * 1 when it could. */
static int cs_fill_from(int n, int at, struct rng *r, uint8_t *grid, uint32_t *row, uint32_t *col)
{
    if (at == n * n) return 1;
    int y = at / n, x = at % n, digits[CALC_SMALL_MAX_SIZE], count = 0;
    for (int v = 1; v <= n; v++)
        if (!((row[y] | col[x]) >> v & 1)) digits[count++] = v;
    rng_shuffle_ints(r, digits, count);
    for (int i = 0; i < count; i++) {
        uint32_t bit = 1u << digits[i];
        row[y] |= bit, col[x] |= bit, grid[at] = (uint8_t)digits[i];
        if (cs_fill_from(n, at + 1, r, grid, row, col)) return 1;
        row[y] &= ~bit, col[x] &= ~bit;
    }
    return 0;
}

int calc_small_fill(int n, struct rng *r, uint8_t *grid)
{
    uint32_t row[CALC_SMALL_MAX_SIZE] = {0}, col[CALC_SMALL_MAX_SIZE] = {0};
    if (n < 1 || n > CALC_SMALL_MAX_SIZE) return -1;
    return cs_fill_from(n, 0, r, grid, row, col) ? 0 : -1;
}
