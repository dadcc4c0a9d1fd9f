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
    int (*house)[SL_MAX_SIZE];        /* cells of each house */
    uint8_t *in_house;                /* nhouses x ncells: 1 when the cell is in the house */
    int *cell_house_start;            /* ncells+1 offsets into cell_house */
    int *cell_house;                  /* per cell: the houses holding it */
    int *house_tally;                 /* nhouses counters, zero between uses */
    int cage_start[SL_MAX_CELLS + 1]; /* per cage: its first in cage_cells */
    int cage_cells[SL_MAX_CELLS];     /* the cells of each cage, row-major */
    int inside_count[SL_MAX_CELLS];   /* per cage: its cells in the region, 0 between uses */
    int cage_tally[SL_MAX_CELLS];     /* per cage: its cells not yet grouped, 0 between uses */
    int region_mark[SL_MAX_CELLS];    /* per cell: the last region it was in */
    int region;                       /* the region's number in region_mark */
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
static void innie_groups(struct innie_context *ic, const int *cells, int count, int *group)
{
    const struct cellmap *map = ic->cages->map;
    for (int i = 0; i < count; i++) group[i] = -1;
    for (int g = 0;; g++) {
        int best, best_cage = -1;
        int best_house = innie_best_house(ic, cells, count, group, &best);
        for (int i = 0; i < count; i++)
            if (group[i] < 0 && map->part[cells[i]] >= 0) ic->cage_tally[map->part[cells[i]]]++;
        for (int i = 0; i < count; i++) {
            int p = map->part[cells[i]];
            if (group[i] >= 0 || p < 0) continue;
            if (ic->cage_tally[p] > best) best = ic->cage_tally[p], best_cage = p, best_house = -1;
        }
        for (int i = 0; i < count; i++)
            if (map->part[cells[i]] >= 0) ic->cage_tally[map->part[cells[i]]] = 0;
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

/* Adds cell c to cells (kept in increasing order); 0, or -1 when that
 * makes more than max (the sum would be dropped anyway). */
static int innie_insert(int *cells, int *count, int max, int c)
{
    if (*count == max) return -1;
    int at = (*count)++;
    while (at > 0 && cells[at - 1] > c) cells[at] = cells[at - 1], at--;
    cells[at] = c;
    return 0;
}

/* The outies of the region: the cells outside it of the cages it cuts. */
static int innie_outies(const struct innie_context *ic, const int *cut, int ncut, int *cells)
{
    int count = 0;
    for (int t = 0; t < ncut; t++)
        for (int k = ic->cage_start[cut[t]]; k < ic->cage_start[cut[t] + 1]; k++) {
            int c = ic->cage_cells[k];
            if (ic->region_mark[c] != ic->region && innie_insert(cells, &count, ic->geo->size, c))
                return -1;
        }
    return count;
}

/* Innies and outies of the region of nin cells `in` (in increasing
 * order) adding up to total. */
static int innie_region(struct innie_context *ic, const int *in, int nin, int total,
                        struct sl_error *err)
{
    const struct cellmap *map = ic->cages->map;
    const int *sum = ic->cages->sum;
    int inside_known = 1, meeting_known = 1, inside_sum = 0, meeting_sum = 0, ncut = 0, nparts = 0;
    int parts[SL_MAX_CELLS], cut[SL_MAX_CELLS], cells[SL_MAX_CELLS], count = 0, rc = 0;
    cells[0] = 0; /* read by nobody when count stays 0; the compiler cannot tell */
    ic->region++;
    for (int i = 0; i < nin; i++) {
        int p = map->part[in[i]];
        ic->region_mark[in[i]] = ic->region;
        if (p < 0)
            meeting_known = 0;
        else if (ic->inside_count[p]++ == 0)
            parts[nparts++] = p;
    }
    for (int t = 0; t < nparts; t++) {
        int p = parts[t];
        if (ic->inside_count[p] == map->size[p])
            inside_known &= sum[p] != 0, inside_sum += sum[p];
        else
            meeting_known &= sum[p] != 0, meeting_sum += sum[p], cut[ncut++] = p;
    }
    if (inside_known) {
        for (int i = 0; i < nin && count <= ic->geo->size; i++) {
            int p = map->part[in[i]];
            if (p < 0 || ic->inside_count[p] != map->size[p]) cells[count++] = in[i];
        }
        rc = innie_add(ic, cells, count, total - inside_sum, err);
        count = meeting_known && rc == 0 ? innie_outies(ic, cut, ncut, cells) : -1;
        if (count >= 0) rc = innie_add(ic, cells, count, meeting_sum - (total - inside_sum), err);
    }
    for (int t = 0; t < nparts; t++) ic->inside_count[parts[t]] = 0;
    return rc;
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

/* The cells of rows (or columns, by_column) first..last, in increasing
 * order, into in; returns how many. */
static int innie_lines(const struct geometry *g, int by_column, int first, int last, int *in)
{
    int n = g->size, count = 0;
    for (int r = by_column ? 0 : first; r < (by_column ? n : last + 1); r++)
        for (int c = by_column ? first : 0; c < (by_column ? last + 1 : n); c++)
            in[count++] = geometry_cell(g, r, c);
    return count;
}

/* Runs of 2..N-1 adjacent rows (or columns) that are all houses. */
static int innie_runs(struct innie_context *ic, int by_column, int house_total,
                      struct sl_error *err)
{
    int n = ic->geo->size, is_house[SL_MAX_SIZE], in[SL_MAX_CELLS];
    for (int i = 0; i < n; i++) is_house[i] = innie_line_is_house(ic, i, by_column);
    for (int first = 0; first < n; first++) {
        for (int last = first + 1; last < n - 1 + (first > 0) && is_house[first]; last++) {
            int ok = 1;
            for (int i = first; i <= last; i++) ok &= is_house[i];
            if (!ok) break;
            int nin = innie_lines(ic->geo, by_column, first, last, in);
            if (innie_region(ic, in, nin, (last - first + 1) * house_total, err)) return -1;
        }
    }
    return 0;
}

/* Each cage's cells, row-major, as cellmap_cells lists them. */
static void innie_cage_cells(struct innie_context *ic)
{
    const struct cellmap *map = ic->cages->map;
    int next[SL_MAX_CELLS + 1];
    ic->cage_start[0] = 0;
    for (int p = 0; p < map->nparts; p++) ic->cage_start[p + 1] = ic->cage_start[p] + map->size[p];
    memcpy(next, ic->cage_start, (size_t)(map->nparts + 1) * sizeof next[0]);
    for (int c = 0; c < ic->geo->ncells; c++)
        if (map->part[c] >= 0) ic->cage_cells[next[map->part[c]]++] = c;
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
    struct innie_context ic = {
        .cages = cages, .geo = g, .nhouses = rules_house_count(b), .sums = sums, .builder = b};
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
    innie_cage_cells(&ic);
    int rc = 0, in[SL_MAX_SIZE];
    for (int h = 0; h < ic.nhouses && rc == 0; h++) {
        memcpy(in, ic.house[h], (size_t)n * sizeof in[0]);
        for (int i = 1; i < n; i++) /* houses may list their cells in any order */
            for (int j = i; j > 0 && in[j - 1] > in[j]; j--) {
                int t = in[j];
                in[j] = in[j - 1], in[j - 1] = t;
            }
        rc = innie_region(&ic, in, n, house_total, err);
    }
    *one_house_end = sum_set_count(sums);
    if (rc == 0) rc = innie_runs(&ic, 0, house_total, err);
    if (rc == 0) rc = innie_runs(&ic, 1, house_total, err);
    innie_context_free(&ic);
    return rc;
}
