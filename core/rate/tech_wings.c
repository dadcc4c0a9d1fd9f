/*
 * tech_wings.c — wings: a few bivalue cells that force one digit into one
 * of two cells, whatever happens; the digit leaves every cell seeing both.
 *
 * XY-wing: a pivot {X,Y} sees two pincers {X,Z} and {Y,Z}. The pivot is X
 * or Y, so one pincer is Z: Z leaves the cells seeing both pincers.
 * XYZ-wing: the pivot is {X,Y,Z}; when it is Z itself, Z is there too, so
 * Z leaves the cells seeing the pivot and both pincers.
 * W-wing: two cells {X,Y} that do not see each other, and a house where X
 * has only two places, one seeing each cell. Were both cells X, the house
 * would have no X left: one of them is Y, and Y leaves the cells seeing
 * both.
 *
 * Every pattern reads the cells' peers (human_layout), so it works on any
 * geometry and any extra houses.
 */
#include "technique.h"

static void wing_pattern(struct step *out, digitset digits, const int *cells, int n)
{
    out->digits = digits;
    out->ncells = n;
    for (int i = 0; i < n; i++) out->cells[i] = (uint16_t)cells[i];
}

/* The bivalue peers of pivot that can be pincers: one digit of an XY
 * pivot, or two of an XYZ pivot. */
static int pincer_cells(const struct human *h, int pivot, int *list)
{
    const struct human_layout *lay = h->lay;
    const struct cellset *peers = &lay->peers[pivot];
    digitset p = h->cand[pivot];
    int n = 0, xyz = digitset_count(p) == 3;
    for (int c = cellset_next(lay, peers, 0); c >= 0; c = cellset_next(lay, peers, c + 1)) {
        digitset shared = h->cand[c] & p;
        if (digitset_count(h->cand[c]) == 2 && digitset_count(shared) == 1 + xyz) list[n++] = c;
    }
    return n;
}

/* Pincers a and b of pivot: each Z and a different pivot digit. Z leaves
 * the cells seeing both (and the pivot, when the pivot holds Z). */
static int wing_step(const struct human *h, int pivot, int a, int b, struct step *out)
{
    const struct human_layout *lay = h->lay;
    digitset p = h->cand[pivot], z = h->cand[a] & h->cand[b];
    if (!digitset_is_single(z) || (h->cand[a] | h->cand[b] | p) != (p | z)) return 0;
    if (digitset_count(p | z) != 3) return 0;
    struct cellset targets;
    if (!cellset_and(lay, &lay->peers[a], &lay->peers[b], &targets)) return 0;
    if (p & z && !cellset_and(lay, &targets, &lay->peers[pivot], &targets)) return 0;
    if (!step_remove_from(h, &targets, z, out)) return 0;
    int cells[3] = {pivot, a, b};
    wing_pattern(out, p | z, cells, 3);
    return 1;
}

/* 1 when the wings of pivot may have changed since they all failed
 * (technique.h): the pivot changed, or a changed peer is a pincer now (a
 * peer that is not could not be one before, with more candidates; one
 * that stopped being one only takes wings away). */
static int wing_pivot_touched(const struct human *h, int pivot, const struct changes *changed)
{
    const struct human_layout *lay = h->lay;
    digitset p = h->cand[pivot];
    int shared = digitset_count(p) == 3 ? 2 : 1;
    if (!changed || cellset_has(&changed->cells, pivot)) return 1;
    for (int w = 0; w < lay->words; w++)
        for (uint64_t bits = lay->peers[pivot].w[w] & changed->cells.w[w]; bits; bits &= bits - 1) {
            digitset c = h->cand[w * 64 + __builtin_ctzll(bits)];
            if (digitset_count(c) == 2 && digitset_count(c & p) == shared) return 1;
        }
    return 0;
}

/* XY-wing (pivot of 2 candidates) or XYZ-wing (3). A wing is its pivot
 * and two of the pivot's peers: pivots whose wings did not change since
 * are skipped. */
