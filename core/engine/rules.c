/*
 * rules.c — builds a ruleset (rules.h) and implements the rules_* calls
 * that plugins make from attach (constraint.h).
 */
#include "rules.h"

#include "intersect.h"
#include "kernel.h"
#include "vec.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

struct rule_builder {
    struct geometry geo;
    int nunits, units_cap;
    struct unit_span {
        int start, len; /* into unit_cells */
    } * units;
    uint16_t *unit_cells;
    int cells_used, cells_cap;
    digitset *domain;
    uint64_t *watch_masks;
    int ngroups; /* watched groups so far, every slot's */
    int nmembers, members_cap;
    struct group_member {
        uint16_t group, cell;
    } * members;
    size_t *reserved; /* bytes reserved by each slot */
    size_t *scratch;  /* bytes of per-search scratch reserved by each slot */
    int current_slot;
    int slot_group_first; /* the current slot's first group */
    int lean;             /* ruleset_build_lean: rules may leave out what repeats others */
    int left_out;         /* some rule did */
};

const struct geometry *rules_geometry(const struct rule_builder *b) { return &b->geo; }

int rules_lean(const struct rule_builder *b) { return b->lean; }

void rules_note_left_out(struct rule_builder *b) { b->left_out = 1; }

static int check_cell(const struct rule_builder *b, int cell, struct sl_error *err)
{
    if (cell < 0 || cell >= b->geo.ncells)
        return sl_error_set(err, 0, 0, "cell %d is outside the %dx%d grid", cell, b->geo.size,
                            b->geo.size);
    return 0;
}

int rules_add_unit(struct rule_builder *b, const int *cells, int count, struct sl_error *err)
{
    if (count < 1 || count > b->geo.size)
        return sl_error_set(err, 0, 0, "a unit of %d cells cannot hold distinct digits 1..%d",
                            count, b->geo.size);
    for (int i = 0; i < count; i++) {
        if (check_cell(b, cells[i], err)) return -1;
        for (int j = 0; j < i; j++)
            if (cells[j] == cells[i])
                return sl_error_set(err, 0, 0, "cell r%dc%d is twice in one unit",
                                    geometry_row(&b->geo, cells[i]) + 1,
                                    geometry_col(&b->geo, cells[i]) + 1);
    }
    if (b->nunits == SL_MAX_UNITS)
        return sl_error_set(err, 0, 0, "too many units (at most %d)", SL_MAX_UNITS);
    if (vec_grow((void **)&b->units, &b->units_cap, b->nunits + 1, sizeof *b->units, err))
        return -1;
    if (vec_grow((void **)&b->unit_cells, &b->cells_cap, b->cells_used + count, sizeof(uint16_t),
                 err))
        return -1;
    b->units[b->nunits].start = b->cells_used;
    b->units[b->nunits].len = count;
    for (int i = 0; i < count; i++) b->unit_cells[b->cells_used++] = (uint16_t)cells[i];
    b->nunits++;
    return 0;
}

/* Houses are few (tens), so a scan per call is cheap enough at build time. */
static int builder_house_unit(const struct rule_builder *b, int i)
{
    for (int u = 0; u < b->nunits; u++)
        if (b->units[u].len == b->geo.size && i-- == 0) return u;
    return -1;
}

int rules_house_count(const struct rule_builder *b)
{
    int count = 0;
    for (int u = 0; u < b->nunits; u++) count += b->units[u].len == b->geo.size;
    return count;
}

int rules_house_cells(const struct rule_builder *b, int i, int *cells)
{
    int u = builder_house_unit(b, i);
    if (u < 0) return 0;
    for (int k = 0; k < b->units[u].len; k++) cells[k] = b->unit_cells[b->units[u].start + k];
    return b->units[u].len;
}

int rules_limit_domain(struct rule_builder *b, int cell, digitset allowed, struct sl_error *err)
{
    if (check_cell(b, cell, err)) return -1;
    b->domain[cell] &= allowed;
    return 0;
}

