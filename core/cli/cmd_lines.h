/*
 * cmd_lines.h — standard output written in whole lines (cmd_lines.c).
 *
 * stdio writes a full buffer wherever it ends, most often inside a line,
 * so a command killed at once (SIGTERM, a second Ctrl-C, a time limit)
 * left a cut line at the end of its output, which a later reader takes
 * for a line with a fault. Between cmd_lines_begin and cmd_lines_end
 * every write to descriptor 1 ends at a newline (but for a line past
 * 1 MiB): the rest of what stdio hands down is held for the next write.
 * A write that fails drops what it held, as stdio drops its buffer, so
 * that no byte is written twice.
 */
#ifndef SUDOLAB_CMD_LINES_H
#define SUDOLAB_CMD_LINES_H

struct cmd_lines;

/* When standard output is not a terminal (one shows lines as they come),
 * points stdout at a stream that writes whole lines to descriptor 1.
 * NULL when it is a terminal, or where the C library has no such streams
 * (glibc's fopencookie), or memory is short: stdout is then left as it is. */
struct cmd_lines *cmd_lines_begin(void);

/* Flushes standard output, the held end of a last line included, and
 * puts stdout back (lines may be NULL: stdout is only flushed). 0, or EOF
 * with errno the cause of the first write that failed (0 when unknown). */
int cmd_lines_end(struct cmd_lines *lines);

#endif
