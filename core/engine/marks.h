/*
 * marks.h — what a rule looks like on paper, as abstract marks.
 *
 * A rule's optional `marks` hook (constraint.h) emits the marks that show
 * it into a sink; the drawing layer (core/render) turns them into lines,
 * circles and letters, so the engine and the plugins stay free of any
 * drawing library, and a new rule draws itself by emitting marks. Cells
 * are numbered as everywhere (0..N*N-1, row by row); an edge mark names
 * the two cells it lies between. The sink copies what it keeps: the
 * cells and text need live only for the call.
 *
 *   MARK_NAME    the rule's name for a caption ("killer", "anti-knight");
 *                a rule with nothing to draw is named only;
 *   MARK_CAGE    a dashed outline inset in the cells, text its sum or NULL;
 *                style CAGE_LABEL_ONLY draws the text alone (a calcudoku
 *                cage, whose outline is a MARK_REGION's thick border);
 *   MARK_REGION  a region whose borders are drawn thick (jigsaw);
 *   MARK_SHADE   cells shaded grey (windoku, extra regions);
 *   MARK_LINE    a path through the cells' centres, in a style of
 *                enum mark_line;
 *   MARK_CIRCLE  a circle around the cells (one cell, or a run of
 *                neighbours read as one): enum mark_circle;
 *   MARK_SQUARE  a grey square in each cell (even);
 *   MARK_DOT     a dot on the edge between cells[0] and cells[1]:
 *                style 0 white, 1 black;
 *   MARK_LETTER  text on the edge between cells[0] and cells[1] (X, V, <);
 *   MARK_OUTSIDE text outside the grid, one step beyond cells[0] away from
 *                cells[1] (the first two cells of the row, column or
 *                diagonal it is about): sandwich sums, little killer
 *                sums; style OUTSIDE_ARROW adds an arrow along the line.
 */
#ifndef SUDOLAB_MARKS_H
#define SUDOLAB_MARKS_H

enum mark_kind {
    MARK_NAME,
    MARK_CAGE,
    MARK_REGION,
    MARK_SHADE,
    MARK_LINE,
    MARK_CIRCLE,
    MARK_SQUARE,
    MARK_DOT,
    MARK_LETTER,
    MARK_OUTSIDE
};

enum mark_outside { OUTSIDE_PLAIN, OUTSIDE_ARROW };

enum mark_line {
    LINE_THERMO,   /* thick grey, behind the digits */
    LINE_ARROW,    /* thin, with a head at the last cell */
    LINE_DIAGONAL, /* thin, drawn on to the grid's corners */

    LINE_WHISPERS,   /* thick dark grey, behind the digits (German whispers) */
    LINE_RENBAN,     /* thick light grey, behind the digits */
    LINE_PALINDROME, /* medium grey, behind the digits */
    LINE_BETWEEN,    /* thin grey between its two end circles */
};

enum mark_circle {
    CIRCLE_BULB,  /* a thermometer's bulb: filled grey */
    CIRCLE_RING,  /* an arrow's circle: outlined */
    CIRCLE_SMALL, /* an odd cell: a small grey disc */
};

enum { DOT_WHITE = 0, DOT_BLACK = 1 };

enum mark_cage { CAGE_DASHED = 0, CAGE_LABEL_ONLY = 1 };

struct mark {
    enum mark_kind kind;
    int style; /* enum mark_line, mark_circle, mark_cage, or DOT_* */
    int ncells;
    const int *cells;
    const char *text; /* or NULL */
};

/* Where marks go: emit returns 0, or -1 when it cannot keep the mark
 * (out of memory), which the hook passes on. */
struct mark_sink {
    int (*emit)(void *arg, const struct mark *m);
    void *arg;
};

static inline int mark_emit(struct mark_sink *s, enum mark_kind kind, int style, const int *cells,
                            int ncells, const char *text)
{
    struct mark m = {kind, style, ncells, cells, text};
    return s->emit(s->arg, &m);
}

static inline int mark_name(struct mark_sink *s, const char *name)
{
    return mark_emit(s, MARK_NAME, 0, NULL, 0, name);
}

#endif
