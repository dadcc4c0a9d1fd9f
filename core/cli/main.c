/*
 * main.c — the sudolab command: dispatches to a subcommand, git-style.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

#include "cmd.h"
#include "cmd_lines.h"
#include "suggest.h"
#include "sudolab.h"

struct subcommand {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *summary;
};

static const struct cmd_spec version_spec = {
    "version",
    "usage: sudolab version (or sudolab --version)\n"
    "\n"
    "Prints sudolab's version.\n",
    NULL,
    "Exit codes: 0 ok, 2 usage.\n",
    NULL,
};

/* `sudolab version` and `sudolab --version`. */
static int cmd_version(int argc, char **argv)
{
    struct cmd_options opt;
    int code = cmd_parse(&version_spec, argc, argv, &opt);
    if (code >= 0) return code;
    if (opt.nfiles) return cmd_usage_error(&version_spec, "takes no operands");
    printf("sudolab %s\n", sudolab_version());
    return 0;
}

static const struct subcommand subcommands[] = {
    {"solve", cmd_solve, "print the solution of every puzzle"},
    {"count", cmd_count, "count the solutions of every puzzle, up to a limit"},
    {"bench", cmd_bench, "solve and verify every puzzle of each file, timed"},
    {"fill", cmd_fill, "print random complete grids, reproducible from --seed"},
    {"convert", cmd_convert,
     "write every puzzle in another format (sudolab line, Solo, f-puzzles, Keen...)"},
    {"generate", cmd_generate, "make unique puzzles of a variant, reproducible from --seed"},
    {"report", cmd_report, "run an experiment: generate, rate, chart and write it up"},
    {"rate", cmd_rate, "rate every puzzle by the human techniques it needs"},
    {"hint", cmd_hint, "the next step a player can take, in words"},
    {"render", cmd_render, "draw puzzles: a PDF booklet, or an SVG or PNG picture"},
    {"check", cmd_check, "warn about doubtful rule data and tell whether each puzzle is unique"},
    {"candidates", cmd_candidates, "the digits each cell holds in some solution"},
    {"rules", cmd_rules, "list the rules a puzzle can use, or describe one"},
    {"run", cmd_run, "run a Lua script in the sandbox, with the sudolab module"},
    {"variants", cmd_variants, "list the variants of variants/*.lua and $SUDOLAB_PATH"},
    {"version", cmd_version, "print the version"},
    {"play", cmd_play, "play a puzzle in the terminal: timer, hints, undo, leaderboard"},
    {"scores", cmd_scores, "print the game's leaderboard"},
    {"trace", cmd_trace, "show the solver step by step in the terminal"},
};

static void print_usage(FILE *out)
{
    fprintf(out, "usage: sudolab <command> [options] [FILE...]\n\ncommands:\n");
    int width = 0;
    for (size_t i = 0; i < sizeof subcommands / sizeof subcommands[0]; i++)
        if ((int)strlen(subcommands[i].name) > width) width = (int)strlen(subcommands[i].name);
    for (size_t i = 0; i < sizeof subcommands / sizeof subcommands[0]; i++)
        fprintf(out, "  %-*s %s\n", width, subcommands[i].name, subcommands[i].summary);
    fprintf(out, "\n'sudolab <command> --help' tells more. Puzzles are read from the files\n"
                 "named, or standard input. Exit codes: 0 ok, 1 no solution, 2 bad input or\n"
                 "usage, 3 search gave up (--max-nodes).\n");
}

/* "'solv' is not a command", with the command meant when it is a slip,
 * as an option or a variant named wrongly gets. */
static void main_not_a_command(const char *word)
{
    enum { COUNT = sizeof subcommands / sizeof subcommands[0] };
    const char *names[COUNT + 1];
    for (size_t i = 0; i < COUNT; i++) names[i] = subcommands[i].name;
    names[COUNT] = NULL;
    const char *guess = suggest_name(word, names);
    fprintf(stderr, "sudolab: '%s' is not a command", word);
    if (guess) fprintf(stderr, "; did you mean '%s'?", guess);
    fputc('\n', stderr);
}

