/*
 * binary.c — binary puzzles (takuzu, Unruly): two symbols, 1 and 2, on an
 * even grid; every row and column holds as many of each, never three
 * alike in a row; with the argument "u", no two rows and no two columns
 * are the same.
 *
 * Arguments: none, or "u". The rule limits every cell to {1, 2} and
 * watches each row and column: a line keeps the digits that some valid
 * line pattern (precomputed per size: balanced, no three alike) still
 * fitting its candidates gives each cell. With "u" a further group of
 * every cell takes out of each open line the patterns of the complete
 * lines beside it. The rater's techniques are in binary_explain.c.
 */
#include <stdlib.h>
#include <string.h>

#include "binary.h"

/* --- line patterns ------------------------------------------------------ */

/* Past this many completions to try, a line's supports come from a walk
 * along it (binary_walk), a few operations a cell, instead. */
enum { BINARY_WALK_ABOVE = 48 };

/* 1 when p (bits under full) is balanced and never three alike. */
static int binary_fits(uint32_t p, uint32_t full, int n)
{
    uint32_t q = ~p & full, three = (p & p >> 1 & p >> 2) | (q & q >> 1 & q >> 2);
    return __builtin_popcount(p) == n / 2 && !(three & (full >> 2));
}

static int binary_valid_pattern(uint32_t p, int n)
{
    return binary_fits(p, (UINT32_C(1) << n) - 1, n);
}

/* The next larger word with as many bits set as p (p not 0), or a word
 * past every n-bit one. */
static uint32_t binary_next_balanced(uint32_t p)
{
    uint32_t low = p & (0 - p), up = p + low;
    return up | ((up ^ p) >> 2) / low;
}

/* How many n-bit words have n/2 bits set: a bound on the valid patterns. */
static int binary_balanced_words(int n)
{
    long count = 1;
    for (int i = 1; i <= n / 2; i++) count = count * (n / 2 + i) / i;
    return (int)count;
}

/* The valid patterns in increasing order: only the balanced words are
 * visited, in that order, by binary_next_balanced, once: the array is
 * sized for every balanced word, not counted first. */
static int binary_make_patterns(struct binary *b)
{
    int n = b->n;
    uint32_t first = (UINT32_C(1) << n / 2) - 1, end = UINT32_C(1) << n;
    b->patterns = malloc(sizeof *b->patterns * (size_t)binary_balanced_words(n));
    if (b->patterns == NULL) return -1;
    b->npatterns = 0;
    for (uint32_t p = first; p < end; p = binary_next_balanced(p))
        if (binary_valid_pattern(p, n)) b->patterns[b->npatterns++] = p;
    return 0;
}

_Static_assert(BINARY_HALVES_MAX_SIZE <= 16,
               "a nibble's supports hold a line's 1s and 2s in 32 bits");

/* struct binary's nibble_supports: each entry the one with its lowest
 * bit cleared and that bit's pattern. */
static void binary_make_nibbles(struct binary *b)
{
    uint32_t full = (UINT32_C(1) << b->n) - 1;
    for (int j = 0; 4 * j < b->npatterns; j++) {
        b->nibble_supports[j][0] = 0;
        for (unsigned v = 1; v < 16; v++) {
            int k = 4 * j + __builtin_ctz(v);
            uint32_t p = k < b->npatterns ? b->patterns[k] : 0;
            uint32_t word = k < b->npatterns ? p | (~p & full) << 16 : 0;
            b->nibble_supports[j][v] = b->nibble_supports[j][v & (v - 1)] | word;
        }
    }
}

/* The tables of struct binary's halves. Each half value v of a pattern
 * fits the half states whose cells may hold v's symbols: those that may
 * hold 1 are v's 1s and any of its 2s, those that may hold 2 its 2s and
 * any of its 1s, so each v is added to 2^(n/2) states. */
static void binary_make_halves(struct binary *b)
{
    int n = b->n, h = n / 2;
    uint32_t mask = (UINT32_C(1) << h) - 1;
    b->halves = n <= BINARY_HALVES_MAX_SIZE && b->npatterns <= 64;
    if (!b->halves) return;
    uint64_t by_half[2][1 << BINARY_HALVES_MAX_SIZE / 2] = {{0}};
    memset(b->half_fits, 0, sizeof b->half_fits);
    for (int k = 0; k < b->npatterns; k++) {
        uint32_t p = b->patterns[k];
        by_half[0][p & mask] |= UINT64_C(1) << k;
        by_half[1][p >> h] |= UINT64_C(1) << k;
    }
    binary_make_nibbles(b);
    for (int side = 0; side < 2; side++)
        for (uint32_t v = 0; v <= mask; v++) {
            uint32_t ones = ~v & mask, sub1 = 0;
            do { /* any of v's 2s may hold 1 too */
                uint32_t sub2 = 0;
                do { /* and any of its 1s 2 */
                    b->half_fits[side][(ones | sub1) | (v | sub2) << h] |= by_half[side][v];
                    sub2 = (sub2 - ones) & ones;
                } while (sub2);
                sub1 = (sub1 - v) & v;
            } while (sub1);
        }
}

