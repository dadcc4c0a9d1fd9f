/*
 * killer.c — killer cages: groups of cells whose digits are distinct and,
 * when the cage has a sum, add up to it.
 *
 * Arguments: "MAP:SUMS", read and written by cage_text.h (MAP names each
 * cell's cage, '.' for none; SUMS the cage sums in order of the cages'
 * first appearance, '?' for a cage without a sum). See
 * constraints/README.md for an example.
 *
 * Each cage is a unit (the engine does its all-different part). Each cage
 * with a sum is a watched sum (cage_sums.h), pruned through its digit
 * combinations; the rule of 45 adds more sums over the same cells
 * (killer_innies.h), which is what hard killers are solved by, and the
 * differences of single houses' innies and outies (killer_explain.h's
 * difference forms) more again.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "constraint.h"
#include "cage_text.h"
#include "cage_combos.h"
#include "cage_sums.h"
#include "killer_explain.h"
#include "killer_innies.h"
#include "killer_kernel.h"
#include "killer_settle.h"

struct killer {
    struct geometry geo;
    struct cage_text cages; /* map and sums */
    /* Made by attach; propagate only reads it. Sum i is watched group i:
     * the cages' sums first, then the rule of 45's. */
    struct sum_set *sums;
    struct sum_set *differences; /* the rater's alone (killer_explain.h) */
    /* The search's difference forms, watched groups [nsums, ...): a set
     * of their own, so the rater's sums and their order stay as they were. */
    struct sum_set *search_differences;
    int nsums;                     /* sums' count: the first difference's group */
    struct killer_shapes *shapes;  /* the rater's: what each derived sum looks like */
    int ncage_sums, one_house_end; /* sums [0, ncage_sums) are cages', then
                                      [.., one_house_end) single houses' */
    int grid_shaped;               /* attach dropped no sum for its total (killer_add_innies) */
};

/* --- parse and write --------------------------------------------------- */

/* What the text cannot say: that a cage's cells can reach its sum
 * (sum_col: the column of the sum in args). */
static int killer_check_sum(const struct killer *k, int p, long sum_col, struct sl_error *err)
{
    int n = k->geo.size, size = k->cages.map.size[p], sum = k->cages.sum[p];
    if (sum && cage_combos_for(n, size, sum, NULL, 0) == 0)
        return sl_error_set(err, 0, sum_col,
                            "cage %d: no %d distinct digits of 1..%d add up to %d (%d..%d)", p + 1,
                            size, n, sum, cage_sum_min(size), cage_sum_max(n, size));
    return 0;
}

static void *killer_parse(const struct geometry *g, const char *args, struct sl_error *err)
{
    /* Not zeroed whole: the cages' arrays are read only up to their
     * counts, which cage_text_parse fills (as killer_clone copies). */
    struct killer *k = malloc(sizeof *k);
    if (k == NULL) {
        sl_error_set(err, 0, 1, "out of memory");
        return NULL;
    }
    k->geo = *g;
    k->sums = k->differences = k->search_differences = NULL;
    k->shapes = NULL;
    k->ncage_sums = k->one_house_end = k->nsums = k->grid_shaped = 0;
    size_t len = strlen(args);
    int rc = cage_text_parse(&k->cages, g, args, len, err);
    if (rc == 0) {
        const char *sums = strchr(args, ':') + 1;
        size_t sums_len = len - (size_t)(sums - args);
        long sums_col = (long)(sums - args) + 1;
        /* The sums' columns one after another (cage_sums_column's, without
         * counting commas from the start for every cage). */
        size_t at = 0;
        for (int p = 0; rc == 0 && p < k->cages.map.nparts; p++) {
            rc = killer_check_sum(k, p, sums_col + (long)at, err);
            while (at < sums_len && sums[at] != ',') at++;
            if (at < sums_len) at++;
        }
    }
    if (rc) {
        free(k);
        return NULL;
    }
    return k;
}

