/*
 * killer_explain.c — see killer_explain.h.
 *
 * Every technique tries its sums in order and stops at the first that
 * changes the scratch state: the rater wants one step at a time. A row
 * of the table sees at least what the rows easier than it see (the
 * rater asks them easiest first), so a step of a row shows that row's
 * idea at work.
 */
#include "killer_explain.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "propagate.h"

#define KE_MAX_COMBOS 128

/* The rule of 45's sums, by what a player sees in them. */
enum ke_shape {
    KE_INNIE,  /* one cell a house's whole cages leave: its digit is known */
    KE_SPLIT,  /* the part of one cage a house's whole cages leave: the cage splits */
    KE_INNIES, /* two or more cells a house's whole cages leave: a hidden cage */
    KE_OUTIE,  /* one cell of the cages reaching out of a house */
    KE_OUTIES, /* two or more such cells (left to the full-strength row) */
    KE_SEVERAL /* any sum over a run of houses */
};

/* Which derived sums a rule-of-45 row takes. */
enum ke_range { KE_ONE_HOUSE, KE_HOUSES };

struct ke_technique {
    const char *key;
    size_t key_length; /* strlen(key): a row is looked up at every step */
    const char *words;
    int (*find)(const struct killer_sums *ks, const struct ke_technique *t, struct prop_ctx *ctx,
                struct explain_sink *sink);
    int sight; /* cages: enum sum_sight; the rule of 45: KE_GLANCE or KE_FULL */
    int range; /* the rule of 45: enum ke_range */
    int shape; /* the rule of 45: enum ke_shape, or -1 for any; conflicts: the cages, 2 or 3 */
    int min_cells, max_cells; /* the sizes of sum the row takes */
};

static int ke_cells(const struct killer_sums *ks, int i, int *cells)
{
    return sum_set_cells(ks->sums, i, cells);
}

/* What changed since a row last found nothing (explain_sink's changed:
 * the cells that lost candidates since, or NULL), and, for the rows that
 * read a sum's houses, the houses holding such a cell (else NULL); for
 * the rows that read only a cage's own cells, the cages holding such a
 * cell (else NULL). A sum none of whose inputs changed fails again, so
 * the rows skip it. */
struct ke_since {
    const uint8_t *cells;
    const uint8_t *houses;
    const uint8_t *cages; /* per cage sum: 1 when touched */
    uint8_t house_changed[SL_MAX_UNITS];
    uint8_t cage_changed[SL_MAX_CELLS];
};

/* Marks in touched (per cage sum) the cages holding a cell of changed,
 * from the changed cells rather than from every cage's cells: when every
 * cage has a sum, cage sum i is the cellmap's part i (killer.c adds them
 * in the parts' order). With single_in, only the cells single in it
 * count (a sight of the placed digits alone: ke_since_touched). 0 when
 * the map cannot say so (a cage without a sum) or no list is given. */
static int ke_cages_changed(const struct killer_sums *ks, const struct explain_sink *sink,
                            const digitset *single_in, uint8_t *touched)
{
    const struct cellmap *map = ks->map;
    if (ks->ncage_sums != map->nparts || !sink->changed_list) return 0;
    memset(touched, 0, (size_t)ks->ncage_sums);
    for (int k = 0; k < sink->nchanged; k++) {
        int c = sink->changed_list[k];
        if (map->part[c] < 0 || (single_in && !digitset_is_single(single_in[c]))) continue;
        touched[map->part[c]] = 1;
    }
    return 1;
}

/* The houses too when the row reads them (`houses`), else the cages (for
 * a row that reads only which cells are single, single_in: the
 * candidates), when something is known. */
static void ke_since_of(const struct killer_sums *ks, const struct explain_sink *sink, int houses,
                        const digitset *single_in, struct ke_since *since)
{
    since->cells = sink->changed;
    since->houses = since->cages = NULL;
    if (!sink->changed) return;
    if (!houses) {
        if (ke_cages_changed(ks, sink, single_in, since->cage_changed))
            since->cages = since->cage_changed;
        return;
    }
    sum_set_houses_changed(ks->sums, sink->changed, since->house_changed);
    since->houses = since->house_changed;
}

