/*
 * kernel.c — see kernel.h. Each step makes narrowings its general
 * counterpart in propagate.c (drain_singles, hidden_singles,
 * intersections) would make, in whatever order is cheapest: the fixed
 * point, and whether there is a contradiction, do not depend on the
 * order, and the search blames dead ends on the cell branched on
 * (ruleset blame_branch), not on the cell found empty. Where a step
 * skips work (peers read from a digit's board, crossings or houses that
 * cannot narrow anything), what it skips would change nothing.
 */
#include "kernel.h"

#include <stdlib.h>
#include <string.h>

#include "intersect.h"
#include "kernel_fires.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

enum {
    K_SIZE = 9,
    K_CELLS = 81,
    K_PEERS = 20,
    K_HOUSES = 27,
    K_CROSSINGS = 54, /* box-line intersections */
    K_SEGMENTS = 54,  /* three cells of a line within a box: 27 in rows, 27 in columns */
    K_PART = 6,       /* cells of a crossing's unit outside the other unit */
};

#define K_HOUSE_MASK ((UINT64_C(1) << K_HOUSES) - 1)
/* A 9x9 ruleset's digits, and where its houses' solved digits lie (just
 * past the candidates; kernel_shape_fits checks both). */
#define K_ALL ((digitset)0x3fe)
#define K_SOLVED_OFFSET (K_CELLS * sizeof(digitset))
/* Where the kernel's digit boards lie: past the solved digits, where a
 * ruleset with no rule state ends (kernel_shape_fits checks it). */
#define K_BOARD_OFFSET (K_SOLVED_OFFSET + K_HOUSES * sizeof(digitset))

/* A box-line intersection: where each of its three cell lists lies as
 * segments (shared; only_a's two; only_b's two), and the cells outside
 * the shared ones. */
struct kernel_crossing {
    uint8_t seg[5];
    uint8_t first[5], step[5]; /* each segment's first cell, and the step to the next */
    uint8_t only_a[K_PART], only_b[K_PART];
};

/* A set of cells: cells 0-63 in word 0, 64-80 in word 1. */
struct kernel_cells {
    uint64_t w[2];
};

/* The state's tail the kernel keeps: per digit d, the cells holding d as
 * a candidate (board[d - 1]), always the transpose of the candidates. */
struct kernel_boards {
    struct kernel_cells board[K_SIZE];
};

struct kernel {
    struct kernel_cells peer_set[K_CELLS]; /* the cells sharing a house with a cell */
    struct kernel_cells house_set[K_HOUSES];
    uint8_t houses[K_CELLS][3]; /* the houses holding a cell */
    uint64_t cell_units[K_CELLS];
    struct kernel_crossing crossings[K_CROSSINGS];
};

/* Cell offsets within a row, a column and a box from the house's first
 * cell, for the fixed layout kernel_fill checks: rows, then columns,
 * then boxes, each cell list in reading order. */
static const uint8_t k_row_steps[K_SIZE] = {0, 1, 2, 3, 4, 5, 6, 7, 8};
static const uint8_t k_column_steps[K_SIZE] = {0, 9, 18, 27, 36, 45, 54, 63, 72};
static const uint8_t k_box_steps[K_SIZE] = {0, 1, 2, 9, 10, 11, 18, 19, 20};
static const uint8_t k_house_first[K_HOUSES] = {
    0, 9, 18, 27, 36, 45, 54, 63, 72, /* rows */
    0, 1, 2,  3,  4,  5,  6,  7,  8,  /* columns */
    0, 3, 6,  27, 30, 33, 54, 57, 60, /* boxes */
};

/* --- Building ------------------------------------------------------------ */

/* A cell's row segment (kind 0; segment s is cells 3s to 3s + 2) or
 * column segment (kind 1; 27 + 3c + b for column c within band b). */
static int kernel_segment(int cell, int kind)
{
    return kind == 0 ? cell / 9 * 3 + cell % 9 / 3 : K_SEGMENTS / 2 + cell % 9 * 3 + cell / 27;
}