static int killer_write(const void *self, char *buf, size_t cap)
{
    return cage_text_write(&((const struct killer *)self)->cages, buf, cap);
}

/* A ruleset's copy: the geometry and cages alone (what write and parse
 * would carry), without writing and reading them back, which was a
 * tenth of building a killer's ruleset; attach makes the rest. */
static void *killer_clone(const void *self, struct sl_error *err)
{
    const struct killer *from = self;
    struct killer *k = malloc(sizeof *k);
    if (k == NULL) {
        sl_error_set(err, 0, 0, "out of memory");
        return NULL;
    }
    const struct cellmap *m = &from->cages.map;
    size_t ncells = (size_t)m->ncells, nparts = (size_t)m->nparts;
    k->geo = from->geo;
    k->cages.map.ncells = m->ncells;
    k->cages.map.wide = m->wide;
    k->cages.map.nparts = m->nparts;
    memcpy(k->cages.map.part, m->part, ncells * sizeof m->part[0]);
    memcpy(k->cages.map.code, m->code, nparts * sizeof m->code[0]);
    memcpy(k->cages.map.size, m->size, nparts * sizeof m->size[0]);
    memcpy(k->cages.sum, from->cages.sum, nparts * sizeof from->cages.sum[0]);
    k->sums = k->differences = k->search_differences = NULL;
    k->shapes = NULL;
    k->ncage_sums = k->one_house_end = k->nsums = k->grid_shaped = 0;
    return k;
}

static void killer_destroy(void *self)
{
    struct killer *k = self;
    sum_set_free(k->sums);
    sum_set_free(k->differences);
    sum_set_free(k->search_differences);
    free(k->shapes);
    free(k);
}

/* --- attach and propagate ------------------------------------------- */

/* The rule of 45's sums repeat what the cages say, so one may be passed
 * over: the search only prunes less. Many rarely narrow anything and
 * cost much of the time (scripts/RESULTS.md), so a derived sum that
 * narrowed on fewer than 1 in KILLER_RARE_RATIO of its first
 * KILLER_RARE_AFTER or more calls this search runs only on one wake in
 * KILLER_RARE_PERIOD + 1; cages always run. */
#define KILLER_RARE_AFTER 64
#define KILLER_RARE_RATIO 100
#define KILLER_RARE_PERIOD 8

/* Per derived sum, in the search's scratch. */
struct sum_record {
    uint32_t calls, narrowed, passed; /* passed: wakes skipped since it last ran */
};

/* 1 when the derived sum with record r is to be passed over this time. */
static int killer_pass_over(struct sum_record *r)
{
    if (r->calls < KILLER_RARE_AFTER || r->narrowed * KILLER_RARE_RATIO >= r->calls ||
        r->passed >= KILLER_RARE_PERIOD)
        return 0;
    r->passed++;
    return 1;
}

/* The search state the sums keep: the difference forms' memos follow
 * the sums'. */
static size_t killer_state_bytes(const struct killer *k)
{
    size_t differences = k->search_differences ? sum_set_state_bytes(k->search_differences) : 0;
    return sum_set_state_bytes(k->sums) + differences;
}

/* Each cage is a unit; each cage with a sum is also a watched sum. */
static int killer_attach_cages(struct killer *k, struct rule_builder *b, struct sl_error *err)
{
    const struct cellmap *map = &k->cages.map;
    int all[SL_MAX_CELLS], start[SL_MAX_CELLS + 1], group[SL_MAX_SIZE] = {0};
    cellmap_all_cells(map, start, all);
    for (int p = 0; p < map->nparts; p++) {
        int *cells = all + start[p], count = map->size[p];
        if (rules_add_unit(b, cells, count, err)) return -1;
        if (k->cages.sum[p] == 0) continue;
        if (sum_set_add(k->sums, cells, group, count, k->cages.sum[p], err) < 0 ||
            rules_watch_group(b, cells, count, err) < 0)
            return -1;
    }
    return 0;
}

