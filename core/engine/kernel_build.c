/*
 * kernel_build.c — the classic kernel's tables (kernel.h): whether a
 * ruleset has the kernel's shape (the classic houses in their fixed
 * layout, the diagonals or four windows, two-cell units), checked
 * against the ruleset's own lists, and each cell's peers, houses and
 * crossings as the propagation (kernel.c) reads them.
 */
#include <stdlib.h>
#include <string.h>

#include "intersect.h"
#include "kernel_internal.h"

/* --- Building ------------------------------------------------------------ */

/* A cell's row segment (kind 0; segment s is cells 3s to 3s + 2) or
 * column segment (kind 1; 27 + 3c + b for column c within band b). */
static int kernel_segment(int cell, int kind)
{
    return kind == 0 ? cell / 9 * 3 + cell % 9 / 3 : K_SEGMENTS / 2 + cell % 9 * 3 + cell / 27;
}

/* Finds the `want` segments that `cells` (count = 3 * want) is made of,
 * all of rows or all of columns; returns 0, or -1 when it is not so. */
static int kernel_cover(const uint16_t *cells, int count, uint8_t *out, int want)
{
    for (int kind = 0; kind < 2; kind++) {
        int found = 0;
        for (int i = 0; i < count; i++) {
            int seg = kernel_segment(cells[i], kind), known = 0;
            for (int j = 0; j < found; j++) known |= out[j] == seg;
            if (known) continue;
            if (found == want) {
                found = -1;
                break;
            }
            out[found++] = (uint8_t)seg;
        }
        if (found != want) continue;
        int inside = 0; /* cells of the part found in its segments */
        for (int i = 0; i < count; i++)
            for (int j = 0; j < want; j++) inside += kernel_segment(cells[i], kind) == out[j];
        if (inside == count) return 0;
    }
    return -1;
}

/* Whether crossing i's shared cells are segment i, and its two other
 * parts the rest of its line and the rest of its box in the segments'
 * blocks of nine (kernel_fires reads them so). */
static int kernel_crossing_fits(const struct kernel_crossing *x, int i)
{
    int base = i / 9 * 9, line = i % 9 / 3, box = i % 3;
    int line_rest = (1 << (3 * line + (box + 1) % 3)) | (1 << (3 * line + (box + 2) % 3));
    int box_rest = (1 << (3 * ((line + 1) % 3) + box)) | (1 << (3 * ((line + 2) % 3) + box));
    int a = 0, b = 0;
    for (int j = 0; j < 2; j++) {
        if (x->seg[1 + j] < base || x->seg[1 + j] >= base + 9) return 0;
        if (x->seg[3 + j] < base || x->seg[3 + j] >= base + 9) return 0;
        a |= 1 << (x->seg[1 + j] - base);
        b |= 1 << (x->seg[3 + j] - base);
    }
    return x->seg[0] == i &&
           ((a == line_rest && b == box_rest) || (a == box_rest && b == line_rest));
}

/* The extra houses rs has past the classic 27 (0; K_DIAGONALS when they
 * may be X sudoku's diagonals: kernel_fill checks their cells; or
 * K_WINDOWS, any four, such as windoku's windows, whose crossings share
 * two to four cells), or -1 when its shape is not the kernel's. Units
 * past the houses must have two cells (the differ rule's pairs): the
 * general path only prunes a placed digit from such a unit's other cell,
 * as from any peer (no hidden singles, which it looks for in houses
 * alone, and no box-line, as a pair shares two cells with a house only
 * when it lies inside it, which intersections_build skips; the count of
 * classic crossings checks it). */
