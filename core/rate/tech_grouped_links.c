/*
 * tech_grouped_links.c — skyscraper, 2-string kite and turbot fish whose
 * strong links hold a group: a house where a digit's places fall into two
 * parts, each a single cell or cells that share a second house (a line's
 * cells in one box, a box's cells in one line). One part holds the digit,
 * so the two parts are a strong link like two cells are.
 *
 * Two such links a1=b1 and b2=a2 whose inner parts see each other cell by
 * cell (b1 and b2 cannot both hold the digit) leave it in a1 or a2, and
 * every cell seeing all of a1 and all of a2 loses it. The chain is grouped
 * when some part has two cells or more (else tech_single_digit.c has it).
 * Players name it by the links' houses: two parallel lines a grouped
 * skyscraper, a row and a column a grouped 2-string kite, a link in a box
 * a grouped turbot fish. One row of the ladder finds all three (one pass
 * over the links); the step carries its shape's name.
 *
 * A part is kept as places of its house (a bit mask), so building the
 * links and pairing them costs a few bit operations; the cells seeing a
 * part are drawn only for pairs that make a chain.
 *
 * The _since form pairs, per digit, only links of which one lies in a
 * house where the digit lost a place: a changed cell that still holds the
 * digit left that digit's places alone, and a pair of links both in
 * houses whose places did not change failed before and fails again (its
 * targets only lost candidates).
 */
#include <string.h>

#include "technique.h"

/* Links of one digit kept at once (a house with more is skipped). */
#define GROUPED_MAX_LINKS 1024

/* The names of the shapes, by the classes of the links' houses (a row,
 * a column, anything else). */
static const struct {
    const char *name, *key;
} grouped_shapes[3] = {
    {"grouped skyscraper", "grouped-skyscraper"},
    {"grouped 2-string kite", "grouped-two-string-kite"},
    {"grouped turbot fish", "grouped-turbot-fish"},
};

/* The links of digit in house: two places alone, or a part of two places
 * or more that lie in a second house against the rest, when the rest is
 * one place or lies in a third (that one found once, from the lower
 * meeting). Returns how many it added to links. */
int grouped_house_links(const struct human *h, int house, int digit, struct grouped_link *links)
{
    const struct human_layout *lay = h->lay;
    const int *first = lay->meeting_first;
    uint32_t places = human_places(h, house, digit);
    int count = __builtin_popcount(places), n = 0;
    if (count < 2) return 0;
    if (count == 2) {
        links[0] = (struct grouped_link){house, {places & -places, places & (places - 1)}};
        return 1;
    }
    for (int k = first[house]; k < first[house + 1]; k++) {
        uint32_t part = places & lay->meetings[k].a_in_b, rest = places & ~part;
        if (!(part & (part - 1)) || !rest) continue;
        int one = !(rest & (rest - 1));
        for (int k2 = k + 1; !one && k2 < first[house + 1]; k2++)
            one = (rest & ~lay->meetings[k2].a_in_b) == 0;
        if (one) links[n++] = (struct grouped_link){house, {part, rest}};
    }
    return n;
}

/* The cells seeing every cell of a part of house. */
static void part_seen(const struct human_layout *lay, int house, uint32_t part, struct cellset *out)
{
    for (int w = 0; w < lay->words; w++) out->w[w] = ~UINT64_C(0);
    for (; part; part &= part - 1) {
        const struct cellset *p = &lay->peers[lay->house_cells[house][__builtin_ctz(part)]];
        for (int w = 0; w < lay->words; w++) out->w[w] &= p->w[w];
    }
}

/* 1 when some cell of part of house lies in s. */
static int part_meets(const struct human_layout *lay, int house, uint32_t part,
                      const struct cellset *s)
{
    for (; part; part &= part - 1)
        if (cellset_has(s, lay->house_cells[house][__builtin_ctz(part)])) return 1;
    return 0;
}

/* 1 when every cell of part of house lies in s. */
static int part_within(const struct human_layout *lay, int house, uint32_t part,
                       const struct cellset *s)
{
    for (; part; part &= part - 1)
        if (!cellset_has(s, lay->house_cells[house][__builtin_ctz(part)])) return 0;
    return 1;
}

/* The words: a1<>d => b1=d -> b2<>d => a2=d, a part's cells one group. */
static void grouped_pattern(const struct human_layout *lay, struct step *out, int digit,
                            const int houses[4], const uint32_t parts[4])
{
    out->digits = digitset_of(digit);
    out->nhouses = 2;
    out->houses[0] = houses[0], out->houses[1] = houses[2];
    out->ncells = out->nnodes = 0;
    for (int i = 0; i < 4; i++)
        for (uint32_t b = parts[i]; b; b &= b - 1) {
            int c = lay->house_cells[houses[i]][__builtin_ctz(b)];
            int on = (i & 1) | (b != parts[i] ? STEP_NODE_JOINS : 0);
            out->nodes[out->nnodes++] =
                (struct step_node){(uint16_t)c, (uint8_t)digit, (uint8_t)on};
            if (out->ncells < STEP_MAX_CELLS) out->cells[out->ncells++] = (uint16_t)c;
        }
}

