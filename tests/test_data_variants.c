/*
 * test_data_variants.c — variant puzzles from public sources, through the
 * real reader: the 800 killers of ../shared/data/killer_sample.csv, the
 * six of killer_extreme.txt, and the Solo game IDs captured from
 * sgt-solo (tests/data/solo_ids.txt). Each is solved, counted to 2,
 * checked against the answer its source published, and the Solo IDs are
 * written back byte for byte. Killer answers are also checked by a cage
 * check written here, independent of the plugin.
 */
#include <CUnit/CUnit.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cunit_main.h"
#include "format.h"
#include "format_variant.h"
#include "rules.h"
#include "search.h"

#ifndef DATA_DIR
#define DATA_DIR "../shared/data/"
#endif

struct data_run {
    long read, bad, unique, matches, ids_same;
    long first_bad_line;
};

/* Cage sums of an 81-letter map and its sums text, checked on a grid
 * without the plugin: every cage distinct and adding up. */
static int independent_cages_ok(const char *map, const char *sums, const uint8_t *grid)
{
    char letters[128] = {0};
    int nletters = 0, total[128] = {0}, seen[128] = {0};
    for (int c = 0; c < 81; c++) {
        if (map[c] == '.') continue;
        if (!letters[(unsigned char)map[c]]) letters[(unsigned char)map[c]] = (char)++nletters;
        int k = letters[(unsigned char)map[c]];
        if (seen[k] & (1 << grid[c])) return 0;
        seen[k] |= 1 << grid[c];
        total[k] += grid[c];
    }
    for (int k = 1; k <= nletters; k++) {
        if (*sums != '?' && atoi(sums) != total[k]) return 0;
        sums += strcspn(sums, ",");
        if (*sums == ',') sums++;
    }
    return 1;
}

/* The text line `number` (1-based) of a file, into buf. */
static int file_line(const char *path, long number, char *buf, size_t cap)
{
    FILE *in = fopen(path, "rb");
    long at = 0;
    while (in && fgets(buf, (int)cap, in))
        if (++at == number) break;
    if (in) fclose(in);
    return at == number;
}

/* Solves every puzzle of path: unique, equal to its published answer. */
static void run_data(const char *path, long only_line, struct data_run *run,
                     void (*extra)(const char *path, const struct puzzle *,
                                   const struct puzzle_source *, const uint8_t *,
                                   struct data_run *))
{
    memset(run, 0, sizeof *run);
    FILE *in = fopen(path, "rb");
    if (in == NULL) {
        CU_FAIL("cannot open a data file");
        fprintf(stderr, "\n  cannot open %s\n", path);
        return;
    }
    struct puzzle_reader *reader = reader_open(in, NULL);
    struct puzzle_source *where = malloc(sizeof *where);
    struct puzzle p;
    for (;;) {
        struct sl_error err = {0};
        int got = reader_next(reader, &p, where, &err);
        if (got == 0 || got == -2) break;
        if (got < 0) {
            run->bad++;
            continue;
        }
        if (only_line && where->line != only_line) {
            puzzle_clear(&p);
            continue;
        }
        run->read++;
        struct ruleset *rs = ruleset_build(&p, &err);
        struct solver *solver = rs ? solver_new(rs) : NULL;
        uint8_t solution[SL_MAX_CELLS] = {0};
        int cell;
        if (solver && ruleset_check_givens(rs, p.givens, &cell, &err) == 0) {
            struct search_result r = solver_count(solver, p.givens, 2, solution, NULL);
            run->unique += r.solutions == 1 && puzzle_is_solution(&p, solution);
            run->matches +=
                where->has_solution && memcmp(solution, where->solution, (size_t)p.geo.ncells) == 0;
            if (extra) extra(path, &p, where, solution, run);
        }
        if (run->matches + run->bad != run->read && !run->first_bad_line)
            run->first_bad_line = where->line;
        solver_free(solver);
        ruleset_free(rs);
        puzzle_clear(&p);
    }
    reader_close(reader);
    free(where);
    fclose(in);
    if (run->first_bad_line)
        fprintf(stderr, "\n  %s:%ld: not as published\n", path, run->first_bad_line);
}

static void killer_cages_check(const char *path, const struct puzzle *p,
                               const struct puzzle_source *where, const uint8_t *solution,
                               struct data_run *run)
{
    (void)p;
    char line[1024], *map, *sums;
    if (!file_line(path, where->line, line, sizeof line)) return;
    map = strpbrk(line, "ABCDEFGHIJKLMNOPQRSTUVWXYZ");
    if (map == NULL || (sums = strpbrk(map + 81, "0123456789?")) == NULL) return;
    run->ids_same += independent_cages_ok(map, sums, solution);
}

