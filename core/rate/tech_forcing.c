/*
 * tech_forcing.c — forcing chains: the techniques of last resort, found by
 * assuming and probing (forcing.h) rather than by pattern.
 *
 * From every candidate the rater assumes it true and draws the
 * consequences. A candidate whose consequences contradict each other is
 * false (a contradiction chain). When
 * every candidate of a cell, or every place of a digit in a house, turns
 * the same candidate off, it is off (cell and region forcing chains); so
 * is a candidate that both a candidate and its negation turn off (double
 * implication). The levels (param), in Sudoku Explainer's order:
 *   5 nishio: one digit and its singles, a contradiction           7.5+
 *   4 cell and region forcing chains on the grid's own links     8.0+
 *   1 every single as the grid changes (dynamic forcing chains)    8.5+
 *   3 with the rules' own deductions as well (a killer's cage
 *     combinations and rule of 45), for rules that have them       9.0+
 *   2 with locked candidates as well (dynamic forcing chains +)    9.0+
 * Static contradiction and double implication chains (Sudoku Explainer's
 * forcing chains, 7.0+) were a level too: on its sample the alternating
 * chains (7.0) found every one of their steps first, so it only cost
 * time (a third of the rating time).
 * A step rates its row plus technique_length_rating of the consequences
 * the probes drew to reach it. Of the conclusions found the easiest are
 * taken together, so a long run of them costs one sweep, not one each.
 */
#include <stdlib.h>
#include <string.h>

#include "forcing.h"
#include "technique.h"

#define FORCING_DEPTH_MAX 1728

/* Which conclusions a level draws. */
enum { DRAW_CONTRADICTION = 1, DRAW_DOUBLE = 2, DRAW_CELLS = 4, DRAW_REGIONS = 8, DRAW_ALL = 15 };

/* A candidate found false, and the consequences drawn to show it. */
struct conclusion {
    uint16_t cell;
    uint8_t digit;
    int length;
    uint16_t from_cell; /* the assumption (cell forcing: the cell; region: the house) */
    uint8_t from_digit;
    uint8_t kind; /* enum forcing_kind */
};

struct forcing {
    const struct human *h;
    double base, good_enough; /* the row's rating; stop at a conclusion rated no higher */
    enum forcing_kind kind;   /* of the conclusions being drawn */
    int done;                 /* such a conclusion was found */
    int draw;                 /* the level's DRAW_ flags */
    int most;                 /* branches of a cell or region chain, at most */
    enum probe_mode mode;
    int nconclusions, cap;
    struct conclusion *conclusions;
    digitset *left;  /* per candidate (cell * N + digit - 1): its on-probe's candidates */
    uint16_t *depth; /* per candidate: its on-probe's off_depth, or NULL on big grids */
    uint8_t *contradicts;
    uint8_t *probed; /* per candidate: its on-probe was run */
    struct probe probe;
};

static double conclusion_rating(const struct forcing *f, const struct conclusion *c)
{
    return f->base + technique_length_rating(c->length);
}

static void forcing_conclude(struct forcing *f, int cell, int digit, int length, int from_cell,
                             int from_digit)
{
    struct conclusion found = {(uint16_t)cell,      (uint8_t)digit,      length,
                               (uint16_t)from_cell, (uint8_t)from_digit, (uint8_t)f->kind};
    if (conclusion_rating(f, &found) <= f->good_enough + 1e-9) f->done = 1;
    for (int i = 0; i < f->nconclusions; i++) {
        struct conclusion *c = &f->conclusions[i];
        if (c->cell == cell && c->digit == digit) {
            if (conclusion_rating(f, &found) < conclusion_rating(f, c)) *c = found;
            return;
        }
    }
    if (f->nconclusions < f->cap) f->conclusions[f->nconclusions++] = found;
}

static digitset *probe_left(struct forcing *f, int cell, int digit)
{
    return f->left +
           ((size_t)cell * (size_t)f->h->lay->size + (size_t)digit - 1) * (size_t)f->h->lay->ncells;
}

static size_t forcing_ncand(const struct human *h)
{
    return (size_t)h->lay->ncells * (size_t)h->lay->size;
}

static uint16_t *probe_depth(struct forcing *f, int cell, int digit)
{
    size_t n = (size_t)f->h->lay->size;
    return f->depth + ((size_t)cell * n + (size_t)digit - 1) * forcing_ncand(f->h);
}

/* Links from the on-probe of (cell, digit) to the target going off: read
 * from the sweep where it kept them, else probed again. */
