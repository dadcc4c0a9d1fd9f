/*
 * binary.h — the binary rule's data and line reasoning, shared by binary.c
 * (the rule) and binary_explain.c (its techniques for the rater).
 *
 * Lines are numbered 0..N-1 for the rows, N..2N-1 for the columns; a line
 * pattern has bit i set when its i-th cell holds 2 (else 1).
 */
#ifndef SUDOLAB_BINARY_H
#define SUDOLAB_BINARY_H

#include <stdint.h>

#include "constraint.h"

struct binary {
    int n, unique;
    uint32_t *patterns; /* every valid line: balanced, no three alike */
    int npatterns;
    /* n <= BINARY_HALVES_MAX_SIZE (else halves 0): half_fits[0] by the
     * state of the first n/2 cells, half_fits[1] of the rest (the cells
     * that may hold 1, then those that may hold 2, as bits), the patterns
     * that fit that half, as bits by their index; nibble_supports[j][v]
     * the supports of the patterns 4j + i for each bit i of v: the cells
     * some of them gives a 2 (low 16 bits) and a 1 (high 16 bits). */
    int halves;
    uint64_t half_fits[2][1 << BINARY_HALVES_MAX_SIZE];
    uint32_t nibble_supports[64 / 4][16];
};

/* The cells of line that may hold 1 (can1) and 2 (can2), as bits; inline,
 * since every technique reads every line in each pass of a dig. */
static inline void binary_line_masks(const struct binary *b, const digitset *cand, int line,
                                     uint32_t *can1, uint32_t *can2)
{
    int n = b->n, at = line < n ? line * n : line - n, step = line < n ? 1 : n;
    uint32_t ones = 0, twos = 0; /* digitset_of(1) and (2), shifted down at the end */
    for (int i = 0; i < n; i++, at += step) {
        digitset c = cand[at];
        ones |= (uint32_t)(c & 2) << i;
        twos |= (uint32_t)(c & 4) << i;
    }
    *can1 = ones >> 1;
    *can2 = twos >> 2;
}
/* The pattern of a complete line, or -1. */
long binary_line_pattern(const struct binary *b, const digitset *cand, int line);
/* The cells some fitting pattern gives a 1 (ones) and a 2 (twos); with
 * unique, no line takes another complete line's pattern. 0 when some
 * cell gets neither (no pattern fits). */
int binary_line_supports(const struct binary *b, const digitset *cand, int line, int unique,
                         uint32_t *ones, uint32_t *twos);
/* The same from a line's bits: can1, can2 the cells that may hold 1 and
 * 2; taken the patterns the line may not take (unique mode). */
int binary_supports(const struct binary *b, uint32_t can1, uint32_t can2, const uint32_t *taken,
                    int ntaken, uint32_t *ones, uint32_t *twos);
/* Narrows line to its supports: 1 narrowed, 0 not, -1 contradiction. */
int binary_line_prune(const struct binary *b, struct prop_ctx *ctx, int line, int unique);

/* The techniques' keys, easiest first (binary_explain.c): the order the
 * explanations try them in and the closure's table follows. */
enum { BINARY_TECHNIQUES = 6 };
extern const char *const binary_technique_keys[BINARY_TECHNIQUES];

/* The fixed point of the techniques among keys (binary_closure.c). */
int binary_explain_closure(const void *self, const char *const *keys, int nkeys, digitset *cells,
                           const int *watch, int nwatch, const int *news, int nnews);
int binary_explain(const void *self, const char *technique, struct prop_ctx *ctx,
                   struct explain_sink *sink);

#endif
