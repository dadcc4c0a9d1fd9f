/*
 * tech_intersections.c — locked candidates: a digit whose places in one
 * house all lie where it meets another leaves the rest of the other.
 * Pointing starts from a box (the digit points along a line), claiming
 * from a line (the line claims the digit in the box). The direct forms
 * count only when a removal leaves the digit a hidden single, which a
 * player sees without pencil marks.
 */
#include "technique.h"

/* Digit confined in `from` to its meeting with `to`: fills the removals
 * from the rest of `to`; returns their number. */
static int locked_removals(const struct human *h, int from, int to, int digit, struct cellset *gone)
{
    const struct human_layout *lay = h->lay;
    digitset bit = digitset_of(digit);
    const uint16_t *cells = lay->house_cells[from];
    int inside = 0;
    for (int k = 0; k < lay->size; k++) {
        if (!(h->cand[cells[k]] & bit)) continue;
        if (!cellset_has(&lay->house_set[to], cells[k])) return 0;
        inside++;
    }
    if (inside < 2) return 0; /* one place is a hidden single, not this */
    cellset_clear(gone);
    int count = 0;
    const uint16_t *other = lay->house_cells[to];
    for (int k = 0; k < lay->size; k++)
        if ((h->cand[other[k]] & bit) && !cellset_has(&lay->house_set[from], other[k]))
            cellset_add(gone, other[k]), count++;
    return count;
}

static void locked_step(const struct human *h, int from, int to, int digit,
                        const struct cellset *gone, struct step *out)
{
    const struct human_layout *lay = h->lay;
    out->digits = digitset_of(digit);
    out->nhouses = 2;
    out->houses[0] = from;
    out->houses[1] = to;
    out->nelims = 0;
    for (int c = cellset_next(lay, gone, 0); c >= 0; c = cellset_next(lay, gone, c + 1))
        out->elims[out->nelims++] = (struct step_elim){(uint16_t)c, digitset_of(digit)};
}

/* param: 1 pointing, 2 claiming, 3 direct pointing, 4 direct claiming. */
int find_locked_candidates(const struct human *h, int param, struct step *out)
{
    const struct human_layout *lay = h->lay;
    int pointing = param == 1 || param == 3, direct = param >= 3;
    struct cellset gone;
    for (int m = 0; m < lay->nmeetings; m++) {
        int from = lay->meetings[m].a, to = lay->meetings[m].b;
        if (house_is_block(lay->house_kind[from]) != pointing ||
            house_is_block(lay->house_kind[to]) == pointing)
            continue;
        for (int digit = 1; digit <= lay->size; digit++) {
            if (!locked_removals(h, from, to, digit, &gone)) continue;
            locked_step(h, from, to, digit, &gone, out);
            if (direct && !human_removals_make_hidden_single(h, out, -1, pointing)) continue;
            return 1;
        }
    }
    return 0;
}
