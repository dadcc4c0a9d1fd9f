/*
 * lua_killer_layout.c — sudolab.killer_layout: a killer's cages over a
 * complete grid (core/engine/killer_layout.h) for a walk in Lua that moves
 * a few cells at a time. The moves stay in Lua; the layout patches what a
 * move changes and writes the killer rule's text and the cages' cells
 * without a table of the whole partition crossing into C at every step.
 *
 *   sudolab.killer_layout{grid=, cages=}  cages: cell 0.. -> id 1..
 *   l:assign(cells, id)   moves the cells (a list) into cage id
 *   l:text()              "MAP:SUMS" (as sudolab.cages_text), cage count
 *   l:members()           {id = {cells, ascending}} of the cages in use
 *   l:count(), l:cage_of(cell)
 *   l:cage(id)            {size=, sum=, digits= "1357", combos=}
 *   l:houses()            {{cells=, sum=}, ...}: each house's cages wholly
 *                         inside it, rows, then columns, then boxes
 *   l:same(other)         whether two layouts agree in all of the above
 */
#include "lua_killer_layout.h"

#include <lauxlib.h>
#include <lua.h>

#include "geometry.h"
#include "killer_layout.h"
#include "lua_api_internal.h"
#include "lua_host.h"

#define LKL_NAME "sudolab.killer_layout"

/* The userdata holds a pointer: the layout grows its cages as ids do. */
struct lkl_box {
    struct killer_layout *layout;
    long long charged; /* bytes charged to the memory cap */
};

static struct killer_layout *lkl_check(lua_State *L, int arg)
{
    struct lkl_box *box = luaL_checkudata(L, arg, LKL_NAME);
    if (box->layout == NULL) luaL_error(L, "killer_layout: used after it was freed");
    return box->layout;
}

static int lkl_gc(lua_State *L)
{
    struct lkl_box *box = luaL_checkudata(L, 1, LKL_NAME);
    killer_layout_free(box->layout);
    box->layout = NULL;
    lua_host_charge_memory(L, -box->charged);
    box->charged = 0;
    return 0;
}

/* spec.grid: N*N digits 1..N; its N and digits into g and grid. */
static void lkl_grid(lua_State *L, struct geometry *g, uint8_t *grid)
{
    size_t len = 0;
    struct sl_error err = {0};
    lua_getfield(L, 1, "grid");
    const char *text = lua_type(L, -1) == LUA_TSTRING ? lua_tolstring(L, -1, &len) : "";
    int n = 1;
    while (n <= SL_MAX_SIZE && (size_t)n * (size_t)n < len) n++;
    if (n < 2 || n > SL_MAX_SIZE || (size_t)n * (size_t)n != len ||
        geometry_init_default(g, n, &err))
        luaL_error(L, "killer_layout: grid must be N*N digits (N 2..%d)", SL_MAX_SIZE);
    for (int c = 0; c < g->ncells; c++) {
        int d = geometry_digit(text[c]);
        if (d < 1 || d > n) luaL_error(L, "killer_layout: grid must be complete");
        grid[c] = (uint8_t)d;
    }
    lua_pop(L, 1);
}

