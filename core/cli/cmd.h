/*
 * cmd.h — what the sudolab subcommands share: one option parser over
 * each command's own option table (cmd_options.c), the loop over every
 * puzzle of every input file (cmd_input.c), and the exit codes.
 *
 * Exit codes (when several apply, the largest wins; README.md's "Exit
 * codes" says which command returns 1 for what):
 *   0  every puzzle was handled;
 *   1  some puzzle has no solution, or is not unique where that counts;
 *   2  bad input or usage: a malformed puzzle, a given that breaks a
 *      rule, an unreadable file, an unknown option;
 *   3  the search gave up on some puzzle (--max-nodes, or a default bound).
 */
#ifndef SUDOLAB_CMD_H
#define SUDOLAB_CMD_H

#include <stdint.h>
#include <stdio.h>

#include "format.h"
#include "search.h"

enum { EXIT_NO_SOLUTION = 1, EXIT_BAD_INPUT = 2, EXIT_GAVE_UP = 3 };

struct cmd_options {
    struct reader_options reader;   /* --size, --boxes */
    int pretty;                     /* --pretty */
    long limit;                     /* --limit */
    uint64_t seed;                  /* --seed */
    long count;                     /* --count */
    long runs;                      /* --runs */
    uint64_t max_nodes;             /* --max-nodes, 0 = none */
    int to;                         /* --to: an enum cmd_output */
    const char *variant;            /* --variant: plain puzzles take its rules */
    int json;                       /* --json */
    int explain;                    /* --explain */
    const char *state;              /* --state: pencil marks to start from (hint) */
    int text_operands;              /* an operand that names no file is a puzzle itself */
    int jobs;                       /* --jobs */
    int shard_index, shard_count;   /* --shard I/N, 1-based */
    int stats;                      /* --stats */
    int clues;                      /* --clues, 0 = any */
    const char *symmetry;           /* --symmetry */
    int min_cage, max_cage;         /* --min-cage, --max-cage, 0 = the variant's */
    const char *cage_sizes;         /* --cage-sizes */
    int givens;                     /* --givens; -1 when not given (0 asks for none) */
    const char *strategy;           /* --strategy */
    const char *grade;              /* --grade */
    double rating_low, rating_high; /* --rating, high 0 = none */
    const char *output;             /* --output */
    const char *out_dir;            /* --out */
    int require_charts;             /* --require-charts */
    long chart_seconds;             /* report --chart-seconds, 0 = the default */
    uint64_t max_instructions;      /* --max-instructions, 0 = the default */
    long max_memory;                /* --max-memory in MB, 0 = the default */
    long max_seconds;               /* --max-seconds of CPU, 0 = the default */
    const char *render_format;      /* render's --format: pdf, svg, png */
    int per_page;                   /* --per-page, 0 = the default */
    int solutions;                  /* --solutions */
    const char *title;              /* --title */
    const char *paper;              /* --paper */
    int ascii;                      /* --ascii */
    long delay_ms;                  /* --delay */
    int redundant;                  /* check --redundant */
    int estimate;                   /* count --estimate */
    long probes;                    /* --probes, 0 = the default */
    long cap;                       /* candidates' --limit, 0 = the default */
    int lines, max_line;            /* --lines, --max-line: 0 = the variant's */
    int time;                       /* variants --time */
    int nfiles;
    char **files; /* the operands; none means stdin */
    /* Set by the command: the node limit without --max-nodes, on grids
     * larger than default_nodes_above x default_nodes_above (0: any). */
    uint64_t default_nodes;
    int default_nodes_above;
    /* Set by solve and count: try each puzzle's lean ruleset's root first
     * (cmd_puzzle's settled), building the whole ruleset only when that
     * leaves cells open. */
    int settle_lean;
    /* Set by bench for its runs after the first: the loop's complaints
     * about entries (and a visit's, to cmd_puzzle's err) go nowhere, the
     * first run having said them. */
    int quiet_entries;
    /* Set by play and trace, which take one puzzle: reading stops at the
     * first puzzle visited, so a bad line after it is never read. */
    int first_puzzle_only;
    /* Set by a command whose visits can fail for good (render's book,
     * refused for want of room): reading stops once *stop_reading is
     * nonzero, so later lines are neither read nor complained about
     * (cmd_for_each_puzzle; the --jobs loop does not read it). */
    const int *stop_reading;
};

/* An option a command takes, by its long name, and its help (lines
 * separated by '\n'). Letters, values and ranges come from the one
 * catalogue in cmd_options.c. */
struct cmd_option_help {
    const char *name;
    const char *help;
};