int rules_watch_group(struct rule_builder *b, const int *cells, int count, struct sl_error *err)
{
    if (b->ngroups == SL_MAX_GROUPS)
        return sl_error_set(err, 0, 0, "too many watched groups (at most %d)", SL_MAX_GROUPS);
    for (int i = 0; i < count; i++)
        if (check_cell(b, cells[i], err)) return -1;
    if (vec_grow((void **)&b->members, &b->members_cap, b->nmembers + count, sizeof *b->members,
                 err))
        return -1;
    for (int i = 0; i < count; i++) {
        b->members[b->nmembers++] = (struct group_member){(uint16_t)b->ngroups, (uint16_t)cells[i]};
        b->watch_masks[cells[i]] |= UINT64_C(1) << b->current_slot;
    }
    return b->ngroups++ - b->slot_group_first;
}

int rules_watch(struct rule_builder *b, int cell, struct sl_error *err)
{
    return rules_watch_group(b, &cell, 1, err) < 0 ? -1 : 0;
}

int rules_reserve_state(struct rule_builder *b, size_t bytes, struct sl_error *err)
{
    if (bytes > (size_t)1 << 20)
        return sl_error_set(err, 0, 0, "a rule asked for %zu bytes of search state", bytes);
    b->reserved[b->current_slot] += bytes;
    return 0;
}

int rules_reserve_scratch(struct rule_builder *b, size_t bytes, struct sl_error *err)
{
    if (bytes > (size_t)1 << 20)
        return sl_error_set(err, 0, 0, "a rule asked for %zu bytes of search scratch", bytes);
    b->scratch[b->current_slot] += bytes;
    return 0;
}

/* --- Building ---------------------------------------------------------- */

static void builder_free(struct rule_builder *b)
{
    free(b->units);
    free(b->unit_cells);
    free(b->domain);
    free(b->watch_masks);
    free(b->members);
    free(b->reserved);
    free(b->scratch);
}

/* A private instance of a rule, made from its written form, so that the
 * ruleset does not borrow the puzzle's (and round-tripping is exercised on
 * every build). */
static void *clone_rule(const struct puzzle *p, const struct puzzle_rule *r, struct sl_error *err)
{
    if (r->ops->clone) return r->ops->clone(r->self, err);
    int len = r->ops->write(r->self, NULL, 0);
    char *text = malloc((size_t)len + 1);
    if (text == NULL) {
        sl_error_set(err, 0, 0, "out of memory");
        return NULL;
    }
    r->ops->write(r->self, text, (size_t)len + 1);
    void *self = r->ops->parse(&p->geo, text, err);
    free(text);
    return self;
}

static int attach_rules(struct ruleset *rs, struct rule_builder *b, const struct puzzle *p,
                        struct sl_error *err)
{
    rs->slots = calloc((size_t)p->nrules + 1, sizeof *rs->slots);
    if (rs->slots == NULL) return sl_error_set(err, 0, 0, "out of memory");
    for (int i = 0; i < p->nrules; i++) {
        struct rule_slot *slot = &rs->slots[i];
        slot->ops = p->rules[i].ops;
        slot->self = clone_rule(p, &p->rules[i], err);
        if (slot->self == NULL) return -1;
        rs->nslots++;
    }
    /* Plain rules first (rules_house_count); slots keep the puzzle's order. */
    for (int k = 0; k < 2 * p->nrules; k++) {
        int i = k % p->nrules;
        struct rule_slot *slot = &rs->slots[i];
        if ((slot->ops->propagate != NULL) != (k >= p->nrules)) continue;
        b->current_slot = i;
        b->slot_group_first = slot->group_first = b->ngroups;
        if (slot->ops->attach(slot->self, b, err)) return -1;
        slot->group_count = b->ngroups - slot->group_first;
        if (slot->ops->propagate) rs->propagating |= UINT64_C(1) << i;
        if (slot->ops->branch) rs->branching |= UINT64_C(1) << i;
    }
    return 0;
}

