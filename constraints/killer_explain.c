/*
 * killer_explain.c — see killer_explain.h.
 *
 * Every technique tries its sums in order and stops at the first that
 * changes the scratch state: the rater wants one step at a time. A row
 * of the table sees at least what the rows easier than it see (the
 * rater asks them easiest first), so a step of a row shows that row's
 * idea at work.
 *
 * This file holds the cage rows and the table; the conflict rows are
 * killer_explain_conflict.c, the rule of 45's killer_explain_45.c, and
 * what they share killer_explain_internal.h.
 */
#include <limits.h>
#include <string.h>

#include "killer_explain_internal.h"

/* Marks in touched (per cage sum) the cages holding a cell of changed,
 * from the changed cells rather than from every cage's cells: when every
 * cage has a sum, cage sum i is the cellmap's part i (killer.c adds them
 * in the parts' order). With single_in, only the cells single in it
 * count (a sight of the placed digits alone: ke_since_touched). 0 when
 * the map cannot say so (a cage without a sum) or no list is given. */
int ke_cages_changed(const struct killer_sums *ks, const struct explain_sink *sink,
                     const digitset *single_in, uint8_t *touched)
{
    const struct cellmap *map = ks->map;
    if (ks->ncage_sums != map->nparts || !sink->changed_list) return 0;
    memset(touched, 0, (size_t)ks->ncage_sums);
    for (int k = 0; k < sink->nchanged; k++) {
        int c = sink->changed_list[k];
        if (map->part[c] < 0 || (single_in && !digitset_is_single(single_in[c]))) continue;
        touched[map->part[c]] = 1;
    }
    return 1;
}

/* The houses too when the row reads them (`houses`), else the cages (for
 * a row that reads only which cells are single, single_in: the
 * candidates), when something is known. */
void ke_since_of(const struct killer_sums *ks, const struct explain_sink *sink, int houses,
                 const digitset *single_in, struct ke_since *since)
{
    since->cells = sink->changed;
    since->houses = since->cages = NULL;
    if (!sink->changed) return;
    if (!houses) {
        if (ke_cages_changed(ks, sink, single_in, since->cage_changed))
            since->cages = since->cage_changed;
        return;
    }
    sum_set_houses_changed(ks->sums, sink->changed, since->house_changed);
    since->houses = since->house_changed;
}

void ke_name(const struct killer_sums *ks, const struct ke_technique *t, int i,
             struct explain_sink *sink)
{
    int cells[SUM_MAX_CELLS];
    explain_name(sink, t->key, t->words, cells, ke_cells(ks, i, cells));
}

/* Names a step of sum i of set s with its equation (a sum the rule of 45
 * made: the player has to see its total). */
void ke_name_equation(const struct sum_set *s, const struct ke_technique *t, int i,
                      const int *weight, const struct prop_ctx *ctx, struct explain_sink *sink)
{
    int cells[SUM_MAX_CELLS], n = sum_set_cells(s, i, cells);
    explain_name(sink, t->key, t->words, cells, n);
    explain_equation(sink, prop_geometry(ctx), cells, weight, n, sum_set_total(s, i));
}

/* Efforts below this are ordered by counting (a 9x9 cage allows at most
 * 12 combinations); larger ones by insertion. */
#define KE_EFFORT_COUNTED 64

void killer_order_by_effort(const int *effort, int n, int *order)
{
    int most = 0;
    for (int k = 0; k < n; k++) most = effort[k] > most ? effort[k] : most;
    if (most >= KE_EFFORT_COUNTED) {
        for (int k = 0; k < n; k++) {
            int j = k;
            for (; j > 0 && effort[order[j - 1]] > effort[k]; j--) order[j] = order[j - 1];
            order[j] = k;
        }
        return;
    }
    /* Effort e counts at slot e + 1, so that -1 (a cage without a list,
     * sum_set_placed_combos) comes first; next[s] then becomes where slot
     * s's next index goes. */
    int next[KE_EFFORT_COUNTED + 2];
    for (int s = 0; s <= most + 2; s++) next[s] = 0;
    for (int k = 0; k < n; k++) next[effort[k] + 2]++;
    for (int s = 1; s <= most + 1; s++) next[s] += next[s - 1];
    for (int k = 0; k < n; k++) order[next[effort[k] + 1]++] = k;
}

