/* puzzle.c — see puzzle.h. */
#include "puzzle.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernel.h"
#include "registry.h"
#include "search.h"

void puzzle_init(struct puzzle *p, const struct geometry *g)
{
    p->geo = *g;
    p->nrules = 0;
    memset(p->givens, 0, sizeof p->givens);
}

/* 1 when p already has the rule named name. One instance per rule: its
 * data goes in one place, which is also what keeps killer cages from
 * overlapping. */
static int puzzle_holds_rule(const struct puzzle *p, const char *name)
{
    for (int i = 0; i < p->nrules; i++)
        if (strcmp(p->rules[i].ops->name, name) == 0) return 1;
    return 0;
}

static void puzzle_append_rule(struct puzzle *p, const struct constraint_ops *ops, void *self)
{
    p->rules[p->nrules].ops = ops;
    p->rules[p->nrules].self = self;
    p->nrules++;
}

int puzzle_add_rule(struct puzzle *p, const char *name, const char *args, struct sl_error *err)
{
    const struct constraint_ops *ops = registry_find(name, strlen(name));
    if (ops == NULL) {
        const char *close = registry_closest(name, strlen(name));
        if (close)
            return sl_error_set(err, 0, 0, "unknown rule '%s'; did you mean '%s'?", name, close);
        return sl_error_set(err, 0, 0, "unknown rule '%s'", name);
    }
    return puzzle_add_rule_ops(p, ops, args, err);
}

int puzzle_add_rule_ops(struct puzzle *p, const struct constraint_ops *ops, const char *args,
                        struct sl_error *err)
{
    if (p->nrules == SL_MAX_RULES)
        return sl_error_set(err, 0, 0, "too many rules (at most %d)", SL_MAX_RULES);
    void *self = ops->parse(&p->geo, args ? args : "", err);
    if (self == NULL) return -1;
    puzzle_append_rule(p, ops, self);
    return 0;
}

int puzzle_add_instance(struct puzzle *p, const struct constraint_ops *ops, void *self)
{
    if (p->nrules == SL_MAX_RULES || puzzle_holds_rule(p, ops->name)) return -1;
    puzzle_append_rule(p, ops, self);
    return 0;
}

/* Adds one item "name" or "name:args" of a rules text; col is its column. */
static int puzzle_add_item(struct puzzle *p, const char *item, size_t len, long col,
                           struct sl_error *err)
{
    const char *colon = memchr(item, ':', len);
    size_t name_len = colon ? (size_t)(colon - item) : len;
    char name[32];
    if (name_len == 0 || name_len >= sizeof name)
        return sl_error_set(err, 0, col, "expected a rule name");
    memcpy(name, item, name_len);
    name[name_len] = '\0';
    /* The rule's form says how all its data goes in one item (relation's
     * tables joined by '|', killer's cages in one map). */
    if (puzzle_holds_rule(p, name)) {
        const struct constraint_ops *ops = registry_find(name, name_len);
        if (ops == NULL || ops->form == NULL || strchr(ops->form, ':') == NULL)
            return sl_error_set(err, 0, col, "rule '%s' appears twice (give it once)", name);
        return sl_error_set(err, 0, col, "rule '%s' appears twice (give all its data once: %s)",
                            name, ops->form);
    }
    size_t args_len = colon ? len - name_len - 1 : 0;
    char small[1024], *args = args_len < sizeof small ? small : malloc(args_len + 1);
    if (args == NULL) return sl_error_set(err, 0, col, "out of memory");
    memcpy(args, colon ? colon + 1 : "", args_len);
    args[args_len] = '\0';
    int rc = puzzle_add_rule(p, name, args, err);
    if (args != small) free(args);
    /* The plugin's column is within its arguments; an unknown name has none. */
    if (rc && err) err->col = err->col > 0 ? col + (long)name_len + err->col : col;
    return rc;
}