/* The supports of a line from its halves' tables (b->halves), none taken:
 * the fitting patterns' supports a nibble of them at a time, in place of
 * a test of every cell against them. */
static void binary_halves_supports(const struct binary *b, uint32_t can1, uint32_t can2,
                                   uint32_t *ones, uint32_t *twos)
{
    int h = b->n / 2;
    uint32_t mask = (UINT32_C(1) << h) - 1, both = 0;
    uint64_t fit = b->half_fits[0][(can1 & mask) | (can2 & mask) << h] &
                   b->half_fits[1][(can1 >> h) | (can2 >> h) << h];
    /* Every nibble, not up to the fit's last: a trip count the same on
     * every call is one the branch predictor learns. */
    for (int j = 0, nibbles = (b->npatterns + 3) / 4; j < nibbles; j++)
        both |= b->nibble_supports[j][fit >> 4 * j & 15];
    *ones = both >> 16;
    *twos = both & 0xFFFF;
}

/* The pattern of a complete line, or -1. */
long binary_line_pattern(const struct binary *b, const digitset *cand, int line)
{
    uint32_t can1, can2;
    binary_line_masks(b, cand, line, &can1, &can2);
    return (can1 & can2) || (can1 | can2) != (UINT32_C(1) << b->n) - 1 ? -1 : (long)can2;
}

/* The patterns of the complete lines of line's orientation other than
 * line itself, which an open line may not take in unique mode. */
static int binary_taken(const struct binary *b, const digitset *cand, int line, uint32_t *taken)
{
    int from = line < b->n ? 0 : b->n, count = 0;
    for (int other = from; other < from + b->n; other++) {
        long p = other == line ? -1 : binary_line_pattern(b, cand, other);
        if (p >= 0) taken[count++] = (uint32_t)p;
    }
    return count;
}

static int binary_is_taken(uint32_t p, const uint32_t *taken, int ntaken)
{
    for (int i = 0; i < ntaken; i++)
        if (taken[i] == p) return 1;
    return 0;
}

/* Adds pattern p to the supports unless a complete line has it. */
static void binary_support(uint32_t p, uint32_t full, const uint32_t *taken, int ntaken,
                           uint32_t *ones, uint32_t *twos)
{
    if (binary_is_taken(p, taken, ntaken)) return;
    *twos |= p;
    *ones |= ~p & full;
}

/* How a line so far ends: in one 1, two 1s, one 2, two 2s. */
enum { BINARY_ONE, BINARY_ONES, BINARY_TWO, BINARY_TWOS, BINARY_ENDS };

/* The supports by walking the line once each way, for lines with many
 * completions and no taken patterns: a state is how the cells so far end
 * and, as bits of a word, how many 2s they hold. back[i][e] holds the
 * counts from which cells i.. can end the line balanced after an end e;
 * the forward walk keeps the counts cells ..i-1 can reach with each end,
 * and a symbol is supported at i when a state it leads to has a way on. */
static void binary_walk(int n, uint32_t can1, uint32_t can2, uint32_t *ones, uint32_t *twos)
{
    uint32_t back[SL_MAX_SIZE + 1][BINARY_ENDS], at[BINARY_ENDS] = {0, 0, 0, 0};
    for (int e = 0; e < BINARY_ENDS; e++) back[n][e] = UINT32_C(1) << n / 2;
    for (int i = n - 1; i > 0; i--) {
        uint32_t *to = back[i + 1], one = 0 - (can1 >> i & 1), two = 0 - (can2 >> i & 1);
        back[i][BINARY_ONE] = (one & to[BINARY_ONES]) | (two & to[BINARY_TWO] >> 1);
        back[i][BINARY_ONES] = two & to[BINARY_TWO] >> 1;
        back[i][BINARY_TWO] = (one & to[BINARY_ONE]) | (two & to[BINARY_TWOS] >> 1);
        back[i][BINARY_TWOS] = one & to[BINARY_ONE];
    }
    for (int i = 0; i < n; i++) {
        uint32_t *to = back[i + 1], one = 0 - (can1 >> i & 1), two = 0 - (can2 >> i & 1);
        uint32_t first = i == 0, next[BINARY_ENDS];
        next[BINARY_ONE] = one & (at[BINARY_TWO] | at[BINARY_TWOS] | first);
        next[BINARY_ONES] = one & at[BINARY_ONE];
        next[BINARY_TWO] = two & (at[BINARY_ONE] | at[BINARY_ONES] | first) << 1;
        next[BINARY_TWOS] = two & at[BINARY_TWO] << 1;
        for (int e = 0; e < BINARY_ENDS; e++) at[e] = next[e] & to[e];
        *ones |= (uint32_t)((at[BINARY_ONE] | at[BINARY_ONES]) != 0) << i;
        *twos |= (uint32_t)((at[BINARY_TWO] | at[BINARY_TWOS]) != 0) << i;
    }
}

