/*
 * calc_closure.c — calc_small_closure (core/engine/calc_small.h): the
 * easiest steps of a player on a calcudoku draw, to their fixed point.
 * A cage's step is the rule's own (calc_cage_supports, which the rater's
 * calcudoku-cage and calcudoku-big-cage take through calcudoku_prune),
 * so it finds what the rater's finds; it is walked again only when one
 * of its cells changed (a cage narrowed to its supports is at its own
 * fixed point).
 */
#include "calc_cages.h"
#include "calc_small.h"

#define CC_CELLS (CALC_SMALL_MAX_SIZE * CALC_SMALL_MAX_SIZE)

struct calc_closure {
    int n, ncells, cages, big;
    int part[CC_CELLS];
    struct calc_cage cage[CC_CELLS];
    digitset cand[CC_CELLS]; /* 0 once placed */
    uint8_t value[CC_CELLS];
    uint8_t dirty[CC_CELLS]; /* a cage whose cells changed since its last walk */
};

/* Keeps only keep of cell's candidates; its cage is walked again when
 * they change. */
static void cc_narrow(struct calc_closure *l, int cell, digitset keep)
{
    if ((l->cand[cell] & keep) == l->cand[cell]) return;
    l->cand[cell] &= keep;
    l->dirty[l->part[cell]] = 1;
}

/* A placed digit leaves its row and column (the rater's human_place). */
static void cc_place(struct calc_closure *l, int cell, int digit)
{
    int n = l->n, r = cell / n, c = cell % n;
    l->value[cell] = (uint8_t)digit, l->cand[cell] = 0;
    l->dirty[l->part[cell]] = 1;
    for (int i = 0; i < n; i++)
        cc_narrow(l, r * n + i, ~digitset_of(digit)), cc_narrow(l, i * n + c, ~digitset_of(digit));
}

/* Every changed cage's step once (cages past two cells with big alone),
 * over the candidates as the rater's hooks see them (a placed cell its
 * digit): 1 when a candidate went. */
static int cc_cages(struct calc_closure *l)
{
    int changed = 0;
    for (int k = 0; k < l->cages; k++) {
        const struct calc_cage *c = &l->cage[k];
        if (!l->dirty[k] || (c->ncells > 2 && !l->big)) continue;
        digitset seen[CALC_MAX_CAGE_CELLS], support[CALC_MAX_CAGE_CELLS];
        for (int i = 0; i < c->ncells; i++) {
            int cell = c->cells[i];
            seen[i] = l->value[cell] ? digitset_of(l->value[cell]) : l->cand[cell];
        }
        calc_cage_supports(c, seen, support);
        for (int i = 0; i < c->ncells; i++) {
            int cell = c->cells[i];
            if (l->value[cell] || (l->cand[cell] & support[i]) == l->cand[cell]) continue;
            cc_narrow(l, cell, support[i]), changed = 1;
        }
        l->dirty[k] = 0;
    }
    return changed;
}

/* Every line's hidden singles once: 1 when a digit was placed. A digit
 * seen once in a line's candidates has one place there (a placed digit
 * has left the line's candidates). */
static int cc_hidden(struct calc_closure *l)
{
    int n = l->n, placed = 0;
    for (int line = 0; line < 2 * n; line++) {
        int step = line < n ? 1 : n, first = line < n ? line * n : line - n;
        digitset once = 0, more = 0;
        for (int i = 0; i < n; i++) {
            digitset c = l->cand[first + i * step];
            more |= once & c, once |= c;
        }
        for (digitset single = once & ~more; single; single &= single - 1) {
            int digit = __builtin_ctz(single);
            for (int i = 0; i < n; i++) {
                int cell = first + i * step;
                if (!(l->cand[cell] & digitset_of(digit))) continue;
                cc_place(l, cell, digit), placed = 1;
                break;
            }
        }
    }
    return placed;
}

/* 1 when the closure from l's grid (with big: every cage's step) fills
 * grid. The steps are monotone, so going on from one closure with more
 * steps reaches the closure of them all. */
static int cc_fills(struct calc_closure *l, const uint8_t *grid, int big)
{
    l->big = big;
    while (cc_cages(l) | cc_hidden(l)) continue;
    for (int c = 0; c < l->ncells; c++)
        if (l->value[c] != grid[c]) return 0;
    return 1;
}

/* l's cages from d's clues over grid; 0, or -1 when one does not fit. */
static int cc_init(struct calc_closure *l, const struct calc_draw *d, const uint8_t *grid)
{
    struct geometry g;
    struct sl_error err;
    char op[CC_CELLS];
    long long target[CC_CELLS];
    int cells[CC_CELLS][CALC_MAX_CAGE_CELLS], count[CC_CELLS] = {0};
    if (geometry_init(&g, d->size, 0, 0, &err)) return -1;
    l->n = d->size, l->ncells = d->ncells;
    l->cages = calc_draw_clues(d, grid, l->part, op, target);
    for (int c = 0; c < l->ncells; c++) {
        int k = l->part[c];
        if (count[k] == CALC_MAX_CAGE_CELLS) return -1;
        cells[k][count[k]++] = c;
        l->cand[c] = digitset_all(l->n), l->value[c] = 0;
    }
    for (int k = 0; k < l->cages; k++) {
        int kind = op[k] ? calc_op_of(op[k]) : CALC_NONE;
        if (kind < 0) return -1;
        calc_cage_init(&l->cage[k], &g, cells[k], count[k], kind, target[k]);
        l->dirty[k] = 1;
    }
    return 0;
}

int calc_small_closure(const struct calc_draw *d, const uint8_t *grid)
{
    struct calc_closure l;
    /* Below 3x3 the rater's two-symbol single places digits first. */
    if (d->size < 3 || d->size > CALC_SMALL_MAX_SIZE || cc_init(&l, d, grid)) return 0;
    if (cc_fills(&l, grid, 0)) return CALC_SMALL_SINGLES;
    return cc_fills(&l, grid, 1) ? CALC_SMALL_CAGES : 0;
}
