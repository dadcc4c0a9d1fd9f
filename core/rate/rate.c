/*
 * rate.c — the rating loop: easiest step first, until the grid is full.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "closure.h"
#include "rate.h"
#include "search.h"
#include "technique.h"

/* In enum grade's order. Each bound falls between two rows of the
 * technique ladder (technique.c), so a grade says what a puzzle needs:
 * easy ends with hidden singles, medium with claiming, hard with the
 * XYZ-wing, expert with the uniqueness techniques, extreme with chains. */
const struct grade_band grade_table[GRADE_COUNT] = {
    {"easy", 1.5},   {"medium", 2.8},  {"hard", 4.4},
    {"expert", 6.2}, {"extreme", 8.5}, {"beyond", HUGE_VAL},
};

double grade_low(enum grade g) { return g > 0 ? grade_table[g - 1].high : 0; }

const char *grade_name(enum grade g) { return grade_table[g].name; }

enum grade grade_of_rating(double rating)
{
    int g = 0;
    /* Ratings are tenths: compare with a margin so a rating equal to a
     * bound stays in the grade it ends. */
    while (g < GRADE_COUNT - 1 && rating > grade_table[g].high + 1e-9) g++;
    return (enum grade)g;
}

int grade_by_name(const char *name)
{
    for (int g = 0; g < GRADE_COUNT; g++)
        if (strcmp(grade_table[g].name, name) == 0) return g;
    return -1;
}

/* Rows whose finder can be told which cells changed since it last found
 * nothing (technique.h), so that it tries only what those cells touch;
 * those of one digit's patterns are told which digits each cell lost.
 * The rules' deductions first: most rows are theirs, and a rater (one for
 * each puzzle a generator rates) looks up every row. */
static const struct {
    technique_find find;
    technique_find_since since;
    int by_digit;
} rate_since_table[] = {
    {find_rule_deduction, find_rule_deduction_since, 0},
    {find_full_house, find_full_house_since, 0},
    {find_hidden_single, find_hidden_single_since, 0},
    {find_naked_single, find_naked_single_since, 0},
    {find_bent_wing, find_bent_wing_since, 0},
    {find_locked_candidates, find_locked_candidates_since, 1},
    {find_naked_subset, find_naked_subset_since, 0},
    {find_hidden_subset, find_hidden_subset_since, 0},
    {find_skyscraper, find_skyscraper_since, 1},
    {find_two_string_kite, find_two_string_kite_since, 1},
    {find_turbot_fish, find_turbot_fish_since, 1},
    {find_xy_wing, find_xy_wing_since, 0},
    {find_xyz_wing, find_xyz_wing_since, 0},
    {find_aligned_exclusion, find_aligned_exclusion_since, 0},
    {find_grouped_two_links, find_grouped_two_links_since, 1},
    {find_grouped_xchain, find_grouped_xchain_since, 1},
    {find_chain, find_chain_since, 1},
    {find_fish, find_fish_since, 1},
};

/* A row's memory within one rating: it found nothing (valid), and these
 * cells have lost candidates since; for a row told so, these (lost[c] is
 * 0 outside the cells). lost points into the rater's one block, sized for
 * the ruleset's grid: a rater is built for each puzzle a generator draws,
 * so zeroing arrays for the largest grid cost as much as a small rating.
 * The changes come from the rater's log when the row is asked again
 * (logged up to `read`): most rows are not asked at every step. */
struct rate_memo {
    technique_find_since since; /* NULL: the row has no such finder */
    int never;                  /* a rules' row no rule of the ruleset is asked: it finds nothing */
    int valid, by_digit;
    int read; /* the log's entries already in changed */
    struct changes changed;
    digitset *lost; /* by_digit rows: ncells digits, else NULL */
};

/* A cell that lost candidates at a step of the rating. */
struct rate_change {
    uint16_t cell;
    digitset gone;
};

struct rater {
    struct human_layout lay;
    struct solver *solver; /* made when first needed (rater_solver) */
    uint8_t solution[SL_MAX_CELLS];
    struct step scratch;
    struct step taken;             /* rate_puzzle_band's step */
    struct rate_memo *memo;        /* one per table row */
    digitset *lost;                /* the by_digit rows' lost arrays, one block */
    digitset before[SL_MAX_CELLS]; /* the candidates before a step */
    struct rate_change *log;       /* this rating's changes, in order */
    int nlog, log_cap;
    struct closure closure; /* rate_puzzle_band's bound below */
};