/* spec.cages: an id 1..KILLER_LAYOUT_ID_MAX for every cell 0..ncells-1. */
static void lkl_cages(lua_State *L, int ncells, int *cage)
{
    if (lua_getfield(L, 1, "cages") != LUA_TTABLE)
        luaL_error(L, "killer_layout: cages must be a table (cell 0.. -> cage id)");
    for (int c = 0; c < ncells; c++) {
        int isnum = 0;
        lua_geti(L, -1, c);
        lua_Integer id = lua_tointegerx(L, -1, &isnum);
        if (!isnum || id < 1 || id > KILLER_LAYOUT_ID_MAX)
            luaL_error(L, "killer_layout: cages[%d] must be a cage id 1..%d", c,
                       KILLER_LAYOUT_ID_MAX);
        cage[c] = (int)id;
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
}

/* Charges the memory cap for what the layout holds past what was charged
 * before; an error named after the call `what` past the cap. */
static void lkl_charge(lua_State *L, struct lkl_box *box, const char *what)
{
    long long bytes = (long long)killer_layout_bytes(box->layout);
    if (bytes <= box->charged) return;
    if (lua_host_charge_memory(L, bytes - box->charged))
        luaL_error(L, "%s: not enough memory (past the cap%s)", what,
                   lua_host_see(L, LUA_LIMIT_MEMORY));
    box->charged = bytes;
}

static int lkl_new(lua_State *L)
{
    struct geometry g;
    uint8_t grid[SL_MAX_CELLS];
    int cage[SL_MAX_CELLS];
    luaL_checktype(L, 1, LUA_TTABLE);
    lkl_grid(L, &g, grid);
    lkl_cages(L, g.ncells, cage);
    struct lkl_box *box = lua_newuserdatauv(L, sizeof *box, 0);
    box->layout = NULL;
    box->charged = 0;
    luaL_setmetatable(L, LKL_NAME);
    box->layout = killer_layout_new(&g, grid, cage);
    if (box->layout == NULL) luaL_error(L, "killer_layout: out of memory");
    lkl_charge(L, box, "killer_layout");
    return 1;
}

static int lkl_assign(lua_State *L)
{
    struct killer_layout *kl = lkl_check(L, 1);
    int ncells = killer_layout_geometry(kl)->ncells, cells[SL_MAX_CELLS];
    luaL_checktype(L, 2, LUA_TTABLE);
    lua_Integer id = luaL_checkinteger(L, 3);
    lua_Integer count = api_list_length(L, 2, "assign", "cells", ncells);
    for (int i = 0; i < (int)count; i++) {
        int isnum = 0;
        lua_geti(L, 2, i + 1);
        lua_Integer c = lua_tointegerx(L, -1, &isnum);
        lua_pop(L, 1);
        if (!isnum || c < 0 || c >= ncells)
            luaL_error(L, "assign: cells[%d] must be a cell 0..%d", i + 1, ncells - 1);
        cells[i] = (int)c;
    }
    if (id < 1 || id > KILLER_LAYOUT_ID_MAX)
        luaL_error(L, "assign: the cage id must be 1..%d", KILLER_LAYOUT_ID_MAX);
    if (killer_layout_assign(kl, cells, (int)count, (int)id))
        luaL_error(L, "assign: out of memory");
    /* A new id past the ones held grows the cages: charged as it grows. */
    lkl_charge(L, lua_touserdata(L, 1), "assign");
    return 0;
}

static int lkl_text(lua_State *L)
{
    struct killer_layout *kl = lkl_check(L, 1);
    struct cage_text ct; /* on the C stack: a step's text made no garbage */
    struct sl_error err = {0};
    killer_layout_text(kl, &ct);
    if (cage_map_check(&ct, killer_layout_geometry(kl)->size, &err))
        luaL_error(L, "text: %s", err.msg);
    luaL_Buffer b;
    int len = cage_text_write(&ct, NULL, 0);
    cage_text_write(&ct, luaL_buffinitsize(L, &b, (size_t)len + 1), (size_t)len + 1);
    luaL_pushresultsize(&b, (size_t)len);
    lua_pushinteger(L, ct.map.nparts);
    return 2;
}

static int lkl_members(lua_State *L)
{
    struct killer_layout *kl = lkl_check(L, 1);
    int ncells = killer_layout_geometry(kl)->ncells;
    int part[SL_MAX_CELLS], first_cell[SL_MAX_CELLS], filled[SL_MAX_CELLS] = {0};
    int nparts = killer_layout_parts(kl, part, first_cell);
    lua_createtable(L, 0, nparts);
    for (int p = 0; p < nparts; p++) {
        int id = killer_layout_cage_of(kl, first_cell[p]);
        lua_createtable(L, killer_layout_cage(kl, id).size, 0);
        lua_rawseti(L, -2, id);
    }
    for (int c = 0; c < ncells; c++) {
        lua_rawgeti(L, -1, killer_layout_cage_of(kl, c));
        lua_pushinteger(L, c);
        lua_rawseti(L, -2, ++filled[part[c]]);
        lua_pop(L, 1);
    }
    return 1;
}

static int lkl_count(lua_State *L)
{
    lua_pushinteger(L, killer_layout_count(lkl_check(L, 1)));
    return 1;
}

static int lkl_cage_of(lua_State *L)
{
    struct killer_layout *kl = lkl_check(L, 1);
    lua_Integer c = luaL_checkinteger(L, 2);
    int ncells = killer_layout_geometry(kl)->ncells;
    if (c < 0 || c >= ncells) luaL_error(L, "cage_of: the cell must be 0..%d", ncells - 1);
    lua_pushinteger(L, killer_layout_cage_of(kl, (int)c));
    return 1;
}

static int lkl_cage(lua_State *L)
{
    struct killer_layout *kl = lkl_check(L, 1);
    lua_Integer id = luaL_checkinteger(L, 2);
    struct killer_layout_cage cage =
        killer_layout_cage(kl, id >= 1 && id <= KILLER_LAYOUT_ID_MAX ? (int)id : 0);
    char digits[SL_MAX_SIZE + 1];
    int nd = 0;
    for (int d = 1; d <= killer_layout_geometry(kl)->size; d++)
        if (cage.digits & digitset_of(d)) digits[nd++] = geometry_symbol(d);
    lua_createtable(L, 0, 4);
    lua_pushinteger(L, cage.size), lua_setfield(L, -2, "size");
    lua_pushinteger(L, cage.sum), lua_setfield(L, -2, "sum");
    lua_pushlstring(L, digits, (size_t)nd), lua_setfield(L, -2, "digits");
    lua_pushinteger(L, cage.combos), lua_setfield(L, -2, "combos");
    return 1;
}

static int lkl_houses(lua_State *L)
{
    struct killer_layout *kl = lkl_check(L, 1);
    int nhouses = killer_layout_houses(kl);
    lua_createtable(L, nhouses, 0);
    for (int h = 0; h < nhouses; h++) {
        struct killer_layout_house house = killer_layout_house(kl, h);
        lua_createtable(L, 0, 2);
        lua_pushinteger(L, house.inside_cells), lua_setfield(L, -2, "cells");
        lua_pushinteger(L, house.inside_sum), lua_setfield(L, -2, "sum");
        lua_rawseti(L, -2, h + 1);
    }
    return 1;
}

static int lkl_same(lua_State *L)
{
    lua_pushboolean(L, killer_layout_equal(lkl_check(L, 1), lkl_check(L, 2)));
    return 1;
}

void lua_killer_layout_open(lua_State *L)
{
    static const luaL_Reg methods[] = {
        {"assign", lkl_assign}, {"text", lkl_text},       {"members", lkl_members},
        {"count", lkl_count},   {"cage_of", lkl_cage_of}, {"cage", lkl_cage},
        {"houses", lkl_houses}, {"same", lkl_same},       {NULL, NULL},
    };
    api_new_metatable(L, LKL_NAME, lkl_gc);
    luaL_newlib(L, methods);
    lua_setfield(L, -2, "__index");
    lua_pop(L, 1);
    lua_pushcfunction(L, lkl_new);
    lua_setfield(L, -2, "killer_layout");
}
