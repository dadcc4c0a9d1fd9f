/*
 * play_hint.c — the next step in words (play_hint.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "play_hint.h"

/* The first wrong digit entered, or -1. */
static int hint_mistake(const struct play_game *g)
{
    for (int c = 0; c < g->puzzle.geo.ncells; c++)
        if (g->value[c] && g->value[c] != g->solution[c]) return c;
    return -1;
}

static void hint_mark_step(struct play_hint *hint, const struct step *s)
{
    for (int i = 0; i < s->ncells; i++) hint->cell[s->cells[i]] = 1;
    for (int i = 0; i < s->nelims; i++) hint->cell[s->elims[i].cell] = 1;
    for (int i = 0; i < s->nnodes; i++) hint->cell[s->nodes[i].cell] = 1;
    if (s->place_cell >= 0) hint->cell[s->place_cell] = 2;
}

static void hint_step(struct rater *r, const struct play_game *g, struct play_hint *hint,
                      struct human *h, struct step *s)
{
    const struct human_layout *lay = rater_layout(r);
    uint8_t grid[SL_MAX_CELLS];
    memcpy(grid, g->value, sizeof grid);
    if (human_init(h, lay, grid))
        snprintf(hint->words, sizeof hint->words, "the grid has gone wrong: undo");
    else if (h->open == 0)
        snprintf(hint->words, sizeof hint->words, "the grid is full");
    else if (!rate_next_step(r, h, s))
        snprintf(hint->words, sizeof hint->words,
                 "no technique applies here: the rest needs search");
    else {
        step_describe(lay, s, hint->words, sizeof hint->words);
        hint_mark_step(hint, s);
    }
}

int play_hint_find(struct rater *r, const struct play_game *g, struct play_hint *hint)
{
    char name[16];
    memset(hint, 0, sizeof *hint);
    int wrong = hint_mistake(g);
    if (wrong >= 0) {
        snprintf(hint->words, sizeof hint->words, "%s: this digit is wrong",
                 human_cell_name(rater_layout(r), wrong, name, sizeof name));
        hint->cell[wrong] = 2;
        return 0;
    }
    struct human *h = malloc(sizeof *h);
    struct step *s = malloc(sizeof *s);
    if (h && s) hint_step(r, g, hint, h, s);
    free(h);
    free(s);
    return h && s ? 0 : -1;
}
