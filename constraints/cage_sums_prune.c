/*
 * cage_sums_prune.c — how a sum set's sums are pruned (cage_sums.h): a
 * one-group sum through its list of combinations, at full strength for
 * the search and as the rater's sight allows; a sum of several groups by
 * their digit sets (sum_groups.h), else by an exact walk
 * (cage_sums_exact.c), else by bounds (cage_sums_bounds.c); and the
 * branch the set offers the search. The search's path stays in this
 * file, so its calls inline as they did.
 */
#include "cage_combos.h"
#include "cage_sums_internal.h"

/* Item it's gone digits, one set per link, in state; NULL without a
 * state (each call then works from scratch) or for a large grid. */
static gone_set *sum_links_gone(const struct sum_set *s, const struct sum_item *it, void *state)
{
    if (state == NULL || !sum_set_keeps_gone(s)) return NULL;
    return (gone_set *)((char *)state + sum_gone_at(s)) + it->link_first;
}

/* Item it's offer memo in state, or NULL (no state, or no memo). */
static const struct offer_memo *sum_offer_memo(const struct sum_set *s, const struct sum_item *it,
                                               const void *state)
{
    if (state == NULL || it->offer_memo < 0) return NULL;
    return (const struct offer_memo *)((const char *)state + sum_offer_memos_at(s)) +
           it->offer_memo;
}

/* ---- one group: digit combinations ---- */

struct sum_view {
    int open[SUM_MAX_CELLS]; /* cells with two or more candidates */
    int pos[SUM_MAX_CELLS];  /* their places in the sum */
    digitset cand[SUM_MAX_CELLS];
    int nopen;
    digitset placed;   /* digits of the solved cells */
    digitset reach;    /* every candidate of the open cells */
    digitset mask_sum; /* of every cell's candidates (struct offer_memo) */
    uint64_t open_at;  /* bit i: the sum's cell i is open */
    int placed_sum;
    /* The open cells' candidates a combination's open digits could miss
     * (cage_cell_may_miss): only these are tested. */
    digitset check[SUM_MAX_CELLS];
    int ncheck;
};

static int sum_view_of(const struct sum_set *s, const struct sum_item *it,
                       const struct prop_ctx *ctx, struct sum_view *v)
{
    const digitset *now = prop_candidate_array(ctx);
    v->nopen = 0;
    v->placed = v->reach = v->mask_sum = 0;
    v->open_at = 0;
    v->placed_sum = 0;
    for (int i = 0; i < it->count; i++) {
        int cell = s->cells[it->first + i];
        digitset m = now[cell];
        v->mask_sum += m;
        if (!digitset_is_single(m)) {
            v->cand[v->nopen] = m;
            v->pos[v->nopen] = i;
            v->open[v->nopen++] = cell;
            v->open_at |= UINT64_C(1) << i;
            v->reach |= m;
        } else if (v->placed & m) {
            return SL_PROP_CONTRADICTION;
        } else {
            v->placed |= m;
            v->placed_sum += digitset_first(m);
        }
    }
    v->ncheck = 0;
    /* Each written, counted when it is to be checked: whether it is, is
     * data the predictor loses. */
    for (int i = 0; i < v->nopen; i++) {
        v->check[v->ncheck] = v->cand[i];
        v->ncheck += cage_cell_may_miss(v->cand[i], v->reach, v->nopen);
    }
    return SL_PROP_OK;
}

/* 1 when a house link meets can force no digit but one placed in the
 * sum: the engine's hidden singles have settled the house (unsettled,
 * prop_unsettled_houses, has its bit clear) and at most one of the sum's
 * cells in it is open. A digit with no place outside the sum there then
 * has its places in the sum; one place would be a settled house's lone
 * place, a single cell of the sum, and two or more need two open cells,
 * as a single's digit has no other place in a settled house. */
static int sum_link_settled(const struct sum_link *link, const uint64_t *unsettled,
                            uint64_t open_at)
{
    uint64_t open_inside = link->inside & open_at;
    return unsettled && !(open_inside & (open_inside - 1)) &&
           !(unsettled[link->house >> 6] >> (link->house & 63) & 1);
}

/* Digits some house the sum meets can place nowhere but in the sum,
 * those placed in it (open_at clear) aside when unsettled is not NULL:
 * the houses sum_link_settled tells apart are not read. */
