/*
 * lz_string.c — see lz_string.h. The writer keeps its dictionary as a
 * hash of (entry, next code unit) -> code; the reader keeps each entry as
 * a span of the text already decoded (an entry is always a copy of text
 * it has produced, plus one unit), so neither stores strings.
 */
#include "lz_string.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static const char lz_alphabet[] =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

enum { LZ_LITERAL8 = 0, LZ_LITERAL16 = 1, LZ_END = 2, LZ_FIRST_ENTRY = 3 };
#define LZ_NONE UINT32_MAX

/* ---- UTF-8 and UTF-16 ---- */

/* The code units of UTF-8 text (malloc'ed), or NULL with err. */
static uint16_t *lz_utf16(const char *text, size_t len, size_t *count, struct sl_error *err)
{
    uint16_t *u = malloc((len + 1) * sizeof *u);
    size_t n = 0;
    if (u == NULL) return sl_error_set(err, 0, 0, "out of memory"), NULL;
    for (size_t i = 0; i < len;) {
        const unsigned char *s = (const unsigned char *)text + i;
        int k = s[0] < 0x80                   ? 1
                : s[0] >= 0xC2 && s[0] < 0xE0 ? 2
                : s[0] >= 0xE0 && s[0] < 0xF0 ? 3
                : s[0] >= 0xF0 && s[0] < 0xF5 ? 4
                                              : 0;
        uint32_t cp = k == 1 ? s[0] : k == 2 ? s[0] & 0x1Fu : k == 3 ? s[0] & 0x0Fu : s[0] & 0x07u;
        for (int j = 1; k > 0 && j < k; j++) {
            if (i + (size_t)j >= len || (s[j] & 0xC0) != 0x80)
                k = 0;
            else
                cp = cp << 6 | (s[j] & 0x3Fu);
        }
        if (k == 0 || (k == 3 && cp < 0x800) || (k == 4 && (cp < 0x10000 || cp > 0x10FFFF)) ||
            (cp >= 0xD800 && cp < 0xE000)) {
            free(u);
            return sl_error_set(err, 0, (long)i + 1, "not UTF-8"), NULL;
        }
        if (cp >= 0x10000) {
            u[n++] = (uint16_t)(0xD800 + ((cp - 0x10000) >> 10));
            u[n++] = (uint16_t)(0xDC00 + ((cp - 0x10000) & 0x3FF));
        } else {
            u[n++] = (uint16_t)cp;
        }
        i += (size_t)k;
    }
    *count = n;
    return u;
}

/* UTF-8 of code units (malloc'ed, NUL-terminated), or NULL with err. */
static char *lz_utf8(const uint16_t *u, size_t n, size_t *out_len, struct sl_error *err)
{
    char *out = malloc(3 * n + 1), *o = out;
    if (out == NULL) return sl_error_set(err, 0, 0, "out of memory"), NULL;
    for (size_t i = 0; i < n; i++) {
        uint32_t cp = u[i];
        if (cp >= 0xD800 && cp < 0xDC00 && i + 1 < n && u[i + 1] >= 0xDC00 && u[i + 1] < 0xE000)
            cp = 0x10000 + ((cp - 0xD800) << 10) + (u[++i] - 0xDC00u);
        else if (cp >= 0xD800 && cp < 0xE000) {
            free(out);
            return sl_error_set(err, 0, 1, "the compressed text holds a lone UTF-16 surrogate"),
                   NULL;
        }
        if (cp < 0x80) {
            *o++ = (char)cp;
        } else if (cp < 0x800) {
            *o++ = (char)(0xC0 | cp >> 6);
            *o++ = (char)(0x80 | (cp & 0x3F));
        } else if (cp < 0x10000) {
            *o++ = (char)(0xE0 | cp >> 12);
            *o++ = (char)(0x80 | (cp >> 6 & 0x3F));
            *o++ = (char)(0x80 | (cp & 0x3F));
        } else {
            *o++ = (char)(0xF0 | cp >> 18);
            *o++ = (char)(0x80 | (cp >> 12 & 0x3F));
            *o++ = (char)(0x80 | (cp >> 6 & 0x3F));
            *o++ = (char)(0x80 | (cp & 0x3F));
        }
    }
    *o = '\0';
    *out_len = (size_t)(o - out);
    return out;
}

/* ---- writing bits ---- */

struct lz_bits {
    char *out;
    size_t len;
    unsigned val;
    int pos; /* bits in val, 0..5 */
};

