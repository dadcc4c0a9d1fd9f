/*
 * cmd_jobs.c — the puzzle loop on several threads, written in input order.
 *
 * Every thread reads the whole input (reading is cheap next to rating)
 * and takes every jobs-th entry: a puzzle, good or bad, or a file that
 * will not open. So no puzzle, ruleset or solver crosses threads, and no
 * thread depends on another's view of which puzzles are good. An entry's
 * output and complaints go into its slot of the current window; once
 * every thread has reached the window's end, the last to arrive writes
 * the window out in order. A thread that stops early leaves the count of
 * those awaited, so nothing waits for it. Output held in memory is
 * bounded by the window; input that is not a regular file (standard
 * input, a pipe) is read whole first, as every thread must read it.
 * Threads past the online CPUs would only add readings of the input
 * (scripts/RESULTS.md, harden3): --jobs is capped at that count (but not
 * below 8), and a note on stderr says so.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cmd.h"
#include "variant.h"

enum { JOBS_WINDOW = 256, JOBS_FLOOR = 8 };

struct job_slot {
    char *out, *err; /* what the entry wrote to its two streams */
    size_t out_len, err_len;
};

struct job_pool {
    cmd_visit visit;
    int jobs; /* threads that really run (set before they start) */
    pthread_mutex_t lock;
    pthread_cond_t turn;
    int go;            /* the threads may start */
    int live, arrived; /* threads not finished; those at the window's end */
    long window;       /* windows written so far */
    struct job_slot slot[JOBS_WINDOW];
};

struct job_thread {
    struct job_pool *pool;
    const struct cmd_options *opt;
    struct cmd_input_share share;
    void *arg;
    int index;
    long entries;    /* entries met so far: the same count on every thread */
    FILE *out, *err; /* the open streams of this thread's current entry */
    int status;
    pthread_t thread;
};

/* Writes the first nslots slots, in order, and empties them. */
static void job_flush(struct job_pool *pool, long nslots)
{
    for (long i = 0; i < nslots; i++) {
        struct job_slot *s = &pool->slot[i];
        if (s->out_len) fwrite(s->out, 1, s->out_len, stdout);
        fflush(stdout); /* before the entry's complaints, as one thread would */
        if (s->err_len) fwrite(s->err, 1, s->err_len, stderr);
        free(s->out);
        free(s->err);
        memset(s, 0, sizeof *s);
    }
}

/* Called with the lock held: when every live thread has arrived, write
 * the window and let them all go on. */
static void job_window_release(struct job_pool *pool)
{
    if (pool->arrived == 0 || pool->arrived < pool->live) return;
    job_flush(pool, JOBS_WINDOW);
    pool->arrived = 0;
    pool->window++;
    pthread_cond_broadcast(&pool->turn);
}

static void job_window_end(struct job_pool *pool)
{
    pthread_mutex_lock(&pool->lock);
    long window = pool->window;
    pool->arrived++;
    job_window_release(pool);
    while (pool->window == window) pthread_cond_wait(&pool->turn, &pool->lock);
    pthread_mutex_unlock(&pool->lock);
}

static void job_close_streams(struct job_thread *t)
{
    if (t->out) fclose(t->out);
    if (t->err) fclose(t->err);
    t->out = t->err = NULL;
}

static int job_take(void *job, FILE **out, FILE **err)
{
    struct job_thread *t = job;
    struct job_pool *pool = t->pool;
    job_close_streams(t); /* the last entry's slot is complete */
    long i = t->entries++;
    if (i > 0 && i % JOBS_WINDOW == 0) job_window_end(pool);
    if (i % pool->jobs != t->index) return 0;
    struct job_slot *slot = &pool->slot[i % JOBS_WINDOW];
    t->out = open_memstream(&slot->out, &slot->out_len);
    t->err = open_memstream(&slot->err, &slot->err_len);
    if (!t->out || !t->err) job_close_streams(t); /* out of memory: write directly */
    *out = t->out ? t->out : stdout;
    *err = t->err ? t->err : stderr;
    return 1;
}

static void *job_main(void *arg)
{
    struct job_thread *t = arg;
    struct job_pool *pool = t->pool;
    pthread_mutex_lock(&pool->lock);
    while (!pool->go) pthread_cond_wait(&pool->turn, &pool->lock);
    pthread_mutex_unlock(&pool->lock);
    t->status = cmd_input_run(t->opt, pool->visit, t->arg, &t->share);
    job_close_streams(t);
    pthread_mutex_lock(&pool->lock);
    pool->live--;
    job_window_release(pool);
    pthread_mutex_unlock(&pool->lock);
    return NULL;
}

/* Bytes since the last line end of chunk, counting on from run. */
static size_t job_line_run(const char *chunk, size_t len, size_t run)
{
    for (size_t i = len; i > 0; i--)
        if (chunk[i - 1] == '\n') return len - i;
    return run + len;
}

/* The whole of in; 0, or -1 when out of memory or unreadable. A line
 * with no end within READER_ENDLESS bytes ends the text there (the
 * reader then says so): /dev/zero is not held without end. */
