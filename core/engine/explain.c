/*
 * explain.c — the explain sink of explain.h.
 */
#include "explain.h"

#include <stdio.h>
#include <string.h>

void explain_name(struct explain_sink *sink, const char *key, const char *words, const int *cells,
                  int count)
{
    sink->key = key;
    sink->words = words;
    sink->detail[0] = '\0';
    sink->ncells = count < EXPLAIN_MAX_CELLS ? count : EXPLAIN_MAX_CELLS;
    for (int i = 0; i < sink->ncells; i++) sink->cells[i] = cells[i];
}

/* Appends text[0..n) to the detail at *len as snprintf there would:
 * what fits before the last byte, then a NUL; *len grows by n. Written
 * by hand: the rater names a rule-of-45 step with an equation, and
 * snprintf per cell cost more than the step's deduction. */
static void detail_append(struct explain_sink *sink, size_t *len, const char *text, size_t n)
{
    size_t cap = sizeof sink->detail;
    if (*len < cap) {
        size_t room = cap - *len - 1, k = n < room ? n : room;
        memcpy(sink->detail + *len, text, k);
        sink->detail[*len + k] = '\0';
    }
    *len += n;
}

/* v in decimal at out (room for 11 characters); returns the length. */
static size_t decimal(char *out, int v)
{
    char reversed[12];
    size_t n = 0, k = 0;
    unsigned magnitude = v < 0 ? 0u - (unsigned)v : (unsigned)v;
    do {
        reversed[n++] = (char)('0' + magnitude % 10);
        magnitude /= 10;
    } while (magnitude);
    if (v < 0) out[k++] = '-';
    while (n) out[k++] = reversed[--n];
    return k;
}

void explain_equation(struct explain_sink *sink, const struct geometry *g, const int *cells,
                      const int *weight, int count, int total)
{
    size_t len = 0, cap = sizeof sink->detail;
    char part[40];
    for (int i = 0; i < count && len < cap; i++) {
        int minus = weight && weight[i] < 0;
        const char *sign = i == 0 ? (minus ? "-" : "") : (minus ? " - " : " + ");
        size_t n = strlen(sign);
        memcpy(part, sign, n);
        part[n++] = 'r';
        n += decimal(part + n, geometry_row(g, cells[i]) + 1);
        part[n++] = 'c';
        n += decimal(part + n, geometry_col(g, cells[i]) + 1);
        detail_append(sink, &len, part, n);
    }
    if (len >= cap) return;
    memcpy(part, " = ", 3);
    detail_append(sink, &len, part, 3 + decimal(part + 3, total));
}

/* "r1c2", for the path. */
static int explain_cell(char *buf, size_t cap, const struct geometry *g, int cell)
{
    return snprintf(buf, cap, "r%dc%d", geometry_row(g, cell) + 1, geometry_col(g, cell) + 1);
}

void explain_path(struct explain_sink *sink, const struct geometry *g, const int *cells, int count)
{
    char *out = sink->detail, first[32], last[32];
    size_t len = 0, cap = sizeof sink->detail;
    for (int i = 0; i < count && len < cap; i++) {
        if (i) out[len++] = '-';
        int n = len < cap ? explain_cell(out + len, cap - len, g, cells[i]) : 0;
        if (n > 0) len += (size_t)n;
    }
    if (len < cap || count < 1) return;
    explain_cell(first, sizeof first, g, cells[0]);
    explain_cell(last, sizeof last, g, cells[count - 1]);
    snprintf(out, cap, "%s-...-%s (%d cells)", first, last, count);
}
