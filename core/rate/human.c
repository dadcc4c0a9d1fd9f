/*
 * human.c — the rater's grid: layout, placements, steps applied.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "human.h"
#include "propagate.h"
#include "technique.h"

static void layout_add_peers(struct human_layout *lay, const uint16_t *cells, int count)
{
    for (int i = 0; i < count; i++)
        for (int j = 0; j < count; j++)
            if (i != j) cellset_add(&lay->peers[cells[i]], cells[j]);
}

/* The kind of a house, read off its cells: all in one row, one column,
 * one box, on a diagonal, or none of these (a region, numbered among the
 * regions). */
static void layout_classify(struct human_layout *lay, int house, int *regions)
{
    const struct geometry *g = &lay->rs->geo;
    const uint16_t *cells = lay->house_cells[house];
    int n = lay->size, row = 1, col = 1, box = g->box_rows > 0, main = 1, anti = 1;
    for (int k = 0; k < n; k++) {
        int r = geometry_row(g, cells[k]), c = geometry_col(g, cells[k]);
        row &= r == geometry_row(g, cells[0]);
        col &= c == geometry_col(g, cells[0]);
        if (g->box_rows) box &= geometry_box(g, cells[k]) == geometry_box(g, cells[0]);
        main &= r == c;
        anti &= r + c == n - 1;
    }
    enum house_kind kind = row    ? HOUSE_ROW
                           : col  ? HOUSE_COLUMN
                           : box  ? HOUSE_BOX
                           : main ? HOUSE_MAIN_DIAGONAL
                           : anti ? HOUSE_ANTI_DIAGONAL
                                  : HOUSE_REGION;
    lay->house_kind[house] = (uint8_t)kind;
    lay->house_index[house] = (int16_t)(kind == HOUSE_ROW      ? geometry_row(g, cells[0])
                                        : kind == HOUSE_COLUMN ? geometry_col(g, cells[0])
                                        : kind == HOUSE_BOX    ? geometry_box(g, cells[0])
                                        : kind == HOUSE_REGION ? (*regions)++
                                                               : 0);
}

static int layout_find_meetings(struct human_layout *lay)
{
    struct cellset meet;
    for (int a = 0; a < lay->nhouses; a++) {
        lay->meeting_first[a] = lay->nmeetings;
        for (int b = 0; b < lay->nhouses; b++) {
            if (a == b || !cellset_and(lay, &lay->house_set[a], &lay->house_set[b], &meet) ||
                cellset_count(lay, &meet) < 2)
                continue;
            if (lay->nmeetings == HUMAN_MAX_MEETINGS) return -1;
            uint32_t a_in_b = 0, b_in_a = 0;
            for (int k = 0; k < lay->size; k++) {
                if (cellset_has(&meet, lay->house_cells[a][k])) a_in_b |= UINT32_C(1) << k;
                if (cellset_has(&meet, lay->house_cells[b][k])) b_in_a |= UINT32_C(1) << k;
            }
            int from_block = house_is_block(lay->house_kind[a]);
            if (from_block != house_is_block(lay->house_kind[b]))
                lay->locking[from_block][lay->nlocking[from_block]++] = (uint16_t)lay->nmeetings;
            lay->meetings[lay->nmeetings++] =
                (struct house_meeting){(uint16_t)a, (uint16_t)b, a_in_b, b_in_a};
        }
    }
    lay->meeting_first[lay->nhouses] = lay->nmeetings;
    return 0;
}

static void layout_find_block_reach(struct human_layout *lay)
{
    struct cellset meet;
    for (int a = 0; a < lay->nhouses; a++) {
        cellset_clear(&lay->block_reach[a]);
        for (int b = 0; b < lay->nhouses; b++) {
            if (!house_is_block(lay->house_kind[b]) ||
                !cellset_and(lay, &lay->house_set[a], &lay->house_set[b], &meet))
                continue;
            for (int w = 0; w < lay->words; w++) lay->block_reach[a].w[w] |= lay->house_set[b].w[w];
        }
    }
}