/* The subcommand called name, or NULL. */
static const struct subcommand *subcommand_named(const char *name)
{
    for (size_t i = 0; i < sizeof subcommands / sizeof subcommands[0]; i++)
        if (strcmp(name, subcommands[i].name) == 0) return &subcommands[i];
    return NULL;
}

/* Whether e is a cause a write to an open stream gives. A failed write
 * drops its bytes, so when the last flush has nothing left to write the
 * errno read after it may be another call's (`run` told a later require's
 * "No such file or directory" as the write's cause): only these are told. */
static int main_write_errno(int e)
{
    return e == ENOSPC || e == EDQUOT || e == EFBIG || e == EPIPE || e == EIO || e == EROFS ||
           e == EAGAIN || e == EWOULDBLOCK || e == ECONNRESET || e == ENXIO || e == EBADF;
}

/* Output lost to a full disk or a broken file must not pass for success:
 * standard output is checked once, after the command, as every command
 * writes through it (--help and --version too: they once exited 0 with
 * their text lost). */
static int main_finish_output(struct cmd_lines *lines, int code)
{
    int flushed = cmd_lines_end(lines) == 0;
    if (flushed && !ferror(stdout)) return code;
    if (errno && (!flushed || main_write_errno(errno)))
        fprintf(stderr, "sudolab: cannot write the output: %s\n", strerror(errno));
    else
        fputs("sudolab: cannot write the output: a write failed\n", stderr);
    return code > EXIT_BAD_INPUT ? code : EXIT_BAD_INPUT;
}

/* Generators build and drop a ruleset and a search state a candidate,
 * blocks larger than glibc's default mapping threshold: mapped and
 * unmapped each time, every page of them faulted in anew. Serving them
 * from the heap, and keeping a few megabytes of it rather than handing
 * them back at each free, takes that system time away. */
static void main_tune_malloc(void)
{
#if defined(__GLIBC__) && defined(M_MMAP_THRESHOLD) && defined(M_TRIM_THRESHOLD)
    mallopt(M_MMAP_THRESHOLD, 4 << 20);
    mallopt(M_TRIM_THRESHOLD, 8 << 20);
#endif
}

/* A standard stream closed at the start (`>&-`, `2>&-`) leaves its
 * number to the next file opened: render's temporary file took it, and
 * the book written to standard output, or a warning to standard error,
 * went into that file and broke it. Each one closed is held by the null
 * device opened the other way round, so that using it still fails as on
 * a closed one (EBADF) and nothing else lands on it. */
static void main_hold_closed_streams(void)
{
    for (int fd = 0; fd <= 2; fd++) {
        if (fcntl(fd, F_GETFD) != -1 || errno != EBADF) continue;
        int held = open("/dev/null", fd == 0 ? O_WRONLY : O_RDONLY);
        if (held > 2) close(held);
    }
}

static int main_run(int argc, char **argv)
{
    if (argc < 2) {
        print_usage(stderr);
        return EXIT_BAD_INPUT;
    }
    /* `sudolab help solve` is `sudolab solve --help`: it printed the
     * list of commands, as if the command named were not there. */
    if (strcmp(argv[1], "help") == 0 && argc >= 3) {
        const struct subcommand *named = subcommand_named(argv[2]);
        if (named == NULL) {
            main_not_a_command(argv[2]);
            return EXIT_BAD_INPUT;
        }
        char *help[] = {argv[2], "--help", NULL};
        return named->run(2, help);
    }
    if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 ||
        strcmp(argv[1], "help") == 0) {
        print_usage(stdout);
        return 0;
    }
    if (strcmp(argv[1], "--version") == 0) return cmd_version(argc - 1, argv + 1);
    const struct subcommand *named = subcommand_named(argv[1]);
    if (named) return named->run(argc - 1, argv + 1);
    main_not_a_command(argv[1]);
    print_usage(stderr);
    return EXIT_BAD_INPUT;
}

int main(int argc, char **argv)
{
    main_hold_closed_streams();
    main_tune_malloc();
    struct cmd_lines *lines = cmd_lines_begin();
    return main_finish_output(lines, main_run(argc, argv));
}
