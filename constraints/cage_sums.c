/*
 * cage_sums.c — see cage_sums.h.
 */
#include "cage_sums.h"

#include <stdlib.h>
#include <string.h>

#include "cage_combos.h"
#include "sum_groups.h"
#include "vec.h"

/* A house that a one-group sum meets: which of the sum's cells are in it
 * (bit i: cell i) and the house's cells outside the sum. */
struct sum_link {
    uint64_t inside;
    int house;
    int out_first, out_count; /* into outside */
    digitset out_any;         /* every digit when out_count > 0, else none */
};

/* A link's cells outside its sum are followed in outside by repeats of
 * the first of them up to LINK_PAD in all, so that a 9x9 grid's union of
 * them is always one of eight cells: the union is the same, and a branch
 * on their number, which the predictor loses as sums of every shape take
 * turns, is gone. */
#define LINK_PAD 8

struct sum_item {
    int first, count;           /* into cells and group */
    int link_first, link_count; /* into links */
    /* With at most 64 links: per cell of the sum, the links whose houses
     * lack it (bit l: link l), into lacks; else -1. */
    int lacks_first;
    int total;
    int ngroups;
    long combo_first; /* into combos */
    long combo_count; /* -1: pruned by groups, by an exact walk or by bounds */
    /* With 1 to SUM_HAS_WORDS * 64 combinations: per digit d, which of
     * them hold it (bit j of word j / 64: combination j) in has_words
     * words from has[has_first + d * has_words]; else -1. */
    int has_first, has_words;
    int by_groups; /* several groups, pruned set by set (sum_groups.h) */
    /* by_groups of a sum with weights of 1 and -1: the total a group's
     * sets add up to once each cell of weight -1 holds N+1 less its digit
     * (mirrored), which makes a difference a plain sum. */
    int mirrored, groups_total;
    size_t memo_at;      /* by_groups: its memo's place in the state (sum_set_state_bytes) */
    int layout;          /* by_groups: its groups' cells, into layouts */
    int offer_memo;      /* a list of two or more: its offer memo's number, else -1 */
    int next_same_first; /* the previous sum with the same first cell, or -1 */
    int next_same_list;  /* the previous one-group sum of the same list key, or -1 */
};

/* One-group sums are chained by a hash of their size and total, so
 * finding an earlier list to share costs a few looks, not one per sum. */
#define SUM_LIST_KEYS 128

struct sum_set {
    int size;
    int nitems, items_cap;
    struct sum_item *items;
    int ncells, cells_cap;
    uint16_t *cells;
    uint8_t *group;
    int8_t *weight; /* per cell: its weight in the total (1; -1 subtracts; 10 a tens digit) */
    int group_cap, weight_cap;
    long ncombos;
    int combos_cap;
    digitset *combos;
    int nhouses;
    uint16_t *house_cells; /* nhouses * size */
    int nlinks, links_cap;
    struct sum_link *links;
    int noutside, outside_cap;
    uint16_t *outside;
    int nlacks, lacks_cap;
    uint64_t *lacks;
    int nhas, has_cap;
    uint64_t *has;
    uint16_t *cell_houses;                       /* the houses of each cell, */
    uint16_t cell_house_start[SL_MAX_CELLS + 1]; /* from here to the next cell's */
    uint64_t *inside_of;             /* per house: scratch for sum_set_link, all 0 between calls */
    int *touched;                    /* nhouses: scratch for sum_set_link */
    int16_t place[SL_MAX_CELLS];     /* scratch for sum_set_link, all -1 between calls */
    int last_by_first[SL_MAX_CELLS]; /* per cell: the last sum starting there, or -1 */
    int last_by_list[SUM_LIST_KEYS]; /* per list key: the last one-group sum, or -1 */
    const struct digit_subsets *subsets; /* shared; NULL for large N */
    size_t memo_bytes;                   /* of all by_groups sums' memos */
    int noffer_memos;                    /* sums with an offer memo */
    int nlayouts, layouts_cap;
    struct sum_groups_layout *layouts; /* per by_groups sum (sum_groups.h) */
    int broad;                         /* by_groups: the most sets a group is listed with */
    int mirror;                        /* sum_set_mirror_differences */
};

/* Lists of up to this many 64-bit words of combinations get their
 * digits' masks: a 16x16 cage's list runs to hundreds, and reading the
 * masks word by word costs less than testing each combination. */
#define SUM_HAS_WORDS 8

/* The room a link's list of outside cells takes in outside: a house's
 * cells, and no fewer than LINK_PAD. */
static int link_room(const struct sum_set *s) { return s->size > LINK_PAD ? s->size : LINK_PAD; }

/* The count lowest bits set (count 0..64, more reads as 64): a whole
 * list's members. */
static uint64_t low_bits(long count)
{
    return count >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << count) - 1;
}

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
    int links = cells, outside = links * link_room(s);
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

/* The digits known gone from a link's house outside its sum (see
 * sum_needed), which stay gone down a branch: a digitset's low bits, half
 * its size as every search state carries one per link, so kept only for
 * grids whose digits fit (up to 15x15). */
typedef uint16_t gone_set;

static int sum_set_keeps_gone(const struct sum_set *s)
{
    return s->size < (int)(8 * sizeof(gone_set));
}

/* What the offer (sum_set_offer) needs of a sum with a list, as its
 * last propagation that left its own cells alone saw it: the sum of the
 * cells' candidate masks then (0: none yet), and the combinations that
 * survived the cells alone (capped) among its open cells. Masks only lose
 * digits down a branch, so an equal sum means the same cells, and the
 * same count. */
struct offer_memo {
    digitset mask_sum;
    uint16_t count, nopen;
};

/* The state holds the by_groups sums' memos, then the offer memos, then
 * a gone_set per link (group memos and offer memos are 8 bytes each, so
 * each part stays aligned). */
static size_t sum_offer_memos_at(const struct sum_set *s) { return s->memo_bytes; }

static size_t sum_gone_at(const struct sum_set *s)
{
    return s->memo_bytes + (size_t)s->noffer_memos * sizeof(struct offer_memo);
}

size_t sum_set_state_bytes(const struct sum_set *s)
{
    size_t gone = sum_set_keeps_gone(s) ? (size_t)s->nlinks * sizeof(gone_set) : 0;
    return (sum_gone_at(s) + gone + 7) & ~(size_t)7;
}

