/*
 * render_book.c — the output: a booklet or a picture made as the items
 * come (render.h's render_book), and render_write on top of it.
 *
 * A PDF booklet going to a file is drawn while the puzzles are still
 * being read: a worker thread draws each page of puzzles as soon as its
 * items are in, so reading, solving and rating (the caller's thread) and
 * drawing share the machine's cores; without solutions pages, whose
 * turn comes at the end, a page's items are freed once it is drawn, so
 * the memory stays that of the pages not yet drawn. The file is made under a temporary
 * name and renamed only when complete, so a bad puzzle later in the
 * input, or any failure, leaves no file. Everything else (pictures,
 * standard output) is drawn at the end.
 */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "render_draw.h"

#define PNG_SCALE 2.0 /* pixels per point */

struct render_book {
    const struct cairo_lib *cairo;
    struct render_options o;
    char title[RENDER_TITLE_MAX];
    const char *path; /* NULL: stdout */
    char temp[4096];
    struct render_item **items;
    int n, cap;
    cairo_surface_t *surface;
    cairo_t *cr;
    int drawn, pages; /* items on puzzle pages drawn, pages drawn */
    int threaded, closing, abandon;
    pthread_t worker;
    pthread_mutex_t lock;
    pthread_cond_t wake;
};

static cairo_status_t write_stdout(void *closure, const unsigned char *data, unsigned int length)
{
    (void)closure;
    return fwrite(data, 1, length, stdout) == length ? CAIRO_STATUS_SUCCESS
                                                     : CAIRO_STATUS_WRITE_ERROR;
}

/* The surface for the book's form, size w x h points. */
static int book_surface(struct render_book *b, double w, double h)
{
    const char *to = b->path ? b->temp : NULL;
    switch (b->o.format) {
    case RENDER_SVG:
        b->surface = to ? b->cairo->svg_surface_create(to, w, h)
                        : b->cairo->svg_surface_create_for_stream(write_stdout, NULL, w, h);
        break;
    case RENDER_PNG:
        b->surface = b->cairo->image_surface_create(CAIRO_FORMAT_RGB24, (int)(w * PNG_SCALE + 0.5),
                                                    (int)(h * PNG_SCALE + 0.5));
        break;
    default:
        b->surface = to ? b->cairo->pdf_surface_create(to, w, h)
                        : b->cairo->pdf_surface_create_for_stream(write_stdout, NULL, w, h);
        if (b->o.title)
            b->cairo->pdf_surface_set_metadata(b->surface, CAIRO_PDF_METADATA_TITLE, b->title);
    }
    b->cr = b->cairo->create(b->surface);
    if (b->o.format == RENDER_PNG) b->cairo->scale(b->cr, PNG_SCALE, PNG_SCALE);
    return b->cairo->status(b->cr) == CAIRO_STATUS_SUCCESS ? 0 : -1;
}

/* Makes the book's temporary file, empty: 0, or -1 with err saying why
 * the path cannot be written. */
static int book_probe(struct render_book *b, struct sl_error *err)
{
    FILE *f = fopen(b->temp, "wb");
    if (f == NULL) return sl_error_set(err, 0, 0, "cannot write %s: %s", b->path, strerror(errno));
    fclose(f);
    return 0;
}

/* Draws the next page of puzzles from items [drawn, drawn + count). */
static void book_page(struct render_book *b, struct render_item *const *items, int count,
                      int solutions)
{
    render_draw_page(b->cairo, b->cr, &b->o, (const struct render_item *const *)items, count,
                     solutions, ++b->pages);
}

/* Frees the items of a page drawn for good. */
static void book_forget(struct render_item *const *items, int count)
{
    for (int i = 0; i < count; i++) render_item_free(items[i]), free(items[i]);
}

