/*
 * cmd_play.c — `sudolab play` (the game), `sudolab scores` (its
 * leaderboard) and `sudolab trace` (the solver step by step), over
 * core/play.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cmd.h"
#include "format_variant.h"
#include "play.h"
#include "play_scores.h"

static const struct cmd_option_help play_options[] = {
    {"variant", "make a puzzle of variants/NAME.lua (default: classic); with FILE,\n"
                "give a plain puzzle its rules"},
    {"grade", "make a puzzle of grade NAME (default: any; the board takes the rated grade)"},
    {"size", "make an N x N puzzle (default: the variant's)"},
    {"seed", "the first game's seed (default: from the clock, told when the\n"
             "game ends); the next games follow"},
    {"ascii", "draw the grid in ASCII, not Unicode box drawing"},
    {"delay", "the trace key's time between steps (default 0: a key per step)"},
    {NULL, NULL},
};

static const struct cmd_spec play_spec = {
    "play",
    "usage: sudolab play [--variant NAME] [--grade G] [--size N] [--seed S] [--ascii]\n"
    "                    [--delay MS] [FILE|PUZZLE]\n"
    "\n"
    "A game in the terminal (80x24 or larger): the first puzzle of FILE, or one\n"
    "made on the spot. Keys: arrows or hjkl move, 1-9 and A-P enter digits, m pencil\n"
    "marks, f fill marks, u undo, Ctrl-R redo, i hint, s show answer, r restart,\n"
    "n new game, p pause, t trace, v rules, b scores, ? help, q quit. A game in\n"
    "progress is kept on quit and offered at the next start; a finished one goes on\n"
    "the ten fastest of its variant, grade and size in\n"
    "$XDG_DATA_HOME/sudolab/scores.db (~/.local/share/sudolab without it).\n",
    play_options,
    "Exit codes: 0 ok, 2 bad input or usage, or no terminal.\n",
    NULL,
};

static const struct cmd_option_help scores_options[] = {
    {"variant", "only the boards of variant NAME"},
    {"grade", "only the boards of grade NAME"},
    {"size", "only the boards of N x N games"},
    {NULL, NULL},
};

static const struct cmd_spec scores_spec = {
    "scores",
    "usage: sudolab scores [--variant NAME] [--grade G] [--size N]\n"
    "\n"
    "Prints the game's leaderboards: the ten fastest games of each variant, grade\n"
    "and size, with name, time, date and hints taken.\n",
    scores_options,
    "Exit codes: 0 ok, 2 usage, or the scores file cannot be read.\n",
    NULL,
};

static const struct cmd_option_help trace_options[] = {
    {"delay", "step by itself every MS milliseconds (default 0: a key per step)"},
    {"ascii", "draw the grid in ASCII, not Unicode box drawing"},
    {"size", "the puzzle is N x N (default: inferred)"},
    {"boxes", "box shape, or 'none' for a Latin square (default: most square)"},
    {"format", "read only format F (default: auto, each form known by itself)"},
    {"variant", "give a plain puzzle the rules of variants/NAME.lua"},
    {NULL, NULL},
};

static const struct cmd_spec trace_spec = {
    "trace",
    "usage: sudolab trace [--delay MS] [--ascii] FILE|PUZZLE\n"
    "\n"
    "Shows the solver on the first puzzle in the terminal, one step at a time: the\n"
    "givens' propagation, each guess and the propagation it sets off, each\n"
    "contradiction and backtrack, with the candidates left in every cell. Keys:\n"
    "space the next step, a run or stop, + and - the speed, q quit.\n",
    trace_options,
    "Exit codes: 0 ok, 2 bad input or usage, or no terminal.\n",
    NULL,
};

/* The first puzzle read, as a sudolab line. */
struct first_puzzle {
    char line[GENERATE_LINE_MAX];
    int have;
};

static int take_first(void *arg, const struct cmd_puzzle *item)
{
    struct first_puzzle *f = arg;
    if (f->have) return 0;
    f->have = format_sudolab_line(item->puzzle, f->line, sizeof f->line) < (int)sizeof f->line;
    if (!f->have)
        fprintf(stderr, "%s:%ld: the puzzle is too long\n", item->file, item->where->line);
    return f->have ? 0 : EXIT_BAD_INPUT;
}

/* Reads the operand up to its first puzzle, which is all play and trace
 * use: a file of puzzles was read to its end (every later line parsed
 * and its rules built), and a bad line after the first puzzle refused
 * the game. 0, or an exit code (a bad entry before the first puzzle). */
