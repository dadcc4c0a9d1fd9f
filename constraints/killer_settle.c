/*
 * killer_settle.c — see killer_settle.h.
 *
 * Candidates narrow through settle_restrict alone, which marks what must
 * look again: the sums and houses of the cell, and the cell itself when
 * it is left one digit (queued for its peers). The loop empties the queue,
 * then prunes the sums marked, then looks for hidden singles in the
 * houses marked, until nothing is marked.
 */
#include "killer_settle.h"

#include <stdlib.h>
#include <string.h>

#include "cage_combos.h"
#include "killer_settler.h"

/* --- narrowing --------------------------------------------------------- */

/* -1 when the cell is left no digit. */
int settle_restrict(struct settler *s, int cell, digitset keep)
{
    digitset before = s->cand[cell], now = before & keep;
    if (now == before) return 0;
    if (now == 0) return -1;
    s->cand[cell] = now;
    s->changes++;
    for (int k = 0; k < s->ncell_sums[cell]; k++) s->sum_due[s->cell_sums[cell][k]] = 1;
    s->house_due |= s->cell_house_bits[cell];
    if (digitset_is_single(now)) s->queue[s->queued++] = (uint8_t)cell;
    return 0;
}

/* Each digit placed leaves the cell's houses and cage. */
static int settle_singles(struct settler *s)
{
    while (s->queued > 0) {
        int cell = s->queue[--s->queued], p = s->map->part[cell];
        digitset other = ~s->cand[cell];
        for (int k = 0; k < s->houses_of_cell; k++) {
            const uint8_t *house = s->house[s->cell_house[cell][k]];
            for (int i = 0; i < s->n; i++)
                if ((s->cand[house[i]] & ~other) && house[i] != cell &&
                    settle_restrict(s, house[i], other))
                    return -1;
        }
        for (int i = p < 0 ? 0 : s->cage_start[p]; p >= 0 && i < s->cage_start[p + 1]; i++) {
            int peer = s->cage_cells[i];
            if ((s->cand[peer] & ~other) && peer != cell && settle_restrict(s, peer, other))
                return -1;
        }
    }
    return 0;
}

/* A digit with one place in a house goes there; one with none is a
 * contradiction. */
static int settle_hidden(struct settler *s, int h)
{
    digitset once = 0, twice = 0;
    for (int i = 0; i < s->n; i++) {
        digitset m = s->cand[s->house[h][i]];
        twice |= once & m;
        once |= m;
    }
    if (once != s->all) return -1;
    digitset hidden = once & ~twice; /* with the digits placed, one pass over the house */
    for (int i = 0; i < s->n; i++) {
        digitset m = s->cand[s->house[h][i]] & hidden;
        if (m && settle_restrict(s, s->house[h][i], m)) return -1;
    }
    return 0;
}

/* --- one sum ----------------------------------------------------------- */

struct settle_view {
    digitset placed, reach; /* digits placed in the sum; open cells' digits */
    int nopen, placed_total;
    int open[SETTLE_MAX_SIZE];
    /* The open cells' candidates a combination's rest could miss
     * (cage_cell_may_miss): only these are tested. */
    digitset check[SETTLE_MAX_SIZE];
    int ncheck;
    /* Per listed house k of the sum (bit k of outs_known): a superset of
     * the digits its cells outside the sum still take. Within a prune
     * candidates only narrow, so a digit not in it needs no look there. */
    unsigned outs_known;
    digitset outs[SETTLE_SUM_HOUSES];
};

static int settle_view_of(struct settler *s, const struct settle_sum *sum, struct settle_view *v)
{
    v->placed = v->reach = 0;
    v->nopen = v->placed_total = 0;
    v->outs_known = 0;
    for (int i = 0; i < sum->count; i++) {
        int cell = s->sum_cells[sum->first + i];
        digitset m = s->cand[cell];
        if (!digitset_is_single(m)) {
            v->open[v->nopen++] = cell;
            v->reach |= m;
        } else if (v->placed & m) {
            return -1;
        } else {
            v->placed |= m;
            v->placed_total += digitset_first(m);
        }
    }
    v->ncheck = 0;
    for (int i = 0; i < v->nopen; i++)
        if (cage_cell_may_miss(s->cand[v->open[i]], v->reach, v->nopen))
            v->check[v->ncheck++] = s->cand[v->open[i]];
    return 0;
}

