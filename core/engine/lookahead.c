/* lookahead.c — see lookahead.h. */
#include "lookahead.h"

#include <stdlib.h>
#include <string.h>

struct lookahead {
    size_t state_bytes;
    /* Two banks of SL_MAX_ALTERNATIVES states: the best split's so far,
     * and the one being probed. */
    unsigned char *bank[2];
};

struct lookahead *lookahead_new(const struct ruleset *rs)
{
    struct lookahead *la = calloc(1, sizeof *la);
    if (la == NULL) return NULL;
    la->state_bytes = rs->state_bytes;
    for (int k = 0; k < 2; k++) {
        la->bank[k] = malloc(SL_MAX_ALTERNATIVES * rs->state_bytes);
        if (la->bank[k] == NULL) {
            lookahead_free(la);
            return NULL;
        }
    }
    return la;
}

void lookahead_free(struct lookahead *la)
{
    if (la == NULL) return;
    free(la->bank[0]);
    free(la->bank[1]);
    free(la);
}

static unsigned char *bank_state(unsigned char *bank, size_t bytes, int alt)
{
    return bank + (size_t)alt * bytes;
}

/* Candidates beyond one per cell: how far a state is from settled. */
static long state_freedom(const struct ruleset *rs, const digitset *cand)
{
    long f = 0;
    for (int c = 0; c < rs->geo.ncells; c++) f += digitset_count(cand[c]) - 1;
    return f;
}

/* A split's probe: its alternatives refuted (bits), and the freedom left
 * summed over the others. */
struct probe {
    uint64_t refuted;
    int nrefuted;
    long freedom;
};

/* Propagates every alternative of split into bank; 0, or -1 on an abort. */
static int probe_split(struct lookahead *la, struct prop_ctx *ctx, const struct ruleset *rs,
                       const struct nogood_store *nogoods, const digitset *state,
                       const struct branch_offer *split, unsigned char *bank, struct probe *p)
{
    *p = (struct probe){0, 0, 0};
    for (int i = 0; i < split->nalts; i++) {
        digitset *next = (digitset *)bank_state(bank, la->state_bytes, i);
        memcpy(next, state, la->state_bytes);
        int status =
            propagate_restrict_cells(ctx, rs, next, split->cells, split->ncells, split->alt[i]);
        if (status == SL_PROP_OK && !ctx->aborted) status = nogoods_apply(nogoods, ctx, rs, next);
        if (ctx->aborted) return -1;
        if (status != SL_PROP_OK) {
            p->refuted |= UINT64_C(1) << i;
            p->nrefuted++;
        } else {
            p->freedom += state_freedom(rs, next);
        }
    }
    return 0;
}

/* 1 when probe a is better than b: more refuted, then less freedom. */
static int probe_better(const struct probe *a, const struct probe *b)
{
    if (a->nrefuted != b->nrefuted) return a->nrefuted > b->nrefuted;
    return a->freedom < b->freedom;
}

/* Keeps the alternatives of split (and their states in bank) that stand. */
static void drop_refuted(struct lookahead *la, struct branch_offer *split, unsigned char *bank,
                         uint64_t refuted)
{
    int kept = 0;
    for (int i = 0; i < split->nalts; i++) {
        if (refuted >> i & 1) continue;
        if (kept != i) {
            split->alt[kept] = split->alt[i];
            memcpy(bank_state(bank, la->state_bytes, kept), bank_state(bank, la->state_bytes, i),
                   la->state_bytes);
        }
        kept++;
    }
    split->nalts = kept;
}

int lookahead_choose(struct lookahead *la, struct prop_ctx *ctx, const struct ruleset *rs,
                     const struct nogood_store *nogoods, const digitset *state,
                     struct branch_offer *splits, int n)
{
    int best = -1, probing = 0; /* the bank being probed into; the best is in the other */
    struct probe best_probe = {0, 0, 0};
    for (int i = 0; i < n; i++) {
        struct probe p;
        if (probe_split(la, ctx, rs, nogoods, state, &splits[i], la->bank[probing], &p))
            return LOOKAHEAD_ABORTED;
        if (p.nrefuted == splits[i].nalts) return LOOKAHEAD_DEAD_END;
        if (best < 0 || probe_better(&p, &best_probe)) {
            best = i;
            best_probe = p;
            probing ^= 1;
        }
    }
    /* The best split's states are in the bank not being probed into. */
    if (probing == 0) {
        unsigned char *t = la->bank[0];
        la->bank[0] = la->bank[1];
        la->bank[1] = t;
    }
    drop_refuted(la, &splits[best], la->bank[0], best_probe.refuted);
    return best;
}

const void *lookahead_state(const struct lookahead *la, int alt)
{
    return bank_state(la->bank[0], la->state_bytes, alt);
}
