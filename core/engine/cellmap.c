/*
 * cellmap.c — see cellmap.h.
 */
#include "cellmap.h"

#include <string.h>

static const char cellmap_alphabet[] =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
#define CELLMAP_SYMBOLS 62

/* The index of c in the alphabet, or -1. */
static int cellmap_symbol_index(char c)
{
    if (c >= 'A' && c <= 'Z') return c - 'A';
    if (c >= 'a' && c <= 'z') return 26 + c - 'a';
    if (c >= '0' && c <= '9') return 52 + c - '0';
    return -1;
}

/* The code of the cell symbol at text (w symbols wide): -1 for none, -2
 * for a bad symbol (its offset in *bad). */
static int cellmap_read_code(const char *text, int w, int *bad)
{
    if (text[0] == '.' && (w == 1 || text[1] == '.')) return -1;
    int code = 0;
    for (int i = 0; i < w; i++) {
        int s = cellmap_symbol_index(text[i]);
        if (s < 0) {
            *bad = i;
            return -2;
        }
        code = code * CELLMAP_SYMBOLS + s;
    }
    return code;
}

/* Finds code among the parts so far, or adds it. known, for one-symbol
 * maps, is the part of each code (-1: none yet), which saves the scan. */
static int cellmap_part_of(struct cellmap *m, int code, int16_t *known)
{
    if (known && known[code] >= 0) return known[code];
    if (known) known[code] = (int16_t)m->nparts;
    for (int p = 0; known == NULL && p < m->nparts; p++)
        if (m->code[p] == code) return p;
    m->code[m->nparts] = (uint16_t)code;
    m->size[m->nparts] = 0;
    return m->nparts++;
}

int cellmap_parse(struct cellmap *m, const struct geometry *g, const char *text, size_t len,
                  struct sl_error *err)
{
    size_t n = (size_t)g->ncells;
    if (len != n && len != 2 * n)
        return sl_error_set(err, 0, (long)(len < n ? len : n) + 1,
                            "a cell map needs %zu symbols (or %zu, two per cell), not %zu", n,
                            2 * n, len);
    m->ncells = g->ncells;
    m->wide = len == 2 * n;
    m->nparts = 0;
    int w = m->wide + 1;
    int16_t known[CELLMAP_SYMBOLS];
    memset(known, -1, sizeof known);
    for (int c = 0; c < g->ncells; c++) {
        int bad = 0, code = cellmap_read_code(text + (size_t)c * (size_t)w, w, &bad);
        if (code == -2)
            return sl_error_set(err, 0, (long)c * w + bad + 1,
                                "'%c' names no part (use A-Z, a-z, 0-9 or '.')", text[c * w + bad]);
        m->part[c] = (int16_t)(code < 0 ? -1 : cellmap_part_of(m, code, m->wide ? NULL : known));
        if (code >= 0) m->size[m->part[c]]++;
    }
    return 0;
}

void cellmap_from_parts(struct cellmap *m, int ncells, const int *part)
{
    int seen[SL_MAX_CELLS], nseen = 0;
    memset(seen, -1, sizeof seen);
    for (int c = 0; c < ncells; c++)
        if (part[c] >= 0 && part[c] < SL_MAX_CELLS && seen[part[c]] < 0) seen[part[c]] = nseen++;
    m->ncells = ncells;
    m->wide = nseen > CELLMAP_SYMBOLS;
    m->nparts = nseen;
    for (int p = 0; p < nseen; p++) {
        m->code[p] = (uint16_t)p;
        m->size[p] = 0;
    }
    for (int c = 0; c < ncells; c++) {
        int ok = part[c] >= 0 && part[c] < SL_MAX_CELLS;
        m->part[c] = (int16_t)(ok ? seen[part[c]] : -1);
        if (ok) m->size[m->part[c]]++;
    }
}

int cellmap_write(const struct cellmap *m, char *buf, size_t cap)
{
    int w = m->wide + 1, len = m->ncells * w;
    if (w == 1 && (size_t)len < cap) { /* the usual map: one symbol a cell, room for all */
        for (int c = 0; c < m->ncells; c++)
            buf[c] = m->part[c] < 0 ? '.' : cellmap_alphabet[m->code[m->part[c]]];
        buf[len] = '\0';
        return len;
    }
    for (int c = 0; c < m->ncells; c++) {
        int code = m->part[c] < 0 ? -1 : m->code[m->part[c]];
        for (int i = w - 1, rest = code; i >= 0; i--, rest /= CELLMAP_SYMBOLS) {
            size_t at = (size_t)(c * w + i);
            if (at + 1 < cap) buf[at] = code < 0 ? '.' : cellmap_alphabet[rest % CELLMAP_SYMBOLS];
        }
    }
    if (cap > 0) buf[(size_t)len < cap ? (size_t)len : cap - 1] = '\0';
    return len;
}

int cellmap_cells(const struct cellmap *m, int p, int *cells)
{
    int count = 0;
    for (int c = 0; c < m->ncells; c++)
        if (m->part[c] == p) cells[count++] = c;
    return count;
}

void cellmap_all_cells(const struct cellmap *m, int *start, int *cells)
{
    int next[SL_MAX_CELLS + 1];
    start[0] = 0;
    for (int p = 0; p < m->nparts; p++) start[p + 1] = start[p] + m->size[p];
    memcpy(next, start, (size_t)(m->nparts + 1) * sizeof next[0]);
    for (int c = 0; c < m->ncells; c++)
        if (m->part[c] >= 0) cells[next[m->part[c]]++] = c;
}

/* Flood fill from the first cell of each part; a part not reached whole
 * is disconnected. */
int cellmap_disconnected_part(const struct cellmap *m, const struct geometry *g)
{
    int stack[SL_MAX_CELLS];
    uint8_t seen[SL_MAX_CELLS] = {0};
    for (int p = 0; p < m->nparts; p++) {
        int top = 0, reached = 0, start = 0;
        while (m->part[start] != p) start++;
        stack[top++] = start;
        seen[start] = 1;
        while (top > 0) {
            int c = stack[--top], r = geometry_row(g, c), k = geometry_col(g, c);
            int next[4] = {r > 0 ? c - g->size : -1, r < g->size - 1 ? c + g->size : -1,
                           k > 0 ? c - 1 : -1, k < g->size - 1 ? c + 1 : -1};
            reached++;
            for (int i = 0; i < 4; i++) {
                if (next[i] < 0 || seen[next[i]] || m->part[next[i]] != p) continue;
                seen[next[i]] = 1;
                stack[top++] = next[i];
            }
        }
        if (reached != m->size[p]) return p;
    }
    return -1;
}