/* The entry of rate_since_table for a finder, or -1. */
static int rate_since_entry(technique_find find)
{
    int nrows = (int)(sizeof rate_since_table / sizeof rate_since_table[0]);
    for (int i = 0; i < nrows; i++)
        if (rate_since_table[i].find == find) return i;
    return -1;
}

technique_find_since technique_since_of(technique_find find, int *by_digit)
{
    int e = rate_since_entry(find);
    *by_digit = e >= 0 && rate_since_table[e].by_digit;
    return e >= 0 ? rate_since_table[e].since : NULL;
}

/* Gives each row with a finder told of changes its memory; the lost
 * arrays of the by_digit rows share one zeroed block of ncells each.
 * Not calloc: a memory's cells are sized for the largest grid, and
 * rate_memo_clear reads only the words in use before it first clears
 * them all. */
static int rater_memo_init(struct rater *r)
{
    int nlost = 0;
    r->memo = malloc((size_t)technique_count * sizeof *r->memo);
    if (!r->memo) return -1;
    for (int t = 0; t < technique_count; t++) {
        struct rate_memo *m = &r->memo[t];
        int e = rate_since_entry(technique_table[t].find);
        m->since = e >= 0 ? rate_since_table[e].since : NULL;
        m->by_digit = e >= 0 && rate_since_table[e].by_digit;
        m->never = technique_table[t].find == find_rule_deduction && !rule_row_asked(&r->lay, t);
        m->valid = m->read = 0;
        m->lost = NULL;
        for (int w = 0; w < r->lay.words; w++) m->changed.cells.w[w] = 0;
        nlost += m->by_digit;
    }
    size_t ncells = (size_t)r->lay.ncells;
    r->lost = calloc((size_t)nlost * ncells + 1, sizeof *r->lost);
    /* Each entry takes a candidate or more out of the grid. */
    r->log_cap = r->lay.ncells * r->lay.size;
    r->log = malloc((size_t)r->log_cap * sizeof *r->log);
    if (!r->lost || !r->log) return -1;
    digitset *next = r->lost;
    for (int t = 0; t < technique_count; t++)
        if (r->memo[t].by_digit) r->memo[t].lost = next, next += ncells;
    return 0;
}

struct rater *rater_new(const struct ruleset *rs)
{
    /* Not calloc: the layout zeroes what it uses of its arrays (sized for
     * the largest grid), and every other member is written before it is
     * read. */
    struct rater *r = malloc(sizeof *r);
    if (!r) return NULL;
    r->lay.rule_scratch = NULL;
    r->memo = NULL;
    r->lost = NULL;
    r->log = NULL;
    r->solver = NULL;
    if (human_layout_init(&r->lay, rs) || rater_memo_init(r)) {
        rater_free(r);
        return NULL;
    }
    closure_init(&r->closure);
    return r;
}

void rater_free(struct rater *r)
{
    if (!r) return;
    solver_free(r->solver);
    human_layout_free(&r->lay);
    free(r->memo);
    free(r->lost);
    free(r->log);
    free(r);
}

int rater_retotaled(struct rater *r)
{
    /* Its search was made for the state before. The rows' memories and
     * the closure are set afresh by every rating, and which rows no rule
     * is asked depends on the rules' kinds alone. */
    solver_free(r->solver);
    r->solver = NULL;
    return human_layout_retotaled(&r->lay);
}

const struct human_layout *rater_layout(const struct rater *r) { return &r->lay; }

/* The rater's search, or NULL when out of memory. Made when first needed:
 * a generator hands the rater the solution, and most ratings end without
 * the search's fallback, so a rater made for each puzzle seldom needs it. */
static struct solver *rater_solver(struct rater *r)
{
    if (!r->solver) r->solver = solver_new(r->lay.rs);
    return r->solver;
}

static void step_reset(struct step *s, int technique, double good_enough)
{
    s->technique = technique;
    s->good_enough = good_enough;
    s->rating = technique_table[technique].rating;
    s->place_cell = -1;
    s->place_digit = 0;
    s->nelims = 0;
    s->digits = 0;
    s->nhouses = 0;
    s->ncells = 0;
    s->nnodes = 0;
    s->name = NULL;
    s->key = NULL;
    s->detail[0] = '\0';
    s->search_nodes = 0;
    s->variant = 0;
    s->rule_slot = -1;
}