int binary_supports(const struct binary *b, uint32_t can1, uint32_t can2, const uint32_t *taken,
                    int ntaken, uint32_t *ones, uint32_t *twos)
{
    uint32_t full = (UINT32_C(1) << b->n) - 1;
    *ones = *twos = 0;
    uint32_t open = can1 & can2, fixed = can2 & ~can1;
    if ((can1 | can2) != full) return 0; /* a cell with no candidate: nothing fits */
    if (b->halves && !ntaken) {
        binary_halves_supports(b, can1, can2, ones, twos);
        return (*ones | *twos) == full;
    }
    /* Many completions to try and none taken: one walk each way. */
    int completions = b->npatterns, nopen = __builtin_popcount(open);
    if (nopen < 31 && (1 << nopen) < completions) completions = 1 << nopen;
    if (!ntaken && completions > BINARY_WALK_ABOVE) {
        binary_walk(b->n, can1, can2, ones, twos);
        return (*ones | *twos) == full;
    }
    /* Few open cells: their completions, each tested whole, cost less
     * than a glance at every pattern (about a third as much). */
    if ((UINT32_C(3) << __builtin_popcount(open)) < (uint32_t)b->npatterns) {
        uint32_t sub = 0;
        do {
            if (binary_fits(fixed | sub, full, b->n))
                binary_support(fixed | sub, full, taken, ntaken, ones, twos);
            sub = (sub - open) & open; /* the next subset of open */
        } while (sub);
        return (*ones | *twos) == full;
    }
    for (int k = 0; k < b->npatterns; k++) {
        uint32_t p = b->patterns[k];
        if ((p & ~can2) || (~p & full & ~can1)) continue;
        binary_support(p, full, taken, ntaken, ones, twos);
    }
    return (*ones | *twos) == full;
}

/* binary_line_supports, also giving the line's masks. */
static int binary_line_fit(const struct binary *b, const digitset *cand, int line, int unique,
                           uint32_t *can1, uint32_t *can2, uint32_t *ones, uint32_t *twos)
{
    uint32_t taken[SL_MAX_SIZE];
    binary_line_masks(b, cand, line, can1, can2);
    /* A complete line is taken too: two lines completed in one pass would
     * otherwise never meet the test that keeps them apart. */
    int ntaken = unique ? binary_taken(b, cand, line, taken) : 0;
    return binary_supports(b, *can1, *can2, ntaken ? taken : NULL, ntaken, ones, twos);
}

int binary_line_supports(const struct binary *b, const digitset *cand, int line, int unique,
                         uint32_t *ones, uint32_t *twos)
{
    uint32_t can1, can2;
    return binary_line_fit(b, cand, line, unique, &can1, &can2, ones, twos);
}

int binary_line_prune(const struct binary *b, struct prop_ctx *ctx, int line, int unique)
{
    uint32_t can1, can2, ones, twos;
    const digitset *cand = prop_candidate_array(ctx);
    if (!binary_line_fit(b, cand, line, unique, &can1, &can2, &ones, &twos)) return -1;
    /* Only the cells that lose a symbol are visited, in the line's order. */
    uint32_t lose = (can1 & ~ones) | (can2 & ~twos);
    for (uint32_t todo = lose; todo; todo &= todo - 1) {
        int i = __builtin_ctz(todo), cell = geometry_line_cell(b->n, line, i);
        digitset keep =
            ((ones >> i & 1) ? digitset_of(1) : 0) | ((twos >> i & 1) ? digitset_of(2) : 0);
        if (prop_restrict(ctx, cell, keep) == SL_PROP_CONTRADICTION) return -1;
    }
    return lose != 0;
}

/* --- the hooks ------------------------------------------------------------ */

static void binary_destroy(void *self)
{
    struct binary *b = self;
    if (b) free(b->patterns);
    free(b);
}

