/*
 * cmd_feed.h — the puzzle loop in two halves that --jobs threads share
 * (cmd_jobs.c) and one thread chains (cmd_input.c).
 *
 * The feed (cmd_feed.c) reads every operand in turn, once, and cuts it
 * into entries: a puzzle, a malformed one with its error, a file that
 * will not open. What one thread prints for an entry depends on that
 * entry alone, so entries may be handled anywhere once read.
 *
 * A loop (cmd_input.c) handles entries on one thread: it keeps that
 * thread's ruleset and solver (never shared) and writes each entry's
 * output and complaints to the streams it is given with it.
 */
#ifndef SUDOLAB_CMD_FEED_H
#define SUDOLAB_CMD_FEED_H

#include "cmd.h"

struct variant_spec;

enum cmd_entry_kind {
    ENTRY_PUZZLE,   /* puzzle and where hold it (the handler clears it) */
    ENTRY_BAD,      /* err says what is wrong and where */
    ENTRY_UNOPENED, /* file did not open; why is the errno */
    /* the same, and the name reads as a puzzle (to a command that
     * takes none as an operand) */
    ENTRY_UNOPENED_PUZZLE,
    ENTRY_NO_MEMORY, /* file could not be read for want of memory */
};

struct cmd_entry {
    int kind;
    const char *file; /* as messages name it: an operand, "<stdin>", ... */
    struct puzzle puzzle;
    struct puzzle_source *where; /* allocated by cmd_entry_init */
    struct sl_error err;
    int why;
};

/* 0, or -1 when out of memory (then nothing is held). */
int cmd_entry_init(struct cmd_entry *e);
void cmd_entry_free(struct cmd_entry *e);

struct cmd_feed;
/* The feed of opt's operands (standard input when none); NULL when out
 * of memory. Nothing is opened before the first cmd_feed_next. */
struct cmd_feed *cmd_feed_open(const struct cmd_options *opt);
/* The next entry into e: 1, or 0 at the end of the input (and on every
 * call after it). Not for two threads at once. */
int cmd_feed_next(struct cmd_feed *f, struct cmd_entry *e);
void cmd_feed_close(struct cmd_feed *f);
/* 1 when the next cmd_feed_next would wait for its stream (a pipe or a
 * terminal with nothing to read yet): a caller writes out what it holds
 * first, so that a person typing, or a program waiting for each answer,
 * sees it. 0 when it would not, or may not (a file, an operand to open). */
int cmd_feed_would_wait(const struct cmd_feed *f);
/* 1 while the stream read is a pipe, terminal or the like. */
int cmd_feed_live(const struct cmd_feed *f);

struct cmd_loop;
/* A loop calling visit(arg, ...) for every good puzzle; variant is
 * --variant loaded (read only, may be shared), or NULL. NULL when out of
 * memory. */
struct cmd_loop *cmd_loop_new(const struct cmd_options *opt, const struct variant_spec *variant,
                              cmd_visit visit, void *arg);
/* Handles e, writing to out and err, and clears its puzzle. */
void cmd_loop_entry(struct cmd_loop *loop, struct cmd_entry *e, FILE *out, FILE *err);
/* Frees the loop; returns the worst exit code of its entries. */
int cmd_loop_free(struct cmd_loop *loop);

#endif
