/*
 * lua_calcudoku.c — the sudolab module's calcudoku draws (calc_draw.h,
 * calc_small.h, calc_mrv.h): cages and operations drawn over a Latin
 * square and mended until a count finds the puzzle unique, the count run
 * by the engine or, for a small draw, by the draw's own search.
 *
 *   sudolab.calc_unique{...}        a draw mended until unique
 *   sudolab.calc_small{...}         a whole small draw from a seed
 *   sudolab.calc_small_draws{...}   calc_small's settings read once
 *   sudolab.calc_text{...}          the calcudoku rule's "MAP:CLUES"
 *   sudolab.calc_move{...}          one move of annealing
 *   sudolab.calc_partition{...}     cages drawn with math.random
 *   sudolab.calc_fill{...}          a random Latin square
 */
#include "lua_api_internal.h"

#include <string.h>

#include "calc_draw.h"
#include "calc_mrv.h"
#include "calc_small.h"
#include "lua_host.h"
#include "search.h"

/* As api_field_integer, for a field the table must give. */
static lua_Integer api_field_needed(lua_State *L, const char *key, const char *fname,
                                    lua_Integer lo, lua_Integer hi)
{
    lua_getfield(L, 1, key);
    lua_Integer v = api_field_check(L, fname, key, lo, hi);
    lua_pop(L, 1);
    return v;
}

/* spec's string field key (weights: symbols of "+-x/" only) into out. */
static void api_calc_weights(lua_State *L, const char *fname, const char *key, const char *allowed,
                             char *out, size_t cap)
{
    size_t len = 0;
    lua_getfield(L, 1, key);
    const char *s = lua_type(L, -1) == LUA_TSTRING ? lua_tolstring(L, -1, &len) : NULL;
    if (s == NULL || len == 0 || len >= cap || strspn(s, allowed) != len)
        api_error(L, "%s: %s must be 1 to %zu of \"%s\"", fname, key, cap - 1, allowed);
    memcpy(out, s, len + 1);
    lua_pop(L, 1);
}

/* Each op fits its cage's size, as the rule will ask: none alone, '-'
 * and '/' on two cells only (the clue text is worked out from that). */
static void api_calc_check_ops(lua_State *L, const char *fname, const struct calc_draw *d,
                               const lua_Integer *ids)
{
    int cells[SL_MAX_CELLS] = {0};
    for (int c = 0; c < d->ncells; c++) cells[d->cage[c]]++;
    for (int k = 0; k < d->count; k++) {
        char op = d->op[k];
        int fits = cells[k] == 1 ? op == '\0' : op && (cells[k] == 2 || (op != '-' && op != '/'));
        if (!fits)
            api_error(L, "%s: ops[%lld] '%s' does not fit a cage of %d cells", fname,
                      (long long)ids[k], op ? (char[]){op, '\0'} : "", cells[k]);
    }
}

/* The grid at stack index at (a solution's digits) into d's size and
 * grid. */
static void api_calc_grid_at(lua_State *L, const char *fname, int at, struct calc_draw *d,
                             uint8_t *grid)
{
    size_t len = 0;
    const char *text = lua_type(L, at) == LUA_TSTRING ? lua_tolstring(L, at, &len) : "";
    d->size = len <= SL_MAX_CELLS ? api_cage_map_size(len) : 0;
    d->ncells = d->size * d->size;
    if (d->size < 2 || (size_t)d->ncells != len)
        api_error(L, "%s: grid must be N*N digits (N 2..%d)", fname, SL_MAX_SIZE);
    for (int c = 0; c < d->ncells; c++) {
        int v = geometry_digit(text[c]);
        if (v < 1 || v > d->size) api_error(L, "%s: grid must be complete", fname);
        grid[c] = (uint8_t)v;
    }
}

/* spec.grid into d's size and grid. */
static void api_calc_grid(lua_State *L, const char *fname, struct calc_draw *d, uint8_t *grid)
{
    lua_getfield(L, 1, "grid");
    api_calc_grid_at(L, fname, -1, d, grid);
    lua_pop(L, 1);
}

/* ops[id] (on top of the stack) as cage k's symbol. */
static void api_calc_op(lua_State *L, const char *fname, struct calc_draw *d, int k, lua_Integer id)
{
    lua_geti(L, -1, id);
    size_t len = 0;
    const char *op = lua_tolstring(L, -1, &len);
    /* len, not strlen: "+\0x" was taken as "+" */
    if (op == NULL || len > 1 || (op[0] && strchr("+-x/", op[0]) == NULL))
        api_error(L, "%s: ops[%lld] must be \"\", \"+\", \"-\", \"x\" or \"/\"", fname,
                  (long long)id);
    d->op[k] = op[0];
    lua_pop(L, 1);
}

