/*
 * killer_draw.c — see killer_draw.h. Drawing keeps per cage its cells'
 * count and digits (a bit set); ids are renumbered by first appearance
 * once a draw or a mend is done.
 */
#include "killer_draw.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cage_text.h"
#include "killer_swap.h"
#include "puzzle.h"
#include "rules.h"

/* Draws of one partition before giving up, and draws outside the band of
 * cage counts kept before taking the last: a profile of big or small
 * cages may never land in the band, and a draw costs little against the
 * counts that follow. */
#define KILLER_DRAW_TRIES 100
#define KILLER_DRAW_OUTSIDE 8

/* Per cage id while drawing: its cells and its digits. */
struct kd_cages {
    int size[SL_MAX_CELLS];
    uint32_t digits[SL_MAX_CELLS];
};

static uint32_t kd_bit(const uint8_t *grid, int cell) { return 1u << grid[cell]; }

/* The orthogonal neighbours of cell, starting from a random side when r. */
static int kd_neighbours(const struct killer_draw *d, int cell, struct rng *r, int *out)
{
    int n = d->geo.size, row = cell / n, col = cell % n, k = 0;
    int side[4] = {row > 0 ? cell - n : -1, col < n - 1 ? cell + 1 : -1,
                   row < n - 1 ? cell + n : -1, col > 0 ? cell - 1 : -1};
    int first = r ? (int)rng_below(r, 4) : 0;
    for (int i = 0; i < 4; i++)
        if (side[(first + i) % 4] >= 0) out[k++] = side[(first + i) % 4];
    return k;
}

/* Ids renumbered 0..count-1 by first appearance; count set. */
static void kd_renumber(struct killer_draw *d)
{
    int name[SL_MAX_CELLS + 1], count = 0; /* a mend's fresh id is ncells */
    for (int c = 0; c <= d->geo.ncells; c++) name[c] = -1;
    for (int c = 0; c < d->geo.ncells; c++) {
        int id = d->cage[c];
        if (name[id] < 0) name[id] = count++;
        d->cage[c] = name[id];
    }
    d->count = count;
}

static void kd_tally(const struct killer_draw *d, const uint8_t *grid, struct kd_cages *k)
{
    memset(k->size, 0, sizeof(int) * (size_t)d->geo.ncells);
    memset(k->digits, 0, sizeof(uint32_t) * (size_t)d->geo.ncells);
    for (int c = 0; c < d->geo.ncells; c++)
        k->size[d->cage[c]]++, k->digits[d->cage[c]] |= kd_bit(grid, c);
}

/* 1 when cage id's cells but skip (and skip2) are one connected piece
 * (or none). */
static int kd_connected_without(const struct killer_draw *d, int id, int skip, int skip2)
{
    int stack[SL_MAX_CELLS], top = 0, reached = 0, total = 0, nbs[4];
    uint8_t seen[SL_MAX_CELLS] = {0};
    for (int c = 0; c < d->geo.ncells; c++) {
        if (d->cage[c] != id || c == skip || c == skip2) continue;
        if (total++ == 0) stack[top++] = c, seen[c] = 1;
    }
    while (top > 0) {
        int c = stack[--top], k = kd_neighbours(d, c, NULL, nbs);
        reached++;
        for (int i = 0; i < k; i++) {
            int nb = nbs[i];
            if (!seen[nb] && d->cage[nb] == id && nb != skip && nb != skip2)
                seen[nb] = 1, stack[top++] = nb;
        }
    }
    return reached == total;
}

/* --- drawing ------------------------------------------------------------- */

/* Grows cage id from start toward want cells of distinct digits. */
static void kd_grow(struct killer_draw *d, const uint8_t *grid, struct kd_cages *k, int id,
                    int start, int want, struct rng *r)
{
    int members[SL_MAX_SIZE], count = 1, options[4 * SL_MAX_SIZE], nbs[4];
    members[0] = start, d->cage[start] = id;
    k->size[id] = 1, k->digits[id] = kd_bit(grid, start);
    while (count < want) {
        int n = 0;
        for (int i = 0; i < count; i++) {
            int m = kd_neighbours(d, members[i], NULL, nbs);
            for (int j = 0; j < m; j++)
                if (d->cage[nbs[j]] < 0 && !(k->digits[id] & kd_bit(grid, nbs[j])))
                    options[n++] = nbs[j];
        }
        if (n == 0) break;
        int pick = options[rng_below(r, (uint32_t)n)];
        d->cage[pick] = id, members[count++] = pick;
        k->size[id]++, k->digits[id] |= kd_bit(grid, pick);
    }
}

