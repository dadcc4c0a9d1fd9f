/*
 * propagate.c — see propagate.h. This is the hot loop of every solve,
 * count, fill and generation; keep it branch-light and allocation-free.
 */
#include "propagate.h"

#include "intersect.h"
#include "kernel.h"

#include <string.h>

static inline digitset *solved_digits(const struct prop_ctx *ctx)
{
    return (digitset *)((char *)ctx->cand + ctx->rs->solved_offset);
}

/* Adds the digit of `cell`, now single, to the solved digits of its houses
 * (the first units). */
static inline void note_solved(struct prop_ctx *ctx, int cell, digitset digit)
{
    const struct ruleset *rs = ctx->rs;
    const uint64_t *units = rs->cell_units + (size_t)cell * (size_t)rs->unit_words;
    digitset *solved = solved_digits(ctx);
    if (rs->nhouses < 64) { /* one word, the usual case */
        uint64_t houses = units[0] & ((UINT64_C(1) << rs->nhouses) - 1);
        for (; houses; houses &= houses - 1) solved[__builtin_ctzll(houses)] |= digit;
        return;
    }
    for (int w = 0; w * 64 < rs->nhouses; w++) {
        uint64_t houses = units[w];
        if (rs->nhouses - w * 64 < 64) houses &= (UINT64_C(1) << (rs->nhouses - w * 64)) - 1;
        for (; houses; houses &= houses - 1) solved[w * 64 + __builtin_ctzll(houses)] |= digit;
    }
}

/* note_change for a ruleset of more than a word of units or of groups. */
static void note_change_wide(struct prop_ctx *ctx, int cell, digitset now)
{
    const struct ruleset *rs = ctx->rs;
    const uint64_t *units = rs->cell_units + (size_t)cell * (size_t)rs->unit_words;
    uint64_t first = units[0]; /* every ruleset has a word, most only one */
    ctx->dirty_hidden[0] |= first;
    ctx->dirty_intersections[0] |= first;
    for (int w = 1; w < rs->unit_words; w++) {
        ctx->dirty_hidden[w] |= units[w];
        ctx->dirty_intersections[w] |= units[w];
    }
    ctx->changed = 1;
    uint64_t watchers = rs->watch_masks[cell];
    ctx->dirty_rules |= watchers;
    /* Only a watched cell is in groups; the test keeps classic lean. */
    for (int i = watchers ? rs->cell_group_start[cell] : 0,
             end = watchers ? rs->cell_group_start[cell + 1] : 0;
         i < end; i++)
        ctx->dirty_groups[rs->cell_group_word[i]] |= rs->cell_group_bits[i];
    if (digitset_is_single(now)) {
        ctx->queue[ctx->queue_len++] = (uint16_t)cell;
        note_solved(ctx, cell, now);
    }
}

/* Marks what a change of cell (now `now`) makes due, and queues it when
 * single: for most rulesets a few ORs of words laid side by side. */
static inline __attribute__((always_inline)) void note_change(struct prop_ctx *ctx, int cell,
                                                              digitset now)
{
    const struct cell_notes *n = ctx->rs->cell_notes;
    if (n == NULL) {
        note_change_wide(ctx, cell, now);
        return;
    }
    n += cell;
    ctx->dirty_hidden[0] |= n->units;
    ctx->dirty_intersections[0] |= n->units;
    ctx->changed = 1;
    ctx->dirty_rules |= n->watchers;
    ctx->dirty_groups[0] |= n->groups[0];
    ctx->dirty_groups[1] |= n->groups[1];
    if (digitset_is_single(now)) {
        ctx->queue[ctx->queue_len++] = (uint16_t)cell;
        note_solved(ctx, cell, now);
    }
}

/* Removes every queued single from its peers. */
static int drain_singles(struct prop_ctx *ctx)
{
    const struct ruleset *rs = ctx->rs;
    digitset *cand = ctx->cand;
    const uint16_t *peers = rs->peers;
    while (ctx->queue_len > 0) {
        int cell = ctx->queue[--ctx->queue_len];
        digitset digit = cand[cell];
        if (digit == 0) return SL_PROP_CONTRADICTION;
        int start = rs->peer_start[cell];
        if (prop_remove(ctx, peers + start, rs->peer_start[cell + 1] - start, digit) < 0)
            return SL_PROP_CONTRADICTION;
    }
    return SL_PROP_OK;
}

