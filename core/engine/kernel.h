/*
 * kernel.h — the classic kernel: propagation specialised for 9x9 rulesets
 * whose houses are the 27 classic ones, alone, with the two diagonals of X
 * sudoku (houses 27 and 28, each crossing three boxes) or with four extra
 * houses (27 to 30: windoku's windows, or any four whose crossings with
 * other houses share two to four cells, read cell by cell), whose other
 * units, if any, have two cells (the differ rule's pairs: anti-knight,
 * anti-king), and that have no propagating rule. A pair's cells are
 * partners: each joins the other's peer set, so a single prunes its
 * partners as it prunes its houses; the general path does no more with
 * such a unit (hidden singles are found in houses only, and a pair meets a
 * house in two cells only when it lies inside it, which makes no box-line
 * crossing).
 *
 * It reaches the fixed point of propagate.c's general path (the same
 * state, or a contradiction exactly when that path finds one), in an order
 * of its own: the search blames dead ends on the cell branched on, or on
 * none with pairs, for such rulesets (rules.h, kernel_fits), so every
 * search over it takes the same branches, meets the same dead ends and
 * finds the same solutions in the same order. Only the cost per step
 * falls: fixed loop bounds, one-word unit sets, houses read by the fixed
 * layout of rows, columns and boxes, and per digit a board of the cells
 * holding it, kept in the state, from which a new single finds the peers
 * it prunes and the branch pick the cells with two candidates and its
 * tie-break degrees by mask; box-line reads which crossings would narrow
 * something a band or stack at a time (kernel_fires.h), and hidden singles
 * pass over houses whose digits are all placed. Where SSE2 is there (every
 * x86-64), box-line and the house tallies read four cells to a vector; the
 * plain C path gives the same results. The order aims at dead ends, which
 * most nodes of a hard search are: singles are drained first in, first
 * out, a house's hidden singles at once, and below a branch a new single
 * whose digit its houses hold already ends the node.
 *
 * ruleset_build attaches the kernel's tables when kernel_fits, unless the
 * environment sets SUDOLAB_GENERAL_ENGINE (a non-empty value other than
 * "0"), which keeps every ruleset on the general path for comparison.
 */
#ifndef SUDOLAB_KERNEL_H
#define SUDOLAB_KERNEL_H

#include "propagate.h"

struct kernel;

/* The kernel's tables for rs (built, its intersections included), or NULL
 * when rs is not a classic, X sudoku or four-extra-house 9x9 ruleset,
 * pairs allowed, or memory runs out: the general path then serves it. */
struct kernel *kernel_new(const struct ruleset *rs);
void kernel_free(struct kernel *k);
/* 1 when the environment keeps rulesets on the general path. */
int kernel_disabled(void);
/* The bytes a ruleset with a kernel adds to its states, past those
 * kernel_new saw: per digit the set of cells holding it, which every
 * narrowing keeps current. Only the kernel's own calls may narrow such a
 * state (propagate.c routes them here). */
size_t kernel_state_bytes(void);

/* propagate.c's fixed point for a ruleset with a kernel: SL_PROP_OK with
 * the state the general path leaves, or SL_PROP_CONTRADICTION (the
 * failed cell may differ; the flags of due units and `changed` are
 * bookkeeping of its own, never read past the fixed point). */
int kernel_fixed_point(struct prop_ctx *ctx);

/* 1 when the digit boards in `state` (of a ruleset with a kernel) are
 * exactly its candidates transposed, 0 otherwise: for tests. */
int kernel_boards_agree(const struct ruleset *rs, const void *state);

/* propagate_restrict_cells past opening ctx, for a ruleset with a kernel. */
int kernel_restrict(struct prop_ctx *ctx, const int *cells, int count, digitset allowed);

/* propagate_start_search's work past opening ctx (every unit due, the
 * rules' bytes zeroed) for a ruleset with a kernel: the same state and
 * status, the first sweep of the starting singles made
 * with per-house masks. With cell >= 0, that cell starts within
 * `allowed`: the state is then the one propagate_restrict_cells would
 * leave after the start (a fixed point is the same whatever the order
 * of its narrowings). */
int kernel_start(struct prop_ctx *ctx, const uint8_t *givens, int cell, digitset allowed);

/* search.c's branch cell for a ruleset with a kernel: the same cell its
 * general pick_cell returns, or -1 when every cell is single. `blamed`
 * has a bit set for every cell whose weight is not 0. */
int kernel_pick_cell(const struct kernel *k, const digitset *cand, const uint32_t *weight,
                     const uint64_t *blamed);

/* propagate_restrict_each past opening ctx, for a ruleset with a kernel:
 * every cell narrowed first, then one fixed point for them all. */
int kernel_restrict_each(struct prop_ctx *ctx, const int *cells, const digitset *allowed,
                         int count);

#endif
