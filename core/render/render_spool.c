/*
 * render_spool.c — items on disk until a later page draws them
 * (render_spool.h).
 *
 * A record is its length (4 bytes), then: the size and box shape, one
 * byte each; whether it has a solution; the number of marks (2 bytes);
 * the number (8) and rating (8, the double's bytes, so a caption reads
 * as before); the grade and the names, each a length byte and its
 * bytes; the givens, one byte a cell, and the solution's when it has
 * one; then each mark: kind, style, text length (a byte each), its
 * cell count (2 bytes), its text and its cells (2 bytes each). The
 * regions are not kept: render_item_regions makes them again from the
 * marks. A 9x9 killer takes some 600 bytes, a classic some 200; the
 * in-memory item is several kilobytes (arrays sized for 25x25).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "render_spool.h"

struct render_spool {
    FILE *f;
    uint8_t *buf; /* one record being written or read */
    size_t len, cap;
};

struct render_spool *render_spool_open(struct sl_error *err)
{
    const char *dir = getenv("TMPDIR");
    char name[4096];
    if (dir == NULL || dir[0] == '\0') dir = "/tmp";
    if (snprintf(name, sizeof name, "%s/sudolab-render-XXXXXX", dir) >= (int)sizeof name) {
        sl_error_set(err, 0, 0, "TMPDIR is too long a name");
        return NULL;
    }
    struct render_spool *s = calloc(1, sizeof *s);
    int fd = s ? mkstemp(name) : -1;
    if (fd < 0) {
        if (s)
            sl_error_set(err, 0, 0, "cannot make a temporary file in %s: %s", dir, strerror(errno));
        else
            sl_error_set(err, 0, 0, "out of memory");
        free(s);
        return NULL;
    }
    unlink(name); /* no name: nothing is left behind, whatever ends the process */
    s->f = fdopen(fd, "w+b");
    if (s->f == NULL) {
        close(fd);
        free(s);
        sl_error_set(err, 0, 0, "out of memory");
        return NULL;
    }
    return s;
}

void render_spool_close(struct render_spool *s)
{
    if (s == NULL) return;
    fclose(s->f);
    free(s->buf);
    free(s);
}

/* --- writing ------------------------------------------------------------------ */

/* Room for n bytes in the record buffer. */
static int reserve(struct render_spool *s, size_t n)
{
    if (n <= s->cap) return 0;
    size_t cap = s->cap ? s->cap : 1024;
    while (cap < n) cap *= 2;
    uint8_t *more = realloc(s->buf, cap);
    if (more == NULL) return -1;
    s->buf = more;
    s->cap = cap;
    return 0;
}

static int put(struct render_spool *s, const void *bytes, size_t n)
{
    if (reserve(s, s->len + n)) return -1;
    memcpy(s->buf + s->len, bytes, n);
    s->len += n;
    return 0;
}

static int put_u8(struct render_spool *s, unsigned v)
{
    uint8_t b = (uint8_t)v;
    return put(s, &b, 1);
}

static int put_u16(struct render_spool *s, unsigned v)
{
    uint16_t w = (uint16_t)v;
    return put(s, &w, 2);
}

/* A length byte and the bytes of text (shorter than 256: a caption's
 * names and a grade are). */
static int put_text(struct render_spool *s, const char *text)
{
    size_t n = strlen(text);
    return n > 255 || put_u8(s, (unsigned)n) || put(s, text, n);
}

static int put_mark(struct render_spool *s, const struct render_item *it,
                    const struct render_mark *m)
{
    if (m->ncells > 0xffff) return -1;
    if (put_u8(s, (unsigned)m->kind) || put_u8(s, (unsigned)m->style) ||
        put_u8(s, (unsigned)strlen(m->text)) || put_u16(s, (unsigned)m->ncells) ||
        put(s, m->text, strlen(m->text)))
        return -1;
    for (int i = 0; i < m->ncells; i++)
        if (put_u16(s, (unsigned)it->cells[m->first + i])) return -1;
    return 0;
}

static int put_item(struct render_spool *s, const struct render_item *it)
{
    const struct geometry *g = &it->geo;
    int64_t number = it->number;
    if (it->nmarks > 0xffff || put_u8(s, (unsigned)g->size) || put_u8(s, (unsigned)g->box_rows) ||
        put_u8(s, (unsigned)g->box_cols) || put_u8(s, it->has_solution != 0) ||
        put_u16(s, (unsigned)it->nmarks) || put(s, &number, sizeof number) ||
        put(s, &it->rating, sizeof it->rating) || put_text(s, it->grade) ||
        put_text(s, it->names) || put(s, it->givens, (size_t)g->ncells) ||
        (it->has_solution && put(s, it->solution, (size_t)g->ncells)))
        return -1;
    for (int m = 0; m < it->nmarks; m++)
        if (put_mark(s, it, &it->marks[m])) return -1;
    return 0;
}

