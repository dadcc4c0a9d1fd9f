/*
 * calc_cages.c — see calc_cages.h. The walk keeps, for the cells still to
 * fill, the least and the greatest they can add (or multiply) to, so a
 * prefix that cannot reach the target is dropped at once.
 */
#include "calc_cages.h"

#include <string.h>

/* Products above this are only ever compared with a target, so they are
 * held at it instead of overflowing. */
#define CALC_SATURATED (CALC_TARGET_MAX + 1)

static const struct {
    char symbol;
    const char *label;
} calc_ops[] = {
    [CALC_NONE] = {'\0', ""},       [CALC_ADD] = {'+', "+"},        [CALC_SUB] = {'-', "-"},
    [CALC_MUL] = {'x', "\xc3\x97"}, [CALC_DIV] = {'/', "\xc3\xb7"},
};

int calc_op_of(char symbol)
{
    for (int op = CALC_ADD; op <= CALC_DIV; op++)
        if (calc_ops[op].symbol == symbol) return op;
    return -1;
}

const char *calc_op_text(int op)
{
    static const char *const text[] = {"", "+", "-", "x", "/"};
    return text[op];
}

const char *calc_op_label(int op) { return calc_ops[op].label; }

void calc_cage_init(struct calc_cage *c, const struct geometry *g, const int *cells, int count,
                    int op, long long target)
{
    c->op = op;
    c->target = target;
    c->ncells = count;
    for (int i = 0; i < count; i++) {
        c->cells[i] = cells[i];
        c->clash[i] = 0;
        for (int j = 0; j < i; j++)
            if (geometry_row(g, cells[i]) == geometry_row(g, cells[j]) ||
                geometry_col(g, cells[i]) == geometry_col(g, cells[j]))
                c->clash[i] |= UINT32_C(1) << j;
    }
}

static long long calc_times(long long a, long long b)
{
    return a > CALC_SATURATED / b ? CALC_SATURATED : a * b;
}

/* The value the operation makes of digits[0..count). */
static long long calc_value(int op, const uint8_t *digits, int count)
{
    long long v = op == CALC_MUL ? 1 : 0;
    int hi = digits[0] > digits[count - 1] ? digits[0] : digits[count - 1];
    int lo = digits[0] + digits[count - 1] - hi;
    switch (op) {
    case CALC_SUB: return hi - lo;
    case CALC_DIV: return hi % lo ? -1 : hi / lo;
    case CALC_NONE: return digits[0];
    default: break;
    }
    for (int i = 0; i < count; i++) v = op == CALC_MUL ? calc_times(v, digits[i]) : v + digits[i];
    return v;
}

int calc_cage_holds(const struct calc_cage *c, const uint8_t *digits)
{
    for (int i = 0; i < c->ncells; i++)
        for (int j = 0; j < i; j++)
            if ((c->clash[i] >> j & 1) && digits[i] == digits[j]) return 0;
    return calc_value(c->op, digits, c->ncells) == c->target;
}

struct calc_walk {
    const struct calc_cage *cage;
    const digitset *cand;
    int (*visit)(void *arg, const uint8_t *digits);
    void *arg;
    long found;
    int stop;
    uint8_t digit[CALC_MAX_CAGE_CELLS];
    long long lo[CALC_MAX_CAGE_CELLS + 1], hi[CALC_MAX_CAGE_CELLS + 1]; /* cells i.. can make */
};

/* The range the cells from i on can add or multiply to. */
static void calc_walk_bounds(struct calc_walk *w)
{
    const struct calc_cage *c = w->cage;
    int mul = c->op == CALC_MUL;
    w->lo[c->ncells] = w->hi[c->ncells] = mul ? 1 : 0;
    for (int i = c->ncells - 1; i >= 0; i--) {
        int least = digitset_first(w->cand[i]), most = 31 - __builtin_clz(w->cand[i]);
        w->lo[i] = mul ? calc_times(w->lo[i + 1], least) : w->lo[i + 1] + least;
        w->hi[i] = mul ? calc_times(w->hi[i + 1], most) : w->hi[i + 1] + most;
    }
}

