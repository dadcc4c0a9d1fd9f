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
    lua_Integer count = api_list_length(L, i, fname, "cells", ncells);
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

/* Groups of cells read once (sudolab.groups): a dig that runs again
 * and again over the same groups reads no Lua table a cell. */
#define API_GROUPS "sudolab.groups"
struct api_groups {
    int ngroups, top; /* top: the largest cell, checked against each puzzle */
    int start[SL_MAX_CELLS + 1], cells[SL_MAX_CELLS];
};

static int api_group_table(lua_State *L, int i, const char *fname, int ncells, int *cells,
                           int *start);

/* Reads the groups at index i (a list of lists of 0-based cells, or of
 * cells alone, or what sudolab.groups made of one) into cells and start
 * (group g is cells[start[g]] .. cells[start[g+1]-1]); returns their
 * count. */
static int api_group_list(lua_State *L, int i, const char *fname, int ncells, int *cells,
                          int *start)
{
    const struct api_groups *made = luaL_testudata(L, i, API_GROUPS);
    if (!made) return api_group_table(L, i, fname, ncells, cells, start);
    if (made->top >= ncells)
        return api_error(L, "%s: the groups hold cell %d; the grid has %d", fname, made->top,
                         ncells);
    memcpy(start, made->start, (size_t)(made->ngroups + 1) * sizeof *start);
    memcpy(cells, made->cells, (size_t)made->start[made->ngroups] * sizeof *cells);
    return made->ngroups;
}

/* sudolab.groups(groups) -> the groups (as p:dig takes them) read once,
 * for p:dig and p:dig_neighbour in their place. */
static int api_groups_new(lua_State *L)
{
    struct api_groups *made = lua_newuserdatauv(L, sizeof *made, 0);
    made->ngroups = api_group_table(L, 1, "groups", SL_MAX_CELLS, made->cells, made->start);
    made->top = -1;
    for (int k = 0; k < made->start[made->ngroups]; k++)
        if (made->cells[k] > made->top) made->top = made->cells[k];
    luaL_setmetatable(L, API_GROUPS);
    return 1;
}

static int api_group_table(lua_State *L, int i, const char *fname, int ncells, int *cells,
                           int *start)
{
    luaL_checktype(L, i, LUA_TTABLE);
    lua_Integer ngroups = api_list_length(L, i, fname, "groups", ncells);
    int total = 0;
    for (lua_Integer g = 1; g <= ngroups; g++) {
        int one[SL_MAX_CELLS], count = 1;
        if (lua_geti(L, i, g) == LUA_TNUMBER) { /* a cell alone: no table made per cell */
            int isnum = 0;
            lua_Integer c = lua_tointegerx(L, -1, &isnum);
            if (!isnum || c < 0 || c >= ncells)
                return api_error(L, "%s: group %d is not a cell number 0..%d", fname, (int)g,
                                 ncells - 1);
            one[0] = (int)c;
        } else
            count = api_cell_list(L, lua_gettop(L), fname, ncells, one);
        lua_pop(L, 1);
        if (total + count > ncells) return api_error(L, "%s: the groups hold a cell twice", fname);
        start[g - 1] = total;
        for (int k = 0; k < count; k++) cells[total++] = one[k];
    }
    start[ngroups] = total;
    return (int)ngroups;
}

/* 1 when solution solves the puzzle: its rules hold of it (known when
 * it is the one last checked, under the same rules) and it agrees with
 * the givens. */
static int api_solution_holds(struct api_puzzle *ap, const uint8_t *solution)
{
    size_t n = (size_t)ap->p.geo.ncells;
    if (ap->rules_kept && !ap->lua_rules && memcmp(solution, ap->kept_solution, n) == 0) {
        for (size_t c = 0; c < n; c++)
            if (ap->p.givens[c] && ap->p.givens[c] != solution[c]) return 0;
        return 1;
    }
    if (!puzzle_is_solution(&ap->p, solution)) return 0;
    memcpy(ap->kept_solution, solution, n);
    ap->rules_kept = 1;
    return 1;
}

/* The solution argument at i into solution, which must solve the
 * puzzle: a dig by search tests each removal against it, and a
 * solution that broke a rule or a given (p:dig(7, string.rep("1", 81)))
 * dug a puzzle of two solutions without a word; keeps_unique, asked of
 * such a one, answered true for a removal that left two. */
