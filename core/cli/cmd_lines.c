/*
 * cmd_lines.c — standard output written in whole lines (cmd_lines.h),
 * through a glibc cookie stream: stdio keeps its buffering, and each
 * buffer it writes goes out up to its last newline, in one system call
 * with what the last one held back.
 */
#define _GNU_SOURCE /* fopencookie, memrchr */
#include <errno.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <unistd.h>

#include "cmd_lines.h"

/* A line longer than this goes out cut: held whole it would cost its
 * length in memory, and output that is no text (a PNG) has no lines. */
#define CMD_LINES_HOLD_MAX (1u << 20)

struct cmd_lines {
    FILE *stream;   /* the whole-lines stream, which stdout is meanwhile */
    FILE *original; /* stdout before */
    char *buffer;   /* stdio's, for the stream */
    char *held;     /* the start of a line handed down, not yet written */
    size_t nheld, cap;
    int write_errno; /* why the first failed write failed, or 0 */
};

/* A signal that ends the process (SIGTERM, SIGINT, SIGHUP) cuts a write
 * to a file at a page, inside a line: one arriving during a write is
 * held until the write is whole, then raised again as it came. The only
 * state a handler can reach is the process's own: these two. */
static atomic_int lines_writing, lines_held_signal;

static void lines_on_signal(int sig)
{
    if (atomic_load(&lines_writing)) {
        atomic_store(&lines_held_signal, sig);
        return;
    }
    signal(sig, SIG_DFL);
    raise(sig);
}

/* Each of the ending signals left at its default is caught as above
 * (one ignored, as under nohup, stays ignored). */
static void lines_catch_signals(void)
{
    static const int ending[] = {SIGTERM, SIGINT, SIGHUP};
    for (size_t i = 0; i < sizeof ending / sizeof *ending; i++) {
        struct sigaction old, sa = {.sa_handler = lines_on_signal};
        sigemptyset(&sa.sa_mask);
        if (sigaction(ending[i], NULL, &old) == 0 && old.sa_handler == SIG_DFL)
            sigaction(ending[i], &sa, NULL);
    }
}

/* Writes every byte of iov to descriptor 1: 0, or -1 with errno. */
static int lines_writev_whole(struct iovec *iov, int n)
{
    while (n > 0) {
        ssize_t wrote = writev(STDOUT_FILENO, iov, n);
        if (wrote < 0 && errno == EINTR) continue;
        if (wrote < 0) return -1;
        for (; n > 0 && (size_t)wrote >= iov->iov_len; iov++, n--) wrote -= (ssize_t)iov->iov_len;
        if (n > 0) iov->iov_base = (char *)iov->iov_base + wrote, iov->iov_len -= (size_t)wrote;
    }
    return 0;
}

/* Writes every byte of iov to descriptor 1, a signal that would end the
 * process held meanwhile: 0, or -1 with errno. */
static int lines_write_all(struct iovec *iov, int n)
{
    atomic_store(&lines_writing, 1);
    int rc = lines_writev_whole(iov, n), saved = errno;
    atomic_store(&lines_writing, 0);
    int sig = atomic_exchange(&lines_held_signal, 0);
    if (sig) {
        signal(sig, SIG_DFL);
        raise(sig);
    }
    errno = saved;
    return rc;
}

/* What is held is dropped with the failed write, as stdio drops its
 * buffer: a write may fail after taking part of it (a non-blocking pipe
 * gone full), and the next one would write that part again. */
static ssize_t lines_failed(struct cmd_lines *l)
{
    if (!l->write_errno) l->write_errno = errno ? errno : EIO;
    l->nheld = 0;
    return -1;
}

static int lines_hold(struct cmd_lines *l, const char *bytes, size_t n)
{
    if (n == 0) return 0;
    if (l->nheld + n > l->cap) {
        size_t cap = l->cap ? l->cap : 256;
        while (cap < l->nheld + n) cap *= 2;
        char *grown = realloc(l->held, cap);
        if (grown == NULL) return -1;
        l->held = grown, l->cap = cap;
    }
    memcpy(l->held + l->nheld, bytes, n);
    l->nheld += n;
    return 0;
}

/* stdio's write: what is held and `bytes` up to its last newline go out,
 * the rest is held. */
static ssize_t lines_cookie_write(void *cookie, const char *bytes, size_t n)
{
    struct cmd_lines *l = cookie;
    const char *newline = memrchr(bytes, '\n', n);
    size_t whole = newline ? (size_t)(newline - bytes) + 1 : 0;
    if (whole == 0 && l->nheld + n <= CMD_LINES_HOLD_MAX)
        return lines_hold(l, bytes, n) ? lines_failed(l) : (ssize_t)n;
    if (whole == 0) whole = n;
    struct iovec iov[2] = {{l->held, l->nheld}, {(void *)bytes, whole}};
    if (lines_write_all(iov, 2)) return lines_failed(l);
    l->nheld = 0;
    return lines_hold(l, bytes + whole, n - whole) ? lines_failed(l) : (ssize_t)n;
}

struct cmd_lines *cmd_lines_begin(void)
{
    if (isatty(STDOUT_FILENO)) return NULL;
    struct cmd_lines *l = calloc(1, sizeof *l);
    cookie_io_functions_t io = {.write = lines_cookie_write};
    if (l) l->stream = fopencookie(l, "w", io);
    if (l == NULL || l->stream == NULL) {
        free(l);
        return NULL;
    }
    /* The buffer stdio would give descriptor 1: a cookie has no block
     * size, and with more room a full disk was found out later (a short
     * run's output not before its end). glibc takes a size only with
     * the buffer itself. */
    struct stat st;
    size_t size = fstat(STDOUT_FILENO, &st) == 0 && st.st_blksize > 0 ? (size_t)st.st_blksize : 0;
    if (size && (l->buffer = malloc(size)) != NULL) setvbuf(l->stream, l->buffer, _IOFBF, size);
    l->original = stdout;
    stdout = l->stream;
    lines_catch_signals();
    return l;
}

int cmd_lines_end(struct cmd_lines *l)
{
    if (l == NULL) return fflush(stdout);
    int bad = fflush(l->stream) != 0 || ferror(l->stream);
    struct iovec iov = {l->held, l->nheld};
    if (!bad && l->nheld && lines_write_all(&iov, 1)) {
        lines_failed(l);
        bad = 1;
    }
    int why = l->write_errno;
    stdout = l->original;
    fclose(l->stream);
    free(l->buffer);
    free(l->held);
    free(l);
    errno = why;
    return bad ? EOF : 0;
}
