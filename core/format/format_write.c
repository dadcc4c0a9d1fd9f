/*
 * format_write.c — see format.h: a grid written as one line or as a
 * pretty grid with its boxes drawn, the reader's two plain forms.
 */
#include <stdio.h>

#include "format.h"

/* The line is made whole and written at once: a putc per symbol takes
 * the stream's lock each time once the program runs threads. */
void format_write_line(FILE *out, const struct geometry *g, const uint8_t *cells)
{
    char line[SL_MAX_CELLS + 1];
    for (int i = 0; i < g->ncells; i++) line[i] = geometry_symbol(cells[i]);
    line[g->ncells] = '\n';
    fwrite(line, 1, (size_t)g->ncells + 1, out);
}

static void format_write_row(FILE *out, const struct geometry *g, const uint8_t *row)
{
    for (int c = 0; c < g->size; c++) {
        if (c > 0) fputs(g->box_cols && c % g->box_cols == 0 ? " | " : " ", out);
        putc(geometry_symbol(row[c]), out);
    }
    putc('\n', out);
}

/* "------+-------+------": each box's symbols and blanks, '+' under '|'. */
static void format_write_rule(FILE *out, const struct geometry *g)
{
    int boxes = g->size / g->box_cols;
    for (int b = 0; b < boxes; b++) {
        int width = 2 * g->box_cols - 1 + (b > 0) + (b < boxes - 1);
        if (b > 0) putc('+', out);
        for (int i = 0; i < width; i++) putc('-', out);
    }
    putc('\n', out);
}

void format_write_pretty(FILE *out, const struct geometry *g, const uint8_t *cells)
{
    for (int row = 0; row < g->size; row++) {
        if (row > 0 && g->box_rows && row % g->box_rows == 0) format_write_rule(out, g);
        format_write_row(out, g, cells + row * g->size);
    }
    putc('\n', out);
}
