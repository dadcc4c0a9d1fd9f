/*
 * lua_api.c — see lua_api.h; lua_api_internal.h says what its files
 * share and which file holds what.
 */
#include "lua_api.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cage_text.h"
#include "calc_draw.h"
#include "calc_mrv.h"
#include "calc_small.h"
#include "dig.h"
#include "format.h"
#include "format_variant.h"
#include "killer_draw.h"
#include "killer_swap.h"
#include "lua_api_internal.h"
#include "lua_host.h"
#include "lua_killer_layout.h"
#include "lua_rule.h"
#include "propagate.h"
#include "puzzle_edit.h"
#include "rate.h"
#include "registry.h"
#include "rules.h"
#include "search.h"
#include "suggest.h"
#include "technique.h"

#define API_READING "sudolab.reading"

/* What sudolab.read holds while it reads, owned by a userdata so that an
 * error (the memory cap) between two puzzles leaks none of it. */
struct api_reading {
    FILE *in;
    struct puzzle_reader *reader;
    struct puzzle_source *where;
    struct puzzle p; /* read, not yet given to a puzzle userdata */
    int holds_p;
};

static int api_reading_close(lua_State *L)
{
    struct api_reading *rd = luaL_checkudata(L, 1, API_READING);
    reader_close(rd->reader);
    if (rd->in) fclose(rd->in);
    free(rd->where);
    if (rd->holds_p) puzzle_clear(&rd->p);
    memset(rd, 0, sizeof *rd);
    return 0;
}

/* sudolab.read(text [, format]): every puzzle of a text, in any format. */
static int api_read(lua_State *L)
{
    size_t len;
    const char *text = api_string(L, 1, "read", &len);
    struct reader_options opt = {0};
    if (!lua_isnoneornil(L, 2)) {
        opt.formats = format_by_name(api_string(L, 2, "read", NULL));
        if (opt.formats == 0) return api_arg_error(L, 2, "read", format_names);
    }
    lua_settop(L, 2);
    struct api_reading *rd = lua_newuserdatauv(L, sizeof *rd, 0);
    memset(rd, 0, sizeof *rd);
    luaL_setmetatable(L, API_READING);
    rd->in = fmemopen((void *)text, len ? len : 1, "r");
    rd->reader = rd->in ? reader_open(rd->in, &opt) : NULL;
    rd->where = malloc(sizeof *rd->where);
    if (rd->reader == NULL || rd->where == NULL) return api_error(L, "read: out of memory");
    lua_newtable(L);
    struct sl_error err = {0};
    int got, count = 0;
    while ((got = (len ? reader_next(rd->reader, &rd->p, rd->where, &err) : 0)) > 0) {
        rd->holds_p = 1;
        struct api_puzzle *ap = api_push_puzzle(L, &rd->p.geo);
        ap->p = rd->p;
        rd->holds_p = 0;
        lua_rawseti(L, -2, ++count);
    }
    lua_pushcfunction(L, api_reading_close);
    lua_pushvalue(L, 3);
    lua_call(L, 1, 0);
    if (got < 0) return api_error(L, "read: line %ld, column %ld: %s", err.line, err.col, err.msg);
    return 1;
}

static int api_rules(lua_State *L)
{
    lua_createtable(L, registry_count(), 0);
    for (int i = 0; i < registry_count(); i++) {
        lua_createtable(L, 0, 2);
        lua_pushstring(L, registry_at(i)->name);
        lua_setfield(L, -2, "name");
        lua_pushstring(L, registry_at(i)->summary);
        lua_setfield(L, -2, "summary");
        lua_rawseti(L, -2, i + 1);
    }
    return 1;
}

/* The text write gives of p (snprintf's convention), pushed: written once
 * into a buffer on the stack when it fits, as most do, else measured
 * first. */
static int api_push_written(lua_State *L, const struct puzzle *p,
                            int (*write)(const struct puzzle *, char *, size_t), const char *fname)
{
    char small[1024];
    int len = write(p, small, sizeof small);
    if ((size_t)len < sizeof small) return lua_pushlstring(L, small, (size_t)len), 1;
    char *text = malloc((size_t)len + 1);
    if (text == NULL) return api_error(L, "%s: out of memory", fname);
    write(p, text, (size_t)len + 1);
    lua_pushlstring(L, text, (size_t)len);
    free(text);
    return 1;
}

/* A line of a puzzle the engine counted unique is noted with the host:
 * the generator's check need not count it again (lua_host.h). */
static int api_line(lua_State *L)
{
    struct api_puzzle *ap = api_check_puzzle(L, 1, "line");
    api_push_written(L, &ap->p, format_sudolab_line, "line");
    uint8_t solution[SL_MAX_CELLS];
    if (ap->unique_nodes != API_NOT_COUNTED && api_unique_known(ap, solution)) {
        size_t len;
        const char *line = lua_tolstring(L, -1, &len);
        lua_host_note_unique_line(L, line, len, ap->unique_nodes);
    }
    return 1;
}

/* p:solo() -> the Solo game ID, or nil and why not. */
static int api_solo(lua_State *L)
{
    struct api_puzzle *ap = api_check_puzzle(L, 1, "solo");
    struct sl_error err = {0};
    int len = format_solo_id(&ap->p, NULL, 0, &err);
    if (len < 0) {
        luaL_pushfail(L);
        lua_pushstring(L, err.msg);
        return 2;
    }
    char *text = malloc((size_t)len + 1);
    if (text == NULL) return api_error(L, "solo: out of memory");
    format_solo_id(&ap->p, text, (size_t)len + 1, &err);
    lua_pushstring(L, text);
    free(text);
    return 1;
}

/* p:solve() -> the first solution found, or nil and "no solution" or
 * "gave up". */
static int api_solve(lua_State *L)
{
    struct api_puzzle *ap = api_check_puzzle(L, 1, "solve");
    uint8_t grid[SL_MAX_CELLS];
    struct api_search run;
    api_search_begin(L, ap, "solve", &run);
    struct search_result r = solver_count(ap->solver, ap->p.givens, 1, grid, &run.stats);
    api_search_end(L, ap, "solve", &run, r.gave_up);
    if (r.solutions == 0) {
        luaL_pushfail(L);
        lua_pushstring(L, r.gave_up ? "gave up" : "no solution");
        return 2;
    }
    api_push_grid(L, &ap->p.geo, grid);
    return 1;
}

/* A count that found one solution where two were allowed proves the
 * givens unique: kept for p:rate, unless they are known so already (with
 * the nodes of a count of their own, which p:line reports). */
static void api_note_counted(struct api_puzzle *ap, long limit, const struct search_result *r,
                             const uint8_t *solution)
{
    uint8_t known[SL_MAX_CELLS];
    if (solution && limit >= 2 && r->solutions == 1 && !r->gave_up && !api_unique_known(ap, known))
        api_note_unique(ap, solution, API_NOT_COUNTED);
}

/* p:count([limit=2]) -> the number of solutions, at most limit. */
static int api_count(lua_State *L)
{
    struct api_puzzle *ap = api_check_puzzle(L, 1, "count");
    lua_Integer limit = lua_isnoneornil(L, 2) ? 2 : api_integer(L, 2, "count", 1, 1000000000);
    uint64_t nodes = api_node_budget(L, 3, "count");
    uint8_t listed[LUA_COUNT_LISTED * SL_MAX_CELLS]; /* the kernel's, or the first */
    uint8_t *found = limit <= LUA_COUNT_LISTED ? listed : NULL;
    struct api_search run;
    api_search_begin_within(L, ap, "count", &run, nodes);
    struct search_result r; /* the rules' own kernel (a killer's) first, within the run's nodes */
    puzzle_count_within(&ap->p, ap->solver, (long)limit, &r, &run.stats, found);
    api_note_counted(ap, (long)limit, &r, found);
    if (api_search_end(L, ap, "count", &run, r.gave_up))
        return luaL_pushfail(L), lua_pushliteral(L, "gave up"), 2;
    if (r.gave_up) return api_error(L, "count: the search gave up");
    lua_pushinteger(L, r.solutions);
    return 1;
}

