/*
 * render_draw.c — one puzzle with cairo, as puzzle books draw it: shading
 * and the grey marks first (regions, odd/even, thermometers), then the
 * lines of the grid, thick around boxes and regions, then arrows, dashed
 * cages inset from the cell edges with their sums in the corner, dots
 * and letters on edges, and the digits on top.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "render_draw.h"

#define PI 3.14159265358979323846

/* Proportions of a cell and greys, as a printed page wants them. */
#define CAGE_INSET 0.09  /* a cage's dashes, in from the cell's edges */
#define CAGE_LABEL 0.24  /* a cage sum's size */
#define DIGIT_SIZE 0.62  /* a digit's size */
#define GREY_MARK 0.80   /* thermometers, odd/even marks */
#define GREY_SHADE 0.90  /* shaded regions */
#define GREY_SOLVED 0.42 /* the solution's own digits */
#define LINE_THIN 0.6    /* points: cell lines */
#define LINE_THICK 2.0   /* points: box and region borders */
#define LINE_OUTER 2.6   /* points: the grid's outline */

struct frame {
    const struct cairo_lib *cairo;
    cairo_t *cr;
    const struct render_item *it;
    double x, y, cell;
    int n;
};

static double cell_x(const struct frame *f, int c) { return f->x + (c % f->n + 0.5) * f->cell; }
static double cell_y(const struct frame *f, int c) { return f->y + (c / f->n + 0.5) * f->cell; }

static const int *mark_cells(const struct frame *f, const struct render_mark *m)
{
    return f->it->cells + m->first;
}

