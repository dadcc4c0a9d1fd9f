/*
 * lua_puzzle_dig.c — digging a puzzle's givens (dig.h): p:dig(groups,
 * solution [, up_to]), p:keeps_unique(cells, solution), p:deduces(up_to),
 * sudolab.shuffled(n, seed), a dig's random order of cells, and
 * sudolab.dig_nodes, the nodes each of p:dig's checks may take.
 */
#include "lua_api_internal.h"

#include <string.h>

#include "dig.h"
#include "search.h"
#include "technique.h"

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

/* Pushes the groups flagged in undecided, each a list of its cells, or
 * nothing when none is: returns the values pushed. */
static int api_push_undecided(lua_State *L, const uint8_t *undecided, const int *cells,
                              const int *start, int ngroups)
{
    int n = 0;
    for (int g = 0; g < ngroups; g++) {
        if (!undecided[g]) continue;
        if (n == 0) lua_newtable(L);
        lua_createtable(L, start[g + 1] - start[g], 0);
        for (int i = start[g]; i < start[g + 1]; i++) {
            lua_pushinteger(L, cells[i]);
            lua_rawseti(L, -2, i - start[g] + 1);
        }
        lua_rawseti(L, -2, ++n);
    }
    return n > 0;
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
    /* A Lua rule may not be pure: what one dig met need not hold for the next. */
    int remember = !singles && lua_toboolean(L, 5) && !ap->lua_rules;
    struct dig_memory *memory = remember ? api_dig_memory(L, ap, "dig") : NULL;
    struct api_search run;
    uint8_t undecided[SL_MAX_CELLS] = {0};
    api_search_begin(L, ap, "dig", &run);
    int removed = singles ? dig_groups_singles(ap->solver, ap->rules, ap->p.givens, solution, cells,
                                               start, ngroups)
                          : dig_groups_remembering(ap->solver, ap->rules, ap->p.givens, solution,
                                                   cells, start, ngroups, undecided, memory);
    api_search_end(L, ap, "dig", &run, 0);
    if (removed < 0) return api_error(L, "dig: out of memory");
    lua_pushinteger(L, removed);
    return 1 + api_push_undecided(L, undecided, cells, start, ngroups);
}

/* p:dig(groups, solution [, up_to [, remember]]) -> removed [, undecided]: tries each group of
 * cells (a list of lists of 0-based cells, or of cells alone; or a seed: every cell alone in the
 * order sudolab.shuffled draws from it) in order and removes its givens when the puzzle stays
 * unique without them; the whole loop runs in C. With up_to, a removal stays when the rules' own
 * techniques rated up to it still fill the grid; with "singles", when
 * singles and the rules' propagation still do (dig.h). undecided, when
 * some are, lists the groups (each a list of cells) kept only because a
 * search gave up (dig.h's DIG_NODE_LIMIT), for a longer look. With
 * remember true (up_to nil), the dig keeps what it learns of the grid
 * for the next such dig of the same solution (dig.h's dig_memory): the
 * givens removed are the same, found with fewer searches when the digs
 * ask alike, as a climb's neighbouring puzzles do (scripts/dig.lua). */
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

void lua_puzzle_dig_open(lua_State *L)
{
    static const luaL_Reg functions[] = {
        {"shuffled", api_shuffled},
        {NULL, NULL},
    };
    static const luaL_Reg methods[] = {
        {"keeps_unique", api_keeps_unique},
        {"dig", api_dig},
        {"deduces", api_deduces},
        {NULL, NULL},
    };
    /* The nodes each of p:dig's checks may take: a caller asking its
     * undecided groups again knows which budgets would ask more. */
    lua_pushinteger(L, DIG_NODE_LIMIT);
    lua_setfield(L, -2, "dig_nodes");
    luaL_setfuncs(L, functions, 0);
    api_add_methods(L, methods);
}
