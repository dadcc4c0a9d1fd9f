/*
 * variant_text.c — a variant's own words about itself: its summary and
 * its description (variant.h's variant_text), for the game's rules screen.
 */
#include <lauxlib.h>
#include <lua.h>
#include <stdio.h>
#include <string.h>

#include "lua_host.h"
#include "variant.h"

struct text_read {
    char *summary, *description;
    size_t scap, dcap;
};

/* Reads the two fields of the table after the light userdata; run through
 * lua_host_call_c, as the table's metamethods may run. A field that is no
 * string reads as "". */
static int text_read(lua_State *L)
{
    struct text_read *x = lua_touserdata(L, 1);
    lua_settop(L, 2);
    const char *s = NULL, *d = NULL;
    if (lua_istable(L, 2)) {
        lua_getfield(L, 2, "summary");
        lua_getfield(L, 2, "description");
        s = lua_type(L, -2) == LUA_TSTRING ? lua_tostring(L, -2) : NULL;
        d = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : NULL;
    }
    snprintf(x->summary, x->scap, "%s", s ? s : "");
    snprintf(x->description, x->dcap, "%s", d ? d : "");
    return 0;
}

int variant_text(const char *spec, char *summary, size_t scap, char *description, size_t dcap,
                 struct sl_error *err)
{
    struct variant_place at;
    if (variant_locate(spec, &at, err)) return -1;
    struct lua_host *h = lua_host_new(NULL, at.path, err);
    if (h == NULL) return -1;
    lua_State *L = lua_host_state(h);
    lua_getglobal(L, "require");
    lua_pushstring(L, at.name);
    struct text_read read = {summary, description, scap, dcap};
    int rc = lua_host_pcall(h, 1, 1, err);
    if (rc == 0) rc = lua_host_call_c(h, text_read, &read, 1, err);
    lua_host_free(h);
    return rc;
}
