/*
 * dig_glance.c — naked and hidden singles of the givens, by masks
 * (dig_glance.h).
 */
#include <string.h>

#include "dig_glance.h"

static void glance_add(uint64_t *set, int c) { set[c >> 6] |= UINT64_C(1) << (c & 63); }

/* A cell's peers past its houses' cells (g->peers[c] holds those): the
 * rules' other peers one by one, when the houses do not hold them all. */
static void glance_peers(struct dig_glance *g, int c)
{
    const struct ruleset *rs = g->rs;
    uint64_t *p = g->peers[c];
    p[c >> 6] &= ~(UINT64_C(1) << (c & 63));
    int want = rs->peer_start[c + 1] - rs->peer_start[c];
    if (__builtin_popcountll(p[0]) + __builtin_popcountll(p[1]) == want) return;
    for (int i = rs->peer_start[c]; i < rs->peer_start[c + 1]; i++) glance_add(p, rs->peers[i]);
}

int dig_glance_open(struct dig_glance *g, const struct ruleset *rs, const uint8_t *givens)
{
    if (rs->geo.ncells > DIG_GLANCE_CELLS || rs->nhouses > DIG_GLANCE_HOUSES) return 0;
    for (int c = 0; c < rs->geo.ncells; c++)
        if (rs->domain[c] != rs->all) return 0;
    g->rs = rs;
    memset(g->peers, 0, sizeof g->peers);
    for (int u = 0; u < rs->nhouses; u++) {
        uint64_t *h = g->house[u];
        h[0] = h[1] = 0;
        for (int i = rs->unit_start[u]; i < rs->unit_start[u + 1]; i++)
            glance_add(h, rs->unit_cells[i]);
        for (int i = rs->unit_start[u]; i < rs->unit_start[u + 1]; i++) {
            uint64_t *p = g->peers[rs->unit_cells[i]];
            p[0] |= h[0], p[1] |= h[1];
        }
    }
    memset(g->given, 0, sizeof g->given);
    g->taken[0] = g->taken[1] = 0;
    for (int c = 0; c < rs->geo.ncells; c++) {
        glance_peers(g, c);
        if (givens[c]) glance_add(g->given[givens[c]], c), glance_add(g->taken, c);
    }
    return 1;
}

void dig_glance_remove(struct dig_glance *g, int cell, int digit)
{
    g->given[digit][cell >> 6] &= ~(UINT64_C(1) << (cell & 63));
    g->taken[cell >> 6] &= ~(UINT64_C(1) << (cell & 63));
}

/* 1 when every digit but `digit` has a given left among cell's peers. */
static int glance_naked(const struct dig_glance *g, int cell, int digit, const uint64_t gone[2])
{
    const uint64_t *p = g->peers[cell];
    for (int d = 1; d <= g->rs->geo.size; d++)
        if (d != digit &&
            !((g->given[d][0] & ~gone[0] & p[0]) | (g->given[d][1] & ~gone[1] & p[1])))
            return 0;
    return 1;
}

/* 1 when a house of cell has no other open cell free of digit's givens. */
static int glance_hidden(const struct dig_glance *g, int cell, int digit, const uint64_t gone[2])
{
    const struct ruleset *rs = g->rs;
    uint64_t taken[2] = {g->taken[0] & ~gone[0], g->taken[1] & ~gone[1]}, sees[2] = {0, 0};
    glance_add(taken, cell);
    for (int w = 0; w < 2; w++)
        for (uint64_t todo = g->given[digit][w] & ~gone[w]; todo; todo &= todo - 1) {
            const uint64_t *p = g->peers[w * 64 + __builtin_ctzll(todo)];
            sees[0] |= p[0], sees[1] |= p[1];
        }
    const uint64_t *units = rs->cell_units + (size_t)cell * (size_t)rs->unit_words;
    for (int w = 0; w < rs->unit_words; w++)
        for (uint64_t todo = units[w]; todo; todo &= todo - 1) {
            int u = w * 64 + __builtin_ctzll(todo);
            if (u >= rs->nhouses) return 0; /* houses come first among the units */
            const uint64_t *h = g->house[u];
            if (!(h[0] & ~taken[0] & ~sees[0]) && !(h[1] & ~taken[1] & ~sees[1])) return 1;
        }
    return 0;
}

int dig_glance_forced(const struct dig_glance *g, int cell, int digit, const uint64_t gone[2])
{
    return glance_naked(g, cell, digit, gone) || glance_hidden(g, cell, digit, gone);
}