/* 1 when d in cell i can still lead to the target, `rest` being what the
 * cells from i on must make. */
static int calc_walk_fits(const struct calc_walk *w, int i, int d, long long rest)
{
    const struct calc_cage *c = w->cage;
    if (c->op == CALC_ADD) return rest - d >= w->lo[i + 1] && rest - d <= w->hi[i + 1];
    if (c->op == CALC_MUL)
        return rest % d == 0 && rest / d >= w->lo[i + 1] && rest / d <= w->hi[i + 1];
    if (c->op == CALC_NONE) return d == c->target;
    if (i == 0) return 1;
    uint8_t pair[2] = {w->digit[0], (uint8_t)d};
    return calc_value(c->op, pair, 2) == c->target;
}

/* The digits the earlier cells put in cell i's row and column. */
static digitset calc_walk_used(const struct calc_walk *w, int i)
{
    digitset used = 0;
    for (uint32_t m = w->cage->clash[i]; m; m &= m - 1)
        used |= digitset_of(w->digit[__builtin_ctz(m)]);
    return used;
}

static void calc_walk_visit(struct calc_walk *w)
{
    w->found++;
    if (w->visit(w->arg, w->digit)) w->stop = 1;
}

/* The last cell of a sum or a product (not its first) can only be what
 * is left, rest, which then fits: the walk's last step with no loop,
 * taken from the step before it. */
static void calc_walk_last(struct calc_walk *w, long long rest)
{
    int last = w->cage->ncells - 1;
    if (rest < 1 || rest >= 32) return;
    if (!(w->cand[last] & ~calc_walk_used(w, last) & digitset_of((int)rest))) return;
    w->digit[last] = (uint8_t)rest;
    calc_walk_visit(w);
}

static void calc_walk_from(struct calc_walk *w, int i, long long rest)
{
    const struct calc_cage *c = w->cage;
    if (i == c->ncells) {
        calc_walk_visit(w);
        return;
    }
    digitset open = w->cand[i] & ~calc_walk_used(w, i);
    int next_last = i + 1 == c->ncells - 1 && (c->op == CALC_ADD || c->op == CALC_MUL);
    for (digitset m = open; m && !w->stop; m = digitset_rest(m)) {
        int d = digitset_first(m);
        if (!calc_walk_fits(w, i, d, rest)) continue;
        w->digit[i] = (uint8_t)d;
        long long left = c->op == CALC_ADD ? rest - d : c->op == CALC_MUL ? rest / d : rest;
        if (next_last)
            calc_walk_last(w, left);
        else
            calc_walk_from(w, i + 1, left);
    }
}

static long calc_pair_walk(const struct calc_cage *c, const digitset *cand,
                           int (*visit)(void *arg, const uint8_t *digits), void *arg);

long calc_cage_walk(const struct calc_cage *c, const digitset *cand,
                    int (*visit)(void *arg, const uint8_t *digits), void *arg)
{
    if (c->ncells == 2 && c->op != CALC_NONE) return calc_pair_walk(c, cand, visit, arg);
    struct calc_walk w = {.cage = c, .cand = cand, .visit = visit, .arg = arg};
    for (int i = 0; i < c->ncells; i++)
        if (cand[i] == 0) return 0;
    calc_walk_bounds(&w);
    calc_walk_from(&w, 0, c->target);
    return w.found;
}

struct calc_support {
    const struct calc_cage *cage;
    const digitset *cand;
    digitset *support;
};

/* Stops once every candidate has an assignment: nothing more to learn. */
static int calc_support_visit(void *arg, const uint8_t *digits)
{
    struct calc_support *s = arg;
    int complete = 1;
    for (int i = 0; i < s->cage->ncells; i++) {
        s->support[i] |= digitset_of(digits[i]);
        complete &= s->support[i] == s->cand[i];
    }
    return complete;
}

/* Marks an assignment's digits and stops: the walk for one candidate. */
static int calc_support_first(void *arg, const uint8_t *digits)
{
    struct calc_support *s = arg;
    for (int i = 0; i < s->cage->ncells; i++) s->support[i] |= digitset_of(digits[i]);
    return 1;
}

