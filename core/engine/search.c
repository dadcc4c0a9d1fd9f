/* search.c — see search.h. */
#include "search.h"

#include <stdlib.h>
#include <string.h>

#include "kernel.h"
#include "lookahead.h"
#include "nogood.h"
#include "propagate.h"

/* A rule's offer is taken over the best cell when it has fewer than the
 * cell's candidates plus this: an offer's alternatives (a cage's digit
 * sets) settle several cells at once, so a few more of them still pay
 * (scripts/RESULTS.md has the measurements behind every constant here). */
#define SEARCH_OFFER_BONUS 2
/* The same for a search that counts past one solution: it must exhaust
 * its tree, and a cage's combinations make smaller whole trees than its
 * cells do, while cells reach a first solution sooner. */
#define SEARCH_PROOF_OFFER_BONUS 4
/* Restarts (search_with_restarts): the first pass's node budget, and the
 * factor each later budget grows by. */
#define SEARCH_RESTART_NODES 100
#define SEARCH_RESTART_GROWTH 4
/* When one strategy's pass estimates its tree at less than a third of the
 * other's, its budget grows this much and the other's not at all. */
#define SEARCH_ADAPT_RATIO 3
#define SEARCH_ADAPT_GROWTH 8
/* A count's restart passes after the first choose their first split by
 * look-ahead (lookahead.h) among the split the search would take, the
 * rules' best offer, and this many of the best cells by the search's own
 * score: the first split of a pass is where a heavy tail is born, and
 * probing it costs a few propagations a pass. Searches for one solution
 * do not: their trees came out larger (scripts/RESULTS_killer.md). */
#define SEARCH_LOOK_CELLS 2

/* A split on the path from the root to the node being searched. */
struct path_step {
    const struct branch_offer *offer;
    int alt; /* the alternative being searched */
    /* Alternatives searched to the end before it, and of all: read once the
     * pass has unwound, when the offer itself is gone (pass_progress). */
    int tried, nalts;
};

struct solver {
    const struct ruleset *rs;
    /* Splits on one path, at most: every alternative of a split narrows
     * some cell, so no path is longer than the grid has candidates, and
     * without rules' offers each split assigns a cell. */
    int max_levels;
    unsigned char *stack; /* max_levels states */
    uint64_t node_limit;
    int light; /* solver_set_light */
    /* The dead-end weights outlive solver_count_below's searches. */
    int keep_dead_ends;
    /* Per cell: dead ends blamed on it this run (note_dead_end); one array
     * per strategy of the restarts (search_with_restarts), weight the current. */
    uint32_t *weight, *weights[2];
    /* The cells with a weight, as bits (the kernel's pick reads them). */
    uint64_t *blamed, *blamed_sets[2];
    unsigned char *root_copy;          /* the root state, kept for restarts */
    unsigned char *scratch;            /* the rules' per-search scratch */
    struct nogood_store *nogoods;      /* learnt by the restarts of one search */
    struct path_step *path;            /* max_levels splits: one per level */
    struct nogood_decision *decisions; /* as many: a nogood being built */
    /* The passes' first splits' look-ahead: made at its first use, as most
     * searches never restart, and its states are many. */
    struct lookahead *look;
    int look_off; /* solver_set_lookahead(s, 0) */
    /* The splits the look-ahead weighs (here, not on the recursion's stack). */
    struct branch_offer look_splits[2 + SEARCH_LOOK_CELLS];
    struct prop_ctx ctx;
};

/* One search in progress. */
struct search_run {
    struct solver *s;
    long limit;
    uint8_t *solution;
    int keep_all;    /* write every solution, one after another, into solution */
    struct rng *rng; /* NULL: digits in increasing order */
    struct search_stats stats;
    struct search_result result;
    /* The node count at which a pass with no solution yet starts over
     * (0: never), and whether the current pass is unwinding to do so. */
    uint64_t restart_at;
    int restarting;
    int cells_only; /* this pass branches on cells alone, not on offers */
    int level;      /* splits above the node being searched (s->path) */
    int stop_level; /* the level at which the pass being cut short stopped */
    int pass;       /* restart passes before this one */
};

