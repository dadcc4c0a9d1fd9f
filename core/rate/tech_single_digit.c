/*
 * tech_single_digit.c — patterns on one digit, built from strong links: a
 * house where the digit has exactly two places holds it in one of them.
 *
 * Two strong links a1=b1 and b2=a2 whose inner ends b1 and b2 see each
 * other make a chain: b1 and b2 cannot both hold the digit, so a1 or a2
 * does, and the digit leaves every cell seeing both. Players name the
 * chain by its houses: a skyscraper has its links in two rows (or two
 * columns) with the inner ends in one column (row); a 2-string kite has
 * one link in a row, one in a column, the inner ends in one box; a turbot
 * fish is any other (a link in a box, inner ends meeting in a box or on a
 * diagonal).
 *
 * Simple colouring follows the strong links as far as they go: in one
 * connected set of them, the cells of one colour hold the digit and the
 * cells of the other do not. A cell outside seeing both colours loses the
 * digit (colour trap); two cells of one colour seeing each other make that
 * colour false, so the digit leaves all its cells (colour wrap).
 *
 * Houses and peers come from the layout, so any geometry works; "line"
 * means a row or a column, "box" a box or a jigsaw region.
 */
#include "technique.h"

struct strong_link {
    int house, cells[2];
    int cls; /* the house's class: 0 a row, 1 a column, 2 anything else */
};

/* The houses where digit has exactly two places. */
static int strong_links(const struct human *h, int digit, struct strong_link *links)
{
    const struct human_layout *lay = h->lay;
    int n = 0;
    for (int house = 0; house < lay->nhouses; house++) {
        if (!human_place_pair(h, house, digit, &links[n].cells[0], &links[n].cells[1])) continue;
        links[n].house = house;
        links[n].cls = lay->house_kind[house] <= HOUSE_COLUMN ? lay->house_kind[house] : 2;
        n++;
    }
    return n;
}

/* --- two strong links ------------------------------------------------ */

enum shape { SKYSCRAPER, KITE, TURBOT };

/* 1 when a house of kind (a block when kind is -1) holds both a and b. */
static int share_house(const struct human_layout *lay, int a, int b, int kind)
{
    for (int i = 0; i < lay->ncell_houses[a]; i++) {
        int house = lay->cell_houses[a][i], k = lay->house_kind[house];
        if ((kind < 0 ? house_is_block(k) : k == kind) && cellset_has(&lay->house_set[house], b))
            return 1;
    }
    return 0;
}

/* The name of the chain with links in houses first and second, inner
 * ends b1 and b2. */
static enum shape chain_shape(const struct human_layout *lay, int first, int second, int b1, int b2)
{
    int k1 = lay->house_kind[first], k2 = lay->house_kind[second];
    int lines = k1 <= HOUSE_COLUMN && k2 <= HOUSE_COLUMN;
    int across = k1 == HOUSE_ROW ? HOUSE_COLUMN : HOUSE_ROW;
    if (lines && k1 == k2 && share_house(lay, b1, b2, across)) return SKYSCRAPER;
    if (lines && k1 != k2 && share_house(lay, b1, b2, -1)) return KITE;
    return TURBOT;
}

/* The words: a1<>d => b1=d -> b2<>d => a2=d, in the links' houses. */
static void chain_pattern(struct step *out, int digit, const int *cells, int first, int second)
{
    out->digits = digitset_of(digit);
    out->nhouses = 2;
    out->houses[0] = first, out->houses[1] = second;
    out->ncells = out->nnodes = 4;
    for (int i = 0; i < 4; i++) {
        out->cells[i] = (uint16_t)cells[i];
        out->nodes[i] = (struct step_node){(uint16_t)cells[i], (uint8_t)digit, (uint8_t)(i & 1)};
    }
}

/* The chain a1=b1-b2=a2 (bit 0 of ends picks a1 in the first link, bit 1
 * a2 in the second) when it has the shape wanted and removes something. */
static int chain_step(const struct human *h, int digit, const struct strong_link *first,
                      const struct strong_link *second, int ends, enum shape want, struct step *out)
{
    const struct human_layout *lay = h->lay;
    int a1 = first->cells[ends & 1], b1 = first->cells[!(ends & 1)];
    int a2 = second->cells[ends >> 1], b2 = second->cells[!(ends >> 1)];
    if (a1 == a2 || a1 == b2 || b1 == a2 || b1 == b2 || !human_sees(lay, b1, b2)) return 0;
    if (chain_shape(lay, first->house, second->house, b1, b2) != want) return 0;
    struct cellset targets;
    if (!cellset_and(lay, &lay->peers[a1], &lay->peers[a2], &targets)) return 0;
    if (!step_remove_from(h, &targets, digitset_of(digit), out)) return 0;
    int cells[4] = {a1, b1, b2, a2};
    chain_pattern(out, digit, cells, first->house, second->house);
    return 1;
}

