/*
 * generate.h — making puzzles: one generator per thread, each a Lua state
 * running a variant's generate function (scripts/generate.lua), and the
 * check every puzzle passes before it is written.
 *
 * Puzzle i of a run depends only on the run's seed and i (generate_seed),
 * never on which job or shard makes it, so a run split over threads,
 * shards or machines makes the same puzzles as one run.
 */
#ifndef SUDOLAB_GENERATE_H
#define SUDOLAB_GENERATE_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

#include "error.h"
#include "sudolab_limits.h"

/* What to make: every field but variant may be left 0 / NULL. */
struct generate_request {
    const char *variant;            /* variants/NAME.lua */
    int size;                       /* another grid size than the variant's, or 0 */
    const char *strategy;           /* the variant's strategy name (dig.lua: random, ...) */
    const char *symmetry;           /* dig.lua's symmetries */
    const char *grade;              /* a grade name (rate.h) */
    int clues;                      /* an exact clue count */
    int min_cage, max_cage;         /* killer cage sizes, 0 = the variant's */
    const char *cage_sizes;         /* killer: "2,3,3,4", the sizes drawn */
    int givens;                     /* givens besides the marks or cages, when has_givens */
    int has_givens;                 /* givens was asked for: then 0 means none */
    double rating_low, rating_high; /* a rating band (used when high > 0) */
    int want_rating;                /* rate each puzzle for the statistics */
    int want_solution;              /* write each puzzle's solution into generated */
    int no_stats;        /* no statistics read: clues, cages, trace and the rest left 0 or "" */
    int lines, max_line; /* mark variants: lines placed, their most cells; 0 = the variant's */
    int arm_keys;        /* a report's arm: refusals name its keys (grade), not options */
};

/* One puzzle made. */
struct generated {
    char line[GENERATE_LINE_MAX];   /* the puzzle in its variant's line form */
    int clues;                      /* givens */
    int cages;                      /* killer cages, or 0 */
    double rating;                  /* when rated, else 0 */
    double work;                    /* when rated: the sum of its steps' ratings, else 0 */
    char grade[GRADE_NAME_MAX];     /* when rated, else "" */
    uint64_t nodes;                 /* search nodes of the final uniqueness count */
    double ms;                      /* time to make it */
    char trace[GENERATE_TRACE_MAX]; /* annealing's energy per step, comma-separated, or "" */
    char techniques[GENERATE_TECHNIQUES_MAX]; /* when rated: "key:count,..." */
    char cage_sizes[GENERATE_CAGE_SIZES_MAX]; /* killer: "size:cages,..." */
    int unused_rules;                /* graded: candidates refused for leaving a rule unused */
    char solution[SL_MAX_CELLS + 1]; /* when asked: its symbols, as solve writes them */
};

/* The seed of puzzle `index` of a run seeded with `seed`. */
uint64_t generate_seed(uint64_t seed, uint64_t index);

struct generator;

/* A generator for the request (its own interpreter); NULL with err when
 * the variant cannot be loaded or has no generate function. */
struct generator *generator_new(const struct generate_request *req, struct sl_error *err);
void generator_free(struct generator *g);

/* Makes the puzzle of seed `seed` into out, reads its line back and
 * counts its solutions again: 0 when it is unique, else -1 with err (the
 * strategy failed, the script erred, or the puzzle was not unique: a bug
 * reported, never written). */
int generator_make(struct generator *g, uint64_t seed, struct generated *out, struct sl_error *err);

/* Prints on standard output what the named variants generate: their
 * sizes and strategies, what each strategy takes, and the symmetries
 * (generate.lua's describe). 0, or -1 with err. */
int generate_describe(const char *const *names, int n, struct sl_error *err);

/* A rating band that reaches past the most the variant's puzzles of the
 * request's size can rate, yet starts at or below it, cut to that most
 * (generate_reach.c): 1 with the band lowered and a note for the user in
 * note ("--rating 11.5-12.0 reaches past 11.8, ..."), else 0 and the
 * request unchanged. The most is known only for a variant that sets
 * shallow_search_to (scripts/variant.lua): sudolab.technique_top(n),
 * as scripts/dig.lua's check_reach, which refuses a band wholly above.
 * The variant, named name, has size `size` and shallow_search_to
 * `shallow_to` (0: none). */
int generate_cut_band(struct generate_request *req, const char *name, int size, int shallow_to,
                      char *note, size_t cap);
/* 1 when the request's band may reach past a variant's most at any size
 * (generate_cut_band need not be asked, nor the variant loaded, else). */
int generate_band_may_cut(const struct generate_request *req);
/* generator_new, the request's band first cut as generate_cut_band says,
 * the variant read in the generator's own interpreter (loaded once):
 * note holds what was cut, "" when nothing was (note NULL: nothing cut,
 * as generator_new). */
struct generator *generator_new_cut(struct generate_request *req, char *note, size_t cap,
                                    struct sl_error *err);

/* --- runs (generate_run.c) ------------------------------------------- */

/* Gets puzzle `index` (p NULL and why set when it could not be made), in
 * index order; returns 0 to go on, anything else to stop the run. */
typedef int (*generate_sink)(void *arg, long index, const struct generated *p, const char *why);

struct generate_run {
    const struct generate_request *request;
    uint64_t seed;
    long first, end; /* the indices made: [first, end) */
    int jobs;        /* generators: the calling thread's and jobs - 1 threads' */
    generate_sink sink;
    void *arg;
    const char *label; /* names the progress line shown on a terminal */
    /* Stops the run when it becomes non-zero. Set by a signal handler
     * and read by every job's thread: only a lock-free atomic may be
     * both (a volatile sig_atomic_t is for the thread the signal hit). */
    const atomic_int *interrupted;
    /* A generator for the request made already (the caller's check of
     * it), or NULL: the run takes it over, a job makes its puzzles with
     * it instead of starting one more interpreter, and the run frees it. */
    struct generator *made;
};
_Static_assert(ATOMIC_INT_LOCK_FREE == 2, "a signal handler may touch only lock-free atomics");

/* Makes the puzzles and hands each to the sink. Returns the sink's last
 * code (0: all handed over, or the run was interrupted), or -1 with err
 * when a generator could not be made; *handed counts what the sink got. */
int generate_run(const struct generate_run *spec, long *handed, struct sl_error *err);

#endif