static int on_length(struct forcing *f, int cell, int digit, int target, int target_digit)
{
    if (f->depth)
        return probe_depth(f, cell, digit)[target * f->h->lay->size + target_digit - 1] + 1;
    probe_run(f->h, f->mode, cell, digit, 1, &f->probe, target, target_digit);
    return f->probe.reached ? f->probe.reached : f->probe.events;
}

/* Nishio asks only whether an assumption contradicts: when it does not,
 * neither does any it puts on, and none of them is probed. */
static int forcing_digit_quiet(struct forcing *f, int c, int d)
{
    const struct human *h = f->h;
    struct cellset on;
    if (probe_digit_contradicts(h, &f->probe, c, d, &on)) return 0;
    for (int w = 0; w < h->lay->words; w++)
        for (uint64_t bits = on.w[w]; bits; bits &= bits - 1) {
            size_t x = (size_t)(w * 64 + __builtin_ctzll(bits));
            f->probed[x * (size_t)h->lay->size + (size_t)d - 1] = 1;
        }
    return 1;
}

/* Assumes (c, d) on, once: keeps what is left and the depths, concludes
 * a contradiction when the level draws them. */
static void forcing_probe(struct forcing *f, int c, int d)
{
    const struct human *h = f->h;
    size_t at = (size_t)c * (size_t)h->lay->size + (size_t)d - 1;
    if (f->probed[at]) return;
    f->probed[at] = 1;
    if (f->mode == PROBE_DIGIT && !f->left && !f->depth && forcing_digit_quiet(f, c, d)) return;
    int bad = probe_run(h, f->mode, c, d, 1, &f->probe, -1, 0);
    f->contradicts[at] = (uint8_t)bad;
    if (f->left)
        memcpy(probe_left(f, c, d), f->probe.cand, (size_t)h->lay->ncells * sizeof(digitset));
    if (f->depth)
        memcpy(probe_depth(f, c, d), f->probe.off_depth, forcing_ncand(h) * sizeof(uint16_t));
    /* A static probe's contradiction is a level, not a chain's length:
     * no static row draws contradictions (probe_static). */
    if (bad && (f->draw & DRAW_CONTRADICTION) && f->mode != PROBE_STATIC) {
        f->kind = FORCING_CONTRADICTION;
        forcing_conclude(f, c, d, f->probe.contradiction, c, d);
    }
}

/* Assumes every candidate on (levels that draw contradictions need them
 * all; the others probe the branches they look at). */
static void forcing_probe_all(struct forcing *f)
{
    const struct human *h = f->h;
    for (int c = 0; c < h->lay->ncells && !f->done; c++)
        for (digitset ds = h->cand[c]; ds; ds = digitset_rest(ds))
            forcing_probe(f, c, digitset_first(ds));
}

/* Consequences the on-probes of `count` assumptions drew to turn the
 * target off, summed (the length of a cell or region forcing chain). */
static int forcing_branch_length(struct forcing *f, const int *cells, const int *digits, int count,
                                 int target, int target_digit)
{
    int length = 0;
    for (int i = 0; i < count; i++) {
        if (f->contradicts[cells[i] * f->h->lay->size + digits[i] - 1]) continue;
        length += on_length(f, cells[i], digits[i], target, target_digit);
    }
    return length;
}

/* kept |= left over n cells, two cells a word. */
static void forcing_keep(digitset *kept, const digitset *left, int n)
{
    int x = 0;
    for (; x + 2 <= n; x += 2) {
        uint64_t a, b;
        memcpy(&a, kept + x, sizeof a);
        memcpy(&b, left + x, sizeof b);
        a |= b;
        memcpy(kept + x, &a, sizeof a);
    }
    if (x < n) kept[x] |= left[x];
}

/* 1 when either of two cells has a candidate not kept. */
static int forcing_any_gone(const digitset *cand, const digitset *kept)
{
    uint64_t c, k;
    memcpy(&c, cand, sizeof c);
    memcpy(&k, kept, sizeof k);
    return (c & ~k) != 0;
}

/* Candidates every branch turns off: the union of what the branches leave
 * misses them (branches that contradict themselves leave nothing). */