/* Finds the `want` segments that `cells` (count = 3 * want) is made of,
 * all of rows or all of columns; returns 0, or -1 when it is not so. */
static int kernel_cover(const uint16_t *cells, int count, uint8_t *out, int want)
{
    for (int kind = 0; kind < 2; kind++) {
        int found = 0;
        for (int i = 0; i < count; i++) {
            int seg = kernel_segment(cells[i], kind), known = 0;
            for (int j = 0; j < found; j++) known |= out[j] == seg;
            if (known) continue;
            if (found == want) {
                found = -1;
                break;
            }
            out[found++] = (uint8_t)seg;
        }
        if (found != want) continue;
        int inside = 0; /* cells of the part found in its segments */
        for (int i = 0; i < count; i++)
            for (int j = 0; j < want; j++) inside += kernel_segment(cells[i], kind) == out[j];
        if (inside == count) return 0;
    }
    return -1;
}

/* Whether crossing i's shared cells are segment i, and its two other
 * parts the rest of its line and the rest of its box in the segments'
 * blocks of nine (kernel_fires reads them so). */
static int kernel_crossing_fits(const struct kernel_crossing *x, int i)
{
    int base = i / 9 * 9, line = i % 9 / 3, box = i % 3;
    int line_rest = (1 << (3 * line + (box + 1) % 3)) | (1 << (3 * line + (box + 2) % 3));
    int box_rest = (1 << (3 * ((line + 1) % 3) + box)) | (1 << (3 * ((line + 2) % 3) + box));
    int a = 0, b = 0;
    for (int j = 0; j < 2; j++) {
        if (x->seg[1 + j] < base || x->seg[1 + j] >= base + 9) return 0;
        if (x->seg[3 + j] < base || x->seg[3 + j] >= base + 9) return 0;
        a |= 1 << (x->seg[1 + j] - base);
        b |= 1 << (x->seg[3 + j] - base);
    }
    return x->seg[0] == i &&
           ((a == line_rest && b == box_rest) || (a == box_rest && b == line_rest));
}

static int kernel_shape_fits(const struct ruleset *rs)
{
    if (rs->geo.size != K_SIZE || rs->all != K_ALL || rs->solved_offset != K_SOLVED_OFFSET ||
        rs->nunits != K_HOUSES || rs->nhouses != K_HOUSES || rs->unit_words != 1 ||
        rs->propagating != 0 || rs->ngroups != 0 || rs->nintersections != K_CROSSINGS ||
        rs->intersection_words != 1 || rs->state_bytes != K_BOARD_OFFSET)
        return 0;
    for (int c = 0; c <= K_CELLS; c++)
        if (rs->peer_start[c] != c * K_PEERS) return 0;
    for (int u = 0; u <= K_HOUSES; u++)
        if (rs->unit_start[u] != u * K_SIZE) return 0;
    for (int i = 0; i < K_CROSSINGS; i++) {
        const struct intersection *x = &rs->intersections[i];
        if (x->shared != 3 || x->only_a != K_PART || x->only_b != K_PART || !x->a_is_house ||
            !x->b_is_house)
            return 0;
    }
    return 1;
}

static void cells_add(struct kernel_cells *set, int cell)
{
    set->w[cell >> 6] |= UINT64_C(1) << (cell & 63);
}

/* The peer sets of each cell, checked against the ruleset's peer lists. */
static int kernel_fill_peers(struct kernel *k, const struct ruleset *rs)
{
    memset(k->peer_set, 0, sizeof k->peer_set);
    for (int c = 0; c < K_CELLS; c++) {
        for (int p = 0; p < K_CELLS; p++)
            if (p != c &&
                (p / 9 == c / 9 || p % 9 == c % 9 || (p / 27 == c / 27 && p % 9 / 3 == c % 9 / 3)))
                cells_add(&k->peer_set[c], p);
        for (int i = 0; i < K_PEERS; i++) {
            int p = rs->peers[c * K_PEERS + i];
            if (!(k->peer_set[c].w[p >> 6] >> (p & 63) & 1)) return -1;
        }
    }
    return 0;
}

