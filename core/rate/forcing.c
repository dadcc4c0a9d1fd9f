/*
 * forcing.c — the probe: consequences of one assumption, breadth-first.
 *
 * Every consequence is an event (a candidate turned on or off) in a queue,
 * so the probe stops at the first contradiction with the fewest steps
 * behind it. Places are counted per house and digit as candidates go, so
 * a hidden single costs a decrement, not a scan.
 */
#include <stdlib.h>
#include <string.h>

#include "forcing.h"
#include "propagate.h"

struct event {
    uint16_t cell;
    uint8_t digit;
    uint8_t on;
    uint16_t depth; /* links from the assumption */
};

struct probe_run {
    const struct human *h;
    enum probe_mode mode;
    struct probe *p;
    int head, tail;
    uint8_t places[SL_MAX_UNITS * (SL_MAX_SIZE + 1)]; /* as probe.places, on the probe's grid */
    int depth;                                        /* of the event being followed */
    uint16_t on_depth[SL_MAX_CELLS];                  /* when a cell's digit went on */
    struct event queue[2 * SL_MAX_CELLS * SL_MAX_SIZE + 2]; /* PROBE_QUEUE_CAP */
};

#define PROBE_QUEUE_CAP (2 * SL_MAX_CELLS * SL_MAX_SIZE + 2)

/* A full queue drops the event: the probe then draws fewer consequences,
 * which is never wrong, only weaker (only huge grids come near). */
static void run_push(struct probe_run *run, int cell, int digit, int on)
{
    if (run->tail == PROBE_QUEUE_CAP) return;
    run->queue[run->tail++] =
        (struct event){(uint16_t)cell, (uint8_t)digit, (uint8_t)on, (uint16_t)(run->depth + 1)};
}

#define SETTLED 0xff

/* The bilocal links of house: each of a digit's two places gets the other. */
static void prepare_bilocal(struct probe *p, const struct human *h, int house)
{
    const struct human_layout *lay = h->lay;
    for (int d = 1; d <= lay->size; d++) {
        int a, b;
        if (!human_place_pair(h, house, d, &a, &b)) continue;
        int at = a * lay->size + d - 1, bt = b * lay->size + d - 1;
        p->bilocal[at][p->nbilocal[at]++] = (uint16_t)b;
        p->bilocal[bt][p->nbilocal[bt]++] = (uint16_t)a;
    }
}

void probe_prepare(struct probe *p, const struct human *h)
{
    const struct human_layout *lay = h->lay;
    memset(p->plane, 0, sizeof p->plane);
    memset(p->single, 0, sizeof p->single);
    memset(p->nbilocal, 0, (size_t)lay->ncells * (size_t)lay->size);
    for (int house = 0; house < lay->nhouses; house++) prepare_bilocal(p, h, house);
    for (int c = 0; c < lay->ncells; c++)
        for (digitset ds = h->cand[c]; ds; ds = digitset_rest(ds)) {
            cellset_add(&p->plane[digitset_first(ds)], c);
            if (digitset_is_single(h->cand[c])) cellset_add(&p->single[digitset_first(ds)], c);
        }
    for (int house = 0; house < lay->nhouses; house++) {
        const uint16_t *cells = lay->house_cells[house];
        memset(p->places[house], 0, sizeof p->places[house]);
        memset(p->pair[house], 0, sizeof p->pair[house]);
        for (int k = 0; k < lay->size; k++) {
            int c = cells[k];
            if (h->value[c]) p->places[house][h->value[c]] = SETTLED;
            for (digitset ds = h->cand[c]; ds; ds = digitset_rest(ds)) {
                p->pair[house][digitset_first(ds)] ^= (uint16_t)c;
                if (p->places[house][digitset_first(ds)] != SETTLED)
                    p->places[house][digitset_first(ds)]++;
            }
        }
    }
}

/* The first cell of a house still holding digit on the probe's grid, or -1. */
static int house_place(const struct probe_run *run, int house, int digit)
{
    const uint16_t *cells = run->h->lay->house_cells[house];
    for (int k = 0; k < run->h->lay->size; k++)
        if (run->p->cand[cells[k]] & digitset_of(digit)) return cells[k];
    return -1;
}

