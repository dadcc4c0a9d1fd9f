/*
 * kernel.c — see kernel.h. Each step makes narrowings its general
 * counterpart in propagate.c (drain_singles, hidden_singles,
 * intersections) would make, in whatever order is cheapest: the fixed
 * point, and whether there is a contradiction, do not depend on the
 * order, and the search blames dead ends on the cell branched on
 * (ruleset kernel_fits), not on the cell found empty. Where a step
 * skips work (peers read from a digit's board, crossings or houses that
 * cannot narrow anything), what it skips would change nothing.
 */
#include "kernel_internal.h"

#include <stdlib.h>
#include <string.h>

#include "intersect.h"
#include "kernel_fires.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/* --- Propagating ----------------------------------------------------------- */

static inline struct kernel_boards *kernel_boards_of(digitset *cand, int nx)
{
    return (struct kernel_boards *)((char *)cand + K_BOARDS_AT(nx));
}

/* The union of per_house over cell's extra houses (nx of them). */
static K_ALWAYS_INLINE digitset kernel_extras_hold(const digitset *per_house,
                                                   const struct kernel *k, int cell, int nx)
{
    int on = k->on_extra[cell];
    if (nx == K_DIAGONALS) /* as X sudoku's hot loop compiles best */
        return ((on & 1) ? per_house[K_HOUSES] : 0) | ((on & 2) ? per_house[K_HOUSES + 1] : 0);
    digitset held = 0;
    for (int e = 0; e < nx; e++)
        if (on >> e & 1) held |= per_house[K_HOUSES + e];
    return held;
}

/* Adds digit to the solved digits of cell's houses. */
static K_ALWAYS_INLINE void kernel_solve(digitset *solved, const struct kernel *k, int cell,
                                         digitset digit, int nx)
{
    solved[k->houses[cell][0]] |= digit;
    solved[k->houses[cell][1]] |= digit;
    solved[k->houses[cell][2]] |= digit;
    int on = nx ? k->on_extra[cell] : 0;
    if (nx == K_DIAGONALS) {
        if (on & 1) solved[K_HOUSES] |= digit;
        if (on & 2) solved[K_HOUSES + 1] |= digit;
        return;
    }
    for (int e = 0; e < nx; e++)
        if (on >> e & 1) solved[K_HOUSES + e] |= digit;
}

/* Takes `digits` out of cell's bits in the boards. */
static inline void kernel_unmark(struct kernel_boards *b, int cell, digitset digits)
{
    uint64_t keep = ~(UINT64_C(1) << (cell & 63));
    for (; digits; digits &= digits - 1) b->board[__builtin_ctz(digits) - 1].w[cell >> 6] &= keep;
}

/* Leaves cell in `digit`'s board alone: clearing all nine and setting
 * one back costs less than a loop over the digits a placement removes. */
static inline void kernel_place(struct kernel_boards *b, int cell, digitset digit)
{
    int w = cell >> 6;
    uint64_t bit = UINT64_C(1) << (cell & 63);
    for (int d = 0; d < K_SIZE; d++) b->board[d].w[w] &= ~bit;
    b->board[__builtin_ctz(digit) - 1].w[w] |= bit;
}

/* A narrowing marks only the houses due for hidden singles: the
 * hidden-single pass hands its due houses on to the box-line pass, which
 * runs only after a pass that changed nothing, and a narrowing shows as a
 * house due again, so the general path's `changed` flag is not kept. */
static K_ALWAYS_INLINE void kernel_note_change(struct prop_ctx *ctx, const struct kernel *k,
                                               int cell, digitset now, int nx)
{
    ctx->dirty_hidden[0] |= k->cell_units[cell];
    if (digitset_is_single(now)) {
        ctx->queue[ctx->queue_len++] = (uint16_t)cell;
        kernel_solve(ctx->cand + K_CELLS, k, cell, now, nx);
    }
}

/* A peer of a new single losing its digit (its bit in `board`, that
 * digit's board, already cleared by the caller). With `strict`, a peer
 * left single with a digit one of its houses holds already is a dead end
 * at once, without draining the singles queued before it: a search's
 * nodes end so more often than not, while a start, mostly at no dead
 * end, would pay the test for each of its many singles. */
static K_ALWAYS_INLINE int kernel_prune(struct prop_ctx *ctx, const struct kernel *k, int peer,
                                        digitset digit, int strict, int nx)
{
    digitset after = ctx->cand[peer] & ~digit;
    ctx->cand[peer] = after;
    if (after == 0) {
        ctx->failed_cell = peer;
        return SL_PROP_CONTRADICTION;
    }
    ctx->dirty_hidden[0] |= k->cell_units[peer];
    if (digitset_is_single(after)) {
        digitset *solved = ctx->cand + K_CELLS;
        const uint8_t *h = k->houses[peer];
        if (strict && (((solved[h[0]] | solved[h[1]] | solved[h[2]]) |
                        (nx ? kernel_extras_hold(solved, k, peer, nx) : 0)) &
                       after))
            return SL_PROP_CONTRADICTION;
        ctx->queue[ctx->queue_len++] = (uint16_t)peer;
        kernel_solve(solved, k, peer, after, nx);
    }
    return SL_PROP_OK;
}

/* The peers in `hit` (one word of the peers holding the digit) lose the
 * digit. */
