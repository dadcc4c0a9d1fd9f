/*
 * tech_intersections.c — locked candidates: a digit whose places in one
 * house all lie where it meets another leaves the rest of the other.
 * Pointing starts from a box (the digit points along a line), claiming
 * from a line (the line claims the digit in the box). The direct forms
 * count only when a removal leaves the digit a hidden single in a block,
 * which a player sees without pencil marks, and place only that single
 * (Sudoku Explainer's semantics: on its sample, a single in a line
 * instead left 2.6-2.8 puzzles rated 1.7-1.9).
 */
#include <string.h>

#include "technique.h"

int step_locked(const struct human *h, const struct house_meeting *meet, int digit,
                struct step *out)
{
    const uint16_t *cells = h->lay->house_cells[meet->b];
    uint32_t gone = h->places[meet->b][digit] & ~meet->b_in_a;
    out->digits = digitset_of(digit);
    out->nhouses = 2;
    out->houses[0] = meet->a;
    out->houses[1] = meet->b;
    out->nelims = 0;
    for (int k = 0; gone; k++, gone >>= 1)
        if (gone & 1) out->elims[out->nelims++] = (struct step_elim){cells[k], digitset_of(digit)};
    return out->nelims;
}

/* The digits that lock in a meeting: two places or more where a meets b,
 * none elsewhere in a (one place is a hidden single, not this), and some
 * elsewhere in b. */
static digitset locked_digits(const struct human *h, const struct house_meeting *meet)
{
    digitset out = 0;
    for (digitset ds = human_meeting_inside(h, meet); ds; ds = digitset_rest(ds)) {
        int d = digitset_first(ds);
        uint32_t inside = h->places[meet->a][d];
        if ((inside & (inside - 1)) && (h->places[meet->b][d] & ~meet->b_in_a))
            out |= digitset_of(d);
    }
    return out;
}

static int locked_near(const struct human_layout *lay, const uint8_t *touched, int8_t *near, int b)
{
    if (near[b] < 0) {
        near[b] = 0;
        for (int k = 0; k < lay->size && !near[b]; k++) {
            int c = lay->house_cells[b][k];
            for (int i = 0; i < lay->ncell_houses[c]; i++) {
                int house = lay->cell_houses[c][i];
                near[b] |= (int8_t)(touched[house] && house_is_block(lay->house_kind[house]));
            }
        }
    }
    return near[b];
}

/* param: 1 pointing, 2 claiming, 3 direct pointing, 4 direct claiming.
 * A meeting's removals are in its two houses; a direct form's single in a
 * block holding one of them. */
int find_locked_candidates_since(const struct human *h, int param, const struct changes *changed,
                                 struct step *out)
{
    const struct human_layout *lay = h->lay;
    int pointing = param == 1 || param == 3, direct = param >= 3;
    uint8_t touched[HUMAN_MAX_HOUSES];
    int8_t near[HUMAN_MAX_HOUSES];
    houses_touched(lay, changed ? &changed->cells : NULL, touched);
    memset(near, -1, (size_t)lay->nhouses);
    for (int m = 0; m < lay->nlocking[pointing]; m++) {
        const struct house_meeting *meet = &lay->meetings[lay->locking[pointing][m]];
        if (!(touched[meet->a] | touched[meet->b] ||
              (direct && locked_near(lay, touched, near, meet->b))))
            continue;
        for (digitset ds = locked_digits(h, meet); ds; ds = digitset_rest(ds)) {
            step_locked(h, meet, digitset_first(ds), out);
            if (direct && !human_removals_make_hidden_single(h, out, -1, 1)) continue;
            return 1;
        }
    }
    return 0;
}

int find_locked_candidates(const struct human *h, int param, struct step *out)
{
    return find_locked_candidates_since(h, param, NULL, out);
}
