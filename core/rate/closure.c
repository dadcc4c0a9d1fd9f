/*
 * closure.c — singles and locked candidates until none applies, on a grid
 * of the closure's own that follows the rater's.
 */
#include <math.h>
#include <string.h>

#include "closure.h"
#include "technique.h"

/* The finder and param of each closure technique, in its enum's order. */
static const struct {
    technique_find find;
    int param;
} closure_rows[CLOSURE_TECHNIQUES] = {
    {find_hidden_single, 1},     {find_hidden_single, 2},     {find_naked_single, 0},
    {find_locked_candidates, 1}, {find_locked_candidates, 2},
};

void closure_init(struct closure *c)
{
    for (int k = 0; k < CLOSURE_TECHNIQUES; k++) {
        c->row_rating[k] = HUGE_VAL;
        for (int t = 0; t < technique_count; t++)
            if (technique_table[t].find == closure_rows[k].find &&
                technique_table[t].param == closure_rows[k].param &&
                technique_table[t].rating < c->row_rating[k])
                c->row_rating[k] = technique_table[t].rating;
    }
}

static void closure_copy(struct human *to, const struct human *from)
{
    const struct human_layout *lay = from->lay;
    to->lay = lay;
    to->open = from->open;
    memcpy(to->cand, from->cand, (size_t)lay->ncells * sizeof to->cand[0]);
    memcpy(to->value, from->value, (size_t)lay->ncells);
    memcpy(to->places, from->places, (size_t)lay->nhouses * sizeof to->places[0]);
}

/* Places every naked single; returns how many. */
static int closure_naked(struct human *g)
{
    int placed = 0;
    for (int cell = 0; cell < g->lay->ncells; cell++)
        if (g->cand[cell] && digitset_is_single(g->cand[cell]))
            placed += human_place(g, cell, digitset_first(g->cand[cell])) == 0;
    return placed;
}

/* Places every hidden single in the houses allowed (boxes, the others). */
static int closure_hidden(struct human *g, int boxes, int others)
{
    const struct human_layout *lay = g->lay;
    int placed = 0;
    for (int i = 0; i < lay->nhouses; i++) {
        if (!((lay->house_kind[i] == HOUSE_BOX) ? boxes : others)) continue;
        for (int digit = 1; digit <= lay->size; digit++) {
            uint32_t at = g->places[i][digit];
            if (!at || (at & (at - 1))) continue;
            placed += human_place(g, lay->house_cells[i][__builtin_ctz(at)], digit) == 0;
        }
    }
    return placed;
}

/* Applies the locked candidates of one meeting; returns how many digits
 * lost candidates. */
static int closure_lock(struct closure *c, const struct house_meeting *meet)
{
    struct human *g = &c->grid;
    int gone = 0;
    for (digitset ds = human_meeting_inside(g, meet); ds; ds = digitset_rest(ds)) {
        c->removal.place_cell = -1;
        if (step_locked(g, meet, digitset_first(ds), &c->removal))
            gone += human_apply(g, &c->removal) > 0;
    }
    return gone;
}

/* Applies every pointing (from a block) or claiming (from a line) the
 * flags allow; returns how many candidates went. */
static int closure_locked(struct closure *c)
{
    struct human *g = &c->grid;
    const struct human_layout *lay = g->lay;
    uint8_t touched[HUMAN_MAX_HOUSES];
    struct cellset changed = {{0}};
    for (int cell = 0; c->locked_valid && cell < lay->ncells; cell++)
        if (c->locked_seen[cell] != g->cand[cell]) cellset_add(&changed, cell);
    houses_touched(lay, c->locked_valid ? &changed : NULL, touched);
    int gone = 0;
    /* The closure is the same in any order (closure.h): pointing first. */
    for (int from_block = 1; from_block >= 0; from_block--) {
        if (!c->may[from_block ? CLOSURE_POINTING : CLOSURE_CLAIMING]) continue;
        for (int m = 0; m < lay->nlocking[from_block]; m++) {
            const struct house_meeting *meet = &lay->meetings[lay->locking[from_block][m]];
            if (touched[meet->a] | touched[meet->b]) gone += closure_lock(c, meet);
        }
    }
    c->locked_valid = !gone;
    if (!gone) memcpy(c->locked_seen, g->cand, (size_t)lay->ncells * sizeof g->cand[0]);
    return gone;
}

/* The closure proper: singles first, locked candidates when they stop. */
static int closure_run(struct closure *c)
{
    struct human *g = &c->grid;
    int boxes = c->may[CLOSURE_BOX_SINGLES], others = c->may[CLOSURE_HOUSE_SINGLES];
    int locked = c->may[CLOSURE_POINTING] || c->may[CLOSURE_CLAIMING];
    for (;;) {
        int progress = 0;
        if (c->may[CLOSURE_NAKED_SINGLES]) progress += closure_naked(g);
        if (boxes || others) progress += closure_hidden(g, boxes, others);
        if (!progress && locked) progress = closure_locked(c);
        if (!progress) break;
    }
    c->solved = g->open == 0;
    return c->solved;
}

int closure_begin(struct closure *c, const struct human *h, double below)
{
    c->used = 0;
    c->solved = 0;
    c->rating = 0;
    for (int k = 0; k < CLOSURE_TECHNIQUES; k++) {
        c->may[k] = c->row_rating[k] < below - 1e-9;
        if (!c->may[k]) continue;
        c->used = 1;
        if (c->row_rating[k] > c->rating) c->rating = c->row_rating[k];
    }
    if (!c->used) return 0;
    c->locked_valid = 0;
    closure_copy(&c->grid, h);
    return closure_run(c);
}

int closure_follow(struct closure *c, const struct step *s)
{
    if (!c->used || c->solved) return c->solved;
    struct human *g = &c->grid;
    /* The closure may have placed the digit already, or removed some. */
    int changed = 0;
    if (s->place_cell >= 0 && !g->value[s->place_cell])
        changed += human_place(g, s->place_cell, s->place_digit) == 0;
    for (int i = 0; i < s->nelims; i++) {
        int cell = s->elims[i].cell;
        digitset gone = g->cand[cell] & s->elims[i].digits;
        if (!gone || gone == g->cand[cell]) continue;
        c->removal.place_cell = -1;
        c->removal.nelims = 1;
        c->removal.elims[0] = (struct step_elim){(uint16_t)cell, gone};
        changed += human_apply(g, &c->removal) > 0;
    }
    return changed ? closure_run(c) : 0;
}