static K_ALWAYS_INLINE int kernel_prune_word(struct prop_ctx *ctx, const struct kernel *k,
                                             uint64_t hit, int base, digitset digit, int strict,
                                             int nx)
{
    for (; hit; hit &= hit - 1)
        if (kernel_prune(ctx, k, base + __builtin_ctzll(hit), digit, strict, nx))
            return SL_PROP_CONTRADICTION;
    return SL_PROP_OK;
}

/* Each queued single leaves its peers: the peers holding its digit are
 * read from the digit's board, and the board loses them all at once (the digit's board is not read
 * again before a contradiction would discard the state). The queue is
 * read first in, first out: most dead ends show as two singles of one
 * digit that see each other, met when the first is drained, and on a
 * stack that one would wait below every single made after it and the
 * chains they start. Every cell is queued once at most, when it turns
 * single, so the queue is read up to its length and then emptied. */
static K_ALWAYS_INLINE int kernel_drain_n(struct prop_ctx *ctx, const struct kernel *k, int strict,
                                          int nx)
{
    const digitset *cand = ctx->cand;
    struct kernel_boards *boards = kernel_boards_of(ctx->cand, nx);
    for (int next = 0; next < ctx->queue_len; next++) {
        int cell = ctx->queue[next];
        digitset digit = cand[cell];
        if (digit == 0) return SL_PROP_CONTRADICTION;
        struct kernel_cells *board = &boards->board[__builtin_ctz(digit) - 1];
        const struct kernel_cells *peers = &k->peer_set[cell];
        uint64_t lo = board->w[0] & peers->w[0], hi = board->w[1] & peers->w[1];
        if (!(lo | hi)) continue;
        board->w[0] &= ~lo;
        board->w[1] &= ~hi;
        if (kernel_prune_word(ctx, k, lo, 0, digit, strict, nx) ||
            kernel_prune_word(ctx, k, hi, 64, digit, strict, nx))
            return SL_PROP_CONTRADICTION;
    }
    ctx->queue_len = 0;
    return SL_PROP_OK;
}

/* kernel_drain_n for each shape, compiled apart; kernel_drain(..., nx)
 * calls the one of a constant nx. */
static int kernel_drain_classic(struct prop_ctx *ctx, const struct kernel *k, int strict)
{
    return kernel_drain_n(ctx, k, strict, 0);
}

static int kernel_drain_x(struct prop_ctx *ctx, const struct kernel *k, int strict)
{
    return kernel_drain_n(ctx, k, strict, K_DIAGONALS);
}

static int kernel_drain_w(struct prop_ctx *ctx, const struct kernel *k, int strict)
{
    return kernel_drain_n(ctx, k, strict, K_WINDOWS);
}

#define kernel_drain(ctx, k, strict, nx) K_BY_SHAPE(nx, kernel_drain, ctx, k, strict)

#if defined(__SSE2__)
/* Adds the tally (o, t), some lanes of (once, two) moved, to (once, two). */
static inline void kernel_fold(__m128i *once, __m128i *two, __m128i o, __m128i t)
{
    *two = _mm_or_si128(_mm_or_si128(*two, t), _mm_and_si128(*once, o));
    *once = _mm_or_si128(*once, o);
}

/* The four lanes of a tally folded into one: halves, then pairs. */
static inline digitset kernel_tally_lanes(__m128i once, __m128i two, digitset *twice)
{
    kernel_fold(&once, &two, _mm_shuffle_epi32(once, _MM_SHUFFLE(1, 0, 3, 2)),
                _mm_shuffle_epi32(two, _MM_SHUFFLE(1, 0, 3, 2)));
    kernel_fold(&once, &two, _mm_shuffle_epi32(once, _MM_SHUFFLE(2, 3, 0, 1)),
                _mm_shuffle_epi32(two, _MM_SHUFFLE(2, 3, 0, 1)));
    *twice = (digitset)_mm_cvtsi128_si32(two);
    return (digitset)_mm_cvtsi128_si32(once);
}

static inline __m128i kernel_load4(const digitset *p)
{
    return _mm_loadu_si128((const __m128i *)(const void *)p);
}

/* Which digits a row's nine cells hold at least once, and (in *twice)
 * at least twice: cells 0-3 and 4-7 as lanes, then cell 8. */
static inline digitset kernel_tally_row(const digitset *p, digitset *twice)
{
    __m128i a = kernel_load4(p), b = kernel_load4(p + 4);
    digitset two, once = kernel_tally_lanes(_mm_or_si128(a, b), _mm_and_si128(a, b), &two);
    *twice = two | (once & p[8]);
    return once | p[8];
}

/* The same for a box: its three rows added lane by lane, lanes 0-2 (lane
 * 3, the next cell of the row, masked). */
static inline digitset kernel_tally_box(const digitset *p, digitset *twice)
{
    const __m128i three = _mm_set_epi32(0, -1, -1, -1);
    __m128i a = kernel_load4(p), b = kernel_load4(p + K_SIZE), c = kernel_load4(p + 2 * K_SIZE);
    __m128i once = _mm_and_si128(_mm_or_si128(_mm_or_si128(a, b), c), three);
    __m128i two = _mm_or_si128(_mm_and_si128(a, _mm_or_si128(b, c)), _mm_and_si128(b, c));
    return kernel_tally_lanes(once, _mm_and_si128(two, three), twice);
}
#else
static inline void kernel_count(digitset x, digitset *once, digitset *two)
{
    *two |= *once & x;
    *once |= x;
}