/* p:solutions([limit [, nodes]]) -> a list of up to limit (default 2, at
 * most 64) solutions, each N*N symbols (a generator sees where a second one
 * differs), and the search nodes it took (1: the root's propagation alone
 * decided): a generator screens puzzles by how much search they need. */
static int api_solutions(lua_State *L)
{
    struct api_puzzle *ap = api_check_puzzle(L, 1, "solutions");
    lua_Integer limit = lua_isnoneornil(L, 2) ? 2 : api_integer(L, 2, "solutions", 1, 64);
    uint64_t nodes = api_node_budget(L, 3, "solutions");
    size_t ncells = (size_t)ap->p.geo.ncells;
    uint8_t *grids = lua_newuserdatauv(L, (size_t)limit * ncells, 0);
    struct api_search run;
    api_search_begin_within(L, ap, "solutions", &run, nodes);
    struct search_result r =
        solver_solutions(ap->solver, ap->p.givens, (long)limit, grids, &run.stats);
    if (api_search_end(L, ap, "solutions", &run, r.gave_up))
        return luaL_pushfail(L), lua_pushliteral(L, "gave up"), 2;
    if (r.gave_up) return api_error(L, "solutions: the search gave up");
    /* One solution where two were allowed: p:rate need not count again. */
    if (limit >= 2 && r.solutions == 1) api_note_unique(ap, grids, API_NOT_COUNTED);
    lua_createtable(L, (int)r.solutions, 0);
    for (long i = 0; i < r.solutions; i++) {
        api_push_grid(L, &ap->p.geo, grids + (size_t)i * ncells);
        lua_rawseti(L, -2, i + 1);
    }
    lua_pushinteger(L, (lua_Integer)run.stats.nodes);
    return 2;
}

/* A rating's rules = {name = used?} and unused = {names, in rule order}. */
static void api_push_rules_used(lua_State *L, const struct ruleset *rs,
                                const struct rate_result *res)
{
    const char *unused[SL_MAX_RULES];
    int n = rate_rules_unused(rs, res, unused, SL_MAX_RULES);
    lua_createtable(L, 0, rs->nslots);
    for (int i = 0; i < rs->nslots; i++) {
        lua_pushboolean(L, rate_rule_used(rs, res, rs->slots[i].ops->name) == 1);
        lua_setfield(L, -2, rs->slots[i].ops->name);
    }
    lua_setfield(L, -2, "rules");
    lua_createtable(L, n, 0);
    for (int i = 0; i < n; i++) lua_pushstring(L, unused[i]), lua_rawseti(L, -2, i + 1);
    lua_setfield(L, -2, "unused");
}

/* p:rate([above [, below]]) -> {rating=, grade=, work=, steps=, hardest=, techniques={key=count},
 * rules={name=used?}, unused={names of rules the solve path left unused}}
 * for a unique puzzle, else nil and why. With `above`, stops as soon as the
 * rating must exceed it: {rating= a lower bound, grade=, above=true}. With
 * `below` too, stops as soon as the rating is known below it (below=true,
 * rating an upper bound) or known exactly (settled=true; work, steps and
 * techniques then those of the steps taken): rate_puzzle_band. */
static int api_rate(lua_State *L)
{
    struct api_puzzle *ap = api_check_idle(L, 1, "rate");
    double above = lua_isnoneornil(L, 2) ? HUGE_VAL : luaL_checknumber(L, 2);
    double below = lua_isnoneornil(L, 3) ? -HUGE_VAL : luaL_checknumber(L, 3);
    struct rate_result result, *res = &result; /* nothing to free when a call raises */
    if (!ap->rater_charged) {
        api_prepare(L, ap, "rate");
        api_charge_rater(L, ap, "rate");
    }
    struct api_search run;
    api_search_begin(L, ap, "rate", &run);
    uint8_t solution[SL_MAX_CELLS]; /* the rater needs it: found once, here */
    struct search_result r = {1, 0};
    if (!api_unique_known(ap, solution)) {
        r = solver_count(ap->solver, ap->p.givens, 2, solution, &run.stats);
        ap->unique_known = 0;
        if (r.solutions == 1 && !r.gave_up) api_note_unique(ap, solution, API_NOT_COUNTED);
    }
    int rated = -1;
    if (ap->rater_retotaled && rater_retotaled(ap->rater)) rater_free(ap->rater), ap->rater = NULL;
    ap->rater_retotaled = 0;
    if (r.solutions == 1 && (ap->rater || (ap->rater = rater_new(ap->rules)))) {
        rated = rate_puzzle_band(ap->rater, ap->p.givens, solution, below, above, res, NULL, NULL);
        run.stats.nodes += res->fallback_nodes;
    }
    api_search_end(L, ap, "rate", &run, r.gave_up);
    long found = r.solutions;
    if (found != 1) {
        luaL_pushfail(L);
        lua_pushstring(L, found ? "several solutions" : "no solution");
        return 2;
    }
    if (!ap->rater) return api_error(L, "rate: these rules cannot be rated");
    if (rated < 0) return api_error(L, "rate: the rater erred (a bug: please report the puzzle)");
    lua_createtable(L, 0, 6);
    static const char *const stopped[] = {
        [RATE_ABOVE] = "above", [RATE_BELOW] = "below", [RATE_SETTLED] = "settled"};
    if (rated > 0) lua_pushboolean(L, 1), lua_setfield(L, -2, stopped[rated]);
    lua_pushnumber(L, res->rating);
    lua_setfield(L, -2, "rating");
    lua_pushstring(L, grade_name(res->grade));
    lua_setfield(L, -2, "grade");
    lua_pushnumber(L, res->work);
    lua_setfield(L, -2, "work");
    lua_pushinteger(L, res->steps);
    lua_setfield(L, -2, "steps");
    lua_pushstring(L, res->hardest_key);
    lua_setfield(L, -2, "hardest");
    lua_createtable(L, 0, res->ntally);
    for (int i = 0; i < res->ntally; i++) {
        lua_pushinteger(L, res->tally[i].count);
        lua_setfield(L, -2, res->tally[i].key);
    }
    lua_setfield(L, -2, "techniques");
    api_push_rules_used(L, ap->rules, res);
    return 1;
}

/* p:fill(seed) -> a random solution drawn from seed (reproducible). */
static int api_fill(lua_State *L)
{
    struct api_puzzle *ap = api_check_puzzle(L, 1, "fill");
    lua_Integer seed = api_integer(L, 2, "fill", 0, LUA_MAXINTEGER);
    uint64_t nodes = api_node_budget(L, 3, "fill");
    uint8_t grid[SL_MAX_CELLS];
    struct rng rng;
    struct api_search run;
    api_search_begin_within(L, ap, "fill", &run, nodes);
    rng_seed(&rng, (uint64_t)seed);
    struct search_result r = dig_fill(ap->solver, ap->rules, ap->p.givens, &rng, grid, &run.stats);
    api_search_end(L, ap, "fill", &run, r.gave_up);
    if (r.solutions != 1) {
        luaL_pushfail(L);
        lua_pushstring(L, r.gave_up ? "gave up" : "no solution");
        return 2;
    }
    api_push_grid(L, &ap->p.geo, grid);
    return 1;
}

/* p:candidates() -> after propagation, a table of N*N strings of the
 * digits each cell can still take, or nil on a contradiction. */
static int api_candidates(lua_State *L)
{
    struct api_puzzle *ap = api_check_puzzle(L, 1, "candidates");
    struct api_search run;
    api_prepare(L, ap, "candidates");
    digitset *state = lua_newuserdatauv(L, ap->rules->state_bytes, 0);
    struct prop_ctx *ctx = lua_newuserdatauv(L, sizeof *ctx, 0);
    api_search_begin(L, ap, "candidates", &run);
    int status = propagate_start(ctx, ap->rules, state, ap->p.givens);
    run.stats.nodes = 1;
    api_search_end(L, ap, "candidates", &run, 0);
    if (status != SL_PROP_OK) {
        luaL_pushfail(L);
        return 1;
    }
    lua_createtable(L, ap->p.geo.ncells, 0);
    for (int c = 0; c < ap->p.geo.ncells; c++) {
        char digits[SL_MAX_SIZE + 1];
        int k = 0;
        for (digitset m = state[c]; m; m = digitset_rest(m))
            digits[k++] = geometry_symbol(digitset_first(m));
        lua_pushlstring(L, digits, (size_t)k);
        lua_rawseti(L, -2, c + 1);
    }
    return 1;
}

