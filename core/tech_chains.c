/*
 * tech_chains.c — alternating inference chains: X-chain (param 0),
 * XY-chain (param 1) and the general AIC (param 2).
 *
 * A node is a candidate: a digit in an open cell. Two nodes are strongly
 * linked when at least one is true: the two candidates of a bivalue cell,
 * or the two places of a digit in a house that has just two. They are
 * weakly linked when at most one is true: two digits of one cell, or one
 * digit in two cells that see each other. A chain alternates the two,
 * strong first and last: if its first node is off, the strong link makes
 * the next one on, the weak link the one after off, and so on to the last
 * node, which is on. So one of the two ends is true, and every candidate
 * weakly linked to both ends is false.
 *
 * The X-chain walks one digit (bilocal houses, cells seeing each other),
 * the XY-chain bivalue cells (the strong link inside the cell, the weak
 * one between cells on the same digit, both ends the same digit), the AIC
 * any candidate through any link. When the two ends of the chain are
 * weakly linked themselves the chain closes into a loop (X-cycle, nice
 * loop): each weak link of the loop then holds one true node too, and the
 * candidates weakly linked to both of its nodes go as well.
 *
 * The rater wants the easiest step, and chains rate by length, so the
 * search is breadth first from every start node, over sets of nodes (one
 * cell set per digit), and keeps only chains shorter than the best so far.
 * Breadth first, a node may come back with the other polarity; every link
 * is still a sound implication, so the ends still hold.
 */
#include <string.h>

#include "technique.h"

enum chain_kind { CHAIN_X = 0, CHAIN_XY = 1, CHAIN_AIC = 2 };

#define CHAIN_MIN_LINKS 3  /* strong, weak, strong */
#define CHAIN_MAX_LINKS 20 /* loops included; open chains stop at 19 */
#define NODE_WORDS (SL_MAX_SIZE * HUMAN_CELL_WORDS)

/* A set of candidates: one cell set per digit, `stride` words each. */
struct nodeset {
    uint64_t w[NODE_WORDS];
};

struct chain_node {
    int cell, digit;
};

struct chain_search {
    const struct human *h;
    const struct human_layout *lay;
    int kind, stride, nwords;
    int lo, hi; /* the words in play: one digit's for an X-chain, else all */
    int16_t pair[SL_MAX_UNITS * SL_MAX_SIZE]; /* [house, digit - 1]: its two places xor'ed, or -1 */
    struct nodeset cands;                     /* every candidate */
    struct nodeset allowed;                   /* the nodes this kind of chain walks */
    struct nodeset level[CHAIN_MAX_LINKS + 1]; /* level[k]: nodes first reached by k links */
    struct nodeset seen[2];                    /* reached off (0) or on (1) */
    struct nodeset targets;                    /* ends whose weak links meet the start's */
};

/* --- node sets --------------------------------------------------------- */

static void nodes_clear(const struct chain_search *cs, struct nodeset *s)
{
    memset(s->w + cs->lo, 0, (size_t)(cs->hi - cs->lo) * sizeof s->w[0]);
}

static void nodes_add(const struct chain_search *cs, struct nodeset *s, int cell, int digit)
{
    s->w[(digit - 1) * cs->stride + (cell >> 6)] |= UINT64_C(1) << (cell & 63);
}

static int nodes_has(const struct chain_search *cs, const struct nodeset *s, int cell, int digit)
{
    return (int)((s->w[(digit - 1) * cs->stride + (cell >> 6)] >> (cell & 63)) & 1);
}

static int nodes_count(const struct chain_search *cs, const struct nodeset *s)
{
    int n = 0;
    for (int i = cs->lo; i < cs->hi; i++) n += __builtin_popcountll(s->w[i]);
    return n;
}

/* out = a & b; returns 1 when not empty. */
static int nodes_and(const struct chain_search *cs, const struct nodeset *a,
                     const struct nodeset *b, struct nodeset *out)
{
    uint64_t any = 0;
    for (int i = cs->lo; i < cs->hi; i++) any |= out->w[i] = a->w[i] & b->w[i];
    return any != 0;
}

