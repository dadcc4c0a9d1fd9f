/*
 * lua_puzzle.c — the puzzle userdata of the sudolab module, and
 * sudolab.puzzle{...} that makes one (lua_api_internal.h). A puzzle is a
 * full userdata holding a struct puzzle and, once it is solved, the
 * ruleset and solver for its rules (rebuilt when the rules change). Their
 * memory is charged to the host's cap and a search's nodes to its budget
 * (lua_host.h). A puzzle being searched is busy: a Lua rule's check may
 * not change it or search it again, which would free the solver under
 * the search. Its methods are added by the other files' openers.
 */
#include "lua_api_internal.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dig.h"
#include "lua_host.h"
#include "lua_rule.h"
#include "rate.h"
#include "rules.h"
#include "search.h"

void api_release(lua_State *L, struct api_puzzle *ap)
{
    rater_free(ap->rater);
    ap->rater = NULL;
    solver_free(ap->solver);
    ruleset_free(ap->rules);
    ap->solver = NULL;
    ap->rules = NULL;
    lua_host_charge_memory(L, -(long long)ap->charged);
    ap->charged = 0;
    ap->rater_charged = 0;
    ap->rater_retotaled = 0;
    ap->unique_known = 0;
    ap->rules_kept = 0;
    free(ap->dig_memory); /* its sets hold for the rules it was made under */
    ap->dig_memory = NULL;
}

int api_unique_known(const struct api_puzzle *ap, uint8_t *solution)
{
    if (!ap->unique_known || ap->lua_rules) return 0;
    for (int c = 0; c < ap->p.geo.ncells; c++) {
        uint8_t g = ap->p.givens[c];
        if (g ? g != ap->unique_solution[c] : ap->unique_givens[c] != 0) return 0;
    }
    memcpy(solution, ap->unique_solution, (size_t)ap->p.geo.ncells);
    return 1;
}

static int api_gc(lua_State *L)
{
    struct api_puzzle *ap = luaL_checkudata(L, 1, API_PUZZLE);
    api_release(L, ap);
    puzzle_clear(&ap->p);
    ap->dead = 1;
    return 0;
}

struct api_puzzle *api_push_puzzle(lua_State *L, const struct geometry *g)
{
    size_t n = (size_t)g->ncells;
    struct api_puzzle *ap = lua_newuserdatauv(L, sizeof *ap + 3 * n, 1);
    memset(ap, 0, sizeof *ap);
    ap->unique_givens = ap->unique_cells;
    ap->unique_solution = ap->unique_cells + n;
    ap->kept_solution = ap->unique_cells + 2 * n;
    puzzle_init(&ap->p, g);
    luaL_setmetatable(L, API_PUZZLE);
    return ap;
}

void api_raise_rule_error(lua_State *L, struct api_puzzle *ap, const char *fname)
{
    if (!ap->lua_error || ap->lua_error[0] == '\0') return;
    char whole[2 * LUA_RULE_ERROR_MAX], msg[LUA_RULE_ERROR_MAX];
    snprintf(whole, sizeof whole, "%s: " LUA_RULE_NESTED "%s", fname, ap->lua_error);
    ap->lua_error[0] = '\0';
    lua_rule_error_fit(msg, sizeof msg, whole);
    api_error(L, "%s", msg);
}

/* What a ruleset and a solver for rs take, near enough to charge the cap
 * (search.c and rules.c allocate them): the solver's stack of states
 * dominates; with rules' offers, a count's look-ahead may add two banks
 * of states (lookahead.c). */
static size_t api_solver_bytes(const struct ruleset *rs)
{
    size_t ncells = (size_t)rs->geo.ncells, size = (size_t)rs->geo.size;
    size_t levels = ncells * (rs->branching ? size : 1) + 2;
    size_t look = rs->branching ? 2 * SL_MAX_ALTERNATIVES * rs->state_bytes : 0;
    return levels * (rs->state_bytes + 64) + 2 * rs->state_bytes + rs->scratch_bytes + ncells * 8 +
           look;
}

/* What ruleset rs takes, near enough to charge the cap (as
 * api_solver_bytes). */
static size_t api_ruleset_bytes(const struct ruleset *rs)
{
    size_t ncells = (size_t)rs->geo.ncells, size = (size_t)rs->geo.size;
    return sizeof *rs + ncells * (4 * size + 8 * (size_t)rs->unit_words + 32) +
           (size_t)rs->nunits * (4 + 2 * size) + (size_t)rs->ngroups * 16 + rs->scratch_bytes;
}