/* Which digits a house's nine cells hold at least once, and (in *twice)
 * at least twice: cells p + i * step + j * jump for i, j in 0-2 (a row,
 * a column or a box). Written out, so that the offsets are constants;
 * each cell is read on its own (a wider load spanning two cells just
 * narrowed one by one waits for their stores). */
static inline digitset kernel_tally(const digitset *p, int step, int jump, digitset *twice)
{
    digitset once = p[0], two = 0;
    kernel_count(p[step], &once, &two);
    kernel_count(p[2 * step], &once, &two);
    kernel_count(p[jump], &once, &two);
    kernel_count(p[jump + step], &once, &two);
    kernel_count(p[jump + 2 * step], &once, &two);
    kernel_count(p[2 * jump], &once, &two);
    kernel_count(p[2 * jump + step], &once, &two);
    kernel_count(p[2 * jump + 2 * step], &once, &two);
    *twice = two;
    return once;
}

static inline digitset kernel_tally_row(const digitset *p, digitset *twice)
{
    return kernel_tally(p, 1, 3, twice);
}

static inline digitset kernel_tally_box(const digitset *p, digitset *twice)
{
    return kernel_tally(p, 1, K_SIZE, twice);
}
#endif

/* The hidden singles of house h, given its tally; each digit's one place
 * is read from its board. Their peers are pruned at once: most dead ends
 * show in that drain, and a pass that went on first would tally the
 * houses left for nothing. */
static K_ALWAYS_INLINE int kernel_hidden_end(struct prop_ctx *ctx, const struct kernel *k, int h,
                                             digitset once, digitset twice, int strict, int nx)
{
    if (once != K_ALL) return SL_PROP_CONTRADICTION;
    const digitset *solved = ctx->cand + K_CELLS;
    struct kernel_boards *b = kernel_boards_of(ctx->cand, nx);
    digitset hidden = once & ~twice & ~solved[h];
    if (!hidden) return SL_PROP_OK;
    for (; hidden; hidden &= hidden - 1) {
        const struct kernel_cells *board = &b->board[__builtin_ctz(hidden) - 1];
        uint64_t lo = board->w[0] & k->house_set[h].w[0], hi = board->w[1] & k->house_set[h].w[1];
        if (!(lo | hi)) return SL_PROP_CONTRADICTION;
        int cell = lo ? __builtin_ctzll(lo) : 64 + __builtin_ctzll(hi);
        digitset digit = hidden & -hidden;
        kernel_place(b, cell, digit);
        ctx->cand[cell] = digit;
        kernel_note_change(ctx, k, cell, digit, nx);
    }
    return kernel_drain(ctx, k, strict, nx);
}

#if defined(__SSE2__)
/* The tallies of columns c to c + 3 from the cells p of column c: rows
 * as vectors of four cells, one column to a lane. */
static inline unsigned kernel_tally_columns(const digitset *p, const digitset *solved,
                                            digitset *once, digitset *twice)
{
    __m128i o = kernel_load4(p), t = _mm_setzero_si128();
    for (int r = 1; r < K_SIZE; r++) {
        __m128i x = kernel_load4(p + K_SIZE * r);
        t = _mm_or_si128(t, _mm_and_si128(o, x));
        o = _mm_or_si128(o, x);
    }
    _mm_storeu_si128((__m128i *)(void *)once, o);
    _mm_storeu_si128((__m128i *)(void *)twice, t);
    __m128i hidden = _mm_andnot_si128(kernel_load4(solved), _mm_andnot_si128(t, o));
    __m128i quiet = _mm_and_si128(_mm_cmpeq_epi32(o, _mm_set1_epi32(K_ALL)),
                                  _mm_cmpeq_epi32(hidden, _mm_setzero_si128()));
    return ~(unsigned)_mm_movemask_ps(_mm_castsi128_ps(quiet)) & 0xf;
}

/* The due columns (bit c for column c), the first open one due and the
 * three after it tallied at once. A hidden single's drain may narrow the
 * other columns of the group after their tally: a digit such a tally
 * lacks is lacking still, one it counts once has one place or none (the
 * board tells which), and one it counts twice and now placed once is
 * left to the next pass, as the narrowing marks the column due. Only the columns missing a
 * digit or holding a hidden single (which a column with every digit
 * placed never does) go on to kernel_hidden_end. */
static K_ALWAYS_INLINE int kernel_hidden_columns_n(struct prop_ctx *ctx, const struct kernel *k,
                                                   unsigned due, int strict, int nx)
{
    const digitset *solved = ctx->cand + K_CELLS + K_SIZE;
    while (due) {
        int c = __builtin_ctz(due);
        if (solved[c] == K_ALL) {
            due &= due - 1;
            continue;
        }
        digitset once[4], twice[4];
        unsigned busy = kernel_tally_columns(ctx->cand + c, solved + c, once, twice);
        for (unsigned group = due >> c & busy; group; group &= group - 1) {
            int i = __builtin_ctz(group);
            if (kernel_hidden_end(ctx, k, K_SIZE + c + i, once[i], twice[i], strict, nx))
                return SL_PROP_CONTRADICTION;
        }
        due &= ~(0xfu << c);
    }
    return SL_PROP_OK;
}
#else
static K_ALWAYS_INLINE int kernel_hidden_columns_n(struct prop_ctx *ctx, const struct kernel *k,
                                                   unsigned due, int strict, int nx)
{
    const digitset *solved = ctx->cand + K_CELLS + K_SIZE;
    digitset once, twice;
    for (; due; due &= due - 1) {
        int c = __builtin_ctz(due);
        if (solved[c] == K_ALL) continue;
        once = kernel_tally(ctx->cand + c, K_SIZE, 3 * K_SIZE, &twice);
        if (kernel_hidden_end(ctx, k, K_SIZE + c, once, twice, strict, nx))
            return SL_PROP_CONTRADICTION;
    }
    return SL_PROP_OK;
}
#endif

