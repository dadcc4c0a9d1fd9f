/*
 * json.c — see json.h. A recursive-descent reader over the whole text:
 * values go into one growing array (children linked by index), decoded
 * strings into one buffer as long as the text (a token never decodes to
 * more bytes than it has, counting its quotes or the byte after it for
 * the NUL), and a hash of (object, key) finds duplicate keys in linear time.
 */
#include "json.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vec.h"

struct json_doc {
    struct json_value *v;
    int *parent; /* per value: the object it is a member of, -1 otherwise */
    int n, cap, parent_cap;
    char *strings;
    int *keys; /* open addressing over member values, -1 empty */
    size_t keys_cap, members;
};

struct json_parser {
    const char *text;
    size_t len, pos;
    long line;
    size_t line_start;
    int depth;
    struct json_doc *doc;
    char *out; /* the next free byte of doc->strings */
    struct sl_error *err;
};

/* ---- errors and positions ---- */

static long json_col(const struct json_parser *p, size_t at)
{
    return (long)(at - p->line_start) + 1;
}

static int json_fail(struct json_parser *p, const char *what)
{
    if (p->pos >= p->len)
        return sl_error_set(p->err, p->line, json_col(p, p->pos), "%s: the text ends", what);
    unsigned char c = (unsigned char)p->text[p->pos];
    if (c > ' ' && c < 0x7f)
        return sl_error_set(p->err, p->line, json_col(p, p->pos), "%s, found '%c'", what, c);
    return sl_error_set(p->err, p->line, json_col(p, p->pos), "%s, found byte 0x%02X", what, c);
}

static void json_skip_blanks(struct json_parser *p)
{
    while (p->pos < p->len) {
        char c = p->text[p->pos];
        if (c == '\n') {
            p->line++;
            p->line_start = p->pos + 1;
        } else if (c != ' ' && c != '\t' && c != '\r') {
            return;
        }
        p->pos++;
    }
}

static int json_peek(const struct json_parser *p)
{
    return p->pos < p->len ? (unsigned char)p->text[p->pos] : -1;
}

/* ---- values ---- */

static int json_new(struct json_parser *p, enum json_type type)
{
    struct json_doc *d = p->doc;
    if (vec_grow((void **)&d->v, &d->cap, d->n + 1, sizeof *d->v, p->err) ||
        vec_grow((void **)&d->parent, &d->parent_cap, d->n + 1, sizeof *d->parent, p->err))
        return -1;
    struct json_value *v = &d->v[d->n];
    memset(v, 0, sizeof *v);
    v->type = type;
    v->first = v->next = -1;
    v->line = p->line;
    v->col = json_col(p, p->pos);
    d->parent[d->n] = -1;
    return d->n++;
}

/* ---- duplicate keys ---- */

static size_t json_key_hash(const char *key, int object)
{
    uint64_t h = 1469598103934665603u ^ (uint64_t)(unsigned)object * 1099511628211u;
    for (const unsigned char *s = (const unsigned char *)key; *s; s++)
        h = (h ^ *s) * 1099511628211u;
    return (size_t)(h ^ (h >> 29));
}

static void json_key_insert(struct json_doc *d, int member)
{
    size_t mask = d->keys_cap - 1, i = json_key_hash(d->v[member].key, d->parent[member]) & mask;
    while (d->keys[i] >= 0) i = (i + 1) & mask;
    d->keys[i] = member;
}

static int json_key_grow(struct json_parser *p)
{
    struct json_doc *d = p->doc;
    if (2 * (d->members + 1) <= d->keys_cap) return 0;
    size_t cap = d->keys_cap ? 2 * d->keys_cap : 64;
    int *keys = malloc(cap * sizeof *keys), *old = d->keys;
    size_t old_cap = d->keys_cap;
    if (keys == NULL) return sl_error_set(p->err, p->line, 0, "out of memory");
    for (size_t i = 0; i < cap; i++) keys[i] = -1;
    d->keys = keys;
    d->keys_cap = cap;
    for (size_t i = 0; i < old_cap; i++)
        if (old[i] >= 0) json_key_insert(d, old[i]);
    free(old);
    return 0;
}

