/* error.c — see error.h. */
#include "error.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

size_t sl_utf8_whole(const char *s, size_t len)
{
    /* the last lead byte among the final four, and the length it says */
    for (size_t back = 1; back <= 4 && back <= len; back++) {
        unsigned char c = (unsigned char)s[len - back];
        if ((c & 0xC0) == 0x80) continue; /* a continuation byte */
        size_t need = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 1;
        return back < need ? len - back : len;
    }
    return len;
}

const char *sl_operand_name(const char *operand)
{
    return operand == NULL || strcmp(operand, "-") == 0 ? SL_STDIN_NAME : operand;
}

size_t sl_error_escape(char *dst, size_t cap, const char *src, size_t n)
{
    size_t out = 0, i;
    for (i = 0; i < n && out + 1 < cap; i++) {
        unsigned char c = (unsigned char)src[i];
        if ((c >= ' ' && c != 0x7f) || c == '\n' || c == '\t') {
            dst[out++] = (char)c;
        } else if (out + 5 < cap) {
            snprintf(dst + out, cap - out, "\\x%02X", c);
            out += 4;
        } else {
            break;
        }
    }
    if (i < n) out = sl_utf8_whole(dst, out);
    if (cap > 0) dst[out] = '\0';
    return out;
}

void sl_error_vformat(char *dst, size_t cap, const char *fmt, va_list ap)
{
    char raw[1024];
    size_t room = cap < sizeof raw ? cap : sizeof raw;
    if (room == 0) return;
    int n = vsnprintf(raw, room, fmt, ap);
    size_t len = n < 0 ? 0 : (size_t)n < room ? (size_t)n : sl_utf8_whole(raw, room - 1);
    sl_error_escape(dst, cap, raw, len);
}

int sl_error_set(struct sl_error *err, long line, long col, const char *fmt, ...)
{
    va_list ap;
    if (err == NULL) return -1;
    err->line = line;
    err->col = col;
    va_start(ap, fmt);
    sl_error_vformat(err->msg, sizeof err->msg, fmt, ap);
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
