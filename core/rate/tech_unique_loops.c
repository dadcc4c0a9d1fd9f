/*
 * tech_unique_loops.c — unique loops: the unique rectangle's pattern on
 * six cells or more (tech_uniqueness.c has the rectangle).
 *
 * A closed loop of open cells all holding digits a and b, each cell
 * sharing a house with the next, where every house holds none of the
 * loop's cells or two an odd number of places apart along it. Were the
 * loop only a and b, its cells would alternate a, b along it, every house
 * would hold one a and one b of it, and swapping a and b would give a
 * second solution. So some cell of the loop holds another digit; the
 * cells with more (the extra cells, at most two here) give the types of
 * the rectangle:
 *   type 1: one extra cell: it is neither a nor b;
 *   type 2: two extra cells with the same one extra digit x: x is in one
 *           of them, and leaves every cell seeing both;
 *   type 3: two extra cells in one house: their extras act as one virtual
 *           cell, which may complete a naked subset with k-1 other cells
 *           of the house (0.1 more per cell beyond the virtual one);
 *   type 4: two extra cells in one house where a has no other place: one
 *           of them is a, so b leaves both.
 * One row finds them all, the first type that applies to a loop taken.
 * A loop rates 0.1 more per two cells past six. Like BUG, this needs
 * every rule to be houses.
 */
#include <stdlib.h>
#include <string.h>

#include "technique.h"

#define LOOP_MAX 12

struct loop {
    const struct human *h;
    digitset pair;
    int start, n, nextra;
    int cells[LOOP_MAX];
    int extra[2];
    uint8_t count[SL_MAX_UNITS]; /* loop cells per house */
    struct cellset in;
    int type; /* 3 or 4: which loop_in_house looks for */
};

static void loop_count(struct loop *l, int cell, int by)
{
    const struct human_layout *lay = l->h->lay;
    for (int i = 0; i < lay->ncell_houses[cell]; i++)
        l->count[lay->cell_houses[cell][i]] = (uint8_t)(l->count[lay->cell_houses[cell][i]] + by);
}

/* Every house holds 0 loop cells, or 2 an odd number of places apart. */
static int loop_is_deadly(const struct loop *l)
{
    const struct human_layout *lay = l->h->lay;
    for (int i = 0; i < l->n; i++)
        for (int k = 0; k < lay->ncell_houses[l->cells[i]]; k++) {
            int house = lay->cell_houses[l->cells[i]][k];
            if (l->count[house] != 2) return 0;
            for (int j = i + 1; j < l->n; j++)
                if (cellset_has(&lay->house_set[house], l->cells[j]) && (j - i) % 2 == 0) return 0;
        }
    return 1;
}

static int loop_pattern(const struct loop *l, int house, struct step *out)
{
    out->digits = l->pair;
    out->ncells = l->n;
    for (int i = 0; i < l->n; i++) out->cells[i] = (uint16_t)l->cells[i];
    out->nhouses = 0;
    if (house >= 0) out->houses[out->nhouses++] = house;
    out->rating += 0.1 * ((l->n - 4) / 2 - 1);
    return 1;
}

static int loop_type_one(const struct loop *l, struct step *out)
{
    if (l->nextra != 1) return 0;
    out->nelims = 1;
    out->elims[0] = (struct step_elim){(uint16_t)l->extra[0], l->pair};
    return loop_pattern(l, -1, out);
}

static int loop_type_two(const struct loop *l, struct step *out)
{
    const struct human *h = l->h;
    int a = l->extra[0], b = l->extra[1];
    digitset x = h->cand[a] & ~l->pair;
    if (h->cand[a] != h->cand[b] || !digitset_is_single(x)) return 0;
    struct cellset targets;
    if (!cellset_and(h->lay, &h->lay->peers[a], &h->lay->peers[b], &targets)) return 0;
    return step_remove_from(h, &targets, x, out) && loop_pattern(l, -1, out);
}

/* Type 3 in house: the virtual cell and k-1 other open cells. */
static int loop_subset(const struct loop *l, int house, int k, digitset extras, struct step *out)
{
    const struct human *h = l->h;
    const uint16_t *cells = h->lay->house_cells[house];
    int open[SL_MAX_SIZE], n = 0, idx[SL_MAX_SIZE];
    for (int j = 0; j < h->lay->size; j++) {
        int c = cells[j];
        if (c != l->extra[0] && c != l->extra[1] && h->cand[c] &&
            digitset_count(h->cand[c] | extras) <= k)
            open[n++] = c;
    }
    if (n < k - 1) return 0;
    for (int i = 0; i < k - 1; i++) idx[i] = i;
    do {
        digitset digits = extras;
        struct cellset keep = {{0}};
        cellset_add(&keep, l->extra[0]), cellset_add(&keep, l->extra[1]);
        for (int i = 0; i < k - 1; i++)
            digits |= h->cand[open[idx[i]]], cellset_add(&keep, open[idx[i]]);
        if (digitset_count(digits) != k) continue;
        out->nelims = 0;
        for (int j = 0; j < h->lay->size; j++)
            if (!cellset_has(&keep, cells[j]) && (h->cand[cells[j]] & digits) &&
                out->nelims < STEP_MAX_ELIMS)
                out->elims[out->nelims++] =
                    (struct step_elim){cells[j], h->cand[cells[j]] & digits};
        if (out->nelims == 0) continue;
        out->rating += 0.1 * (k - 1);
        return loop_pattern(l, house, out);
    } while (next_combination(idx, k - 1, n));
    return 0;
}