/* Item it's gone digits, one set per link, in state; NULL without a
 * state (each call then works from scratch) or for a large grid. */
static gone_set *sum_links_gone(const struct sum_set *s, const struct sum_item *it, void *state)
{
    if (state == NULL || !sum_set_keeps_gone(s)) return NULL;
    return (gone_set *)((char *)state + sum_gone_at(s)) + it->link_first;
}

/* Item it's offer memo in state, or NULL (no state, or no memo). */
static const struct offer_memo *sum_offer_memo(const struct sum_set *s, const struct sum_item *it,
                                               const void *state)
{
    if (state == NULL || it->offer_memo < 0) return NULL;
    return (const struct offer_memo *)((const char *)state + sum_offer_memos_at(s)) +
           it->offer_memo;
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
    uint64_t links = low_bits(it->link_count);
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
            vec_grow((void **)&s->outside, &s->outside_cap, s->noutside + link_room(s),
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
        /* Padding (LINK_PAD); a house wholly in the sum repeats any cell,
         * masked by out_any. */
        for (uint16_t pad = link->out_count ? s->outside[link->out_first] : house[0];
             n < link->out_first + LINK_PAD; n++)
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

/* ---- one group: digit combinations ---- */

struct sum_view {
    int open[SUM_MAX_CELLS]; /* cells with two or more candidates */
    int pos[SUM_MAX_CELLS];  /* their places in the sum */
    digitset cand[SUM_MAX_CELLS];
    int nopen;
    digitset placed;   /* digits of the solved cells */
    digitset reach;    /* every candidate of the open cells */
    digitset mask_sum; /* of every cell's candidates (struct offer_memo) */
    uint64_t open_at;  /* bit i: the sum's cell i is open */
    int placed_sum;
    /* The open cells' candidates a combination's open digits could miss
     * (cage_cell_may_miss): only these are tested. */
    digitset check[SUM_MAX_CELLS];
    int ncheck;
};

static int sum_view_of(const struct sum_set *s, const struct sum_item *it,
                       const struct prop_ctx *ctx, struct sum_view *v)
{
    const digitset *now = prop_candidate_array(ctx);
    v->nopen = 0;
    v->placed = v->reach = v->mask_sum = 0;
    v->open_at = 0;
    v->placed_sum = 0;
    for (int i = 0; i < it->count; i++) {
        int cell = s->cells[it->first + i];
        digitset m = now[cell];
        v->mask_sum += m;
        if (!digitset_is_single(m)) {
            v->cand[v->nopen] = m;
            v->pos[v->nopen] = i;
            v->open[v->nopen++] = cell;
            v->open_at |= UINT64_C(1) << i;
            v->reach |= m;
        } else if (v->placed & m) {
            return SL_PROP_CONTRADICTION;
        } else {
            v->placed |= m;
            v->placed_sum += digitset_first(m);
        }
    }
    v->ncheck = 0;
    /* Each written, counted when it is to be checked: whether it is, is
     * data the predictor loses. */
    for (int i = 0; i < v->nopen; i++) {
        v->check[v->ncheck] = v->cand[i];
        v->ncheck += cage_cell_may_miss(v->cand[i], v->reach, v->nopen);
    }
    return SL_PROP_OK;
}

/* 1 when a house link meets can force no digit but one placed in the
 * sum: the engine's hidden singles have settled the house (unsettled,
 * prop_unsettled_houses, has its bit clear) and at most one of the sum's
 * cells in it is open. A digit with no place outside the sum there then
 * has its places in the sum; one place would be a settled house's lone
 * place, a single cell of the sum, and two or more need two open cells,
 * as a single's digit has no other place in a settled house. */
static int sum_link_settled(const struct sum_link *link, const uint64_t *unsettled,
                            uint64_t open_at)
{
    uint64_t open_inside = link->inside & open_at;
    return unsettled && !(open_inside & (open_inside - 1)) &&
           !(unsettled[link->house >> 6] >> (link->house & 63) & 1);
}

/* Digits some house the sum meets can place nowhere but in the sum,
 * those placed in it (open_at clear) aside when unsettled is not NULL:
 * the houses sum_link_settled tells apart are not read. */
static digitset sum_forced_in(const struct sum_set *s, const struct sum_item *it,
                              const digitset *now, const uint64_t *unsettled, uint64_t open_at)
{
    digitset forced = 0, all = digitset_all(s->size);
    for (int l = 0; l < it->link_count; l++) {
        const struct sum_link *link = &s->links[it->link_first + l];
        if (sum_link_settled(link, unsettled, open_at)) continue;
        const uint16_t *out = s->outside + link->out_first;
        digitset there = link->out_count <= LINK_PAD ? digitset_union_of8(now, out) & link->out_any
                                                     : digitset_union_of(now, out, link->out_count);
        forced |= all & ~there;
    }
    return forced;
}

/* The item's combinations; NULL when it has none (s->combos may be NULL,
 * and NULL plus even 0 is undefined). */
static const digitset *sum_combos_of(const struct sum_set *s, const struct sum_item *it)
{
    return it->combo_count > 0 ? s->combos + it->combo_first : NULL;
}

/* Word w (of words) of the combinations of item it's list holding every
 * digit of digits, by its digits' masks: has is word w of digit 0's. */
static inline uint64_t sum_combos_holding(const struct sum_item *it, const uint64_t *has, int w,
                                          int words, digitset digits)
{
    uint64_t live = low_bits(it->combo_count - 64L * w);
    for (digitset m = digits; m; m = digitset_rest(m)) live &= has[digitset_first(m) * words];
    return live;
}

/* sum_survivors for a list with its digits' masks: the combinations
 * holding every forced digit, no digit outside the sum's reach, and a
 * digit of each cell to check are found digit by digit, not combination
 * by combination. */
static inline digitset sum_survivors_by_digits(const struct sum_set *s, const struct sum_item *it,
                                               const struct sum_view *v, digitset forced,
                                               digitset *can, int *count, int words)
{
    const digitset *list = sum_combos_of(s, it);
    digitset needed = ~(digitset)0, any = 0;
    digitset beyond = digitset_all(s->size) & ~(v->reach | v->placed);
    int survivors = 0;
    for (int w = 0; w < words; w++) {
        const uint64_t *has = s->has + it->has_first + w;
        uint64_t live = sum_combos_holding(it, has, w, words, forced);
        for (digitset m = beyond; m; m = digitset_rest(m)) live &= ~has[digitset_first(m) * words];
        for (int i = 0; i < v->ncheck && live; i++) {
            uint64_t meets = 0;
            for (digitset m = v->check[i] & ~v->placed; m; m = digitset_rest(m))
                meets |= has[digitset_first(m) * words];
            live &= meets;
        }
        survivors += __builtin_popcountll(live);
        for (; live; live &= live - 1) {
            digitset rest = list[64 * w + __builtin_ctzll(live)] & ~v->placed;
            any |= rest;
            needed &= rest;
        }
    }
    *can = any;
    *count = survivors;
    return needed;
}

/* The surviving combinations: their union (*can) and intersection. */
static digitset sum_survivors(const struct sum_set *s, const struct sum_item *it,
                              const struct sum_view *v, digitset forced, digitset *can, int *count)
{
    /* One word, the 9x9 grids' every list, with the word count a
     * constant. */
    if (it->has_first >= 0 && it->has_words == 1)
        return sum_survivors_by_digits(s, it, v, forced, can, count, 1);
    if (it->has_first >= 0)
        return sum_survivors_by_digits(s, it, v, forced, can, count, it->has_words);
    const digitset *list = sum_combos_of(s, it);
    digitset needed = ~(digitset)0;
    *can = 0;
    *count = 0;
    for (long j = 0; j < it->combo_count; j++) {
        digitset rest = list[j] & ~v->placed;
        if ((list[j] & forced) != forced || (rest & v->reach) != rest) continue;
        if (!cage_rest_meets(v->check, v->ncheck, rest)) continue;
        *can |= rest;
        needed &= rest;
        ++*count;
    }
    return needed;
}

/* How sum_needed treats a needed digit's other places. */
enum {
    NEEDED_POINTING = 1,       /* gone from every house holding all its places in the
                                  sum; else only from houses holding the whole sum */
    NEEDED_OUTSIDE_COUNTS = 2, /* a removal outside the sum counts as a change
                                  (the rater's step); the search counts only
                                  the sum's own cells, which it settles */
};

/* Removes digit d from the cells of link's house outside the sum: 1 when
 * some cell lost it, 0 when none held it, or SL_PROP_CONTRADICTION. */
static int sum_link_clear(const struct sum_set *s, const struct sum_link *link,
                          struct prop_ctx *ctx, digitset d)
{
    return prop_remove(ctx, s->outside + link->out_first, link->out_count, d);
}

/* sum_needed for a sum with its lacks (at most 64 links): the links
 * whose houses hold every place of a digit come from those places'
 * lacks, not from a test of each link; the same removals, in the same
 * order, as sum_needed_by_links. */
static int sum_needed_by_lacks(const struct sum_set *s, const struct sum_item *it,
                               struct prop_ctx *ctx, const struct sum_view *v, digitset needed,
                               int mode, gone_set *gone)
{
    const digitset *now = prop_candidate_array(ctx);
    const uint64_t *lacks = s->lacks + it->lacks_first;
    uint64_t links = low_bits(it->link_count);
    uint64_t holding = links; /* the links holding the whole sum */
    if (!(mode & NEEDED_POINTING))
        for (int i = 0; i < it->count; i++) holding &= ~lacks[i];
    int changed = 0;
    for (; needed; needed = digitset_rest(needed)) {
        digitset d = needed & -needed;
        uint64_t due = holding;
        int places = 0, cell = -1;
        /* Without branches: whether a cell holds d is a coin toss the
         * predictor loses. */
        for (int i = 0; i < v->nopen; i++) {
            uint64_t holds = UINT64_C(0) - ((now[v->open[i]] & d) != 0);
            due &= ~(lacks[v->pos[i]] & holds);
            places += (int)(holds & 1);
            cell = holds ? v->open[i] : cell;
        }
        if (places == 0) return SL_PROP_CONTRADICTION;
        if (places == 1 && now[cell] != d) {
            if (prop_restrict(ctx, cell, d)) return SL_PROP_CONTRADICTION;
            changed = 1;
        }
        for (; due; due &= due - 1) {
            int l = __builtin_ctzll(due);
            if (gone && (gone[l] & d)) continue;
            int removed = sum_link_clear(s, &s->links[it->link_first + l], ctx, d);
            if (removed < 0) return SL_PROP_CONTRADICTION;
            if (removed && (mode & NEEDED_OUTSIDE_COUNTS)) changed = 1;
            if (gone) gone[l] = (gone_set)(gone[l] | d);
        }
    }
    return changed;
}

/* sum_needed one link at a time, for a sum meeting more than 64 houses. */
static int sum_needed_by_links(const struct sum_set *s, const struct sum_item *it,
                               struct prop_ctx *ctx, const struct sum_view *v, digitset needed,
                               int mode, gone_set *gone)
{
    const digitset *now = prop_candidate_array(ctx);
    uint64_t whole = low_bits(it->count);
    int changed = 0;
    for (; needed; needed = digitset_rest(needed)) {
        digitset d = needed & -needed;
        uint64_t where = 0;
        int places = 0, cell = -1;
        for (int i = 0; i < v->nopen; i++)
            if (now[v->open[i]] & d) where |= UINT64_C(1) << v->pos[i], places++, cell = v->open[i];
        if (places == 0) return SL_PROP_CONTRADICTION;
        if (places == 1 && now[cell] != d) {
            if (prop_restrict(ctx, cell, d)) return SL_PROP_CONTRADICTION;
            changed = 1;
        }
        for (int l = 0; l < it->link_count; l++) {
            const struct sum_link *link = &s->links[it->link_first + l];
            if (gone && (gone[l] & d)) continue;
            if ((mode & NEEDED_POINTING) ? (where & ~link->inside) != 0 : link->inside != whole)
                continue;
            int removed = sum_link_clear(s, link, ctx, d);
            if (removed < 0) return SL_PROP_CONTRADICTION;
            if (removed && (mode & NEEDED_OUTSIDE_COUNTS)) changed = 1;
            if (gone) gone[l] = (gone_set)(gone[l] | d);
        }
    }
    return changed;
}

/* For a digit every survivor needs: placed when one open cell alone can
 * take it; gone from the houses mode names (the cage's version of
 * pointing). gone, when not NULL, holds per link the digits known gone
 * from its house outside the sum: candidates only shrink down a branch,
 * so such a house is not read again for them (the same removals, fewer
 * reads). Returns SL_PROP_CONTRADICTION, or 1 when a cell counted by
 * mode changed, else 0. */
static int sum_needed(const struct sum_set *s, const struct sum_item *it, struct prop_ctx *ctx,
                      const struct sum_view *v, digitset needed, int mode, gone_set *gone)
{
    if (it->lacks_first >= 0) return sum_needed_by_lacks(s, it, ctx, v, needed, mode, gone);
    return sum_needed_by_links(s, it, ctx, v, needed, mode, gone);
}

/* Notes what the offer needs of item it, seen as v with `count`
 * combinations surviving its cells alone, in its memo (if any). */
static void sum_offer_note(const struct sum_set *s, const struct sum_item *it, void *state,
                           const struct sum_view *v, int count)
{
    if (state == NULL || it->offer_memo < 0) return;
    struct offer_memo *memo =
        (struct offer_memo *)((char *)state + sum_offer_memos_at(s)) + it->offer_memo;
    *memo = (struct offer_memo){v->mask_sum, (uint16_t)(count < UINT16_MAX ? count : UINT16_MAX),
                                (uint16_t)v->nopen};
}

/* The houses' forced digits only matter when several combinations are
 * left, so they are looked up only then. Like every pruning below:
 * SL_PROP_CONTRADICTION, or 1 when the sum's own cells changed, else 0.
 * A call that leaves its own cells as they were notes the offer's memo. */
static int sum_by_combos(const struct sum_set *s, const struct sum_item *it, struct prop_ctx *ctx,
                         const struct sum_view *v, void *state)
{
    digitset can;
    int count;
    if (v->nopen == 0) return v->placed_sum == it->total ? SL_PROP_OK : SL_PROP_CONTRADICTION;
    digitset needed = sum_survivors(s, it, v, v->placed, &can, &count);
    int alone = count; /* survivors of the sum's cells alone */
    if (count > 1) {
        digitset forced = sum_forced_in(s, it, prop_candidate_array(ctx),
                                        prop_unsettled_houses(ctx), v->open_at) &
                          ~v->placed;
        if (forced & ~needed) needed = sum_survivors(s, it, v, forced | v->placed, &can, &count);
    }
    if (count == 0) return SL_PROP_CONTRADICTION;
    int changed = 0;
    for (int i = 0; i < v->nopen; i++) {
        if (!(v->cand[i] & ~can)) continue;
        if (prop_restrict(ctx, v->open[i], can)) return SL_PROP_CONTRADICTION;
        changed = 1;
    }
    int placed = sum_needed(s, it, ctx, v, needed, NEEDED_POINTING, sum_links_gone(s, it, state));
    if (placed < 0) return SL_PROP_CONTRADICTION;
    if (!(changed | placed)) sum_offer_note(s, it, state, v, alone);
    return changed | placed;
}

/* ---- one group, as a player sees it (the rater's killer techniques) ---- */

/* The combinations sight leaves (cage_sums.h), their union and their
 * intersection; stores at most cap of them in out. */
static int sum_seen_list(const struct sum_set *s, const struct sum_item *it,
                         const struct sum_view *v, int sight, const digitset *now, digitset *out,
                         int cap, digitset *can, digitset *needed)
{
    const digitset *list = sum_combos_of(s, it);
    digitset forced = v->placed;
    int count = 0;
    if (sight & SUM_SEE_HOUSES) forced |= sum_forced_in(s, it, now, NULL, 0);
    *can = 0;
    *needed = ~(digitset)0;
    for (long j = 0; j < it->combo_count; j++) {
        digitset rest = list[j] & ~v->placed;
        if ((list[j] & forced) != forced) continue;
        if ((sight & SUM_SEE_REACH) && (rest & v->reach) != rest) continue;
        /* The short list of cells to check holds only once rest lies in reach. */
        const digitset *check = (sight & SUM_SEE_REACH) ? v->check : v->cand;
        int ncheck = (sight & SUM_SEE_REACH) ? v->ncheck : v->nopen;
        if ((sight & SUM_SEE_FIT) && !cage_rest_meets(check, ncheck, rest)) continue;
        if (count < cap) out[count] = rest;
        *can |= rest;
        *needed &= rest;
        count++;
    }
    return count;
}

int sum_set_holding_houses(const struct sum_set *s, int i, int *houses, int cap)
{
    const struct sum_item *it = &s->items[i];
    uint64_t whole = low_bits(it->count);
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

int sum_set_survivors(const struct sum_set *s, int i, int sight, const struct prop_ctx *ctx,
                      digitset *out, int cap)
{
    const struct sum_item *it = &s->items[i];
    struct sum_view v;
    digitset can, needed;
    if (it->combo_count < 0) return -1;
    if (sum_view_of(s, it, ctx, &v)) return 0;
    return sum_seen_list(s, it, &v, sight, prop_candidate_array(ctx), out, cap, &can, &needed);
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

int sum_set_placed_combos(const struct sum_set *s, int i, const digitset *now)
{
    const struct sum_item *it = &s->items[i];
    const digitset *list = sum_combos_of(s, it);
    digitset placed = 0;
    int count = 0;
    if (it->combo_count < 0) return -1;
    for (int k = 0; k < it->count; k++) {
        digitset m = now[s->cells[it->first + k]];
        if (!digitset_is_single(m)) continue;
        if (placed & m) return 0;
        placed |= m;
    }
    if (it->has_first >= 0) { /* the combinations holding each placed digit, ANDed */
        for (int w = 0; w < it->has_words; w++)
            count += __builtin_popcountll(
                sum_combos_holding(it, s->has + it->has_first + w, w, it->has_words, placed));
        return count;
    }
    for (long j = 0; j < it->combo_count; j++) count += (list[j] & placed) == placed;
    return count;
}

int sum_set_prune_seen(const struct sum_set *s, int i, int sight, struct prop_ctx *ctx)
{
    const struct sum_item *it = &s->items[i];
    struct sum_view v;
    digitset can, needed;
    int changed = 0;
    if (it->combo_count < 0) return 0;
    if (sum_view_of(s, it, ctx, &v)) return SL_PROP_CONTRADICTION;
    if (v.nopen == 0) return v.placed_sum == it->total ? 0 : SL_PROP_CONTRADICTION;
    int count = sum_seen_list(s, it, &v, sight, prop_candidate_array(ctx), NULL, 0, &can, &needed);
    if (count == 0) return SL_PROP_CONTRADICTION;
    if ((sight & SUM_SEE_ONE) && count > 1) return 0;
    for (int k = 0; k < v.nopen; k++) {
        if (!(v.cand[k] & ~can)) continue;
        if (prop_restrict(ctx, v.open[k], can)) return SL_PROP_CONTRADICTION;
        changed = 1;
    }
    if (!(sight & (SUM_SEE_NEEDED | SUM_SEE_POINTING))) return changed;
    int more =
        sum_needed(s, it, ctx, &v, needed,
                   NEEDED_OUTSIDE_COUNTS | (sight & SUM_SEE_POINTING ? NEEDED_POINTING : 0), NULL);
    return more < 0 ? SL_PROP_CONTRADICTION : changed | more;
}

/* ---- several groups: bounds ---- */

#define SUM_IMPOSSIBLE (1 << 20)

static int lowest(digitset m) { return digitset_first(m); }
static int highest(digitset m) { return 31 - __builtin_clz(m); }

/* What the bounds of one distinct group are made of, so that the bounds
 * of the group without one cell and one digit come in O(1). The digit
 * pool of the whole group stands in for the pool of the rest: a superset,
 * so the bounds stay sound (only a little looser). */
struct group_bounds {
    int count;              /* cells */
    int lo_cells, hi_cells; /* sums of each cell's lowest / highest digit */
    int npool;              /* digits in the pool, ascending in digit[] */
    int digit[SL_MAX_SIZE + 1];
    int low_sum[SL_MAX_SIZE + 2];  /* low_sum[j]: the j smallest pool digits */
    int high_sum[SL_MAX_SIZE + 2]; /* high_sum[j]: the j largest */
    int lo_shift[SL_MAX_SIZE + 2]; /* per digit d: how lo_cells grows without d */
    int hi_shift[SL_MAX_SIZE + 2];
    int lo_shift_most, hi_shift_least; /* of lo_shift[] and hi_shift[] */
    digitset pool;                     /* every candidate of its cells */
    int lo, hi;                        /* the group's own bounds */
};

/* A group's bounds are made in three steps, so that one pass over a
 * sum's cells serves all its groups: cleared, each cell added, finished.
 * Only the digits 1..size are read (group_bounds_rest), so only their
 * shifts are cleared: most grids are far below SL_MAX_SIZE. */
static void group_bounds_clear(struct group_bounds *gb, int size)
{
    gb->pool = 0;
    gb->count = gb->lo_cells = gb->hi_cells = gb->npool = 0;
    gb->lo_shift_most = gb->hi_shift_least = 0;
    gb->low_sum[0] = gb->high_sum[0] = 0;
    for (int d = 1; d <= size; d++) gb->lo_shift[d] = gb->hi_shift[d] = 0;
}

static void group_bounds_add(struct group_bounds *gb, digitset m)
{
    int lo = lowest(m), hi = highest(m);
    digitset rest_lo = m & ~digitset_of(lo), rest_hi = m & ~digitset_of(hi);
    gb->pool |= m;
    gb->count++;
    gb->lo_cells += lo;
    gb->hi_cells += hi;
    /* The shifts only grow (lo) or shrink (hi), so their extremes follow
     * each step. */
    if (rest_lo) gb->lo_shift[lo] += lowest(rest_lo) - lo;
    if (rest_hi) gb->hi_shift[hi] += highest(rest_hi) - hi;
    if (gb->lo_shift[lo] > gb->lo_shift_most) gb->lo_shift_most = gb->lo_shift[lo];
    if (gb->hi_shift[hi] < gb->hi_shift_least) gb->hi_shift_least = gb->hi_shift[hi];
}

static void group_bounds_finish(struct group_bounds *gb)
{
    for (digitset m = gb->pool; m; m = digitset_rest(m)) gb->digit[gb->npool++] = lowest(m);
    for (int j = 0; j < gb->npool; j++) {
        gb->low_sum[j + 1] = gb->low_sum[j] + gb->digit[j];
        gb->high_sum[j + 1] = gb->high_sum[j] + gb->digit[gb->npool - 1 - j];
    }
    int lo_set = gb->count <= gb->npool ? gb->low_sum[gb->count] : SUM_IMPOSSIBLE;
    int hi_set = gb->count <= gb->npool ? gb->high_sum[gb->count] : 0;
    gb->lo = lo_set > gb->lo_cells ? lo_set : gb->lo_cells;
    gb->hi = hi_set < gb->hi_cells ? hi_set : gb->hi_cells;
}

/* Bounds of the group without cell m (its candidates) when that cell
 * takes digit d, so that no other cell of the group may. */
static void group_bounds_rest(const struct group_bounds *gb, digitset m, int d, int *lo, int *hi)
{
    int k = gb->count - 1;
    /* Per-cell sums: drop the cell, then move every lowest (highest) d of
     * the others up (down) to their next digit. */
    int own_lo = lowest(m), own_hi = highest(m);
    int lo_cells = gb->lo_cells - own_lo + gb->lo_shift[d],
        hi_cells = gb->hi_cells - own_hi + gb->hi_shift[d];
    digitset rest_lo = m & ~digitset_of(own_lo), rest_hi = m & ~digitset_of(own_hi);
    if (own_lo == d && rest_lo) lo_cells -= lowest(rest_lo) - own_lo;
    if (own_hi == d && rest_hi) hi_cells -= highest(rest_hi) - own_hi;
    /* Pool sums: the k smallest (largest) pool digits other than d. */
    int rank = digitset_count(gb->pool & (digitset_of(d) - 1)); /* pool digits below d */
    int in_pool = (gb->pool & digitset_of(d)) != 0;
    int lo_set, hi_set;
    if (k > gb->npool - in_pool) {
        lo_set = SUM_IMPOSSIBLE, hi_set = 0;
    } else {
        lo_set = in_pool && rank < k ? gb->low_sum[k + 1] - d : gb->low_sum[k];
        int from_top = gb->npool - 1 - rank; /* d's rank among the largest */
        hi_set = in_pool && from_top < k ? gb->high_sum[k + 1] - d : gb->high_sum[k];
    }
    *lo = lo_set > lo_cells ? lo_set : lo_cells;
    *hi = hi_set < hi_cells ? hi_set : hi_cells;
}

/* Bounds that hold group_bounds_rest's for every digit of cell m at
 * once: *lo_most no less than any of its lows, *hi_least no more than
 * any of its highs. Each term of the exact bounds is taken at its worst
 * over the digits (the lowest d of the pool out, the largest shift in);
 * the own-digit corrections only tighten them. Needs gb->count <=
 * gb->npool. */
static void group_bounds_any(const struct group_bounds *gb, digitset m, int *lo_most, int *hi_least)
{
    int k = gb->count - 1;
    int lo_cells = gb->lo_cells - lowest(m) + gb->lo_shift_most;
    int hi_cells = gb->hi_cells - highest(m) + gb->hi_shift_least;
    int lo_set = gb->low_sum[k + 1] - gb->digit[0];
    int hi_set = gb->high_sum[k + 1] - gb->digit[gb->npool - 1];
    *lo_most = lo_set > lo_cells ? lo_set : lo_cells;
    *hi_least = hi_set < hi_cells ? hi_set : hi_cells;
}

/* A group's contribution to the total, as bounds: its digits' sum times
 * the group's weight (a negative weight swaps the ends). */
static void weighted_bounds(int weight, int lo, int hi, int *out_lo, int *out_hi)
{
    *out_lo = weight > 0 ? weight * lo : weight * hi;
    *out_hi = weight > 0 ? weight * hi : weight * lo;
}

/* 1 when every digit of cell m (weight w, of group gb) passes the
 * bounds test of sum_by_bounds, by group_bounds_any: in a sum of many
 * cells most of them do, and the test per digit is the sum's cost. */
static int sum_bounds_keep_all(const struct group_bounds *gb, digitset m, int w, int total,
                               int others_lo, int others_hi)
{
    int lo_most, hi_least, rest_lo, rest_hi, own_lo, own_hi;
    if (gb->count > gb->npool) return 0;
    group_bounds_any(gb, m, &lo_most, &hi_least);
    weighted_bounds(w, lo_most, hi_least, &rest_lo, &rest_hi);
    weighted_bounds(w, lowest(m), highest(m), &own_lo, &own_hi); /* the cell's own part */
    return total - own_hi >= others_lo + rest_lo && total - own_lo <= others_hi + rest_hi;
}

static int sum_by_bounds(const struct sum_set *s, const struct sum_item *it, struct prop_ctx *ctx)
{
    const digitset *now = prop_candidate_array(ctx);
    digitset cand[SUM_MAX_CELLS];
    const uint8_t *group = s->group + it->first;
    const int8_t *weight = s->weight + it->first;
    struct group_bounds gb[SUM_MAX_CELLS];
    int group_weight[SUM_MAX_CELLS], lo[SUM_MAX_CELLS], hi[SUM_MAX_CELLS], all_lo = 0, all_hi = 0;
    for (int g = 0; g < it->ngroups; g++) group_bounds_clear(&gb[g], s->size);
    for (int i = 0; i < it->count; i++) {
        cand[i] = now[s->cells[it->first + i]];
        group_weight[group[i]] = weight[i];
        group_bounds_add(&gb[group[i]], cand[i]);
    }
    for (int g = 0; g < it->ngroups; g++) {
        group_bounds_finish(&gb[g]);
        weighted_bounds(group_weight[g], gb[g].lo, gb[g].hi, &lo[g], &hi[g]);
        all_lo += lo[g];
        all_hi += hi[g];
    }
    if (it->total < all_lo || it->total > all_hi) return SL_PROP_CONTRADICTION;
    for (int i = 0; i < it->count; i++) {
        if (digitset_is_single(cand[i])) continue;
        int g = group[i], others_lo = all_lo - lo[g], others_hi = all_hi - hi[g];
        if (sum_bounds_keep_all(&gb[g], cand[i], weight[i], it->total, others_lo, others_hi))
            continue;
        digitset keep = 0;
        for (digitset m = cand[i]; m; m = digitset_rest(m)) {
            int d = digitset_first(m), rest_lo, rest_hi, need = it->total - weight[i] * d;
            group_bounds_rest(&gb[g], cand[i], d, &rest_lo, &rest_hi);
            weighted_bounds(weight[i], rest_lo, rest_hi, &rest_lo, &rest_hi);
            if (need >= others_lo + rest_lo && need <= others_hi + rest_hi) keep |= digitset_of(d);
        }
        if (keep != cand[i] && prop_restrict(ctx, s->cells[it->first + i], keep))
            return SL_PROP_CONTRADICTION;
    }
    return SL_PROP_OK;
}

/* ---- small sums of several groups: exact ---- */

#define SUM_EXACT_CELLS 5
#define SUM_EXACT_STEPS 1024

struct exact_walk {
    int count;
    digitset cand[SUM_EXACT_CELLS];
    int group[SUM_EXACT_CELLS];
    int weight[SUM_EXACT_CELLS];
    int min_after[SUM_EXACT_CELLS + 1], max_after[SUM_EXACT_CELLS + 1];
    digitset used[SUM_EXACT_CELLS]; /* per group, along the current path */
    int chosen[SUM_EXACT_CELLS];
    digitset support[SUM_EXACT_CELLS];
    int unsupported; /* (cell, digit) pairs no assignment has used yet */
    long steps;
};

/* Marks digit d of cell k supported. */
static void exact_support(struct exact_walk *w, int k, int d)
{
    w->unsupported -= !(w->support[k] & digitset_of(d));
    w->support[k] |= digitset_of(d);
}

/* Marks the digits of the complete assignment in w->chosen; 1 when
 * every digit is supported. */
static int exact_assignment(struct exact_walk *w)
{
    for (int k = 0; k < w->count; k++) exact_support(w, k, w->chosen[k]);
    return w->unsupported == 0;
}

/* The last cell (weight not 0) of m's digits: only the digit that makes
 * `left` exactly completes an assignment, so it is found by a division
 * rather than by trying each digit. The step its completion would have
 * taken is counted, so the budget runs out where the walk digit by digit
 * ran out. */
static int exact_last(struct exact_walk *w, int i, int left, digitset m)
{
    int weight = w->weight[i], d = left / weight;
    if (left % weight || d < 1 || d > 31 || !(m & digitset_of(d))) return 0;
    if (++w->steps > SUM_EXACT_STEPS) return -1;
    w->chosen[i] = d;
    return exact_assignment(w);
}

/* The last two cells, i and j = i + 1 (weight not 0), in one loop over
 * m, cell i's digits: what exact_step of j and exact_last would do for
 * each digit, in the same order and counting the same steps, so the walk
 * ends where the digit-by-digit walk ended, with the same supports. The
 * cells before i take one digit each along this path, marked at the
 * first assignment. */
static int exact_pair(struct exact_walk *w, int i, int left, digitset m)
{
    int j = i + 1, weight_i = w->weight[i], weight_j = w->weight[j], marked = 0;
    digitset mj = w->cand[j] & ~w->used[w->group[j]];
    int same_group = w->group[i] == w->group[j];
    for (; m; m = digitset_rest(m)) {
        int d = digitset_first(m), rest = left - weight_i * d;
        if (rest < w->min_after[j]) {
            if (weight_i > 0) break;
            continue;
        }
        if (rest > w->max_after[j]) {
            if (weight_i < 0) break;
            continue;
        }
        if (++w->steps > SUM_EXACT_STEPS) return -1; /* exact_step of j */
        digitset allowed = same_group ? mj & ~digitset_of(d) : mj;
        int e = rest / weight_j;
        if (rest % weight_j || e < 1 || e > 31 || !(allowed & digitset_of(e))) continue;
        if (++w->steps > SUM_EXACT_STEPS) return -1; /* exact_last's assignment */
        for (int k = 0; k < i && !marked; k++) exact_support(w, k, w->chosen[k]);
        marked = 1;
        exact_support(w, i, d);
        exact_support(w, j, e);
        if (w->unsupported == 0) return 1;
    }
    return 0;
}

/* Tries every digit of cell i given the sum still to make; marks the
 * digits of every complete assignment. 0 when done, 1 when every digit
 * is supported (nothing left to learn), -1 over budget. */
static int exact_step(struct exact_walk *w, int i, int left)
{
    if (++w->steps > SUM_EXACT_STEPS) return -1;
    if (i == w->count) return left == 0 ? exact_assignment(w) : 0;
    digitset m = w->cand[i] & ~w->used[w->group[i]];
    if (i == w->count - 1 && w->weight[i] != 0) return exact_last(w, i, left, m);
    if (i == w->count - 2 && w->weight[i + 1] != 0) return exact_pair(w, i, left, m);
    for (; m; m = digitset_rest(m)) {
        int d = digitset_first(m), rest = left - w->weight[i] * d;
        /* Digits rise, so rest falls (rises for a negative weight): past one
         * end of the reachable range, every later digit is out too. */
        if (rest < w->min_after[i + 1]) {
            if (w->weight[i] > 0) break;
            continue;
        }
        if (rest > w->max_after[i + 1]) {
            if (w->weight[i] < 0) break;
            continue;
        }
        w->chosen[i] = d;
        w->used[w->group[i]] |= digitset_of(d);
        int rc = exact_step(w, i + 1, rest);
        w->used[w->group[i]] &= ~digitset_of(d);
        if (rc) return rc;
    }
    return 0;
}

/* Lays the walk of sum it over now out in w (cells with the fewest
 * candidates first: the walk prunes sooner; their cells into cell_of)
 * and walks: exact_step's answer. */
static int exact_walk_run(const struct sum_set *s, const struct sum_item *it, const digitset *now,
                          struct exact_walk *w, int *cell_of)
{
    for (int i = 0; i < it->count; i++) {
        int k = i;
        digitset m = now[s->cells[it->first + i]];
        for (; k > 0 && digitset_count(w->cand[k - 1]) > digitset_count(m); k--) {
            w->cand[k] = w->cand[k - 1];
            w->group[k] = w->group[k - 1];
            w->weight[k] = w->weight[k - 1];
            cell_of[k] = cell_of[k - 1];
        }
        w->cand[k] = m;
        w->group[k] = s->group[it->first + i];
        w->weight[k] = s->weight[it->first + i];
        cell_of[k] = s->cells[it->first + i];
        w->unsupported += digitset_count(m);
    }
    for (int i = it->count - 1; i >= 0; i--) {
        int lo, hi;
        weighted_bounds(w->weight[i], lowest(w->cand[i]), highest(w->cand[i]), &lo, &hi);
        w->min_after[i] = w->min_after[i + 1] + lo;
        w->max_after[i] = w->max_after[i + 1] + hi;
    }
    return exact_step(w, 0, it->total);
}

int sum_set_exact_walk(const struct sum_set *s, int i, const digitset *cand, int *cells,
                       digitset *support, long *steps)
{
    const struct sum_item *it = &s->items[i];
    struct exact_walk w = {.count = it->count};
    if (it->count > SUM_EXACT_CELLS || it->combo_count >= 0 || it->by_groups) return -2;
    int walked = exact_walk_run(s, it, cand, &w, cells);
    for (int k = 0; k < it->count; k++) support[k] = w.support[k];
    *steps = w.steps;
    return walked;
}

/* Exact pruning for a sum of at most SUM_EXACT_CELLS cells: a digit stays
 * when some assignment (distinct within groups) makes the total with it.
 * Returns 1 when the walk was over budget (nothing done). */
static int sum_exact(const struct sum_set *s, const struct sum_item *it, struct prop_ctx *ctx,
                     int *status)
{
    struct exact_walk w = {.count = it->count};
    if (it->count > SUM_EXACT_CELLS) return 1;
    int cell_of[SUM_EXACT_CELLS];
    int walked = exact_walk_run(s, it, prop_candidate_array(ctx), &w, cell_of);
    if (walked < 0) return 1;
    *status = SL_PROP_OK;
    if (walked == 1) return 0; /* every digit has an assignment */
    for (int i = 0; i < it->count && *status == SL_PROP_OK; i++)
        if (w.support[i] != w.cand[i]) *status = prop_restrict(ctx, cell_of[i], w.support[i]);
    if (w.support[0] == 0) *status = SL_PROP_CONTRADICTION;
    return 0;
}

/* The digits d of m as N+1-d. */
static digitset mirror_digits(digitset m, int n)
{
    digitset out = 0;
    for (; m; m = digitset_rest(m)) out |= digitset_of(n + 1 - digitset_first(m));
    return out;
}

static int sum_by_groups(const struct sum_set *s, const struct sum_item *it, struct prop_ctx *ctx,
                         void *memo)
{
    const digitset *now = prop_candidate_array(ctx);
    const uint16_t *cells = s->cells + it->first;
    const int8_t *weight = s->weight + it->first;
    digitset cand[SUM_MAX_CELLS], keep[SUM_MAX_CELLS];
    for (int i = 0; i < it->count; i++) cand[i] = now[cells[i]];
    if (it->mirrored)
        for (int i = 0; i < it->count; i++)
            if (weight[i] < 0) cand[i] = mirror_digits(cand[i], s->size);
    int narrowed = sum_groups_prune_laid(s->subsets, cand, &s->layouts[it->layout], it->count,
                                         it->ngroups, it->groups_total, s->broad, keep, memo);
    if (narrowed <= 0) return narrowed < 0 ? SL_PROP_CONTRADICTION : 0;
    int changed = 0;
    for (int i = 0; i < it->count; i++) {
        if (keep[i] == cand[i]) continue;
        if (it->mirrored && weight[i] < 0) keep[i] = mirror_digits(keep[i], s->size);
        if (prop_restrict(ctx, cells[i], keep[i])) return SL_PROP_CONTRADICTION;
        changed = 1;
    }
    return changed;
}

/* The sum of its cells' candidate masks: masks only lose digits, so a
 * different sum means a changed cell. */
static digitset sum_mask_total(const struct sum_set *s, const struct sum_item *it,
                               const struct prop_ctx *ctx)
{
    const digitset *now = prop_candidate_array(ctx);
    digitset total = 0;
    for (int k = 0; k < it->count; k++) total += now[s->cells[it->first + k]];
    return total;
}

/* A sum with no list of combinations: by its groups' digit sets, else
 * by an exact walk, else by bounds. */
static int sum_without_combos(const struct sum_set *s, const struct sum_item *it,
                              struct prop_ctx *ctx, void *state)
{
    int status;
    if (it->by_groups) return sum_by_groups(s, it, ctx, state ? (char *)state + it->memo_at : NULL);
    digitset before = sum_mask_total(s, it, ctx);
    if (sum_exact(s, it, ctx, &status)) status = sum_by_bounds(s, it, ctx);
    return status ? status : sum_mask_total(s, it, ctx) != before;
}

/* A sum with combinations takes one pass: narrowing its open cells to
 * the survivors' union leaves the same survivors, so a second pass could
 * only gain from a digit the first placed, and the engine's singles wake
 * the sum again when that digit leaves another of its cells. On the
 * killer family (scripts/bench_killer_family.sh) it saved 5% of the work
 * per node. Other sums run until they change nothing of their own cells,
 * so the caller can take each as settled. */
int sum_set_propagate(const struct sum_set *s, int i, struct prop_ctx *ctx, void *state)
{
    const struct sum_item *it = &s->items[i];
    if (it->combo_count >= 0) {
        struct sum_view v;
        return sum_view_of(s, it, ctx, &v) ? SL_PROP_CONTRADICTION
                                           : sum_by_combos(s, it, ctx, &v, state);
    }
    for (int narrowed = 0;; narrowed = 1) {
        int status = sum_without_combos(s, it, ctx, state);
        if (status < 0) return SL_PROP_CONTRADICTION;
        if (status == 0) return narrowed;
    }
}

/* ---- branching ---- */

/* Sum it's combinations surviving its cells alone (*count) among its
 * open cells (*nopen), from its memo when its cells are as the memo saw
 * them; 0, or -1 when the view finds a contradiction. Past a best so far
 * of best_count per best_open (best_count 0: none), a sum that cannot
 * beat it is not counted (*count 0). */
static int sum_offer_count(const struct sum_set *s, const struct sum_item *it,
                           const struct prop_ctx *ctx, const void *state, int best_count,
                           int best_open, int *count, int *nopen)
{
    const struct offer_memo *memo = sum_offer_memo(s, it, state);
    if (memo && memo->mask_sum == sum_mask_total(s, it, ctx)) {
        *count = memo->count;
        *nopen = memo->nopen;
        return 0;
    }
    struct sum_view v;
    digitset can;
    if (sum_view_of(s, it, ctx, &v)) return -1;
    *nopen = v.nopen;
    *count = 0;
    /* Two combinations are the fewest an offer has: past that, no count
     * can beat the best so far. */
    if (v.nopen < 2 || (best_count && 2 * best_open >= best_count * v.nopen)) return 0;
    sum_survivors(s, it, &v, v.placed, &can, count);
    return 0;
}

int sum_set_offer(const struct sum_set *s, const struct prop_ctx *ctx, const void *state,
                  struct branch_offer *offer)
{
    int best = -1, best_count = 0, best_open = 1;
    struct sum_view v;
    for (int i = 0; i < s->nitems; i++) {
        const struct sum_item *it = &s->items[i];
        int count, nopen;
        if (it->combo_count < 2 ||
            sum_offer_count(s, it, ctx, state, best_count, best_open, &count, &nopen) || nopen < 2)
            continue;
        /* Fewest combinations per open cell: a big cage with few
         * combinations settles the most. */
        int better = best < 0 || count * best_open < best_count * nopen;
        if (count >= 2 && count <= SL_MAX_ALTERNATIVES && better)
            best = i, best_count = count, best_open = nopen;
    }
    if (best < 0) return 0;
    const struct sum_item *it = &s->items[best];
    const digitset *list = sum_combos_of(s, it);
    sum_view_of(s, it, ctx, &v);
    offer->ncells = v.nopen;
    for (int i = 0; i < v.nopen; i++) offer->cells[i] = v.open[i];
    offer->nalts = 0;
    for (long j = 0; j < it->combo_count; j++) {
        digitset rest = list[j] & ~v.placed;
        if ((list[j] & v.placed) != v.placed || (rest & v.reach) != rest) continue;
        if (cage_rest_meets(v.check, v.ncheck, rest)) offer->alt[offer->nalts++] = rest;
    }
    return 1;
}
