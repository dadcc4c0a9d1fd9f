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
 * search is breadth first from every start node (a queue of nodes with
 * their parents; the nodes seen as sets, one cell set per digit) and looks
 * only for chains shorter than the best so far. Breadth first, a node may
 * come back with the other polarity; every link is still a sound
 * implication, so the ends still hold.
 */
#include <string.h>

#include "technique.h"

enum chain_kind { CHAIN_X = 0, CHAIN_XY = 1, CHAIN_AIC = 2 };

#define CHAIN_MIN_LINKS 3  /* strong, weak, strong */
#define CHAIN_MAX_LINKS 20 /* loops included; open chains stop at 19 */
#define NODE_WORDS (SL_MAX_SIZE * HUMAN_CELL_WORDS)
#define CHAIN_MAX_STATES (2 * SL_MAX_CELLS * SL_MAX_SIZE) /* each node off and on */

/* A set of candidates: one cell set per digit, `stride` words each. */
struct nodeset {
    uint64_t w[NODE_WORDS];
};

struct chain_node {
    int cell, digit;
};

/* A node the search reached, and the state it came from. */
struct chain_state {
    uint16_t node; /* cell << 5 | digit */
    uint16_t parent;
};

struct chain_search {
    const struct human *h;
    const struct human_layout *lay;
    int kind, stride, nwords;
    int lo, hi; /* the words in play: one digit's for an X-chain, else all */
    int16_t pair[SL_MAX_UNITS * SL_MAX_SIZE]; /* [house, digit - 1]: its two places xor'ed, or -1 */
    struct nodeset cands;                     /* every candidate */
    struct nodeset allowed;                   /* the nodes this kind of chain walks */
    struct nodeset seen[2];                   /* reached off (0) or on (1) */
    int nstates, level_end[CHAIN_MAX_LINKS + 1]; /* level k: states up to level_end[k] */
    struct chain_state state[CHAIN_MAX_STATES];
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
static inline int nodes_next(const struct chain_search *cs, const struct nodeset *s,
                             struct nodes_iter *it, struct chain_node *node)
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

/* --- links ------------------------------------------------------------- */

static struct chain_node state_node(const struct chain_search *cs, int index)
{
    return (struct chain_node){cs->state[index].node >> 5, cs->state[index].node & 31};
}

/* Queues (cell, digit), a node, reached from state `parent` with
 * polarity `on`, when it was not reached that way yet. */
static inline void chain_push_node(struct chain_search *cs, int on, int cell, int digit, int parent)
{
    uint64_t *word = &cs->seen[on].w[(digit - 1) * cs->stride + (cell >> 6)];
    uint64_t bit = UINT64_C(1) << (cell & 63);
    if (*word & bit) return;
    *word |= bit;
    cs->state[cs->nstates++] =
        (struct chain_state){(uint16_t)(cell << 5 | digit), (uint16_t)parent};
}

/* As chain_push_node, for any candidate (nothing when it is no node). */
static void chain_push(struct chain_search *cs, int on, int cell, int digit, int parent)
{
    if (nodes_has(cs, &cs->allowed, cell, digit)) chain_push_node(cs, on, cell, digit, parent);
}

/* Queues the nodes strongly linked to state index (off): they are on
 * (both ends of a strong link are nodes). */
static void expand_strong(struct chain_search *cs, int index)
{
    const struct human_layout *lay = cs->lay;
    struct chain_node n = state_node(cs, index);
    digitset cand = cs->h->cand[n.cell];
    if (cs->kind != CHAIN_X && digitset_count(cand) == 2)
        chain_push_node(cs, 1, n.cell, digitset_first(cand & ~digitset_of(n.digit)), index);
    if (cs->kind == CHAIN_XY) return;
    const int16_t *pairs = cs->pair + n.digit - 1;
    for (int i = 0; i < lay->ncell_houses[n.cell]; i++) {
        int pair = pairs[lay->cell_houses[n.cell][i] * lay->size];
        if (pair >= 0) chain_push_node(cs, 1, pair ^ n.cell, n.digit, index);
    }
}

/* Queues the nodes weakly linked to state index (on): they are off. The
 * same digit in the cells it sees, a word at a time; an AIC also takes
 * the cell's other digits. */
static void expand_weak(struct chain_search *cs, int index)
{
    struct chain_node n = state_node(cs, index);
    int base = (n.digit - 1) * cs->stride;
    const uint64_t *peers = cs->lay->peers[n.cell].w;
    for (int i = 0; i < cs->stride; i++) {
        uint64_t *seen = &cs->seen[0].w[base + i];
        uint64_t bits = peers[i] & cs->allowed.w[base + i] & ~*seen;
        *seen |= bits;
        for (; bits; bits &= bits - 1) {
            int cell = i * 64 + __builtin_ctzll(bits);
            cs->state[cs->nstates++] =
                (struct chain_state){(uint16_t)(cell << 5 | n.digit), (uint16_t)index};
        }
    }
    if (cs->kind != CHAIN_AIC) return;
    digitset rest = cs->h->cand[n.cell] & ~digitset_of(n.digit);
    for (; rest; rest = digitset_rest(rest)) chain_push(cs, 0, n.cell, digitset_first(rest), index);
}

/* 1 when a chain of this kind may link a and b weakly. */
static int weakly_linked(const struct chain_search *cs, struct chain_node a, struct chain_node b)
{
    if (a.cell == b.cell) return cs->kind == CHAIN_AIC && a.digit != b.digit;
    return a.digit == b.digit && human_sees(cs->lay, a.cell, b.cell);
}

/* Adds every candidate weakly linked to (cell, digit), for removals (an
 * X-chain's words hold its digit only). */
static void add_weak(const struct chain_search *cs, struct chain_node n, struct nodeset *out)
{
    int base = (n.digit - 1) * cs->stride;
    const uint64_t *peers = cs->lay->peers[n.cell].w;
    for (int i = 0; i < cs->stride; i++) out->w[base + i] |= peers[i] & cs->cands.w[base + i];
    if (cs->kind == CHAIN_X) return;
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
    add_weak(cs, a, out);
    add_weak(cs, b, &of_b);
    nodes_and(cs, out, &of_b, out);
}

/* --- breadth-first search ---------------------------------------------- */

/* The houses where a digit has just two places: pair[] holds them, and
 * both places may be nodes. */
static void chain_pairs(struct chain_search *cs)
{
    const struct human_layout *lay = cs->lay;
    for (int house = 0; house < lay->nhouses; house++)
        for (int d = 1; d <= lay->size; d++) {
            int16_t *pair = &cs->pair[house * lay->size + d - 1];
            int a, b;
            *pair = -1;
            if (!human_place_pair(cs->h, house, d, &a, &b)) continue;
            *pair = (int16_t)(a ^ b);
            nodes_add(cs, &cs->allowed, a, d);
            nodes_add(cs, &cs->allowed, b, d);
        }
}

/* The candidates, and the nodes: those with a strong link of this kind
 * (a node without one ends every chain through it). */
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
            if (kind != CHAIN_X && digitset_count(h->cand[c]) == 2)
                nodes_add(cs, &cs->allowed, c, digitset_first(ds));
        }
    if (kind != CHAIN_XY) chain_pairs(cs);
}