/* Cages in order of the combinations their totals allow beside their
 * placed digits (fewest first: a player weighs the short lists first),
 * into order; returns how many cages there are. Only the cages of t's
 * sizes touched since (all when nothing is known), and allowing at most
 * `most` combinations: the order of those is the order they have among
 * all the cages. */
static int ke_cages_by_effort(const struct killer_sums *ks, const struct ke_technique *t,
                              const struct prop_ctx *ctx, const struct ke_since *since, int most,
                              int *order)
{
    const digitset *now = prop_candidate_array(ctx);
    int cage[SL_MAX_CELLS], effort[SL_MAX_CELLS], by_effort[SL_MAX_CELLS], n = 0;
    for (int i = 0; i < ks->ncage_sums; i++) {
        int size;
        if (!ke_since_touched(ks->sums, i, since)) continue;
        sum_set_cell_list(ks->sums, i, &size);
        if (size < t->min_cells || size > t->max_cells) continue;
        int e = sum_set_placed_combos(ks->sums, i, now);
        if (e > most) continue;
        cage[n] = i, effort[n++] = e;
    }
    if (n == 0) return 0;
    killer_order_by_effort(effort, n, by_effort);
    for (int k = 0; k < n; k++) order[k] = cage[by_effort[k]];
    return n;
}

static int ke_find_cage(const struct killer_sums *ks, const struct ke_technique *t,
                        struct prop_ctx *ctx, struct explain_sink *sink)
{
    int order[SL_MAX_CELLS];
    struct ke_since since;
    /* A house's other cells decide what it rules out. */
    const digitset *single_in = t->sight == SUM_SEE_ONE ? prop_candidate_array(ctx) : NULL;
    ke_since_of(ks, sink, t->sight & SUM_SEE_HOUSES, single_in, &since);
    /* The effort is the count a sight of one combination sees: past one,
     * that sight finds nothing. */
    int n = ke_cages_by_effort(ks, t, ctx, &since, t->sight == SUM_SEE_ONE ? 1 : INT_MAX, order);
    for (int k = 0; k < n; k++) {
        int i = order[k];
        int status = sum_set_prune_seen(ks->sums, i, t->sight, ctx);
        /* A contradiction ends the row. Told what changed, a cage skipped
         * might have met one first; on a rating's path, whose grid has a
         * solution, none arises, so the two forms agree there. */
        if (status < 0) return 0;
        if (status == 0) continue;
        ke_name(ks, t, i, sink);
        return 1;
    }
    return 0;
}

/* --- the table ------------------------------------------------------- */

#define SEE_CUT (SUM_SEE_FIT | SUM_SEE_REACH | SUM_SEE_NEEDED | SUM_SEE_POINTING)
#define SEE_ALL (SEE_CUT | SUM_SEE_HOUSES)

#define KE_SMALL 2, 4 /* sums a player weighs at a glance */
#define KE_BIG 5, SL_MAX_SIZE
#define KE_ANY 1, SL_MAX_SIZE
#define KE_GLANCE 1 /* the rule of 45: bounds, and small sums' combinations */
#define KE_FULL 0   /* the rule of 45: all a sum's combinations and houses say */
#define KE_CAGE 0, -1
#define KE_KEY(key) key, sizeof key - 1

