/*
 * tech_xchains.c — grouped X-chains of three strong links, and the
 * grouped X-loops they close into.
 *
 * A strong link is a house whose places of a digit fall into two parts,
 * each a single cell or a group (tech_grouped_links.c): exactly one part
 * holds the digit. Two parts are weakly linked when every cell of one sees
 * every cell of the other: at most one holds it. Three strong links
 * a1=b1, b2=c2, c3=a3 joined by weak links b1-b2 and c2-c3 leave the digit
 * in a1 or a3 (a1 off puts it in b1, so not in b2, so in c2, not in c3,
 * so in a3), and every cell seeing all of a1 and all of a3 loses it.
 *
 * When a3 and a1 are weakly linked too, the six parts close into a loop
 * of three strong and three weak links. Each strong link holds the digit
 * once, so three parts hold it; each weak link holds it at most once, and
 * the three weak links cover the six parts, so each holds it exactly
 * once: every cell seeing both parts of any weak link loses the digit.
 *
 * The chain is grouped when some part has two cells or more; without a
 * group the three strong links row (tech_chains.c) has it. Sudoku
 * Explainer rates both forms 5.7, one flat rating, so the first chain that
 * removes something is the step.
 *
 * The six parts share no cell: a chain visits a cell once, as players and
 * Sudoku Explainer draw it (with ends that overlap the logic still holds,
 * but it finds steps Sudoku Explainer does not).
 *
 * The weak links between a digit's parts are a bit matrix, made once; the
 * middle link is the pivot, and its inner end's partners are paired with
 * its outer end's (each chain once, not again backwards). Told what
 * changed since it last found nothing, the row tries only chains with a
 * link in a house where the digit may have lost a place: the others, and
 * their targets, are as they were, or fewer.
 */
#include "technique.h"

/* Links of one digit kept at once (a digit with more is skipped). */
#define XCHAIN_MAX_LINKS 256

/* A part of a link: its cells, the cells seeing all of them, and whether
 * it is a group. Link i's parts are part[2i] and part[2i + 1]. */
struct xchain_part {
    struct cellset cells, seen;
    struct cellset reach; /* the cells of seen holding the digit */
    int grouped;
};

#define XCHAIN_PART_WORDS (2 * XCHAIN_MAX_LINKS / 64)

struct xchain_digit {
    int digit, nlinks;
    struct grouped_link links[XCHAIN_MAX_LINKS];
    struct xchain_part part[2 * XCHAIN_MAX_LINKS];
    int pwords;                                             /* words of a part set in use */
    uint64_t grouped[XCHAIN_PART_WORDS];                    /* the parts of links with a group */
    uint64_t weak[2 * XCHAIN_MAX_LINKS][XCHAIN_PART_WORDS]; /* each part's weak partners */
    /* The parts a chain ending at a part may end at and remove something
     * (a reach shared or a weak link: otherwise neither the ends nor a
     * loop have targets); the parts of the links sharing no cell with a
     * link. */
    uint64_t ends[2 * XCHAIN_MAX_LINKS][XCHAIN_PART_WORDS];
    uint64_t apart[XCHAIN_MAX_LINKS][XCHAIN_PART_WORDS];
};

/* 1 when at most one of parts p and q holds the digit: q's cells all see
 * all of p's (a cell never sees itself, so they are apart too). */
static int xchain_weak(const struct human_layout *lay, const struct xchain_part *p,
                       const struct xchain_part *q)
{
    for (int w = 0; w < lay->words; w++)
        if (q->cells.w[w] & ~p->seen.w[w]) return 0;
    return 1;
}

static void xchain_part_init(const struct human_layout *lay, int house, uint32_t places,
                             struct xchain_part *p)
{
    cellset_clear(&p->cells);
    for (int w = 0; w < lay->words; w++) p->seen.w[w] = ~UINT64_C(0);
    p->grouped = (places & (places - 1)) != 0;
    for (; places; places &= places - 1) {
        int c = lay->house_cells[house][__builtin_ctz(places)];
        cellset_add(&p->cells, c);
        for (int w = 0; w < lay->words; w++) p->seen.w[w] &= lay->peers[c].w[w];
    }
}

/* Each part's reach, and the weak links between parts of different
 * links: a partner of p lies in p's reach, so the parts are listed by
 * their first cell and only those starting in the reach (and of a later
 * link: the relation is symmetric) are tested. */