static uint16_t *off_at(struct probe_run *run, int cell, int digit)
{
    return &run->p->off_depth[cell * run->h->lay->size + digit - 1];
}

/* A contradiction reached now, whose other side came `other` links from
 * the assumption: the chain is both sides. */
static int contradiction(struct probe_run *run, int other)
{
    run->p->contradiction = run->depth + other;
    return 1;
}

/* The deepest of the removals of digit from cells (a house left without
 * a place, or a cell left without a digit, needed them all). */
static int deepest_off(struct probe_run *run, const uint16_t *cells, int count, int digit)
{
    int deepest = 0;
    for (int k = 0; k < count; k++)
        if ((run->h->cand[cells[k]] & digitset_of(digit)) &&
            *off_at(run, cells[k], digit) > deepest)
            deepest = *off_at(run, cells[k], digit);
    return deepest;
}

/* PROBE_STATIC: only the strong links of the grid probed: the other
 * digit of a cell that held two, the other place of a digit that had two
 * in a house. */
static int follow_off_static(struct probe_run *run, int cell, int digit)
{
    const struct human *h = run->h;
    digitset had = h->cand[cell];
    if (digitset_count(had) == 2) run_push(run, cell, digitset_first(had & ~digitset_of(digit)), 1);
    for (int i = 0; i < h->lay->ncell_houses[cell]; i++) {
        int house = h->lay->cell_houses[cell][i];
        if (run->p->places[house][digit] == 2)
            run_push(run, run->p->pair[house][digit] ^ cell, digit, 1);
    }
    return 0;
}

/* What turning digit off in cell makes true. */
static int follow_off(struct probe_run *run, int cell, int digit)
{
    const struct human *h = run->h;
    struct probe *p = run->p;
    if (run->mode == PROBE_STATIC) return follow_off_static(run, cell, digit);
    if (p->cand[cell] == 0 && !p->value[cell]) {
        int deepest = 0;
        for (digitset ds = h->cand[cell]; ds; ds = digitset_rest(ds))
            if (*off_at(run, cell, digitset_first(ds)) > deepest)
                deepest = *off_at(run, cell, digitset_first(ds));
        return contradiction(run, deepest);
    }
    digitset cell_left = p->cand[cell];
    if (run->mode != PROBE_DIGIT && !p->value[cell] && digitset_is_single(cell_left))
        run_push(run, cell, digitset_first(cell_left), 1);
    for (int i = 0; i < h->lay->ncell_houses[cell]; i++) {
        int house = h->lay->cell_houses[cell][i];
        uint8_t *places = &run->places[house * (SL_MAX_SIZE + 1) + digit];
        if (*places == SETTLED) continue;
        if (--*places == 0)
            return contradiction(run,
                                 deepest_off(run, h->lay->house_cells[house], h->lay->size, digit));
        int where = *places == 1 ? house_place(run, house, digit) : -1;
        if (where >= 0 && !p->value[where]) run_push(run, where, digit, 1);
    }
    return 0;
}

/* Turns digit on in cell: its other digits and its peers' digit go off. */
static int follow_on(struct probe_run *run, int cell, int digit)
{
    const struct human_layout *lay = run->h->lay;
    struct probe *p = run->p;
    if (p->value[cell])
        return p->value[cell] != digit ? contradiction(run, run->on_depth[cell]) : 0;
    if (!(p->cand[cell] & digitset_of(digit)))
        return contradiction(
            run, run->h->cand[cell] & digitset_of(digit) ? *off_at(run, cell, digit) : 0);
    p->value[cell] = (uint8_t)digit;
    run->on_depth[cell] = (uint16_t)run->depth;
    if (run->mode != PROBE_DIGIT)
        for (digitset rest = p->cand[cell] & ~digitset_of(digit); rest; rest = digitset_rest(rest))
            run_push(run, cell, digitset_first(rest), 0);
    const struct ruleset *rs = lay->rs;
    for (int i = rs->peer_start[cell]; i < rs->peer_start[cell + 1]; i++)
        if (p->cand[rs->peers[i]] & digitset_of(digit)) run_push(run, rs->peers[i], digit, 0);
    return 0;
}

