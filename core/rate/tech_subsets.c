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

/* A house's candidate subsets, tried in lexicographic order of their
 * members; a prefix whose masks already hold more than k bits is skipped
 * whole, as every subset through it fails the same test. */
struct subsets {
    int k, n;
    const uint32_t *mask; /* per member: its digits (naked) or places (hidden) */
    int idx[4];
};

/* Chooses members from `from` on, the union so far `have`: calls test with
 * each full subset (in order) until it returns 1. */
static int subsets_grow(struct subsets *ss, int chosen, int from, uint32_t have,
                        int (*test)(const struct subsets *, void *), void *arg)
{
    if (chosen == ss->k) return test(ss, arg);
    for (int i = from; i <= ss->n - (ss->k - chosen); i++) {
        uint32_t more = have | ss->mask[i];
        if (__builtin_popcount(more) > ss->k) continue;
        ss->idx[chosen] = i;
        if (subsets_grow(ss, chosen + 1, i + 1, more, test, arg)) return 1;
    }
    return 0;
}

struct naked_try {
    const struct human *h;
    int house;
    const int *open;
    struct step *out;
};

static int naked_try(const struct subsets *ss, void *arg)
{
    struct naked_try *t = arg;
    int cells[4] = {0};
    digitset digits = 0;
    for (int i = 0; i < ss->k; i++) digits |= ss->mask[ss->idx[i]], cells[i] = t->open[ss->idx[i]];
    if (digitset_count(digits) != ss->k) return 0;
    subset_removals(t->h, cells, ss->k, digits, t->out);
    if (t->out->nelims == 0) return 0;
    subset_pattern(t->out, t->house, cells, ss->k, digits);
    return 1;
}

/* A naked subset lies in its house, its removals in houses holding it all
 * (they only lose candidates); a hidden one, and a direct one's single, in
 * its house. */
int find_naked_subset_since(const struct human *h, int param, const struct changes *changed,
                            struct step *out)
{
    const struct human_layout *lay = h->lay;
    int k = param, open[SL_MAX_SIZE];
    uint32_t digits[SL_MAX_SIZE];
    uint8_t touched[HUMAN_MAX_HOUSES];
    houses_touched(lay, changed ? &changed->cells : NULL, touched);
    for (int house = 0; house < lay->nhouses; house++) {
        if (!touched[house]) continue;
        int all_open, n = house_small_cells(h, house, k, open, &all_open);
        if (n < k || all_open <= k) continue; /* k of k open cells remove nothing */
        for (int i = 0; i < n; i++) digits[i] = h->cand[open[i]];
        struct subsets ss = {.k = k, .n = n, .mask = digits};
        struct naked_try t = {h, house, open, out};
        if (subsets_grow(&ss, 0, 0, 0, naked_try, &t)) return 1;
    }
    return 0;
}

struct hidden_try {
    const struct human *h;
    int house, direct;
    const int *digits_of;
    struct step *out;
};

static int hidden_try(const struct subsets *ss, void *arg)
{
    struct hidden_try *t = arg;
    const struct human *h = t->h;
    const uint16_t *cells = h->lay->house_cells[t->house];
    struct step *out = t->out;
    uint32_t where = 0;
    digitset digits = 0;
    for (int i = 0; i < ss->k; i++)
        where |= ss->mask[ss->idx[i]], digits |= digitset_of(t->digits_of[ss->idx[i]]);
    if (__builtin_popcount(where) != ss->k) return 0;
    int sub[4], ns = 0;
    out->nelims = 0;
    for (int j = 0; j < h->lay->size; j++)
        if (where >> j & 1) {
            sub[ns++] = cells[j];
            if (h->cand[cells[j]] & ~digits)
                out->elims[out->nelims++] =
                    (struct step_elim){cells[j], h->cand[cells[j]] & ~digits};
        }
    if (out->nelims == 0) return 0;
    if (t->direct && !human_removals_make_hidden_single(h, out, t->house, 0)) return 0;
    subset_pattern(out, t->house, sub, ss->k, digits);
    return 1;
}

int find_hidden_subset_since(const struct human *h, int param, const struct changes *changed,
                             struct step *out)
{
    const struct human_layout *lay = h->lay;
    int k = param % 10, direct = param > 10, digits_of[SL_MAX_SIZE];
    uint32_t places[SL_MAX_SIZE];
    uint8_t touched[HUMAN_MAX_HOUSES];
    houses_touched(lay, changed ? &changed->cells : NULL, touched);
    for (int house = 0; house < lay->nhouses; house++) {
        if (!touched[house]) continue;
        int nd = 0;
        for (int d = 1; d <= lay->size; d++) {
            uint32_t where = human_places(h, house, d);
            int count = __builtin_popcount(where);
            if (count >= 2 && count <= k) places[nd] = where, digits_of[nd++] = d;
        }
        if (nd < k) continue;
        struct subsets ss = {.k = k, .n = nd, .mask = places};
        struct hidden_try t = {h, house, direct, digits_of, out};
        if (subsets_grow(&ss, 0, 0, 0, hidden_try, &t)) return 1;
    }
    return 0;
}

int find_naked_subset(const struct human *h, int param, struct step *out)
{
    return find_naked_subset_since(h, param, NULL, out);
}

int find_hidden_subset(const struct human *h, int param, struct step *out)
{
    return find_hidden_subset_since(h, param, NULL, out);
}