/* Which rules the step used (rate.h): its own rule's slot; a forcing
 * chain through the rules' deductions every rule with a hook (the chain
 * does not say whose deduction it took); any other technique the rules
 * without a hook, whose houses, peers and domains every technique reads. */
static void rate_credit_rules(const struct rater *r, struct rate_result *out, const struct step *s,
                              int by_technique)
{
    const struct ruleset *rs = r->lay.rs;
    if (!by_technique) return;
    if (s->rule_slot >= 0) {
        out->rules_used |= UINT64_C(1) << s->rule_slot;
        return;
    }
    int through_rules = technique_table[s->technique].find == find_forcing_chain &&
                        technique_table[s->technique].param == 3;
    for (int i = 0; i < rs->nslots && i < 64; i++) {
        int has_hook = rs->slots[i].ops->explain != NULL;
        if (has_hook == through_rules) out->rules_used |= UINT64_C(1) << i;
    }
}

int rate_rule_used(const struct ruleset *rs, const struct rate_result *res, const char *name)
{
    int known = 0;
    for (int i = 0; i < rs->nslots && i < 64; i++) {
        if (strcmp(rs->slots[i].ops->name, name) != 0) continue;
        known = 1;
        if ((res->rules_used >> i) & 1) return 1;
    }
    return known ? 0 : -1;
}

int rate_rules_unused(const struct ruleset *rs, const struct rate_result *res, const char **names,
                      int cap)
{
    int n = 0;
    for (int i = 0; i < rs->nslots && i < 64; i++) {
        const char *name = rs->slots[i].ops->name;
        int seen = 0;
        for (int j = 0; j < i; j++) seen |= strcmp(rs->slots[j].ops->name, name) == 0;
        if (!seen && !rate_rule_used(rs, res, name) && n < cap) names[n++] = name;
    }
    return n;
}

/* Empties a memory's changes (its lost digits are 0 outside its cells). */
static void rate_memo_clear(struct rate_memo *m, const struct human_layout *lay)
{
    for (int w = 0; m->by_digit && w < lay->words; w++)
        for (uint64_t bits = m->changed.cells.w[w]; bits; bits &= bits - 1)
            m->lost[w * 64 + __builtin_ctzll(bits)] = 0;
    cellset_clear(&m->changed.cells);
    m->changed.lost = m->by_digit ? m->lost : NULL;
}

/* Adds the log's entries since the memory last read it to its changes. */
static void rate_memo_read(struct rate_memo *m, const struct rater *r)
{
    for (int i = m->read; i < r->nlog; i++) {
        cellset_add(&m->changed.cells, r->log[i].cell);
        if (m->by_digit) m->lost[r->log[i].cell] |= r->log[i].gone;
    }
    m->read = r->nlog;
}

/* A step's rating as the tenth it stands for. Chains rate by length in
 * sums of tenths, which floating point leaves a hair above or below the
 * tenth (7.1000000000000005 for one chain, 7.0999999999999996 for
 * another): rounded, two steps of one printed rating tie, and the ladder's
 * order, not the rounding error, decides which is the easier and which
 * the hardest named. */
static double rating_in_tenths(double rating) { return round(rating * 10) / 10; }

/* The easiest step: rows in ladder order; once a row finds a step rated
 * above the rows still to come, those rows may still offer an easier one
 * (a short chain beats a long one). A step no harder than `ceiling` (the
 * hardest taken so far) cannot change the rating, so it is taken at once.
 * Within a rating (remember), rows with a memory use it. */
