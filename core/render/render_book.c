/*
 * render_book.c — the output: a booklet or a picture made as the items
 * come (render.h's render_book), and render_write on top of it.
 *
 * A PDF booklet going to a file is drawn while the puzzles are still
 * being read: a worker thread draws each page of puzzles as soon as its
 * items are in, so reading, solving and rating (the caller's thread) and
 * drawing share the machine's cores, and frees them once drawn; the
 * items not yet drawn are few, as adding waits while BOOK_QUEUE are. The
 * solutions pages come after every puzzle page: their items are kept
 * on disk meanwhile (render_spool.h) and read back a page at a time.
 * Everything else (pictures, standard output) is drawn at the end, from
 * the first item kept in memory when it is the only one, else from the
 * spool. So the memory a book takes does not grow with its puzzles.
 * The file is made under a temporary name and renamed only when
 * complete, so a bad puzzle later in the input, or any failure, leaves
 * no file.
 */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "render_draw.h"
#include "render_spool.h"

#define PNG_SCALE 2.0 /* pixels per point */
/* Items added and not yet drawn by the worker, at most: when reading
 * outpaces drawing, reading waits rather than piling them up. */
#define BOOK_QUEUE 256

struct render_book {
    const struct cairo_lib *cairo;
    struct render_options o;
    char title[RENDER_TITLE_MAX];
    const char *path; /* NULL: stdout */
    char temp[4096];
    FILE *out;       /* the temporary file (path), or stdout; written by book_write alone */
    int write_errno; /* why a write to out first failed, or 0 */
    int n;           /* items added */
    struct render_item *first;  /* drawn at the close: the first item */
    struct render_spool *spool; /* the items a later page draws, or NULL */
    /* The worker's: items not yet drawn, queue[head..tail). */
    struct render_item *queue[BOOK_QUEUE];
    int head, tail;
    cairo_surface_t *surface;
    cairo_t *cr;
    int pages; /* pages drawn */
    int threaded, closing, abandon;
    int failed; /* the worker's drawing failed (under lock): adding stops */
    pthread_t worker;
    pthread_mutex_t lock;
    pthread_cond_t wake, room;
};

/* Every surface writes through here, so a failed write keeps its cause:
 * the drawing library's own file output said "error while writing to
 * output stream" alone, for a full disk as for a file size limit. */
static cairo_status_t book_write(void *closure, const unsigned char *data, unsigned int length)
{
    struct render_book *b = closure;
    if (fwrite(data, 1, length, b->out) == length) return CAIRO_STATUS_SUCCESS;
    if (!b->write_errno) b->write_errno = errno ? errno : EIO;
    return CAIRO_STATUS_WRITE_ERROR;
}

/* Whether drawing has failed, a write or the drawing library: the rest
 * of the book is not drawn (a full disk went on to the last page). For
 * the thread drawing. */
static int book_broken(const struct render_book *b)
{
    return b->write_errno || (b->cr && b->cairo->status(b->cr) != CAIRO_STATUS_SUCCESS);
}

/* Why the book cannot be written, into err: -1. */
static int book_write_failed(const struct render_book *b, struct sl_error *err)
{
    const char *why = b->write_errno ? strerror(b->write_errno)
                                     : b->cairo->status_to_string(b->cairo->status(b->cr));
    return sl_error_set(err, 0, 0, "cannot write %s: %s", b->path ? b->path : "standard output",
                        why);
}

/* The surface for the book's form, size w x h points. */
static int book_surface(struct render_book *b, double w, double h)
{
    switch (b->o.format) {
    case RENDER_SVG:
        b->surface = b->cairo->svg_surface_create_for_stream(book_write, b, w, h);
        break;
    case RENDER_PNG:
        b->surface = b->cairo->image_surface_create(CAIRO_FORMAT_RGB24, (int)(w * PNG_SCALE + 0.5),
                                                    (int)(h * PNG_SCALE + 0.5));
        break;
    default:
        b->surface = b->cairo->pdf_surface_create_for_stream(book_write, b, w, h);
        if (b->o.title)
            b->cairo->pdf_surface_set_metadata(b->surface, CAIRO_PDF_METADATA_TITLE, b->title);
    }
    b->cr = b->cairo->create(b->surface);
    if (b->o.format == RENDER_PNG) b->cairo->scale(b->cr, PNG_SCALE, PNG_SCALE);
    return b->cairo->status(b->cr) == CAIRO_STATUS_SUCCESS ? 0 : -1;
}