static size_t solver_blamed_words(const struct ruleset *rs)
{
    return ((size_t)rs->geo.ncells + 63) / 64;
}

struct solver *solver_new(const struct ruleset *rs)
{
    struct solver *s = calloc(1, sizeof *s);
    if (s == NULL) return NULL;
    s->rs = rs;
    s->max_levels = rs->geo.ncells * (rs->branching ? rs->geo.size : 1) + 2;
    size_t levels = (size_t)s->max_levels;
    s->stack = malloc(levels * rs->state_bytes);
    s->weight = s->weights[0] = calloc((size_t)rs->geo.ncells, sizeof *s->weight);
    s->weights[1] = calloc((size_t)rs->geo.ncells, sizeof *s->weight);
    for (int k = 0; k < 2; k++)
        s->blamed_sets[k] = calloc(solver_blamed_words(rs), sizeof(uint64_t));
    s->blamed = s->blamed_sets[0];
    s->root_copy = malloc(rs->state_bytes);
    s->scratch = malloc(rs->scratch_bytes + 1);
    s->nogoods = nogoods_new();
    s->path = malloc(levels * sizeof *s->path);
    s->decisions = malloc(levels * sizeof *s->decisions);
    if (s->stack == NULL || !s->weights[0] || !s->weights[1] || !s->blamed_sets[0] ||
        !s->blamed_sets[1] || !s->root_copy || !s->scratch || !s->nogoods || !s->path ||
        !s->decisions) {
        solver_free(s);
        return NULL;
    }
    return s;
}

void solver_free(struct solver *s)
{
    if (s == NULL) return;
    free(s->stack);
    free(s->weights[0]);
    free(s->weights[1]);
    free(s->blamed_sets[0]);
    free(s->blamed_sets[1]);
    free(s->root_copy);
    free(s->scratch);
    nogoods_free(s->nogoods);
    free(s->path);
    free(s->decisions);
    lookahead_free(s->look);
    free(s);
}

void solver_set_node_limit(struct solver *s, uint64_t nodes) { s->node_limit = nodes; }

uint64_t solver_node_limit(const struct solver *s) { return s->node_limit; }

void solver_set_light(struct solver *s, int light) { s->light = light; }

void solver_set_lookahead(struct solver *s, int on) { s->look_off = !on; }

static digitset *state_at(struct solver *s, int depth)
{
    return (digitset *)(s->stack + (size_t)depth * s->rs->state_bytes);
}

/* The open cell with the fewest candidates per dead end it caused: MRV
 * where each cell's candidate count is divided by 1 + its weight, the
 * dead ends this run blamed on it (note_dead_end; dom/wdeg, on cells).
 * Ties go to the cell with the most peers sharing a candidate. */
static int pick_cell(const struct ruleset *rs, const digitset *cand, const uint32_t *weight)
{
    int best = -1, best_count = 0, best_degree = -1;
    uint32_t best_weight = 0;
    for (int c = 0; c < rs->geo.ncells; c++) {
        int count = digitset_count(cand[c]);
        if (count < 2) continue;
        uint64_t mine = (uint64_t)count * (1 + best_weight);
        uint64_t theirs = (uint64_t)best_count * (1 + weight[c]);
        if (best >= 0 && mine > theirs) continue;
        int degree = 0;
        for (int i = rs->peer_start[c]; i < rs->peer_start[c + 1]; i++)
            degree += (cand[rs->peers[i]] & cand[c]) != 0;
        if (best < 0 || mine < theirs || degree > best_degree) {
            best = c;
            best_count = count;
            best_degree = degree;
            best_weight = weight[c];
        }
    }
    return best;
}

static void search_node(struct search_run *run, int depth);