/* Walks the words in play of a node set: 1 while node is filled. */
struct nodes_iter {
    int word, end, digit, base; /* base: the first word of digit's cells */
    uint64_t bits;
};
static struct nodes_iter nodes_begin(const struct chain_search *cs)
{
    int digit = cs->lo / cs->stride + 1;
    return (struct nodes_iter){cs->lo - 1, cs->hi, digit, (digit - 1) * cs->stride, 0};
}
static int nodes_next(const struct chain_search *cs, const struct nodeset *s, struct nodes_iter *it,
                      struct chain_node *node)
{
    while (!it->bits) {
        if (++it->word >= it->end) return 0;
        it->bits = s->w[it->word];
    }
    while (it->word >= it->base + cs->stride) it->base += cs->stride, it->digit++;
    node->cell = (it->word - it->base) * 64 + __builtin_ctzll(it->bits);
    node->digit = it->digit;
    it->bits &= it->bits - 1;
    return 1;
}

/* The first node of s (digit, then cell order); 0 when s is empty. */
static int nodes_first(const struct chain_search *cs, const struct nodeset *s,
                       struct chain_node *node)
{
    struct nodes_iter it = nodes_begin(cs);
    return nodes_next(cs, s, &it, node);
}

/* --- links ------------------------------------------------------------- */

/* Adds the nodes strongly linked to (cell, digit): this one off makes
 * them on. The links are symmetric. */
static void add_strong(const struct chain_search *cs, struct chain_node n, struct nodeset *out)
{
    const struct human_layout *lay = cs->lay;
    digitset cand = cs->h->cand[n.cell];
    if (cs->kind != CHAIN_X && digitset_count(cand) == 2)
        nodes_add(cs, out, n.cell, digitset_first(cand & ~digitset_of(n.digit)));
    if (cs->kind == CHAIN_XY) return;
    for (int i = 0; i < lay->ncell_houses[n.cell]; i++) {
        int pair = cs->pair[lay->cell_houses[n.cell][i] * lay->size + n.digit - 1];
        if (pair >= 0) nodes_add(cs, out, pair ^ n.cell, n.digit);
    }
}

/* Adds the nodes weakly linked to (cell, digit): this one on makes them
 * off. `all`: every weak link between candidates (for removals), else
 * only those this kind of chain walks. */
static void add_weak(const struct chain_search *cs, struct chain_node n, int all,
                     struct nodeset *out)
{
    const struct nodeset *mask = all ? &cs->cands : &cs->allowed;
    int base = (n.digit - 1) * cs->stride;
    const uint64_t *peers = cs->lay->peers[n.cell].w;
    for (int i = 0; i < cs->stride; i++) out->w[base + i] |= peers[i] & mask->w[base + i];
    if (!all && cs->kind != CHAIN_AIC) return;
    digitset rest = cs->h->cand[n.cell] & ~digitset_of(n.digit);
    for (; rest; rest = digitset_rest(rest)) nodes_add(cs, out, n.cell, digitset_first(rest));
}

/* The candidates weakly linked to both a and b. */
static void common_weak(const struct chain_search *cs, struct chain_node a, struct chain_node b,
                        struct nodeset *out)
{
    struct nodeset of_b;
    nodes_clear(cs, out);
    nodes_clear(cs, &of_b);
    add_weak(cs, a, 1, out);
    add_weak(cs, b, 1, &of_b);
    nodes_and(cs, out, &of_b, out);
}

/* --- breadth-first search ---------------------------------------------- */

/* The houses where a digit has just two places: pair[] holds them. */
static void chain_pairs(struct chain_search *cs)
{
    const struct human_layout *lay = cs->lay;
    uint8_t count[SL_MAX_SIZE + 1];
    int16_t both[SL_MAX_SIZE + 1];
    for (int house = 0; house < lay->nhouses; house++) {
        memset(count, 0, sizeof count);
        memset(both, 0, sizeof both);
        for (int k = 0; k < lay->size; k++) {
            int cell = lay->house_cells[house][k];
            for (digitset ds = cs->h->cand[cell]; ds; ds = digitset_rest(ds))
                count[digitset_first(ds)]++, both[digitset_first(ds)] ^= (int16_t)cell;
        }
        for (int d = 1; d <= lay->size; d++)
            cs->pair[house * lay->size + d - 1] = count[d] == 2 ? both[d] : -1;
    }
}