static digitset sum_forced_in(const struct sum_set *s, const struct sum_item *it,
                              const digitset *now, const uint64_t *unsettled, uint64_t open_at)
{
    digitset forced = 0, all = digitset_all(s->size);
    for (int l = 0; l < it->link_count; l++) {
        const struct sum_link *link = &s->links[it->link_first + l];
        if (sum_link_settled(link, unsettled, open_at)) continue;
        const uint16_t *out = s->outside + link->out_first;
        digitset there = link->out_count <= SUM_LINK_PAD
                             ? digitset_union_of8(now, out) & link->out_any
                             : digitset_union_of(now, out, link->out_count);
        forced |= all & ~there;
    }
    return forced;
}

/* The item's combinations; NULL when it has none (s->combos may be NULL,
 * and NULL plus even 0 is undefined). */
static const digitset *sum_combos_of(const struct sum_set *s, const struct sum_item *it)
{
    return it->combo_count > 0 ? s->combos + it->combo_first : NULL;
}

/* Word w (of words) of the combinations of item it's list holding every
 * digit of digits, by its digits' masks: has is word w of digit 0's. */
static inline uint64_t sum_combos_holding(const struct sum_item *it, const uint64_t *has, int w,
                                          int words, digitset digits)
{
    uint64_t live = sum_low_bits(it->combo_count - 64L * w);
    for (digitset m = digits; m; m = digitset_rest(m)) live &= has[digitset_first(m) * words];
    return live;
}

/* sum_survivors for a list with its digits' masks: the combinations
 * holding every forced digit, no digit outside the sum's reach, and a
 * digit of each cell to check are found digit by digit, not combination
 * by combination. */
static inline digitset sum_survivors_by_digits(const struct sum_set *s, const struct sum_item *it,
                                               const struct sum_view *v, digitset forced,
                                               digitset *can, int *count, int words)
{
    const digitset *list = sum_combos_of(s, it);
    digitset needed = ~(digitset)0, any = 0;
    digitset beyond = digitset_all(s->size) & ~(v->reach | v->placed);
    int survivors = 0;
    for (int w = 0; w < words; w++) {
        const uint64_t *has = s->has + it->has_first + w;
        uint64_t live = sum_combos_holding(it, has, w, words, forced);
        for (digitset m = beyond; m; m = digitset_rest(m)) live &= ~has[digitset_first(m) * words];
        for (int i = 0; i < v->ncheck && live; i++) {
            uint64_t meets = 0;
            for (digitset m = v->check[i] & ~v->placed; m; m = digitset_rest(m))
                meets |= has[digitset_first(m) * words];
            live &= meets;
        }
        survivors += __builtin_popcountll(live);
        for (; live; live &= live - 1) {
            digitset rest = list[64 * w + __builtin_ctzll(live)] & ~v->placed;
            any |= rest;
            needed &= rest;
        }
    }
    *can = any;
    *count = survivors;
    return needed;
}

/* The surviving combinations: their union (*can) and intersection. */
static digitset sum_survivors(const struct sum_set *s, const struct sum_item *it,
                              const struct sum_view *v, digitset forced, digitset *can, int *count)
{
    /* One word, the 9x9 grids' every list, with the word count a
     * constant. */
    if (it->has_first >= 0 && it->has_words == 1)
        return sum_survivors_by_digits(s, it, v, forced, can, count, 1);
    if (it->has_first >= 0)
        return sum_survivors_by_digits(s, it, v, forced, can, count, it->has_words);
    const digitset *list = sum_combos_of(s, it);
    digitset needed = ~(digitset)0;
    *can = 0;
    *count = 0;
    for (long j = 0; j < it->combo_count; j++) {
        digitset rest = list[j] & ~v->placed;
        if ((list[j] & forced) != forced || (rest & v->reach) != rest) continue;
        if (!cage_rest_meets(v->check, v->ncheck, rest)) continue;
        *can |= rest;
        needed &= rest;
        ++*count;
    }
    return needed;
}

/* How sum_needed treats a needed digit's other places. */
enum {
    NEEDED_POINTING = 1,       /* gone from every house holding all its places in the
                                  sum; else only from houses holding the whole sum */
    NEEDED_OUTSIDE_COUNTS = 2, /* a removal outside the sum counts as a change
                                  (the rater's step); the search counts only
                                  the sum's own cells, which it settles */
};

/* Removes digit d from the cells of link's house outside the sum: 1 when
 * some cell lost it, 0 when none held it, or SL_PROP_CONTRADICTION. */
