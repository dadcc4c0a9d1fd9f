/*
 * lua_api.c — see lua_api.h. A puzzle is a full userdata holding a struct
 * puzzle and, once it is solved, the ruleset and solver for its rules
 * (rebuilt when the rules change).
 */
#include "lua_api.h"

#include <lauxlib.h>
#include <lua.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "format.h"
#include "format_variant.h"
#include "lua_rule.h"
#include "propagate.h"
#include "registry.h"
#include "dig.h"
#include "rate.h"
#include "rules.h"
#include "search.h"
#include "suggest.h"

#define API_PUZZLE "sudolab.puzzle"
#define API_NODE_LIMIT 50000000ULL

struct api_puzzle {
    struct puzzle p;
    struct ruleset *rules; /* NULL until needed, or after a rule change */
    struct solver *solver;
    struct rater *rater;                /* NULL until p:rate(), or after a rule change */
    char lua_error[LUA_RULE_ERROR_MAX]; /* a Lua rule's error in the last search */
};

/* --- errors that name the script's line ---------------------------------- */

/* luaL_where(L, 1) is the script line that called the API function. */
static int api_error(lua_State *L, const char *fmt, ...)
{
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    luaL_where(L, 1);
    lua_pushstring(L, msg);
    lua_concat(L, 2);
    return lua_error(L);
}

static int api_arg_error(lua_State *L, int arg, const char *fname, const char *what)
{
    return api_error(L, "bad argument #%d to '%s' (%s)", arg, fname, what);
}

static const char *api_string(lua_State *L, int arg, const char *fname, size_t *len)
{
    if (lua_type(L, arg) != LUA_TSTRING) api_arg_error(L, arg, fname, "string expected");
    return lua_tolstring(L, arg, len);
}

static lua_Integer api_integer(lua_State *L, int arg, const char *fname, lua_Integer lo,
                               lua_Integer hi)
{
    int ok = 0;
    lua_Integer v = lua_tointegerx(L, arg, &ok);
    if (!ok || v < lo || v > hi) {
        char what[96];
        snprintf(what, sizeof what, "integer %lld..%lld expected", (long long)lo, (long long)hi);
        api_arg_error(L, arg, fname, what);
    }
    return v;
}

/* Every key of the option table at arg is one of known (NULL-ended),
 * else an error naming the first that is not, with a guess. */
static void api_check_keys(lua_State *L, int arg, const char *fname, const char *const *known)
{
    lua_pushnil(L);
    while (lua_next(L, arg)) {
        lua_pop(L, 1);
        const char *key = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : NULL;
        int ok = 0;
        for (int i = 0; key && known[i] && !ok; i++) ok = strcmp(key, known[i]) == 0;
        if (ok) continue;
        char msg[512];
        if (key)
            suggest_unknown("key", key, known, msg, sizeof msg);
        else
            snprintf(msg, sizeof msg, "a %s key where a name belongs", luaL_typename(L, -1));
        api_error(L, "%s: %s", fname, msg);
    }
}

/* An optional search budget at arg (max_nodes), else the API's own. */
static uint64_t api_node_budget(lua_State *L, int arg, const char *fname)
{
    if (lua_isnoneornil(L, arg)) return API_NODE_LIMIT;
    return (uint64_t)api_integer(L, arg, fname, 1, (lua_Integer)API_NODE_LIMIT);
}

static struct api_puzzle *api_check_puzzle(lua_State *L, int arg, const char *fname)
{
    struct api_puzzle *ap = luaL_testudata(L, arg, API_PUZZLE);
    if (ap == NULL) api_arg_error(L, arg, fname, "puzzle expected");
    return ap;
}

/* --- puzzles -------------------------------------------------------------- */

static void api_release(struct api_puzzle *ap)
{
    rater_free(ap->rater);
    ap->rater = NULL;
    solver_free(ap->solver);
    ruleset_free(ap->rules);
    ap->solver = NULL;
    ap->rules = NULL;
}

static int api_gc(lua_State *L)
{
    struct api_puzzle *ap = luaL_checkudata(L, 1, API_PUZZLE);
    api_release(ap);
    puzzle_clear(&ap->p);
    return 0;
}