/* Moves cell from its cage to cage `to`. */
static void kd_move(struct killer_draw *d, const uint8_t *grid, struct kd_cages *k, int cell,
                    int to)
{
    int from = d->cage[cell];
    k->size[from]--, k->digits[from] &= ~kd_bit(grid, cell);
    k->size[to]++, k->digits[to] |= kd_bit(grid, cell);
    d->cage[cell] = to;
}

/* Cage id (under low cells) merged whole into a neighbouring cage when
 * the two fit in high cells with distinct digits: 1, else 0. */
static int kd_merge_small(struct killer_draw *d, const uint8_t *grid, struct kd_cages *k, int id)
{
    int nbs[4];
    for (int c = 0; c < d->geo.ncells; c++) {
        if (d->cage[c] != id) continue;
        int m = kd_neighbours(d, c, NULL, nbs);
        for (int j = 0; j < m; j++) {
            int other = d->cage[nbs[j]];
            if (other == id || k->size[other] + k->size[id] > d->high ||
                (k->digits[other] & k->digits[id]))
                continue;
            for (int x = 0; x < d->geo.ncells; x++)
                if (d->cage[x] == id) kd_move(d, grid, k, x, other);
            return 1;
        }
    }
    return 0;
}

/* Cage id fed one cell from a neighbouring cage that keeps more than low
 * cells and stays connected: 1, else 0. */
static int kd_feed(struct killer_draw *d, const uint8_t *grid, struct kd_cages *k, int id)
{
    int nbs[4];
    for (int c = 0; c < d->geo.ncells; c++) {
        if (d->cage[c] != id) continue;
        int m = kd_neighbours(d, c, NULL, nbs);
        for (int j = 0; j < m; j++) {
            int nb = nbs[j], other = d->cage[nb];
            if (other == id || k->size[other] <= d->low || (k->digits[id] & kd_bit(grid, nb)) ||
                !kd_connected_without(d, other, nb, -1))
                continue;
            kd_move(d, grid, k, nb, id);
            return 1;
        }
    }
    return 0;
}

/* One draw: 0, or -1 when a cage could not be brought up to low cells. */
static int kd_draw_once(struct killer_draw *d, const uint8_t *grid, struct rng *r)
{
    struct kd_cages k;
    int order[SL_MAX_CELLS], ids = 0, ncells = d->geo.ncells;
    for (int c = 0; c < ncells; c++) order[c] = c, d->cage[c] = -1;
    rng_shuffle_ints(r, order, ncells);
    for (int i = 0; i < ncells; i++) {
        if (d->cage[order[i]] >= 0) continue;
        int want = d->sizes[rng_below(r, (uint32_t)d->nsizes)];
        want = want < d->low ? d->low : want > d->high ? d->high : want;
        kd_grow(d, grid, &k, ids++, order[i], want, r);
    }
    for (int id = 0; id < ids; id++) {
        if (k.size[id] == 0 || k.size[id] >= d->low || kd_merge_small(d, grid, &k, id)) continue;
        while (k.size[id] < d->low)
            if (!kd_feed(d, grid, &k, id)) return -1;
    }
    kd_renumber(d);
    return 0;
}

int killer_draw_partition(struct killer_draw *d, const uint8_t *grid, struct rng *r)
{
    int outside = 0, last[SL_MAX_CELLS];
    for (int t = 0; t < KILLER_DRAW_TRIES; t++) {
        if (kd_draw_once(d, grid, r)) continue;
        if (d->count >= d->fewest && d->count <= d->most) return 0;
        memcpy(last, d->cage, sizeof(int) * (size_t)d->geo.ncells);
        if (++outside >= KILLER_DRAW_OUTSIDE) return 0;
    }
    if (outside == 0) return -1;
    memcpy(d->cage, last, sizeof(int) * (size_t)d->geo.ncells);
    kd_renumber(d);
    return 0;
}

