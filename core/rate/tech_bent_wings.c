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

#define BENT_MAX_K 5

struct bent {
    const struct human *h;
    int k, pivot;
    int cells[BENT_MAX_K];
    /* per depth: the pivot's peers that may still join, in peer order
     * (those that keep the wing within k digits) */
    int ncand[BENT_MAX_K];
    int cand[BENT_MAX_K][SL_MAX_CELLS];
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

/* The last wing cell, from cand[0..n): the k digits reached, one free. */
static int bent_last(struct bent *b, int chosen, const int *cand, int n, digitset digits,
                     digitset free, struct step *out)
{
    const struct human *h = b->h;
    for (int i = 0; i < n; i++) {
        int c = cand[i];
        digitset more = digits | h->cand[c], more_free = free;
        if (digitset_count(more) != b->k) continue;
        for (int j = 1; j < chosen; j++)
            if (!human_sees(h->lay, c, b->cells[j])) more_free |= h->cand[c] & h->cand[b->cells[j]];
        if (!digitset_is_single(more_free)) continue;
        b->cells[chosen] = c;
        if (bent_step(b, more, digitset_first(more_free), out)) return 1;
    }
    return 0;
}

/* Chooses the wing cells from b->cand[chosen]: digits so far,
 * and the free ones (shared by two chosen cells apart); more than one free
 * digit can never make a step. Each depth keeps only the cells that fit
 * within k digits with those chosen, so the wings are tried in the same
 * order as over every peer, with less to skip; the last cell is drawn
 * straight from the cells after the one before it. */
static int bent_grow(struct bent *b, int chosen, digitset digits, digitset free, struct step *out)
{
    const struct human *h = b->h;
    const int *cand = b->cand[chosen];
    int n = b->ncand[chosen];
    if (chosen + 1 == b->k) return bent_last(b, chosen, cand, n, digits, free, out);
    for (int i = 0; i <= n - (b->k - chosen); i++) {
        int c = cand[i];
        digitset more = digits | h->cand[c], more_free = free;
        for (int j = 1; j < chosen; j++)
            if (!human_sees(h->lay, c, b->cells[j])) more_free |= h->cand[c] & h->cand[b->cells[j]];
        if (digitset_count(more_free) > 1) continue;
        b->cells[chosen] = c;
        if (chosen + 2 == b->k) {
            if (bent_last(b, chosen + 1, cand + i + 1, n - i - 1, more, more_free, out)) return 1;
            continue;
        }
        int *next = b->cand[chosen + 1], m = 0;
        digitset reach = more; /* what the wing can still reach: k digits at the end */
        for (int j = i + 1; j < n; j++)
            if (digitset_count(more | h->cand[cand[j]]) <= b->k)
                next[m++] = cand[j], reach |= h->cand[cand[j]];
        b->ncand[chosen + 1] = m;
        if (m >= b->k - chosen - 1 && digitset_count(reach) >= b->k &&
            bent_grow(b, chosen + 1, more, more_free, out))
            return 1;
    }
    return 0;
}

/* 1 when the pivot's peers that may join (b->cand[1]) hold what a step
 * needs: two that do not see each other sharing one digit z alone (the
 * free digit; sharing two, they never stand in one wing), within k digits
 * with the pivot, and a cell holding z that sees both, and the pivot when
 * it holds z (a target): a necessary condition for a step. */
static int bent_may_step(const struct bent *b)
{
    const struct human *h = b->h;
    const struct human_layout *lay = h->lay;
    const int *cand = b->cand[1];
    digitset p = h->cand[b->pivot];
    for (int i = 0; i < b->ncand[1]; i++)
        for (int j = i + 1; j < b->ncand[1]; j++) {
            int x = cand[i], y = cand[j];
            digitset z = h->cand[x] & h->cand[y];
            if (!digitset_is_single(z) || human_sees(lay, x, y) ||
                digitset_count(p | h->cand[x] | h->cand[y]) > b->k)
                continue;
            struct cellset t;
            cellset_and(lay, &lay->peers[x], &lay->peers[y], &t);
            if (p & z) cellset_and(lay, &t, &lay->peers[b->pivot], &t);
            for (int w = 0; w < lay->words; w++)
                for (uint64_t bits = t.w[w]; bits; bits &= bits - 1)
                    if (h->cand[w * 64 + __builtin_ctzll(bits)] & z) return 1;
        }
    return 0;
}

/* 1 when the wings of pivot may have changed since they all failed: the
 * pivot changed, or a changed peer may join them now. A peer that cannot
 * join could not before either (it had more candidates); one that left or
 * lost candidates only takes wings away or shrinks them, and a target only
 * loses candidates, so the wings that are left fail again. */
static int bent_pivot_touched(const struct human *h, int pivot, int k,
                              const struct changes *changed)
{
    const struct human_layout *lay = h->lay;
    if (!changed || cellset_has(&changed->cells, pivot)) return 1;
    for (int w = 0; w < lay->words; w++)
        for (uint64_t bits = lay->peers[pivot].w[w] & changed->cells.w[w]; bits; bits &= bits - 1) {
            digitset c = h->cand[w * 64 + __builtin_ctzll(bits)];
            if (c && digitset_count(c | h->cand[pivot]) <= k) return 1;
        }
    return 0;
}

/* A wing uses only its pivot and the pivot's peers: only the pivots whose
 * wings may have changed are tried (in the same order). */
int find_bent_wing_since(const struct human *h, int param, const struct changes *changed,
                         struct step *out)
{
    const struct human_layout *lay = h->lay;
    struct bent b;
    if (param < 2 || param > BENT_MAX_K) return 0;
    b.h = h, b.k = param;
    for (int pivot = 0; pivot < lay->ncells; pivot++) {
        int n = digitset_count(h->cand[pivot]);
        if (n < 2 || n > param) continue;
        if (!bent_pivot_touched(h, pivot, param, changed)) continue;
        b.pivot = pivot, b.ncand[1] = 0, b.cells[0] = pivot;
        const struct cellset *peers = &lay->peers[pivot];
        digitset reach = h->cand[pivot];
        for (int w = 0; w < lay->words; w++)
            for (uint64_t bits = peers->w[w]; bits; bits &= bits - 1) {
                int c = w * 64 + __builtin_ctzll(bits);
                if (h->cand[c] && digitset_count(h->cand[c] | h->cand[pivot]) <= param)
                    b.cand[1][b.ncand[1]++] = c, reach |= h->cand[c];
            }
        if (digitset_count(reach) >= param && bent_may_step(&b) &&
            bent_grow(&b, 1, h->cand[pivot], 0, out))
            return 1;
    }
    return 0;
}

int find_bent_wing(const struct human *h, int param, struct step *out)
{
    return find_bent_wing_since(h, param, NULL, out);
}