static void lz_put(struct lz_bits *b, unsigned bit)
{
    b->val = b->val << 1 | (bit & 1u);
    if (++b->pos == 6) {
        b->out[b->len++] = lz_alphabet[b->val];
        b->val = 0;
        b->pos = 0;
    }
}

static void lz_put_value(struct lz_bits *b, uint32_t value, int bits)
{
    for (int i = 0; i < bits; i++, value >>= 1) lz_put(b, value);
}

/* ---- the writer's dictionary ---- */

struct lz_entry {
    uint32_t prefix; /* the entry it extends, LZ_NONE for a single unit */
    uint32_t code;   /* 0: empty slot (codes start at 3) */
    uint16_t unit;
    uint8_t pending; /* a single unit not yet written as a literal */
};

struct lz_writer {
    struct lz_entry *slot;
    size_t cap, used;
    uint32_t next_code;
    int bits;
    uint32_t enlarge;
    struct lz_bits out;
};

static size_t lz_hash(uint32_t prefix, uint16_t unit, size_t mask)
{
    uint64_t h = ((uint64_t)prefix * 0x9E3779B97F4A7C15u) ^ ((uint64_t)unit * 0xC2B2AE3D27D4EB4Fu);
    return (size_t)(h ^ h >> 31) & mask;
}

static struct lz_entry *lz_find(struct lz_writer *w, uint32_t prefix, uint16_t unit)
{
    size_t mask = w->cap - 1, i = lz_hash(prefix, unit, mask);
    while (w->slot[i].code && !(w->slot[i].prefix == prefix && w->slot[i].unit == unit))
        i = (i + 1) & mask;
    return &w->slot[i];
}

/* Adds (prefix, unit) with the next code; capacity was made beforehand. */
static struct lz_entry *lz_add(struct lz_writer *w, uint32_t prefix, uint16_t unit)
{
    struct lz_entry *e = lz_find(w, prefix, unit);
    e->prefix = prefix;
    e->unit = unit;
    e->code = w->next_code++;
    e->pending = prefix == LZ_NONE;
    w->used++;
    return e;
}

static void lz_count_down(struct lz_writer *w)
{
    if (--w->enlarge == 0) w->enlarge = 1u << w->bits++;
}

/* Writes the phrase e: a literal the first time a unit is written alone,
 * else its code. */
static void lz_emit(struct lz_writer *w, struct lz_entry *e)
{
    if (e->pending) {
        int wide = e->unit > 255;
        lz_put_value(&w->out, wide ? LZ_LITERAL16 : LZ_LITERAL8, w->bits);
        lz_put_value(&w->out, e->unit, wide ? 16 : 8);
        lz_count_down(w);
        e->pending = 0;
    } else {
        lz_put_value(&w->out, e->code, w->bits);
    }
    lz_count_down(w);
}

/* Encodes units into w->out (sized by the caller). */
static void lz_encode(struct lz_writer *w, const uint16_t *u, size_t n)
{
    uint32_t phrase = LZ_NONE; /* the code of the phrase being matched */
    uint16_t phrase_unit = 0;
    uint32_t phrase_prefix = LZ_NONE;
    for (size_t i = 0; i < n; i++) {
        if (lz_find(w, LZ_NONE, u[i])->code == 0) lz_add(w, LZ_NONE, u[i]);
        if (phrase == LZ_NONE) {
            phrase = lz_find(w, LZ_NONE, u[i])->code, phrase_prefix = LZ_NONE, phrase_unit = u[i];
            continue;
        }
        struct lz_entry *longer = lz_find(w, phrase, u[i]);
        if (longer->code) {
            phrase_prefix = phrase, phrase_unit = u[i], phrase = longer->code;
            continue;
        }
        lz_emit(w, lz_find(w, phrase_prefix, phrase_unit));
        lz_add(w, phrase, u[i]);
        phrase = lz_find(w, LZ_NONE, u[i])->code, phrase_prefix = LZ_NONE, phrase_unit = u[i];
    }
    if (phrase != LZ_NONE) lz_emit(w, lz_find(w, phrase_prefix, phrase_unit));
    lz_put_value(&w->out, LZ_END, w->bits);
    do lz_put(&w->out, 0);
    while (w->out.pos != 0);
}