/* One grouped link x with its outer part a1 chosen: what every partner
 * link is tested against. */
struct grouped_end {
    int house;
    uint32_t a1, b1;
    struct cellset cells;     /* a1 and b1 */
    struct cellset removable; /* cells seeing all of a1 that hold the digit */
    struct cellset weak;      /* cells seeing all of b1 */
};

/* The chain from end x through link y (bit f: y's part f is b2), when it
 * removes something. */
static int grouped_step(const struct human *h, int digit, const struct grouped_end *x,
                        const struct grouped_link *y, int f, struct step *out)
{
    const struct human_layout *lay = h->lay;
    uint32_t b2 = y->part[f], a2 = y->part[!f];
    if (!part_within(lay, y->house, b2, &x->weak) || part_meets(lay, y->house, a2, &x->cells))
        return 0;
    struct cellset targets;
    part_seen(lay, y->house, a2, &targets);
    if (!cellset_and(lay, &targets, &x->removable, &targets)) return 0;
    if (!step_remove_from(h, &targets, digitset_of(digit), out)) return 0;
    const int houses[4] = {x->house, x->house, y->house, y->house};
    const uint32_t parts[4] = {x->a1, x->b1, b2, a2};
    grouped_pattern(lay, out, digit, houses, parts);
    return 1;
}

static int link_grouped(const struct grouped_link *l)
{
    return ((l->part[0] & (l->part[0] - 1)) | (l->part[1] & (l->part[1] - 1))) != 0;
}

/* Fills end for link x with part e outer (seen: the cells seeing all of
 * each part); 0 when nothing can go. */
static int grouped_end_init(const struct human_layout *lay, const struct grouped_link *x, int e,
                            const struct cellset seen[2], const struct cellset *holding,
                            struct grouped_end *end)
{
    end->house = x->house;
    end->a1 = x->part[e], end->b1 = x->part[!e];
    if (!cellset_and(lay, &seen[e], holding, &end->removable)) return 0;
    end->weak = seen[!e];
    cellset_clear(&end->cells);
    for (uint32_t b = x->part[0] | x->part[1]; b; b &= b - 1)
        cellset_add(&end->cells, lay->house_cells[x->house][__builtin_ctz(b)]);
    return 1;
}

/* A digit's links, house by house; and each cell's link ends, the parts
 * that start at the cell (end e is part e % 2 of link e / 2), in list
 * order: a partner's inner part is looked up by its first cell. */
struct link_list {
    struct grouped_link links[GROUPED_MAX_LINKS];
    int n;
    int16_t first[HUMAN_MAX_HOUSES], count[HUMAN_MAX_HOUSES]; /* each house's links */
    int16_t end_head[SL_MAX_CELLS], end_next[2 * GROUPED_MAX_LINKS];
};

/* Houses by class: a row, a column, anything else. */
static int house_class(int kind) { return kind <= HOUSE_COLUMN ? kind : 2; }

/* The shape links of classes k1 and k2 make: two parallel lines a
 * skyscraper, a row and a column a kite, the rest a turbot fish. */
static int grouped_shape(int k1, int k2)
{
    if (k1 == 2 || k2 == 2) return 2;
    return k1 != k2;
}

/* What one digit's search reads: the cells holding it, and the houses
 * where its places changed (touched), and the cells of those holding links. */
struct grouped_digit {
    int digit;
    struct cellset holding;
    uint8_t touched[HUMAN_MAX_HOUSES];
    struct cellset touched_cells;
};

/* The partners of end whose inner part starts at cell c: the ends listed
 * at c run by house, then link, then part, as the houses of c do. */
static int grouped_partners(const struct human *h, const struct grouped_digit *gd,
                            const struct link_list *list, int i, int kx,
                            const struct grouped_end *end, int c, struct step *out)
{
    const struct human_layout *lay = h->lay;
    int x_house = list->links[i].house, x_touched = gd->touched[x_house];
    for (int e = list->end_head[c]; e >= 0; e = list->end_next[e]) {
        const struct grouped_link *y = &list->links[e / 2];
        if (y->house == x_house || (!x_touched && !gd->touched[y->house])) continue;
        if (e / 2 < i && link_grouped(y)) continue;
        if (grouped_step(h, gd->digit, end, y, e % 2, out)) {
            int shape = grouped_shape(kx, house_class(lay->house_kind[y->house]));
            out->name = grouped_shapes[shape].name;
            out->key = grouped_shapes[shape].key;
            return 1;
        }
    }
    return 0;
}

