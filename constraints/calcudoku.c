/*
 * calcudoku.c — calcudoku (KenKen) cages over a Latin square: the digits
 * of each cage, combined by its operation, make its target.
 *
 * Arguments: "MAP:CLUES". MAP names each cell's cage (cellmap.h, '.' for
 * a cell in none); CLUES lists each cage's clue, comma-separated, in the
 * order the cages first appear: the target, then its operation, '+',
 * '-', 'x' or '/' ("12x"), or none for a one-cell cage ("3"). '-' and '/'
 * take two cells. Digits may repeat in a cage where its cells share no
 * row or column.
 *
 * Each cage is a watched group, pruned to the digits some assignment of
 * the cage still gives each cell (calc_cages.h); the search may branch on
 * the digit sets of a cage's cells in one line (calcudoku_branch). The
 * rater's techniques are in calcudoku_explain.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "calc_cages.h"
#include "calc_draw.h"
#include "calcudoku.h"
#include "cellmap.h"
#include "constraint.h"
#include "puzzle.h"

/* --- parse and write --------------------------------------------------- */

/* Reads the clue of cage p at text[*at..): its target and operation. */
static int calcudoku_read_clue(struct calcudoku *k, int p, const char *text, size_t len, size_t *at,
                               struct sl_error *err)
{
    size_t start = *at;
    long long v = 0;
    while (*at < len && text[*at] >= '0' && text[*at] <= '9' && v <= CALC_TARGET_MAX)
        v = v * 10 + (text[(*at)++] - '0');
    if (*at == start || v < 1 || v > CALC_TARGET_MAX)
        return sl_error_set(err, 0, (long)start + 1, "cage %d needs a target 1..%lld", p + 1,
                            CALC_TARGET_MAX);
    int op = *at < len && text[*at] != ',' ? calc_op_of(text[*at]) : CALC_NONE;
    if (op < 0)
        return sl_error_set(err, 0, (long)*at + 1,
                            "cage %d: '%c' is no operation (use +, -, x or /)", p + 1, text[*at]);
    if (op != CALC_NONE) (*at)++;
    k->cages[p].op = op;
    k->cages[p].target = v;
    return 0;
}

static int calcudoku_read_clues(struct calcudoku *k, const char *text, size_t len,
                                struct sl_error *err)
{
    size_t at = 0;
    for (int p = 0; p < k->map.nparts; p++) {
        if (p > 0 && (at >= len || text[at] != ','))
            return sl_error_set(err, 0, (long)at + 1, "expected ',' and the clue of cage %d",
                                p + 1);
        if (p > 0) at++;
        k->clue_col[p] = (long)at + 1;
        if (calcudoku_read_clue(k, p, text, len, &at, err)) return -1;
    }
    if (at < len)
        return sl_error_set(err, 0, (long)at + 1, "%d cages but more clues than that",
                            k->map.nparts);
    return 0;
}

static int calcudoku_any(void *arg, const uint8_t *digits)
{
    (void)arg;
    (void)digits;
    return 1;
}

/* What the text cannot say of cage p (its op set): that its operation
 * suits its size. err may be NULL (a draw's cage, calcudoku_drawn_cage). */
static int calcudoku_check_shape(const struct calcudoku *k, int p, struct sl_error *err)
{
    int size = k->map.size[p], op = k->cages[p].op;
    long col = k->clue_col[p];
    if (size > CALC_MAX_CAGE_CELLS)
        return sl_error_set(err, 0, col, "cage %d has %d cells; a cage holds at most %d", p + 1,
                            size, CALC_MAX_CAGE_CELLS);
    if (op == CALC_NONE && size != 1)
        return sl_error_set(err, 0, col, "cage %d has %d cells: its clue needs +, -, x or /", p + 1,
                            size);
    if ((op == CALC_SUB || op == CALC_DIV) && size != 2)
        return sl_error_set(err, 0, col, "cage %d: '%s' takes two cells, not %d", p + 1,
                            calc_op_text(op), size);
    return 0;
}

