/*
 * rule_items.h — the items a rule's text lists one by one, and that text
 * with one item left out: a killer's cages, a sum's entries, a thermo's
 * paths, a relation's marked pairs, oddeven's marks, extra regions. A setter
 * asks which of them a unique puzzle could do without (redundant.h).
 *
 * Rules whose text is not such a list (classic, diagonal, jigsaw's
 * regions that must cover the grid, differ's pairs that spell one global
 * rule such as anti-knight) have no items here.
 */
#ifndef SUDOLAB_RULE_ITEMS_H
#define SUDOLAB_RULE_ITEMS_H

#include <stddef.h>

#include "puzzle.h"

/* A relation's items are the pairs its marks hook draws (dots, X, V,
 * signs); more than this many are not looked at. */
#define RULE_ITEMS_MAX_PAIRS (2 * SL_MAX_CELLS)

/* Longest label of an item ("cage A (15) at r1c1"), with its NUL. */
#define RULE_ITEM_LABEL_MAX 96

/* How many items rule lists in args, its text, on grid g (0: none, or a
 * rule whose text has no items, or args it cannot read). */
int rule_items_count(const struct puzzle_rule *rule, const struct geometry *g, const char *args);

/* Writes args without item k (0-based) into out, which holds at least
 * strlen(args) + 1 bytes, and a short label of the item into label
 * (RULE_ITEM_LABEL_MAX bytes); out is empty when nothing of the rule is
 * left (its only item). 0, or -1 when k is not an item. */
int rule_items_drop(const struct puzzle_rule *rule, const struct geometry *g, const char *args,
                    int k, char *out, char *label);

#endif