/* spec.grid (a solution), spec.cages (cell 0.. -> id) and spec.ops (id ->
 * symbol; with ops_drawn, may be absent: then d->count is -1 until the
 * caller draws them) into d, ids renumbered by first appearance. */
static void api_calc_read(lua_State *L, const char *fname, struct calc_draw *d, uint8_t *grid,
                          int ops_drawn)
{
    api_calc_grid(L, fname, d, grid);
    d->shift = 0;
    lua_getfield(L, 1, "cages");
    lua_getfield(L, 1, "ops");
    int drawn = ops_drawn && lua_isnil(L, -1);
    if (!lua_istable(L, -2)) api_field_error(L, fname, "cages", "a table of cage ids by cell");
    if (!drawn && !lua_istable(L, -1))
        api_field_error(L, fname, "ops", "a table of operations by cage id");
    lua_Integer ids[SL_MAX_CELLS];
    d->count = 0;
    for (int c = 0; c < d->ncells; c++) {
        int isnum = 0;
        lua_geti(L, -2, c);
        lua_Integer id = lua_tointegerx(L, -1, &isnum);
        lua_pop(L, 1);
        if (!isnum) api_error(L, "%s: cages[%d] must be an integer cage id", fname, c);
        int k = 0;
        while (k < d->count && ids[k] != id) k++;
        if (k == d->count) {
            ids[d->count++] = id;
            if (!drawn) api_calc_op(L, fname, d, k, id);
        }
        d->cage[c] = k;
    }
    lua_pop(L, 2);
    if (!drawn) api_calc_check_ops(L, fname, d, ids);
}

/* d's cages (cell 0.. -> id 1..) and ops (id -> symbol) as two tables. */
static void api_calc_push(lua_State *L, const struct calc_draw *d)
{
    lua_createtable(L, d->ncells, 1);
    for (int c = 0; c < d->ncells; c++) lua_pushinteger(L, d->cage[c] + 1), lua_rawseti(L, -2, c);
    lua_createtable(L, d->count, 0);
    for (int k = 0; k < d->count; k++) {
        char op[2] = {d->op[k], '\0'};
        lua_pushstring(L, op), lua_rawseti(L, -2, k + 1);
    }
}

/* A calcudoku's rules text: its prefix, two symbols a cell for the map,
 * and a clue (a target of up to 20 digits, its symbol, a comma) a cage. */
#define API_CALC_PREFIX_MAX 64
#define API_CALC_TEXT_MAX (API_CALC_PREFIX_MAX + 2 * SL_MAX_CELLS + 22 * SL_MAX_CELLS)

/* p's rules made rules (ending in the calcudoku rule, which takes d) with
 * no text for the cages (calc_draw_add_rule): every count rebuilds the
 * rules, and reading the cages back from text, with a search of each
 * cage's digits to prove its target, was a good part of that. 0, or -1
 * (p then holds part of it) when that cannot be: the text then says why. */
static int api_calc_rules_drawn(struct puzzle *p, const struct calc_draw *d, const uint8_t *grid,
                                const char *rules)
{
    static const char name[] = "calcudoku";
    size_t len = strlen(rules), head = len - (sizeof name - 1);
    if (len < sizeof name - 1 || strcmp(rules + head, name) != 0) return -1;
    if (head > 0 && rules[head - 1] != ';') return -1;
    char text[API_CALC_PREFIX_MAX];
    if (head > sizeof text) return -1;
    memcpy(text, rules, head ? head - 1 : 0);
    text[head ? head - 1 : 0] = '\0';
    if (head > 0 && puzzle_add_rules_text(p, text, NULL)) return -1;
    return calc_draw_add_rule(p, d, grid);
}

/* ap's rules made rules ":" d's text: built from d's arrays when they
 * can be (api_calc_rules_drawn), else read from the text, which says
 * what is wrong. */