/* Digits some house can place only inside the sum: every house holds
 * every digit, and the sum's digits are distinct. Only houses holding
 * two or more of its cells: with one, the house's hidden single does it.
 * Each house's digits outside the sum are kept in v->outs. */
static digitset settle_forced(const struct settler *s, const struct settle_sum *sum,
                              struct settle_view *v)
{
    digitset forced = 0;
    for (int k = 0; k < sum->nhouses; k++) {
        const uint8_t *house = s->house[sum->houses[k]];
        digitset out = 0;
        for (unsigned m = sum->outside[k]; m; m &= m - 1) out |= s->cand[house[__builtin_ctz(m)]];
        v->outs[k] = out;
        forced |= s->all & ~out;
    }
    v->outs_known = (1u << sum->nhouses) - 1;
    return forced;
}

/* The combinations holding forced and the placed digits whose other
 * digits the open cells can take, each cell one of them: their union
 * (*can) and their count; returns their intersection. */
static digitset settle_survivors(const struct settler *s, const struct settle_sum *sum,
                                 const struct settle_view *v, digitset forced, digitset *can,
                                 int *count)
{
    digitset needed = ~(digitset)0, must = forced | v->placed;
    *can = 0;
    *count = 0;
    for (int j = 0; j < sum->combo_count; j++) {
        digitset combo = s->combos[sum->combo_first + j], rest = combo & ~v->placed;
        if ((combo & must) != must || (rest & ~v->reach)) continue;
        if (!cage_rest_meets(v->check, v->ncheck, rest)) continue;
        *can |= rest;
        needed &= rest;
        ++*count;
    }
    return needed;
}

/* The index of house h among the sum's listed houses, or -1. */
static int settle_listed(const struct settle_sum *sum, int h)
{
    for (int k = 0; k < sum->nhouses; k++)
        if (sum->houses[k] == h) return k;
    return -1;
}

/* The places in house h of the cells not in the sum (bit i: its cell i). */
static unsigned settle_outside(const struct settler *s, const struct settle_sum *sum, int h)
{
    int listed = settle_listed(sum, h);
    if (listed >= 0) return sum->outside[listed];
    unsigned out = (1u << s->n) - 1; /* one of the houses past SETTLE_SUM_HOUSES */
    for (int i = 0; i < sum->count; i++) {
        int cell = s->sum_cells[sum->first + i];
        for (int k = 0; k < s->houses_of_cell; k++)
            if (s->cell_house[cell][k] == h) out &= ~(1u << s->cell_place[cell][k]);
    }
    return out;
}

/* The places of digit d among the open cells all lie in one house: d
 * leaves the house's other cells. The houses holding every place are
 * the intersection of the places' house bits. */
static int settle_pointing(struct settler *s, const struct settle_sum *sum, struct settle_view *v,
                           digitset d)
{
    uint64_t shared = ~UINT64_C(0);
    for (int i = 0; i < v->nopen; i++)
        if (s->cand[v->open[i]] & d) shared &= s->cell_house_bits[v->open[i]];
    for (; shared; shared &= shared - 1) {
        int h = __builtin_ctzll(shared), k = settle_listed(sum, h);
        if (k >= 0 && (v->outs_known >> k & 1) && !(v->outs[k] & d)) continue;
        digitset out = 0;
        for (unsigned m = settle_outside(s, sum, h); m; m &= m - 1) {
            int cell = s->house[h][__builtin_ctz(m)];
            if ((s->cand[cell] & d) && settle_restrict(s, cell, ~d)) return -1;
            out |= s->cand[cell];
        }
        if (k >= 0) v->outs[k] = out, v->outs_known |= 1u << k;
    }
    return 0;
}

/* A digit every survivor needs: placed when one open cell can take it,
 * else gone from a house holding all its places. */
