/*
 * cage_sums.h — sums the killer rule watches: a set of cells whose digits
 * add up to a total. A killer cage is one; the rule of 45 derives more
 * (killer_innies.c).
 *
 * Cells come in groups whose digits are distinct (a cage, or the cells of
 * one house). A sum of one group is pruned exactly through its digit
 * combinations (cage_combos.h): only sets still compatible with the
 * placed digits and the candidates survive, open cells keep the union of
 * the survivors, and a digit all survivors need goes to the one cell that
 * can take it. One-group sums also work with the houses they meet: a
 * digit a house can only place inside the sum must be in its combination,
 * and a digit the sum needs whose places lie in one house leaves the rest
 * of it. A sum of several groups is pruned a group at a time through the
 * digit sets each group can hold (sum_groups.h); a weighted sum, or one
 * too large for that, by an exact walk over its cells when they are few,
 * else by bounds: a digit stays only if the other cells can still make up
 * the rest, each group counted with distinct digits.
 */
#ifndef SUDOLAB_CAGE_SUMS_H
#define SUDOLAB_CAGE_SUMS_H

#include "constraint.h"

struct sum_set;

/* A set for the grid being built, knowing its houses (N cells each, for
 * the house-aware pruning of one-group sums); NULL with err when out of
 * memory. Call from attach, where every plain rule's houses exist. */
struct sum_set *sum_set_new(const struct rule_builder *b, struct sl_error *err);
/* An empty set over the same grid and houses as model. */
struct sum_set *sum_set_new_like(const struct sum_set *model, struct sl_error *err);
/* Makes room for about `sums` sums over `cells` cells in all, so that a
 * set whose size is known roughly grows once, not step by step. */
int sum_set_reserve(struct sum_set *s, int sums, int cells, struct sl_error *err);
/* Sums of several groups list a group's digit sets when it could hold at
 * most `broad` of them (sum_groups.h: SUM_GROUPS_BROAD unless set, or
 * SUM_GROUPS_LIST_ALL). */
void sum_set_list_groups(struct sum_set *s, int broad);
/* With on (1), weighted sums added from now on whose weights are 1 and -1,
 * one sign a group (a difference: innies less outies), are pruned a group
 * at a time like unweighted ones (sum_groups.h), each cell of weight -1
 * seen mirrored (d as N+1-d); otherwise (0, the default) by an exact walk
 * or by bounds. */
void sum_set_mirror_differences(struct sum_set *s, int on);
/* The number of houses, and the grid's size (cells per house). */
int sum_set_house_count(const struct sum_set *s);
int sum_set_size(const struct sum_set *s);
void sum_set_free(struct sum_set *s);
/* Adds sum number sum_set_count(s): cells (no repeats, at most 64) with
 * group[i] naming each cell's distinct group (0, 1, ...), adding up to
 * total. Returns its number, or -1. */
int sum_set_add(struct sum_set *s, const int *cells, const int *group, int count, int total,
                struct sl_error *err);
/* The same with a weight per cell (weight NULL: all 1): the total is the sum
 * of weight * digit, so -1 subtracts a cell and 10 makes it a tens digit;
 * the cells of one group share a weight (|weight| <= 100). Such a sum is
 * pruned by bounds or enumeration, never by combinations. */
int sum_set_add_weighted(struct sum_set *s, const int *cells, const int *group, const int *weight,
                         int count, int total, struct sl_error *err);
/* Groups cells by the houses they share (a cell sharing none is a group
 * of its own); returns the number of groups. Cells given with different
 * signs must be grouped in separate calls. */
int sum_set_group_by_houses(const struct sum_set *s, const int *cells, int count, int *group);
int sum_set_count(const struct sum_set *s);
/* The cells of sum i (at most 64); returns their number. */
int sum_set_cells(const struct sum_set *s, int i, int *cells);
/* The cells of sum i in place (no copy); *count gets their number. */
const uint16_t *sum_set_cell_list(const struct sum_set *s, int i, int *count);
/* 1 when a sum over exactly these cells (in this order) with this total
 * is already there. */
int sum_set_has(const struct sum_set *s, const int *cells, int count, int total);
/* Every sum's total made what its cells add up to in grid (a solution
 * of the puzzle the set came from, relabeled or another of the same
 * shape: each sum's cells and weights stay, and every total the set
 * derived from its cages is then the grid's), with the lists of
 * combinations, the digits they hold and the offer memos redone as adding
 * the sums afresh in the same order would make them. 0, or -1 with err
 * (out of memory). sum_set_state_bytes may change. */
int sum_set_retotal(struct sum_set *s, const uint8_t *grid, struct sl_error *err);
/* 1 when two sums are over the same cells in the same order (any totals):
 * adding over a grid's totals would have kept only the first. */
int sum_set_repeats_cells(const struct sum_set *s);
/* Bytes of search state the set's sums keep between calls (reserve them
 * with rules_reserve_state after the last sum is added). */
size_t sum_set_state_bytes(const struct sum_set *s);
/* Prunes the candidates of sum i, until it changes none of its own cells
 * but for what the engine's singles wake it again for (so its group can be
 * settled): SL_PROP_CONTRADICTION, 1 when it narrowed some of its own
 * cells, else 0 (SL_PROP_OK).
 * state is the reserved bytes (prop_rule_state), or NULL outside a search
 * (each call then works from scratch). */