/* 1 when some candidate is weakly linked to both a and b (a != b). */
static int ends_remove(const struct chain_search *cs, struct chain_node a, struct chain_node b)
{
    const digitset *cand = cs->h->cand;
    if (a.cell == b.cell) return digitset_count(cand[a.cell]) > 2;
    if (a.digit != b.digit)
        return human_sees(cs->lay, a.cell, b.cell) &&
               ((cand[a.cell] & digitset_of(b.digit)) || (cand[b.cell] & digitset_of(a.digit)));
    const uint64_t *places = cs->cands.w + (a.digit - 1) * cs->stride;
    const uint64_t *pa = cs->lay->peers[a.cell].w, *pb = cs->lay->peers[b.cell].w;
    for (int i = 0; i < cs->stride; i++)
        if (pa[i] & pb[i] & places[i]) return 1;
    return 0;
}

/* Queues level k from level k - 1: odd levels are reached through a
 * strong link (on), even ones through a weak link (off). 1 when not empty. */
static int chain_grow(struct chain_search *cs, int k)
{
    int from = k >= 2 ? cs->level_end[k - 2] : 0;
    for (int i = from; i < cs->level_end[k - 1]; i++)
        if (k & 1)
            expand_strong(cs, i);
        else
            expand_weak(cs, i);
    cs->level_end[k] = cs->nstates;
    return cs->nstates > cs->level_end[k - 1];
}