/* The difference forms of single houses (r1c1 - r2c9 = 7), each a watched
 * sum pruned a group at a time (sum_set_mirror_differences). A lean
 * ruleset leaves them out: its root then only notes that it did. On the
 * killer family they halve line 5's trees (scripts/RESULTS.md). */
static int killer_attach_differences(struct killer *k, struct rule_builder *b, struct sl_error *err)
{
    sum_set_free(k->search_differences);
    k->search_differences = NULL;
    if (rules_lean(b)) {
        if (killer_differences_exist(&k->cages.map, k->cages.sum, k->sums)) rules_note_left_out(b);
        return 0;
    }
    struct sum_set *d = killer_differences_new(&k->cages.map, k->cages.sum, k->sums, 1, err);
    if (d == NULL) return -1;
    if (sum_set_count(d) == 0) {
        sum_set_free(d);
        return 0;
    }
    k->search_differences = d;
    for (int i = 0; i < sum_set_count(d); i++) {
        int cells[SUM_MAX_CELLS], count = sum_set_cells(d, i, cells);
        if (rules_watch_group(b, cells, count, err) < 0) return -1;
    }
    return 0;
}

static int killer_attach(void *self, struct rule_builder *b, struct sl_error *err)
{
    struct killer *k = self;
    struct killer_cages cages = {&k->cages.map, k->cages.sum};
    sum_set_free(k->sums);
    k->sums = sum_set_new(b, err);
    if (k->sums == NULL) return -1;
    /* A 9x9 killer ends with up to about 2 sums and 12 sum cells a grid
     * cell (its cages' and the rule of 45's). */
    int ncells = k->geo.ncells;
    if (sum_set_reserve(k->sums, 2 * ncells + 64, 12 * ncells, err)) return -1;
    if (killer_attach_cages(k, b, err)) return -1;
    k->ncage_sums = sum_set_count(k->sums);
    if (killer_add_innies(&cages, k->sums, b, &k->one_house_end, &k->grid_shaped, err)) return -1;
    k->nsums = sum_set_count(k->sums);
    if (killer_attach_differences(k, b, err)) return -1;
    sum_set_free(k->differences); /* the rater's, remade by killer_explain_prepare */
    k->differences = NULL;
    free(k->shapes);
    k->shapes = NULL;
    size_t derived = (size_t)(sum_set_count(k->sums) - k->ncage_sums);
    if (rules_reserve_scratch(b, derived * sizeof(struct sum_record), err)) return -1;
    return rules_reserve_state(b, killer_state_bytes(k), err);
}

/* --- retotal ------------------------------------------------------------ */

/* Each cage's sum in grid (a cage without a sum keeps none), into sum:
 * 0, or 1 when a cage repeats a digit or a digit is out of range. */
static int killer_grid_sums(const struct killer *k, const uint8_t *grid, int *sum)
{
    const struct cellmap *map = &k->cages.map;
    digitset seen[SL_MAX_CELLS];
    for (int p = 0; p < map->nparts; p++) sum[p] = 0, seen[p] = 0;
    for (int c = 0; c < map->ncells; c++) {
        int p = map->part[c];
        if (p < 0) continue;
        if (grid[c] < 1 || grid[c] > k->geo.size || (seen[p] & digitset_of(grid[c]))) return 1;
        seen[p] |= digitset_of(grid[c]);
        sum[p] += grid[c];
    }
    for (int p = 0; p < map->nparts; p++)
        if (k->cages.sum[p] == 0) sum[p] = 0;
    return 0;
}

/* 1 when attach over the totals now in k->sums (a grid's) would add the
 * sums it holds, and a rater's prepare the differences it holds: none
 * dropped for a total (grid_shaped), no two over the same cells (a repeat
 * is dropped), and no derived sum of N cells in one group (over a grid's
 * total, a whole house, dropped: killer_innies.c). */
