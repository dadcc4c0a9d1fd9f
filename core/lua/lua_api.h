/*
 * lua_api.h — the `sudolab` Lua module: puzzles built from rules by plugin
 * name, read from and written to every format, solved, counted, filled.
 * variants/README.md is the user's documentation of it.
 *
 * Every error names the script's file and line and, for a bad argument,
 * its position; the C side checks every argument's type and range, so no
 * call can crash the host.
 */
#ifndef SUDOLAB_LUA_API_H
#define SUDOLAB_LUA_API_H

struct lua_State;

/* luaL_requiref's opener: pushes the module table. */
int lua_api_open(struct lua_State *L);

#endif
