/*
 * calc_small.h — a calcudoku draw's own count on a small grid: a search
 * over the cells row by row with no ruleset and no propagation but the
 * lines' digits and the cages' partial sums and products. On a 4x4 it
 * costs a fraction of building a ruleset and a solver, which is what a
 * generator mending a draw pays for each of its counts
 * (variants/calcudoku.lua chooses the sizes it serves).
 */
#ifndef SUDOLAB_CALC_SMALL_H
#define SUDOLAB_CALC_SMALL_H

#include <stdint.h>

#include "bits.h"
#include "calc_draw.h"

/* The Latin squares of d->size (at most CALC_SMALL_MAX_SIZE) whose cages
 * make the clues d's operations give over grid (calc_draw_clues),
 * counted up to limit (>= 1) and written to found (limit squares of
 * d->ncells digits; NULL for none) in the search's order: the cells of
 * one-cell cages first, then of pairs, and so on, row-major within a
 * size, digits ascending. *nodes (when nodes is not NULL) is the budget
 * of search nodes on entry (0: none) and those visited on return.
 * Returns the count, -2 when the budget ran out, or -1 when d is too big,
 * limit below 1, or a '-' or '/' cage is not of two cells. */
int calc_small_count(const struct calc_draw *d, const uint8_t *grid, int limit, uint8_t *found,
                     uint64_t *nodes);

/* A random Latin square of side n (at most CALC_SMALL_MAX_SIZE) into
 * grid: the cells row-major, each trying the digits its row and column
 * leave in an order drawn from r, backing up at a dead end. A 4x4 costs
 * a small part of a solver's fill, which builds on a ruleset. Returns 0,
 * or -1 when n is out of range. */
int calc_small_fill(int n, struct rng *r, uint8_t *grid);

/* What the easiest steps of a player alone do on the grid of d's
 * clues over grid (a solution), every cell open at the start: hidden
 * singles in rows and columns (a placed digit leaves its row and column)
 * with each cage's arithmetic (a cell keeps the digits some candidates of
 * the others make the target with, the cage's cells in a line apart).
 * CALC_SMALL_SINGLES: one-cell cages and pairs suffice; CALC_SMALL_CAGES:
 * the cages of three or more cells are needed too; CALC_SMALL_PAIRS: the
 * direct hidden pair's placements are needed too (two digits whose
 * places in a line are the same two cells leave a third one place
 * outside them); CALC_SMALL_PAST_PAIRS: these steps leave a cell open;
 * 0: d is too big, or below 3x3, where the rater's two-symbol single
 * comes first.
 *
 * What the rater makes of it (core/rate: it takes the easiest step there
 * is, and these steps are monotone, finding no less in a grid holding
 * fewer candidates, so their fixed point does not depend on the order):
 * the rater's steps up to a hidden single's 1.5 on a boxless calcudoku
 * are these (full house, calcudoku-one-cell, calcudoku-cage, hidden
 * single; a full house is a hidden single too), so SINGLES is exactly
 * the draws it rates 1.5 at most, and exactly 1.5, as a grid of open
 * cells places its first digit by a hidden single at the least. Its
 * steps from 1.5 up to 2.0 on a boxless calcudoku are the direct hidden
 * pair and calcudoku-big-cage, both 2.0 (the other rows between need
 * boxes or other rules), so any other draw rates 2.0 at least, and a
 * CAGES or PAIRS draw, whose steps rate 2.0 at most, exactly 2.0. A
 * direct hidden pair whose third digit has no place between the two
 * cells is a hidden single, still a step of 2.0 at most. The PAIRS
 * closure makes every step the rater has up to 2.0 (the induction of
 * calc_small_band's below), so a PAST_PAIRS draw meets a state with none:
 * it rates above 2.0, a naked single's 2.3 at least. Any other draw's
 * solve path uses both rules: a cage step comes first (nothing else applies to
 * a grid of open cells) and every digit is placed by a line's step.
 * tests/lua/test_calcudoku.lua holds the rater to it. */
enum {
    CALC_SMALL_SINGLES = 1,
    CALC_SMALL_CAGES = 2,
    CALC_SMALL_BAND = 3,
    CALC_SMALL_NAKED = 4,       /* calc_small_grade: 2.0 to 2.3 */
    CALC_SMALL_ABOVE = 5,       /* calc_small_grade: 2.4 at least */
    CALC_SMALL_PAIRS = 6,       /* calc_small_closure: exactly 2.0 */
    CALC_SMALL_PAST_PAIRS = 7,  /* calc_small_closure: 2.3 at least */
    CALC_SMALL_PAST = 8,        /* calc_small_band: past 3.0 */
    CALC_SMALL_DIRECT_NAKED = 9 /* calc_small_band: exactly 2.3 */
};
struct calc_support_memo;
/* Defined with the rule (constraints/calc_closure.c): its cage steps are
 * the rule's own supports (calc_cages.h), looked up in memo (NULL: none;
 * a hit is the walk's own answer, so the level is the same). */
int calc_small_closure(const struct calc_draw *d, const uint8_t *grid,
                       struct calc_support_memo *memo);