static int killer_sums_as_attached(const struct killer *k)
{
    if (!k->grid_shaped || sum_set_repeats_cells(k->sums) ||
        (k->search_differences && sum_set_repeats_cells(k->search_differences)) ||
        (k->differences && sum_set_repeats_cells(k->differences)))
        return 0;
    for (int i = k->ncage_sums; i < k->nsums; i++) {
        int count;
        sum_set_cell_list(k->sums, i, &count);
        if (count == k->geo.size && sum_set_group_count(k->sums, i) == 1) return 0;
    }
    return 1;
}

/* The sums and the difference forms of a relabeled grid keep their cells,
 * groups and order (every one is a fact of the cages and houses alone
 * once each cage has a sum or not as before), so only their totals, and
 * what hangs on the totals, change. */
static int killer_retotal(void *self, const uint8_t *grid, size_t *state_bytes,
                          struct sl_error *err)
{
    struct killer *k = self;
    int sum[SL_MAX_CELLS];
    if (killer_grid_sums(k, grid, sum)) return 1;
    memcpy(k->cages.sum, sum, (size_t)k->cages.map.nparts * sizeof sum[0]);
    if (state_bytes == NULL) return 0;
    if (k->sums == NULL) return 1;
    /* The rater's differences too, when a rater made them: a rater kept
     * over the patch (rater_retotaled) then finds them ready, and the
     * derived sums' shapes, a fact of their cells, stay as they are. */
    if (sum_set_retotal(k->sums, grid, err) ||
        (k->search_differences && sum_set_retotal(k->search_differences, grid, err)) ||
        (k->differences && sum_set_retotal(k->differences, grid, err)))
        return -1;
    if (!killer_sums_as_attached(k)) return 1;
    *state_bytes = killer_state_bytes(k);
    return 0;
}

/* Watched group `group`'s sum: one of k->sums, or past them one of the
 * differences, whose memos follow the sums' in the state. */
static int killer_propagate_sum(const struct killer *k, int group, struct prop_ctx *ctx,
                                void *state, const struct sum_set **set, int *at)
{
    int difference = group >= k->nsums;
    *set = difference ? k->search_differences : k->sums;
    *at = difference ? group - k->nsums : group;
    void *memos = difference ? (char *)state + sum_set_state_bytes(k->sums) : state;
    return sum_set_propagate(*set, *at, ctx, memos);
}

static int killer_propagate(void *self, struct prop_ctx *ctx)
{
    const struct killer *k = self;
    void *state = prop_rule_state(ctx);
    struct sum_record *records = prop_rule_scratch(ctx);
    for (int group; (group = prop_next_group(ctx)) >= 0;) {
        /* Derived sums keep records; cages and differences (a few, and
         * what makes some trees small) always run. */
        struct sum_record *r = records && group >= k->ncage_sums && group < k->nsums
                                   ? &records[group - k->ncage_sums]
                                   : NULL;
        if (r && killer_pass_over(r)) {
            prop_settle_group(ctx, group);
            continue;
        }
        const struct sum_set *set;
        int at, status = killer_propagate_sum(k, group, ctx, state, &set, &at);
        if (r) *r = (struct sum_record){r->calls + 1, r->narrowed + (status != 0), 0};
        if (status < 0) {
            int cells[SUM_MAX_CELLS];
            prop_blame(ctx, cells, sum_set_cells(set, at, cells));
            return SL_PROP_CONTRADICTION;
        }
        prop_settle_group(ctx, group);
        if (prop_should_yield(ctx)) break;
    }
    return SL_PROP_OK;
}

/* The rater's extra sums and the shapes of the derived ones, made when a
 * rater first asks, as most rulesets are only ever searched. */
static int killer_explain_prepare(void *self, struct sl_error *err)
{
    struct killer *k = self;
    if (k->differences && k->shapes) return 0;
    if (!k->differences &&
        !(k->differences = killer_differences_new(&k->cages.map, k->cages.sum, k->sums, 0, err)))
        return -1;
    struct killer_sums ks = {k->sums,       k->differences,   &k->cages.map,
                             k->ncage_sums, k->one_house_end, NULL};
    k->shapes = killer_explain_shapes(&ks);
    return k->shapes ? 0 : sl_error_set(err, 0, 0, "out of memory");
}

