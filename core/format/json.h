/*
 * json.h — a small strict JSON reader and a writer, for the f-puzzles
 * interchange (fpuzzles.h).
 *
 * Reading: json_parse takes the whole text (RFC 8259: one value, blanks
 * around it; no comments, no trailing commas, no leading zeros, no raw
 * control characters in strings, \u escapes with surrogate pairs joined,
 * a lone surrogate refused, a duplicate key in one object refused, nesting
 * at most JSON_DEPTH_MAX deep) into a tree of values that remembers the
 * line and column of each. Strings come out as UTF-8 with a NUL after them
 * (a "\u0000" inside is refused, so a string is a C string). Errors give
 * the line and column (1-based, columns in bytes) of the first wrong byte.
 * No input crashes, loops or takes more than linear time and memory.
 *
 * Writing: json_out builds text in a growing buffer; a failed allocation
 * sticks (out->failed) and the text is then to be dropped.
 */
#ifndef SUDOLAB_JSON_H
#define SUDOLAB_JSON_H

#include <stddef.h>
#include <stdio.h>

#include "error.h"

enum json_type {
    JSON_NULL,
    JSON_FALSE,
    JSON_TRUE,
    JSON_NUMBER,
    JSON_STRING,
    JSON_ARRAY,
    JSON_OBJECT
};

struct json_value {
    enum json_type type;
    int count;       /* array, object: children */
    int first, next; /* first child, next sibling: indexes in the document, -1 none */
    const char *key; /* a member of an object: its key (UTF-8, NUL-terminated) */
    const char *str; /* string: its text; number: its source text */
    size_t len;      /* bytes of str */
    double number;
    long line, col; /* where the value starts */
};

struct json_doc;

/* Parses text[0..len). NULL with err (line, column, message) on error. */
struct json_doc *json_parse(const char *text, size_t len, struct sl_error *err);
void json_free(struct json_doc *doc);

const struct json_value *json_root(const struct json_doc *doc);
/* The first child of an array or object, and the sibling after v; NULL
 * at the end. */
const struct json_value *json_first(const struct json_doc *doc, const struct json_value *v);
const struct json_value *json_next(const struct json_doc *doc, const struct json_value *v);
/* The member of an object by key, or NULL. */
const struct json_value *json_get(const struct json_doc *doc, const struct json_value *obj,
                                  const char *key);
/* 1 when s[0..len) is UTF-8 as the reader takes it (no overlong forms,
 * surrogates or code points past U+10FFFF), else 0: text a JSON string
 * may hold as it is. */
int json_is_utf8(const char *s, size_t len);

/* The type's name ("string", "an array", ...), for messages. */
const char *json_type_name(enum json_type type);

struct json_out {
    char *buf;
    size_t len, cap;
    int failed;
};

/* printf into out (no escaping). */
void json_out_printf(struct json_out *out, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* s as a JSON string, quoted and escaped, into out or into f: control
 * characters as \u00XX, and each byte that is not UTF-8 (a file name's
 * Latin-1, say) as U+FFFD, so the text stays JSON whatever s holds. */
void json_out_string(struct json_out *out, const char *s);
void json_write_string(FILE *f, const char *s);
void json_out_free(struct json_out *out);

#endif
