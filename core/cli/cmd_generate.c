/*
 * cmd_generate.c — `sudolab generate`: puzzles of a variant, made by
 * --jobs threads (one interpreter each), written in index order, whatever
 * thread made them; --shard I/N makes the I-th contiguous slice of the run.
 *
 * Output is whole lines. With --output FILE the puzzles go to a temporary
 * file renamed to FILE only when the run has finished and the file is on
 * disk (fsync): an interrupted or failed run leaves no half-written FILE.
 * FILE must be a regular file or missing; a symbolic link is written
 * through, replacing the file it names. The temporary file's name holds
 * the run's pid, so a later run removes those a killed run left behind.
 */
/* mkstemp(), fchmod() and fsync(), for --output */
#define _XOPEN_SOURCE 700

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cmd.h"
#include "cmd_flush.h"
#include "generate.h"
#include "json.h"
#include "lua_host.h"
#include "variant.h"

/* Each variant's sizes and strategies, what each strategy takes, the
 * grades where a variant or size does not reach them all, and the
 * symmetries, as the scripts declare them (generate.lua, describe). */
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
                   "size twice, twice as often; default 2,2,3,3,4, past 9x9 2,2,3;\n"
                   "9x9 graded easy 2,2, medium 2,2,3)"},
    {"givens", "killer: N givens besides the cages (default none; a graded\n"
               "12x12 or 16x16 takes its grade's count: grade_givens in\n"
               "variants/killer.lua); mark variants: at most N (0: none)"},
    {"lines", "line variants (thermo, arrow, whispers...): N lines placed\n"
              "before the unneeded ones are dropped"},
    {"max-line", "line variants: the most cells of a line (little killer:\n"
                 "of a clue's diagonal)"},
    {"grade", "a grade, as the rater names them (one the variant's size\n"
              "never reaches is refused: below, the grades each reaches)"},
    {"rating", "a rating band, e.g. 6.0-7.5, or one rating, e.g. 4.2\n"
               "(" CMD_STR(GENERATE_RATING_MIN) ".." CMD_STR(
                   GENERATE_RATING_MAX) ": the rater's scale ends there)"},
    {"stats", "add columns: ms, rating, grade, clues (or cages), nodes"},
    {"json", "one JSON object per puzzle instead (with its solution,\n"
             "and annealing's energy per step for reports)"},
    {"output", "write FILE whole at the end (nothing on failure): a regular\n"
               "file, or a symbolic link to one (the file is replaced);\n"
               "'-' is standard output, as leaving it out"},
    {NULL, NULL},
};

static const struct cmd_spec generate_spec = {
    "generate",
    "usage: sudolab generate [--variant NAME] [--size N] [--count K] [--seed S] [--jobs N]\n"
    "       [--shard I/N] [--strategy NAME] [--symmetry NAME] [--clues C]\n"
    "       [--min-cage N] [--max-cage N] [--cage-sizes LIST] [--givens N]\n"
    "       [--lines N] [--max-line N]\n"
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
    "2 bad usage or the output cannot be written, 130 interrupted.\n",
    generate_more_help,
};

/* The globals a signal handler needs (it can reach nothing else): the
 * first Ctrl-C asks the run to stop after the puzzle in hand; a second
 * one, or SIGTERM, stops at once, removing the unfinished --output. */
static atomic_int interrupted;
static char temp_output[4096 + 64];
static void on_interrupt(int sig)
{
    if (sig == SIGINT && !atomic_exchange(&interrupted, 1)) return;
    if (temp_output[0]) unlink(temp_output);
    _exit(130);
}