static int api_size(lua_State *L)
{
    lua_pushinteger(L, api_check_puzzle(L, 1, "size")->p.geo.size);
    return 1;
}

static int api_givens(lua_State *L)
{
    struct api_puzzle *ap = api_check_puzzle(L, 1, "givens");
    if (!lua_isnoneornil(L, 2)) { /* p:givens(text) sets them all */
        api_idle(L, ap, "givens");
        size_t len;
        const char *text = api_string(L, 2, "givens", &len);
        api_set_givens(L, ap, text, len, "givens");
        return 0;
    }
    api_push_grid(L, &ap->p.geo, ap->p.givens);
    return 1;
}

/* After puzzle_retotal: the ruleset patched (ruleset_retotal) where it
 * can be, else dropped to be built again; the solver, and what was known
 * unique, go (api_release) as after any rule change; the rater stays
 * with a patched ruleset (rater_retotaled). */
static void api_retotal_rules(lua_State *L, struct api_puzzle *ap, const uint8_t *grid)
{
    struct sl_error err = {0};
    struct ruleset *rs = ap->rules;
    struct rater *rater = ap->rater;
    ap->rules = NULL; /* kept from api_release, which frees the rest */
    ap->rater = NULL;
    api_release(L, ap);
    if (rs == NULL) return;
    if (ruleset_retotal(rs, &ap->p, grid, &err)) {
        rater_free(rater);
        ruleset_free(rs);
        return;
    }
    ap->rules = rs;
    /* The patch kept the units, so the rater's layout stands: the next
     * rating (a relabeling's, in a generator) does not lay it out again,
     * and a relabeling the screen turns down is not rated at all. It
     * stays charged: puzzles kept with their raters must meet the cap. */
    ap->rater = rater;
    ap->rater_retotaled = rater != NULL;
    api_charge(L, ap, api_ruleset_bytes(rs), "retotal");
    if (rater) api_charge_rater(L, ap, "retotal");
}

/* p:retotal(grid) -> p: its totals (the killer's cage sums) made grid's,
 * grid being a solution grid of its cages (a relabeling of the grid they
 * were cut from, say): p is then the puzzle its rules text written over
 * grid reads as, its ruleset patched rather than built again. Raises when
 * grid breaks a given, a rule without totals, or a cage (a digit twice). */
static int api_retotal(lua_State *L)
{
    struct api_puzzle *ap = api_check_idle(L, 1, "retotal");
    uint8_t grid[SL_MAX_CELLS];
    if (ap->lua_rules) return api_error(L, "retotal: not for a puzzle with Lua rules");
    api_solution_arg(L, ap, 2, "retotal", grid);
    struct sl_error err = {0};
    int rc = puzzle_retotal(&ap->p, grid, &err);
    if (rc) { /* a rule may have changed before another refused */
        api_release(L, ap);
        if (rc < 0) return api_error(L, "retotal: %s", err.msg);
        return api_error(L, "retotal: the grid breaks a given, a rule or a cage of the puzzle");
    }
    api_retotal_rules(L, ap, grid);
    lua_settop(L, 1);
    return 1;
}

/* p:set(row, col, digit): 1-based; digit 0 empties the cell. */
static int api_set(lua_State *L)
{
    struct api_puzzle *ap = api_check_idle(L, 1, "set");
    int n = ap->p.geo.size;
    lua_Integer r = api_integer(L, 2, "set", 1, n), c = api_integer(L, 3, "set", 1, n);
    ap->p.givens[(r - 1) * n + (c - 1)] = (uint8_t)api_integer(L, 4, "set", 0, n);
    return 0;
}

/* p:put(cell, digit): sets the given of a 0-based cell (digit 0 empties
 * it); p:get(cell) -> its given (0 when empty). Generators work on cell
 * numbers. */
static int api_put(lua_State *L)
{
    struct api_puzzle *ap = api_check_idle(L, 1, "put");
    lua_Integer cell = api_integer(L, 2, "put", 0, ap->p.geo.ncells - 1);
    ap->p.givens[cell] = (uint8_t)api_integer(L, 3, "put", 0, ap->p.geo.size);
    return 0;
}

static int api_get(lua_State *L)
{
    struct api_puzzle *ap = api_check_puzzle(L, 1, "get");
    lua_Integer cell = api_integer(L, 2, "get", 0, ap->p.geo.ncells - 1);
    lua_pushinteger(L, ap->p.givens[cell]);
    return 1;
}

/* Reads a list of 0-based cells at index i into cells; returns the count. */
static int api_cell_list(lua_State *L, int i, const char *fname, int ncells, int *cells)
{
    luaL_checktype(L, i, LUA_TTABLE);
    lua_Integer count = luaL_len(L, i);
    if (count > ncells) api_error(L, "%s: more than %d cells", fname, ncells);
    for (lua_Integer k = 1; k <= count; k++) {
        lua_geti(L, i, k);
        int isnum = 0;
        lua_Integer c = lua_tointegerx(L, -1, &isnum);
        if (!isnum || c < 0 || c >= ncells)
            api_error(L, "%s: cell %d of the list is not a cell number 0..%d", fname, (int)k,
                      ncells - 1);
        cells[k - 1] = (int)c;
        lua_pop(L, 1);
    }
    return (int)count;
}

/* p:keeps_unique(cells, solution) -> true when the puzzle, unique with
 * that solution, stays unique with the givens of `cells` removed; the
 * puzzle itself is not changed. One search per removed given: none may
 * find a solution with that cell open to another digit. */
static int api_keeps_unique(lua_State *L)
{
    struct api_puzzle *ap = api_check_puzzle(L, 1, "keeps_unique");
    int ncells = ap->p.geo.ncells, cells[SL_MAX_CELLS];
    int count = api_cell_list(L, 2, "keeps_unique", ncells, cells);
    uint8_t solution[SL_MAX_CELLS];
    api_solution_arg(L, ap, 3, "keeps_unique", solution);
    struct api_search run;
    api_search_begin(L, ap, "keeps_unique", &run);
    int keeps = dig_keeps_unique(ap->solver, ap->rules, ap->p.givens, solution, cells, count);
    api_search_end(L, ap, "keeps_unique", &run, 0);
    lua_pushboolean(L, keeps);
    return 1;
}

/* The keys of the ladder's rule rows rated up to `up_to` (technique.c),
 * easiest first: the techniques a deduction dig may use. */
static int api_rule_keys(double up_to, const char **keys, int cap)
{
    int n = 0;
    for (int t = 0; t < technique_count && n < cap; t++)
        if (technique_table[t].find == find_rule_deduction &&
            technique_table[t].rating <= up_to + 1e-9)
            keys[n++] = technique_table[t].key;
    return n;
}

/* The deductions' steps (dig.h) within the node limit api_search_begin
 * set, so a budget holds them as it holds a search's nodes. */
static struct dig_steps api_deduce_steps(const struct api_puzzle *ap)
{
    return (struct dig_steps){.limit = solver_node_limit(ap->solver)};
}

/* Ends deductions as api_search_end ends a search, their steps charged
 * as its nodes; raises what a DIG_DEDUCE_ code other than CANNOT means. */
static void api_deduce_end(lua_State *L, struct api_puzzle *ap, const char *fname,
                           struct api_search *run, const struct dig_steps *steps, int rc)
{
    run->stats.nodes = steps->used;
    api_search_end(L, ap, fname, run, rc == DIG_DEDUCE_GAVE_UP);
    if (rc == DIG_DEDUCE_NO_MEMORY) api_error(L, "%s: out of memory", fname);
    if (rc == DIG_DEDUCE_GAVE_UP)
        api_error(L, "%s: the deductions gave up after %llu steps", fname,
                  (unsigned long long)steps->used);
}

