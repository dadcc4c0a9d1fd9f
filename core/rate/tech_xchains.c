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
 * The middle link is the pivot: for each of its two directions, the links
 * weakly linked to its inner end are listed once, those weakly linked to
 * its outer end once, and only their pairs are tried.
 */
#include "technique.h"

/* Links of one digit kept at once (a digit with more is skipped). */
#define XCHAIN_MAX_LINKS 256

/* A part of a link: its cells, the cells seeing all of them, and whether
 * it is a group. Link i's parts are part[2i] and part[2i + 1]. */
struct xchain_part {
    struct cellset cells, seen;
    int grouped;
};

struct xchain_digit {
    int digit, nlinks;
    struct grouped_link links[XCHAIN_MAX_LINKS];
    struct xchain_part part[2 * XCHAIN_MAX_LINKS];
    struct cellset holding; /* the cells holding the digit */
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

/* Fills x with digit's links and their parts; 0 when none is grouped. */
static int xchain_collect(const struct human *h, const struct meeting_index *mi, int digit,
                          struct xchain_digit *x)
{
    const struct human_layout *lay = h->lay;
    int n = 0, grouped = 0;
    x->digit = digit;
    for (int house = 0; house < lay->nhouses; house++) {
        int room = mi->first[house + 1] - mi->first[house] + 1;
        if (n + room > XCHAIN_MAX_LINKS) return 0;
        n += grouped_house_links(h, mi, house, digit, x->links + n);
    }
    for (int i = 0; i < n; i++)
        for (int e = 0; e < 2; e++) {
            struct xchain_part *p = &x->part[2 * i + e];
            xchain_part_init(lay, x->links[i].house, x->links[i].part[e], p);
            grouped |= p->grouped;
        }
    x->nlinks = n;
    if (!grouped) return 0;
    cellset_clear(&x->holding);
    for (int c = 0; c < lay->ncells; c++)
        if (h->cand[c] & digitset_of(digit)) cellset_add(&x->holding, c);
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

/* The cells holding the digit that see all of parts p and q, added to t. */
static void xchain_seen_by(const struct human_layout *lay, const struct xchain_digit *x, int p,
                           int q, struct cellset *t)
{
    for (int w = 0; w < lay->words; w++)
        t->w[w] |= x->part[p].seen.w[w] & x->part[q].seen.w[w] & x->holding.w[w];
}

/* 1 when no two of the six parts share a cell: a chain visits a cell
 * once, as players and Sudoku Explainer draw it (the parts weakly linked
 * are apart already). */
static int xchain_apart(const struct human_layout *lay, const struct xchain_digit *x,
                        const int parts[6])
{
    struct cellset seen = {{0}};
    for (int i = 0; i < 6; i++)
        for (int w = 0; w < lay->words; w++) {
            uint64_t cells = x->part[parts[i]].cells.w[w];
            if (seen.w[w] & cells) return 0;
            seen.w[w] |= cells;
        }
    return 1;
}

/* The chain of parts a1 b1 b2 c2 c3 a3 (indices into x->part), when it
 * removes something: 1 and the step in out. */
static int xchain_try(const struct human *h, const struct xchain_digit *x, const int parts[6],
                      struct step *out)
{
    const struct human_layout *lay = h->lay;
    int grouped = 0;
    for (int i = 0; i < 6; i++) grouped |= x->part[parts[i]].grouped;
    if (!grouped || !xchain_apart(lay, x, parts)) return 0;
    struct cellset targets = {{0}};
    xchain_seen_by(lay, x, parts[0], parts[5], &targets);
    int loop = xchain_weak(lay, &x->part[parts[5]], &x->part[parts[0]]);
    if (loop) {
        xchain_seen_by(lay, x, parts[1], parts[2], &targets);
        xchain_seen_by(lay, x, parts[3], parts[4], &targets);
    }
    if (!step_remove_from(h, &targets, digitset_of(x->digit), out)) return 0;
    xchain_pattern(lay, x, parts, loop, out);
    out->name = loop ? "grouped X-loop" : "grouped three strong links";
    out->key = loop ? "grouped-x-loop" : "grouped-three-strong-links";
    return 1;
}

/* The parts of links other than y weakly linked to part `end` of y,
 * each as the index of the part that touches it. Returns how many. */
static int xchain_neighbours(const struct human_layout *lay, const struct xchain_digit *x, int y,
                             int end, int16_t *out)
{
    int n = 0;
    for (int p = 0; p < 2 * x->nlinks; p++)
        if (p / 2 != y && xchain_weak(lay, &x->part[end], &x->part[p])) out[n++] = (int16_t)p;
    return n;
}

/* The chains whose middle link is y, entered at part f. */
static int xchain_through(const struct human *h, const struct xchain_digit *x, int y, int f,
                          struct step *out)
{
    const struct human_layout *lay = h->lay;
    int16_t left[2 * XCHAIN_MAX_LINKS], right[2 * XCHAIN_MAX_LINKS];
    int b2 = 2 * y + f, c2 = 2 * y + !f;
    int nleft = xchain_neighbours(lay, x, y, b2, left);
    if (!nleft) return 0;
    int nright = xchain_neighbours(lay, x, y, c2, right);
    for (int i = 0; i < nleft; i++)
        for (int j = 0; j < nright; j++) {
            int b1 = left[i], c3 = right[j];
            if (b1 / 2 == c3 / 2) continue;
            const int parts[6] = {b1 ^ 1, b1, b2, c2, c3, c3 ^ 1};
            if (xchain_try(h, x, parts, out)) return 1;
        }
    return 0;
}

int find_grouped_xchain(const struct human *h, int param, struct step *out)
{
    const struct human_layout *lay = h->lay;
    struct meeting_index mi;
    struct xchain_digit x;
    (void)param;
    meeting_index_init(lay, &mi);
    for (digitset ds = lay->all; ds; ds = digitset_rest(ds)) {
        if (!xchain_collect(h, &mi, digitset_first(ds), &x)) continue;
        for (int y = 0; y < x.nlinks; y++)
            for (int f = 0; f < 2; f++)
                if (xchain_through(h, &x, y, f, out)) return 1;
    }
    return 0;
}
