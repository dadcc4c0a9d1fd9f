/* rule_items.c — see rule_items.h. */
#include "rule_items.h"

#include <stdio.h>
#include <string.h>

#include "cage_text.h"
#include "marks.h"

/* --- lists: sum entries and thermo paths, separated by ',' -------------- */

static int list_count(const struct puzzle_rule *rule, const struct geometry *g, const char *args)
{
    (void)rule;
    (void)g;
    int n = *args != '\0';
    for (const char *p = args; *p; p++) n += *p == ',';
    return n;
}

/* Copies the ','-separated list without item k; the item's own text goes
 * to item. */
static int list_drop_text(const char *args, int k, char sep, char *out, char *item, size_t icap)
{
    int index = 0, found = 0;
    size_t used = 0;
    for (const char *p = args;; index++) {
        size_t len = strcspn(p, (char[]){sep, '\0'});
        if (index == k) {
            snprintf(item, icap, "%.*s", (int)len, p);
            found = 1;
        } else {
            if (used) out[used++] = sep;
            memcpy(out + used, p, len);
            used += len;
        }
        if (p[len] == '\0') break;
        p += len + 1;
    }
    out[used] = '\0';
    return found ? 0 : -1;
}

static int list_drop(const struct puzzle_rule *rule, const struct geometry *g, const char *args,
                     int k, char *out, char *label)
{
    (void)rule;
    (void)g;
    char item[RULE_ITEM_LABEL_MAX - 8];
    if (list_drop_text(args, k, ',', out, item, sizeof item)) return -1;
    snprintf(label, RULE_ITEM_LABEL_MAX, "%s", item);
    return 0;
}

/* --- relation pairs: TABLE:PAIRS joined by '|' ---------------------------- */

/* Copies the tables, dropping pair k (counted over all tables); a table
 * left with no pair goes, with its '|'. */
static int relation_drop_pair(const char *args, int k, char *out)
{
    size_t used = 0;
    int index = 0, found = 0;
    for (const char *p = args; *p;) {
        size_t len = strcspn(p, "|"), head = strcspn(p, ":");
        if (head >= len) return -1;
        size_t start = used, before_pairs;
        used += (size_t)sprintf(out + used, "%s%.*s:", used ? "|" : "", (int)head, p);
        before_pairs = used;
        for (const char *q = p + head + 1; q < p + len; index++) {
            size_t plen = strcspn(q, ",|");
            if (index == k) {
                found = 1;
            } else {
                if (used > before_pairs) out[used++] = ',';
                memcpy(out + used, q, plen);
                used += plen;
            }
            q += plen + (q[plen] == ',');
        }
        if (used == before_pairs) used = start;
        p += len + (p[len] == '|');
    }
    out[used] = '\0';
    return found ? 0 : -1;
}

/* The pairs a relation draws as marks (a dot, X, V, a sign): its items.
 * A table over every unmarked pair (non-consecutive, "every dot given")
 * is drawn as a name only, and has none. */
struct marked_pairs {
    int count;
    int cell[2 * RULE_ITEMS_MAX_PAIRS];
    char what[RULE_ITEMS_MAX_PAIRS][16];
};

static int marked_emit(void *arg, const struct mark *m)
{
    struct marked_pairs *mp = arg;
    if ((m->kind != MARK_DOT && m->kind != MARK_LETTER) || m->ncells != 2 ||
        mp->count == RULE_ITEMS_MAX_PAIRS)
        return 0;
    mp->cell[2 * mp->count] = m->cells[0];
    mp->cell[2 * mp->count + 1] = m->cells[1];
    snprintf(mp->what[mp->count++], sizeof mp->what[0], "%s",
             m->kind == MARK_DOT ? (m->style == DOT_BLACK ? "black dot" : "white dot")
             : m->text           ? m->text
                                 : "mark");
    return 0;
}

static void marked_collect(const struct puzzle_rule *rule, const struct geometry *g,
                           struct marked_pairs *mp)
{
    struct mark_sink sink = {marked_emit, mp};
    mp->count = 0;
    if (rule->ops->marks) rule->ops->marks(rule->self, g, &sink);
}

static int relation_count(const struct puzzle_rule *rule, const struct geometry *g,
                          const char *args)
{
    struct marked_pairs mp;
    (void)args;
    marked_collect(rule, g, &mp);
    return mp.count;
}

/* The index among all pairs of the text of the first pair a-b. */
static int relation_index_of(const char *args, int a, int b)
{
    int index = 0;
    for (const char *p = args; (p = strpbrk(p, ":,")) != NULL; p++) {
        int x, y, used = 0;
        if (sscanf(p + 1, "%d-%d%n", &x, &y, &used) == 2 && strchr(",|", p[1 + used]) && x == a &&
            y == b)
            return index;
        index += sscanf(p + 1, "%d-%d", &x, &y) == 2;
    }
    return -1;
}

static int relation_drop(const struct puzzle_rule *rule, const struct geometry *g, const char *args,
                         int k, char *out, char *label)
{
    struct marked_pairs mp;
    marked_collect(rule, g, &mp);
    if (k >= mp.count) return -1;
    int a = mp.cell[2 * k], b = mp.cell[2 * k + 1];
    int index = relation_index_of(args, a, b);
    if (index < 0 || relation_drop_pair(args, index, out)) return -1;
    snprintf(label, RULE_ITEM_LABEL_MAX, "%s r%dc%d-r%dc%d", mp.what[k], a / g->size + 1,
             a % g->size + 1, b / g->size + 1, b % g->size + 1);
    return 0;
}

/* --- oddeven marks: one letter per cell ----------------------------------- */

