/*
 * killer_kernel.c — see killer_kernel.h.
 *
 * One settler for the whole count; a level saves its candidates before
 * trying each digit of its branch cell (or each combination of its
 * branch sum) and restores them for the next.
 * A contradiction leaves due flags behind, cleared before the next try.
 */
#include "killer_kernel.h"

#include <stdlib.h>
#include <string.h>

#include "killer_settler.h"

struct kk_run {
    struct settler *s;
    const struct cage_text *cages;
    const struct geometry *g;
    digitset *saved; /* ncells candidates a level */
    uint8_t *out;    /* the solutions found, when listed */
    long limit, found;
    uint64_t nodes, budget;
    int gave_up;
    uint32_t weight[SETTLE_CELLS]; /* dead ends met branching on the cell */
};

/* A sum's combinations are branched on when there are fewer than the
 * best cell's candidates plus this (the general search's offer bonus). */
#define KK_OFFER_BONUS 2
/* Offers with more combinations are not made (the cell is branched on). */
#define KK_OFFER_MAX 64

/* The open cell with the fewest candidates for its weight (the first of
 * them), or -1 when every cell is single. */
static int kk_pick(const struct settler *s, const uint32_t *weight)
{
    int best = -1;
    uint64_t fewest = UINT64_MAX;
    for (int c = 0; c < s->ncells; c++) {
        int k = digitset_count(s->cand[c]);
        if (k < 2) continue;
        uint64_t score = ((uint64_t)k << 32) / (weight[c] + 1);
        if (score < fewest) fewest = score, best = c;
    }
    return best;
}

int killer_cages_hold(const struct cage_text *cages, const struct geometry *g, const uint8_t *grid)
{
    const struct cellmap *map = &cages->map;
    int sum[SL_MAX_CELLS];
    digitset seen[SL_MAX_CELLS];
    for (int p = 0; p < map->nparts; p++) sum[p] = 0, seen[p] = 0; /* not all 625 */
    for (int c = 0; c < g->ncells; c++) {
        int p = map->part[c];
        if (p < 0) continue;
        if (grid[c] < 1 || grid[c] > g->size || (seen[p] & digitset_of(grid[c]))) return 0;
        seen[p] |= digitset_of(grid[c]);
        sum[p] += grid[c];
    }
    for (int p = 0; p < map->nparts; p++)
        if (cages->sum[p] && sum[p] != cages->sum[p]) return 0;
    return 1;
}

/* 1 when the candidates are single and a solution, written into grid:
 * every house holds every digit, and the cages hold (the rule's check). */
static int kk_solution(const struct kk_run *run, uint8_t *grid)
{
    const struct settler *s = run->s;
    for (int h = 0; h < s->nhouses; h++) {
        digitset all = 0;
        for (int i = 0; i < s->n; i++) all |= s->cand[s->house[h][i]];
        if (all != s->all) return 0;
    }
    for (int c = 0; c < s->ncells; c++) {
        if (!digitset_is_single(s->cand[c])) return 0;
        grid[c] = (uint8_t)digitset_first(s->cand[c]);
    }
    return killer_cages_hold(run->cages, run->g, grid);
}

/* The branch of a node: a cell's digits, or a sum's combinations. */
struct kk_branch {
    int cell, sum, count;
    digitset rests[KK_OFFER_MAX];
};

/* The open cell with the fewest candidates, unless a sum offers fewer
 * combinations by KK_OFFER_BONUS; 0 when every cell is single. */
static int kk_choose(struct kk_run *run, struct kk_branch *b)
{
    struct settler *s = run->s;
    b->cell = kk_pick(s, run->weight);
    b->sum = -1;
    if (b->cell < 0) return 0;
    int best = digitset_count(s->cand[b->cell]) + KK_OFFER_BONUS;
    /* An offer of best or more is passed over, so it is cut off there. */
    for (int i = 0; i < s->nsums; i++) {
        if (s->sums[i].combo_count < 2) continue;
        int m = settle_offer(s, i, b->rests, best - 1 < KK_OFFER_MAX ? best - 1 : KK_OFFER_MAX);
        if (m >= 2) best = m, b->sum = i;
    }
    if (b->sum >= 0) b->count = settle_offer(s, b->sum, b->rests, KK_OFFER_MAX);
    return 1;
}