static void api_checked_solution(lua_State *L, struct api_puzzle *ap, int i, const char *fname,
                                 uint8_t *solution)
{
    api_solution_arg(L, ap, i, fname, solution);
    if (!api_solution_holds(ap, solution))
        api_error(L,
                  "%s: the solution does not solve the puzzle: it breaks a rule or a given "
                  "(rules made from another grid?)",
                  fname);
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
    api_checked_solution(L, ap, 3, "keeps_unique", solution);
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
    int nkeys = api_rule_keys(luaL_checknumber(L, 4), keys, DIG_DEDUCE_MAX_KEYS);
    struct api_search run;
    api_search_begin(L, ap, "dig", &run);
    struct dig_steps steps = api_deduce_steps(ap);
    /* The proof needs a solution of the rules that extends the givens:
     * p:dig checked it (api_checked_solution) before either dig. */
    int removed = dig_groups_deduced(ap->rules, ap->p.givens, solution, cells, start, ngroups, keys,
                                     nkeys, &steps);
    api_deduce_end(L, ap, "dig", &run, &steps, removed);
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

/* A dig by search (singles: by singles alone), remembering when asked
 * (a Lua rule may not be pure: what one dig met need not hold for the
 * next, so then it does not): pushes what p:dig returns. */
static int api_dig_search(lua_State *L, struct api_puzzle *ap, const char *fname, uint8_t *solution,
                          const int *cells, const int *start, int ngroups, int singles,
                          int remember)
{
    remember = remember && !singles && !ap->lua_rules;
    struct dig_memory *memory = remember ? api_dig_memory(L, ap, fname) : NULL;
    struct api_search run;
    uint8_t undecided[SL_MAX_CELLS] = {0};
    api_search_begin(L, ap, fname, &run);
    int removed = singles ? dig_groups_singles(ap->solver, ap->rules, ap->p.givens, solution, cells,
                                               start, ngroups)
                          : dig_groups_remembering(ap->solver, ap->rules, ap->p.givens, solution,
                                                   cells, start, ngroups, undecided, memory);
    api_search_end(L, ap, fname, &run, 0);
    if (removed < 0) return api_error(L, "%s: out of memory", fname);
    lua_pushinteger(L, removed);
    return 1 + api_push_undecided(L, undecided, cells, start, ngroups);
}

/* p:dig past reading its groups (a third argument says how to judge, a
 * fourth whether to remember). */
static int api_dig_groups(lua_State *L, struct api_puzzle *ap, uint8_t *solution, int *cells,
                          int *start, int ngroups)
{
    int singles = lua_type(L, 4) == LUA_TSTRING;
    size_t len = 0;
    const char *how = singles ? lua_tolstring(L, 4, &len) : NULL;
    /* the whole string, not up to a NUL: "singles\0x" was taken */
    if (singles && (len != 7 || memcmp(how, "singles", 7) != 0))
        return api_error(L, "dig: the third argument is a rating or \"singles\"");
    if (!singles && !lua_isnoneornil(L, 4))
        return api_dig_deduced(L, ap, solution, cells, start, ngroups);
    return api_dig_search(L, ap, "dig", solution, cells, start, ngroups, singles,
                          lua_toboolean(L, 5));
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
        api_checked_solution(L, ap, 3, "dig", solution);
        for (int c = 0; c < ncells; c++) cells[c] = start[c] = c;
        start[ncells] = ncells;
        rng_shuffle_ints(&rng, cells, ncells);
        return api_dig_groups(L, ap, solution, cells, start, ncells);
    }
    api_checked_solution(L, ap, 3, "dig", solution);
    int ngroups = api_group_list(L, 2, "dig", ncells, cells, start);
    return api_dig_groups(L, ap, solution, cells, start, ngroups);
}

/* p:dig_neighbour(groups, solution, back, seed) -> removed: one try of
 * a climb among the minimal puzzles of one grid (scripts/dig.lua). The
 * groups (as p:dig takes them) whose first cell is open are shuffled, and
 * the first of them get their solution's digits back, two groups at
 * least and until `back` cells are back; then the groups that hold
 * givens, shuffled, and those put back, in that order, are dug as p:dig
 * digs with remember true. The draws come from seed (sudolab.shuffled's
 * generator): the Lua loop this replaces cost a try more than its dig. */
static int api_dig_neighbour(lua_State *L)
{
    struct api_puzzle *ap = api_check_idle(L, 1, "dig_neighbour");
    int ncells = ap->p.geo.ncells, cells[SL_MAX_CELLS], start[SL_MAX_CELLS + 1];
    uint8_t solution[SL_MAX_CELLS];
    api_checked_solution(L, ap, 3, "dig_neighbour", solution);
    int ngroups = api_group_list(L, 2, "dig_neighbour", ncells, cells, start);
    int back = (int)api_integer(L, 4, "dig_neighbour", 0, ncells);
    struct rng rng;
    rng_seed(&rng, (uint64_t)api_integer(L, 5, "dig_neighbour", 0, LUA_MAXINTEGER));
    int open[SL_MAX_CELLS], held[SL_MAX_CELLS], nopen = 0, nheld = 0;
    for (int g = 0; g < ngroups; g++) {
        if (start[g] == start[g + 1]) continue;
        if (ap->p.givens[cells[start[g]]])
            held[nheld++] = g;
        else
            open[nopen++] = g;
    }
    rng_shuffle_ints(&rng, open, nopen);
    rng_shuffle_ints(&rng, held, nheld);
    int put = 0;
    for (int cells_back = 0; put < nopen && (put < 2 || cells_back < back); put++) {
        int g = open[put];
        for (int i = start[g]; i < start[g + 1]; i++) ap->p.givens[cells[i]] = solution[cells[i]];
        cells_back += start[g + 1] - start[g];
        held[nheld++] = g;
    }
    int order[SL_MAX_CELLS], order_start[SL_MAX_CELLS + 1], total = 0;
    for (int k = 0; k < nheld; k++) {
        int g = held[k];
        order_start[k] = total;
        for (int i = start[g]; i < start[g + 1]; i++) order[total++] = cells[i];
    }
    order_start[nheld] = total;
    return api_dig_search(L, ap, "dig_neighbour", solution, order, order_start, nheld, 0, 1);
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
        {"groups", api_groups_new},
        {NULL, NULL},
    };
    static const luaL_Reg methods[] = {
        {"keeps_unique", api_keeps_unique}, {"dig", api_dig}, {"dig_neighbour", api_dig_neighbour},
        {"deduces", api_deduces},           {NULL, NULL},
    };
    /* The nodes each of p:dig's checks may take: a caller asking its
     * undecided groups again knows which budgets would ask more. */
    luaL_newmetatable(L, API_GROUPS);
    lua_pushstring(L, API_GROUPS);
    lua_setfield(L, -2, "__metatable");
    lua_pop(L, 1);
    lua_pushinteger(L, DIG_NODE_LIMIT);
    lua_setfield(L, -2, "dig_nodes");
    luaL_setfuncs(L, functions, 0);
    api_add_methods(L, methods);
}