/* A command: its name, the help text around its options, and the options
 * it takes (the list ends with {NULL, NULL}); it takes no others. */
struct cmd_spec {
    const char *name;
    const char *synopsis; /* "usage: ..." and what the command does */
    const struct cmd_option_help *options;
    const char *epilogue; /* after the options: the exit codes */
    /* Help that only the running program knows (names from scripts),
     * printed between the options and the epilogue; or NULL. */
    void (*more_help)(FILE *out);
};

/* --max-nodes's help for each default the commands have (the limits of
 * sudolab_limits.h, written in as text). */
#define CMD_STR(x) CMD_STR_(x)
#define CMD_STR_(x) #x
#define CMD_NODES_HELP_NONE "give up on a puzzle after N search nodes (default: no limit)"
#define CMD_NODES_HELP_CHECK                                                                       \
    "give up on a puzzle after N search nodes (default " CMD_STR(CLI_CHECK_NODES) ")"
#define CMD_NODES_HELP_SOLVE                                                                       \
    "give up on a puzzle after N search nodes (default: no limit\n"                                \
    "up to " CMD_STR(CLI_SOLVE_BOUNDED_ABOVE) "x" CMD_STR(CLI_SOLVE_BOUNDED_ABOVE) ", " CMD_STR(   \
        CLI_SOLVE_NODES) " above)"

/* The options of the commands that read and solve puzzles (solve, count,
 * bench), in a command's option table. */
#define CMD_READ_OPTIONS(size_help, nodes_help)                                                    \
    {"size", size_help},                                                                           \
        {"boxes", "box shape, or 'none' for a Latin square (default: most square)"},               \
        {"max-nodes", nodes_help},                                                                 \
        {"format", "read only format F (default: auto, each form known by itself)"},               \
        {"variant", "give plain puzzles the rules of variants/NAME.lua"},                          \
    {                                                                                              \
        "ignore-unknown", "f-puzzles: read a puzzle without its constraints that have no rule\n"   \
                          "here, with a warning (default: an error)"                               \
    }

/* The forms convert writes (--to), named in cmd_output_names (NULL-ended). */
enum cmd_output {
    OUTPUT_SUDOLAB,
    OUTPUT_SOLO,
    OUTPUT_LINE,
    OUTPUT_PRETTY,
    OUTPUT_FPUZZLES,
    OUTPUT_FPUZZLES_LINK,
    OUTPUT_KEEN,
    OUTPUT_UNRULY
};
extern const char *const cmd_output_names[];
int cmd_output_by_name(const char *name);

/* Parses argv into opt (defaults first). Options may come before or after
 * the operands, "--" ends them; every value is checked here (numbers for
 * range and trailing junk, names against their lists). Operands end up in
 * opt->files. Returns -1 to go on, or an exit code to return at once (0
 * after --help, 2 on a usage error, with the message printed). */
int cmd_parse(const struct cmd_spec *spec, int argc, char **argv, struct cmd_options *opt);

/* The same for a command whose first operand ends its options (`run
 * SCRIPT ARGS...`: what follows is the script's). */
int cmd_parse_leading(const struct cmd_spec *spec, int argc, char **argv, struct cmd_options *opt);

/* The command's --help: synopsis, one line per option, epilogue. */
void cmd_print_help(const struct cmd_spec *spec, FILE *out);

/* The names of the variant files (NAME.lua in $SUDOLAB_PATH's folders and
 * variants/), sorted, each allocated, into names (at most max - 1, then
 * NULL); the count, or -1 when no folder holds one. cmd_free_names frees
 * them. */
int cmd_variant_names(char **names, int max);
void cmd_free_names(char **names);

/* Warns on standard error, "sudolab COMMAND: warning: FILE hides SCRIPT
 * ...", of each file of the search path (a --variant file's folder first,
 * when variant is one) that hides a module of the root's scripts/
 * (variant_hidden_scripts); returns how many. cmd_parse calls it for a
 * command given --variant (but scores); generate, play and report, which
 * run the project's Lua without one too, call it then. */
int cmd_warn_hidden(const char *command, const char *variant);
/* The same for `run SCRIPT`, whose `require` searches the script's folder
 * first: a script beside its own marks.lua hides scripts/marks.lua from
 * the project's variants it loads. */
int cmd_warn_hidden_script(const char *command, const char *script);

/* The file --output FILE names, as a run replaces it (cmd_target.c):
 * FILE itself, or the file a symbolic link FILE names; with the mode the
 * new file gets (an existing file's own, else 0666 less the umask). 0,
 * or -1 after "sudolab COMMAND: cannot write FILE: why" when FILE is
 * empty, a folder, a device, a FIFO or a socket, a link to nothing (or
 * a loop of links), or too long. */
