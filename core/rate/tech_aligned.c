/*
 * tech_aligned.c — aligned pair exclusion (param 2) and aligned triple
 * exclusion (param 3), as Sudoku Explainer takes them.
 *
 * Take k open cells (the base) and the cells seeing all of them that hold
 * two to k candidates (the excluders). A choice of one candidate per base
 * cell is impossible when two base cells that see each other get one
 * digit, or when it uses up every candidate of an excluder (the excluder
 * would be left empty). A candidate of a base cell that no possible choice
 * uses is false. Pairs are two cells that see each other; triples have
 * two excluders at least (one cannot forbid enough) and two of their
 * cells seeing each other.
 *
 * Each base is read once, from its cells in order, the last ones drawn
 * from the open cells seeing the excluders of the first. The step is the
 * base that comes first by its first excluder (then its second, then its
 * cells), the order the row has always taken. A choice whose other cells
 * take digits no excluder holds (and differ where they must) is possible,
 * so most candidates are seen to be used at once, with a few bit
 * operations; for each candidate left, each digit the second cell may
 * take rules out a set of the third's (the excluders within the three
 * digits), and the candidate is used when some digit is left. Pairs are
 * first asked for in one pass over the cells (aligned_pair_possible), a
 * necessary condition for any pair step.
 *
 * The _since form skips a base when none of its cells and excluders lost
 * candidates since the row last found nothing: what it reads is unchanged
 * (a cell that became small enough to exclude has changed itself).
 */
#include "technique.h"

#define ALIGNED_MAX 3 /* base cells */

struct aligned {
    const struct human *h;
    const struct cellset *changed; /* NULL: try every base */
    int k, cells[ALIGNED_MAX];
    int sees[ALIGNED_MAX][ALIGNED_MAX];
    int nexcluders, ntriples;
    digitset excluders[SL_MAX_CELLS];
    digitset triples[SL_MAX_CELLS];  /* the excluders of three */
    digitset held;                   /* the excluders' candidates */
    digitset pairs[SL_MAX_SIZE + 1]; /* per digit: those sharing an excluder of two with it */
    digitset used[ALIGNED_MAX];      /* candidates some possible choice uses */
    int first[2];                    /* the first two excluders (-1: none) */
    /* The base found that comes first in the row's order, when found. */
    int found, best_first[2], best_cells[ALIGNED_MAX];
    digitset best_used[ALIGNED_MAX];
};

/* Reads the excluders as a choice meets them: one of two is used up by a
 * choice holding both its digits (pairs), one of three by a choice that
 * is its three digits. */
static void aligned_read_excluders(struct aligned *a)
{
    a->held = 0;
    a->ntriples = 0;
    for (int d = 1; d <= a->h->lay->size; d++) a->pairs[d] = 0;
    for (int e = 0; e < a->nexcluders; e++) {
        digitset x = a->excluders[e];
        a->held |= x;
        if (digitset_count(x) == 3) {
            a->triples[a->ntriples++] = x;
            continue;
        }
        a->pairs[digitset_first(x)] |= x;
        a->pairs[digitset_first(digitset_rest(x))] |= x;
    }
}

/* 1 when a digit of x and one of y can be picked, different ones when
 * apart is set. */
static int pick_two(digitset x, digitset y, int apart)
{
    return x && y && !(apart && x == y && !(x & (x - 1)));
}

/* 1 when a choice giving v to base cell i is seen to be possible at once:
 * an excluder within a choice holds one of its digits besides v, so a
 * choice is possible when the others' digits are free (in no excluder but
 * as v), or (for triples) one is free and the other is in no excluder
 * {v, u}. For pairs that is the whole test. */
static int aligned_uses_free(const struct aligned *a, int i, int v)
{
    const digitset *cand = a->h->cand;
    int j = (i + 1) % a->k, l = (i + 2) % a->k;
    digitset vb = digitset_of(v), held = a->held & ~vb, paired = a->pairs[v] & ~vb;
    digitset cj = cand[a->cells[j]] & ~(a->sees[i][j] ? vb : 0);
    if (a->k == 2) return (cj & ~paired) != 0;
    digitset cl = cand[a->cells[l]] & ~(a->sees[i][l] ? vb : 0);
    return pick_two(cj & ~held, cl & ~paired, a->sees[j][l]) ||
           pick_two(cj & ~paired, cl & ~held, a->sees[j][l]);
}

