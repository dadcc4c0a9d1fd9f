/*
 * kernel_fires.h — which of the classic kernel's 54 box-line crossings
 * would narrow something, read from a 9x9 state's cell candidates.
 *
 * Crossing 9t + 3i + j is row 3t + i within box 3t + j; crossing
 * 27 + 9t + 3i + b is column 3t + i within box 3b + t (kernel_internal.h's
 * layout, which kernel_build.c's kernel_fill checks against the
 * ruleset). A crossing fires when a digit of its three shared cells lies
 * elsewhere in its line but not elsewhere in its box, or the other way
 * round.
 */
#ifndef SUDOLAB_KERNEL_FIRES_H
#define SUDOLAB_KERNEL_FIRES_H

#include <stdint.h>

#include "bits.h"

/* The crossings of `due` (bit i for crossing i) that fire in cand's 81
 * cells, plus possibly others that fire: callers mask with due. cand
 * must be readable three digitsets past its 81 cells (a state's solved
 * digits lie there): where SSE2 is available, whole bands and stacks are
 * read four cells at a time, and lanes past a segment are ignored. */
uint64_t kernel_fires(const digitset *cand, uint64_t due);
/* The same block by block in plain C (kernel_fires itself where SSE2 is
 * missing): exactly the due crossings that fire. */
uint64_t kernel_fires_portable(const digitset *cand, uint64_t due);

#endif
