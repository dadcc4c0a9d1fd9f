/*
 * format_text.c — one puzzle read from a string, for the callers that
 * hold a single puzzle's text (a report's thumbnail, a game) rather than
 * a stream of them. The generator, which reads a line per puzzle, keeps
 * its reader instead (reader_restart).
 */
#include <stdio.h>
#include <string.h>

#include "format.h"

int reader_read_text(const char *text, const struct reader_options *opt, struct puzzle *p,
                     struct sl_error *err)
{
    /* POSIX lets fmemopen refuse a buffer of no bytes (glibc did before
     * 2.22): an empty text holds none, asked of no stream. */
    if (text[0] == '\0') return sl_error_set(err, 0, 0, "no puzzle in the text"), 0;
    FILE *in = fmemopen((void *)text, strlen(text), "r");
    struct puzzle_reader *r = in ? reader_open(in, opt) : NULL;
    int got = r ? reader_next(r, p, NULL, err) : -2;
    if (got == 0) sl_error_set(err, 0, 0, "no puzzle in the text");
    if (r == NULL) sl_error_set(err, 0, 0, "out of memory");
    reader_close(r);
    if (in) fclose(in);
    return got == 1 ? 1 : got == 0 ? 0 : -1;
}
