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
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cmd.h"
#include "generate.h"
#include "lua_host.h"
#include "variant.h"

/* Each variant's sizes and strategies, what each strategy takes, and
 * the symmetries, as the scripts declare them (generate.lua, describe). */
static void generate_more_help(FILE *out)
{
    char *names[257];
    int n = cmd_variant_names(names, 257);
    fprintf(out, "\nThe variants that generate, their sizes and strategies:\n");
    fflush(out);
    struct sl_error err = {0};
    if (n < 0 || generate_describe((const char *const *)names, n, &err))
        fprintf(out, "  (the variant scripts cannot be read: %s)\n",
                n < 0 ? "no variants" : err.msg);
    if (n >= 0) cmd_free_names(names);
}

static const struct cmd_option_help generate_options[] = {
    {"variant", "variants/NAME.lua (default classic)"},
    {"size", "an N x N grid, of a size the variant takes (below; boxes\n"
             "the most square shape)"},
    {"count", "how many puzzles (default 1)"},
    {"seed", "the run's seed (default 1)"},
    {"jobs", "threads, each with its own interpreter (default 1)"},
    {"shard", "only the I-th of N contiguous slices of the K puzzles"},
    {"strategy", "how to make them: one of the variant's (below; default:\n"
                 "the one the other options call for)"},
    {"symmetry", "the clues' symmetry (below; default: the variant's)"},
    {"clues", "exactly C clues"},
    {"min-cage", "killer: the fewest cells of a cage (default 2)"},
    {"max-cage", "killer: the most cells of a cage (default 5)"},
    {"cage-sizes", "killer: the sizes cages are drawn from, e.g. 2,3,3,4 (a\n"
                   "size twice, twice as often; default 2,2,3,3,4, past 9x9 2,2,3)"},
    {"givens", "killer: N givens besides the cages (default none)"},
    {"grade", "a grade, as the rater names them"},
    {"rating", "a rating band, e.g. 6.0-7.5"},
    {"stats", "add columns: ms, rating, grade, clues (or cages), nodes"},
    {"json", "one JSON object per puzzle instead (with annealing's\n"
             "energy per step, for reports)"},
    {"output", "write FILE whole at the end (nothing on failure)"},
    {NULL, NULL},
};

static const struct cmd_spec generate_spec = {
    "generate",
    "usage: sudolab generate [--variant NAME] [--size N] [--count K] [--seed S] [--jobs N]\n"
    "       [--shard I/N] [--strategy NAME] [--symmetry NAME] [--clues C]\n"
    "       [--min-cage N] [--max-cage N] [--cage-sizes LIST] [--givens N]\n"
    "       [--grade NAME | --rating LOW-HIGH] [--stats | --json] [--output FILE]\n"
    "\n"
    "Makes K unique puzzles of a variant (default: classic 9x9) and prints one per\n"
    "line in the variant's line form (the 81-character form for classic). Puzzle i\n"
    "depends only on the seed and i, so any --jobs or --shard split makes the same\n"
    "puzzles. Every puzzle is read back and counted again before it is written.\n"
    "Every option is checked before the first puzzle: one the variant or its\n"
    "strategy does not use is refused, with the reason.\n",
    generate_options,
    "A progress line goes to standard error when it is a terminal. Ctrl-C stops\n"
    "after the puzzle in hand; a second Ctrl-C, or SIGTERM, stops at once. Exit\n"
    "codes: 0 every puzzle made, 1 a puzzle could not be made (reason on stderr),\n"
    "2 bad usage, 130 interrupted.\n",
    generate_more_help,
};

/* The globals a signal handler needs (it can reach nothing else): the
 * first Ctrl-C asks the run to stop after the puzzle in hand; a second
 * one, or SIGTERM, stops at once, removing the unfinished --output. */
