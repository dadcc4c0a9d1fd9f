/*
 * render_page.c — pages and pictures: the booklet's layout (slots,
 * captions, titles, page numbers), a picture's, and a report's
 * thumbnail. The output itself is render_book.c's.
 */
#include <stdlib.h>
#include <string.h>

#include "format.h"
#include "render_draw.h"

const char *const render_format_names[] = {"pdf", "svg", "png", NULL};
const char *const render_paper_names[] = {"a4", "letter", NULL};

static int name_index(const char *const *names, const char *name)
{
    for (int i = 0; names[i]; i++)
        if (strcmp(names[i], name) == 0) return i;
    return -1;
}

int render_format_by_name(const char *name) { return name_index(render_format_names, name); }
int render_paper_by_name(const char *name) { return name_index(render_paper_names, name); }

/* Page sizes in points, and the booklet's proportions. */
static const double paper_size[2][2] = {{595.28, 841.89}, {612.0, 792.0}};
#define PAGE_MARGIN 42.0
#define PAGE_HEADER 30.0  /* the title's band */
#define PAGE_FOOTER 26.0  /* the page number's */
#define CAPTION_BAND 20.0 /* under each puzzle */
#define CAPTION_SIZE 9.5
#define SLOT_PAD 10.0
#define PICTURE_CELL 28.0 /* a picture's cell: 9x9 is 252 points */
#define PICTURE_MARGIN 12.0
#define PICTURE_TITLE 26.0 /* a picture's title band, above the grid */
#define TITLE_SIZE 14.0

/* Slots per page: columns and rows for 1, 2, 4 and 6 puzzles. */
static void page_slots(int per_page, int *cols, int *rows)
{
    *cols = per_page >= 4 ? 2 : 1;
    *rows = per_page / *cols;
}

void render_page_size(const struct render_options *o, double *width, double *height)
{
    *width = paper_size[o->paper][0];
    *height = paper_size[o->paper][1];
}

void render_page_grid(const struct render_options *o, int slot, double *x, double *y, double *side)
{
    int cols, rows;
    double w, h;
    page_slots(o->per_page, &cols, &rows);
    render_page_size(o, &w, &h);
    double top = PAGE_MARGIN + PAGE_HEADER;
    double slot_w = (w - 2 * PAGE_MARGIN) / cols;
    double slot_h = (h - top - PAGE_MARGIN - PAGE_FOOTER) / rows;
    double fit_w = slot_w - 2 * SLOT_PAD, fit_h = slot_h - 2 * SLOT_PAD - CAPTION_BAND;
    *side = fit_w < fit_h ? fit_w : fit_h;
    *x = PAGE_MARGIN + (slot % cols) * slot_w + (slot_w - *side) / 2;
    *y = top + (slot / cols) * slot_h + SLOT_PAD;
}

/* --- drawing ------------------------------------------------------------------ */

static void draw_caption(const struct cairo_lib *cairo, cairo_t *cr, const char *text, double cx,
                         double y)
{
    cairo->set_source_rgb(cr, 0, 0, 0);
    render_draw_text(cairo, cr, text, cx, y + CAPTION_BAND * 0.72, CAPTION_SIZE, 0, 0);
}

static void draw_item_caption(const struct cairo_lib *cairo, cairo_t *cr,
                              const struct render_item *it, double cx, double y)
{
    char caption[RENDER_CAPTION_MAX + 64];
    render_caption(it, caption, sizeof caption);
    draw_caption(cairo, cr, caption, cx, y);
}

/* A title centred on cx with its baseline at y, bold, TITLE_SIZE or
 * smaller when it would be wider than room: a long one shrinks rather
 * than running off the page or picture. */
