/*
 * tech_bent_wings.c — WXYZ- and VWXYZ-wings: a pivot and k-1 of its peers,
 * k cells holding k digits between them.
 *
 * k cells with only k digits hold each digit at most once where its cells
 * see each other (a restricted digit). When every digit but one (Z) is
 * restricted, the k cells cannot all be filled without Z: Z is in one of
 * the cells holding it, and leaves every cell seeing all of those. The
 * XYZ-wing is the case k = 3 (tech_wings.c finds it first, cheaper).
 */
#include "technique.h"

struct bent {
    const struct human *h;
    int k, pivot, ncand;
    int cand[SL_MAX_CELLS]; /* the pivot's peers that may join */
    int cells[SL_MAX_SIZE];
};

/* Whether every pair of cells of the set holding digit sees each other. */
static int bent_restricted(const struct bent *b, int digit)
{
    const struct human *h = b->h;
    for (int i = 0; i < b->k; i++) {
        if (!(h->cand[b->cells[i]] & digitset_of(digit))) continue;
        for (int j = i + 1; j < b->k; j++)
            if ((h->cand[b->cells[j]] & digitset_of(digit)) &&
                !human_sees(h->lay, b->cells[i], b->cells[j]))
                return 0;
    }
    return 1;
}

/* The k cells are chosen, holding `digits`: the step, when one digit is
 * free and something sees all its cells. */
static int bent_step(const struct bent *b, digitset digits, struct step *out)
{
    const struct human *h = b->h;
    const struct human_layout *lay = h->lay;
    int z = 0;
    for (digitset ds = digits; ds; ds = digitset_rest(ds))
        if (!bent_restricted(b, digitset_first(ds))) {
            if (z) return 0;
            z = digitset_first(ds);
        }
    if (!z) return 0;
    struct cellset targets = {{0}};
    int first = 1;
    for (int i = 0; i < b->k; i++) {
        if (!(h->cand[b->cells[i]] & digitset_of(z))) continue;
        if (first)
            targets = lay->peers[b->cells[i]], first = 0;
        else if (!cellset_and(lay, &targets, &lay->peers[b->cells[i]], &targets))
            return 0;
    }
    if (!step_remove_from(h, &targets, digitset_of(z), out)) return 0;
    out->digits = digits;
    out->ncells = b->k;
    for (int i = 0; i < b->k; i++) out->cells[i] = (uint16_t)b->cells[i];
    return 1;
}

/* Chooses the wing cells from b->cand[from..], digits so far. */
static int bent_grow(struct bent *b, int chosen, int from, digitset digits, struct step *out)
{
    if (chosen == b->k) return digitset_count(digits) == b->k && bent_step(b, digits, out);
    for (int i = from; i <= b->ncand - (b->k - chosen); i++) {
        digitset more = digits | b->h->cand[b->cand[i]];
        if (digitset_count(more) > b->k) continue;
        b->cells[chosen] = b->cand[i];
        if (bent_grow(b, chosen + 1, i + 1, more, out)) return 1;
    }
    return 0;
}

int find_bent_wing(const struct human *h, int param, struct step *out)
{
    const struct human_layout *lay = h->lay;
    struct bent b = {.h = h, .k = param};
    for (int pivot = 0; pivot < lay->ncells; pivot++) {
        int n = digitset_count(h->cand[pivot]);
        if (n < 2 || n > param) continue;
        b.pivot = pivot, b.ncand = 0, b.cells[0] = pivot;
        const struct cellset *peers = &lay->peers[pivot];
        for (int c = cellset_next(lay, peers, 0); c >= 0; c = cellset_next(lay, peers, c + 1))
            if (h->cand[c] && digitset_count(h->cand[c] | h->cand[pivot]) <= param)
                b.cand[b.ncand++] = c;
        if (bent_grow(&b, 1, 0, h->cand[pivot], out)) return 1;
    }
    return 0;
}