/* The rater's killer techniques (killer_explain.h), asked by key. */
static int killer_explain(const void *self, const char *technique, struct prop_ctx *ctx,
                          struct explain_sink *sink)
{
    const struct killer *k = self;
    if (k->shapes == NULL) return 0; /* no rater prepared it (explain_prepare) */
    struct killer_sums ks = {k->sums,       k->differences,   &k->cages.map,
                             k->ncage_sums, k->one_house_end, k->shapes};
    return killer_explain_find(&ks, technique, ctx, sink);
}

static int killer_validate(const void *self, const struct geometry *g, char *msg, size_t cap)
{
    int p = cellmap_disconnected_part(&((const struct killer *)self)->cages.map, g);
    if (p < 0) return 0;
    snprintf(msg, cap, "cage %d is not one connected piece", p + 1);
    return 1;
}

static int killer_branch(const void *self, const struct prop_ctx *ctx, struct branch_offer *offer)
{
    return sum_set_offer(((const struct killer *)self)->sums, ctx, prop_rule_state_read(ctx),
                         offer);
}

/* The root without a ruleset (killer_settle.h): most killers settle
 * there, for a fraction of a ruleset's set-up. */
static int killer_settle_root(const void *self, const struct geometry *g, const uint8_t *givens,
                              uint8_t *grid)
{
    return killer_settle(&((const struct killer *)self)->cages, g, givens, grid);
}

/* The count without a ruleset (killer_kernel.h). */
static long killer_count_kernel(const void *self, const struct geometry *g, const uint8_t *givens,
                                long limit, uint64_t nodes, uint64_t *used, uint8_t *found)
{
    return killer_kernel_count(&((const struct killer *)self)->cages, g, givens, limit, nodes, used,
                               found);
}

/* --- check ------------------------------------------------------------- */

static int killer_check(const void *self, const struct geometry *g, const uint8_t *grid)
{
    return killer_cages_hold(&((const struct killer *)self)->cages, g, grid);
}

/* A dashed outline per cage, its sum (if any) as the label. */
static int killer_marks(const void *self, const struct geometry *g, struct mark_sink *sink)
{
    const struct killer *k = self;
    int cells[SL_MAX_CELLS];
    char sum[16];
    (void)g;
    for (int p = 0; p < k->cages.map.nparts; p++) {
        int count = cellmap_cells(&k->cages.map, p, cells);
        snprintf(sum, sizeof sum, "%d", k->cages.sum[p]);
        if (mark_emit(sink, MARK_CAGE, 0, cells, count, k->cages.sum[p] ? sum : NULL)) return -1;
    }
    return mark_name(sink, "killer");
}

const struct constraint_ops killer_constraint = {
    .name = "killer",
    .summary = "cages of distinct digits adding up to their sums",
    .form = "killer:MAP:SUMS",
    .arguments = "MAP   the cages as a cell map: one symbol a cell, row by row (A-Z a-z\n"
                 "      0-9, two a cell past 62 cages), '.' for a cell in no cage\n"
                 "SUMS  each cage's sum, comma-separated, in the order the cages first\n"
                 "      appear in MAP; '?' for a cage without one (its digits still differ)\n",
    .example = "sudolab 4 2x2 classic;killer:AAB.CDB.CDEEFFGG:3,?,5,7,5,5,5 ...............1",
    .parse = killer_parse,
    .attach = killer_attach,
    .propagate = killer_propagate,
    .check = killer_check,
    .explain = killer_explain,
    .explain_knows = killer_explain_knows,
    .explain_reads_cells = 1,
    .explain_prepare = killer_explain_prepare,
    .write = killer_write,
    .destroy = killer_destroy,
    .branch = killer_branch,
    .validate = killer_validate,
    .clone = killer_clone,
    .marks = killer_marks,
    .settle = killer_settle_root,
    .count = killer_count_kernel,
    .retotal = killer_retotal,
};