/* 1 when object already has a member named like member (which is not yet
 * in the table); else adds it. */
static int json_key_seen(struct json_parser *p, int member)
{
    struct json_doc *d = p->doc;
    if (json_key_grow(p)) return -1;
    size_t mask = d->keys_cap - 1, i = json_key_hash(d->v[member].key, d->parent[member]) & mask;
    for (; d->keys[i] >= 0; i = (i + 1) & mask) {
        int other = d->keys[i];
        if (d->parent[other] == d->parent[member] && strcmp(d->v[other].key, d->v[member].key) == 0)
            return 1;
    }
    d->keys[i] = member;
    d->members++;
    return 0;
}

/* ---- strings ---- */

/* Bytes of the UTF-8 sequence at s (at most avail), or 0 when it is not
 * one (overlong forms, surrogates and code points past U+10FFFF refused). */
static int json_utf8_length(const unsigned char *s, size_t avail)
{
    int n = s[0] < 0x80                   ? 1
            : s[0] >= 0xC2 && s[0] < 0xE0 ? 2
            : s[0] >= 0xE0 && s[0] < 0xF0 ? 3
            : s[0] >= 0xF0 && s[0] < 0xF5 ? 4
                                          : 0;
    if (n == 0 || (size_t)n > avail) return 0;
    for (int i = 1; i < n; i++)
        if ((s[i] & 0xC0) != 0x80) return 0;
    if (n == 3 && s[0] == 0xE0 && s[1] < 0xA0) return 0;
    if (n == 3 && s[0] == 0xED && s[1] >= 0xA0) return 0;
    if (n == 4 && s[0] == 0xF0 && s[1] < 0x90) return 0;
    if (n == 4 && s[0] == 0xF4 && s[1] >= 0x90) return 0;
    return n;
}

int json_is_utf8(const char *s, size_t len)
{
    const unsigned char *u = (const unsigned char *)s;
    for (size_t at = 0; at < len;) {
        int n = json_utf8_length(u + at, len - at);
        if (n == 0) return 0;
        at += (size_t)n;
    }
    return 1;
}