/* 1 when base cell i of a triple can take v in a possible choice: the
 * second cell takes a digit x sharing no excluder of two with v, and the
 * third a digit y with no excluder within {v, x, y}; cells that see each
 * other take different digits. */
static int aligned_uses(const struct aligned *a, int i, int v)
{
    const digitset *cand = a->h->cand;
    int j = (i + 1) % a->k, l = (i + 2) % a->k;
    digitset vb = digitset_of(v), free_v = ~(a->pairs[v] & ~vb);
    digitset cj = cand[a->cells[j]] & ~(a->sees[i][j] ? vb : 0) & free_v;
    digitset cl = cand[a->cells[l]] & ~(a->sees[i][l] ? vb : 0) & free_v;
    for (digitset xs = cj; xs; xs = digitset_rest(xs)) {
        int x = digitset_first(xs);
        digitset xb = digitset_of(x), vx = vb | xb;
        digitset blocked = (a->pairs[x] & ~xb) | (a->sees[j][l] ? xb : 0);
        for (int t = 0; x != v && t < a->ntriples; t++)
            if ((a->triples[t] & vx) == vx) blocked |= a->triples[t] & ~vx;
        if (cl & ~blocked) return 1;
    }
    return 0;
}

/* Fills used with the candidates some possible choice takes; 1 when a
 * candidate is left out (it is false). */
static int aligned_choices(struct aligned *a)
{
    int left = 0;
    aligned_read_excluders(a);
    for (int i = 0; i < a->k; i++) {
        a->used[i] = 0;
        for (digitset ds = a->h->cand[a->cells[i]]; ds; ds = digitset_rest(ds)) {
            int v = digitset_first(ds);
            if (aligned_uses_free(a, i, v) || (a->k == 3 && aligned_uses(a, i, v)))
                a->used[i] |= digitset_of(v);
            else
                left = 1;
        }
    }
    return left;
}

/* The words and removals of base a: its cells, and each candidate no
 * possible choice uses. */
static int aligned_step(const struct aligned *a, struct step *out)
{
    out->nelims = 0;
    out->ncells = 0;
    for (int i = 0; i < a->k; i++) {
        int c = a->cells[i];
        out->cells[out->ncells++] = (uint16_t)c;
        if (a->h->cand[c] & ~a->used[i])
            out->elims[out->nelims++] =
                (struct step_elim){(uint16_t)c, a->h->cand[c] & ~a->used[i]};
    }
    return out->nelims > 0;
}

/* 1 when the base a->cells (common the small cells seeing all but the
 * last) is to be tried: always, or when a base cell or an excluder has
 * changed. Asked first, as it costs a few words. */
static int aligned_touched(const struct aligned *a, const struct cellset *common0)
{
    const struct human_layout *lay = a->h->lay;
    const struct cellset *last = &lay->peers[a->cells[a->k - 1]];
    if (!a->changed) return 1;
    for (int i = 0; i < a->k; i++)
        if (cellset_has(a->changed, a->cells[i])) return 1;
    for (int w = 0; w < lay->words; w++)
        if (common0->w[w] & last->w[w] & a->changed->w[w]) return 1;
    return 0;
}

/* Base cells chosen (a->cells), common the small cells seeing all but
 * the last: fills the excluders and the first two. */
static void aligned_excluders(struct aligned *a, const struct cellset *common0)
{
    const struct human_layout *lay = a->h->lay;
    const struct cellset *last = &lay->peers[a->cells[a->k - 1]];
    int n = 0;
    a->first[0] = a->first[1] = -1;
    for (int w = 0; w < lay->words; w++)
        for (uint64_t bits = common0->w[w] & last->w[w]; bits; bits &= bits - 1) {
            int c = w * 64 + __builtin_ctzll(bits);
            if (n < 2) a->first[n] = c;
            a->excluders[n++] = a->h->cand[c];
        }
    a->nexcluders = n;
}

/* 1 when the base's first excluders put it before the one found. */
static int aligned_before_best(const struct aligned *a)
{
    if (!a->found) return 1;
    if (a->first[0] != a->best_first[0]) return a->first[0] < a->best_first[0];
    return a->k == 3 && a->first[1] < a->best_first[1]; /* pairs: by cells */
}

/* Tries the base a->cells; 1 when it removes something. */
static int aligned_try(struct aligned *a, const struct cellset *common)
{
    const struct human_layout *lay = a->h->lay;
    if (!aligned_touched(a, common)) return 0;
    aligned_excluders(a, common);
    if (a->nexcluders < a->k - 1 || !aligned_before_best(a)) return 0;
    for (int i = 0; i < a->k; i++)
        for (int j = 0; j < i; j++)
            a->sees[i][j] = a->sees[j][i] = human_sees(lay, a->cells[i], a->cells[j]);
    return aligned_choices(a);
}