static void xchain_link_weak(const struct human *h, struct xchain_digit *x, struct cellset *holding)
{
    const struct human_layout *lay = h->lay;
    int16_t head[SL_MAX_CELLS], next[2 * XCHAIN_MAX_LINKS];
    int np = 2 * x->nlinks;
    for (int c = 0; c < lay->ncells; c++) {
        head[c] = -1;
        if (h->cand[c] & digitset_of(x->digit)) cellset_add(holding, c);
    }
    x->pwords = (np + 63) / 64;
    for (int p = 0; p < np; p++) { /* each cell's list falls: later links first */
        int c = cellset_next(lay, &x->part[p].cells, 0);
        next[p] = head[c], head[c] = (int16_t)p;
        for (int w = 0; w < lay->words; w++)
            x->part[p].reach.w[w] = x->part[p].seen.w[w] & holding->w[w];
    }
    for (int p = 0; p < np; p++)
        for (int w = 0; w < x->pwords; w++) x->weak[p][w] = 0;
    /* The relation is symmetric: each pair is tested once, from its
     * lower part; a part of one cell, in the reach, is a partner. */
    for (int p = 0; p < np; p++)
        for (int w = 0; w < lay->words; w++)
            for (uint64_t b = x->part[p].reach.w[w]; b; b &= b - 1)
                for (int q = head[w * 64 + __builtin_ctzll(b)]; q >= 0 && q / 2 > p / 2;
                     q = next[q]) {
                    if (x->part[q].grouped && !xchain_weak(lay, &x->part[p], &x->part[q])) continue;
                    x->weak[p][q >> 6] |= UINT64_C(1) << (q & 63);
                    x->weak[q][p >> 6] |= UINT64_C(1) << (p & 63);
                }
}

/* Each part's possible far ends (x->ends): the parts whose reach meets
 * its reach, found through the cells of the reach, and its weak partners. */
static void xchain_link_ends(const struct human *h, struct xchain_digit *x,
                             const struct cellset *holding)
{
    const struct human_layout *lay = h->lay;
    uint64_t by_cell[SL_MAX_CELLS][XCHAIN_PART_WORDS];
    int np = 2 * x->nlinks;
    for (int w = 0; w < lay->words; w++)
        for (uint64_t b = holding->w[w]; b; b &= b - 1)
            for (int pw = 0; pw < x->pwords; pw++) by_cell[w * 64 + __builtin_ctzll(b)][pw] = 0;
    for (int p = 0; p < np; p++)
        for (int w = 0; w < lay->words; w++)
            for (uint64_t b = x->part[p].reach.w[w]; b; b &= b - 1)
                by_cell[w * 64 + __builtin_ctzll(b)][p >> 6] |= UINT64_C(1) << (p & 63);
    for (int p = 0; p < np; p++) {
        uint64_t *e = x->ends[p];
        for (int pw = 0; pw < x->pwords; pw++) e[pw] = x->weak[p][pw];
        for (int w = 0; w < lay->words; w++)
            for (uint64_t b = x->part[p].reach.w[w]; b; b &= b - 1) {
                const uint64_t *q = by_cell[w * 64 + __builtin_ctzll(b)];
                for (int pw = 0; pw < x->pwords; pw++) e[pw] |= q[pw];
            }
    }
}

/* The links sharing no cell with each link (x->apart), as parts: through
 * the links holding each cell. */
static void xchain_link_apart(const struct human *h, struct xchain_digit *x)
{
    const struct human_layout *lay = h->lay;
    uint64_t by_cell[SL_MAX_CELLS][XCHAIN_PART_WORDS];
    int np = 2 * x->nlinks;
    for (int p = 0; p < np; p++)
        for (int w = 0; w < lay->words; w++)
            for (uint64_t b = x->part[p].cells.w[w]; b; b &= b - 1)
                for (int pw = 0; pw < x->pwords; pw++) by_cell[w * 64 + __builtin_ctzll(b)][pw] = 0;
    for (int p = 0; p < np; p++)
        for (int w = 0; w < lay->words; w++)
            for (uint64_t b = x->part[p].cells.w[w]; b; b &= b - 1)
                by_cell[w * 64 + __builtin_ctzll(b)][p >> 6] |= UINT64_C(3) << (p & 62);
    for (int i = 0; i < x->nlinks; i++) {
        uint64_t *a = x->apart[i];
        for (int pw = 0; pw < x->pwords; pw++) a[pw] = ~UINT64_C(0);
        for (int p = 2 * i; p < 2 * i + 2; p++)
            for (int w = 0; w < lay->words; w++)
                for (uint64_t b = x->part[p].cells.w[w]; b; b &= b - 1) {
                    const uint64_t *q = by_cell[w * 64 + __builtin_ctzll(b)];
                    for (int pw = 0; pw < x->pwords; pw++) a[pw] &= ~q[pw];
                }
    }
}