static int run_event(struct probe_run *run, const struct event *e)
{
    struct probe *p = run->p;
    digitset bit = digitset_of(e->digit);
    run->depth = e->depth;
    if (e->on) return follow_on(run, e->cell, e->digit);
    if (p->value[e->cell] == e->digit) return contradiction(run, run->on_depth[e->cell]);
    if (!(p->cand[e->cell] & bit)) return 0;
    p->cand[e->cell] &= ~bit;
    *off_at(run, e->cell, e->digit) = (uint16_t)run->depth;
    return follow_off(run, e->cell, e->digit);
}

/* Locked candidates on the probe's grid (PROBE_PLUS): a digit confined
 * to where two houses meet leaves the rest of the second. */
static int run_locked(struct probe_run *run)
{
    const struct human_layout *lay = run->h->lay;
    int pushed = 0;
    for (int m = 0; m < lay->nmeetings; m++) {
        int from = lay->meetings[m].a, to = lay->meetings[m].b;
        for (int digit = 1; digit <= lay->size; digit++) {
            int count = run->places[from * (SL_MAX_SIZE + 1) + digit], outside = 0;
            if (count < 2 || count == SETTLED) continue;
            const uint16_t *cells = lay->house_cells[from];
            for (int k = 0; k < lay->size && !outside; k++)
                outside = (run->p->cand[cells[k]] & digitset_of(digit)) &&
                          !cellset_has(&lay->house_set[to], cells[k]);
            if (outside) continue;
            const uint16_t *other = lay->house_cells[to];
            for (int k = 0; k < lay->size; k++)
                if ((run->p->cand[other[k]] & digitset_of(digit)) &&
                    !cellset_has(&lay->house_set[from], other[k]))
                    run_push(run, other[k], digit, 0), pushed++;
        }
    }
    return pushed;
}

int probe_has_rules(const struct human *h)
{
    const struct ruleset *rs = h->lay->rs;
    for (int i = 0; i < rs->nslots; i++)
        if (rs->slots[i].ops->explain) return 1;
    return 0;
}

int probe_rules_open(struct probe *p, const struct human *h)
{
    p->rule_ctx = malloc(sizeof *p->rule_ctx);
    p->rule_state = malloc(h->lay->rs->state_bytes);
    if (p->rule_ctx && p->rule_state) return 0;
    probe_rules_close(p);
    return -1;
}

void probe_rules_close(struct probe *p)
{
    free(p->rule_ctx);
    free(p->rule_state);
    p->rule_ctx = NULL;
    p->rule_state = NULL;
}

/* The rules' deductions on the probe's grid (PROBE_RULES): what they take
 * out goes off, one link further on; their contradiction is the probe's. */
static int run_rules(struct probe_run *run, int *pushed)
{
    const struct human *h = run->h;
    const struct ruleset *rs = h->lay->rs;
    struct probe *p = run->p;
    digitset *state = p->rule_state;
    *pushed = 0;
    for (int c = 0; c < h->lay->ncells; c++)
        state[c] = p->value[c] ? digitset_of(p->value[c]) : p->cand[c];
    for (int i = 0; i < rs->nslots; i++) {
        if (!rs->slots[i].ops->explain) continue;
        propagate_view_fresh(p->rule_ctx, rs, state);
        p->rule_ctx->current_slot = i;
        struct explain_sink sink = {0};
        if (rs->slots[i].ops->explain(rs->slots[i].self, EXPLAIN_ALL, p->rule_ctx, &sink) < 0)
            return contradiction(run, 1);
    }
    for (int c = 0; c < h->lay->ncells; c++)
        for (digitset gone = p->cand[c] & ~state[c]; gone; gone = digitset_rest(gone))
            run_push(run, c, digitset_first(gone), 0), ++*pushed;
    return 0;
}

/* --- PROBE_STATIC, a level at a time ----------------------------------
 * The links followed are the state's own, so the candidates a level turns
 * off and on do not depend on the order in which they are drawn: each is
 * drawn once, the peers a digit turns off in one word operation on that
 * digit's plane (what the probe's grid still holds). */

struct level_node {
    uint16_t cell;
    uint8_t digit;
};

struct level_run {
    const struct human *h;
    struct probe *p;
    struct cellset plane[SL_MAX_SIZE + 1];
    int n; /* nodes drawn */
    struct level_node node[SL_MAX_CELLS * (SL_MAX_SIZE + 1)];
};

