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
    int *cell_house_start;     /* ncells+1 offsets into cell_house */
    int *cell_house;           /* per cell: the houses holding it */
    int *house_tally;          /* nhouses counters, zero between uses */
    struct sum_set *sums;
    struct rule_builder *builder;
};

/* The house holding the most cells not yet grouped (the lowest numbered
 * of those tied), counting through each cell's houses; its count in *best. */
static int innie_best_house(const struct innie_context *ic, const int *cells, int count,
                            const int *group, int *best)
{
    int touched[SL_MAX_CELLS * 4], ntouched = 0, best_house = -1;
    *best = 0;
    for (int i = 0; i < count; i++) {
        if (group[i] >= 0) continue;
        for (int k = ic->cell_house_start[cells[i]]; k < ic->cell_house_start[cells[i] + 1]; k++) {
            int h = ic->cell_house[k];
            if (ic->house_tally[h]++ == 0 && ntouched < (int)(sizeof touched / sizeof touched[0]))
                touched[ntouched++] = h;
        }
    }
    for (int t = 0; t < ntouched; t++) {
        int h = touched[t], n = ic->house_tally[h];
        if (n > *best || (n == *best && h < best_house)) *best = n, best_house = h;
        ic->house_tally[h] = 0;
    }
    return best_house;
}

/* Numbers cells into distinct groups: repeatedly the house or cage that
 * holds the most cells not yet grouped. */
static void innie_groups(const struct innie_context *ic, const int *cells, int count, int *group)
{
    const struct cellmap *map = ic->cages->map;
    for (int i = 0; i < count; i++) group[i] = -1;
    for (int g = 0;; g++) {
        int best, best_cage = -1;
        int best_house = innie_best_house(ic, cells, count, group, &best);
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

/* N distinct cells adding up to 1 + ... + N say nothing their house (or
 * cage) does not already say; the engine's singles and intersections do
 * all the work such a sum would, for less. */
static int innie_is_whole_house(const struct innie_context *ic, const int *group, int count,
                                int total)
{
    int n = ic->geo->size;
    if (count != n || total != n * (n + 1) / 2) return 0;
    for (int i = 0; i < count; i++)
        if (group[i] != 0) return 0;
    return 1;
}

static int innie_add(struct innie_context *ic, const int *cells, int count, int total,
                     struct sl_error *err)
{
    int group[SL_MAX_CELLS];
    if (count < 1 || count > ic->geo->size || total < 1) return 0;
    if (sum_set_has(ic->sums, cells, count, total)) return 0;
    innie_groups(ic, cells, count, group);
    if (innie_is_whole_house(ic, group, count, total)) return 0;
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
    int inside_count[SL_MAX_CELLS], cells[SL_MAX_CELLS], count = 0;
    /* Zeroing only the parts used: this runs for every house and run of
     * houses each time a killer's rules are built (generators build many). */
    memset(inside_count, 0, (size_t)map->nparts * sizeof inside_count[0]);
    cells[0] = 0; /* read by nobody when count stays 0; the compiler cannot tell */
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

static void innie_context_free(struct innie_context *ic)
{
    free(ic->house);
    free(ic->in_house);
    free(ic->cell_house_start);
    free(ic->cell_house);
    free(ic->house_tally);
}

int killer_add_innies(const struct killer_cages *cages, struct sum_set *sums,
                      struct rule_builder *b, int *one_house_end, struct sl_error *err)
{
    const struct geometry *g = rules_geometry(b);
    int n = g->size, house_total = n * (n + 1) / 2;
    struct innie_context ic = {cages, g, rules_house_count(b), NULL, NULL, NULL, NULL, NULL,
                               sums,  b};
    ic.house = malloc(((size_t)ic.nhouses + 1) * sizeof *ic.house);
    ic.in_house = calloc((size_t)ic.nhouses * (size_t)g->ncells + 1, 1);
    ic.cell_house_start = calloc((size_t)g->ncells + 1, sizeof *ic.cell_house_start);
    ic.cell_house = malloc(((size_t)ic.nhouses * (size_t)n + 1) * sizeof *ic.cell_house);
    ic.house_tally = calloc((size_t)ic.nhouses + 1, sizeof *ic.house_tally);
    if (!ic.house || !ic.in_house || !ic.cell_house_start || !ic.cell_house || !ic.house_tally) {
        innie_context_free(&ic);
        return sl_error_set(err, 0, 0, "out of memory");
    }
    for (int h = 0; h < ic.nhouses; h++) {
        rules_house_cells(b, h, ic.house[h]);
        for (int k = 0; k < n; k++) {
            ic.in_house[(size_t)h * (size_t)g->ncells + (size_t)ic.house[h][k]] = 1;
            ic.cell_house_start[ic.house[h][k] + 1]++;
        }
    }
    int next[SL_MAX_CELLS];
    for (int c = 0; c < g->ncells; c++) ic.cell_house_start[c + 1] += ic.cell_house_start[c];
    memcpy(next, ic.cell_house_start, (size_t)g->ncells * sizeof next[0]);
    for (int h = 0; h < ic.nhouses; h++)
        for (int k = 0; k < n; k++) ic.cell_house[next[ic.house[h][k]]++] = h;
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
    innie_context_free(&ic);
    return rc;
}
