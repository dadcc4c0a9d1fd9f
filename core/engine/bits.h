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

#endif
