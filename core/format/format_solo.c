/*
 * format_solo.c — see format_solo.h and format_variant.h. The rules are
 * carried through their written arguments, the one public form a plugin
 * has, so nothing here includes a plugin.
 */
#include "format_solo.h"

#include <stdlib.h>
#include <string.h>

#include "cage_text.h"
#include "format_variant.h"
#include "solo_id.h"

int format_solo_detect(const char *text, size_t len) { return solo_id_detect(text, len); }

/* The killer rule's error column in args ("MAP:SUMS") as the ID's: the
 * column of the sum of the cage it falls in (sum_col), else 1. */
static long solo_rule_col(const char *args, long col, const long *sum_col)
{
    const char *colon = strchr(args, ':');
    if (sum_col == NULL || colon == NULL || col - 1 <= colon - args) return 1;
    int k = 0;
    for (const char *c = colon + 1; c < args + col - 1 && *c; c++) k += *c == ',';
    return sum_col[k] > 0 ? sum_col[k] : 1;
}

/* A rule whose arguments are the text of a partition given per cell:
 * jigsaw's region map, or killer's cage map with the sums (an error in
 * a sum said at sum_col's column of it). */
static int solo_add_map_rule(struct puzzle *p, const char *name, const int *part,
                             const int *sum_of_part, const long *sum_col, struct sl_error *err)
{
    struct cage_text *ct = malloc(sizeof *ct);
    if (ct == NULL) return sl_error_set(err, 0, 1, "out of memory");
    cage_text_from_parts(ct, p->geo.ncells, part, sum_of_part);
    size_t cap =
        (size_t)(sum_of_part ? cage_text_write(ct, NULL, 0) : cellmap_write(&ct->map, NULL, 0)) + 1;
    char *args = malloc(cap);
    int rc = args == NULL ? sl_error_set(err, 0, 1, "out of memory") : 0;
    if (rc == 0 && sum_of_part) cage_text_write(ct, args, cap);
    if (rc == 0 && !sum_of_part) cellmap_write(&ct->map, args, cap);
    if (rc == 0) rc = puzzle_add_rule(p, name, args, err);
    if (rc && args && err) err->col = solo_rule_col(args, err->col, sum_col);
    free(args);
    free(ct);
    return rc;
}

void format_id_put(struct format_id_sink *s, char ch)
{
    if (s->len + 1 < s->cap) s->buf[s->len] = ch;
    s->len++;
}

void format_id_put_text(struct format_id_sink *s, const char *text)
{
    while (*text) format_id_put(s, *text++);
}

int format_id_end(struct format_id_sink *s)
{
    if (s->cap > 0) s->buf[s->len < s->cap ? s->len : s->cap - 1] = '\0';
    return (int)s->len;
}

void format_id_take_answer(const char *text, size_t len, size_t at, const struct geometry *g,
                           struct puzzle_source *where)
{
    size_t end;
    while (at < len && (text[at] == ' ' || text[at] == '\t')) at++;
    for (end = at; end < len && text[end] != ' ' && text[end] != '\t' && text[end] != '\r';) end++;
    where->has_solution = end - at == (size_t)g->ncells;
    for (int c = 0; where->has_solution && c < g->ncells; c++) {
        int d = geometry_digit(text[at + (size_t)c]);
        where->has_solution = d >= 1 && d <= g->size;
        where->solution[c] = (uint8_t)d;
    }
}

int format_solo_read(const char *text, size_t len, struct puzzle *p, struct puzzle_source *where,
                     struct sl_error *err)
{
    struct solo_desc *d = malloc(sizeof *d);
    struct geometry g;
    size_t id_len = 0;
    if (d == NULL) return sl_error_set(err, 0, 1, "out of memory");
    while (id_len < len && text[id_len] != ' ' && text[id_len] != '\t' && text[id_len] != '\r')
        id_len++;
    int rc = solo_id_parse(text, id_len, d, err);
    if (rc == 0) rc = geometry_init(&g, d->size, d->box_rows, d->box_cols, err);
    if (rc) {
        free(d);
        return -1;
    }
    puzzle_init(p, &g);
    memcpy(p->givens, d->givens, (size_t)g.ncells);
    rc = puzzle_add_classic(p, err) || (d->diagonals && puzzle_add_rule(p, "diagonal", "", err)) ||
         (d->box_rows == 0 && solo_add_map_rule(p, "jigsaw", d->region, NULL, NULL, err));
    if (rc && err) err->col = 1;
    if (rc == 0 && d->ncages > 0)
        rc = solo_add_map_rule(p, "killer", d->cage, d->cage_sum, d->sum_col, err);
    free(d);
    if (rc) {
        puzzle_clear(p);
        return -1;
    }
    format_id_take_answer(text, len, id_len, &g, where); /* a blank ends the ID */
    for (int c = 0; c < g.ncells; c++) where->cell_col[c] = 1;
    return 0;
}

