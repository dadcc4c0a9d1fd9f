/*
 * kernel_internal.h — what the classic kernel's files share (kernel.h is
 * the contract): its fixed 9x9 layout, its tables (struct kernel, built
 * by kernel_build.c), the digit boards a state carries, and the small
 * helpers both the propagation (kernel.c) and the branch pick
 * (kernel_branch.c) call, inline so that none of their calls is lost.
 */
#ifndef SUDOLAB_KERNEL_INTERNAL_H
#define SUDOLAB_KERNEL_INTERNAL_H

#include "kernel.h"

#include <stdint.h>

enum {
    K_SIZE = 9,
    K_CELLS = 81,
    K_HOUSES = 27,
    K_CROSSINGS = 54,         /* box-line intersections */
    K_SEGMENTS = 54,          /* three cells of a line within a box: 27 in rows, 27 in columns */
    K_PART = 6,               /* cells of a crossing's unit outside the other unit */
    K_DIAGONALS = 2,          /* X sudoku's extra houses: 27 (falling) and 28 (rising) */
    K_DIAGONAL_CROSSINGS = 6, /* a diagonal within a box it passes through */
    K_WINDOWS = 4,            /* windoku's extra houses, 27 to 30 */
    K_EXTRA_MOST = 4,         /* extra houses at most */
    K_WINDOW_CROSSINGS = 64,  /* crossings of the windows at most (windoku has 36) */
    K_WINDOW_SHARED = 4,      /* cells a window shares with a unit it crosses, at most */
    K_WINDOW_PART = 7,        /* cells of such a crossing's unit outside the other, at most */
};

#define K_HOUSE_MASK ((UINT64_C(1) << K_HOUSES) - 1)
/* A 9x9 ruleset's digits, and where its houses' solved digits lie (just
 * past the candidates; kernel_shape_fits checks both). */
#define K_ALL ((digitset)0x3fe)
#define K_SOLVED_OFFSET (K_CELLS * sizeof(digitset))
/* Where the kernel's digit boards lie: past the solved digits, where a
 * ruleset with no rule state ends (kernel_shape_fits checks it), with nx
 * extra houses (0, K_DIAGONALS or K_WINDOWS) after the classic 27. Each
 * step of kernel.c takes nx as a constant, so that the classic one
 * compiles as if the extra houses did not exist. */
#define K_BOARDS_AT(nx) (K_SOLVED_OFFSET + (K_HOUSES + (nx)) * sizeof(digitset))
#define K_HOUSES_MASK(nx) ((UINT64_C(1) << (K_HOUSES + (nx))) - 1)
#define K_ALWAYS_INLINE inline __attribute__((always_inline))
/* f's instance for the constant nx: f_classic, f_x (X sudoku) or f_w
 * (windoku). */
#define K_BY_SHAPE(nx, f, ...)                                                                     \
    ((nx) == K_WINDOWS ? f##_w(__VA_ARGS__) : (nx) ? f##_x(__VA_ARGS__) : f##_classic(__VA_ARGS__))

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

/* Where a diagonal crosses a box: the box is unit a, the diagonal b. */
struct kernel_diagonal_crossing {
    uint8_t shared[3], only_a[K_PART], only_b[K_PART];
    uint64_t units; /* the box's bit and the diagonal's */
};

/* Where a window crosses a unit a (a row, a column or a box), sharing
 * `shared` cells; each of the two has `part` cells outside the other. */
struct kernel_window_crossing {
    uint8_t shared, part;
    uint8_t shared_cells[K_WINDOW_SHARED], only_a[K_WINDOW_PART], only_b[K_WINDOW_PART];
    uint64_t units; /* the two units' bits */
};

struct kernel {
    struct kernel_cells peer_set[K_CELLS]; /* the cells sharing a house or a pair with a cell */
    struct kernel_cells house_set[K_HOUSES + K_EXTRA_MOST];
    uint8_t houses[K_CELLS][3]; /* the classic houses holding a cell */
    uint64_t cell_units[K_CELLS];
    struct kernel_crossing crossings[K_CROSSINGS];
    int extra;                 /* houses past the classic 27: 0, K_DIAGONALS or K_WINDOWS */
    uint8_t on_extra[K_CELLS]; /* bit e: on house 27 + e */
    struct kernel_diagonal_crossing diagonal_crossings[K_DIAGONAL_CROSSINGS];
    /* Read by the start alone; the drain finds the partners in peer_set. */
    int partners;                             /* 1 when some cell has a partner */
    struct kernel_cells partner_set[K_CELLS]; /* the cells sharing a two-cell unit with a cell */
    /* Windoku's windows (houses 27 to 30) and their crossings. */
    uint8_t window_cells[K_WINDOWS][K_SIZE];
    int window_crossings;
    struct kernel_window_crossing window_crossing[K_WINDOW_CROSSINGS];
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

/* The boards kept after the candidates in a state, read only. */
static inline const struct kernel_boards *kernel_boards_read(const digitset *cand, int nx)
{
    return (const struct kernel_boards *)((const char *)cand + K_BOARDS_AT(nx));
}
#endif