/* The shortest chain from start (off) to an end that removes something,
 * of at most max_links links: its length (*end its state), or 0. X- and
 * XY-chains end on the start's digit, an AIC on any. */
static int chain_from(struct chain_search *cs, struct chain_node start, int max_links, int *end)
{
    nodes_clear(cs, &cs->seen[0]);
    nodes_clear(cs, &cs->seen[1]);
    nodes_add(cs, &cs->seen[0], start.cell, start.digit);
    nodes_add(cs, &cs->seen[1], start.cell, start.digit);
    cs->state[0] = (struct chain_state){(uint16_t)(start.cell << 5 | start.digit), 0};
    cs->nstates = cs->level_end[0] = 1;
    for (int k = 1; k <= max_links; k++) {
        if (!chain_grow(cs, k)) return 0;
        if (k < CHAIN_MIN_LINKS || !(k & 1)) continue;
        for (*end = cs->level_end[k - 1]; *end < cs->level_end[k]; ++*end) {
            struct chain_node n = state_node(cs, *end);
            if ((cs->kind == CHAIN_AIC || n.digit == start.digit) && ends_remove(cs, start, n))
                return k;
        }
    }
    return 0;
}

/* --- the step ---------------------------------------------------------- */

/* Walks back from state end (level k) to the start: path[0..k]. */
static void chain_path(const struct chain_search *cs, int end, int k, struct chain_node *path)
{
    for (int j = k; j >= 0; j--, end = cs->state[end].parent) path[j] = state_node(cs, end);
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
        for (int d = cs->lo / cs->stride + 1; d <= cs->hi / cs->stride; d++)
            if (nodes_has(cs, removed, c, d)) digits |= digitset_of(d);
        if (out->nelims < STEP_MAX_ELIMS)
            out->elims[out->nelims++] = (struct step_elim){(uint16_t)c, digits};
    }
}

/* Fills out with the chain from start to end (k links), closed into a
 * loop when the ends are weakly linked and the loop removes more. */