/* calcudoku_check_shape, and that some digits reach cage p's target. */
static int calcudoku_check_cage(struct calcudoku *k, int p, struct sl_error *err)
{
    struct calc_cage *c = &k->cages[p];
    int n = k->geo.size, size = k->map.size[p], op = c->op;
    long col = k->clue_col[p];
    if (calcudoku_check_shape(k, p, err)) return -1;
    int cells[SL_MAX_CELLS];
    cellmap_cells(&k->map, p, cells);
    calc_cage_init(c, &k->geo, cells, size, op, c->target);
    digitset all[CALC_MAX_CAGE_CELLS], support[CALC_MAX_CAGE_CELLS];
    for (int i = 0; i < size; i++) all[i] = digitset_all(n);
    /* Two cells, most cages, look their partners up with no walk (a
     * generator's every count parses its cages). */
    int any = size == 2 ? calc_cage_supports(c, all, support)
                        : calc_cage_walk(c, all, calcudoku_any, NULL) != 0;
    if (!any)
        return sl_error_set(err, 0, col, "cage %d: no digits 1..%d in its %d cells make %lld%s",
                            p + 1, n, size, c->target, calc_op_text(op));
    return 0;
}

/* The bytes of a calcudoku with nparts cages, its cages and clue columns
 * after it in the same block: a generator builds one per count, and one
 * allocation of a block this big costs less than three. */
static size_t calcudoku_bytes(size_t nparts)
{
    return sizeof(struct calcudoku) + nparts * sizeof(struct calc_cage) + nparts * sizeof(long);
}

_Static_assert(_Alignof(struct calc_cage) <= _Alignof(struct calcudoku) &&
                   _Alignof(long) <= _Alignof(struct calc_cage),
               "a calcudoku's block lays its cages, then its clue columns, after it");

/* k's cages and clue columns pointed into its block (calcudoku_bytes). */
static void calcudoku_lay_out(struct calcudoku *k, size_t nparts)
{
    k->cages = (struct calc_cage *)(k + 1);
    k->clue_col = (long *)(k->cages + nparts);
}

/* A calcudoku of up to nparts cages (one more: none is fine), its
 * cages and clue columns laid out; NULL when out of memory. */
static struct calcudoku *calcudoku_alloc(size_t nparts)
{
    struct calcudoku *k = malloc(calcudoku_bytes(nparts + 1));
    if (k) calcudoku_lay_out(k, nparts + 1), k->tables = NULL, k->memo = NULL;
    return k;
}

static void calcudoku_free(struct calcudoku *k)
{
    if (k) free(k->tables);
    free(k);
}

/* Past this many a cage's assignments are not kept: it is walked. */
#define CALCUDOKU_TABLE_MOST 128

/* k's tables (struct calcudoku_tables), on a grid of up to 7 digits;
 * none when out of memory, which only costs the walks. */
static void calcudoku_make_tables(struct calcudoku *k)
{
    int n = k->geo.size, nparts = k->map.nparts;
    if (n > 7 || nparts == 0) return;
    size_t most = (size_t)nparts * CALCUDOKU_TABLE_MOST;
    struct calcudoku_tables *t =
        malloc(sizeof *t + most * sizeof t->assignment[0] + 2 * (size_t)nparts * sizeof(int));
    if (t == NULL) return;
    t->from = (int *)(t->assignment + most);
    t->count = t->from + nparts;
    int used = 0;
    for (int p = 0; p < nparts; p++) {
        t->from[p] = used;
        t->count[p] = calc_cage_assignments(&k->cages[p], digitset_all(n), t->assignment + used,
                                            CALCUDOKU_TABLE_MOST);
        if (t->count[p] > 0) used += t->count[p];
    }
    k->tables = t;
}