static char *json_put_utf8(char *out, unsigned long cp)
{
    if (cp < 0x80) {
        *out++ = (char)cp;
    } else if (cp < 0x800) {
        *out++ = (char)(0xC0 | (cp >> 6));
        *out++ = (char)(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
        *out++ = (char)(0xE0 | (cp >> 12));
        *out++ = (char)(0x80 | ((cp >> 6) & 0x3F));
        *out++ = (char)(0x80 | (cp & 0x3F));
    } else {
        *out++ = (char)(0xF0 | (cp >> 18));
        *out++ = (char)(0x80 | ((cp >> 12) & 0x3F));
        *out++ = (char)(0x80 | ((cp >> 6) & 0x3F));
        *out++ = (char)(0x80 | (cp & 0x3F));
    }
    return out;
}

/* The four hex digits after "\u" at p->pos, or -1. */
static long json_hex4(struct json_parser *p)
{
    long v = 0;
    for (int i = 0; i < 4; i++, p->pos++) {
        int c = json_peek(p), d = c >= '0' && c <= '9'   ? c - '0'
                                  : c >= 'a' && c <= 'f' ? c - 'a' + 10
                                  : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                                         : -1;
        if (d < 0) return json_fail(p, "expected four hex digits after \\u");
        v = v * 16 + d;
    }
    return v;
}

/* A \u escape (p->pos past the 'u'), a surrogate pair joined. */
static int json_unicode_escape(struct json_parser *p, size_t escape_at)
{
    long cp = json_hex4(p);
    if (cp < 0) return -1;
    if (cp >= 0xD800 && cp < 0xDC00) {
        long low = -1;
        if (p->pos + 1 < p->len && p->text[p->pos] == '\\' && p->text[p->pos + 1] == 'u') {
            p->pos += 2;
            if ((low = json_hex4(p)) < 0) return -1;
        }
        if (low < 0xDC00 || low > 0xDFFF)
            return sl_error_set(p->err, p->line, json_col(p, escape_at),
                                "a high surrogate \\u escape must be followed by a low one");
        cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
    } else if (cp >= 0xDC00 && cp <= 0xDFFF) {
        return sl_error_set(p->err, p->line, json_col(p, escape_at),
                            "a lone low surrogate \\u escape");
    } else if (cp == 0) {
        return sl_error_set(p->err, p->line, json_col(p, escape_at),
                            "\\u0000 is not allowed in a string");
    }
    p->out = json_put_utf8(p->out, (unsigned long)cp);
    return 0;
}

static int json_escape(struct json_parser *p)
{
    static const char from[] = "\"\\/bfnrt", to[] = "\"\\/\b\f\n\r\t";
    size_t at = p->pos++;
    int c = json_peek(p);
    const char *hit = c > 0 ? strchr(from, c) : NULL;
    p->pos++;
    if (c == 'u') return json_unicode_escape(p, at);
    if (hit == NULL || c == 0) {
        p->pos = at + 1;
        return json_fail(p, "not a JSON escape");
    }
    *p->out++ = to[hit - from];
    return 0;
}

/* A string at p->pos (its quote): its decoded text, or NULL. */
static const char *json_string_text(struct json_parser *p, size_t *len)
{
    char *start = p->out;
    p->pos++;
    for (;;) {
        int c = json_peek(p);
        if (c < 0) return json_fail(p, "unterminated string"), NULL;
        if (c == '"') break;
        if (c < 0x20) return json_fail(p, "a control character must be escaped in a string"), NULL;
        if (c == '\\') {
            if (json_escape(p)) return NULL;
            continue;
        }
        int n = json_utf8_length((const unsigned char *)p->text + p->pos, p->len - p->pos);
        if (n == 0) return json_fail(p, "not UTF-8"), NULL;
        memcpy(p->out, p->text + p->pos, (size_t)n);
        p->out += n;
        p->pos += (size_t)n;
    }
    p->pos++;
    *len = (size_t)(p->out - start);
    *p->out++ = '\0';
    return start;
}

/* ---- numbers and words ---- */

static size_t json_digits(struct json_parser *p)
{
    size_t n = 0;
    while (json_peek(p) >= '0' && json_peek(p) <= '9') p->pos++, n++;
    return n;
}

static int json_number(struct json_parser *p, int at)
{
    size_t start = p->pos;
    if (json_peek(p) == '-') p->pos++;
    if (json_peek(p) == '0') {
        p->pos++;
        if (json_peek(p) >= '0' && json_peek(p) <= '9')
            return json_fail(p, "a number has no leading zeros");
    } else if (json_digits(p) == 0) {
        return json_fail(p, "expected a digit");
    }
    if (json_peek(p) == '.' && (p->pos++, json_digits(p) == 0))
        return json_fail(p, "expected a digit after '.'");
    if (json_peek(p) == 'e' || json_peek(p) == 'E') {
        p->pos++;
        if (json_peek(p) == '+' || json_peek(p) == '-') p->pos++;
        if (json_digits(p) == 0) return json_fail(p, "expected a digit in the exponent");
    }
    struct json_value *v = &p->doc->v[at];
    v->len = p->pos - start;
    memcpy(p->out, p->text + start, v->len);
    p->out[v->len] = '\0';
    v->str = p->out;
    v->number = strtod(p->out, NULL);
    p->out += v->len + 1;
    return 0;
}

static int json_word(struct json_parser *p, int at)
{
    static const struct {
        const char *word;
        enum json_type type;
    } words[] = {{"true", JSON_TRUE}, {"false", JSON_FALSE}, {"null", JSON_NULL}};
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++) {
        size_t n = strlen(words[i].word);
        if (p->len - p->pos >= n && memcmp(p->text + p->pos, words[i].word, n) == 0) {
            p->doc->v[at].type = words[i].type;
            p->pos += n;
            return 0;
        }
    }
    return json_fail(p, "expected a JSON value");
}

