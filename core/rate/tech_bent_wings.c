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

/* The k cells are chosen, holding `digits`, z the one digit whose cells
 * do not all see each other: the step, when something sees all z's cells. */
static int bent_step(const struct bent *b, digitset digits, int z, struct step *out)
{
    const struct human *h = b->h;
    const struct human_layout *lay = h->lay;
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

/* Chooses the wing cells from b->cand[from..]: digits so far, and the
 * free ones (shared by two chosen cells apart); more than one free digit
 * can never make a step. */
static int bent_grow(struct bent *b, int chosen, int from, digitset digits, digitset free,
                     struct step *out)
{
    const struct human *h = b->h;
    if (chosen == b->k)
        return digitset_count(digits) == b->k && digitset_is_single(free) &&
               bent_step(b, digits, digitset_first(free), out);
    for (int i = from; i <= b->ncand - (b->k - chosen); i++) {
        int c = b->cand[i];
        digitset more = digits | h->cand[c], more_free = free;
        if (digitset_count(more) > b->k) continue;
        for (int j = 1; j < chosen; j++)
            if (!human_sees(h->lay, c, b->cells[j])) more_free |= h->cand[c] & h->cand[b->cells[j]];
        if (digitset_count(more_free) > 1) continue;
        b->cells[chosen] = c;
        if (bent_grow(b, chosen + 1, i + 1, more, more_free, out)) return 1;
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
        if (bent_grow(&b, 1, 0, h->cand[pivot], 0, out)) return 1;
    }
    return 0;
}