static int read_first(struct cmd_options *opt, struct first_puzzle *f, const char *command)
{
    opt->text_operands = 1;
    opt->first_puzzle_only = 1;
    int code = cmd_for_each_puzzle(opt, take_first, f);
    if (code == 0 && !f->have) {
        fprintf(stderr, "sudolab %s: %s: no puzzle in it\n", command,
                sl_operand_name(opt->files[0]));
        code = EXIT_BAD_INPUT;
    }
    return code;
}

/* 1 when argv names --seed (its default cannot tell "not given"). */
static int seed_given(int argc, char **argv)
{
    for (int i = 1; i < argc && strcmp(argv[i], "--") != 0; i++)
        if (strncmp(argv[i], "--seed", 6) == 0 || strncmp(argv[i], "-S", 2) == 0) return 1;
    return 0;
}

int cmd_play(int argc, char **argv)
{
    struct cmd_options opt;
    int code = cmd_parse(&play_spec, argc, argv, &opt);
    if (code >= 0) return code;
    if (!opt.variant) cmd_warn_hidden("play", NULL); /* classic's Lua makes its games */
    static struct first_puzzle first;                /* large: not on the stack */
    if (opt.nfiles > 1) return cmd_usage_error(&play_spec, "one FILE or PUZZLE at most");
    if (opt.nfiles == 1 && (code = read_first(&opt, &first, "play")) != 0) return code;
    struct play_config c = {first.have ? first.line : NULL,
                            opt.variant,
                            opt.grade,
                            opt.reader.size,
                            opt.seed,
                            opt.ascii,
                            opt.delay_ms};
    int from_clock = !seed_given(argc, argv);
    if (from_clock) c.seed = (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 32);
    code = play_run(&c);
    /* A seed drawn from the clock is told once the terminal is back, so
     * the games can be made again. */
    if (from_clock && opt.nfiles == 0 && code == 0)
        fprintf(stderr, "sudolab play: the games came from --seed %llu\n",
                (unsigned long long)c.seed);
    return code;
}

int cmd_trace(int argc, char **argv)
{
    struct cmd_options opt;
    int code = cmd_parse(&trace_spec, argc, argv, &opt);
    if (code >= 0) return code;
    static struct first_puzzle first;
    if (opt.nfiles != 1) return cmd_usage_error(&trace_spec, "give one FILE or PUZZLE");
    if ((code = read_first(&opt, &first, "trace")) != 0) return code;
    struct play_config c = {first.line, NULL, NULL, 0, 0, opt.ascii, opt.delay_ms};
    return play_trace_run(&c);
}

int cmd_scores(int argc, char **argv)
{
    struct cmd_options opt;
    int code = cmd_parse(&scores_spec, argc, argv, &opt);
    if (code >= 0) return code;
    if (opt.nfiles) return cmd_usage_error(&scores_spec, "takes no operands");
    char path[4096], why[256];
    static struct play_score rows[1000];
    if (play_data_path("scores.db", path, sizeof path) || access(path, F_OK) != 0) {
        puts("no games yet");
        return 0;
    }
    struct play_scores *s = play_scores_open(path, why, sizeof why);
    int n = s && !why[0] ? play_scores_list(s, opt.variant, opt.grade, opt.reader.size, rows, 1000,
                                            why, sizeof why)
                         : -1;
    play_scores_close(s);
    if (n < 0) {
        fprintf(stderr, "sudolab scores: %s\n", s ? why : "out of memory");
        return EXIT_BAD_INPUT;
    }
    for (int i = 0, rank = 0; i < n; i++) {
        int same = i > 0 && !strcmp(rows[i].variant, rows[i - 1].variant) &&
                   !strcmp(rows[i].grade, rows[i - 1].grade) && rows[i].size == rows[i - 1].size;
        rank = same ? rank + 1 : 1;
        if (rank == 1)
            printf("%s%s %s %dx%d\n", i ? "\n" : "", rows[i].variant, rows[i].grade, rows[i].size,
                   rows[i].size);
        printf("%2d. %-16s %3ld:%02ld.%ld  %s  hints %d\n", rank, rows[i].name, rows[i].ms / 60000,
               rows[i].ms / 1000 % 60, rows[i].ms / 100 % 10, rows[i].date, rows[i].hints);
    }
    if (n == 0) puts("no games yet");
    return 0;
}
