/* estimate.c — see estimate.h. */
#include "estimate.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "propagate.h"
#include "rng.h"

/* The normal quantile of a two-sided 95% interval. */
#define ESTIMATE_Z95 1.959963984540054L

/* One probe's working memory: the node's state and one state per digit
 * of the cell it branches on. */
struct probe {
    const struct ruleset *rs;
    struct prop_ctx ctx;
    unsigned char *scratch;
    unsigned char *node;
    unsigned char *child; /* N states */
    int root_live;        /* the givens propagated without a contradiction */
};

/* The open cell with the fewest candidates (the first such), or -1 when
 * every cell is single: the node is a solution. */
static int estimate_pick(const struct ruleset *rs, const digitset *cand)
{
    int best = -1, best_count = 0;
    for (int c = 0; c < rs->geo.ncells; c++) {
        int count = digitset_count(cand[c]);
        if (count > 1 && (best < 0 || count < best_count)) {
            best = c;
            best_count = count;
        }
    }
    return best;
}

/* Propagates every digit of cell into its own child state; returns the
 * number of children that survive, packed first. */
static int estimate_children(struct probe *p, int cell)
{
    size_t bytes = p->rs->state_bytes;
    digitset digits = ((const digitset *)p->node)[cell];
    int live = 0;
    for (digitset m = digits; m && !p->ctx.aborted; m = digitset_rest(m)) {
        unsigned char *child = p->child + (size_t)live * bytes;
        memcpy(child, p->node, bytes);
        if (propagate_restrict_cells(&p->ctx, p->rs, child, &cell, 1, m & -m) == SL_PROP_OK) live++;
    }
    return p->ctx.aborted ? 0 : live;
}

/* One walk from the root: the product of the live children along it, or
 * 0 at a dead end. */
static long double estimate_probe(struct probe *p, const uint8_t *givens, struct rng *rng)
{
    size_t bytes = p->rs->state_bytes;
    if (propagate_start_search(&p->ctx, p->rs, p->node, givens, 0, p->scratch) != SL_PROP_OK)
        return 0;
    p->root_live = 1;
    long double product = 1;
    for (int cell; !p->ctx.aborted && (cell = estimate_pick(p->rs, (digitset *)p->node)) >= 0;) {
        int live = estimate_children(p, cell);
        if (live == 0) return 0;
        product *= live;
        memcpy(p->node, p->child + (size_t)rng_below(rng, (uint32_t)live) * bytes, bytes);
    }
    return p->ctx.aborted ? 0 : product;
}

/* The mean, standard error and interval of the probes (Welford's sums). */
static void estimate_summarise(struct estimate *out, long double mean, long double squares,
                               int root_live)
{
    long double n = (long double)out->probes;
    out->mean = mean;
    out->std_error = n > 1 ? sqrtl(squares / (n - 1) / n) : 0;
    out->low = fmaxl(0, mean - ESTIMATE_Z95 * out->std_error);
    /* With no probe at a solution every probe was 0, and the sample's
     * variance with them: past a live root the probes bound nothing
     * above (a dead root is an exact 0). */
    out->high = out->solutions || !root_live ? mean + ESTIMATE_Z95 * out->std_error : HUGE_VALL;
}

int estimate_count(const struct ruleset *rs, const uint8_t *givens, long probes, uint64_t seed,
                   struct estimate *out)
{
    struct probe *p = calloc(1, sizeof *p);
    memset(out, 0, sizeof *out);
    if (p == NULL) return -1;
    p->rs = rs;
    p->scratch = malloc(rs->scratch_bytes + 1);
    p->node = malloc(rs->state_bytes);
    p->child = malloc((size_t)rs->geo.size * rs->state_bytes);
    int ok = p->scratch && p->node && p->child;
    struct rng rng;
    rng_seed(&rng, seed);
    long double mean = 0, squares = 0;
    for (long i = 0; ok && i < probes && !p->ctx.aborted; i++) {
        long double x = estimate_probe(p, givens, &rng), delta = x - mean;
        out->probes++;
        out->solutions += x > 0;
        mean += delta / (long double)out->probes;
        squares += delta * (x - mean);
    }
    out->aborted = p->ctx.aborted;
    estimate_summarise(out, mean, squares, p->root_live);
    free(p->scratch);
    free(p->node);
    free(p->child);
    free(p);
    return ok ? 0 : -1;
}