struct cmd_target {
    char path[4096];
    unsigned mode;
};
int cmd_output_target(const char *command, const char *asked, struct cmd_target *t);
/* 0, or -1 after "cannot write ASKED: it is the input file F, ..." when
 * the file t names is one of files (the same file, by any name): writing
 * it would replace the puzzles being read. */
int cmd_output_apart(const char *command, const char *asked, const struct cmd_target *t,
                     char *const *files, int nfiles);
/* Prints "sudolab COMMAND: cannot write ASKED: WHY"; returns -1. */
int cmd_output_fail(const char *command, const char *asked, const char *why);

/* Prints "sudolab NAME: message" and where help is; returns 2. */
int cmd_usage_error(const struct cmd_spec *spec, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* One puzzle ready to work on: parsed, givens checked, ruleset built. */
struct cmd_puzzle {
    const char *file;
    const struct puzzle *puzzle;
    const struct puzzle_source *where;
    const struct ruleset *rules;
    struct solver *solver; /* for rules, node limit applied */
    long rules_serial;     /* changes whenever rules is a new ruleset */
    FILE *out, *err;       /* where a visit writes: stdout and stderr, or a
                              --jobs thread's buffers */
    /* With opt->settle_lean: the only solution, when a rule's settle hook
     * (rules and solver then NULL) or the root of a lean ruleset (rules.h;
     * rules and solver then that ruleset's) settled every cell; else NULL. */
    const uint8_t *settled;
};

typedef int (*cmd_visit)(void *arg, const struct cmd_puzzle *item);

/* Calls visit for every good puzzle of every input, in order, and reports
 * bad ones on stderr as FILE:LINE:COL: message. Returns the exit code so
 * far (0 or 2) combined with the largest code visit returned. */
int cmd_for_each_puzzle(const struct cmd_options *opt, cmd_visit visit, void *arg);

/* The same on `jobs` threads (cmd_jobs.c): the input is read once, and
 * every entry of it (a puzzle, good or bad, a file that will not open)
 * is handled by one thread, with args[thread], its visit writing to
 * item->out and item->err; everything is written in input order, as
 * one thread would write it. jobs past the online CPUs (and past 8) are
 * capped at them, with a note on stderr. */
int cmd_for_each_puzzle_jobs(const struct cmd_options *opt, cmd_visit visit, void *const *args,
                             int jobs);
/* The same with one arg that every thread shares (read only), on
 * opt->jobs threads. */
int cmd_for_each_puzzle_alike(const struct cmd_options *opt, cmd_visit visit, void *arg);
#define CMD_JOBS_HELP "work on N threads; the output is the same, in the same order"

/* The node limit for an N x N puzzle: --max-nodes, else the command's
 * default (0 for none). */
uint64_t cmd_node_limit(const struct cmd_options *opt, int size);

/* Begins a puzzle's JSON object with its place, `{"file":...,"line":N,`:
 * a line that could not be read has no object, so the n-th object is not
 * the n-th puzzle of the input. */
void cmd_json_place(FILE *out, const struct cmd_puzzle *item);

/* Reports a search that gave up, as FILE:LINE: message. */
void cmd_report_gave_up(const struct cmd_puzzle *item, uint64_t nodes);

int cmd_solve(int argc, char **argv);
int cmd_count(int argc, char **argv);
int cmd_bench(int argc, char **argv);
int cmd_fill(int argc, char **argv);
int cmd_convert(int argc, char **argv);
int cmd_rules(int argc, char **argv);
int cmd_check(int argc, char **argv);
int cmd_run(int argc, char **argv);
int cmd_variants(int argc, char **argv);
int cmd_rate(int argc, char **argv);
int cmd_generate(int argc, char **argv);
int cmd_report(int argc, char **argv);
int cmd_hint(int argc, char **argv);
int cmd_render(int argc, char **argv);
int cmd_play(int argc, char **argv);
int cmd_scores(int argc, char **argv);
int cmd_trace(int argc, char **argv);
int cmd_candidates(int argc, char **argv);

/* The setter's tools inside check and count (cmd_setter.c), each run on
 * one puzzle after the line that check or count prints for it; each
 * returns an exit code. Two solutions of a puzzle that has several,
 * where they differ, and the given that leaves the fewest: */
int cmd_check_several(const struct cmd_puzzle *item);
/* The givens and rule items a unique puzzle can each do without: */
int cmd_check_redundant(const struct cmd_puzzle *item);
/* count --estimate: Knuth's estimate of the count, with its interval. */
int cmd_count_estimate(const struct cmd_options *opt, const struct cmd_puzzle *item);

#endif
