/* redundant.c — see redundant.h. */
#include "redundant.h"

#include <stdlib.h>
#include <string.h>

#include "puzzle_edit.h"
#include "rule_items.h"

int redundant_given(struct solver *s, const uint8_t *givens, const uint8_t *solution, int cell,
                    struct search_stats *stats)
{
    uint8_t smaller[SL_MAX_CELLS];
    memcpy(smaller, givens, sizeof smaller);
    smaller[cell] = 0;
    struct search_result r = solver_count_without(s, smaller, cell, solution[cell], 1, stats);
    return r.gave_up ? -1 : r.solutions == 0;
}

/* Puzzle q: p with item k of rule r left out (the rule itself when
 * nothing else of it is left). */
static int redundant_build(struct puzzle *q, const struct puzzle *p, int r, int k, char *label,
                           struct sl_error *err)
{
    const struct puzzle_rule *rule = &p->rules[r];
    char *args = puzzle_edit_args(rule);
    char *fewer = args ? malloc(strlen(args) + 1) : NULL;
    int rc = !fewer ? sl_error_set(err, 0, 0, "out of memory")
             : rule_items_drop(rule, &p->geo, args, k, fewer, label)
                 ? sl_error_set(err, 0, 0, "%s has no item %d", rule->ops->name, k + 1)
                 : puzzle_edit_build(q, p, r, fewer, err);
    free(args);
    free(fewer);
    return rc;
}

/* Counts q's solutions up to two: 1 unique, 0 not, -1 gave up, -2 error. */
static int redundant_unique(const struct puzzle *q, uint64_t nodes, struct sl_error *err,
                            struct search_stats *stats)
{
    struct search_result r;
    if (puzzle_edit_count(q, 2, nodes, &r, err, stats)) return -2;
    return r.gave_up ? -1 : r.solutions == 1;
}

int redundant_item(const struct puzzle *p, int r, int k, uint64_t nodes, char *label,
                   struct sl_error *err, struct search_stats *stats)
{
    struct puzzle *q = malloc(sizeof *q);
    if (q == NULL) return sl_error_set(err, 0, 0, "out of memory"), -2;
    puzzle_init(q, &p->geo); /* cleared below, built or not */
    label[0] = '\0';
    err->msg[0] = '\0';
    int status =
        redundant_build(q, p, r, k, label, err) ? -2 : redundant_unique(q, nodes, err, stats);
    puzzle_clear(q);
    free(q);
    return status;
}