/* Bit i set: line i of three holds (its three crossings of a block). */
static const uint16_t k_line_crossings[8] = {0, 0x7, 0x38, 0x3f, 0x1c0, 0x1c7, 0x1f8, 0x1ff};

/* The crossings of the houses in `houses` (bit h for house h), by the
 * fixed layout: crossing 9t + 3i + j is row 3t + i in box 3t + j, and
 * crossing 27 + 9t + 3i + b column 3t + i in box 3b + t. A box's bit j
 * (resp. b) spreads to bits j, j + 3 and j + 6 of its block. */
static inline uint64_t kernel_crossings_of(uint64_t houses)
{
    uint64_t due = 0;
    for (int t = 0; t < 3; t++) {
        unsigned rows = houses >> 3 * t & 7, columns = houses >> (K_SIZE + 3 * t) & 7;
        unsigned band = houses >> (2 * K_SIZE + 3 * t) & 7;
        unsigned stack = (houses >> (2 * K_SIZE + t) & 1) | (houses >> (2 * K_SIZE + 2 + t) & 2) |
                         (houses >> (2 * K_SIZE + 4 + t) & 4);
        due |= (uint64_t)(k_line_crossings[rows] | band * 0x49) << 9 * t;
        due |= (uint64_t)(k_line_crossings[columns] | stack * 0x49) << (27 + 9 * t);
    }
    return due;
}

/* The houses of each block of nine crossings (the rows and boxes of a
 * band, then the columns and boxes of a stack). */
static const uint64_t k_block_houses[6] = {
    0x1c0007, 0xe00038, 0x70001c0, 0x1240e00, 0x2487000, 0x4938000,
};

/* Every crossing of each block holding a crossing of `houses`: a
 * superset of kernel_crossings_of(houses), by blocks, as kernel_fires
 * reads them. */
static inline uint64_t kernel_blocks_of(uint64_t houses)
{
    uint64_t blocks = 0;
    for (int b = 0; b < 6; b++)
        if (houses & k_block_houses[b]) blocks |= (uint64_t)0x1ff << 9 * b;
    return blocks;
}

/* Every crossing of each block holding one of `crossings`. */
static uint64_t kernel_blocks_of_crossings(uint64_t crossings)
{
    uint64_t blocks = 0;
    for (int b = 0; b < 6; b++)
        if (crossings >> 9 * b & 0x1ff) blocks |= (uint64_t)0x1ff << 9 * b;
    return blocks;
}

static int kernel_fill(struct kernel *k, const struct ruleset *rs)
{
    if (kernel_fill_peers(k, rs)) return -1;
    for (int c = 0; c < K_CELLS; c++) {
        k->cell_units[c] = rs->cell_units[c];
        if (__builtin_popcountll(k->cell_units[c]) != 3) return -1;
        uint64_t units = k->cell_units[c];
        for (int j = 0; j < 3; j++, units &= units - 1)
            k->houses[c][j] = (uint8_t)__builtin_ctzll(units);
    }
    static const uint8_t *const steps[3] = {k_row_steps, k_column_steps, k_box_steps};
    memset(k->house_set, 0, sizeof k->house_set);
    for (int u = 0; u < K_HOUSES; u++) {
        for (int i = 0; i < K_SIZE; i++) {
            int cell = k_house_first[u] + steps[u / K_SIZE][i];
            if (rs->unit_cells[u * K_SIZE + i] != cell) return -1;
            cells_add(&k->house_set[u], cell);
        }
        if (kernel_crossings_of(UINT64_C(1) << u) != rs->unit_intersections[u]) return -1;
        if (kernel_blocks_of(UINT64_C(1) << u) !=
            kernel_blocks_of_crossings(rs->unit_intersections[u]))
            return -1;
    }
    for (int i = 0; i < K_CROSSINGS; i++) {
        const struct intersection *x = &rs->intersections[i];
        const uint16_t *shared = rs->intersection_cells + x->start;
        const uint16_t *only_a = shared + x->shared, *only_b = only_a + x->only_a;
        struct kernel_crossing *kx = &k->crossings[i];
        if (kernel_cover(shared, 3, kx->seg, 1) || kernel_cover(only_a, K_PART, kx->seg + 1, 2) ||
            kernel_cover(only_b, K_PART, kx->seg + 3, 2) || !kernel_crossing_fits(kx, i))
            return -1;
        for (int j = 0; j < K_PART; j++) {
            kx->only_a[j] = (uint8_t)only_a[j];
            kx->only_b[j] = (uint8_t)only_b[j];
        }
        for (int j = 0; j < 5; j++) {
            int seg = kx->seg[j], column = (seg - K_SEGMENTS / 2) / 3;
            int row_kind = seg < K_SEGMENTS / 2;
            kx->first[j] =
                (uint8_t)(row_kind ? 3 * seg : 27 * ((seg - K_SEGMENTS / 2) % 3) + column);
            kx->step[j] = (uint8_t)(row_kind ? 1 : K_SIZE);
        }
    }
    return 0;
}