/* ---- export ---- */

/* The written arguments of rule r, malloc'ed. */
static char *solo_rule_args(const struct puzzle_rule *r)
{
    int len = r->ops->write(r->self, NULL, 0);
    char *args = malloc((size_t)len + 1);
    if (args) r->ops->write(r->self, args, (size_t)len + 1);
    return args;
}

/* Fills the killer part of d from the killer arguments "MAP:SUMS". */
static int solo_take_killer(struct solo_desc *d, const struct geometry *g, const char *args,
                            struct sl_error *err)
{
    struct cage_text *ct = malloc(sizeof *ct);
    if (ct == NULL) return sl_error_set(err, 0, 0, "out of memory");
    int rc = cage_text_parse(ct, g, args, strlen(args), err);
    if (rc == 0) {
        d->ncages = ct->map.nparts;
        for (int c = 0; c < g->ncells; c++) d->cage[c] = ct->map.part[c];
        for (int q = 0; q < ct->map.nparts; q++) d->cage_sum[q] = ct->sum[q];
    }
    free(ct);
    return rc;
}

static int solo_take_rule(struct solo_desc *d, const struct geometry *g,
                          const struct puzzle_rule *r, struct sl_error *err)
{
    const char *name = r->ops->name;
    char *args = solo_rule_args(r);
    int rc = args == NULL ? sl_error_set(err, 0, 0, "out of memory") : 0;
    struct cellmap map;
    if (rc == 0 && strcmp(name, "classic") == 0) {
    } else if (rc == 0 && strcmp(name, "diagonal") == 0 && args[0] == '\0') {
        d->diagonals = 1;
    } else if (rc == 0 && strcmp(name, "jigsaw") == 0) {
        rc = cellmap_parse(&map, g, args, strlen(args), err);
        for (int c = 0; rc == 0 && c < g->ncells; c++) d->region[c] = map.part[c];
    } else if (rc == 0 && strcmp(name, "killer") == 0 && d->ncages == 0) {
        rc = solo_take_killer(d, g, args, err);
    } else if (rc == 0) {
        rc = sl_error_set(err, 0, 0, "Solo has no form for the rule '%s%s%s'", name,
                          args[0] ? ":" : "", args[0] ? "..." : "");
    }
    free(args);
    return rc;
}

int format_solo_id(const struct puzzle *p, char *buf, size_t cap, struct sl_error *err)
{
    struct solo_desc *d = calloc(1, sizeof *d);
    int rc = d == NULL ? sl_error_set(err, 0, 0, "out of memory") : 0, classic = 0, jigsaw = 0;
    for (int i = 0; rc == 0 && i < p->nrules; i++) {
        classic |= strcmp(p->rules[i].ops->name, "classic") == 0;
        jigsaw |= strcmp(p->rules[i].ops->name, "jigsaw") == 0;
        rc = solo_take_rule(d, &p->geo, &p->rules[i], err);
    }
    if (rc == 0 && (!classic || (p->geo.box_rows == 0) != jigsaw))
        rc = sl_error_set(err, 0, 0, "Solo needs the classic rule with boxes or jigsaw regions");
    if (rc == 0) {
        d->size = p->geo.size;
        d->box_rows = p->geo.box_rows;
        d->box_cols = p->geo.box_cols;
        memcpy(d->givens, p->givens, (size_t)p->geo.ncells);
        rc = solo_id_write(d, buf, cap);
        if (rc < 0) sl_error_set(err, 0, 0, "this puzzle has no Solo game ID");
    }
    free(d);
    return rc;
}
