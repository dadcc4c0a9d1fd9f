/*
 * calc_draw.c — see calc_draw.h. Cage ids stay 0..count-1: a cut gives
 * the lone cell a new id and its first piece keeps the old one.
 */
#include "calc_draw.h"

#include <stdlib.h>
#include <string.h>

static const char calc_draw_names[] =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
#define CALC_DRAW_NAMES 62

/* The target digits make by op; products wrap as the generator's Lua
 * integers did. */
static long long calc_draw_target(char op, const uint8_t *digits, int count)
{
    if (op == '\0') return digits[0];
    if ((op == '-' || op == '/') && digits[1] == 0) return 0; /* not a pair: no target */
    if (op == '-') return abs(digits[0] - digits[1]);
    if (op == '/') return digits[0] > digits[1] ? digits[0] / digits[1] : digits[1] / digits[0];
    uint64_t sum = 0, product = 1;
    for (int i = 0; i < count; i++) sum += digits[i], product *= digits[i];
    return (long long)(op == 'x' ? product : sum);
}

/* The operations a cage of these digits may take, with their weights. */
static int calc_draw_ops(const struct calc_draw *d, const uint8_t *digits, int count, char *ops)
{
    if (count == 1) return ops[0] = '\0', 1;
    const char *from = count == 2 ? d->pair_ops : d->more_ops;
    int n = 0;
    for (const char *s = from; *s; s++)
        if (*s != '/' || (count == 2 && (digits[0] > digits[1] ? digits[0] % digits[1]
                                                               : digits[1] % digits[0]) == 0))
            ops[n++] = *s;
    if (n == 0) ops[n++] = '+';
    return n;
}

char calc_draw_op(const struct calc_draw *d, const uint8_t *digits, int count, struct rng *r)
{
    char ops[sizeof d->pair_ops];
    int n = calc_draw_ops(d, digits, count, ops);
    return ops[rng_below(r, (uint32_t)n)];
}

/* An operation other than except, where the digits allow one. */
static char calc_draw_op_other(const struct calc_draw *d, const uint8_t *digits, int count,
                               char except, struct rng *r)
{
    char ops[sizeof d->pair_ops];
    int n = calc_draw_ops(d, digits, count, ops), kept = 0;
    for (int i = 0; i < n; i++)
        if (ops[i] != except) ops[kept++] = ops[i];
    return kept ? ops[rng_below(r, (uint32_t)kept)] : except;
}

/* The digits of cage id, row-major; their count. */
static int calc_draw_digits(const struct calc_draw *d, const uint8_t *grid, int id, uint8_t *digits)
{
    int n = 0;
    for (int c = 0; c < d->ncells; c++)
        if (d->cage[c] == id) digits[n++] = grid[c];
    return n;
}

/* Cage id draws its operation (another than it has, when `other`). */
static void calc_draw_redraw(struct calc_draw *d, const uint8_t *grid, int id, int other,
                             struct rng *r)
{
    uint8_t digits[SL_MAX_CELLS];
    int n = calc_draw_digits(d, grid, id, digits);
    d->op[id] =
        other ? calc_draw_op_other(d, digits, n, d->op[id], r) : calc_draw_op(d, digits, n, r);
}

void calc_draw_ops_all(struct calc_draw *d, const uint8_t *grid, struct rng *r)
{
    for (int id = 0; id < d->count; id++) calc_draw_redraw(d, grid, id, 0, r);
}

/* --- the text -------------------------------------------------------------- */

struct calc_draw_out {
    char *at;
    size_t len, cap;
};

static void calc_draw_put(struct calc_draw_out *o, const char *s, size_t n)
{
    if (o->len + n < o->cap) memcpy(o->at + o->len, s, n);
    o->len += n;
}