struct kernel *kernel_new(const struct ruleset *rs)
{
    if (!kernel_shape_fits(rs)) return NULL;
    struct kernel *k = malloc(sizeof *k);
    if (k != NULL && kernel_fill(k, rs) != 0) {
        free(k);
        k = NULL;
    }
    return k;
}

void kernel_free(struct kernel *k) { free(k); }

size_t kernel_state_bytes(void) { return sizeof(struct kernel_boards); }

/* The boards kept after the candidates in a state, read only. */
static inline const struct kernel_boards *kernel_boards_read(const digitset *cand)
{
    return (const struct kernel_boards *)((const char *)cand + K_BOARD_OFFSET);
}

int kernel_boards_agree(const struct ruleset *rs, const void *state)
{
    if (rs->kernel == NULL) return 0;
    const digitset *cand = state;
    const struct kernel_boards *b = kernel_boards_read(cand);
    for (int d = 0; d < K_SIZE; d++) {
        if (b->board[d].w[1] >> (K_CELLS - 64)) return 0; /* past the last cell */
        for (int c = 0; c < K_CELLS; c++) {
            int on_board = (int)(b->board[d].w[c >> 6] >> (c & 63) & 1);
            if (on_board != (int)(cand[c] >> (d + 1) & 1)) return 0;
        }
    }
    return 1;
}

int kernel_disabled(void)
{
    const char *v = getenv("SUDOLAB_GENERAL_ENGINE");
    return v != NULL && v[0] != '\0' && !(v[0] == '0' && v[1] == '\0');
}

/* --- Propagating ----------------------------------------------------------- */

static inline struct kernel_boards *kernel_boards_of(digitset *cand)
{
    return (struct kernel_boards *)((char *)cand + K_BOARD_OFFSET);
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
static inline void kernel_note_change(struct prop_ctx *ctx, const struct kernel *k, int cell,
                                      digitset now)
{
    ctx->dirty_hidden[0] |= k->cell_units[cell];
    if (digitset_is_single(now)) {
        digitset *solved = ctx->cand + K_CELLS;
        ctx->queue[ctx->queue_len++] = (uint16_t)cell;
        solved[k->houses[cell][0]] |= now;
        solved[k->houses[cell][1]] |= now;
        solved[k->houses[cell][2]] |= now;
    }
}

/* A peer of a new single losing its digit (its bit in `board`, that
 * digit's board, already cleared by the caller). With `strict`, a peer
 * left single with a digit one of its houses holds already is a dead end
 * at once, without draining the singles queued before it: a search's
 * nodes end so more often than not, while a start, mostly at no dead
 * end, would pay the test for each of its many singles. */
static inline int kernel_prune(struct prop_ctx *ctx, const struct kernel *k, int peer,
                               digitset digit, int strict)
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
        if (strict && ((solved[h[0]] | solved[h[1]] | solved[h[2]]) & after))
            return SL_PROP_CONTRADICTION;
        ctx->queue[ctx->queue_len++] = (uint16_t)peer;
        solved[h[0]] |= after;
        solved[h[1]] |= after;
        solved[h[2]] |= after;
    }
    return SL_PROP_OK;
}