/* p:dig(groups, solution, up_to): the dig by deductions of dig.h, with
 * the rules' techniques rated up to up_to. */
static int api_dig_deduced(lua_State *L, struct api_puzzle *ap, const uint8_t *solution, int *cells,
                           int *start, int ngroups)
{
    const char *keys[DIG_DEDUCE_MAX_KEYS];
    int nkeys = api_rule_keys(luaL_checknumber(L, 4), keys, DIG_DEDUCE_MAX_KEYS), removed = 0;
    struct api_search run;
    api_search_begin(L, ap, "dig", &run);
    struct dig_steps steps = api_deduce_steps(ap);
    /* The proof needs a solution of the rules that extends the givens. */
    int solves = puzzle_is_solution(&ap->p, solution);
    if (solves)
        removed = dig_groups_deduced(ap->rules, ap->p.givens, solution, cells, start, ngroups, keys,
                                     nkeys, &steps);
    api_deduce_end(L, ap, "dig", &run, &steps, removed);
    if (!solves) return api_error(L, "dig: the solution does not solve the puzzle");
    if (removed < 0) return api_error(L, "dig: these rules cannot dig by their techniques alone");
    lua_pushinteger(L, removed);
    return 1;
}

/* p:deduces(up_to) -> true when the rules' own techniques rated up to
 * up_to (dig.h's deductions) fill the grid from the givens with a
 * solution of the rules: no search. */
static int api_deduces(lua_State *L)
{
    struct api_puzzle *ap = api_check_puzzle(L, 1, "deduces");
    const char *keys[DIG_DEDUCE_MAX_KEYS];
    int nkeys = api_rule_keys(luaL_checknumber(L, 2), keys, DIG_DEDUCE_MAX_KEYS);
    uint8_t grid[SL_MAX_CELLS];
    struct api_search run;
    api_search_begin(L, ap, "deduces", &run);
    struct dig_steps steps = api_deduce_steps(ap);
    int fills = dig_deduces(ap->rules, ap->p.givens, keys, nkeys, grid, &steps);
    api_deduce_end(L, ap, "deduces", &run, &steps, fills);
    if (fills < 0) return api_error(L, "deduces: these rules cannot be asked for their techniques");
    lua_pushboolean(L, fills && puzzle_is_solution(&ap->p, grid));
    return 1;
}

/* p:dig past reading its groups (a third argument says how to judge). */
static int api_dig_groups(lua_State *L, struct api_puzzle *ap, uint8_t *solution, int *cells,
                          int *start, int ngroups)
{
    int singles = lua_type(L, 4) == LUA_TSTRING;
    if (singles && strcmp(lua_tostring(L, 4), "singles") != 0)
        return api_error(L, "dig: the third argument is a rating or \"singles\"");
    if (!singles && !lua_isnoneornil(L, 4))
        return api_dig_deduced(L, ap, solution, cells, start, ngroups);
    struct api_search run;
    api_search_begin(L, ap, "dig", &run);
    int removed =
        singles ? dig_groups_singles(ap->solver, ap->rules, ap->p.givens, solution, cells, start,
                                     ngroups)
                : dig_groups(ap->solver, ap->rules, ap->p.givens, solution, cells, start, ngroups);
    api_search_end(L, ap, "dig", &run, 0);
    if (removed < 0) return api_error(L, "dig: out of memory");
    lua_pushinteger(L, removed);
    return 1;
}

/* p:dig(groups, solution [, up_to]) -> removed: tries each group of cells
 * (a list of lists of 0-based cells, or of cells alone; or a seed: every
 * cell alone in the order sudolab.shuffled draws from it) in order and
 * removes its givens when the puzzle stays unique without them; the whole
 * loop runs in C. With up_to, a removal stays when the rules' own
 * techniques rated up to it still fill the grid; with "singles", when
 * singles and the rules' propagation still do (dig.h). */
static int api_dig(lua_State *L)
{
    struct api_puzzle *ap = api_check_puzzle(L, 1, "dig");
    int ncells = ap->p.geo.ncells, cells[SL_MAX_CELLS], start[SL_MAX_CELLS + 1];
    uint8_t solution[SL_MAX_CELLS];
    if (lua_type(L, 2) == LUA_TNUMBER) { /* a seed: every cell alone, as sudolab.shuffled draws */
        struct rng rng;
        rng_seed(&rng, (uint64_t)api_integer(L, 2, "dig", 0, LUA_MAXINTEGER));
        api_solution_arg(L, ap, 3, "dig", solution);
        for (int c = 0; c < ncells; c++) cells[c] = start[c] = c;
        start[ncells] = ncells;
        rng_shuffle_ints(&rng, cells, ncells);
        return api_dig_groups(L, ap, solution, cells, start, ncells);
    }
    luaL_checktype(L, 2, LUA_TTABLE);
    api_solution_arg(L, ap, 3, "dig", solution);
    lua_Integer ngroups = luaL_len(L, 2);
    if (ngroups > ncells) return api_error(L, "dig: more groups than cells");
    int total = 0;
    for (lua_Integer g = 1; g <= ngroups; g++) {
        int one[SL_MAX_CELLS], count = 1;
        if (lua_geti(L, 2, g) == LUA_TNUMBER) { /* a cell alone: no table made per cell */
            int isnum = 0;
            lua_Integer c = lua_tointegerx(L, -1, &isnum);
            if (!isnum || c < 0 || c >= ncells)
                return api_error(L, "dig: group %d is not a cell number 0..%d", (int)g, ncells - 1);
            one[0] = (int)c;
        } else
            count = api_cell_list(L, lua_gettop(L), "dig", ncells, one);
        lua_pop(L, 1);
        if (total + count > ncells) return api_error(L, "dig: the groups hold a cell twice");
        start[g - 1] = total;
        for (int i = 0; i < count; i++) cells[total++] = one[i];
    }
    start[ngroups] = total;
    return api_dig_groups(L, ap, solution, cells, start, (int)ngroups);
}

/* p:add_rule(name [, args]) */
static int api_add_rule(lua_State *L)
{
    struct api_puzzle *ap = api_check_idle(L, 1, "add_rule");
    const char *name = api_string(L, 2, "add_rule", NULL);
    const char *args = lua_isnoneornil(L, 3) ? "" : api_string(L, 3, "add_rule", NULL);
    struct sl_error err = {0};
    if (puzzle_add_rule(&ap->p, name, args, &err))
        return api_error(L, "add_rule: %s (column %ld of its arguments)", err.msg, err.col);
    api_release(L, ap);
    return 0;
}

/* The buffer of the puzzle at index 1's Lua rules' errors: its user value,
 * so it lives as long as the puzzle (and through its finalizer). */
static char *api_error_buffer(lua_State *L)
{
    char *buffer = lua_newuserdatauv(L, LUA_RULE_ERROR_MAX, 0);
    buffer[0] = '\0';
    lua_setiuservalue(L, 1, 1);
    return buffer;
}

/* p:add_lua_rule{name = "...", check = function(digits) ... end,
 * cells = {0, 1, ...} (default: every cell), partial = true}: the slow
 * escape hatch (lua_rule.c). */
