/*
 * fpuzzles_link.c — the line forms of fpuzzles.h: which lines are
 * f-puzzles, and the compressed payload out of a link or a bare code.
 */
#include "fpuzzles.h"

#include <stdlib.h>
#include <string.h>

#include "format_regex.h"
#include "lz_string.h"

/* Where the links carry the puzzle: after one of these. */
static const char *const fl_markers[] = {
    "?load=", "&load=", "?puzzle=", "&puzzle=", "?puzzleid=", "&puzzleid="};
static const char *const fl_hosts[] = {"f-puzzles.com/", "sudokupad.app/",
                                       "crackingthecryptic.com/"};

static int fl_blank(char c) { return c == ' ' || c == '\t' || c == '\r'; }

static int fl_base64_char(char c)
{
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '+' ||
           c == '/' || c == '=' || c == '%';
}

/* Length of SudokuPad's f-puzzles prefix at s ("fpuzzles" or "fpuz"), 0 if none. */
static size_t fl_prefix(const char *s, size_t len)
{
    if (len >= 8 && memcmp(s, "fpuzzles", 8) == 0) return 8;
    if (len >= 4 && memcmp(s, "fpuz", 4) == 0) return 4;
    return 0;
}

/* The payload of the word text[0..len): its offset and length; -1 when
 * the word holds none. */
static long fl_payload(const char *text, size_t len, size_t *plen)
{
    const char *at = NULL, *end = text + len;
    for (size_t i = 0; i < sizeof fl_markers / sizeof fl_markers[0] && !at; i++)
        if ((at = format_find(text, len, fl_markers[i])) != NULL) at += strlen(fl_markers[i]);
    for (size_t i = 0; i < sizeof fl_hosts / sizeof fl_hosts[0] && !at; i++)
        if ((at = format_find(text, len, fl_hosts[i])) != NULL) {
            at += strlen(fl_hosts[i]);
            const char *p = format_find(at, (size_t)(end - at), "fpuz");
            at = p ? p : at;
        }
    if (at == NULL) at = text;
    at += fl_prefix(at, (size_t)(end - at));
    const char *stop = at;
    while (stop < end && *stop != '&' && *stop != '#') stop++;
    *plen = (size_t)(stop - at);
    return (long)(at - text);
}

/* 1 when the word at `at` names one of the hosts. */
static int fl_names_host(const char *text, size_t len, size_t at)
{
    size_t word;
    for (word = at; word < len && !fl_blank(text[word]);) word++;
    if (memchr(text + at, '/', word - at) || memchr(text + at, ':', word - at))
        for (size_t i = 0; i < sizeof fl_hosts / sizeof fl_hosts[0]; i++)
            if (format_find(text + at, word - at, fl_hosts[i])) return 1;
    return 0;
}

/* FPUZZLES_CODE when the word at `at` is a bare code (SudokuPad's prefix,
 * then base64 whose text starts with '{'), else 0. Its first byte outside
 * base64 (a grid's '.' or blank) decides most lines. */
static int fl_bare_code(const char *text, size_t len, size_t at)
{
    size_t from = at + fl_prefix(text + at, len - at), word;
    for (word = from; word < len && !fl_blank(text[word]); word++)
        if (!fl_base64_char(text[word])) return 0;
    return lz_base64_starts_with(text + from, word - from, '{') ? FPUZZLES_CODE : 0;
}

/* Cheap rejections first: the reader asks this of every line. Every
 * host's name ends in '/', so a line without one (every plain grid) is
 * no link and goes straight to the bare code's test. */
int fpuzzles_detect(const char *text, size_t len)
{
    size_t at = 0;
    while (at < len && fl_blank(text[at])) at++;
    if (at < len && text[at] == '{') return FPUZZLES_JSON;
    if (at < len && memchr(text + at, '/', len - at) && fl_names_host(text, len, at))
        return FPUZZLES_CODE;
    return fl_bare_code(text, len, at);
}

/* Undoes %-escapes of payload into out, keeping where each byte came
 * from; -1 with err at a bad escape. */
static long fl_unescape(const char *payload, size_t len, char *out, long *from,
                        struct sl_error *err)
{
    size_t n = 0;
    for (size_t i = 0; i < len; i++) {
        from[n] = (long)i;
        if (payload[i] != '%') {
            out[n++] = payload[i];
            continue;
        }
        int hi = i + 2 < len ? payload[i + 1] : 0, lo = i + 2 < len ? payload[i + 2] : 0;
        const char *hex = "0123456789ABCDEF0123456789abcdef";
        const char *h = hi ? strchr(hex, hi) : NULL, *l = lo ? strchr(hex, lo) : NULL;
        if (h == NULL || l == NULL) return sl_error_set(err, 0, (long)i + 1, "a bad %%-escape");
        out[n++] = (char)(((h - hex) % 16) * 16 + (l - hex) % 16);
        i += 2;
    }
    from[n] = (long)len;
    return (long)n;
}

int fpuzzles_read_code(const char *text, size_t len, int flags, struct puzzle *p,
                       struct sl_error *warn, struct sl_error *err)
{
    struct sl_error quiet = {0};
    size_t at = 0, word, plen, json_len = 0;
    if (err == NULL) err = &quiet;
    while (at < len && fl_blank(text[at])) at++;
    for (word = at; word < len && !fl_blank(text[word]);) word++;
    long col = (long)at + fl_payload(text + at, word - at, &plen) + 1;
    if ((format_find(text + at, word - at, fl_hosts[1]) ||
         format_find(text + at, word - at, fl_hosts[2])) &&
        !format_find(text + at, word - at, "fpuz"))
        return sl_error_set(
            err, 0, (long)at + 1,
            "this SudokuPad link holds no f-puzzles puzzle (its own forms and short "
            "ids are not read)");
    char *code = malloc(plen + 1), *json = NULL;
    long *from = malloc((plen + 1) * sizeof *from), n = -1;
    if (code == NULL || from == NULL)
        sl_error_set(err, 0, col, "out of memory");
    else if ((n = fl_unescape(text + col - 1, plen, code, from, err)) < 0)
        err->col += col - 1;
    else if ((json = lz_decompress_base64(code, (size_t)n, &json_len, err)) == NULL)
        err->col = col + from[err->col > 0 && err->col <= n ? err->col - 1 : n];
    int rc = -1;
    if (json && (rc = fpuzzles_read_json(json, json_len, flags, p, warn, err)) != 0) {
        char msg[SL_ERROR_MSG_MAX];
        snprintf(msg, sizeof msg, "%s", err->msg);
        sl_error_set(err, 0, col, "in the unpacked JSON at %ld:%ld: %s", err->line, err->col, msg);
    }
    if (rc == 0 && warn && warn->msg[0]) warn->line = 0, warn->col = col;
    free(code);
    free(from);
    free(json);
    return rc;
}
