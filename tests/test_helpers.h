/*
 * test_helpers.h — small builders the CUnit suites share: a classic
 * puzzle from a one-line string, its ruleset and solver in one go; a
 * relabeled solution grid.
 */
#ifndef SUDOLAB_TEST_HELPERS_H
#define SUDOLAB_TEST_HELPERS_H

#include <CUnit/CUnit.h>
#include <string.h>

#include "puzzle.h"
#include "rng.h"
#include "rules.h"
#include "search.h"

struct fixture {
    struct puzzle puzzle;
    struct ruleset *rules;
    struct solver *solver;
};

/* Classic puzzle of size n (box shape rows x cols, 0 x 0 for none, -1 for
 * the default) with givens from `line` (one-line form, NULL for none). */
static inline int fixture_open(struct fixture *f, int n, int rows, int cols, const char *line)
{
    struct geometry g;
    struct sl_error err = {0};
    int bad =
        rows < 0 ? geometry_init_default(&g, n, &err) : geometry_init(&g, n, rows, cols, &err);
    if (bad) return -1;
    puzzle_init(&f->puzzle, &g);
    if (puzzle_add_classic(&f->puzzle, &err)) return -1;
    for (int c = 0; line && c < g.ncells && line[c]; c++)
        f->puzzle.givens[c] = (uint8_t)(geometry_digit(line[c]) > 0 ? geometry_digit(line[c]) : 0);
    f->rules = ruleset_build(&f->puzzle, &err);
    f->solver = f->rules ? solver_new(f->rules) : NULL;
    return f->solver ? 0 : -1;
}

static inline void fixture_close(struct fixture *f)
{
    solver_free(f->solver);
    ruleset_free(f->rules);
    puzzle_clear(&f->puzzle);
}

static inline long fixture_count(struct fixture *f, long limit)
{
    return solver_count(f->solver, f->puzzle.givens, limit, NULL, NULL).solutions;
}

/* A 9x9 solution (81 digit characters) with its digits permuted at random
 * into grid: another solution of the same cages, with other sums. */
static inline void relabeled_grid(const char *solution, struct rng *rng, uint8_t *grid)
{
    uint8_t to[10];
    for (int d = 1; d <= 9; d++) to[d] = (uint8_t)d;
    for (int d = 9; d > 1; d--) {
        int k = 1 + (int)rng_below(rng, (uint32_t)d);
        uint8_t t = to[d];
        to[d] = to[k], to[k] = t;
    }
    for (int c = 0; c < 81; c++) grid[c] = to[solution[c] - '0'];
}

#endif