static volatile sig_atomic_t interrupted;
static char temp_output[4096];
static void on_interrupt(int sig)
{
    if (sig == SIGINT && !interrupted) {
        interrupted = 1;
        return;
    }
    if (temp_output[0]) unlink(temp_output);
    _exit(130);
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

struct output {
    const struct cmd_options *opt;
    FILE *out;
};

/* The sink: each puzzle written, or the first failure reported. */
static int output_puzzle(void *arg, long index, const struct generated *p, const char *why)
{
    struct output *o = arg;
    if (!p) {
        fprintf(stderr, "sudolab generate: puzzle %ld (seed %llu): %s\n", index,
                (unsigned long long)o->opt->seed, why);
        return 1;
    }
    write_puzzle(o->out, o->opt, index, p);
    return 0;
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
        .min_cage = opt->min_cage,
        .max_cage = opt->max_cage,
        .cage_sizes = opt->cage_sizes,
        .givens = opt->givens,
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

/* The variant's own checks of the request (scripts/generate.lua: its
 * sizes, strategies and the options each takes), made once here by a
 * generator that makes nothing, before any output is opened. */
static int check_request(const struct generate_request *req)
{
    struct sl_error err = {0};
    struct generator *g = generator_new(req, &err);
    if (!g) fprintf(stderr, "sudolab generate: %s\n", err.msg);
    generator_free(g);
    return g ? 0 : -1;
}

/* Runs the shard, writing to out. */
static int run_all(const struct cmd_options *opt, const struct generate_request *req, FILE *out)
{
    struct output o = {opt, out};
    struct generate_run spec = {
        .request = req,
        .seed = opt->seed,
        .first = opt->count * (opt->shard_index - 1) / opt->shard_count,
        .end = opt->count * opt->shard_index / opt->shard_count,
        .jobs = opt->jobs,
        .sink = output_puzzle,
        .arg = &o,
        .label = "generate",
        .interrupted = &interrupted,
    };
    struct sl_error err = {0};
    long handed = 0;
    int code = generate_run(&spec, &handed, &err);
    if (code < 0) {
        fprintf(stderr, "sudolab generate: %s\n", err.msg);
        return 2;
    }
    if (interrupted) {
        fprintf(stderr, "sudolab generate: interrupted after %ld puzzles\n", handed);
        return 130;
    }
    return code;
}

/* Where the puzzles go: stdout, or a temporary file beside --output. */
static FILE *open_output(const struct cmd_options *opt, char *temp, size_t cap)
{
    if (!opt->output) return stdout;
    snprintf(temp, cap, "%s.partial.XXXXXX", opt->output);
    int fd = mkstemp(temp);
    if (fd >= 0) snprintf(temp_output, sizeof temp_output, "%s", temp);
    FILE *out = fd >= 0 ? fdopen(fd, "w") : NULL;
    if (!out) fprintf(stderr, "sudolab generate: cannot write %s: %s\n", temp, strerror(errno));
    return out;
}

static int close_output(const struct cmd_options *opt, FILE *out, const char *temp, int code)
{
    if (!opt->output) return fflush(stdout) && !code ? 1 : code;
    int bad = fclose(out) != 0;
    temp_output[0] = '\0';
    if (!code && !bad && rename(temp, opt->output) == 0) return 0;
    if (!code)
        fprintf(stderr, "sudolab generate: cannot write %s: %s\n", opt->output, strerror(errno));
    remove(temp);
    return code ? code : 1;
}

int cmd_generate(int argc, char **argv)
{
    struct cmd_options opt;
    struct generate_request req;
    int code = cmd_parse(&generate_spec, argc, argv, &opt);
    if (code >= 0) return code;
    if (opt.nfiles > 0) {
        fprintf(stderr, "sudolab generate: takes no files ('%s')\n", opt.files[0]);
        return EXIT_BAD_INPUT;
    }
    if (request_of(&opt, &req) || check_request(&req)) return EXIT_BAD_INPUT;
    char temp[4096];
    FILE *out = open_output(&opt, temp, sizeof temp);
    if (!out) return EXIT_BAD_INPUT;
    struct sigaction sa = {0}, old_int, old_term;
    sa.sa_handler = on_interrupt;
    sigaction(SIGINT, &sa, &old_int);
    sigaction(SIGTERM, &sa, &old_term);
    code = run_all(&opt, &req, out);
    sigaction(SIGINT, &old_int, NULL);
    sigaction(SIGTERM, &old_term, NULL);
    return close_output(&opt, out, temp, code);
}
