/*
 * tech_uniqueness.c — techniques that use the fact that the puzzle has
 * exactly one solution (the rater checks it before it starts).
 *
 * Unique rectangle. Four open cells at the corners of a rectangle, in two
 * rows, two columns and two blocks, all holding the digits a and b (the
 * "deadly pair"). If the four ended up holding only a and b, they would
 * read a b / b a, and swapping a and b would give a second solution that
 * keeps every row, column and block (none of the four is a given). So at
 * least one corner holds some other digit. The corners holding exactly
 * {a,b} are the floor, the others the roof:
 *   type 1: three floor corners; the roof corner is not a nor b;
 *   type 2: two roof corners, both {a,b,c}: one of them is c, so c leaves
 *           every cell seeing both;
 *   type 3: two roof corners in one house: one of them holds an extra
 *           digit, so their extras act as one virtual cell, which may
 *           complete a naked subset with k-1 other cells of that house;
 *           the subset's k digits leave the rest of the house (rated 0.1
 *           higher per cell beyond the virtual one);
 *   type 4: two roof corners in one house where a can only go in them:
 *           one of them is a, so b in the other would be deadly: b
 *           leaves both.
 * The swap keeps the rules only when every rule is a set of all-different
 * units (no sums or relations) and no unit holds exactly one corner; a
 * unit holding three corners, or two across a diagonal, rules the deadly
 * pattern out by itself, so the techniques stay sound there.
 *
 * BUG+1 (bivalue universal grave). When every open cell has two
 * candidates and every digit has 0 or 2 places in every house, choosing
 * in every cell the candidate a solution does not hold gives another
 * solution: such a grid has no solution or several. When all cells but
 * one are bivalue, and removing digit d from the tri-value one would leave
 * such a grave, the puzzle's one solution must put d there. This needs
 * every rule to be houses (units of N cells), or the swap may break one.
 */
#include "technique.h"

/* The corners (r1c1, r1c2, r2c1, r2c2), the deadly pair, and which
 * corners hold exactly the pair (floor) or more (roof). */
struct rectangle {
    int corners[4];
    digitset pair;
    int nfloor, nroof;
    int floor[4], roof[4];
};

/* 1 when every rule is plain all-different units: swapping digits
 * between cells that share them keeps the rules. */
static int rules_are_units_only(const struct ruleset *rs) { return rs->propagating == 0; }

/* 1 when no unit of the rules holds exactly one of the four cells. */
static int no_unit_holds_one_corner(const struct ruleset *rs, const int *cells)
{
    for (int w = 0; w < rs->unit_words; w++) {
        uint64_t u[4];
        for (int i = 0; i < 4; i++) u[i] = rs->cell_units[(size_t)cells[i] * rs->unit_words + w];
        uint64_t odd = u[0] ^ u[1] ^ u[2] ^ u[3];
        uint64_t two = (u[0] & u[1]) | (u[0] & u[2]) | (u[0] & u[3]) | (u[1] & u[2]) |
                       (u[1] & u[3]) | (u[2] & u[3]);
        if (odd & ~two) return 0;
    }
    return 1;
}

/* 1 when the four cells lie in exactly two blocks (boxes or regions). */
static int in_two_blocks(const struct human_layout *lay, const int *cells)
{
    int blocks[2], nblocks = 0;
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < lay->ncell_houses[cells[i]]; j++) {
            int house = lay->cell_houses[cells[i]][j];
            if (!house_is_block(lay->house_kind[house])) continue;
            if (nblocks > 0 && blocks[0] == house) continue;
            if (nblocks > 1 && blocks[1] == house) continue;
            if (nblocks == 2) return 0;
            blocks[nblocks++] = house;
        }
    return nblocks == 2;
}

/* 1 when a deadly pattern in these corners would give a second solution. */
static int rectangle_is_deadly(const struct human_layout *lay, int r1, int r2, int c1, int c2,
                               const int *cells)
{
    if (lay->line_house[0][r1] < 0 || lay->line_house[0][r2] < 0) return 0;
    if (lay->line_house[1][c1] < 0 || lay->line_house[1][c2] < 0) return 0;
    return rules_are_units_only(lay->rs) && in_two_blocks(lay, cells) &&
           no_unit_holds_one_corner(lay->rs, cells);
}

/* Sorts the corners into floor and roof for the pair. */
static void rectangle_split(const struct human *h, struct rectangle *r, digitset pair)
{
    r->pair = pair;
    r->nfloor = r->nroof = 0;
    for (int i = 0; i < 4; i++) {
        int c = r->corners[i];
        if (h->cand[c] == pair)
            r->floor[r->nfloor++] = c;
        else
            r->roof[r->nroof++] = c;
    }
}

static void add_elim(struct step *out, int cell, digitset digits)
{
    if (out->nelims < STEP_MAX_ELIMS)
        out->elims[out->nelims++] = (struct step_elim){(uint16_t)cell, digits};
}

/* The pattern for the words: the pair, the corners, the house if any. */
static int rectangle_pattern(const struct rectangle *r, int house, struct step *out)
{
    out->digits = r->pair;
    out->ncells = 4;
    for (int i = 0; i < 4; i++) out->cells[i] = (uint16_t)r->corners[i];
    out->nhouses = 0;
    if (house >= 0) out->houses[out->nhouses++] = house;
    return 1;
}