static int find_wing(const struct human *h, int pivot_size, const struct changes *changed,
                     struct step *out)
{
    const struct human_layout *lay = h->lay;
    int pincers[SL_MAX_CELLS];
    for (int pivot = 0; pivot < lay->ncells; pivot++) {
        if (digitset_count(h->cand[pivot]) != pivot_size) continue;
        if (!wing_pivot_touched(h, pivot, changed)) continue;
        int n = pincer_cells(h, pivot, pincers);
        for (int i = 0; i < n; i++)
            for (int j = i + 1; j < n; j++)
                if (wing_step(h, pivot, pincers[i], pincers[j], out)) return 1;
    }
    return 0;
}

int find_xy_wing(const struct human *h, int param, struct step *out)
{
    (void)param;
    return find_wing(h, 2, NULL, out);
}

int find_xyz_wing(const struct human *h, int param, struct step *out)
{
    (void)param;
    return find_wing(h, 3, NULL, out);
}

int find_xy_wing_since(const struct human *h, int param, const struct changes *changed,
                       struct step *out)
{
    (void)param;
    return find_wing(h, 2, changed, out);
}

int find_xyz_wing_since(const struct human *h, int param, const struct changes *changed,
                        struct step *out)
{
    (void)param;
    return find_wing(h, 3, changed, out);
}

/* A house where digit x has two places, one seeing a and one seeing b
 * (neither of them a or b): ends[0] sees a, ends[1] b. The house, or -1. */
static int w_wing_link(const struct human *h, int a, int b, int x, int *ends)
{
    const struct human_layout *lay = h->lay;
    for (int house = 0; house < lay->nhouses; house++) {
        uint32_t places = human_places(h, house, x);
        if (__builtin_popcount(places) != 2) continue;
        int p = lay->house_cells[house][__builtin_ctz(places)];
        int q = lay->house_cells[house][__builtin_ctz(places & (places - 1))];
        if (p == a || p == b || q == a || q == b) continue;
        if (human_sees(lay, p, b) && human_sees(lay, q, a)) {
            int swap = p;
            p = q, q = swap;
        }
        if (!human_sees(lay, p, a) || !human_sees(lay, q, b)) continue;
        ends[0] = p, ends[1] = q;
        return house;
    }
    return -1;
}

/* The chain: a<>y => a=x -> p<>x => q=x -> b<>x => b=y. */
static void w_wing_pattern(struct step *out, const int *cells, int x, int y, int house)
{
    static const uint8_t on[6] = {0, 1, 0, 1, 0, 1};
    static const int order[6] = {0, 0, 1, 2, 3, 3}, digit_is_x[6] = {0, 1, 1, 1, 1, 0};
    wing_pattern(out, digitset_of(x) | digitset_of(y), cells, 4);
    out->nhouses = 1;
    out->houses[0] = house;
    out->nnodes = 6;
    for (int i = 0; i < 6; i++)
        out->nodes[i] =
            (struct step_node){(uint16_t)cells[order[i]], (uint8_t)(digit_is_x[i] ? x : y), on[i]};
}

/* Bivalue cells a and b with the same pair, apart: a strong link on
 * either digit between them takes the other from the cells seeing both. */
static int w_wing_step(const struct human *h, int a, int b, struct step *out)
{
    const struct human_layout *lay = h->lay;
    struct cellset targets;
    if (!cellset_and(lay, &lay->peers[a], &lay->peers[b], &targets)) return 0;
    for (digitset xs = h->cand[a]; xs; xs = digitset_rest(xs)) {
        int x = digitset_first(xs), y = digitset_first(h->cand[a] & ~digitset_of(x)), ends[2];
        int house = w_wing_link(h, a, b, x, ends);
        if (house < 0 || !step_remove_from(h, &targets, digitset_of(y), out)) continue;
        int cells[4] = {a, ends[0], ends[1], b};
        w_wing_pattern(out, cells, x, y, house);
        return 1;
    }
    return 0;
}

int find_w_wing(const struct human *h, int param, struct step *out)
{
    const struct human_layout *lay = h->lay;
    (void)param;
    for (int a = 0; a < lay->ncells; a++) {
        if (digitset_count(h->cand[a]) != 2) continue;
        for (int b = a + 1; b < lay->ncells; b++)
            if (h->cand[b] == h->cand[a] && !human_sees(lay, a, b) && w_wing_step(h, a, b, out))
                return 1;
    }
    return 0;
}