static int settle_needed(struct settler *s, const struct settle_sum *sum, struct settle_view *v,
                         digitset needed)
{
    for (; needed; needed = digitset_rest(needed)) {
        digitset d = needed & -needed;
        int places = 0, first = -1;
        for (int i = 0; i < v->nopen; i++)
            if (s->cand[v->open[i]] & d) places++, first = first < 0 ? v->open[i] : first;
        if (places == 0) return -1;
        if (places == 1 ? settle_restrict(s, first, d) : settle_pointing(s, sum, v, d)) return -1;
    }
    return 0;
}

static int settle_prune(struct settler *s, const struct settle_sum *sum)
{
    struct settle_view v;
    digitset can;
    int count;
    if (settle_view_of(s, sum, &v)) return -1;
    if (v.nopen == 0) return v.placed_total == sum->total ? 0 : -1;
    if (sum->combo_count < 0) return 0;
    digitset needed = settle_survivors(s, sum, &v, 0, &can, &count);
    if (count > 1) {
        digitset forced = settle_forced(s, sum, &v) & ~v.placed;
        if (forced & ~needed) needed = settle_survivors(s, sum, &v, forced, &can, &count);
    }
    if (count == 0) return -1;
    for (int i = 0; i < v.nopen; i++)
        if (settle_restrict(s, v.open[i], can)) return -1;
    return settle_needed(s, sum, &v, needed);
}

int settle_offer(struct settler *s, int i, digitset *rests, int cap)
{
    const struct settle_sum *sum = &s->sums[i];
    struct settle_view v;
    if (sum->combo_count < 0 || settle_view_of(s, sum, &v) || v.nopen < 2) return -1;
    int count = 0;
    for (int j = 0; j < sum->combo_count; j++) {
        digitset combo = s->combos[sum->combo_first + j], rest = combo & ~v.placed;
        if ((combo & v.placed) != v.placed || (rest & ~v.reach)) continue;
        if (!cage_rest_meets(v.check, v.ncheck, rest)) continue;
        if (count == cap) return -1;
        rests[count++] = rest;
    }
    return count;
}

/* --- set-up ------------------------------------------------------------ */

/* Rows, columns, then boxes (when the geometry has them). */
static void settle_houses(struct settler *s, const struct geometry *g)
{
    int n = g->size, boxes = g->box_rows > 0;
    s->nhouses = (2 + boxes) * n;
    s->houses_of_cell = (uint8_t)(2 + boxes);
    for (int r = 0; r < n; r++)
        for (int i = 0; i < n; i++) {
            int row = geometry_cell(g, r, i), col = geometry_cell(g, i, r);
            s->house[r][i] = (uint8_t)row;
            s->house[n + r][i] = (uint8_t)col;
            s->cell_house[row][0] = (uint8_t)r;
            s->cell_house[col][1] = (uint8_t)(n + r);
            s->cell_place[row][0] = s->cell_place[col][1] = (uint8_t)i;
        }
    for (int b = 0; boxes && b < n; b++) {
        int top = (b / (n / g->box_cols)) * g->box_rows,
            left = (b % (n / g->box_cols)) * g->box_cols;
        for (int i = 0; i < n; i++) {
            int cell = geometry_cell(g, top + i / g->box_cols, left + i % g->box_cols);
            s->house[2 * n + b][i] = (uint8_t)cell;
            s->cell_house[cell][2] = (uint8_t)(2 * n + b);
            s->cell_place[cell][2] = (uint8_t)i;
        }
    }
    for (int c = 0; c < s->ncells; c++) {
        s->cell_house_bits[c] = 0;
        for (int k = 0; k < s->houses_of_cell; k++)
            s->cell_house_bits[c] |= UINT64_C(1) << s->cell_house[c][k];
    }
}

/* The houses holding two or more of the sum's cells (at most
 * SETTLE_SUM_HOUSES: the others are only looked at less). */