static void record_solution(struct search_run *run, const digitset *cand)
{
    long index = run->result.solutions++;
    if (!run->solution || (index > 0 && !run->keep_all)) return;
    int ncells = run->s->rs->geo.ncells;
    uint8_t *out = run->solution + (size_t)index * (size_t)ncells;
    for (int c = 0; c < ncells; c++) out[c] = (uint8_t)digitset_first(cand[c]);
}

static int should_stop(const struct search_run *run)
{
    return run->result.gave_up || run->restarting || run->result.solutions >= run->limit;
}

/* A dead end reached by trying an alternative of `offer`. With the
 * ruleset's kernel_fits, the cells branched on gain it: which cell
 * propagation finds empty depends on the order of its narrowings, which
 * the classic kernel chooses freely, while the branch does not (and
 * weighs the trees of classic sets no heavier). When such a ruleset has
 * pairs (units past its houses: anti-knight, anti-king) no cell gains
 * it: their trees grow under that weight, and plain MRV, its ties to the
 * most peers sharing a candidate (partners counted), keeps them no
 * larger than the empty cell's blame did. Otherwise the cell
 * propagation emptied gains it, or, when a rule found the contradiction
 * without emptying a cell, every cell it blamed does. */
static void blame_cell(struct solver *s, int cell)
{
    s->weight[cell]++;
    s->blamed[cell >> 6] |= UINT64_C(1) << (cell & 63);
}

static void note_dead_end(struct solver *s, const struct branch_offer *offer)
{
    if (s->rs->kernel_fits) {
        if (s->rs->nunits == s->rs->nhouses)
            for (int i = 0; i < offer->ncells; i++) blame_cell(s, offer->cells[i]);
    } else if (s->ctx.failed_cell >= 0)
        blame_cell(s, s->ctx.failed_cell);
    else
        for (int i = 0; i < s->ctx.blame_count; i++) blame_cell(s, s->ctx.blame[i]);
}

/* The rules' best offer with fewer than `limit` alternatives, or 0. */
static int best_offer(struct search_run *run, digitset *cand, int limit, struct branch_offer *best)
{
    const struct ruleset *rs = run->s->rs;
    struct branch_offer offer;
    int found = 0;
    propagate_view(&run->s->ctx, rs, cand);
    for (int i = 0; i < rs->nslots; i++) {
        const struct rule_slot *slot = &rs->slots[i];
        offer.nalts = limit;          /* the hook may stop looking at this many (constraint.h) */
        run->s->ctx.current_slot = i; /* its state, for prop_rule_state_read */
        if (slot->ops->branch == NULL || !slot->ops->branch(slot->self, &run->s->ctx, &offer))
            continue;
        if (offer.nalts >= 2 && offer.nalts < limit) {
            *best = offer;
            limit = offer.nalts;
            found = 1;
        }
    }
    run->s->ctx.current_slot = -1;
    return found;
}

/* The pass is being cut short at a split `level` deep whose first `tried`
 * alternatives (in `order`) were searched to the end without a solution:
 * each, with the decisions above it, becomes a nogood (nogood.h). */
static void learn_refuted(struct solver *s, int level, const struct branch_offer *offer,
                          const int *order, int tried)
{
    int n = 0;
    for (int j = 0; j < level; j++) {
        const struct path_step *step = &s->path[j];
        /* The split's last alternative, every other refuted: implied. */
        if (step->tried == step->nalts - 1) continue;
        s->decisions[n++] = (struct nogood_decision){step->offer->cells, step->offer->ncells,
                                                     step->offer->alt[step->alt]};
    }
    for (int t = 0; t < tried; t++) {
        s->decisions[n] =
            (struct nogood_decision){offer->cells, offer->ncells, offer->alt[order[t]]};
        nogoods_add(s->nogoods, s->decisions, n + 1);
    }
}

/* The state of alternative i of offer: propagated from cand, or, when
 * looked is set, the look-ahead's (which propagated it already). */