/* Cell i of diagonal d (0 falling, 1 rising). */
static inline int kernel_diagonal_cell(int d, int i)
{
    return d == 0 ? (K_SIZE + 1) * i : (K_SIZE - 1) * (i + 1);
}

/* Which digits diagonal d's cells hold at least once, and (in *twice)
 * at least twice, cell by cell. */
static inline digitset kernel_tally_diagonal(const digitset *cand, int d, digitset *twice)
{
    digitset once = 0, two = 0;
    for (int i = 0; i < K_SIZE; i++) {
        digitset x = cand[kernel_diagonal_cell(d, i)];
        two |= once & x;
        once |= x;
    }
    *twice = two;
    return once;
}

/* The diagonals due (bit 0 the falling one, bit 1 the rising one). */
static int kernel_hidden_diagonals(struct prop_ctx *ctx, const struct kernel *k, uint64_t due,
                                   int strict)
{
    const digitset *solved = ctx->cand + K_CELLS;
    digitset once, twice;
    for (int d = 0; d < K_DIAGONALS; d++) {
        int h = K_HOUSES + d;
        if (!(due >> d & 1) || solved[h] == K_ALL) continue;
        once = kernel_tally_diagonal(ctx->cand, d, &twice);
        if (kernel_hidden_end(ctx, k, h, once, twice, strict, K_DIAGONALS))
            return SL_PROP_CONTRADICTION;
    }
    return SL_PROP_OK;
}

/* The windows due (bit w for window w), cell by cell. */
static int kernel_hidden_windows(struct prop_ctx *ctx, const struct kernel *k, uint64_t due,
                                 int strict)
{
    const digitset *solved = ctx->cand + K_CELLS;
    for (int w = 0; w < K_WINDOWS; w++) {
        int h = K_HOUSES + w;
        if (!(due >> w & 1) || solved[h] == K_ALL) continue;
        digitset once = 0, two = 0;
        for (int i = 0; i < K_SIZE; i++) {
            digitset x = ctx->cand[k->window_cells[w][i]];
            two |= once & x;
            once |= x;
        }
        if (kernel_hidden_end(ctx, k, h, once, two, strict, K_WINDOWS))
            return SL_PROP_CONTRADICTION;
    }
    return SL_PROP_OK;
}

/* The houses due, rows first, then columns, then boxes, then the
 * diagonals or the windows. A house whose nine digits are all in single cells has
 * nothing to find (every digit there, none hidden). */
static K_ALWAYS_INLINE int kernel_hidden_n(struct prop_ctx *ctx, const struct kernel *k, int strict,
                                           int nx)
{
    uint64_t todo = ctx->dirty_hidden[0] & K_HOUSES_MASK(nx);
    ctx->dirty_hidden[0] = 0;
    ctx->dirty_intersections[0] |= todo;
    const digitset *solved = ctx->cand + K_CELLS;
    digitset once, twice;
    for (uint64_t t = todo & 0x1ff; t; t &= t - 1) {
        int h = __builtin_ctzll(t);
        if (solved[h] == K_ALL) continue;
        once = kernel_tally_row(ctx->cand + K_SIZE * h, &twice);
        if (kernel_hidden_end(ctx, k, h, once, twice, strict, nx)) return SL_PROP_CONTRADICTION;
    }
    if (kernel_hidden_columns_n(ctx, k, (unsigned)(todo >> K_SIZE & 0x1ff), strict, nx))
        return SL_PROP_CONTRADICTION;
    for (uint64_t t = todo >> 2 * K_SIZE & 0x1ff; t; t &= t - 1) {
        int h = 2 * K_SIZE + __builtin_ctzll(t);
        if (solved[h] == K_ALL) continue;
        once = kernel_tally_box(ctx->cand + k_house_first[h], &twice);
        if (kernel_hidden_end(ctx, k, h, once, twice, strict, nx)) return SL_PROP_CONTRADICTION;
    }
    if (nx == K_DIAGONALS && (todo >> K_HOUSES) &&
        kernel_hidden_diagonals(ctx, k, todo >> K_HOUSES, strict))
        return SL_PROP_CONTRADICTION;
    if (nx == K_WINDOWS && (todo >> K_HOUSES) &&
        kernel_hidden_windows(ctx, k, todo >> K_HOUSES, strict))
        return SL_PROP_CONTRADICTION;
    return SL_PROP_OK;
}

static int kernel_hidden_classic(struct prop_ctx *ctx, const struct kernel *k, int strict)
{
    return kernel_hidden_n(ctx, k, strict, 0);
}

static int kernel_hidden_x(struct prop_ctx *ctx, const struct kernel *k, int strict)
{
    return kernel_hidden_n(ctx, k, strict, K_DIAGONALS);
}

static int kernel_hidden_w(struct prop_ctx *ctx, const struct kernel *k, int strict)
{
    return kernel_hidden_n(ctx, k, strict, K_WINDOWS);
}

/* remove_from of the general path over `count` cells (a constant where
 * inlined for the box-line parts). */
