/*
 * generate_run.c — a run of the generator over a range of puzzle indices
 * (generate.h): jobs threads, each with its own generator, the calling
 * thread one of them, and the puzzles handed to the sink in index order by
 * the calling thread, whatever thread made them.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "generate.h"

struct slot {
    int done, failed;
    struct generated puzzle;
    char why[512];
};

/* The hand-over sleeps until this many puzzles past the next one to hand
 * over are made, then hands over what is ready: a wake per batch, not
 * per puzzle. */
#define RUN_BATCH 16

struct run {
    const struct generate_run *spec;
    pthread_mutex_t lock;
    pthread_cond_t ready; /* the puzzle the hand-over waits for is made */
    pthread_cond_t room;  /* the window has room for another puzzle */
    long waiting_for;     /* the index the hand-over waits for, or -1 */
    int room_waiters;     /* workers waiting for room */
    int tty;              /* standard error is a terminal: progress is shown */
    long next, handed;
    int stop;
    struct slot *slots;
    struct generator *spare; /* spec->made, until a job takes it */
    char setup_error[512];
    struct timespec start;
    double last_progress;
};

static int run_interrupted(const struct run *run)
{
    return run->spec->interrupted && atomic_load(run->spec->interrupted);
}

/* run_take's answer to a caller that will not wait: the window is full. */
#define RUN_FULL (-2L)

/* Takes the next index; -1 when done. While the window is full it waits
 * when `wait`, else returns RUN_FULL: the thread handing over must not
 * sleep on room only it can make. */
static long run_take(struct run *run, int wait)
{
    pthread_mutex_lock(&run->lock);
    long i = -1;
    while (!run->stop && !run_interrupted(run) && run->next < run->spec->end) {
        if (run->next < run->handed + GENERATE_RUN_WINDOW) {
            i = run->next++;
            break;
        }
        if (!wait) {
            i = RUN_FULL;
            break;
        }
        run->room_waiters++;
        pthread_cond_wait(&run->room, &run->lock);
        run->room_waiters--;
    }
    pthread_mutex_unlock(&run->lock);
    return i;
}

/* Stops the run, lock held: everyone waiting wakes. */
static void run_stop(struct run *run)
{
    run->stop = 1;
    pthread_cond_broadcast(&run->ready);
    pthread_cond_broadcast(&run->room);
}

static void run_fail_setup(struct run *run, const char *msg)
{
    pthread_mutex_lock(&run->lock);
    if (!run->setup_error[0]) snprintf(run->setup_error, sizeof run->setup_error, "%s", msg);
    run_stop(run);
    pthread_mutex_unlock(&run->lock);
}

/* The generator made already, for the first job to ask, or a new one. */
static struct generator *run_generator(struct run *run, struct sl_error *err)
{
    pthread_mutex_lock(&run->lock);
    struct generator *g = run->spare;
    run->spare = NULL;
    pthread_mutex_unlock(&run->lock);
    return g ? g : generator_new(run->spec->request, err);
}

/* Makes puzzle i into its slot and marks it made. */
static void run_make(struct run *run, struct generator *g, long i)
{
    struct sl_error err = {0};
    struct slot *s = &run->slots[i % GENERATE_RUN_WINDOW];
    uint64_t seed = generate_seed(run->spec->seed, (uint64_t)i);
    s->failed = generator_make(g, seed, &s->puzzle, &err) != 0;
    if (s->failed) snprintf(s->why, sizeof s->why, "%s", err.msg);
    pthread_mutex_lock(&run->lock);
    s->done = 1;
    if (i == run->waiting_for) pthread_cond_signal(&run->ready);
    pthread_mutex_unlock(&run->lock);
}

static void *run_worker(void *arg)
{
    struct run *run = arg;
    struct sl_error err = {0};
    struct generator *g = run_generator(run, &err);
    if (!g) {
        run_fail_setup(run, err.msg);
        return NULL;
    }
    for (long i; (i = run_take(run, 1)) >= 0;) run_make(run, g, i);
    /* Past an interruption no one may make the puzzle waited for. */
    pthread_mutex_lock(&run->lock);
    pthread_cond_broadcast(&run->ready);
    pthread_mutex_unlock(&run->lock);
    generator_free(g);
    return NULL;
}

static double run_seconds(const struct run *run)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)(t.tv_sec - run->start.tv_sec) + (double)(t.tv_nsec - run->start.tv_nsec) / 1e9;
}

/* A progress line on a terminal, once the run has taken a second. */
static void run_progress(struct run *run, int final)
{
    double s = run_seconds(run);
    if (!run->tty || s < 1.0 || (!final && s - run->last_progress < 0.25)) return;
    run->last_progress = s;
    long done = run->handed - run->spec->first, total = run->spec->end - run->spec->first;
    double rate = done / (s > 0 ? s : 1);
    fprintf(stderr, "\r%s: %ld/%ld puzzles, %.0f/s, %.0f s left   %s", run->spec->label, done,
            total, rate, rate > 0 ? (double)(total - done) / rate : 0.0, final ? "\n" : "");
}

/* Waits, lock held, until puzzle i is made or the run stops; 1 when made. */
static int run_wait_for(struct run *run, long i)
{
    struct slot *s = &run->slots[i % GENERATE_RUN_WINDOW];
    run->waiting_for = i;
    while (!s->done && !run->stop && !run_interrupted(run))
        pthread_cond_wait(&run->ready, &run->lock);
    run->waiting_for = -1;
    return s->done;
}