int calc_draw_clues(const struct calc_draw *d, const uint8_t *grid, int *part, char *op,
                    long long *target)
{
    int name[SL_MAX_CELLS], order[SL_MAX_CELLS], count = 0;
    uint8_t digits[SL_MAX_CELLS][2];
    uint64_t sum[SL_MAX_CELLS], product[SL_MAX_CELLS];
    for (int id = 0; id < d->count; id++) name[id] = -1;
    for (int c = 0; c < d->ncells; c++) {
        int id = d->cage[c], k = name[id];
        part[c] = k < 0 ? count : k;
        if (k < 0) {
            k = name[id] = count++;
            order[k] = id, digits[k][0] = grid[c], digits[k][1] = 0;
            sum[k] = product[k] = grid[c];
            continue;
        }
        if (!digits[k][1]) digits[k][1] = grid[c];
        sum[k] += grid[c], product[k] *= grid[c];
    }
    for (int k = 0; k < count; k++) {
        op[k] = d->op[order[k]];
        target[k] = op[k] == 'x' ? (long long)product[k] : (long long)sum[k];
        if (op[k] != 'x' && op[k] != '+') target[k] = calc_draw_target(op[k], digits[k], 2);
    }
    return count;
}

size_t calc_draw_text(const struct calc_draw *d, const uint8_t *grid, char *out, size_t cap)
{
    int part[SL_MAX_CELLS];
    char op[SL_MAX_CELLS];
    long long target[SL_MAX_CELLS];
    int count = calc_draw_clues(d, grid, part, op, target);
    struct calc_draw_out o = {out, 0, cap};
    for (int c = 0; c < d->ncells; c++) {
        int k = part[c];
        if (count > CALC_DRAW_NAMES) calc_draw_put(&o, &calc_draw_names[k / CALC_DRAW_NAMES], 1);
        calc_draw_put(&o, &calc_draw_names[k % CALC_DRAW_NAMES], 1);
    }
    for (int k = 0; k < count; k++) {
        char clue[32], *at = clue + sizeof clue;
        if (op[k]) *--at = op[k];
        /* Digits from the right: a wrapped product is negative, as Lua printed it. */
        uint64_t v = target[k] < 0 ? 0 - (uint64_t)target[k] : (uint64_t)target[k];
        do *--at = (char)('0' + v % 10);
        while (v /= 10);
        if (target[k] < 0) *--at = '-';
        *--at = k ? ',' : ':';
        calc_draw_put(&o, at, (size_t)(clue + sizeof clue - at));
    }
    if (o.len >= cap) return 0;
    out[o.len] = '\0';
    return o.len;
}

/* --- partitions ------------------------------------------------------------ */

/* The orthogonal neighbours of cell on a size x size grid: up, down,
 * left, right. */
static int calc_draw_around(int size, int cell, int *out)
{
    int row = cell / size, col = cell % size, n = 0;
    if (row > 0) out[n++] = cell - size;
    if (row < size - 1) out[n++] = cell + size;
    if (col > 0) out[n++] = cell - 1;
    if (col < size - 1) out[n++] = cell + 1;
    return n;
}

/* Cage id grown from start to want cells; its size. */
static int calc_draw_grow(int size, int id, int start, int want, calc_draw_random random, void *arg,
                          int *cage)
{
    int members[SL_MAX_CELLS], room[4 * SL_MAX_CELLS], count = 1;
    members[0] = start, cage[start] = id;
    while (count < want) {
        int nfree = 0;
        for (int i = 0; i < count; i++) {
            int nbs[4], nnb = calc_draw_around(size, members[i], nbs);
            for (int k = 0; k < nnb; k++)
                if (cage[nbs[k]] == 0) room[nfree++] = nbs[k];
        }
        if (nfree == 0) break;
        int pick = room[random(arg, nfree) - 1];
        cage[pick] = id, members[count++] = pick;
    }
    return count;
}

/* Each cage under low cells joins the smallest neighbouring cage with
 * room, cells taken in order. */
static void calc_draw_fold(int size, int low, int high, int *cage, int *cells)
{
    int ncells = size * size;
    for (int cell = 0; cell < ncells; cell++) {
        int own = cage[cell], best = 0, nbs[4], nnb = calc_draw_around(size, cell, nbs);
        if (cells[own] >= low) continue;
        for (int k = 0; k < nnb; k++) {
            int other = cage[nbs[k]];
            if (other != own && cells[other] + cells[own] <= high &&
                (!best || cells[other] < cells[best]))
                best = other;
        }
        if (!best) continue;
        for (int c = 0; c < ncells; c++)
            if (cage[c] == own) cage[c] = best;
        cells[best] += cells[own], cells[own] = 0;
    }
}