/* Opens the book's temporary file, empty: 0, or -1 with err saying why
 * the path cannot be written. */
static int book_probe(struct render_book *b, struct sl_error *err)
{
    b->out = fopen(b->temp, "wb");
    if (b->out == NULL)
        return sl_error_set(err, 0, 0, "cannot write %s: %s", b->path, strerror(errno));
    return 0;
}

/* Draws the next page: count items, their puzzles or their solutions. */
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
        while (!b->closing && b->tail - b->head < b->o.per_page)
            pthread_cond_wait(&b->wake, &b->lock);
        int left = b->tail - b->head;
        int count = left < b->o.per_page ? left : b->o.per_page;
        if (count == 0 || b->abandon || b->failed) break;
        for (int i = 0; i < count; i++) page[i] = b->queue[(b->head + i) % BOOK_QUEUE];
        pthread_mutex_unlock(&b->lock);
        book_page(b, page, count, 0);
        book_forget(page, count);
        pthread_mutex_lock(&b->lock);
        /* the slots are free only now: adding does not overwrite a page being drawn */
        b->head += count;
        b->failed = book_broken(b);
        pthread_cond_signal(&b->room);
    }
    pthread_mutex_unlock(&b->lock);
    return NULL;
}

/* The worker, for a PDF going to a file, and the spool its solutions
 * pages will need. Without a thread the book is drawn at the close. 0,
 * or -1 with err. */
