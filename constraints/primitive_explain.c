/*
 * primitive_explain.c — explain hooks made of the propagate hooks of the
 * rule primitives (primitive_explain.h).
 *
 * A primitive's propagate narrows the watched groups due; the explain
 * hook marks one group due at a time, so a step is one part of the rule
 * (its cells named) narrowed to what the part allows given the rest. The
 * rule's state counters are zeroed before each call, as at the root of a
 * search, since the rater's scratch state has none of its own. A step
 * wakes no other part: propagate would run every part a narrowing touches
 * (a chain of kropki dots in one step), so it runs against a copy of the
 * ruleset in which no cell is watched.
 */
#include <string.h>

#include "primitive_explain.h"
#include "propagate.h"

extern const struct constraint_ops relation_constraint, thermo_constraint, sums_constraint;

/* Cells of the slot's watched group g (its part). */
static int group_cells(const struct ruleset *rs, int group, int *cells)
{
    int n = 0;
    for (int c = 0; c < rs->geo.ncells && n < EXPLAIN_MAX_CELLS; c++)
        for (int i = rs->cell_group_start[c]; i < rs->cell_group_start[c + 1]; i++)
            if (rs->cell_group_word[i] == group >> 6 &&
                (rs->cell_group_bits[i] >> (group & 63) & 1)) {
                cells[n++] = c;
                break;
            }
    return n;
}

/* Runs ops->propagate with only the groups [from, to) of the slot due;
 * SL_PROP_OK or SL_PROP_CONTRADICTION, ctx->changed telling whether it
 * narrowed anything. */
static int run_groups(const struct constraint_ops *ops, const void *self, struct prop_ctx *ctx,
                      int from, int to)
{
    const struct ruleset *rs = ctx->rs;
    int slot = ctx->current_slot, first = rs->slots[slot].group_first;
    memset((char *)ctx->cand + rs->slots[slot].state_offset, 0, rs->slots[slot].state_reserved);
    memset(ctx->dirty_groups, 0, sizeof ctx->dirty_groups);
    for (int g = first + from; g < first + to; g++)
        ctx->dirty_groups[g >> 6] |= UINT64_C(1) << (g & 63);
    ctx->changed = 0;
    /* propagate takes a mutable self for the search's sake; it changes
     * nothing of it. */
    return ops->propagate((void *)(uintptr_t)self, ctx);
}

/* run_groups for the one group g, waking no other: the cells' watchers
 * are read from a table of zeros, which propagate only reads. */
static int run_part(const struct constraint_ops *ops, const void *self, struct prop_ctx *ctx, int g)
{
    static const uint64_t unwatched[SL_MAX_CELLS];
    const struct ruleset *rs = ctx->rs;
    struct ruleset alone = *rs;
    alone.watch_masks = (uint64_t *)(uintptr_t)unwatched;
    ctx->rs = &alone;
    int result = run_groups(ops, self, ctx, g, g + 1);
    ctx->rs = rs;
    return result;
}

static int primitive_explain(const struct constraint_ops *ops, const void *self,
                             const char *technique, const char *key, const char *words,
                             struct prop_ctx *ctx, struct explain_sink *sink)
{
    const struct ruleset *rs = ctx->rs;
    int count = rs->slots[ctx->current_slot].group_count;
    if (strcmp(technique, EXPLAIN_ALL) == 0) {
        if (run_groups(ops, self, ctx, 0, count)) return -1;
        return ctx->changed;
    }
    if (strcmp(technique, key) != 0) return 0;
    for (int g = 0; g < count; g++) {
        if (run_part(ops, self, ctx, g) || !ctx->changed) continue;
        int cells[EXPLAIN_MAX_CELLS];
        int n = group_cells(rs, rs->slots[ctx->current_slot].group_first + g, cells);
        explain_name(sink, key, words, cells, n);
        return 1;
    }
    return 0;
}

int relation_explain(const void *self, const char *technique, struct prop_ctx *ctx,
                     struct explain_sink *sink)
{
    return primitive_explain(&relation_constraint, self, technique, "related-pair", "related pair",
                             ctx, sink);
}

int thermo_explain(const void *self, const char *technique, struct prop_ctx *ctx,
                   struct explain_sink *sink)
{
    return primitive_explain(&thermo_constraint, self, technique, "thermometer", "thermometer", ctx,
                             sink);
}

int sums_explain(const void *self, const char *technique, struct prop_ctx *ctx,
                 struct explain_sink *sink)
{
    return primitive_explain(&sums_constraint, self, technique, "sum-line", "sum", ctx, sink);
}

int primitive_explain_part(int (*narrow)(const void *self, struct prop_ctx *ctx, int part),
                           const void *self, const char *technique, const char *key,
                           struct prop_ctx *ctx, int *part)
{
    int count = ctx->rs->slots[ctx->current_slot].group_count, all = 0, any = 0;
    if (strcmp(technique, EXPLAIN_ALL) == 0)
        all = 1;
    else if (strcmp(technique, key) != 0)
        return 0;
    for (int g = 0; g < count; g++) {
        ctx->changed = 0;
        if (narrow(self, ctx, g)) return all ? -1 : 0;
        any |= ctx->changed;
        if (all || !ctx->changed) continue;
        *part = g;
        return 1;
    }
    return all ? any : 0;
}