static K_ALWAYS_INLINE int kernel_remove_cells(struct prop_ctx *ctx, const struct kernel *k,
                                               const uint8_t *cells, int count, digitset digits,
                                               int nx)
{
    digitset *cand = ctx->cand;
    for (int i = 0; i < count; i++) {
        int cell = cells[i];
        digitset before = cand[cell];
        if (!(before & digits)) continue;
        digitset after = before & ~digits;
        cand[cell] = after;
        kernel_unmark(kernel_boards_of(cand, nx), cell, before & digits);
        if (after == 0) {
            ctx->failed_cell = cell;
            return SL_PROP_CONTRADICTION;
        }
        kernel_note_change(ctx, k, cell, after, nx);
    }
    return SL_PROP_OK;
}

static K_ALWAYS_INLINE int kernel_remove_n(struct prop_ctx *ctx, const struct kernel *k,
                                           const uint8_t *cells, digitset digits, int nx)
{
    return kernel_remove_cells(ctx, k, cells, K_PART, digits, nx);
}

static int kernel_remove_classic(struct prop_ctx *ctx, const struct kernel *k, const uint8_t *cells,
                                 digitset digits)
{
    return kernel_remove_n(ctx, k, cells, digits, 0);
}

static int kernel_remove_x(struct prop_ctx *ctx, const struct kernel *k, const uint8_t *cells,
                           digitset digits)
{
    return kernel_remove_n(ctx, k, cells, digits, K_DIAGONALS);
}

static int kernel_remove_w(struct prop_ctx *ctx, const struct kernel *k, const uint8_t *cells,
                           digitset digits)
{
    return kernel_remove_n(ctx, k, cells, digits, K_WINDOWS);
}

#define kernel_remove(ctx, k, cells, digits, nx)                                                   \
    K_BY_SHAPE(nx, kernel_remove, ctx, k, cells, digits)

/* kernel_remove_n for a window's crossing: `count` cells. */
static int kernel_remove_window_part(struct prop_ctx *ctx, const struct kernel *k,
                                     const uint8_t *cells, int count, digitset digits)
{
    return kernel_remove_cells(ctx, k, cells, count, digits, K_WINDOWS);
}

/* The union of segment j of a crossing. */
static inline digitset kernel_union(const digitset *cand, const struct kernel_crossing *x, int j)
{
    const digitset *p = cand + x->first[j];
    return p[0] | p[x->step[j]] | p[2 * x->step[j]];
}

/* The union of six cells. */
static inline digitset kernel_union6(const digitset *cand, const uint8_t *cells)
{
    return cand[cells[0]] | cand[cells[1]] | cand[cells[2]] | cand[cells[3]] | cand[cells[4]] |
           cand[cells[5]];
}

/* Box-line's narrowing at one crossing, from the unions of its shared
 * cells and of each unit's cells outside them: a digit the shared cells
 * hold and one unit holds nowhere else leaves the other unit's cells. */
static K_ALWAYS_INLINE int kernel_cross(struct prop_ctx *ctx, const struct kernel *k,
                                        digitset in_shared, digitset in_a, digitset in_b,
                                        const uint8_t *only_a, const uint8_t *only_b, int nx)
{
    digitset pointing = in_shared & ~in_a & in_b;
    digitset claiming = in_shared & ~in_b & in_a;
    if (pointing && kernel_remove(ctx, k, only_b, pointing, nx)) return SL_PROP_CONTRADICTION;
    if (claiming && kernel_remove(ctx, k, only_a, claiming, nx)) return SL_PROP_CONTRADICTION;
    return SL_PROP_OK;
}

/* Box-line's test where a diagonal crosses a box, for the crossings
 * with a unit in `houses`: the few of them, cell by cell. */
static int kernel_diagonal_crossings(struct prop_ctx *ctx, const struct kernel *k, uint64_t houses)
{
    for (int i = 0; i < K_DIAGONAL_CROSSINGS; i++) {
        const struct kernel_diagonal_crossing *x = &k->diagonal_crossings[i];
        if (!(houses & x->units)) continue;
        const digitset *cand = ctx->cand;
        digitset in_shared = cand[x->shared[0]] | cand[x->shared[1]] | cand[x->shared[2]];
        if (kernel_cross(ctx, k, in_shared, kernel_union6(cand, x->only_a),
                         kernel_union6(cand, x->only_b), x->only_a, x->only_b, K_DIAGONALS))
            return SL_PROP_CONTRADICTION;
    }
    return SL_PROP_OK;
}

/* The union of `count` cells. */
static digitset kernel_union_of(const digitset *cand, const uint8_t *cells, int count)
{
    digitset u = 0;
    for (int i = 0; i < count; i++) u |= cand[cells[i]];
    return u;
}

/* Box-line's test where a window crosses a unit, for the crossings with
 * a unit in `houses`, cell by cell. */
static int kernel_window_crossings(struct prop_ctx *ctx, const struct kernel *k, uint64_t houses)
{
    for (int i = 0; i < k->window_crossings; i++) {
        const struct kernel_window_crossing *x = &k->window_crossing[i];
        if (!(houses & x->units)) continue;
        const digitset *cand = ctx->cand;
        digitset in_shared = kernel_union_of(cand, x->shared_cells, x->shared);
        digitset in_a = kernel_union_of(cand, x->only_a, x->part);
        digitset in_b = kernel_union_of(cand, x->only_b, x->part);
        digitset pointing = in_shared & ~in_a & in_b, claiming = in_shared & ~in_b & in_a;
        if (pointing && kernel_remove_window_part(ctx, k, x->only_b, x->part, pointing))
            return SL_PROP_CONTRADICTION;
        if (claiming && kernel_remove_window_part(ctx, k, x->only_a, x->part, claiming))
            return SL_PROP_CONTRADICTION;
    }
    return SL_PROP_OK;
}