int calc_draw_partition(int size, const int *sizes, int nsizes, int low, int high,
                        calc_draw_random random, void *arg, int *cage)
{
    int ncells = size * size, order[SL_MAX_CELLS], cells[SL_MAX_CELLS + 1], id = 0;
    for (int c = 0; c < ncells; c++) order[c] = c, cage[c] = 0;
    for (int i = ncells; i >= 2; i--) {
        int j = (int)random(arg, i), t = order[i - 1];
        order[i - 1] = order[j - 1], order[j - 1] = t;
    }
    for (int o = 0; o < ncells; o++) {
        if (cage[order[o]]) continue;
        int want = sizes[random(arg, nsizes) - 1];
        want = want < high ? want : high;
        want = want > low ? want : low;
        id++;
        cells[id] = calc_draw_grow(size, id, order[o], want, random, arg, cage);
    }
    calc_draw_fold(size, low, high, cage, cells);
    return id;
}

/* --- mending --------------------------------------------------------------- */

/* The cells of cage id, row-major. */
static int calc_draw_members(const struct calc_draw *d, int id, int *cells)
{
    int n = 0;
    for (int c = 0; c < d->ncells; c++)
        if (d->cage[c] == id) cells[n++] = c;
    return n;
}

static int calc_draw_by_cell(const void *a, const void *b)
{
    return *(const int *)a - *(const int *)b;
}

/* The connected piece of cage id around start, not yet seen, given id
 * `to`; its cells row-major in piece. */
static int calc_draw_piece(struct calc_draw *d, int id, int start, int to, uint8_t *seen,
                           int *piece)
{
    int n = 0, done = 0;
    piece[n++] = start, seen[start] = 1;
    while (done < n) {
        int c = piece[done++], row = c / d->size, col = c % d->size;
        int next[4] = {row > 0 ? c - d->size : -1, row < d->size - 1 ? c + d->size : -1,
                       col > 0 ? c - 1 : -1, col < d->size - 1 ? c + 1 : -1};
        for (int i = 0; i < 4; i++)
            if (next[i] >= 0 && !seen[next[i]] && d->cage[next[i]] == id)
                piece[n++] = next[i], seen[next[i]] = 1;
    }
    for (int i = 0; i < n; i++) d->cage[piece[i]] = to;
    qsort(piece, (size_t)n, sizeof *piece, calc_draw_by_cell);
    return n;
}

/* Cell stands alone; what it leaves of cage id splits into its pieces. */
static void calc_draw_cut(struct calc_draw *d, const uint8_t *grid, int id, int cell, struct rng *r)
{
    uint8_t seen[SL_MAX_CELLS] = {0}, digits[SL_MAX_CELLS];
    int piece[SL_MAX_CELLS], pieces = 0;
    d->cage[cell] = d->count, d->op[d->count++] = '\0';
    for (int c = 0; c < d->ncells; c++) {
        if (d->cage[c] != id || seen[c]) continue;
        int to = pieces++ ? d->count++ : id;
        int n = calc_draw_piece(d, id, c, to, seen, piece);
        for (int i = 0; i < n; i++) digits[i] = grid[piece[i]];
        d->op[to] = calc_draw_op(d, digits, n, r);
    }
}

/* Cage id, now without cells, gives its id to the last cage. */
static void calc_draw_drop(struct calc_draw *d, int id)
{
    int last = --d->count;
    if (id == last) return;
    for (int c = 0; c < d->ncells; c++)
        if (d->cage[c] == last) d->cage[c] = id;
    d->op[id] = d->op[last];
}

/* The orthogonal neighbours of cell: up, down, left, right. */
static int calc_draw_neighbours(const struct calc_draw *d, int cell, int *out)
{
    int row = cell / d->size, col = cell % d->size, n = 0;
    if (row > 0) out[n++] = cell - d->size;
    if (row < d->size - 1) out[n++] = cell + d->size;
    if (col > 0) out[n++] = cell - 1;
    if (col < d->size - 1) out[n++] = cell + 1;
    return n;
}