static void api_calc_rules(lua_State *L, const char *fname, struct api_puzzle *ap,
                           const struct calc_draw *d, const uint8_t *grid, const char *rules)
{
    char text[API_CALC_TEXT_MAX];
    size_t at = strlen(rules) + 1; /* the text, once needed: rules ":" */
    if (at > API_CALC_PREFIX_MAX)
        api_error(L, "%s: field 'rules' must be a text of at most %d bytes", fname,
                  API_CALC_PREFIX_MAX - 1);
    struct geometry g = ap->p.geo;
    api_release(L, ap);
    puzzle_clear(&ap->p);
    puzzle_init(&ap->p, &g);
    if (api_calc_rules_drawn(&ap->p, d, grid, rules) == 0) return;
    puzzle_clear(&ap->p);
    puzzle_init(&ap->p, &g);
    memcpy(text, rules, at - 1);
    text[at - 1] = ':';
    if (calc_draw_text(d, grid, text + at, sizeof text - at) == 0)
        api_error(L, "%s: the cages' text is too long", fname);
    api_add_rules_text(L, ap, text, fname);
}

/* The solver's search of ap's rules as they stand: up to two solutions
 * into grids, their count, or -1 when it gave up within *nodes (then its
 * nodes). */
static int api_calc_search(lua_State *L, const char *fname, struct api_puzzle *ap, uint64_t *nodes,
                           uint8_t *grids)
{
    struct api_search run;
    api_search_begin_within(L, ap, fname, &run, *nodes);
    struct search_result r = solver_solutions(ap->solver, ap->p.givens, 2, grids, &run.stats);
    *nodes = run.stats.nodes;
    if (api_search_end(L, ap, fname, &run, r.gave_up)) return -1;
    if (r.gave_up) api_error(L, "%s: the search gave up", fname);
    return (int)r.solutions;
}

/* ap's rules made rules ":" d's text (api_calc_rules), then
 * api_calc_search. */
static int api_calc_count(lua_State *L, const char *fname, struct api_puzzle *ap,
                          const struct calc_draw *d, const uint8_t *grid, const char *rules,
                          uint64_t *nodes, uint8_t *grids)
{
    api_calc_rules(L, fname, ap, d, grid, rules);
    return api_calc_search(L, fname, ap, nodes, grids);
}

/* api_calc_count for a draw calc_small_count found unique: the rule's
 * own count (no ruleset; its cages through the draw's memo, NULL: none)
 * when it decides, else the solver's. Either is the engine's count the
 * written puzzle needs. */
static int api_calc_count_quick(lua_State *L, const char *fname, struct api_puzzle *ap,
                                const struct calc_draw *d, const uint8_t *grid, const char *rules,
                                uint64_t *nodes, uint8_t *grids, struct calc_support_memo *memo)
{
    api_calc_rules(L, fname, ap, d, grid, rules);
    struct search_result r;
    uint64_t used = 0;
    if (calc_draw_list_quick(&ap->p, memo, 2, *nodes, &r, &used, grids) && !r.gave_up) {
        *nodes = used;
        return (int)r.solutions;
    }
    return api_calc_search(L, fname, ap, nodes, grids); /* the rules just made */
}

/* How calc_unique's loop counts a draw: the engine alone; the draw's own
 * search first (calc_small.h; from side CALC_MRV_FROM calc_mrv.h's), the
 * engine only for a draw it finds unique; or the own search alone
 * (API_CALC_OWN_ONE), a unique draw calc_mrv_count's root settles given
 * up: it rates no more than the propagation's steps, and a band above
 * them rejects it. */
enum { API_CALC_ENGINE, API_CALC_OWN, API_CALC_OWN_EASY };
/* api_calc_count_next's count of a draw API_CALC_OWN_EASY leaves out. */
#define API_CALC_EASY (-2)
/* api_calc_count_next's count of a draw API_CALC_OWN_EASY found unique:
 * by its own count alone. The engine counts only the draws written (the
 * generator's check, core/generate/lua_generate.c), not the many a band
 * rejects after their rating; the rater takes the own count's solution. */
#define API_CALC_OWN_ONE (-3)

/* One count of calc_unique's loop, small one of the modes above: the
 * solutions found (up to 2), -1 when the count gave up, or
 * API_CALC_EASY or API_CALC_OWN_ONE (API_CALC_OWN_EASY). */
