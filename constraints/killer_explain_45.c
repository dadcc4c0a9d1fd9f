/*
 * killer_explain_45.c — the rule of 45's rows (killer_explain.h): the
 * shapes a player sees in the derived sums (innie, split cage, hidden
 * cage, outie, several houses) and each cage's houses and mates, the
 * derived sums seen at a glance (bounds, small combinations) or at full
 * strength, and the innie and outie differences (killer_differences.c).
 */
#include <stdlib.h>
#include <string.h>

#include "killer_explain_internal.h"

/* 1 when the n cells are what house h leaves once its whole cages are
 * taken away (its innies). */
static int ke_innies_of(const struct killer_sums *ks, int h, const int *cells, int n)
{
    int house[SL_MAX_SIZE], size = sum_set_house_cells(ks->sums, h, house), left = 0;
    int16_t inside[SL_MAX_CELLS] = {0};
    for (int k = 0; k < size; k++) {
        int p = ks->map->part[house[k]];
        if (p >= 0) inside[p]++;
    }
    for (int k = 0; k < size; k++) {
        int p = ks->map->part[house[k]];
        if (p < 0 || inside[p] != ks->map->size[p]) left++;
    }
    for (int k = 0; k < n; k++) {
        int p = ks->map->part[cells[k]];
        if (p >= 0 && inside[p] == ks->map->size[p]) return 0;
    }
    return left == n;
}

static enum ke_shape ke_shape_of(const struct killer_sums *ks, int i)
{
    int cells[SUM_MAX_CELLS], houses[8], n = ke_cells(ks, i, cells), one_cage = 1, innies = 0;
    if (i >= ks->one_house_end) return KE_SEVERAL;
    int nh = sum_set_holding_houses(ks->sums, i, houses, 8);
    for (int k = 0; k < nh && !innies; k++) innies = ke_innies_of(ks, houses[k], cells, n);
    for (int k = 1; k < n; k++) one_cage &= ks->map->part[cells[k]] == ks->map->part[cells[0]];
    if (!innies) return n == 1 ? KE_OUTIE : KE_OUTIES;
    if (n == 1) return KE_INNIE;
    return one_cage && ks->map->part[cells[0]] >= 0 ? KE_SPLIT : KE_INNIES;
}

_Static_assert(KE_SEVERAL + 1 == KILLER_SHAPES, "killer_explain.h counts the shapes");

void killer_shapes_index(const uint8_t *of, int n, int first, int *by_shape, int *start)
{
    int next[KILLER_SHAPES + 1] = {0};
    for (int k = 0; k < n; k++) next[of[k] + 1]++;
    for (int s = 1; s <= KILLER_SHAPES; s++) next[s] += next[s - 1];
    for (int s = 0; s <= KILLER_SHAPES; s++) start[s] = next[s];
    for (int k = 0; k < n; k++) by_shape[next[of[k]]++] = first + k;
}

/* 1 when cages a and b (house lists ha, hb of na, nb) lie whole in one house. */
static int ke_houses_meet(const int *ha, int na, const int *hb, int nb)
{
    for (int i = 0; i < na; i++)
        for (int j = 0; j < nb; j++)
            if (ha[i] == hb[j]) return 1;
    return 0;
}

/* Each cage's mates (the other cages sharing one of its houses in
 * shapes) into mate, when not NULL, and where each cage's list starts
 * into shapes->mate_start; returns how many mates there are in all. */
static int ke_cage_mates(const struct killer_sums *ks, struct killer_shapes *shapes, int *mate)
{
    int ncages = ks->ncage_sums, total = 0;
    const int *house = shapes->house, *count = shapes->house_count;
    for (int i = 0; i < ncages; i++) {
        shapes->mate_start[i] = total;
        for (int j = 0; j < ncages; j++) {
            if (j == i || !ke_houses_meet(house + i * KILLER_CAGE_HOUSES, count[i],
                                          house + j * KILLER_CAGE_HOUSES, count[j]))
                continue;
            if (mate) mate[total] = j;
            total++;
        }
    }
    shapes->mate_start[ncages] = total;
    return total;
}

