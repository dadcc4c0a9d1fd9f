/* puzzle_edit.c — see puzzle_edit.h. */
#include "puzzle_edit.h"

#include <stdlib.h>
#include <string.h>

char *puzzle_edit_args(const struct puzzle_rule *rule)
{
    int len = rule->ops->write(rule->self, NULL, 0);
    char *text = len < 0 ? NULL : malloc((size_t)len + 1);
    if (text) rule->ops->write(rule->self, text, (size_t)len + 1);
    return text;
}

/* Appends a copy of rule to q: its clone when it has one, else a parse of
 * its text. */
static int puzzle_edit_copy(struct puzzle *q, const struct puzzle_rule *rule, struct sl_error *err)
{
    if (rule->ops->clone) {
        void *self = rule->ops->clone(rule->self, err);
        if (self == NULL) return -1;
        q->rules[q->nrules++] = (struct puzzle_rule){rule->ops, self};
        return 0;
    }
    char *args = puzzle_edit_args(rule);
    int rc = args ? puzzle_add_rule_ops(q, rule->ops, args, err)
                  : sl_error_set(err, 0, 0, "out of memory");
    free(args);
    return rc;
}

int puzzle_edit_build(struct puzzle *q, const struct puzzle *p, int r, const char *args,
                      struct sl_error *err)
{
    puzzle_init(q, &p->geo);
    memcpy(q->givens, p->givens, sizeof q->givens);
    for (int i = 0; i < p->nrules; i++) {
        int rc = i != r            ? puzzle_edit_copy(q, &p->rules[i], err)
                 : args[0] == '\0' ? 0
                                   : puzzle_add_rule_ops(q, p->rules[i].ops, args, err);
        if (rc) return -1;
    }
    return 0;
}

int puzzle_edit_count(const struct puzzle *q, long limit, uint64_t nodes, struct search_result *out,
                      struct sl_error *err, struct search_stats *stats)
{
    struct ruleset *rs = ruleset_build(q, err);
    if (rs == NULL) return -1;
    int cell, rc = -1;
    struct solver *s = NULL;
    if (ruleset_check_givens(rs, q->givens, &cell, err) == 0) {
        if ((s = solver_new(rs)) == NULL) {
            sl_error_set(err, 0, 0, "out of memory");
        } else {
            solver_set_node_limit(s, nodes);
            *out = solver_count(s, q->givens, limit, NULL, stats);
            rc = 0;
        }
    }
    solver_free(s);
    ruleset_free(rs);
    return rc;
}

/* 1 when grid is complete, keeps p's givens and meets every rule of p
 * without a retotal hook. */
static int puzzle_grid_fits(const struct puzzle *p, const uint8_t *grid)
{
    for (int c = 0; c < p->geo.ncells; c++) {
        if (grid[c] < 1 || grid[c] > p->geo.size) return 0;
        if (p->givens[c] && p->givens[c] != grid[c]) return 0;
    }
    for (int i = 0; i < p->nrules; i++) {
        const struct puzzle_rule *r = &p->rules[i];
        if (r->ops->retotal == NULL && !r->ops->check(r->self, &p->geo, grid)) return 0;
    }
    return 1;
}

int puzzle_retotal(struct puzzle *p, const uint8_t *grid, struct sl_error *err)
{
    if (!puzzle_grid_fits(p, grid)) return 1;
    for (int i = 0; i < p->nrules; i++) {
        const struct puzzle_rule *r = &p->rules[i];
        int rc = r->ops->retotal ? r->ops->retotal(r->self, grid, NULL, err) : 0;
        if (rc) return rc;
    }
    return 0;
}
