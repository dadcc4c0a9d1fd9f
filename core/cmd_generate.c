/*
 * cmd_generate.c — `sudolab generate`: puzzles of a variant, made by
 * --jobs threads (one interpreter each), written in index order, whatever
 * thread made them; --shard I/N makes the I-th contiguous slice of the run.
 *
 * Output is whole lines. With --output FILE the puzzles go to a temporary
 * file renamed to FILE only when the run has finished: an interrupted or
 * failed run leaves no half-written FILE.
 */
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cmd.h"
#include "generate.h"

static const struct cmd_spec generate_spec = {
    "generate",
    "usage: sudolab generate [--variant NAME] [--size N] [--count K] [--seed S] [--jobs N]\n"
    "       [--shard I/N] [--strategy NAME] [--symmetry NAME] [--clues C]\n"
    "       [--grade NAME | --rating LOW-HIGH] [--stats | --json] [--output FILE]\n"
    "\n"
    "Makes K unique puzzles of a variant (default: classic 9x9) and prints one per\n"
    "line in the variant's line form (the 81-character form for classic). Puzzle i\n"
    "depends only on the seed and i, so any --jobs or --shard split makes the same\n"
    "puzzles. Every puzzle is read back and counted again before it is written.\n"
    "\n"
    "  -V, --variant NAME    variants/NAME.lua (default classic)\n"
    "  -s, --size N          an N x N grid of the variant's rules (classic: any N;\n"
    "                        boxes the most square shape)\n"
    "  -c, --count K         how many puzzles (default 1)\n"
    "  -S, --seed S          the run's seed (default 1)\n"
    "  -J, --jobs N          threads, each with its own interpreter (default 1)\n"
    "  -H, --shard I/N       only the I-th of N contiguous slices of the K puzzles\n"
    "  -G, --strategy NAME   random, symmetric, exact, graded (classic family;\n"
    "                        default: from the options below, else symmetric)\n"
    "  -Y, --symmetry NAME   none, rotate180, rotate90, mirror, flip, diagonal\n"
    "                        (default: the variant's, rotate180)\n"
    "  -C, --clues C         exactly C clues (strategy exact)\n"
    "  -g, --grade NAME      easy, medium, hard, expert, extreme, beyond (graded)\n"
    "  -R, --rating L-H      a rating band, e.g. 6.0-7.5 (graded)\n"
    "  -T, --stats           add columns: ms, rating, grade, clues (or cages), nodes\n"
    "  -j, --json            one JSON object per puzzle instead (with annealing's\n"
    "                        energy per step, for reports)\n"
    "  -o, --output FILE     write FILE whole at the end (nothing on failure)\n"
    "\n"
    "A progress line goes to standard error when it is a terminal. Exit codes:\n"
    "0 every puzzle made, 1 a puzzle could not be made (reason on stderr),\n"
    "2 bad usage, 130 interrupted.\n",
    "VscSJHGYCgRTjo",
};

/* Results wait in a ring of this many slots for their turn to be written,
 * so memory stays bounded however many puzzles a run makes. */
#define GENERATE_WINDOW 1024

struct slot {
    int done, failed;
    struct generated puzzle;
    char why[512];
};

struct run {
    const struct cmd_options *opt;
    struct generate_request req;
    long first, end; /* the shard's indices */
    pthread_mutex_t lock;
    pthread_cond_t changed;
    long next, written;
    int stop;
    struct slot *slots;
    char setup_error[512];
    double last_progress; /* seconds into the run of the last progress line */
};

/* The one global: a signal handler can only set a flag. */
static volatile sig_atomic_t interrupted;
static void on_interrupt(int sig)
{
    (void)sig;
    interrupted = 1;
}

/* Takes the next index, waiting while the ring is full; -1 when done. */
static long run_take(struct run *run)
{
    pthread_mutex_lock(&run->lock);
    while (!run->stop && !interrupted && run->next < run->end &&
           run->next >= run->written + GENERATE_WINDOW)
        pthread_cond_wait(&run->changed, &run->lock);
    long i = (run->stop || interrupted || run->next >= run->end) ? -1 : run->next++;
    pthread_mutex_unlock(&run->lock);
    return i;
}