static void forcing_common(struct forcing *f, const int *cells, const int *digits, int count,
                           int from_cell, int from_digit)
{
    const struct human *h = f->h;
    int ncells = h->lay->ncells;
    digitset kept[SL_MAX_CELLS];
    memset(kept, 0, (size_t)ncells * sizeof kept[0]);
    for (int i = 0; i < count; i++) {
        forcing_probe(f, cells[i], digits[i]);
        if (f->contradicts[cells[i] * h->lay->size + digits[i] - 1]) continue;
        forcing_keep(kept, probe_left(f, cells[i], digits[i]), ncells);
    }
    for (int x = 0; x < ncells; x++) {
        if (!(x & 1) && x + 1 < ncells && !forcing_any_gone(h->cand + x, kept + x)) {
            x++;
            continue;
        }
        for (digitset gone = h->cand[x] & ~kept[x]; gone; gone = digitset_rest(gone)) {
            int d = digitset_first(gone);
            int length = forcing_branch_length(f, cells, digits, count, x, d);
            forcing_conclude(f, x, d, length, from_cell, from_digit);
        }
    }
}

static void forcing_cells(struct forcing *f)
{
    const struct human *h = f->h;
    f->kind = FORCING_CELL;
    int cells[SL_MAX_SIZE], digits[SL_MAX_SIZE];
    for (int c = 0; c < h->lay->ncells && !f->done; c++) {
        int count = 0;
        for (digitset ds = h->cand[c]; ds; ds = digitset_rest(ds))
            cells[count] = c, digits[count++] = digitset_first(ds);
        if (count >= 2 && count <= f->most) forcing_common(f, cells, digits, count, c, 0);
    }
}

static void forcing_regions(struct forcing *f)
{
    const struct human *h = f->h;
    f->kind = FORCING_REGION;
    int cells[SL_MAX_SIZE], digits[SL_MAX_SIZE];
    for (int house = 0; house < h->lay->nhouses && !f->done; house++)
        for (int d = 1; d <= h->lay->size; d++) {
            uint32_t places = human_places(h, house, d);
            if (__builtin_popcount(places) < 2 || __builtin_popcount(places) > f->most) continue;
            int count = 0;
            for (int k = 0; places; k++, places >>= 1)
                if (places & 1) cells[count] = h->lay->house_cells[house][k], digits[count++] = d;
            forcing_common(f, cells, digits, count, house, d);
        }
}

/* A candidate that both x on and x off turn off. */
static void forcing_double(struct forcing *f)
{
    const struct human *h = f->h;
    for (int c = 0; c < h->lay->ncells && !f->done; c++)
        for (digitset ds = h->cand[c]; ds; ds = digitset_rest(ds)) {
            int d = digitset_first(ds);
            if (f->contradicts[c * h->lay->size + d - 1]) continue;
            if (probe_run(h, f->mode, c, d, 0, &f->probe, -1, 0)) {
                /* d cannot be off: the cell's other digits go */
                f->kind = FORCING_NEGATION_CONTRADICTS;
                for (digitset rest = h->cand[c] & ~digitset_of(d); rest; rest = digitset_rest(rest))
                    forcing_conclude(f, c, digitset_first(rest), f->probe.contradiction, c, d);
                continue;
            }
            const digitset *on_left = probe_left(f, c, d);
            digitset off_left[SL_MAX_CELLS];
            memcpy(off_left, f->probe.cand, (size_t)h->lay->ncells * sizeof off_left[0]);
            for (int x = 0; x < h->lay->ncells; x++)
                for (digitset gone = h->cand[x] & ~on_left[x] & ~off_left[x]; gone;
                     gone = digitset_rest(gone)) {
                    int e = digitset_first(gone), length = 0;
                    if (f->depth) {
                        length = f->probe.off_depth[x * h->lay->size + e - 1] + 1 +
                                 on_length(f, c, d, x, e);
                    } else
                        for (int on = 0; on < 2; on++) {
                            probe_run(h, f->mode, c, d, on, &f->probe, x, e);
                            length += f->probe.reached;
                        }
                    f->kind = FORCING_DOUBLE;
                    forcing_conclude(f, x, e, length, c, d);
                }
        }
}

static void forcing_free(struct forcing *f)
{
    free(f->depth);
    probe_rules_close(&f->probe);
    free(f->conclusions);
    free(f->left);
    free(f->contradicts);
    free(f->probed);
    free(f);
}

