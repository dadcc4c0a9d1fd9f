/*
 * kernel_branch.c — the classic kernel's branch cell (kernel.h,
 * kernel_pick_cell): search.c's pick, fewest candidates per dead end,
 * then most degree, then the lower cell, read from the digit boards a
 * state carries (the cells with two candidates bit-sliced across them).
 */
#include "kernel_internal.h"

/* The peers sharing a candidate with `cell`: its peer set against the
 * union of its digits' boards. Out of line: ties of cells with a weight
 * are rare, and the loop comparing them keeps its registers. */
static __attribute__((noinline)) int kernel_degree(const struct kernel *k, const digitset *cand,
                                                   int cell, int nx)
{
    const struct kernel_boards *b = kernel_boards_read(cand, nx);
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
static K_ALWAYS_INLINE struct kernel_cells kernel_pairs(const digitset *cand,
                                                        struct kernel_cells *open, int nx)
{
    const struct kernel_boards *b = kernel_boards_read(cand, nx);
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

/* A branch cell's claim: fewer candidates per dead end wins, then more
 * degree (-1 while not counted), then the lower cell. */
struct kernel_claim {
    int cell, count, degree;
    uint32_t weight;
};

/* The best claim of the open cells in (lo, hi), compared in ascending
 * order (cell -1 when there are none). */
static struct kernel_claim kernel_best_of(const struct kernel *k, const digitset *cand,
                                          const uint32_t *weight, uint64_t lo, uint64_t hi, int nx)
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
            if (best.degree < 0) best.degree = kernel_degree(k, cand, best.cell, nx);
            degree = kernel_degree(k, cand, c, nx);
            if (degree <= best.degree) continue;
        }
        best = (struct kernel_claim){c, count, degree, weight[c]};
    }
    return best;
}

/* The peers sharing a candidate with a cell of two candidates. */
static K_ALWAYS_INLINE int kernel_pair_degree(const struct kernel *k, const digitset *cand,
                                              int cell, int nx)
{
    const struct kernel_boards *b = kernel_boards_read(cand, nx);
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
static K_ALWAYS_INLINE int kernel_pick_cell_n(const struct kernel *k, const digitset *cand,
                                              const uint32_t *weight, const uint64_t *blamed,
                                              int nx)
{
    struct kernel_cells open, pairs = kernel_pairs(cand, &open, nx);
    uint64_t lo = pairs.w[0] & ~blamed[0], hi = pairs.w[1] & ~blamed[1];
    if (!(lo | hi)) return kernel_best_of(k, cand, weight, open.w[0], open.w[1], nx).cell;
    struct kernel_claim best =
        kernel_best_of(k, cand, weight, open.w[0] & blamed[0], open.w[1] & blamed[1], nx);
    if (best.cell >= 0) {
        uint64_t mine = 2 * (1 + (uint64_t)best.weight), theirs = (uint64_t)best.count;
        if (theirs < mine) return best.cell;
        if (theirs > mine)
            best.cell = -1;
        else if (best.degree < 0)
            best.degree = kernel_degree(k, cand, best.cell, nx);
    }
    int pick = kernel_take(&lo, &hi);
    if (best.cell < 0 && !(lo | hi)) return pick;
    int most = kernel_pair_degree(k, cand, pick, nx);
    while (lo | hi) {
        int c = kernel_take(&lo, &hi), degree = kernel_pair_degree(k, cand, c, nx);
        if (degree > most) {
            most = degree;
            pick = c;
        }
    }
    if (best.cell >= 0 && (best.degree > most || (best.degree == most && best.cell < pick)))
        return best.cell;
    return pick;
}

int kernel_pick_cell(const struct kernel *k, const digitset *cand, const uint32_t *weight,
                     const uint64_t *blamed)
{
    if (k->extra == K_WINDOWS) return kernel_pick_cell_n(k, cand, weight, blamed, K_WINDOWS);
    if (k->extra) return kernel_pick_cell_n(k, cand, weight, blamed, K_DIAGONALS);
    return kernel_pick_cell_n(k, cand, weight, blamed, 0);
}