static void *run_worker(void *arg)
{
    struct run *run = arg;
    struct sl_error err = {0};
    struct generator *g = generator_new(&run->req, &err);
    if (!g) {
        pthread_mutex_lock(&run->lock);
        if (!run->setup_error[0])
            snprintf(run->setup_error, sizeof run->setup_error, "%s", err.msg);
        run->stop = 1;
        pthread_cond_broadcast(&run->changed);
        pthread_mutex_unlock(&run->lock);
        return NULL;
    }
    for (long i; (i = run_take(run)) >= 0;) {
        struct slot *s = &run->slots[i % GENERATE_WINDOW];
        uint64_t seed = generate_seed(run->opt->seed, (uint64_t)i);
        s->failed = generator_make(g, seed, &s->puzzle, &err) != 0;
        if (s->failed) snprintf(s->why, sizeof s->why, "%s", err.msg);
        pthread_mutex_lock(&run->lock);
        s->done = 1;
        pthread_cond_broadcast(&run->changed);
        pthread_mutex_unlock(&run->lock);
    }
    generator_free(g);
    return NULL;
}

static void write_puzzle(FILE *out, const struct cmd_options *opt, long index,
                         const struct generated *p)
{
    if (opt->json) {
        fprintf(out, "{\"index\":%ld,\"puzzle\":\"%s\",\"ms\":%.3f,\"clues\":%d", index, p->line,
                p->ms, p->clues);
        if (p->cages) fprintf(out, ",\"cages\":%d", p->cages);
        if (p->grade[0]) fprintf(out, ",\"rating\":%.1f,\"grade\":\"%s\"", p->rating, p->grade);
        if (p->trace[0]) fprintf(out, ",\"energy\":[%s]", p->trace);
        fprintf(out, ",\"nodes\":%llu}\n", (unsigned long long)p->nodes);
    } else if (opt->stats) {
        fprintf(out, "%s %.3f %.1f %s %d %llu\n", p->line, p->ms, p->rating,
                p->grade[0] ? p->grade : "-", p->cages ? p->cages : p->clues,
                (unsigned long long)p->nodes);
    } else {
        fprintf(out, "%s\n", p->line);
    }
}

static double seconds_since(const struct timespec *t0)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)(t.tv_sec - t0->tv_sec) + (double)(t.tv_nsec - t0->tv_nsec) / 1e9;
}

/* A progress line on a terminal, once the run has taken a second. */
static void show_progress(struct run *run, const struct timespec *t0, int final)
{
    double s = seconds_since(t0);
    if (!isatty(2) || s < 1.0 || (!final && s - run->last_progress < 0.25)) return;
    run->last_progress = s;
    long done = run->written - run->first, total = run->end - run->first;
    double rate = done / (s > 0 ? s : 1);
    fprintf(stderr, "\rgenerate: %ld/%ld puzzles, %.0f/s, %.0f s left   %s", done, total, rate,
            rate > 0 ? (double)(total - done) / rate : 0.0, final ? "\n" : "");
}

/* Writes results in index order as they come; 0, or 1 at the first
 * puzzle that could not be made. */
static int run_write(struct run *run, FILE *out)
{
    struct timespec t0;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    int code = 0;
    for (long i = run->first; i < run->end && !code; i++) {
        struct slot *s = &run->slots[i % GENERATE_WINDOW];
        pthread_mutex_lock(&run->lock);
        while (!s->done && !run->stop && !interrupted) pthread_cond_wait(&run->changed, &run->lock);
        int ready = s->done;
        pthread_mutex_unlock(&run->lock);
        if (!ready) return interrupted ? 130 : 1;
        if (s->failed) {
            fprintf(stderr, "sudolab generate: puzzle %ld (seed %llu): %s\n", i,
                    (unsigned long long)run->opt->seed, s->why);
            code = 1;
        } else {
            write_puzzle(out, run->opt, i, &s->puzzle);
        }
        pthread_mutex_lock(&run->lock);
        s->done = 0;
        run->written++;
        pthread_cond_broadcast(&run->changed);
        pthread_mutex_unlock(&run->lock);
        show_progress(run, &t0, 0);
    }
    show_progress(run, &t0, 1);
    return code;
}

/* The request the options describe, checked. */
static int request_of(const struct cmd_options *opt, struct generate_request *req)
{
    *req = (struct generate_request){
        .variant = opt->variant ? opt->variant : "classic",
        .size = opt->reader.size,
        .strategy = opt->strategy,
        .symmetry = opt->symmetry,
        .grade = opt->grade,
        .clues = opt->clues,
        .rating_low = opt->rating_low,
        .rating_high = opt->rating_high,
        .want_rating = opt->stats || opt->json,
    };
    if (opt->grade && opt->rating_high > 0) {
        fprintf(stderr, "sudolab generate: --grade and --rating both set a band; give one\n");
        return -1;
    }
    if (opt->stats && opt->json) {
        fprintf(stderr, "sudolab generate: --stats and --json are two forms; give one\n");
        return -1;
    }
    return 0;
}

