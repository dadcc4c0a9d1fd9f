/*
 * killer_layout.c — see core/engine/killer_layout.h.
 *
 * A move touches two or three cages, and a cage lies in at most a few
 * houses, so a patch redoes those cages' combinations (cached per size
 * and sum: the walk meets the same few again and again) and those
 * houses' inside sums, never the whole layout.
 */
#include "killer_layout.h"

#include <stdlib.h>
#include <string.h>

#include "cage_combos.h"

#define KL_HOUSES_MAX (3 * SL_MAX_SIZE)
#define KL_SUMS (CAGE_SUM_MAX + 1)

/* What cage_combos_for says of one cage size and sum, once asked. */
struct kl_combos {
    digitset digits;
    long combos;
    int known;
};

struct killer_layout {
    struct geometry geo;
    int nhouses;
    uint8_t digit[SL_MAX_CELLS];
    int cage[SL_MAX_CELLS];
    int house_of[SL_MAX_CELLS][3]; /* row, column, box (-1: none) */
    int house_cell[KL_HOUSES_MAX][SL_MAX_SIZE];
    struct killer_layout_house house[KL_HOUSES_MAX];
    int ids; /* cages[0..ids) */
    struct killer_layout_cage *cages;
    struct kl_combos *cache; /* [size * KL_SUMS + sum], sizes 0..N */
};

/* The combinations of a cage of size cells summing to sum, from the
 * cache. 0, or -1 when out of memory. */
static int kl_combos(struct killer_layout *kl, int size, int sum, struct kl_combos *out)
{
    int n = kl->geo.size;
    memset(out, 0, sizeof *out);
    if (size < 1 || size > n || sum < 1 || sum > CAGE_SUM_MAX) return 0;
    struct kl_combos *entry = &kl->cache[size * KL_SUMS + sum];
    if (!entry->known) {
        long count = cage_combos_for(n, size, sum, NULL, 0);
        digitset *list = count > 0 ? malloc((size_t)count * sizeof *list) : NULL;
        if (count > 0 && list == NULL) return -1;
        cage_combos_for(n, size, sum, list, count);
        entry->digits = 0;
        for (long i = 0; i < count; i++) entry->digits |= list[i];
        free(list);
        entry->combos = count;
        entry->known = 1;
    }
    *out = *entry;
    return 0;
}

/* Cage id's digits and combinations from its size and sum. */
static int kl_refresh_cage(struct killer_layout *kl, int id)
{
    struct killer_layout_cage *cage = &kl->cages[id];
    struct kl_combos combos;
    if (kl_combos(kl, cage->size, cage->sum, &combos)) return -1;
    cage->digits = combos.digits;
    cage->combos = combos.combos;
    return 0;
}

/* Room for ids up to id (new ones empty). 0, or -1. */
static int kl_reserve(struct killer_layout *kl, int id)
{
    if (id < kl->ids) return 0;
    int want = kl->ids ? kl->ids : 64;
    while (want <= id) want *= 2;
    struct killer_layout_cage *grown = realloc(kl->cages, (size_t)want * sizeof *grown);
    if (grown == NULL) return -1;
    memset(grown + kl->ids, 0, (size_t)(want - kl->ids) * sizeof *grown);
    kl->cages = grown;
    kl->ids = want;
    return 0;
}

/* House h's inside sums: each cage met in it whose cells all lie in it. */
static void kl_refresh_house(struct killer_layout *kl, int h)
{
    int n = kl->geo.size, seen[SL_MAX_SIZE], in_house[SL_MAX_SIZE], nseen = 0;
    for (int i = 0; i < n; i++) {
        int id = kl->cage[kl->house_cell[h][i]], j = 0;
        while (j < nseen && seen[j] != id) j++;
        if (j == nseen) seen[nseen] = id, in_house[nseen++] = 0;
        in_house[j]++;
    }
    struct killer_layout_house *house = &kl->house[h];
    house->inside_cells = house->inside_sum = 0;
    for (int j = 0; j < nseen; j++) {
        const struct killer_layout_cage *cage = &kl->cages[seen[j]];
        if (cage->size != in_house[j]) continue;
        house->inside_cells += cage->size;
        house->inside_sum += cage->sum;
    }
}

