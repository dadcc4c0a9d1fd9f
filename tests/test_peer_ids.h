/*
 * test_peer_ids.h — the check the Keen and Unruly suites make on game IDs
 * captured from the peer's own generator: each line reads, is unique,
 * solves to the answer written after its ID, and writes back to the same
 * ID byte for byte; and malformed IDs refused at the right column.
 */
#ifndef SUDOLAB_TEST_PEER_IDS_H
#define SUDOLAB_TEST_PEER_IDS_H

#include <CUnit/CUnit.h>
#include <stdio.h>
#include <string.h>

#include "rules.h"
#include "search.h"
#include "test_reader.h"

/* format_keen_id, format_unruly_id */
typedef int (*peer_id_writer)(const struct puzzle *p, char *buf, size_t cap, struct sl_error *err);

static inline void peer_id_check_line(const char *line, peer_id_writer write_id)
{
    size_t idlen = strcspn(line, " \n");
    struct session s;
    session_open(&s, line, NULL);
    CU_ASSERT_EQUAL_FATAL(session_next(&s), 1);
    CU_ASSERT_TRUE(s.src.has_solution);
    struct sl_error err;
    struct ruleset *rs = ruleset_build(&s.p, &err);
    struct solver *sv = solver_new(rs);
    uint8_t solution[SL_MAX_CELLS];
    CU_ASSERT_EQUAL(solver_count(sv, s.p.givens, 2, solution, NULL).solutions, 1);
    CU_ASSERT_TRUE(puzzle_is_solution(&s.p, solution));
    CU_ASSERT_EQUAL(memcmp(solution, s.src.solution, (size_t)s.p.geo.ncells), 0);
    char id[4096];
    CU_ASSERT_EQUAL(write_id(&s.p, id, sizeof id, &err), (int)idlen);
    CU_ASSERT_EQUAL(strncmp(id, line, idlen), 0);
    solver_free(sv);
    ruleset_free(rs);
    session_close(&s);
}

/* Checks every line of path but '#' comments; returns how many. */
static inline int peer_ids_check(const char *path, peer_id_writer write_id)
{
    FILE *f = fopen(path, "r");
    CU_ASSERT_PTR_NOT_NULL_FATAL(f);
    char line[4096];
    int count = 0;
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '#') continue;
        peer_id_check_line(line, write_id);
        count++;
    }
    fclose(f);
    return count;
}

/* An ID the peer's format must refuse, and the column its error names
 * (0: one the format does not take for its own). */
struct peer_bad_id {
    const char *id;
    long col;
};

/* format_keen_detect and _read, format_unruly_detect and _read */
typedef int (*peer_id_detector)(const char *text, size_t len);
typedef int (*peer_id_reader)(const char *text, size_t len, struct puzzle *p,
                              struct puzzle_source *where, struct sl_error *err);

/* Each bad ID is not taken for the format's (col 0), or taken and refused
 * with its error at col. */
static inline void peer_ids_refused(const struct peer_bad_id *bad, size_t count,
                                    peer_id_detector detect, peer_id_reader read)
{
    for (size_t i = 0; i < count; i++) {
        const char *id = bad[i].id;
        struct puzzle p;
        struct puzzle_source where;
        struct sl_error err = {0};
        if (bad[i].col == 0) {
            CU_ASSERT_FALSE(detect(id, strlen(id)));
            continue;
        }
        CU_ASSERT_TRUE(detect(id, strlen(id)));
        CU_ASSERT_EQUAL(read(id, strlen(id), &p, &where, &err), -1);
        CU_ASSERT_EQUAL(err.col, bad[i].col);
        if (err.col != bad[i].col) printf("\n%s: col %ld: %s\n", id, err.col, err.msg);
    }
}

#endif