static void chain_setup(struct chain_search *cs, const struct human *h, int kind)
{
    cs->h = h;
    cs->lay = h->lay;
    cs->kind = kind;
    cs->stride = h->lay->words;
    cs->nwords = h->lay->size * cs->stride;
    cs->lo = 0;
    cs->hi = cs->nwords;
    nodes_clear(cs, &cs->cands);
    nodes_clear(cs, &cs->allowed);
    for (int c = 0; c < h->lay->ncells; c++)
        for (digitset ds = h->cand[c]; ds; ds = digitset_rest(ds)) {
            nodes_add(cs, &cs->cands, c, digitset_first(ds));
            if (kind != CHAIN_XY || digitset_count(h->cand[c]) == 2)
                nodes_add(cs, &cs->allowed, c, digitset_first(ds));
        }
    if (kind != CHAIN_XY) chain_pairs(cs);
}

/* Builds level[k] from level[k - 1]: odd levels are reached through a
 * strong link (on), even ones through a weak link (off). 1 when not empty. */
static int chain_grow(struct chain_search *cs, int k)
{
    int on = k & 1;
    struct nodeset *next = &cs->level[k];
    uint64_t any = 0;
    nodes_clear(cs, next);
    struct nodes_iter it = nodes_begin(cs);
    struct chain_node node;
    while (nodes_next(cs, &cs->level[k - 1], &it, &node))
        if (on)
            add_strong(cs, node, next);
        else
            add_weak(cs, node, 0, next);
    for (int i = cs->lo; i < cs->hi; i++) {
        next->w[i] &= cs->allowed.w[i] & ~cs->seen[on].w[i];
        cs->seen[on].w[i] |= next->w[i];
        any |= next->w[i];
    }
    return any != 0;
}

/* The ends that would remove something with start: every node weakly
 * linked to some candidate the start is weakly linked to. */
static void chain_targets(struct chain_search *cs, struct chain_node start)
{
    struct nodeset near;
    nodes_clear(cs, &near);
    add_weak(cs, start, 1, &near);
    nodes_clear(cs, &cs->targets);
    struct nodes_iter it = nodes_begin(cs);
    struct chain_node node;
    while (nodes_next(cs, &near, &it, &node)) add_weak(cs, node, 1, &cs->targets);
    if (cs->kind == CHAIN_AIC) return;
    /* X- and XY-chains end on the start's digit. */
    int keep = (start.digit - 1) * cs->stride;
    for (int i = cs->lo; i < cs->hi; i++)
        if (i < keep || i >= keep + cs->stride) cs->targets.w[i] = 0;
}

/* The shortest chain from start (off) to an end that removes something,
 * of at most max_links links: its length (end filled), or 0. */
static int chain_from(struct chain_search *cs, struct chain_node start, int max_links,
                      struct chain_node *end)
{
    struct nodeset hit;
    nodes_clear(cs, &cs->level[0]);
    nodes_clear(cs, &cs->seen[0]);
    nodes_clear(cs, &cs->seen[1]);
    nodes_add(cs, &cs->level[0], start.cell, start.digit);
    nodes_add(cs, &cs->seen[0], start.cell, start.digit);
    nodes_add(cs, &cs->seen[1], start.cell, start.digit);
    for (int k = 1; k <= max_links; k++) {
        if (!chain_grow(cs, k)) return 0;
        if (k < CHAIN_MIN_LINKS || !(k & 1)) continue;
        if (k == CHAIN_MIN_LINKS) chain_targets(cs, start);
        if (nodes_and(cs, &cs->level[k], &cs->targets, &hit) && nodes_first(cs, &hit, end))
            return k;
    }
    return 0;
}

/* --- the step ---------------------------------------------------------- */