/* The peers in `hit` (one word of the peers holding the digit) lose the
 * digit. */
static inline int kernel_prune_word(struct prop_ctx *ctx, const struct kernel *k, uint64_t hit,
                                    int base, digitset digit, int strict)
{
    for (; hit; hit &= hit - 1)
        if (kernel_prune(ctx, k, base + __builtin_ctzll(hit), digit, strict))
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
static int kernel_drain(struct prop_ctx *ctx, const struct kernel *k, int strict)
{
    const digitset *cand = ctx->cand;
    struct kernel_boards *boards = kernel_boards_of(ctx->cand);
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
        if (kernel_prune_word(ctx, k, lo, 0, digit, strict) ||
            kernel_prune_word(ctx, k, hi, 64, digit, strict))
            return SL_PROP_CONTRADICTION;
    }
    ctx->queue_len = 0;
    return SL_PROP_OK;
}

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
static inline int kernel_hidden_end(struct prop_ctx *ctx, const struct kernel *k, int h,
                                    digitset once, digitset twice, int strict)
{
    if (once != K_ALL) return SL_PROP_CONTRADICTION;
    const digitset *solved = ctx->cand + K_CELLS;
    struct kernel_boards *b = kernel_boards_of(ctx->cand);
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
        kernel_note_change(ctx, k, cell, digit);
    }
    return kernel_drain(ctx, k, strict);
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
static int kernel_hidden_columns(struct prop_ctx *ctx, const struct kernel *k, unsigned due,
                                 int strict)
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
            if (kernel_hidden_end(ctx, k, K_SIZE + c + i, once[i], twice[i], strict))
                return SL_PROP_CONTRADICTION;
        }
        due &= ~(0xfu << c);
    }
    return SL_PROP_OK;
}
#else
static int kernel_hidden_columns(struct prop_ctx *ctx, const struct kernel *k, unsigned due,
                                 int strict)
{
    const digitset *solved = ctx->cand + K_CELLS + K_SIZE;
    digitset once, twice;
    for (; due; due &= due - 1) {
        int c = __builtin_ctz(due);
        if (solved[c] == K_ALL) continue;
        once = kernel_tally(ctx->cand + c, K_SIZE, 3 * K_SIZE, &twice);
        if (kernel_hidden_end(ctx, k, K_SIZE + c, once, twice, strict))
            return SL_PROP_CONTRADICTION;
    }
    return SL_PROP_OK;
}
#endif

/* The houses due, rows first, then columns, then boxes. A house whose nine digits are all in
 * single cells has nothing to find (every digit there, none hidden). */
static int kernel_hidden(struct prop_ctx *ctx, const struct kernel *k, int strict)
{
    uint64_t todo = ctx->dirty_hidden[0] & K_HOUSE_MASK;
    ctx->dirty_hidden[0] = 0;
    ctx->dirty_intersections[0] |= todo;
    const digitset *solved = ctx->cand + K_CELLS;
    digitset once, twice;
    for (uint64_t t = todo & 0x1ff; t; t &= t - 1) {
        int h = __builtin_ctzll(t);
        if (solved[h] == K_ALL) continue;
        once = kernel_tally_row(ctx->cand + K_SIZE * h, &twice);
        if (kernel_hidden_end(ctx, k, h, once, twice, strict)) return SL_PROP_CONTRADICTION;
    }
    if (kernel_hidden_columns(ctx, k, (unsigned)(todo >> K_SIZE & 0x1ff), strict))
        return SL_PROP_CONTRADICTION;
    for (uint64_t t = todo >> 2 * K_SIZE; t; t &= t - 1) {
        int h = 2 * K_SIZE + __builtin_ctzll(t);
        if (solved[h] == K_ALL) continue;
        once = kernel_tally_box(ctx->cand + k_house_first[h], &twice);
        if (kernel_hidden_end(ctx, k, h, once, twice, strict)) return SL_PROP_CONTRADICTION;
    }
    return SL_PROP_OK;
}

