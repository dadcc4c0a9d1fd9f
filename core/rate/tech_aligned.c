/*
 * tech_aligned.c — aligned pair exclusion (param 2) and aligned triple
 * exclusion (param 3), as Sudoku Explainer takes them.
 *
 * Take k open cells (the base) and the cells seeing all of them that hold
 * two to k candidates (the excluders). A choice of one candidate per base
 * cell is impossible when two base cells that see each other get one
 * digit, or when it uses up every candidate of an excluder (the excluder
 * would be left empty). A candidate of a base cell that no possible choice
 * uses is false.
 *
 * The bases are drawn from the open peers of their first excluder (pairs)
 * or first two (triples), so each is tried once. A choice whose other
 * cells take digits no excluder holds (and differ where they must) is
 * possible, so most candidates are seen to be used at once, with a few
 * bit operations; each candidate left asks for a possible choice that
 * uses it, stopping at the first.
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
    int nexcluders;
    digitset excluders[SL_MAX_CELLS];
    digitset held;                   /* the excluders' candidates */
    digitset pairs[SL_MAX_SIZE + 1]; /* per digit of held: excluders of two holding it */
    digitset used[ALIGNED_MAX];      /* candidates some possible choice uses */
};

/* 1 when the choice values[0..k) uses up no excluder. */
static int choice_possible(const struct aligned *a, const int *values)
{
    digitset all = 0;
    for (int i = 0; i < a->k; i++) all |= digitset_of(values[i]);
    for (int e = 0; e < a->nexcluders; e++)
        if (!(a->excluders[e] & ~all)) return 0;
    return 1;
}

/* 1 when the choice values, fixed for cell `fixed`, can be completed from
 * cell i on into a possible one; that one's candidates are then used. */
static int choice_complete(struct aligned *a, int fixed, int i, int *values)
{
    if (i == fixed) return choice_complete(a, fixed, i + 1, values);
    if (i == a->k) {
        if (!choice_possible(a, values)) return 0;
        for (int j = 0; j < a->k; j++) a->used[j] |= digitset_of(values[j]);
        return 1;
    }
    for (digitset ds = a->h->cand[a->cells[i]]; ds; ds = digitset_rest(ds)) {
        int v = digitset_first(ds), clash = 0;
        for (int j = 0; j < a->k; j++)
            clash |= (j < i || j == fixed) && j != i && a->sees[i][j] && values[j] == v;
        if (clash) continue;
        values[i] = v;
        if (choice_complete(a, fixed, i + 1, values)) return 1;
    }
    return 0;
}

/* Asks, for every candidate no possible choice has used yet, for one that
 * does; those left unused are false. 1 when some are. */