/* --- mending ------------------------------------------------------------- */

/* The cell and a neighbour of its cage made a cage of their own. */
static int kd_cut(struct killer_draw *d, const uint8_t *grid, const struct kd_cages *k, int cell,
                  struct rng *r)
{
    (void)grid;
    int id = d->cage[cell], nbs[4], m = kd_neighbours(d, cell, r, nbs);
    int rest = k->size[id] - 2, least = d->low > 1 ? d->low : 1;
    if (d->low > 2 || rest < least || d->count >= d->most) return 0;
    for (int j = 0; j < m; j++) {
        if (d->cage[nbs[j]] != id || !kd_connected_without(d, id, cell, nbs[j])) continue;
        d->cage[cell] = d->cage[nbs[j]] = d->geo.ncells; /* a fresh id */
        return 1;
    }
    return 0;
}

/* A neighbouring cage other than `except` that may take cell: fewer than
 * high cells, none with its digit. -1 when none. */
static int kd_taker(const struct killer_draw *d, const uint8_t *grid, const struct kd_cages *k,
                    int cell, int except, struct rng *r)
{
    int nbs[4], m = kd_neighbours(d, cell, r, nbs);
    for (int j = 0; j < m; j++) {
        int other = d->cage[nbs[j]];
        if (other != d->cage[cell] && other != except && k->size[other] < d->high &&
            !(k->digits[other] & kd_bit(grid, cell)))
            return other;
    }
    return -1;
}

/* The cell moved to a neighbouring cage; its own keeps enough cells. */
static int kd_shift(struct killer_draw *d, const uint8_t *grid, const struct kd_cages *k, int cell,
                    struct rng *r)
{
    int id = d->cage[cell], least = d->low > 1 ? d->low : 1;
    if (k->size[id] - 1 < least || !kd_connected_without(d, id, cell, -1)) return 0;
    int to = kd_taker(d, grid, k, cell, -1, r);
    if (to < 0) return 0;
    d->cage[cell] = to;
    return 1;
}

/* A cage of two cells split between two different neighbouring cages
 * (the two digits the second solution swaps then no longer share one). */
static int kd_part(struct killer_draw *d, const uint8_t *grid, const struct kd_cages *k, int cell,
                   struct rng *r)
{
    int id = d->cage[cell], nbs[4], m = kd_neighbours(d, cell, NULL, nbs), mate = -1;
    if (k->size[id] != 2 || d->count <= d->fewest) return 0;
    for (int j = 0; j < m; j++)
        if (d->cage[nbs[j]] == id) mate = nbs[j];
    int to = kd_taker(d, grid, k, cell, -1, r);
    int mate_to = to < 0 ? -1 : kd_taker(d, grid, k, mate, to, r);
    if (mate_to < 0) return 0;
    d->cage[cell] = to, d->cage[mate] = mate_to;
    return 1;
}

/* The ways a mend may change the cages at a cell, tried in this order. */
typedef int (*kd_mend_fn)(struct killer_draw *d, const uint8_t *grid, const struct kd_cages *k,
                          int cell, struct rng *r);
static const kd_mend_fn kd_mends[] = {kd_cut, kd_shift, kd_part};

/* Mends d at one of the n cells given so that it no longer keeps other:
 * a change that still keeps it (a cell moved in with the digit it trades
 * with) is undone and the next tried. */