/* 1 when one of the n cells is in changed (explain_sink's: the cells
 * that lost candidates since this technique last found nothing), or
 * changed is NULL. A sum seen only through its own cells, none of them
 * changed, fails again, so the techniques that read no other cells skip
 * it. */
static int ke_list_touched(const uint16_t *cells, int n, const uint8_t *changed)
{
    if (!changed) return 1;
    for (int k = 0; k < n; k++)
        if (changed[cells[k]]) return 1;
    return 0;
}

/* ke_list_touched for the cells of sum i of s. */
static int ke_touched(const struct sum_set *s, int i, const uint8_t *changed)
{
    if (!changed) return 1;
    int n;
    const uint16_t *cells = sum_set_cell_list(s, i, &n);
    return ke_list_touched(cells, n, changed);
}

static void ke_name(const struct killer_sums *ks, const struct ke_technique *t, int i,
                    struct explain_sink *sink)
{
    int cells[64];
    explain_name(sink, t->key, t->words, cells, ke_cells(ks, i, cells));
}

/* Names a step of sum i of set s with its equation (a sum the rule of 45
 * made: the player has to see its total). */
static void ke_name_equation(const struct sum_set *s, const struct ke_technique *t, int i,
                             const int *weight, const struct prop_ctx *ctx,
                             struct explain_sink *sink)
{
    int cells[64], n = sum_set_cells(s, i, cells);
    explain_name(sink, t->key, t->words, cells, n);
    explain_equation(sink, prop_geometry(ctx), cells, weight, n, sum_set_total(s, i));
}

/* 1 when cage sum i may act otherwise than when the row last found
 * nothing: through its own cells (those single since, for a sight of the
 * placed digits alone), and its houses' when since->houses. A sight of
 * the placed digits alone (SUM_SEE_ONE: the combinations holding them,
 * each open cell kept to their other digits) reads no other candidate,
 * and a cell only loses candidates: with no cell single since, its open
 * cells already lie in what it would keep them to. */
static int ke_since_touched(const struct sum_set *s, int i, const struct ke_since *since)
{
    if (since->houses) return sum_set_reads_changed(s, i, since->cells, since->houses);
    if (since->cages) return since->cages[i];
    return ke_touched(s, i, since->cells);
}

/* Efforts below this are ordered by counting (a 9x9 cage allows at most
 * 12 combinations); larger ones by insertion. */
#define KE_EFFORT_COUNTED 64

void killer_order_by_effort(const int *effort, int n, int *order)
{
    int most = 0;
    for (int k = 0; k < n; k++) most = effort[k] > most ? effort[k] : most;
    if (most >= KE_EFFORT_COUNTED) {
        for (int k = 0; k < n; k++) {
            int j = k;
            for (; j > 0 && effort[order[j - 1]] > effort[k]; j--) order[j] = order[j - 1];
            order[j] = k;
        }
        return;
    }
    /* Effort e counts at slot e + 1, so that -1 (a cage without a list,
     * sum_set_placed_combos) comes first; next[s] then becomes where slot
     * s's next index goes. */
    int next[KE_EFFORT_COUNTED + 2];
    for (int s = 0; s <= most + 2; s++) next[s] = 0;
    for (int k = 0; k < n; k++) next[effort[k] + 2]++;
    for (int s = 1; s <= most + 1; s++) next[s] += next[s - 1];
    for (int k = 0; k < n; k++) order[next[effort[k] + 1]++] = k;
}

/* Cages in order of the combinations their totals allow beside their
 * placed digits (fewest first: a player weighs the short lists first),
 * into order; returns how many cages there are. Only the cages of t's
 * sizes touched since (all when nothing is known), and allowing at most
 * `most` combinations: the order of those is the order they have among
 * all the cages. */