/* Which due crossings would narrow something is read all at once
 * (kernel_fires), and each such crossing then narrows by the unions of
 * its segments as they are when its turn comes: what a state justifies
 * stays justified in every narrower one, so neither the order nor a
 * crossing that no longer fires changes the fixed point, and every
 * narrowing marks its houses due again. */
static K_ALWAYS_INLINE int kernel_intersections_n(struct prop_ctx *ctx, const struct kernel *k,
                                                  int nx)
{
    uint64_t houses = ctx->dirty_intersections[0] & K_HOUSES_MASK(nx);
    ctx->dirty_intersections[0] = 0;
    if (nx == K_DIAGONALS && kernel_diagonal_crossings(ctx, k, houses))
        return SL_PROP_CONTRADICTION;
    if (nx == K_WINDOWS && kernel_window_crossings(ctx, k, houses)) return SL_PROP_CONTRADICTION;
    uint64_t blocks = kernel_blocks_of(houses);
    if (!blocks) return SL_PROP_OK;
    const digitset *cand = ctx->cand;
    uint64_t fires = kernel_fires(cand, blocks) & blocks;
    if (fires) fires &= kernel_crossings_of(houses);
    for (; fires; fires &= fires - 1) {
        const struct kernel_crossing *x = &k->crossings[__builtin_ctzll(fires)];
        digitset in_shared = kernel_union(cand, x, 0);
        digitset in_a = kernel_union(cand, x, 1) | kernel_union(cand, x, 2);
        digitset in_b = kernel_union(cand, x, 3) | kernel_union(cand, x, 4);
        if (kernel_cross(ctx, k, in_shared, in_a, in_b, x->only_a, x->only_b, nx))
            return SL_PROP_CONTRADICTION;
    }
    return SL_PROP_OK;
}

static int kernel_intersections_classic(struct prop_ctx *ctx, const struct kernel *k)
{
    return kernel_intersections_n(ctx, k, 0);
}

static int kernel_intersections_x(struct prop_ctx *ctx, const struct kernel *k)
{
    return kernel_intersections_n(ctx, k, K_DIAGONALS);
}

static int kernel_intersections_w(struct prop_ctx *ctx, const struct kernel *k)
{
    return kernel_intersections_n(ctx, k, K_WINDOWS);
}

/* The boards of the starting candidates: every digit everywhere, less
 * what each narrowed cell lacks; a single cell's digit also leaves its
 * peers, as the start's sweep does (when two peers share a single digit,
 * the start fails before the boards are read). */
static K_ALWAYS_INLINE void kernel_start_boards(const struct kernel *k, const digitset *cand,
                                                struct kernel_boards *b)
{
    for (int d = 0; d < K_SIZE; d++) {
        b->board[d].w[0] = ~UINT64_C(0);
        b->board[d].w[1] = (UINT64_C(1) << (K_CELLS - 64)) - 1;
    }
    for (int c = 0; c < K_CELLS; c++) {
        if (cand[c] == K_ALL) continue;
        if (!digitset_is_single(cand[c])) {
            kernel_unmark(b, c, K_ALL & ~cand[c]);
            continue;
        }
        kernel_place(b, c, cand[c]);
        struct kernel_cells *board = &b->board[__builtin_ctz(cand[c]) - 1];
        board->w[0] &= ~k->peer_set[c].w[0];
        board->w[1] &= ~k->peer_set[c].w[1];
    }
}

/* kernel_start's tallies of the single cells of the diagonals (houses
 * 27 and 28 of once and twice), and for each cell the digits of those
 * tallies its diagonals hold (none off the diagonals). */
static void kernel_start_diagonals(const digitset *cand, digitset *once, digitset *twice,
                                   digitset *near_once, digitset *near_twice)
{
    memset(near_once, 0, K_CELLS * sizeof *near_once);
    memset(near_twice, 0, K_CELLS * sizeof *near_twice);
    for (int d = 0; d < K_DIAGONALS; d++) {
        digitset o = 0, t = 0;
        for (int i = 0; i < K_SIZE; i++) {
            digitset v = cand[kernel_diagonal_cell(d, i)];
            if (v & (v - 1)) continue;
            t |= o & v;
            o |= v;
        }
        once[K_HOUSES + d] = o;
        twice[K_HOUSES + d] = t;
        for (int i = 0; i < K_SIZE; i++) {
            near_once[kernel_diagonal_cell(d, i)] |= o;
            near_twice[kernel_diagonal_cell(d, i)] |= t;
        }
    }
}

/* kernel_start_diagonals for the windows. */
static void kernel_start_windows(const struct kernel *k, const digitset *cand, digitset *once,
                                 digitset *twice, digitset *near_once, digitset *near_twice)
{
    memset(near_once, 0, K_CELLS * sizeof *near_once);
    memset(near_twice, 0, K_CELLS * sizeof *near_twice);
    for (int w = 0; w < K_WINDOWS; w++) {
        digitset o = 0, t = 0;
        for (int i = 0; i < K_SIZE; i++) {
            digitset v = cand[k->window_cells[w][i]];
            if (v & (v - 1)) continue;
            t |= o & v;
            o |= v;
        }
        once[K_HOUSES + w] = o;
        twice[K_HOUSES + w] = t;
        for (int i = 0; i < K_SIZE; i++) {
            near_once[k->window_cells[w][i]] |= o;
            near_twice[k->window_cells[w][i]] |= t;
        }
    }
}

