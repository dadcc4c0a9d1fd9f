/*
 * cmd_jobs.c — the puzzle loop on several threads, written in input order.
 *
 * The input is read once (cmd_feed.h): a thread in want of work takes
 * the feed's lock and reads a batch of entries, numbered in input order,
 * then handles them with a loop of its own: the thread that reads an
 * entry handles it, and rulesets and solvers never cross threads (only
 * the feed does, under its lock). A batch's output and complaints go
 * into one growing buffer each, with where each entry's writing ends.
 * A done batch waits in a ring until those before it are written; the
 * thread that finishes the next in line writes it, and every done one
 * after it. No batch is read more than a window (JOBS_AHEAD batches a
 * thread) past the last written, so the output held in memory stays
 * bounded.
 * A batch holds as many entries as take a thread about JOBS_BATCH_NS to
 * handle, by its last batch (one at first, then doubling at most): the
 * locks cost little next to that, yet slow puzzles still go round one
 * by one and no thread is left with a long tail at the end.
 * --jobs is capped at the online CPUs (not below 8), with a note.
 */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cmd_feed.h"
#include "cmd_flush.h"
#include "variant.h"

enum {
    JOBS_BATCH_MAX = 64,
    JOBS_AHEAD = 4,
    JOBS_FLOOR = 8,
    JOBS_RING = JOBS_AHEAD * GENERATE_MAX_JOBS
};
#define JOBS_BATCH_NS 500e3

/* A batch's writing: done once its thread has closed the buffers. */
struct job_output {
    int done, n;
    int flush;       /* read from a pipe or terminal: stdout is flushed once written */
    char *out, *err; /* NULL when written directly (out of memory) */
    size_t out_len, err_len;
    size_t out_end[JOBS_BATCH_MAX], err_end[JOBS_BATCH_MAX]; /* entry i's ends */
};

struct job_pool {
    const struct cmd_options *opt;
    const struct variant_spec *variant;
    cmd_visit visit;
    struct cmd_feed *feed;
    pthread_mutex_t feed_lock; /* held by the one thread reading */
    long taken;                /* batches read, under feed_lock */
    pthread_mutex_t lock;      /* the ring, written and writing */
    pthread_cond_t written_more;
    long written;                      /* batches written out */
    long window;                       /* batches that may be read past the last written */
    int writing;                       /* some thread is writing the ring out */
    int write_errno;                   /* why standard output first failed, or 0 */
    struct cmd_flush_pace pace;        /* the writing thread's alone */
    struct job_output ring[JOBS_RING]; /* batch k at k % JOBS_RING */
};

struct job_worker {
    struct job_pool *pool;
    void *arg;
    struct cmd_entry entry[JOBS_BATCH_MAX];
    int ready; /* entries made ready to read into */
    int want;  /* entries the next batch takes */
    int status;
    pthread_t thread;
};

/* Whether entry i can be read into (made ready on first use). */
static int job_entry_ready(struct job_worker *w, int i)
{
    if (i < w->ready) return 1;
    if (cmd_entry_init(&w->entry[i])) return 0;
    w->ready = i + 1;
    return 1;
}

/* Reads the worker's next batch, when the window allows: its entries
 * (0 at the end of the input), its number into *seq, and into *flush
 * whether it came from a pipe or terminal. A batch ends early when the
 * input would wait: what came so far is answered first. */
static int job_take(struct job_worker *w, long *seq, int *flush)
{
    struct job_pool *pool = w->pool;
    int n = 0;
    pthread_mutex_lock(&pool->feed_lock);
    pthread_mutex_lock(&pool->lock);
    while (pool->taken - pool->written >= pool->window)
        pthread_cond_wait(&pool->written_more, &pool->lock);
    /* standard output failed: nothing more is read (as with one thread) */
    int stopped = pool->write_errno != 0;
    pthread_mutex_unlock(&pool->lock);
    while (!stopped && n < w->want && job_entry_ready(w, n) &&
           cmd_feed_next(pool->feed, &w->entry[n])) {
        n++;
        if (cmd_feed_would_wait(pool->feed)) break;
    }
    *flush = cmd_feed_live(pool->feed);
    *seq = pool->taken;
    if (n) pool->taken++;
    pthread_mutex_unlock(&pool->feed_lock);
    return n;
}

/* 0, or the errno of a write that failed (errno is the thread's own: the
 * caller's never sees it). A failure must read as one even where the
 * stream left errno 0: the pool stops reading on a non-zero code. */