/* Lets each rule with techniques of its own make what they need. */
static int human_prepare_rules(const struct ruleset *rs)
{
    struct sl_error err = {0};
    for (int i = 0; i < rs->nslots; i++)
        if (rs->slots[i].ops->explain_prepare &&
            rs->slots[i].ops->explain_prepare(rs->slots[i].self, &err))
            return -1;
    return 0;
}

/* Zeroes what the layout accumulates into, for the cells and houses in
 * use only: the arrays are sized for the largest grid, and a rater is
 * made for every puzzle a generator rates. */
static void layout_clear(struct human_layout *lay, const struct ruleset *rs)
{
    size_t houses = rs->nhouses < SL_MAX_UNITS ? (size_t)rs->nhouses : SL_MAX_UNITS;
    lay->nmeetings = 0;
    lay->nlocking[0] = lay->nlocking[1] = 0;
    lay->rule_scratch = NULL;
    memset(lay->ncell_houses, 0, sizeof lay->ncell_houses[0] * (size_t)rs->geo.ncells);
    memset(lay->peers, 0, sizeof lay->peers[0] * (size_t)rs->geo.ncells);
    memset(lay->house_set, 0, sizeof lay->house_set[0] * houses);
}

/* The explain hooks' scratch, when some rule has a hook. clean's state
 * past the cells stays zero: only its cells are ever written. */
static int layout_rule_scratch(struct human_layout *lay, const struct ruleset *rs)
{
    int hooks = 0;
    for (int i = 0; i < rs->nslots; i++) hooks |= rs->slots[i].ops->explain != NULL;
    if (!hooks) return 0;
    struct rule_scratch *sc = calloc(1, sizeof *sc);
    lay->rule_scratch = sc;
    if (!sc) return -1;
    size_t ncells = (size_t)rs->geo.ncells;
    sc->ctx = malloc(sizeof *sc->ctx);
    sc->state = malloc(rs->state_bytes);
    sc->clean = calloc(1, rs->state_bytes);
    sc->seen_cand = malloc(ncells * sizeof *sc->seen_cand);
    sc->seen_value = malloc(ncells);
    sc->row_slots = malloc((size_t)technique_count * sizeof *sc->row_slots);
    sc->row_ready = calloc((size_t)technique_count, 1);
    return sc->ctx && sc->state && sc->clean && sc->seen_cand && sc->seen_value && sc->row_slots &&
                   sc->row_ready
               ? 0
               : -1;
}

void human_layout_free(struct human_layout *lay)
{
    struct rule_scratch *sc = lay->rule_scratch;
    if (sc) {
        free(sc->ctx);
        free(sc->state);
        free(sc->clean);
        free(sc->seen_cand);
        free(sc->seen_value);
        free(sc->row_slots);
        free(sc->row_ready);
        free(sc);
    }
    lay->rule_scratch = NULL;
}

int human_layout_retotaled(struct human_layout *lay)
{
    human_layout_free(lay);
    return human_prepare_rules(lay->rs) || layout_rule_scratch(lay, lay->rs) ? -1 : 0;
}