/* remove_from of the general path. */
static int kernel_remove(struct prop_ctx *ctx, const struct kernel *k, const uint8_t *cells,
                         digitset digits)
{
    digitset *cand = ctx->cand;
    for (int i = 0; i < K_PART; i++) {
        int cell = cells[i];
        digitset before = cand[cell];
        if (!(before & digits)) continue;
        digitset after = before & ~digits;
        cand[cell] = after;
        kernel_unmark(kernel_boards_of(cand), cell, before & digits);
        if (after == 0) {
            ctx->failed_cell = cell;
            return SL_PROP_CONTRADICTION;
        }
        kernel_note_change(ctx, k, cell, after);
    }
    return SL_PROP_OK;
}

/* The union of segment j of a crossing. */
static inline digitset kernel_union(const digitset *cand, const struct kernel_crossing *x, int j)
{
    const digitset *p = cand + x->first[j];
    return p[0] | p[x->step[j]] | p[2 * x->step[j]];
}

/* Which due crossings would narrow something is read all at once
 * (kernel_fires), and each such crossing then narrows by the unions of
 * its segments as they are when its turn comes: what a state justifies
 * stays justified in every narrower one, so neither the order nor a
 * crossing that no longer fires changes the fixed point, and every
 * narrowing marks its houses due again. */
static int kernel_intersections(struct prop_ctx *ctx, const struct kernel *k)
{
    uint64_t houses = ctx->dirty_intersections[0] & K_HOUSE_MASK;
    ctx->dirty_intersections[0] = 0;
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
        digitset pointing = in_shared & ~in_a & in_b;
        digitset claiming = in_shared & ~in_b & in_a;
        if (pointing && kernel_remove(ctx, k, x->only_b, pointing)) return SL_PROP_CONTRADICTION;
        if (claiming && kernel_remove(ctx, k, x->only_a, claiming)) return SL_PROP_CONTRADICTION;
    }
    return SL_PROP_OK;
}

/* The boards of the starting candidates: every digit everywhere, less
 * what each narrowed cell lacks; a single cell's digit also leaves its
 * peers, as the start's sweep does (when two peers share a single digit,
 * the start fails before the boards are read). */
