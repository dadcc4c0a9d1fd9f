/*
 * killer_differences.c — see killer_differences.h.
 */
#include "killer_differences.h"

/* A difference form has at most this many cells, on both sides. */
#define KE_DIFFERENCE_CELLS 4

/* Each cage's cells (cellmap_all_cells), read once for all the houses
 * rather than a scan of the grid per cage crossing one. */
struct ke_cage_cells {
    int start[SL_MAX_CELLS + 1];
    int cells[SL_MAX_CELLS];
};

/* The cells of house h's crossing cages on their smaller sides, weighted
 * +1 inside and -1 outside, into cells and weight; *total becomes what the
 * weighted cells add up to. Returns the count, or 0 when the house is not
 * all in cages with sums or no difference form comes of it. */
static int ke_difference_cells(const struct cellmap *map, const struct ke_cage_cells *cc,
                               const int *sum, const int *house, int n, int *cells, int *weight,
                               int *total)
{
    int16_t inside[SL_MAX_CELLS] = {0};
    uint8_t in_house[SL_MAX_CELLS] = {0}, done[SL_MAX_CELLS] = {0};
    int count = 0, plus = 0, minus = 0;
    *total = n * (n + 1) / 2;
    for (int k = 0; k < n; k++) {
        int p = map->part[house[k]];
        if (p < 0 || !sum[p]) return 0;
        inside[p]++;
        in_house[house[k]] = 1;
    }
    for (int k = 0; k < n; k++) {
        int p = map->part[house[k]];
        if (done[p]) continue;
        done[p] = 1;
        int size = map->size[p], out = size - inside[p], by_total = out < inside[p];
        if (size == inside[p] || by_total) *total -= sum[p];
        if (size == inside[p]) continue;
        for (int i = cc->start[p]; i < cc->start[p + 1]; i++) {
            if (in_house[cc->cells[i]] == by_total) continue;
            if (count == KE_DIFFERENCE_CELLS) return 0;
            cells[count] = cc->cells[i];
            weight[count++] = by_total ? -1 : 1;
            plus += !by_total, minus += by_total;
        }
    }
    if (!plus || !minus) return 0;
    /* The cells inside first, so the words read r1c1 - r2c9 = 7. */
    for (int i = 1; i < count; i++)
        for (int j = i; j > 0 && weight[j] > weight[j - 1]; j--) {
            int c = cells[j], w = weight[j];
            cells[j] = cells[j - 1], weight[j] = weight[j - 1];
            cells[j - 1] = c, weight[j - 1] = w;
        }
    return count;
}

int killer_differences_exist(const struct cellmap *map, const int *sum, const struct sum_set *s)
{
    int n = sum_set_size(s), house[SL_MAX_SIZE];
    int cells[KE_DIFFERENCE_CELLS], weight[KE_DIFFERENCE_CELLS], total;
    struct ke_cage_cells cc;
    cellmap_all_cells(map, cc.start, cc.cells);
    for (int h = 0; h < sum_set_house_count(s); h++) {
        sum_set_house_cells(s, h, house);
        if (ke_difference_cells(map, &cc, sum, house, n, cells, weight, &total)) return 1;
    }
    return 0;
}

static int killer_differences_add(const struct cellmap *map, const int *sum, struct sum_set *s,
                                  struct sl_error *err)
{
    int n = sum_set_size(s), house[SL_MAX_SIZE];
    struct ke_cage_cells cc;
    cellmap_all_cells(map, cc.start, cc.cells);
    for (int h = 0; h < sum_set_house_count(s); h++) {
        int cells[KE_DIFFERENCE_CELLS], weight[KE_DIFFERENCE_CELLS], group[KE_DIFFERENCE_CELLS];
        int total, count, plus = 0, side[KE_DIFFERENCE_CELLS], nside = 0;
        sum_set_house_cells(s, h, house);
        count = ke_difference_cells(map, &cc, sum, house, n, cells, weight, &total);
        if (count == 0 || sum_set_has(s, cells, count, total)) continue;
        /* Each side's cells in groups of their own (a cell inside and one
         * outside may share a house, yet their digits may repeat). */
        for (int sign = 1; sign >= -1; sign -= 2) {
            nside = 0;
            for (int i = 0; i < count; i++)
                if (weight[i] == sign) side[nside++] = i;
            int sub[KE_DIFFERENCE_CELLS], subgroup[KE_DIFFERENCE_CELLS], made;
            for (int i = 0; i < nside; i++) sub[i] = cells[side[i]];
            made = sum_set_group_by_houses(s, sub, nside, subgroup);
            for (int i = 0; i < nside; i++) group[side[i]] = subgroup[i] + plus;
            plus += made;
        }
        if (sum_set_add_weighted(s, cells, group, weight, count, total, err) < 0) return -1;
    }
    return 0;
}

struct sum_set *killer_differences_new(const struct cellmap *map, const int *sum,
                                       const struct sum_set *model, int mirror,
                                       struct sl_error *err)
{
    struct sum_set *s = sum_set_new_like(model, err);
    if (s == NULL) return NULL;
    sum_set_mirror_differences(s, mirror);
    if (killer_differences_add(map, sum, s, err)) {
        sum_set_free(s);
        return NULL;
    }
    return s;
}
