/*
 * killer_innies.c — see killer_innies.h.
 */
#include "killer_innies.h"

#include <stdlib.h>
#include <string.h>

/* What the derivation works from: the houses and the cages as cell sets. */
struct innie_context {
    const struct killer_cages *cages;
    const struct geometry *geo;
    int nhouses;
    int (*house)[SL_MAX_SIZE]; /* cells of each house */
    uint8_t *in_house;         /* nhouses x ncells: 1 when the cell is in the house */
    struct sum_set *sums;
    struct rule_builder *builder;
};

/* Numbers cells into distinct groups: repeatedly the house or cage that
 * holds the most cells not yet grouped. */
static void innie_groups(const struct innie_context *ic, const int *cells, int count, int *group)
{
    const struct cellmap *map = ic->cages->map;
    for (int i = 0; i < count; i++) group[i] = -1;
    for (int g = 0;; g++) {
        int best = 0, best_house = -1, best_cage = -1;
        for (int h = 0; h < ic->nhouses; h++) {
            const uint8_t *in = ic->in_house + (size_t)h * (size_t)ic->geo->ncells;
            int n = 0;
            for (int i = 0; i < count; i++) n += group[i] < 0 && in[cells[i]];
            if (n > best) best = n, best_house = h, best_cage = -1;
        }
        for (int i = 0; i < count; i++) {
            int p = map->part[cells[i]], n = 0;
            if (group[i] >= 0 || p < 0) continue;
            for (int j = 0; j < count; j++) n += group[j] < 0 && map->part[cells[j]] == p;
            if (n > best) best = n, best_cage = p, best_house = -1;
        }
        if (best == 0) return;
        for (int i = 0; i < count; i++) {
            if (group[i] >= 0) continue;
            int in =
                best_cage >= 0
                    ? map->part[cells[i]] == best_cage
                    : ic->in_house[(size_t)best_house * (size_t)ic->geo->ncells + (size_t)cells[i]];
            if (in) group[i] = g;
        }
    }
}

static int innie_add(struct innie_context *ic, const int *cells, int count, int total,
                     struct sl_error *err)
{
    int group[SL_MAX_CELLS];
    if (count < 1 || count > ic->geo->size || total < 1) return 0;
    if (sum_set_has(ic->sums, cells, count, total)) return 0;
    innie_groups(ic, cells, count, group);
    if (sum_set_add(ic->sums, cells, group, count, total, err) < 0) return -1;
    return rules_watch_group(ic->builder, cells, count, err) < 0 ? -1 : 0;
}

/* Innies and outies of the region `in` (a cell mask) adding up to total. */
static int innie_region(struct innie_context *ic, const uint8_t *in, int total,
                        struct sl_error *err)
{
    const struct cellmap *map = ic->cages->map;
    const int *sum = ic->cages->sum;
    int ncells = ic->geo->ncells, inside_known = 1, meeting_known = 1, inside_sum = 0,
        meeting_sum = 0;
    int inside_count[SL_MAX_CELLS] = {0}, cells[SL_MAX_CELLS] = {0}, count = 0;
    for (int c = 0; c < ncells; c++) {
        if (!in[c]) continue;
        if (map->part[c] < 0)
            meeting_known = 0;
        else
            inside_count[map->part[c]]++;
    }
    for (int p = 0; p < map->nparts; p++) {
        if (inside_count[p] == 0) continue;
        int whole = inside_count[p] == map->size[p];
        if (whole)
            inside_known &= sum[p] != 0, inside_sum += sum[p];
        else
            meeting_known &= sum[p] != 0, meeting_sum += sum[p];
    }
    if (!inside_known) return 0;
    for (int c = 0; c < ncells; c++) {
        int p = map->part[c];
        if (in[c] && (p < 0 || inside_count[p] != map->size[p])) cells[count++] = c;
    }
    if (innie_add(ic, cells, count, total - inside_sum, err)) return -1;
    if (!meeting_known) return 0;
    count = 0;
    for (int c = 0; c < ncells; c++) {
        int p = map->part[c];
        if (!in[c] && p >= 0 && inside_count[p] > 0) cells[count++] = c;
    }
    return innie_add(ic, cells, count, meeting_sum - (total - inside_sum), err);
}

/* 1 when the cells of line `i` (a row, or a column when by_column) form
 * a house. */
static int innie_line_is_house(const struct innie_context *ic, int i, int by_column)
{
    for (int h = 0; h < ic->nhouses; h++) {
        int k = 0;
        while (k < ic->geo->size && (by_column ? geometry_col(ic->geo, ic->house[h][k])
                                               : geometry_row(ic->geo, ic->house[h][k])) == i)
            k++;
        if (k == ic->geo->size) return 1;
    }
    return 0;
}

/* Runs of 2..N-1 adjacent rows (or columns) that are all houses. */
static int innie_runs(struct innie_context *ic, int by_column, int house_total,
                      struct sl_error *err)
{
    int n = ic->geo->size, is_house[SL_MAX_SIZE];
    uint8_t in[SL_MAX_CELLS];
    for (int i = 0; i < n; i++) is_house[i] = innie_line_is_house(ic, i, by_column);
    for (int first = 0; first < n; first++) {
        for (int last = first + 1; last < n - 1 + (first > 0) && is_house[first]; last++) {
            int ok = 1;
            for (int i = first; i <= last; i++) ok &= is_house[i];
            if (!ok) break;
            for (int c = 0; c < ic->geo->ncells; c++) {
                int at = by_column ? geometry_col(ic->geo, c) : geometry_row(ic->geo, c);
                in[c] = at >= first && at <= last;
            }
            if (innie_region(ic, in, (last - first + 1) * house_total, err)) return -1;
        }
    }
    return 0;
}

int killer_add_innies(const struct killer_cages *cages, struct sum_set *sums,
                      struct rule_builder *b, int *one_house_end, struct sl_error *err)
{
    const struct geometry *g = rules_geometry(b);
    int n = g->size, house_total = n * (n + 1) / 2;
    struct innie_context ic = {cages, g, rules_house_count(b), NULL, NULL, sums, b};
    ic.house = malloc(((size_t)ic.nhouses + 1) * sizeof *ic.house);
    ic.in_house = calloc((size_t)ic.nhouses * (size_t)g->ncells + 1, 1);
    if (ic.house == NULL || ic.in_house == NULL) {
        free(ic.house);
        free(ic.in_house);
        return sl_error_set(err, 0, 0, "out of memory");
    }
    for (int h = 0; h < ic.nhouses; h++) {
        rules_house_cells(b, h, ic.house[h]);
        for (int k = 0; k < n; k++)
            ic.in_house[(size_t)h * (size_t)g->ncells + (size_t)ic.house[h][k]] = 1;
    }
    uint8_t in[SL_MAX_CELLS];
    int rc = 0;
    for (int h = 0; h < ic.nhouses && rc == 0; h++) {
        memset(in, 0, sizeof in);
        for (int k = 0; k < n; k++) in[ic.house[h][k]] = 1;
        rc = innie_region(&ic, in, house_total, err);
    }
    *one_house_end = sum_set_count(sums);
    if (rc == 0) rc = innie_runs(&ic, 0, house_total, err);
    if (rc == 0) rc = innie_runs(&ic, 1, house_total, err);
    free(ic.house);
    free(ic.in_house);
    return rc;
}
