/*
 * test_cmd_lines.c — standard output in whole lines (cmd_lines.h), on a
 * pipe put on descriptor 1: a write that failed part way is not written
 * again by the next one.
 *
 * A non-blocking pipe with one page free takes 4,096 bytes of a larger
 * write and then refuses the rest (EAGAIN): the held start of a line
 * goes out and the write fails. Once the reader has drained the pipe,
 * the next line must come alone, not after those bytes once more.
 */
#define _GNU_SOURCE /* F_GETPIPE_SZ */
#include <CUnit/CUnit.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd_lines.h"
#include "cunit_main.h"

#define LINE_BYTES 8000

/* Reads what the pipe holds, up to `most` bytes: the count read. */
static size_t drain(int fd, char *into, size_t most)
{
    size_t got = 0;
    for (ssize_t n; got < most && (n = read(fd, into + got, most - got)) > 0;) got += (size_t)n;
    return got;
}

static void test_failed_write_not_repeated(void)
{
    fflush(stdout); /* CUnit's own lines, before descriptor 1 changes */
    int ends[2];
    CU_ASSERT_FATAL(pipe(ends) == 0);
    int saved = dup(STDOUT_FILENO);
    CU_ASSERT_FATAL(saved >= 0 && dup2(ends[1], STDOUT_FILENO) == STDOUT_FILENO);
    CU_ASSERT_FATAL(fcntl(STDOUT_FILENO, F_SETFL, O_NONBLOCK) == 0);
    CU_ASSERT_FATAL(fcntl(ends[0], F_SETFL, O_NONBLOCK) == 0);
    int capacity = fcntl(ends[0], F_GETPIPE_SZ);
    CU_ASSERT_FATAL(capacity > 4096);
    size_t fill = (size_t)capacity - 4096;
    char *bytes = malloc((size_t)capacity + LINE_BYTES + 16);
    CU_ASSERT_FATAL(bytes != NULL);
    memset(bytes, 'f', fill);
    CU_ASSERT_FATAL(write(STDOUT_FILENO, bytes, fill) == (ssize_t)fill);

    struct cmd_lines *lines = cmd_lines_begin();
    CU_ASSERT_FATAL(lines != NULL);
    fputs("abc", stdout);
    fflush(stdout); /* held: no newline yet */
    memset(bytes, 'x', LINE_BYTES);
    bytes[LINE_BYTES] = '\n';
    fwrite(bytes, 1, LINE_BYTES + 1, stdout);
    CU_ASSERT(fflush(stdout) != 0); /* 4,096 bytes taken, then EAGAIN */
    CU_ASSERT(drain(ends[0], bytes, (size_t)capacity) == (size_t)capacity);
    fputs("q\n", stdout);
    fflush(stdout);
    size_t got = drain(ends[0], bytes, (size_t)capacity);
    CU_ASSERT(got == 2 && memcmp(bytes, "q\n", 2) == 0);

    cmd_lines_end(lines);
    dup2(saved, STDOUT_FILENO);
    close(saved), close(ends[0]), close(ends[1]);
    free(bytes);
}

void tests_register(void)
{
    CU_pSuite s = CU_add_suite("cmd_lines", NULL, NULL);
    CU_add_test(s, "a write failed part way is not written again", test_failed_write_not_repeated);
}