/* One job: made and written in turn, no thread to hand over to. */
static int run_alone(struct run *run, FILE *out)
{
    struct sl_error err = {0};
    struct generator *g = generator_new(&run->req, &err);
    struct timespec t0;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    if (!g) {
        fprintf(stderr, "sudolab generate: %s\n", err.msg);
        return 2;
    }
    int code = 0;
    struct generated *p = &run->slots[0].puzzle;
    for (long i = run->first; i < run->end && !code && !interrupted; i++) {
        if (generator_make(g, generate_seed(run->opt->seed, (uint64_t)i), p, &err)) {
            fprintf(stderr, "sudolab generate: puzzle %ld (seed %llu): %s\n", i,
                    (unsigned long long)run->opt->seed, err.msg);
            code = 1;
        } else {
            write_puzzle(out, run->opt, i, p);
            run->written++;
            show_progress(run, &t0, 0);
        }
    }
    show_progress(run, &t0, 1);
    generator_free(g);
    if (interrupted) {
        fprintf(stderr, "sudolab generate: interrupted after %ld puzzles\n",
                run->written - run->first);
        code = 130;
    }
    return code;
}

/* Starts the workers, writes, joins them. */
static int run_all(struct run *run, FILE *out)
{
    if (run->opt->jobs == 1) return run_alone(run, out);
    int jobs = run->opt->jobs, started = 0;
    pthread_t threads[256];
    for (; started < jobs; started++)
        if (pthread_create(&threads[started], NULL, run_worker, run)) break;
    int code = started ? run_write(run, out) : 1;
    pthread_mutex_lock(&run->lock);
    run->stop = 1;
    pthread_cond_broadcast(&run->changed);
    pthread_mutex_unlock(&run->lock);
    for (int i = 0; i < started; i++) pthread_join(threads[i], NULL);
    if (run->setup_error[0]) {
        fprintf(stderr, "sudolab generate: %s\n", run->setup_error);
        code = 2;
    }
    if (interrupted) {
        fprintf(stderr, "sudolab generate: interrupted after %ld puzzles\n",
                run->written - run->first);
        code = 130;
    }
    return code;
}

/* Where the puzzles go: stdout, or a temporary file beside --output. */
static FILE *open_output(const struct cmd_options *opt, char *temp, size_t cap)
{
    if (!opt->output) return stdout;
    snprintf(temp, cap, "%s.partial.XXXXXX", opt->output);
    int fd = mkstemp(temp);
    FILE *out = fd >= 0 ? fdopen(fd, "w") : NULL;
    if (!out) fprintf(stderr, "sudolab generate: cannot write %s: %s\n", temp, strerror(errno));
    return out;
}

static int close_output(const struct cmd_options *opt, FILE *out, const char *temp, int code)
{
    if (!opt->output) return fflush(stdout) && !code ? 1 : code;
    int bad = fclose(out) != 0;
    if (!code && !bad && rename(temp, opt->output) == 0) return 0;
    if (!code)
        fprintf(stderr, "sudolab generate: cannot write %s: %s\n", opt->output, strerror(errno));
    remove(temp);
    return code ? code : 1;
}

int cmd_generate(int argc, char **argv)
{
    struct cmd_options opt;
    struct run run = {.opt = &opt};
    int code = cmd_parse(&generate_spec, argc, argv, &opt);
    if (code >= 0) return code;
    if (opt.nfiles > 0) {
        fprintf(stderr, "sudolab generate: takes no files ('%s')\n", opt.files[0]);
        return EXIT_BAD_INPUT;
    }
    if (request_of(&opt, &run.req)) return EXIT_BAD_INPUT;
    run.first = opt.count * (opt.shard_index - 1) / opt.shard_count;
    run.end = opt.count * opt.shard_index / opt.shard_count;
    run.next = run.written = run.first;
    run.slots = calloc(GENERATE_WINDOW, sizeof *run.slots);
    char temp[4096];
    FILE *out = run.slots ? open_output(&opt, temp, sizeof temp) : NULL;
    if (!out) {
        free(run.slots);
        return EXIT_BAD_INPUT;
    }
    pthread_mutex_init(&run.lock, NULL);
    pthread_cond_init(&run.changed, NULL);
    struct sigaction sa = {0}, old_int, old_term;
    sa.sa_handler = on_interrupt;
    sigaction(SIGINT, &sa, &old_int);
    sigaction(SIGTERM, &sa, &old_term);
    code = run_all(&run, out);
    sigaction(SIGINT, &old_int, NULL);
    sigaction(SIGTERM, &old_term, NULL);
    code = close_output(&opt, out, temp, code);
    pthread_cond_destroy(&run.changed);
    pthread_mutex_destroy(&run.lock);
    free(run.slots);
    return code;
}
