/*
 * calc_cages.h — the arithmetic of calcudoku cages: which digits the cells
 * of a cage can hold so that, combined by the cage's operation, they make
 * its target.
 *
 * A cage's digits may repeat, except where two of its cells share a row
 * or a column (the Latin square forbids it there), so what a cage holds is
 * an assignment of digits to its cells rather than a set. calc_cage_walk
 * enumerates the assignments that fit given candidates, depth first over
 * the cells with the operation's bounds pruning each prefix (a sum's
 * reachable range; a product's divisibility and range), so the work
 * follows the answer rather than N^k. `-` and `/` take two cells (the
 * larger less, or divided by, the smaller); a cage without an operation
 * is one cell holding its target.
 */
#ifndef SUDOLAB_CALC_CAGES_H
#define SUDOLAB_CALC_CAGES_H

#include <stdint.h>

#include "bits.h"
#include "geometry.h"

enum calc_op { CALC_NONE, CALC_ADD, CALC_SUB, CALC_MUL, CALC_DIV };

struct calc_cage {
    int op; /* enum calc_op */
    long long target;
    int ncells;
    int cells[CALC_MAX_CAGE_CELLS];      /* row-major */
    uint32_t clash[CALC_MAX_CAGE_CELLS]; /* per cell: the earlier cells (bit i: cells[i])
                                            sharing its row or column */
};

/* The operation a clue symbol names ('+', '-', 'x', '/'), or -1. */
int calc_op_of(char symbol);
/* The symbol of an operation as text writes it ("" for CALC_NONE), and as
 * a player reads it (x as the times sign). */
const char *calc_op_text(int op);
const char *calc_op_label(int op);

/* The digits of cand over line `line` of an n x n grid (its cells by
 * geometry_line_cell) seen at all, and in *once those seen exactly once:
 * a line's hidden singles, for the small draws' counts and closures
 * (inline: it runs at every node of their searches). */
static inline digitset calc_line_digits(const digitset *cand, int n, int line, digitset *once)
{
    int step, first = geometry_line_first(n, line, &step);
    digitset seen = 0, more = 0;
    for (int i = 0; i < n; i++) {
        digitset c = cand[first + i * step];
        more |= seen & c, seen |= c;
    }
    *once = seen & ~more;
    return seen;
}

/* Fills the cells (count of them, row-major) and their clashes on g. */
void calc_cage_init(struct calc_cage *c, const struct geometry *g, const int *cells, int count,
                    int op, long long target);

/* 1 when digits (one per cell of c) make its target by its operation. */
int calc_cage_holds(const struct calc_cage *c, const uint8_t *digits);

/* Calls visit(arg, digits) for every assignment of digits to c's cells,
 * each from cand[i] (per cage cell, in c's order), that makes the target
 * and repeats no digit in a row or column; visit returns nonzero to stop
 * the walk. Returns the assignments visited. */
long calc_cage_walk(const struct calc_cage *c, const digitset *cand,
                    int (*visit)(void *arg, const uint8_t *digits), void *arg);

/* The digits some assignment puts in each cell (support, per cage cell):
 * what the cage leaves of cand. Returns 0 when no assignment fits. */
int calc_cage_supports(const struct calc_cage *c, const digitset *cand, digitset *support);

/* Cage assignments packed: one bit a cell, bit d of byte i for digit d
 * of cells[i] (digits 1..7, cages of up to 8 cells). An assignment fits
 * candidates packed alike when it has no bit outside them. */
#define CALC_PACKED_CELLS 8

/* ncells cells' candidates (digits 1..7, up to CALC_PACKED_CELLS cells)
 * packed alike: cand[i] in byte i. */
static inline uint64_t calc_cells_packed(const digitset *cand, int ncells)
{
    uint64_t packed = 0;
    for (int i = 0; i < ncells; i++) packed |= (uint64_t)cand[i] << (8 * i);
    return packed;
}

/* Every assignment of c (calc_cage_walk's, each cell's digits from
 * digits, a set within 1..7) packed into out, in the walk's order: their
 * number, or -1 when there are more than cap (or c is too big to pack). */
int calc_cage_assignments(const struct calc_cage *c, digitset digits, uint64_t *out, int cap);

/* The supports (calc_cage_supports) of a cage whose assignments are
 * these (calc_cage_assignments, from digits holding every candidate) on
 * candidates packed: the OR of those that fit, 0 when none does. The
 * walk over those candidates visits the same ones, in this order. */
static inline uint64_t calc_assignments_supports(const uint64_t *assignment, int count,
                                                 uint64_t packed)
{
    uint64_t kept = 0;
    for (int j = 0; j < count; j++)
        if ((assignment[j] & ~packed) == 0) kept |= assignment[j];
    return kept;
}

/* A cache of calc_cage_supports' answers for cages of up to
 * CALC_MEMO_CELLS cells over digits 1..7 (the small draws' grids), kept
 * by the caller across counts: a generator's counts walk the same cages
 * from the same candidates again and again (every count of a draw's
 * mends starts from open cells, and most cages survive a mend). An
 * answer is keyed by all it depends on (the operation, the target, the
 * cells' clashes and their candidates), so a hit is the walk's answer;
 * a slot holds the last answer hashed to it. All zero is empty. Its
 * size is about time, not instructions: a table past the caches misses
 * on most lookups, and more slots cost more CPU than the walks they save. */
#define CALC_MEMO_CELLS 6
#define CALC_MEMO_BITS 12
/* A miss is answered from its cage's table of assignments when it has
 * one: every assignment of digits 1..7 to its cells that makes its
 * target and repeats no digit in a line, enumerated by a walk the first
 * time its key misses (one walk a cage, not one per candidates), each
 * packed as one bit a cell (bit digit of byte i). An assignment fits
 * candidates packed alike when it has no bit outside them, and the
 * supports are the OR of those that fit. A cage of more assignments than
 * CALC_TABLE_MOST, or met once the pool is full, is walked as before. */
#define CALC_TABLE_BITS 10
#define CALC_TABLE_MOST 256
#define CALC_TABLE_POOL (1 << 14)
struct calc_support_memo {
    struct {
        uint64_t cage, cand, support; /* cage 0: empty */
    } slot[1 << CALC_MEMO_BITS];
    struct {
        uint64_t cage;         /* 0: empty */
        uint32_t start, count; /* its assignments in assignment[]; count past
                                  CALC_TABLE_MOST: none kept */
    } table[1 << CALC_TABLE_BITS];
    uint64_t assignment[CALC_TABLE_POOL];
    uint32_t used; /* of assignment[] */
};

/* c's key in a memo (its operation, target, size and clashes), or 0 when
 * the memo does not take c (too many cells, or too large a target). */
uint64_t calc_cage_memo_key(const struct calc_cage *c);

/* calc_cage_supports through memo (c's key: calc_cage_memo_key, 0 for
 * none): the same answer and supports. */
int calc_cage_supports_memo(struct calc_support_memo *memo, const struct calc_cage *c, uint64_t key,
                            const digitset *cand, digitset *support);

/* The same with the candidates packed, cell i's in bits 8i to 8i + 7
 * (every digit below 8), and c's key not 0: the supports packed alike,
 * 0 when no assignment fits. A caller holding its candidates so learns a
 * cage at its own fixed point by one compare (the result equals packed). */
uint64_t calc_cage_supports_packed(struct calc_support_memo *memo, const struct calc_cage *c,
                                   uint64_t key, uint64_t packed);

#endif