/* A new empty puzzle userdata on the stack, owning nothing yet. */
static struct api_puzzle *api_push_puzzle(lua_State *L, const struct geometry *g)
{
    struct api_puzzle *ap = lua_newuserdatauv(L, sizeof *ap, 0);
    memset(ap, 0, sizeof *ap);
    puzzle_init(&ap->p, g);
    luaL_setmetatable(L, API_PUZZLE);
    return ap;
}

/* After a search: a Lua rule's error becomes the script's error. */
static void api_raise_rule_error(lua_State *L, struct api_puzzle *ap, const char *fname)
{
    if (ap->lua_error[0] == '\0') return;
    char msg[LUA_RULE_ERROR_MAX];
    snprintf(msg, sizeof msg, "%s", ap->lua_error);
    ap->lua_error[0] = '\0';
    api_error(L, "%s: a Lua rule failed: %s", fname, msg);
}

/* The ruleset and solver of the puzzle's current rules, checking givens. */
static void api_prepare(lua_State *L, struct api_puzzle *ap, const char *fname)
{
    struct sl_error err = {0};
    int cell;
    ap->lua_error[0] = '\0';
    if (ap->rules == NULL) {
        ap->rules = ruleset_build(&ap->p, &err);
        ap->solver = ap->rules ? solver_new(ap->rules) : NULL;
        if (ap->solver == NULL) {
            api_release(ap);
            api_error(L, "%s: %s", fname, err.msg[0] ? err.msg : "out of memory");
        }
        solver_set_node_limit(ap->solver, API_NODE_LIMIT);
    }
    if (ruleset_check_givens(ap->rules, ap->p.givens, &cell, &err))
        api_error(L, "%s: %s", fname, err.msg);
}

static void api_push_grid(lua_State *L, const struct geometry *g, const uint8_t *cells)
{
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    for (int c = 0; c < g->ncells; c++) luaL_addchar(&b, geometry_symbol(cells[c]));
    luaL_pushresult(&b);
}

/* Adds rules from a rules text "name[:args];..." (the sudolab line's). */
static void api_add_rules_text(lua_State *L, struct api_puzzle *ap, const char *text,
                               const char *fname)
{
    struct sl_error err = {0};
    int rc = puzzle_add_rules_text(&ap->p, text, &err);
    api_release(ap);
    if (rc) api_error(L, "%s: rules, column %ld: %s", fname, err.col, err.msg);
}