char *lz_compress_base64(const char *text, size_t len, struct sl_error *err)
{
    size_t n = 0;
    uint16_t *u = lz_utf16(text, len, &n, err);
    if (u == NULL) return NULL;
    struct lz_writer w = {NULL, 64, 0, LZ_FIRST_ENTRY, 2, 2, {NULL, 0, 0, 0}};
    while (w.cap < 4 * (n + 1)) w.cap *= 2;
    w.slot = calloc(w.cap, sizeof *w.slot);
    /* Each unit costs at most 2 literal bits + 16 + one code of up to 32 bits. */
    w.out.out = malloc((n + 2) * 50 / 6 + 8);
    if (w.slot == NULL || w.out.out == NULL) {
        free(u), free(w.slot), free(w.out.out);
        return sl_error_set(err, 0, 0, "out of memory"), NULL;
    }
    lz_encode(&w, u, n);
    while (w.out.len % 4) w.out.out[w.out.len++] = '=';
    w.out.out[w.out.len] = '\0';
    free(u);
    free(w.slot);
    return w.out.out;
}

/* ---- reading ---- */

struct lz_reader {
    const char *code;
    size_t nchars; /* characters before the padding */
    size_t at;     /* the character being read */
    int bit;       /* the next bit of it, 5..0 */
    int past;      /* a bit was wanted past the last character */
    uint16_t *text;
    size_t len, cap;
    size_t *start; /* per entry: where its copy starts in text, and its length */
    uint32_t *size;
    size_t entries, entries_cap;
};

static int lz_value(char c)
{
    const char *hit = c ? strchr(lz_alphabet, c) : NULL;
    return hit ? (int)(hit - lz_alphabet) : -1;
}

static uint32_t lz_get(struct lz_reader *r, int bits)
{
    uint32_t v = 0;
    for (int i = 0; i < bits; i++) {
        if (r->at >= r->nchars) {
            r->past = 1;
            return 0;
        }
        v |= (uint32_t)(lz_value(r->code[r->at]) >> r->bit & 1) << i;
        if (r->bit-- == 0) r->bit = 5, r->at++;
    }
    return v;
}

static int lz_grow_text(struct lz_reader *r, size_t more, struct sl_error *err)
{
    if (r->len + more > (size_t)JSON_TEXT_MAX)
        return sl_error_set(err, 0, (long)r->at + 1,
                            "the compressed text unpacks to more than %ld bytes",
                            (long)JSON_TEXT_MAX);
    if (r->len + more <= r->cap) return 0;
    size_t cap = r->cap ? r->cap : 1024;
    while (cap < r->len + more) cap *= 2;
    uint16_t *t = realloc(r->text, cap * sizeof *t);
    if (t == NULL) return sl_error_set(err, 0, 0, "out of memory");
    r->text = t;
    r->cap = cap;
    return 0;
}

/* Records an entry as the span text[start..start+size). */
static int lz_new_entry(struct lz_reader *r, size_t start, uint32_t size, struct sl_error *err)
{
    if (r->entries == r->entries_cap) {
        size_t cap = r->entries_cap ? 2 * r->entries_cap : 256;
        size_t *s = realloc(r->start, cap * sizeof *s);
        if (s) r->start = s;
        uint32_t *z = s ? realloc(r->size, cap * sizeof *z) : NULL;
        if (z == NULL) return sl_error_set(err, 0, 0, "out of memory");
        r->size = z;
        r->entries_cap = cap;
    }
    r->start[r->entries] = start;
    r->size[r->entries++] = size;
    return 0;
}

/* Appends a literal unit (also a new entry); its span is where it lands. */
static int lz_literal(struct lz_reader *r, uint32_t unit, struct sl_error *err)
{
    if (lz_grow_text(r, 1, err) || lz_new_entry(r, r->len, 1, err)) return -1;
    r->text[r->len++] = (uint16_t)unit;
    return 0;
}

/* Appends a copy of text[from..from+n) and then the unit at text[extra]. */
static int lz_copy(struct lz_reader *r, size_t from, size_t n, size_t extra, struct sl_error *err)
{
    if (lz_grow_text(r, n + (extra != SIZE_MAX), err)) return -1;
    for (size_t i = 0; i < n; i++) r->text[r->len + i] = r->text[from + i];
    r->len += n;
    if (extra != SIZE_MAX) r->text[r->len] = r->text[extra], r->len++;
    return 0;
}

static int lz_decode_error(struct lz_reader *r, struct sl_error *err, const char *what)
{
    return sl_error_set(err, 0, (long)r->at + 1, "%s", what);
}

/* The codes after the first literal; dictionary entries 0..2 are the
 * codes themselves, so entry k of r is code k + 3. */