/* The digits a cell of a two-cell cage may pair with d: what the other
 * cell holds in the assignments the walk would find. */
static digitset calc_pair_partners(int op, long long target, int d)
{
    long long t = target, hi = d + t, lo = d - t;
    switch (op) {
    case CALC_ADD: lo = t - d, hi = 0; break;
    case CALC_MUL: lo = t % d ? 0 : t / d, hi = 0; break;
    case CALC_SUB: break;
    case CALC_DIV: hi = t > 0 ? d * t : 0, lo = t > 0 && d % t == 0 ? d / t : 0; break;
    default: return 0;
    }
    return (lo >= 1 && lo < 32 ? digitset_of((int)lo) : 0) |
           (hi >= 1 && hi < 32 ? digitset_of((int)hi) : 0);
}

/* The walk of a two-cell cage, the most common: each digit of the first
 * cell looks its partners up, and they are visited in the walk's order
 * (the first cell's digits ascending, then the second's), which a
 * search's branch follows. */
static long calc_pair_walk(const struct calc_cage *c, const digitset *cand,
                           int (*visit)(void *arg, const uint8_t *digits), void *arg)
{
    long found = 0;
    for (digitset m = cand[0]; m; m = digitset_rest(m)) {
        int d = digitset_first(m);
        digitset partners = calc_pair_partners(c->op, c->target, d) & cand[1];
        if (c->clash[1] & 1) partners &= ~digitset_of(d);
        for (; partners; partners = digitset_rest(partners)) {
            uint8_t digits[2] = {(uint8_t)d, (uint8_t)digitset_first(partners)};
            found++;
            if (visit(arg, digits)) return found;
        }
    }
    return found;
}

/* Two cells, the most common cage: each digit of the first cell looks up
 * its partners, with no walk. */
static int calc_pair_supports(const struct calc_cage *c, const digitset *cand, digitset *support)
{
    digitset first = 0, second = 0;
    for (digitset m = cand[0]; m; m = digitset_rest(m)) {
        int d = digitset_first(m);
        digitset partners = calc_pair_partners(c->op, c->target, d) & cand[1];
        if (c->clash[1] & 1) partners &= ~digitset_of(d);
        if (partners) first |= digitset_of(d), second |= partners;
    }
    support[0] = first;
    support[1] = second;
    return first != 0;
}

/* A sum or product of a few cells whose cells but the last combine in at
 * most this many ways is done by calc_sum_product_from, not a walk. */
#define CALC_LOOP_MAX 256
#define CALC_LOOP_CELLS 4

/* The cells from i on of a sum or product, their candidates in cand
 * (less what the digits before them rule out), making rest: ORs into
 * support each digit some assignment puts in them; 1 when any. The last
 * cell can only be what the others leave, so no bounds are kept: on
 * small cages the loops cost less than a walk's bookkeeping. */
/* {r - y : y in m}: the digits that add up to r with one of m's (those
 * past 31 dropped), by reversing m's bits: bit y goes to 31 - y, then
 * the shift takes it to r - y. */
static inline digitset calc_mirror(digitset m, long long r)
{
    uint32_t v = m;
    v = ((v >> 1) & 0x55555555u) | ((v & 0x55555555u) << 1);
    v = ((v >> 2) & 0x33333333u) | ((v & 0x33333333u) << 2);
    v = ((v >> 4) & 0x0F0F0F0Fu) | ((v & 0x0F0F0F0Fu) << 4);
    v = ((v >> 8) & 0x00FF00FFu) | ((v & 0x00FF00FFu) << 8);
    v = (v >> 16) | (v << 16);
    if (r < 0 || r >= 63) return 0; /* r - y would be negative, or past 31 for every y */
    return r <= 31 ? v >> (31 - r) : (digitset)((uint64_t)v << (r - 31));
}

/* The last two cells of a sum (i and the last), candidates in cand,
 * making rest: as calc_sum_product_from's loop over cell i's digits,
 * but by sets. A digit of either cell has one partner, rest less it;
 * where the two cells share a line the digit that would partner itself
 * (half of rest) has none. */