static int child_state(struct solver *s, const digitset *cand, const struct branch_offer *offer,
                       int i, int looked, digitset *next)
{
    if (looked) {
        memcpy(next, lookahead_state(s->look, i), s->rs->state_bytes);
        return SL_PROP_OK;
    }
    if (next != cand) memcpy(next, cand, s->rs->state_bytes);
    int status =
        propagate_restrict_cells(&s->ctx, s->rs, next, offer->cells, offer->ncells, offer->alt[i]);
    if (status == SL_PROP_OK && !s->ctx.aborted)
        status = nogoods_apply(s->nogoods, &s->ctx, s->rs, next);
    return status;
}

/* Explores the alternatives of a split (a rule's offer, or the digits of
 * one cell), in order or in an order drawn from the rng; looked: the
 * look-ahead has their states. The last one reuses the state in place:
 * the parent is not needed once its last child starts. */
static void search_offer(struct search_run *run, int depth, const struct branch_offer *offer,
                         int looked)
{
    struct solver *s = run->s;
    digitset *cand = state_at(s, depth);
    int order[SL_MAX_ALTERNATIVES];
    for (int i = 0; i < offer->nalts; i++) order[i] = i;
    if (run->rng) rng_shuffle_ints(run->rng, order, offer->nalts);
    int level = run->level;
    if (level + 1 >= s->max_levels) { /* only a rule whose offer narrows nothing gets here */
        run->result.gave_up = 1;
        return;
    }
    for (int i = 0; i < offer->nalts && !should_stop(run); i++) {
        int last = i == offer->nalts - 1;
        s->path[level] = (struct path_step){offer, order[i], i, offer->nalts};
        digitset *next = last ? cand : state_at(s, depth + 1);
        run->stats.guesses++;
        if (s->node_limit && run->stats.nodes >= s->node_limit) {
            run->result.gave_up = 1;
            return;
        }
        if (run->restart_at && run->stats.nodes >= run->restart_at && run->result.solutions == 0) {
            run->restarting = 1;
            run->stop_level = run->level;
            return;
        }
        run->stats.nodes++;
        int status = child_state(s, cand, offer, order[i], looked, next);
        if (s->ctx.aborted) { /* a rule cannot go on: stop as if given up */
            run->result.gave_up = 1;
            return;
        }
        if (status != SL_PROP_OK) {
            note_dead_end(s, offer);
            continue;
        }
        run->level = level + 1;
        search_node(run, last ? depth : depth + 1);
        run->level = level;
        if (run->restarting) learn_refuted(s, level, offer, order, i);
    }
}

/* How many more alternatives than the best cell's candidates a rule's
 * offer may have and still be taken. */
static int search_offer_bonus(const struct search_run *run)
{
    return run->limit > 1 ? SEARCH_PROOF_OFFER_BONUS : SEARCH_OFFER_BONUS;
}

/* The split on the digits of one cell. */
static void cell_split(const digitset *cand, int cell, struct branch_offer *split)
{
    split->ncells = 1;
    split->cells[0] = cell;
    split->nalts = 0;
    for (digitset m = cand[cell]; m; m = digitset_rest(m)) split->alt[split->nalts++] = m & -m;
}

/* Up to SEARCH_LOOK_CELLS of the open cells with the fewest candidates
 * per dead end (pick_cell's score, ties to the first), best first, into
 * cells. */
static int best_cells(const struct ruleset *rs, const digitset *cand, const uint32_t *weight,
                      int *cells)
{
    const int k = SEARCH_LOOK_CELLS;
    int n = 0;
    uint64_t count[SEARCH_LOOK_CELLS], per[SEARCH_LOOK_CELLS]; /* count / per, as pick_cell */
    for (int c = 0; c < rs->geo.ncells; c++) {
        uint64_t a = (uint64_t)digitset_count(cand[c]), b = 1 + (uint64_t)weight[c];
        if (a < 2 || (n == k && a * per[k - 1] >= count[k - 1] * b)) continue;
        int j = n < k ? n++ : k - 1;
        for (; j > 0 && a * per[j - 1] < count[j - 1] * b; j--) {
            count[j] = count[j - 1], per[j] = per[j - 1], cells[j] = cells[j - 1];
        }
        count[j] = a, per[j] = b, cells[j] = c;
    }
    return n;
}