int sum_set_propagate(const struct sum_set *s, int i, struct prop_ctx *ctx, void *state);

/* What a player sees of a one-group sum (a cage), for the rater's killer
 * techniques: the combinations its total allows beside its placed digits,
 * cut further by what each flag adds; open cells keep the survivors'
 * digits. */
enum sum_sight {
    SUM_SEE_ONE = 1,      /* act only when a single combination survives */
    SUM_SEE_NEEDED = 2,   /* a digit every survivor needs: placed when one cell can take it,
                             gone from every house holding the whole sum */
    SUM_SEE_POINTING = 4, /* ... and from a house holding all its places in the sum */
    SUM_SEE_HOUSES = 8,   /* survivors hold every digit a house can only place in the sum */
    SUM_SEE_FIT = 16,     /* survivors meet every open cell's candidates */
    SUM_SEE_REACH = 32    /* survivors' digits all have a place among the open cells */
};
/* Prunes sum i (one group, with combinations) as sight allows: 1 when it
 * narrowed some cell (its own or a house's), 0 when not (or when the sum
 * has no list of combinations), or SL_PROP_CONTRADICTION. */
int sum_set_prune_seen(const struct sum_set *s, int i, int sight, struct prop_ctx *ctx);
/* Combinations of one-group sum i left by sight (without SUM_SEE_ONE),
 * into out (at most cap); returns their number, -1 when the sum has no
 * list. out holds only the digits not yet placed in the sum. */
int sum_set_survivors(const struct sum_set *s, int i, int sight, const struct prop_ctx *ctx,
                      digitset *out, int cap);

/* The exact walk that prunes weighted sum i (one without a list of
 * combinations or groups' digit sets, of at most 5 cells) over cand: its
 * cells in the walk's order into cells, the digits some assignment gave
 * each into support, the steps taken into *steps. Returns 1 when it
 * stopped with every digit given, 0 when it walked to the end, -1 over
 * its budget (the sum is then pruned by bounds), -2 when the sum takes no
 * walk. For tests, to hold the walk to its digit-by-digit form. */
int sum_set_exact_walk(const struct sum_set *s, int i, const digitset *cand, int *cells,
                       digitset *support, long *steps);

/* 1 when sum_set_propagate of sum i reads no cells but its own (a sum
 * without a list of combinations: weighted, by groups, by bounds), so
 * that with its cells as they were it does what it did then. */
int sum_set_reads_own_cells(const struct sum_set *s, int i);
/* What the rater's rows that remember a position read: house_changed[h]
 * becomes 1 for each house h (of the set's numbering) holding a cell with
 * changed[c] set, else 0. */
void sum_set_houses_changed(const struct sum_set *s, const uint8_t *changed,
                            uint8_t *house_changed);
/* 1 when sum i may prune otherwise than when the cells flagged in changed
 * (one byte a cell) were last as they are: a cell of it is flagged, or,
 * for a sum with a list of combinations (which reads the other cells of
 * the houses it meets: a digit a house places only in the sum), a house
 * it meets is flagged in house_changed (sum_set_houses_changed's).
 * changed NULL: 1. */
int sum_set_reads_changed(const struct sum_set *s, int i, const uint8_t *changed,
                          const uint8_t *house_changed);
/* sum_set_survivors(s, i, 0, ...) counted from the candidates now alone,
 * without building what the other sights read: the combinations holding
 * every digit placed in the sum, 0 when a digit is placed twice, -1 when
 * the sum has no list. The rater orders cages by it at every step. */
int sum_set_placed_combos(const struct sum_set *s, int i, const digitset *now);

/* The houses (numbered as rules_house_cells numbers them) holding every
 * cell of one-group sum i, at most cap; returns how many. */
int sum_set_holding_houses(const struct sum_set *s, int i, int *houses, int cap);

/* The total of sum i, and its cells' weights (in sum_set_cells' order;
 * returns their number). */
int sum_set_total(const struct sum_set *s, int i);
/* The number of distinct groups sum i's cells fall into. */
int sum_set_group_count(const struct sum_set *s, int i);
int sum_set_weights(const struct sum_set *s, int i, int *weight);
/* The cells of house h (N of them); returns N. */
int sum_set_house_cells(const struct sum_set *s, int h, int *cells);
/* The set's index of the houses, read-only and alive as long as s:
 * house h's cells are house_cells[h * N ..][0..N), and the houses holding
 * cell c, in increasing order, cell_houses[cell_house_start[c] ..
 * cell_house_start[c + 1]). */
struct sum_house_index {
    const uint16_t *house_cells, *cell_house_start, *cell_houses;
};
struct sum_house_index sum_set_house_index(const struct sum_set *s);

/* The one-group sum with the fewest combinations left (two or more) per
 * open cell, as a branch offer: its open cells and each combination's open digits.
 * Returns 1, or 0 when no sum has a choice left. state is what
 * sum_set_propagate was given (prop_rule_state_read), or NULL: through
 * it, a sum whose cells are as its last propagation left them is not
 * looked at again. */
int sum_set_offer(const struct sum_set *s, const struct prop_ctx *ctx, const void *state,
                  struct branch_offer *offer);

#endif