/* 1 when links in houses of classes c1 and c2 can make the shape wanted
 * (chain_shape's first tests, asked once per pair of links). */
static int shape_possible(int c1, int c2, enum shape want)
{
    int lines = c1 < 2 && c2 < 2;
    if (want == SKYSCRAPER) return lines && c1 == c2;
    if (want == KITE) return lines && c1 != c2;
    return 1;
}

/* Two links in houses where the digit lost no place since (technique.h)
 * fail again: a changed cell still holding it left its places alone. */
static int find_two_links(const struct human *h, enum shape want, const struct changes *changed,
                          struct step *out)
{
    const struct human_layout *lay = h->lay;
    struct strong_link links[SL_MAX_UNITS];
    uint8_t touched[HUMAN_MAX_HOUSES];
    for (digitset ds = h->lay->all; ds; ds = digitset_rest(ds)) {
        int digit = digitset_first(ds), n = strong_links(h, digit, links), any = 0;
        digit_houses_touched(h, digit, changed, touched);
        for (int i = 0; i < n && !any; i++) any = touched[links[i].house];
        for (int i = 0; any && i < n; i++) {
            if (want != TURBOT && links[i].cls == 2)
                continue; /* not a row or column: only a turbot fish */
            /* The inner ends see each other: no cell of link j seen from
             * link i, no chain. */
            struct cellset seen;
            for (int w = 0; w < lay->words; w++)
                seen.w[w] = lay->peers[links[i].cells[0]].w[w] | lay->peers[links[i].cells[1]].w[w];
            for (int j = i + 1; j < n; j++) {
                if (!(touched[links[i].house] | touched[links[j].house]) ||
                    !shape_possible(links[i].cls, links[j].cls, want) ||
                    !(cellset_has(&seen, links[j].cells[0]) |
                      cellset_has(&seen, links[j].cells[1])))
                    continue;
                for (int ends = 0; ends < 4; ends++)
                    if (chain_step(h, digit, &links[i], &links[j], ends, want, out)) return 1;
            }
        }
    }
    return 0;
}

int find_skyscraper(const struct human *h, int param, struct step *out)
{
    (void)param;
    return find_two_links(h, SKYSCRAPER, NULL, out);
}

int find_skyscraper_since(const struct human *h, int param, const struct changes *changed,
                          struct step *out)
{
    (void)param;
    return find_two_links(h, SKYSCRAPER, changed, out);
}

int find_two_string_kite(const struct human *h, int param, struct step *out)
{
    (void)param;
    return find_two_links(h, KITE, NULL, out);
}

int find_two_string_kite_since(const struct human *h, int param, const struct changes *changed,
                               struct step *out)
{
    (void)param;
    return find_two_links(h, KITE, changed, out);
}

int find_turbot_fish(const struct human *h, int param, struct step *out)
{
    (void)param;
    return find_two_links(h, TURBOT, NULL, out);
}

int find_turbot_fish_since(const struct human *h, int param, const struct changes *changed,
                           struct step *out)
{
    (void)param;
    return find_two_links(h, TURBOT, changed, out);
}

/* --- simple colouring ------------------------------------------------ */

/* One digit's strong-link graph, and the component being coloured: a
 * breadth-first tree (parent, depth), its cells by colour (sides) and the
 * cells seeing some cell of each colour (seen). */
struct colouring {
    const struct human *h;
    int digit, nmembers;
    uint8_t npartners[SL_MAX_CELLS];
    uint16_t partners[SL_MAX_CELLS][HUMAN_MAX_HOUSES_PER_CELL];
    int8_t colour[SL_MAX_CELLS]; /* -1 until coloured */
    int16_t parent[SL_MAX_CELLS], depth[SL_MAX_CELLS];
    int members[SL_MAX_CELLS];
    struct cellset sides[2], seen[2];
};

static void colouring_init(struct colouring *col, const struct human *h, int digit)
{
    struct strong_link links[SL_MAX_UNITS];
    int n = strong_links(h, digit, links);
    col->h = h;
    col->digit = digit;
    for (int c = 0; c < h->lay->ncells; c++) col->npartners[c] = 0, col->colour[c] = -1;
    for (int i = 0; i < n; i++)
        for (int e = 0; e < 2; e++) {
            int c = links[i].cells[e];
            col->partners[c][col->npartners[c]++] = (uint16_t)links[i].cells[!e];
        }
}

