/* candidates.c — see candidates.h. */
#include "candidates.h"

#include <stdlib.h>
#include <string.h>

#include "propagate.h"

/* The candidates propagation leaves at the root, into root: 1, or 0 when
 * the givens already contradict, or -1 out of memory. */
static int candidates_root(const struct ruleset *rs, const uint8_t *givens, digitset *root)
{
    struct prop_ctx *ctx = malloc(sizeof *ctx);
    void *state = malloc(rs->state_bytes);
    unsigned char *scratch = malloc(rs->scratch_bytes + 1);
    int status = -1;
    if (ctx && state && scratch) {
        int prop = propagate_start_search(ctx, rs, state, givens, 0, scratch);
        status = prop == SL_PROP_OK && !ctx->aborted;
        memcpy(root, state, (size_t)rs->geo.ncells * sizeof *root);
    }
    free(ctx);
    free(state);
    free(scratch);
    return status;
}

/* Settles digit d of cell c: a solution holding it marks all its digits. */
static void candidates_settle(struct solver *s, const struct ruleset *rs, const uint8_t *givens,
                              int c, int d, digitset *found, struct candidates_result *out,
                              struct search_stats *stats)
{
    uint8_t solution[SL_MAX_CELLS];
    struct search_result r = solver_count_within(s, givens, c, digitset_of(d), 1, solution, stats);
    if (r.solutions) {
        out->solutions++;
        for (int k = 0; k < rs->geo.ncells; k++) found[k] |= digitset_of(solution[k]);
    } else if (r.gave_up) {
        out->gave_up = 1;
        out->unsettled++;
    }
}

int candidates_find(struct solver *s, const struct ruleset *rs, const uint8_t *givens, long cap,
                    digitset *found, struct candidates_result *out, struct search_stats *stats)
{
    int ncells = rs->geo.ncells;
    digitset root[SL_MAX_CELLS];
    memset(out, 0, sizeof *out);
    memset(found, 0, (size_t)ncells * sizeof *found);
    int status = candidates_root(rs, givens, root);
    if (status < 0) return -1;
    if (status == 0) {
        out->no_solution = 1;
        return 0;
    }
    for (int c = 0; c < ncells; c++)
        for (digitset m = root[c] & ~found[c]; m; m = digitset_rest(m)) {
            int d = digitset_first(m);
            if (found[c] & digitset_of(d)) continue; /* marked by a solution found meanwhile */
            if (out->solutions >= cap) {
                out->capped = 1;
                out->unsettled++;
                continue;
            }
            candidates_settle(s, rs, givens, c, d, found, out, stats);
        }
    out->no_solution = out->solutions == 0 && !out->gave_up && !out->capped;
    return 0;
}