/* Walks back from end (level k) to the start: path[0..k]. */
static void chain_path(struct chain_search *cs, struct chain_node end, int k,
                       struct chain_node *path)
{
    struct nodeset back;
    path[k] = end;
    for (int j = k; j > 0; j--) {
        nodes_clear(cs, &back);
        if (j & 1)
            add_strong(cs, path[j], &back);
        else
            add_weak(cs, path[j], 0, &back);
        nodes_and(cs, &back, &cs->level[j - 1], &back);
        nodes_first(cs, &back, &path[j - 1]);
    }
}

/* Adds the removals of a loop's weak links (path[j], path[j + 1]) for
 * odd j; the closing link (path[k], path[0]) is the chain's own. */
static void loop_removals(struct chain_search *cs, const struct chain_node *path, int k,
                          struct nodeset *removed)
{
    struct nodeset more;
    for (int j = 1; j + 1 < k; j += 2) {
        common_weak(cs, path[j], path[j + 1], &more);
        for (int i = cs->lo; i < cs->hi; i++) removed->w[i] |= more.w[i];
    }
}

static void step_removals(const struct chain_search *cs, const struct nodeset *removed,
                          struct step *out)
{
    struct cellset cells;
    cellset_clear(&cells);
    for (int i = cs->lo; i < cs->hi; i++) cells.w[i % cs->stride] |= removed->w[i];
    out->nelims = 0;
    for (int c = cellset_next(cs->lay, &cells, 0); c >= 0;
         c = cellset_next(cs->lay, &cells, c + 1)) {
        digitset digits = 0;
        for (int d = 1; d <= cs->lay->size; d++)
            if (nodes_has(cs, removed, c, d)) digits |= digitset_of(d);
        if (out->nelims < STEP_MAX_ELIMS)
            out->elims[out->nelims++] = (struct step_elim){(uint16_t)c, digits};
    }
}

/* Fills out with the chain from start to end (k links), closed into a
 * loop when the ends are weakly linked and the loop removes more. */
static void chain_step(struct chain_search *cs, struct chain_node start, struct chain_node end,
                       int k, double base, struct step *out)
{
    struct chain_node path[CHAIN_MAX_LINKS + 1];
    struct nodeset removed, loop, closing;
    chain_path(cs, end, k, path);
    common_weak(cs, start, end, &removed);
    nodes_clear(cs, &closing);
    add_weak(cs, end, 0, &closing);
    int links = k;
    if (k < CHAIN_MAX_LINKS && nodes_has(cs, &closing, start.cell, start.digit)) {
        loop = removed;
        loop_removals(cs, path, k, &loop);
        if (nodes_count(cs, &loop) > nodes_count(cs, &removed)) removed = loop, links = k + 1;
    }
    out->nnodes = 0;
    out->digits = 0;
    for (int j = 0; j <= links && j < STEP_MAX_NODES; j++) {
        struct chain_node n = path[j <= k ? j : 0];
        out->nodes[out->nnodes++] =
            (struct step_node){(uint16_t)n.cell, (uint8_t)n.digit, (uint8_t)(j & 1)};
        out->digits |= digitset_of(n.digit);
    }
    step_removals(cs, &removed, out);
    out->rating = base + technique_length_rating(links);
}

/* Tries every start node, each search bounded by the best chain so far,
 * so the step kept is a shortest chain that removes something. */
int find_chain(const struct human *h, int param, struct step *out)
{
    struct chain_search cs;
    struct nodes_iter it;
    struct chain_node start, end;
    double base = out->rating;
    int found = 0, max_links = CHAIN_MAX_LINKS - 1;
    chain_setup(&cs, h, param);
    it = nodes_begin(&cs);
    while (max_links >= CHAIN_MIN_LINKS && nodes_next(&cs, &cs.allowed, &it, &start)) {
        if (param == CHAIN_X) /* one digit: only its words */
            cs.lo = (start.digit - 1) * cs.stride, cs.hi = cs.lo + cs.stride;
        int k = chain_from(&cs, start, max_links, &end);
        if (!k) continue;
        chain_step(&cs, start, end, k, base, out);
        found = 1;
        max_links = k - 2;
    }
    return found;
}
