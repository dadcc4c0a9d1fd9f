/*
 * fpuzzles_shapes.c — see fpuzzles_shapes.h.
 */
#include "fpuzzles_shapes.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* scripts/cells.lua's offsets, in its order. */
static const int fp_offsets[][4][2] = {
    [FP_KNIGHT] = {{1, 2}, {2, 1}, {1, -2}, {2, -1}},
    [FP_KING] = {{1, 1}, {1, -1}, {1, 0}, {0, 1}},
    [FP_ORTHOGONAL] = {{1, 0}, {0, 1}, {0, 0}, {0, 0}},
};
static const int fp_offset_count[] = {[FP_KNIGHT] = 4, [FP_KING] = 4, [FP_ORTHOGONAL] = 2};

const struct fp_line_rule fp_line_rules[FP_LINE_KINDS] = {
    [FP_THERMO] = {"thermometer", "thermo", 2},   [FP_WHISPERS] = {"whispers", "whispers", 2},
    [FP_RENBAN] = {"renban", "renban", 2},        [FP_PALINDROME] = {"palindrome", "palindrome", 2},
    [FP_BETWEEN] = {"betweenline", "between", 3},
};

int fp_move_pairs(int n, enum fp_move move, int *pairs)
{
    int k = 0;
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++)
            for (int o = 0; o < fp_offset_count[move]; o++) {
                int r2 = r + fp_offsets[move][o][0], c2 = c + fp_offsets[move][o][1];
                if (r2 < 0 || r2 >= n || c2 < 0 || c2 >= n) continue;
                int a = r * n + c, b = r2 * n + c2;
                pairs[2 * k] = a < b ? a : b;
                pairs[2 * k + 1] = a < b ? b : a;
                k++;
            }
    return k;
}

static int fp_holds(enum fp_relation_kind kind, int value, int a, int b)
{
    switch (kind) {
    case FP_DIFFERENCE: return abs(a - b) == value;
    case FP_RATIO: return a == value * b || b == value * a;
    case FP_SUM: return a + b == value;
    case FP_NOT:
        return !((value & FP_NOT_CONSECUTIVE) && abs(a - b) == 1) &&
               !((value & FP_NOT_DOUBLE) && (a == 2 * b || b == 2 * a)) &&
               !((value & FP_NOT_X) && a + b == 10) && !((value & FP_NOT_V) && a + b == 5);
    }
    return 0;
}

int fp_relation_table(int n, enum fp_relation_kind kind, int value, char *buf, size_t cap)
{
    size_t used = 0;
    for (int a = 1; a <= n; a++) {
        unsigned long mask = 0;
        for (int b = 1; b <= n; b++)
            if (fp_holds(kind, value, a, b)) mask |= 1ul << (b - 1);
        size_t room = used < cap ? cap - used : 0;
        used += (size_t)snprintf(room ? buf + used : NULL, room, "%s%lx", a > 1 ? "." : "", mask);
    }
    return (int)used;
}

int fp_windoku_parts(const struct geometry *g, int *part)
{
    int b = g->box_rows;
    if (b < 2 || b != g->box_cols) return 0;
    for (int c = 0; c < g->ncells; c++) {
        int r = geometry_row(g, c) - 1, k = geometry_col(g, c) - 1;
        int in = r >= 0 && k >= 0 && r % (b + 1) < b && k % (b + 1) < b && r / (b + 1) < b - 1 &&
                 k / (b + 1) < b - 1;
        part[c] = in ? (r / (b + 1)) * (b - 1) + k / (b + 1) : -1;
    }
    return 1;
}

void fp_cell_name(int n, int c, char *buf, size_t cap)
{
    snprintf(buf, cap, "R%dC%d", c / n + 1, c % n + 1);
}

/* A decimal of at most three digits at *s, or -1. */
static int fp_number(const char **s)
{
    int v = 0, digits = 0;
    while (**s >= '0' && **s <= '9' && digits < 4) v = v * 10 + *(*s)++ - '0', digits++;
    return digits == 0 || digits > 3 ? -1 : v;
}

int fp_cell_parse(int n, const char *s, int outside, int *row, int *col)
{
    if (*s != 'R' && *s != 'r') return -1;
    s++;
    int r = fp_number(&s);
    if (*s != 'C' && *s != 'c') return -1;
    s++;
    int c = fp_number(&s);
    int lo = outside ? 0 : 1, hi = outside ? n + 1 : n;
    if (*s != '\0' || r < lo || r > hi || c < lo || c > hi) return -1;
    *row = r - 1;
    *col = c - 1;
    return r >= 1 && r <= n && c >= 1 && c <= n ? (r - 1) * n + c - 1 : -2;
}