int render_spool_put(struct render_spool *s, const struct render_item *it, struct sl_error *err)
{
    uint32_t len = 0; /* its place, filled in once the record is made */
    s->len = 0;
    if (put(s, &len, sizeof len) || put_item(s, it))
        return sl_error_set(err, 0, 0, "cannot keep a puzzle for its solution (out of memory)");
    len = (uint32_t)(s->len - sizeof len);
    memcpy(s->buf, &len, sizeof len);
    if (fwrite(s->buf, 1, s->len, s->f) != s->len)
        return sl_error_set(err, 0, 0, "cannot write a temporary file: %s", strerror(errno));
    return 0;
}

int render_spool_rewind(struct render_spool *s, struct sl_error *err)
{
    if (fflush(s->f) != 0 || fseek(s->f, 0, SEEK_SET) != 0)
        return sl_error_set(err, 0, 0, "cannot write a temporary file: %s", strerror(errno));
    return 0;
}

/* --- reading ------------------------------------------------------------------ */

/* A cursor over the record read: each take fails past its end. */
struct cursor {
    const uint8_t *at, *end;
};

static int take(struct cursor *c, void *out, size_t n)
{
    if ((size_t)(c->end - c->at) < n) return -1;
    memcpy(out, c->at, n);
    c->at += n;
    return 0;
}

static int take_u8(struct cursor *c, int *v)
{
    uint8_t b;
    if (take(c, &b, 1)) return -1;
    *v = b;
    return 0;
}

static int take_u16(struct cursor *c, int *v)
{
    uint16_t w;
    if (take(c, &w, 2)) return -1;
    *v = w;
    return 0;
}

static int take_text(struct cursor *c, char *out, size_t cap)
{
    int n;
    if (take_u8(c, &n) || (size_t)n >= cap || take(c, out, (size_t)n)) return -1;
    out[n] = '\0';
    return 0;
}

static int take_mark(struct cursor *c, struct render_item *it)
{
    int kind, style, text, ncells;
    if (take_u8(c, &kind) || take_u8(c, &style) || take_u8(c, &text) || take_u16(c, &ncells) ||
        text >= RENDER_MARK_TEXT ||
        render_item_grow((void **)&it->cells, &it->cell_cap, it->ncells + ncells,
                         sizeof *it->cells))
        return -1;
    struct render_mark *m = &it->marks[it->nmarks++];
    *m = (struct render_mark){(enum mark_kind)kind, style, ncells, it->ncells, ""};
    if (take(c, m->text, (size_t)text)) return -1;
    m->text[text] = '\0';
    for (int i = 0; i < ncells; i++) {
        int cell;
        if (take_u16(c, &cell) || cell >= it->geo.ncells) return -1;
        it->cells[it->ncells++] = cell;
    }
    return 0;
}

static int take_item(struct cursor *c, struct render_item *it)
{
    int size, rows, cols, solved, nmarks;
    int64_t number;
    if (take_u8(c, &size) || take_u8(c, &rows) || take_u8(c, &cols) || take_u8(c, &solved) ||
        take_u16(c, &nmarks) || take(c, &number, sizeof number) ||
        take(c, &it->rating, sizeof it->rating) || take_text(c, it->grade, sizeof it->grade) ||
        take_text(c, it->names, sizeof it->names) ||
        geometry_init(&it->geo, size, rows, cols, NULL))
        return -1;
    it->number = (long)number;
    it->has_solution = solved;
    it->nmarks = it->ncells = 0;
    if (take(c, it->givens, (size_t)it->geo.ncells) ||
        (solved && take(c, it->solution, (size_t)it->geo.ncells)) ||
        render_item_grow((void **)&it->marks, &it->mark_cap, nmarks, sizeof *it->marks))
        return -1;
    for (int m = 0; m < nmarks; m++)
        if (take_mark(c, it)) return -1;
    render_item_regions(it);
    return c->at == c->end ? 0 : -1;
}

int render_spool_get(struct render_spool *s, struct render_item *it, struct sl_error *err)
{
    uint32_t len;
    size_t got = fread(&len, 1, sizeof len, s->f);
    if (got == 0 && feof(s->f)) return 0;
    if (got != sizeof len) return sl_error_set(err, 0, 0, "cannot read a temporary file");
    if (reserve(s, len)) return sl_error_set(err, 0, 0, "out of memory");
    if (fread(s->buf, 1, len, s->f) != len)
        return sl_error_set(err, 0, 0, "cannot read a temporary file");
    struct cursor c = {s->buf, s->buf + len};
    if (take_item(&c, it))
        return sl_error_set(err, 0, 0, "cannot read a temporary file back (out of memory?)");
    return 1;
}
