/*
 * calc_draw.h — the mechanical part of drawing a calcudoku: a partition
 * of a solution grid into cages, each with an operation, written as the
 * rule's text and mended where a second solution differs. What to draw
 * (cage sizes, the operations' weights, what is accepted) is the
 * caller's: a generator's strategy (variants/calcudoku.lua).
 *
 * Cages are ids 0..count-1, one per cell (every id in use); op[id] is
 * '\0' (one cell), '+', '-', 'x' or '/'. The weights list each symbol as
 * often as it is to be drawn: pair_ops for two cells ('/' skipped where
 * the larger digit is not a multiple of the smaller), more_ops ('+', 'x')
 * for three or more.
 */
#ifndef SUDOLAB_CALC_DRAW_H
#define SUDOLAB_CALC_DRAW_H

#include <stddef.h>
#include <stdint.h>

#include "rng.h"
#include "sudolab_limits.h"

struct calc_draw {
    int size, ncells, count;
    int cage[SL_MAX_CELLS];
    char op[SL_MAX_CELLS];
    char pair_ops[32], more_ops[32]; /* weights, '\0'-ended */
    int shift; /* mend: a cell cut joins a neighbouring cage under this many cells (0: none) */
};

/* Draws a number 1..m (m >= 1): a script's own random numbers (its
 * math.random), so that a partition drawn here is the one the script's
 * loop drew with the same calls before. */
typedef long (*calc_draw_random)(void *arg, long m);

/* A random partition of the size x size grid (calcudoku_cages.lua's):
 * the cells in an order shuffled by random (Fisher-Yates from the end);
 * each cell in no cage yet starts cage 1, 2, ... of sizes[random(nsizes)]
 * cells clamped to low..high, grown one cell at a time by a random free
 * orthogonal neighbour of its cells (up, down, left, right of each, in
 * the order they joined) while there is one; then, in cell order, a cage
 * under low cells joins the smallest neighbouring cage with room for it
 * (the first of those met). cage[cell] is the cell's id, the ids of
 * cages that joined another left unused; returns the ids made. */
int calc_draw_partition(int size, const int *sizes, int nsizes, int low, int high,
                        calc_draw_random random, void *arg, int *cage);

/* The rule's text of d over grid (digits 1..size per cell): "MAP:CLUES",
 * cages named by first appearance (two symbols a cell past 62 cages),
 * each clue its target then its symbol. Returns its length, or 0 when it
 * does not fit cap bytes. */
size_t calc_draw_text(const struct calc_draw *d, const uint8_t *grid, char *out, size_t cap);

/* What that text says, unwritten: part[cell] the cage's index by first
 * appearance, and per index its symbol (op, '\0' for one cell) and
 * target (a product past 2^63 wrapped negative). Returns the cages. */
int calc_draw_clues(const struct calc_draw *d, const uint8_t *grid, int *part, char *op,
                    long long *target);

struct puzzle;
/* Adds to p the calcudoku rule of calc_draw_text's text, with no text:
 * the instance built from calc_draw_clues (a generator counts a draw
 * after every mend). grid vouches for every target (its digits in each
 * cage satisfy it), which parsing the text proves by a search of the
 * cage's digits instead. Returns 0, or -1 adding nothing when a cage is
 * not vouched for or breaks what the rule's text may say (parsing the
 * text says why), p has a calcudoku rule or no room, or memory ran out.
 * Defined with the rule (constraints/calcudoku.c). */
int calc_draw_add_rule(struct puzzle *p, const struct calc_draw *d, const uint8_t *grid);

struct calc_support_memo;
struct search_result;
/* puzzle_list_quick (puzzle.h) of p, with p's calcudoku rule's own
 * count (for a drawn puzzle, calc_draw_add_rule's rule) walking its
 * cages' supports through memo (calc_cages.h; NULL: none), which answers
 * as the walk does: the same result, solutions and nodes. A generator
 * keeps one memo across its draws, whose cages repeat. Defined with the
 * rule (constraints/calcudoku_settle.c). */
int calc_draw_list_quick(struct puzzle *p, struct calc_support_memo *memo, long limit,
                         uint64_t nodes, struct search_result *r, uint64_t *used, uint8_t *found);

/* An operation drawn for a cage of these digits (count of them). */
char calc_draw_op(const struct calc_draw *d, const uint8_t *digits, int count, struct rng *r);

/* An operation for every cage of d, drawn in the order of the ids. */
void calc_draw_ops_all(struct calc_draw *d, const uint8_t *grid, struct rng *r);

/* One random move of annealing on d, cages kept to at most high cells:
 * a cage takes another operation, or two neighbouring cages merge, or a
 * cell leaves its cage for a neighbouring one (what it leaves split into
 * its connected pieces); each cage changed draws its operation anew. */
void calc_draw_move(struct calc_draw *d, const uint8_t *grid, int high, struct rng *r);

/* Mends d where other (a second solution) differs from grid: a differing
 * cell's cage takes an operation other's digits there do not satisfy,
 * or, when none is left, the cell is cut from its cage (the rest split
 * into its connected pieces, each drawing an operation). The cell stands
 * alone, a given, unless d->shift finds it a neighbouring cage to join
 * (which draws its operation anew): fewer givens, harder puzzles. */
void calc_draw_mend(struct calc_draw *d, const uint8_t *grid, const uint8_t *other, struct rng *r);

#endif
