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

/* The digits of `digits` that lock in a meeting: two places or more where
 * a meets b, none elsewhere in a (one place is a hidden single, not
 * this), and some elsewhere in b. */
static digitset locked_digits(const struct human *h, const struct house_meeting *meet,
                              digitset digits)
{
    digitset out = 0;
    for (digitset ds = digits; ds; ds = digitset_rest(ds)) {
        int d = digitset_first(ds);
        uint32_t inside = h->places[meet->a][d];
        if (!(inside & ~meet->a_in_b) && (inside & (inside - 1)) &&
            (h->places[meet->b][d] & ~meet->b_in_a))
            out |= digitset_of(d);
    }
    return out;
}

/* The digits lost in the blocks holding cells of house b, where a direct
 * form's single may be new (changed is not NULL). */
static digitset locked_near(const struct human *h, const struct changes *changed, int b)
{
    const struct human_layout *lay = h->lay;
    digitset near = 0;
    for (int w = 0; w < lay->words; w++)
        for (uint64_t bits = changed->cells.w[w] & lay->block_reach[b].w[w]; bits;
             bits &= bits - 1) {
            int c = w * 64 + __builtin_ctzll(bits);
            near |= changed->lost ? changed->lost[c] : lay->all & ~h->cand[c];
        }
    return near;
}

/* param: 1 pointing, 2 claiming, 3 direct pointing, 4 direct claiming.
 * A meeting's removals are in its two houses; a direct form's single in a
 * block holding one of them. Told what changed, a digit is tried at a
 * meeting only when it lost a place in one of those houses. */
int find_locked_candidates_since(const struct human *h, int param, const struct changes *changed,
                                 struct step *out)
{
    const struct human_layout *lay = h->lay;
    int pointing = param == 1 || param == 3, direct = param >= 3;
    digitset lost[HUMAN_MAX_HOUSES], near[HUMAN_MAX_HOUSES];
    uint8_t near_known[HUMAN_MAX_HOUSES];
    houses_lost(h, changed, lost);
    /* A house b meets several houses a: its blocks' losses are read once. */
    if (direct && changed) memset(near_known, 0, (size_t)lay->nhouses);
    for (int m = 0; m < lay->nlocking[pointing]; m++) {
        const struct house_meeting *meet = &lay->meetings[lay->locking[pointing][m]];
        digitset maybe = lost[meet->a] | lost[meet->b];
        if (direct && changed) {
            if (!near_known[meet->b]) near[meet->b] = locked_near(h, changed, meet->b);
            near_known[meet->b] = 1;
            maybe |= near[meet->b];
        }
        for (digitset ds = locked_digits(h, meet, maybe); ds; ds = digitset_rest(ds)) {
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
