/*
 * cage_sums.c — see cage_sums.h. The set itself: its houses' index, the
 * sums added to it with their lists of combinations and their links to
 * the houses they meet, retotalling, and what the rater reads of it. The
 * pruning that reads this layout is in cage_sums_prune.c (and its bounds
 * and exact walk in cage_sums_bounds.c and cage_sums_exact.c).
 */
#include <stdlib.h>
#include <string.h>

#include "cage_combos.h"
#include "cage_sums_internal.h"
#include "vec.h"

/* Each cell's houses, for sum_set_link: a house meets a sum through the
 * sum's cells, so linking costs the sum's cells' houses, not all houses. */
static void sum_set_index_houses(struct sum_set *s)
{
    size_t total = (size_t)s->nhouses * (size_t)s->size;
    int ncells = s->size * s->size; /* houses hold the grid's cells alone */
    memset(s->cell_house_start, 0, sizeof s->cell_house_start);
    for (size_t k = 0; k < total; k++) s->cell_house_start[s->house_cells[k] + 1]++;
    for (int c = 0; c < ncells; c++) s->cell_house_start[c + 1] += s->cell_house_start[c];
    uint16_t next[SL_MAX_CELLS];
    memcpy(next, s->cell_house_start, (size_t)ncells * sizeof next[0]);
    for (size_t k = 0; k < total; k++)
        s->cell_houses[next[s->house_cells[k]]++] = (uint16_t)(k / (size_t)s->size);
}

/* An empty set of N-cell houses whose cells the caller fills in. */
static struct sum_set *sum_set_alloc(int size, int nhouses, struct sl_error *err)
{
    size_t cells = (size_t)nhouses * (size_t)size + 1;
    struct sum_set *s = calloc(1, sizeof *s);
    if (s) {
        s->house_cells = malloc(cells * sizeof *s->house_cells);
        s->cell_houses = malloc(cells * sizeof *s->cell_houses);
        s->inside_of = calloc((size_t)nhouses + 1, sizeof *s->inside_of);
        s->touched = malloc(((size_t)nhouses + 1) * sizeof *s->touched);
    }
    if (s == NULL || !s->house_cells || !s->cell_houses || !s->inside_of || !s->touched) {
        sum_set_free(s);
        sl_error_set(err, 0, 0, "out of memory");
        return NULL;
    }
    s->size = size;
    s->nhouses = nhouses;
    s->subsets = digit_subsets_of(size);
    s->broad = SUM_GROUPS_BROAD;
    memset(s->place, -1, sizeof s->place);
    memset(s->last_by_first, -1, sizeof s->last_by_first);
    memset(s->last_by_list, -1, sizeof s->last_by_list);
    return s;
}

struct sum_set *sum_set_new(const struct rule_builder *b, struct sl_error *err)
{
    int size = rules_geometry(b)->size, nhouses = rules_house_count(b), cells[SL_MAX_SIZE];
    struct sum_set *s = sum_set_alloc(size, nhouses, err);
    if (s == NULL) return NULL;
    for (int h = 0; h < nhouses; h++) {
        rules_house_cells(b, h, cells);
        for (int k = 0; k < size; k++) s->house_cells[h * size + k] = (uint16_t)cells[k];
    }
    sum_set_index_houses(s);
    return s;
}

void sum_set_free(struct sum_set *s)
{
    if (s == NULL) return;
    free(s->items);
    free(s->cells);
    free(s->group);
    free(s->weight);
    free(s->combos);
    free(s->house_cells);
    free(s->cell_houses);
    free(s->inside_of);
    free(s->touched);
    free(s->links);
    free(s->outside);
    free(s->layouts);
    free(s->lacks);
    free(s->has);
    free(s);
}

struct sum_set *sum_set_new_like(const struct sum_set *model, struct sl_error *err)
{
    size_t cells = (size_t)model->nhouses * (size_t)model->size;
    struct sum_set *s = sum_set_alloc(model->size, model->nhouses, err);
    if (s == NULL) return NULL;
    memcpy(s->house_cells, model->house_cells, cells * sizeof *s->house_cells);
    memcpy(s->cell_houses, model->cell_houses, cells * sizeof *s->cell_houses);
    memcpy(s->cell_house_start, model->cell_house_start, sizeof s->cell_house_start);
    return s;
}

