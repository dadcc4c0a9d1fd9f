/*
 * bits.h — candidate sets as bitmasks.
 *
 * Digit d (1..N) is bit d of a uint32_t; bit 0 is never set. N is at most
 * 25, so every set fits in 32 bits and the digit of a singleton is its
 * trailing-zero count.
 */
#ifndef SUDOLAB_BITS_H
#define SUDOLAB_BITS_H

#include <stdint.h>

typedef uint32_t digitset;

static inline digitset digitset_all(int n) { return ((UINT32_C(1) << n) - 1) << 1; }
static inline digitset digitset_of(int digit) { return UINT32_C(1) << digit; }
static inline int digitset_count(digitset s) { return __builtin_popcount(s); }
static inline int digitset_is_single(digitset s) { return s != 0 && (s & (s - 1)) == 0; }
/* The lowest digit in a non-empty set. */
static inline int digitset_first(digitset s) { return __builtin_ctz(s); }
/* The set without its lowest digit. */
static inline digitset digitset_rest(digitset s) { return s & (s - 1); }

/* The digits of n cells of cand. The lengths a 9x9 grid's scans read
 * most (a box and a line meet in three cells and keep six apart, a house
 * keeps seven apart from a two-cell cage) are unrolled, and the function
 * is inlined so that each call's length test can fold: on lists this
 * short the loop counter is much of the work (scripts/RESULTS_killer.md,
 * kcost). */
static inline __attribute__((always_inline)) digitset
digitset_union_of(const digitset *cand, const uint16_t *cells, int n)
{
    digitset m = 0;
    if (n == 6) {
#pragma GCC unroll 6
        for (int i = 0; i < 6; i++) m |= cand[cells[i]];
    } else if (n == 7) {
#pragma GCC unroll 7
        for (int i = 0; i < 7; i++) m |= cand[cells[i]];
    } else if (n == 3) {
#pragma GCC unroll 3
        for (int i = 0; i < 3; i++) m |= cand[cells[i]];
    } else {
        for (int i = 0; i < n; i++) m |= cand[cells[i]];
    }
    return m;
}

/* The digits of eight cells of cand: for lists padded to eight with
 * repeats, whose union is that of their cells. */
static inline __attribute__((always_inline)) digitset digitset_union_of8(const digitset *cand,
                                                                         const uint16_t *cells)
{
    digitset m = 0;
#pragma GCC unroll 8
    for (int i = 0; i < 8; i++) m |= cand[cells[i]];
    return m;
}

#endif