/* The chains of digit whose first link, x = links[i], is grouped: the
 * partner's inner part b2 lies in the cells seeing all of b1 that hold the
 * digit, so the partners are found from those cells, each from the first
 * cell of its b2. */
static int grouped_from(const struct human *h, const struct grouped_digit *gd,
                        const struct link_list *list, int i, struct step *out)
{
    const struct human_layout *lay = h->lay;
    const struct grouped_link *x = &list->links[i];
    int kx = house_class(lay->house_kind[x->house]);
    struct cellset seen[2];
    for (int e = 0; e < 2; e++) part_seen(lay, x->house, x->part[e], &seen[e]);
    for (int e = 0; e < 2; e++) {
        struct grouped_end end;
        struct cellset inner;
        if (!cellset_and(lay, &seen[!e], &gd->holding, &inner) ||
            (!gd->touched[x->house] && !cellset_and(lay, &inner, &gd->touched_cells, &inner)) ||
            !grouped_end_init(lay, x, e, seen, &gd->holding, &end))
            continue;
        for (int w = 0; w < lay->words; w++)
            for (uint64_t bits = inner.w[w]; bits; bits &= bits - 1) {
                int c = w * 64 + __builtin_ctzll(bits);
                if (grouped_partners(h, gd, list, i, kx, &end, c, out)) return 1;
            }
    }
    return 0;
}

/* Fills list with digit's links; 1 when some link is grouped. */
static int list_links(const struct human *h, int digit, struct link_list *list)
{
    const struct human_layout *lay = h->lay;
    int n = 0, grouped = 0;
    for (int house = 0; house < lay->nhouses; house++) {
        int room = lay->meeting_first[house + 1] - lay->meeting_first[house] + 1;
        list->first[house] = (int16_t)n, list->count[house] = 0;
        if (n + room <= GROUPED_MAX_LINKS)
            list->count[house] = (int16_t)grouped_house_links(h, house, digit, list->links + n);
        n += list->count[house];
    }
    list->n = n;
    for (int i = 0; i < n; i++) grouped |= link_grouped(&list->links[i]);
    return grouped;
}

/* Lists each cell's link ends (list->end_head), later ones pushed first
 * so that each cell's list runs in list order. */
static void list_ends(const struct human_layout *lay, struct link_list *list)
{
    for (int c = 0; c < lay->ncells; c++) list->end_head[c] = -1;
    for (int e = 2 * list->n - 1; e >= 0; e--) {
        const struct grouped_link *l = &list->links[e / 2];
        int c = lay->house_cells[l->house][__builtin_ctz(l->part[e % 2])];
        list->end_next[e] = list->end_head[c], list->end_head[c] = (int16_t)e;
    }
}

/* Fills gd for digit: the cells holding it, and the houses holding a
 * changed cell that does not (every house when changed is NULL). */
static void grouped_digit_init(const struct human *h, int digit, const struct changes *changed,
                               struct grouped_digit *gd)
{
    const struct human_layout *lay = h->lay;
    gd->digit = digit;
    cellset_clear(&gd->holding);
    for (int c = 0; c < lay->ncells; c++)
        if (h->cand[c] & digitset_of(digit)) cellset_add(&gd->holding, c);
    digit_houses_touched(h, digit, changed, gd->touched);
}

/* The cells of the touched houses holding links (where a partner of an
 * untouched link must lie); 0 when there are none. */
static int grouped_touched_cells(const struct human_layout *lay, const struct link_list *list,
                                 struct grouped_digit *gd)
{
    int any = 0;
    cellset_clear(&gd->touched_cells);
    for (int i = 0; i < lay->nhouses; i++)
        if (gd->touched[i] && list->count[i]) {
            any = 1;
            for (int w = 0; w < lay->words; w++) gd->touched_cells.w[w] |= lay->house_set[i].w[w];
        }
    return any;
}

int find_grouped_two_links_since(const struct human *h, int param, const struct changes *changed,
                                 struct step *out)
{
    const struct human_layout *lay = h->lay;
    struct link_list list;
    struct grouped_digit gd;
    (void)param;
    /* Were some house's links left out (too many), an unchanged house's
     * could come back: then try everything. */
    if (lay->nmeetings + lay->nhouses > GROUPED_MAX_LINKS) changed = NULL;
    for (digitset ds = lay->all; ds; ds = digitset_rest(ds)) {
        int digit = digitset_first(ds);
        grouped_digit_init(h, digit, changed, &gd);
        if (!list_links(h, digit, &list) || !grouped_touched_cells(lay, &list, &gd)) continue;
        list_ends(lay, &list);
        for (int i = 0; i < list.n; i++)
            if (link_grouped(&list.links[i]) && grouped_from(h, &gd, &list, i, out)) return 1;
    }
    return 0;
}

int find_grouped_two_links(const struct human *h, int param, struct step *out)
{
    return find_grouped_two_links_since(h, param, NULL, out);
}