static void *calcudoku_parse(const struct geometry *g, const char *args, struct sl_error *err)
{
    struct calcudoku *k = calcudoku_alloc(0);
    if (k == NULL) {
        sl_error_set(err, 0, 1, "out of memory");
        return NULL;
    }
    k->geo = *g;
    size_t len = strlen(args);
    const char *colon = strchr(args, ':');
    size_t map_len = colon ? (size_t)(colon - args) : len;
    int rc = cellmap_parse(&k->map, g, args, map_len, err);
    if (rc == 0 && colon == NULL)
        rc = sl_error_set(err, 0, (long)map_len + 1, "expected ':' and the clues");
    size_t nparts = rc ? 0 : (size_t)k->map.nparts + 1;
    struct calcudoku *grown = rc ? NULL : realloc(k, calcudoku_bytes(nparts));
    if (grown) k = grown, calcudoku_lay_out(k, nparts);
    if (rc == 0 && grown == NULL) rc = sl_error_set(err, 0, 1, "out of memory");
    if (rc == 0 && calcudoku_read_clues(k, colon + 1, len - map_len - 1, err)) {
        if (err) err->col += (long)map_len + 1;
        rc = -1;
    }
    for (int p = 0; rc == 0 && p < k->map.nparts; p++) k->clue_col[p] += (long)map_len + 1;
    for (int p = 0; rc == 0 && p < k->map.nparts; p++) rc = calcudoku_check_cage(k, p, err);
    if (rc) {
        calcudoku_free(k);
        return NULL;
    }
    return k;
}

/* Puts text at buf[len..) within cap; returns the new length. */
static size_t calcudoku_put(char *buf, size_t cap, size_t len, const char *text, size_t n)
{
    for (size_t i = 0; i < n; i++, len++)
        if (len + 1 < cap) buf[len] = text[i];
    return len;
}

/* Written by hand: a ruleset copies a rule through write and parse, and a
 * generator builds many. */
static int calcudoku_write(const void *self, char *buf, size_t cap)
{
    const struct calcudoku *k = self;
    size_t len = (size_t)cellmap_write(&k->map, buf, cap);
    if (k->map.nparts == 0) len = calcudoku_put(buf, cap, len, ":", 1);
    for (int p = 0; p < k->map.nparts; p++) {
        char item[32];
        int at = (int)sizeof item;
        const char *op = calc_op_text(k->cages[p].op);
        for (long long v = k->cages[p].target; v > 0 || at == (int)sizeof item; v /= 10)
            item[--at] = (char)('0' + v % 10);
        len = calcudoku_put(buf, cap, len, p ? "," : ":", 1);
        len = calcudoku_put(buf, cap, len, item + at, sizeof item - (size_t)at);
        len = calcudoku_put(buf, cap, len, op, strlen(op));
    }
    if (cap > 0) buf[len < cap ? len : cap - 1] = '\0';
    return (int)len;
}

static void calcudoku_destroy(void *self) { calcudoku_free(self); }

/* A ruleset's copy, without writing and reading the cages back (which
 * walks every cage again to check its target can be made): that was a
 * quarter of building a calcudoku's ruleset, and a generator builds one
 * per count. */
static void *calcudoku_clone(const void *self, struct sl_error *err)
{
    const struct calcudoku *from = self;
    size_t nparts = (size_t)from->map.nparts;
    struct calcudoku *k = calcudoku_alloc(nparts);
    if (k == NULL) {
        sl_error_set(err, 0, 0, "out of memory");
        return NULL;
    }
    k->geo = from->geo;
    k->map.ncells = from->map.ncells;
    k->map.wide = from->map.wide;
    k->map.nparts = from->map.nparts;
    memcpy(k->map.part, from->map.part, (size_t)from->map.ncells * sizeof k->map.part[0]);
    memcpy(k->map.code, from->map.code, nparts * sizeof k->map.code[0]);
    memcpy(k->map.size, from->map.size, nparts * sizeof k->map.size[0]);
    memcpy(k->cages, from->cages, nparts * sizeof *k->cages);
    memcpy(k->clue_col, from->clue_col, nparts * sizeof *k->clue_col);
    calcudoku_make_tables(k); /* the copy is the one a solver runs */
    return k;
}

/* --- built from a draw (calc_draw.h) ------------------------------------- */

/* Cage p from its symbol, target and cells, vouched for by grid's digits
 * there; 0, or -1 where its text's parse would fail (or might: an
 * unvouched target is left to the parse's search). */