static void test_killer_sample(void)
{
    struct data_run run;
    run_data(DATA_DIR "killer_sample.csv", 0, &run, killer_cages_check);
    CU_ASSERT_EQUAL(run.read, 800);
    CU_ASSERT_EQUAL(run.bad, 0);
    CU_ASSERT_EQUAL(run.unique, 800);
    CU_ASSERT_EQUAL(run.matches, 800);
    CU_ASSERT_EQUAL(run.ids_same, 800); /* the independent cage check */
}

/* Every extreme killer, solved (through restarts on the hard ones) and
 * proven unique; their times are measured by scripts/bench_variants.sh
 * and scripts/bench_killer_family.sh, not here. */
static void test_killer_extreme(void)
{
    static const long lines[] = {5, 6, 7, 8, 9, 10};
    for (int i = 0; i < 6; i++) {
        struct data_run run;
        run_data(DATA_DIR "killer_extreme.txt", lines[i], &run, killer_cages_check);
        CU_ASSERT_EQUAL(run.read, 1);
        CU_ASSERT_EQUAL(run.unique, 1);
        CU_ASSERT_EQUAL(run.matches, 1);
        CU_ASSERT_EQUAL(run.ids_same, 1);
    }
}

/* One solver solving the same puzzle twice takes the same path: what a
 * search learns as it goes (dead-end weights, the killer's record of
 * which derived sums pay) starts afresh each time. A long search is
 * needed for that learning to change anything: ids_same counts solves
 * of over 1000 nodes that repeat exactly and find the published answer. */
static void same_twice_check(const char *path, const struct puzzle *p,
                             const struct puzzle_source *where, const uint8_t *solution,
                             struct data_run *run)
{
    (void)path, (void)solution;
    struct sl_error err = {0};
    struct ruleset *rs = ruleset_build(p, &err);
    struct solver *solver = rs ? solver_new(rs) : NULL;
    struct search_stats first = {0, 0}, second = {0, 0};
    uint8_t one[SL_MAX_CELLS] = {0}, two[SL_MAX_CELLS] = {0};
    if (solver) {
        solver_count(solver, p->givens, 1, one, &first);
        solver_count(solver, p->givens, 1, two, &second);
        run->ids_same += first.nodes > 1000 && first.nodes == second.nodes &&
                         first.guesses == second.guesses &&
                         memcmp(one, where->solution, (size_t)p->geo.ncells) == 0 &&
                         memcmp(two, one, (size_t)p->geo.ncells) == 0;
    }
    solver_free(solver);
    ruleset_free(rs);
}

static void test_killer_same_twice(void)
{
    static const long lines[] = {6, 7};
    for (int i = 0; i < 2; i++) {
        struct data_run run;
        run_data(DATA_DIR "killer_extreme.txt", lines[i], &run, same_twice_check);
        CU_ASSERT_EQUAL(run.read, 1);
        CU_ASSERT_EQUAL(run.ids_same, 1);
    }
}

/* The ID part of the line back from the puzzle, byte for byte. */
static void solo_id_check(const char *path, const struct puzzle *p,
                          const struct puzzle_source *where, const uint8_t *solution,
                          struct data_run *run)
{
    (void)solution;
    char line[4096], id[4096];
    struct sl_error err = {0};
    if (!file_line(path, where->line, line, sizeof line)) return;
    line[strcspn(line, " \t\r\n")] = '\0';
    if (format_solo_id(p, id, sizeof id, &err) >= 0) run->ids_same += strcmp(id, line) == 0;
}

static void test_solo_ids(void)
{
    struct data_run run;
    run_data("tests/data/solo_ids.txt", 0, &run, solo_id_check);
    CU_ASSERT_EQUAL(run.read, 51);
    CU_ASSERT_EQUAL(run.bad, 0);
    CU_ASSERT_EQUAL(run.unique, 51);
    CU_ASSERT_EQUAL(run.matches, 51);
    CU_ASSERT_EQUAL(run.ids_same, 51);
}

void tests_register(void)
{
    CU_pSuite s = CU_add_suite("data_variants", NULL, NULL);
    CU_add_test(s, "killer_sample: 800 unique, as published", test_killer_sample);
    CU_add_test(s, "killer_extreme: each as published, and unique", test_killer_extreme);
    CU_add_test(s, "killer_extreme: one solver, same search twice", test_killer_same_twice);
    CU_add_test(s, "Solo IDs: unique, as Solo solved them, IDs written back", test_solo_ids);
}