static int calc_draw_size(const struct calc_draw *d, int id)
{
    int n = 0;
    for (int c = 0; c < d->ncells; c++) n += d->cage[c] == id;
    return n;
}

/* Cell leaves cage id (of n cells) for cage to. */
static void calc_draw_shift(struct calc_draw *d, const uint8_t *grid, int id, int n, int cell,
                            int to, struct rng *r)
{
    if (n > 1) calc_draw_cut(d, grid, id, cell, r);
    int left = d->cage[cell]; /* the lone cell's id, or id itself */
    d->cage[cell] = to;
    calc_draw_redraw(d, grid, to, 0, r);
    calc_draw_drop(d, left);
}

void calc_draw_move(struct calc_draw *d, const uint8_t *grid, int high, struct rng *r)
{
    int nbs[4], cell = (int)rng_below(r, (uint32_t)d->ncells), kind = (int)rng_below(r, 3);
    int id = d->cage[cell], nnb = calc_draw_neighbours(d, cell, nbs);
    int other = d->cage[nbs[rng_below(r, (uint32_t)nnb)]];
    if (kind == 0 || other == id) {
        calc_draw_redraw(d, grid, id, 1, r);
        return;
    }
    int mine = calc_draw_size(d, id), theirs = calc_draw_size(d, other);
    if (kind == 1 && mine + theirs <= high) {
        for (int c = 0; c < d->ncells; c++)
            if (d->cage[c] == other) d->cage[c] = id;
        calc_draw_redraw(d, grid, id, 0, r);
        calc_draw_drop(d, other);
    } else if (theirs < high) {
        calc_draw_shift(d, grid, id, mine, cell, other, r);
    }
}

/* Cage id takes an operation other's digits there do not satisfy: 1, or
 * 0 when none is left (-1: a lone cell, whose digit no solution changes). */
static int calc_draw_reop(struct calc_draw *d, const uint8_t *grid, const uint8_t *other, int id,
                          struct rng *r)
{
    int cells[SL_MAX_CELLS], n = calc_draw_members(d, id, cells);
    if (n == 1) return -1;
    uint8_t mine[SL_MAX_CELLS], theirs[SL_MAX_CELLS];
    for (int i = 0; i < n; i++) mine[i] = grid[cells[i]], theirs[i] = other[cells[i]];
    char ops[sizeof d->pair_ops];
    int nops = calc_draw_ops(d, mine, n, ops), start = 1 + (int)rng_below(r, 10);
    for (int i = 1; i <= nops; i++) {
        char o = ops[(start + i) % nops];
        if (o != d->op[id] && calc_draw_target(o, mine, n) != calc_draw_target(o, theirs, n)) {
            d->op[id] = o;
            return 1;
        }
    }
    return 0;
}

/* Cell, cut from cage id, joins a neighbouring cage of fewer than
 * d->shift cells, drawn from those there are: 1, or 0 when none is. */
static int calc_draw_join(struct calc_draw *d, const uint8_t *grid, int id, int cell, struct rng *r)
{
    int nbs[4], nnb = calc_draw_neighbours(d, cell, nbs), mine = calc_draw_size(d, id);
    int start = (int)rng_below(r, (uint32_t)nnb);
    for (int i = 0; i < nnb; i++) {
        int to = d->cage[nbs[(start + i) % nnb]];
        if (to != id && calc_draw_size(d, to) < d->shift) {
            calc_draw_shift(d, grid, id, mine, cell, to, r);
            return 1;
        }
    }
    return 0;
}

void calc_draw_mend(struct calc_draw *d, const uint8_t *grid, const uint8_t *other, struct rng *r)
{
    int differ[SL_MAX_CELLS], ndiffer = 0;
    for (int c = 0; c < d->ncells; c++)
        if (grid[c] != other[c]) differ[ndiffer++] = c;
    if (ndiffer == 0) return;
    int cell = differ[rng_below(r, (uint32_t)ndiffer)], id = d->cage[cell];
    if (calc_draw_reop(d, grid, other, id, r) != 0) return;
    if (d->shift && calc_draw_join(d, grid, id, cell, r)) return;
    calc_draw_cut(d, grid, id, cell, r);
}