/* Houses first, so the hidden-single pass walks one contiguous range. */
static int lay_out_units(struct ruleset *rs, const struct rule_builder *b, struct sl_error *err)
{
    rs->unit_start = malloc(((size_t)b->nunits + 1) * sizeof(int));
    rs->unit_cells = malloc(((size_t)b->cells_used + 1) * sizeof(uint16_t));
    if (rs->unit_start == NULL || rs->unit_cells == NULL)
        return sl_error_set(err, 0, 0, "out of memory");
    int used = 0;
    for (int pass = 0; pass < 2; pass++) {
        for (int u = 0; u < b->nunits; u++) {
            int is_house = b->units[u].len == b->geo.size;
            if (is_house != (pass == 0)) continue;
            rs->unit_start[rs->nunits++] = used;
            memcpy(rs->unit_cells + used, b->unit_cells + b->units[u].start,
                   (size_t)b->units[u].len * sizeof(uint16_t));
            used += b->units[u].len;
            rs->nhouses += is_house;
        }
    }
    rs->unit_start[rs->nunits] = used;
    rs->unit_words = (rs->nunits + 63) / 64;
    rs->cell_units = calloc((size_t)b->geo.ncells * (size_t)rs->unit_words + 1, sizeof(uint64_t));
    if (rs->cell_units == NULL) return sl_error_set(err, 0, 0, "out of memory");
    for (int u = 0; u < rs->nunits; u++)
        for (int i = rs->unit_start[u]; i < rs->unit_start[u + 1]; i++)
            rs->cell_units[(size_t)rs->unit_cells[i] * (size_t)rs->unit_words + (size_t)(u / 64)] |=
                UINT64_C(1) << (u % 64);
    return 0;
}

static int lay_out_peers(struct ruleset *rs, struct sl_error *err)
{
    int ncells = rs->geo.ncells;
    int *seen = calloc((size_t)ncells, sizeof(int)); /* stamp: last cell that saw it, +1 */
    int cap = 0, used = 0;
    /* Room for the most there can be (each unit's cells listed for each
     * of its cells), made once rather than checked for every peer. */
    size_t most = 1;
    for (int u = 0; u < rs->nunits; u++) {
        size_t len = (size_t)(rs->unit_start[u + 1] - rs->unit_start[u]);
        most += len * len;
    }
    rs->peer_start = malloc(((size_t)ncells + 1) * sizeof(int));
    if (seen == NULL || rs->peer_start == NULL || most > INT_MAX ||
        vec_grow((void **)&rs->peers, &cap, (int)most, sizeof(uint16_t), err)) {
        free(seen);
        return sl_error_set(err, 0, 0, "out of memory");
    }
    for (int c = 0; c < ncells; c++) {
        rs->peer_start[c] = used;
        seen[c] = c + 1; /* not its own peer */
        const uint64_t *units = rs->cell_units + (size_t)c * (size_t)rs->unit_words;
        for (int u = 0; u < rs->nunits; u++) {
            uint64_t later = units[u / 64] >> (u % 64); /* c's units from u on, in this word */
            if (later == 0) {
                u |= 63; /* none left in this word */
                continue;
            }
            u += __builtin_ctzll(later);
            const uint16_t *cells = rs->unit_cells + rs->unit_start[u];
            int len = rs->unit_start[u + 1] - rs->unit_start[u];
            for (int i = 0; i < len; i++) {
                if (seen[cells[i]] == c + 1) continue;
                seen[cells[i]] = c + 1;
                rs->peers[used++] = cells[i];
            }
        }
    }
    rs->peer_start[ncells] = used;
    free(seen);
    return 0;
}