static int choices_leave_some(struct aligned *a)
{
    int values[ALIGNED_MAX], left = 0;
    for (int i = 0; i < a->k; i++) {
        digitset open = a->h->cand[a->cells[i]];
        for (digitset ds = open & ~a->used[i]; ds; ds = digitset_rest(ds)) {
            values[i] = digitset_first(ds);
            if (a->used[i] & digitset_of(values[i])) continue;
            left |= !choice_complete(a, i, 0, values);
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

/* 1 when every base cell has k digits in no excluder: then each
 * candidate has a choice of free digits, and nothing can go. */
static int aligned_roomy(struct aligned *a)
{
    a->held = 0;
    for (int e = 0; e < a->nexcluders; e++) a->held |= a->excluders[e];
    for (int i = 0; i < a->k; i++)
        if (digitset_count(a->h->cand[a->cells[i]] & ~a->held) < a->k) return 0;
    return 1;
}

/* 1 when a digit of x and one of y can be picked, different ones when
 * apart is set. */
static int pick_two(digitset x, digitset y, int apart)
{
    return x && y && !(apart && x == y && !(x & (x - 1)));
}

/* Marks used each candidate v of base cell i that a choice is seen to
 * use at once. An excluder within a choice holds one of its digits
 * besides v, so a choice is possible when the others' digits are free
 * (in no excluder but as v), or (for triples) one is free and the other
 * is in no excluder {v, u}. For pairs that is the whole test. 1 when
 * some candidate is left to ask about. */
static int aligned_free_choices(struct aligned *a)
{
    digitset held = a->held;
    int left = 0;
    for (digitset ds = held; ds; ds = digitset_rest(ds)) a->pairs[digitset_first(ds)] = 0;
    for (int e = 0; e < a->nexcluders; e++) {
        digitset x = a->excluders[e];
        if (digitset_count(x) != 2) continue;
        a->pairs[digitset_first(x)] |= x;
        a->pairs[digitset_first(digitset_rest(x))] |= x;
    }
    for (int i = 0; i < a->k; i++) {
        int j = (i + 1) % a->k, l = (i + 2) % a->k;
        for (digitset ds = a->h->cand[a->cells[i]]; ds; ds = digitset_rest(ds)) {
            int d = digitset_first(ds);
            digitset v = digitset_of(d), paired = held & v ? a->pairs[d] & ~v : 0;
            digitset cj = a->h->cand[a->cells[j]] & ~(a->sees[i][j] ? v : 0);
            digitset fj = cj & ~(held & ~v), oj = cj & ~paired;
            int ok = oj != 0;
            if (a->k == 3) {
                digitset cl = a->h->cand[a->cells[l]] & ~(a->sees[i][l] ? v : 0);
                digitset fl = cl & ~(held & ~v), ol = cl & ~paired;
                ok = pick_two(fj, ol, a->sees[j][l]) || pick_two(oj, fl, a->sees[j][l]);
            }
            if (ok)
                a->used[i] |= v;
            else
                left |= a->k == 3;
        }
    }
    return left;
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
 * the last: fills the excluders, 0 when first (and second, unless it is
 * negative) are not the first excluders (the base is tried from those). */
static int aligned_excluders(struct aligned *a, const struct cellset *common0, int first,
                             int second)
{
    const struct human_layout *lay = a->h->lay;
    const struct cellset *last = &lay->peers[a->cells[a->k - 1]];
    int n = 0;
    if (!aligned_touched(a, common0)) return 0;
    for (int w = 0; w < lay->words; w++)
        for (uint64_t bits = common0->w[w] & last->w[w]; bits; bits &= bits - 1) {
            int c = w * 64 + __builtin_ctzll(bits);
            if ((n == 0 && c != first) || (n == 1 && second >= 0 && c != second)) return 0;
            a->excluders[n++] = a->h->cand[c];
        }
    a->nexcluders = n;
    return n > (second >= 0);
}

/* Tries the base a->cells; 1 when it removes something. */
static int aligned_try(struct aligned *a, const struct cellset *common, int first, int second,
                       struct step *out)
{
    const struct human_layout *lay = a->h->lay;
    if (!aligned_excluders(a, common, first, second) || aligned_roomy(a)) return 0;
    for (int i = 0; i < a->k; i++) {
        a->used[i] = 0;
        for (int j = 0; j < i; j++)
            a->sees[i][j] = a->sees[j][i] = human_sees(lay, a->cells[i], a->cells[j]);
    }
    int left = aligned_free_choices(a);
    if (left && !choices_leave_some(a)) return 0;
    return aligned_step(a, out);
}

/* The cells holding two candidates or more that see every cell of in. */
static int aligned_open_peers(const struct human *h, const struct cellset *in, int *open)
{
    const struct human_layout *lay = h->lay;
    int n = 0;
    for (int w = 0; w < lay->words; w++)
        for (uint64_t bits = in->w[w]; bits; bits &= bits - 1) {
            int c = w * 64 + __builtin_ctzll(bits);
            if (h->cand[c] & (h->cand[c] - 1)) open[n++] = c;
        }
    return n;
}

/* 1 when only a change to the last base cell can make the base worth
 * trying (aligned_touched): neither the cells chosen so far nor the small
 * cells seeing them (where every excluder lies) have changed. */
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

/* Aligned pairs: two cells that see each other (cells apart may take one
 * digit, which no excluder forbids), from their first excluder e. */
static int aligned_pairs(struct aligned *a, const struct cellset *small, int e, struct step *out)
{
    const struct human_layout *lay = a->h->lay;
    struct cellset common;
    int open[SL_MAX_CELLS], n = aligned_open_peers(a->h, &lay->peers[e], open);
    for (int x = 0; x < n; x++) {
        a->cells[0] = open[x];
        cellset_and(lay, small, &lay->peers[open[x]], &common);
        int quiet = aligned_quiet(a, 1, &common);
        for (int y = x + 1; y < n; y++) {
            if (!human_sees(lay, open[x], open[y])) continue;
            if (quiet && !cellset_has(a->changed, open[y])) continue;
            a->cells[1] = open[y];
            if (aligned_try(a, &common, e, -1, out)) return 1;
        }
    }
    return 0;
}

/* Aligned triples: three cells with two excluders at least (one cannot
 * forbid enough), from their first two, e and f, and two of the cells
 * seeing each other. */
static int aligned_triples(struct aligned *a, const struct cellset *small, int e, int f,
                           struct step *out)
{
    const struct human_layout *lay = a->h->lay;
    struct cellset both, common_x, common;
    int open[SL_MAX_CELLS];
    if (!cellset_and(lay, &lay->peers[e], &lay->peers[f], &both)) return 0;
    int n = aligned_open_peers(a->h, &both, open);
    for (int x = 0; x < n; x++) {
        a->cells[0] = open[x];
        cellset_and(lay, small, &lay->peers[open[x]], &common_x);
        for (int y = x + 1; y < n; y++) {
            int see_xy = human_sees(lay, open[x], open[y]);
            a->cells[1] = open[y];
            cellset_and(lay, &common_x, &lay->peers[open[y]], &common);
            int quiet = aligned_quiet(a, 2, &common);
            for (int z = y + 1; z < n; z++) {
                if (!see_xy && !human_sees(lay, open[x], open[z]) &&
                    !human_sees(lay, open[y], open[z]))
                    continue;
                if (quiet && !cellset_has(a->changed, open[z])) continue;
                a->cells[2] = open[z];
                if (aligned_try(a, &common, e, f, out)) return 1;
            }
        }
    }
    return 0;
}

int find_aligned_exclusion_since(const struct human *h, int param, const struct cellset *changed,
                                 struct step *out)
{
    const struct human_layout *lay = h->lay;
    struct aligned a = {.h = h, .changed = changed, .k = param};
    struct cellset small;
    cellset_clear(&small);
    for (int c = 0; c < lay->ncells; c++)
        if (digitset_count(h->cand[c]) >= 2 && digitset_count(h->cand[c]) <= param)
            cellset_add(&small, c);
    for (int e = cellset_next(lay, &small, 0); e >= 0; e = cellset_next(lay, &small, e + 1)) {
        if (param == 2 && aligned_pairs(&a, &small, e, out)) return 1;
        for (int f = e + 1; param == 3 && (f = cellset_next(lay, &small, f)) >= 0; f++)
            if (aligned_triples(&a, &small, e, f, out)) return 1;
    }
    return 0;
}

int find_aligned_exclusion(const struct human *h, int param, struct step *out)
{
    return find_aligned_exclusion_since(h, param, NULL, out);
}