static int api_add_lua_rule(lua_State *L)
{
    struct api_puzzle *ap = api_check_idle(L, 1, "add_lua_rule");
    static const char *const keys[] = {"name", "check", "cells", "partial", NULL};
    if (!lua_istable(L, 2)) return api_arg_error(L, 2, "add_lua_rule", "table expected");
    api_check_keys(L, 2, "add_lua_rule", keys);
    int cells[SL_MAX_CELLS], ncells = 0, ncell_max = ap->p.geo.ncells;
    lua_getfield(L, 2, "name");
    const char *name =
        lua_isnil(L, -1) ? "script" : api_field_text(L, "add_lua_rule", "name", NULL);
    if (lua_getfield(L, 2, "check") != LUA_TFUNCTION)
        return api_error(L, "add_lua_rule: 'check' must be a function of the cells' digits");
    if (lua_getfield(L, 2, "cells") == LUA_TNIL) {
        for (int c = 0; c < ncell_max; c++) cells[ncells++] = c;
    } else if (lua_istable(L, -1)) {
        lua_Integer len = luaL_len(L, -1);
        if (len < 1 || len > ncell_max) return api_error(L, "add_lua_rule: 1..%d cells", ncell_max);
        for (lua_Integer i = 1; i <= len; i++) {
            lua_geti(L, -1, i);
            int ok = 0;
            lua_Integer c = lua_tointegerx(L, -1, &ok);
            lua_pop(L, 1);
            if (!ok || c < 0 || c >= ncell_max)
                return api_error(L, "add_lua_rule: cells[%lld] is not a cell 0..%d", (long long)i,
                                 ncell_max - 1);
            cells[ncells++] = (int)c;
        }
    } else {
        return api_error(L, "add_lua_rule: 'cells' must be a list of cell numbers");
    }
    lua_getfield(L, 2, "partial");
    int partial = lua_toboolean(L, -1);
    lua_pop(L, 1);
    struct sl_error err = {0};
    if (!ap->lua_error) ap->lua_error = api_error_buffer(L);
    if (lua_rule_add(&ap->p, L, -2, name, cells, ncells, partial, ap->lua_error, &err))
        return api_error(L, "add_lua_rule: %s", err.msg);
    ap->lua_rules = 1;
    api_release(L, ap);
    return 0;
}

static int api_rules_text(lua_State *L)
{
    return api_push_written(L, &api_check_puzzle(L, 1, "rules")->p, puzzle_rules_text, "rules");
}

/* p:check(grid) -> true when grid is a solution keeping the givens. */
static int api_check(lua_State *L)
{
    struct api_puzzle *ap = api_check_puzzle(L, 1, "check");
    size_t len;
    const char *text = api_string(L, 2, "check", &len);
    uint8_t grid[SL_MAX_CELLS];
    if (len != (size_t)ap->p.geo.ncells) return lua_pushboolean(L, 0), 1;
    for (int c = 0; c < ap->p.geo.ncells; c++) {
        int d = geometry_digit(text[c]);
        grid[c] = (uint8_t)(d < 0 ? 0 : d);
    }
    /* A Lua rule's check runs here too: the puzzle is busy meanwhile. */
    api_idle(L, ap, "check");
    ap->busy = 1;
    if (ap->lua_error) ap->lua_error[0] = '\0';
    lua_State *caller = lua_host_set_caller(L, L);
    int yes = puzzle_is_solution(&ap->p, grid);
    lua_host_set_caller(L, caller);
    ap->busy = 0;
    api_raise_rule_error(L, ap, "check");
    lua_pushboolean(L, yes);
    return 1;
}

/* sudolab.cell(row, col [, size=9]) -> the cell number rules use
 * (0-based, row by row), from 1-based row and column. */
static int api_cell(lua_State *L)
{
    lua_Integer n = lua_isnoneornil(L, 3) ? 9 : api_integer(L, 3, "cell", 1, SL_MAX_SIZE);
    lua_Integer r = api_integer(L, 1, "cell", 1, n), c = api_integer(L, 2, "cell", 1, n);
    lua_pushinteger(L, (r - 1) * n + (c - 1));
    return 1;
}

/* sudolab.relation(size, fn) -> the table text of the relation rule:
 * fn(a, b) is called once for every pair of digits and says whether the
 * second cell may hold b when the first holds a. */
static int api_relation(lua_State *L)
{
    lua_Integer n = api_integer(L, 1, "relation", 1, SL_MAX_SIZE);
    if (!lua_isfunction(L, 2)) return api_arg_error(L, 2, "relation", "function expected");
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    for (lua_Integer a = 1; a <= n; a++) {
        unsigned long mask = 0;
        for (lua_Integer e = 1; e <= n; e++) {
            lua_pushvalue(L, 2);
            lua_pushinteger(L, a);
            lua_pushinteger(L, e);
            lua_call(L, 2, 1);
            if (lua_toboolean(L, -1)) mask |= 1UL << (e - 1);
            lua_pop(L, 1);
        }
        char hex[16];
        snprintf(hex, sizeof hex, "%s%lx", a > 1 ? "." : "", mask);
        luaL_addstring(&b, hex);
    }
    luaL_pushresult(&b);
    return 1;
}

/* The geometry of an N x N grid; the cage text needs no boxes. */
static void api_cage_geometry(lua_State *L, const char *fname, lua_Integer n, struct geometry *g)
{
    struct sl_error err = {0};
    if (n < 1 || n > SL_MAX_SIZE || geometry_init(g, (int)n, 0, 0, &err))
        api_error(L, "%s: the size must be 1..%d (give size=, or a map or grid of N*N cells)",
                  fname, SL_MAX_SIZE);
}

/* {map=, sums={S or false, ...}, count=} of ct. */
static void api_push_cages(lua_State *L, const struct cage_text *ct)
{
    luaL_Buffer b;
    int len = cellmap_write(&ct->map, NULL, 0);
    cellmap_write(&ct->map, luaL_buffinitsize(L, &b, (size_t)len + 1), (size_t)len + 1);
    luaL_pushresultsize(&b, (size_t)len);
    lua_createtable(L, 0, 3);
    lua_insert(L, -2);
    lua_setfield(L, -2, "map");
    lua_createtable(L, ct->map.nparts, 0);
    for (int p = 0; p < ct->map.nparts; p++) {
        if (ct->sum[p])
            lua_pushinteger(L, ct->sum[p]);
        else
            lua_pushboolean(L, 0);
        lua_rawseti(L, -2, p + 1);
    }
    lua_setfield(L, -2, "sums");
    lua_pushinteger(L, ct->map.nparts);
    lua_setfield(L, -2, "count");
}

/* sudolab.parse_cages(text [, size]): "MAP:SUMS" read as the killer rule
 * reads it, or an error naming the column. */
static int api_parse_cages(lua_State *L)
{
    size_t len;
    const char *text = api_string(L, 1, "parse_cages", &len);
    const char *colon = memchr(text, ':', len);
    lua_Integer n = lua_isnoneornil(L, 2) ? api_cage_map_size(colon ? (size_t)(colon - text) : len)
                                          : api_integer(L, 2, "parse_cages", 1, SL_MAX_SIZE);
    struct geometry g;
    struct sl_error err = {0};
    api_cage_geometry(L, "parse_cages", n, &g);
    struct cage_text *ct = lua_newuserdatauv(L, sizeof *ct, 0); /* freed by the GC, even on error */
    if (cage_text_parse(ct, &g, text, len, &err))
        api_error(L, "parse_cages: column %ld: %s", err.col, err.msg);
    api_push_cages(L, ct);
    return 1;
}

/* The cages field: a map string, or a table of cage ids by 0-based cell
 * (nil: no cage), the ids numbered by first appearance. */
static void api_cages_field(lua_State *L, const char *fname, int t, const struct geometry *g,
                            struct cage_text *ct)
{
    struct sl_error err = {0};
    if (lua_type(L, t) == LUA_TSTRING) {
        size_t len;
        const char *map = lua_tolstring(L, t, &len);
        if (cage_map_parse(ct, g, map, len, &err))
            api_error(L, "%s: cages: column %ld: %s", fname, err.col, err.msg);
        return;
    }
    if (!lua_istable(L, t)) api_error(L, "%s: cages must be a map string or a table", fname);
    lua_Integer id[SL_MAX_CELLS];
    int part[SL_MAX_CELLS], nids = 0;
    for (int c = 0; c < g->ncells; c++) {
        int isnum = 0, type = lua_geti(L, t, c);
        lua_Integer v = lua_tointegerx(L, -1, &isnum);
        lua_pop(L, 1);
        if (type != LUA_TNIL && !isnum)
            api_error(L, "%s: cages[%d] is not an integer cage id", fname, c);
        part[c] = -1;
        for (int i = 0; type != LUA_TNIL && part[c] < 0 && i < nids; i++)
            if (id[i] == v) part[c] = i;
        if (type != LUA_TNIL && part[c] < 0) id[nids] = v, part[c] = nids++;
    }
    cage_text_from_parts(ct, g->ncells, part, NULL);
    if (cage_map_check(ct, g->size, &err)) api_error(L, "%s: %s", fname, err.msg);
}

