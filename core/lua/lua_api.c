/*
 * lua_api.c — see lua_api.h. The module's opener, which calls each of its
 * files' openers (lua_api_internal.h lists the files), and the functions
 * that take no puzzle: sudolab.rules(), sudolab.cell(row, col [, size]),
 * sudolab.relation(size, fn) and sudolab.suggest(word, names).
 */
#include "lua_api.h"

#include <stdio.h>

#include "lua_api_internal.h"
#include "lua_killer_layout.h"
#include "registry.h"
#include "suggest.h"

/* sudolab.rules() -> {{name=, summary=, form=, arguments=, example=},
 * ...}: every rule the registry holds, in its order, in the words of
 * `sudolab rules NAME` (constraint.h). */
static int api_rules(lua_State *L)
{
    lua_createtable(L, registry_count(), 0);
    for (int i = 0; i < registry_count(); i++) {
        const struct constraint_ops *ops = registry_at(i);
        const char *keys[] = {"name", "summary", "form", "arguments", "example"};
        const char *values[] = {ops->name, ops->summary, ops->form, ops->arguments, ops->example};
        int nkeys = (int)(sizeof keys / sizeof keys[0]);
        lua_createtable(L, 0, nkeys);
        for (int k = 0; k < nkeys; k++) {
            lua_pushstring(L, values[k]);
            lua_setfield(L, -2, keys[k]);
        }
        lua_rawseti(L, -2, i + 1);
    }
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
    lua_Integer n = api_list_length(L, 2, "suggest", "names", 256);
    const char *names[257];
    luaL_checkstack(L, (int)n, "suggest");
    for (lua_Integer i = 1; i <= n; i++) {
        lua_geti(L, 2, i);
        if (lua_type(L, -1) != LUA_TSTRING)
            api_error(L, "suggest: names[%lld] must be a string", (long long)i);
        /* Left on the stack: an __index may make each name afresh, kept
         * alive by no table, and the next one's call may collect it. */
        names[i - 1] = lua_tostring(L, -1);
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
    static const luaL_Reg functions[] = {
        {"rules", api_rules},     {"cell", api_cell}, {"relation", api_relation},
        {"suggest", api_suggest}, {NULL, NULL},
    };
    /* The functions the openers add (22), room made for them all at once:
     * a table grown one rehash at a time costs every host more. */
    lua_createtable(L, 0, 22);
    lua_puzzle_open(L);
    lua_puzzle_text_open(L);
    lua_puzzle_edit_open(L);
    lua_puzzle_search_open(L);
    lua_puzzle_rate_open(L);
    lua_puzzle_dig_open(L);
    lua_killer_open(L);
    lua_calcudoku_open(L);
    luaL_setfuncs(L, functions, 0);
    lua_killer_layout_open(L);
    return 1;
}