static void *book_worker(void *arg)
{
    struct render_book *b = arg;
    struct render_item *page[6];
    pthread_mutex_lock(&b->lock);
    for (;;) {
        while (!b->closing && b->n - b->drawn < b->o.per_page)
            pthread_cond_wait(&b->wake, &b->lock);
        int count = b->n - b->drawn < b->o.per_page ? b->n - b->drawn : b->o.per_page;
        if (count == 0 || b->abandon) break;
        memcpy(page, b->items + b->drawn, (size_t)count * sizeof page[0]);
        pthread_mutex_unlock(&b->lock);
        book_page(b, page, count, 0);
        if (!b->o.solutions) book_forget(page, count);
        pthread_mutex_lock(&b->lock);
        /* no solutions page comes back to them: only the pointers stay */
        if (!b->o.solutions) memset(b->items + b->drawn, 0, (size_t)count * sizeof page[0]);
        b->drawn += count;
    }
    pthread_mutex_unlock(&b->lock);
    return NULL;
}

struct render_book *render_book_open(const struct render_options *o, const char *path,
                                     struct sl_error *err)
{
    if (o->per_page != 1 && o->per_page != 2 && o->per_page != 4 && o->per_page != 6) {
        sl_error_set(err, 0, 0, "%d puzzles per page: 1, 2, 4 or 6", o->per_page);
        return NULL;
    }
    const struct cairo_lib *cairo = cairo_lib_open(err);
    if (cairo == NULL) return NULL;
    struct render_book *b = calloc(1, sizeof *b);
    if (b == NULL) {
        sl_error_set(err, 0, 0, "out of memory");
        return NULL;
    }
    b->cairo = cairo;
    b->o = *o;
    b->path = path;
    if (o->title) snprintf(b->title, sizeof b->title, "%s", o->title);
    b->o.title = o->title ? b->title : NULL;
    if (path && snprintf(b->temp, sizeof b->temp, "%s.part%ld", path, (long)getpid()) >=
                    (int)sizeof b->temp) {
        free(b);
        sl_error_set(err, 0, 0, "%s: the name is too long", path);
        return NULL;
    }
    /* The drawing library makes the file only when the picture is done,
     * and says no more than "write error" when it cannot: the file is
     * made here first, so a missing folder is named, with its reason,
     * before any puzzle is read. */
    if (path && book_probe(b, err)) {
        free(b);
        return NULL;
    }
    if (path && o->format == RENDER_PDF) {
        double w, h;
        render_page_size(o, &w, &h);
        if (book_surface(b, w, h)) {
            render_book_close(b, 0, err);
            sl_error_set(err, 0, 0, "cannot write %s", path);
            return NULL;
        }
        pthread_mutex_init(&b->lock, NULL);
        pthread_cond_init(&b->wake, NULL);
        b->threaded = pthread_create(&b->worker, NULL, book_worker, b) == 0;
        if (!b->threaded) {
            pthread_mutex_destroy(&b->lock);
            pthread_cond_destroy(&b->wake);
        }
    }
    return b;
}

static struct render_item *item_copy(const struct render_item *it)
{
    struct render_item *c = malloc(sizeof *c);
    if (c == NULL) return NULL;
    *c = *it;
    c->mark_cap = c->nmarks;
    c->cell_cap = c->ncells;
    c->marks = malloc((size_t)(c->nmarks ? c->nmarks : 1) * sizeof *c->marks);
    c->cells = malloc((size_t)(c->ncells ? c->ncells : 1) * sizeof *c->cells);
    if (c->marks == NULL || c->cells == NULL) {
        render_item_free(c);
        free(c);
        return NULL;
    }
    if (c->nmarks) memcpy(c->marks, it->marks, (size_t)c->nmarks * sizeof *c->marks);
    if (c->ncells) memcpy(c->cells, it->cells, (size_t)c->ncells * sizeof *c->cells);
    return c;
}

int render_book_add(struct render_book *b, const struct render_item *it, struct sl_error *err)
{
    if (b->o.solutions && !it->has_solution)
        return sl_error_set(err, 0, 0, "puzzle %d has no solution to draw", b->n + 1);
    struct render_item *c = item_copy(it);
    if (c && b->n == b->cap) {
        int cap = b->cap ? 2 * b->cap : 64;
        struct render_item **more = NULL;
        if (b->threaded) pthread_mutex_lock(&b->lock);
        more = realloc(b->items, (size_t)cap * sizeof *more);
        if (more) b->items = more, b->cap = cap;
        if (b->threaded) pthread_mutex_unlock(&b->lock);
        if (more == NULL) render_item_free(c), free(c), c = NULL;
    }
    if (c == NULL) return sl_error_set(err, 0, 0, "out of memory");
    if (b->threaded) pthread_mutex_lock(&b->lock);
    b->items[b->n++] = c;
    if (b->threaded) pthread_cond_signal(&b->wake), pthread_mutex_unlock(&b->lock);
    return 0;
}

