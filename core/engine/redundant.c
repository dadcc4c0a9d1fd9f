/* redundant.c — see redundant.h. */
#include "redundant.h"

#include <stdlib.h>
#include <string.h>

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

/* The arguments of a rule as text, allocated; NULL out of memory. */
static char *redundant_args(const struct puzzle_rule *rule)
{
    int len = rule->ops->write(rule->self, NULL, 0);
    char *text = len < 0 ? NULL : malloc((size_t)len + 1);
    if (text) rule->ops->write(rule->self, text, (size_t)len + 1);
    return text;
}

/* Appends a copy of rule to q: its clone when it has one, else a parse of
 * its text. */
static int redundant_copy(struct puzzle *q, const struct puzzle_rule *rule, struct sl_error *err)
{
    if (rule->ops->clone) {
        void *self = rule->ops->clone(rule->self, err);
        if (self == NULL) return -1;
        q->rules[q->nrules++] = (struct puzzle_rule){rule->ops, self};
        return 0;
    }
    char *args = redundant_args(rule);
    int rc = args ? puzzle_add_rule_ops(q, rule->ops, args, err)
                  : sl_error_set(err, 0, 0, "out of memory");
    free(args);
    return rc;
}

/* Puzzle q: p with item k of rule r left out (the rule itself when
 * nothing else of it is left). */
static int redundant_build(struct puzzle *q, const struct puzzle *p, int r, int k, char *label,
                           struct sl_error *err)
{
    puzzle_init(q, &p->geo);
    memcpy(q->givens, p->givens, sizeof q->givens);
    for (int i = 0; i < p->nrules; i++) {
        if (i != r) {
            if (redundant_copy(q, &p->rules[i], err)) return -1;
            continue;
        }
        const struct constraint_ops *ops = p->rules[i].ops;
        char *args = redundant_args(&p->rules[i]);
        char *fewer = args ? malloc(strlen(args) + 1) : NULL;
        int rc = !fewer ? sl_error_set(err, 0, 0, "out of memory")
                 : rule_items_drop(&p->rules[i], &p->geo, args, k, fewer, label)
                     ? sl_error_set(err, 0, 0, "%s has no item %d", ops->name, k + 1)
                 : fewer[0] == '\0' ? 0
                                    : puzzle_add_rule_ops(q, ops, fewer, err);
        free(args);
        free(fewer);
        if (rc) return -1;
    }
    return 0;
}

/* Counts q's solutions up to two: 1 unique, 0 not, -1 gave up, -2 error. */
static int redundant_unique(const struct puzzle *q, uint64_t nodes, struct sl_error *err,
                            struct search_stats *stats)
{
    struct ruleset *rs = ruleset_build(q, err);
    if (rs == NULL) return -2;
    int cell, status = -2;
    struct solver *s = NULL;
    if (ruleset_check_givens(rs, q->givens, &cell, err) == 0 && (s = solver_new(rs)) != NULL) {
        solver_set_node_limit(s, nodes);
        struct search_result r = solver_count(s, q->givens, 2, NULL, stats);
        status = r.gave_up ? -1 : r.solutions == 1;
    } else if (s == NULL && err->msg[0] == '\0') {
        sl_error_set(err, 0, 0, "out of memory");
    }
    solver_free(s);
    ruleset_free(rs);
    return status;
}

int redundant_item(const struct puzzle *p, int r, int k, uint64_t nodes, char *label,
                   struct sl_error *err, struct search_stats *stats)
{
    struct puzzle *q = malloc(sizeof *q);
    if (q == NULL) return sl_error_set(err, 0, 0, "out of memory"), -2;
    label[0] = '\0';
    err->msg[0] = '\0';
    int status =
        redundant_build(q, p, r, k, label, err) ? -2 : redundant_unique(q, nodes, err, stats);
    puzzle_clear(q);
    free(q);
    return status;
}