/* Per cell, the words of the set of groups holding it (cell_group_word). */
static int lay_out_groups(struct ruleset *rs, const struct rule_builder *b, struct sl_error *err)
{
    int ncells = rs->geo.ncells, words = (b->ngroups + 63) / 64;
    uint64_t *bits = calloc((size_t)ncells * (size_t)words + 1, sizeof *bits);
    rs->ngroups = b->ngroups;
    rs->cell_group_start = calloc((size_t)ncells + 1, sizeof(int));
    rs->cell_group_word = malloc(((size_t)b->nmembers + 1) * sizeof *rs->cell_group_word);
    rs->cell_group_bits = malloc(((size_t)b->nmembers + 1) * sizeof *rs->cell_group_bits);
    if (!bits || !rs->cell_group_start || !rs->cell_group_word || !rs->cell_group_bits) {
        free(bits);
        return sl_error_set(err, 0, 0, "out of memory");
    }
    for (int i = 0; i < b->nmembers; i++) {
        int g = b->members[i].group;
        bits[(size_t)b->members[i].cell * (size_t)words + (size_t)(g >> 6)] |= UINT64_C(1)
                                                                               << (g & 63);
    }
    int n = 0;
    for (int c = 0; c < ncells; c++) {
        for (int w = 0; w < words; w++) {
            uint64_t m = bits[(size_t)c * (size_t)words + (size_t)w];
            if (m == 0) continue;
            rs->cell_group_word[n] = (uint16_t)w;
            rs->cell_group_bits[n++] = m;
        }
        rs->cell_group_start[c + 1] = n;
    }
    free(bits);
    return 0;
}

/* Each slot's state after the candidates and the solved digits, from
 * the bytes it reserved (state_reserved). */
static void place_state(struct ruleset *rs)
{
    rs->solved_offset = (size_t)rs->geo.ncells * sizeof(digitset);
    size_t offset = ruleset_cells_bytes(rs);
    for (int i = 0; i < rs->nslots; i++) {
        offset = (offset + 7) & ~(size_t)7;
        rs->slots[i].state_offset = offset;
        offset += rs->slots[i].state_reserved;
    }
    rs->state_bytes = (offset + 7) & ~(size_t)7;
}

/* Per cell the words a change of it marks, when the units fit a word and
 * the groups two (rules.h); other rulesets read the tables they come
 * from, and so does the classic kernel's, whose fixed point marks its own
 * way. */
static int lay_out_notes(struct ruleset *rs, struct sl_error *err)
{
    int ncells = rs->geo.ncells;
    if (rs->kernel || rs->unit_words != 1 || rs->ngroups > 128) return 0;
    rs->cell_notes = calloc((size_t)ncells, sizeof *rs->cell_notes);
    if (rs->cell_notes == NULL) return sl_error_set(err, 0, 0, "out of memory");
    for (int c = 0; c < ncells; c++) {
        struct cell_notes *n = &rs->cell_notes[c];
        n->units = rs->cell_units[c];
        n->watchers = rs->watch_masks[c];
        /* Only a watched cell's groups are woken (propagate.c). */
        for (int i = rs->cell_group_start[c]; n->watchers && i < rs->cell_group_start[c + 1]; i++)
            n->groups[rs->cell_group_word[i]] |= rs->cell_group_bits[i];
    }
    return 0;
}

static int lay_out_state(struct ruleset *rs, const struct rule_builder *b)
{
    for (int i = 0; i < rs->nslots; i++) rs->slots[i].state_reserved = b->reserved[i];
    place_state(rs);
    size_t offset = 0;
    for (int i = 0; i < rs->nslots; i++) {
        rs->slots[i].scratch_offset = offset;
        offset = (offset + b->scratch[i] + 7) & ~(size_t)7;
    }
    rs->scratch_bytes = offset;
    return 0;
}

static int copy_text(struct ruleset *rs, const struct puzzle *p, struct sl_error *err)
{
    char small[1024]; /* most rules' text: written once, not measured first */
    int len = puzzle_rules_text(p, small, sizeof small);
    rs->text = malloc((size_t)len + 1);
    if (rs->text == NULL) return sl_error_set(err, 0, 0, "out of memory");
    if ((size_t)len < sizeof small)
        memcpy(rs->text, small, (size_t)len + 1);
    else
        puzzle_rules_text(p, rs->text, (size_t)len + 1);
    return 0;
}

