/*
 * play_decor.c — marks made terminal decorations (play_decor.h).
 */
#include <string.h>

#include "play_decor.h"
#include "render_text.h"

/* Puts glyph on the edge between neighbours a and b; diagonal neighbours
 * have no edge to show it on. */
static void decor_edge(struct play_decor *d, int a, int b, const char *glyph)
{
    int lo = a < b ? a : b, hi = a < b ? b : a;
    if (hi - lo == 1 && hi % d->n != 0)
        d->right_edge[lo] = glyph;
    else if (hi - lo == d->n)
        d->below_edge[lo] = glyph;
}

/* The direction from a to b as an arrow glyph. */
static const char *decor_direction(const struct play_decor *d, int a, int b)
{
    if (b == a + 1) return ">";
    if (b == a - 1) return "<";
    return b == a + d->n ? "v" : "^";
}

static void decor_line(struct play_decor *d, const struct render_mark *m, const int *cells)
{
    static const uint8_t tone[] = {
        [LINE_THERMO] = TONE_THERMO, [LINE_ARROW] = TONE_ARROW, [LINE_DIAGONAL] = TONE_DIAGONAL};
    for (int i = 0; i < m->ncells; i++) {
        d->tone[cells[i]] = tone[m->style];
        if (i > 0 && m->style != LINE_DIAGONAL)
            decor_edge(d, cells[i - 1], cells[i], decor_direction(d, cells[i - 1], cells[i]));
    }
}

static void decor_wrap(struct play_decor *d, int cell, char l, char r)
{
    d->left[cell] = l;
    d->right[cell] = r;
}

static void decor_mark(struct play_decor *d, const struct render_mark *m, const int *cells)
{
    static const char *const dot[2][2] = {{"\u25cb", "\u25cf"}, {"o", "*"}};
    switch (m->kind) {
    case MARK_SHADE:
        for (int i = 0; i < m->ncells; i++) d->tone[cells[i]] = TONE_SHADE;
        break;
    case MARK_LINE: decor_line(d, m, cells); break;
    case MARK_CIRCLE:
        for (int i = 0; i < m->ncells; i++) decor_wrap(d, cells[i], '(', ')');
        break;
    case MARK_SQUARE:
        for (int i = 0; i < m->ncells; i++) decor_wrap(d, cells[i], '[', ']');
        break;
    case MARK_DOT:
        if (m->ncells == 2) decor_edge(d, cells[0], cells[1], dot[d->ascii != 0][m->style != 0]);
        break;
    case MARK_LETTER:
        if (m->ncells == 2) {
            char *t = d->text[cells[0]];
            t[0] = m->text[0] ? m->text[0] : '?';
            t[1] = '\0';
            decor_edge(d, cells[0], cells[1], t);
        }
        break;
    default: /* names, cages and regions: the edges' weights show them */ break;
    }
}

int play_decor_init(struct play_decor *d, const struct puzzle *p, int ascii, struct sl_error *err)
{
    memset(d, 0, sizeof *d);
    if (render_item_init(&d->item, p, err)) return -1;
    d->n = p->geo.size;
    d->ascii = ascii;
    render_text_cages(&d->item, d->cage, d->label);
    memset(d->left, ' ', sizeof d->left);
    memset(d->right, ' ', sizeof d->right);
    for (int m = 0; m < d->item.nmarks; m++)
        decor_mark(d, &d->item.marks[m], d->item.cells + d->item.marks[m].first);
    return 0;
}

void play_decor_free(struct play_decor *d) { render_item_free(&d->item); }

int play_decor_edge(const struct play_decor *d, int a, int b)
{
    return render_text_edge(&d->item, d->cage, a, b);
}