static int job_write_errno(int failed) { return failed ? (errno ? errno : EIO) : 0; }

/* Writes n bytes to standard output: 0, or the errno of a failed write. */
static int job_put(const char *bytes, size_t n, int flush)
{
    return job_write_errno((n && fwrite(bytes, 1, n, stdout) != n) || (flush && fflush(stdout)));
}

/* Writes o's entries in order, the output of each before its complaints
 * (as one thread leaves them when both go to one file), and frees them.
 * Returns the errno of the first write to standard output that failed,
 * or 0. */
static int job_write(struct job_output *o)
{
    size_t out_at = 0, err_at = 0;
    int why = 0, failed;
    for (int i = 0; i < o->n; i++) {
        if (o->err_end[i] == err_at) continue;
        failed = job_put(o->out + out_at, o->out_end[i] - out_at, 1);
        why = why ? why : failed;
        fwrite(o->err + err_at, 1, o->err_end[i] - err_at, stderr);
        out_at = o->out_end[i], err_at = o->err_end[i];
    }
    failed = job_put(o->out ? o->out + out_at : NULL, o->out ? o->out_len - out_at : 0, o->flush);
    why = why ? why : failed;
    free(o->out);
    free(o->err);
    return why;
}

/* Marks batch seq done; when no one is writing, writes out every done
 * batch next in line (the lock let go while writing). */
static void job_submit(struct job_pool *pool, long seq)
{
    pthread_mutex_lock(&pool->lock);
    pool->ring[seq % JOBS_RING].done = 1;
    if (!pool->writing) {
        pool->writing = 1;
        struct job_output *o;
        while ((o = &pool->ring[pool->written % JOBS_RING])->done) {
            pthread_mutex_unlock(&pool->lock);
            int why = job_write(o);
            if (!why) why = job_write_errno(cmd_flush_paced(&pool->pace) != 0);
            pthread_mutex_lock(&pool->lock);
            pool->write_errno = pool->write_errno ? pool->write_errno : why;
            o->done = o->n = o->flush = 0, o->out = o->err = NULL, o->out_len = o->err_len = 0;
            pool->written++;
            pthread_cond_broadcast(&pool->written_more);
        }
        pool->writing = 0;
    }
    pthread_mutex_unlock(&pool->lock);
}

/* Handles the n entries of batch seq into its ring slot, which is this
 * thread's alone until it is done. */
static void job_work(struct job_worker *w, struct cmd_loop *loop, int n, long seq, int flush)
{
    struct job_output *o = &w->pool->ring[seq % JOBS_RING];
    o->flush = flush;
    FILE *out = open_memstream(&o->out, &o->out_len);
    FILE *err = open_memstream(&o->err, &o->err_len);
    int held = out && err;
    for (int i = 0; i < n; i++) {
        cmd_loop_entry(loop, &w->entry[i], held ? out : stdout, held ? err : stderr);
        if (held) o->out_end[i] = (size_t)ftell(out), o->err_end[i] = (size_t)ftell(err);
    }
    if (out) fclose(out);
    if (err) fclose(err);
    if (!held) free(o->out), free(o->err), o->out = o->err = NULL;
    o->n = held ? n : 0;
}

static double job_now_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

/* The next batch's size, from the ns the last one's n entries took. */
static void job_pace(struct job_worker *w, int n, double ns)
{
    double fit = ns > 0 ? JOBS_BATCH_NS * n / ns : JOBS_BATCH_MAX;
    int want = 2 * w->want < JOBS_BATCH_MAX ? 2 * w->want : JOBS_BATCH_MAX;
    w->want = fit >= want ? want : fit >= 1 ? (int)fit : 1;
}

static void *job_main(void *arg)
{
    struct job_worker *w = arg;
    struct job_pool *pool = w->pool;
    struct cmd_loop *loop = cmd_loop_new(pool->opt, pool->variant, pool->visit, w->arg);
    long seq;
    int n, flush;
    w->want = 1;
    if (!loop || !job_entry_ready(w, 0)) { /* the other threads read on */
        fputs("sudolab: a --jobs thread is out of memory\n", stderr);
        w->status = EXIT_BAD_INPUT;
    }
    while (w->status == 0 && (n = job_take(w, &seq, &flush)) > 0) {
        double start = job_now_ns();
        job_work(w, loop, n, seq, flush);
        job_pace(w, n, job_now_ns() - start);
        job_submit(pool, seq);
    }
    if (loop) w->status = w->status > 0 ? w->status : cmd_loop_free(loop);
    for (int i = 0; i < w->ready; i++) cmd_entry_free(&w->entry[i]);
    return NULL;
}