static int ke_cages_by_effort(const struct killer_sums *ks, const struct ke_technique *t,
                              const struct prop_ctx *ctx, const struct ke_since *since, int most,
                              int *order)
{
    const digitset *now = prop_candidate_array(ctx);
    int cage[SL_MAX_CELLS], effort[SL_MAX_CELLS], by_effort[SL_MAX_CELLS], n = 0;
    for (int i = 0; i < ks->ncage_sums; i++) {
        int size;
        if (!ke_since_touched(ks->sums, i, since)) continue;
        sum_set_cell_list(ks->sums, i, &size);
        if (size < t->min_cells || size > t->max_cells) continue;
        int e = sum_set_placed_combos(ks->sums, i, now);
        if (e > most) continue;
        cage[n] = i, effort[n++] = e;
    }
    if (n == 0) return 0;
    killer_order_by_effort(effort, n, by_effort);
    for (int k = 0; k < n; k++) order[k] = cage[by_effort[k]];
    return n;
}

static int ke_find_cage(const struct killer_sums *ks, const struct ke_technique *t,
                        struct prop_ctx *ctx, struct explain_sink *sink)
{
    int order[SL_MAX_CELLS];
    struct ke_since since;
    /* A house's other cells decide what it rules out. */
    const digitset *single_in = t->sight == SUM_SEE_ONE ? prop_candidate_array(ctx) : NULL;
    ke_since_of(ks, sink, t->sight & SUM_SEE_HOUSES, single_in, &since);
    /* The effort is the count a sight of one combination sees: past one,
     * that sight finds nothing. */
    int n = ke_cages_by_effort(ks, t, ctx, &since, t->sight == SUM_SEE_ONE ? 1 : INT_MAX, order);
    for (int k = 0; k < n; k++) {
        int i = order[k];
        int status = sum_set_prune_seen(ks->sums, i, t->sight, ctx);
        /* A contradiction ends the row. Told what changed, a cage skipped
         * might have met one first; on a rating's path, whose grid has a
         * solution, none arises, so the two forms agree there. */
        if (status < 0) return 0;
        if (status == 0) continue;
        ke_name(ks, t, i, sink);
        return 1;
    }
    return 0;
}

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
    int cells[64], n = ke_cells(ks, cages[0], cells), changed = 0;
    for (int k = 0; k < n; k++) {
        digitset m = prop_candidates(ctx, cells[k]);
        if (digitset_is_single(m) || !(m & ~keep)) continue;
        if (prop_restrict(ctx, cells[k], keep)) return -1;
        changed = 1;
    }
    if (!changed) return 0;
    for (int i = 1; i < ncages; i++) {
        int other[64], m = ke_cells(ks, cages[i], other);
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
static int ke_find_conflict(const struct killer_sums *ks, const struct ke_technique *t,
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

/* --- the rule of 45 -------------------------------------------------- */

/* 1 when the n cells are what house h leaves once its whole cages are
 * taken away (its innies). */
static int ke_innies_of(const struct killer_sums *ks, int h, const int *cells, int n)
{
    int house[SL_MAX_SIZE], size = sum_set_house_cells(ks->sums, h, house), left = 0;
    int16_t inside[SL_MAX_CELLS] = {0};
    for (int k = 0; k < size; k++) {
        int p = ks->map->part[house[k]];
        if (p >= 0) inside[p]++;
    }
    for (int k = 0; k < size; k++) {
        int p = ks->map->part[house[k]];
        if (p < 0 || inside[p] != ks->map->size[p]) left++;
    }
    for (int k = 0; k < n; k++) {
        int p = ks->map->part[cells[k]];
        if (p >= 0 && inside[p] == ks->map->size[p]) return 0;
    }
    return left == n;
}

static enum ke_shape ke_shape_of(const struct killer_sums *ks, int i)
{
    int cells[64], houses[8], n = ke_cells(ks, i, cells), one_cage = 1, innies = 0;
    if (i >= ks->one_house_end) return KE_SEVERAL;
    int nh = sum_set_holding_houses(ks->sums, i, houses, 8);
    for (int k = 0; k < nh && !innies; k++) innies = ke_innies_of(ks, houses[k], cells, n);
    for (int k = 1; k < n; k++) one_cage &= ks->map->part[cells[k]] == ks->map->part[cells[0]];
    if (!innies) return n == 1 ? KE_OUTIE : KE_OUTIES;
    if (n == 1) return KE_INNIE;
    return one_cage && ks->map->part[cells[0]] >= 0 ? KE_SPLIT : KE_INNIES;
}

_Static_assert(KE_SEVERAL + 1 == KILLER_SHAPES, "killer_explain.h counts the shapes");

void killer_shapes_index(const uint8_t *of, int n, int first, int *by_shape, int *start)
{
    int next[KILLER_SHAPES + 1] = {0};
    for (int k = 0; k < n; k++) next[of[k] + 1]++;
    for (int s = 1; s <= KILLER_SHAPES; s++) next[s] += next[s - 1];
    for (int s = 0; s <= KILLER_SHAPES; s++) start[s] = next[s];
    for (int k = 0; k < n; k++) by_shape[next[of[k]]++] = first + k;
}

/* 1 when cages a and b (house lists ha, hb of na, nb) lie whole in one house. */
static int ke_houses_meet(const int *ha, int na, const int *hb, int nb)
{
    for (int i = 0; i < na; i++)
        for (int j = 0; j < nb; j++)
            if (ha[i] == hb[j]) return 1;
    return 0;
}

/* Each cage's mates (the other cages sharing one of its houses in
 * shapes) into mate, when not NULL, and where each cage's list starts
 * into shapes->mate_start; returns how many mates there are in all. */
static int ke_cage_mates(const struct killer_sums *ks, struct killer_shapes *shapes, int *mate)
{
    int ncages = ks->ncage_sums, total = 0;
    const int *house = shapes->house, *count = shapes->house_count;
    for (int i = 0; i < ncages; i++) {
        shapes->mate_start[i] = total;
        for (int j = 0; j < ncages; j++) {
            if (j == i || !ke_houses_meet(house + i * KILLER_CAGE_HOUSES, count[i],
                                          house + j * KILLER_CAGE_HOUSES, count[j]))
                continue;
            if (mate) mate[total] = j;
            total++;
        }
    }
    shapes->mate_start[ncages] = total;
    return total;
}

struct killer_shapes *killer_explain_shapes(const struct killer_sums *ks)
{
    int n = sum_set_count(ks->sums) - ks->ncage_sums, ncages = ks->ncage_sums;
    int houses[SL_MAX_CELLS * KILLER_CAGE_HOUSES], counts[SL_MAX_CELLS], starts[SL_MAX_CELLS + 1];
    struct killer_shapes probe = {.house = houses, .house_count = counts, .mate_start = starts};
    for (int i = 0; i < ncages; i++)
        counts[i] = sum_set_holding_houses(ks->sums, i, houses + i * KILLER_CAGE_HOUSES,
                                           KILLER_CAGE_HOUSES);
    int nmates = ke_cage_mates(ks, &probe, NULL);
    size_t ints = (size_t)n + (size_t)ncages * (KILLER_CAGE_HOUSES + 2) + 1 + (size_t)nmates;
    struct killer_shapes *shapes = malloc(sizeof *shapes + ints * sizeof(int) + (size_t)n + 1);
    if (!shapes) return NULL;
    shapes->by_shape = (int *)(shapes + 1);
    shapes->house_count = shapes->by_shape + n;
    shapes->house = shapes->house_count + ncages;
    shapes->mate_start = shapes->house + (size_t)ncages * KILLER_CAGE_HOUSES;
    shapes->mate = shapes->mate_start + ncages + 1;
    shapes->of = (uint8_t *)(shapes->mate + nmates);
    memcpy(shapes->house_count, counts, (size_t)ncages * sizeof counts[0]);
    memcpy(shapes->house, houses, (size_t)ncages * KILLER_CAGE_HOUSES * sizeof houses[0]);
    ke_cage_mates(ks, shapes, shapes->mate);
    for (int i = 0; i < n; i++) shapes->of[i] = (uint8_t)ke_shape_of(ks, ks->ncage_sums + i);
    killer_shapes_index(shapes->of, n, ks->ncage_sums, shapes->by_shape, shapes->start);
    return shapes;
}

/* The digits from..to (none when to < from). */
static digitset ke_digits_between(int from, int to)
{
    if (from < 0) from = 0;
    if (to > 31) to = 31;
    if (to < from) return 0;
    digitset upto = to == 31 ? ~(digitset)0 : (digitset_of(to + 1) - 1);
    return upto & ~(digitset_of(from) - 1);
}

/* Bounds: a digit goes when the other open cells, each at its lowest
 * (highest) candidate, cannot make up the rest of the total. The n cells
 * of the sum are given. Returns 1 when a cell changed, else 0, or
 * SL_PROP_CONTRADICTION. */
static int ke_bounds(const struct killer_sums *ks, int i, const uint16_t *cells, int n,
                     struct prop_ctx *ctx)
{
    const digitset *now = prop_candidate_array(ctx);
    int rest = sum_set_total(ks->sums, i), lo = 0, hi = 0, spread = 0, changed = 0;
    for (int k = 0; k < n; k++) {
        digitset m = now[cells[k]];
        if (!m) return SL_PROP_CONTRADICTION;
        int low = digitset_first(m), high = 31 - __builtin_clz(m);
        lo += low, hi += high;
        spread = high - low > spread ? high - low : spread;
    }
    /* A cell loses its lowest digit when its spread exceeds hi - rest,
     * its highest when it exceeds rest - lo: most cages keep every cell. */
    if (spread <= hi - rest && spread <= rest - lo) return 0;
    for (int k = 0; k < n; k++) {
        digitset m = now[cells[k]];
        int low = digitset_first(m), high = 31 - __builtin_clz(m);
        digitset keep = m & ke_digits_between(rest - (hi - high), rest - (lo - low));
        if (keep == m) continue;
        if (prop_restrict(ctx, cells[k], keep)) return SL_PROP_CONTRADICTION;
        changed = 1;
    }
    return changed;
}

/* What a glance at a sum gives: its bounds, and for a small one the
 * combinations that meet every cell. */
static int ke_glance(const struct killer_sums *ks, int i, const uint16_t *cells, int n,
                     struct prop_ctx *ctx)
{
    int changed = ke_bounds(ks, i, cells, n, ctx);
    if (changed < 0 || n < 2 || n > 4) return changed;
    int more = sum_set_prune_seen(ks->sums, i, SUM_SEE_FIT, ctx);
    return more < 0 ? SL_PROP_CONTRADICTION : changed | more;
}

static int ke_find_bounds(const struct killer_sums *ks, const struct ke_technique *t,
                          struct prop_ctx *ctx, struct explain_sink *sink)
{
    struct ke_since since;
    ke_since_of(ks, sink, 0, NULL, &since);
    for (int i = 0; i < ks->ncage_sums; i++) {
        if (!ke_since_touched(ks->sums, i, &since)) continue;
        int size;
        const uint16_t *cells = sum_set_cell_list(ks->sums, i, &size);
        if (size < t->min_cells || size > t->max_cells) continue;
        int status = ke_bounds(ks, i, cells, size, ctx);
        if (status < 0) return 0;
        if (status == 0) continue;
        ke_name(ks, t, i, sink);
        return 1;
    }
    return 0;
}

/* Propagates sum i of s on ctx: 1 when some cell changed (ctx->changed,
 * which every narrowing sets, prop_restrict: a sum's own answer tells
 * only of its own cells, and one with combinations may clear digits from
 * the other cells of its houses), 0 when none did, or
 * SL_PROP_CONTRADICTION. */
static int ke_propagate(const struct sum_set *s, int i, struct prop_ctx *ctx)
{
    ctx->changed = 0;
    return sum_set_propagate(s, i, ctx, NULL) < 0 ? SL_PROP_CONTRADICTION : ctx->changed;
}

static int ke_find_derived(const struct killer_sums *ks, const struct ke_technique *t,
                           struct prop_ctx *ctx, struct explain_sink *sink)
{
    int first = t->range == KE_ONE_HOUSE ? ks->ncage_sums : ks->one_house_end;
    int end = t->range == KE_ONE_HOUSE ? ks->one_house_end : sum_set_count(ks->sums);
    /* A row of one shape reads that shape's sums alone, in order. */
    const int *only = t->shape >= 0 ? ks->shapes->by_shape + ks->shapes->start[t->shape] : NULL;
    int count = only ? ks->shapes->start[t->shape + 1] - ks->shapes->start[t->shape] : end - first;
    for (int k = 0; k < count; k++) {
        int i = only ? only[k] : first + k, status;
        if (i < first || i >= end) continue;
        if (t->sight) {
            /* A glance reads the sum's own cells; the full strength its houses too. */
            int n;
            const uint16_t *cells = sum_set_cell_list(ks->sums, i, &n);
            if (!ke_list_touched(cells, n, sink->changed)) continue;
            status = ke_glance(ks, i, cells, n, ctx);
        } else {
            if (sum_set_reads_own_cells(ks->sums, i) && !ke_touched(ks->sums, i, sink->changed))
                continue;
            status = ke_propagate(ks->sums, i, ctx);
        }
        if (status < 0) return 0;
        if (status == 0) continue;
        ke_name_equation(ks->sums, t, i, NULL, ctx, sink);
        return 1;
    }
    return 0;
}

/* --- the difference forms ------------------------------------------ */

/* A difference form has at most this many cells, on both sides. */
#define KE_DIFFERENCE_CELLS 4

/* Each cage's cells (cellmap_all_cells), read once for all the houses
 * rather than a scan of the grid per cage crossing one. */
struct ke_cage_cells {
    int start[SL_MAX_CELLS + 1];
    int cells[SL_MAX_CELLS];
};

/* The cells of house h's crossing cages on their smaller sides, weighted
 * +1 inside and -1 outside, into cells and weight; *total becomes what the
 * weighted cells add up to. Returns the count, or 0 when the house is not
 * all in cages with sums or no difference form comes of it. */
static int ke_difference_cells(const struct cellmap *map, const struct ke_cage_cells *cc,
                               const int *sum, const int *house, int n, int *cells, int *weight,
                               int *total)
{
    int16_t inside[SL_MAX_CELLS] = {0};
    uint8_t in_house[SL_MAX_CELLS] = {0}, done[SL_MAX_CELLS] = {0};
    int count = 0, plus = 0, minus = 0;
    *total = n * (n + 1) / 2;
    for (int k = 0; k < n; k++) {
        int p = map->part[house[k]];
        if (p < 0 || !sum[p]) return 0;
        inside[p]++;
        in_house[house[k]] = 1;
    }
    for (int k = 0; k < n; k++) {
        int p = map->part[house[k]];
        if (done[p]) continue;
        done[p] = 1;
        int size = map->size[p], out = size - inside[p], by_total = out < inside[p];
        if (size == inside[p] || by_total) *total -= sum[p];
        if (size == inside[p]) continue;
        for (int i = cc->start[p]; i < cc->start[p + 1]; i++) {
            if (in_house[cc->cells[i]] == by_total) continue;
            if (count == KE_DIFFERENCE_CELLS) return 0;
            cells[count] = cc->cells[i];
            weight[count++] = by_total ? -1 : 1;
            plus += !by_total, minus += by_total;
        }
    }
    if (!plus || !minus) return 0;
    /* The cells inside first, so the words read r1c1 - r2c9 = 7. */
    for (int i = 1; i < count; i++)
        for (int j = i; j > 0 && weight[j] > weight[j - 1]; j--) {
            int c = cells[j], w = weight[j];
            cells[j] = cells[j - 1], weight[j] = weight[j - 1];
            cells[j - 1] = c, weight[j - 1] = w;
        }
    return count;
}

int killer_differences_exist(const struct cellmap *map, const int *sum, const struct sum_set *s)
{
    int n = sum_set_size(s), house[SL_MAX_SIZE];
    int cells[KE_DIFFERENCE_CELLS], weight[KE_DIFFERENCE_CELLS], total;
    struct ke_cage_cells cc;
    cellmap_all_cells(map, cc.start, cc.cells);
    for (int h = 0; h < sum_set_house_count(s); h++) {
        sum_set_house_cells(s, h, house);
        if (ke_difference_cells(map, &cc, sum, house, n, cells, weight, &total)) return 1;
    }
    return 0;
}

static int killer_differences_add(const struct cellmap *map, const int *sum, struct sum_set *s,
                                  struct sl_error *err)
{
    int n = sum_set_size(s), house[SL_MAX_SIZE];
    struct ke_cage_cells cc;
    cellmap_all_cells(map, cc.start, cc.cells);
    for (int h = 0; h < sum_set_house_count(s); h++) {
        int cells[KE_DIFFERENCE_CELLS], weight[KE_DIFFERENCE_CELLS], group[KE_DIFFERENCE_CELLS];
        int total, count, plus = 0, side[KE_DIFFERENCE_CELLS], nside = 0;
        sum_set_house_cells(s, h, house);
        count = ke_difference_cells(map, &cc, sum, house, n, cells, weight, &total);
        if (count == 0 || sum_set_has(s, cells, count, total)) continue;
        /* Each side's cells in groups of their own (a cell inside and one
         * outside may share a house, yet their digits may repeat). */
        for (int sign = 1; sign >= -1; sign -= 2) {
            nside = 0;
            for (int i = 0; i < count; i++)
                if (weight[i] == sign) side[nside++] = i;
            int sub[KE_DIFFERENCE_CELLS], subgroup[KE_DIFFERENCE_CELLS], made;
            for (int i = 0; i < nside; i++) sub[i] = cells[side[i]];
            made = sum_set_group_by_houses(s, sub, nside, subgroup);
            for (int i = 0; i < nside; i++) group[side[i]] = subgroup[i] + plus;
            plus += made;
        }
        if (sum_set_add_weighted(s, cells, group, weight, count, total, err) < 0) return -1;
    }
    return 0;
}

struct sum_set *killer_differences_new(const struct cellmap *map, const int *sum,
                                       const struct sum_set *model, int mirror,
                                       struct sl_error *err)
{
    struct sum_set *s = sum_set_new_like(model, err);
    if (s == NULL) return NULL;
    sum_set_mirror_differences(s, mirror);
    if (killer_differences_add(map, sum, s, err)) {
        sum_set_free(s);
        return NULL;
    }
    return s;
}

static int ke_find_difference(const struct killer_sums *ks, const struct ke_technique *t,
                              struct prop_ctx *ctx, struct explain_sink *sink)
{
    for (int i = 0; ks->differences && i < sum_set_count(ks->differences); i++) {
        /* One reading only its own cells, none of them changed, finds
         * nothing again. */
        if (sum_set_reads_own_cells(ks->differences, i) &&
            !ke_touched(ks->differences, i, sink->changed))
            continue;
        int status = ke_propagate(ks->differences, i, ctx);
        if (status < 0) return 0;
        if (status == 0) continue;
        int weight[64];
        sum_set_weights(ks->differences, i, weight);
        ke_name_equation(ks->differences, t, i, weight, ctx, sink);
        return 1;
    }
    return 0;
}

/* --- the table ------------------------------------------------------- */

#define SEE_CUT (SUM_SEE_FIT | SUM_SEE_REACH | SUM_SEE_NEEDED | SUM_SEE_POINTING)
#define SEE_ALL (SEE_CUT | SUM_SEE_HOUSES)

#define KE_SMALL 2, 4 /* sums a player weighs at a glance */
#define KE_BIG 5, SL_MAX_SIZE
#define KE_ANY 1, SL_MAX_SIZE
#define KE_GLANCE 1 /* the rule of 45: bounds, and small sums' combinations */
#define KE_FULL 0   /* the rule of 45: all a sum's combinations and houses say */
#define KE_CAGE 0, -1
#define KE_KEY(key) key, sizeof key - 1

static const struct ke_technique ke_table[] = {
    {KE_KEY("cage-one-combination"), "cage with one combination", ke_find_cage, SUM_SEE_ONE,
     KE_CAGE, KE_ANY},
    {KE_KEY("cage-bounds"), "cage bounds", ke_find_bounds, 0, KE_CAGE, KE_ANY},
    {KE_KEY("cage-combinations"), "cage combinations", ke_find_cage, SUM_SEE_FIT, KE_CAGE,
     KE_SMALL},
    {KE_KEY("innie"), "rule of 45: one innie", ke_find_derived, KE_GLANCE, KE_ONE_HOUSE, KE_INNIE,
     KE_ANY},
    {KE_KEY("cage-split"), "cage split by the rule of 45", ke_find_derived, KE_GLANCE, KE_ONE_HOUSE,
     KE_SPLIT, KE_ANY},
    {KE_KEY("hidden-cage"), "hidden cage (rule of 45)", ke_find_derived, KE_GLANCE, KE_ONE_HOUSE,
     KE_INNIES, KE_ANY},
    {KE_KEY("big-cage-combinations"), "combinations of a big cage", ke_find_cage, SUM_SEE_FIT,
     KE_CAGE, KE_BIG},
    {KE_KEY("cage-candidate-combinations"), "combinations cut by candidates", ke_find_cage,
     SUM_SEE_FIT | SUM_SEE_REACH, KE_CAGE, KE_ANY},
    {KE_KEY("cage-needed-digits"), "digits every combination needs", ke_find_cage,
     SUM_SEE_FIT | SUM_SEE_REACH | SUM_SEE_NEEDED, KE_CAGE, KE_ANY},
    {KE_KEY("cage-pointing"), "cage pointing", ke_find_cage, SEE_CUT, KE_CAGE, KE_ANY},
    {KE_KEY("cage-house-combinations"), "combinations a house rules out", ke_find_cage, SEE_ALL,
     KE_CAGE, KE_ANY},
    {KE_KEY("combination-conflict"), "combination conflict", ke_find_conflict, SEE_ALL, 0, 2,
     KE_ANY},
    {KE_KEY("combination-conflict-triple"), "combination conflict of three cages", ke_find_conflict,
     SEE_ALL, 0, 3, KE_ANY},
    {KE_KEY("innie-outie-difference"), "rule of 45: innie and outie difference", ke_find_difference,
     0, KE_CAGE, KE_ANY},
    {KE_KEY("outie"), "rule of 45: one outie", ke_find_derived, KE_FULL, KE_ONE_HOUSE, KE_OUTIE,
     KE_ANY},
    {KE_KEY("rule-of-45"), "rule of 45: innies and outies", ke_find_derived, KE_FULL, KE_ONE_HOUSE,
     -1, KE_ANY},
    {KE_KEY("rule-of-45-houses"), "rule of 45 on several houses", ke_find_derived, KE_FULL,
     KE_HOUSES, -1, KE_ANY},
};

/* Every cage at full sight and every sum of the rule of 45, once each:
 * what forcing chains follow (EXPLAIN_ALL). 1 when a cell changed (told
 * by ctx->changed, as ke_propagate is), 0 when none did, -1 at a
 * contradiction. */
static int ke_all(const struct killer_sums *ks, struct prop_ctx *ctx)
{
    ctx->changed = 0;
    for (int i = 0; i < sum_set_count(ks->sums); i++) {
        int status = i < ks->ncage_sums ? sum_set_prune_seen(ks->sums, i, SEE_ALL, ctx)
                                        : sum_set_propagate(ks->sums, i, ctx, NULL);
        if (status < 0) return -1;
    }
    return ctx->changed;
}

/* The row keyed technique (of `length` characters), or NULL. */
static const struct ke_technique *ke_row(const char *technique, size_t length)
{
    for (size_t t = 0; t < sizeof ke_table / sizeof ke_table[0]; t++)
        if (ke_table[t].key_length == length && memcmp(ke_table[t].key, technique, length) == 0)
            return &ke_table[t];
    return NULL;
}

int killer_explain_knows(const char *technique)
{
    return ke_row(technique, strlen(technique)) != NULL;
}

int killer_explain_find(const struct killer_sums *ks, const char *technique, struct prop_ctx *ctx,
                        struct explain_sink *sink)
{
    size_t length = strlen(technique);
    if (length == sizeof EXPLAIN_ALL - 1 && memcmp(technique, EXPLAIN_ALL, length) == 0)
        return ke_all(ks, ctx);
    const struct ke_technique *t = ke_row(technique, length);
    return t ? t->find(ks, t, ctx, sink) : 0;
}
