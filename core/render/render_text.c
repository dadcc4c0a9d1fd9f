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

static void text_cages(struct text_grid *t) { render_text_cages(t->it, t->cage, t->label); }

void render_text_cages(const struct render_item *it, int *cage, int *label)
{
    for (int c = 0; c < it->geo.ncells; c++) cage[c] = label[c] = -1;
    for (int m = 0; m < it->nmarks; m++) {
        const struct render_mark *mk = &it->marks[m];
        if (mk->kind != MARK_CAGE) continue;
        int first = it->cells[mk->first];
        for (int i = 0; i < mk->ncells; i++) {
            int c = it->cells[mk->first + i];
            if (mk->style != CAGE_LABEL_ONLY) cage[c] = m;
            first = c < first ? c : first;
        }
        if (mk->text[0]) label[first] = m;
    }
}

/* The weight of the edge between cells a and b (-1: outside the grid). */
static int text_edge(const struct text_grid *t, int a, int b)
{
    return render_text_edge(t->it, t->cage, a, b);
}

int render_text_edge(const struct render_item *it, const int *cage, int a, int b)
{
    if (a < 0 || b < 0) return EDGE_HEAVY;
    int caged = cage[a] >= 0 && cage[a] == cage[b];
    if (it->region[a] != it->region[b]) return caged ? EDGE_OPEN : EDGE_HEAVY;
    return cage[a] < 0 || cage[a] != cage[b] ? EDGE_LIGHT : EDGE_NONE;
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

/* Clues outside the grid, listed under it: the first cell of the line a
 * clue is about, the way the line reads from there, and the clue. */
static void text_outside(FILE *out, const struct render_item *it, int ascii)
{
    static const char *const way[2][9] = {
        {"\u2196", "\u2191", "\u2197", "\u2190", "", "\u2192", "\u2199", "\u2193", "\u2198"},
        {"\\", "^", "/", "<", "", ">", "/", "v", "\\"}};
    int n = it->geo.size, any = 0;
    for (int m = 0; m < it->nmarks; m++) {
        const struct render_mark *mk = &it->marks[m];
        if (mk->kind != MARK_OUTSIDE || mk->ncells < 2) continue;
        int a = it->cells[mk->first], b = it->cells[mk->first + 1];
        int dr = b / n - a / n, dc = b % n - a % n;
        if (dr < -1 || dr > 1 || dc < -1 || dc > 1) continue;
        fprintf(out, "%sr%dc%d%s %s", any++ ? ", " : "outside: ", a / n + 1, a % n + 1,
                way[ascii][(dr + 1) * 3 + dc + 1], mk->text);
    }
    if (any) fputs("\n", out);
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
    text_outside(out, it, ascii);
    fputc('\n', out);
}

const char *render_text_corner(int up, int right, int down, int left, int ascii)
{
    if (ascii) return up || right || down || left ? "+" : " ";
    return corner_glyph[weight(up) * 27 + weight(right) * 9 + weight(down) * 3 + weight(left)];
}

const char *render_text_line(int edge, int down, int ascii)
{
    return (down ? down_glyph : across_glyph)[ascii != 0][edge];
}