/* Levels that only draw contradictions never look at what a probe left. */
static struct forcing *forcing_new(const struct human *h, enum probe_mode mode, int draw)
{
    struct forcing *f = malloc(sizeof *f);
    if (!f) return NULL;
    f->probe.rule_ctx = NULL;
    f->probe.rule_state = NULL;
    size_t ncand = (size_t)h->lay->ncells * (size_t)h->lay->size;
    f->h = h;
    f->mode = mode;
    f->nconclusions = 0;
    f->cap = STEP_MAX_ELIMS;
    f->conclusions = malloc((size_t)f->cap * sizeof *f->conclusions);
    int branches = (draw & ~DRAW_CONTRADICTION) != 0;
    f->left = branches ? malloc(ncand * (size_t)h->lay->ncells * sizeof *f->left) : NULL;
    f->contradicts = calloc(ncand, 1);
    f->probed = calloc(ncand, 1);
    /* Keeping every probe's depths costs ncand^2 links: on grids up to
     * 12x12; bigger ones probe again for a chain's length. */
    int keep_depth = branches && ncand <= FORCING_DEPTH_MAX;
    f->depth = keep_depth ? malloc(ncand * ncand * sizeof *f->depth) : NULL;
    if (!f->conclusions || (branches && !f->left) || !f->contradicts || !f->probed ||
        (keep_depth && !f->depth) || (mode == PROBE_RULES && probe_rules_open(&f->probe, h))) {
        forcing_free(f);
        return NULL;
    }
    return f;
}

/* Conclusions rated up to this much above the easiest go into its step
 * too. Each one costs a sweep of probes when taken alone; on the Sudoku
 * Explainer sample, a tenth of slack moved the rank correlation by 0.001
 * and made rating hard puzzles half again as fast (scripts/bench_rate.sh). */
#define FORCING_SLACK 0.1

/* The easiest conclusions, together, as one step. */
static int forcing_step(const struct forcing *f, struct step *out)
{
    if (f->nconclusions == 0) return 0;
    const struct conclusion *best = &f->conclusions[0];
    for (int i = 1; i < f->nconclusions; i++)
        if (conclusion_rating(f, &f->conclusions[i]) < conclusion_rating(f, best))
            best = &f->conclusions[i];
    out->rating = conclusion_rating(f, best);
    /* Taking more at once cannot raise the rating past this (+ slack). */
    double take = out->rating > out->good_enough ? out->rating : out->good_enough;
    /* The best first: the words explain it, the rest are like it. */
    out->elims[0] = (struct step_elim){best->cell, digitset_of(best->digit)};
    out->nelims = 1;
    for (int i = 0; i < f->nconclusions; i++) {
        const struct conclusion *c = &f->conclusions[i];
        if (c == best || conclusion_rating(f, c) > take + FORCING_SLACK + 1e-9) continue;
        out->elims[out->nelims++] = (struct step_elim){c->cell, digitset_of(c->digit)};
    }
    out->digits = digitset_of(best->digit);
    out->variant = best->kind;
    if (best->kind == FORCING_REGION) {
        out->nhouses = 1;
        out->houses[0] = best->from_cell;
        out->digits = digitset_of(best->from_digit);
    } else {
        out->ncells = 1;
        out->cells[0] = best->from_cell;
        out->nnodes = 1;
        out->nodes[0] = (struct step_node){best->from_cell, best->from_digit, 1};
    }
    return 1;
}

/* The levels, by param: how far the probes look and which conclusions
 * they may draw. */
static const struct forcing_level {
    enum probe_mode mode;
    int draw;
    int most; /* branches of a cell or region chain, at most */
} forcing_levels[] = {
    {PROBE_SINGLES, DRAW_ALL, SL_MAX_SIZE},       {PROBE_SINGLES, DRAW_ALL, SL_MAX_SIZE},
    {PROBE_PLUS, DRAW_ALL, SL_MAX_SIZE},          {PROBE_RULES, DRAW_ALL, SL_MAX_SIZE},
    {PROBE_STATIC, DRAW_CELLS | DRAW_REGIONS, 3}, {PROBE_DIGIT, DRAW_CONTRADICTION, 0},
};

int find_forcing_chain(const struct human *h, int param, struct step *out)
{
    const struct forcing_level *level = &forcing_levels[param];
    if (level->mode == PROBE_RULES && !probe_has_rules(h)) return 0;
    struct forcing *f = forcing_new(h, level->mode, level->draw);
    if (!f) return 0;
    probe_prepare(&f->probe, h);
    f->base = out->rating;
    f->good_enough = out->good_enough;
    f->done = 0;
    f->draw = level->draw;
    f->most = level->most;
    if (level->draw & DRAW_CONTRADICTION) forcing_probe_all(f);
    if (f->nconclusions == 0) {
        if (level->draw & DRAW_DOUBLE) forcing_double(f);
        if (!f->done && (level->draw & DRAW_CELLS)) forcing_cells(f);
        if (!f->done && (level->draw & DRAW_REGIONS)) forcing_regions(f);
    }
    int found = forcing_step(f, out);
    forcing_free(f);
    return found;
}