static int sum_link_clear(const struct sum_set *s, const struct sum_link *link,
                          struct prop_ctx *ctx, digitset d)
{
    return prop_remove(ctx, s->outside + link->out_first, link->out_count, d);
}

/* sum_needed for a sum with its lacks (at most 64 links): the links
 * whose houses hold every place of a digit come from those places'
 * lacks, not from a test of each link; the same removals, in the same
 * order, as sum_needed_by_links. */
static int sum_needed_by_lacks(const struct sum_set *s, const struct sum_item *it,
                               struct prop_ctx *ctx, const struct sum_view *v, digitset needed,
                               int mode, gone_set *gone)
{
    const digitset *now = prop_candidate_array(ctx);
    const uint64_t *lacks = s->lacks + it->lacks_first;
    uint64_t links = sum_low_bits(it->link_count);
    uint64_t holding = links; /* the links holding the whole sum */
    if (!(mode & NEEDED_POINTING))
        for (int i = 0; i < it->count; i++) holding &= ~lacks[i];
    int changed = 0;
    for (; needed; needed = digitset_rest(needed)) {
        digitset d = needed & -needed;
        uint64_t due = holding;
        int places = 0, cell = -1;
        /* Without branches: whether a cell holds d is a coin toss the
         * predictor loses. */
        for (int i = 0; i < v->nopen; i++) {
            uint64_t holds = UINT64_C(0) - ((now[v->open[i]] & d) != 0);
            due &= ~(lacks[v->pos[i]] & holds);
            places += (int)(holds & 1);
            cell = holds ? v->open[i] : cell;
        }
        if (places == 0) return SL_PROP_CONTRADICTION;
        if (places == 1 && now[cell] != d) {
            if (prop_restrict(ctx, cell, d)) return SL_PROP_CONTRADICTION;
            changed = 1;
        }
        for (; due; due &= due - 1) {
            int l = __builtin_ctzll(due);
            if (gone && (gone[l] & d)) continue;
            int removed = sum_link_clear(s, &s->links[it->link_first + l], ctx, d);
            if (removed < 0) return SL_PROP_CONTRADICTION;
            if (removed && (mode & NEEDED_OUTSIDE_COUNTS)) changed = 1;
            if (gone) gone[l] = (gone_set)(gone[l] | d);
        }
    }
    return changed;
}

/* sum_needed one link at a time, for a sum meeting more than 64 houses. */
static int sum_needed_by_links(const struct sum_set *s, const struct sum_item *it,
                               struct prop_ctx *ctx, const struct sum_view *v, digitset needed,
                               int mode, gone_set *gone)
{
    const digitset *now = prop_candidate_array(ctx);
    uint64_t whole = sum_low_bits(it->count);
    int changed = 0;
    for (; needed; needed = digitset_rest(needed)) {
        digitset d = needed & -needed;
        uint64_t where = 0;
        int places = 0, cell = -1;
        for (int i = 0; i < v->nopen; i++)
            if (now[v->open[i]] & d) where |= UINT64_C(1) << v->pos[i], places++, cell = v->open[i];
        if (places == 0) return SL_PROP_CONTRADICTION;
        if (places == 1 && now[cell] != d) {
            if (prop_restrict(ctx, cell, d)) return SL_PROP_CONTRADICTION;
            changed = 1;
        }
        for (int l = 0; l < it->link_count; l++) {
            const struct sum_link *link = &s->links[it->link_first + l];
            if (gone && (gone[l] & d)) continue;
            if ((mode & NEEDED_POINTING) ? (where & ~link->inside) != 0 : link->inside != whole)
                continue;
            int removed = sum_link_clear(s, link, ctx, d);
            if (removed < 0) return SL_PROP_CONTRADICTION;
            if (removed && (mode & NEEDED_OUTSIDE_COUNTS)) changed = 1;
            if (gone) gone[l] = (gone_set)(gone[l] | d);
        }
    }
    return changed;
}

/* For a digit every survivor needs: placed when one open cell alone can
 * take it; gone from the houses mode names (the cage's version of
 * pointing). gone, when not NULL, holds per link the digits known gone
 * from its house outside the sum: candidates only shrink down a branch,
 * so such a house is not read again for them (the same removals, fewer
 * reads). Returns SL_PROP_CONTRADICTION, or 1 when a cell counted by
 * mode changed, else 0. */