struct killer_shapes *killer_explain_shapes(const struct killer_sums *ks)
{
    int n = sum_set_count(ks->sums) - ks->ncage_sums, ncages = ks->ncage_sums;
    int houses[SL_MAX_CELLS * KILLER_CAGE_HOUSES], counts[SL_MAX_CELLS], starts[SL_MAX_CELLS + 1];
    struct killer_shapes probe = {.house = houses, .house_count = counts, .mate_start = starts};
    for (int i = 0; i < ncages; i++)
        counts[i] = sum_set_holding_houses(ks->sums, i, houses + i * KILLER_CAGE_HOUSES,
                                           KILLER_CAGE_HOUSES);
    int nmates = ke_cage_mates(ks, &probe, NULL);
    size_t ints = (size_t)n + (size_t)ncages * (KILLER_CAGE_HOUSES + 2) + 1 + (size_t)nmates;
    struct killer_shapes *shapes = malloc(sizeof *shapes + ints * sizeof(int) + (size_t)n + 1);
    if (!shapes) return NULL;
    shapes->by_shape = (int *)(shapes + 1);
    shapes->house_count = shapes->by_shape + n;
    shapes->house = shapes->house_count + ncages;
    shapes->mate_start = shapes->house + (size_t)ncages * KILLER_CAGE_HOUSES;
    shapes->mate = shapes->mate_start + ncages + 1;
    shapes->of = (uint8_t *)(shapes->mate + nmates);
    memcpy(shapes->house_count, counts, (size_t)ncages * sizeof counts[0]);
    memcpy(shapes->house, houses, (size_t)ncages * KILLER_CAGE_HOUSES * sizeof houses[0]);
    ke_cage_mates(ks, shapes, shapes->mate);
    for (int i = 0; i < n; i++) shapes->of[i] = (uint8_t)ke_shape_of(ks, ks->ncage_sums + i);
    killer_shapes_index(shapes->of, n, ks->ncage_sums, shapes->by_shape, shapes->start);
    return shapes;
}

/* The digits from..to (none when to < from). */
static digitset ke_digits_between(int from, int to)
{
    if (from < 0) from = 0;
    if (to > 31) to = 31;
    if (to < from) return 0;
    digitset upto = to == 31 ? ~(digitset)0 : (digitset_of(to + 1) - 1);
    return upto & ~(digitset_of(from) - 1);
}

/* Bounds: a digit goes when the other open cells, each at its lowest
 * (highest) candidate, cannot make up the rest of the total. The n cells
 * of the sum are given. Returns 1 when a cell changed, else 0, or
 * SL_PROP_CONTRADICTION. */
static int ke_bounds(const struct killer_sums *ks, int i, const uint16_t *cells, int n,
                     struct prop_ctx *ctx)
{
    const digitset *now = prop_candidate_array(ctx);
    int rest = sum_set_total(ks->sums, i), lo = 0, hi = 0, spread = 0, changed = 0;
    for (int k = 0; k < n; k++) {
        digitset m = now[cells[k]];
        if (!m) return SL_PROP_CONTRADICTION;
        int low = digitset_first(m), high = 31 - __builtin_clz(m);
        lo += low, hi += high;
        spread = high - low > spread ? high - low : spread;
    }
    /* A cell loses its lowest digit when its spread exceeds hi - rest,
     * its highest when it exceeds rest - lo: most cages keep every cell. */
    if (spread <= hi - rest && spread <= rest - lo) return 0;
    for (int k = 0; k < n; k++) {
        digitset m = now[cells[k]];
        int low = digitset_first(m), high = 31 - __builtin_clz(m);
        digitset keep = m & ke_digits_between(rest - (hi - high), rest - (lo - low));
        if (keep == m) continue;
        if (prop_restrict(ctx, cells[k], keep)) return SL_PROP_CONTRADICTION;
        changed = 1;
    }
    return changed;
}

/* What a glance at a sum gives: its bounds, and for a small one the
 * combinations that meet every cell. */