/* 1 when this node's split is chosen by look-ahead: the first split of
 * a count's restart pass after the first (SEARCH_LOOK_CELLS). */
static int search_looks_ahead(const struct search_run *run)
{
    return run->s->rs->branching && !run->s->look_off && run->rng == NULL && run->limit > 1 &&
           run->pass > 0 && run->level == 0;
}

/* Chooses by look-ahead among split (the search's own choice, `cell` or
 * an offer), the rules' best offer and the best cells, into *split with
 * its refuted alternatives removed: 1 when the look-ahead holds the
 * states of its alternatives, 0 when it fell back on split as it was. */
static int search_look_ahead(struct search_run *run, digitset *cand, struct branch_offer *split)
{
    struct solver *s = run->s;
    if (s->look == NULL && (s->look = lookahead_new(s->rs)) == NULL) return 0; /* split as it was */
    struct branch_offer *splits = s->look_splits;
    int n = 0, cells[SEARCH_LOOK_CELLS];
    splits[n++] = *split;
    int on_cell = split->ncells == 1;
    if (on_cell && !run->cells_only && best_offer(run, cand, SL_MAX_ALTERNATIVES + 1, &splits[n]))
        n++;
    int m = best_cells(s->rs, cand, s->weight, cells);
    for (int i = 0; i < m; i++)
        if (!on_cell || cells[i] != split->cells[0]) cell_split(cand, cells[i], &splits[n++]);
    int chosen = lookahead_choose(s->look, &s->ctx, s->rs, s->nogoods, cand, splits, n);
    if (chosen == LOOKAHEAD_ABORTED) return 0; /* the search meets the abort itself */
    if (chosen == LOOKAHEAD_DEAD_END) {
        split->nalts = 0;
        return 0;
    }
    *split = splits[chosen];
    return 1;
}

/* Explores the propagated state at `depth`: branches on the rules' best
 * offer or on the digits of the chosen cell. */
static void search_node(struct search_run *run, int depth)
{
    struct solver *s = run->s;
    digitset *cand = state_at(s, depth);
    int cell = s->rs->kernel ? kernel_pick_cell(s->rs->kernel, cand, s->weight, s->blamed)
                             : pick_cell(s->rs, cand, s->weight);
    if (cell < 0) {
        record_solution(run, cand);
        return;
    }
    struct branch_offer offer;
    if (!s->rs->branching || run->cells_only ||
        !best_offer(run, cand, digitset_count(cand[cell]) + search_offer_bonus(run), &offer))
        cell_split(cand, cell, &offer);
    int looked = search_looks_ahead(run) && search_look_ahead(run, cand, &offer);
    search_offer(run, depth, &offer, looked);
}

/* How much of its tree a pass cut short had searched, from the path on
 * which it stopped: the alternatives searched to the end at each split,
 * each worth its share of the tree, taking the alternatives of a split as
 * equal (Knuth's estimate). */
static double pass_progress(const struct solver *s, int stop_level)
{
    double done = 0, share = 1;
    for (int j = 0; j <= stop_level; j++) {
        const struct path_step *step = &s->path[j];
        done += share * step->tried / step->nalts;
        share /= step->nalts;
    }
    return done;
}

/* Grows the two strategies' budgets after a pass of each, from the sizes
 * their passes estimate for their trees: the same for both, unless one
 * tree looks several times smaller. */
static void grow_budgets(uint64_t budget[2], const double tree[2])
{
    int winner = tree[1] * SEARCH_ADAPT_RATIO < tree[0]   ? 1
                 : tree[0] * SEARCH_ADAPT_RATIO < tree[1] ? 0
                                                          : -1;
    for (int k = 0; k < 2; k++) {
        uint64_t growth = winner < 0    ? SEARCH_RESTART_GROWTH
                          : k == winner ? SEARCH_ADAPT_GROWTH
                                        : 1;
        if (budget[k] < (UINT64_C(1) << 40)) budget[k] *= growth;
    }
}