static int rater_find(struct rater *r, const struct human *h, double ceiling, double cap,
                      struct step *out, int remember)
{
    int found = 0;
    for (int t = 0; t < technique_count; t++) {
        const struct technique *row = &technique_table[t];
        if (found && row->rating >= out->rating) break;
        if (row->rating > cap + 1e-9) break; /* rows are in order of rating */
        /* Another family's row (most rows, on a killer) costs nothing. */
        if (r->memo[t].never) continue;
        struct step *s = found ? &r->scratch : out;
        step_reset(s, t, ceiling);
        struct rate_memo *m = remember && r->memo[t].since ? &r->memo[t] : NULL;
        if (m && m->valid) rate_memo_read(m, r);
        int got = m ? m->since(h, row->param, m->valid ? &m->changed : NULL, s)
                    : row->find(h, row->param, s);
        if (m && (m->valid = !got)) rate_memo_clear(m, &r->lay), m->read = r->nlog;
        if (!got) continue;
        s->rating = rating_in_tenths(s->rating);
        if (found && s->rating >= out->rating) continue;
        if (found) *out = *s;
        found = 1;
        if (out->rating <= ceiling + 1e-9) break;
    }
    return found;
}

int rate_next_step(struct rater *r, const struct human *h, struct step *out)
{
    return rater_find(r, h, 0, HUGE_VAL, out, 0);
}

static void rate_count(struct rate_result *out, const struct step *s)
{
    const struct technique *row = &technique_table[s->technique];
    const char *key = s->key ? s->key : row->key;
    for (int i = 0; i < out->ntally; i++)
        if (strcmp(out->tally[i].key, key) == 0) {
            out->tally[i].count++;
            return;
        }
    if (out->ntally == RATE_MAX_TALLY) return;
    out->tally[out->ntally++] = (struct rate_tally){key, s->name ? s->name : row->name, 1};
}

/* ceil(log2(nodes + 1)) is the bit length of nodes: counted, not taken
 * from the C library's log2, whose argument rounds past 2^53 and whose
 * last bit is each library's own. */
double rate_search_rating(uint64_t nodes)
{
    int bits = 0;
    for (uint64_t rest = nodes; rest; rest >>= 1) bits++;
    return 10.0 + 0.1 * bits;
}

/* No technique applies: the step places the solution's digit in the open
 * cell with the fewest candidates, rated by the nodes a search needs from
 * here. Returns 0, or -1 when no cell is open (or out of memory). */
static int rate_fallback(struct rater *r, const struct human *h, struct rate_result *out,
                         struct step *s)
{
    struct search_stats stats = {0};
    struct solver *solver = rater_solver(r);
    if (!solver) return -1;
    solver_count(solver, h->value, 1, NULL, &stats);
    out->fallback_nodes += stats.nodes;
    int best = -1;
    for (int c = 0; c < h->lay->ncells; c++)
        if (!h->value[c] &&
            (best < 0 || digitset_count(h->cand[c]) < digitset_count(h->cand[best])))
            best = c;
    if (best < 0) return -1;
    step_reset(s, 0, 0);
    s->place_cell = best;
    s->place_digit = r->solution[best];
    s->rating = rate_search_rating(stats.nodes);
    s->key = s->name = RATE_SEARCH_KEY;
    s->search_nodes = stats.nodes;
    return 0;
}

/* 1 when the step keeps the solution (the rater knows it): a technique
 * that places a wrong digit or removes a right one has a bug. */
static int step_agrees(const struct step *s, const uint8_t *solution)
{
    if (s->place_cell >= 0 && solution[s->place_cell] != s->place_digit) return 0;
    for (int i = 0; i < s->nelims; i++)
        if (s->elims[i].digits & digitset_of(solution[s->elims[i].cell])) return 0;
    return 1;
}

/* Ends the rating past `above`: the step's rating is the puzzle's lower
 * bound. */
static int rate_stop_above(struct rate_result *out, double rating)
{
    if (rating > out->rating) out->rating = rating;
    out->grade = grade_of_rating(out->rating);
    return 1;
}

/* Forgets every row's memory and the log (a new rating). */
static void rate_forget(struct rater *r)
{
    for (int t = 0; t < technique_count; t++) r->memo[t].valid = 0;
    r->nlog = 0;
}

/* 1 when some row remembers: the step about to be applied must be noted. */
static int rate_remembers(const struct rater *r)
{
    for (int t = 0; t < technique_count; t++)
        if (r->memo[t].valid) return 1;
    return 0;
}

/* Logs the candidates lost since r->before, for the memories. A log
 * full (it cannot be: each entry removes a candidate) forgets them
 * instead: a row told nothing tries everything, and finds the same. */
