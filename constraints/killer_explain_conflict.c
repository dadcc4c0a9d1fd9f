/*
 * killer_explain_conflict.c — the combination conflicts (killer_explain.h):
 * two or three cages lying whole in one house, whose combinations must
 * leave each other's digits free, each keeping only the digits of the
 * combinations that go with some combination of the others.
 */
#include <string.h>

#include "killer_explain_internal.h"

#define KE_MAX_COMBOS 128

/* The digits of cage a's combinations that go with some combination of
 * cage b without sharing a digit (both lie in one house). */
static digitset ke_compatible(const digitset *a, int na, const digitset *b, int nb)
{
    digitset keep = 0;
    for (int i = 0; i < na; i++)
        for (int j = 0; j < nb; j++)
            if (!(a[i] & b[j])) {
                keep |= a[i];
                break;
            }
    return keep;
}

/* Which cages have a changed cell (all when nothing is known), into
 * touched. */
static void ke_conflict_cages_touched(const struct killer_sums *ks, const struct explain_sink *sink,
                                      uint8_t *touched)
{
    if (sink->changed && ke_cages_changed(ks, sink, NULL, touched)) return;
    for (int i = 0; i < ks->ncage_sums; i++)
        touched[i] = (uint8_t)ke_touched(ks->sums, i, sink->changed);
}

/* 1 when cage a lies whole in house h. */
static int ke_in_house(const struct killer_shapes *sh, int a, int h)
{
    const int *house = sh->house + a * KILLER_CAGE_HOUSES;
    for (int i = 0; i < sh->house_count[a]; i++)
        if (house[i] == h) return 1;
    return 0;
}

/* 1 when cages a, b and c lie whole in one house. */
static int ke_share_house3(const struct killer_shapes *sh, int a, int b, int c)
{
    const int *house = sh->house + a * KILLER_CAGE_HOUSES;
    for (int i = 0; i < sh->house_count[a]; i++)
        if (ke_in_house(sh, b, house[i]) && ke_in_house(sh, c, house[i])) return 1;
    return 0;
}

/* 1 when cage a or one of its mates has a changed cell: else every pair
 * and triple with a in one house reads what it read when it found
 * nothing. */
static int ke_conflict_touched(const struct killer_shapes *sh, const uint8_t *touched, int a)
{
    if (touched[a]) return 1;
    for (int m = sh->mate_start[a]; m < sh->mate_start[a + 1]; m++)
        if (touched[sh->mate[m]]) return 1;
    return 0;
}

/* The survivors of each cage a conflict row has read, kept for the rest
 * of the row: they read the candidates alone, which stay as they are
 * until the row makes its step (or meets a contradiction, which forgets
 * them). Lists past the pool are worked out again each time. */
#define KE_SURVIVOR_POOL 2048
#define KE_UNREAD (-2)
struct ke_survivor_memo {
    int count[SL_MAX_CELLS]; /* per cage: sum_set_survivors' answer, or KE_UNREAD */
    int at[SL_MAX_CELLS];    /* where its list starts in pool */
    int used;
    digitset pool[KE_SURVIVOR_POOL];
};

static void ke_survivors_forget(struct ke_survivor_memo *memo, int ncages)
{
    for (int i = 0; i < ncages; i++) memo->count[i] = KE_UNREAD;
}

/* Cage i's survivors at the conflict rows' sight, and their number in *n
 * (as sum_set_survivors'): from the memo, else read into it, or into
 * spare (KE_MAX_COMBOS) when the pool is full. Earlier lists stay where
 * they are. */
static const digitset *ke_survivors(const struct killer_sums *ks, struct ke_survivor_memo *memo,
                                    int i, const struct prop_ctx *ctx, digitset *spare, int *n)
{
    static const int sight = SUM_SEE_FIT | SUM_SEE_REACH;
    if (memo->count[i] != KE_UNREAD) {
        *n = memo->count[i];
        return memo->pool + memo->at[i];
    }
    if (memo->used + KE_MAX_COMBOS > KE_SURVIVOR_POOL) {
        *n = sum_set_survivors(ks->sums, i, sight, ctx, spare, KE_MAX_COMBOS);
        return spare;
    }
    digitset *out = memo->pool + memo->used;
    *n = memo->count[i] = sum_set_survivors(ks->sums, i, sight, ctx, out, KE_MAX_COMBOS);
    memo->at[i] = memo->used;
    if (*n > 0) memo->used += *n < KE_MAX_COMBOS ? *n : KE_MAX_COMBOS;
    return out;
}

/* The digits of a's combinations that go with some combinations of b
 * and c, all three without a digit in common. */
static digitset ke_compatible3(const digitset *a, int na, const digitset *b, int nb,
                               const digitset *c, int nc)
{
    digitset keep = 0;
    for (int i = 0; i < na; i++) {
        int fits = 0;
        for (int j = 0; j < nb && !fits; j++)
            for (int k = 0; k < nc && !fits && !(a[i] & b[j]); k++)
                fits = !(a[i] & c[k]) && !(b[j] & c[k]);
        if (fits) keep |= a[i];
    }
    return keep;
}

/* Narrows cage i's open cells to keep and names the cages involved; 1
 * when a cell changed, 0 when none did, -1 at a contradiction (cells may
 * have changed). */