/* The houses holding both cells a and b; returns how many. */
static int shared_houses(const struct human_layout *lay, int a, int b, int *houses)
{
    int n = 0;
    for (int j = 0; j < lay->ncell_houses[a]; j++) {
        int house = lay->cell_houses[a][j];
        if (cellset_has(&lay->house_set[house], b)) houses[n++] = house;
    }
    return n;
}

static int type_one(const struct human *h, const struct rectangle *r, struct step *out)
{
    if (r->nfloor != 3) return 0;
    out->nelims = 0;
    add_elim(out, r->roof[0], r->pair & h->cand[r->roof[0]]);
    return rectangle_pattern(r, -1, out);
}

static int type_two(const struct human *h, const struct rectangle *r, struct step *out)
{
    const struct human_layout *lay = h->lay;
    int a = r->roof[0], b = r->roof[1];
    digitset extra = h->cand[a] & ~r->pair;
    if (h->cand[a] != h->cand[b] || !digitset_is_single(extra)) return 0;
    struct cellset common;
    cellset_and(lay, &lay->peers[a], &lay->peers[b], &common);
    out->nelims = 0;
    for (int c = cellset_next(lay, &common, 0); c >= 0; c = cellset_next(lay, &common, c + 1))
        if (h->cand[c] & extra) add_elim(out, c, extra);
    return out->nelims > 0 && rectangle_pattern(r, -1, out);
}

/* Type 4 in one house: a digit of the pair only in the roof there. */
static int type_four(const struct human *h, const struct rectangle *r, struct step *out)
{
    int houses[HUMAN_MAX_HOUSES_PER_CELL];
    int n = shared_houses(h->lay, r->roof[0], r->roof[1], houses);
    for (int i = 0; i < n; i++)
        for (digitset rest = r->pair; rest; rest = digitset_rest(rest)) {
            int digit = digitset_first(rest);
            if (__builtin_popcount(human_places(h, houses[i], digit)) != 2) continue;
            digitset other = r->pair & ~digitset_of(digit);
            out->nelims = 0;
            add_elim(out, r->roof[0], other);
            add_elim(out, r->roof[1], other);
            return rectangle_pattern(r, houses[i], out);
        }
    return 0;
}

/* Removes digits from the open cells of house outside the roof and the
 * chosen cells (marked in `keep`, by position in the house). */
static void subset_removals(const struct human *h, int house, uint32_t keep, digitset digits,
                            struct step *out)
{
    const uint16_t *cells = h->lay->house_cells[house];
    out->nelims = 0;
    for (int j = 0; j < h->lay->size; j++)
        if (!(keep >> j & 1) && h->cand[cells[j]] & digits)
            add_elim(out, cells[j], h->cand[cells[j]] & digits);
}

/* Type 3 in one house: the virtual cell (the roof's extras) and k-1 other
 * open cells of the house hold k digits in all. */
static int virtual_subset(const struct human *h, const struct rectangle *r, int house, int k,
                          digitset extras, struct step *out)
{
    const uint16_t *cells = h->lay->house_cells[house];
    int open[SL_MAX_SIZE], n = 0, idx[3] = {0, 1, 2};
    uint32_t roof = 0;
    for (int j = 0; j < h->lay->size; j++) {
        int c = cells[j], count = digitset_count(h->cand[c]);
        if (c == r->roof[0] || c == r->roof[1])
            roof |= UINT32_C(1) << j;
        else if (count >= 2 && digitset_count(h->cand[c] | extras) <= k)
            open[n++] = j;
    }
    if (n < k - 1) return 0;
    do {
        digitset digits = extras;
        uint32_t keep = roof;
        for (int i = 0; i < k - 1; i++)
            digits |= h->cand[cells[open[idx[i]]]], keep |= UINT32_C(1) << open[idx[i]];
        if (digitset_count(digits) != k) continue;
        subset_removals(h, house, keep, digits, out);
        if (out->nelims == 0) continue;
        out->rating += 0.1 * (k - 1);
        return rectangle_pattern(r, house, out);
    } while (next_combination(idx, k - 1, n));
    return 0;
}

static int type_three(const struct human *h, const struct rectangle *r, int k, struct step *out)
{
    int houses[HUMAN_MAX_HOUSES_PER_CELL];
    digitset extras = (h->cand[r->roof[0]] | h->cand[r->roof[1]]) & ~r->pair;
    if (digitset_count(extras) > k) return 0;
    int n = shared_houses(h->lay, r->roof[0], r->roof[1], houses);
    for (int i = 0; i < n; i++)
        if (virtual_subset(h, r, houses[i], k, extras, out)) return 1;
    return 0;
}

/* The step of this type (k: type 3's subset size) for the pair, or 0. */
static int rectangle_step(const struct human *h, int type, int k, struct rectangle *r,
                          digitset pair, struct step *out)
{
    rectangle_split(h, r, pair);
    if (type == 1) return type_one(h, r, out);
    if (r->nfloor != 2) return 0;
    if (type == 2) return type_two(h, r, out);
    if (type == 3) return type_three(h, r, k, out);
    return type_four(h, r, out);
}