static int calcudoku_drawn_cage(struct calcudoku *k, int p, char symbol, long long target,
                                const int *cells, const uint8_t *grid)
{
    int size = k->map.size[p], op = symbol ? calc_op_of(symbol) : CALC_NONE;
    if (op < 0 || target < 1 || target > CALC_TARGET_MAX) return -1;
    k->cages[p].op = op;
    if (calcudoku_check_shape(k, p, NULL)) return -1;
    calc_cage_init(&k->cages[p], &k->geo, cells, size, op, target);
    uint8_t digits[CALC_MAX_CAGE_CELLS];
    for (int i = 0; i < size; i++) digits[i] = grid[k->cages[p].cells[i]];
    return calc_cage_holds(&k->cages[p], digits) ? 0 : -1;
}

/* The instance calcudoku_parse makes of calc_draw_text's text (clue
 * columns 0: there is no text), or NULL. */
static struct calcudoku *calcudoku_drawn(const struct geometry *g, const struct calc_draw *d,
                                         const uint8_t *grid)
{
    int part[SL_MAX_CELLS], start[SL_MAX_CELLS + 1], cells[SL_MAX_CELLS];
    char op[SL_MAX_CELLS];
    long long target[SL_MAX_CELLS];
    int count = calc_draw_clues(d, grid, part, op, target);
    struct calcudoku *k = calcudoku_alloc((size_t)count); /* not calloc: its cell map is big */
    if (k == NULL) return NULL;
    k->geo = *g;
    cellmap_from_parts(&k->map, g->ncells, part);
    memset(k->clue_col, 0, ((size_t)count + 1) * sizeof *k->clue_col);
    int rc = k->map.nparts != count;
    if (rc == 0) cellmap_all_cells(&k->map, start, cells);
    for (int p = 0; rc == 0 && p < count; p++)
        rc = calcudoku_drawn_cage(k, p, op[p], target[p], cells + start[p], grid);
    if (rc) calcudoku_free(k);
    return rc ? NULL : k;
}

int calc_draw_add_rule(struct puzzle *p, const struct calc_draw *d, const uint8_t *grid)
{
    if (d->ncells != p->geo.ncells) return -1;
    struct calcudoku *k = calcudoku_drawn(&p->geo, d, grid);
    if (k && puzzle_add_instance(p, &calcudoku_constraint, k) == 0) return 0;
    calcudoku_free(k);
    return -1;
}

/* --- attach, propagate and branch -------------------------------------- */

/* Cage p is watched group p. */
static int calcudoku_attach(void *self, struct rule_builder *b, struct sl_error *err)
{
    struct calcudoku *k = self;
    for (int p = 0; p < k->map.nparts; p++)
        if (rules_watch_group(b, k->cages[p].cells, k->cages[p].ncells, err) < 0) return -1;
    return 0;
}

/* Cage c's candidates, per cage cell: read from the state's array, as
 * every propagation and branch of a count reads every cage's. */
static void calcudoku_candidates(const struct calc_cage *c, const struct prop_ctx *ctx,
                                 digitset *cand)
{
    const digitset *all = prop_candidate_array(ctx);
    for (int i = 0; i < c->ncells; i++) cand[i] = all[c->cells[i]];
}

int calcudoku_prune(const struct calc_cage *c, struct prop_ctx *ctx)
{
    digitset cand[CALC_MAX_CAGE_CELLS], support[CALC_MAX_CAGE_CELLS];
    calcudoku_candidates(c, ctx, cand);
    if (!calc_cage_supports(c, cand, support)) return -1;
    int narrowed = 0;
    for (int i = 0; i < c->ncells; i++) {
        if (support[i] == cand[i]) continue;
        narrowed = 1;
        if (prop_restrict(ctx, c->cells[i], support[i]) == SL_PROP_CONTRADICTION) return -1;
    }
    return narrowed;
}

/* Cage p's assignments in k's tables, their number in *count; NULL
 * when it has none kept. */
static const uint64_t *calcudoku_table(const struct calcudoku *k, int p, int *count)
{
    if (k->tables == NULL || k->tables->count[p] < 0) return NULL;
    *count = k->tables->count[p];
    return k->tables->assignment + k->tables->from[p];
}

