/* propose_mark.c — see propose_mark.h. */
#include "propose_mark.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cage_text.h"
#include "puzzle_edit.h"

/* One search for the best change: the puzzle, the two solutions and
 * where they differ, the bounds, the rule being changed. */
struct mark_search {
    const struct puzzle *p;
    const uint8_t *a, *b;
    const int *cells;
    int n;
    long cap;
    uint64_t nodes;
    int rule;
    struct mark_proposal *out;
};

/* Counts p with the rule's arguments replaced by args, keeping the change
 * when it leaves the fewest so far; 1 when it leaves one (stop). */
static int mark_try(struct mark_search *m, const char *args, const char *label)
{
    struct puzzle *q = malloc(sizeof *q);
    if (q == NULL) return 1;
    puzzle_init(q, &m->p->geo);
    struct sl_error err = {0};
    struct search_result r;
    if (puzzle_edit_build(q, m->p, m->rule, args, &err) == 0 &&
        puzzle_edit_count(q, m->cap, m->nodes, &r, &err, NULL) == 0) {
        m->out->tried++;
        m->out->gave_up |= r.gave_up;
        if (!r.gave_up && r.solutions > 0 &&
            (m->out->rule < 0 || r.solutions < m->out->solutions)) {
            m->out->rule = m->rule;
            m->out->solutions = r.solutions;
            snprintf(m->out->label, sizeof m->out->label, "%s", label);
        }
    }
    puzzle_clear(q);
    free(q);
    return m->out->rule >= 0 && m->out->solutions == 1;
}

static int mark_differs(const struct mark_search *m, int cell) { return m->a[cell] != m->b[cell]; }

/* The k-th orthogonal neighbour of cell (k 0..3), or -1 off the grid. */
static int mark_neighbour(const struct geometry *g, int cell, int k)
{
    int row = geometry_row(g, cell) + (k == 1) - (k == 3);
    int col = geometry_col(g, cell) + (k == 0) - (k == 2);
    return row < 0 || col < 0 || row >= g->size || col >= g->size ? -1 : geometry_cell(g, row, col);
}

static void mark_where(const struct geometry *g, int cell, char *buf, size_t cap)
{
    snprintf(buf, cap, "r%dc%d", geometry_row(g, cell) + 1, geometry_col(g, cell) + 1);
}

/* --- odd/even: a mark on a cell whose digit changes parity --------------- */

static int mark_oddeven(struct mark_search *m, const char *args)
{
    const struct geometry *g = &m->p->geo;
    if ((int)strlen(args) != g->ncells) return 0;
    char *next = strdup(args), label[RULE_ITEM_LABEL_MAX], where[32];
    int stop = next == NULL;
    for (int i = 0; i < m->n && !stop; i++) {
        int c = m->cells[i];
        if (args[c] != '.' || (m->a[c] & 1) == (m->b[c] & 1)) continue;
        next[c] = m->a[c] & 1 ? 'o' : 'e';
        mark_where(g, c, where, sizeof where);
        snprintf(label, sizeof label, "%c at %s", next[c], where);
        stop = mark_try(m, next, label);
        next[c] = '.';
    }
    free(next);
    return stop;
}

/* --- killer: a new cage of two neighbours outside every cage -------------- */

/* Cage text with the cage {c, d} of sum `sum` added, into a new string. */
static char *mark_cage_text(const struct cage_text *ct, int ncells, int c, int d, int sum)
{
    static const size_t per_cage = 8; /* ",NNN" and room to spare */
    int part[SL_MAX_CELLS], sums[SL_MAX_CELLS];
    for (int k = 0; k < ncells; k++) part[k] = ct->map.part[k];
    memcpy(sums, ct->sum, sizeof sums);
    part[c] = part[d] = ct->map.nparts;
    sums[ct->map.nparts] = sum;
    struct cage_text *more = malloc(sizeof *more);
    size_t cap = 2 * (size_t)ncells + per_cage * (size_t)(ct->map.nparts + 2);
    char *text = more ? malloc(cap) : NULL;
    if (text) {
        cage_text_from_parts(more, ncells, part, sums);
        cage_text_write(more, text, cap);
    }
    free(more);
    return text;
}

static int mark_killer(struct mark_search *m, const char *args)
{
    const struct geometry *g = &m->p->geo;
    struct cage_text *ct = malloc(sizeof *ct);
    struct sl_error err;
    int stop = ct == NULL || cage_text_parse(ct, g, args, strlen(args), &err) != 0;
    for (int i = 0; i < m->n && !stop; i++)
        for (int k = 0, c = m->cells[i]; k < 4 && !stop; k++) {
            int d = mark_neighbour(g, c, k);
            if (d < 0 || (mark_differs(m, d) && d < c) || ct->map.part[c] >= 0 ||
                ct->map.part[d] >= 0 || m->a[c] + m->a[d] == m->b[c] + m->b[d])
                continue;
            char *text = mark_cage_text(ct, g->ncells, c, d, m->a[c] + m->a[d]);
            char label[RULE_ITEM_LABEL_MAX], one[32], two[32];
            mark_where(g, c < d ? c : d, one, sizeof one);
            mark_where(g, c < d ? d : c, two, sizeof two);
            snprintf(label, sizeof label, "cage %s+%s (%d)", one, two, m->a[c] + m->a[d]);
            stop = text == NULL || mark_try(m, text, label);
            free(text);
        }
    free(ct);
    return stop;
}