static void kl_list_houses(struct killer_layout *kl)
{
    const struct geometry *g = &kl->geo;
    int n = g->size, filled[KL_HOUSES_MAX] = {0};
    kl->nhouses = g->box_rows ? 3 * n : 2 * n;
    for (int c = 0; c < g->ncells; c++) {
        int box = geometry_box(g, c);
        kl->house_of[c][0] = geometry_row(g, c);
        kl->house_of[c][1] = n + geometry_col(g, c);
        kl->house_of[c][2] = box < 0 ? -1 : 2 * n + box;
        for (int k = 0; k < 3; k++) {
            int h = kl->house_of[c][k];
            if (h >= 0) kl->house_cell[h][filled[h]++] = c;
        }
    }
}

struct killer_layout *killer_layout_new(const struct geometry *g, const uint8_t *grid,
                                        const int *cage)
{
    struct killer_layout *kl = calloc(1, sizeof *kl);
    if (kl == NULL) return NULL;
    kl->geo = *g;
    kl->cache = calloc((size_t)(g->size + 1) * KL_SUMS, sizeof *kl->cache);
    int ok = kl->cache != NULL;
    for (int c = 0; ok && c < g->ncells; c++) {
        ok = grid[c] >= 1 && grid[c] <= g->size && cage[c] >= 1 &&
             cage[c] <= KILLER_LAYOUT_ID_MAX && kl_reserve(kl, cage[c]) == 0;
        if (!ok) break;
        kl->digit[c] = grid[c];
        kl->cage[c] = cage[c];
        kl->cages[cage[c]].size++;
        kl->cages[cage[c]].sum += grid[c];
    }
    for (int id = 1; ok && id < kl->ids; id++)
        ok = kl->cages[id].size == 0 || kl_refresh_cage(kl, id) == 0;
    if (!ok) {
        killer_layout_free(kl);
        return NULL;
    }
    kl_list_houses(kl);
    for (int h = 0; h < kl->nhouses; h++) kl_refresh_house(kl, h);
    return kl;
}

void killer_layout_free(struct killer_layout *kl)
{
    if (kl == NULL) return;
    free(kl->cages);
    free(kl->cache);
    free(kl);
}

size_t killer_layout_bytes(const struct killer_layout *kl)
{
    return sizeof *kl + (size_t)kl->ids * sizeof kl->cages[0] +
           (size_t)(kl->geo.size + 1) * KL_SUMS * sizeof kl->cache[0];
}

/* Whether id is among touched[0..n). */
static int kl_among(const int *touched, int n, int id)
{
    for (int i = 0; i < n; i++)
        if (touched[i] == id) return 1;
    return 0;
}

/* The houses of every cell whose cage is among touched, redone. */
static void kl_refresh_houses_of(struct killer_layout *kl, const int *touched, int ntouched)
{
    uint8_t marked[KL_HOUSES_MAX] = {0};
    for (int c = 0; c < kl->geo.ncells; c++) {
        if (!kl_among(touched, ntouched, kl->cage[c])) continue;
        for (int k = 0; k < 3; k++)
            if (kl->house_of[c][k] >= 0) marked[kl->house_of[c][k]] = 1;
    }
    for (int h = 0; h < kl->nhouses; h++)
        if (marked[h]) kl_refresh_house(kl, h);
}

