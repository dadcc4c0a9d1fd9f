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

#include <string.h>

#define CC_CELLS (CALC_SMALL_MAX_SIZE * CALC_SMALL_MAX_SIZE)
/* The rule of 45's cages: one a line and operation at most. */
#define CC_LINE_CAGES (4 * CALC_SMALL_MAX_SIZE)

/* The steps past the cages and hidden singles (calc_small_band). */
enum {
    CC_NAKED_SINGLES = 1,
    CC_NAKED_PAIRS = 2,
    CC_HIDDEN_PAIRS = 4,
    CC_LINE_RESTS = 8,
    CC_DIRECT_PAIRS = 16,
    CC_HIDDEN_TRIPLES = 32
};

struct calc_closure {
    int n, ncells, cages, big, steps;
    int rests; /* the rule of 45's cages, after the clued ones (with CC_LINE_RESTS) */
    int part[CC_CELLS];
    struct calc_cage cage[CC_CELLS + CC_LINE_CAGES];
    digitset cand[CC_CELLS]; /* 0 once placed */
    uint8_t value[CC_CELLS];
    uint8_t dirty[CC_CELLS];                /* a cage whose cells changed since its last walk */
    struct calc_support_memo *memo;         /* NULL: every cage walked */
    uint64_t key[CC_CELLS + CC_LINE_CAGES]; /* each cage's in memo (calc_cage_memo_key) */
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

/* Cage k's supports over seen (calc_cage_supports, through the memo when
 * l has one): 0 when they are seen itself, so nothing narrows. */
static int cc_supports(const struct calc_closure *l, int k, const digitset *seen, digitset *support)
{
    const struct calc_cage *c = &l->cage[k];
    if (!l->memo || !l->key[k]) {
        calc_cage_supports(c, seen, support);
        return 1;
    }
    uint64_t packed = calc_cells_packed(seen, c->ncells);
    uint64_t kept = calc_cage_supports_packed(l->memo, c, l->key[k], packed);
    if (kept == packed) return 0;
    for (int i = 0; i < c->ncells; i++) support[i] = (digitset)(kept >> (8 * i) & 0xFF);
    return 1;
}

/* Every changed cage's step once (cages past two cells with big alone),
 * over the candidates as the rater's hooks see them (a placed cell its
 * digit): 1 when a candidate went. */
static int cc_cages(struct calc_closure *l)
{
    int changed = 0, walked = l->cages + (l->steps & CC_LINE_RESTS ? l->rests : 0);
    for (int k = 0; k < walked; k++) {
        const struct calc_cage *c = &l->cage[k];
        /* The rule of 45's cages have no dirty mark: few, small, each walked every pass. */
        if ((k < l->cages && !l->dirty[k]) || (c->ncells > 2 && !l->big)) continue;
        digitset seen[CALC_MAX_CAGE_CELLS], support[CALC_MAX_CAGE_CELLS];
        for (int i = 0; i < c->ncells; i++) {
            int cell = c->cells[i];
            seen[i] = l->value[cell] ? digitset_of(l->value[cell]) : l->cand[cell];
        }
        if (k < l->cages) l->dirty[k] = 0;
        if (!cc_supports(l, k, seen, support)) continue; /* at its own fixed point */
        for (int i = 0; i < c->ncells; i++) {
            int cell = c->cells[i];
            if (l->value[cell] || (l->cand[cell] & support[i]) == l->cand[cell]) continue;
            cc_narrow(l, cell, support[i]), changed = 1;
        }
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
        int step, first = geometry_line_first(n, line, &step);
        digitset single;
        calc_line_digits(l->cand, n, line, &single);
        for (; single; single &= single - 1) {
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

/* Line `line`'s cells (rows, then columns) into cells. */
static void cc_line(const struct calc_closure *l, int line, int *cells)
{
    for (int i = 0; i < l->n; i++) cells[i] = geometry_line_cell(l->n, line, i);
}

/* Every open cell of one candidate placed: 1 when one was. */
static int cc_naked_singles(struct calc_closure *l)
{
    int placed = 0;
    for (int c = 0; c < l->ncells; c++)
        if (l->cand[c] && digitset_is_single(l->cand[c]))
            cc_place(l, c, __builtin_ctz(l->cand[c])), placed = 1;
    return placed;
}

/* Two open cells of a line holding the same two digits keep them from
 * the line's other cells: 1 when a candidate went. */
static int cc_naked_pairs(struct calc_closure *l, const int *cells)
{
    int changed = 0;
    for (int i = 0; i < l->n; i++) {
        digitset pair = l->cand[cells[i]];
        if (digitset_count(pair) != 2) continue;
        for (int j = i + 1; j < l->n; j++) {
            if (l->cand[cells[j]] != pair) continue;
            for (int o = 0; o < l->n; o++) {
                if (o == i || o == j || !(l->cand[cells[o]] & pair)) continue;
                cc_narrow(l, cells[o], ~pair), changed = 1;
            }
        }
    }
    return changed;
}

/* places[d]: the line's positions (bit i for cells[i]) where digit d is
 * still a candidate. */
static void cc_digit_places(const struct calc_closure *l, const int *cells, uint32_t *places)
{
    for (int d = 0; d <= l->n; d++) places[d] = 0;
    for (int i = 0; i < l->n; i++)
        for (digitset c = l->cand[cells[i]]; c; c &= c - 1) places[__builtin_ctz(c)] |= 1u << i;
}

/* Two digits whose places in a line are the same two cells fill them:
 * every other digit leaves those cells. 1 when a candidate went. */
static int cc_hidden_pairs(struct calc_closure *l, const int *cells)
{
    uint32_t places[CALC_SMALL_MAX_SIZE + 1];
    int changed = 0;
    cc_digit_places(l, cells, places);
    for (int a = 1; a <= l->n; a++) {
        if (__builtin_popcount(places[a]) != 2) continue;
        for (int b = a + 1; b <= l->n; b++) {
            if (places[b] != places[a]) continue;
            digitset pair = digitset_of(a) | digitset_of(b);
            for (uint32_t at = places[a]; at; at &= at - 1) {
                int cell = cells[__builtin_ctz(at)];
                if (l->cand[cell] == pair) continue;
                cc_narrow(l, cell, pair), changed = 1;
            }
        }
    }
    return changed;
}

/* The rater's direct hidden pair, a placement alone: two digits whose
 * places in a line are the same two cells leave a third digit one place
 * outside them. Candidates are not narrowed (that would be the hidden
 * pair, a harder step). 1 when a digit was placed: the line's places are
 * then stale, so the line is left for the next pass. */
static int cc_direct_pairs(struct calc_closure *l, const int *cells)
{
    uint32_t places[CALC_SMALL_MAX_SIZE + 1];
    cc_digit_places(l, cells, places);
    for (int a = 1; a <= l->n; a++) {
        if (__builtin_popcount(places[a]) != 2) continue;
        for (int b = a + 1; b <= l->n; b++) {
            if (places[b] != places[a]) continue;
            for (int digit = 1; digit <= l->n; digit++) {
                uint32_t outside = places[digit] & ~places[a];
                if (digit == a || digit == b || !outside || (outside & (outside - 1))) continue;
                cc_place(l, cells[__builtin_ctz(outside)], digit);
                return 1;
            }
        }
    }
    return 0;
}

/* Three digits, each open in a line, whose places there are three cells
 * fill them: every other digit leaves those cells. 1 when a candidate
 * went. */
static int cc_hidden_triples(struct calc_closure *l, const int *cells)
{
    uint32_t places[CALC_SMALL_MAX_SIZE + 1];
    int changed = 0;
    cc_digit_places(l, cells, places);
    for (int a = 1; a <= l->n; a++)
        for (int b = a + 1; places[a] && b <= l->n; b++)
            for (int c = b + 1; places[b] && c <= l->n; c++) {
                uint32_t at = places[a] | places[b] | places[c];
                if (!places[c] || __builtin_popcount(at) != 3) continue;
                digitset three = digitset_of(a) | digitset_of(b) | digitset_of(c);
                for (; at; at &= at - 1) {
                    int cell = cells[__builtin_ctz(at)];
                    if ((l->cand[cell] & three) == l->cand[cell]) continue;
                    cc_narrow(l, cell, three), changed = 1;
                }
            }
    return changed;
}

/* The steps of l->steps past the cages and hidden singles, once: 1 when
 * a candidate went. */
static int cc_more(struct calc_closure *l)
{
    int changed = 0, cells[CALC_SMALL_MAX_SIZE];
    if (l->steps & CC_NAKED_SINGLES) changed |= cc_naked_singles(l);
    if (!(l->steps & (CC_NAKED_PAIRS | CC_HIDDEN_PAIRS | CC_DIRECT_PAIRS | CC_HIDDEN_TRIPLES)))
        return changed;
    for (int line = 0; line < 2 * l->n; line++) {
        cc_line(l, line, cells);
        if (l->steps & CC_NAKED_PAIRS) changed |= cc_naked_pairs(l, cells);
        if (l->steps & CC_HIDDEN_PAIRS) changed |= cc_hidden_pairs(l, cells);
        if (l->steps & CC_DIRECT_PAIRS) changed |= cc_direct_pairs(l, cells);
        if (l->steps & CC_HIDDEN_TRIPLES) changed |= cc_hidden_triples(l, cells);
    }
    return changed;
}

/* 1 when the closure from l's grid (with big: every cage's step) fills
 * grid. The steps are monotone, so going on from one closure with more
 * steps reaches the closure of them all. */
static int cc_fills(struct calc_closure *l, const uint8_t *grid, int big)
{
    l->big = big;
    while (cc_cages(l) | cc_hidden(l) | cc_more(l)) continue;
    for (int c = 0; c < l->ncells; c++)
        if (l->value[c] != grid[c]) return 0;
    return 1;
}

/* 1 when every cell of cage k lies in line. */
static int cc_inside(const struct calc_closure *l, int k, int line)
{
    const struct calc_cage *c = &l->cage[k];
    for (int i = 0; i < c->ncells; i++)
        if ((line < l->n ? c->cells[i] / l->n : c->cells[i] % l->n + l->n) != line) return 0;
    return 1;
}

/* The rater's calcudoku-rule-of-45 (calcudoku_explain.c) as a cage of
 * l's: in a line, the cells outside the cages of operation op (or none)
 * lying wholly inside it, when at most three and some cage of op was
 * taken, make what 1 + ... + N (or N!) leaves. */
static void cc_line_rest(struct calc_closure *l, const struct geometry *g, int line, int op)
{
    int n = l->n, cells[CALC_SMALL_MAX_SIZE], rest[CALC_SMALL_MAX_SIZE], nrest = 0, taken = 0;
    long long left = op == CALC_ADD ? (long long)n * (n + 1) / 2 : 1;
    for (int d = 2; op == CALC_MUL && d <= n; d++) left *= d;
    cc_line(l, line, cells);
    for (int i = 0; i < n; i++) {
        int c = cells[i], k = l->part[c];
        const struct calc_cage *cage = &l->cage[k];
        if (!cc_inside(l, k, line) || (cage->op != op && cage->op != CALC_NONE)) {
            rest[nrest++] = c;
            continue;
        }
        if (cage->cells[0] != c) continue;
        taken += cage->op == op;
        left = op == CALC_ADD ? left - cage->target : left / cage->target;
    }
    if (!taken || nrest == 0 || nrest > 3 || left < 1) return;
    calc_cage_init(&l->cage[l->cages + l->rests++], g, rest, nrest, op, left);
}

int calc_small_cages(const struct calc_draw *d, const uint8_t *grid, const struct geometry *g,
                     int *part, struct calc_cage *cage)
{
    enum { most = CALC_SMALL_MAX_SIZE * CALC_SMALL_MAX_SIZE };
    char op[most];
    long long target[most];
    if (d->size > CALC_SMALL_MAX_SIZE) return -1;
    int cages = calc_draw_clues(d, grid, part, op, target);
    int cells[most][CALC_MAX_CAGE_CELLS], count[most];
    for (int k = 0; k < cages; k++) count[k] = 0;
    for (int c = 0; c < d->ncells; c++) { /* each cage's cells row-major, in one pass */
        int k = part[c];
        if (count[k] == CALC_MAX_CAGE_CELLS) return -1;
        cells[k][count[k]++] = c;
    }
    for (int k = 0; k < cages; k++) {
        int kind = op[k] ? calc_op_of(op[k]) : CALC_NONE;
        if (kind < 0 || ((kind == CALC_SUB || kind == CALC_DIV) && count[k] != 2)) return -1;
        calc_cage_init(&cage[k], g, cells[k], count[k], kind, target[k]);
    }
    return cages;
}

/* l's cages from d's clues over grid, the rule of 45's not yet
 * (cc_add_line_rests); 0, or -1 when one does not fit. */
static int cc_init(struct calc_closure *l, const struct calc_draw *d, const uint8_t *grid)
{
    l->memo = NULL;
    struct geometry g;
    struct sl_error err;
    if (geometry_init(&g, d->size, 0, 0, &err)) return -1;
    l->n = d->size, l->ncells = d->ncells;
    if ((l->cages = calc_small_cages(d, grid, &g, l->part, l->cage)) < 0) return -1;
    for (int c = 0; c < l->ncells; c++) l->cand[c] = digitset_all(l->n), l->value[c] = 0;
    for (int k = 0; k < l->cages; k++) l->dirty[k] = 1;
    l->steps = 0, l->rests = 0;
    return 0;
}

/* The rule of 45's cages of every line, after l's clued ones: made only
 * for the steps that walk them (CC_LINE_RESTS), as most closures stop
 * short of them and making them cost as much as a closure's cages. */
static void cc_add_line_rests(struct calc_closure *l)
{
    struct geometry g;
    struct sl_error err;
    if (geometry_init(&g, l->n, 0, 0, &err)) return; /* cc_init made one of this side */
    for (int line = 0; line < 2 * l->n; line++) {
        cc_line_rest(l, &g, line, CALC_ADD);
        cc_line_rest(l, &g, line, CALC_MUL);
    }
    for (int k = l->cages; l->memo && k < l->cages + l->rests; k++)
        l->key[k] = calc_cage_memo_key(&l->cage[k]);
}

/* l's cages looked up in memo (NULL: none, every cage walked). */
static void cc_use_memo(struct calc_closure *l, struct calc_support_memo *memo)
{
    l->memo = memo;
    for (int k = 0; memo && k < l->cages; k++) l->key[k] = calc_cage_memo_key(&l->cage[k]);
}

int calc_small_closure(const struct calc_draw *d, const uint8_t *grid,
                       struct calc_support_memo *memo)
{
    struct calc_closure l;
    /* Below 3x3 the rater's two-symbol single places digits first. */
    if (d->size < 3 || d->size > CALC_SMALL_MAX_SIZE || cc_init(&l, d, grid)) return 0;
    cc_use_memo(&l, memo);
    if (cc_fills(&l, grid, 0)) return CALC_SMALL_SINGLES;
    if (cc_fills(&l, grid, 1)) return CALC_SMALL_CAGES;
    l.steps = CC_DIRECT_PAIRS;
    return cc_fills(&l, grid, 1) ? CALC_SMALL_PAIRS : CALC_SMALL_PAST_PAIRS;
}

/* From high, the fixed point of cages, hidden and naked singles, for a
 * draw that rates 2.4 at least: CALC_SMALL_BAND when the high closure
 * fills the grid (2.4 to 3.0), else CALC_SMALL_ABOVE; with past,
 * CALC_SMALL_PAST in place of ABOVE when the widest closure leaves the
 * grid open too (calc_small.h). */
static int cc_high(struct calc_closure *high, const uint8_t *grid, int past)
{
    cc_add_line_rests(high);
    high->steps |= CC_NAKED_PAIRS | CC_LINE_RESTS;
    if (cc_fills(high, grid, 1)) return CALC_SMALL_BAND;
    if (!past) return CALC_SMALL_ABOVE;
    /* The widest closure goes on from the high one's fixed point, which
     * holds its own (its steps are the high one's and more). */
    high->steps |= CC_HIDDEN_PAIRS | CC_HIDDEN_TRIPLES;
    return cc_fills(high, grid, 1) ? CALC_SMALL_ABOVE : CALC_SMALL_PAST;
}

/* *to = *from, the parts in use alone (the arrays are sized for the
 * largest grid, and a small grid's band is decided many times a puzzle):
 * every field of struct calc_closure, the per-cage ones up to its cages. */
static void cc_copy(struct calc_closure *to, const struct calc_closure *from)
{
    size_t cells = (size_t)from->ncells, cages = (size_t)(from->cages + from->rests);
    to->n = from->n, to->ncells = from->ncells, to->cages = from->cages;
    to->big = from->big, to->steps = from->steps, to->rests = from->rests;
    to->memo = from->memo;
    memcpy(to->part, from->part, cells * sizeof *to->part);
    memcpy(to->cage, from->cage, cages * sizeof *to->cage);
    memcpy(to->cand, from->cand, cells * sizeof *to->cand);
    memcpy(to->value, from->value, cells * sizeof *to->value);
    memcpy(to->dirty, from->dirty, (size_t)from->cages * sizeof *to->dirty);
    if (from->memo) memcpy(to->key, from->key, cages * sizeof *to->key);
}

/* Past the closure low of cages, hidden and naked singles, which left a
 * cell open: 0 when hidden pairs fill the grid (the rater's direct hidden
 * pair may still make it 2.3 or less; *high then low's fixed point, for
 * cc_high), else cc_high's level (2.4 at least). */
static int cc_past_singles(struct calc_closure *low, struct calc_closure *high, const uint8_t *grid,
                           int past)
{
    cc_copy(high, low);
    /* Hidden pairs stand in for the direct hidden pair (2.0): a pair's
     * removals and a hidden single make what it makes, so when these
     * steps leave the grid open, so do all the rater's up to 2.3. */
    low->steps |= CC_HIDDEN_PAIRS;
    if (cc_fills(low, grid, 1)) return 0;
    return cc_high(high, grid, past);
}

/* The rater's own rating of a draw up to 2.3, when hidden pairs fill its
 * grid (calc_small.h): calc_small_closure's level up to 2.0, else
 * CALC_SMALL_DIRECT_NAKED when its steps with naked singles fill the
 * grid, else 0. The memo serves every closure's cages. */
static int cc_below_band(const struct calc_draw *d, const uint8_t *grid,
                         struct calc_support_memo *memo)
{
    int level = calc_small_closure(d, grid, memo);
    if (level != CALC_SMALL_PAST_PAIRS) return level;
    struct calc_closure l;
    if (cc_init(&l, d, grid)) return 0;
    cc_use_memo(&l, memo);
    l.steps = CC_DIRECT_PAIRS | CC_NAKED_SINGLES;
    return cc_fills(&l, grid, 1) ? CALC_SMALL_DIRECT_NAKED : 0;
}

int calc_small_band(const struct calc_draw *d, const uint8_t *grid, struct calc_support_memo *memo)
{
    return calc_small_band_from(d, grid, memo, NULL);
}

/* l's cells from root's candidates: a cell of one placed. */
static void cc_start_from(struct calc_closure *l, const digitset *root)
{
    for (int c = 0; c < l->ncells; c++) {
        l->cand[c] = root[c];
        if (digitset_is_single(root[c]))
            l->value[c] = (uint8_t)digitset_first(root[c]), l->cand[c] = 0;
    }
}

int calc_small_band_from(const struct calc_draw *d, const uint8_t *grid,
                         struct calc_support_memo *memo, const digitset *root)
{
    struct calc_closure low;
    if (d->size < 3 || d->size > CALC_SMALL_MAX_SIZE || cc_init(&low, d, grid)) return 0;
    if (root) cc_start_from(&low, root);
    cc_use_memo(&low, memo);
    low.steps = CC_NAKED_SINGLES;
    if (cc_fills(&low, grid, 1)) return cc_below_band(d, grid, memo);
    struct calc_closure high;
    int level = cc_past_singles(&low, &high, grid, 1);
    if (level == 0) {
        /* cc_below_band's 0 is exact: 2.4 at least, as if low had left
         * the grid open. */
        int below = cc_below_band(d, grid, memo);
        if (below != 0) return below;
        level = cc_high(&high, grid, 1);
    }
    return level == CALC_SMALL_ABOVE ? 0 : level;
}

int calc_small_grade(const struct calc_draw *d, const uint8_t *grid)
{
    struct calc_closure l;
    if (d->size < 3 || d->size > CALC_SMALL_MAX_SIZE || cc_init(&l, d, grid)) return 0;
    if (cc_fills(&l, grid, 0)) return CALC_SMALL_SINGLES;
    if (cc_fills(&l, grid, 1)) return CALC_SMALL_CAGES;
    l.steps = CC_NAKED_SINGLES;
    if (cc_fills(&l, grid, 1)) return CALC_SMALL_NAKED;
    struct calc_closure high;
    return cc_past_singles(&l, &high, grid, 0);
}