int puzzle_add_rules_text(struct puzzle *p, const char *text, struct sl_error *err)
{
    size_t len = strlen(text), at = 0;
    do {
        size_t item = strcspn(text + at, ";");
        if (puzzle_add_item(p, text + at, item, (long)at + 1, err)) return -1;
        at += item + 1;
    } while (at <= len);
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

/* Text at buf + used, as much as fits before cap (no terminator): the
 * new length. A copy, not snprintf: every generated line writes its
 * rules' names, and formatting them cost more than the copy. */
static size_t puzzle_append(char *buf, size_t cap, size_t used, const char *text)
{
    size_t len = strlen(text);
    if (used < cap) memcpy(buf + used, text, len < cap - used ? len : cap - used);
    return used + len;
}

int puzzle_rules_text(const struct puzzle *p, char *buf, size_t cap)
{
    size_t used = 0;
    for (int i = 0; i < p->nrules; i++) {
        const struct puzzle_rule *r = &p->rules[i];
        if (i) used = puzzle_append(buf, cap, used, ";");
        used = puzzle_append(buf, cap, used, r->ops->name);
        /* The ':' is taken back when the rule writes nothing, which saves
         * writing each rule twice. */
        if (used < cap) buf[used] = ':';
        size_t room = used + 1 < cap ? cap - used - 1 : 0;
        int len = r->ops->write(r->self, room ? buf + used + 1 : NULL, room);
        if (len > 0) used += 1 + (size_t)len;
    }
    if (cap > 0) buf[used < cap ? used : cap - 1] = '\0';
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

/* The rule with a settle hook of a puzzle of it and the classic rule
 * alone, or NULL. */
static const struct puzzle_rule *puzzle_settler(const struct puzzle *p)
{
    const struct constraint_ops *classic = registry_find("classic", 7);
    const struct puzzle_rule *settler = NULL;
    int houses = 0;
    for (int i = 0; i < p->nrules; i++) {
        const struct constraint_ops *ops = p->rules[i].ops;
        if (ops == classic)
            houses = 1;
        else if (ops->settle && settler == NULL)
            settler = &p->rules[i];
        else
            return NULL;
    }
    return houses ? settler : NULL;
}

int puzzle_settle(const struct puzzle *p, uint8_t *grid)
{
    const struct puzzle_rule *settler = puzzle_settler(p);
    if (!settler) return -1;
    int settled = settler->ops->settle(settler->self, &p->geo, p->givens, grid);
    return settled == 1 ? puzzle_is_solution(p, grid) : settled;
}

/* puzzle_count_kernel, the solutions into found when not NULL. */
static int puzzle_kernel(const struct puzzle *p, long limit, uint64_t nodes,
                         struct search_result *r, uint64_t *used, uint8_t *found)
{
    const struct puzzle_rule *rule = puzzle_settler(p);
    *used = 0;
    if (!rule || !rule->ops->count || kernel_disabled()) return -1;
    long count = rule->ops->count(rule->self, &p->geo, p->givens, limit, nodes, used, found);
    if (count == -1) return -1;
    r->solutions = count < 0 ? 0 : count;
    r->gave_up = count == -2;
    return 0;
}

int puzzle_count_kernel(const struct puzzle *p, long limit, uint64_t nodes, struct search_result *r,
                        uint64_t *used)
{
    return puzzle_kernel(p, limit, nodes, r, used, NULL);
}

int puzzle_list_quick(const struct puzzle *p, long limit, uint64_t nodes, struct search_result *r,
                      uint64_t *used, uint8_t *found)
{
    if (nodes == 0 || nodes > KILLER_KERNEL_NODES) nodes = KILLER_KERNEL_NODES;
    return puzzle_kernel(p, limit, nodes, r, used, found) == 0 && !r->gave_up;
}

int puzzle_count_quick(const struct puzzle *p, long limit, uint64_t nodes, struct search_result *r,
                       uint64_t *used)
{
    return puzzle_list_quick(p, limit, nodes, r, used, NULL);
}

int puzzle_nodes_left(uint64_t nodes, uint64_t used, uint64_t *left)
{
    *left = nodes > used ? nodes - used : 0;
    return nodes == 0 || nodes > used;
}

void puzzle_count_within(const struct puzzle *p, struct solver *s, long limit,
                         struct search_result *r, struct search_stats *stats, uint8_t *found)
{
    uint64_t nodes = solver_node_limit(s), used = 0, left;
    int done = puzzle_list_quick(p, limit, nodes, r, &used, found);
    stats->nodes += used;
    if (done || !puzzle_nodes_left(nodes, used, &left)) return;
    solver_set_node_limit(s, left);
    *r = solver_count(s, p->givens, limit, found, stats);
    solver_set_node_limit(s, nodes);
}
