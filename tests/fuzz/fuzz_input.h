/*
 * fuzz_input.h — what the libFuzzer harnesses share: the input bytes as a
 * stream of puzzles, each handed to a callback with its ruleset built and
 * its givens checked, and a stop that libFuzzer reports as a crash.
 */
#ifndef SUDOLAB_FUZZ_INPUT_H
#define SUDOLAB_FUZZ_INPUT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "format.h"
#include "rules.h"

/* Inputs past this are cut: the reader's own limits are tested by the
 * test suites, and large inputs only slow the fuzzer down. */
#define FUZZ_MAX_INPUT 65536

/* A wrong answer is as bad as a crash: abort so libFuzzer keeps it. */
#define FUZZ_REQUIRE(cond)                                                                         \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            fprintf(stderr, "fuzz: %s:%d: %s does not hold\n", __FILE__, __LINE__, #cond);         \
            abort();                                                                               \
        }                                                                                          \
    } while (0)

/* Called per puzzle whose ruleset built and whose givens hold. */
typedef void (*fuzz_visit)(const struct puzzle *p, const struct ruleset *rs);

/* Reads every puzzle of data, builds its rules and checks its givens;
 * visit (may be NULL) sees the good ones. */
static inline void fuzz_each_puzzle(const uint8_t *data, size_t size, fuzz_visit visit)
{
    if (size > FUZZ_MAX_INPUT) size = FUZZ_MAX_INPUT;
    FILE *in = fmemopen((void *)data, size ? size : 1, "r");
    if (!in) return;
    if (size == 0) fseek(in, 0, SEEK_END); /* fmemopen refuses a size of 0 */
    struct puzzle_reader *r = reader_open(in, NULL);
    struct puzzle_source *where = malloc(sizeof *where);
    struct puzzle p;
    struct sl_error err = {0};
    for (int rc; r && where && (rc = reader_next(r, &p, where, &err)) != 0 && rc != -2;) {
        if (rc != 1) continue;
        struct ruleset *rs = ruleset_build(&p, &err);
        int cell = -1;
        if (rs && ruleset_check_givens(rs, p.givens, &cell, &err) == 0 && visit) visit(&p, rs);
        ruleset_free(rs);
        puzzle_clear(&p);
    }
    free(where);
    reader_close(r);
    fclose(in);
}

#endif