static void draw_title(const struct cairo_lib *cairo, cairo_t *cr, const char *title, double cx,
                       double y, double room)
{
    cairo_text_extents_t ext;
    double size = TITLE_SIZE;
    cairo->select_font_face(cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
    cairo->set_font_size(cr, size);
    cairo->text_extents(cr, title, &ext);
    if (ext.width > room) size *= room / ext.width;
    cairo->set_source_rgb(cr, 0, 0, 0);
    render_draw_text(cairo, cr, title, cx, y, size, 1, 0);
}

static void draw_page_frame(const struct cairo_lib *cairo, cairo_t *cr,
                            const struct render_options *o, const char *heading, int page)
{
    double w, h;
    char title[RENDER_TITLE_MAX + 32], number[32];
    render_page_size(o, &w, &h);
    snprintf(title, sizeof title, "%s%s%s", o->title ? o->title : "",
             o->title && heading ? ": " : "", heading ? heading : "");
    if (title[0])
        draw_title(cairo, cr, title, w / 2, PAGE_MARGIN + PAGE_HEADER * 0.5, w - 2 * PAGE_MARGIN);
    cairo->set_source_rgb(cr, 0, 0, 0);
    snprintf(number, sizeof number, "%d", page);
    render_draw_text(cairo, cr, number, w / 2, h - PAGE_MARGIN, 10, 0, 0);
}

void render_draw_page(const struct cairo_lib *cairo, cairo_t *cr, const struct render_options *o,
                      const struct render_item *const *items, int count, int solutions, int page)
{
    draw_page_frame(cairo, cr, o, solutions ? "solutions" : NULL, page);
    for (int slot = 0; slot < count; slot++) {
        double x, y, side;
        render_page_grid(o, slot, &x, &y, &side);
        render_draw_puzzle(cairo, cr, items[slot], x, y, side, solutions);
        draw_item_caption(cairo, cr, items[slot], x + side / 2, y + side + 2);
    }
    cairo->show_page(cr);
}

/* A picture: the title when there is one, under it the puzzle, and its
 * solution beside it. */
void render_picture_size(const struct render_item *it, const struct render_options *o, double *w,
                         double *h)
{
    int n = it->geo.size < 6 ? 6 : it->geo.size;
    double side = n * PICTURE_CELL;
    *w = 2 * PICTURE_MARGIN + side * (o->solutions ? 2 : 1) + (o->solutions ? PICTURE_MARGIN : 0);
    *h = 2 * PICTURE_MARGIN + (o->title ? PICTURE_TITLE : 0) + side + CAPTION_BAND;
}

void render_draw_picture(const struct cairo_lib *cairo, cairo_t *cr, const struct render_item *it,
                         const struct render_options *o)
{
    int n = it->geo.size < 6 ? 6 : it->geo.size;
    double side = n * PICTURE_CELL, w, h;
    render_picture_size(it, o, &w, &h);
    cairo->set_source_rgb(cr, 1, 1, 1);
    cairo->paint(cr);
    double top = PICTURE_MARGIN + (o->title ? PICTURE_TITLE : 0);
    if (o->title)
        draw_title(cairo, cr, o->title, w / 2, PICTURE_MARGIN + PICTURE_TITLE * 0.6,
                   w - 2 * PICTURE_MARGIN);
    render_draw_puzzle(cairo, cr, it, PICTURE_MARGIN, top, side, 0);
    draw_item_caption(cairo, cr, it, PICTURE_MARGIN + side / 2, top + side + 2);
    if (o->solutions) {
        double x = 2 * PICTURE_MARGIN + side;
        render_draw_puzzle(cairo, cr, it, x, top, side, 1);
        draw_caption(cairo, cr, "solution", x + side / 2, top + side + 2);
    }
}

/* --- a report's thumbnail ---------------------------------------------------------- */

int render_line_svg(const char *line, const char *path, struct sl_error *err)
{
    struct puzzle p;
    if (reader_read_text(line, NULL, &p, err) != 1) return -1;
    struct render_item it;
    struct render_options o = {.format = RENDER_SVG, .per_page = 1};
    int rc = render_item_init(&it, &p, err);
    puzzle_clear(&p);
    if (rc) return -1;
    rc = render_write(&it, 1, &o, path, err);
    render_item_free(&it);
    return rc;
}
