/* puzzle.c — see puzzle.h. */
#include "puzzle.h"

#include <stdio.h>
#include <string.h>

#include "registry.h"

void puzzle_init(struct puzzle *p, const struct geometry *g)
{
    p->geo = *g;
    p->nrules = 0;
    memset(p->givens, 0, sizeof p->givens);
}

int puzzle_add_rule(struct puzzle *p, const char *name, const char *args, struct sl_error *err)
{
    const struct constraint_ops *ops = registry_find(name, strlen(name));
    if (ops == NULL) return sl_error_set(err, 0, 0, "unknown rule '%s'", name);
    return puzzle_add_rule_ops(p, ops, args, err);
}

int puzzle_add_rule_ops(struct puzzle *p, const struct constraint_ops *ops, const char *args,
                        struct sl_error *err)
{
    if (p->nrules == SL_MAX_RULES)
        return sl_error_set(err, 0, 0, "too many rules (at most %d)", SL_MAX_RULES);
    void *self = ops->parse(&p->geo, args ? args : "", err);
    if (self == NULL) return -1;
    p->rules[p->nrules].ops = ops;
    p->rules[p->nrules].self = self;
    p->nrules++;
    return 0;
}

int puzzle_add_classic(struct puzzle *p, struct sl_error *err)
{
    return puzzle_add_rule(p, "classic", "", err);
}

void puzzle_clear(struct puzzle *p)
{
    for (int i = 0; i < p->nrules; i++) p->rules[i].ops->destroy(p->rules[i].self);
    p->nrules = 0;
}

int puzzle_rules_text(const struct puzzle *p, char *buf, size_t cap)
{
    size_t used = 0;
    for (int i = 0; i < p->nrules; i++) {
        const struct puzzle_rule *r = &p->rules[i];
        size_t room = used < cap ? cap - used : 0;
        int n = snprintf(room ? buf + used : NULL, room, "%s%s", i ? ";" : "", r->ops->name);
        used += (size_t)n;
        if (r->ops->write(r->self, NULL, 0) == 0) continue;
        room = used < cap ? cap - used : 0;
        used += (size_t)snprintf(room ? buf + used : NULL, room, ":");
        room = used < cap ? cap - used : 0;
        used += (size_t)r->ops->write(r->self, room ? buf + used : NULL, room);
    }
    if (cap > 0 && used < cap) buf[used] = '\0';
    return (int)used;
}

int puzzle_is_solution(const struct puzzle *p, const uint8_t *grid)
{
    for (int c = 0; c < p->geo.ncells; c++) {
        if (grid[c] < 1 || grid[c] > p->geo.size) return 0;
        if (p->givens[c] && p->givens[c] != grid[c]) return 0;
    }
    for (int i = 0; i < p->nrules; i++)
        if (!p->rules[i].ops->check(p->rules[i].self, &p->geo, grid)) return 0;
    return 1;
}