/* Fills x with digit's links and their parts; 0 when none is grouped,
 * or when touched is given and no link lies in a house it marks. */
static int xchain_collect(const struct human *h, int digit, const uint8_t *touched,
                          struct xchain_digit *x)
{
    const struct human_layout *lay = h->lay;
    int n = 0, grouped = 0, fresh = !touched;
    x->digit = digit;
    for (int house = 0; house < lay->nhouses; house++) {
        int room = lay->meeting_first[house + 1] - lay->meeting_first[house] + 1, k;
        if (n + room > XCHAIN_MAX_LINKS) return 0;
        n += k = grouped_house_links(h, house, digit, x->links + n);
        fresh = fresh || (k && touched[house]);
    }
    for (int i = 0; i < n; i++)
        for (int e = 0; e < 2; e++)
            grouped |= (x->links[i].part[e] & (x->links[i].part[e] - 1)) != 0;
    if (!fresh || !grouped || n < 3) return 0;
    for (int i = 0; i < n; i++)
        for (int e = 0; e < 2; e++)
            xchain_part_init(lay, x->links[i].house, x->links[i].part[e], &x->part[2 * i + e]);
    x->nlinks = n;
    for (int w = 0; w < XCHAIN_PART_WORDS; w++) x->grouped[w] = 0;
    for (int i = 0; i < n; i++)
        if (x->part[2 * i].grouped | x->part[2 * i + 1].grouped)
            x->grouped[i >> 5] |= UINT64_C(3) << (2 * i & 63);
    struct cellset holding = {{0}};
    xchain_link_weak(h, x, &holding);
    xchain_link_ends(h, x, &holding);
    xchain_link_apart(h, x);
    return 1;
}

/* The step's pattern: the six parts in chain order (a loop's first part
 * again at its end), a group's cells joined; the links' houses. */
static void xchain_pattern(const struct human_layout *lay, const struct xchain_digit *x,
                           const int parts[6], int loop, struct step *out)
{
    out->digits = digitset_of(x->digit);
    out->nhouses = out->ncells = out->nnodes = 0;
    for (int i = 0; i < 6; i += 2) out->houses[out->nhouses++] = x->links[parts[i] / 2].house;
    for (int i = 0; i < 6 + loop; i++) {
        const struct cellset *cells = &x->part[parts[i % 6]].cells;
        int first = 1;
        for (int c = cellset_next(lay, cells, 0); c >= 0; c = cellset_next(lay, cells, c + 1)) {
            int on = (i & 1) | (first ? 0 : STEP_NODE_JOINS);
            if (out->nnodes < STEP_MAX_NODES)
                out->nodes[out->nnodes++] =
                    (struct step_node){(uint16_t)c, (uint8_t)x->digit, (uint8_t)on};
            if (i < 6 && out->ncells < STEP_MAX_CELLS) out->cells[out->ncells++] = (uint16_t)c;
            first = 0;
        }
    }
}

/* The cells holding the digit that see all of parts p and q, added to t;
 * 1 when there is one. */
static int xchain_seen_by(const struct human_layout *lay, const struct xchain_digit *x, int p,
                          int q, struct cellset *t)
{
    uint64_t any = 0;
    for (int w = 0; w < lay->words; w++) {
        uint64_t both = x->part[p].reach.w[w] & x->part[q].reach.w[w];
        t->w[w] |= both, any |= both;
    }
    return any != 0;
}

static int xchain_has_weak(const struct xchain_digit *x, int p, int q)
{
    return (int)((x->weak[p][q >> 6] >> (q & 63)) & 1);
}

/* The chain of parts a1 b1 b2 c2 c3 a3 (indices into x->part, no two
 * sharing a cell), when it removes something: 1 and the step in out. */
static int xchain_try(const struct human *h, const struct xchain_digit *x, const int parts[6],
                      struct step *out)
{
    const struct human_layout *lay = h->lay;
    struct cellset targets = {{0}};
    int any = xchain_seen_by(lay, x, parts[0], parts[5], &targets);
    int loop = xchain_has_weak(x, parts[5], parts[0]);
    if (loop) {
        any |= xchain_seen_by(lay, x, parts[1], parts[2], &targets);
        any |= xchain_seen_by(lay, x, parts[3], parts[4], &targets);
    }
    if (!any) return 0;
    if (!step_remove_from(h, &targets, digitset_of(x->digit), out)) return 0;
    xchain_pattern(lay, x, parts, loop, out);
    out->name = loop ? "grouped X-loop" : "grouped three strong links";
    out->key = loop ? "grouped-x-loop" : "grouped-three-strong-links";
    return 1;
}