/* Turns digit off in cell at depth; 1 when the probe had it on. */
static int level_off(struct level_run *run, int cell, int digit, int depth)
{
    struct probe *p = run->p;
    if (p->value[cell] == digit) return 1;
    p->cand[cell] &= ~digitset_of(digit);
    run->plane[digit].w[cell >> 6] &= ~(UINT64_C(1) << (cell & 63));
    p->off_depth[cell * run->h->lay->size + digit - 1] = (uint16_t)depth;
    run->node[run->n++] = (struct level_node){(uint16_t)cell, (uint8_t)digit};
    return 0;
}

/* Turns digit on in cell; 1 when it was off, or another digit was on. */
static int level_on(struct level_run *run, int cell, int digit)
{
    struct probe *p = run->p;
    if (p->value[cell]) return p->value[cell] != digit;
    if (!(p->cand[cell] & digitset_of(digit))) return 1;
    p->value[cell] = (uint8_t)digit;
    run->node[run->n++] = (struct level_node){(uint16_t)cell, (uint8_t)digit};
    return 0;
}

/* What (cell, digit) on turns off, at depth: its cell's other digits, and
 * the digit in its peers. */
static int level_follow_on(struct level_run *run, int cell, int digit, int depth)
{
    const struct human_layout *lay = run->h->lay;
    for (digitset rest = run->p->cand[cell] & ~digitset_of(digit); rest; rest = digitset_rest(rest))
        level_off(run, cell, digitset_first(rest), depth);
    for (int w = 0; w < lay->words; w++)
        for (uint64_t bits = lay->peers[cell].w[w] & run->plane[digit].w[w]; bits; bits &= bits - 1)
            if (level_off(run, w * 64 + __builtin_ctzll(bits), digit, depth)) return 1;
    return 0;
}

/* What (cell, digit) off turns on: the strong links of follow_off_static. */
static int level_follow_off(struct level_run *run, int cell, int digit)
{
    const struct human *h = run->h;
    digitset had = h->cand[cell];
    if (digitset_count(had) == 2 && level_on(run, cell, digitset_first(had & ~digitset_of(digit))))
        return 1;
    int at = cell * h->lay->size + digit - 1;
    for (int i = 0; i < run->p->nbilocal[at]; i++)
        if (level_on(run, run->p->bilocal[at][i], digit)) return 1;
    return 0;
}

/* PROBE_STATIC from (cell, digit) on, no target: 1 when it contradicts. */
static int probe_static(const struct human *h, struct probe *p, int cell, int digit)
{
    struct level_run run;
    run.h = h, run.p = p, run.n = 0;
    memcpy(run.plane, p->plane, (size_t)(h->lay->size + 1) * sizeof p->plane[0]);
    level_on(&run, cell, digit);
    /* Levels alternate: on at even depths, off at odd ones. */
    for (int from = 0, depth = 1; from < run.n; depth++) {
        int to = run.n;
        for (; from < to; from++) {
            const struct level_node *e = &run.node[from];
            int bad = depth & 1 ? level_follow_on(&run, e->cell, e->digit, depth)
                                : level_follow_off(&run, e->cell, e->digit);
            if (bad) {
                p->events = run.n;
                p->contradiction = depth;
                return 1;
            }
        }
    }
    p->events = run.n;
    return 0;
}

/* --- PROBE_DIGIT's question, a level at a time --------------------------
 * One digit's consequences as sets: the cells the digit is on in, and
 * those still holding it. A level turns the digit off in the peers of the
 * cells it went on in, then puts it on where a house that lost a place
 * has one left. The sets reached are the probe's, so it contradicts when
 * these do: the digit off where it is on or where it was all that was
 * left, or a house (where it is not placed) without a place. */

_Static_assert(HUMAN_MAX_HOUSES % 64 == 0, "houses as whole words");

/* The houses holding a cell of `cells`, as a bit set over houses. */
static void digit_houses(const struct human_layout *lay, const struct cellset *cells,
                         uint64_t *houses)
{
    memset(houses, 0, HUMAN_MAX_HOUSES / 64 * sizeof houses[0]);
    for (int w = 0; w < lay->words; w++)
        for (uint64_t bits = cells->w[w]; bits; bits &= bits - 1) {
            int c = w * 64 + __builtin_ctzll(bits);
            for (int i = 0; i < lay->ncell_houses[c]; i++)
                houses[lay->cell_houses[c][i] >> 6] |= UINT64_C(1) << (lay->cell_houses[c][i] & 63);
        }
}