int sum_set_reserve(struct sum_set *s, int sums, int cells, struct sl_error *err)
{
    /* Links, about one a cell of the one-group sums, each list up to a
     * house's cells outside its sum. */
    int links = cells, outside = links * sum_link_room(s);
    if (vec_grow((void **)&s->items, &s->items_cap, sums, sizeof *s->items, err) ||
        vec_grow((void **)&s->cells, &s->cells_cap, cells, sizeof *s->cells, err) ||
        vec_grow((void **)&s->group, &s->group_cap, cells, sizeof *s->group, err) ||
        vec_grow((void **)&s->weight, &s->weight_cap, cells, sizeof *s->weight, err) ||
        vec_grow((void **)&s->links, &s->links_cap, links, sizeof *s->links, err) ||
        vec_grow((void **)&s->outside, &s->outside_cap, outside, sizeof *s->outside, err))
        return -1;
    return 0;
}

void sum_set_list_groups(struct sum_set *s, int broad) { s->broad = broad; }

void sum_set_mirror_differences(struct sum_set *s, int on) { s->mirror = on; }

int sum_set_house_count(const struct sum_set *s) { return s->nhouses; }

int sum_set_size(const struct sum_set *s) { return s->size; }

int sum_set_count(const struct sum_set *s) { return s->nitems; }

size_t sum_set_state_bytes(const struct sum_set *s)
{
    size_t gone = sum_set_keeps_gone(s) ? (size_t)s->nlinks * sizeof(gone_set) : 0;
    return (sum_gone_at(s) + gone + 7) & ~(size_t)7;
}

int sum_set_cells(const struct sum_set *s, int i, int *cells)
{
    const struct sum_item *it = &s->items[i];
    for (int k = 0; k < it->count; k++) cells[k] = s->cells[it->first + k];
    return it->count;
}

const uint16_t *sum_set_cell_list(const struct sum_set *s, int i, int *count)
{
    *count = s->items[i].count;
    return s->cells + s->items[i].first;
}

int sum_set_has(const struct sum_set *s, const int *cells, int count, int total)
{
    if (count < 1) return 0;
    for (int i = s->last_by_first[cells[0]]; i >= 0; i = s->items[i].next_same_first) {
        const struct sum_item *it = &s->items[i];
        if (it->count != count || it->total != total) continue;
        int k = 0;
        while (k < count && s->cells[it->first + k] == cells[k]) k++;
        if (k == count) return 1;
    }
    return 0;
}

static int sum_list_key(const struct sum_item *it)
{
    return (it->count * 31 + it->total) & (SUM_LIST_KEYS - 1);
}

/* Per digit, the combinations of item it's new list that hold it. */
static int sum_set_has_digits(struct sum_set *s, struct sum_item *it, struct sl_error *err)
{
    int words = (int)((it->combo_count + 63) / 64), n = (s->size + 1) * words;
    if (vec_grow((void **)&s->has, &s->has_cap, s->nhas + n, sizeof *s->has, err)) return -1;
    uint64_t *has = s->has + s->nhas;
    it->has_first = s->nhas;
    it->has_words = words;
    s->nhas += n;
    for (int k = 0; k < n; k++) has[k] = 0;
    for (long j = 0; j < it->combo_count; j++)
        for (digitset m = s->combos[it->combo_first + j]; m; m = digitset_rest(m))
            has[digitset_first(m) * words + j / 64] |= UINT64_C(1) << (j % 64);
    return 0;
}