/* The solved digits of the windows, from their single cells. */
static void kernel_solve_windows(const struct kernel *k, const digitset *cand, digitset *solved)
{
    for (int w = 0; w < K_WINDOWS; w++)
        for (int i = 0; i < K_SIZE; i++) {
            digitset v = cand[k->window_cells[w][i]];
            if (!(v & (v - 1))) solved[K_HOUSES + w] |= v;
        }
}

/* The solved digits of the diagonals, from their single cells. */
static void kernel_solve_diagonals(const digitset *cand, digitset *solved)
{
    for (int d = 0; d < K_DIAGONALS; d++)
        for (int i = 0; i < K_SIZE; i++) {
            digitset v = cand[kernel_diagonal_cell(d, i)];
            if (!(v & (v - 1))) solved[K_HOUSES + d] |= v;
        }
}

/* Adds to each cell's `near` digits those of its single partners: a
 * cell of two or more candidates loses them, and a single cell holding
 * one of them is a contradiction (a partner is never the cell itself). */
static void kernel_start_partners(const struct kernel *k, const digitset *cand, digitset *near_once,
                                  digitset *near_twice)
{
    for (int c = 0; c < K_CELLS; c++) {
        digitset v = cand[c];
        if (v & (v - 1)) continue;
        uint64_t lo = k->partner_set[c].w[0], hi = k->partner_set[c].w[1];
        while (lo | hi) {
            int p = kernel_take(&lo, &hi);
            near_once[p] |= v;
            near_twice[p] |= v;
        }
    }
}

/* kernel_start for nx extra houses, and partners when `pairs`. */
static K_ALWAYS_INLINE int kernel_start_n(struct prop_ctx *ctx, const uint8_t *givens, int cell,
                                          digitset allowed, int nx, int pairs)
{
    const struct ruleset *rs = ctx->rs;
    const struct kernel *k = rs->kernel;
    digitset *cand = ctx->cand;
    digitset once[K_HOUSES + K_EXTRA_MOST] = {0}, twice[K_HOUSES + K_EXTRA_MOST] = {0};
    for (int c = 0; c < K_CELLS; c++)
        cand[c] = rs->domain[c] & (givens[c] ? digitset_of(givens[c]) : K_ALL);
    if (cell >= 0) cand[cell] &= allowed;
    for (int c = 0; c < K_CELLS; c++) {
        digitset v = cand[c];
        if (v & (v - 1)) continue;
        if (v == 0) return SL_PROP_CONTRADICTION;
        for (int j = 0; j < 3; j++) {
            int h = k->houses[c][j];
            twice[h] |= once[h] & v;
            once[h] |= v;
        }
    }
    /* The diagonals' tallies, and per cell (`near`) what its diagonals'
     * single cells and its single partners hold, read by the sweep below
     * with its houses'. */
    digitset near_once[K_CELLS], near_twice[K_CELLS];
    if (nx == K_DIAGONALS) kernel_start_diagonals(cand, once, twice, near_once, near_twice);
    if (nx == K_WINDOWS) kernel_start_windows(k, cand, once, twice, near_once, near_twice);
    if (pairs && !nx) {
        memset(near_once, 0, sizeof near_once);
        memset(near_twice, 0, sizeof near_twice);
    }
    if (pairs) kernel_start_partners(k, cand, near_once, near_twice);
    kernel_start_boards(k, cand, kernel_boards_of(cand, nx));
    /* What the general path's sweep leaves: each cell without the digits
     * of the single cells among its peers (a single cell loses its own
     * digit only when a peer holds it too); then, in the same order, its
     * check of each cell. */
    digitset *solved = cand + K_CELLS;
    for (int c = 0; c < K_CELLS; c++) {
        const uint8_t *h = k->houses[c];
        digitset v = cand[c];
        if (v & (v - 1))
            v &= ~(once[h[0]] | once[h[1]] | once[h[2]] | (nx || pairs ? near_once[c] : 0));
        else if ((twice[h[0]] | twice[h[1]] | twice[h[2]] | (nx || pairs ? near_twice[c] : 0)) & v)
            v = 0;
        cand[c] = v;
        if (v == 0) {
            ctx->failed_cell = c;
            return SL_PROP_CONTRADICTION;
        }
        if (v & (v - 1)) continue;
        solved[h[0]] |= v;
        solved[h[1]] |= v;
        solved[h[2]] |= v;
        if (!givens[c] && !digitset_is_single(rs->domain[c]))
            ctx->queue[ctx->queue_len++] = (uint16_t)c;
    }
    if (nx == K_DIAGONALS) kernel_solve_diagonals(cand, solved);
    if (nx == K_WINDOWS) kernel_solve_windows(k, cand, solved);
    return kernel_fixed_point(ctx);
}

/* kernel_start_n for X sudoku, apart: its frame is not the classic one's. */
static __attribute__((noinline)) int kernel_start_x(struct prop_ctx *ctx, const uint8_t *givens,
                                                    int cell, digitset allowed)
{
    return kernel_start_n(ctx, givens, cell, allowed, K_DIAGONALS, 0);
}

/* kernel_start_n for windoku and for rulesets with pairs, apart for the
 * same reason. */
