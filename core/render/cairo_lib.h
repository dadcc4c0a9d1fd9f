/*
 * cairo_lib.h — cairo opened on demand. The executable does not link
 * cairo or fontconfig (mapping them and the libraries they bring costs
 * every process time at start-up, and only drawing needs them): the
 * first drawing opens libcairo.so.2 and libfontconfig.so.1 with dlopen
 * and resolves the functions below, once for the process, into a
 * table. Callers call cairo through that table (cairo->move_to(cr, x,
 * y)); cairo's headers still give the types.
 *
 * cairo_lib_open returns the table, or NULL with err ("drawing needs
 * libcairo.so.2: ...") when a library or a function is missing; it may
 * be called from any thread, as often as wanted. cairo_lib_release
 * frees cairo's and fontconfig's process-wide caches (nothing may be
 * drawn after); it does nothing when cairo was never opened. The
 * libraries stay loaded until the process ends: pixman, which cairo
 * brings, allocates tables when it is loaded and never frees them, so
 * unloading it would turn them into leaks.
 */
#ifndef SUDOLAB_CAIRO_LIB_H
#define SUDOLAB_CAIRO_LIB_H

#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <cairo.h>

#include "error.h"

/* Every cairo function sudolab calls: return type, name without the
 * "cairo_" prefix, parameters. Adding a call means adding its line. */
#define CAIRO_LIB_FUNCTIONS(X)                                                                     \
    X(void, arc, (cairo_t * cr, double xc, double yc, double radius, double a1, double a2))        \
    X(void, close_path, (cairo_t * cr))                                                            \
    X(cairo_t *, create, (cairo_surface_t * target))                                               \
    X(void, debug_reset_static_data, (void))                                                       \
    X(void, destroy, (cairo_t * cr))                                                               \
    X(void, fill, (cairo_t * cr))                                                                  \
    X(void, fill_preserve, (cairo_t * cr))                                                         \
    X(cairo_scaled_font_t *, get_scaled_font, (cairo_t * cr))                                      \
    X(void, glyph_free, (cairo_glyph_t * glyphs))                                                  \
    X(cairo_surface_t *, image_surface_create, (cairo_format_t format, int width, int height))     \
    X(cairo_surface_t *, image_surface_create_from_png, (const char *filename))                    \
    X(unsigned char *, image_surface_get_data, (cairo_surface_t * surface))                        \
    X(int, image_surface_get_height, (cairo_surface_t * surface))                                  \
    X(int, image_surface_get_stride, (cairo_surface_t * surface))                                  \
    X(int, image_surface_get_width, (cairo_surface_t * surface))                                   \
    X(void, line_to, (cairo_t * cr, double x, double y))                                           \
    X(void, move_to, (cairo_t * cr, double x, double y))                                           \
    X(void, new_sub_path, (cairo_t * cr))                                                          \
    X(void, paint, (cairo_t * cr))                                                                 \
    X(cairo_surface_t *, pdf_surface_create, (const char *filename, double width, double height))  \
    X(cairo_surface_t *, pdf_surface_create_for_stream,                                            \
      (cairo_write_func_t write, void *closure, double width, double height))                      \
    X(void, pdf_surface_set_metadata,                                                              \
      (cairo_surface_t * surface, cairo_pdf_metadata_t metadata, const char *utf8))                \
    X(void, rectangle, (cairo_t * cr, double x, double y, double width, double height))            \
    X(void, restore, (cairo_t * cr))                                                               \
    X(void, save, (cairo_t * cr))                                                                  \
    X(void, scale, (cairo_t * cr, double sx, double sy))                                           \
    X(void, scaled_font_text_extents,                                                              \
      (cairo_scaled_font_t * font, const char *utf8, cairo_text_extents_t *extents))               \
    X(cairo_status_t, scaled_font_text_to_glyphs,                                                  \
      (cairo_scaled_font_t * font, double x, double y, const char *utf8, int utf8_len,             \
       cairo_glyph_t **glyphs, int *num_glyphs, cairo_text_cluster_t **clusters,                   \
       int *num_clusters, cairo_text_cluster_flags_t *cluster_flags))                              \
    X(void, select_font_face,                                                                      \
      (cairo_t * cr, const char *family, cairo_font_slant_t slant, cairo_font_weight_t weight))    \
    X(void, set_dash, (cairo_t * cr, const double *dashes, int num_dashes, double offset))         \
    X(void, set_font_size, (cairo_t * cr, double size))                                            \
    X(void, set_line_cap, (cairo_t * cr, cairo_line_cap_t line_cap))                               \
    X(void, set_line_join, (cairo_t * cr, cairo_line_join_t line_join))                            \
    X(void, set_line_width, (cairo_t * cr, double width))                                          \
    X(void, set_source_rgb, (cairo_t * cr, double red, double green, double blue))                 \
    X(void, show_glyphs, (cairo_t * cr, const cairo_glyph_t *glyphs, int num_glyphs))              \
    X(void, show_page, (cairo_t * cr))                                                             \
    X(void, show_text, (cairo_t * cr, const char *utf8))                                           \
    X(cairo_status_t, status, (cairo_t * cr))                                                      \
    X(const char *, status_to_string, (cairo_status_t status))                                     \
    X(void, stroke, (cairo_t * cr))                                                                \
    X(void, surface_destroy, (cairo_surface_t * surface))                                          \
    X(void, surface_finish, (cairo_surface_t * surface))                                           \
    X(void, surface_flush, (cairo_surface_t * surface))                                            \
    X(cairo_status_t, surface_status, (cairo_surface_t * surface))                                 \
    X(cairo_status_t, surface_write_to_png, (cairo_surface_t * surface, const char *filename))     \
    X(cairo_status_t, surface_write_to_png_stream,                                                 \
      (cairo_surface_t * surface, cairo_write_func_t write, void *closure))                        \
    X(cairo_surface_t *, svg_surface_create, (const char *filename, double width, double height))  \
    X(cairo_surface_t *, svg_surface_create_for_stream,                                            \
      (cairo_write_func_t write, void *closure, double width, double height))                      \
    X(void, text_extents, (cairo_t * cr, const char *utf8, cairo_text_extents_t *extents))

#define CAIRO_LIB_MEMBER(ret, name, params) ret(*name) params;
struct cairo_lib {
    CAIRO_LIB_FUNCTIONS(CAIRO_LIB_MEMBER)
};
#undef CAIRO_LIB_MEMBER

const struct cairo_lib *cairo_lib_open(struct sl_error *err);
void cairo_lib_release(void);

#endif