/* CALC_SMALL_BAND when the rater rates the draw (as calc_small_closure
 * reads it) 2.4 to 3.0 (calcudoku-rule-of-45 to naked-pair), 0 when this
 * does not decide it. Two closures decide it, each of monotone steps
 * (from fewer candidates a step finds no less, or its cell is already
 * placed), so each has one fixed point whatever the order:
 *
 * - Not 2.3 or less: the rater's steps up to 2.3 on a boxless calcudoku
 *   are full house, calcudoku-one-cell, -cage and -big-cage, hidden
 *   single, direct hidden pair and naked single (two-symbol single needs
 *   a domain of two, pointing and claiming boxes, and calcudoku asks for
 *   no other family's keys). The low closure makes all they make (every
 *   cage's supports, hidden and naked singles, and hidden pairs, whose
 *   removals and a hidden single make a direct hidden pair's placement).
 *   While the rater takes steps up to 2.3 its candidates hold the low
 *   fixed point (induction on its steps: a step it takes from a state
 *   holding the fixed point, the low closure could take from the fixed
 *   point unless done). So if the low closure leaves a cell open, the
 *   rater meets a state with no step up to 2.3: it rates 2.4 at least.
 * - 3.0 at most: each step of the high closure (every cage's supports,
 *   hidden and naked singles, naked pairs, and calcudoku-rule-of-45's
 *   line cages) is one of the rater's up to 3.0 wherever its cells are
 *   not yet narrowed so. A state with no step up to 3.0 holds the high
 *   fixed point (the same induction over the high steps), so when that
 *   fills the grid, the rater never runs out of steps up to 3.0.
 *
 * Every rule is used on such a draw, as on calc_small_closure's. The
 * lower closure is a superset of what the rater does below 2.4 and the
 * high one a subset of what it does up to 3.0, so some draws rating 2.4
 * to 3.0 get 0.
 *
 * CALC_SMALL_PAST when neither fills the grid and a third closure, the
 * widest (the high one's steps with hidden pairs and triples), leaves it
 * open: a rater capped at any rating up to 3.0 (rate_puzzle_band's
 * `above`) then runs out of steps and stops past the cap, rating the
 * draw `above` + 0.1. The rater's steps up to 3.0 on a boxless
 * calcudoku are the low closure's (above) with calcudoku-rule-of-45
 * (the high closure's line cages, the same cages and supports), direct
 * hidden triple and naked pair, each rated as its row. The widest
 * closure makes all they make: a direct hidden triple's placement is a
 * hidden triple's removals and a single; a triple or pair of digits
 * whose places a state holding the fixed point confines, the fixed
 * point confines too, less the digits it has placed (in those cells,
 * as the solution does), which is a smaller hidden subset or nothing;
 * a naked pair's two cells hold at the fixed point that pair or its
 * digits placed. So by the induction above the rater's candidates hold
 * the widest fixed point while it takes steps up to 3.0, and it never
 * fills the grid with them.
 *
 * Below the band, when hidden pairs fill the grid (the low closure's
 * superset of the rater's steps up to 2.3), the rater's own rating:
 * calc_small_closure's level when that is SINGLES, CAGES or PAIRS (its
 * closures are the rater's steps up to 2.0, exactly); else
 * CALC_SMALL_DIRECT_NAKED (exactly 2.3) when the PAIRS closure's steps
 * with naked singles, which are the rater's steps up to 2.3 exactly,
 * fill the grid (by the induction above, the rater never runs out of
 * them, and a naked single's 2.3 is the only rating between 2.0 and
 * 2.4); else the draw rates 2.4 at least, as one the low closure leaves
 * open, and the high and widest closures decide it as they decide those
 * (CALC_SMALL_BAND, CALC_SMALL_PAST, or 0). tests/lua/test_calcudoku.lua
 * holds the rater to it all. memo (NULL: none) is calc_mrv_count's (calc_mrv.h): the
 * cages' supports, the same answers. */
int calc_small_band(const struct calc_draw *d, const uint8_t *grid, struct calc_support_memo *memo);

/* calc_small_band, its first closure (cages, hidden and naked singles)
 * going on from root (NULL: every cell open): candidates a closure of
 * those steps, or of fewer, reaches from open cells (calc_mrv_other's
 * root_cand). The steps are monotone, so the fixed point, and the
 * answer, are the same. */
int calc_small_band_from(const struct calc_draw *d, const uint8_t *grid,
                         struct calc_support_memo *memo, const digitset *root);

/* calc_small_closure's level, or else what the closures below prove:
 * CALC_SMALL_NAKED when the cages, hidden and naked singles fill the
 * grid (each a step of the rater's up to 2.3, so it never runs out of
 * them, and no draw but a SINGLES one rates below 2.0: 2.0 to 2.3);
 * CALC_SMALL_BAND and CALC_SMALL_ABOVE (2.4 at least) when
 * calc_small_band's low closure leaves a cell open, BAND when its high
 * one fills the grid; 0 when none decides it (hidden pairs fill what
 * naked singles leave open: 2.0 to 2.3 only when the rater's direct
 * hidden pair does so). For bands up to 2.3, which calc_small_closure's
 * levels cut. */
int calc_small_grade(const struct calc_draw *d, const uint8_t *grid);

struct calc_cage;
struct geometry;
/* The cages of d's clues over grid (calc_draw_clues) on g, a small draw
 * (d->size at most CALC_SMALL_MAX_SIZE): part[cell] the index of its cage,
 * cage[index] the cage (d->ncells of room). Returns their number, or -1
 * when one has too many cells, an unknown operation, or a '-' or '/' over
 * other than two cells. Defined with the rule (constraints/calc_closure.c):
 * the own counts and the closures share it. */
int calc_small_cages(const struct calc_draw *d, const uint8_t *grid, const struct geometry *g,
                     int *part, struct calc_cage *cage);

#endif
