/*
 * play_draw.c — the grid drawn with ncurses (play_draw.h).
 */
#include <curses.h>
#include <stdlib.h>
#include <string.h>

#include "play_draw.h"
#include "render_text.h"

/* Each role's colours, and its attribute without colour. */
static const struct role_style {
    short fg, bg;
    int bold;
    int mono;
} role_style[ROLE_COUNT] = {
    [ROLE_TEXT] = {-1, -1, 0, A_NORMAL},
    [ROLE_TITLE] = {COLOR_CYAN, -1, 1, A_BOLD},
    [ROLE_GIVEN] = {-1, -1, 1, A_BOLD},
    [ROLE_ENTERED] = {COLOR_CYAN, -1, 1, A_NORMAL},
    [ROLE_CONFLICT] = {COLOR_WHITE, COLOR_RED, 1, A_UNDERLINE | A_BOLD},
    [ROLE_MARK] = {COLOR_GREEN, -1, 0, A_DIM},
    [ROLE_HINT] = {COLOR_BLACK, COLOR_YELLOW, 0, A_UNDERLINE},
    [ROLE_REGION] = {-1, -1, 1, A_BOLD},
    [ROLE_CAGE] = {COLOR_YELLOW, -1, 0, A_NORMAL},
    [ROLE_LINE] = {COLOR_BLUE, -1, 0, A_DIM},
    [ROLE_SHADE] = {-1, COLOR_BLUE, 0, A_NORMAL},
    [ROLE_DIAGONAL] = {-1, COLOR_MAGENTA, 0, A_NORMAL},
    [ROLE_THERMO] = {-1, COLOR_BLACK, 0, A_NORMAL},
    [ROLE_ARROW] = {COLOR_MAGENTA, -1, 0, A_NORMAL},
};

/* Colours are on once start_color has run: ncurses then counts pairs. */
void play_draw_start(int colour)
{
    if (!colour || !has_colors() || start_color() != OK) return;
    use_default_colors();
    for (int r = 1; r < ROLE_COUNT; r++) init_pair((short)r, role_style[r].fg, role_style[r].bg);
}

int play_attr(enum play_role role)
{
    const struct role_style *s = &role_style[role];
    if (COLOR_PAIRS < ROLE_COUNT) return s->mono;
    return (int)COLOR_PAIR(role) | (s->bold ? A_BOLD : 0);
}

static int cell_at(int n, int r, int c)
{
    return r >= 0 && c >= 0 && r < n && c < n ? r * n + c : -1;
}

/* An edge's role: heavy lines are regions', light ones beside a cage the
 * cage's. */
static int edge_role(const struct play_decor *d, int edge, int a, int b)
{
    if (edge == 2 || edge == 3) return ROLE_REGION;
    return (a >= 0 && d->cage[a] >= 0) || (b >= 0 && d->cage[b] >= 0) ? ROLE_CAGE : ROLE_LINE;
}

static void draw_text(int y, int x, int attr, const char *s)
{
    attron(attr);
    mvaddstr(y, x, s);
    attroff(attr);
}

/* A corner's weight: a broken line counts as heavy, as render_text's. */
static int arm(int e) { return e == 3 ? 2 : e; }

/* The line above row r: corners, edges, sums and marks on the edges. */
static void draw_rule(int y, int x, const struct play_decor *d, int r)
{
    int n = d->n;
    for (int c = 0; c <= n; c++) {
        int ul = cell_at(n, r - 1, c - 1), ur = cell_at(n, r - 1, c);
        int dl = cell_at(n, r, c - 1), dr = cell_at(n, r, c);
        int up = r > 0 ? play_decor_edge(d, ul, ur) : 0,
            down = r < n ? play_decor_edge(d, dl, dr) : 0;
        int left = c > 0 ? play_decor_edge(d, ul, dl) : 0,
            right = c < n ? play_decor_edge(d, ur, dr) : 0;
        int heavy = arm(up) == 2 || arm(down) == 2 || arm(left) == 2 || arm(right) == 2;
        draw_text(y, x + 4 * c, play_attr(heavy ? ROLE_REGION : ROLE_LINE),
                  render_text_corner(arm(up), arm(right), arm(down), arm(left), d->ascii));
        if (c == n) break;
        int role = edge_role(d, right, ur, dr);
        for (int k = 0; k < 3; k++)
            draw_text(y, x + 4 * c + 1 + k, play_attr(role), render_text_line(right, 0, d->ascii));
        if (ur >= 0 && d->below_edge[ur])
            draw_text(y, x + 4 * c + 2, play_attr(ROLE_ARROW), d->below_edge[ur]);
        if (dr >= 0 && d->label[dr] >= 0)
            draw_text(y, x + 4 * c + 1, play_attr(ROLE_CAGE), d->item.marks[d->label[dr]].text);
    }
}