static const struct ke_technique ke_table[] = {
    {KE_KEY("cage-one-combination"), "cage with one combination", ke_find_cage, SUM_SEE_ONE,
     KE_CAGE, KE_ANY},
    {KE_KEY("cage-bounds"), "cage bounds", ke_find_bounds, 0, KE_CAGE, KE_ANY},
    {KE_KEY("cage-combinations"), "cage combinations", ke_find_cage, SUM_SEE_FIT, KE_CAGE,
     KE_SMALL},
    {KE_KEY("innie"), "rule of 45: one innie", ke_find_derived, KE_GLANCE, KE_ONE_HOUSE, KE_INNIE,
     KE_ANY},
    {KE_KEY("cage-split"), "cage split by the rule of 45", ke_find_derived, KE_GLANCE, KE_ONE_HOUSE,
     KE_SPLIT, KE_ANY},
    {KE_KEY("hidden-cage"), "hidden cage (rule of 45)", ke_find_derived, KE_GLANCE, KE_ONE_HOUSE,
     KE_INNIES, KE_ANY},
    {KE_KEY("big-cage-combinations"), "combinations of a big cage", ke_find_cage, SUM_SEE_FIT,
     KE_CAGE, KE_BIG},
    {KE_KEY("cage-candidate-combinations"), "combinations cut by candidates", ke_find_cage,
     SUM_SEE_FIT | SUM_SEE_REACH, KE_CAGE, KE_ANY},
    {KE_KEY("cage-needed-digits"), "digits every combination needs", ke_find_cage,
     SUM_SEE_FIT | SUM_SEE_REACH | SUM_SEE_NEEDED, KE_CAGE, KE_ANY},
    {KE_KEY("cage-pointing"), "cage pointing", ke_find_cage, SEE_CUT, KE_CAGE, KE_ANY},
    {KE_KEY("cage-house-combinations"), "combinations a house rules out", ke_find_cage, SEE_ALL,
     KE_CAGE, KE_ANY},
    {KE_KEY("combination-conflict"), "combination conflict", ke_find_conflict, SEE_ALL, 0, 2,
     KE_ANY},
    {KE_KEY("combination-conflict-triple"), "combination conflict of three cages", ke_find_conflict,
     SEE_ALL, 0, 3, KE_ANY},
    {KE_KEY("innie-outie-difference"), "rule of 45: innie and outie difference", ke_find_difference,
     0, KE_CAGE, KE_ANY},
    {KE_KEY("outie"), "rule of 45: one outie", ke_find_derived, KE_FULL, KE_ONE_HOUSE, KE_OUTIE,
     KE_ANY},
    {KE_KEY("rule-of-45"), "rule of 45: innies and outies", ke_find_derived, KE_FULL, KE_ONE_HOUSE,
     -1, KE_ANY},
    {KE_KEY("rule-of-45-houses"), "rule of 45 on several houses", ke_find_derived, KE_FULL,
     KE_HOUSES, -1, KE_ANY},
};

/* Every cage at full sight and every sum of the rule of 45, once each:
 * what forcing chains follow (EXPLAIN_ALL). 1 when a cell changed (told
 * by ctx->changed, as ke_propagate is), 0 when none did, -1 at a
 * contradiction. */
static int ke_all(const struct killer_sums *ks, struct prop_ctx *ctx)
{
    ctx->changed = 0;
    for (int i = 0; i < sum_set_count(ks->sums); i++) {
        int status = i < ks->ncage_sums ? sum_set_prune_seen(ks->sums, i, SEE_ALL, ctx)
                                        : sum_set_propagate(ks->sums, i, ctx, NULL);
        if (status < 0) return -1;
    }
    return ctx->changed;
}

/* The row keyed technique (of `length` characters), or NULL. */
static const struct ke_technique *ke_row(const char *technique, size_t length)
{
    for (size_t t = 0; t < sizeof ke_table / sizeof ke_table[0]; t++)
        if (ke_table[t].key_length == length && memcmp(ke_table[t].key, technique, length) == 0)
            return &ke_table[t];
    return NULL;
}

int killer_explain_knows(const char *technique)
{
    return ke_row(technique, strlen(technique)) != NULL;
}

int killer_explain_find(const struct killer_sums *ks, const char *technique, struct prop_ctx *ctx,
                        struct explain_sink *sink)
{
    size_t length = strlen(technique);
    if (length == sizeof EXPLAIN_ALL - 1 && memcmp(technique, EXPLAIN_ALL, length) == 0)
        return ke_all(ks, ctx);
    const struct ke_technique *t = ke_row(technique, length);
    return t ? t->find(ks, t, ctx, sink) : 0;
}
