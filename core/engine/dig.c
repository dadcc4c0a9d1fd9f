/*
 * dig.c — uniqueness after removing givens: a glance at singles first,
 * then a search barring each removed cell from its digit.
 */
#include <string.h>

#include "dig.h"

/* The digits the givens leave cell (its domain less its peers' givens). */
static digitset dig_open_to(const struct ruleset *rs, const uint8_t *givens, int cell)
{
    digitset open = rs->domain[cell];
    for (int i = rs->peer_start[cell]; i < rs->peer_start[cell + 1]; i++)
        if (givens[rs->peers[i]]) open &= ~digitset_of(givens[rs->peers[i]]);
    return open;
}

/* 1 when, counting givens only, digit has no place but cell in one of
 * the houses holding it: every other open cell of the house sees a given
 * of digit. The cells that see one are marked first, once. */
static int dig_hidden_single(const struct ruleset *rs, const uint8_t *givens, int cell, int digit)
{
    uint8_t sees[SL_MAX_CELLS];
    memset(sees, 0, (size_t)rs->geo.ncells);
    for (int c = 0; c < rs->geo.ncells; c++)
        if (givens[c] == digit)
            for (int i = rs->peer_start[c]; i < rs->peer_start[c + 1]; i++) sees[rs->peers[i]] = 1;
    const uint64_t *units = rs->cell_units + (size_t)cell * (size_t)rs->unit_words;
    for (int w = 0; w < rs->unit_words; w++)
        for (uint64_t todo = units[w]; todo; todo &= todo - 1) {
            int u = w * 64 + __builtin_ctzll(todo), other_place = 0;
            if (u >= rs->nhouses) return 0; /* houses come first among the units */
            const uint16_t *cells = rs->unit_cells + rs->unit_start[u];
            int n = rs->unit_start[u + 1] - rs->unit_start[u];
            for (int k = 0; k < n && !other_place; k++) {
                int c = cells[k];
                other_place =
                    c != cell && !givens[c] && !sees[c] && (rs->domain[c] & digitset_of(digit));
            }
            if (!other_place) return 1;
        }
    return 0;
}

/* 1 when the givens alone force digit into cell. Only a single removal is
 * judged this way: with several cells open at once, each one's peers
 * lose a given too. */
static int dig_forced(const struct ruleset *rs, const uint8_t *givens, int cell, int digit)
{
    return dig_open_to(rs, givens, cell) == digitset_of(digit) ||
           dig_hidden_single(rs, givens, cell, digit);
}

int dig_keeps_unique(struct solver *s, const struct ruleset *rs, const uint8_t *givens,
                     const uint8_t *solution, const int *cells, int count)
{
    uint8_t smaller[SL_MAX_CELLS];
    memcpy(smaller, givens, (size_t)rs->geo.ncells);
    for (int i = 0; i < count; i++) smaller[cells[i]] = 0;
    if (count == 1 && givens[cells[0]] && dig_forced(rs, smaller, cells[0], solution[cells[0]]))
        return 1;
    int keeps = 1;
    uint64_t limit = solver_node_limit(s);
    solver_set_light(s, 1);
    solver_set_node_limit(s, DIG_NODE_LIMIT);
    for (int i = 0; i < count && keeps; i++) {
        int cell = cells[i];
        if (!givens[cell]) continue;
        struct search_result r = solver_count_without(s, smaller, cell, solution[cell], 1, NULL);
        keeps = !r.solutions && !r.gave_up;
    }
    solver_set_light(s, 0);
    solver_set_node_limit(s, limit);
    return keeps;
}

int dig_groups(struct solver *s, const struct ruleset *rs, uint8_t *givens, const uint8_t *solution,
               const int *cells, const int *start, int ngroups)
{
    int removed = 0;
    for (int g = 0; g < ngroups; g++) {
        const int *group = cells + start[g];
        int count = start[g + 1] - start[g], present = 0;
        for (int i = 0; i < count; i++) present += givens[group[i]] != 0;
        if (!present || !dig_keeps_unique(s, rs, givens, solution, group, count)) continue;
        for (int i = 0; i < count; i++) givens[group[i]] = 0;
        removed += present;
    }
    return removed;
}