static void write_puzzle(FILE *out, const struct cmd_options *opt, long index,
                         const struct generated *p)
{
    if (opt->json) {
        /* A variant's line may be any form the reader takes, an f-puzzles
         * object among them: quoted, not pasted; so is what its grade says. */
        fprintf(out, "{\"index\":%ld,\"puzzle\":", index);
        json_write_string(out, p->line);
        fprintf(out, ",\"solution\":\"%s\",\"ms\":%.3f,\"clues\":%d", p->solution, p->ms, p->clues);
        if (p->cages) fprintf(out, ",\"cages\":%d", p->cages);
        if (p->grade[0]) {
            fprintf(out, ",\"rating\":%.1f,\"grade\":", p->rating);
            json_write_string(out, p->grade); /* a strategy's own rate may name it */
        }
        if (p->trace[0]) fprintf(out, ",\"energy\":[%s]", p->trace);
        if (p->unused_rules) fprintf(out, ",\"unused_rule_refusals\":%d", p->unused_rules);
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
    int write_errno; /* why the first failed write failed, or 0 */
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
    cmd_whole_records(o->out, strlen(p->line) + strlen(p->trace) + 256);
    write_puzzle(o->out, o->opt, index, p);
    if (!ferror(o->out)) return 0;
    o->write_errno = errno;
    if (o->opt->output)
        fprintf(stderr, "sudolab generate: cannot write %s: %s\n", o->opt->output, strerror(errno));
    return EXIT_BAD_INPUT;
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
        .givens = opt->givens < 0 ? 0 : opt->givens,
        .has_givens = opt->givens >= 0,
        .rating_low = opt->rating_low,
        .rating_high = opt->rating_high,
        .want_rating = opt->stats || opt->json,
        .want_solution = opt->json,
        .no_stats = !(opt->stats || opt->json), /* a plain line reads none */
        .lines = opt->lines,
        .max_line = opt->max_line,
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
 * generator, before any output is opened: the run then makes puzzles
 * with it. NULL when the request fails them. A rating band reaching past
 * what the variant's puzzles rate is cut first, with a note. */
static struct generator *check_request(struct generate_request *req)
{
    char note[512];
    struct sl_error err = {0};
    struct generator *g = generator_new_cut(req, note, sizeof note, &err);
    if (note[0]) fprintf(stderr, "sudolab generate: note: %s\n", note);
    if (!g) fprintf(stderr, "sudolab generate: %s\n", err.msg);
    return g;
}

/* Runs the shard, writing to out. */
static int run_all(const struct cmd_options *opt, const struct generate_request *req,
                   struct generator *made, struct output *o)
{
    struct generate_run spec = {
        .request = req,
        .seed = opt->seed,
        .first = opt->count * (opt->shard_index - 1) / opt->shard_count,
        .end = opt->count * opt->shard_index / opt->shard_count,
        .jobs = opt->jobs,
        .sink = output_puzzle,
        .arg = o,
        .label = "generate",
        .interrupted = &interrupted,
        .made = made,
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

/* The folder of path (".", when it names none) into dir, and the name
 * within it. */
static const char *split_path(const char *path, char *dir, size_t cap)
{
    const char *slash = strrchr(path, '/');
    if (!slash) {
        snprintf(dir, cap, ".");
        return path;
    }
    snprintf(dir, cap, "%.*s", slash == path ? 1 : (int)(slash - path), path);
    return slash + 1;
}

/* Whether name is NAME.partial.PID.XXXXXX, a run's temporary file for
 * NAME, and that run's pid. */
static long partial_pid(const char *entry, const char *name)
{
    static const char infix[] = ".partial.";
    size_t len = strlen(name);
    if (strncmp(entry, name, len) != 0 || strncmp(entry + len, infix, sizeof infix - 1) != 0)
        return 0;
    const char *digits = entry + len + sizeof infix - 1;
    char *end;
    long pid = strtol(digits, &end, 10);
    if (end == digits || *digits == '-' || *digits == '+' || *end != '.' || strlen(end + 1) != 6)
        return 0;
    return pid;
}

/* Removes the partial files of runs for the same target whose process is
 * gone (killed with -9, or a machine that went down): a live pid's file,
 * this run's or another's, is left alone. */
static void sweep_partials(const struct cmd_target *t)
{
    char dir[4096], file[8192];
    const char *name = split_path(t->path, dir, sizeof dir);
    DIR *d = opendir(dir);
    if (!d) return;
    for (struct dirent *e; (e = readdir(d));) {
        long pid = partial_pid(e->d_name, name);
        if (pid <= 0 || pid == (long)getpid() || kill((pid_t)pid, 0) == 0 || errno != ESRCH)
            continue;
        snprintf(file, sizeof file, "%s/%s", dir, e->d_name);
        unlink(file);
    }
    closedir(d);
}

/* Where the puzzles go: stdout, or a temporary file beside --output's
 * target, named by this run's pid so that a later run can tell whether
 * it is stale. */
static FILE *open_output(const struct cmd_options *opt, struct cmd_target *t, char *temp,
                         size_t cap)
{
    if (!opt->output) return stdout;
    if (cmd_output_target("generate", opt->output, t)) return NULL;
    sweep_partials(t);
    int n = snprintf(temp, cap, "%s.partial.%ld.XXXXXX", t->path, (long)getpid());
    if (n >= (int)cap)
        return cmd_output_fail("generate", opt->output, "the path is too long"), NULL;
    int fd = mkstemp(temp);
    if (fd < 0) return cmd_output_fail("generate", opt->output, strerror(errno)), NULL;
    snprintf(temp_output, sizeof temp_output, "%s", temp);
    FILE *out = fchmod(fd, (mode_t)t->mode) == 0 ? fdopen(fd, "w") : NULL;
    if (out) return out;
    cmd_output_fail("generate", opt->output, strerror(errno));
    close(fd);
    unlink(temp);
    temp_output[0] = '\0';
    return NULL;
}

/* Makes the rename itself durable, as far as the folder allows. */
static void sync_folder(const char *path)
{
    char dir[4096];
    split_path(path, dir, sizeof dir);
    int fd = open(dir, O_RDONLY);
    if (fd < 0) return;
    fsync(fd);
    close(fd);
}

/* The file's bytes on disk before the rename puts them in place: after a
 * crash, the target holds the old file or the whole new one. */
static int finish_file(FILE *out)
{
    int bad = fflush(out) != 0 || ferror(out) || fsync(fileno(out)) != 0;
    int saved = errno;
    bad |= fclose(out) != 0;
    if (bad && saved) errno = saved;
    return bad ? -1 : 0;
}

static int close_output(const struct cmd_options *opt, const struct output *o,
                        const struct cmd_target *t, const char *temp, int code)
{
    FILE *out = o->out;
    /* standard output's failure is told by main, which checks it last and
     * names errno: the write's, not that of a call made since */
    if (!opt->output) {
        if (fflush(stdout) && !code) code = EXIT_BAD_INPUT;
        if (o->write_errno) errno = o->write_errno;
        return code;
    }
    errno = 0;
    if (finish_file(out) != 0 && !code) {
        cmd_output_fail("generate", opt->output, errno ? strerror(errno) : "write error");
        code = EXIT_BAD_INPUT;
    } else if (!code && rename(temp, t->path) != 0) {
        cmd_output_fail("generate", opt->output, strerror(errno));
        code = EXIT_BAD_INPUT;
    }
    if (code)
        remove(temp);
    else
        sync_folder(t->path);
    temp_output[0] = '\0';
    return code;
}

int cmd_generate(int argc, char **argv)
{
    struct cmd_options opt;
    struct generate_request req;
    int code = cmd_parse(&generate_spec, argc, argv, &opt);
    if (code >= 0) return code;
    if (!opt.variant) cmd_warn_hidden("generate", NULL); /* classic's Lua runs too */
    if (opt.nfiles > 0) {
        fprintf(stderr, "sudolab generate: takes no files ('%s')\n", opt.files[0]);
        return EXIT_BAD_INPUT;
    }
    if (request_of(&opt, &req)) return EXIT_BAD_INPUT;
    struct generator *made = check_request(&req);
    if (!made) return EXIT_BAD_INPUT;
    char temp[sizeof temp_output];
    struct cmd_target target;
    FILE *out = open_output(&opt, &target, temp, sizeof temp);
    if (!out) {
        generator_free(made);
        return EXIT_BAD_INPUT;
    }
    struct sigaction sa = {0}, old_int, old_term;
    sa.sa_handler = on_interrupt;
    sigaction(SIGINT, &sa, &old_int);
    sigaction(SIGTERM, &sa, &old_term);
    struct output o = {&opt, out, 0};
    code = run_all(&opt, &req, made, &o);
    sigaction(SIGINT, &old_int, NULL);
    sigaction(SIGTERM, &old_term, NULL);
    return close_output(&opt, &o, &target, temp, code);
}