/* calcudoku_prune of cage p of k, by its table when it has one. */
static int calcudoku_prune_cage(const struct calcudoku *k, int p, struct prop_ctx *ctx)
{
    const struct calc_cage *c = &k->cages[p];
    int count;
    const uint64_t *assignment = calcudoku_table(k, p, &count);
    if (assignment == NULL) return calcudoku_prune(c, ctx);
    digitset cand[CALC_PACKED_CELLS];
    calcudoku_candidates(c, ctx, cand);
    uint64_t kept =
        calc_assignments_supports(assignment, count, calc_cells_packed(cand, c->ncells));
    if (kept == 0) return -1;
    int narrowed = 0;
    for (int i = 0; i < c->ncells; i++) {
        digitset support = (digitset)(kept >> (8 * i) & 0xFF);
        if (support == cand[i]) continue;
        narrowed = 1;
        if (prop_restrict(ctx, c->cells[i], support) == SL_PROP_CONTRADICTION) return -1;
    }
    return narrowed;
}

static int calcudoku_propagate(void *self, struct prop_ctx *ctx)
{
    const struct calcudoku *k = self;
    for (int group; (group = prop_next_group(ctx)) >= 0;) {
        const struct calc_cage *c = &k->cages[group];
        if (calcudoku_prune_cage(k, group, ctx) < 0) {
            prop_blame(ctx, c->cells, c->ncells);
            return SL_PROP_CONTRADICTION;
        }
        prop_settle_group(ctx, group);
        if (prop_should_yield(ctx)) break;
    }
    return SL_PROP_OK;
}

/* The open cells of cage c that share its fullest row or column: they hold
 * distinct digits, so the digit sets they can take split the search. Of
 * lines holding equally many, the first (rows 0..n-1, then columns
 * n..2n-1); its cells in cage order. Only the open cells' own lines are
 * looked at: a branch asks every cage at every node. */
static int calcudoku_line_cells(const struct calc_cage *c, const digitset *cand, int n, int *index)
{
    if (c->ncells == 2 && (c->clash[1] & 1)) { /* most cages: two cells in one line */
        int at = 0;
        for (int i = 0; i < 2; i++)
            if (!digitset_is_single(cand[i])) index[at++] = i;
        return at;
    }
    int line[2 * CALC_MAX_CAGE_CELLS], open[CALC_MAX_CAGE_CELLS], nopen = 0;
    for (int i = 0; i < c->ncells; i++) {
        if (digitset_is_single(cand[i])) continue;
        open[nopen] = i;
        line[2 * nopen] = c->cells[i] / n;
        line[2 * nopen + 1] = n + c->cells[i] % n;
        nopen++;
    }
    int best = 0, best_line = 2 * n;
    for (int j = 0; j < 2 * nopen; j++) {
        int count = 0;
        for (int k = j & 1; k < 2 * nopen; k += 2) count += line[k] == line[j];
        if (count > best || (count == best && line[j] < best_line))
            best = count, best_line = line[j];
    }
    int at = 0;
    for (int j = 0; j < nopen; j++)
        if (line[2 * j] == best_line || line[2 * j + 1] == best_line) index[at++] = open[j];
    return best;
}

struct calcudoku_alts {
    const int *index;
    int count, limit;
    struct branch_offer *offer;
};

static int calcudoku_alt_visit(void *arg, const uint8_t *digits)
{
    struct calcudoku_alts *a = arg;
    digitset set = 0;
    for (int i = 0; i < a->count; i++) set |= digitset_of(digits[a->index[i]]);
    for (int j = 0; j < a->offer->nalts; j++)
        if (a->offer->alt[j] == set) return 0;
    if (a->offer->nalts >= a->limit) return 1;
    a->offer->alt[a->offer->nalts++] = set;
    return 0;
}