static int calc_sum_last_two(const struct calc_cage *c, int i, long long rest, const digitset *cand,
                             digitset *support)
{
    int last = c->ncells - 1;
    digitset mine = cand[i] & calc_mirror(cand[last], rest);
    digitset theirs = cand[last] & calc_mirror(cand[i], rest);
    if ((c->clash[last] >> i & 1) && rest % 2 == 0 && rest / 2 < 32) {
        mine &= ~digitset_of((int)(rest / 2));
        theirs &= ~digitset_of((int)(rest / 2));
    }
    support[i] |= mine;
    support[last] |= theirs;
    return mine != 0;
}

static int calc_sum_product_from(const struct calc_cage *c, int i, long long rest,
                                 const digitset *cand, digitset *support)
{
    if (c->op == CALC_ADD && i + 1 == c->ncells - 1)
        return calc_sum_last_two(c, i, rest, cand, support);
    int last = c->ncells - 1, any = 0;
    for (digitset m = cand[i]; m; m = digitset_rest(m)) {
        int d = digitset_first(m);
        long long r = c->op == CALC_ADD ? rest - d : rest % d ? 0 : rest / d;
        if (r < 1) continue; /* the cells after i hold digits from 1 */
        if (i + 1 == last) {
            digitset tail = r < 32 ? digitset_of((int)r) & cand[last] : 0;
            if (c->clash[last] >> i & 1) tail &= ~digitset_of(d);
            if (tail == 0) continue;
            support[last] |= tail;
        } else {
            digitset next[CALC_LOOP_CELLS];
            for (int j = i + 1; j <= last; j++)
                next[j] = c->clash[j] >> i & 1 ? cand[j] & ~digitset_of(d) : cand[j];
            if (!calc_sum_product_from(c, i + 1, r, next, support)) continue;
        }
        support[i] |= digitset_of(d);
        any = 1;
    }
    return any;
}

/* 1 when calc_sum_product_from should take cage c over cand. */
static int calc_loops_fit(const struct calc_cage *c, const digitset *cand)
{
    if ((c->op != CALC_ADD && c->op != CALC_MUL) || c->ncells < 3 || c->ncells > CALC_LOOP_CELLS)
        return 0;
    int space = 1;
    for (int i = 0; i < c->ncells - 1; i++) space *= __builtin_popcount(cand[i]);
    return space <= CALC_LOOP_MAX;
}

/* A cage whose candidates combine in at most this many ways is walked
 * whole, stopping once every candidate has an assignment; a larger one
 * is asked candidate by candidate, each walk stopping at its first
 * assignment (which supports a digit in every cell), so a candidate with
 * none costs only its own part of the walk. */
#define CALC_WALK_WHOLE 512

int calc_cage_supports(const struct calc_cage *c, const digitset *cand, digitset *support)
{
    if (c->ncells == 2 && c->op != CALC_NONE) return calc_pair_supports(c, cand, support);
    struct calc_support s = {c, cand, support};
    memset(support, 0, sizeof *support * (size_t)c->ncells);
    if (calc_loops_fit(c, cand)) return calc_sum_product_from(c, 0, c->target, cand, support);
    long space = 1;
    for (int i = 0; i < c->ncells && space <= CALC_WALK_WHOLE; i++)
        space *= __builtin_popcount(cand[i]);
    if (space <= CALC_WALK_WHOLE) return calc_cage_walk(c, cand, calc_support_visit, &s) > 0;
    digitset fixed[CALC_MAX_CAGE_CELLS];
    memcpy(fixed, cand, sizeof *fixed * (size_t)c->ncells);
    for (int i = 0; i < c->ncells; i++) {
        for (digitset m = cand[i] & ~support[i]; m; m = digitset_rest(m)) {
            digitset d = digitset_of(digitset_first(m));
            if (support[i] & d) continue; /* an earlier walk's assignment holds it */
            fixed[i] = d;
            calc_cage_walk(c, fixed, calc_support_first, &s);
        }
        fixed[i] = cand[i];
        if (i == 0 && support[0] == 0) return 0; /* no assignment at all */
    }
    return 1;
}

