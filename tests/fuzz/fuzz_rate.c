/*
 * fuzz_rate.c — the rater: every unique puzzle read (up to 9x9, where a
 * rating takes milliseconds) is rated; a technique that breaks the
 * solution is a bug the rater reports, and the fuzzer keeps.
 */
#include "fuzz_input.h"
#include "rate.h"
#include "search.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* A puzzle whose count needs more nodes is one of the hardest, whose
 * rating takes seconds under the sanitizers: left to longer runs. */
#define FUZZ_NODE_LIMIT 2000
#define FUZZ_RATE_MAX_SIZE 9

static void fuzz_rate_one(const struct puzzle *p, const struct ruleset *rs)
{
    if (p->geo.size > FUZZ_RATE_MAX_SIZE) return;
    struct solver *s = solver_new(rs);
    if (!s) return;
    solver_set_node_limit(s, FUZZ_NODE_LIMIT);
    struct search_result got = solver_count(s, p->givens, 2, NULL, NULL);
    solver_free(s);
    if (got.gave_up || got.solutions != 1) return;
    struct rater *r = rater_new(rs);
    if (!r) return;
    struct rate_result out;
    if (rate_puzzle(r, p->givens, &out, NULL, NULL) != 0) FUZZ_REQUIRE(out.erred_technique < 0);
    rater_free(r);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_each_puzzle(data, size, fuzz_rate_one);
    return 0;
}