static const enum play_role tone_role[] = {[TONE_NONE] = ROLE_TEXT,
                                           [TONE_SHADE] = ROLE_SHADE,
                                           [TONE_DIAGONAL] = ROLE_DIAGONAL,
                                           [TONE_THERMO] = ROLE_THERMO,
                                           [TONE_ARROW] = ROLE_TEXT};

/* The three columns of a short cell: a digit with its wrapping, or up to
 * three marks. */
static void cell_short(const struct play_view *v, int cell, char *text, int *role)
{
    digitset m = v->marks ? v->marks[cell] : 0;
    if (v->value[cell] || !m) return;
    *role = ROLE_MARK;
    for (int k = 0; k < 3; k++, m &= m - 1)
        text[k] = !m ? ' ' : (k == 2 && (m & (m - 1))) ? '+' : geometry_symbol(digitset_first(m));
}

/* Line k of a tall cell: the digit on the middle line, or marks 3k+1..3k+3
 * in their places. */
static void cell_tall(const struct play_view *v, int cell, int k, char *text, int *role)
{
    digitset m = v->marks ? v->marks[cell] : 0;
    if (k == 1 && (v->value[cell] || !m)) return; /* the digit, or '.' */
    text[0] = text[1] = text[2] = ' ';
    if (v->value[cell] || !m) return;
    *role = ROLE_MARK;
    for (int j = 0; j < 3; j++)
        if (m & digitset_of(3 * k + j + 1)) text[j] = geometry_symbol(3 * k + j + 1);
}

/* Line k of a cell (-1: a short cell's one line). */
static void draw_cell(int y, int x, const struct play_view *v, int cell, int k)
{
    const struct play_decor *d = v->d;
    char text[4] = {d->left[cell], '.', d->right[cell], '\0'};
    int role = v->givens[cell] ? ROLE_GIVEN : ROLE_ENTERED;
    if (v->value[cell]) {
        text[1] = geometry_symbol(v->value[cell]);
        if (v->conflict && v->conflict[cell]) role = ROLE_CONFLICT, text[2] = '!';
    }
    if (k < 0)
        cell_short(v, cell, text, &role);
    else
        cell_tall(v, cell, k, text, &role);
    int plain = v->value[cell] || !(v->marks && v->marks[cell]); /* no marks to hide */
    if (v->hint && v->hint[cell] && plain && k != 0 && k != 2) {
        if (text[0] == ' ') text[0] = '*';
        if (text[2] == ' ') text[2] = '*';
    }
    int attr = play_attr(role);
    if (d->tone[cell] != TONE_NONE && role != ROLE_CONFLICT)
        attr |= play_attr(tone_role[d->tone[cell]]);
    if (v->hint && v->hint[cell]) attr = play_attr(ROLE_HINT) | (v->hint[cell] == 2 ? A_BOLD : 0);
    if (cell == v->cursor) attr |= A_REVERSE;
    draw_text(y, x, attr, text);
}

/* Line k of a row of cells with the edges between them. */
static void draw_row(int y, int x, const struct play_view *v, int r, int k)
{
    const struct play_decor *d = v->d;
    int n = d->n;
    for (int c = 0; c <= n; c++) {
        int a = cell_at(n, r, c - 1), b = cell_at(n, r, c);
        int edge = play_decor_edge(d, a, b);
        if (a >= 0 && b >= 0 && d->right_edge[a] && k <= 1)
            draw_text(y, x + 4 * c, play_attr(ROLE_ARROW), d->right_edge[a]);
        else
            draw_text(y, x + 4 * c, play_attr(edge_role(d, edge, a, b)),
                      render_text_line(edge, 1, d->ascii));
        if (b >= 0) draw_cell(y, x + 4 * c + 1, v, b, k);
    }
}

void play_draw_grid(int y, int x, const struct play_view *v)
{
    int n = v->d->n, h = v->tall ? 4 : 2;
    for (int r = 0; r < n; r++) {
        draw_rule(y + h * r, x, v->d, r);
        if (!v->tall) draw_row(y + h * r + 1, x, v, r, -1);
        for (int k = 0; v->tall && k < 3; k++) draw_row(y + h * r + 1 + k, x, v, r, k);
    }
    draw_rule(y + h * n, x, v->d, n);
}

int play_tall(int n, int extra) { return n <= 9 && LINES >= 4 * n + 1 + extra; }
