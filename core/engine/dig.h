/*
 * dig.h — what generators ask of the engine: would a unique puzzle stay
 * unique without some of its givens?
 *
 * Removing givens keeps a puzzle with solution S unique exactly when no
 * solution of the smaller puzzle differs from S in a removed cell. Most
 * removals early in a dig are settled by a glance: the removed digit is
 * the only one the cell's peers leave (a naked single) or the only place
 * left for it in a house (a hidden single), counting givens only. The
 * rest take one search per removed cell with that cell barred from its
 * digit (solver_count_without), which stops at the first solution found;
 * a check that needs more than a few thousand nodes counts as "not
 * unique", so big grids dig without stalling (their puzzles keep a few
 * more clues).
 */
#ifndef SUDOLAB_DIG_H
#define SUDOLAB_DIG_H

#include <stdint.h>

#include "dig_unavoidable.h"
#include "search.h"

/* 1 when the puzzle `givens` (unique, with solution `solution`, solved by
 * s over its ruleset) stays unique with the givens of `cells` removed; 0
 * when it does not, or when the search gave up. */
int dig_keeps_unique(struct solver *s, const struct ruleset *rs, const uint8_t *givens,
                     const uint8_t *solution, const int *cells, int count);

/* Tries the groups in order (group g is cells[start[g]] .. cells[start[g+1]-1]):
 * removes a group's givens when the puzzle stays unique without them.
 * givens is updated in place; returns the number of givens removed. The
 * questions share propagated states (dig.c, search.h's solver_root), so
 * each search starts from the state one from the givens would, and the
 * dig removes the same givens as one search per question; a removal
 * whose cells are singles of the givens left (dig_glance.h) goes with no
 * state made, and one that would leave none of a swap set's cells a
 * given (dig_unavoidable.h) fails unsearched, as its search would fail.
 * undecided (ngroups flags, or NULL) marks the groups kept only because a
 * search gave up (DIG_NODE_LIMIT): a caller may ask them again at length. */
int dig_groups(struct solver *s, const struct ruleset *rs, uint8_t *givens, const uint8_t *solution,
               const int *cells, const int *start, int ngroups, uint8_t *undecided);

/* What the digs of one grid learn, for the next dig of that grid: its
 * swap sets (dig_unavoidable.h), found once, and the sets where second
 * solutions the digs' searches met differ from it. A second solution W
 * of some givens is one of any givens that agree with the grid and leave
 * every cell where W differs open, so a removal that would leave such a
 * set without a given fails unsearched, as the swap sets' do. And the
 * puzzles the digs left (unique, as the puzzles they were given): givens
 * that hold all of one are unique too, so a removal that keeps one goes
 * unsearched. A climb
 * that digs one grid's neighbouring puzzles again and again (dig.lua)
 * asks mostly what an earlier dig answered so. The sets depend on the
 * ruleset and the grid alone: a memory is emptied when the grid differs,
 * and its owner empties it when the rules change (dig_memory_forget). */
#define DIG_MEMORY_SETS 256
#define DIG_MEMORY_UNIQUE 64
struct dig_memory {
    int ncells; /* of the grid below; 0: nothing known */
    uint8_t solution[SL_MAX_CELLS];
    struct dig_unavoidable swaps;
    int nlearned, next; /* learned sets held, and the one the next replaces */
    uint64_t learned[DIG_MEMORY_SETS][2];
    int nunique, next_unique; /* the same for the unique puzzles */
    uint64_t unique[DIG_MEMORY_UNIQUE][2];
};

/* Empties memory: the next dig starts afresh. */
void dig_memory_forget(struct dig_memory *memory);

/* dig_groups that takes the swap sets from memory and adds to it the
 * sets of the second solutions its searches find (memory may be NULL:
 * dig_groups). The givens removed are dig_groups'. */