/* Tries the base a->cells and keeps it when it comes first. */
static void aligned_consider(struct aligned *a, const struct cellset *common)
{
    if (!aligned_try(a, common)) return;
    a->found = 1;
    for (int i = 0; i < 2; i++) a->best_first[i] = a->first[i];
    for (int i = 0; i < a->k; i++) {
        a->best_cells[i] = a->cells[i];
        a->best_used[i] = a->used[i];
    }
}

/* 1 when only a change to a later base cell can make a base worth trying
 * (aligned_touched): neither the cells chosen so far nor the small cells
 * seeing them (where every excluder lies) have changed. */
static int aligned_quiet(const struct aligned *a, int chosen, const struct cellset *common)
{
    const struct human_layout *lay = a->h->lay;
    if (!a->changed) return 0;
    for (int i = 0; i < chosen; i++)
        if (cellset_has(a->changed, a->cells[i])) return 0;
    for (int w = 0; w < lay->words; w++)
        if (common->w[w] & a->changed->w[w]) return 0;
    return 1;
}

/* Keeps the cells of s after cell c. */
static void aligned_after(const struct human_layout *lay, struct cellset *s, int c)
{
    for (int w = 0; w < lay->words; w++) {
        int from = c + 1 - w * 64;
        if (from >= 64)
            s->w[w] = 0;
        else if (from > 0)
            s->w[w] &= ~UINT64_C(0) << from;
    }
}

/* The last cells a base of the first ones (their common small cells
 * `common`) may take: open cells after `after`, seeing `enough` cells of
 * common, seeing `near` when it is not NULL, changed ones only when the
 * base is quiet. */
static void aligned_last_cells(const struct aligned *a, const struct cellset *open,
                               const struct cellset *common, int enough, int after,
                               const struct cellset *near, struct cellset *out)
{
    const struct human_layout *lay = a->h->lay;
    struct cellset one = {{0}}, two = {{0}};
    int quiet = aligned_quiet(a, a->k - 1, common);
    for (int w = 0; w < lay->words; w++)
        for (uint64_t bits = common->w[w]; bits; bits &= bits - 1) {
            const struct cellset *p = &lay->peers[w * 64 + __builtin_ctzll(bits)];
            for (int v = 0; v < lay->words; v++) {
                two.w[v] |= one.w[v] & p->w[v];
                one.w[v] |= p->w[v];
            }
        }
    for (int w = 0; w < lay->words; w++) {
        out->w[w] = (enough > 1 ? two.w[w] : one.w[w]) & open->w[w];
        if (near) out->w[w] &= near->w[w];
        if (quiet) out->w[w] &= a->changed->w[w];
    }
    aligned_after(lay, out, after);
}

/* Tries every base whose first cells are a->cells[0..k-1), common their
 * small cells in common, with each last cell in turn. */
static void aligned_last(struct aligned *a, const struct cellset *open,
                         const struct cellset *common, const struct cellset *near)
{
    const struct human_layout *lay = a->h->lay;
    struct cellset last;
    aligned_last_cells(a, open, common, a->k - 1, a->cells[a->k - 2], near, &last);
    for (int w = 0; w < lay->words; w++)
        for (uint64_t bits = last.w[w]; bits; bits &= bits - 1) {
            a->cells[a->k - 1] = w * 64 + __builtin_ctzll(bits);
            aligned_consider(a, common);
        }
}

/* Aligned triples from a first cell x: each second cell y after it, the
 * third seeing x or y unless x and y see each other. */
static void aligned_triples(struct aligned *a, const struct cellset *open,
                            const struct cellset *common_x)
{
    const struct human_layout *lay = a->h->lay;
    int x = a->cells[0];
    struct cellset near, common;
    for (int w = 0; w < lay->words; w++) near.w[w] = lay->peers[x].w[w];
    for (int y = cellset_next(lay, open, x + 1); y >= 0; y = cellset_next(lay, open, y + 1)) {
        if (!cellset_and(lay, common_x, &lay->peers[y], &common) || cellset_count(lay, &common) < 2)
            continue;
        a->cells[1] = y;
        int see_xy = human_sees(lay, x, y);
        for (int w = 0; w < lay->words; w++) near.w[w] = lay->peers[x].w[w] | lay->peers[y].w[w];
        aligned_last(a, open, &common, see_xy ? NULL : &near);
    }
}