/* --- relation: a new pair in a table drawn pair by pair -------------------- */

/* One table of a relation's text: its masks (mask[d]: the digits the
 * second cell may hold when the first holds d) and where its text ends. */
struct mark_table {
    digitset mask[SL_MAX_SIZE + 1];
    const char *end; /* past its last pair */
    int pairs;       /* pairs in it and the tables before */
    int symmetric;
};

/* Reads the tables of args into t (at most RELATION_MAX_TABLES); their
 * number, or -1 when the text is not as expected. */
static int mark_tables(const char *args, int size, struct mark_table *t)
{
    int n = 0, pairs = 0;
    for (const char *p = args; *p && n < RELATION_MAX_TABLES; n++) {
        for (int d = 1; d <= size; d++) {
            char *after;
            t[n].mask[d] = (digitset)strtoul(p, &after, 16) << 1;
            p = after + (*after == '.');
        }
        if (*p != ':') return -1;
        for (const char *q = p; q < p + strcspn(p, "|"); q++) pairs += *q == ':' || *q == ',';
        t[n].end = p + strcspn(p, "|");
        t[n].pairs = pairs;
        t[n].symmetric = 1;
        for (int d = 1; d <= size; d++)
            for (int e = 1; e <= size; e++)
                t[n].symmetric &=
                    !(t[n].mask[d] & digitset_of(e)) == !(t[n].mask[e] & digitset_of(d));
        p = t[n].end + (*t[n].end == '|');
    }
    return n;
}

/* 1 when the text pairs cells x and y, either way round. */
static int mark_paired(const char *args, int x, int y)
{
    for (const char *p = args; (p = strpbrk(p, ":,")) != NULL; p++) {
        int u, v;
        if (sscanf(p + 1, "%d-%d", &u, &v) == 2 && ((u == x && v == y) || (u == y && v == x)))
            return 1;
    }
    return 0;
}

static int mark_holds(const struct mark_table *t, const uint8_t *grid, int x, int y)
{
    return (t->mask[grid[x]] & digitset_of(grid[y])) != 0;
}

/* Tries args with the pair x-y added at the end of table t, named as its
 * own marks name it. */
static int mark_add_pair(struct mark_search *m, const char *args, const struct mark_table *t, int x,
                         int y)
{
    const struct puzzle_rule *rule = &m->p->rules[m->rule];
    size_t at = (size_t)(t->end - args), len = strlen(args);
    char *text = malloc(len + 32), *scratch = malloc(len + 32);
    int stop = text == NULL || scratch == NULL;
    if (!stop) {
        snprintf(text, len + 32, "%.*s,%d-%d%s", (int)at, args, x, y, args + at);
        struct sl_error err = {0};
        struct puzzle_rule more = {rule->ops, rule->ops->parse(&m->p->geo, text, &err)};
        char label[RULE_ITEM_LABEL_MAX] = "pair";
        if (more.self) {
            rule_items_drop(&more, &m->p->geo, text, t->pairs, scratch, label);
            rule->ops->destroy(more.self);
            stop = mark_try(m, text, label);
        }
    }
    free(text);
    free(scratch);
    return stop;
}

static int mark_relation(struct mark_search *m, const char *args)
{
    const struct geometry *g = &m->p->geo;
    struct mark_table tables[RELATION_MAX_TABLES];
    int n = mark_tables(args, g->size, tables), stop = 0;
    if (n <= 0 || rule_items_count(&m->p->rules[m->rule], g, args) != tables[n - 1].pairs) return 0;
    for (int i = 0; i < m->n && !stop; i++)
        for (int k = 0, c = m->cells[i]; k < 4 && !stop; k++) {
            int d = mark_neighbour(g, c, k);
            if (d < 0 || (mark_differs(m, d) && d < c) || mark_paired(args, c, d)) continue;
            for (int t = 0; t < n && !stop; t++)
                for (int way = 0; way < 2 - tables[t].symmetric && !stop; way++) {
                    int x = way ? d : c, y = way ? c : d;
                    if (mark_holds(&tables[t], m->a, x, y) && !mark_holds(&tables[t], m->b, x, y))
                        stop = mark_add_pair(m, args, &tables[t], x, y);
                }
        }
    return stop;
}

/* --- the rules that take a change ----------------------------------------- */

static const struct mark_rule {
    const char *rule;
    int (*search)(struct mark_search *m, const char *args);
} mark_rules[] = {
    {"oddeven", mark_oddeven},
    {"killer", mark_killer},
    {"relation", mark_relation},
};

void propose_mark(const struct puzzle *p, const uint8_t *a, const uint8_t *b, const int *cells,
                  int n, long cap, uint64_t nodes, struct mark_proposal *out)
{
    *out = (struct mark_proposal){.rule = -1};
    struct mark_search m = {p, a, b, cells, n, cap, nodes, -1, out};
    int stop = 0;
    for (int r = 0; r < p->nrules && !stop; r++)
        for (size_t k = 0; k < sizeof mark_rules / sizeof mark_rules[0] && !stop; k++) {
            if (strcmp(p->rules[r].ops->name, mark_rules[k].rule) != 0) continue;
            char *args = puzzle_edit_args(&p->rules[r]);
            m.rule = r;
            stop = args == NULL || mark_rules[k].search(&m, args);
            free(args);
        }
}