/* ---- arrays and objects ---- */

static int json_value_at(struct json_parser *p);

/* Links child after *last (or as the first child of parent). */
static void json_link(struct json_doc *d, int parent, int *last, int child)
{
    if (*last < 0)
        d->v[parent].first = child;
    else
        d->v[*last].next = child;
    *last = child;
    d->v[parent].count++;
}

static int json_member(struct json_parser *p, int object, int *last)
{
    if (json_peek(p) != '"') return json_fail(p, "expected a key (a string)");
    long line = p->line, col = json_col(p, p->pos);
    size_t len;
    const char *key = json_string_text(p, &len);
    if (key == NULL) return -1;
    json_skip_blanks(p);
    if (json_peek(p) != ':') return json_fail(p, "expected ':' after a key");
    p->pos++;
    int member = json_value_at(p);
    if (member < 0) return -1;
    p->doc->v[member].key = key;
    p->doc->parent[member] = object;
    int seen = json_key_seen(p, member);
    if (seen)
        return seen < 0 ? -1 : sl_error_set(p->err, line, col, "the key \"%s\" appears twice", key);
    json_link(p->doc, object, last, member);
    return 0;
}

/* An array or object (p->pos at its bracket) into value `at`. */
static int json_container(struct json_parser *p, int at, int object)
{
    int close = object ? '}' : ']', last = -1;
    if (++p->depth > JSON_DEPTH_MAX) return json_fail(p, "nested too deep");
    p->pos++;
    json_skip_blanks(p);
    if (json_peek(p) == close) {
        p->pos++;
        p->depth--;
        return 0;
    }
    for (;;) {
        json_skip_blanks(p);
        int child = object ? json_member(p, at, &last) : json_value_at(p);
        if (child < 0) return -1;
        if (!object) json_link(p->doc, at, &last, child);
        json_skip_blanks(p);
        if (json_peek(p) == close) break;
        if (json_peek(p) != ',')
            return json_fail(p, object ? "expected ',' or '}'" : "expected ',' or ']'");
        p->pos++;
    }
    p->pos++;
    p->depth--;
    return 0;
}

/* Parses one value (blanks first) and returns its index, or -1. */
static int json_value_at(struct json_parser *p)
{
    json_skip_blanks(p);
    int c = json_peek(p);
    int at = json_new(p, c == '{'   ? JSON_OBJECT
                         : c == '[' ? JSON_ARRAY
                         : c == '"' ? JSON_STRING
                                    : JSON_NUMBER);
    if (at < 0) return -1;
    int rc;
    if (c == '{' || c == '[') {
        rc = json_container(p, at, c == '{');
    } else if (c == '"') {
        size_t len = 0;
        const char *s = json_string_text(p, &len);
        p->doc->v[at].str = s;
        p->doc->v[at].len = len;
        rc = s ? 0 : -1;
    } else if (c == '-' || (c >= '0' && c <= '9')) {
        rc = json_number(p, at);
    } else {
        rc = json_word(p, at);
    }
    return rc ? -1 : at;
}

/* ---- public ---- */

struct json_doc *json_parse(const char *text, size_t len, struct sl_error *err)
{
    struct json_doc *d = calloc(1, sizeof *d);
    struct json_parser p = {text, len, 0, 1, 0, 0, d, NULL, err};
    if (d == NULL || (d->strings = malloc(len + 2)) == NULL) {
        json_free(d);
        sl_error_set(err, 0, 0, "out of memory");
        return NULL;
    }
    p.out = d->strings;
    if (len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0) p.pos = p.line_start = 3;
    int root = json_value_at(&p);
    if (root >= 0) json_skip_blanks(&p);
    if (root >= 0 && p.pos < len) root = json_fail(&p, "text after the JSON value");
    if (root < 0) {
        json_free(d);
        return NULL;
    }
    return d;
}