/* The fewest alternatives the line cells at index can have. The search
 * asks for a split at the propagation's fixed point, where each candidate
 * of a cage's cell is in some assignment the cage allows (calcudoku_prune
 * keeps only those), so the alternatives, `count` distinct digits each,
 * cover the line cells' candidates between them: a walk that could only
 * find as many as the limit is skipped, with the same answer. */
static int calcudoku_fewest_alts(const digitset *cand, const int *index, int count)
{
    digitset all = 0;
    for (int i = 0; i < count; i++) all |= cand[index[i]];
    return (digitset_count(all) + count - 1) / count;
}

/* calcudoku_alt_visit over the assignments (count of them, packed) that
 * fit cand: the walk's visits, in its order. */
static void calcudoku_alts_from_table(const struct calc_cage *c, const uint64_t *assignment,
                                      int count, const digitset *cand, struct calcudoku_alts *a)
{
    uint64_t packed = calc_cells_packed(cand, c->ncells), line = 0;
    for (int i = 0; i < a->count; i++) line |= UINT64_C(0xFF) << (8 * a->index[i]);
    for (int j = 0; j < count; j++) {
        if (assignment[j] & ~packed) continue;
        uint64_t mine = assignment[j] & line; /* one digit's bit in each line cell's byte */
        digitset set = 0;
        for (; mine; mine >>= 8) set |= (digitset)(mine & 0xFF);
        int seen = 0;
        for (int i = 0; i < a->offer->nalts && !seen; i++) seen = a->offer->alt[i] == set;
        if (seen) continue;
        if (a->offer->nalts >= a->limit) return;
        a->offer->alt[a->offer->nalts++] = set;
    }
}

/* Cage p's offer in *offer with fewer than limit alternatives, or 0. */
static int calcudoku_cage_offer(const struct calcudoku *k, int p, const struct prop_ctx *ctx,
                                int limit, struct branch_offer *offer)
{
    const struct calc_cage *c = &k->cages[p];
    digitset cand[CALC_MAX_CAGE_CELLS];
    int index[CALC_MAX_CAGE_CELLS];
    calcudoku_candidates(c, ctx, cand);
    int count = calcudoku_line_cells(c, cand, k->geo.size, index);
    if (count < 2 || calcudoku_fewest_alts(cand, index, count) >= limit) return 0;
    struct calcudoku_alts a = {index, count, limit, offer};
    offer->nalts = 0;
    int kept;
    const uint64_t *assignment = calcudoku_table(k, p, &kept);
    if (assignment)
        calcudoku_alts_from_table(c, assignment, kept, cand, &a);
    else
        calc_cage_walk(c, cand, calcudoku_alt_visit, &a);
    if (offer->nalts < 2 || offer->nalts >= limit) return 0;
    offer->ncells = count;
    for (int i = 0; i < count; i++) offer->cells[i] = c->cells[index[i]];
    return 1;
}

/* How many assignments cage c's candidates allow at most (saturated):
 * 0 for a cage with at most one open cell, which offers nothing. */
static uint32_t calcudoku_cage_space(const struct calc_cage *c, const struct prop_ctx *ctx)
{
    const digitset *cand = prop_candidate_array(ctx);
    uint32_t space = 1;
    int open = 0;
    for (int i = 0; i < c->ncells; i++) {
        uint32_t k = (uint32_t)digitset_count(cand[c->cells[i]]);
        open += k > 1;
        space = space > UINT32_MAX / 32 ? space : space * k;
    }
    return open >= 2 ? space : 0;
}

/* The cages that may offer, smallest space first (an insertion sort: the
 * cages of one grid are few). */
static int calcudoku_offer_order(const struct calcudoku *k, const struct prop_ctx *ctx, int *order,
                                 uint32_t *space)
{
    int n = 0;
    for (int p = 0; p < k->map.nparts; p++) {
        uint32_t sp = calcudoku_cage_space(&k->cages[p], ctx);
        if (sp == 0) continue;
        int at = n++;
        for (; at > 0 && space[at - 1] > sp; at--)
            order[at] = order[at - 1], space[at] = space[at - 1];
        order[at] = p, space[at] = sp;
    }
    return n;
}

