/*
 * tech_subsets.c — naked and hidden subsets. k open cells of a house whose
 * candidates together are k digits (naked) keep those digits to
 * themselves: the digits leave every other cell of each house holding all
 * k. k digits whose places in a house are k cells in all (hidden) fill
 * those cells: every other digit leaves them. Direct hidden subsets (param
 * k + 10) count only when the removals leave a hidden single in the
 * house, and place only that single (the pair's removals wait for a
 * later step, as in Sudoku Explainer).
 */
#include "technique.h"

/* Removes `digits` from every open cell outside `cells` of each house
 * holding all of them. */
static void subset_removals(const struct human *h, const int *cells, int k, digitset digits,
                            struct step *out)
{
    const struct human_layout *lay = h->lay;
    struct cellset common = lay->peers[cells[0]];
    for (int i = 1; i < k; i++) cellset_and(lay, &common, &lay->peers[cells[i]], &common);
    step_remove_from(h, &common, digits, out);
}

static void subset_pattern(struct step *out, int house, const int *cells, int k, digitset digits)
{
    out->digits = digits;
    out->nhouses = 1;
    out->houses[0] = house;
    out->ncells = k;
    for (int i = 0; i < k; i++) out->cells[i] = (uint16_t)cells[i];
}

/* Open cells of house i with 2..k candidates into small; returns their
 * number, and all open cells of the house in *all_open. */
static int house_small_cells(const struct human *h, int house, int max_cand, int *small,
                             int *all_open)
{
    const uint16_t *cells = h->lay->house_cells[house];
    int n = 0;
    *all_open = 0;
    for (int j = 0; j < h->lay->size; j++) {
        int count = digitset_count(h->cand[cells[j]]);
        *all_open += count > 0;
        if (count >= 2 && count <= max_cand) small[n++] = cells[j];
    }
    return n;
}

int find_naked_subset(const struct human *h, int param, struct step *out)
{
    const struct human_layout *lay = h->lay;
    int k = param, open[SL_MAX_SIZE], idx[4], cells[4];
    for (int house = 0; house < lay->nhouses; house++) {
        int all_open, n = house_small_cells(h, house, k, open, &all_open);
        if (n < k || all_open <= k) continue; /* k of k open cells remove nothing */
        for (int i = 0; i < k; i++) idx[i] = i;
        do {
            digitset digits = 0;
            for (int i = 0; i < k; i++) digits |= h->cand[open[idx[i]]], cells[i] = open[idx[i]];
            if (digitset_count(digits) != k) continue;
            subset_removals(h, cells, k, digits, out);
            if (out->nelims == 0) continue;
            subset_pattern(out, house, cells, k, digits);
            return 1;
        } while (next_combination(idx, k, n));
    }
    return 0;
}

int find_hidden_subset(const struct human *h, int param, struct step *out)
{
    const struct human_layout *lay = h->lay;
    int k = param % 10, direct = param > 10, idx[4], digits_of[SL_MAX_SIZE];
    for (int house = 0; house < lay->nhouses; house++) {
        const uint16_t *cells = lay->house_cells[house];
        int nd = 0;
        uint32_t places[SL_MAX_SIZE + 1];
        for (int d = 1; d <= lay->size; d++) {
            places[d] = human_places(h, house, d);
            int count = __builtin_popcount(places[d]);
            if (count >= 2 && count <= k) digits_of[nd++] = d;
        }
        if (nd < k) continue;
        for (int i = 0; i < k; i++) idx[i] = i;
        do {
            uint32_t where = 0;
            digitset digits = 0;
            for (int i = 0; i < k; i++)
                where |= places[digits_of[idx[i]]], digits |= digitset_of(digits_of[idx[i]]);
            if (__builtin_popcount(where) != k) continue;
            int sub[4], ns = 0;
            out->nelims = 0;
            for (int j = 0; j < lay->size; j++)
                if (where >> j & 1) {
                    sub[ns++] = cells[j];
                    if (h->cand[cells[j]] & ~digits)
                        out->elims[out->nelims++] =
                            (struct step_elim){cells[j], h->cand[cells[j]] & ~digits};
                }
            if (out->nelims == 0) continue;
            if (direct && !human_removals_make_hidden_single(h, out, house, 0)) continue;
            subset_pattern(out, house, sub, k, digits);
            return 1;
        } while (next_combination(idx, k, nd));
    }
    return 0;
}
