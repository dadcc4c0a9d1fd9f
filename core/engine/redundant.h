/*
 * redundant.h — what a unique puzzle can lose and stay unique: a given,
 * or one item of a rule's text (rule_items.h: a cage, a sum entry, a
 * thermometer, a relation's pair, an odd/even mark, an extra region).
 *
 * Each is judged alone, everything else kept: two givens that can each
 * go need not be able to go together. A given is judged by one search
 * that bars its cell from its digit with the given removed (any solution
 * that keeps the digit there is the puzzle's own); an item, by counting
 * the puzzle rebuilt without it up to two.
 */
#ifndef SUDOLAB_REDUNDANT_H
#define SUDOLAB_REDUNDANT_H

#include "search.h"

/* 1 when the unique puzzle `givens` (solution `solution`) stays unique
 * without the given of cell, 0 when it does not, -1 when the search
 * reached the solver's node limit. */
int redundant_given(struct solver *s, const uint8_t *givens, const uint8_t *solution, int cell,
                    struct search_stats *stats);

/* The same for item k of rule r of the unique puzzle p (its label into
 * label, RULE_ITEM_LABEL_MAX bytes), searching at most `nodes` nodes (0:
 * no limit). -2 when the puzzle without the item cannot be built or
 * checked (err says why). */
int redundant_item(const struct puzzle *p, int r, int k, uint64_t nodes, char *label,
                   struct sl_error *err, struct search_stats *stats);

#endif