static void kernel_start_boards(const struct kernel *k, const digitset *cand,
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

static int kernel_settle(struct prop_ctx *ctx, int strict);

int kernel_start(struct prop_ctx *ctx, const uint8_t *givens, int cell, digitset allowed)
{
    const struct ruleset *rs = ctx->rs;
    const struct kernel *k = rs->kernel;
    digitset *cand = ctx->cand;
    digitset once[K_HOUSES] = {0}, twice[K_HOUSES] = {0};
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
    kernel_start_boards(k, cand, kernel_boards_of(cand));
    /* What the general path's sweep leaves: each cell without the digits
     * of the single cells among its peers (a single cell loses its own
     * digit only when a peer holds it too); then, in the same order, its
     * check of each cell. */
    digitset *solved = cand + K_CELLS;
    for (int c = 0; c < K_CELLS; c++) {
        const uint8_t *h = k->houses[c];
        digitset v = cand[c];
        if (v & (v - 1))
            v &= ~(once[h[0]] | once[h[1]] | once[h[2]]);
        else if ((twice[h[0]] | twice[h[1]] | twice[h[2]]) & v)
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
    return kernel_fixed_point(ctx);
}

int kernel_restrict(struct prop_ctx *ctx, const int *cells, int count, digitset allowed)
{
    const struct kernel *k = ctx->rs->kernel;
    for (int i = 0; i < count; i++) {
        digitset before = ctx->cand[cells[i]], after = before & allowed;
        if (after == before) continue;
        if (after == 0) return SL_PROP_CONTRADICTION;
        ctx->cand[cells[i]] = after;
        kernel_unmark(kernel_boards_of(ctx->cand), cells[i], before & ~after);
        kernel_note_change(ctx, k, cells[i], after);
    }
    return kernel_settle(ctx, 1);
}

/* kernel_fixed_point, `strict` as kernel_prune takes it: set below a
 * branch (kernel_restrict), not at the start. */
static int kernel_settle(struct prop_ctx *ctx, int strict)
{
    const struct kernel *k = ctx->rs->kernel;
    /* The hidden-single pass leaves the queue empty (each house drains
     * its own), so only the first round and box-line's leave singles. */
    for (;;) {
        if (ctx->queue_len && kernel_drain(ctx, k, strict)) return SL_PROP_CONTRADICTION;
        if (kernel_hidden(ctx, k, strict)) return SL_PROP_CONTRADICTION;
        if (ctx->dirty_hidden[0]) continue;
        if (ctx->light) return SL_PROP_OK;
        if (kernel_intersections(ctx, k)) return SL_PROP_CONTRADICTION;
        if (!ctx->dirty_hidden[0]) return SL_PROP_OK;
    }
}

int kernel_fixed_point(struct prop_ctx *ctx) { return kernel_settle(ctx, 0); }

/* --- Branching -------------------------------------------------------------- */

/* The peers sharing a candidate with `cell`: its peer set against the
 * union of its digits' boards. Out of line: ties of cells with a weight
 * are rare, and the loop comparing them keeps its registers. */
static __attribute__((noinline)) int kernel_degree(const struct kernel *k, const digitset *cand,
                                                   int cell)
{
    const struct kernel_boards *b = kernel_boards_read(cand);
    uint64_t lo = 0, hi = 0;
    for (digitset m = cand[cell]; m; m &= m - 1) {
        const struct kernel_cells *board = &b->board[__builtin_ctz(m) - 1];
        lo |= board->w[0];
        hi |= board->w[1];
    }
    return __builtin_popcountll(lo & k->peer_set[cell].w[0]) +
           __builtin_popcountll(hi & k->peer_set[cell].w[1]);
}

/* The cells with two candidates or more (*open) and with exactly two, as
 * sets, counted across the nine boards bit-sliced. */
static inline struct kernel_cells kernel_pairs(const digitset *cand, struct kernel_cells *open)
{
    const struct kernel_boards *b = kernel_boards_read(cand);
    struct kernel_cells pairs;
    for (int w = 0; w < 2; w++) {
        uint64_t one = 0, two = 0, three = 0;
        for (int d = 0; d < K_SIZE; d++) {
            uint64_t x = b->board[d].w[w];
            three |= two & x;
            two |= one & x;
            one |= x;
        }
        open->w[w] = two;
        pairs.w[w] = two & ~three;
    }
    return pairs;
}

/* A cell of a set of two words, the lowest, taken out of the set. */
static inline int kernel_take(uint64_t *lo, uint64_t *hi)
{
    int cell;
    if (*lo) {
        cell = __builtin_ctzll(*lo);
        *lo &= *lo - 1;
    } else {
        cell = 64 + __builtin_ctzll(*hi);
        *hi &= *hi - 1;
    }
    return cell;
}

/* A branch cell's claim: fewer candidates per dead end wins, then more
 * degree (-1 while not counted), then the lower cell. */
struct kernel_claim {
    int cell, count, degree;
    uint32_t weight;
};

/* The best claim of the open cells in (lo, hi), compared in ascending
 * order (cell -1 when there are none). */
static struct kernel_claim kernel_best_of(const struct kernel *k, const digitset *cand,
                                          const uint32_t *weight, uint64_t lo, uint64_t hi)
{
    struct kernel_claim best = {-1, 0, -1, 0};
    if (!(lo | hi)) return best;
    best.cell = kernel_take(&lo, &hi);
    best.count = digitset_count(cand[best.cell]);
    best.weight = weight[best.cell];
    while (lo | hi) {
        int c = kernel_take(&lo, &hi);
        int count = digitset_count(cand[c]);
        uint64_t mine = (uint64_t)count * (1 + best.weight);
        uint64_t theirs = (uint64_t)best.count * (1 + weight[c]);
        if (mine > theirs) continue;
        int degree = -1;
        if (mine == theirs) {
            if (best.degree < 0) best.degree = kernel_degree(k, cand, best.cell);
            degree = kernel_degree(k, cand, c);
            if (degree <= best.degree) continue;
        }
        best = (struct kernel_claim){c, count, degree, weight[c]};
    }
    return best;
}

/* The peers sharing a candidate with a cell of two candidates. */
static inline int kernel_pair_degree(const struct kernel *k, const digitset *cand, int cell)
{
    const struct kernel_boards *b = kernel_boards_read(cand);
    digitset m = cand[cell];
    const struct kernel_cells *x = &b->board[__builtin_ctz(m) - 1];
    const struct kernel_cells *y = &b->board[__builtin_ctz(m & (m - 1)) - 1];
    return __builtin_popcountll((x->w[0] | y->w[0]) & k->peer_set[cell].w[0]) +
           __builtin_popcountll((x->w[1] | y->w[1]) & k->peer_set[cell].w[1]);
}

/* Only cells that can win are compared. The pairs without a weight all
 * score 2 (two candidates, no dead end), and any cell with no weight and
 * more candidates scores worse; so when there are such pairs, the open
 * cells with a weight are compared first, and the pairs only when the
 * best of those does not score below 2: among them only the degree
 * counts, then the order. Otherwise every open cell is compared. Either
 * way the pick is the full scan's: the first cell of the best score with
 * the most degree. The degree is only counted when cells tie. */
int kernel_pick_cell(const struct kernel *k, const digitset *cand, const uint32_t *weight,
                     const uint64_t *blamed)
{
    struct kernel_cells open, pairs = kernel_pairs(cand, &open);
    uint64_t lo = pairs.w[0] & ~blamed[0], hi = pairs.w[1] & ~blamed[1];
    if (!(lo | hi)) return kernel_best_of(k, cand, weight, open.w[0], open.w[1]).cell;
    struct kernel_claim best =
        kernel_best_of(k, cand, weight, open.w[0] & blamed[0], open.w[1] & blamed[1]);
    if (best.cell >= 0) {
        uint64_t mine = 2 * (1 + (uint64_t)best.weight), theirs = (uint64_t)best.count;
        if (theirs < mine) return best.cell;
        if (theirs > mine)
            best.cell = -1;
        else if (best.degree < 0)
            best.degree = kernel_degree(k, cand, best.cell);
    }
    int pick = kernel_take(&lo, &hi);
    if (best.cell < 0 && !(lo | hi)) return pick;
    int most = kernel_pair_degree(k, cand, pick);
    while (lo | hi) {
        int c = kernel_take(&lo, &hi), degree = kernel_pair_degree(k, cand, c);
        if (degree > most) {
            most = degree;
            pick = c;
        }
    }
    if (best.cell >= 0 && (best.degree > most || (best.degree == most && best.cell < pick)))
        return best.cell;
    return pick;
}

/* --- Narrowing many cells at once -------------------------------------------- */

int kernel_restrict_each(struct prop_ctx *ctx, const int *cells, const digitset *allowed, int count)
{
    const struct kernel *k = ctx->rs->kernel;
    for (int i = 0; i < count; i++) {
        digitset before = ctx->cand[cells[i]], after = before & allowed[i];
        if (after == before) continue;
        if (after == 0) return SL_PROP_CONTRADICTION;
        ctx->cand[cells[i]] = after;
        kernel_unmark(kernel_boards_of(ctx->cand), cells[i], before & ~after);
        kernel_note_change(ctx, k, cells[i], after);
    }
    return kernel_fixed_point(ctx);
}