static void settle_sum_houses(const struct settler *s, struct settle_sum *sum, const int *cells)
{
    uint64_t once = 0, twice = 0, listed = 0; /* SETTLE_HOUSES <= 64 */
    for (int i = 0; i < sum->count; i++) {
        uint64_t bits = s->cell_house_bits[cells[i]];
        twice |= once & bits;
        once |= bits;
    }
    for (sum->nhouses = 0; twice && sum->nhouses < SETTLE_SUM_HOUSES; twice &= twice - 1) {
        sum->outside[sum->nhouses] = (uint16_t)((1u << s->n) - 1);
        sum->houses[sum->nhouses++] = (uint8_t)__builtin_ctzll(twice);
        listed |= twice & -twice;
    }
    for (int i = 0; i < sum->count; i++)
        for (int k = 0; k < s->houses_of_cell; k++) {
            uint64_t bit = UINT64_C(1) << s->cell_house[cells[i]][k];
            if (!(listed & bit)) continue;
            int j = __builtin_popcountll(listed & (bit - 1)); /* its place in the list */
            sum->outside[j] &= (uint16_t) ~(1u << s->cell_place[cells[i]][k]);
        }
}

/* Cells (distinct digits) adding up to total; -1 when no combination
 * does. */
static int settle_add_sum(struct settler *s, const int *cells, int count, int total)
{
    struct settle_sum *sum = &s->sums[s->nsums];
    for (int i = 0; i < count; i++)
        if (s->ncell_sums[cells[i]] == SETTLE_CELL_SUMS) return 0;
    long room = SETTLE_COMBOS - s->ncombos;
    long found = cage_combos_for(s->n, count, total, s->combos + s->ncombos, room);
    if (found == 0) return -1;
    *sum = (struct settle_sum){.first = s->nsum_cells,
                               .count = count,
                               .total = total,
                               .combo_first = s->ncombos,
                               .combo_count = found > room ? -1 : (int)found};
    settle_sum_houses(s, sum, cells);
    if (found <= room) s->ncombos += (int)found;
    for (int i = 0; i < count; i++) {
        s->sum_cells[s->nsum_cells++] = (uint8_t)cells[i];
        s->cell_sums[cells[i]][s->ncell_sums[cells[i]]++] = (int16_t)s->nsums;
    }
    s->sum_due[s->nsums++] = 1;
    return 0;
}

static int settle_cages(struct settler *s, const int *sums)
{
    cellmap_all_cells(s->map, s->cage_start, s->cage_cells);
    for (int p = 0; p < s->map->nparts; p++)
        if (sums[p] &&
            settle_add_sum(s, s->cage_cells + s->cage_start[p], s->map->size[p], sums[p]))
            return -1;
    return 0;
}

/* The cells of the cut cages outside house h (their sums cut_total, the
 * innies' total) add up to the rest, a sum of distinct digits when they
 * share a house. */
static int settle_outie(struct settler *s, int h, const int *cut, int ncut, int cut_total,
                        int total)
{
    int cells[SETTLE_MAX_SIZE], count = 0;
    uint64_t shared = ~UINT64_C(0);
    for (int k = 0; k < ncut; k++)
        for (int i = s->cage_start[cut[k]]; i < s->cage_start[cut[k] + 1]; i++) {
            int cell = s->cage_cells[i];
            if (s->cell_house_bits[cell] >> h & 1) continue;
            if (count == s->n) return 0;
            cells[count++] = cell;
            shared &= s->cell_house_bits[cell];
        }
    return count == 0 || !shared ? 0 : settle_add_sum(s, cells, count, cut_total - total);
}

/* A house less the cages wholly inside it (each with a sum) adds up to
 * the rest of 1 + ... + N (its innies); the cages it cuts (each with a
 * sum, no cell of the house in none) give its outies. */