static struct ruleset *build(const struct puzzle *p, int lean, struct sl_error *err)
{
    struct rule_builder b = {.geo = p->geo, .lean = lean};
    struct ruleset *rs = calloc(1, sizeof *rs);
    int ncells = p->geo.ncells, failed = rs == NULL;
    b.domain = malloc((size_t)ncells * sizeof(digitset));
    b.watch_masks = calloc((size_t)ncells, sizeof(uint64_t));
    b.reserved = calloc((size_t)p->nrules + 1, sizeof(size_t));
    b.scratch = calloc((size_t)p->nrules + 1, sizeof(size_t));
    if (failed || !b.domain || !b.watch_masks || !b.reserved || !b.scratch) {
        sl_error_set(err, 0, 0, "out of memory");
        builder_free(&b);
        free(rs);
        return NULL;
    }
    rs->geo = p->geo;
    rs->all = digitset_all(p->geo.size);
    for (int c = 0; c < ncells; c++) b.domain[c] = rs->all;
    failed = attach_rules(rs, &b, p, err) || lay_out_units(rs, &b, err) || lay_out_peers(rs, err) ||
             intersections_build(rs, err) || lay_out_groups(rs, &b, err) || lay_out_state(rs, &b) ||
             copy_text(rs, p, err);
    if (!failed) rs->kernel = kernel_new(rs);
    rs->kernel_fits = rs->kernel != NULL;
    if (rs->kernel && kernel_disabled()) {
        kernel_free(rs->kernel);
        rs->kernel = NULL;
    }
    if (rs->kernel) rs->state_bytes += kernel_state_bytes();
    rs->lean = b.left_out;
    rs->domain = b.domain;
    rs->watch_masks = b.watch_masks;
    b.domain = NULL;
    b.watch_masks = NULL;
    builder_free(&b);
    if (!failed) failed = lay_out_notes(rs, err);
    if (failed) {
        ruleset_free(rs);
        return NULL;
    }
    return rs;
}

int ruleset_retotal(struct ruleset *rs, const struct puzzle *p, const uint8_t *grid,
                    struct sl_error *err)
{
    /* Patched or refused, rs is no longer what its kept field made. */
    ruleset_keep_field(rs, NULL, 0);
    if (rs->kernel) return 1; /* its boards follow the state: not laid out again here */
    for (int i = 0; i < rs->nslots; i++) {
        struct rule_slot *slot = &rs->slots[i];
        if (slot->ops->retotal == NULL) continue;
        int rc = slot->ops->retotal(slot->self, grid, &slot->state_reserved, err);
        if (rc) return rc;
    }
    place_state(rs);
    free(rs->text);
    rs->text = NULL;
    return copy_text(rs, p, err);
}

struct ruleset *ruleset_build(const struct puzzle *p, struct sl_error *err)
{
    return build(p, 0, err);
}

struct ruleset *ruleset_build_lean(const struct puzzle *p, struct sl_error *err)
{
    return build(p, 1, err);
}

void ruleset_free(struct ruleset *rs)
{
    if (rs == NULL) return;
    for (int i = 0; i < rs->nslots; i++) rs->slots[i].ops->destroy(rs->slots[i].self);
    free(rs->slots);
    free(rs->unit_start);
    free(rs->unit_cells);
    free(rs->cell_units);
    kernel_free(rs->kernel);
    free(rs->peer_start);
    free(rs->peers);
    free(rs->domain);
    free(rs->intersections);
    free(rs->intersection_cells);
    free(rs->unit_intersections);
    free(rs->watch_masks);
    free(rs->cell_group_start);
    free(rs->cell_group_word);
    free(rs->cell_group_bits);
    free(rs->cell_notes);
    free(rs->text);
    free(rs->field);
    free(rs);
}