int human_layout_init(struct human_layout *lay, const struct ruleset *rs)
{
    layout_clear(lay, rs);
    if (human_prepare_rules(rs) || layout_rule_scratch(lay, rs)) return -1;
    lay->rs = rs;
    lay->size = rs->geo.size;
    lay->ncells = rs->geo.ncells;
    lay->nhouses = rs->nhouses;
    lay->words = (lay->ncells + 63) / 64;
    lay->all = rs->all;
    for (int u = 0; u < rs->nunits; u++) {
        const uint16_t *cells = rs->unit_cells + rs->unit_start[u];
        int count = rs->unit_start[u + 1] - rs->unit_start[u];
        layout_add_peers(lay, cells, count);
        if (u >= rs->nhouses) continue;
        if (u >= HUMAN_MAX_HOUSES) return -1;
        lay->house_cells[u] = cells;
        for (int k = 0; k < count; k++) {
            int c = cells[k];
            if (lay->ncell_houses[c] == HUMAN_MAX_HOUSES_PER_CELL) return -1;
            lay->cell_house_pos[c][lay->ncell_houses[c]] = (uint8_t)k;
            lay->cell_houses[c][lay->ncell_houses[c]++] = (uint16_t)u;
            cellset_add(&lay->house_set[u], c);
        }
    }
    int regions = 0;
    for (int i = 0; i < SL_MAX_SIZE; i++) lay->line_house[0][i] = lay->line_house[1][i] = -1;
    for (int u = 0; u < lay->nhouses; u++) {
        layout_classify(lay, u, &regions);
        if (lay->house_kind[u] <= HOUSE_COLUMN)
            lay->line_house[lay->house_kind[u]][lay->house_index[u]] = (int16_t)u;
    }
    lay->lines_in_order = 1;
    for (int dir = 0; dir < 2; dir++)
        for (int i = 0; i < lay->size; i++) {
            int house = lay->line_house[dir][i];
            for (int k = 0; house >= 0 && k < lay->size; k++)
                lay->lines_in_order &= lay->house_cells[house][k] ==
                                       (dir == 0 ? i * lay->size + k : k * lay->size + i);
            lay->lines_in_order &= house >= 0;
        }
    layout_find_block_reach(lay);
    return layout_find_meetings(lay);
}

/* Takes digits (all candidates of cell) out of cell and its places. */
static void human_remove(struct human *h, int cell, digitset digits)
{
    const struct human_layout *lay = h->lay;
    h->cand[cell] &= ~digits;
    for (int i = 0; i < lay->ncell_houses[cell]; i++) {
        uint32_t *places = h->places[lay->cell_houses[cell][i]];
        uint32_t keep = ~(UINT32_C(1) << lay->cell_house_pos[cell][i]);
        for (digitset ds = digits; ds; ds = digitset_rest(ds)) places[digitset_first(ds)] &= keep;
    }
}

static void human_remove_from_peers(struct human *h, int cell, int digit)
{
    const struct ruleset *rs = h->lay->rs;
    digitset bit = digitset_of(digit);
    for (int i = rs->peer_start[cell]; i < rs->peer_start[cell + 1]; i++)
        if (h->cand[rs->peers[i]] & bit) human_remove(h, rs->peers[i], bit);
}

void human_recount(struct human *h)
{
    const struct human_layout *lay = h->lay;
    memset(h->places, 0, sizeof h->places[0] * (size_t)lay->nhouses);
    for (int c = 0; c < lay->ncells; c++)
        for (digitset ds = h->cand[c]; ds; ds = digitset_rest(ds)) {
            int digit = digitset_first(ds);
            for (int i = 0; i < lay->ncell_houses[c]; i++)
                h->places[lay->cell_houses[c][i]][digit] |= UINT32_C(1)
                                                            << lay->cell_house_pos[c][i];
        }
}

void human_settle(struct human *h)
{
    human_recount(h);
    for (int c = 0; c < h->lay->ncells; c++)
        if (h->value[c]) human_remove_from_peers(h, c, h->value[c]);
}

/* The places follow from the candidates: counted once, after every given
 * has left its peers. */
int human_init(struct human *h, const struct human_layout *lay, const uint8_t *givens)
{
    const struct ruleset *rs = lay->rs;
    h->lay = lay;
    h->open = 0;
    for (int c = 0; c < lay->ncells; c++) {
        h->value[c] = givens[c];
        h->cand[c] = givens[c] ? 0 : rs->domain[c];
        h->open += !givens[c];
    }
    for (int c = 0; c < lay->ncells; c++) {
        if (!givens[c]) continue;
        digitset keep = ~digitset_of(givens[c]);
        for (int i = rs->peer_start[c]; i < rs->peer_start[c + 1]; i++)
            h->cand[rs->peers[i]] &= keep;
    }
    human_recount(h);
    for (int c = 0; c < lay->ncells; c++)
        if (!h->value[c] && !h->cand[c]) return -1;
    return 0;
}