/* The sums field: "S,S,?" or a list of sums (false or "?": none). */
static void api_sums_field(lua_State *L, int t, struct cage_text *ct)
{
    struct sl_error err = {0};
    if (lua_type(L, t) == LUA_TSTRING) {
        size_t len;
        const char *sums = lua_tolstring(L, t, &len);
        if (cage_sums_parse(ct, sums, len, &err))
            api_error(L, "cages_text: sums: column %ld: %s", err.col, err.msg);
        return;
    }
    if (!lua_istable(L, t) || luaL_len(L, t) != ct->map.nparts)
        api_error(L, "cages_text: sums must be a string or a list of %d sums, one per cage",
                  ct->map.nparts);
    for (int p = 0; p < ct->map.nparts; p++) {
        int isnum = 0, type = lua_geti(L, t, p + 1);
        lua_Integer v = lua_tointegerx(L, -1, &isnum);
        int none = type == LUA_TBOOLEAN
                       ? !lua_toboolean(L, -1)
                       : type == LUA_TSTRING && strcmp(lua_tostring(L, -1), "?") == 0;
        lua_pop(L, 1);
        if (!none && (type != LUA_TNUMBER || !isnum || v < 1 || v > CAGE_SUM_MAX))
            api_error(L, "cages_text: cage %d needs a sum 1..%d, or false or '?' for none", p + 1,
                      CAGE_SUM_MAX);
        ct->sum[p] = none ? 0 : (int)v;
    }
}

/* The sums of ct's cages from a complete grid's digits. */
static void api_sums_of_grid(lua_State *L, int t, const struct geometry *g, struct cage_text *ct)
{
    size_t len;
    const char *grid = api_string(L, t, "cages_text", &len);
    if (len != (size_t)g->ncells)
        api_error(L, "cages_text: grid must be a complete grid of %d digits", g->ncells);
    memset(ct->sum, 0, sizeof ct->sum);
    for (int c = 0; c < g->ncells; c++) {
        int d = geometry_digit(grid[c]);
        if (d < 1 || d > g->size)
            api_error(L, "cages_text: grid: '%c' at cell %d is not a digit 1..%d", grid[c], c,
                      g->size);
        if (ct->map.part[c] >= 0) ct->sum[ct->map.part[c]] += d;
    }
}

/* sudolab.cages_text{cages=, sums= or grid=, size=}: the killer rule's
 * "MAP:SUMS" and the number of cages. */
static int api_cages_text(lua_State *L)
{
    static const char *const keys[] = {"cages", "sums", "grid", "size", NULL};
    if (!lua_istable(L, 1)) return api_arg_error(L, 1, "cages_text", "table expected");
    for (lua_pushnil(L); lua_next(L, 1); lua_pop(L, 1)) {
        int known = 0;
        for (int i = 0; keys[i] && !known; i++)
            known = lua_type(L, -2) == LUA_TSTRING && strcmp(lua_tostring(L, -2), keys[i]) == 0;
        if (!known)
            api_error(L, "cages_text: unknown key '%s' (cages, sums, grid, size)",
                      luaL_tolstring(L, -2, NULL));
    }
    lua_settop(L, 1);
    lua_getfield(L, 1, "cages"); /* 2 */
    lua_getfield(L, 1, "sums");  /* 3 */
    lua_getfield(L, 1, "grid");  /* 4 */
    lua_getfield(L, 1, "size");  /* 5 */
    if (lua_isnil(L, 2) || lua_isnil(L, 3) == lua_isnil(L, 4))
        api_error(L, "cages_text: needs cages, and either sums or grid");
    lua_Integer n = !lua_isnil(L, 5)     ? api_integer(L, 5, "cages_text", 1, SL_MAX_SIZE)
                    : lua_isstring(L, 4) ? api_cage_map_size(luaL_len(L, 4))
                    : lua_type(L, 2) == LUA_TSTRING ? api_cage_map_size(luaL_len(L, 2))
                                                    : 0;
    struct geometry g;
    api_cage_geometry(L, "cages_text", n, &g);
    struct cage_text *ct = lua_newuserdatauv(L, sizeof *ct, 0);
    api_cages_field(L, "cages_text", 2, &g, ct);
    if (!lua_isnil(L, 3))
        api_sums_field(L, 3, ct);
    else
        api_sums_of_grid(L, 4, &g, ct);
    luaL_Buffer b;
    int len = cage_text_write(ct, NULL, 0);
    cage_text_write(ct, luaL_buffinitsize(L, &b, (size_t)len + 1), (size_t)len + 1);
    luaL_pushresultsize(&b, (size_t)len);
    lua_pushinteger(L, ct->map.nparts);
    return 2;
}

/* sudolab.killer_swap(cages, grid) -> grid with two digits swapped over
 * cells that keep every house and every cage (killer_swap.h), or nil: a
 * second solution of the killer of those cages found without a search.
 * cages as cages_text's; grid a complete grid of N*N digits. */
static int api_killer_swap(lua_State *L)
{
    size_t len;
    const char *grid = api_string(L, 2, "killer_swap", &len);
    int n = len <= SL_MAX_CELLS ? api_cage_map_size(len) : 0;
    struct geometry g;
    struct sl_error err = {0};
    if (n == 0 || (size_t)n * (size_t)n != len || geometry_init_default(&g, n, &err))
        return api_error(L, "killer_swap: grid must be N*N digits (N 1..%d)", SL_MAX_SIZE);
    struct cage_text *ct = lua_newuserdatauv(L, sizeof *ct, 0);
    api_cages_field(L, "killer_swap", 1, &g, ct);
    uint8_t digits[SL_MAX_CELLS], other[SL_MAX_CELLS];
    for (int c = 0; c < g.ncells; c++) {
        int d = geometry_digit(grid[c]);
        digits[c] = (uint8_t)(d < 0 ? 0 : d);
    }
    int found = killer_swap_find(&g, digits, &ct->map, other);
    if (found < 0) return api_error(L, "killer_swap: grid is not a complete %dx%d sudoku", n, n);
    if (found == 0)
        lua_pushnil(L);
    else
        api_push_grid(L, &g, other);
    return 1;
}

/* sudolab.grades: rate.h's table as {name=, low=, high=} in order, each
 * also under its name; high is math.huge for the last. */
static void api_push_grades(lua_State *L)
{
    lua_createtable(L, GRADE_COUNT, GRADE_COUNT);
    for (int g = 0; g < GRADE_COUNT; g++) {
        lua_createtable(L, 0, 3);
        lua_pushstring(L, grade_name((enum grade)g));
        lua_setfield(L, -2, "name");
        lua_pushnumber(L, grade_low((enum grade)g));
        lua_setfield(L, -2, "low");
        lua_pushnumber(L, grade_table[g].high);
        lua_setfield(L, -2, "high");
        lua_pushvalue(L, -1);
        lua_setfield(L, -3, grade_name((enum grade)g));
        lua_rawseti(L, -2, g + 1);
    }
}

/* sudolab.suggest(word, names) -> the name of the list that word is a
 * likely misspelling of, or nil (suggest.h). */
static int api_suggest(lua_State *L)
{
    const char *word = api_string(L, 1, "suggest", NULL);
    luaL_checktype(L, 2, LUA_TTABLE);
    lua_Integer n = luaL_len(L, 2);
    if (n > 256) return api_error(L, "suggest: more than 256 names");
    const char *names[257];
    for (lua_Integer i = 1; i <= n; i++) {
        lua_geti(L, 2, i);
        if (lua_type(L, -1) != LUA_TSTRING)
            api_error(L, "suggest: names[%lld] must be a string", (long long)i);
        names[i - 1] = lua_tostring(L, -1);
        lua_pop(L, 1); /* the list keeps the string alive */
    }
    names[n] = NULL;
    const char *close = suggest_name(word, names);
    if (close)
        lua_pushstring(L, close);
    else
        lua_pushnil(L);
    return 1;
}

/* sudolab.technique_rating(key) -> the rating of the ladder's row of that
 * technique key (the easiest step it can rate), or nil (technique.h). */