static void *binary_parse(const struct geometry *g, const char *args, struct sl_error *err)
{
    if (args[0] != '\0' && strcmp(args, "u") != 0) {
        sl_error_set(err, 0, 1, "binary takes no arguments or 'u' (unique lines), not '%.20s'",
                     args);
        return NULL;
    }
    if (g->size % 2 || g->size < BINARY_MIN_SIZE || g->size > BINARY_MAX_SIZE) {
        sl_error_set(err, 0, 1, "binary needs an even size %d..%d, not %d", BINARY_MIN_SIZE,
                     BINARY_MAX_SIZE, g->size);
        return NULL;
    }
    /* Not zeroed whole: the halves' tables, most of it, are zeroed only
     * when made (binary_make_halves). */
    struct binary *b = malloc(sizeof *b);
    if (b) {
        b->n = g->size;
        b->unique = args[0] == 'u';
        b->patterns = NULL;
        b->npatterns = b->halves = 0;
    }
    if (b == NULL || binary_make_patterns(b)) {
        binary_destroy(b);
        sl_error_set(err, 0, 1, "out of memory");
        return NULL;
    }
    binary_make_halves(b);
    return b;
}

static int binary_write(const void *self, char *buf, size_t cap)
{
    const char *text = ((const struct binary *)self)->unique ? "u" : "";
    if (cap > 0) {
        strncpy(buf, text, cap - 1);
        buf[cap - 1] = '\0';
    }
    return (int)strlen(text);
}

/* Lines are groups 0..2N-1 (rows, then columns); with "u" group 2N holds
 * every cell. */
static int binary_attach(void *self, struct rule_builder *rb, struct sl_error *err)
{
    const struct binary *b = self;
    int n = b->n, cells[SL_MAX_CELLS];
    for (int c = 0; c < n * n; c++)
        if (rules_limit_domain(rb, c, digitset_of(1) | digitset_of(2), err)) return -1;
    for (int line = 0; line < 2 * n; line++) {
        for (int i = 0; i < n; i++) cells[i] = geometry_line_cell(n, line, i);
        if (rules_watch_group(rb, cells, n, err) < 0) return -1;
    }
    for (int c = 0; c < n * n; c++) cells[c] = c;
    return b->unique && rules_watch_group(rb, cells, n * n, err) < 0 ? -1 : 0;
}

static int binary_propagate(void *self, struct prop_ctx *ctx)
{
    const struct binary *b = self;
    for (int group; (group = prop_next_group(ctx)) >= 0;) {
        int first = group < 2 * b->n ? group : 0, last = group < 2 * b->n ? group : 2 * b->n - 1;
        for (int line = first; line <= last; line++) {
            if (binary_line_prune(b, ctx, line, b->unique) < 0) {
                int cells[SL_MAX_SIZE];
                for (int i = 0; i < b->n; i++) cells[i] = geometry_line_cell(b->n, line, i);
                prop_blame(ctx, cells, b->n);
                return SL_PROP_CONTRADICTION;
            }
        }
        if (group < 2 * b->n) prop_settle_group(ctx, group);
        if (prop_should_yield(ctx)) break;
    }
    return SL_PROP_OK;
}

static int binary_check(const void *self, const struct geometry *g, const uint8_t *grid)
{
    const struct binary *b = self;
    digitset cand[SL_MAX_CELLS];
    for (int c = 0; c < g->ncells; c++) {
        if (grid[c] < 1 || grid[c] > 2) return 0;
        cand[c] = digitset_of(grid[c]);
    }
    for (int line = 0; line < 2 * b->n; line++) {
        long p = binary_line_pattern(b, cand, line);
        if (p < 0 || !binary_valid_pattern((uint32_t)p, b->n)) return 0;
        uint32_t taken[SL_MAX_SIZE];
        if (b->unique && binary_is_taken((uint32_t)p, taken, binary_taken(b, cand, line, taken)))
            return 0;
    }
    return 1;
}

static int binary_marks(const void *self, const struct geometry *g, struct mark_sink *sink)
{
    (void)g;
    return mark_name(sink,
                     ((const struct binary *)self)->unique ? "binary, unique lines" : "binary");
}

const struct constraint_ops binary_constraint = {
    .name = "binary",
    .summary = "two symbols, as many of each in every line, no three alike in a row",
    .form = "binary[:u]",
    .arguments = "No arguments, or 'u' for unique lines (no two rows, no two columns\n"
                 "alike). Symbols 1 and 2; the size is even (4..16) and the rule stands\n"
                 "alone, without classic.\n",
    .example = "sudolab 6 none binary .1..1.2.2.......1....1.1..1.2....2.1",
    .parse = binary_parse,
    .attach = binary_attach,
    .propagate = binary_propagate,
    .check = binary_check,
    .explain = binary_explain,
    .explain_closure = binary_explain_closure,
    .write = binary_write,
    .destroy = binary_destroy,
    .marks = binary_marks,
    .explain_own_keys = 1,
};