static int kd_mend_at(struct killer_draw *d, const uint8_t *grid, const uint8_t *other,
                      const int *cells, int n, struct rng *r)
{
    int order[SL_MAX_CELLS], before[SL_MAX_CELLS];
    size_t bytes = sizeof(int) * (size_t)d->geo.ncells;
    struct kd_cages k;
    memcpy(order, cells, sizeof(int) * (size_t)n);
    memcpy(before, d->cage, bytes);
    kd_tally(d, grid, &k);
    rng_shuffle_ints(r, order, n);
    for (int i = 0; i < n; i++)
        for (size_t m = 0; m < sizeof kd_mends / sizeof kd_mends[0]; m++) {
            if (!kd_mends[m](d, grid, &k, order[i], r)) continue;
            if (!killer_draw_keeps(d, grid, other)) {
                kd_renumber(d);
                return 1;
            }
            memcpy(d->cage, before, bytes);
        }
    return 0;
}

int killer_draw_mend(struct killer_draw *d, const uint8_t *grid, const uint8_t *other,
                     struct rng *r)
{
    int differ[SL_MAX_CELLS], ndiffer = 0;
    for (int c = 0; c < d->geo.ncells; c++)
        if (grid[c] != other[c]) differ[ndiffer++] = c;
    return kd_mend_at(d, grid, other, differ, ndiffer, r);
}

/* --- the puzzle ---------------------------------------------------------- */

size_t killer_draw_text(const struct killer_draw *d, const uint8_t *grid, const char *prefix,
                        char *out, size_t cap)
{
    struct cage_text ct;
    memset(&ct, 0, sizeof ct);
    int sum[SL_MAX_CELLS] = {0};
    for (int c = 0; c < d->geo.ncells; c++) sum[d->cage[c]] += grid[c];
    cage_text_from_parts(&ct, d->geo.ncells, d->cage, sum);
    int at = snprintf(out, cap, "%s", prefix);
    if (at < 0 || (size_t)at >= cap) return 0;
    int more = cage_text_write(&ct, out + at, cap - (size_t)at);
    if (more < 0 || (size_t)(at + more) >= cap) return 0;
    return (size_t)(at + more);
}

int killer_draw_swap(const struct killer_draw *d, const uint8_t *grid, const uint8_t *givens,
                     uint8_t *other)
{
    struct cellmap map;
    cellmap_from_parts(&map, d->geo.ncells, d->cage);
    if (killer_swap_find(&d->geo, grid, &map, other) != 1) return 0;
    /* A swap over a given is no solution of the puzzle with givens. */
    for (int c = 0; givens && c < d->geo.ncells; c++)
        if (givens[c] && other[c] != givens[c]) return 0;
    return 1;
}

/* Up to limit - 1 of the n solutions in found other than grid, into
 * others. */
static void kd_others(const uint8_t *found, int n, const uint8_t *grid, size_t ncells, int limit,
                      uint8_t *others)
{
    for (int i = 0, k = 0; i < n && k < limit - 1; i++)
        if (memcmp(found + (size_t)i * ncells, grid, ncells) != 0)
            memcpy(others + (size_t)k++ * ncells, found + (size_t)i * ncells, ncells);
}

/* Up to `limit` solutions of rs within nodes, as killer_draw_count. */
static int kd_count_rules(const struct ruleset *rs, const uint8_t *grid, const uint8_t *givens,
                          int limit, uint64_t nodes, uint8_t *others, struct search_stats *stats)
{
    struct solver *s = solver_new(rs);
    uint8_t *found = malloc((size_t)limit * (size_t)rs->geo.ncells);
    int n = -2;
    if (s && found) {
        size_t ncells = (size_t)rs->geo.ncells;
        solver_set_node_limit(s, nodes);
        struct search_result r = solver_solutions(s, givens, limit, found, stats);
        n = r.gave_up ? -1 : (int)r.solutions;
        if (n > 1) kd_others(found, n, grid, ncells, limit, others);
    }
    free(found);
    solver_free(s);
    return n;
}

/* d's puzzle (rules prefix, cages, givens) into p; 0, or -1 with err. */
static int kd_puzzle(const struct killer_draw *d, const uint8_t *grid, const char *prefix,
                     const uint8_t *givens, struct puzzle *p, struct sl_error *err)
{
    char text[KILLER_DRAW_TEXT_MAX];
    puzzle_init(p, &d->geo);
    if (killer_draw_text(d, grid, prefix, text, sizeof text) == 0)
        return sl_error_set(err, 0, 0, "the cages' text is too long");
    if (puzzle_add_rules_text(p, text, err)) return -1;
    if (givens) memcpy(p->givens, givens, (size_t)d->geo.ncells);
    return 0;
}