/* A set of parts with each link's two parts swapped: the parts c3 whose
 * other part c3 ^ 1 is in the set. */
static inline uint64_t xchain_swap(uint64_t parts)
{
    const uint64_t even = UINT64_C(0x5555555555555555);
    return ((parts & even) << 1) | ((parts >> 1) & even);
}

/* 1 when link i has a group. */
static int xchain_link_grouped(const struct xchain_digit *x, int i)
{
    return x->part[2 * i].grouped | x->part[2 * i + 1].grouped;
}

/* The chains whose middle link is y, entered at part f: b1 runs over the
 * weak partners of b2, c3 over those of c2 (above b1: the chain read
 * backwards is the same); one of the three links has a group. With
 * `fresh` (a set of parts), one of the three links must be fresh. */
static int xchain_through(const struct human *h, const struct xchain_digit *x, int y, int f,
                          const uint64_t *fresh, struct step *out)
{
    int b2 = 2 * y + f, c2 = 2 * y + !f, middle = xchain_link_grouped(x, y);
    int any = !fresh || ((fresh[b2 >> 6] >> (b2 & 63)) & 1);
    for (int wl = 0; wl < x->pwords; wl++)
        for (uint64_t l = x->weak[b2][wl] & x->apart[y][wl]; l; l &= l - 1) {
            int b1 = wl * 64 + __builtin_ctzll(l);
            int grouped = middle | xchain_link_grouped(x, b1 / 2);
            int left = any || ((fresh[wl] >> (b1 & 63)) & 1);
            for (int wr = b1 >> 6; wr < x->pwords; wr++) {
                uint64_t r = x->weak[c2][wr] & (left ? ~UINT64_C(0) : fresh[wr]);
                /* apart from both links, and a far end that may remove */
                r &= x->apart[y][wr] & x->apart[b1 / 2][wr] & xchain_swap(x->ends[b1 ^ 1][wr]);
                if (!grouped) r &= x->grouped[wr];
                /* past b1, and not b1's own link */
                if (wr == b1 >> 6) r &= ~UINT64_C(0) << (b1 & 62) << 2;
                for (; r; r &= r - 1) {
                    int c3 = wr * 64 + __builtin_ctzll(r);
                    const int parts[6] = {b1 ^ 1, b1, b2, c2, c3, c3 ^ 1};
                    if (xchain_try(h, x, parts, out)) return 1;
                }
            }
        }
    return 0;
}

/* The parts of links whose house is touched, as a set of parts. */
static void xchain_fresh(const struct xchain_digit *x, const uint8_t *touched, uint64_t *fresh)
{
    for (int w = 0; w < x->pwords; w++) fresh[w] = 0;
    for (int i = 0; i < x->nlinks; i++)
        if (touched[x->links[i].house]) fresh[i >> 5] |= UINT64_C(3) << (2 * i & 63);
}

int find_grouped_xchain_since(const struct human *h, int param, const struct changes *changed,
                              struct step *out)
{
    const struct human_layout *lay = h->lay;
    struct xchain_digit x;
    uint8_t touched[HUMAN_MAX_HOUSES];
    uint64_t fresh[XCHAIN_PART_WORDS];
    (void)param;
    /* A digit with too many links is skipped, and may not be later: on
     * such a grid the chains of unchanged links are owed too. */
    if (lay->nmeetings + lay->nhouses > XCHAIN_MAX_LINKS) changed = NULL;
    for (digitset ds = lay->all; ds; ds = digitset_rest(ds)) {
        if (changed) digit_houses_touched(h, digitset_first(ds), changed, touched);
        if (!xchain_collect(h, digitset_first(ds), changed ? touched : NULL, &x)) continue;
        if (changed) xchain_fresh(&x, touched, fresh);
        for (int y = 0; y < x.nlinks; y++)
            for (int f = 0; f < 2; f++)
                if (xchain_through(h, &x, y, f, changed ? fresh : NULL, out)) return 1;
    }
    return 0;
}

int find_grouped_xchain(const struct human *h, int param, struct step *out)
{
    return find_grouped_xchain_since(h, param, NULL, out);
}