static int sum_needed(const struct sum_set *s, const struct sum_item *it, struct prop_ctx *ctx,
                      const struct sum_view *v, digitset needed, int mode, gone_set *gone)
{
    if (it->lacks_first >= 0) return sum_needed_by_lacks(s, it, ctx, v, needed, mode, gone);
    return sum_needed_by_links(s, it, ctx, v, needed, mode, gone);
}

/* Notes what the offer needs of item it, seen as v with `count`
 * combinations surviving its cells alone, in its memo (if any). */
static void sum_offer_note(const struct sum_set *s, const struct sum_item *it, void *state,
                           const struct sum_view *v, int count)
{
    if (state == NULL || it->offer_memo < 0) return;
    struct offer_memo *memo =
        (struct offer_memo *)((char *)state + sum_offer_memos_at(s)) + it->offer_memo;
    *memo = (struct offer_memo){v->mask_sum, (uint16_t)(count < UINT16_MAX ? count : UINT16_MAX),
                                (uint16_t)v->nopen};
}

/* The houses' forced digits only matter when several combinations are
 * left, so they are looked up only then. Like every pruning below:
 * SL_PROP_CONTRADICTION, or 1 when the sum's own cells changed, else 0.
 * A call that leaves its own cells as they were notes the offer's memo. */
static int sum_by_combos(const struct sum_set *s, const struct sum_item *it, struct prop_ctx *ctx,
                         const struct sum_view *v, void *state)
{
    digitset can;
    int count;
    if (v->nopen == 0) return v->placed_sum == it->total ? SL_PROP_OK : SL_PROP_CONTRADICTION;
    digitset needed = sum_survivors(s, it, v, v->placed, &can, &count);
    int alone = count; /* survivors of the sum's cells alone */
    if (count > 1) {
        digitset forced = sum_forced_in(s, it, prop_candidate_array(ctx),
                                        prop_unsettled_houses(ctx), v->open_at) &
                          ~v->placed;
        if (forced & ~needed) needed = sum_survivors(s, it, v, forced | v->placed, &can, &count);
    }
    if (count == 0) return SL_PROP_CONTRADICTION;
    int changed = 0;
    for (int i = 0; i < v->nopen; i++) {
        if (!(v->cand[i] & ~can)) continue;
        if (prop_restrict(ctx, v->open[i], can)) return SL_PROP_CONTRADICTION;
        changed = 1;
    }
    int placed = sum_needed(s, it, ctx, v, needed, NEEDED_POINTING, sum_links_gone(s, it, state));
    if (placed < 0) return SL_PROP_CONTRADICTION;
    if (!(changed | placed)) sum_offer_note(s, it, state, v, alone);
    return changed | placed;
}

/* ---- one group, as a player sees it (the rater's killer techniques) ---- */

/* The combinations sight leaves (cage_sums.h), their union and their
 * intersection; stores at most cap of them in out. */
static int sum_seen_list(const struct sum_set *s, const struct sum_item *it,
                         const struct sum_view *v, int sight, const digitset *now, digitset *out,
                         int cap, digitset *can, digitset *needed)
{
    const digitset *list = sum_combos_of(s, it);
    digitset forced = v->placed;
    int count = 0;
    if (sight & SUM_SEE_HOUSES) forced |= sum_forced_in(s, it, now, NULL, 0);
    *can = 0;
    *needed = ~(digitset)0;
    for (long j = 0; j < it->combo_count; j++) {
        digitset rest = list[j] & ~v->placed;
        if ((list[j] & forced) != forced) continue;
        if ((sight & SUM_SEE_REACH) && (rest & v->reach) != rest) continue;
        /* The short list of cells to check holds only once rest lies in reach. */
        const digitset *check = (sight & SUM_SEE_REACH) ? v->check : v->cand;
        int ncheck = (sight & SUM_SEE_REACH) ? v->ncheck : v->nopen;
        if ((sight & SUM_SEE_FIT) && !cage_rest_meets(check, ncheck, rest)) continue;
        if (count < cap) out[count] = rest;
        *can |= rest;
        *needed &= rest;
        count++;
    }
    return count;
}

int sum_set_survivors(const struct sum_set *s, int i, int sight, const struct prop_ctx *ctx,
                      digitset *out, int cap)
{
    const struct sum_item *it = &s->items[i];
    struct sum_view v;
    digitset can, needed;
    if (it->combo_count < 0) return -1;
    if (sum_view_of(s, it, ctx, &v)) return 0;
    return sum_seen_list(s, it, &v, sight, prop_candidate_array(ctx), out, cap, &can, &needed);
}