/* Shares the list of an earlier one-group sum of the same size and total. */
static int sum_set_list(struct sum_set *s, struct sum_item *it, struct sl_error *err)
{
    int first = -1;
    for (int i = s->last_by_list[sum_list_key(it)]; i >= 0; i = s->items[i].next_same_list) {
        const struct sum_item *other = &s->items[i];
        if (other->count == it->count && other->total == it->total) first = i;
    }
    if (first >= 0) { /* the earliest such sum, as every copy shares its list */
        it->combo_first = s->items[first].combo_first;
        it->combo_count = s->items[first].combo_count;
        it->has_first = s->items[first].has_first;
        it->has_words = s->items[first].has_words;
        return 0;
    }
    long count = cage_combos_for(s->size, it->count, it->total, NULL, 0);
    it->combo_first = s->ncombos;
    it->combo_count = count > SUM_MAX_COMBOS ? -1 : count;
    it->has_first = -1;
    /* No combination (a total out of reach) stores nothing: s->combos may
     * still be NULL, and NULL plus an offset is undefined even at 0. */
    if (it->combo_count <= 0) return 0;
    if (vec_grow((void **)&s->combos, &s->combos_cap, (int)(s->ncombos + count), sizeof(digitset),
                 err))
        return -1;
    cage_combos_for(s->size, it->count, it->total, s->combos + s->ncombos, count);
    s->ncombos += count;
    return count <= SUM_HAS_WORDS * 64 ? sum_set_has_digits(s, it, err) : 0;
}

/* The houses holding some of item it's cells, in increasing order, into
 * touched; s->inside_of[h] gets which of its cells house h holds. */
static int sum_set_touched_houses(struct sum_set *s, const struct sum_item *it, int *touched)
{
    if (s->nhouses <= 64) { /* the houses met as bits, in order for free */
        uint64_t met = 0;
        for (int i = 0; i < it->count; i++) {
            int cell = s->cells[it->first + i];
            for (int k = s->cell_house_start[cell]; k < s->cell_house_start[cell + 1]; k++) {
                int h = s->cell_houses[k];
                met |= UINT64_C(1) << h;
                s->inside_of[h] |= UINT64_C(1) << i;
            }
        }
        int n = 0;
        for (; met; met &= met - 1) touched[n++] = __builtin_ctzll(met);
        return n;
    }
    int ntouched = 0;
    for (int i = 0; i < it->count; i++) {
        int cell = s->cells[it->first + i];
        for (int k = s->cell_house_start[cell]; k < s->cell_house_start[cell + 1]; k++) {
            int h = s->cell_houses[k], at = ntouched;
            if (s->inside_of[h] == 0) {
                while (at > 0 && touched[at - 1] > h) touched[at] = touched[at - 1], at--;
                touched[at] = h;
                ntouched++;
            }
            s->inside_of[h] |= UINT64_C(1) << i;
        }
    }
    return ntouched;
}

/* Per cell of item it, the links whose houses lack it: a needed digit's
 * places in the sum then tell at once which houses hold them all. */
static int sum_set_lacks(struct sum_set *s, struct sum_item *it, struct sl_error *err)
{
    it->lacks_first = -1;
    if (it->link_count > 64) return 0;
    if (vec_grow((void **)&s->lacks, &s->lacks_cap, s->nlacks + it->count, sizeof *s->lacks, err))
        return -1;
    uint64_t *lacks = s->lacks + s->nlacks;
    uint64_t links = sum_low_bits(it->link_count);
    it->lacks_first = s->nlacks;
    s->nlacks += it->count;
    for (int i = 0; i < it->count; i++) lacks[i] = links;
    for (int l = 0; l < it->link_count; l++)
        for (uint64_t in = s->links[it->link_first + l].inside; in; in &= in - 1)
            lacks[__builtin_ctzll(in)] &= ~(UINT64_C(1) << l);
    return 0;
}