/* Places every digit that has one cell left in house h. */
static int hidden_singles_in(struct prop_ctx *ctx, int h, const uint16_t *cells, int len)
{
    digitset *cand = ctx->cand;
    digitset once = 0, twice = 0;
    if (len == 9) {
        /* A 9x9 house, the usual one: no loop counter to keep. */
#pragma GCC unroll 9
        for (int i = 0; i < 9; i++) {
            digitset m = cand[cells[i]];
            twice |= once & m;
            once |= m;
        }
    } else {
        for (int i = 0; i < len; i++) {
            digitset m = cand[cells[i]];
            twice |= once & m;
            once |= m;
        }
    }
    if (once != ctx->rs->all) return SL_PROP_CONTRADICTION;
    digitset hidden = once & ~twice & ~solved_digits(ctx)[h];
    while (hidden) {
        digitset digit = hidden & -hidden;
        hidden &= hidden - 1;
        int i = 0;
        while (i < len && !(cand[cells[i]] & digit)) i++;
        /* Gone when an earlier hidden digit took the same cell. */
        if (i == len) return SL_PROP_CONTRADICTION;
        cand[cells[i]] = digit;
        note_change(ctx, cells[i], digit);
    }
    return SL_PROP_OK;
}

/* Hidden singles in every house touched since the last pass. */
static int hidden_singles(struct prop_ctx *ctx)
{
    const struct ruleset *rs = ctx->rs;
    for (int w = 0; w * 64 < rs->nhouses; w++) {
        uint64_t todo = ctx->dirty_hidden[w];
        ctx->dirty_hidden[w] = 0;
        for (; todo; todo &= todo - 1) {
            int h = w * 64 + __builtin_ctzll(todo);
            if (h >= rs->nhouses) break;
            int start = rs->unit_start[h], len = rs->unit_start[h + 1] - start;
            if (hidden_singles_in(ctx, h, rs->unit_cells + start, len))
                return SL_PROP_CONTRADICTION;
        }
    }
    return SL_PROP_OK;
}

/* Pointing and claiming where x's two units meet. Each is a digit of the
 * shared cells missing from one unit's other cells and present in the
 * other's; the shared cells are read last, as a unit's other cells
 * usually miss no digit (a house's cells hold every digit), and then
 * neither can be. Dropping the shared cells' part only widens the two
 * masks, so when the wide ones are empty the exact ones are. */
static int intersection_look(struct prop_ctx *ctx, const struct intersection *x)
{
    const struct ruleset *rs = ctx->rs;
    const uint16_t *shared = rs->intersection_cells + x->start;
    const uint16_t *only_a = shared + x->shared;
    const uint16_t *only_b = only_a + x->only_a;
    digitset in_a = digitset_union_of(ctx->cand, only_a, x->only_a);
    /* B's other cells matter only to a claim (B a house) or to a digit A
     * has only in the shared cells: without either, they are not read. */
    if (!x->b_is_house && !(rs->all & ~in_a)) return SL_PROP_OK;
    digitset in_b = 0;
    if (x->b_is_house) {
        in_b = digitset_union_of(ctx->cand, only_b, x->only_b);
        if (!((x->a_is_house ? ~in_a & in_b : 0) | (~in_b & in_a))) return SL_PROP_OK;
    }
    digitset in_shared = digitset_union_of(ctx->cand, shared, x->shared);
    if (!x->b_is_house) {
        if (!(in_shared & ~in_a)) return SL_PROP_OK;
        in_b = digitset_union_of(ctx->cand, only_b, x->only_b);
    }
    digitset pointing = x->a_is_house ? in_shared & ~in_a & in_b : 0;
    digitset claiming = x->b_is_house ? in_shared & ~in_b & in_a : 0;
    if (pointing && prop_remove(ctx, only_b, x->only_b, pointing) < 0) return SL_PROP_CONTRADICTION;
    if (claiming && prop_remove(ctx, only_a, x->only_a, claiming) < 0) return SL_PROP_CONTRADICTION;
    return SL_PROP_OK;
}

/* A digit of house A that only fits where A meets unit B cannot be
 * elsewhere in B (pointing), and the same with A and B swapped (claiming).
 * Only pairs with a unit touched since the last pass are looked at, in
 * their order. */