static int api_calc_count_next(lua_State *L, const char *fname, struct api_puzzle *ap,
                               const struct calc_draw *d, const uint8_t *grid, const char *rules,
                               uint64_t *nodes, uint8_t *grids, int small,
                               struct calc_support_memo *memo, digitset *root)
{
    if (!small) return api_calc_count(L, fname, ap, d, grid, rules, nodes, grids);
    int settled = 0;
    uint64_t visited = api_nodes_within(L, fname, api_node_cost(d->ncells), *nodes),
             within = visited;
    int own = d->size >= CALC_MRV_FROM
                  ? calc_mrv_other(d, grid, grids, &visited, &settled, memo, root)
                  : calc_small_count(d, grid, 2, grids, &visited);
    lua_host_charge_instructions(L, (long long)visited * api_node_cost(d->ncells));
    if (own == -2 && within != *nodes)
        api_budget_exhausted(L, fname, "the draw's own count", within);
    if (own == -2) return -1;
    if (own == 2) return 2;
    if (small == API_CALC_OWN_EASY && own == 1 && settled) return API_CALC_EASY;
    if (small == API_CALC_OWN_EASY &&
        own == 1) { /* its rules, for its rating and its line; no count */
        api_calc_rules(L, fname, ap, d, grid, rules);
        *nodes = visited;
        return API_CALC_OWN_ONE;
    }
    return api_calc_count_quick(L, fname, ap, d, grid, rules, nodes, grids, memo);
}

/* calc_unique's loop: d mended (from rng) until a count finds it unique,
 * at most tries counts, each within *nodes (then its nodes); ap holds the
 * last draw's rules, and when unique, its note. With small past
 * API_CALC_ENGINE (a side up to CALC_SMALL_MAX_SIZE: calc_small) the
 * mends are decided by the draw's own count, whose second solution may
 * differ from the solver's, and the engine counts only the draw it finds
 * unique (API_CALC_OWN_EASY: none; its unique draw, its root not settled,
 * noted unique but not counted). NULL when unique, else why not. */
static const char *api_calc_mend(lua_State *L, const char *fname, struct api_puzzle *ap,
                                 struct calc_draw *d, const uint8_t *grid, const char *rules,
                                 lua_Integer tries, uint64_t *nodes, struct rng *rng, int small,
                                 struct calc_support_memo *memo, digitset *root)
{
    uint8_t grids[2 * SL_MAX_CELLS];
    for (lua_Integer t = 0; t < tries; t++) {
        uint64_t used = *nodes;
        int found =
            api_calc_count_next(L, fname, ap, d, grid, rules, &used, grids, small, memo, root);
        if (found == API_CALC_EASY) return "too easy: its propagation solves it";
        if (found == -1 || found == 0) return found ? "the count gave up" : "no solution";
        if (found == 1 || found == API_CALC_OWN_ONE) {
            api_note_unique(ap, grids, found == 1 ? used : API_NOT_COUNTED);
            *nodes = used;
            return NULL;
        }
        int mine = memcmp(grids, grid, (size_t)d->ncells) == 0;
        calc_draw_mend(d, grid, mine ? grids + d->ncells : grids, rng);
    }
    return "no unique partition";
}

/* sudolab.calc_unique{grid=, cages=, ops=, rules=, pair_ops=, more_ops=,
 * tries=, nodes=, seed=, shift=} -> puzzle, cages, ops, the nodes of
 * its last count; or nil, why, cages, ops. shift: calc_draw_mend's.
 * Without ops, each cage draws one (from seed, before the mending). */
static int api_calc_unique(lua_State *L)
{
    static const char *const keys[] = {"grid",  "cages", "ops",  "rules", "pair_ops", "more_ops",
                                       "tries", "nodes", "seed", "shift", NULL};
    if (!lua_istable(L, 1)) return api_arg_error(L, 1, "calc_unique", "table expected");
    api_check_keys(L, 1, "calc_unique", keys);
    struct calc_draw draw, *d = &draw;
    uint8_t grid[SL_MAX_CELLS];
    api_calc_weights(L, "calc_unique", "pair_ops", "+-x/", d->pair_ops, sizeof d->pair_ops);
    api_calc_weights(L, "calc_unique", "more_ops", "+x", d->more_ops, sizeof d->more_ops);
    lua_getfield(L, 1, "ops");
    int draw_ops = lua_isnil(L, -1);
    lua_pop(L, 1);
    api_calc_read(L, "calc_unique", d, grid, 1);
    const char *rules = api_field_string(L, 1, "rules", "calc_unique"); /* kept on the stack */
    lua_Integer tries = api_field_needed(L, "tries", "calc_unique", 1, 1000000);
    uint64_t nodes = api_field_budget(L, "nodes", "calc_unique");
    struct rng rng;
    rng_seed(&rng, (uint64_t)api_field_needed(L, "seed", "calc_unique", 0, LUA_MAXINTEGER));
    if (draw_ops) calc_draw_ops_all(d, grid, &rng);
    d->shift = (int)api_field_integer(L, "shift", "calc_unique", 0, CALC_MAX_CAGE_CELLS, 0);
    struct geometry g;
    struct sl_error err = {0};
    if (geometry_init(&g, d->size, 0, 0, &err)) return api_error(L, "calc_unique: %s", err.msg);
    struct api_puzzle *ap = api_push_puzzle(L, &g);
    uint64_t used = nodes;
    const char *why = api_calc_mend(L, "calc_unique", ap, d, grid, rules, tries, &used, &rng,
                                    API_CALC_ENGINE, NULL, NULL);
    if (why) return lua_pushnil(L), lua_pushstring(L, why), api_calc_push(L, d), 4;
    api_calc_push(L, d);
    lua_pushinteger(L, (lua_Integer)used);
    return 4;
}