/* What the worker has not drawn, then the solutions; or the picture. */
static int book_finish(struct render_book *b, struct sl_error *err)
{
    if (b->n == 0) return sl_error_set(err, 0, 0, "no puzzle to draw");
    if (b->o.format == RENDER_AUTO) b->o.format = b->n > 1 ? RENDER_PDF : RENDER_SVG;
    if (b->o.format != RENDER_PDF && b->n > 1)
        return sl_error_set(err, 0, 0, "%s holds one puzzle and %d were read; use --format pdf",
                            render_format_names[b->o.format], b->n);
    double w, h;
    if (b->o.format == RENDER_PDF)
        render_page_size(&b->o, &w, &h);
    else
        render_picture_size(b->items[0], &b->o, &w, &h);
    if (b->surface == NULL && book_surface(b, w, h))
        return sl_error_set(err, 0, 0, "cannot write %s: %s", b->path ? b->path : "standard output",
                            b->cairo->status_to_string(b->cairo->status(b->cr)));
    int per = b->o.per_page;
    if (b->o.format != RENDER_PDF) render_draw_picture(b->cairo, b->cr, b->items[0], &b->o);
    for (int first = b->drawn; b->o.format == RENDER_PDF && first < b->n; first += per)
        book_page(b, b->items + first, b->n - first < per ? b->n - first : per, 0);
    for (int first = 0; b->o.format == RENDER_PDF && b->o.solutions && first < b->n; first += per)
        book_page(b, b->items + first, b->n - first < per ? b->n - first : per, 1);
    cairo_status_t st = b->cairo->status(b->cr);
    if (st == CAIRO_STATUS_SUCCESS && b->o.format == RENDER_PNG)
        st = b->path ? b->cairo->surface_write_to_png(b->surface, b->temp)
                     : b->cairo->surface_write_to_png_stream(b->surface, write_stdout, NULL);
    b->cairo->destroy(b->cr);
    b->cr = NULL;
    b->cairo->surface_finish(b->surface);
    if (st == CAIRO_STATUS_SUCCESS) st = b->cairo->surface_status(b->surface);
    if (st != CAIRO_STATUS_SUCCESS)
        return sl_error_set(err, 0, 0, "%s: cannot write: %s",
                            b->path ? b->path : "standard output", b->cairo->status_to_string(st));
    if (b->path && rename(b->temp, b->path) != 0)
        return sl_error_set(err, 0, 0, "%s: %s", b->path, strerror(errno));
    return 0;
}

int render_book_close(struct render_book *b, int commit, struct sl_error *err)
{
    if (b->threaded) {
        pthread_mutex_lock(&b->lock);
        b->closing = 1;
        b->abandon = !commit;
        pthread_cond_signal(&b->wake);
        pthread_mutex_unlock(&b->lock);
        pthread_join(b->worker, NULL);
        pthread_mutex_destroy(&b->lock);
        pthread_cond_destroy(&b->wake);
    }
    int rc = commit ? book_finish(b, err) : 0;
    if (b->cr) b->cairo->destroy(b->cr);
    if (b->surface) b->cairo->surface_destroy(b->surface);
    if (b->path && (rc || !commit)) unlink(b->temp);
    for (int i = 0; i < b->n; i++)
        if (b->items[i]) render_item_free(b->items[i]), free(b->items[i]);
    free(b->items);
    free(b);
    return rc;
}

int render_write(const struct render_item *items, int n, const struct render_options *o,
                 const char *path, struct sl_error *err)
{
    struct render_book *b = render_book_open(o, path, err);
    if (b == NULL) return -1;
    for (int i = 0; i < n; i++)
        if (render_book_add(b, &items[i], err)) {
            render_book_close(b, 0, err);
            return -1;
        }
    return render_book_close(b, 1, err);
}

void render_release(void) { cairo_lib_release(); }