int sum_set_placed_combos(const struct sum_set *s, int i, const digitset *now)
{
    const struct sum_item *it = &s->items[i];
    const digitset *list = sum_combos_of(s, it);
    digitset placed = 0;
    int count = 0;
    if (it->combo_count < 0) return -1;
    for (int k = 0; k < it->count; k++) {
        digitset m = now[s->cells[it->first + k]];
        if (!digitset_is_single(m)) continue;
        if (placed & m) return 0;
        placed |= m;
    }
    if (it->has_first >= 0) { /* the combinations holding each placed digit, ANDed */
        for (int w = 0; w < it->has_words; w++)
            count += __builtin_popcountll(
                sum_combos_holding(it, s->has + it->has_first + w, w, it->has_words, placed));
        return count;
    }
    for (long j = 0; j < it->combo_count; j++) count += (list[j] & placed) == placed;
    return count;
}

int sum_set_prune_seen(const struct sum_set *s, int i, int sight, struct prop_ctx *ctx)
{
    const struct sum_item *it = &s->items[i];
    struct sum_view v;
    digitset can, needed;
    int changed = 0;
    if (it->combo_count < 0) return 0;
    if (sum_view_of(s, it, ctx, &v)) return SL_PROP_CONTRADICTION;
    if (v.nopen == 0) return v.placed_sum == it->total ? 0 : SL_PROP_CONTRADICTION;
    int count = sum_seen_list(s, it, &v, sight, prop_candidate_array(ctx), NULL, 0, &can, &needed);
    if (count == 0) return SL_PROP_CONTRADICTION;
    if ((sight & SUM_SEE_ONE) && count > 1) return 0;
    for (int k = 0; k < v.nopen; k++) {
        if (!(v.cand[k] & ~can)) continue;
        if (prop_restrict(ctx, v.open[k], can)) return SL_PROP_CONTRADICTION;
        changed = 1;
    }
    if (!(sight & (SUM_SEE_NEEDED | SUM_SEE_POINTING))) return changed;
    int more =
        sum_needed(s, it, ctx, &v, needed,
                   NEEDED_OUTSIDE_COUNTS | (sight & SUM_SEE_POINTING ? NEEDED_POINTING : 0), NULL);
    return more < 0 ? SL_PROP_CONTRADICTION : changed | more;
}

/* The digits d of m as N+1-d. */
static digitset mirror_digits(digitset m, int n)
{
    digitset out = 0;
    for (; m; m = digitset_rest(m)) out |= digitset_of(n + 1 - digitset_first(m));
    return out;
}

static int sum_by_groups(const struct sum_set *s, const struct sum_item *it, struct prop_ctx *ctx,
                         void *memo)
{
    const digitset *now = prop_candidate_array(ctx);
    const uint16_t *cells = s->cells + it->first;
    const int8_t *weight = s->weight + it->first;
    digitset cand[SUM_MAX_CELLS], keep[SUM_MAX_CELLS];
    for (int i = 0; i < it->count; i++) cand[i] = now[cells[i]];
    if (it->mirrored)
        for (int i = 0; i < it->count; i++)
            if (weight[i] < 0) cand[i] = mirror_digits(cand[i], s->size);
    int narrowed = sum_groups_prune_laid(s->subsets, cand, &s->layouts[it->layout], it->count,
                                         it->ngroups, it->groups_total, s->broad, keep, memo);
    if (narrowed <= 0) return narrowed < 0 ? SL_PROP_CONTRADICTION : 0;
    int changed = 0;
    for (int i = 0; i < it->count; i++) {
        if (keep[i] == cand[i]) continue;
        if (it->mirrored && weight[i] < 0) keep[i] = mirror_digits(keep[i], s->size);
        if (prop_restrict(ctx, cells[i], keep[i])) return SL_PROP_CONTRADICTION;
        changed = 1;
    }
    return changed;
}

/* The sum of its cells' candidate masks: masks only lose digits, so a
 * different sum means a changed cell. */
static digitset sum_mask_total(const struct sum_set *s, const struct sum_item *it,
                               const struct prop_ctx *ctx)
{
    const digitset *now = prop_candidate_array(ctx);
    digitset total = 0;
    for (int k = 0; k < it->count; k++) total += now[s->cells[it->first + k]];
    return total;
}