static int ke_glance(const struct killer_sums *ks, int i, const uint16_t *cells, int n,
                     struct prop_ctx *ctx)
{
    int changed = ke_bounds(ks, i, cells, n, ctx);
    if (changed < 0 || n < 2 || n > 4) return changed;
    int more = sum_set_prune_seen(ks->sums, i, SUM_SEE_FIT, ctx);
    return more < 0 ? SL_PROP_CONTRADICTION : changed | more;
}

int ke_find_bounds(const struct killer_sums *ks, const struct ke_technique *t, struct prop_ctx *ctx,
                   struct explain_sink *sink)
{
    struct ke_since since;
    ke_since_of(ks, sink, 0, NULL, &since);
    for (int i = 0; i < ks->ncage_sums; i++) {
        if (!ke_since_touched(ks->sums, i, &since)) continue;
        int size;
        const uint16_t *cells = sum_set_cell_list(ks->sums, i, &size);
        if (size < t->min_cells || size > t->max_cells) continue;
        int status = ke_bounds(ks, i, cells, size, ctx);
        if (status < 0) return 0;
        if (status == 0) continue;
        ke_name(ks, t, i, sink);
        return 1;
    }
    return 0;
}

/* Propagates sum i of s on ctx: 1 when some cell changed (ctx->changed,
 * which every narrowing sets, prop_restrict: a sum's own answer tells
 * only of its own cells, and one with combinations may clear digits from
 * the other cells of its houses), 0 when none did, or
 * SL_PROP_CONTRADICTION. */
static int ke_propagate(const struct sum_set *s, int i, struct prop_ctx *ctx)
{
    ctx->changed = 0;
    return sum_set_propagate(s, i, ctx, NULL) < 0 ? SL_PROP_CONTRADICTION : ctx->changed;
}

int ke_find_derived(const struct killer_sums *ks, const struct ke_technique *t,
                    struct prop_ctx *ctx, struct explain_sink *sink)
{
    int first = t->range == KE_ONE_HOUSE ? ks->ncage_sums : ks->one_house_end;
    int end = t->range == KE_ONE_HOUSE ? ks->one_house_end : sum_set_count(ks->sums);
    /* A row of one shape reads that shape's sums alone, in order. */
    const int *only = t->shape >= 0 ? ks->shapes->by_shape + ks->shapes->start[t->shape] : NULL;
    int count = only ? ks->shapes->start[t->shape + 1] - ks->shapes->start[t->shape] : end - first;
    for (int k = 0; k < count; k++) {
        int i = only ? only[k] : first + k, status;
        if (i < first || i >= end) continue;
        if (t->sight) {
            /* A glance reads the sum's own cells; the full strength its houses too. */
            int n;
            const uint16_t *cells = sum_set_cell_list(ks->sums, i, &n);
            if (!ke_list_touched(cells, n, sink->changed)) continue;
            status = ke_glance(ks, i, cells, n, ctx);
        } else {
            if (sum_set_reads_own_cells(ks->sums, i) && !ke_touched(ks->sums, i, sink->changed))
                continue;
            status = ke_propagate(ks->sums, i, ctx);
        }
        if (status < 0) return 0;
        if (status == 0) continue;
        ke_name_equation(ks->sums, t, i, NULL, ctx, sink);
        return 1;
    }
    return 0;
}

int ke_find_difference(const struct killer_sums *ks, const struct ke_technique *t,
                       struct prop_ctx *ctx, struct explain_sink *sink)
{
    for (int i = 0; ks->differences && i < sum_set_count(ks->differences); i++) {
        /* One reading only its own cells, none of them changed, finds
         * nothing again. */
        if (sum_set_reads_own_cells(ks->differences, i) &&
            !ke_touched(ks->differences, i, sink->changed))
            continue;
        int status = ke_propagate(ks->differences, i, ctx);
        if (status < 0) return 0;
        if (status == 0) continue;
        int weight[SUM_MAX_CELLS];
        sum_set_weights(ks->differences, i, weight);
        ke_name_equation(ks->differences, t, i, weight, ctx, sink);
        return 1;
    }
    return 0;
}
