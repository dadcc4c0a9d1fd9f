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
    struct sum_house_index index;     /* the sum set's: cells of each house, houses of each cell */
    uint64_t *house_bits;             /* nhouses: innie_masks's, zero between uses */
    int *touched;                     /* nhouses: innie_groups's scratch */
    int touched_cages[SUM_MAX_CELLS]; /* innie_groups's scratch */
    int cage_start[SL_MAX_CELLS + 1]; /* per cage: its first in cage_cells */
    int cage_cells[SL_MAX_CELLS];     /* the cells of each cage, row-major */
    int inside_count[SL_MAX_CELLS];   /* per cage: its cells in the region, 0 between uses */
    uint64_t cage_bits[SL_MAX_CELLS]; /* per cage: innie_masks's, zero between uses */
    int region_mark[SL_MAX_CELLS];    /* per cell: the last region it was in */
    int region;                       /* the region's number in region_mark */
    int left_out;                     /* a lean ruleset's: some sum was left out */
    int dropped_by_total;             /* a set was dropped for a total below one */
    struct sum_set *sums;
    struct rule_builder *builder;
};

/* Which of the sum's cells (bit i: cells[i]) each house and cage meeting
 * them holds, into ic->house_bits and ic->cage_bits; the houses met into
 * touched, the cages into ic->touched_cages (their number into
 * *ncages). Returns the number of houses. */
static int innie_masks(struct innie_context *ic, const int *cells, int count, int *touched,
                       int *ncages)
{
    const struct cellmap *map = ic->cages->map;
    int ntouched = 0;
    *ncages = 0;
    for (int i = 0; i < count; i++) {
        int c = cells[i], p = map->part[c];
        const uint16_t *start = ic->index.cell_house_start;
        for (int k = start[c]; k < start[c + 1]; k++) {
            int h = ic->index.cell_houses[k];
            if (ic->house_bits[h] == 0) touched[ntouched++] = h;
            ic->house_bits[h] |= UINT64_C(1) << i;
        }
        if (p < 0) continue;
        if (ic->cage_bits[p] == 0) ic->touched_cages[(*ncages)++] = p;
        ic->cage_bits[p] |= UINT64_C(1) << i;
    }
    return ntouched;
}

/* The cage holding the most of the cells left, when more than best: of
 * those tied, the one met first among the cells left; -1 when none. */
static int innie_best_cage(const struct innie_context *ic, int ncages, uint64_t left, int *best)
{
    int best_cage = -1, first = 64;
    for (int t = 0; t < ncages; t++) {
        int p = ic->touched_cages[t];
        uint64_t in = ic->cage_bits[p] & left;
        int n = __builtin_popcountll(in);
        if (n == 0 || n < *best) continue;
        int at = __builtin_ctzll(in);
        if (n > *best || (best_cage >= 0 && at < first)) *best = n, best_cage = p, first = at;
    }
    return best_cage;
}

/* Numbers cells into distinct groups: repeatedly the house or cage that
 * holds the most cells not yet grouped (houses first, the lowest numbered
 * of those tied; a cage only when it holds more, the first met in cell
 * order). Cells in no house or cage keep -1. */
