/*
 * lua_puzzle_search.c — the puzzle methods that search its solutions:
 * p:solve(), p:count(), p:solutions(), p:fill(seed), p:candidates() and
 * p:check(grid), each charged to the host's budget (lua_puzzle.c's
 * api_search_begin and api_search_end).
 */
#include "lua_api_internal.h"

#include "dig.h"
#include "lua_host.h"
#include "propagate.h"
#include "search.h"

/* An optional search budget at arg (max_nodes), else the API's own. */
static uint64_t api_node_budget(lua_State *L, int arg, const char *fname)
{
    if (lua_isnoneornil(L, arg)) return API_NODE_LIMIT;
    return (uint64_t)api_integer(L, arg, fname, 1, (lua_Integer)API_NODE_LIMIT);
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

/* Pushes grid when the search found it (one solution), else nil and
 * "no solution" or "gave up": the answer of p:solve() and p:fill(). */
static int api_push_found(lua_State *L, const struct api_puzzle *ap, struct search_result r,
                          const uint8_t *grid)
{
    if (r.solutions != 1) {
        luaL_pushfail(L);
        lua_pushstring(L, r.gave_up ? "gave up" : "no solution");
        return 2;
    }
    api_push_grid(L, &ap->p.geo, grid);
    return 1;
}

/* p:solve() -> the first solution found, or nil and "no solution" or
 * "gave up". */
static int api_solve(lua_State *L)
{
    struct api_puzzle *ap = api_check_puzzle(L, 1, "solve");
    uint8_t grid[SL_MAX_CELLS];
    struct search_result r = {1, 0};
    if (api_search_settled(L, ap, "solve", grid)) {
        api_note_counted(ap, 2, &r, grid);
    } else {
        struct api_search run;
        api_search_begin(L, ap, "solve", &run);
        r = solver_count(ap->solver, ap->p.givens, 1, grid, &run.stats);
        api_search_end(L, ap, "solve", &run, r.gave_up);
    }
    return api_push_found(L, ap, r, grid);
}

/* p:count([limit=2]) -> the number of solutions, at most limit. The
 * rules' own kernel (a killer's) tries first, before any ruleset is built:
 * most killers a generator counts end there. A kernel count of 0 goes on
 * to the general path, which names conflicting givens. */
static int api_count(lua_State *L)
{
    struct api_puzzle *ap = api_check_puzzle(L, 1, "count");
    lua_Integer limit = lua_isnoneornil(L, 2) ? 2 : api_integer(L, 2, "count", 1, 1000000000);
    uint64_t nodes = api_node_budget(L, 3, "count");
    uint8_t listed[LUA_COUNT_LISTED * SL_MAX_CELLS]; /* the kernel's, or the first */
    uint8_t *found = limit <= LUA_COUNT_LISTED ? listed : NULL;
    struct search_result r;
    uint64_t used = api_search_kernel(L, ap, "count", (long)limit, nodes, &r, found);
    if (used && !r.gave_up && r.solutions > 0) {
        api_note_counted(ap, (long)limit, &r, found);
        lua_pushinteger(L, r.solutions);
        return 1;
    }
    if (used >= nodes) return luaL_pushfail(L), lua_pushliteral(L, "gave up"), 2;
    struct api_search run;
    api_search_begin_within(L, ap, "count", &run, nodes - used);
    r = solver_count(ap->solver, ap->p.givens, (long)limit, found, &run.stats);
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
    return api_push_found(L, ap, r, grid);
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

void lua_puzzle_search_open(lua_State *L)
{
    static const luaL_Reg methods[] = {
        {"solve", api_solve}, {"count", api_count},           {"solutions", api_solutions},
        {"fill", api_fill},   {"candidates", api_candidates}, {"check", api_check},
        {NULL, NULL},
    };
    api_add_methods(L, methods);
}