static void chain_step(struct chain_search *cs, int end, int k, double base, struct step *out)
{
    struct chain_node path[CHAIN_MAX_LINKS + 1];
    struct nodeset removed, loop;
    chain_path(cs, end, k, path);
    common_weak(cs, path[0], path[k], &removed);
    int links = k;
    if (k < CHAIN_MAX_LINKS && weakly_linked(cs, path[k], path[0])) {
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

/* --- told what changed ------------------------------------------------
 * Between two states of one grid candidates only go: a link between two
 * candidates still there is still there, and strong links only appear (a
 * house down to two places of a digit, a cell down to two digits). So
 * when the search found nothing in an earlier state, a start whose search
 * now meets no new strong link finds nothing again: each of its walks was
 * a walk then, each end reached no sooner, removing no more. Only the
 * starts from which an end of a new strong link can be reached off are
 * searched: those found walking back from those ends (a weak link first,
 * then a strong one, and so on). */

/* The ends of the strong links that may be new: both places of a digit
 * in a house where a changed cell no longer holds it, now down to two;
 * both digits of a changed cell now down to two. */
static void chain_new_ends(struct chain_search *cs, const struct changes *changed,
                           struct nodeset *ends)
{
    const struct human *h = cs->h;
    const struct human_layout *lay = cs->lay;
    uint8_t touched[HUMAN_MAX_HOUSES];
    nodes_clear(cs, ends);
    for (int d = 1; cs->kind != CHAIN_XY && d <= lay->size; d++) {
        digit_houses_touched(h, d, changed, touched);
        for (int house = 0; house < lay->nhouses; house++) {
            if (!touched[house] || cs->pair[house * lay->size + d - 1] < 0) continue;
            for (uint32_t places = human_places(h, house, d); places; places &= places - 1)
                nodes_add(cs, ends, lay->house_cells[house][__builtin_ctz(places)], d);
        }
    }
    for (int w = 0; cs->kind != CHAIN_X && w < lay->words; w++)
        for (uint64_t bits = changed->cells.w[w]; bits; bits &= bits - 1) {
            int c = w * 64 + __builtin_ctzll(bits);
            if (digitset_count(h->cand[c]) != 2) continue;
            for (digitset ds = h->cand[c]; ds; ds = digitset_rest(ds))
                nodes_add(cs, ends, c, digitset_first(ds));
        }
}

/* The starts worth a search: walking back from ends, with the search's
 * own links (seen[1] is reached through a strong link, or an end). */
static void chain_reach_back(struct chain_search *cs, const struct nodeset *ends,
                             struct nodeset *starts)
{
    struct nodes_iter it = nodes_begin(cs);
    struct chain_node n;
    nodes_clear(cs, &cs->seen[0]);
    nodes_clear(cs, &cs->seen[1]);
    cs->nstates = 0;
    while (nodes_next(cs, ends, &it, &n)) chain_push(cs, 1, n.cell, n.digit, 0);
    for (int from = 0, weak = 1; from < cs->nstates; weak = !weak) {
        int to = cs->nstates;
        for (; from < to; from++) weak ? expand_weak(cs, from) : expand_strong(cs, from);
    }
    *starts = cs->seen[1];
}

/* Tries every start node (of `starts`, when given), each search bounded
 * by the best chain so far, so the step kept is a shortest chain that
 * removes something. */
static int chain_search_all(struct chain_search *cs, int param, const struct nodeset *starts,
                            struct step *out)
{
    struct nodes_iter it;
    struct chain_node start;
    double base = out->rating;
    int kind = cs->kind;
    /* param 3: an X-chain of three strong links (five links) at most */
    int end, found = 0, max_links = param == 3 ? 5 : CHAIN_MAX_LINKS - 1;
    it = nodes_begin(cs);
    while (max_links >= CHAIN_MIN_LINKS && nodes_next(cs, &cs->allowed, &it, &start)) {
        if (starts && !nodes_has(cs, starts, start.cell, start.digit)) continue;
        if (kind == CHAIN_X) /* one digit: only its words */
            cs->lo = (start.digit - 1) * cs->stride, cs->hi = cs->lo + cs->stride;
        int k = chain_from(cs, start, max_links, &end);
        if (!k) continue;
        chain_step(cs, end, k, base, out);
        found = 1;
        max_links = k - 2;
    }
    return found;
}

int find_chain_since(const struct human *h, int param, const struct changes *changed,
                     struct step *out)
{
    struct chain_search cs;
    struct nodeset ends, starts;
    chain_setup(&cs, h, param == 3 ? CHAIN_X : param);
    if (!changed) return chain_search_all(&cs, param, NULL, out);
    chain_new_ends(&cs, changed, &ends);
    chain_reach_back(&cs, &ends, &starts);
    return chain_search_all(&cs, param, &starts, out);
}

int find_chain(const struct human *h, int param, struct step *out)
{
    return find_chain_since(h, param, NULL, out);
}