static int api_technique_rating(lua_State *L)
{
    int row = technique_by_key(api_string(L, 1, "technique_rating", NULL));
    if (row < 0)
        lua_pushnil(L);
    else
        lua_pushnumber(L, technique_table[row].rating);
    return 1;
}

/* p:clues() -> the number of givens. */
static int api_clues(lua_State *L)
{
    struct api_puzzle *ap = api_check_puzzle(L, 1, "clues");
    lua_Integer clues = 0;
    for (int c = 0; c < ap->p.geo.ncells; c++) clues += ap->p.givens[c] != 0;
    lua_pushinteger(L, clues);
    return 1;
}

/* sudolab.shuffled(n, seed) -> the numbers 0..n-1 in an order drawn from
 * seed: a dig's random order of cells with no Lua step per cell. */
static int api_shuffled(lua_State *L)
{
    int n = (int)api_integer(L, 1, "shuffled", 0, SL_MAX_CELLS);
    lua_Integer seed = api_integer(L, 2, "shuffled", 0, LUA_MAXINTEGER);
    int order[SL_MAX_CELLS];
    struct rng rng;
    rng_seed(&rng, (uint64_t)seed);
    for (int i = 0; i < n; i++) order[i] = i;
    rng_shuffle_ints(&rng, order, n);
    lua_createtable(L, n, 0);
    for (int i = 0; i < n; i++) lua_pushinteger(L, order[i]), lua_rawseti(L, -2, i + 1);
    return 1;
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
    lua_rawgeti(L, -1, id);
    const char *op = lua_tostring(L, -1);
    if (op == NULL || strlen(op) > 1 || (op[0] && strchr("+-x/", op[0]) == NULL))
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
        lua_rawgeti(L, -2, c);
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

/* The instructions a node of a draw's own count is charged, as a killer
 * count's are: its search runs in C, out of the interpreter's sight. */
#define API_CALC_OWN_COST(d) (2LL * (d)->ncells)

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
    uint64_t visited = api_nodes_within(L, fname, API_CALC_OWN_COST(d), *nodes), within = visited;
    int own = d->size >= CALC_MRV_FROM
                  ? calc_mrv_other(d, grid, grids, &visited, &settled, memo, root)
                  : calc_small_count(d, grid, 2, grids, &visited);
    lua_host_charge_instructions(L, (long long)visited * API_CALC_OWN_COST(d));
    if (own == -2 && within != *nodes)
        api_error(L,
                  "%s: instruction budget exceeded: the draw's own count took the %llu nodes "
                  "it had left (see --max-instructions)",
                  fname, (unsigned long long)within);
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

/* The cage sizes of field 'sizes' (a list) into sizes; their count. */
static int api_calc_sizes(lua_State *L, const char *fname, int *sizes)
{
    int nsizes = 0;
    if (lua_getfield(L, 1, "sizes") != LUA_TTABLE)
        api_field_error(L, fname, "sizes", "a list of cage sizes");
    lua_Unsigned len = lua_rawlen(L, -1);
    if (len < 1 || len > SL_MAX_CELLS)
        api_error(L, "%s: field 'sizes' must be a list of 1 to %d sizes", fname, SL_MAX_CELLS);
    for (lua_Integer i = 1; i <= (lua_Integer)len; i++) {
        lua_rawgeti(L, -1, i);
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

/* spec.grid (a complete grid, boxes of the default shape) into d and grid;
 * spec.sizes, min_cage, max_cage, fewest and most into d. */
static void api_killer_read(lua_State *L, const char *fname, struct killer_draw *d, uint8_t *grid)
{
    size_t len = 0;
    struct sl_error err = {0};
    lua_getfield(L, 1, "grid");
    const char *text = lua_type(L, -1) == LUA_TSTRING ? lua_tolstring(L, -1, &len) : "";
    int n = len <= SL_MAX_CELLS ? api_cage_map_size(len) : 0;
    if (n < 2 || (size_t)n * (size_t)n != len || geometry_init_default(&d->geo, n, &err))
        api_error(L, "%s: grid must be N*N digits (N 2..%d)", fname, SL_MAX_SIZE);
    for (int c = 0; c < d->geo.ncells; c++) {
        int v = geometry_digit(text[c]);
        if (v < 1 || v > n) api_error(L, "%s: grid must be complete", fname);
        grid[c] = (uint8_t)v;
    }
    lua_pop(L, 1);
    d->low = (int)api_field_integer(L, "min_cage", fname, 1, n, 2);
    int high = n < 5 ? n : 5;
    d->high =
        (int)api_field_integer(L, "max_cage", fname, d->low, n, high < d->low ? d->low : high);
    d->fewest = (int)api_field_integer(L, "fewest", fname, 1, d->geo.ncells, 1);
    d->most = (int)api_field_integer(L, "most", fname, d->fewest, d->geo.ncells, d->geo.ncells);
    lua_getfield(L, 1, "sizes");
    d->nsizes = lua_istable(L, -1) ? (int)luaL_len(L, -1) : 0;
    if (d->nsizes < 1 || d->nsizes > KILLER_DRAW_SIZES_MAX)
        api_error(L, "%s: sizes must list 1 to %d cage sizes", fname, KILLER_DRAW_SIZES_MAX);
    for (int i = 0; i < d->nsizes; i++) {
        lua_rawgeti(L, -1, i + 1);
        int ok = 0;
        lua_Integer size = lua_tointegerx(L, -1, &ok);
        if (!ok || size < 1 || size > d->geo.ncells)
            api_error(L, "%s: sizes[%d] must be an integer 1..%d", fname, i + 1, d->geo.ncells);
        d->sizes[i] = (int)size;
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
}

/* d's cages (cell 0.. -> id 1..) as a table. */
static void api_killer_push_cages(lua_State *L, const struct killer_draw *d)
{
    lua_createtable(L, d->geo.ncells, 1);
    for (int c = 0; c < d->geo.ncells; c++)
        lua_pushinteger(L, d->cage[c] + 1), lua_rawseti(L, -2, c);
}

/* sudolab.killer_partition{grid=, sizes=, min_cage=, max_cage=, fewest=,
 * most=, seed=} -> cages (cell 0.. -> id 1..), or nil and why. */
static int api_killer_partition(lua_State *L)
{
    static const char *const keys[] = {"grid",   "sizes", "min_cage", "max_cage",
                                       "fewest", "most",  "seed",     NULL};
    if (!lua_istable(L, 1)) return api_arg_error(L, 1, "killer_partition", "table expected");
    api_check_keys(L, 1, "killer_partition", keys);
    struct killer_draw *d = lua_newuserdatauv(L, sizeof *d, 0);
    uint8_t grid[SL_MAX_CELLS];
    api_killer_read(L, "killer_partition", d, grid);
    struct rng rng;
    rng_seed(&rng,
             (uint64_t)api_field_integer(L, "seed", "killer_partition", 0, LUA_MAXINTEGER, 0));
    if (killer_draw_partition(d, grid, &rng)) {
        lua_pushnil(L);
        lua_pushfstring(L, "no partition into cages of %d to %d cells", d->low, d->high);
        return 2;
    }
    api_killer_push_cages(L, d);
    return 1;
}

/* What a count of killer_unique took: its nodes, and whether the killer
 * kernel answered (killer_draw_count). */
struct api_killer_tally {
    struct search_stats stats;
    int by_kernel;
};

/* One count of d's puzzle up to limit solutions, within nodes and what
 * the budget leaves; its nodes charged and into *tally. As
 * killer_draw_count. */
static int api_killer_count(lua_State *L, const struct killer_draw *d, const uint8_t *grid,
                            const char *rules, const uint8_t *givens, int limit, uint64_t nodes,
                            uint8_t *others, struct api_killer_tally *tally)
{
    long long cost = 2LL * d->geo.ncells;
    uint64_t within = api_nodes_within(L, "killer_unique", cost, nodes);
    struct search_stats stats = {0};
    struct sl_error err = {0};
    int found = killer_draw_count(d, grid, rules, givens, limit, within, others, &stats,
                                  &tally->by_kernel, &err);
    tally->stats = stats;
    lua_host_charge_instructions(L, (long long)stats.nodes * cost);
    if (found == -2) api_error(L, "killer_unique: %s", err.msg);
    if (found == -1 && within < nodes)
        api_error(L,
                  "killer_unique: instruction budget exceeded: the search took the %llu "
                  "nodes it had left (budget exhausted; see --max-instructions)",
                  (unsigned long long)within);
    return found;
}

/* Mends d for each of the n grids of others it still keeps: 1, or 0 when
 * one cannot be mended (a fresh partition is then drawn). */
static int api_killer_mend(struct killer_draw *d, const uint8_t *grid, const uint8_t *others, int n,
                           struct rng *rng)
{
    for (int i = 0; i < n; i++) {
        const uint8_t *other = others + (size_t)i * (size_t)d->geo.ncells;
        if (killer_draw_keeps(d, grid, other) && !killer_draw_mend(d, grid, other, rng)) return 0;
    }
    return 1;
}

/* The puzzle of d's cages (rules prefix, givens), known unique. */
static void api_killer_push_puzzle(lua_State *L, const struct killer_draw *d, const uint8_t *grid,
                                   const char *rules, const uint8_t *givens)
{
    char text[KILLER_DRAW_TEXT_MAX];
    if (killer_draw_text(d, grid, rules, text, sizeof text) == 0)
        api_error(L, "killer_unique: the cages' text is too long");
    struct api_puzzle *ap = api_push_puzzle(L, &d->geo);
    api_add_rules_text(L, ap, text, "killer_unique");
    memcpy(ap->p.givens, givens, (size_t)d->geo.ncells);
    api_note_unique(ap, grid, API_NOT_COUNTED);
}

/* spec.givens: N*N symbols agreeing with grid ('.' none), or none. */
static void api_killer_givens(lua_State *L, const struct killer_draw *d, const uint8_t *grid,
                              uint8_t *givens)
{
    size_t len = 0;
    memset(givens, 0, (size_t)d->geo.ncells);
    lua_getfield(L, 1, "givens");
    if (lua_isnil(L, -1)) return lua_pop(L, 1);
    const char *text = lua_type(L, -1) == LUA_TSTRING ? lua_tolstring(L, -1, &len) : "";
    if (len != (size_t)d->geo.ncells) api_error(L, "killer_unique: givens must be N*N symbols");
    for (int c = 0; c < d->geo.ncells; c++) {
        int v = geometry_digit(text[c]);
        if (v != 0 && v != grid[c])
            api_error(L, "killer_unique: givens: position %d is not the grid's digit or '.'",
                      c + 1);
        givens[c] = (uint8_t)v;
    }
    lua_pop(L, 1);
}

/* sudolab.killer_unique{grid=, rules=, sizes=, min_cage=, max_cage=,
 * fewest=, most=, givens=, counts=, steps=, solutions=, nodes=, seed=}
 * -> puzzle, cages, steps taken, cage count, the nodes of the count that
 * proved it unique and whether the killer kernel made that count; or nil
 * and why. */
static int api_killer_unique(lua_State *L)
{
    static const char *const keys[] = {"grid",      "rules", "sizes",  "min_cage", "max_cage",
                                       "fewest",    "most",  "givens", "counts",   "steps",
                                       "solutions", "nodes", "seed",   NULL};
    if (!lua_istable(L, 1)) return api_arg_error(L, 1, "killer_unique", "table expected");
    api_check_keys(L, 1, "killer_unique", keys);
    struct killer_draw *d = lua_newuserdatauv(L, sizeof *d, 0);
    uint8_t grid[SL_MAX_CELLS], givens[SL_MAX_CELLS];
    api_killer_read(L, "killer_unique", d, grid);
    api_killer_givens(L, d, grid, givens);
    const char *rules = api_field_string(L, 1, "rules", "killer_unique"); /* kept on the stack */
    lua_Integer counts = api_field_integer(L, "counts", "killer_unique", 1, 1000000, 10);
    lua_Integer steps = api_field_integer(L, "steps", "killer_unique", 1, 100000000, 80);
    int limit = (int)api_field_integer(L, "solutions", "killer_unique", 2, 64, 2);
    uint64_t nodes = api_field_budget(L, "nodes", "killer_unique");
    uint8_t *others = lua_newuserdatauv(L, (size_t)limit * (size_t)d->geo.ncells, 0);
    struct rng rng;
    rng_seed(&rng, (uint64_t)api_field_integer(L, "seed", "killer_unique", 0, LUA_MAXINTEGER, 0));
    int drawn = killer_draw_partition(d, grid, &rng) == 0;
    struct api_killer_tally tally = {{0}, 0};
    for (lua_Integer step = 1, counted = 0; drawn && step <= steps; step++) {
        int found = killer_draw_swap(d, grid, givens, others) ? 2 : 0;
        if (found == 0) {
            found = api_killer_count(L, d, grid, rules, givens, limit, nodes, others, &tally);
            if (found != 1 && ++counted >= counts) break;
        }
        if (found == 1) {
            api_killer_push_puzzle(L, d, grid, rules, givens);
            api_killer_push_cages(L, d);
            lua_pushinteger(L, step), lua_pushinteger(L, d->count);
            lua_pushinteger(L, (lua_Integer)tally.stats.nodes);
            lua_pushboolean(L, tally.by_kernel);
            return 6;
        }
        if (found < 2 || !api_killer_mend(d, grid, others, found - 1, &rng))
            drawn = killer_draw_partition(d, grid, &rng) == 0;
    }
    lua_pushnil(L);
    if (!drawn)
        lua_pushfstring(L, "no partition into cages of %d to %d cells", d->low, d->high);
    else
        lua_pushfstring(L, "no unique partition in %d counts", (int)counts);
    return 2;
}

int lua_api_open(lua_State *L)
{
    static const luaL_Reg methods[] = {
        {"line", api_line},
        {"solo", api_solo},
        {"solve", api_solve},
        {"count", api_count},
        {"rate", api_rate},
        {"solutions", api_solutions},
        {"keeps_unique", api_keeps_unique},
        {"dig", api_dig},
        {"deduces", api_deduces},
        {"put", api_put},
        {"get", api_get},
        {"fill", api_fill},
        {"candidates", api_candidates},
        {"size", api_size},
        {"givens", api_givens},
        {"set", api_set},
        {"retotal", api_retotal},
        {"add_rule", api_add_rule},
        {"rules", api_rules_text},
        {"check", api_check},
        {"add_lua_rule", api_add_lua_rule},
        {"clues", api_clues},
        {NULL, NULL},
    };
    static const luaL_Reg functions[] = {
        {"read", api_read},
        {"rules", api_rules},
        {"cell", api_cell},
        {"relation", api_relation},
        {"cages_text", api_cages_text},
        {"parse_cages", api_parse_cages},
        {"suggest", api_suggest},
        {"technique_rating", api_technique_rating},
        {"killer_swap", api_killer_swap},
        {"shuffled", api_shuffled},
        {"calc_unique", api_calc_unique},
        {"calc_fill", api_calc_fill},
        {"calc_small", api_calc_small},
        {"calc_small_draws", api_calc_small_draws},
        {"calc_text", api_calc_text},
        {"calc_move", api_calc_move},
        {"calc_partition", api_calc_partition},
        {"killer_partition", api_killer_partition},
        {"killer_unique", api_killer_unique},
        {NULL, NULL},
    };
    lua_newtable(L);
    lua_puzzle_open(L);
    luaL_newmetatable(L, API_READING);
    lua_pushcfunction(L, api_reading_close);
    lua_setfield(L, -2, "__gc");
    lua_pushliteral(L, API_READING);
    lua_setfield(L, -2, "__metatable");
    lua_pop(L, 1);
    luaL_getmetatable(L, API_PUZZLE);
    lua_pushcfunction(L, api_line);
    lua_setfield(L, -2, "__tostring");
    lua_pop(L, 1);
    api_add_methods(L, methods);
    luaL_setfuncs(L, functions, 0);
    lua_killer_layout_open(L);
    api_push_grades(L);
    lua_setfield(L, -2, "grades");
    return 1;
}