static __attribute__((noinline)) int kernel_start_other(struct prop_ctx *ctx, const uint8_t *givens,
                                                        int cell, digitset allowed)
{
    const struct kernel *k = ctx->rs->kernel;
    if (!k->partners) return kernel_start_n(ctx, givens, cell, allowed, K_WINDOWS, 0);
    if (k->extra == K_WINDOWS) return kernel_start_n(ctx, givens, cell, allowed, K_WINDOWS, 1);
    if (k->extra) return kernel_start_n(ctx, givens, cell, allowed, K_DIAGONALS, 1);
    return kernel_start_n(ctx, givens, cell, allowed, 0, 1);
}

int kernel_start(struct prop_ctx *ctx, const uint8_t *givens, int cell, digitset allowed)
{
    const struct kernel *k = ctx->rs->kernel;
    if (k->partners || k->extra == K_WINDOWS) return kernel_start_other(ctx, givens, cell, allowed);
    if (k->extra) return kernel_start_x(ctx, givens, cell, allowed);
    return kernel_start_n(ctx, givens, cell, allowed, 0, 0);
}

/* kernel_fixed_point, `strict` as kernel_prune takes it: set below a
 * branch (kernel_restrict), not at the start. */
static K_ALWAYS_INLINE int kernel_settle_n(struct prop_ctx *ctx, int strict, int nx)
{
    const struct kernel *k = ctx->rs->kernel;
    /* The hidden-single pass leaves the queue empty (each house drains
     * its own), so only the first round and box-line's leave singles. */
    for (;;) {
        if (ctx->queue_len && kernel_drain(ctx, k, strict, nx)) return SL_PROP_CONTRADICTION;
        if (K_BY_SHAPE(nx, kernel_hidden, ctx, k, strict)) return SL_PROP_CONTRADICTION;
        if (ctx->dirty_hidden[0]) continue;
        if (ctx->light) return SL_PROP_OK;
        if (K_BY_SHAPE(nx, kernel_intersections, ctx, k)) return SL_PROP_CONTRADICTION;
        if (!ctx->dirty_hidden[0]) return SL_PROP_OK;
    }
}

static int kernel_settle_classic(struct prop_ctx *ctx, int strict)
{
    return kernel_settle_n(ctx, strict, 0);
}

static int kernel_settle_x(struct prop_ctx *ctx, int strict)
{
    return kernel_settle_n(ctx, strict, K_DIAGONALS);
}

static int kernel_settle_w(struct prop_ctx *ctx, int strict)
{
    return kernel_settle_n(ctx, strict, K_WINDOWS);
}

static int kernel_settle(struct prop_ctx *ctx, int strict)
{
    int nx = ctx->rs->kernel->extra;
    return K_BY_SHAPE(nx, kernel_settle, ctx, strict);
}

int kernel_fixed_point(struct prop_ctx *ctx) { return kernel_settle(ctx, 0); }

/* The cells narrowed to `allowed` (one set for all, or per cell with
 * `each`), without the fixed point. */
static K_ALWAYS_INLINE int kernel_narrow_n(struct prop_ctx *ctx, const int *cells, int count,
                                           const digitset *allowed, int each, int nx)
{
    const struct kernel *k = ctx->rs->kernel;
    for (int i = 0; i < count; i++) {
        digitset before = ctx->cand[cells[i]], after = before & allowed[each ? i : 0];
        if (after == before) continue;
        if (after == 0) return SL_PROP_CONTRADICTION;
        ctx->cand[cells[i]] = after;
        kernel_unmark(kernel_boards_of(ctx->cand, nx), cells[i], before & ~after);
        kernel_note_change(ctx, k, cells[i], after, nx);
    }
    return SL_PROP_OK;
}

/* kernel_restrict for windoku, apart: its frame is not the others'. */
static __attribute__((noinline)) int kernel_restrict_w(struct prop_ctx *ctx, const int *cells,
                                                       int count, digitset allowed)
{
    if (kernel_narrow_n(ctx, cells, count, &allowed, 0, K_WINDOWS)) return SL_PROP_CONTRADICTION;
    return kernel_settle_w(ctx, 1);
}

int kernel_restrict(struct prop_ctx *ctx, const int *cells, int count, digitset allowed)
{
    int nx = ctx->rs->kernel->extra;
    if (nx == K_WINDOWS) return kernel_restrict_w(ctx, cells, count, allowed);
    if (nx) {
        if (kernel_narrow_n(ctx, cells, count, &allowed, 0, K_DIAGONALS))
            return SL_PROP_CONTRADICTION;
        return kernel_settle_x(ctx, 1);
    }
    if (kernel_narrow_n(ctx, cells, count, &allowed, 0, 0)) return SL_PROP_CONTRADICTION;
    return kernel_settle_classic(ctx, 1);
}

/* --- Narrowing many cells at once -------------------------------------------- */

int kernel_restrict_each(struct prop_ctx *ctx, const int *cells, const digitset *allowed, int count)
{
    int nx = ctx->rs->kernel->extra;
    int status = nx == K_WINDOWS ? kernel_narrow_n(ctx, cells, count, allowed, 1, K_WINDOWS)
                 : nx            ? kernel_narrow_n(ctx, cells, count, allowed, 1, K_DIAGONALS)
                                 : kernel_narrow_n(ctx, cells, count, allowed, 1, 0);
    return status ? status : kernel_fixed_point(ctx);
}