/* The ruleset of p with its givens checked; NULL with err. */
static struct ruleset *kd_rules(const struct puzzle *p, struct sl_error *err)
{
    struct ruleset *rs = ruleset_build(p, err);
    int cell;
    if (rs && ruleset_check_givens(rs, p->givens, &cell, err) == 0) return rs;
    if (rs == NULL && err->msg[0] == '\0') sl_error_set(err, 0, 0, "out of memory");
    ruleset_free(rs);
    return NULL;
}

/* The killer kernel's count of p up to limit within nodes and
 * KILLER_KERNEL_NODES (no ruleset built), grid being a solution: as
 * killer_draw_count (the others are the kernel's first ones); 0 when the
 * kernel cannot answer, and the general search does. */
static int kd_count_kernel(const struct puzzle *p, const uint8_t *grid, int limit, uint64_t nodes,
                           uint8_t *others, struct search_stats *stats, uint64_t *used_out)
{
    struct search_result r;
    uint64_t used = 0;
    size_t ncells = (size_t)p->geo.ncells;
    uint8_t *found = malloc((size_t)limit * ncells);
    int done = found && puzzle_list_quick(p, limit, nodes, &r, &used, found) && r.solutions >= 1 &&
               puzzle_is_solution(p, grid);
    int n = done ? (int)r.solutions : 0;
    if (n > 1) kd_others(found, n, grid, ncells, limit, others);
    stats->nodes += used;
    *used_out = used;
    free(found);
    return n;
}

int killer_draw_count(const struct killer_draw *d, const uint8_t *grid, const char *prefix,
                      const uint8_t *givens, int limit, uint64_t nodes, uint8_t *others,
                      struct search_stats *stats, int *by_kernel, struct sl_error *err)
{
    struct puzzle p;
    int made = kd_puzzle(d, grid, prefix, givens, &p, err) == 0;
    uint64_t used = 0, left;
    int counted =
        made ? kd_count_kernel(&p, grid, limit < 2 ? 2 : limit, nodes, others, stats, &used) : 0;
    if (by_kernel) *by_kernel = counted > 0;
    /* The kernel's nodes are the budget's too: what it spent, the search
     * has not. A kernel that found nothing within all of them may have
     * been given a grid that is no solution: said as such, not as a
     * search that gave up. */
    int more = puzzle_nodes_left(nodes, used, &left);
    if (counted > 0 || (!more && made && puzzle_is_solution(&p, grid))) {
        puzzle_clear(&p);
        return counted > 0 ? counted : -1;
    }
    struct ruleset *rs = made ? kd_rules(&p, err) : NULL;
    /* Counts only ever look for solutions other than grid. */
    if (rs && !puzzle_is_solution(&p, grid)) {
        sl_error_set(err, 0, 0, "the grid is not a solution of the rules");
        ruleset_free(rs), rs = NULL;
    }
    int found = -2;
    if (rs) found = kd_count_rules(rs, grid, p.givens, limit < 2 ? 2 : limit, left, others, stats);
    if (rs && found == -2) sl_error_set(err, 0, 0, "out of memory");
    ruleset_free(rs);
    puzzle_clear(&p);
    return found;
}

int killer_draw_keeps(const struct killer_draw *d, const uint8_t *grid, const uint8_t *other)
{
    /* Ids up to ncells: a mend's fresh id before renumbering. */
    int sum[SL_MAX_CELLS + 1] = {0};
    uint32_t digits[SL_MAX_CELLS + 1] = {0};
    for (int c = 0; c < d->geo.ncells; c++) {
        int id = d->cage[c];
        if (digits[id] & kd_bit(other, c)) return 0;
        digits[id] |= kd_bit(other, c), sum[id] += other[c] - grid[c];
    }
    for (int c = 0; c < d->geo.ncells; c++)
        if (sum[d->cage[c]] != 0) return 0;
    return 1;
}