static int book_start(struct render_book *b, struct sl_error *err)
{
    double w, h;
    render_page_size(&b->o, &w, &h);
    if (book_surface(b, w, h)) return sl_error_set(err, 0, 0, "cannot write %s", b->path);
    pthread_mutex_init(&b->lock, NULL);
    pthread_cond_init(&b->wake, NULL);
    pthread_cond_init(&b->room, NULL);
    b->threaded = pthread_create(&b->worker, NULL, book_worker, b) == 0;
    if (!b->threaded) {
        pthread_mutex_destroy(&b->lock);
        pthread_cond_destroy(&b->wake);
        pthread_cond_destroy(&b->room);
    }
    if (b->threaded && b->o.solutions && (b->spool = render_spool_open(err)) == NULL) return -1;
    return 0;
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
    b->out = stdout; /* a path's temporary file replaces it (book_probe) */
    if (o->title) snprintf(b->title, sizeof b->title, "%s", o->title);
    b->o.title = o->title ? b->title : NULL;
    if (path && snprintf(b->temp, sizeof b->temp, "%s.part%ld", path, (long)getpid()) >=
                    (int)sizeof b->temp) {
        free(b);
        sl_error_set(err, 0, 0, "%s: the name is too long", path);
        return NULL;
    }
    /* The file is opened here, before any puzzle is read, so a missing
     * folder is named with its reason at once; every surface then writes
     * into it (book_write). */
    if (path && book_probe(b, err)) {
        free(b);
        return NULL;
    }
    if (path && o->format == RENDER_PDF && book_start(b, err)) {
        struct sl_error why = *err;
        render_book_close(b, 0, err);
        *err = why;
        return NULL;
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

/* For the worker: a copy of it in the queue, once there is room. */
static int book_enqueue(struct render_book *b, const struct render_item *it, struct sl_error *err)
{
    struct render_item *c = item_copy(it);
    if (c == NULL) return sl_error_set(err, 0, 0, "out of memory");
    pthread_mutex_lock(&b->lock);
    while (!b->failed && b->tail - b->head == BOOK_QUEUE) pthread_cond_wait(&b->room, &b->lock);
    int failed = b->failed; /* the worker writes no more: its cause reads safely */
    if (!failed) {
        b->queue[b->tail++ % BOOK_QUEUE] = c;
        b->n++;
        pthread_cond_signal(&b->wake);
    }
    pthread_mutex_unlock(&b->lock);
    if (failed) book_forget(&c, 1);
    return failed ? book_write_failed(b, err) : 0;
}

/* For the close: the first item in memory, every item in the spool once
 * there are two; a picture keeps its one item and counts the others
 * (that it cannot hold them is said at the close). */
static int book_keep(struct render_book *b, const struct render_item *it, struct sl_error *err)
{
    int picture = b->o.format == RENDER_SVG || b->o.format == RENDER_PNG;
    if (b->n == 0 && (b->first = item_copy(it)) == NULL)
        return sl_error_set(err, 0, 0, "out of memory");
    if (b->n > 0 && !picture) {
        if (b->spool == NULL && ((b->spool = render_spool_open(err)) == NULL ||
                                 render_spool_put(b->spool, b->first, err)))
            return -1;
        if (render_spool_put(b->spool, it, err)) return -1;
    }
    b->n++;
    return 0;
}

int render_book_add(struct render_book *b, const struct render_item *it, struct sl_error *err)
{
    if (b->o.solutions && !it->has_solution)
        return sl_error_set(err, 0, 0, "puzzle %d has no solution to draw", b->n + 1);
    if (!b->threaded) return book_keep(b, it, err);
    if (b->spool && render_spool_put(b->spool, it, err)) return -1;
    return book_enqueue(b, it, err);
}

/* Every page of puzzles, or of their solutions, from the spool, or from
 * the first item when it is the only one. 0, or -1 with err. */
static int book_pages(struct render_book *b, int solutions, struct sl_error *err)
{
    if (b->spool == NULL) {
        book_page(b, &b->first, 1, solutions);
        return 0;
    }
    struct render_item *items = calloc((size_t)b->o.per_page, sizeof *items), *page[6];
    if (items == NULL) return sl_error_set(err, 0, 0, "out of memory");
    int rc = render_spool_rewind(b->spool, err), got = 1;
    while (rc == 0 && got == 1 && !book_broken(b)) {
        int count = 0;
        while (count < b->o.per_page && (got = render_spool_get(b->spool, &items[count], err)) == 1)
            page[count] = &items[count], count++;
        if (got < 0)
            rc = -1;
        else if (count)
            book_page(b, page, count, solutions);
    }
    for (int i = 0; i < b->o.per_page; i++) render_item_free(&items[i]);
    free(items);
    return rc;
}

/* The worker has drawn every page of puzzles; the rest here: the
 * solutions, or the whole book when there was no worker, or the
 * picture. */
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
        render_picture_size(b->first, &b->o, &w, &h);
    if (b->surface == NULL && book_surface(b, w, h))
        return sl_error_set(err, 0, 0, "cannot write %s: %s", b->path ? b->path : "standard output",
                            b->cairo->status_to_string(b->cairo->status(b->cr)));
    if (b->o.format != RENDER_PDF)
        render_draw_picture(b->cairo, b->cr, b->first, &b->o);
    else if ((!b->threaded && book_pages(b, 0, err)) || (b->o.solutions && book_pages(b, 1, err)))
        return -1;
    cairo_status_t st = b->cairo->status(b->cr);
    if (st == CAIRO_STATUS_SUCCESS && b->o.format == RENDER_PNG)
        st = b->cairo->surface_write_to_png_stream(b->surface, book_write, b);
    b->cairo->destroy(b->cr);
    b->cr = NULL;
    b->cairo->surface_finish(b->surface);
    if (st == CAIRO_STATUS_SUCCESS) st = b->cairo->surface_status(b->surface);
    if (b->path) { /* closed here: the file is renamed below */
        int failed = ferror(b->out);
        failed |= fclose(b->out) != 0;
        b->out = NULL;
        if (failed && !b->write_errno) b->write_errno = errno ? errno : EIO;
    }
    if (st != CAIRO_STATUS_SUCCESS || b->write_errno)
        return sl_error_set(err, 0, 0, "cannot write %s: %s", b->path ? b->path : "standard output",
                            b->write_errno ? strerror(b->write_errno)
                                           : b->cairo->status_to_string(st));
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
        pthread_cond_destroy(&b->room);
    }
    int rc = commit ? book_finish(b, err) : 0;
    if (b->cr) b->cairo->destroy(b->cr);
    if (b->surface) b->cairo->surface_destroy(b->surface);
    if (b->path && b->out) fclose(b->out);
    if (b->path && (rc || !commit)) unlink(b->temp);
    for (int i = b->head; i < b->tail; i++) book_forget(&b->queue[i % BOOK_QUEUE], 1);
    if (b->first) book_forget(&b->first, 1);
    render_spool_close(b->spool);
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