static int intersections(struct prop_ctx *ctx)
{
    const struct ruleset *rs = ctx->rs;
    int words = rs->intersection_words;
    uint64_t due[SL_MAX_INTERSECTIONS / 64];
    for (int i = 0; i < words; i++) due[i] = 0;
    for (int w = 0; w < rs->unit_words; w++) {
        for (uint64_t todo = ctx->dirty_intersections[w]; todo; todo &= todo - 1) {
            int unit = w * 64 + __builtin_ctzll(todo);
            if (unit >= rs->nunits) break; /* a fresh start marks every bit */
            const uint64_t *of = rs->unit_intersections + (size_t)unit * (size_t)words;
            for (int i = 0; i < words; i++) due[i] |= of[i];
        }
        ctx->dirty_intersections[w] = 0;
    }
    for (int i = 0; i < words; i++)
        for (; due[i]; due[i] &= due[i] - 1) {
            int k = i * 64 + __builtin_ctzll(due[i]);
            if (intersection_look(ctx, &rs->intersections[k])) return SL_PROP_CONTRADICTION;
        }
    return SL_PROP_OK;
}

static int run_rule_hooks(struct prop_ctx *ctx)
{
    const struct ruleset *rs = ctx->rs;
    uint64_t due = ctx->dirty_rules & rs->propagating;
    int status = SL_PROP_OK;
    ctx->dirty_rules = 0;
    ctx->in_hooks = 1;
    while (due && status == SL_PROP_OK) {
        int slot = __builtin_ctzll(due);
        due &= due - 1;
        ctx->current_slot = slot;
        status = rs->slots[slot].ops->propagate(rs->slots[slot].self, ctx);
    }
    ctx->in_hooks = 0;
    return status ? SL_PROP_CONTRADICTION : SL_PROP_OK;
}

/* Cheap rules first; each costlier one runs only when the cheaper ones
 * have nothing left to do. */
static int fixed_point(struct prop_ctx *ctx)
{
    if (ctx->rs->kernel) return kernel_fixed_point(ctx);
    for (;;) {
        if (drain_singles(ctx)) return SL_PROP_CONTRADICTION;
        ctx->changed = 0;
        if (hidden_singles(ctx)) return SL_PROP_CONTRADICTION;
        if (ctx->changed) continue;
        if (ctx->dirty_rules & ctx->rs->propagating) {
            if (run_rule_hooks(ctx)) return SL_PROP_CONTRADICTION;
            if (ctx->changed) continue;
        }
        if (ctx->light) return SL_PROP_OK;
        if (intersections(ctx)) return SL_PROP_CONTRADICTION;
        if (!ctx->changed) return SL_PROP_OK;
    }
}

/* Opens a propagation in which the units in `dirty` (every unit, or
 * none) are due for a look. */
static void ctx_open(struct prop_ctx *ctx, const struct ruleset *rs, void *state, int dirty)
{
    /* Word by word: a few words each, opened at every node, where a call
     * to memset costs more than the loop. The first word, all a 9x9
     * ruleset has, is set outside it: compilers turn the loop into memset
     * calls. */
    uint64_t fill = dirty ? ~UINT64_C(0) : 0;
    ctx->dirty_hidden[0] = fill;
    ctx->dirty_intersections[0] = fill;
    for (int w = 1; w < rs->unit_words; w++) {
        ctx->dirty_hidden[w] = fill;
        ctx->dirty_intersections[w] = fill;
    }
    for (int w = 0; w < (rs->ngroups + 63) / 64; w++) ctx->dirty_groups[w] = fill;
    ctx->rs = rs;
    ctx->cand = state;
    ctx->dirty_rules = 0;
    ctx->current_slot = -1;
    ctx->changed = 0;
    ctx->queue_len = 0;
    ctx->failed_cell = -1;
    ctx->blame_count = 0;
    ctx->aborted = 0;
    ctx->in_hooks = 0;
}

int propagate_start(struct prop_ctx *ctx, const struct ruleset *rs, void *state,
                    const uint8_t *givens)
{
    return propagate_start_search(ctx, rs, state, givens, 0, NULL);
}

