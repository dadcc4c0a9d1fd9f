/* estimate.c — see estimate.h. */
#include "estimate.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "propagate.h"
#include "rng.h"

/* The normal quantile of a two-sided 95% interval. */
#define ESTIMATE_Z95 1.959963984540054

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

/* Probes and sums are doubles times a power of two, not long doubles:
 * a long double is 80 bits on x86-64, 128 on 64-bit ARM Linux and 64 on
 * others, so its sums differed between machines in the printed digits,
 * and where it is a double a 25x25's products overflowed. Doubles round
 * alike everywhere (each operation alone: CMakeLists.txt), and scaling
 * by a power of two is exact. A value past 2^ESTIMATE_SCALE_STEP is
 * scaled down by it, so squares of scaled values stay far below a
 * double's range. */
#define ESTIMATE_SCALE_STEP 256

/* A probe's value, fraction * 2^exponent. */
struct scaled {
    double fraction;
    int exponent;
};

/* One walk from the root: the product of the live children along it, or
 * 0 at a dead end. */
static struct scaled estimate_probe(struct probe *p, const uint8_t *givens, struct rng *rng)
{
    struct scaled zero = {0, 0}, product = {1, 0};
    size_t bytes = p->rs->state_bytes;
    if (propagate_start_search(&p->ctx, p->rs, p->node, givens, 0, p->scratch) != SL_PROP_OK)
        return zero;
    p->root_live = 1;
    for (int cell; !p->ctx.aborted && (cell = estimate_pick(p->rs, (digitset *)p->node)) >= 0;) {
        int live = estimate_children(p, cell);
        if (live == 0) return zero;
        product.fraction *= live;
        if (product.fraction > ldexp(1, ESTIMATE_SCALE_STEP)) {
            product.fraction = ldexp(product.fraction, -ESTIMATE_SCALE_STEP);
            product.exponent += ESTIMATE_SCALE_STEP;
        }
        memcpy(p->node, p->child + (size_t)rng_below(rng, (uint32_t)live) * bytes, bytes);
    }
    return p->ctx.aborted ? zero : product;
}

/* Welford's sums of the probes, mean * 2^scale and squares * 2^(2 scale). */
struct sums {
    double mean, squares;
    int scale;
};

static void sums_add(struct sums *s, struct scaled x, long n)
{
    if (x.fraction > 0 && x.exponent > s->scale) {
        int up = x.exponent - s->scale;
        s->mean = ldexp(s->mean, -up);
        s->squares = ldexp(s->squares, -2 * up);
        s->scale = x.exponent;
    }
    double v = ldexp(x.fraction, x.exponent - s->scale), delta = v - s->mean;
    s->mean += delta / (double)n;
    s->squares += delta * (v - s->mean);
}

/* The mean, standard error and interval of the probes. */
static void estimate_summarise(struct estimate *out, const struct sums *s, int root_live)
{
    double n = (double)out->probes, z95 = ESTIMATE_Z95;
    double se = n > 1 ? sqrt(s->squares / (n - 1) / n) : 0;
    double low = s->mean - z95 * se, high = s->mean + z95 * se;
    out->mean = ldexpl(s->mean, s->scale);
    out->std_error = ldexpl(se, s->scale);
    out->low = low > 0 ? ldexpl(low, s->scale) : 0;
    /* With no probe at a solution every probe was 0, and the sample's
     * variance with them: past a live root the probes bound nothing
     * above (a dead root is an exact 0). */
    out->high = out->solutions || !root_live ? ldexpl(high, s->scale) : HUGE_VALL;
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
    struct sums sums = {0, 0, 0};
    for (long i = 0; ok && i < probes && !p->ctx.aborted; i++) {
        struct scaled x = estimate_probe(p, givens, &rng);
        out->probes++;
        out->solutions += x.fraction > 0;
        sums_add(&sums, x, out->probes);
    }
    out->aborted = p->ctx.aborted;
    estimate_summarise(out, &sums, p->root_live);
    free(p->scratch);
    free(p->node);
    free(p->child);
    free(p);
    return ok ? 0 : -1;
}