/* A memo key's fields: the target's bits, then the operation's, the
 * cell count's, and each cell's clashes with the cells before it. */
#define CALC_MEMO_TARGET_BITS 24
#define CALC_MEMO_DIGITS 0xFFu /* digits 1..7 and the unused bit 0 */

uint64_t calc_cage_memo_key(const struct calc_cage *c)
{
    if (c->ncells > CALC_MEMO_CELLS || c->target < 0 || c->target >= (1LL << CALC_MEMO_TARGET_BITS))
        return 0;
    uint64_t key = (uint64_t)c->target | (uint64_t)c->op << CALC_MEMO_TARGET_BITS |
                   (uint64_t)c->ncells << (CALC_MEMO_TARGET_BITS + 3);
    int at = CALC_MEMO_TARGET_BITS + 6;
    for (int i = 1; i < c->ncells; i++) { /* cell i's clashes: i bits */
        key |= (uint64_t)c->clash[i] << at;
        at += i;
    }
    return key;
}

/* Gathers a walk's assignments, packed (calc_cage_assignments). */
struct calc_packing {
    uint64_t *out;
    int ncells, cap, count; /* count past cap: too many */
};

/* One assignment more into f: 1 when f was full (count then past cap). */
static int calc_packing_add(struct calc_packing *f, uint64_t packed)
{
    if (f->count == f->cap) return f->count = f->cap + 1, 1;
    f->out[f->count++] = packed;
    return 0;
}

static int calc_packing_visit(void *arg, const uint8_t *digits)
{
    struct calc_packing *f = arg;
    uint64_t packed = 0;
    for (int i = 0; i < f->ncells; i++) packed |= (uint64_t)digitset_of(digits[i]) << (8 * i);
    return calc_packing_add(f, packed);
}

/* A sum's or product's cells from i on, the earlier ones holding what
 * packed says (their digits in used, per cell i.. the clashing ones
 * left out), making rest: each assignment packed into f, in the walk's
 * order (cell by cell, digits ascending); the last cell takes what is
 * left. 1 when f is full. */
static int calc_packing_loops(const struct calc_cage *c, int i, long long rest, uint64_t packed,
                              digitset digits, struct calc_packing *f)
{
    int last = c->ncells - 1, after = last - i;
    digitset open = digits;
    for (uint32_t m = c->clash[i]; m; m &= m - 1)
        open &= ~(digitset)(packed >> (8 * __builtin_ctz(m)) & 0xFF);
    if (i == last) {
        if (rest < 1 || rest > 7 || !(open & digitset_of((int)rest))) return 0;
        return calc_packing_add(f, packed | (uint64_t)digitset_of((int)rest) << (8 * i));
    }
    /* What the cells after i can make: a sum after..7 * after, a product
     * up to 7^after. */
    long long most = c->op == CALC_ADD ? 7LL * after : after == 1 ? 7 : after == 2 ? 49 : 343;
    for (digitset m = open; m; m = digitset_rest(m)) {
        int d = digitset_first(m);
        long long r = c->op == CALC_ADD ? rest - d : rest % d ? 0 : rest / d;
        if (r < (c->op == CALC_ADD ? after : 1)) continue;
        if (r > most) continue;
        uint64_t more = packed | (uint64_t)digitset_of(d) << (8 * i);
        if (calc_packing_loops(c, i + 1, r, more, digits, f)) return 1;
    }
    return 0;
}

int calc_cage_assignments(const struct calc_cage *c, digitset digits, uint64_t *out, int cap)
{
    if (c->ncells > CALC_PACKED_CELLS || (digits & ~(digitset)CALC_MEMO_DIGITS & ~1u)) return -1;
    if ((c->op == CALC_ADD || c->op == CALC_MUL) && c->ncells >= 2 && c->ncells <= 4) {
        struct calc_packing f = {out, c->ncells, cap, 0};
        calc_packing_loops(c, 0, c->target, 0, digits & ~1u, &f);
        return f.count > cap ? -1 : f.count;
    }
    digitset all[CALC_PACKED_CELLS];
    for (int i = 0; i < c->ncells; i++) all[i] = digits & ~1u;
    struct calc_packing f = {out, c->ncells, cap, 0};
    calc_cage_walk(c, all, calc_packing_visit, &f);
    return f.count > cap ? -1 : f.count;
}