/* The general path's start, past opening ctx. */
static int start_general(struct prop_ctx *ctx, const struct ruleset *rs, const uint8_t *givens)
{
    int ncells = rs->geo.ncells;
    digitset *cand = ctx->cand;
    for (int c = 0; c < ncells; c++) {
        cand[c] = givens[c] ? rs->domain[c] & digitset_of(givens[c]) : rs->domain[c];
        if (cand[c] == 0) return SL_PROP_CONTRADICTION;
    }
    /* Every unit, group and rule is due already, so the first sweep of the
     * starting singles (givens, one-digit domains) over their peers needs
     * none of note_change's bookkeeping: plain masks; then the cells the
     * sweep left single are queued for the usual drain. */
    for (int c = 0; c < ncells; c++) {
        if (!digitset_is_single(cand[c])) continue;
        ctx->queue[ctx->queue_len++] = (uint16_t)c;
    }
    int swept = ctx->queue_len;
    for (int q = 0; q < swept; q++) {
        int c = ctx->queue[q];
        digitset digit = givens[c] ? digitset_of(givens[c]) : rs->domain[c];
        for (int i = rs->peer_start[c]; i < rs->peer_start[c + 1]; i++)
            cand[rs->peers[i]] &= ~digit;
    }
    ctx->queue_len = 0;
    for (int c = 0; c < ncells; c++) {
        int was_single = givens[c] || digitset_is_single(rs->domain[c]);
        if (cand[c] == 0) {
            ctx->failed_cell = c;
            return SL_PROP_CONTRADICTION;
        }
        if (!digitset_is_single(cand[c])) continue;
        note_solved(ctx, c, cand[c]);
        if (!was_single) ctx->queue[ctx->queue_len++] = (uint16_t)c;
    }
    ctx->dirty_rules = rs->propagating; /* every rule gets a first look */
    return fixed_point(ctx);
}

int propagate_start_limited(struct prop_ctx *ctx, const struct ruleset *rs, void *state,
                            const uint8_t *givens, int light, void *scratch, int cell,
                            digitset allowed)
{
    ctx->light = light;
    ctx->scratch = scratch;
    if (scratch) memset(scratch, 0, rs->scratch_bytes);
    size_t cand_bytes = (size_t)rs->geo.ncells * sizeof(digitset);
    ctx_open(ctx, rs, state, 1);
    memset((char *)state + cand_bytes, 0, rs->state_bytes - cand_bytes);
    if (rs->kernel) return kernel_start(ctx, givens, cell, allowed);
    int status = start_general(ctx, rs, givens);
    if (status == SL_PROP_OK && cell >= 0 && !ctx->aborted)
        status = propagate_restrict_cells(ctx, rs, state, &cell, 1, allowed);
    return status;
}

int propagate_start_search(struct prop_ctx *ctx, const struct ruleset *rs, void *state,
                           const uint8_t *givens, int light, void *scratch)
{
    return propagate_start_limited(ctx, rs, state, givens, light, scratch, -1, 0);
}

int propagate_restrict_cells(struct prop_ctx *ctx, const struct ruleset *rs, void *state,
                             const int *cells, int count, digitset allowed)
{
    ctx_open(ctx, rs, state, 0);
    if (rs->kernel) return kernel_restrict(ctx, cells, count, allowed);
    for (int i = 0; i < count; i++) {
        digitset before = ctx->cand[cells[i]], after = before & allowed;
        if (after == before) continue;
        if (after == 0) return SL_PROP_CONTRADICTION;
        ctx->cand[cells[i]] = after;
        note_change(ctx, cells[i], after);
    }
    return fixed_point(ctx);
}

int propagate_restrict_each(struct prop_ctx *ctx, const struct ruleset *rs, void *state,
                            const int *cells, const digitset *allowed, int count)
{
    ctx_open(ctx, rs, state, 0);
    if (rs->kernel) return kernel_restrict_each(ctx, cells, allowed, count);
    for (int i = 0; i < count; i++) {
        digitset before = ctx->cand[cells[i]], after = before & allowed[i];
        if (after == before) continue;
        if (after == 0) return SL_PROP_CONTRADICTION;
        ctx->cand[cells[i]] = after;
        note_change(ctx, cells[i], after);
    }
    return fixed_point(ctx);
}

void propagate_view(struct prop_ctx *ctx, const struct ruleset *rs, void *state)
{
    ctx->rs = rs;
    ctx->cand = state;
    ctx->current_slot = -1;
    ctx->in_hooks = 0;
}

void propagate_view_fresh(struct prop_ctx *ctx, const struct ruleset *rs, void *state)
{
    ctx_open(ctx, rs, state, 0);
    ctx->light = 0;
    ctx->scratch = NULL;
}

/* --- The calls rules make from propagate (constraint.h) ------------------ */

const struct geometry *prop_geometry(const struct prop_ctx *ctx) { return &ctx->rs->geo; }

digitset prop_candidates(const struct prop_ctx *ctx, int cell) { return ctx->cand[cell]; }

