/*
 * lua_api_args.c — the errors of the sudolab module, which name the
 * script's line (luaL_where), and the checked reading of its arguments
 * and option tables, the puzzles among them (lua_api_internal.h).
 */
#include "lua_api_internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "lua_host.h"

int api_error(lua_State *L, const char *fmt, ...)
{
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    /* a quoted NUL cut the message, a quoted ESC reached the terminal */
    sl_error_vformat(msg, sizeof msg, fmt, ap);
    va_end(ap);
    luaL_where(L, 1);
    lua_pushstring(L, msg);
    lua_concat(L, 2);
    return lua_error(L);
}

int api_arg_error(lua_State *L, int arg, const char *fname, const char *what)
{
    return api_error(L, "bad argument #%d to '%s' (%s)", arg, fname, what);
}

/* A caller that takes no length reads the text as C does, up to its
 * first NUL: a text holding one ("classic\0;killer:...") was taken cut
 * short, without a word. */
static const char *api_whole_text(lua_State *L, int at, size_t *len, int *cut)
{
    size_t n;
    const char *s = lua_tolstring(L, at, &n);
    if (len) *len = n;
    *cut = len == NULL && strlen(s) != n;
    return s;
}

const char *api_string(lua_State *L, int arg, const char *fname, size_t *len)
{
    if (lua_type(L, arg) != LUA_TSTRING) api_arg_error(L, arg, fname, "string expected");
    int cut;
    const char *s = api_whole_text(L, arg, len, &cut);
    if (cut) api_arg_error(L, arg, fname, "a string without NUL bytes expected");
    return s;
}

lua_Integer api_integer(lua_State *L, int arg, const char *fname, lua_Integer lo, lua_Integer hi)
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

lua_Integer api_list_length(lua_State *L, int i, const char *fname, const char *what,
                            lua_Integer most)
{
    lua_Integer n = luaL_len(L, i);
    if (n < 0 || n > most)
        api_error(L, "%s: a list of %lld %s, not 0..%lld", fname, (long long)n, what,
                  (long long)most);
    return n;
}

int api_field_error(lua_State *L, const char *fname, const char *key, const char *what)
{
    return api_error(L, "%s: field '%s' must be %s", fname, key, what);
}

lua_Integer api_field_check(lua_State *L, const char *fname, const char *key, lua_Integer lo,
                            lua_Integer hi)
{
    int ok = 0;
    lua_Integer v = lua_tointegerx(L, -1, &ok);
    if (!ok || v < lo || v > hi) {
        char what[96];
        snprintf(what, sizeof what, "an integer %lld..%lld", (long long)lo, (long long)hi);
        api_field_error(L, fname, key, what);
    }
    return v;
}

const char *api_field_text(lua_State *L, const char *fname, const char *key, size_t *len)
{
    if (lua_type(L, -1) != LUA_TSTRING) api_field_error(L, fname, key, "a string");
    int cut;
    const char *s = api_whole_text(L, -1, len, &cut);
    if (cut) api_field_error(L, fname, key, "a string without NUL bytes");
    return s;
}

const char *api_field_string(lua_State *L, int t, const char *key, const char *fname)
{
    lua_getfield(L, t, key);
    return api_field_text(L, fname, key, NULL);
}

uint64_t api_field_budget(lua_State *L, const char *key, const char *fname)
{
    return (uint64_t)api_field_integer(L, key, fname, 1, (lua_Integer)API_NODE_LIMIT,
                                       (lua_Integer)API_NODE_LIMIT);
}

uint64_t api_nodes_within(lua_State *L, const char *fname, long long cost, uint64_t nodes)
{
    long long left = lua_host_budget_left(L) / cost;
    if (left <= 0)
        api_error(L, "%s: instruction budget exceeded before the search (none left%s)%s", fname,
                  lua_host_see(L, LUA_LIMIT_INSTRUCTIONS), lua_host_progress(L));
    return (uint64_t)left < nodes ? (uint64_t)left : nodes;
}

int api_budget_exhausted(lua_State *L, const char *fname, const char *who, unsigned long long nodes)
{
    return api_error(L,
                     "%s: instruction budget exceeded: %s took the %llu nodes it had left "
                     "(budget exhausted%s)%s",
                     fname, who, nodes, lua_host_see(L, LUA_LIMIT_INSTRUCTIONS),
                     lua_host_progress(L));
}

void api_solution_arg(lua_State *L, struct api_puzzle *ap, int i, const char *fname,
                      uint8_t *solution)
{
    size_t len;
    const char *text = api_string(L, i, fname, &len);
    int ncells = ap->p.geo.ncells;
    if (len != (size_t)ncells)
        api_error(L, "%s: the solution needs %d symbols, not %d", fname, ncells, (int)len);
    for (int c = 0; c < ncells; c++) {
        int d = geometry_digit(text[c]);
        /* The position, not the symbol: a NUL or a control byte would cut
         * or garble the message. */
        if (d < 1 || d > ap->p.geo.size)
            api_error(L, "%s: the solution's symbol at position %d is not a digit 1..%d", fname,
                      c + 1, ap->p.geo.size);
        solution[c] = (uint8_t)d;
    }
}
