/*
 * dig_glance.h — whether the givens alone force a cell's digit, by bits:
 * the glance a dig takes at a removal before it makes a state (dig.c).
 *
 * A removed given is forced when its digit is the only one its peers'
 * givens leave it (a naked single) or the only place its house leaves
 * that digit, counting givens only (a hidden single). Propagation makes
 * both, so a forced removal keeps a unique puzzle unique. Grids of at
 * most 128 cells whose cells all take every digit and whose houses fit
 * the table hold their peers, houses and givens as masks here.
 */
#ifndef SUDOLAB_DIG_GLANCE_H
#define SUDOLAB_DIG_GLANCE_H

#include <stdint.h>

#include "rules.h"

#define DIG_GLANCE_CELLS 128
#define DIG_GLANCE_HOUSES 64

struct dig_glance {
    const struct ruleset *rs;
    uint64_t peers[DIG_GLANCE_CELLS][2];
    uint64_t house[DIG_GLANCE_HOUSES][2];
    uint64_t given[SL_MAX_SIZE + 1][2]; /* per digit, the cells given it */
    uint64_t taken[2];                  /* the cells given any digit */
};

/* Fills g from rs and givens; 0 when rs does not fit the masks. */
int dig_glance_open(struct dig_glance *g, const struct ruleset *rs, const uint8_t *givens);

/* The given `digit` at cell is gone. */
void dig_glance_remove(struct dig_glance *g, int cell, int digit);

/* 1 when, with the givens of `gone` (cells as bits) removed too, the
 * givens left force digit into cell (which is among gone). */
int dig_glance_forced(const struct dig_glance *g, int cell, int digit, const uint64_t gone[2]);

#endif