/* Rectangles in rows r1 and r2: each pair of columns whose four cells
 * share two digits or more, each deadly pair. Columns are filtered first:
 * most hold no two common digits in the two rows. */
static int scan_row_pair(const struct human *h, int type, int k, int r1, int r2, struct step *out)
{
    const struct geometry *g = &h->lay->rs->geo;
    int cols[SL_MAX_SIZE], ncols = 0, bivalue[SL_MAX_SIZE], floors = type == 1 ? 3 : 2;
    digitset both[SL_MAX_SIZE];
    for (int c = 0; c < g->size; c++) {
        digitset a = h->cand[geometry_cell(g, r1, c)], b = h->cand[geometry_cell(g, r2, c)];
        if (digitset_count(a & b) < 2) continue;
        bivalue[ncols] = (digitset_count(a) == 2) + (digitset_count(b) == 2);
        both[ncols] = a & b, cols[ncols++] = c;
    }
    struct rectangle r;
    for (int i = 0; i < ncols; i++)
        for (int j = i + 1; j < ncols; j++) {
            int c1 = cols[i], c2 = cols[j], *corners = r.corners;
            digitset common = both[i] & both[j];
            /* the floor cells hold the pair alone */
            if (digitset_count(common) < 2 || bivalue[i] + bivalue[j] < floors) continue;
            corners[0] = geometry_cell(g, r1, c1), corners[1] = geometry_cell(g, r1, c2);
            corners[2] = geometry_cell(g, r2, c1), corners[3] = geometry_cell(g, r2, c2);
            if (!rectangle_is_deadly(h->lay, r1, r2, c1, c2, corners)) continue;
            for (digitset a = common; a; a = digitset_rest(a))
                for (digitset b = digitset_rest(a); b; b = digitset_rest(b)) {
                    digitset pair = digitset_of(digitset_first(a)) | digitset_of(digitset_first(b));
                    if (rectangle_step(h, type, k, &r, pair, out)) return 1;
                }
        }
    return 0;
}

/* Every step needs floor cells (two; type 1 three), which hold the pair
 * alone: row pairs with fewer bivalue cells between them are skipped. */
static int scan_rectangles(const struct human *h, int type, int k, struct step *out)
{
    const struct geometry *g = &h->lay->rs->geo;
    int n = h->lay->size, bivalue[SL_MAX_SIZE], floors = type == 1 ? 3 : 2;
    for (int r = 0; r < n; r++) {
        bivalue[r] = 0;
        for (int c = 0; c < n; c++)
            bivalue[r] += digitset_count(h->cand[geometry_cell(g, r, c)]) == 2;
    }
    for (int r1 = 0; r1 < n; r1++)
        for (int r2 = r1 + 1; r2 < n; r2++)
            if (bivalue[r1] + bivalue[r2] >= floors && scan_row_pair(h, type, k, r1, r2, out))
                return 1;
    return 0;
}

int find_unique_rectangle(const struct human *h, int param, struct step *out)
{
    if (param < 1 || param > 4) return 0;
    if (param != 3) return scan_rectangles(h, param, 0, out);
    for (int k = 2; k <= 4; k++) /* smallest subset first: the easiest */
        if (scan_rectangles(h, 3, k, out)) return 1;
    return 0;
}

/* The one open cell with three candidates when every other open cell has
 * two, else -1. */
static int tri_value_cell(const struct human *h)
{
    int tri = -1;
    for (int c = 0; c < h->lay->ncells; c++) {
        int count = digitset_count(h->cand[c]);
        if (count == 0 || count == 2) continue;
        if (count != 3 || tri >= 0) return -1;
        tri = c;
    }
    return tri;
}

/* 1 when, without digit in cell tri, every digit has 0 or 2 places in
 * every house. */
static int grave_without(const struct human *h, int tri, int digit)
{
    const struct human_layout *lay = h->lay;
    for (int house = 0; house < lay->nhouses; house++) {
        int holds_tri = cellset_has(&lay->house_set[house], tri);
        for (int d = 1; d <= lay->size; d++) {
            int count = __builtin_popcount(human_places(h, house, d));
            if (holds_tri && d == digit) count--;
            if (count != 0 && count != 2) return 0;
        }
    }
    return 1;
}

int find_bug_plus_one(const struct human *h, int param, struct step *out)
{
    const struct ruleset *rs = h->lay->rs;
    (void)param;
    if (!rules_are_units_only(rs) || rs->nunits != rs->nhouses) return 0;
    int tri = tri_value_cell(h);
    if (tri < 0) return 0;
    for (digitset rest = h->cand[tri]; rest; rest = digitset_rest(rest)) {
        int digit = digitset_first(rest);
        if (!grave_without(h, tri, digit)) continue;
        out->place_cell = tri;
        out->place_digit = digit;
        out->digits = digitset_of(digit);
        out->ncells = 1;
        out->cells[0] = (uint16_t)tri;
        return 1;
    }
    return 0;
}
