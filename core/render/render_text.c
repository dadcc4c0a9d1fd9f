/*
 * render_text.c — the terminal's grid (render_text.h): a weight for every
 * edge between cells, and each corner's character chosen from the
 * weights of the four lines that meet there.
 */
#include <string.h>

#include "render_text.h"

/* EDGE_OPEN: a heavy line a cage crosses, drawn broken so the cage
 * reads as one. */
enum { EDGE_NONE, EDGE_LIGHT, EDGE_HEAVY, EDGE_OPEN };

/* Box-drawing corners by the weights of their arms: up, right, down,
 * left, each 0..2, left varying fastest. */
static const char *const corner_glyph[81] = {
    " ", "╴", "╸", "╷", "┐", "┑", "╻", "┒", "┓", "╶", "─", "╾", "┌", "┬", "┭", "┎", "┰",
    "┱", "╺", "╼", "━", "┍", "┮", "┯", "┏", "┲", "┳", "╵", "┘", "┙", "│", "┤", "┥", "╽",
    "┧", "┪", "└", "┴", "┵", "├", "┼", "┽", "┟", "╁", "╅", "┕", "┶", "┷", "┝", "┾", "┿",
    "┢", "╆", "╈", "╹", "┚", "┛", "╿", "┦", "┩", "┃", "┨", "┫", "┖", "┸", "┹", "┞", "╀",
    "╃", "┠", "╂", "╉", "┗", "┺", "┻", "┡", "╄", "╇", "┣", "╊", "╋",
};

static const char *const across_glyph[2][4] = {{" ", "\u2500", "\u2501", "\u254d"},
                                               {" ", "-", "=", "~"}};
static const char *const down_glyph[2][4] = {{" ", "\u2502", "\u2503", "\u254f"},
                                             {" ", ":", "|", "!"}};

struct text_grid {
    const struct render_item *it;
    int n;
    int cage[SL_MAX_CELLS];  /* cage per cell, -1 none */
    int label[SL_MAX_CELLS]; /* mark whose sum a cell shows, -1 none */
};

static void text_cages(struct text_grid *t)
{
    const struct render_item *it = t->it;
    for (int c = 0; c < it->geo.ncells; c++) t->cage[c] = t->label[c] = -1;
    for (int m = 0; m < it->nmarks; m++) {
        const struct render_mark *mk = &it->marks[m];
        if (mk->kind != MARK_CAGE) continue;
        int first = it->cells[mk->first];
        for (int i = 0; i < mk->ncells; i++) {
            int c = it->cells[mk->first + i];
            if (mk->style != CAGE_LABEL_ONLY) t->cage[c] = m;
            first = c < first ? c : first;
        }
        if (mk->text[0]) t->label[first] = m;
    }
}

/* The weight of the edge between cells a and b (-1: outside the grid). */
static int text_edge(const struct text_grid *t, int a, int b)
{
    if (a < 0 || b < 0) return EDGE_HEAVY;
    int caged = t->cage[a] >= 0 && t->cage[a] == t->cage[b];
    if (t->it->region[a] != t->it->region[b]) return caged ? EDGE_OPEN : EDGE_HEAVY;
    return t->cage[a] < 0 || t->cage[a] != t->cage[b] ? EDGE_LIGHT : EDGE_NONE;
}

static int cell_at(const struct text_grid *t, int r, int c)
{
    return r >= 0 && c >= 0 && r < t->n && c < t->n ? r * t->n + c : -1;
}

/* A corner's arm: a broken heavy line meets the others as a heavy one. */
static int weight(int edge) { return edge == EDGE_OPEN ? EDGE_HEAVY : edge; }

/* The line above row r (r = n: below the last). */
static void text_rule(FILE *out, const struct text_grid *t, int r, int ascii)
{
    for (int c = 0; c <= t->n; c++) {
        int up = r > 0 ? text_edge(t, cell_at(t, r - 1, c - 1), cell_at(t, r - 1, c)) : 0;
        int down = r < t->n ? text_edge(t, cell_at(t, r, c - 1), cell_at(t, r, c)) : 0;
        int left = c > 0 ? text_edge(t, cell_at(t, r - 1, c - 1), cell_at(t, r, c - 1)) : 0;
        int right = c < t->n ? text_edge(t, cell_at(t, r - 1, c), cell_at(t, r, c)) : 0;
        if (ascii)
            fputs(up || right || down || left ? "+" : " ", out);
        else
            fputs(
                corner_glyph[weight(up) * 27 + weight(right) * 9 + weight(down) * 3 + weight(left)],
                out);
        if (c == t->n) break;
        const char *h = across_glyph[ascii][right];
        for (int k = 0; k < 3; k++) fputs(h, out);
    }
    fputc('\n', out);
}

/* A cage's label in three columns, counted in characters, not bytes (a
 * calcudoku clue's times or divide sign is two); ASCII gets x and /. */
static void text_label(FILE *out, const char *text, int ascii)
{
    int width = 0;
    for (const unsigned char *s = (const unsigned char *)text; *s && width < 3; width++) {
        int bytes = *s < 0x80 ? 1 : *s < 0xe0 ? 2 : *s < 0xf0 ? 3 : 4;
        if (ascii && bytes > 1)
            fputc(s[1] == 0x97 ? 'x' : s[1] == 0xb7 ? '/' : '?', out);
        else
            fwrite(s, 1, (size_t)bytes, out);
        for (int i = 0; i < bytes && *s; i++) s++;
    }
    for (; width < 3; width++) fputc(' ', out);
}

/* One text line of row r: the sums (labels) or the digits. */
static void text_row(FILE *out, const struct text_grid *t, int r, const uint8_t *cells, int labels,
                     int ascii)
{
    for (int c = 0; c <= t->n; c++) {
        fputs(down_glyph[ascii][text_edge(t, cell_at(t, r, c - 1), cell_at(t, r, c))], out);
        if (c == t->n) break;
        int cell = r * t->n + c;
        if (labels) {
            const char *sum = t->label[cell] >= 0 ? t->it->marks[t->label[cell]].text : "";
            text_label(out, sum, ascii);
        } else {
            fprintf(out, " %c ", cells[cell] ? geometry_symbol(cells[cell]) : '.');
        }
    }
    fputc('\n', out);
}

void render_text(FILE *out, const struct render_item *it, const uint8_t *cells, int ascii)
{
    struct text_grid t;
    memset(&t, 0, sizeof t);
    t.it = it;
    t.n = it->geo.size;
    text_cages(&t);
    int labels = 0;
    for (int c = 0; c < it->geo.ncells; c++) labels |= t.label[c] >= 0;
    for (int r = 0; r < t.n; r++) {
        text_rule(out, &t, r, ascii);
        if (labels) text_row(out, &t, r, cells, 1, ascii);
        text_row(out, &t, r, cells, 0, ascii);
    }
    text_rule(out, &t, t.n, ascii);
    fputc('\n', out);
}