/* Charges bytes to the cap for ap, or raises. */
static void api_charge(lua_State *L, struct api_puzzle *ap, size_t bytes, const char *fname)
{
    if (lua_host_charge_memory(L, (long long)bytes)) {
        api_release(L, ap);
        api_error(L, "%s: not enough memory for the solver (%zu KiB more would pass the cap%s)",
                  fname, bytes >> 10, lua_host_see(L, LUA_LIMIT_MEMORY));
    }
    ap->charged += bytes;
}

void api_charge_rater(lua_State *L, struct api_puzzle *ap, const char *fname)
{
    api_charge(L, ap, api_solver_bytes(ap->rules) + (size_t)ap->p.geo.ncells * 256, fname);
    ap->rater_charged = 1;
}

void api_prepare(lua_State *L, struct api_puzzle *ap, const char *fname)
{
    struct sl_error err = {0};
    int cell;
    if (ap->lua_error) ap->lua_error[0] = '\0';
    if (ap->rules == NULL || ap->solver == NULL) {
        if (ap->rules == NULL && (ap->rules = ruleset_build(&ap->p, &err)) != NULL)
            api_charge(L, ap, api_ruleset_bytes(ap->rules), fname);
        if (ap->rules) {
            api_charge(L, ap, api_solver_bytes(ap->rules), fname);
            ap->solver = solver_new(ap->rules);
        }
        if (ap->solver == NULL) {
            api_release(L, ap);
            api_error(L, "%s: %s", fname, err.msg[0] ? err.msg : "out of memory");
        }
    }
    if (ruleset_check_givens(ap->rules, ap->p.givens, &cell, &err))
        api_error(L, "%s: %s", fname, err.msg);
}

struct dig_memory *api_dig_memory(lua_State *L, struct api_puzzle *ap, const char *fname)
{
    if (ap->dig_memory) return ap->dig_memory;
    api_charge(L, ap, sizeof *ap->dig_memory, fname);
    ap->dig_memory = malloc(sizeof *ap->dig_memory);
    if (!ap->dig_memory) api_error(L, "%s: out of memory", fname);
    dig_memory_forget(ap->dig_memory);
    return ap->dig_memory;
}

/* The nodes the instruction budget still pays for: raises when not one. */
static unsigned long long api_allowance(lua_State *L, const struct api_puzzle *ap,
                                        const char *fname)
{
    return api_nodes_within(L, fname, api_node_cost(ap->p.geo.ncells), UINT64_MAX);
}

int api_search_settled(lua_State *L, struct api_puzzle *ap, const char *fname, uint8_t *grid)
{
    api_idle(L, ap, fname);
    if (puzzle_settle(&ap->p, grid) != 1) return 0;
    api_allowance(L, ap, fname);
    lua_host_charge_instructions(L, api_node_cost(ap->p.geo.ncells));
    return 1;
}

uint64_t api_search_kernel(lua_State *L, struct api_puzzle *ap, const char *fname, long limit,
                           uint64_t nodes, struct search_result *r, uint8_t *found)
{
    api_idle(L, ap, fname);
    unsigned long long allowance = api_allowance(L, ap, fname);
    uint64_t used = 0;
    if (!puzzle_list_quick(&ap->p, limit, nodes < allowance ? nodes : allowance, r, &used, found))
        r->gave_up = 1;
    lua_host_charge_instructions(L, (long long)used * api_node_cost(ap->p.geo.ncells));
    return used;
}

void api_search_begin_within(lua_State *L, struct api_puzzle *ap, const char *fname,
                             struct api_search *run, unsigned long long asked)
{
    api_idle(L, ap, fname);
    api_prepare(L, ap, fname);
    memset(run, 0, sizeof *run);
    run->asked = asked;
    run->node_cost = api_node_cost(ap->p.geo.ncells);
    run->allowance = api_allowance(L, ap, fname);
    unsigned long long limit = run->allowance < asked ? run->allowance : asked;
    solver_set_node_limit(ap->solver, limit < API_NODE_LIMIT ? limit : API_NODE_LIMIT);
    ap->busy = 1;
    run->caller = lua_host_set_caller(L, L);
}

void api_search_begin(lua_State *L, struct api_puzzle *ap, const char *fname,
                      struct api_search *run)
{
    api_search_begin_within(L, ap, fname, run, API_NODE_LIMIT);
}

int api_search_end(lua_State *L, struct api_puzzle *ap, const char *fname, struct api_search *run,
                   int gave_up)
{
    ap->busy = 0;
    lua_host_set_caller(L, run->caller);
    unsigned long long nodes = run->stats.nodes;
    lua_host_charge_instructions(L, nodes < (unsigned long long)(LLONG_MAX / run->node_cost)
                                        ? (long long)nodes * run->node_cost
                                        : LLONG_MAX);
    api_raise_rule_error(L, ap, fname);
    if (gave_up && run->allowance < run->asked && run->allowance < API_NODE_LIMIT)
        api_budget_exhausted(L, fname, "the search", run->allowance);
    return gave_up && run->asked < API_NODE_LIMIT;
}

