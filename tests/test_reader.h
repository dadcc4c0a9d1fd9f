/*
 * test_reader.h — a puzzle reader over an in-memory text or a file, for
 * the suites that read puzzles.
 */
#ifndef SUDOLAB_TEST_READER_H
#define SUDOLAB_TEST_READER_H

#include <CUnit/CUnit.h>
#include <stdio.h>
#include <string.h>

#include "format.h"

/* A reader over a text, and the last puzzle it returned. */
struct session {
    FILE *in;
    struct puzzle_reader *r;
    struct puzzle p;
    struct puzzle_source src;
    struct sl_error err;
    int holds_puzzle;
};

static inline void session_open_bytes(struct session *s, const char *text, size_t len,
                                      const struct reader_options *opt)
{
    memset(s, 0, sizeof *s);
    s->in = fmemopen((void *)text, len, "r");
    CU_ASSERT_PTR_NOT_NULL_FATAL(s->in);
    s->r = reader_open(s->in, opt);
    CU_ASSERT_PTR_NOT_NULL_FATAL(s->r);
}

static inline void session_open(struct session *s, const char *text,
                                const struct reader_options *opt)
{
    session_open_bytes(s, text, strlen(text), opt);
}

/* A reader over the file at path; -1, with nothing to close, when the
 * file or its reader cannot be opened. */
static inline int session_open_file(struct session *s, const char *path,
                                    const struct reader_options *opt)
{
    memset(s, 0, sizeof *s);
    s->in = fopen(path, "rb");
    s->r = s->in ? reader_open(s->in, opt) : NULL;
    if (s->r) return 0;
    if (s->in) fclose(s->in);
    return -1;
}

static inline int session_next(struct session *s)
{
    if (s->holds_puzzle) puzzle_clear(&s->p);
    memset(&s->err, 0, sizeof s->err);
    int rc = reader_next(s->r, &s->p, &s->src, &s->err);
    s->holds_puzzle = rc == 1;
    return rc;
}

static inline void session_close(struct session *s)
{
    if (s->holds_puzzle) puzzle_clear(&s->p);
    reader_close(s->r);
    fclose(s->in);
}

#endif