static int lz_decode_rest(struct lz_reader *r, size_t w_start, uint32_t w_size,
                          struct sl_error *err)
{
    uint32_t enlarge = 4, bits = 3;
    for (;;) {
        uint32_t c = lz_get(r, (int)bits);
        if (r->past) return lz_decode_error(r, err, "the compressed text stops before its end");
        size_t entry_start = r->len;
        if (c == LZ_END) return 0;
        if (c == LZ_LITERAL8 || c == LZ_LITERAL16) {
            uint32_t unit = lz_get(r, c == LZ_LITERAL8 ? 8 : 16);
            if (r->past) return lz_decode_error(r, err, "the compressed text stops before its end");
            if (lz_literal(r, unit, err)) return -1;
            r->len--; /* the unit is taken again below, as entry c */
            c = (uint32_t)r->entries - 1 + LZ_FIRST_ENTRY;
            if (--enlarge == 0) enlarge = 1u << bits++;
        }
        uint32_t k = c - LZ_FIRST_ENTRY;
        if (c < LZ_FIRST_ENTRY || k > r->entries)
            return lz_decode_error(r, err, "the compressed text names an entry it has not made");
        if (k < r->entries && lz_copy(r, r->start[k], r->size[k], SIZE_MAX, err)) return -1;
        if (k == r->entries && lz_copy(r, w_start, w_size, w_start, err)) return -1;
        /* the new entry: the last phrase and the first unit of this one,
         * which sit side by side in the text */
        if (lz_new_entry(r, w_start, w_size + 1, err)) return -1;
        w_start = entry_start;
        w_size = (uint32_t)(r->len - entry_start);
        if (--enlarge == 0) enlarge = 1u << bits++;
        if (bits > 31) return lz_decode_error(r, err, "the compressed text is too long");
    }
}

/* Decodes into r->text; 0 or -1 with err. */
static int lz_decode(struct lz_reader *r, struct sl_error *err)
{
    uint32_t c = lz_get(r, 2);
    if (!r->past && c == LZ_END) return 0;
    uint32_t unit = c <= LZ_LITERAL16 ? lz_get(r, c == LZ_LITERAL8 ? 8 : 16) : 0;
    if (r->past) return lz_decode_error(r, err, "the compressed text stops before its end");
    if (c > LZ_LITERAL16)
        return lz_decode_error(r, err, "the compressed text does not start with a character");
    if (lz_literal(r, unit, err)) return -1;
    if (lz_decode_rest(r, 0, 1, err)) return -1;
    /* the rest of the end code's character is filler, or when the code
     * filled it, one more character of filler; nothing may follow */
    if (r->nchars > r->at + 1)
        return sl_error_set(err, 0, (long)r->at + 2, "text after the end of the compressed stream");
    return 0;
}

/* The characters before padding and trailing blanks, checked; -1 with err. */
static long lz_base64_length(const char *code, size_t len, struct sl_error *err)
{
    while (len > 0 && (code[len - 1] == ' ' || code[len - 1] == '\t' || code[len - 1] == '\r' ||
                       code[len - 1] == '\n'))
        len--;
    size_t n = len;
    while (n > 0 && len - n < 3 && code[n - 1] == '=') n--;
    for (size_t i = 0; i < n; i++)
        if (lz_value(code[i]) < 0)
            return sl_error_set(err, 0, (long)i + 1, "'%c' is not a base64 character", code[i]);
    if (n == 0) return sl_error_set(err, 0, 1, "empty compressed text");
    return (long)n;
}

char *lz_decompress_base64(const char *code, size_t len, size_t *out_len, struct sl_error *err)
{
    long n = lz_base64_length(code, len, err);
    if (n < 0) return NULL;
    struct lz_reader r = {code, (size_t)n, 0, 5, 0, NULL, 0, 0, NULL, NULL, 0, 0};
    char *out = NULL;
    if (lz_decode(&r, err) == 0)
        out = lz_utf8(r.text ? r.text : (uint16_t[]){0}, r.len, out_len, err);
    free(r.text);
    free(r.start);
    free(r.size);
    return out;
}

int lz_base64_starts_with(const char *code, size_t len, char c)
{
    struct lz_reader r = {code, len < 2 ? len : 2, 0, 5, 0, NULL, 0, 0, NULL, NULL, 0, 0};
    for (size_t i = 0; i < r.nchars; i++)
        if (lz_value(code[i]) < 0) return 0;
    return lz_get(&r, 2) == LZ_LITERAL8 && lz_get(&r, 8) == (unsigned char)c && !r.past;
}