static void api_set_givens(lua_State *L, struct api_puzzle *ap, const char *text, size_t len,
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

static void api_geometry(lua_State *L, int spec, struct geometry *g)
{
    struct sl_error err = {0};
    lua_getfield(L, spec, "size");
    lua_Integer n = lua_isnil(L, -1) ? 9 : api_integer(L, -1, "puzzle", 1, SL_MAX_SIZE);
    lua_pop(L, 1);
    int rc;
    if (lua_getfield(L, spec, "boxes") == LUA_TNIL) {
        rc = geometry_init_default(g, (int)n, &err);
    } else {
        const char *boxes = api_string(L, -1, "puzzle", NULL);
        int rows = 0, cols = 0, used = 0;
        if (strcmp(boxes, "none") != 0 &&
            (sscanf(boxes, "%dx%d%n", &rows, &cols, &used) != 2 || boxes[used] != '\0'))
            api_error(L, "puzzle: boxes must be \"RxC\" or \"none\", not \"%s\"", boxes);
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
        api_add_rules_text(L, ap, api_string(L, -1, "puzzle", NULL), "puzzle");
    lua_pop(L, 1);
    if (lua_getfield(L, 1, "givens") != LUA_TNIL) {
        size_t len;
        const char *givens = api_string(L, -1, "puzzle", &len);
        api_set_givens(L, ap, givens, len, "puzzle");
    }
    lua_pop(L, 1);
    return 1;
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
    FILE *in = fmemopen((void *)text, len ? len : 1, "r");
    struct puzzle_reader *r = in ? reader_open(in, &opt) : NULL;
    struct puzzle_source *where = malloc(sizeof *where);
    if (r == NULL || where == NULL) {
        reader_close(r);
        if (in) fclose(in);
        free(where);
        return api_error(L, "read: out of memory");
    }
    lua_newtable(L);
    struct sl_error err = {0};
    int got, count = 0;
    struct puzzle p;
    while ((got = (len ? reader_next(r, &p, where, &err) : 0)) != 0) {
        if (got < 0) break;
        struct api_puzzle *ap = api_push_puzzle(L, &p.geo);
        ap->p = p;
        lua_rawseti(L, -2, ++count);
    }
    reader_close(r);
    fclose(in);
    free(where);
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

/* --- methods ---------------------------------------------------------- */

static int api_line(lua_State *L)
{
    struct api_puzzle *ap = api_check_puzzle(L, 1, "line");
    int len = format_sudolab_line(&ap->p, NULL, 0);
    char *text = malloc((size_t)len + 1);
    if (text == NULL) return api_error(L, "line: out of memory");
    format_sudolab_line(&ap->p, text, (size_t)len + 1);
    lua_pushstring(L, text);
    free(text);
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
    api_prepare(L, ap, "solve");
    struct search_result r = solver_count(ap->solver, ap->p.givens, 1, grid, NULL);
    api_raise_rule_error(L, ap, "solve");
    if (r.solutions == 0) {
        luaL_pushfail(L);
        lua_pushstring(L, r.gave_up ? "gave up" : "no solution");
        return 2;
    }
    api_push_grid(L, &ap->p.geo, grid);
    return 1;
}

/* p:count([limit=2]) -> the number of solutions, at most limit. */
static int api_count(lua_State *L)
{
    struct api_puzzle *ap = api_check_puzzle(L, 1, "count");
    lua_Integer limit = lua_isnoneornil(L, 2) ? 2 : api_integer(L, 2, "count", 1, 1000000000);
    uint64_t nodes = api_node_budget(L, 3, "count");
    api_prepare(L, ap, "count");
    solver_set_node_limit(ap->solver, nodes);
    struct search_result r = solver_count(ap->solver, ap->p.givens, (long)limit, NULL, NULL);
    solver_set_node_limit(ap->solver, API_NODE_LIMIT);
    api_raise_rule_error(L, ap, "count");
    if (r.gave_up && nodes < API_NODE_LIMIT)
        return luaL_pushfail(L), lua_pushliteral(L, "gave up"), 2;
    if (r.gave_up) return api_error(L, "count: the search gave up");
    lua_pushinteger(L, r.solutions);
    return 1;
}

/* p:solutions([limit]) -> a list of up to limit (default 2, at most 64)
 * solutions, each N*N symbols: a generator sees where a second one differs. */
static int api_solutions(lua_State *L)
{
    struct api_puzzle *ap = api_check_puzzle(L, 1, "solutions");
    lua_Integer limit = lua_isnoneornil(L, 2) ? 2 : api_integer(L, 2, "solutions", 1, 64);
    uint64_t nodes = api_node_budget(L, 3, "solutions");
    api_prepare(L, ap, "solutions");
    size_t ncells = (size_t)ap->p.geo.ncells;
    uint8_t *grids = lua_newuserdatauv(L, (size_t)limit * ncells, 0);
    solver_set_node_limit(ap->solver, nodes);
    struct search_result r = solver_solutions(ap->solver, ap->p.givens, (long)limit, grids, NULL);
    solver_set_node_limit(ap->solver, API_NODE_LIMIT);
    api_raise_rule_error(L, ap, "solutions");
    if (r.gave_up && nodes < API_NODE_LIMIT)
        return luaL_pushfail(L), lua_pushliteral(L, "gave up"), 2;
    if (r.gave_up) return api_error(L, "solutions: the search gave up");
    lua_createtable(L, (int)r.solutions, 0);
    for (long i = 0; i < r.solutions; i++) {
        api_push_grid(L, &ap->p.geo, grids + (size_t)i * ncells);
        lua_rawseti(L, -2, i + 1);
    }
    return 1;
}

/* p:rate() -> {rating=, grade=, work=, steps=, hardest=, techniques={key=count}}
 * for a unique puzzle, else nil and why. */
static int api_rate(lua_State *L)
{
    struct api_puzzle *ap = api_check_puzzle(L, 1, "rate");
    api_prepare(L, ap, "rate");
    long found = solver_count(ap->solver, ap->p.givens, 2, NULL, NULL).solutions;
    api_raise_rule_error(L, ap, "rate");
    if (found != 1) {
        luaL_pushfail(L);
        lua_pushstring(L, found ? "several solutions" : "no solution");
        return 2;
    }
    if (!ap->rater && !(ap->rater = rater_new(ap->rules)))
        return api_error(L, "rate: these rules cannot be rated");
    struct rate_result *res = lua_newuserdatauv(L, sizeof *res, 0);
    if (rate_puzzle(ap->rater, ap->p.givens, res, NULL, NULL))
        return api_error(L, "rate: the rater erred (a bug: please report the puzzle)");
    lua_createtable(L, 0, 6);
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
    api_prepare(L, ap, "fill");
    rng_seed(&rng, (uint64_t)seed);
    solver_set_node_limit(ap->solver, nodes);
    struct search_result r = solver_fill(ap->solver, ap->p.givens, &rng, grid, NULL);
    solver_set_node_limit(ap->solver, API_NODE_LIMIT);
    api_raise_rule_error(L, ap, "fill");
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
    api_prepare(L, ap, "candidates");
    digitset *state = malloc(ap->rules->state_bytes);
    if (state == NULL) return api_error(L, "candidates: out of memory");
    struct prop_ctx *ctx = malloc(sizeof *ctx);
    int status = ctx ? propagate_start(ctx, ap->rules, state, ap->p.givens) : SL_PROP_CONTRADICTION;
    free(ctx);
    if (status != SL_PROP_OK) {
        free(state);
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
    free(state);
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
        size_t len;
        const char *text = api_string(L, 2, "givens", &len);
        api_set_givens(L, ap, text, len, "givens");
        return 0;
    }
    api_push_grid(L, &ap->p.geo, ap->p.givens);
    return 1;
}

/* p:set(row, col, digit): 1-based; digit 0 empties the cell. */
static int api_set(lua_State *L)
{
    struct api_puzzle *ap = api_check_puzzle(L, 1, "set");
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
    struct api_puzzle *ap = api_check_puzzle(L, 1, "put");
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

/* Reads the solution string at index i (N*N digits) into solution. */
static void api_solution_arg(lua_State *L, struct api_puzzle *ap, int i, const char *fname,
                             uint8_t *solution)
{
    size_t len;
    const char *text = api_string(L, i, fname, &len);
    int ncells = ap->p.geo.ncells;
    if (len != (size_t)ncells) api_error(L, "%s: the solution needs %d symbols", fname, ncells);
    for (int c = 0; c < ncells; c++) {
        int d = geometry_digit(text[c]);
        if (d < 1 || d > ap->p.geo.size)
            api_error(L, "%s: the solution has no digit at cell %d", fname, c);
        solution[c] = (uint8_t)d;
    }
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
    api_prepare(L, ap, "keeps_unique");
    int keeps = dig_keeps_unique(ap->solver, ap->rules, ap->p.givens, solution, cells, count);
    api_raise_rule_error(L, ap, "keeps_unique");
    lua_pushboolean(L, keeps);
    return 1;
}

/* p:dig(groups, solution) -> removed: tries each group of cells (a list
 * of lists of 0-based cells) in order and removes its givens when the
 * puzzle stays unique without them; the whole loop runs in C. */
static int api_dig(lua_State *L)
{
    struct api_puzzle *ap = api_check_puzzle(L, 1, "dig");
    int ncells = ap->p.geo.ncells, cells[SL_MAX_CELLS], start[SL_MAX_CELLS + 1];
    uint8_t solution[SL_MAX_CELLS];
    luaL_checktype(L, 2, LUA_TTABLE);
    api_solution_arg(L, ap, 3, "dig", solution);
    lua_Integer ngroups = luaL_len(L, 2);
    if (ngroups > ncells) return api_error(L, "dig: more groups than cells");
    int total = 0;
    for (lua_Integer g = 1; g <= ngroups; g++) {
        int one[SL_MAX_CELLS];
        lua_geti(L, 2, g);
        int count = api_cell_list(L, lua_gettop(L), "dig", ncells, one);
        lua_pop(L, 1);
        if (total + count > ncells) return api_error(L, "dig: the groups hold a cell twice");
        start[g - 1] = total;
        for (int i = 0; i < count; i++) cells[total++] = one[i];
    }
    start[ngroups] = total;
    api_prepare(L, ap, "dig");
    int removed =
        dig_groups(ap->solver, ap->rules, ap->p.givens, solution, cells, start, (int)ngroups);
    api_raise_rule_error(L, ap, "dig");
    lua_pushinteger(L, removed);
    return 1;
}

/* p:add_rule(name [, args]) */
static int api_add_rule(lua_State *L)
{
    struct api_puzzle *ap = api_check_puzzle(L, 1, "add_rule");
    const char *name = api_string(L, 2, "add_rule", NULL);
    const char *args = lua_isnoneornil(L, 3) ? "" : api_string(L, 3, "add_rule", NULL);
    struct sl_error err = {0};
    if (puzzle_add_rule(&ap->p, name, args, &err))
        return api_error(L, "add_rule: %s (column %ld of its arguments)", err.msg, err.col);
    api_release(ap);
    return 0;
}

/* p:add_lua_rule{name = "...", check = function(digits) ... end,
 * cells = {0, 1, ...} (default: every cell), partial = true}: the slow
 * escape hatch (lua_rule.c). */
static int api_add_lua_rule(lua_State *L)
{
    struct api_puzzle *ap = api_check_puzzle(L, 1, "add_lua_rule");
    static const char *const keys[] = {"name", "check", "cells", "partial", NULL};
    if (!lua_istable(L, 2)) return api_arg_error(L, 2, "add_lua_rule", "table expected");
    api_check_keys(L, 2, "add_lua_rule", keys);
    int cells[SL_MAX_CELLS], ncells = 0, ncell_max = ap->p.geo.ncells;
    lua_getfield(L, 2, "name");
    const char *name = lua_isnil(L, -1) ? "script" : api_string(L, -1, "add_lua_rule", NULL);
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
    if (lua_rule_add(&ap->p, L, -2, name, cells, ncells, partial, ap->lua_error, &err))
        return api_error(L, "add_lua_rule: %s", err.msg);
    api_release(ap);
    return 0;
}

static int api_rules_text(lua_State *L)
{
    struct api_puzzle *ap = api_check_puzzle(L, 1, "rules");
    int len = puzzle_rules_text(&ap->p, NULL, 0);
    char *text = malloc((size_t)len + 1);
    if (text == NULL) return api_error(L, "rules: out of memory");
    puzzle_rules_text(&ap->p, text, (size_t)len + 1);
    lua_pushstring(L, text);
    free(text);
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
    lua_pushboolean(L, puzzle_is_solution(&ap->p, grid));
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
        names[i - 1] = api_string(L, -1, "suggest", NULL);
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
        {"put", api_put},
        {"get", api_get},
        {"fill", api_fill},
        {"candidates", api_candidates},
        {"size", api_size},
        {"givens", api_givens},
        {"set", api_set},
        {"add_rule", api_add_rule},
        {"rules", api_rules_text},
        {"check", api_check},
        {"add_lua_rule", api_add_lua_rule},
        {NULL, NULL},
    };
    static const luaL_Reg functions[] = {
        {"puzzle", api_puzzle_new},
        {"read", api_read},
        {"rules", api_rules},
        {"cell", api_cell},
        {"relation", api_relation},
        {"suggest", api_suggest},
        {NULL, NULL},
    };
    luaL_newmetatable(L, API_PUZZLE);
    luaL_newlib(L, methods);
    lua_setfield(L, -2, "__index");
    lua_pushcfunction(L, api_gc);
    lua_setfield(L, -2, "__gc");
    lua_pushcfunction(L, api_line);
    lua_setfield(L, -2, "__tostring");
    /* Scripts see this name instead of the metatable, so they cannot call
     * __gc by hand or swap the methods. */
    lua_pushliteral(L, API_PUZZLE);
    lua_setfield(L, -2, "__metatable");
    lua_pop(L, 1);
    luaL_newlib(L, functions);
    return 1;
}