static void rate_note_changes(struct rater *r, const struct human *h)
{
    for (int c = 0; c < r->lay.ncells; c++) {
        if (r->before[c] == h->cand[c]) continue;
        if (r->nlog == r->log_cap) {
            rate_forget(r);
            return;
        }
        r->log[r->nlog++] = (struct rate_change){(uint16_t)c, r->before[c] & ~h->cand[c]};
    }
}

/* 1 when the steps so far used every rule (rate_credit_rules). */
static int rate_all_rules_used(const struct rater *r, const struct rate_result *out)
{
    int n = r->lay.rs->nslots < 64 ? r->lay.rs->nslots : 64;
    uint64_t all = n == 64 ? ~UINT64_C(0) : (UINT64_C(1) << n) - 1;
    return (out->rules_used & all) == all;
}

/* The closure (closure.h) finished the grid: no later step rates above its
 * hardest technique, which rates below `below`. So the rating is below
 * `below`, or, when the steps so far reach it, known; stopping then must
 * not change which rules the result says were used. */
static int rate_stop_known(const struct rater *r, struct rate_result *out, double below)
{
    if (out->rating < below - 1e-9) {
        if (r->closure.rating > out->rating) out->rating = r->closure.rating;
        out->grade = grade_of_rating(out->rating);
        return RATE_BELOW;
    }
    if (!rate_all_rules_used(r, out)) return 0;
    out->grade = grade_of_rating(out->rating);
    return RATE_SETTLED;
}

int rate_puzzle_band(struct rater *r, const uint8_t *givens, const uint8_t *solution, double below,
                     double above, struct rate_result *out, rate_trace trace, void *arg)
{
    struct human h;
    struct step *s = &r->taken;
    memset(out, 0, sizeof *out);
    out->hardest_technique = -1;
    out->erred_technique = -1;
    out->hardest_key = "none";
    if (solution) memcpy(r->solution, solution, (size_t)r->lay.ncells);
    if (human_init(&h, &r->lay, givens) ||
        (!solution && (!rater_solver(r) ||
                       solver_count(r->solver, givens, 1, r->solution, NULL).solutions != 1))) {
        return -1;
    }
    rate_forget(r);
    int bounded = below > -HUGE_VAL && closure_begin(&r->closure, &h, below);
    int stop = bounded ? rate_stop_known(r, out, below) : 0;
    while (h.open > 0 && !stop) {
        int by_technique = rater_find(r, &h, out->rating, above, s, 1);
        if (!by_technique && above < 10.0) {
            /* only the search is left, rated 10 and more */
            return rate_stop_above(out, above + 0.1);
        }
        if (!by_technique && rate_fallback(r, &h, out, s)) break;
        if (s->rating > above + 1e-9) {
            return rate_stop_above(out, s->rating);
        }
        if (trace) trace(arg, &h, s);
        int remembering = rate_remembers(r);
        if (remembering) memcpy(r->before, h.cand, (size_t)r->lay.ncells * sizeof r->before[0]);
        if (!step_agrees(s, r->solution) || human_apply(&h, s) <= 0) {
            out->erred_technique = by_technique ? s->technique : -1; /* a bug: stop */
            break;
        }
        if (remembering) rate_note_changes(r, &h);
        rate_count(out, s);
        rate_credit_rules(r, out, s, by_technique);
        out->steps++;
        out->work += s->rating;
        if (s->rating > out->rating) {
            out->rating = s->rating;
            out->hardest_technique = by_technique ? s->technique : -1;
            out->hardest_key = s->key ? s->key : technique_table[s->technique].key;
        }
        if (below > -HUGE_VAL && (bounded || closure_follow(&r->closure, s)))
            bounded = 1, stop = rate_stop_known(r, out, below);
    }
    if (stop) return stop;
    out->grade = grade_of_rating(out->rating);
    return h.open > 0 ? -1 : 0;
}

int rate_puzzle_within(struct rater *r, const uint8_t *givens, double above,
                       struct rate_result *out, rate_trace trace, void *arg)
{
    return rate_puzzle_band(r, givens, NULL, -HUGE_VAL, above, out, trace, arg);
}

int rate_puzzle(struct rater *r, const uint8_t *givens, struct rate_result *out, rate_trace trace,
                void *arg)
{
    return rate_puzzle_within(r, givens, HUGE_VAL, out, trace, arg);
}
