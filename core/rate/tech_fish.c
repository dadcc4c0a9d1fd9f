/*
 * tech_fish.c — basic fish: a digit whose places in k rows all lie in k
 * columns (or the other way round) is in those columns only in those rows,
 * so it leaves the rest of the columns. k = 2 is an X-wing, 3 a swordfish,
 * 4 a jellyfish.
 */
#include "technique.h"

/* Columns (dir 0) or rows (dir 1) where digit can go in line i of the
 * other kind, as a bit set. */
static uint32_t line_places(const struct human *h, int dir, int line, int digit)
{
    if (h->lay->lines_in_order) return h->places[h->lay->line_house[dir][line]][digit];
    const struct geometry *g = &h->lay->rs->geo;
    uint32_t set = 0;
    for (int j = 0; j < g->size; j++) {
        int c = dir == 0 ? geometry_cell(g, line, j) : geometry_cell(g, j, line);
        if (h->cand[c] & digitset_of(digit)) set |= UINT32_C(1) << j;
    }
    return set;
}

static int fish_step(const struct human *h, int dir, int digit, const int *base, int k,
                     uint32_t cover, struct step *out)
{
    const struct human_layout *lay = h->lay;
    const struct geometry *g = &lay->rs->geo;
    uint32_t base_set = 0;
    for (int i = 0; i < k; i++) base_set |= UINT32_C(1) << base[i];
    out->nelims = 0;
    for (int j = 0; j < g->size; j++) {
        if (!(cover >> j & 1)) continue;
        for (int i = 0; i < g->size; i++) {
            if (base_set >> i & 1) continue;
            int c = dir == 0 ? geometry_cell(g, i, j) : geometry_cell(g, j, i);
            if (h->cand[c] & digitset_of(digit))
                out->elims[out->nelims++] = (struct step_elim){(uint16_t)c, digitset_of(digit)};
        }
    }
    if (out->nelims == 0) return 0;
    out->digits = digitset_of(digit);
    out->nhouses = 0;
    for (int i = 0; i < k; i++) out->houses[out->nhouses++] = lay->line_house[dir][base[i]];
    for (int j = 0; j < g->size; j++)
        if (cover >> j & 1) out->houses[out->nhouses++] = lay->line_house[!dir][j];
    return 1;
}

int find_fish(const struct human *h, int param, struct step *out)
{
    const struct human_layout *lay = h->lay;
    int n = lay->size, k = param;
    for (int i = 0; i < n; i++)
        if (lay->line_house[0][i] < 0 || lay->line_house[1][i] < 0) return 0;
    for (int digit = 1; digit <= n; digit++)
        for (int dir = 0; dir < 2; dir++) {
            uint32_t places[SL_MAX_SIZE];
            int lines[SL_MAX_SIZE], nl = 0, idx[4] = {0, 1, 2, 3};
            for (int i = 0; i < n; i++) {
                places[i] = line_places(h, dir, i, digit);
                int count = __builtin_popcount(places[i]);
                if (count >= 2 && count <= k) lines[nl++] = i;
            }
            if (nl < k) continue;
            for (;;) {
                uint32_t cover = 0;
                int base[4];
                for (int i = 0; i < k; i++) base[i] = lines[idx[i]], cover |= places[base[i]];
                if (__builtin_popcount(cover) == k && fish_step(h, dir, digit, base, k, cover, out))
                    return 1;
                int i = k - 1;
                while (i >= 0 && idx[i] == nl - k + i) i--;
                if (i < 0) break;
                idx[i]++;
                for (int j = i + 1; j < k; j++) idx[j] = idx[j - 1] + 1;
            }
        }
    return 0;
}