void json_free(struct json_doc *doc)
{
    if (doc == NULL) return;
    free(doc->v);
    free(doc->parent);
    free(doc->strings);
    free(doc->keys);
    free(doc);
}

const struct json_value *json_root(const struct json_doc *doc) { return &doc->v[0]; }

const struct json_value *json_first(const struct json_doc *doc, const struct json_value *v)
{
    return v->first >= 0 ? &doc->v[v->first] : NULL;
}

const struct json_value *json_next(const struct json_doc *doc, const struct json_value *v)
{
    return v->next >= 0 ? &doc->v[v->next] : NULL;
}

const struct json_value *json_get(const struct json_doc *doc, const struct json_value *obj,
                                  const char *key)
{
    if (obj->type != JSON_OBJECT) return NULL;
    for (const struct json_value *m = json_first(doc, obj); m; m = json_next(doc, m))
        if (strcmp(m->key, key) == 0) return m;
    return NULL;
}

const char *json_type_name(enum json_type type)
{
    static const char *const names[] = {"null",     "false",    "true",     "a number",
                                        "a string", "an array", "an object"};
    return names[type];
}

/* ---- writing ---- */

static void json_out_reserve(struct json_out *out, size_t more)
{
    if (out->failed || out->len + more + 1 <= out->cap) return;
    size_t cap = out->cap ? out->cap : 256;
    while (cap < out->len + more + 1) cap *= 2;
    char *buf = realloc(out->buf, cap);
    if (buf == NULL) {
        out->failed = 1;
        return;
    }
    out->buf = buf;
    out->cap = cap;
}

void json_out_printf(struct json_out *out, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n < 0) {
        out->failed = 1;
        return;
    }
    json_out_reserve(out, (size_t)n);
    if (out->failed) return;
    va_start(ap, fmt);
    vsnprintf(out->buf + out->len, (size_t)n + 1, fmt, ap);
    va_end(ap);
    out->len += (size_t)n;
}

/* s quoted and escaped, piece by piece through put: control characters
 * as \u00XX, and each byte that is not UTF-8 (a file name's Latin-1, say)
 * as U+FFFD, so the text stays JSON whatever s holds. One escaper for
 * both writers, so a buffer and a file never disagree. */
static void json_quote(const char *s, void (*put)(void *sink, const char *bytes, size_t n),
                       void *sink)
{
    const unsigned char *u = (const unsigned char *)s;
    size_t len = strlen(s);
    char piece[8];
    put(sink, "\"", 1);
    for (size_t at = 0; at < len;) {
        int n = json_utf8_length(u + at, len - at);
        if (n == 0) {
            put(sink, "\\ufffd", 6);
            n = 1;
        } else if (u[at] == '"' || u[at] == '\\' || u[at] < 0x20) {
            int w = u[at] < 0x20 ? snprintf(piece, sizeof piece, "\\u%04x", u[at])
                                 : snprintf(piece, sizeof piece, "\\%c", u[at]);
            put(sink, piece, (size_t)w);
        } else {
            put(sink, (const char *)u + at, (size_t)n);
        }
        at += (size_t)n;
    }
    put(sink, "\"", 1);
}

static void json_put_out(void *sink, const char *bytes, size_t n)
{
    json_out_printf(sink, "%.*s", (int)n, bytes);
}

static void json_put_file(void *sink, const char *bytes, size_t n) { fwrite(bytes, 1, n, sink); }

void json_out_string(struct json_out *out, const char *s) { json_quote(s, json_put_out, out); }

void json_write_string(FILE *f, const char *s) { json_quote(s, json_put_file, f); }

void json_out_free(struct json_out *out)
{
    free(out->buf);
    memset(out, 0, sizeof *out);
}