/* Alternative k of the branch on the saved candidates: 0, or -1 on a
 * contradiction. */
static int kk_try(struct kk_run *run, const struct kk_branch *b, digitset keep)
{
    struct settler *s = run->s;
    if (b->sum < 0) return settle_restrict(s, b->cell, keep);
    const struct settle_sum *sum = &s->sums[b->sum];
    for (int i = 0; i < sum->count; i++) {
        int cell = s->sum_cells[sum->first + i];
        if (!digitset_is_single(s->cand[cell]) && settle_restrict(s, cell, keep)) return -1;
    }
    return 0;
}

/* A dead end weighs on the cells branched on, which are then picked
 * sooner among cells of as many candidates. */
static void kk_blame(struct kk_run *run, const struct kk_branch *b)
{
    const struct settler *s = run->s;
    if (b->sum < 0) {
        run->weight[b->cell]++;
        return;
    }
    const struct settle_sum *sum = &s->sums[b->sum];
    for (int i = 0; i < sum->count; i++) run->weight[s->sum_cells[sum->first + i]]++;
}

/* Searches below the settler's fixed point at depth: 1 when the count
 * is done (the limit reached or the node limit met). */
static int kk_search(struct kk_run *run, int depth)
{
    struct settler *s = run->s;
    struct kk_branch b;
    if (!kk_choose(run, &b)) {
        uint8_t grid[SETTLE_CELLS];
        if (!kk_solution(run, grid)) return 0;
        if (run->out)
            memcpy(run->out + (size_t)run->found * (size_t)s->ncells, grid, (size_t)s->ncells);
        return ++run->found >= run->limit;
    }
    /* Levels are saved for ncells: a cell's branch fixes a cell, a sum's
     * narrows one, so a deeper search (never met) is handed over. */
    if (depth >= s->ncells) return run->gave_up = 1;
    size_t bytes = (size_t)s->ncells * sizeof *s->cand;
    digitset *here = run->saved + (size_t)depth * (size_t)s->ncells;
    memcpy(here, s->cand, bytes);
    digitset digits = here[b.cell];
    int count = b.sum < 0 ? digitset_count(digits) : b.count;
    for (int k = 0; k < count; k++, digits = digitset_rest(digits)) {
        if (run->budget && run->nodes >= run->budget) return run->gave_up = 1;
        run->nodes++;
        memcpy(s->cand, here, bytes);
        if (kk_try(run, &b, b.sum < 0 ? digits & -digits : b.rests[k]) || settle_run(s)) {
            settle_clear_due(s);
            kk_blame(run, &b);
            continue;
        }
        if (kk_search(run, depth + 1)) return 1;
    }
    return 0;
}

long killer_kernel_count(const struct cage_text *cages, const struct geometry *g,
                         const uint8_t *givens, long limit, uint64_t nodes, uint64_t *used,
                         uint8_t *found)
{
    *used = 0;
    if (g->size > SETTLE_MAX_SIZE) return -1;
    struct kk_run run = {.s = malloc(sizeof *run.s),
                         .cages = cages,
                         .g = g,
                         .out = found,
                         .limit = limit < 1 ? 1 : limit,
                         .nodes = 1, /* the root */
                         .budget = nodes};
    /* A level per branch, at most ncells (kk_search). */
    if (run.s) run.saved = malloc((size_t)g->ncells * (size_t)g->ncells * sizeof *run.saved);
    if (run.s == NULL || run.saved == NULL) {
        free(run.s);
        return -1;
    }
    int rc = settle_init(run.s, cages, g);
    memset(run.weight, 0, sizeof run.weight);
    if (rc == 0 && settle_givens(run.s, givens) == 0 && settle_run(run.s) == 0) kk_search(&run, 0);
    free(run.saved);
    free(run.s);
    *used = run.nodes;
    return run.gave_up ? -2 : run.found;
}