const digitset *prop_candidate_array(const struct prop_ctx *ctx) { return ctx->cand; }

int prop_restrict(struct prop_ctx *ctx, int cell, digitset allowed)
{
    digitset before = ctx->cand[cell];
    digitset after = before & allowed;
    if (after == before) return SL_PROP_OK;
    ctx->cand[cell] = after;
    if (after == 0) {
        ctx->failed_cell = cell;
        return SL_PROP_CONTRADICTION;
    }
    note_change(ctx, cell, after);
    return SL_PROP_OK;
}

/* prop_remove for at most 32 cells. Each cell is written without a branch
 * (whether it holds the digits is data the predictor mostly loses; one
 * that does not is written unchanged), then the changed ones are told in
 * order. At an emptied cell the cells after it get their digits back, as
 * a cell-by-cell pass would have stopped there. */
static int remove_from_32(struct prop_ctx *ctx, const uint16_t *cells, int count, digitset digits)
{
    digitset *cand = ctx->cand, was[32];
    uint32_t held = 0;
    for (int i = 0; i < count; i++) {
        digitset before = cand[cells[i]];
        was[i] = before;
        held |= (uint32_t)((before & digits) != 0) << i;
        cand[cells[i]] = before & ~digits;
    }
    for (uint32_t left = held; left; left &= left - 1) {
        int i = __builtin_ctz(left);
        digitset after = cand[cells[i]];
        if (after == 0) {
            ctx->failed_cell = cells[i];
            for (uint32_t later = left & (left - 1); later; later &= later - 1)
                cand[cells[__builtin_ctz(later)]] = was[__builtin_ctz(later)];
            return SL_PROP_CONTRADICTION;
        }
        note_change(ctx, cells[i], after);
    }
    return held != 0;
}

int prop_remove(struct prop_ctx *ctx, const uint16_t *cells, int count, digitset digits)
{
    int removed = 0;
    for (int first = 0; first < count; first += 32) {
        int rc =
            remove_from_32(ctx, cells + first, count - first < 32 ? count - first : 32, digits);
        if (rc < 0) return SL_PROP_CONTRADICTION;
        removed |= rc;
    }
    return removed;
}

int prop_next_group(struct prop_ctx *ctx)
{
    const struct rule_slot *slot = &ctx->rs->slots[ctx->current_slot];
    int first = slot->group_first, end = first + slot->group_count;
    for (int w = first >> 6; w * 64 < end; w++) {
        uint64_t due = ctx->dirty_groups[w];
        if (w == first >> 6) due &= ~UINT64_C(0) << (first & 63);
        if (!due) continue;
        int group = w * 64 + __builtin_ctzll(due);
        if (group >= end) return -1;
        ctx->dirty_groups[w] &= ~(UINT64_C(1) << (group & 63));
        return group - first;
    }
    return -1;
}

void prop_abort(struct prop_ctx *ctx) { ctx->aborted = 1; }

int prop_should_yield(struct prop_ctx *ctx)
{
    if (ctx->queue_len == 0) return 0;
    ctx->dirty_rules |= UINT64_C(1) << ctx->current_slot;
    return 1;
}

void prop_blame(struct prop_ctx *ctx, const int *cells, int count)
{
    ctx->blame_count = 0;
    for (int i = 0; i < count && i < SL_MAX_BLAME; i++)
        ctx->blame[ctx->blame_count++] = (uint16_t)cells[i];
}

const uint64_t *prop_unsettled_houses(const struct prop_ctx *ctx)
{
    return ctx->in_hooks ? ctx->dirty_hidden : NULL;
}

void prop_settle_group(struct prop_ctx *ctx, int group)
{
    int g = ctx->rs->slots[ctx->current_slot].group_first + group;
    ctx->dirty_groups[g >> 6] &= ~(UINT64_C(1) << (g & 63));
}

void *prop_rule_state(struct prop_ctx *ctx)
{
    return (char *)ctx->cand + ctx->rs->slots[ctx->current_slot].state_offset;
}

const void *prop_rule_state_read(const struct prop_ctx *ctx)
{
    if (ctx->current_slot < 0) return NULL;
    return (const char *)ctx->cand + ctx->rs->slots[ctx->current_slot].state_offset;
}

void *prop_rule_scratch(struct prop_ctx *ctx)
{
    return ctx->scratch ? ctx->scratch + ctx->rs->slots[ctx->current_slot].scratch_offset : NULL;
}
