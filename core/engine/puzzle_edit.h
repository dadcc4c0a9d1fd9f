/*
 * puzzle_edit.h — a puzzle with one rule's text changed, and its count:
 * what a setter's question "and without this cage?" or "and with this
 * dot?" is answered on (redundant.h, propose_mark.h).
 *
 * The copy keeps the givens and every other rule (a rule with no text
 * form, a script's, is cloned); the changed rule is parsed from its new
 * text, so the copy is checked as any puzzle read from a file is.
 *
 * puzzle_retotal changes a puzzle in place: its totals (killer cage sums)
 * re-read from another solution grid, as a generator's relabeled start
 * keeps its cages over other digits.
 */
#ifndef SUDOLAB_PUZZLE_EDIT_H
#define SUDOLAB_PUZZLE_EDIT_H

#include "search.h"

/* The arguments of rule as text, allocated (the caller frees them); NULL
 * out of memory. */
char *puzzle_edit_args(const struct puzzle_rule *rule);

/* q: p with the arguments of rule r replaced by args ("" drops the rule).
 * 0, or -1 with err. q is to be cleared by the caller either way. */
int puzzle_edit_build(struct puzzle *q, const struct puzzle *p, int r, const char *args,
                      struct sl_error *err);

/* Counts q's solutions up to limit, searching at most `nodes` nodes (0:
 * no limit). -1 with err when q cannot be solved (its rules do not
 * build, or its givens break them). */
int puzzle_edit_count(const struct puzzle *q, long limit, uint64_t nodes, struct search_result *out,
                      struct sl_error *err, struct search_stats *stats);

/* p's totals (the rules with a retotal hook, constraint.h: a killer's
 * cage sums) made the ones grid gives, grid being complete, keeping p's
 * givens and every rule without the hook: p then reads as its rules text
 * written over grid would, with grid a solution. 0; 1 when grid does not
 * fit (a digit out of range, a given or a rule broken), p unchanged but
 * for the hooked rules before the one that refused; -1 with err. */
int puzzle_retotal(struct puzzle *p, const uint8_t *grid, struct sl_error *err);

#endif