/* The cage sizes of field 'sizes' (a list) into sizes; their count. Its
 * length and entries are read through the metamethods, as every list the
 * API reads (killer's sizes too). */
static int api_calc_sizes(lua_State *L, const char *fname, int *sizes)
{
    int nsizes = 0;
    if (lua_getfield(L, 1, "sizes") != LUA_TTABLE)
        api_field_error(L, fname, "sizes", "a list of cage sizes");
    lua_Integer len = luaL_len(L, -1);
    if (len < 1 || len > SL_MAX_CELLS)
        api_error(L, "%s: field 'sizes' must be a list of 1 to %d sizes", fname, SL_MAX_CELLS);
    for (lua_Integer i = 1; i <= len; i++) {
        lua_geti(L, -1, i);
        sizes[nsizes++] = (int)api_field_check(L, fname, "sizes", 1, SL_MAX_CELLS);
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    return nsizes;
}

/* calc_draw_random over the C generator (a small draw's): no call back
 * into the script a draw. */
static long api_calc_rng(void *arg, long m) { return 1 + (long)rng_below(arg, (uint32_t)m); }

/* d's cages drawn over d->size by calc_draw_partition from rng, as
 * calc_draw wants them (ids 0.. with none unused). */
static void api_calc_small_partition(struct calc_draw *d, const int *sizes, int nsizes, int low,
                                     int high, struct rng *rng)
{
    int cage[SL_MAX_CELLS], id[SL_MAX_CELLS + 1];
    int made = calc_draw_partition(d->size, sizes, nsizes, low, high, api_calc_rng, rng, cage);
    for (int i = 0; i <= made; i++) id[i] = -1;
    d->count = 0;
    for (int c = 0; c < d->ncells; c++) {
        if (id[cage[c]] < 0) id[cage[c]] = d->count++;
        d->cage[c] = id[cage[c]];
    }
}

/* The only rules calc_small takes: its own counts and closure know rows,
 * columns and cages alone. */
#define API_CALC_SMALL_RULES "classic;calcudoku"

/* A small draw's settings (calc_small's fields but the grid, the seed
 * and cages), read once: calc_small_draws keeps them for every draw. */
struct api_calc_small_spec {
    char pair_ops[32], more_ops[32]; /* calc_draw's weights */
    int sizes[SL_MAX_CELLS], nsizes, low, high, shift, skip_easy, easy_band;
    lua_Integer tries;
    uint64_t nodes;
};

/* The settings of the option table at index 1 into spec. */
static void api_calc_small_spec(lua_State *L, const char *fname, struct api_calc_small_spec *spec)
{
    api_calc_weights(L, fname, "pair_ops", "+-x/", spec->pair_ops, sizeof spec->pair_ops);
    api_calc_weights(L, fname, "more_ops", "+x", spec->more_ops, sizeof spec->more_ops);
    spec->nsizes = api_calc_sizes(L, fname, spec->sizes);
    spec->low = (int)api_field_needed(L, "min_cage", fname, 1, CALC_MAX_CAGE_CELLS);
    spec->high = (int)api_field_needed(L, "max_cage", fname, spec->low, CALC_MAX_CAGE_CELLS);
    const char *rules = api_field_string(L, 1, "rules", fname);
    if (strcmp(rules, API_CALC_SMALL_RULES) != 0)
        api_error(L, "%s: rules must be \"%s\"", fname, API_CALC_SMALL_RULES);
    lua_pop(L, 1);
    spec->tries = api_field_needed(L, "tries", fname, 1, 1000000);
    spec->nodes = api_field_budget(L, "nodes", fname);
    spec->shift = (int)api_field_integer(L, "shift", fname, 0, spec->high, 0);
    lua_getfield(L, 1, "skip_easy");
    spec->skip_easy = lua_toboolean(L, -1);
    lua_getfield(L, 1, "easy_band");
    spec->easy_band = lua_toboolean(L, -1);
    lua_pop(L, 2);
}

/* The draw of spec over grid (d's size and grid read) from seed, its
 * own counts through memo (NULL: none); pushes calc_small's results and
 * returns their number. */
static int api_calc_small_run(lua_State *L, const char *fname,
                              const struct api_calc_small_spec *spec, struct calc_draw *d,
                              const uint8_t *grid, uint64_t seed, int want_cages,
                              struct calc_support_memo *memo)
{
    if (d->size < 3 || d->size > CALC_SMALL_MAX_SIZE)
        return api_error(L, "%s: grid must be of side 3 to %d", fname, CALC_SMALL_MAX_SIZE);
    memcpy(d->pair_ops, spec->pair_ops, sizeof d->pair_ops);
    memcpy(d->more_ops, spec->more_ops, sizeof d->more_ops);
    d->shift = spec->shift;
    int skip_easy = spec->skip_easy && d->size >= CALC_MRV_FROM; /* calc_mrv_count's settle */
    struct rng rng;
    rng_seed(&rng, seed);
    api_calc_small_partition(d, spec->sizes, spec->nsizes, spec->low, spec->high, &rng);
    calc_draw_ops_all(d, grid, &rng);
    struct geometry g;
    struct sl_error err = {0};
    if (geometry_init(&g, d->size, 0, 0, &err)) return api_error(L, "%s: %s", fname, err.msg);
    struct api_puzzle *ap = api_push_puzzle(L, &g);
    int mode = skip_easy ? API_CALC_OWN_EASY : API_CALC_OWN;
    uint64_t used = spec->nodes;
    digitset root[SL_MAX_CELLS]; /* the last count's (calc_mrv_other's root_cand) */
    const char *why = api_calc_mend(L, fname, ap, d, grid, API_CALC_SMALL_RULES, spec->tries, &used,
                                    &rng, mode, memo, root);
    if (why) return lua_pushnil(L), lua_pushstring(L, why), 2;
    lua_pushinteger(L, (lua_Integer)used);
    /* A kept skip_easy draw is past the root's steps, which hold the
     * closure's: only the band's closures can decide it, the first of
     * them going on from the root of its count (the unique one). */
    lua_pushinteger(L, skip_easy         ? calc_small_band_from(d, grid, memo, root)
                       : spec->easy_band ? calc_small_grade(d, grid)
                                         : calc_small_closure(d, grid, memo));
    lua_pushinteger(L, d->count);
    if (!want_cages) return 4;
    api_calc_push(L, d);
    return 6;
}

/* sudolab.calc_small{grid=, sizes=, min_cage=, max_cage=, rules=,
 * pair_ops=, more_ops=, tries=, nodes=, seed=, shift=, cages=,
 * skip_easy=, easy_band=} -> puzzle,
 * the nodes of its last count, calc_small_closure's level (with skip_easy
 * calc_small_band's, with easy_band calc_small_grade's), the number of
 * cages (and with cages = true the cages and ops, as calc_unique gives
 * them); or nil, why. A whole small draw in one call, all of it from
 * seed: the cages (calc_partition's), their operations, and the mending
 * by the draw's own count (api_calc_mend's small). The same arguments
 * give the same draw. With skip_easy (sides from CALC_MRV_FROM), a draw
 * whose own count's root settles is given up ("too easy"), and the
 * engine counts no draw: the generator counts the one it writes
 * (API_CALC_OWN_ONE). */
static int api_calc_small(lua_State *L)
{
    static const char *const keys[] = {"grid",     "sizes",    "min_cage",  "max_cage",  "rules",
                                       "pair_ops", "more_ops", "tries",     "nodes",     "seed",
                                       "shift",    "cages",    "skip_easy", "easy_band", NULL};
    const char *fname = "calc_small";
    if (!lua_istable(L, 1)) return api_arg_error(L, 1, fname, "table expected");
    api_check_keys(L, 1, fname, keys);
    struct calc_draw draw;
    uint8_t grid[SL_MAX_CELLS];
    api_calc_grid(L, fname, &draw, grid);
    struct api_calc_small_spec spec;
    api_calc_small_spec(L, fname, &spec);
    uint64_t seed = (uint64_t)api_field_needed(L, "seed", fname, 0, LUA_MAXINTEGER);
    lua_getfield(L, 1, "cages");
    int want_cages = lua_toboolean(L, -1);
    lua_pop(L, 1);
    return api_calc_small_run(L, fname, &spec, &draw, grid, seed, want_cages, NULL);
}

/* draw(grid, seed[, cages]): calc_small with the settings of the
 * calc_small_draws that made it (its first upvalue) and these three,
 * its own counts sharing the memo of its second. */
static int api_calc_small_draw(lua_State *L)
{
    const char *fname = "calc_small_draws";
    const struct api_calc_small_spec *spec = lua_touserdata(L, lua_upvalueindex(1));
    struct calc_support_memo *memo = lua_touserdata(L, lua_upvalueindex(2));
    int want_cages = lua_toboolean(L, 3);
    uint64_t seed = (uint64_t)api_integer(L, 2, fname, 0, LUA_MAXINTEGER);
    struct calc_draw draw;
    uint8_t grid[SL_MAX_CELLS];
    api_calc_grid_at(L, fname, 1, &draw, grid);
    return api_calc_small_run(L, fname, spec, &draw, grid, seed, want_cages, memo);
}

/* sudolab.calc_small_draws{sizes=, min_cage=, max_cage=, rules=,
 * pair_ops=, more_ops=, tries=, nodes=, shift=, skip_easy=, easy_band=} -> draw, a
 * function: draw(grid, seed[, cages]) is calc_small{...the same, grid =
 * grid, seed = seed, cages = cages}, the same draw. A generator making
 * many draws of one request reads and checks its settings once, not a
 * table of them a draw, and its own counts keep the cages' supports
 * they walk for the next (calc_mrv.h's memo: the same answers). */
static int api_calc_small_draws(lua_State *L)
{
    static const char *const keys[] = {"sizes",    "min_cage",  "max_cage",  "rules",
                                       "pair_ops", "more_ops",  "tries",     "nodes",
                                       "shift",    "skip_easy", "easy_band", NULL};
    const char *fname = "calc_small_draws";
    if (!lua_istable(L, 1)) return api_arg_error(L, 1, fname, "table expected");
    api_check_keys(L, 1, fname, keys);
    struct api_calc_small_spec *spec = lua_newuserdatauv(L, sizeof *spec, 0);
    api_calc_small_spec(L, fname, spec);
    calc_support_memo_clear(lua_newuserdatauv(L, calc_support_memo_bytes(), 0));
    lua_pushcclosure(L, api_calc_small_draw, 2);
    return 1;
}

/* sudolab.calc_text{grid=, cages=, ops=} -> the calcudoku rule's
 * arguments "MAP:CLUES" (calc_draw_text), and the number of cages. */
static int api_calc_text(lua_State *L)
{
    static const char *const keys[] = {"grid", "cages", "ops", NULL};
    if (!lua_istable(L, 1)) return api_arg_error(L, 1, "calc_text", "table expected");
    api_check_keys(L, 1, "calc_text", keys);
    struct calc_draw draw;
    uint8_t grid[SL_MAX_CELLS];
    char text[API_CALC_TEXT_MAX];
    api_calc_read(L, "calc_text", &draw, grid, 0);
    if (calc_draw_text(&draw, grid, text, sizeof text) == 0)
        api_error(L, "calc_text: the cages' text is too long");
    lua_pushstring(L, text);
    lua_pushinteger(L, draw.count);
    return 2;
}

/* sudolab.calc_move{grid=, cages=, ops=, pair_ops=, more_ops=, max_cage=,
 * seed=} -> cages, ops after one move of annealing (calc_draw_move). */
static int api_calc_move(lua_State *L)
{
    static const char *const keys[] = {"grid",     "cages",    "ops",  "pair_ops",
                                       "more_ops", "max_cage", "seed", NULL};
    if (!lua_istable(L, 1)) return api_arg_error(L, 1, "calc_move", "table expected");
    api_check_keys(L, 1, "calc_move", keys);
    struct calc_draw draw;
    uint8_t grid[SL_MAX_CELLS];
    api_calc_weights(L, "calc_move", "pair_ops", "+-x/", draw.pair_ops, sizeof draw.pair_ops);
    api_calc_weights(L, "calc_move", "more_ops", "+x", draw.more_ops, sizeof draw.more_ops);
    api_calc_read(L, "calc_move", &draw, grid, 0);
    int high = (int)api_field_needed(L, "max_cage", "calc_move", 1, SL_MAX_CELLS);
    struct rng rng;
    rng_seed(&rng, (uint64_t)api_field_needed(L, "seed", "calc_move", 0, LUA_MAXINTEGER));
    calc_draw_move(&draw, grid, high, &rng);
    api_calc_push(L, &draw);
    return 2;
}

/* calc_draw_random over the function at stack index arg->at: its result
 * must be 1..m, as math.random(m) gives. */
struct api_random {
    lua_State *L;
    int at;
};

static long api_calc_random(void *arg, long m)
{
    struct api_random *r = arg;
    lua_pushvalue(r->L, r->at);
    lua_pushinteger(r->L, m);
    lua_call(r->L, 1, 1);
    int ok = 0;
    lua_Integer v = lua_tointegerx(r->L, -1, &ok);
    lua_pop(r->L, 1);
    if (!ok || v < 1 || v > m)
        api_error(r->L, "calc_partition: random(%ld) must give an integer 1..%ld", m, m);
    return (long)v;
}

/* sudolab.calc_fill{size=, seed=}, or calc_fill(size, seed) -> a random
 * Latin square of that side (up to CALC_SMALL_MAX_SIZE) as a grid
 * string, drawn from seed (calc_small_fill). The two numbers alone serve
 * a generator filling a square a puzzle: no table to make and check. */
static int api_calc_fill(lua_State *L)
{
    static const char *const keys[] = {"size", "seed", NULL};
    const char *fname = "calc_fill";
    lua_Integer n, seed;
    if (lua_istable(L, 1)) {
        api_check_keys(L, 1, fname, keys);
        n = api_field_needed(L, "size", fname, 1, CALC_SMALL_MAX_SIZE);
        seed = api_field_needed(L, "seed", fname, 0, LUA_MAXINTEGER);
    } else if (lua_isinteger(L, 1)) {
        n = api_integer(L, 1, fname, 1, CALC_SMALL_MAX_SIZE);
        seed = api_integer(L, 2, fname, 0, LUA_MAXINTEGER);
    } else {
        return api_arg_error(L, 1, fname, "table or size expected");
    }
    struct rng rng;
    rng_seed(&rng, (uint64_t)seed);
    uint8_t grid[SL_MAX_CELLS];
    struct geometry g;
    struct sl_error err;
    if (geometry_init(&g, (int)n, 0, 0, &err) || calc_small_fill((int)n, &rng, grid))
        return api_error(L, "calc_fill: no square of side %d", (int)n);
    api_push_grid(L, &g, grid);
    return 1;
}

/* Pushes a partition's table: cell (0-based) to cage id. */
static int api_calc_push_partition(lua_State *L, int n, const int *cage)
{
    lua_createtable(L, n * n - 1, 1); /* cells 1.. in the array part, cell 0 hashed */
    for (int c = 0; c < n * n; c++) lua_pushinteger(L, cage[c]), lua_rawseti(L, -2, c);
    return 1;
}

/* sudolab.calc_partition{size=, sizes=, min_cage=, max_cage=, random=}
 * -> cage ids by cell (0-based): calc_draw_partition, drawing with the
 * function random (math.random) as calcudoku_cages.lua's loop did. */
static int api_calc_partition(lua_State *L)
{
    static const char *const keys[] = {"size", "sizes", "min_cage", "max_cage", "random", NULL};
    if (!lua_istable(L, 1)) return api_arg_error(L, 1, "calc_partition", "table expected");
    api_check_keys(L, 1, "calc_partition", keys);
    int n = (int)api_field_needed(L, "size", "calc_partition", 1, SL_MAX_SIZE);
    int low = (int)api_field_needed(L, "min_cage", "calc_partition", 1, SL_MAX_CELLS);
    int high = (int)api_field_needed(L, "max_cage", "calc_partition", low, SL_MAX_CELLS);
    int sizes[SL_MAX_CELLS], cage[SL_MAX_CELLS];
    int nsizes = api_calc_sizes(L, "calc_partition", sizes);
    if (lua_getfield(L, 1, "random") != LUA_TFUNCTION)
        api_field_error(L, "calc_partition", "random", "a function (math.random)");
    struct api_random r = {L, lua_gettop(L)};
    calc_draw_partition(n, sizes, nsizes, low, high, api_calc_random, &r, cage);
    return api_calc_push_partition(L, n, cage);
}

void lua_calcudoku_open(lua_State *L)
{
    static const luaL_Reg functions[] = {
        {"calc_unique", api_calc_unique},       {"calc_fill", api_calc_fill},
        {"calc_small", api_calc_small},         {"calc_small_draws", api_calc_small_draws},
        {"calc_text", api_calc_text},           {"calc_move", api_calc_move},
        {"calc_partition", api_calc_partition}, {NULL, NULL},
    };
    luaL_setfuncs(L, functions, 0);
    /* The most sizes the calcudoku draws' `sizes` may list (as above). */
    lua_pushinteger(L, SL_MAX_CELLS);
    lua_setfield(L, -2, "calc_sizes_max");
}