int human_place(struct human *h, int cell, int digit)
{
    if (h->value[cell] || !(h->cand[cell] & digitset_of(digit))) return -1;
    h->value[cell] = (uint8_t)digit;
    human_remove(h, cell, h->cand[cell]);
    h->open--;
    human_remove_from_peers(h, cell, digit);
    return 0;
}

int human_apply(struct human *h, const struct step *s)
{
    int changed = 0;
    if (s->place_cell >= 0) {
        if (human_place(h, s->place_cell, s->place_digit)) return -1;
        changed++;
    }
    for (int i = 0; i < s->nelims; i++) {
        int c = s->elims[i].cell;
        digitset gone = h->cand[c] & s->elims[i].digits;
        if (!gone) continue;
        if (gone == h->cand[c]) return -1;
        human_remove(h, c, gone);
        changed += digitset_count(gone);
    }
    return changed;
}

int human_removals_make_hidden_single(const struct human *h, struct step *s, int only, int blocks)
{
    const struct human_layout *lay = h->lay;
    for (int i = 0; i < s->nelims; i++) {
        int c = s->elims[i].cell;
        for (digitset ds = s->elims[i].digits & h->cand[c]; ds; ds = digitset_rest(ds)) {
            int digit = digitset_first(ds);
            for (int j = 0; j < lay->ncell_houses[c]; j++) {
                int house = lay->cell_houses[c][j];
                if (only >= 0 ? house != only : house_is_block(lay->house_kind[house]) != blocks)
                    continue;
                const uint16_t *cells = lay->house_cells[house];
                int left = 0, where = -1;
                for (int k = 0; k < lay->size; k++) {
                    int other = cells[k], removed = 0;
                    if (!(h->cand[other] & digitset_of(digit))) continue;
                    for (int e = 0; e < s->nelims && !removed; e++)
                        removed =
                            s->elims[e].cell == other && (s->elims[e].digits & digitset_of(digit));
                    if (!removed) left++, where = other;
                }
                if (left == 1) {
                    s->place_cell = where;
                    s->place_digit = digit;
                    s->nelims = 0;
                    return 1;
                }
            }
        }
    }
    return 0;
}

int cellset_and(const struct human_layout *lay, const struct cellset *a, const struct cellset *b,
                struct cellset *out)
{
    uint64_t any = 0;
    for (int i = 0; i < lay->words; i++) any |= out->w[i] = a->w[i] & b->w[i];
    return any != 0;
}

int cellset_count(const struct human_layout *lay, const struct cellset *s)
{
    int n = 0;
    for (int i = 0; i < lay->words; i++) n += __builtin_popcountll(s->w[i]);
    return n;
}

int cellset_next(const struct human_layout *lay, const struct cellset *s, int c)
{
    if (c >= lay->ncells) return -1;
    int i = c >> 6;
    uint64_t word = s->w[i] & (~UINT64_C(0) << (c & 63));
    while (!word) {
        if (++i >= lay->words) return -1;
        word = s->w[i];
    }
    return i * 64 + __builtin_ctzll(word);
}

const char *human_house_name(const struct human_layout *lay, int house, char *buf, int cap)
{
    /* A diagonal has no number: its entry names it whole. */
    static const struct {
        const char *word;
        int numbered;
    } kinds[] = {
        {"row", 1},   {"column", 1}, {"box", 1}, {"the main diagonal", 0}, {"the anti-diagonal", 0},
        {"region", 1}};
    int kind = lay->house_kind[house];
    if (kinds[kind].numbered)
        snprintf(buf, (size_t)cap, "%s %d", kinds[kind].word, lay->house_index[house] + 1);
    else
        snprintf(buf, (size_t)cap, "%s", kinds[kind].word);
    return buf;
}

const char *human_cell_name(const struct human_layout *lay, int cell, char *buf, int cap)
{
    const struct geometry *g = &lay->rs->geo;
    snprintf(buf, (size_t)cap, "r%dc%d", geometry_row(g, cell) + 1, geometry_col(g, cell) + 1);
    return buf;
}
