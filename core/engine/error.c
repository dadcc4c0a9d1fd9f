/* error.c — see error.h. */
#include "error.h"

#include <stdarg.h>

int sl_error_set(struct sl_error *err, long line, long col, const char *fmt, ...)
{
    va_list ap;
    if (err == NULL) return -1;
    err->line = line;
    err->col = col;
    va_start(ap, fmt);
    vsnprintf(err->msg, sizeof err->msg, fmt, ap);
    va_end(ap);
    return -1;
}

void sl_error_print(FILE *out, const char *file, const struct sl_error *err)
{
    fprintf(out, "%s:", file ? file : "<input>");
    if (err->line > 0) fprintf(out, "%ld:", err->line);
    if (err->line > 0 && err->col > 0) fprintf(out, "%ld:", err->col);
    fprintf(out, " %s\n", err->msg);
}