void api_add_rules_text(lua_State *L, struct api_puzzle *ap, const char *text, const char *fname)
{
    struct sl_error err = {0};
    int rc = puzzle_add_rules_text(&ap->p, text, &err);
    api_release(L, ap);
    if (rc) api_error(L, "%s: rules, column %ld: %s", fname, err.col, err.msg);
}

void api_set_givens(lua_State *L, struct api_puzzle *ap, const char *text, size_t len,
                    const char *fname)
{
    const struct geometry *g = &ap->p.geo;
    if (len != (size_t)g->ncells)
        api_error(L, "%s: givens need %d symbols, not %d", fname, g->ncells, (int)len);
    for (int c = 0; c < g->ncells; c++) {
        int d = geometry_digit(text[c]);
        if (d < 0 || d > g->size)
            api_error(L, "%s: givens: '%c' at position %d is not a digit 1..%d or '.'", fname,
                      text[c], c + 1, g->size);
        ap->p.givens[c] = (uint8_t)d;
    }
}

void api_retotal_rules(lua_State *L, struct api_puzzle *ap, const uint8_t *grid)
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

static void api_geometry(lua_State *L, int spec, struct geometry *g)
{
    struct sl_error err = {0};
    lua_getfield(L, spec, "size");
    lua_Integer n = lua_isnil(L, -1) ? 9 : api_field_check(L, "puzzle", "size", 1, SL_MAX_SIZE);
    lua_pop(L, 1);
    int rc;
    if (lua_getfield(L, spec, "boxes") == LUA_TNIL) {
        rc = geometry_init_default(g, (int)n, &err);
    } else {
        const char *boxes = api_field_text(L, "puzzle", "boxes", NULL);
        int rows = 0, cols = 0;
        if (strcmp(boxes, "none") != 0 && geometry_parse_boxes(boxes, &rows, &cols))
            api_error(L, "puzzle: boxes must be \"RxC\" (each 1..%d) or \"none\", not \"%.40s\"",
                      SL_MAX_SIZE, boxes);
        rc = geometry_init(g, (int)n, rows, cols, &err);
    }
    lua_pop(L, 1);
    if (rc) api_error(L, "puzzle: %s", err.msg);
}

/* sudolab.puzzle{size=9, boxes="3x3", rules="classic;...", givens="..."} */
static int api_puzzle_new(lua_State *L)
{
    struct geometry g;
    static const char *const keys[] = {"size", "boxes", "rules", "givens", NULL};
    if (!lua_istable(L, 1)) return api_arg_error(L, 1, "puzzle", "table expected");
    api_check_keys(L, 1, "puzzle", keys);
    api_geometry(L, 1, &g);
    struct api_puzzle *ap = api_push_puzzle(L, &g);
    if (lua_getfield(L, 1, "rules") == LUA_TNIL)
        api_add_rules_text(L, ap, "classic", "puzzle");
    else
        api_add_rules_text(L, ap, api_field_text(L, "puzzle", "rules", NULL), "puzzle");
    lua_pop(L, 1);
    if (lua_getfield(L, 1, "givens") != LUA_TNIL) {
        size_t len;
        const char *givens = api_field_text(L, "puzzle", "givens", &len);
        api_set_givens(L, ap, givens, len, "puzzle");
    }
    lua_pop(L, 1);
    return 1;
}

void api_add_methods(lua_State *L, const luaL_Reg *methods)
{
    luaL_getmetatable(L, API_PUZZLE);
    lua_getfield(L, -1, "__index");
    luaL_setfuncs(L, methods, 0);
    lua_pop(L, 2);
}

void api_new_metatable(lua_State *L, const char *name, lua_CFunction gc)
{
    luaL_newmetatable(L, name);
    lua_pushcfunction(L, gc);
    lua_setfield(L, -2, "__gc");
    lua_pushstring(L, name);
    lua_setfield(L, -2, "__metatable");
}

void lua_puzzle_open(lua_State *L)
{
    static const luaL_Reg functions[] = {
        {"puzzle", api_puzzle_new},
        {NULL, NULL},
    };
    api_new_metatable(L, API_PUZZLE, api_gc);
    /* The methods the other openers add (22), room made for them all at
     * once: a table grown one rehash at a time costs every host more. */
    lua_createtable(L, 0, 22);
    lua_setfield(L, -2, "__index");
    lua_pop(L, 1);
    luaL_setfuncs(L, functions, 0);
}