/* 1 when an open cell holding v sees b and, for each candidate w of b
 * but v, one of b's bivalue peers (list) that is {v, w}. */
static int aligned_pair_seen(const struct human *h, const struct cellset *open, int b, int v,
                             const int *list, int n)
{
    const struct human_layout *lay = h->lay;
    struct cellset where;
    cellset_and(lay, open, &lay->peers[b], &where);
    for (digitset ws = h->cand[b] & ~digitset_of(v); ws; ws = digitset_rest(ws)) {
        digitset pair = digitset_of(v) | digitset_of(digitset_first(ws));
        struct cellset seen = {{0}};
        for (int i = 0; i < n; i++)
            if (h->cand[list[i]] == pair)
                for (int w = 0; w < lay->words; w++) seen.w[w] |= lay->peers[list[i]].w[w];
        if (!cellset_and(lay, &where, &seen, &where)) return 0;
    }
    for (int c = cellset_next(lay, &where, 0); c >= 0; c = cellset_next(lay, &where, c + 1))
        if (h->cand[c] & digitset_of(v)) return 1;
    return 0;
}

/* 1 when some aligned pair removes a candidate. v leaves base cell x when
 * every other candidate w of its partner b has an excluder {v, w}: so b,
 * its bivalue peers, and a cell x seeing b and one {v, w} for each w. */
static int aligned_pair_possible(const struct human *h, const struct cellset *open,
                                 const struct cellset *small)
{
    const struct human_layout *lay = h->lay;
    for (int w = 0; w < lay->words; w++)
        for (uint64_t bs = open->w[w]; bs; bs &= bs - 1) {
            int b = w * 64 + __builtin_ctzll(bs), n = 0, list[SL_MAX_CELLS];
            digitset partners[SL_MAX_SIZE + 1], some = 0;
            for (int v = 0; v < lay->words; v++)
                for (uint64_t cs = small->w[v] & lay->peers[b].w[v]; cs; cs &= cs - 1) {
                    int c = v * 64 + __builtin_ctzll(cs);
                    list[n++] = c;
                    for (digitset ds = h->cand[c]; ds; ds = digitset_rest(ds)) {
                        int d = digitset_first(ds);
                        digitset other = h->cand[c] & ~digitset_of(d);
                        partners[d] = (some & digitset_of(d)) ? partners[d] | other : other;
                    }
                    some |= h->cand[c];
                }
            if (n < digitset_count(h->cand[b]) - 1) continue; /* one mate per other candidate */
            for (digitset vs = some; vs; vs = digitset_rest(vs)) {
                int v = digitset_first(vs);
                digitset need = h->cand[b] & ~digitset_of(v);
                if (!(need & ~partners[v]) && aligned_pair_seen(h, open, b, v, list, n)) return 1;
            }
        }
    return 0;
}

int find_aligned_exclusion_since(const struct human *h, int param, const struct changes *changed,
                                 struct step *out)
{
    const struct human_layout *lay = h->lay;
    struct aligned a = {.h = h, .changed = changed ? &changed->cells : NULL, .k = param};
    struct cellset small, open, common;
    if (param < 2 || param > ALIGNED_MAX) return 0;
    cellset_clear(&small);
    cellset_clear(&open);
    for (int c = 0; c < lay->ncells; c++) {
        int n = digitset_count(h->cand[c]);
        if (n >= 2) cellset_add(&open, c);
        if (n >= 2 && n <= param) cellset_add(&small, c);
    }
    if (param == 2 && !aligned_pair_possible(h, &open, &small)) return 0;
    for (int x = cellset_next(lay, &open, 0); x >= 0; x = cellset_next(lay, &open, x + 1)) {
        a.cells[0] = x;
        if (!cellset_and(lay, &small, &lay->peers[x], &common)) continue;
        if (param == 2)
            aligned_last(&a, &open, &common, &lay->peers[x]);
        else
            aligned_triples(&a, &open, &common);
    }
    if (!a.found) return 0;
    for (int i = 0; i < a.k; i++) {
        a.cells[i] = a.best_cells[i];
        a.used[i] = a.best_used[i];
    }
    return aligned_step(&a, out);
}

int find_aligned_exclusion(const struct human *h, int param, struct step *out)
{
    return find_aligned_exclusion_since(h, param, NULL, out);
}