static int kernel_shape_fits(const struct ruleset *rs)
{
    int nx = rs->nhouses - K_HOUSES;
    if (nx != 0 && nx != K_DIAGONALS && nx != K_WINDOWS) return -1;
    if (rs->geo.size != K_SIZE || rs->all != K_ALL || rs->solved_offset != K_SOLVED_OFFSET ||
        rs->propagating != 0 || rs->ngroups != 0 || rs->state_bytes != K_BOARDS_AT(nx))
        return -1;
    for (int u = 0; u <= rs->nhouses; u++)
        if (rs->unit_start[u] != u * K_SIZE) return -1;
    for (int u = rs->nhouses; u < rs->nunits; u++)
        if (rs->unit_start[u + 1] - rs->unit_start[u] != 2) return -1;
    int classic = 0, extra = 0;
    for (int i = 0; i < rs->nintersections; i++) {
        const struct intersection *x = &rs->intersections[i];
        int three = x->shared == 3 && x->only_a == K_PART && x->only_b == K_PART;
        if (!x->a_is_house || !x->b_is_house) return -1;
        if (x->b < K_HOUSES) {
            classic++;
            if (!three) return -1;
        } else {
            extra++;
            if (nx == K_DIAGONALS ? !three
                                  : x->shared > K_WINDOW_SHARED || x->only_a != x->only_b ||
                                        x->shared + x->only_a != K_SIZE)
                return -1;
        }
    }
    if (classic != K_CROSSINGS ||
        (nx == K_DIAGONALS ? extra != K_DIAGONAL_CROSSINGS : extra > K_WINDOW_CROSSINGS))
        return -1;
    return nx;
}

static void cells_add(struct kernel_cells *set, int cell)
{
    set->w[cell >> 6] |= UINT64_C(1) << (cell & 63);
}

/* Bit 0 when cell lies on the falling diagonal, bit 1 on the rising one. */
static int kernel_diagonals_of(int cell)
{
    return (cell / 9 == cell % 9) | (cell / 9 + cell % 9 == K_SIZE - 1) << 1;
}

static int cells_has(const struct kernel_cells *set, int cell)
{
    return (int)(set->w[cell >> 6] >> (cell & 63) & 1);
}

/* Each cell's partners: the other cell of each two-cell unit holding it. */
static void kernel_fill_partners(struct kernel *k, const struct ruleset *rs)
{
    memset(k->partner_set, 0, sizeof k->partner_set);
    k->partners = rs->nunits > rs->nhouses;
    for (int u = rs->nhouses; u < rs->nunits; u++) {
        int a = rs->unit_cells[rs->unit_start[u]], b = rs->unit_cells[rs->unit_start[u] + 1];
        cells_add(&k->partner_set[a], b);
        cells_add(&k->partner_set[b], a);
    }
}

/* The peer sets of each cell (the extra houses' by k->on_extra, and
 * the partners), checked against the ruleset's peer lists: the same
 * cells, each once. */
static int kernel_fill_peers(struct kernel *k, const struct ruleset *rs)
{
    kernel_fill_partners(k, rs);
    memset(k->peer_set, 0, sizeof k->peer_set);
    for (int c = 0; c < K_CELLS; c++) {
        int count = 0;
        for (int p = 0; p < K_CELLS; p++)
            if (p != c &&
                (p / 9 == c / 9 || p % 9 == c % 9 || (p / 27 == c / 27 && p % 9 / 3 == c % 9 / 3) ||
                 (k->on_extra[p] & k->on_extra[c]) || cells_has(&k->partner_set[c], p))) {
                cells_add(&k->peer_set[c], p);
                count++;
            }
        if (rs->peer_start[c + 1] - rs->peer_start[c] != count) return -1;
        for (int i = rs->peer_start[c]; i < rs->peer_start[c + 1]; i++) {
            int p = rs->peers[i];
            if (!cells_has(&k->peer_set[c], p)) return -1;
        }
    }
    return 0;
}

/* Every crossing of each block holding one of `crossings`. */
static uint64_t kernel_blocks_of_crossings(uint64_t crossings)
{
    uint64_t blocks = 0;
    for (int b = 0; b < 6; b++)
        if (crossings >> 9 * b & 0x1ff) blocks |= (uint64_t)0x1ff << 9 * b;
    return blocks;
}

/* The diagonals' houses (27 falling, 28 rising, cells in any order) and
 * their crossings with boxes, intersections 54 to 59 of rs, checked. */