/* Searches from the propagated root, starting over each time a pass uses
 * up its nodes without a solution: a killer search is heavy-tailed (the
 * same puzzle turned or mirrored takes 300 nodes or 30,000), and a fresh
 * start escapes an early bad choice. Passes alternate two strategies,
 * rules' offers taken or cells alone, as some killers suit one and some
 * the other by 10x; each keeps its own dead-end weights across its
 * passes, so it starts where it last learned the trouble lies, and the
 * budget grows after each pair. Only searches that take rules' offers
 * restart, and never a drawn (filling) one: classic searches are short,
 * and restarting them costs more than it saves.
 *
 * Each pass cut short leaves nogoods (nogood.h), which every later pass
 * applies after each propagation, so no pass searches again what an
 * earlier one refuted.
 *
 * After each pair of passes, each strategy's tree is estimated from how
 * much of it its pass searched (pass_progress), and a strategy whose tree
 * looks three times smaller than the other's takes the growth
 * (grow_budgets): a puzzle that suits cells alone no longer spends as
 * much on offers. The budgets and ratios were tuned on the killer family
 * (scripts/bench_killer_family.sh; scripts/RESULTS.md). */
static void search_with_restarts(struct search_run *run, digitset *root)
{
    struct solver *s = run->s;
    int restarts = s->rs->branching && run->rng == NULL;
    if (restarts) memcpy(s->root_copy, root, s->rs->state_bytes);
    nogoods_clear(s->nogoods);
    uint64_t budget[2] = {SEARCH_RESTART_NODES, SEARCH_RESTART_NODES};
    double tree[2];
    for (int pass = 0;; pass++) {
        int strategy = pass & 1; /* 0: offers taken, 1: cells alone */
        uint64_t start = run->stats.nodes;
        run->restarting = 0;
        run->restart_at = restarts ? start + budget[strategy] : 0;
        run->cells_only = strategy;
        s->weight = s->weights[strategy];
        s->blamed = s->blamed_sets[strategy];
        run->level = 0;
        run->pass = pass;
        if (nogoods_apply(s->nogoods, &s->ctx, s->rs, root) != SL_PROP_OK || s->ctx.aborted) {
            run->result.gave_up |= s->ctx.aborted;
            return;
        }
        search_node(run, 0);
        if (!run->restarting) return;
        memcpy(root, s->root_copy, s->rs->state_bytes);
        double done = pass_progress(s, run->stop_level);
        tree[strategy] = done > 0 ? (double)(run->stats.nodes - start) / done : 1e300;
        if (strategy == 1) grow_budgets(budget, tree);
    }
}

/* A root restriction: `cell` keeps only `allowed` (cell -1: none). */
struct root_limit {
    int cell;
    digitset allowed;
};

static struct search_result run_prepared(struct search_run *runp, const uint8_t *givens,
                                         struct root_limit root, struct search_stats *stats);

static struct search_result run_search(struct solver *s, const uint8_t *givens,
                                       struct root_limit root, long limit, uint8_t *solution,
                                       struct rng *rng, struct search_stats *stats)
{
    struct search_run run = {
        .s = s, .limit = limit < 1 ? 1 : limit, .solution = solution, .rng = rng};
    return run_prepared(&run, givens, root, stats);
}

/* Each search starts with no dead ends blamed: the weights and blamed
 * cells of an earlier search would steer this one's branching. */
static void solver_forget_dead_ends(struct solver *s)
{
    for (int k = 0; k < 2; k++) {
        memset(s->weights[k], 0, (size_t)s->rs->geo.ncells * sizeof *s->weight);
        memset(s->blamed_sets[k], 0, solver_blamed_words(s->rs) * sizeof(uint64_t));
    }
    s->weight = s->weights[0];
    s->blamed = s->blamed_sets[0];
}

void solver_keep_dead_ends(struct solver *s, int keep)
{
    s->keep_dead_ends = keep;
    if (keep) solver_forget_dead_ends(s);
}