/* Links item it to every house it meets. */
static int sum_set_link(struct sum_set *s, struct sum_item *it, struct sl_error *err)
{
    int16_t *place = s->place; /* per cell: its place in the sum, or -1 */
    int *touched = s->touched, rc = 0;
    int ntouched = sum_set_touched_houses(s, it, touched);
    for (int i = 0; i < it->count; i++) place[s->cells[it->first + i]] = (int16_t)i;
    it->link_first = s->nlinks;
    for (int t = 0; t < ntouched && rc == 0; t++) {
        int h = touched[t];
        const uint16_t *house = s->house_cells + (size_t)h * (size_t)s->size;
        if (vec_grow((void **)&s->links, &s->links_cap, s->nlinks + 1, sizeof *s->links, err) ||
            vec_grow((void **)&s->outside, &s->outside_cap, s->noutside + sum_link_room(s),
                     sizeof *s->outside, err)) {
            rc = -1;
            break;
        }
        struct sum_link *link = &s->links[s->nlinks++];
        link->inside = s->inside_of[h];
        link->house = h;
        link->out_first = s->noutside;
        int n = s->noutside; /* room for size cells was made: each written, kept if outside */
        for (int k = 0; k < s->size; k++) {
            s->outside[n] = house[k];
            n += place[house[k]] < 0;
        }
        link->out_count = n - link->out_first;
        link->out_any = link->out_count > 0 ? ~(digitset)0 : 0;
        /* Padding (SUM_LINK_PAD); a house wholly in the sum repeats any cell,
         * masked by out_any. */
        for (uint16_t pad = link->out_count ? s->outside[link->out_first] : house[0];
             n < link->out_first + SUM_LINK_PAD; n++)
            s->outside[n] = pad;
        s->noutside = n;
    }
    it->link_count = s->nlinks - it->link_first;
    if (rc == 0) rc = sum_set_lacks(s, it, err);
    for (int t = 0; t < ntouched; t++) s->inside_of[touched[t]] = 0;
    for (int i = 0; i < it->count; i++) place[s->cells[it->first + i]] = -1;
    return rc;
}

int sum_set_add(struct sum_set *s, const int *cells, const int *group, int count, int total,
                struct sl_error *err)
{
    return sum_set_add_weighted(s, cells, group, NULL, count, total, err);
}

/* Marks a weighted sum to be pruned by groups through mirrored cells
 * when its weights are 1 and -1, one sign a group: a digit d of weight -1
 * is N+1-d less N+1, so the mirrored cells add up to the total plus N+1
 * for each of them, with digits as distinct within a group as before. */
static void sum_mirror(struct sum_set *s, struct sum_item *it)
{
    int8_t sign[SUM_MAX_CELLS] = {0};
    int extra = 0;
    for (int i = 0; i < it->count; i++) {
        int w = s->weight[it->first + i], g = s->group[it->first + i];
        if ((w != 1 && w != -1) || (sign[g] && sign[g] != w)) return;
        sign[g] = (int8_t)w;
        extra += w < 0 ? s->size + 1 : 0;
    }
    it->mirrored = 1;
    it->groups_total = it->total + extra;
}

/* A by_groups sum's memo and layout (sum_groups.h). */
static int sum_set_lay_out(struct sum_set *s, struct sum_item *it, struct sl_error *err)
{
    if (vec_grow((void **)&s->layouts, &s->layouts_cap, s->nlayouts + 1, sizeof *s->layouts, err))
        return -1;
    it->memo_at = s->memo_bytes;
    s->memo_bytes += sum_groups_memo_bytes(it->ngroups);
    it->layout = s->nlayouts++;
    sum_groups_layout_make(s->group + it->first, it->count, it->ngroups, &s->layouts[it->layout]);
    return 0;
}

/* 1 when item it keeps a list of combinations (sum_set_list): one
 * group, every weight 1, no more cells than digits. */
static int sum_keeps_list(const struct sum_set *s, const struct sum_item *it)
{
    if (it->ngroups != 1 || it->count > s->size) return 0;
    for (int k = it->first; k < it->first + it->count; k++)
        if (s->weight[k] != 1) return 0;
    return 1;
}

/* Item i's offer memo and its place in its list key's chain, once its
 * list (if any) is made. */
static void sum_set_chain_list(struct sum_set *s, struct sum_item *it, int i)
{
    if (it->combo_count >= 2) it->offer_memo = s->noffer_memos++;
    if (it->ngroups == 1) {
        it->next_same_list = s->last_by_list[sum_list_key(it)];
        s->last_by_list[sum_list_key(it)] = i;
    }
}

