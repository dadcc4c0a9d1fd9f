/*
 * cage_text.c — see cage_text.h.
 */
#include "cage_text.h"

#include <stdio.h>
#include <string.h>

int cage_sums_parse(struct cage_text *ct, const char *text, size_t len, struct sl_error *err)
{
    size_t at = 0;
    for (int p = 0; p < ct->map.nparts; p++) {
        if (p > 0 && (at >= len || text[at] != ','))
            return sl_error_set(err, 0, (long)at + 1, "expected ',' and the sum of cage %d", p + 1);
        if (p > 0) at++;
        size_t start = at;
        int v = 0;
        if (at < len && text[at] == '?') {
            ct->sum[p] = 0;
            at++;
            continue;
        }
        /* Stops one digit past the bound, so no input overflows v. */
        while (at < len && text[at] >= '0' && text[at] <= '9' && v <= CAGE_SUM_MAX)
            v = v * 10 + (text[at++] - '0');
        if (at == start || v < 1 || v > CAGE_SUM_MAX)
            return sl_error_set(err, 0, (long)start + 1, "cage %d needs a sum 1..%d or '?'", p + 1,
                                CAGE_SUM_MAX);
        ct->sum[p] = v;
    }
    if (at < len)
        return sl_error_set(err, 0, (long)at + 1, "%d cages but more sums than that",
                            ct->map.nparts);
    return 0;
}

int cage_map_check(const struct cage_text *ct, int n, struct sl_error *err)
{
    const struct cellmap *m = &ct->map;
    for (int c = 0; c < m->ncells; c++) {
        int p = m->part[c];
        if (p >= 0 && m->size[p] > n)
            return sl_error_set(err, 0, (long)c * (m->wide + 1) + 1,
                                "cage %d has %d cells; distinct digits 1..%d fill at most %d",
                                p + 1, m->size[p], n, n);
    }
    return 0;
}

int cage_map_parse(struct cage_text *ct, const struct geometry *g, const char *text, size_t len,
                   struct sl_error *err)
{
    if (cellmap_parse(&ct->map, g, text, len, err)) return -1;
    return cage_map_check(ct, g->size, err);
}

int cage_text_parse(struct cage_text *ct, const struct geometry *g, const char *text, size_t len,
                    struct sl_error *err)
{
    const char *colon = memchr(text, ':', len);
    size_t map_len = colon ? (size_t)(colon - text) : len;
    if (cage_map_parse(ct, g, text, map_len, err)) return -1;
    if (colon == NULL) return sl_error_set(err, 0, (long)map_len + 1, "expected ':' and the sums");
    if (cage_sums_parse(ct, colon + 1, len - map_len - 1, err)) {
        if (err) err->col += (long)map_len + 1;
        return -1;
    }
    return 0;
}

void cage_text_from_parts(struct cage_text *ct, int ncells, const int *part, const int *sum_of_id)
{
    cellmap_from_parts(&ct->map, ncells, part);
    /* Cages are numbered by first appearance: the next new one is nparts. */
    int named = 0;
    for (int c = 0; c < ncells && named < ct->map.nparts; c++)
        if (ct->map.part[c] == named) ct->sum[named++] = sum_of_id ? sum_of_id[part[c]] : 0;
}

/* One cage's sum as text ("?" for none) after its separator, into item;
 * returns its length. Written by hand: rulesets write every killer they
 * are built from, and snprintf per sum was a tenth of a killer's set-up. */
static int cage_sum_item(int p, int nparts, int sum, char *item)
{
    int n = 0;
    item[n++] = p == 0 || p == nparts ? ':' : ',';
    if (p == nparts) return n;
    if (sum == 0) {
        item[n++] = '?';
        return n;
    }
    char digits[12];
    int nd = 0;
    if (sum < 0) item[n++] = '-';
    for (unsigned v = sum < 0 ? 0u - (unsigned)sum : (unsigned)sum; v; v /= 10)
        digits[nd++] = (char)('0' + v % 10);
    while (nd > 0) item[n++] = digits[--nd];
    return n;
}

int cage_text_write(const struct cage_text *ct, char *buf, size_t cap)
{
    size_t len = (size_t)cellmap_write(&ct->map, buf, cap);
    for (int p = 0; p < ct->map.nparts || p == 0; p++) {
        char item[16];
        int n = cage_sum_item(p, ct->map.nparts, ct->sum[p], item);
        if (len + (size_t)n < cap) {
            memcpy(buf + len, item, (size_t)n);
            len += (size_t)n;
            continue;
        }
        for (int i = 0; i < n; i++, len++)
            if (len + 1 < cap) buf[len] = item[i];
    }
    if (cap > 0) buf[len < cap ? len : cap - 1] = '\0';
    return (int)len;
}

long cage_sums_column(const char *sums, size_t len, int p)
{
    size_t at = 0;
    for (int k = 0; k < p; k++) {
        while (at < len && sums[at] != ',') at++;
        if (at == len) return (long)len + 1;
        at++;
    }
    return (long)at + 1;
}

int cage_sums_cage_at(const char *sums, size_t len, long col)
{
    int p = 0;
    for (size_t at = 0; at + 1 < (size_t)col && at < len; at++) p += sums[at] == ',';
    return p;
}
