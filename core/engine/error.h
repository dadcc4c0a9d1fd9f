/*
 * error.h — one error report: where (line, column) and what.
 *
 * Every function that can fail on user input fills a struct sl_error and
 * returns non-zero. Line and column are 1-based; 0 means "not known". The
 * caller that knows the file name prints "FILE:LINE:COL: message".
 */
#ifndef SUDOLAB_ERROR_H
#define SUDOLAB_ERROR_H

#include <stdio.h>

#include "sudolab_limits.h"

struct sl_error {
    long line;
    long col;
    char msg[SL_ERROR_MSG_MAX];
};

/* Sets line, column and a printf-style message; returns -1 for chaining. */
int sl_error_set(struct sl_error *err, long line, long col, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* Prints "FILE:LINE:COL: message\n" (omitting unknown parts) to out. */
void sl_error_print(FILE *out, const char *file, const struct sl_error *err);

#endif