/* Colours the component of start, breadth first; 0 when two linked cells
 * get one colour (the marks are broken: no step from them). */
static int colour_component(struct colouring *col, int start)
{
    const struct human_layout *lay = col->h->lay;
    int consistent = 1;
    col->colour[start] = 0, col->parent[start] = -1, col->depth[start] = 0;
    col->members[0] = start, col->nmembers = 1;
    for (int k = 0; k < 2; k++) cellset_clear(&col->sides[k]), cellset_clear(&col->seen[k]);
    for (int i = 0; i < col->nmembers; i++) {
        int c = col->members[i], side = col->colour[c];
        cellset_add(&col->sides[side], c);
        for (int w = 0; w < lay->words; w++) col->seen[side].w[w] |= lay->peers[c].w[w];
        for (int k = 0; k < col->npartners[c]; k++) {
            int next = col->partners[c][k];
            if (col->colour[next] >= 0) {
                consistent &= col->colour[next] != side;
                continue;
            }
            col->colour[next] = (int8_t)!side, col->parent[next] = (int16_t)c;
            col->depth[next] = (int16_t)(col->depth[c] + 1);
            col->members[col->nmembers++] = next;
        }
    }
    return consistent;
}

/* The words: the tree path from a to b, a on (wrap) or off (trap) first,
 * every link a strong one. */
static void colour_chain(const struct colouring *col, int a, int b, int first_on, struct step *out)
{
    int path[SL_MAX_CELLS], back[SL_MAX_CELLS], n = 0, nback = 0;
    while (a != b)
        if (col->depth[a] >= col->depth[b])
            path[n++] = a, a = col->parent[a];
        else
            back[nback++] = b, b = col->parent[b];
    path[n++] = a;
    while (nback > 0) path[n++] = back[--nback];
    out->digits = digitset_of(col->digit);
    out->nnodes = n <= STEP_MAX_NODES ? n : 0;
    for (int i = 0; i < out->nnodes; i++)
        out->nodes[i] = (struct step_node){(uint16_t)path[i], (uint8_t)col->digit,
                                           (uint8_t)((i & 1) ^ first_on)};
    out->ncells = col->nmembers < STEP_MAX_CELLS ? col->nmembers : STEP_MAX_CELLS;
    for (int i = 0; i < out->ncells; i++) out->cells[i] = (uint16_t)col->members[i];
}

/* The first member of side seen by cell. */
static int seen_member(const struct colouring *col, int side, int cell)
{
    const struct human_layout *lay = col->h->lay;
    struct cellset meet;
    cellset_and(lay, &lay->peers[cell], &col->sides[side], &meet);
    return cellset_next(lay, &meet, 0);
}

/* Colour wrap: a side with two cells seeing each other is false. */
static int colour_wrap(const struct colouring *col, struct step *out)
{
    const struct human_layout *lay = col->h->lay;
    struct cellset meet;
    for (int side = 0; side < 2; side++) {
        if (!cellset_and(lay, &col->sides[side], &col->seen[side], &meet) ||
            !step_remove_from(col->h, &col->sides[side], digitset_of(col->digit), out))
            continue;
        int first = cellset_next(lay, &meet, 0);
        colour_chain(col, first, seen_member(col, side, first), 1, out);
        return 1;
    }
    return 0;
}

/* Colour trap: a cell outside the component seeing both sides. */
static int colour_trap(const struct colouring *col, struct step *out)
{
    const struct human_layout *lay = col->h->lay;
    struct cellset targets;
    if (!cellset_and(lay, &col->seen[0], &col->seen[1], &targets)) return 0;
    for (int w = 0; w < lay->words; w++) targets.w[w] &= ~(col->sides[0].w[w] | col->sides[1].w[w]);
    if (!step_remove_from(col->h, &targets, digitset_of(col->digit), out)) return 0;
    int target = out->elims[0].cell;
    colour_chain(col, seen_member(col, 0, target), seen_member(col, 1, target), 0, out);
    return 1;
}

int find_simple_colouring(const struct human *h, int param, struct step *out)
{
    struct colouring col;
    (void)param;
    for (digitset ds = h->lay->all; ds; ds = digitset_rest(ds)) {
        colouring_init(&col, h, digitset_first(ds));
        for (int c = 0; c < h->lay->ncells; c++)
            if (col.npartners[c] && col.colour[c] < 0 && colour_component(&col, c) &&
                (colour_wrap(&col, out) || colour_trap(&col, out)))
                return 1;
    }
    return 0;
}
