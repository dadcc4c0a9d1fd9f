/*
 * tech_singles.c — the placements: full house (the last open cell of a
 * house), hidden single (a digit with one place left in a house; boxes
 * first, since players scan boxes first), naked single (a cell with one
 * candidate left; param 1: only in cells whose domain holds two symbols,
 * where a single is the other symbol at once, as in a binary puzzle).
 * Told what changed since they last found nothing (technique.h), they
 * look at the houses (the cells) holding a changed cell alone: a house
 * none of whose cells lost a candidate has no single it lacked before.
 */
#include "technique.h"

static void step_place(struct step *out, int cell, int digit)
{
    out->place_cell = cell;
    out->place_digit = digit;
    out->digits = digitset_of(digit);
    out->ncells = 1;
    out->cells[0] = (uint16_t)cell;
}

int find_full_house(const struct human *h, int param, struct step *out)
{
    return find_full_house_since(h, param, NULL, out);
}

int find_full_house_since(const struct human *h, int param, const struct changes *changed,
                          struct step *out)
{
    (void)param;
    const struct human_layout *lay = h->lay;
    uint8_t touched[HUMAN_MAX_HOUSES];
    houses_touched(lay, changed ? &changed->cells : NULL, touched);
    for (int i = 0; i < lay->nhouses; i++) {
        if (!touched[i]) continue;
        const uint16_t *cells = lay->house_cells[i];
        int open = -1, count = 0;
        for (int k = 0; k < lay->size && count < 2; k++)
            if (!h->value[cells[k]]) open = cells[k], count++;
        if (count != 1 || !digitset_is_single(h->cand[open])) continue;
        step_place(out, open, digitset_first(h->cand[open]));
        out->nhouses = 1;
        out->houses[0] = i;
        return 1;
    }
    return 0;
}

int find_hidden_single(const struct human *h, int param, struct step *out)
{
    return find_hidden_single_since(h, param, NULL, out);
}

int find_hidden_single_since(const struct human *h, int param, const struct changes *changed,
                             struct step *out)
{
    const struct human_layout *lay = h->lay;
    uint8_t touched[HUMAN_MAX_HOUSES];
    houses_touched(lay, changed ? &changed->cells : NULL, touched);
    for (int i = 0; i < lay->nhouses; i++) {
        if (!touched[i] || (lay->house_kind[i] == HOUSE_BOX) != (param == 1)) continue;
        const uint16_t *cells = lay->house_cells[i];
        digitset seen_once = 0, seen_more = 0, placed = 0;
        for (int k = 0; k < lay->size; k++) {
            digitset c = h->cand[cells[k]];
            seen_more |= seen_once & c;
            seen_once |= c;
            if (h->value[cells[k]]) placed |= digitset_of(h->value[cells[k]]);
        }
        digitset single = seen_once & ~seen_more & ~placed;
        if (!single) continue;
        int digit = digitset_first(single);
        for (int k = 0; k < lay->size; k++)
            if (h->cand[cells[k]] & digitset_of(digit)) {
                step_place(out, cells[k], digit);
                out->nhouses = 1;
                out->houses[0] = i;
                return 1;
            }
    }
    return 0;
}

/* 1 when open cell c is a naked single the row takes (param 1: only where
 * the cell's domain holds two symbols); then out places it. */
static int naked_single_at(const struct human *h, int param, int c, struct step *out)
{
    if (!digitset_is_single(h->cand[c]) ||
        (param == 1 && digitset_count(h->lay->rs->domain[c]) != 2))
        return 0;
    step_place(out, c, digitset_first(h->cand[c]));
    return 1;
}

int find_naked_single(const struct human *h, int param, struct step *out)
{
    for (int c = 0; c < h->lay->ncells; c++)
        if (naked_single_at(h, param, c, out)) return 1;
    return 0;
}

/* A cell becomes a single by losing candidates: the changed cells alone,
 * in the grid's order as the full scan. */
int find_naked_single_since(const struct human *h, int param, const struct changes *changed,
                            struct step *out)
{
    if (!changed) return find_naked_single(h, param, out);
    for (int w = 0; w < h->lay->words; w++)
        for (uint64_t bits = changed->cells.w[w]; bits; bits &= bits - 1)
            if (naked_single_at(h, param, 64 * w + __builtin_ctzll(bits), out)) return 1;
    return 0;
}
