/*
 * lua_killer_layout.h — sudolab.killer_layout, a killer's cages patched
 * move by move (lua_killer_layout.c says the methods; the layout itself is
 * core/engine/killer_layout.h).
 */
#ifndef SUDOLAB_LUA_KILLER_LAYOUT_H
#define SUDOLAB_LUA_KILLER_LAYOUT_H

struct lua_State;

/* With the sudolab module table on top of the stack: adds
 * killer_layout to it and makes the layouts' metatable. */
void lua_killer_layout_open(struct lua_State *L);

#endif
