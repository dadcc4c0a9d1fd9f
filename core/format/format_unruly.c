/*
 * format_unruly.c — see format_unruly.h. The puzzle is carried through
 * the binary rule's written arguments, so nothing here includes the plugin.
 */
#include "format_unruly.h"

#include <stdio.h>
#include <string.h>

#include "format_solo.h"

#define UNRULY_SKIP_RUN 25 /* 'z': this many empty cells, nothing placed */

static int unruly_is_digit(char c) { return c >= '0' && c <= '9'; }

static int unruly_letter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

/* Reads the params up to ':': width, height, unique; returns the offset
 * of ':' or 0 when they are no Unruly params. */
static size_t unruly_params(const char *text, size_t len, int *w, int *h, int *unique)
{
    size_t at = 0;
    *w = *h = *unique = 0;
    for (; at < len && unruly_is_digit(text[at]) && *w < 1000; at++) *w = *w * 10 + text[at] - '0';
    if (at == 0 || at >= len || text[at++] != 'x') return 0;
    size_t start = at;
    for (; at < len && unruly_is_digit(text[at]) && *h < 1000; at++) *h = *h * 10 + text[at] - '0';
    if (at == start) return 0;
    if (at < len && text[at] == 'u') *unique = 1, at++;
    if (at + 1 < len && text[at] == 'd' && text[at + 1] && strchr("ten", text[at + 1])) at += 2;
    return at < len && text[at] == ':' ? at : 0;
}

int format_unruly_detect(const char *text, size_t len)
{
    int w, h, unique;
    size_t colon = unruly_params(text, len, &w, &h, &unique);
    /* Solo reads "RxC:" too, for R*C up to its 25; Unruly starts at 6x6. */
    return colon && (w * h > 25 || unique) && colon + 1 < len && unruly_letter(text[colon + 1]);
}

static int unruly_read_cells(const char *text, size_t len, size_t at, int n, uint8_t *givens,
                             size_t *end, struct sl_error *err)
{
    long pos = 0, ncells = (long)n * n;
    memset(givens, 0, (size_t)ncells);
    for (; at < len && unruly_letter(text[at]); at++) {
        char c = text[at];
        int lower = c >= 'a';
        int skip = (lower ? c - 'a' : c - 'A');
        if (skip == UNRULY_SKIP_RUN) {
            pos += UNRULY_SKIP_RUN;
        } else {
            pos += skip;
            if (pos < ncells) givens[pos] = (uint8_t)(lower ? 1 : 2);
            pos++;
        }
        if (pos > ncells + 1)
            return sl_error_set(err, 0, (long)at + 1, "an Unruly ID runs past its %dx%d grid", n,
                                n);
    }
    *end = at;
    if (at < len && text[at] != ' ' && text[at] != '\t' && text[at] != '\r')
        return sl_error_set(err, 0, (long)at + 1, "'%c' in an Unruly ID", text[at]);
    if (pos != ncells + 1)
        return sl_error_set(err, 0, (long)at + 1, "an Unruly ID too short for its %dx%d grid", n,
                            n);
    return 0;
}

/* A complete grid of 0s and 1s after the ID is the expected answer. */
static void unruly_take_solution(const char *text, size_t len, size_t at, int ncells,
                                 struct puzzle_source *where)
{
    while (at < len && (text[at] == ' ' || text[at] == '\t')) at++;
    size_t end = at;
    while (end < len && (text[end] == '0' || text[end] == '1')) end++;
    where->has_solution = end - at == (size_t)ncells;
    for (int c = 0; where->has_solution && c < ncells; c++)
        where->solution[c] = (uint8_t)(text[at + (size_t)c] - '0' + 1);
}

int format_unruly_read(const char *text, size_t len, struct puzzle *p, struct puzzle_source *where,
                       struct sl_error *err)
{
    int w, h, unique;
    size_t colon = unruly_params(text, len, &w, &h, &unique), end = len;
    struct geometry g;
    if (colon == 0) return sl_error_set(err, 0, 1, "no Unruly params");
    if (w != h) return sl_error_set(err, 0, 1, "an Unruly grid here is square, not %dx%d", w, h);
    if (w % 2 || w < BINARY_MIN_SIZE || w > BINARY_MAX_SIZE)
        return sl_error_set(err, 0, 1, "an Unruly grid is even, %d..%d wide, not %d",
                            BINARY_MIN_SIZE, BINARY_MAX_SIZE, w);
    if (geometry_init(&g, w, 0, 0, err)) return -1;
    puzzle_init(p, &g);
    if (unruly_read_cells(text, len, colon + 1, w, p->givens, &end, err) ||
        puzzle_add_rule(p, "binary", unique ? "u" : "", err)) {
        puzzle_clear(p);
        return -1;
    }
    unruly_take_solution(text, len, end, g.ncells, where);
    for (int c = 0; c < g.ncells; c++) where->cell_col[c] = 1;
    return 0;
}

int format_unruly_id(const struct puzzle *p, char *buf, size_t cap, struct sl_error *err)
{
    const struct puzzle_rule *r = p->nrules == 1 ? &p->rules[0] : NULL;
    if (r == NULL || strcmp(r->ops->name, "binary") != 0)
        return sl_error_set(err, 0, 0, "Unruly needs the binary rule alone");
    char args[4];
    r->ops->write(r->self, args, sizeof args);
    struct format_id_sink s = {buf, cap, 0};
    char head[32];
    int n = p->geo.size;
    snprintf(head, sizeof head, "%dx%d%s:", n, n, args[0] == 'u' ? "u" : "");
    format_id_put_text(&s, head);
    int run = 0;
    for (int c = 0; c <= p->geo.ncells; c++) {
        int d = c < p->geo.ncells ? p->givens[c] : 1;
        if (d == 0) {
            run++;
            continue;
        }
        for (; run >= UNRULY_SKIP_RUN; run -= UNRULY_SKIP_RUN)
            format_id_put(&s, d == 1 ? 'z' : 'Z');
        format_id_put(&s, (char)((d == 1 ? 'a' : 'A') + run));
        run = 0;
    }
    return format_id_end(&s);
}