int ruleset_matches(const struct ruleset *rs, const struct puzzle *p)
{
    if (memcmp(&rs->geo, &p->geo, sizeof rs->geo) != 0) return 0;
    /* Room for an anti-knight's rules, written once a puzzle read. */
    char small[4096];
    int len = puzzle_rules_text(p, small, sizeof small);
    if ((size_t)len < sizeof small) return strcmp(small, rs->text) == 0;
    char *text = malloc((size_t)len + 1);
    if (text == NULL) return 0;
    puzzle_rules_text(p, text, (size_t)len + 1);
    int same = strcmp(text, rs->text) == 0;
    free(text);
    return same;
}

int ruleset_keep_field(struct ruleset *rs, const char *field, size_t len)
{
    free(rs->field);
    rs->field = NULL;
    rs->field_len = 0;
    if (field == NULL) return 0;
    rs->field = malloc(len ? len : 1);
    if (rs->field == NULL) return -1;
    memcpy(rs->field, field, len);
    rs->field_len = len;
    return 0;
}

int ruleset_matches_field(const struct ruleset *rs, const struct puzzle *p, const char *field,
                          size_t len)
{
    if (field && rs->field && len == rs->field_len && memcmp(field, rs->field, len) == 0 &&
        memcmp(&rs->geo, &p->geo, sizeof rs->geo) == 0)
        return 1;
    return ruleset_matches(rs, p);
}

static void name_cell(const struct geometry *g, int cell, char *buf, size_t cap)
{
    snprintf(buf, cap, "r%dc%d", geometry_row(g, cell) + 1, geometry_col(g, cell) + 1);
}

/* 1 when the givens pass ruleset_check_givens: digits in range and in
 * their cells' domains, and none twice in a unit (peers are the cells
 * sharing a unit, so this is the peer test). Only the givens are
 * visited, each marking its digit in the units holding it: a puzzle's
 * givens are few, and going over every unit's cells cost more than the
 * rest of reading the puzzle. */
static int givens_fine(const struct ruleset *rs, const uint8_t *givens)
{
    digitset seen[SL_MAX_UNITS];
    memset(seen, 0, (size_t)rs->nunits * sizeof *seen);
    for (int c = 0; c < rs->geo.ncells; c++) {
        int d = givens[c];
        if (d == 0) continue;
        if (d > rs->geo.size) return 0;
        digitset bit = digitset_of(d);
        if (!(rs->domain[c] & bit)) return 0;
        const uint64_t *units = rs->cell_units + (size_t)c * (size_t)rs->unit_words;
        for (int w = 0; w < rs->unit_words; w++)
            for (uint64_t left = units[w]; left; left &= left - 1) {
                int u = 64 * w + __builtin_ctzll(left);
                if (seen[u] & bit) return 0;
                seen[u] |= bit;
            }
    }
    return 1;
}

int ruleset_check_givens(const struct ruleset *rs, const uint8_t *givens, int *cell,
                         struct sl_error *err)
{
    if (givens_fine(rs, givens)) return 0; /* else the cell-ordered pass names the first fault */
    const struct geometry *g = &rs->geo;
    char here[32], there[32];
    for (int c = 0; c < g->ncells; c++) {
        int d = givens[c];
        if (d == 0) continue;
        *cell = c;
        /* Names are made only for the message: this runs before every search. */
        if (d > g->size) {
            name_cell(g, c, here, sizeof here);
            return sl_error_set(err, 0, 0, "%s: digit %d is larger than %d", here, d, g->size);
        }
        if (!(rs->domain[c] & digitset_of(d))) {
            name_cell(g, c, here, sizeof here);
            return sl_error_set(err, 0, 0, "%s: a rule forbids digit %d here", here, d);
        }
        for (int i = rs->peer_start[c]; i < rs->peer_start[c + 1]; i++) {
            int other = rs->peers[i];
            if (other < c && givens[other] == d) {
                name_cell(g, c, here, sizeof here);
                name_cell(g, other, there, sizeof there);
                return sl_error_set(err, 0, 0, "%s: digit %d repeats the given at %s", here, d,
                                    there);
            }
        }
    }
    return 0;
}
