/*
 * lua_puzzle_edit.c — a puzzle's givens and rules, read and changed:
 * p:size(), p:givens([text]), p:set(row, col, digit), p:put(cell, digit),
 * p:get(cell), p:clues(), p:add_rule(name [, args]), p:add_lua_rule{...}
 * and p:retotal(grid). A change drops the solver (api_release).
 */
#include "lua_api_internal.h"

#include "lua_rule.h"
#include "puzzle_edit.h"

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

/* p:clues() -> the number of givens. */
static int api_clues(lua_State *L)
{
    struct api_puzzle *ap = api_check_puzzle(L, 1, "clues");
    lua_Integer clues = 0;
    for (int c = 0; c < ap->p.geo.ncells; c++) clues += ap->p.givens[c] != 0;
    lua_pushinteger(L, clues);
    return 1;
}

void lua_puzzle_edit_open(lua_State *L)
{
    static const luaL_Reg methods[] = {
        {"size", api_size},
        {"givens", api_givens},
        {"set", api_set},
        {"put", api_put},
        {"get", api_get},
        {"clues", api_clues},
        {"retotal", api_retotal},
        {"add_rule", api_add_rule},
        {"add_lua_rule", api_add_lua_rule},
        {NULL, NULL},
    };
    api_add_methods(L, methods);
}