int sum_set_add_weighted(struct sum_set *s, const int *cells, const int *group, const int *weight,
                         int count, int total, struct sl_error *err)
{
    if (count < 1 || count > SUM_MAX_CELLS)
        return sl_error_set(err, 0, 0, "a sum over %d cells is not supported", count);
    if (vec_grow((void **)&s->items, &s->items_cap, s->nitems + 1, sizeof *s->items, err) ||
        vec_grow((void **)&s->cells, &s->cells_cap, s->ncells + count, sizeof *s->cells, err) ||
        vec_grow((void **)&s->group, &s->group_cap, s->ncells + count, sizeof *s->group, err) ||
        vec_grow((void **)&s->weight, &s->weight_cap, s->ncells + count, sizeof *s->weight, err))
        return -1;
    struct sum_item *it = &s->items[s->nitems];
    int weighted = 0;
    *it = (struct sum_item){
        .first = s->ncells, .count = count, .total = total, .ngroups = 1, .offer_memo = -1};
    for (int i = 0; i < count; i++) {
        s->cells[s->ncells + i] = (uint16_t)cells[i];
        s->group[s->ncells + i] = (uint8_t)group[i];
        s->weight[s->ncells + i] = (int8_t)(weight ? weight[i] : 1);
        weighted |= weight && weight[i] != 1;
        if (group[i] + 1 > it->ngroups) it->ngroups = group[i] + 1;
    }
    s->ncells += count;
    it->combo_count = -1;
    it->groups_total = total;
    if (weighted && s->mirror) sum_mirror(s, it);
    if (it->ngroups > 1 && (!weighted || it->mirrored)) {
        int group_size[SUM_MAX_CELLS] = {0};
        for (int i = 0; i < count; i++) group_size[group[i]]++;
        it->by_groups = sum_groups_fit(s->subsets, group_size, it->ngroups);
        if (it->by_groups && sum_set_lay_out(s, it, err)) return -1;
    }
    if (sum_keeps_list(s, it) && (sum_set_list(s, it, err) || sum_set_link(s, it, err))) return -1;
    sum_set_chain_list(s, it, s->nitems);
    it->next_same_first = s->last_by_first[cells[0]];
    s->last_by_first[cells[0]] = s->nitems;
    return s->nitems++;
}

/* The weighted sum of item it's cells in grid. */
static int sum_grid_total(const struct sum_set *s, const struct sum_item *it, const uint8_t *grid)
{
    int total = 0;
    for (int i = it->first; i < it->first + it->count; i++)
        total += s->weight[i] * grid[s->cells[i]];
    return total;
}

int sum_set_retotal(struct sum_set *s, const uint8_t *grid, struct sl_error *err)
{
    /* The lists and offer memos follow the totals: dropped and made again
     * in item order, as sum_set_add_weighted makes them. */
    s->ncombos = 0;
    s->nhas = 0;
    s->noffer_memos = 0;
    memset(s->last_by_list, -1, sizeof s->last_by_list);
    for (int i = 0; i < s->nitems; i++) {
        struct sum_item *it = &s->items[i];
        int total = sum_grid_total(s, it, grid);
        it->groups_total += total - it->total; /* a mirrored sum's offset stays */
        it->total = total;
        it->combo_count = -1;
        it->has_first = 0; /* as sum_set_add_weighted leaves a sum without a list */
        it->offer_memo = -1;
        if (sum_keeps_list(s, it) && sum_set_list(s, it, err)) return -1;
        sum_set_chain_list(s, it, i);
    }
    return 0;
}

int sum_set_repeats_cells(const struct sum_set *s)
{
    for (int i = 0; i < s->nitems; i++) {
        const struct sum_item *it = &s->items[i];
        for (int j = it->next_same_first; j >= 0; j = s->items[j].next_same_first) {
            const struct sum_item *other = &s->items[j];
            if (other->count == it->count && memcmp(s->cells + other->first, s->cells + it->first,
                                                    (size_t)it->count * sizeof *s->cells) == 0)
                return 1;
        }
    }
    return 0;
}

