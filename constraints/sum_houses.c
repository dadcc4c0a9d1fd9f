/*
 * sum_houses.c — see sum_houses.h.
 */
#include "sum_houses.h"

#include <string.h>

#include "cage_combos.h"
#include "propagate.h"

/* The house's cells left once the sums inside it, apart from each other
 * (the first of two that meet is taken), are taken away, into rest; their
 * total in *total. Returns how many are left, or -1 when no sum lies
 * inside. stamp marks a cell with house + 1 when the house holds it, with
 * -(house + 1) when a sum taken holds it. */
static int sum_houses_rest(const struct ruleset *rs, int house, const struct sum_region *sums,
                           int nsums, int *stamp, int *rest, int *total)
{
    const uint16_t *cells = rs->unit_cells + rs->unit_start[house];
    int n = rs->geo.size, mark = house + 1, taken = 0, count = 0;
    *total = n * (n + 1) / 2;
    for (int k = 0; k < n; k++) stamp[cells[k]] = mark;
    for (int i = 0; i < nsums; i++) {
        int inside = sums[i].count > 0;
        for (int k = 0; k < sums[i].count && inside; k++) inside = stamp[sums[i].cell[k]] == mark;
        if (!inside) continue;
        for (int k = 0; k < sums[i].count; k++) stamp[sums[i].cell[k]] = -mark;
        *total -= sums[i].total;
        taken++;
    }
    if (!taken) return -1;
    for (int k = 0; k < n; k++)
        if (stamp[cells[k]] == mark) rest[count++] = cells[k];
    return count;
}

/* Grids up to this size list every set of distinct digits; larger ones
 * are passed over. At most C(12, 6) sets share a size and a total. */
#define SUM_HOUSES_MAX_N 12
#define SUM_HOUSES_MAX_SETS 924

/* Narrows the cells left to the digits of the sets of `count` distinct
 * digits making total that give each cell a candidate and lie within
 * theirs; 1 when some cell lost a candidate. */
static int sum_houses_narrow(struct prop_ctx *ctx, const int *rest, int count, int total)
{
    int n = prop_geometry(ctx)->size, changed = 0;
    digitset cand[SL_MAX_SIZE], open = 0, fit = 0, sets[SUM_HOUSES_MAX_SETS];
    if (n > SUM_HOUSES_MAX_N) return 0;
    for (int i = 0; i < count; i++) cand[i] = prop_candidates(ctx, rest[i]), open |= cand[i];
    long nsets = cage_combos_for(n, count, total, sets, SUM_HOUSES_MAX_SETS);
    for (long j = 0; j < nsets; j++) {
        int meets = (sets[j] & ~open) == 0;
        for (int i = 0; i < count && meets; i++) meets = (cand[i] & sets[j]) != 0;
        if (meets) fit |= sets[j];
    }
    for (int i = 0; i < count; i++)
        if ((cand[i] & fit) != cand[i]) {
            changed = 1;
            if (prop_restrict(ctx, rest[i], cand[i] & fit)) return 0;
        }
    return changed;
}

int sum_houses_explain(const struct sum_region *sums, int nsums, struct prop_ctx *ctx,
                       struct explain_sink *sink)
{
    const struct ruleset *rs = ctx->rs;
    int stamp[SL_MAX_CELLS], rest[SL_MAX_SIZE], weight[SL_MAX_SIZE], total;
    memset(stamp, 0, (size_t)rs->geo.ncells * sizeof stamp[0]);
    for (int house = 0; house < rs->nhouses; house++) {
        int count = sum_houses_rest(rs, house, sums, nsums, stamp, rest, &total);
        if (count <= 0 || !sum_houses_narrow(ctx, rest, count, total)) continue;
        for (int i = 0; i < count; i++) weight[i] = 1;
        explain_name(sink, SUM_HOUSES_KEY, "rule of 45 on sums", rest, count);
        explain_equation(sink, &rs->geo, rest, weight, count, total);
        return 1;
    }
    return 0;
}