int dig_groups_remembering(struct solver *s, const struct ruleset *rs, uint8_t *givens,
                           const uint8_t *solution, const int *cells, const int *start, int ngroups,
                           uint8_t *undecided, struct dig_memory *memory);

/* dig_groups where a group goes only when singles (propagation without
 * box-line intersections: naked and hidden singles and the rules' own
 * propagation) still fill the grid from the givens left: the puzzle
 * stays unique with no search, and easy to solve. The givens removed,
 * or -1 when out of memory. */
int dig_groups_singles(struct solver *s, const struct ruleset *rs, uint8_t *givens,
                       const uint8_t *solution, const int *cells, const int *start, int ngroups);

/* --- the grid a dig starts from (dig_fill.c) ------------------------- */

/* solver_fill's random completion of givens, drawn with rng; for a
 * plain classic ruleset (rows, columns and boxes alone) with no givens,
 * the boxes on the diagonal (which share no house) first take a drawn
 * permutation each, and a search over row, column and box masks
 * completes the rest, its digits drawn, starting again with new draws
 * when a try runs long: every grid can still be drawn. */
struct search_result dig_fill(struct solver *s, const struct ruleset *rs, const uint8_t *givens,
                              struct rng *rng, uint8_t *solution, struct search_stats *stats);

/* --- digging by deductions (dig_deduce.c) --------------------------------
 *
 * A removal may also be judged by deductions alone: the rules' explain
 * hooks (constraint.h), asked for the techniques `keys` only, and a
 * single candidate taken out of its peers, until nothing changes. When
 * that fills every cell from givens that the solution S extends, S is the
 * only solution (each deduction keeps every solution, and only S is
 * left), so the puzzle is unique with no search, and its solve needs no
 * rule technique outside keys. For rules whose explain hooks are all the
 * reasoning there is (binary: no houses), this is a band dig in one pass;
 * where one rule's closure hook is all of it, the removals start from
 * closures shared by halves of the groups (dig_deduce.c), not from the
 * givens each. */

/* What the deductions return besides their results. */
enum {
    DIG_DEDUCE_CANNOT = -1,    /* the rules cannot be asked (a rule needs explain_prepare) */
    DIG_DEDUCE_NO_MEMORY = -2, /* out of memory */
    DIG_DEDUCE_GAVE_UP = -3    /* the steps' limit ran out first */
};

/* The deductions' work, counted as a search counts nodes, so that a
 * caller's node budget holds them too: a step is one pass over the
 * techniques and the peers (deductions to the next fixed point), or one
 * call of a closure hook, about what a search node's propagation does.
 * limit: the steps allowed (0: no limit); used: the steps taken, added
 * to. A NULL struct dig_steps counts and limits nothing. */
struct dig_steps {
    uint64_t limit, used;
};

/* dig_groups by deductions: removes a group's givens when the deductions
 * still fill the grid without them, from givens with `solution` (a
 * solution of the rules, which the caller has checked, extending the
 * givens), within steps. The givens removed, or a DIG_DEDUCE_ code (on
 * GAVE_UP the removals made so far stand: each was proved). */
int dig_groups_deduced(const struct ruleset *rs, uint8_t *givens, const uint8_t *solution,
                       const int *cells, const int *start, int ngroups, const char *const *keys,
                       int nkeys, struct dig_steps *steps);

/* Whether the same deductions, from givens alone, fill every cell
 * within steps: 1 with the fill in grid (which the caller checks against
 * the rules: the deductions are sound, so it is the one solution when the
 * givens have one), 0 when they stop short or meet a contradiction, or a
 * DIG_DEDUCE_ code. A graded dig by deductions reads the rating off this
 * (scripts/dig.lua): techniques rated up to some bound fill the grid
 * exactly when the rater's easiest-first path needs none above it. */
int dig_deduces(const struct ruleset *rs, const uint8_t *givens, const char *const *keys, int nkeys,
                uint8_t *grid, struct dig_steps *steps);

#endif