/* Types 3 and 4: the houses holding both extra cells. */
static int loop_in_house(const struct loop *l, struct step *out)
{
    const struct human *h = l->h;
    const struct human_layout *lay = h->lay;
    int a = l->extra[0], b = l->extra[1];
    digitset extras = (h->cand[a] | h->cand[b]) & ~l->pair;
    for (int i = 0; i < lay->ncell_houses[a]; i++) {
        int house = lay->cell_houses[a][i];
        if (!cellset_has(&lay->house_set[house], b)) continue;
        if (l->type == 4) {
            for (digitset ds = l->pair; ds; ds = digitset_rest(ds)) {
                if (__builtin_popcount(human_places(h, house, digitset_first(ds))) != 2) continue;
                digitset other = l->pair & ~digitset_of(digitset_first(ds));
                out->nelims = 2;
                out->elims[0] = (struct step_elim){(uint16_t)a, other};
                out->elims[1] = (struct step_elim){(uint16_t)b, other};
                return loop_pattern(l, house, out);
            }
            continue;
        }
        for (int k = digitset_count(extras) > 2 ? digitset_count(extras) : 2; k <= 4; k++)
            if (loop_subset(l, house, k, extras, out)) return 1;
    }
    return 0;
}

/* The loop's step, easiest type first (the row rates them all alike). */
static int loop_step(struct loop *l, struct step *out)
{
    if (!loop_is_deadly(l)) return 0;
    if (l->nextra == 1) return loop_type_one(l, out);
    if (loop_type_two(l, out)) return 1;
    l->type = 4;
    if (loop_in_house(l, out)) return 1;
    l->type = 3;
    return loop_in_house(l, out);
}

/* Extends the path from its last cell; closes it back to the start. */
static int loop_grow(struct loop *l, struct step *out)
{
    const struct human *h = l->h;
    const struct human_layout *lay = h->lay;
    int last = l->cells[l->n - 1];
    if (l->n >= 6 && l->n % 2 == 0 && human_sees(lay, last, l->start) && loop_step(l, out))
        return 1;
    if (l->n == LOOP_MAX) return 0;
    const struct cellset *peers = &lay->peers[last];
    for (int c = cellset_next(lay, peers, l->start + 1); c >= 0;
         c = cellset_next(lay, peers, c + 1)) {
        if ((h->cand[c] & l->pair) != l->pair || cellset_has(&l->in, c)) continue;
        int extra = h->cand[c] != l->pair, full = 0;
        if (l->nextra + extra > 2) continue;
        for (int i = 0; i < lay->ncell_houses[c] && !full; i++)
            full = l->count[lay->cell_houses[c][i]] >= 2;
        if (full) continue;
        if (extra) l->extra[l->nextra++] = c;
        l->cells[l->n++] = c;
        cellset_add(&l->in, c);
        loop_count(l, c, 1);
        int found = loop_grow(l, out);
        loop_count(l, c, -1);
        l->in.w[c / 64] &= ~(UINT64_C(1) << (c % 64));
        l->n--;
        l->nextra -= extra;
        if (found) return 1;
    }
    return 0;
}

int find_unique_loop(const struct human *h, int param, struct step *out)
{
    const struct human_layout *lay = h->lay;
    const struct ruleset *rs = lay->rs;
    if (rs->propagating != 0 || rs->nunits != rs->nhouses) return 0;
    struct loop *l = calloc(1, sizeof *l);
    if (!l) return 0;
    l->h = h;
    (void)param;
    /* Four of a loop's six cells or more hold only the pair: most pairs
     * have fewer such cells, and need no search. */
    int exact[SL_MAX_SIZE + 1][SL_MAX_SIZE + 1] = {{0}};
    for (int c = 0; c < lay->ncells; c++)
        if (digitset_count(h->cand[c]) == 2) {
            int x = digitset_first(h->cand[c]);
            exact[x][digitset_first(digitset_rest(h->cand[c]))]++;
        }
    int found = 0;
    for (int start = 0; start < lay->ncells && !found; start++) {
        if (digitset_count(h->cand[start]) < 2) continue;
        for (digitset a = h->cand[start]; a && !found; a = digitset_rest(a))
            for (digitset b = digitset_rest(a); b && !found; b = digitset_rest(b)) {
                l->pair = digitset_of(digitset_first(a)) | digitset_of(digitset_first(b));
                if (exact[digitset_first(a)][digitset_first(b)] < 4) continue;
                l->start = start, l->n = 1, l->nextra = 0;
                l->cells[0] = start;
                if (h->cand[start] != l->pair) l->extra[l->nextra++] = start;
                cellset_clear(&l->in);
                cellset_add(&l->in, start);
                memset(l->count, 0, sizeof l->count);
                loop_count(l, start, 1);
                found = loop_grow(l, out);
            }
    }
    free(l);
    return found;
}