static int job_slurp(FILE *in, struct cmd_input_text *held)
{
    char *text = NULL, chunk[65536];
    size_t len = 0, got, run = 0;
    FILE *copy = open_memstream(&text, &len);
    if (!copy) return -1;
    int bad = 0;
    while (!bad && run <= (size_t)READER_ENDLESS && (got = fread(chunk, 1, sizeof chunk, in)) > 0) {
        bad = fwrite(chunk, 1, got, copy) != got;
        run = job_line_run(chunk, got, run);
    }
    bad |= ferror(in);
    bad |= fclose(copy) != 0;
    *held = (struct cmd_input_text){text, len, 1};
    return bad ? -1 : 0;
}

/* Reads beforehand every operand that is not a regular file. Standard
 * input is read by the first "-" (or when there is no operand); a later
 * "-" finds it at its end, as with one thread. 0, or -1. */
static int job_hold_inputs(const struct cmd_options *opt, struct cmd_input_text *texts)
{
    int stdin_read = 0, rc = 0;
    for (int i = 0; i < (opt->nfiles ? opt->nfiles : 1) && rc == 0; i++) {
        const char *name = opt->nfiles ? opt->files[i] : "-";
        struct stat st;
        if (strcmp(name, "-") == 0) {
            rc = stdin_read ? 0 : job_slurp(stdin, &texts[i]);
            texts[i].held = 1;
            stdin_read = 1;
        } else if (stat(name, &st) == 0 && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode)) {
            FILE *in = fopen(name, "rb");
            if (in) rc = job_slurp(in, &texts[i]), fclose(in);
        }
    }
    return rc;
}

/* Starts the threads (the caller's is the first); if some cannot start,
 * the entries go round those that did. Returns the worst status. */
static int job_run(struct job_pool *pool, struct job_thread *threads, int jobs)
{
    int started = 1, status = 0;
    for (; started < jobs; started++)
        if (pthread_create(&threads[started].thread, NULL, job_main, &threads[started])) break;
    pthread_mutex_lock(&pool->lock);
    pool->jobs = pool->live = started;
    pool->go = 1;
    pthread_cond_broadcast(&pool->turn);
    pthread_mutex_unlock(&pool->lock);
    job_main(&threads[0]);
    for (int t = 1; t < started; t++) pthread_join(threads[t].thread, NULL);
    long entries = 0;
    for (int t = 0; t < started; t++) {
        status = status > threads[t].status ? status : threads[t].status;
        entries = entries > threads[t].entries ? entries : threads[t].entries;
    }
    job_flush(pool, entries ? (entries - 1) % JOBS_WINDOW + 1 : 0);
    return status;
}

static void job_free_texts(struct cmd_input_text *texts, int n)
{
    for (int i = 0; texts && i < n; i++) free((char *)texts[i].text);
    free(texts);
}

/* jobs, or the online CPUs when they are fewer, but no fewer than
 * JOBS_FLOOR: up to there the extra readings cost little, and a given
 * --jobs of a few runs as many threads on any machine (the threads test
 * runs 3 and 8 on two CPUs). A cut jobs is noted on stderr. */
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
    jobs = job_count(jobs);
    struct variant_spec variant;
    struct sl_error err = {0};
    /* The variant is loaded once for all threads; one that will not load
     * is told as with one thread. */
    if (jobs <= 1 || (opt->variant && variant_load(opt->variant, &variant, &err)))
        return cmd_for_each_puzzle(opt, visit, args[0]);
    int ntexts = opt->nfiles ? opt->nfiles : 1;
    struct job_pool *pool = calloc(1, sizeof *pool);
    struct job_thread *threads = calloc((size_t)jobs, sizeof *threads);
    struct cmd_input_text *texts = calloc((size_t)ntexts, sizeof *texts);
    if (!pool || !threads || !texts || job_hold_inputs(opt, texts)) {
        free(pool);
        free(threads);
        job_free_texts(texts, ntexts);
        fprintf(stderr, "--jobs: cannot read the input whole: out of memory or unreadable\n");
        return EXIT_BAD_INPUT;
    }
    pool->visit = visit;
    pthread_mutex_init(&pool->lock, NULL);
    pthread_cond_init(&pool->turn, NULL);
    for (int t = 0; t < jobs; t++) {
        threads[t] = (struct job_thread){.pool = pool, .opt = opt, .arg = args[t], .index = t};
        threads[t].share =
            (struct cmd_input_share){texts, job_take, &threads[t], opt->variant ? &variant : NULL};
    }
    int status = job_run(pool, threads, jobs);
    pthread_cond_destroy(&pool->turn);
    pthread_mutex_destroy(&pool->lock);
    job_free_texts(texts, ntexts);
    free(threads);
    free(pool);
    return status;
}

int cmd_for_each_puzzle_alike(const struct cmd_options *opt, cmd_visit visit, void *arg)
{
    void *args[GENERATE_MAX_JOBS];
    for (int t = 0; t < opt->jobs; t++) args[t] = arg;
    return cmd_for_each_puzzle_jobs(opt, visit, args, opt->jobs);
}
