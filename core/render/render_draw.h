/*
 * render_draw.h — one puzzle drawn with cairo into a square, and the text
 * helpers the pages share. Internal to core/render. Each takes the
 * cairo table (cairo_lib.h) it draws through along with the context.
 */
#ifndef SUDOLAB_RENDER_DRAW_H
#define SUDOLAB_RENDER_DRAW_H

#include "cairo_lib.h"

#include "render.h"

/* The grid of `it` with its top left corner at (x, y), side points wide;
 * with solution, the solution's digits too, lighter than the givens. */
void render_draw_puzzle(const struct cairo_lib *cairo, cairo_t *cr, const struct render_item *it,
                        double x, double y, double side, int solution);

/* Text centred on (cx, cy) (vertically by its ink when `ink`, else on
 * the font's baseline at cy), size points, bold or not. */
void render_draw_text(const struct cairo_lib *cairo, cairo_t *cr, const char *text, double cx,
                      double cy, double size, int bold, int ink);

/* A booklet's page: its title and number, count items (at most
 * per_page) in their slots with captions, their solutions when asked. */
void render_draw_page(const struct cairo_lib *cairo, cairo_t *cr, const struct render_options *o,
                      const struct render_item *const *items, int count, int solutions, int page);
/* A picture of one item (and its solution beside it, o->solutions), and
 * its size in points. */
void render_draw_picture(const struct cairo_lib *cairo, cairo_t *cr, const struct render_item *it,
                         const struct render_options *o);
void render_picture_size(const struct render_item *it, const struct render_options *o, double *w,
                         double *h);

#endif