static void innie_groups(struct innie_context *ic, const int *cells, int count, int *group)
{
    int *touched = ic->touched, ncages, ntouched = innie_masks(ic, cells, count, touched, &ncages);
    uint64_t left = count < 64 ? (UINT64_C(1) << count) - 1 : ~UINT64_C(0);
    for (int i = 0; i < count; i++) group[i] = -1;
    for (int g = 0; left; g++) {
        int best = 0, best_house = -1, kept = 0;
        for (int t = 0; t < ntouched; t++) {
            int h = touched[t], n = __builtin_popcountll(ic->house_bits[h] & left);
            if (n == 0) { /* none of its cells is left, now or later: dropped */
                ic->house_bits[h] = 0;
                continue;
            }
            touched[kept++] = h;
            if (n > best || (n == best && h < best_house)) best = n, best_house = h;
        }
        ntouched = kept;
        int best_cage = innie_best_cage(ic, ncages, left, &best);
        if (best == 0) break;
        uint64_t take =
            (best_cage >= 0 ? ic->cage_bits[best_cage] : ic->house_bits[best_house]) & left;
        for (uint64_t m = take; m; m &= m - 1) group[__builtin_ctzll(m)] = g;
        left &= ~take;
    }
    for (int t = 0; t < ntouched; t++) ic->house_bits[touched[t]] = 0;
    for (int t = 0; t < ncages; t++) ic->cage_bits[ic->touched_cages[t]] = 0;
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

/* in_house: the cells all lie in one house, which is then their one
 * group whatever innie_groups would weigh. */
static int innie_add(struct innie_context *ic, const int *cells, int count, int total, int in_house,
                     struct sl_error *err)
{
    int group[SL_MAX_CELLS];
    if (count < 1 || count > ic->geo->size) return 0;
    if (total < 1) {
        ic->dropped_by_total = 1;
        return 0;
    }
    if (sum_set_has(ic->sums, cells, count, total)) return 0;
    if (in_house)
        memset(group, 0, (size_t)count * sizeof group[0]);
    else
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

/* A region being summed up: the cages it meets (their cells in it in
 * ic->inside_count) and its cells in no cage. A run of lines grows line
 * by line, so each run costs one line, not all of its cells. */
struct innie_tally {
    int nparts, nuncaged;
    int parts[SL_MAX_CELLS];
    int uncaged[SL_MAX_CELLS];
};

static void innie_tally_start(struct innie_context *ic, struct innie_tally *t)
{
    for (int k = 0; k < t->nparts; k++) ic->inside_count[t->parts[k]] = 0;
    t->nparts = t->nuncaged = 0;
    ic->region++;
}

static void innie_tally_add(struct innie_context *ic, struct innie_tally *t, int cell)
{
    int p = ic->cages->map->part[cell];
    ic->region_mark[cell] = ic->region;
    if (p < 0)
        t->uncaged[t->nuncaged++] = cell;
    else if (ic->inside_count[p]++ == 0)
        t->parts[t->nparts++] = p;
}

/* The cells of the cut cages inside the region (inside = 1) or outside
 * it, and the region's cells in no cage when inside, in increasing order. */
static int innie_cells(const struct innie_context *ic, const struct innie_tally *t, const int *cut,
                       int ncut, int inside, int *cells)
{
    int count = 0;
    for (int k = 0; inside && k < t->nuncaged; k++)
        innie_insert(cells, &count, SL_MAX_CELLS, t->uncaged[k]);
    for (int k = 0; k < ncut; k++)
        for (int i = ic->cage_start[cut[k]]; i < ic->cage_start[cut[k] + 1]; i++) {
            int c = ic->cage_cells[i];
            if ((ic->region_mark[c] == ic->region) == inside)
                innie_insert(cells, &count, SL_MAX_CELLS, c);
        }
    return count;
}

/* Innies and outies of the region tallied, adding up to total (one_house:
 * the region is a house). Sets of more than N cells are dropped
 * (innie_add), so they are not listed. */
static int innie_region(struct innie_context *ic, const struct innie_tally *t, int total,
                        int one_house, struct sl_error *err)
{
    const struct cellmap *map = ic->cages->map;
    const int *sum = ic->cages->sum;
    int n = ic->geo->size, inside_known = 1, meeting_known = t->nuncaged == 0, inside_sum = 0,
        meeting_sum = 0, ncut = 0, ninnies = t->nuncaged, noutties = 0, rc = 0;
    int cut[SL_MAX_CELLS], cells[SL_MAX_CELLS];
    for (int k = 0; k < t->nparts; k++) {
        int p = t->parts[k], in = ic->inside_count[p];
        if (in == map->size[p]) {
            inside_known &= sum[p] != 0, inside_sum += sum[p];
        } else {
            meeting_known &= sum[p] != 0, meeting_sum += sum[p], cut[ncut++] = p;
            ninnies += in;
            noutties += map->size[p] - in;
        }
    }
    if (!inside_known) return 0;
    if (ninnies >= 1 && ninnies <= n) {
        innie_cells(ic, t, cut, ncut, 1, cells);
        rc = innie_add(ic, cells, ninnies, total - inside_sum, one_house, err);
    }
    if (rc == 0 && meeting_known && noutties >= 1 && noutties <= n) {
        if (rules_lean(ic->builder)) { /* a lean ruleset's houses keep their innies alone */
            rules_note_left_out(ic->builder);
            ic->left_out = 1;
            return 0;
        }
        innie_cells(ic, t, cut, ncut, 0, cells);
        rc = innie_add(ic, cells, noutties, meeting_sum - (total - inside_sum), 0, err);
    }
    return rc;
}

/* 1 when the cells of line `i` (a row, or a column when by_column) form
 * a house. */
static int innie_line_is_house(const struct innie_context *ic, int i, int by_column)
{
    int n = ic->geo->size;
    for (int h = 0; h < ic->nhouses; h++) {
        const uint16_t *house = ic->index.house_cells + (size_t)h * (size_t)n;
        int k = 0;
        while (k < n &&
               (by_column ? geometry_col(ic->geo, house[k]) : geometry_row(ic->geo, house[k])) == i)
            k++;
        if (k == ic->geo->size) return 1;
    }
    return 0;
}

static void innie_tally_line(struct innie_context *ic, struct innie_tally *t, int by_column,
                             int line)
{
    for (int k = 0; k < ic->geo->size; k++)
        innie_tally_add(
            ic, t, by_column ? geometry_cell(ic->geo, k, line) : geometry_cell(ic->geo, line, k));
}

/* Runs of 2..N-1 adjacent rows (or columns) that are all houses; a lean
 * ruleset leaves them out, but for noting that it did (as it leaves out
 * the outies of single houses: innie_region). */
static int innie_runs(struct innie_context *ic, struct innie_tally *t, int by_column,
                      int house_total, struct sl_error *err)
{
    int n = ic->geo->size, is_house[SL_MAX_SIZE];
    if (rules_lean(ic->builder) && ic->left_out) return 0;
    for (int i = 0; i < n; i++) is_house[i] = innie_line_is_house(ic, i, by_column);
    if (rules_lean(ic->builder)) {
        for (int i = 0; i + 1 < n; i++)
            if (is_house[i] && is_house[i + 1]) rules_note_left_out(ic->builder), ic->left_out = 1;
        return 0;
    }
    for (int first = 0; first < n; first++) {
        innie_tally_start(ic, t);
        innie_tally_line(ic, t, by_column, first);
        for (int last = first + 1; last < n - 1 + (first > 0) && is_house[first]; last++) {
            if (!is_house[last]) break; /* first..last-1 are houses already */
            innie_tally_line(ic, t, by_column, last);
            if (innie_region(ic, t, (last - first + 1) * house_total, 0, err)) return -1;
        }
    }
    return 0;
}

static void innie_context_free(struct innie_context *ic)
{
    free(ic->touched);
    free(ic->house_bits);
}

int killer_add_innies(const struct killer_cages *cages, struct sum_set *sums,
                      struct rule_builder *b, int *one_house_end, int *grid_shaped,
                      struct sl_error *err)
{
    const struct geometry *g = rules_geometry(b);
    int n = g->size, house_total = n * (n + 1) / 2;
    /* Not zeroed whole: only the parts read before they are written. */
    struct innie_context ic;
    ic.cages = cages;
    ic.geo = g;
    ic.nhouses = sum_set_house_count(sums);
    ic.sums = sums;
    ic.builder = b;
    ic.region = 0;
    ic.left_out = 0;
    ic.dropped_by_total = 0;
    memset(ic.inside_count, 0, (size_t)cages->map->nparts * sizeof ic.inside_count[0]);
    memset(ic.cage_bits, 0, (size_t)cages->map->nparts * sizeof ic.cage_bits[0]);
    memset(ic.region_mark, 0, (size_t)g->ncells * sizeof ic.region_mark[0]);
    ic.index = sum_set_house_index(sums);
    ic.touched = malloc(((size_t)ic.nhouses + 1) * sizeof *ic.touched);
    ic.house_bits = calloc((size_t)ic.nhouses + 1, sizeof *ic.house_bits);
    if (!ic.touched || !ic.house_bits) {
        innie_context_free(&ic);
        return sl_error_set(err, 0, 0, "out of memory");
    }
    cellmap_all_cells(ic.cages->map, ic.cage_start, ic.cage_cells);
    struct innie_tally *t = malloc(sizeof *t); /* its lists are read only up to their counts */
    int rc = t ? 0 : sl_error_set(err, 0, 0, "out of memory");
    if (t) t->nparts = t->nuncaged = 0;
    for (int h = 0; h < ic.nhouses && rc == 0; h++) {
        innie_tally_start(&ic, t);
        const uint16_t *house = ic.index.house_cells + (size_t)h * (size_t)n;
        for (int k = 0; k < n; k++) innie_tally_add(&ic, t, house[k]);
        rc = innie_region(&ic, t, house_total, 1, err);
    }
    *one_house_end = sum_set_count(sums);
    if (rc == 0) rc = innie_runs(&ic, t, 0, house_total, err);
    if (rc == 0) rc = innie_runs(&ic, t, 1, house_total, err);
    if (grid_shaped) *grid_shaped = !ic.dropped_by_total;
    innie_context_free(&ic);
    free(t);
    return rc;
}
