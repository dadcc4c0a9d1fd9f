/*
 * cmd_flush.c — when standard output is flushed: while a reader may be
 * waiting, and so that a kill leaves whole records (cmd_flush.h).
 *
 * Into a pipe or a device stdio holds a whole buffer before it writes.
 * A command whose results take tens of milliseconds each (count
 * --estimate, rate) held seconds of them: a reader saw nothing for that
 * long, and one gone (`| head -1`) was noticed only when the buffer
 * filled, the work going on meanwhile. The loops flush once output has
 * been held CMD_FLUSH_AFTER_NS: slow results go out as they come, fast
 * ones still in whole buffers (a few flushes a second cost nothing), and
 * a regular file is left to its buffer.
 */
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#if defined(__GLIBC__)
#include <stdio_ext.h>
#endif

#include "cmd_flush.h"

#define CMD_FLUSH_AFTER_NS 100e6

static double flush_now_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

/* Descriptor 1, not stdout's fileno: stdout may be a stream of no
 * descriptor (cmd_lines.h). */
void cmd_flush_pace_init(struct cmd_flush_pace *pace)
{
    struct stat st;
    int regular = fstat(STDOUT_FILENO, &st) == 0 && S_ISREG(st.st_mode);
    pace->out = regular ? NULL : stdout;
    pace->last_ns = flush_now_ns();
}

int cmd_flush_paced(struct cmd_flush_pace *pace)
{
    if (pace->out == NULL) return 0;
    double now = flush_now_ns();
    if (now - pace->last_ns < CMD_FLUSH_AFTER_NS) return 0;
    pace->last_ns = now;
    return fflush(pace->out);
}

/* A buffer written out only when full is cut wherever it fills, inside
 * a grid as likely as not (cmd_lines.h keeps lines whole, not grids);
 * written before a record that may not fit, every write holds whole
 * records, and a run killed (SIGTERM, a second Ctrl-C, which end it at
 * once) leaves whole records behind. */
void cmd_whole_records(FILE *out, size_t most)
{
#if defined(__GLIBC__)
    size_t held = __fpending(out);
    if (held && held + most > __fbufsize(out)) fflush(out);
#else
    (void)out, (void)most;
#endif
}