/* 1 when cell c lies in house h (c's houses, from the index). */
static int sum_cell_in_house(const struct sum_set *s, int c, int h)
{
    for (int j = s->cell_house_start[c]; j < s->cell_house_start[c + 1]; j++)
        if (s->cell_houses[j] == h) return 1;
    return 0;
}

/* The house holding the most of the cells not yet grouped (the lowest
 * such house on a tie), or -1; *most becomes how many. Only the cells'
 * own houses are looked at, not every house of the grid. */
static int sum_best_house(const struct sum_set *s, const int *cells, const int *group, int count,
                          int *most)
{
    int best = -1;
    *most = 0;
    for (int i = 0; i < count; i++) {
        if (group[i] >= 0) continue;
        for (int j = s->cell_house_start[cells[i]]; j < s->cell_house_start[cells[i] + 1]; j++) {
            int h = s->cell_houses[j], n = 0;
            for (int k = 0; k < count; k++) n += group[k] < 0 && sum_cell_in_house(s, cells[k], h);
            if (n > *most || (n == *most && h < best)) best = h, *most = n;
        }
    }
    return best;
}

int sum_set_group_by_houses(const struct sum_set *s, const int *cells, int count, int *group)
{
    int ngroups = 0, most;
    for (int i = 0; i < count; i++) group[i] = -1;
    for (int h; (h = sum_best_house(s, cells, group, count, &most)) >= 0 && most >= 2;) {
        for (int i = 0; i < count; i++)
            if (group[i] < 0 && sum_cell_in_house(s, cells[i], h)) group[i] = ngroups;
        ngroups++;
    }
    for (int i = 0; i < count; i++)
        if (group[i] < 0) group[i] = ngroups++;
    return ngroups;
}

int sum_set_holding_houses(const struct sum_set *s, int i, int *houses, int cap)
{
    const struct sum_item *it = &s->items[i];
    uint64_t whole = sum_low_bits(it->count);
    int n = 0;
    for (int l = 0; l < it->link_count; l++)
        if (s->links[it->link_first + l].inside == whole && n < cap)
            houses[n++] = s->links[it->link_first + l].house;
    return n;
}

int sum_set_total(const struct sum_set *s, int i) { return s->items[i].total; }

int sum_set_group_count(const struct sum_set *s, int i) { return s->items[i].ngroups; }

int sum_set_weights(const struct sum_set *s, int i, int *weight)
{
    const struct sum_item *it = &s->items[i];
    for (int k = 0; k < it->count; k++) weight[k] = s->weight[it->first + k];
    return it->count;
}

struct sum_house_index sum_set_house_index(const struct sum_set *s)
{
    return (struct sum_house_index){s->house_cells, s->cell_house_start, s->cell_houses};
}

int sum_set_house_cells(const struct sum_set *s, int h, int *cells)
{
    for (int k = 0; k < s->size; k++) cells[k] = s->house_cells[(size_t)h * (size_t)s->size + k];
    return s->size;
}

int sum_set_reads_own_cells(const struct sum_set *s, int i) { return s->items[i].combo_count < 0; }

void sum_set_houses_changed(const struct sum_set *s, const uint8_t *changed, uint8_t *house_changed)
{
    memset(house_changed, 0, (size_t)s->nhouses);
    for (int c = 0; c < s->size * s->size; c++) {
        if (!changed[c]) continue;
        for (int k = s->cell_house_start[c]; k < s->cell_house_start[c + 1]; k++)
            house_changed[s->cell_houses[k]] = 1;
    }
}

int sum_set_reads_changed(const struct sum_set *s, int i, const uint8_t *changed,
                          const uint8_t *house_changed)
{
    const struct sum_item *it = &s->items[i];
    if (!changed) return 1;
    for (int k = 0; k < it->count; k++)
        if (changed[s->cells[it->first + k]]) return 1;
    if (it->combo_count < 0) return 0;
    for (int l = 0; l < it->link_count; l++)
        if (house_changed[s->links[it->link_first + l].house]) return 1;
    return 0;
}
