/*
 * play_hint.h — a hint: the rater's next step from the player's grid, in
 * words, with the cells it uses.
 *
 * The rater starts from the givens and the digits entered that are right;
 * a wrong digit is pointed at first, as a player would want to know. The
 * rater (rate.h) is the caller's, built once for the game's ruleset.
 */
#ifndef SUDOLAB_PLAY_HINT_H
#define SUDOLAB_PLAY_HINT_H

#include "play_game.h"
#include "rate.h"

struct play_hint {
    char words[1024];
    uint8_t cell[SL_MAX_CELLS]; /* 1: a cell the step uses, 2: the cell it fills */
};

/* Fills hint for g. 0, or -1 when out of memory. */
int play_hint_find(struct rater *r, const struct play_game *g, struct play_hint *hint);

#endif