/* A sum with no list of combinations: by its groups' digit sets, else
 * by an exact walk, else by bounds. */
static int sum_without_combos(const struct sum_set *s, const struct sum_item *it,
                              struct prop_ctx *ctx, void *state)
{
    int status;
    if (it->by_groups) return sum_by_groups(s, it, ctx, state ? (char *)state + it->memo_at : NULL);
    digitset before = sum_mask_total(s, it, ctx);
    if (sum_prune_exact(s, it, ctx, &status)) status = sum_prune_by_bounds(s, it, ctx);
    return status ? status : sum_mask_total(s, it, ctx) != before;
}

/* A sum with combinations takes one pass: narrowing its open cells to
 * the survivors' union leaves the same survivors, so a second pass could
 * only gain from a digit the first placed, and the engine's singles wake
 * the sum again when that digit leaves another of its cells. On the
 * killer family (scripts/bench_killer_family.sh) it saved 5% of the work
 * per node. Other sums run until they change nothing of their own cells,
 * so the caller can take each as settled. */
int sum_set_propagate(const struct sum_set *s, int i, struct prop_ctx *ctx, void *state)
{
    const struct sum_item *it = &s->items[i];
    if (it->combo_count >= 0) {
        struct sum_view v;
        return sum_view_of(s, it, ctx, &v) ? SL_PROP_CONTRADICTION
                                           : sum_by_combos(s, it, ctx, &v, state);
    }
    for (int narrowed = 0;; narrowed = 1) {
        int status = sum_without_combos(s, it, ctx, state);
        if (status < 0) return SL_PROP_CONTRADICTION;
        if (status == 0) return narrowed;
    }
}

/* ---- branching ---- */

/* Sum it's combinations surviving its cells alone (*count) among its
 * open cells (*nopen), from its memo when its cells are as the memo saw
 * them; 0, or -1 when the view finds a contradiction. Past a best so far
 * of best_count per best_open (best_count 0: none), a sum that cannot
 * beat it is not counted (*count 0). */
static int sum_offer_count(const struct sum_set *s, const struct sum_item *it,
                           const struct prop_ctx *ctx, const void *state, int best_count,
                           int best_open, int *count, int *nopen)
{
    const struct offer_memo *memo = sum_offer_memo(s, it, state);
    if (memo && memo->mask_sum == sum_mask_total(s, it, ctx)) {
        *count = memo->count;
        *nopen = memo->nopen;
        return 0;
    }
    struct sum_view v;
    digitset can;
    if (sum_view_of(s, it, ctx, &v)) return -1;
    *nopen = v.nopen;
    *count = 0;
    /* Two combinations are the fewest an offer has: past that, no count
     * can beat the best so far. */
    if (v.nopen < 2 || (best_count && 2 * best_open >= best_count * v.nopen)) return 0;
    sum_survivors(s, it, &v, v.placed, &can, count);
    return 0;
}

int sum_set_offer(const struct sum_set *s, const struct prop_ctx *ctx, const void *state,
                  struct branch_offer *offer)
{
    int best = -1, best_count = 0, best_open = 1;
    struct sum_view v;
    for (int i = 0; i < s->nitems; i++) {
        const struct sum_item *it = &s->items[i];
        int count, nopen;
        if (it->combo_count < 2 ||
            sum_offer_count(s, it, ctx, state, best_count, best_open, &count, &nopen) || nopen < 2)
            continue;
        /* Fewest combinations per open cell: a big cage with few
         * combinations settles the most. */
        int better = best < 0 || count * best_open < best_count * nopen;
        if (count >= 2 && count <= SL_MAX_ALTERNATIVES && better)
            best = i, best_count = count, best_open = nopen;
    }
    if (best < 0) return 0;
    const struct sum_item *it = &s->items[best];
    const digitset *list = sum_combos_of(s, it);
    sum_view_of(s, it, ctx, &v);
    offer->ncells = v.nopen;
    for (int i = 0; i < v.nopen; i++) offer->cells[i] = v.open[i];
    offer->nalts = 0;
    for (long j = 0; j < it->combo_count; j++) {
        digitset rest = list[j] & ~v.placed;
        if ((list[j] & v.placed) != v.placed || (rest & v.reach) != rest) continue;
        if (cage_rest_meets(v.check, v.ncheck, rest)) offer->alt[offer->nalts++] = rest;
    }
    return 1;
}