/* Cage c's (key, not 0) assignments in memo, enumerated when first met:
 * 1, or 0 when it has none kept (too many, or the slots it may take
 * hold other cages'). */
static int calc_table_of(struct calc_support_memo *memo, const struct calc_cage *c, uint64_t key,
                         const uint64_t **assignment, uint32_t *count)
{
    enum { probes = 4, slots = 1 << CALC_TABLE_BITS };
    size_t at = (size_t)((key * UINT64_C(0x9E3779B97F4A7C15)) >> (64 - CALC_TABLE_BITS));
    for (int p = 0; p < probes; p++, at = (at + 1) % slots) {
        if (memo->table[at].cage == 0) {
            int room = CALC_TABLE_POOL - (int)memo->used;
            int made = calc_cage_assignments(c, CALC_MEMO_DIGITS, memo->assignment + memo->used,
                                             room < CALC_TABLE_MOST ? room : CALC_TABLE_MOST);
            memo->table[at].cage = key, memo->table[at].start = memo->used;
            memo->table[at].count = made < 0 ? CALC_TABLE_MOST + 1 : (uint32_t)made;
            if (made > 0) memo->used += (uint32_t)made;
        }
        if (memo->table[at].cage != key) continue;
        if (memo->table[at].count > CALC_TABLE_MOST) return 0;
        *assignment = memo->assignment + memo->table[at].start;
        *count = memo->table[at].count;
        return 1;
    }
    return 0;
}

/* c's supports packed (0: none fits) from the candidates packed: from
 * its table of assignments when memo keeps one, else by the walk. */
static uint64_t calc_supports_unmemoed(struct calc_support_memo *memo, const struct calc_cage *c,
                                       uint64_t key, uint64_t packed)
{
    const uint64_t *assignment;
    uint32_t count;
    uint64_t kept = 0;
    if (calc_table_of(memo, c, key, &assignment, &count))
        return calc_assignments_supports(assignment, (int)count, packed);
    digitset cand[CALC_MEMO_CELLS], support[CALC_MEMO_CELLS];
    for (int i = 0; i < c->ncells; i++) cand[i] = (digitset)(packed >> (8 * i) & CALC_MEMO_DIGITS);
    if (calc_cage_supports(c, cand, support))
        for (int i = 0; i < c->ncells; i++) kept |= (uint64_t)support[i] << (8 * i);
    return kept;
}

uint64_t calc_cage_supports_packed(struct calc_support_memo *memo, const struct calc_cage *c,
                                   uint64_t key, uint64_t packed)
{
    uint64_t hash = (packed ^ key * UINT64_C(0x9E3779B97F4A7C15)) * UINT64_C(0xD6E8FEB86659FD93);
    size_t at = (size_t)(hash >> (64 - CALC_MEMO_BITS));
    if (memo->slot[at].cage == key && memo->slot[at].cand == packed) return memo->slot[at].support;
    uint64_t kept = calc_supports_unmemoed(memo, c, key, packed);
    memo->slot[at].cage = key, memo->slot[at].cand = packed, memo->slot[at].support = kept;
    return kept;
}

int calc_cage_supports_memo(struct calc_support_memo *memo, const struct calc_cage *c, uint64_t key,
                            const digitset *cand, digitset *support)
{
    uint64_t packed = 0;
    for (int i = 0; i < c->ncells && key; i++) {
        if (cand[i] & ~CALC_MEMO_DIGITS) key = 0;
        packed |= (uint64_t)cand[i] << (8 * i);
    }
    if (!key) return calc_cage_supports(c, cand, support);
    uint64_t kept = calc_cage_supports_packed(memo, c, key, packed);
    for (int i = 0; i < c->ncells; i++) support[i] = (digitset)(kept >> (8 * i) & CALC_MEMO_DIGITS);
    return kept != 0;
}
