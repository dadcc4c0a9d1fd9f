/*
 * tech_bug.c — BUG types 2 and 3: a bivalue universal grave with more
 * than one cell holding extra digits (BUG+1 is in tech_uniqueness.c).
 *
 * When every open cell has two candidates and every digit 0 or 2 places
 * in every house, the grid has no solution or several. A grid that is
 * such a grave plus some extra candidates in a few cells (a candidate is
 * extra when each house of its cell holds its digit more than twice) must
 * put one of the extras in place, since the puzzle has one solution:
 *   type 2: every extra is the same digit x: x is in one of those cells,
 *           and leaves every cell seeing them all;
 *   type 3: the cells with extras share a house: their extras act as one
 *           virtual cell, which may complete a naked subset with k-1 other
 *           cells of that house; the subset's k digits leave the rest of
 *           the house (rated 0.1 higher per cell of the subset).
 * Like BUG+1, this needs every rule to be houses.
 */
#include "technique.h"

struct bug {
    int ncells;
    int cells[STEP_MAX_CELLS];
    digitset extra[STEP_MAX_CELLS];
    digitset all; /* every extra digit */
};

/* Candidates of cell whose digit every house of the cell holds more than
 * twice. */
static digitset bug_extras(const struct human *h, int cell)
{
    const struct human_layout *lay = h->lay;
    digitset extra = 0;
    for (digitset ds = h->cand[cell]; ds; ds = digitset_rest(ds)) {
        int d = digitset_first(ds), all = 1;
        for (int i = 0; i < lay->ncell_houses[cell] && all; i++)
            all = __builtin_popcount(human_places(h, lay->cell_houses[cell][i], d)) > 2;
        if (all) extra |= digitset_of(d);
    }
    return extra;
}

/* 1 when, without the extras, every digit has 0 or 2 places in every
 * house. */
static int bug_is_grave(const struct human *h, const struct bug *b)
{
    const struct human_layout *lay = h->lay;
    for (int house = 0; house < lay->nhouses; house++)
        for (int d = 1; d <= lay->size; d++) {
            int count = __builtin_popcount(human_places(h, house, d));
            for (int i = 0; i < b->ncells; i++)
                if ((b->extra[i] & digitset_of(d)) &&
                    cellset_has(&lay->house_set[house], b->cells[i]))
                    count--;
            if (count != 0 && count != 2) return 0;
        }
    return 1;
}

/* The grave's extra cells, or 0 when the grid is no grave plus extras. */
static int bug_find(const struct human *h, struct bug *b)
{
    const struct ruleset *rs = h->lay->rs;
    if (rs->propagating != 0 || rs->nunits != rs->nhouses) return 0;
    b->ncells = 0;
    b->all = 0;
    for (int c = 0; c < h->lay->ncells; c++) {
        int count = digitset_count(h->cand[c]);
        if (count == 0 || count == 2) continue;
        digitset extra = bug_extras(h, c);
        if (digitset_count(h->cand[c] & ~extra) != 2 || b->ncells == STEP_MAX_CELLS) return 0;
        b->cells[b->ncells] = c;
        b->extra[b->ncells++] = extra;
        b->all |= extra;
    }
    return b->ncells >= 2 && bug_is_grave(h, b);
}

static void bug_pattern(const struct bug *b, struct step *out)
{
    out->digits = b->all;
    out->ncells = b->ncells;
    for (int i = 0; i < b->ncells; i++) out->cells[i] = (uint16_t)b->cells[i];
}

static int bug_type_two(const struct human *h, const struct bug *b, struct step *out)
{
    const struct human_layout *lay = h->lay;
    if (!digitset_is_single(b->all)) return 0;
    struct cellset targets = lay->peers[b->cells[0]];
    for (int i = 1; i < b->ncells; i++)
        if (!cellset_and(lay, &targets, &lay->peers[b->cells[i]], &targets)) return 0;
    if (!step_remove_from(h, &targets, b->all, out)) return 0;
    bug_pattern(b, out);
    return 1;
}

/* The house holding every extra cell, or -1. */
static int bug_house(const struct human *h, const struct bug *b, int from)
{
    const struct human_layout *lay = h->lay;
    for (int house = from; house < lay->nhouses; house++) {
        int all = 1;
        for (int i = 0; i < b->ncells && all; i++)
            all = cellset_has(&lay->house_set[house], b->cells[i]);
        if (all) return house;
    }
    return -1;
}

/* Type 3 in house: the virtual cell and k-1 other open cells hold k
 * digits in all; they leave the house's other cells. */
static int bug_subset(const struct human *h, const struct bug *b, int house, int k,
                      struct step *out)
{
    const struct human_layout *lay = h->lay;
    const uint16_t *cells = lay->house_cells[house];
    int open[SL_MAX_SIZE], n = 0, idx[SL_MAX_SIZE];
    struct cellset keep = {{0}};
    for (int i = 0; i < b->ncells; i++) cellset_add(&keep, b->cells[i]);
    for (int j = 0; j < lay->size; j++)
        if (h->cand[cells[j]] && !cellset_has(&keep, cells[j]) &&
            digitset_count(h->cand[cells[j]] | b->all) <= k)
            open[n++] = cells[j];
    if (n < k - 1) return 0;
    for (int i = 0; i < k - 1; i++) idx[i] = i;
    do {
        digitset digits = b->all;
        struct cellset chosen = keep;
        for (int i = 0; i < k - 1; i++)
            digits |= h->cand[open[idx[i]]], cellset_add(&chosen, open[idx[i]]);
        if (digitset_count(digits) != k) continue;
        out->nelims = 0;
        for (int j = 0; j < lay->size; j++) {
            int c = cells[j];
            if (!cellset_has(&chosen, c) && (h->cand[c] & digits) && out->nelims < STEP_MAX_ELIMS)
                out->elims[out->nelims++] = (struct step_elim){(uint16_t)c, h->cand[c] & digits};
        }
        if (out->nelims == 0) continue;
        out->rating += 0.1 * (k - 2);
        bug_pattern(b, out);
        out->nhouses = 1;
        out->houses[0] = house;
        return 1;
    } while (next_combination(idx, k - 1, n));
    return 0;
}

static int bug_type_three(const struct human *h, const struct bug *b, struct step *out)
{
    if (digitset_count(b->all) >= h->lay->size - 1) return 0;
    int fewest = digitset_count(b->all) > 2 ? digitset_count(b->all) : 2;
    for (int k = fewest; k < h->lay->size; k++)
        for (int house = bug_house(h, b, 0); house >= 0; house = bug_house(h, b, house + 1))
            if (bug_subset(h, b, house, k, out)) return 1;
    return 0;
}

int find_bug_type(const struct human *h, int param, struct step *out)
{
    struct bug b;
    if (!bug_find(h, &b)) return 0;
    return param == 2 ? bug_type_two(h, &b, out) : bug_type_three(h, &b, out);
}