static int ke_conflict_step(const struct killer_sums *ks, const struct ke_technique *t,
                            struct prop_ctx *ctx, struct explain_sink *sink, const int *cages,
                            int ncages, digitset keep)
{
    int cells[SUM_MAX_CELLS], n = ke_cells(ks, cages[0], cells), changed = 0;
    for (int k = 0; k < n; k++) {
        digitset m = prop_candidates(ctx, cells[k]);
        if (digitset_is_single(m) || !(m & ~keep)) continue;
        if (prop_restrict(ctx, cells[k], keep)) return -1;
        changed = 1;
    }
    if (!changed) return 0;
    for (int i = 1; i < ncages; i++) {
        int other[SUM_MAX_CELLS], m = ke_cells(ks, cages[i], other);
        for (int k = 0; k < m && n < 64; k++) cells[n++] = other[k];
    }
    explain_name(sink, t->key, t->words, cells, n);
    return 1;
}

/* Tries the step of cage cages[0] kept to keep: 1 when made; a
 * contradiction, whose cells may have changed, empties the memo. */
static int ke_conflict_try(const struct killer_sums *ks, const struct ke_technique *t,
                           struct prop_ctx *ctx, struct explain_sink *sink,
                           struct ke_survivor_memo *memo, const int *cages, int ncages,
                           digitset keep)
{
    int status = ke_conflict_step(ks, t, ctx, sink, cages, ncages, keep);
    if (status < 0) ke_survivors_forget(memo, ks->ncage_sums);
    return status > 0;
}

/* The third cages with cage i and its mate j (at mate index m of i's
 * list) in one house: i's later mates sharing a house with both. 1 when
 * a step was made. */
static int ke_conflict_triples(const struct killer_sums *ks, const struct ke_technique *t,
                               struct prop_ctx *ctx, struct explain_sink *sink,
                               struct ke_survivor_memo *memo, const uint8_t *touched, int i, int m,
                               const digitset *a, int na, digitset reach)
{
    const struct killer_shapes *sh = ks->shapes;
    int j = sh->mate[m], pair_touched = touched[i] || touched[j], nb, nc;
    digitset b_spare[KE_MAX_COMBOS], c_spare[KE_MAX_COMBOS];
    const digitset *b = NULL;
    for (int l = m + 1; l < sh->mate_start[i + 1]; l++) {
        int k = sh->mate[l];
        if (!(pair_touched || touched[k]) || !ke_share_house3(sh, i, j, k)) continue;
        if (!b) b = ke_survivors(ks, memo, j, ctx, b_spare, &nb);
        if (nb < 1 || nb > KE_MAX_COMBOS) return 0;
        const digitset *c = ke_survivors(ks, memo, k, ctx, c_spare, &nc);
        if (nc < 1 || nc > KE_MAX_COMBOS) continue;
        int cages[] = {i, j, k};
        digitset keep = ke_compatible3(a, na, b, nb, c, nc);
        if (keep != reach && ke_conflict_try(ks, t, ctx, sink, memo, cages, 3, keep)) return 1;
    }
    return 0;
}

/* Combination conflicts: a combination of one cage that every
 * combination of another cage of its house (of every disjoint pair of two
 * others, for three) shares a digit with is out. t->shape: the cages
 * weighed together, 2 or 3. The pairs and triples go in index order:
 * cage i, then its mates j, then (for three) i's mates after j. */
int ke_find_conflict(const struct killer_sums *ks, const struct ke_technique *t,
                     struct prop_ctx *ctx, struct explain_sink *sink)
{
    const struct killer_shapes *sh = ks->shapes;
    digitset a_spare[KE_MAX_COMBOS], b_spare[KE_MAX_COMBOS];
    uint8_t touched[SL_MAX_CELLS];
    struct ke_survivor_memo memo;
    memo.used = 0;
    ke_survivors_forget(&memo, ks->ncage_sums);
    ke_conflict_cages_touched(ks, sink, touched);
    for (int i = 0; i < ks->ncage_sums; i++) {
        if (!ke_conflict_touched(sh, touched, i)) continue;
        int na, nb;
        const digitset *a = ke_survivors(ks, &memo, i, ctx, a_spare, &na);
        if (na < 2 || na > KE_MAX_COMBOS) continue;
        digitset reach = 0;
        for (int k = 0; k < na; k++) reach |= a[k];
        for (int m = sh->mate_start[i]; m < sh->mate_start[i + 1]; m++) {
            int j = sh->mate[m];
            if (t->shape == 3) {
                if (ke_conflict_triples(ks, t, ctx, sink, &memo, touched, i, m, a, na, reach))
                    return 1;
                continue;
            }
            /* The sight reads the cages' own cells: cages none of which
             * changed conflict no more than before. */
            if (!touched[i] && !touched[j]) continue;
            const digitset *b = ke_survivors(ks, &memo, j, ctx, b_spare, &nb);
            if (nb < 1 || nb > KE_MAX_COMBOS) continue;
            int cages[] = {i, j};
            digitset keep = ke_compatible(a, na, b, nb);
            if (keep != reach && ke_conflict_try(ks, t, ctx, sink, &memo, cages, 2, keep)) return 1;
        }
    }
    return 0;
}
