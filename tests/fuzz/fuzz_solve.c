/*
 * fuzz_solve.c — the engine after parsing: every puzzle read is counted
 * to two under a node limit, and any solution found must satisfy every
 * rule and keep every given.
 */
#include "fuzz_input.h"
#include "search.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Enough for the shared hard sets; a larger tree is a gave-up, not news. */
#define FUZZ_NODE_LIMIT 20000

static void fuzz_solve_one(const struct puzzle *p, const struct ruleset *rs)
{
    struct solver *s = solver_new(rs);
    uint8_t *solution = malloc((size_t)p->geo.ncells);
    if (s && solution) {
        solver_set_node_limit(s, FUZZ_NODE_LIMIT);
        struct search_result got = solver_count(s, p->givens, 2, solution, NULL);
        if (got.solutions > 0) FUZZ_REQUIRE(puzzle_is_solution(p, solution));
    }
    free(solution);
    solver_free(s);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_each_puzzle(data, size, fuzz_solve_one);
    return 0;
}