static int kernel_fill_diagonals(struct kernel *k, const struct ruleset *rs)
{
    for (int d = 0; d < K_DIAGONALS; d++)
        for (int i = 0; i < K_SIZE; i++) {
            int cell = rs->unit_cells[(K_HOUSES + d) * K_SIZE + i];
            if (!(kernel_diagonals_of(cell) >> d & 1)) return -1;
            cells_add(&k->house_set[K_HOUSES + d], cell);
        }
    for (int i = 0; i < K_DIAGONAL_CROSSINGS; i++) {
        const struct intersection *x = &rs->intersections[K_CROSSINGS + i];
        struct kernel_diagonal_crossing *kx = &k->diagonal_crossings[i];
        if (x->a < 2 * K_SIZE || x->a >= K_HOUSES || x->b < K_HOUSES) return -1;
        const uint16_t *cells = rs->intersection_cells + x->start;
        for (int j = 0; j < 3; j++) kx->shared[j] = (uint8_t)cells[j];
        for (int j = 0; j < K_PART; j++) {
            kx->only_a[j] = (uint8_t)cells[3 + j];
            kx->only_b[j] = (uint8_t)cells[3 + K_PART + j];
        }
        kx->units = UINT64_C(1) << x->a | UINT64_C(1) << x->b;
    }
    return 0;
}

/* The windows (houses 27 to 30, any cells) and every crossing with one
 * of them (kernel_shape_fits checked their sizes). */
static void kernel_fill_windows(struct kernel *k, const struct ruleset *rs)
{
    for (int w = 0; w < K_WINDOWS; w++)
        for (int i = 0; i < K_SIZE; i++) {
            int cell = rs->unit_cells[(K_HOUSES + w) * K_SIZE + i];
            k->window_cells[w][i] = (uint8_t)cell;
            cells_add(&k->house_set[K_HOUSES + w], cell);
        }
    k->window_crossings = 0;
    for (int i = 0; i < rs->nintersections; i++) {
        const struct intersection *x = &rs->intersections[i];
        if (x->b < K_HOUSES) continue;
        struct kernel_window_crossing *kx = &k->window_crossing[k->window_crossings++];
        const uint16_t *cells = rs->intersection_cells + x->start;
        kx->shared = (uint8_t)x->shared;
        kx->part = (uint8_t)x->only_a;
        for (int j = 0; j < x->shared; j++) kx->shared_cells[j] = (uint8_t)cells[j];
        for (int j = 0; j < x->only_a; j++) {
            kx->only_a[j] = (uint8_t)cells[x->shared + j];
            kx->only_b[j] = (uint8_t)cells[x->shared + x->only_a + j];
        }
        kx->units = UINT64_C(1) << x->a | UINT64_C(1) << x->b;
    }
}

/* Each cell's houses: the classic three, and the extra ones as bits. */
static int kernel_fill_houses(struct kernel *k, const struct ruleset *rs)
{
    for (int c = 0; c < K_CELLS; c++) {
        /* Only the houses: the pairs (past them, in the first word and
         * beyond) are never due for anything in the kernel. */
        k->cell_units[c] =
            rs->cell_units[(size_t)c * (size_t)rs->unit_words] & K_HOUSES_MASK(k->extra);
        k->on_extra[c] = (uint8_t)(k->cell_units[c] >> K_HOUSES);
        uint64_t units = k->cell_units[c] & K_HOUSE_MASK;
        if (__builtin_popcountll(units) != 3 ||
            (k->extra == K_DIAGONALS && k->on_extra[c] != kernel_diagonals_of(c)))
            return -1;
        for (int j = 0; j < 3; j++, units &= units - 1)
            k->houses[c][j] = (uint8_t)__builtin_ctzll(units);
    }
    return 0;
}

/* The crossings of unit u among the classic ones, numbered as the
 * kernel numbers them: `number` maps rs's intersections to those
 * numbers (-1 for the extra houses' crossings). */
static uint64_t kernel_classic_crossings_of(const struct ruleset *rs, const int *number, int u)
{
    const uint64_t *of = rs->unit_intersections + (size_t)u * (size_t)rs->intersection_words;
    uint64_t crossings = 0;
    for (int i = 0; i < rs->nintersections; i++)
        if (number[i] >= 0 && (of[i >> 6] >> (i & 63) & 1)) crossings |= UINT64_C(1) << number[i];
    return crossings;
}