int killer_layout_assign(struct killer_layout *kl, const int *cells, int count, int id)
{
    if (id < 1 || id > KILLER_LAYOUT_ID_MAX || count < 0 || count > kl->geo.ncells) return -1;
    for (int i = 0; i < count; i++)
        if (cells[i] < 0 || cells[i] >= kl->geo.ncells) return -1;
    if (kl_reserve(kl, id)) return -1;
    int touched[SL_MAX_CELLS + 1], ntouched = 0;
    touched[ntouched++] = id;
    for (int i = 0; i < count; i++) {
        int c = cells[i], from = kl->cage[c];
        if (!kl_among(touched, ntouched, from)) touched[ntouched++] = from;
        kl->cages[from].size--, kl->cages[from].sum -= kl->digit[c];
        kl->cages[id].size++, kl->cages[id].sum += kl->digit[c];
        kl->cage[c] = id;
    }
    int rc = 0;
    for (int i = 0; i < ntouched; i++) rc |= kl_refresh_cage(kl, touched[i]);
    kl_refresh_houses_of(kl, touched, ntouched);
    return rc;
}

const struct geometry *killer_layout_geometry(const struct killer_layout *kl) { return &kl->geo; }

int killer_layout_cage_of(const struct killer_layout *kl, int cell) { return kl->cage[cell]; }

int killer_layout_count(const struct killer_layout *kl)
{
    int count = 0;
    for (int id = 1; id < kl->ids; id++) count += kl->cages[id].size > 0;
    return count;
}

struct killer_layout_cage killer_layout_cage(const struct killer_layout *kl, int id)
{
    struct killer_layout_cage none = {0, 0, 0, 0};
    return id >= 1 && id < kl->ids ? kl->cages[id] : none;
}

int killer_layout_houses(const struct killer_layout *kl) { return kl->nhouses; }

struct killer_layout_house killer_layout_house(const struct killer_layout *kl, int house)
{
    return kl->house[house];
}

int killer_layout_parts(const struct killer_layout *kl, int *part, int *first_cell)
{
    /* A cage is most often the one of the cell to the left or above, so
     * those are asked before the parts met so far are searched. */
    int nparts = 0, ncells = kl->geo.ncells, n = kl->geo.size;
    for (int c = 0; c < ncells; c++) {
        int id = kl->cage[c];
        if (c % n > 0 && kl->cage[c - 1] == id) {
            part[c] = part[c - 1];
            continue;
        }
        if (c >= n && kl->cage[c - n] == id) {
            part[c] = part[c - n];
            continue;
        }
        int p = 0;
        while (p < nparts && kl->cage[first_cell[p]] != id) p++;
        if (p == nparts) first_cell[nparts++] = c;
        part[c] = p;
    }
    return nparts;
}

void killer_layout_text(const struct killer_layout *kl, struct cage_text *ct)
{
    int part[SL_MAX_CELLS], first_cell[SL_MAX_CELLS], sum[SL_MAX_CELLS];
    int nparts = killer_layout_parts(kl, part, first_cell);
    for (int p = 0; p < nparts; p++) sum[p] = kl->cages[kl->cage[first_cell[p]]].sum;
    cage_text_from_parts(ct, kl->geo.ncells, part, sum);
}

int killer_layout_equal(const struct killer_layout *a, const struct killer_layout *b)
{
    const struct geometry *g = &a->geo;
    if (g->size != b->geo.size || g->box_rows != b->geo.box_rows || a->nhouses != b->nhouses)
        return 0;
    if (memcmp(a->digit, b->digit, (size_t)g->ncells) ||
        memcmp(a->cage, b->cage, (size_t)g->ncells * sizeof a->cage[0]))
        return 0;
    for (int c = 0; c < g->ncells; c++) {
        struct killer_layout_cage x = a->cages[a->cage[c]], y = b->cages[b->cage[c]];
        if (x.size != y.size || x.sum != y.sum || x.digits != y.digits || x.combos != y.combos)
            return 0;
    }
    if (killer_layout_count(a) != killer_layout_count(b)) return 0;
    for (int h = 0; h < a->nhouses; h++)
        if (a->house[h].inside_cells != b->house[h].inside_cells ||
            a->house[h].inside_sum != b->house[h].inside_sum)
            return 0;
    return 1;
}