/* The digit off in the peers of `fresh` (cells it just went on in): 1 on
 * a contradiction; else `left` loses them and `off` holds them. */
static int digit_level_off(const struct human_layout *lay, const struct probe *p, int digit,
                           const struct cellset *fresh, const struct cellset *on,
                           struct cellset *left, struct cellset *off)
{
    cellset_clear(off);
    for (int w = 0; w < lay->words; w++)
        for (uint64_t bits = fresh->w[w]; bits; bits &= bits - 1) {
            const struct cellset *peers = &lay->peers[w * 64 + __builtin_ctzll(bits)];
            for (int v = 0; v < lay->words; v++) off->w[v] |= peers->w[v] & left->w[v];
        }
    uint64_t bad = 0;
    for (int w = 0; w < lay->words; w++) {
        bad |= off->w[w] & (on->w[w] | p->single[digit].w[w]);
        left->w[w] &= ~off->w[w];
    }
    return bad != 0;
}

int probe_digit_contradicts(const struct human *h, const struct probe *p, int cell, int digit,
                            struct cellset *on)
{
    const struct human_layout *lay = h->lay;
    struct cellset left = p->plane[digit], fresh = {{0}}, off;
    uint64_t houses[HUMAN_MAX_HOUSES / 64];
    cellset_clear(on);
    cellset_add(on, cell);
    cellset_add(&fresh, cell);
    for (;;) {
        if (digit_level_off(lay, p, digit, &fresh, on, &left, &off)) return 1;
        digit_houses(lay, &off, houses);
        cellset_clear(&fresh);
        int more = 0;
        for (int i = 0; i < (lay->nhouses + 63) / 64; i++)
            for (uint64_t bits = houses[i]; bits; bits &= bits - 1) {
                int house = i * 64 + __builtin_ctzll(bits);
                if (p->places[house][digit] == SETTLED) continue;
                int count = 0, x = -1;
                for (int w = 0; w < lay->words && count < 2; w++) {
                    uint64_t in = left.w[w] & lay->house_set[house].w[w];
                    if (in) x = w * 64 + __builtin_ctzll(in);
                    count += __builtin_popcountll(in);
                }
                if (count == 0) return 1;
                if (count > 1 || cellset_has(on, x)) continue;
                cellset_add(on, x);
                cellset_add(&fresh, x);
                more = 1;
            }
        if (!more) return 0;
    }
}

int probe_run(const struct human *h, enum probe_mode mode, int cell, int digit, int on,
              struct probe *p, int target_cell, int target_digit)
{
    struct probe_run run;
    run.h = h, run.mode = mode, run.p = p, run.head = run.tail = 0, run.depth = -1;
    /* Static probes follow the state's own places, never their copy. */
    if (mode != PROBE_STATIC)
        memcpy(run.places, p->places, (size_t)h->lay->nhouses * sizeof p->places[0]);
    /* on_depth and off_depth are read only where this probe wrote them. */
    int ncells = h->lay->ncells;
    memcpy(p->cand, h->cand, (size_t)ncells * sizeof p->cand[0]);
    memcpy(p->value, h->value, (size_t)ncells);
    p->events = p->contradiction = p->reached = 0;
    if (mode == PROBE_STATIC && on && target_cell < 0) return probe_static(h, p, cell, digit);
    digitset target = target_cell >= 0 ? digitset_of(target_digit) : 0;
    run_push(&run, cell, digit, on);
    for (;;) {
        while (run.head < run.tail) {
            p->events++;
            if (run_event(&run, &run.queue[run.head++])) return 1;
            if (target && !(p->cand[target_cell] & target)) {
                p->reached = run.depth + 1;
                return 0;
            }
        }
        int pushed = 0;
        if (mode == PROBE_RULES && run_rules(&run, &pushed)) return 1;
        if (mode == PROBE_PLUS) pushed = run_locked(&run);
        if (!pushed) return 0;
    }
}