static int settle_innie(struct settler *s, const int *sums, int h, int *inside)
{
    const struct cellmap *map = s->map;
    int cells[SETTLE_MAX_SIZE], count = 0, total = s->n * (s->n + 1) / 2;
    int cut[SETTLE_MAX_SIZE], ncut = 0, cut_total = 0, outies = 1;
    for (int i = 0; i < s->n; i++) {
        int p = map->part[s->house[h][i]];
        if (p >= 0) inside[p] = 0;
    }
    for (int i = 0; i < s->n; i++) {
        int p = map->part[s->house[h][i]];
        if (p >= 0) inside[p]++;
    }
    for (int i = 0; i < s->n; i++) {
        int cell = s->house[h][i], p = map->part[cell];
        if (p >= 0 && inside[p] < 0) continue; /* a cage inside, counted */
        if (p >= 0 && inside[p] == map->size[p]) {
            if (sums[p] == 0) return 0;
            total -= sums[p];
            inside[p] = -1;
            continue;
        }
        cells[count++] = cell;
        if (p < 0) {
            outies = 0;
        } else if (inside[p] < SETTLE_CELLS) { /* a cut cage, first met here */
            inside[p] += SETTLE_CELLS;
            cut[ncut++] = p;
            outies &= sums[p] != 0;
            cut_total += sums[p];
        }
    }
    if (count == 0 || count == s->n) return 0;
    if (settle_add_sum(s, cells, count, total)) return -1;
    return outies ? settle_outie(s, h, cut, ncut, cut_total, total) : 0;
}

/* -1 when some sum has no combination. */
int settle_init(struct settler *s, const struct cage_text *cages, const struct geometry *g)
{
    s->n = g->size;
    s->ncells = g->ncells;
    s->all = digitset_all(g->size);
    s->map = &cages->map;
    s->nsums = s->ncombos = s->nsum_cells = s->queued = 0;
    s->changes = 0;
    for (int c = 0; c < s->ncells; c++) {
        s->cand[c] = s->all;
        s->ncell_sums[c] = 0;
    }
    settle_houses(s, g);
    s->house_due = s->nhouses < 64 ? (UINT64_C(1) << s->nhouses) - 1 : ~UINT64_C(0);
    int inside[SETTLE_CELLS], rc = settle_cages(s, cages->sum);
    s->ncage_sums = s->nsums;
    for (int h = 0; h < s->nhouses && rc == 0; h++) rc = settle_innie(s, cages->sum, h, inside);
    return rc;
}

/* --- the loop ---------------------------------------------------------- */

/* The sums first, as they narrow most; the houses' hidden singles when
 * no sum is due, until a pass over both changes nothing. */
int settle_run(struct settler *s)
{
    for (long before = -1; before != s->changes;) {
        before = s->changes;
        for (int i = 0; i < s->nsums; i++) {
            if (!s->sum_due[i]) continue;
            s->sum_due[i] = 0;
            if (settle_singles(s) || settle_prune(s, &s->sums[i])) return -1;
        }
        if (settle_singles(s)) return -1;
        if (before != s->changes) continue;
        uint64_t due = s->house_due; /* those made due meanwhile wait for the next pass */
        s->house_due = 0;
        for (; due; due &= due - 1)
            if (settle_hidden(s, __builtin_ctzll(due)) || settle_singles(s)) return -1;
    }
    return 0;
}

void settle_clear_due(struct settler *s)
{
    memset(s->sum_due, 0, (size_t)s->nsums);
    s->house_due = 0;
    s->queued = 0;
}

int settle_givens(struct settler *s, const uint8_t *givens)
{
    for (int c = 0; c < s->ncells; c++)
        if (givens[c] && (givens[c] > s->n || settle_restrict(s, c, digitset_of(givens[c]))))
            return -1;
    return 0;
}

int killer_settle(const struct cage_text *cages, const struct geometry *g, const uint8_t *givens,
                  uint8_t *grid)
{
    if (g->size > SETTLE_MAX_SIZE) return -1;
    struct settler *s = malloc(sizeof *s);
    if (s == NULL) return -1;
    int settled =
        settle_init(s, cages, g) == 0 && settle_givens(s, givens) == 0 && settle_run(s) == 0;
    for (int c = 0; settled && c < g->ncells; c++) {
        settled = digitset_is_single(s->cand[c]);
        grid[c] = (uint8_t)digitset_first(s->cand[c]);
    }
    free(s);
    return settled;
}