void render_draw_text(const struct cairo_lib *cairo, cairo_t *cr, const char *text, double cx,
                      double cy, double size, int bold, int ink)
{
    cairo_text_extents_t ext;
    cairo->select_font_face(cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL,
                            bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
    cairo->set_font_size(cr, size);
    cairo->text_extents(cr, text, &ext);
    double y = ink ? cy - ext.y_bearing - ext.height / 2 : cy;
    cairo->move_to(cr, cx - ext.x_bearing - ext.width / 2, y);
    cairo->show_text(cr, text);
}

static void set_grey(const struct cairo_lib *cairo, cairo_t *cr, double g)
{
    cairo->set_source_rgb(cr, g, g, g);
}

/* Glyphs gathered from many short texts in one font and shown at once:
 * a page is written op by op, and one op for a grid's 81 digits instead
 * of 81 keeps a booklet quick to make. */
struct glyph_run {
    cairo_glyph_t *glyph;
    int n, cap;
};

static void font_set(const struct cairo_lib *cairo, cairo_t *cr, double size, int bold)
{
    cairo->select_font_face(cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL,
                            bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
    cairo->set_font_size(cr, size);
}

/* Adds text in the current font, its ink centred on (cx, cy), or (left)
 * starting at cx on the baseline cy. */
static void run_add(const struct cairo_lib *cairo, cairo_t *cr, struct glyph_run *run,
                    const char *text, double cx, double cy, int left)
{
    cairo_scaled_font_t *font = cairo->get_scaled_font(cr);
    cairo_text_extents_t ext;
    cairo_glyph_t *glyphs = NULL;
    int count = 0;
    cairo->scaled_font_text_extents(font, text, &ext);
    double x = left ? cx : cx - ext.x_bearing - ext.width / 2;
    double y = left ? cy : cy - ext.y_bearing - ext.height / 2;
    if (cairo->scaled_font_text_to_glyphs(font, x, y, text, -1, &glyphs, &count, NULL, NULL,
                                          NULL) != CAIRO_STATUS_SUCCESS)
        return;
    if (run->n + count > run->cap) {
        int cap = run->cap ? run->cap : 128;
        while (cap < run->n + count) cap *= 2;
        cairo_glyph_t *more = realloc(run->glyph, (size_t)cap * sizeof *more);
        if (more == NULL) {
            cairo->glyph_free(glyphs);
            return;
        }
        run->glyph = more;
        run->cap = cap;
    }
    memcpy(run->glyph + run->n, glyphs, (size_t)count * sizeof *glyphs);
    run->n += count;
    cairo->glyph_free(glyphs);
}

static void run_show(const struct cairo_lib *cairo, cairo_t *cr, struct glyph_run *run)
{
    if (run->n) cairo->show_glyphs(cr, run->glyph, run->n);
    run->n = 0;
}

/* --- under the grid lines ------------------------------------------------ */

static void draw_shade(const struct frame *f, const struct render_mark *m)
{
    set_grey(f->cairo, f->cr, GREY_SHADE);
    for (int i = 0; i < m->ncells; i++) {
        int c = mark_cells(f, m)[i];
        f->cairo->rectangle(f->cr, f->x + (c % f->n) * f->cell, f->y + (c / f->n) * f->cell,
                            f->cell, f->cell);
    }
    f->cairo->fill(f->cr);
}

static void draw_path(const struct frame *f, const int *cells, int count)
{
    for (int i = 0; i < count; i++)
        (i ? f->cairo->line_to : f->cairo->move_to)(f->cr, cell_x(f, cells[i]),
                                                    cell_y(f, cells[i]));
}

static void draw_thermo(const struct frame *f, const struct render_mark *m)
{
    set_grey(f->cairo, f->cr, GREY_MARK);
    f->cairo->set_line_width(f->cr, 0.30 * f->cell);
    f->cairo->set_line_cap(f->cr, CAIRO_LINE_CAP_ROUND);
    f->cairo->set_line_join(f->cr, CAIRO_LINE_JOIN_ROUND);
    draw_path(f, mark_cells(f, m), m->ncells);
    f->cairo->stroke(f->cr);
}

/* The lines of whispers, renban, palindrome and between rules: a grey
 * and a width (in cells) per style, all behind the digits. */
static void draw_rule_line(const struct frame *f, const struct render_mark *m)
{
    static const struct {
        int style;
        double grey, width;
    } look[] = {{LINE_WHISPERS, 0.45, 0.22},
                {LINE_RENBAN, 0.80, 0.34},
                {LINE_PALINDROME, 0.62, 0.16},
                {LINE_BETWEEN, 0.55, 0.08}};
    for (size_t i = 0; i < sizeof look / sizeof look[0]; i++) {
        if (look[i].style != m->style) continue;
        set_grey(f->cairo, f->cr, look[i].grey);
        f->cairo->set_line_width(f->cr, look[i].width * f->cell);
        f->cairo->set_line_cap(f->cr, CAIRO_LINE_CAP_ROUND);
        f->cairo->set_line_join(f->cr, CAIRO_LINE_JOIN_ROUND);
        draw_path(f, mark_cells(f, m), m->ncells);
        f->cairo->stroke(f->cr);
    }
}

static void draw_odd_even(const struct frame *f, const struct render_mark *m)
{
    int c = mark_cells(f, m)[0];
    double h = 0.36 * f->cell;
    set_grey(f->cairo, f->cr, GREY_MARK);
    if (m->kind == MARK_SQUARE)
        f->cairo->rectangle(f->cr, cell_x(f, c) - h, cell_y(f, c) - h, 2 * h, 2 * h);
    else
        f->cairo->arc(f->cr, cell_x(f, c), cell_y(f, c), h, 0, 2 * PI);
    f->cairo->fill(f->cr);
}

static void draw_bulb(const struct frame *f, const struct render_mark *m)
{
    int c = mark_cells(f, m)[0];
    set_grey(f->cairo, f->cr, GREY_MARK);
    f->cairo->arc(f->cr, cell_x(f, c), cell_y(f, c), 0.40 * f->cell, 0, 2 * PI);
    f->cairo->fill(f->cr);
}

static void draw_under(const struct frame *f)
{
    for (int i = 0; i < f->it->nmarks; i++) {
        const struct render_mark *m = &f->it->marks[i];
        if (m->kind == MARK_SHADE) draw_shade(f, m);
    }
    for (int i = 0; i < f->it->nmarks; i++) {
        const struct render_mark *m = &f->it->marks[i];
        if (m->kind == MARK_SQUARE || (m->kind == MARK_CIRCLE && m->style == CIRCLE_SMALL))
            draw_odd_even(f, m);
        else if (m->kind == MARK_LINE && m->style == LINE_THERMO)
            draw_thermo(f, m);
        else if (m->kind == MARK_CIRCLE && m->style == CIRCLE_BULB)
            draw_bulb(f, m);
        else if (m->kind == MARK_LINE && m->style >= LINE_WHISPERS)
            draw_rule_line(f, m);
    }
}

/* --- the grid -------------------------------------------------------------- */

/* 1 when the line `line` (between rows line and line + 1 when across,
 * else between those columns) is thick at position k along it. */
static int edge_thick(const struct frame *f, int across, int line, int k)
{
    int a = across ? line * f->n + k : k * f->n + line;
    return f->it->region[a] != f->it->region[a + (across ? f->n : 1)];
}

/* Thin lines between every cell, thick ones where regions differ, a
 * thicker outline; each run of one weight is one stroke, which keeps a
 * booklet's pages small. */
static void draw_grid(const struct frame *f)
{
    const struct cairo_lib *cairo = f->cairo;
    cairo_t *cr = f->cr;
    int n = f->n;
    set_grey(cairo, cr, 0.0);
    cairo->set_line_cap(cr, CAIRO_LINE_CAP_SQUARE);
    for (int thick = 0; thick <= 1; thick++) {
        cairo->set_line_width(cr, thick ? LINE_THICK : LINE_THIN);
        for (int across = 0; across <= 1; across++)
            for (int line = 0; line + 1 < n; line++)
                for (int k = 0; k < n;) {
                    if (edge_thick(f, across, line, k) != thick) {
                        k++;
                        continue;
                    }
                    int end = k;
                    while (end < n && edge_thick(f, across, line, end) == thick) end++;
                    double at = (line + 1) * f->cell;
                    if (across) {
                        cairo->move_to(cr, f->x + k * f->cell, f->y + at);
                        cairo->line_to(cr, f->x + end * f->cell, f->y + at);
                    } else {
                        cairo->move_to(cr, f->x + at, f->y + k * f->cell);
                        cairo->line_to(cr, f->x + at, f->y + end * f->cell);
                    }
                    k = end;
                }
        cairo->stroke(cr);
    }
    cairo->set_line_width(cr, LINE_OUTER);
    cairo->rectangle(cr, f->x, f->y, n * f->cell, n * f->cell);
    cairo->stroke(cr);
}

static void draw_diagonal(const struct frame *f, const struct render_mark *m)
{
    const int *cells = mark_cells(f, m);
    int last = m->ncells - 1;
    if (last < 1) return;
    double dx = (cell_x(f, cells[1]) - cell_x(f, cells[0])) / 2;
    double dy = (cell_y(f, cells[1]) - cell_y(f, cells[0])) / 2;
    set_grey(f->cairo, f->cr, 0.45);
    f->cairo->set_line_width(f->cr, 1.0);
    f->cairo->move_to(f->cr, cell_x(f, cells[0]) - dx, cell_y(f, cells[0]) - dy);
    f->cairo->line_to(f->cr, cell_x(f, cells[last]) + dx, cell_y(f, cells[last]) + dy);
    f->cairo->stroke(f->cr);
}

/* --- arrows ---------------------------------------------------------------- */

static void draw_arrow_line(const struct frame *f, const struct render_mark *m)
{
    const int *cells = mark_cells(f, m);
    int last = m->ncells - 1;
    if (last < 1) return;
    double dx = cell_x(f, cells[last]) - cell_x(f, cells[last - 1]);
    double dy = cell_y(f, cells[last]) - cell_y(f, cells[last - 1]);
    double len = hypot(dx, dy), ux = dx / len, uy = dy / len;
    double tipx = cell_x(f, cells[last]) + ux * 0.32 * f->cell;
    double tipy = cell_y(f, cells[last]) + uy * 0.32 * f->cell, wing = 0.24 * f->cell;
    set_grey(f->cairo, f->cr, 0.35);
    f->cairo->set_line_width(f->cr, 1.2);
    f->cairo->set_line_join(f->cr, CAIRO_LINE_JOIN_MITER);
    draw_path(f, cells, last);
    f->cairo->line_to(f->cr, tipx, tipy);
    f->cairo->move_to(f->cr, tipx - wing * (ux - 0.7 * uy), tipy - wing * (uy + 0.7 * ux));
    f->cairo->line_to(f->cr, tipx, tipy);
    f->cairo->line_to(f->cr, tipx - wing * (ux + 0.7 * uy), tipy - wing * (uy - 0.7 * ux));
    f->cairo->stroke(f->cr);
}

/* A ring around one cell, or a rounded box around a run of cells read as
 * one number. */
static void draw_ring(const struct frame *f, const struct render_mark *m)
{
    const int *cells = mark_cells(f, m);
    int r0 = f->n, r1 = -1, c0 = f->n, c1 = -1;
    for (int i = 0; i < m->ncells; i++) {
        int r = cells[i] / f->n, c = cells[i] % f->n;
        r0 = r < r0 ? r : r0, r1 = r > r1 ? r : r1, c0 = c < c0 ? c : c0, c1 = c > c1 ? c : c1;
    }
    double in = 0.1 * f->cell, rad = 0.4 * f->cell;
    double x0 = f->x + c0 * f->cell + in, y0 = f->y + r0 * f->cell + in;
    double x1 = f->x + (c1 + 1) * f->cell - in, y1 = f->y + (r1 + 1) * f->cell - in;
    f->cairo->new_sub_path(f->cr);
    f->cairo->arc(f->cr, x1 - rad, y0 + rad, rad, -PI / 2, 0);
    f->cairo->arc(f->cr, x1 - rad, y1 - rad, rad, 0, PI / 2);
    f->cairo->arc(f->cr, x0 + rad, y1 - rad, rad, PI / 2, PI);
    f->cairo->arc(f->cr, x0 + rad, y0 + rad, rad, PI, 1.5 * PI);
    f->cairo->close_path(f->cr);
    set_grey(f->cairo, f->cr, 1.0);
    f->cairo->fill_preserve(f->cr);
    set_grey(f->cairo, f->cr, 0.35);
    f->cairo->set_line_width(f->cr, 1.2);
    f->cairo->stroke(f->cr);
}

/* --- cages ------------------------------------------------------------------ */

/* The four sides of a cell: the step out of it (dr, dc) and the step along. */
static const int side_out[4][2] = {{-1, 0}, {0, 1}, {1, 0}, {0, -1}};
static const int side_along[4][2] = {{0, 1}, {1, 0}, {0, 1}, {1, 0}};

static int in_cage(const struct frame *f, const uint8_t *member, int r, int c)
{
    return r >= 0 && c >= 0 && r < f->n && c < f->n && member[r * f->n + c];
}

/* How far past the side's middle the dashes on side s of (r, c) run
 * toward `dir` (+1 or -1 along): short of the corner when the cage turns
 * there, to the edge when it goes straight on, past it round an inner
 * corner. */
static double cage_reach(const struct frame *f, const uint8_t *member, int r, int c, int s, int dir)
{
    int ar = r + dir * side_along[s][0], ac = c + dir * side_along[s][1];
    if (!in_cage(f, member, ar, ac)) return 0.5 - CAGE_INSET;
    if (in_cage(f, member, ar + side_out[s][0], ac + side_out[s][1])) return 0.5 + CAGE_INSET;
    return 0.5;
}

/* A cage's side, in cells: a line across (y = at) or down (x = at). */
struct cage_side {
    int across;
    double at, lo, hi;
};

static int side_order(const void *pa, const void *pb)
{
    const struct cage_side *a = pa, *b = pb;
    if (a->across != b->across) return a->across - b->across;
    if (a->at != b->at) return a->at < b->at ? -1 : 1;
    return a->lo < b->lo ? -1 : a->lo > b->lo;
}

/* The sides of one cage's outline, one per cell side on its border. */
static int cage_sides(const struct frame *f, const struct render_mark *m, uint8_t *member,
                      struct cage_side *out)
{
    const int *cells = mark_cells(f, m);
    int count = 0;
    for (int i = 0; i < m->ncells; i++) member[cells[i]] = 1;
    for (int i = 0; i < m->ncells; i++) {
        int r = cells[i] / f->n, c = cells[i] % f->n;
        for (int s = 0; s < 4; s++) {
            if (in_cage(f, member, r + side_out[s][0], c + side_out[s][1])) continue;
            int across = side_along[s][1];
            double mid = across ? c + 0.5 : r + 0.5;
            double at = (across ? r + 0.5 + side_out[s][0] * (0.5 - CAGE_INSET)
                                : c + 0.5 + side_out[s][1] * (0.5 - CAGE_INSET));
            out[count++] = (struct cage_side){across, at, mid - cage_reach(f, member, r, c, s, -1),
                                              mid + cage_reach(f, member, r, c, s, 1)};
        }
    }
    for (int i = 0; i < m->ncells; i++) member[cells[i]] = 0;
    return count;
}

/* Every cage's outline, the sides that continue one another joined into
 * one line, so the dashes run on evenly. */
static void draw_cage_sides(const struct frame *f, struct cage_side *sides, int count)
{
    qsort(sides, (size_t)count, sizeof *sides, side_order);
    for (int i = 0; i < count;) {
        struct cage_side run = sides[i++];
        while (i < count && sides[i].across == run.across && sides[i].at == run.at &&
               sides[i].lo <= run.hi + 1e-9) {
            run.hi = sides[i].hi > run.hi ? sides[i].hi : run.hi;
            i++;
        }
        double x0 = run.across ? run.lo : run.at, y0 = run.across ? run.at : run.lo;
        double x1 = run.across ? run.hi : run.at, y1 = run.across ? run.at : run.hi;
        f->cairo->move_to(f->cr, f->x + x0 * f->cell, f->y + y0 * f->cell);
        f->cairo->line_to(f->cr, f->x + x1 * f->cell, f->y + y1 * f->cell);
    }
}

/* The sum in the corner of the cage's first cell, on white so the dashes
 * stop short of it: the white boxes into the path, the text into run. */
static void cage_label(const struct frame *f, const struct render_mark *m, struct glyph_run *run)
{
    const int *cells = mark_cells(f, m);
    int first = cells[0];
    for (int i = 1; i < m->ncells; i++) first = cells[i] < first ? cells[i] : first;
    cairo_text_extents_t ext;
    double size = CAGE_LABEL * f->cell, pad = 0.03 * f->cell;
    double x = f->x + (first % f->n) * f->cell + 0.06 * f->cell;
    double y = f->y + (first / f->n) * f->cell + 0.06 * f->cell;
    f->cairo->scaled_font_text_extents(f->cairo->get_scaled_font(f->cr), m->text, &ext);
    f->cairo->rectangle(f->cr, x, y, ext.x_advance + 2 * pad, size * 0.8 + 2 * pad);
    run_add(f->cairo, f->cr, run, m->text, x + pad, y + pad + size * 0.76, 1);
}

static void draw_cages(const struct frame *f)
{
    uint8_t member[SL_MAX_CELLS] = {0};
    static const double dash[2] = {2.2, 2.0};
    int count = 0, cap = 0;
    for (int i = 0; i < f->it->nmarks; i++)
        if (f->it->marks[i].kind == MARK_CAGE) cap += 4 * f->it->marks[i].ncells;
    struct cage_side *sides = cap ? malloc((size_t)cap * sizeof *sides) : NULL;
    if (sides == NULL) return;
    for (int i = 0; i < f->it->nmarks; i++)
        if (f->it->marks[i].kind == MARK_CAGE && f->it->marks[i].style != CAGE_LABEL_ONLY)
            count += cage_sides(f, &f->it->marks[i], member, sides + count);
    double scale = f->cell / 28.0 < 1 ? f->cell / 28.0 : 1;
    double scaled[2] = {dash[0] * scale, dash[1] * scale};
    set_grey(f->cairo, f->cr, 0.0);
    f->cairo->set_line_width(f->cr, 0.8);
    f->cairo->set_line_cap(f->cr, CAIRO_LINE_CAP_BUTT);
    f->cairo->set_dash(f->cr, scaled, 2, 0);
    draw_cage_sides(f, sides, count);
    f->cairo->stroke(f->cr);
    f->cairo->set_dash(f->cr, NULL, 0, 0);
    free(sides);
    struct glyph_run run = {NULL, 0, 0};
    font_set(f->cairo, f->cr, CAGE_LABEL * f->cell, 0);
    for (int i = 0; i < f->it->nmarks; i++)
        if (f->it->marks[i].kind == MARK_CAGE && f->it->marks[i].text[0])
            cage_label(f, &f->it->marks[i], &run);
    set_grey(f->cairo, f->cr, 1.0);
    f->cairo->fill(f->cr);
    set_grey(f->cairo, f->cr, 0.0);
    run_show(f->cairo, f->cr, &run);
    free(run.glyph);
}

/* --- on the edges, and the digits -------------------------------------------- */

static void draw_edge_mark(const struct frame *f, const struct render_mark *m)
{
    const int *cells = mark_cells(f, m);
    if (m->ncells != 2) return;
    double cx = (cell_x(f, cells[0]) + cell_x(f, cells[1])) / 2;
    double cy = (cell_y(f, cells[0]) + cell_y(f, cells[1])) / 2;
    if (m->kind == MARK_DOT) {
        f->cairo->arc(f->cr, cx, cy, 0.12 * f->cell, 0, 2 * PI);
        set_grey(f->cairo, f->cr, m->style == DOT_BLACK ? 0.0 : 1.0);
        f->cairo->fill_preserve(f->cr);
        set_grey(f->cairo, f->cr, 0.0);
        f->cairo->set_line_width(f->cr, 0.9);
        f->cairo->stroke(f->cr);
        return;
    }
    double h = 0.19 * f->cell;
    set_grey(f->cairo, f->cr, 1.0);
    f->cairo->rectangle(f->cr, cx - h, cy - h, 2 * h, 2 * h);
    f->cairo->fill(f->cr);
    set_grey(f->cairo, f->cr, 0.0);
    render_draw_text(f->cairo, f->cr, m->text, cx, cy, 0.36 * f->cell, 1, 1);
}

/* A clue outside the grid: one cell beyond cells[0], away from cells[1];
 * with OUTSIDE_ARROW, a short arrow from it toward the line it sums. */
static void draw_outside(const struct frame *f, const struct render_mark *m)
{
    const int *cells = mark_cells(f, m);
    if (m->ncells < 2) return;
    double dx = cell_x(f, cells[0]) - cell_x(f, cells[1]);
    double dy = cell_y(f, cells[0]) - cell_y(f, cells[1]);
    double cx = cell_x(f, cells[0]) + dx, cy = cell_y(f, cells[0]) + dy;
    set_grey(f->cairo, f->cr, 0.0);
    render_draw_text(f->cairo, f->cr, m->text, cx, cy, 0.42 * f->cell, 0, 1);
    if (m->style != OUTSIDE_ARROW) return;
    double tx = cx - 0.62 * dx, ty = cy - 0.62 * dy, bx = cx - 0.34 * dx, by = cy - 0.34 * dy;
    double hx = 0.1 * dx, hy = 0.1 * dy;
    f->cairo->set_line_width(f->cr, 0.8);
    f->cairo->move_to(f->cr, bx, by);
    f->cairo->line_to(f->cr, tx, ty);
    f->cairo->move_to(f->cr, tx + hx - hy, ty + hy + hx);
    f->cairo->line_to(f->cr, tx, ty);
    f->cairo->line_to(f->cr, tx + hx + hy, ty + hy - hx);
    f->cairo->stroke(f->cr);
}

static void draw_over(const struct frame *f)
{
    for (int i = 0; i < f->it->nmarks; i++) {
        const struct render_mark *m = &f->it->marks[i];
        if (m->kind == MARK_LINE && m->style == LINE_DIAGONAL) draw_diagonal(f, m);
    }
    for (int i = 0; i < f->it->nmarks; i++) {
        const struct render_mark *m = &f->it->marks[i];
        if (m->kind == MARK_LINE && m->style == LINE_ARROW) draw_arrow_line(f, m);
    }
    for (int i = 0; i < f->it->nmarks; i++) {
        const struct render_mark *m = &f->it->marks[i];
        if (m->kind == MARK_CIRCLE && m->style == CIRCLE_RING) draw_ring(f, m);
    }
    draw_cages(f);
    for (int i = 0; i < f->it->nmarks; i++) {
        const struct render_mark *m = &f->it->marks[i];
        if (m->kind == MARK_DOT || m->kind == MARK_LETTER) draw_edge_mark(f, m);
        if (m->kind == MARK_OUTSIDE) draw_outside(f, m);
    }
}

static void draw_digits(const struct frame *f, int solution)
{
    char symbol[2] = {0, 0};
    double size = DIGIT_SIZE * f->cell * (f->n > 9 ? 0.85 : 1.0);
    struct glyph_run run = {NULL, 0, 0};
    for (int pass = 0; pass <= solution; pass++) {
        font_set(f->cairo, f->cr, size, !pass);
        for (int c = 0; c < f->it->geo.ncells; c++) {
            int given = f->it->givens[c] != 0;
            int digit = pass ? (given ? 0 : f->it->solution[c]) : f->it->givens[c];
            if (digit == 0) continue;
            symbol[0] = geometry_symbol(digit);
            run_add(f->cairo, f->cr, &run, symbol, cell_x(f, c), cell_y(f, c) + 0.04 * f->cell, 0);
        }
        set_grey(f->cairo, f->cr, pass ? GREY_SOLVED : 0.0);
        run_show(f->cairo, f->cr, &run);
    }
    free(run.glyph);
}

void render_draw_puzzle(const struct cairo_lib *cairo, cairo_t *cr, const struct render_item *it,
                        double x, double y, double side, int solution)
{
    struct frame f = {cairo, cr, it, x, y, side / it->geo.size, it->geo.size};
    cairo->save(cr);
    set_grey(cairo, cr, 1.0);
    cairo->rectangle(cr, x, y, side, side);
    cairo->fill(cr);
    /* Clues outside the grid get a ring of one cell round it. */
    for (int i = 0; i < it->nmarks; i++)
        if (it->marks[i].kind == MARK_OUTSIDE) {
            f.cell = side / (it->geo.size + 2);
            f.x = x + f.cell, f.y = y + f.cell;
            break;
        }
    draw_under(&f);
    draw_grid(&f);
    draw_over(&f);
    draw_digits(&f, solution && it->has_solution);
    cairo->restore(cr);
}