static int marks_count(const struct puzzle_rule *rule, const struct geometry *g, const char *args)
{
    (void)rule;
    int n = 0;
    if ((int)strlen(args) != g->ncells) return 0;
    for (const char *p = args; *p; p++) n += *p != '.';
    return n;
}

static int marks_drop(const struct puzzle_rule *rule, const struct geometry *g, const char *args,
                      int k, char *out, char *label)
{
    (void)rule;
    int last = marks_count(rule, g, args) == 1;
    strcpy(out, last ? "" : args);
    for (int c = 0; c < g->ncells && args[c]; c++)
        if (args[c] != '.' && k-- == 0) {
            if (!last) out[c] = '.';
            snprintf(label, RULE_ITEM_LABEL_MAX, "%c at r%dc%d", args[c], c / g->size + 1,
                     c % g->size + 1);
            return 0;
        }
    return -1;
}

/* --- cell maps: a killer's cages (with sums), extra regions ---------------- */

static int cages_count(const struct puzzle_rule *rule, const struct geometry *g, const char *args)
{
    (void)rule;
    struct cage_text ct;
    struct sl_error err;
    return cage_text_parse(&ct, g, args, strlen(args), &err) ? 0 : ct.map.nparts;
}

/* The map of m without part k, numbered by first appearance, into part
 * (the old number of each part kept); the first cell of part k. */
static int map_without(const struct cellmap *m, int k, int *part)
{
    int first = -1;
    for (int c = 0; c < m->ncells; c++) {
        part[c] = m->part[c] == k ? -1 : m->part[c];
        if (m->part[c] == k && first < 0) first = c;
    }
    return first;
}

/* The symbol (one or two letters) of the part holding cell first. */
static void map_symbol(const struct cellmap *m, const char *args, int first, char *symbol)
{
    int w = m->wide + 1;
    snprintf(symbol, 3, "%.*s", w, args + (size_t)first * (size_t)w);
}

static int cages_drop(const struct puzzle_rule *rule, const struct geometry *g, const char *args,
                      int k, char *out, char *label)
{
    (void)rule;
    struct cage_text ct, smaller;
    struct sl_error err;
    int part[SL_MAX_CELLS];
    if (cage_text_parse(&ct, g, args, strlen(args), &err) || k >= ct.map.nparts) return -1;
    int first = map_without(&ct.map, k, part);
    cage_text_from_parts(&smaller, g->ncells, part, ct.sum);
    if (ct.map.nparts == 1)
        out[0] = '\0';
    else
        cage_text_write(&smaller, out, strlen(args) + 1);
    char symbol[3], sum[16] = "no sum";
    map_symbol(&ct.map, args, first, symbol);
    if (ct.sum[k]) snprintf(sum, sizeof sum, "%d", ct.sum[k]);
    snprintf(label, RULE_ITEM_LABEL_MAX, "cage %s (%s) at r%dc%d", symbol, sum, first / g->size + 1,
             first % g->size + 1);
    return 0;
}

static int regions_count(const struct puzzle_rule *rule, const struct geometry *g, const char *args)
{
    (void)rule;
    struct cellmap m;
    struct sl_error err;
    return cellmap_parse(&m, g, args, strlen(args), &err) ? 0 : m.nparts;
}

static int regions_drop(const struct puzzle_rule *rule, const struct geometry *g, const char *args,
                        int k, char *out, char *label)
{
    (void)rule;
    struct cellmap m, smaller;
    struct sl_error err;
    int part[SL_MAX_CELLS];
    if (cellmap_parse(&m, g, args, strlen(args), &err) || k >= m.nparts) return -1;
    int first = map_without(&m, k, part);
    cellmap_from_parts(&smaller, g->ncells, part);
    if (m.nparts == 1)
        out[0] = '\0';
    else
        cellmap_write(&smaller, out, strlen(args) + 1);
    char symbol[3];
    map_symbol(&m, args, first, symbol);
    snprintf(label, RULE_ITEM_LABEL_MAX, "region %s at r%dc%d", symbol, first / g->size + 1,
             first % g->size + 1);
    return 0;
}

/* --- the rules ------------------------------------------------------------ */

static const struct rule_items_kind {
    const char *rule;
    int (*count)(const struct puzzle_rule *rule, const struct geometry *g, const char *args);
    int (*drop)(const struct puzzle_rule *rule, const struct geometry *g, const char *args, int k,
                char *out, char *label);
} rule_items_kinds[] = {
    {"killer", cages_count, cages_drop},  {"sum", list_count, list_drop},
    {"thermo", list_count, list_drop},    {"relation", relation_count, relation_drop},
    {"oddeven", marks_count, marks_drop}, {"extra", regions_count, regions_drop},
};

static const struct rule_items_kind *rule_items_kind(const char *name)
{
    for (size_t i = 0; i < sizeof rule_items_kinds / sizeof rule_items_kinds[0]; i++)
        if (strcmp(rule_items_kinds[i].rule, name) == 0) return &rule_items_kinds[i];
    return NULL;
}

int rule_items_count(const struct puzzle_rule *rule, const struct geometry *g, const char *args)
{
    const struct rule_items_kind *kind = rule_items_kind(rule->ops->name);
    return kind && args ? kind->count(rule, g, args) : 0;
}

int rule_items_drop(const struct puzzle_rule *rule, const struct geometry *g, const char *args,
                    int k, char *out, char *label)
{
    const struct rule_items_kind *kind = rule_items_kind(rule->ops->name);
    if (!kind || k < 0 || k >= kind->count(rule, g, args)) return -1;
    return kind->drop(rule, g, args, k, out, label);
}