/* Hands puzzle run->handed to the sink when it is made; when `wait`,
 * first waits for it (and for a batch past it). 1 when handed (*code is
 * the sink's), 0 when it is not made (not waiting, or the run stopped).
 * Only the thread handing over writes run->handed, so it reads it freely. */
static int run_hand_next(struct run *run, int wait, int *code)
{
    long i = run->handed, end = run->spec->end;
    struct slot *s = &run->slots[i % GENERATE_RUN_WINDOW];
    pthread_mutex_lock(&run->lock);
    if (wait && !s->done) run_wait_for(run, i + RUN_BATCH - 1 < end ? i + RUN_BATCH - 1 : end - 1);
    int ready = wait ? run_wait_for(run, i) : s->done;
    pthread_mutex_unlock(&run->lock);
    if (!ready) return 0;
    *code = run->spec->sink(run->spec->arg, i, s->failed ? NULL : &s->puzzle,
                            s->failed ? s->why : NULL);
    pthread_mutex_lock(&run->lock);
    s->done = 0;
    run->handed++;
    if (run->room_waiters) pthread_cond_broadcast(&run->room);
    pthread_mutex_unlock(&run->lock);
    run_progress(run, 0);
    return 1;
}

/* Hands over, in index order, what is made (all of the run when `wait`). */
static int run_hand_over(struct run *run, int wait)
{
    int code = 0;
    while (run->handed < run->spec->end && !code && run_hand_next(run, wait, &code)) {
    }
    return code;
}

/* The calling thread's part of a threaded run: it makes puzzles as the
 * workers do and hands over what is ready between two, so no thread of
 * its own sleeps and wakes to write (a context switch per batch, with
 * one more thread than cores); then it waits for the rest. */
static int run_lead(struct run *run, struct generator *g)
{
    int code = 0;
    for (long i; !code && (i = run_take(run, 0)) != -1;) {
        if (i == RUN_FULL) {
            if (!run_hand_next(run, 1, &code)) break;
            continue;
        }
        run_make(run, g, i);
        code = run_hand_over(run, 0);
    }
    generator_free(g);
    return code ? code : run_hand_over(run, 1);
}

/* One job: made and handed over in turn, no thread to hand over to. */
static int run_alone(struct run *run)
{
    struct sl_error err = {0};
    struct generator *g = run_generator(run, &err);
    if (!g) {
        snprintf(run->setup_error, sizeof run->setup_error, "%s", err.msg);
        return -1;
    }
    int code = 0;
    struct slot *s = &run->slots[0];
    for (long i = run->spec->first; i < run->spec->end && !code && !run_interrupted(run); i++) {
        s->failed =
            generator_make(g, generate_seed(run->spec->seed, (uint64_t)i), &s->puzzle, &err) != 0;
        code = run->spec->sink(run->spec->arg, i, s->failed ? NULL : &s->puzzle,
                               s->failed ? err.msg : NULL);
        run->handed++;
        run_progress(run, 0);
    }
    generator_free(g);
    return code;
}

/* jobs - 1 workers, and the calling thread both making and handing over
 * (with the generator made already, taken before a worker can). */
static int run_threads(struct run *run)
{
    struct sl_error err = {0};
    struct generator *g = run_generator(run, &err);
    if (!g) {
        snprintf(run->setup_error, sizeof run->setup_error, "%s", err.msg);
        return -1;
    }
    int workers = run->spec->jobs - 1, started = 0;
    pthread_t threads[GENERATE_MAX_JOBS];
    for (; started < workers && started < GENERATE_MAX_JOBS; started++)
        if (pthread_create(&threads[started], NULL, run_worker, run)) break;
    int code = run_lead(run, g);
    pthread_mutex_lock(&run->lock);
    run_stop(run);
    pthread_mutex_unlock(&run->lock);
    for (int i = 0; i < started; i++) pthread_join(threads[i], NULL);
    return code;
}

int generate_run(const struct generate_run *spec, long *handed, struct sl_error *err)
{
    struct run run = {.spec = spec,
                      .next = spec->first,
                      .handed = spec->first,
                      .waiting_for = -1,
                      .tty = isatty(2),
                      .spare = spec->made};
    run.slots = calloc(spec->jobs > 1 ? GENERATE_RUN_WINDOW : 1, sizeof *run.slots);
    if (!run.slots) {
        generator_free(run.spare);
        return sl_error_set(err, 0, 0, "out of memory");
    }
    clock_gettime(CLOCK_MONOTONIC, &run.start);
    pthread_mutex_init(&run.lock, NULL);
    pthread_cond_init(&run.ready, NULL);
    pthread_cond_init(&run.room, NULL);
    int code = spec->jobs > 1 ? run_threads(&run) : run_alone(&run);
    generator_free(run.spare); /* no job took it */
    run_progress(&run, 1);
    pthread_cond_destroy(&run.ready);
    pthread_cond_destroy(&run.room);
    pthread_mutex_destroy(&run.lock);
    free(run.slots);
    *handed = run.handed - spec->first;
    if (run.setup_error[0]) return sl_error_set(err, 0, 0, "%s", run.setup_error);
    return code;
}