/* A search's result, its abort noted, its counts added to *stats. */
static struct search_result run_finish(struct search_run *run, struct search_stats *stats)
{
    run->result.gave_up |= run->s->ctx.aborted;
    if (stats) {
        stats->nodes += run->stats.nodes;
        stats->guesses += run->stats.guesses;
    }
    return run->result;
}

/* Runs a search set up in *runp. */
static struct search_result run_prepared(struct search_run *runp, const uint8_t *givens,
                                         struct root_limit root, struct search_stats *stats)
{
    struct search_run run = *runp;
    struct solver *s = run.s;
    run.stats.nodes = 1;
    solver_forget_dead_ends(s);
    digitset *state = state_at(s, 0);
    int status = propagate_start_limited(&s->ctx, s->rs, state, givens, s->light, s->scratch,
                                         root.cell, root.allowed);
    if (status == SL_PROP_OK && !s->ctx.aborted) search_with_restarts(&run, state);
    return run_finish(&run, stats);
}

static const struct root_limit no_root_limit = {-1, 0};

struct search_result solver_solutions(struct solver *s, const uint8_t *givens, long limit,
                                      uint8_t *solutions, struct search_stats *stats)
{
    struct search_run run = {
        .s = s, .limit = limit < 1 ? 1 : limit, .solution = solutions, .keep_all = 1};
    return run_prepared(&run, givens, no_root_limit, stats);
}

struct search_result solver_count(struct solver *s, const uint8_t *givens, long limit,
                                  uint8_t *solution, struct search_stats *stats)
{
    return run_search(s, givens, no_root_limit, limit, solution, NULL, stats);
}

struct search_result solver_count_without(struct solver *s, const uint8_t *givens, int cell,
                                          int digit, long limit, struct search_stats *stats)
{
    struct root_limit root = {cell, ~digitset_of(digit)};
    return run_search(s, givens, root, limit, NULL, NULL, stats);
}

struct search_result solver_count_within(struct solver *s, const uint8_t *givens, int cell,
                                         digitset allowed, long limit, uint8_t *solution,
                                         struct search_stats *stats)
{
    struct root_limit root = {cell, allowed};
    return run_search(s, givens, root, limit, solution, NULL, stats);
}

struct search_result solver_fill(struct solver *s, const uint8_t *givens, struct rng *rng,
                                 uint8_t *solution, struct search_stats *stats)
{
    return run_search(s, givens, no_root_limit, 1, solution, rng, stats);
}

static int solver_status(const struct solver *s, int status)
{
    return s->ctx.aborted ? -1 : status == SL_PROP_OK;
}

int solver_root(struct solver *s, const uint8_t *givens, void *state)
{
    return solver_status(
        s, propagate_start_search(&s->ctx, s->rs, state, givens, s->light, s->scratch));
}

int solver_narrow(struct solver *s, void *state, const int *cells, int count, digitset allowed)
{
    return solver_status(s, propagate_restrict_cells(&s->ctx, s->rs, state, cells, count, allowed));
}

int solver_narrow_each(struct solver *s, void *state, const int *cells, const digitset *allowed,
                       int count)
{
    return solver_status(s, propagate_restrict_each(&s->ctx, s->rs, state, cells, allowed, count));
}

/* run_prepared's search, from a copy of a propagated state. */
struct search_result solver_count_below(struct solver *s, const void *state, int cell,
                                        digitset allowed, long limit, uint8_t *solution,
                                        struct search_stats *stats)
{
    struct search_run run = {.s = s, .limit = limit < 1 ? 1 : limit, .solution = solution};
    run.stats.nodes = 1;
    if (!s->keep_dead_ends) solver_forget_dead_ends(s);
    digitset *root = state_at(s, 0);
    memcpy(root, state, s->rs->state_bytes);
    int status =
        cell < 0 ? SL_PROP_OK : propagate_restrict_cells(&s->ctx, s->rs, root, &cell, 1, allowed);
    if (status == SL_PROP_OK && !s->ctx.aborted) search_with_restarts(&run, root);
    return run_finish(&run, stats);
}
