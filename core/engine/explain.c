/*
 * explain.c — the explain sink of explain.h.
 */
#include "explain.h"

#include <stdio.h>

void explain_name(struct explain_sink *sink, const char *key, const char *words, const int *cells,
                  int count)
{
    sink->key = key;
    sink->words = words;
    sink->detail[0] = '\0';
    sink->ncells = count < EXPLAIN_MAX_CELLS ? count : EXPLAIN_MAX_CELLS;
    for (int i = 0; i < sink->ncells; i++) sink->cells[i] = cells[i];
}

void explain_equation(struct explain_sink *sink, const struct geometry *g, const int *cells,
                      const int *weight, int count, int total)
{
    size_t len = 0, cap = sizeof sink->detail;
    for (int i = 0; i < count && len < cap; i++) {
        int minus = weight && weight[i] < 0;
        const char *sign = i == 0 ? (minus ? "-" : "") : (minus ? " - " : " + ");
        int n = snprintf(sink->detail + len, cap - len, "%sr%dc%d", sign,
                         geometry_row(g, cells[i]) + 1, geometry_col(g, cells[i]) + 1);
        if (n > 0) len += (size_t)n;
    }
    if (len < cap) snprintf(sink->detail + len, cap - len, " = %d", total);
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