/* The offer with the fewest alternatives, the first cage's among equals,
 * if it has fewer than the search's limit (offer->nalts on entry): the
 * search would take no other. Small cages are walked first: the best so
 * far bounds every later walk, which stops once it reaches that many, so
 * the large cages' walks stay short. A cage before the best may still tie
 * it and win, so its bound is one more. */
static int calcudoku_branch(const void *self, const struct prop_ctx *ctx,
                            struct branch_offer *offer)
{
    const struct calcudoku *k = self;
    int order[SL_MAX_CELLS];
    uint32_t space[SL_MAX_CELLS];
    struct branch_offer trial;
    int best = -1;
    int best_n = offer->nalts < SL_MAX_ALTERNATIVES ? offer->nalts : SL_MAX_ALTERNATIVES;
    int n = calcudoku_offer_order(k, ctx, order, space);
    for (int i = 0; i < n; i++) {
        int p = order[i], limit = best_n + (best >= 0 && p < best);
        if (limit <= 2) continue; /* only an offer of 2 could tie, and it would not win */
        if (!calcudoku_cage_offer(k, p, ctx, limit, &trial)) continue;
        *offer = trial;
        best = p;
        best_n = trial.nalts;
    }
    return best >= 0;
}

/* --- check and marks --------------------------------------------------- */

int calcudoku_check(const void *self, const struct geometry *g, const uint8_t *grid)
{
    const struct calcudoku *k = self;
    for (int p = 0; p < k->map.nparts; p++) {
        const struct calc_cage *c = &k->cages[p];
        uint8_t digits[CALC_MAX_CAGE_CELLS];
        for (int i = 0; i < c->ncells; i++) {
            digits[i] = grid[c->cells[i]];
            if (digits[i] < 1 || digits[i] > g->size) return 0;
        }
        if (!calc_cage_holds(c, digits)) return 0;
    }
    return 1;
}

/* A thick border round each cage (a region), its clue ("12×") in the
 * corner. */
static int calcudoku_marks(const void *self, const struct geometry *g, struct mark_sink *sink)
{
    const struct calcudoku *k = self;
    char clue[40];
    (void)g;
    for (int p = 0; p < k->map.nparts; p++) {
        const struct calc_cage *c = &k->cages[p];
        snprintf(clue, sizeof clue, "%lld%s", c->target, calc_op_label(c->op));
        if (mark_emit(sink, MARK_REGION, 0, c->cells, c->ncells, NULL) ||
            mark_emit(sink, MARK_CAGE, CAGE_LABEL_ONLY, c->cells, c->ncells, clue))
            return -1;
    }
    return mark_name(sink, "calcudoku");
}

static int calcudoku_validate(const void *self, const struct geometry *g, char *msg, size_t cap)
{
    int p = cellmap_disconnected_part(&((const struct calcudoku *)self)->map, g);
    if (p < 0) return 0;
    snprintf(msg, cap, "cage %d is not one connected piece", p + 1);
    return 1;
}

const struct constraint_ops calcudoku_constraint = {
    .name = "calcudoku",
    .summary = "cages whose digits make their targets by +, -, x or / (KenKen)",
    .form = "calcudoku:MAP:CLUES",
    .arguments = "MAP    the cages as a cell map, as killer's\n"
                 "CLUES  each cage's clue, comma-separated, in the order the cages first\n"
                 "       appear: its target and +, -, x or / (12x), or the target alone\n"
                 "       for a one-cell cage; - and / take two cells\n",
    .example =
        "sudolab 4 none classic;calcudoku:ABBCAADCEFDGEFGG:4x,6x,1-,2/,5+,1-,4+ ................",
    .parse = calcudoku_parse,
    .attach = calcudoku_attach,
    .propagate = calcudoku_propagate,
    .check = calcudoku_check,
    .explain = calcudoku_explain,
    .write = calcudoku_write,
    .clone = calcudoku_clone,
    .destroy = calcudoku_destroy,
    .branch = calcudoku_branch,
    .validate = calcudoku_validate,
    .settle = calcudoku_settle,
    .count = calcudoku_count,
    .marks = calcudoku_marks,
    .explain_own_keys = 1,
};