static int kernel_fill(struct kernel *k, const struct ruleset *rs)
{
    if (kernel_fill_houses(k, rs) || kernel_fill_peers(k, rs)) return -1;
    static const uint8_t *const steps[3] = {k_row_steps, k_column_steps, k_box_steps};
    memset(k->house_set, 0, sizeof k->house_set);
    if (k->extra == K_DIAGONALS && kernel_fill_diagonals(k, rs)) return -1;
    if (k->extra == K_WINDOWS) kernel_fill_windows(k, rs);
    /* The classic crossings come in the same order with or without the
     * extra houses' between them: kernel_shape_fits counted them. */
    int number[K_CROSSINGS + K_WINDOW_CROSSINGS], classic_at[K_CROSSINGS], found = 0;
    for (int i = 0; i < rs->nintersections; i++) {
        number[i] = rs->intersections[i].b < K_HOUSES ? found : -1;
        if (number[i] >= 0) classic_at[found++] = i;
    }
    for (int u = 0; u < K_HOUSES; u++) {
        for (int i = 0; i < K_SIZE; i++) {
            int cell = k_house_first[u] + steps[u / K_SIZE][i];
            if (rs->unit_cells[u * K_SIZE + i] != cell) return -1;
            cells_add(&k->house_set[u], cell);
        }
        uint64_t crossings = kernel_classic_crossings_of(rs, number, u);
        if (kernel_crossings_of(UINT64_C(1) << u) != crossings ||
            kernel_blocks_of(UINT64_C(1) << u) != kernel_blocks_of_crossings(crossings))
            return -1;
    }
    for (int i = 0; i < K_CROSSINGS; i++) {
        const struct intersection *x = &rs->intersections[classic_at[i]];
        const uint16_t *shared = rs->intersection_cells + x->start;
        const uint16_t *only_a = shared + x->shared, *only_b = only_a + x->only_a;
        struct kernel_crossing *kx = &k->crossings[i];
        if (kernel_cover(shared, 3, kx->seg, 1) || kernel_cover(only_a, K_PART, kx->seg + 1, 2) ||
            kernel_cover(only_b, K_PART, kx->seg + 3, 2) || !kernel_crossing_fits(kx, i))
            return -1;
        for (int j = 0; j < K_PART; j++) {
            kx->only_a[j] = (uint8_t)only_a[j];
            kx->only_b[j] = (uint8_t)only_b[j];
        }
        for (int j = 0; j < 5; j++) {
            int seg = kx->seg[j], column = (seg - K_SEGMENTS / 2) / 3;
            int row_kind = seg < K_SEGMENTS / 2;
            kx->first[j] =
                (uint8_t)(row_kind ? 3 * seg : 27 * ((seg - K_SEGMENTS / 2) % 3) + column);
            kx->step[j] = (uint8_t)(row_kind ? 1 : K_SIZE);
        }
    }
    return 0;
}

struct kernel *kernel_new(const struct ruleset *rs)
{
    int nx = kernel_shape_fits(rs);
    if (nx < 0) return NULL;
    struct kernel *k = malloc(sizeof *k);
    if (k != NULL) k->extra = nx;
    if (k != NULL && kernel_fill(k, rs) != 0) {
        free(k);
        k = NULL;
    }
    return k;
}

void kernel_free(struct kernel *k) { free(k); }

size_t kernel_state_bytes(void) { return sizeof(struct kernel_boards); }
int kernel_boards_agree(const struct ruleset *rs, const void *state)
{
    if (rs->kernel == NULL) return 0;
    const digitset *cand = state;
    const struct kernel_boards *b = kernel_boards_read(cand, rs->kernel->extra);
    for (int d = 0; d < K_SIZE; d++) {
        if (b->board[d].w[1] >> (K_CELLS - 64)) return 0; /* past the last cell */
        for (int c = 0; c < K_CELLS; c++) {
            int on_board = (int)(b->board[d].w[c >> 6] >> (c & 63) & 1);
            if (on_board != (int)(cand[c] >> (d + 1) & 1)) return 0;
        }
    }
    return 1;
}

int kernel_disabled(void)
{
    const char *v = getenv("SUDOLAB_GENERAL_ENGINE");
    return v != NULL && v[0] != '\0' && !(v[0] == '0' && v[1] == '\0');
}
