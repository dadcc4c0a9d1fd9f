/*
 * render.h — puzzles on paper and on screen: PDF booklets, SVG and PNG
 * pictures (cairo), and grids of text for a terminal (render_text.h).
 *
 * A render_item is one puzzle made ready to draw: its givens, its
 * solution when known, and the marks of every rule (engine/marks.h),
 * gathered through each rule's `marks` hook. A rule without the hook
 * cannot be drawn, and render_item_init says so; nothing is drawn until
 * every item is made, so a bad input writes no file. The caller fills
 * in what only it knows (the solution, the number, grade and rating).
 *
 * render_write draws the items in one of three forms:
 *   pdf  a booklet on A4 or letter paper, per_page puzzles to a page
 *        (1, 2, 4 or 6), each with its caption (number, rules, grade and
 *        rating when known), the solutions after the puzzles when asked,
 *        page numbers at the foot;
 *   svg, png  one puzzle (and its solution beside it when asked), under
 *        the title when there is one; per_page and paper play no part
 *        (the command refuses them for a picture).
 * The output goes to a file made under a temporary name and renamed
 * when complete (so a failure leaves no partial file), or to stdout.
 */
#ifndef SUDOLAB_RENDER_H
#define SUDOLAB_RENDER_H

#include <stdint.h>
#include <stdio.h>

#include "puzzle.h"

struct render_mark {
    enum mark_kind kind;
    int style;
    int ncells, first; /* first: index into the item's cell pool */
    char text[RENDER_MARK_TEXT];
};

struct render_item {
    struct geometry geo;
    uint8_t givens[SL_MAX_CELLS];
    uint8_t solution[SL_MAX_CELLS];
    int has_solution;
    int16_t region[SL_MAX_CELLS]; /* box or jigsaw region per cell, -1 none */
    int nmarks, mark_cap, ncells, cell_cap;
    struct render_mark *marks;
    int *cells;
    char names[RENDER_CAPTION_MAX]; /* the rules, for the caption: "killer, X" */
    long number;                    /* 0: none */
    char grade[RENDER_MARK_TEXT];   /* "" when unknown */
    double rating;                  /* 0 when unknown */
};

/* Gathers the marks of p's rules. 0, or -1 with err (a rule that cannot
 * be drawn, out of memory). */
int render_item_init(struct render_item *it, const struct puzzle *p, struct sl_error *err);
void render_item_free(struct render_item *it);
/* "3 · killer · hard 4.5": the number, the rules, grade and rating as
 * far as they are known; snprintf convention. */
int render_caption(const struct render_item *it, char *buf, size_t cap);

/* RENDER_AUTO: pdf for several puzzles, svg for one. */
enum render_format { RENDER_PDF, RENDER_SVG, RENDER_PNG, RENDER_AUTO };
enum render_paper { RENDER_A4, RENDER_LETTER };

struct render_options {
    enum render_format format;
    int per_page; /* 1, 2, 4 or 6 (pdf) */
    int solutions;
    const char *title;       /* or NULL: at the head of a PDF's pages (and its
                              * metadata), above a picture; a long one drawn
                              * smaller to fit the width */
    enum render_paper paper; /* (pdf) */
};

/* The names the command takes ("pdf", "a4"...), NULL-ended, and lookups
 * by name (-1 when unknown). */
extern const char *const render_format_names[];
extern const char *const render_paper_names[];
int render_format_by_name(const char *name);
int render_paper_by_name(const char *name);

/* The output as the items come: open it, add each item (copied), close
 * it with commit 1 to finish it or 0 to abandon it (no file is left).
 * A PDF booklet going to a file is drawn by a worker thread while items
 * are still added; anything else at the close. Items that a later page
 * draws (the solutions pages; a booklet drawn at the close) wait in a
 * temporary file ($TMPDIR, else /tmp), so the memory a book takes does
 * not grow with its items. Errors: a per_page other than 1, 2, 4, 6
 * (open); a temporary file that cannot be made (open, for a PDF file
 * with solutions; else add); an item without a solution when solutions
 * are asked (add); no item, or several for a form that holds one, or a
 * failure to write (close). 0, or -1 (NULL) with err. */
struct render_book;
struct render_book *render_book_open(const struct render_options *o, const char *path,
                                     struct sl_error *err);
int render_book_add(struct render_book *b, const struct render_item *it, struct sl_error *err);
int render_book_close(struct render_book *b, int commit, struct sl_error *err);

/* Draws n items into path (NULL: stdout) through a book. 0, or -1 with
 * err. */
int render_write(const struct render_item *items, int n, const struct render_options *o,
                 const char *path, struct sl_error *err);

/* Where the grid of the puzzle in slot `slot` (0-based, row by row) of a
 * booklet page lies, in points from the page's top left corner: x, y of
 * its corner and its side. For tests that look at the pixels. */
void render_page_grid(const struct render_options *o, int slot, double *x, double *y, double *side);
/* The page's size in points. */
void render_page_size(const struct render_options *o, double *width, double *height);

/* Frees what cairo and fontconfig keep for the whole process (font
 * caches), so a leak checker sees none; nothing may be drawn after. */
void render_release(void);

/* An SVG picture of the puzzle of one sudolab line (a report's
 * thumbnail), into path. 0, or -1 with err. */
int render_line_svg(const char *line, const char *path, struct sl_error *err);

#endif
