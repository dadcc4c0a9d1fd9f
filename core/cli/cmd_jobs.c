/*
 * cmd_jobs.c — the puzzle loop on several threads, written in input order.
 *
 * Every thread reads the whole input itself (reading is cheap next to
 * rating) and visits only its share of the good puzzles, so no puzzle,
 * ruleset or solver ever crosses threads. A visit writes into its slot of
 * the current window of puzzles; once every thread has passed the
 * window's end, one of them writes the window out in order. The first
 * thread alone tells bad puzzles, into the slot of the next good one, so
 * standard error reads as one thread would write it too. The output held
 * in memory is bounded by the window, whatever the input's length.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"

enum { JOBS_WINDOW = 256 };

struct job_slot {
    char *before;    /* complaints about bad puzzles met since the last good one */
    char *out, *err; /* what the visit wrote to item->out and item->err */
    size_t before_len, out_len, err_len;
};

struct job_pool {
    cmd_visit visit;
    int jobs;
    pthread_barrier_t window_end;
    struct job_slot slot[JOBS_WINDOW];
};

struct job_thread {
    struct job_pool *pool;
    const struct cmd_options *opt;
    struct cmd_input_share share;
    void *arg;
    int index;
    long seen;        /* good puzzles met so far: the same count on every thread */
    char *complaints; /* the first thread's, since the last good puzzle */
    size_t complaints_len;
    int status;
    pthread_t thread;
};

static void job_flush(struct job_pool *pool, int nslots)
{
    for (int i = 0; i < nslots; i++) {
        struct job_slot *s = &pool->slot[i];
        if (s->before_len) fwrite(s->before, 1, s->before_len, stderr);
        if (s->out_len) fwrite(s->out, 1, s->out_len, stdout);
        if (s->err_len) fwrite(s->err, 1, s->err_len, stderr);
        free(s->before);
        free(s->out);
        free(s->err);
        memset(s, 0, sizeof *s);
    }
    fflush(stdout);
}

static int job_run_one(struct job_thread *t, struct job_slot *slot, const struct cmd_puzzle *item)
{
    struct cmd_puzzle mine = *item;
    mine.out = open_memstream(&slot->out, &slot->out_len);
    mine.err = open_memstream(&slot->err, &slot->err_len);
    int code = EXIT_BAD_INPUT;
    if (mine.out && mine.err)
        code = t->pool->visit(t->arg, &mine);
    else
        fprintf(stderr, "%s:%ld: out of memory\n", item->file, item->where->line);
    if (mine.out) fclose(mine.out);
    if (mine.err) fclose(mine.err);
    return code;
}

/* The first thread's complaints so far go before good puzzle `slot`;
 * a new stream takes the next ones (NULL: stderr, when out of memory). */
static void job_complaints_to(struct job_thread *t, struct job_slot *slot)
{
    if (t->share.complaints) fclose(t->share.complaints);
    if (slot) slot->before = t->complaints, slot->before_len = t->complaints_len;
    t->complaints = NULL;
    t->complaints_len = 0;
    t->share.complaints = open_memstream(&t->complaints, &t->complaints_len);
}

static int job_visit(void *arg, const struct cmd_puzzle *item)
{
    struct job_thread *t = arg;
    struct job_pool *pool = t->pool;
    long i = t->seen++;
    int code = 0;
    if (t->index == 0) job_complaints_to(t, &pool->slot[i % JOBS_WINDOW]);
    if (i % pool->jobs == t->index) code = job_run_one(t, &pool->slot[i % JOBS_WINDOW], item);
    if ((i + 1) % JOBS_WINDOW == 0) {
        if (pthread_barrier_wait(&pool->window_end) == PTHREAD_BARRIER_SERIAL_THREAD)
            job_flush(pool, JOBS_WINDOW);
        pthread_barrier_wait(&pool->window_end); /* nobody writes a slot before it is out */
    }
    return code;
}

static void *job_main(void *arg)
{
    struct job_thread *t = arg;
    t->status = cmd_input_run(t->opt, job_visit, t, &t->share);
    return NULL;
}

/* Standard input read whole, when some input is standard input (every
 * thread reads its own copy of the text). 0, or -1 when out of memory. */
static int job_read_stdin(const struct cmd_options *opt, char **text, size_t *len)
{
    int wanted = opt->nfiles == 0;
    for (int i = 0; i < opt->nfiles; i++) wanted |= strcmp(opt->files[i], "-") == 0;
    *text = NULL;
    *len = 0;
    if (!wanted) return 0;
    FILE *copy = open_memstream(text, len);
    if (!copy) return -1;
    char chunk[65536];
    size_t got;
    while ((got = fread(chunk, 1, sizeof chunk, stdin)) > 0)
        if (fwrite(chunk, 1, got, copy) != got) break;
    return fclose(copy) == 0 ? 0 : -1;
}

static int job_run(const struct cmd_options *opt, struct job_pool *pool, void *const *args,
                   struct job_thread *threads, const char *text, size_t len)
{
    int started = 1, status = 0;
    for (int t = 0; t < pool->jobs; t++) {
        threads[t] = (struct job_thread){.pool = pool, .opt = opt, .arg = args[t], .index = t};
        threads[t].share = (struct cmd_input_share){text, len, t != 0, NULL};
    }
    job_complaints_to(&threads[0], NULL);
    for (; started < pool->jobs; started++)
        if (pthread_create(&threads[started].thread, NULL, job_main, &threads[started])) break;
    if (started < pool->jobs) { /* the barrier counts on every thread: stop the ones started */
        fprintf(stderr, "--jobs %d: cannot start the threads\n", pool->jobs);
        exit(EXIT_BAD_INPUT);
    }
    job_main(&threads[0]);
    for (int t = 1; t < pool->jobs; t++) pthread_join(threads[t].thread, NULL);
    for (int t = 0; t < pool->jobs; t++)
        status = status > threads[t].status ? status : threads[t].status;
    job_flush(pool, (int)(threads[0].seen % JOBS_WINDOW));
    if (threads[0].share.complaints) fclose(threads[0].share.complaints);
    threads[0].share.complaints = NULL;
    if (threads[0].complaints_len)
        fwrite(threads[0].complaints, 1, threads[0].complaints_len, stderr);
    free(threads[0].complaints);
    return status;
}

int cmd_for_each_puzzle_jobs(const struct cmd_options *opt, cmd_visit visit, void *const *args,
                             int jobs)
{
    if (jobs <= 1) return cmd_for_each_puzzle(opt, visit, args[0]);
    char *text;
    size_t len;
    struct job_pool *pool = calloc(1, sizeof *pool);
    struct job_thread *threads = calloc((size_t)jobs, sizeof *threads);
    if (!pool || !threads || job_read_stdin(opt, &text, &len)) {
        free(pool);
        free(threads);
        fprintf(stderr, "--jobs: out of memory\n");
        return EXIT_BAD_INPUT;
    }
    pool->visit = visit;
    pool->jobs = jobs;
    pthread_barrier_init(&pool->window_end, NULL, (unsigned)jobs);
    int status = job_run(opt, pool, args, threads, text, len);
    pthread_barrier_destroy(&pool->window_end);
    free(text);
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
