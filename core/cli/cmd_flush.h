/*
 * cmd_flush.h — when the commands flush standard output beyond stdio's
 * own choice (cmd_flush.c): while a reader may be waiting for slow
 * results, and before a record of several lines that may not fit the
 * buffer, so that a run killed at once leaves whole records (every
 * write ends with a whole line already: cmd_lines.h).
 */
#ifndef SUDOLAB_CMD_FLUSH_H
#define SUDOLAB_CMD_FLUSH_H

#include <stddef.h>
#include <stdio.h>

/* Flushing standard output as results come when something may wait to
 * read them: not into a regular file, and only once the output has been
 * held a while, so that fast results still go out in whole buffers. */
struct cmd_flush_pace {
    FILE *out;      /* the stream, NULL when never flushed early */
    double last_ns; /* when it was last flushed (or the pace began) */
};
void cmd_flush_pace_init(struct cmd_flush_pace *pace);
/* Called after each result: flushes when due; fflush's result, or 0. */
int cmd_flush_paced(struct cmd_flush_pace *pace);

/* Called before writing a record (a grid, a puzzle and its trace) of at
 * most `most` bytes to out: flushes out first when that may not fit in
 * its buffer, so that what is written at any time ends with a whole
 * record. */
void cmd_whole_records(FILE *out, size_t most);

#endif
