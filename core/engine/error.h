/*
 * error.h — one error report: where (line, column) and what.
 *
 * Every function that can fail on user input fills a struct sl_error and
 * returns non-zero. Line and column are 1-based; 0 means "not known". The
 * caller that knows the file name prints "FILE:LINE:COL: message".
 */
#ifndef SUDOLAB_ERROR_H
#define SUDOLAB_ERROR_H

#include <stdarg.h>
#include <stdio.h>

#include "sudolab_limits.h"

struct sl_error {
    long line;
    long col;
    char msg[SL_ERROR_MSG_MAX];
};

/* Copies the n bytes of src into dst (cap bytes, NUL-ended), a control
 * byte (a NUL too, but newlines and tabs) written as \xNN: a message
 * quotes input bytes, and an ESC of a file must not reach the terminal,
 * nor a NUL cut the message short. A copy cut short for room ends on a
 * whole UTF-8 character. Returns the length written. */
size_t sl_error_escape(char *dst, size_t cap, const char *src, size_t n);

/* len, or less by the bytes of a UTF-8 character that s[0..len) ends
 * before completing: where a text is cut to a buffer, the cut must not
 * leave half a character (an invalid sequence) in a message. */
size_t sl_utf8_whole(const char *s, size_t len);

/* What messages call standard input read in a file operand's place. */
#define SL_STDIN_NAME "<stdin>"
/* The name messages give a file operand: SL_STDIN_NAME for "-" or NULL
 * (standard input), else the operand itself. */
const char *sl_operand_name(const char *operand);

/* A printf-style message into dst (cap bytes, at most 1024, NUL-ended),
 * its control bytes escaped as sl_error_escape escapes them. */
void sl_error_vformat(char *dst, size_t cap, const char *fmt, va_list ap)
    __attribute__((format(printf, 3, 0)));

/* Sets line, column and a printf-style message (control bytes escaped,
 * as sl_error_escape); returns -1 for chaining. */
int sl_error_set(struct sl_error *err, long line, long col, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* Prints "FILE:LINE:COL: message\n" (omitting unknown parts) to out. */
void sl_error_print(FILE *out, const char *file, const struct sl_error *err);

#endif