/* Runs the workers (the caller's thread is the first; those that do not
 * start leave the work to the others). Returns the worst status. */
static int job_run(struct job_worker *workers, int jobs)
{
    int started = 1, status = 0;
    for (; started < jobs; started++)
        if (pthread_create(&workers[started].thread, NULL, job_main, &workers[started])) break;
    job_main(&workers[0]);
    for (int t = 1; t < started; t++) pthread_join(workers[t].thread, NULL);
    for (int t = 0; t < started; t++)
        status = status > workers[t].status ? status : workers[t].status;
    return status;
}

static struct job_pool *job_pool_new(const struct cmd_options *opt,
                                     const struct variant_spec *variant, cmd_visit visit, int jobs)
{
    struct job_pool *pool = calloc(1, sizeof *pool);
    struct cmd_feed *feed = cmd_feed_open(opt);
    if (!pool || !feed) {
        free(pool);
        cmd_feed_close(feed);
        return NULL;
    }
    *pool = (struct job_pool){.opt = opt, .variant = variant, .visit = visit, .feed = feed};
    pool->window = (long)JOBS_AHEAD * jobs;
    cmd_flush_pace_init(&pool->pace);
    pthread_mutex_init(&pool->feed_lock, NULL);
    pthread_mutex_init(&pool->lock, NULL);
    pthread_cond_init(&pool->written_more, NULL);
    return pool;
}

static void job_pool_free(struct job_pool *pool)
{
    pthread_cond_destroy(&pool->written_more);
    pthread_mutex_destroy(&pool->lock);
    pthread_mutex_destroy(&pool->feed_lock);
    cmd_feed_close(pool->feed);
    free(pool);
}

/* jobs, or the online CPUs when they are fewer, but no fewer than
 * JOBS_FLOOR: a thread past the CPUs brings its own rulesets and batches
 * and only waits for the locks (scripts/RESULTS.md, jobshare), yet a
 * given --jobs of a few runs as many threads on any machine (the threads
 * test runs 3 and 8 on two CPUs). A cut jobs is noted on stderr. */
static int job_count(int jobs)
{
    long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    long most = cpus > JOBS_FLOOR ? cpus : JOBS_FLOOR;
    if (jobs <= most) return jobs;
    fprintf(stderr, "sudolab: note: --jobs %d runs %ld threads (%ld online CPUs)\n", jobs, most,
            cpus);
    return (int)most;
}

int cmd_for_each_puzzle_jobs(const struct cmd_options *opt, cmd_visit visit, void *const *args,
                             int jobs)
{
    struct variant_spec variant;
    struct sl_error err = {0};
    jobs = job_count(jobs);
    /* The variant is loaded once for all threads; one that will not load
     * is told as with one thread. */
    if (jobs <= 1 || (opt->variant && variant_load(opt->variant, &variant, &err)))
        return cmd_for_each_puzzle(opt, visit, args[0]);
    struct job_pool *pool = job_pool_new(opt, opt->variant ? &variant : NULL, visit, jobs);
    struct job_worker *workers = calloc((size_t)jobs, sizeof *workers);
    if (!pool || !workers) {
        if (pool) job_pool_free(pool);
        free(workers);
        fputs("sudolab: out of memory\n", stderr);
        return EXIT_BAD_INPUT;
    }
    for (int t = 0; t < jobs; t++) workers[t] = (struct job_worker){.pool = pool, .arg = args[t]};
    int status = job_run(workers, jobs);
    /* Standard output is checked once the command is done, on this
     * thread (main.c), which tells errno: the reason of a write another
     * thread saw fail is given to it here. */
    int why = pool->write_errno;
    job_pool_free(pool);
    free(workers);
    if (why) errno = why;
    return status;
}

int cmd_for_each_puzzle_alike(const struct cmd_options *opt, cmd_visit visit, void *arg)
{
    void *args[GENERATE_MAX_JOBS];
    for (int t = 0; t < opt->jobs; t++) args[t] = arg;
    return cmd_for_each_puzzle_jobs(opt, visit, args, opt->jobs);
}
