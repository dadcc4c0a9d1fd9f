/*
 * lua_puzzle_text.c — puzzles as text, both ways: sudolab.read(text
 * [, format]) reads every puzzle of a text in any format; p:line() (also
 * tostring(p)), p:solo() and p:rules() write one.
 */
#include "lua_api_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "format.h"
#include "format_variant.h"
#include "lua_host.h"

#define API_READING "sudolab.reading"

/* What sudolab.read holds while it reads, owned by a userdata so that an
 * error (the memory cap) between two puzzles leaks none of it. */
struct api_reading {
    FILE *in;
    struct puzzle_reader *reader;
    struct puzzle_source *where;
    struct puzzle p; /* read, not yet given to a puzzle userdata */
    int holds_p;
};

static int api_reading_close(lua_State *L)
{
    struct api_reading *rd = luaL_checkudata(L, 1, API_READING);
    reader_close(rd->reader);
    if (rd->in) fclose(rd->in);
    free(rd->where);
    if (rd->holds_p) puzzle_clear(&rd->p);
    memset(rd, 0, sizeof *rd);
    return 0;
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
    lua_settop(L, 2);
    struct api_reading *rd = lua_newuserdatauv(L, sizeof *rd, 0);
    memset(rd, 0, sizeof *rd);
    luaL_setmetatable(L, API_READING);
    rd->in = fmemopen((void *)text, len ? len : 1, "r");
    rd->reader = rd->in ? reader_open(rd->in, &opt) : NULL;
    rd->where = malloc(sizeof *rd->where);
    if (rd->reader == NULL || rd->where == NULL) return api_error(L, "read: out of memory");
    lua_newtable(L);
    struct sl_error err = {0};
    int got, count = 0;
    while ((got = (len ? reader_next(rd->reader, &rd->p, rd->where, &err) : 0)) > 0) {
        rd->holds_p = 1;
        struct api_puzzle *ap = api_push_puzzle(L, &rd->p.geo);
        ap->p = rd->p;
        rd->holds_p = 0;
        lua_rawseti(L, -2, ++count);
    }
    lua_pushcfunction(L, api_reading_close);
    lua_pushvalue(L, 3);
    lua_call(L, 1, 0);
    if (got < 0) return api_error(L, "read: line %ld, column %ld: %s", err.line, err.col, err.msg);
    return 1;
}

/* The text write gives of p (snprintf's convention), pushed: written once
 * into a buffer on the stack when it fits, as most do, else measured
 * first and written into a Lua buffer. A malloc'd copy was lost when the
 * push failed at the memory cap, and a script that caught the error and
 * asked again lost one each time, outside the cap. */
static int api_push_written(lua_State *L, const struct puzzle *p,
                            int (*write)(const struct puzzle *, char *, size_t))
{
    char small[1024];
    int len = write(p, small, sizeof small);
    if ((size_t)len < sizeof small) return lua_pushlstring(L, small, (size_t)len), 1;
    luaL_Buffer b;
    char *text = luaL_buffinitsize(L, &b, (size_t)len + 1);
    write(p, text, (size_t)len + 1);
    luaL_pushresultsize(&b, (size_t)len);
    return 1;
}

/* A line of a puzzle the engine counted unique is noted with the host:
 * the generator's check need not count it again (lua_host.h). */
static int api_line(lua_State *L)
{
    struct api_puzzle *ap = api_check_puzzle(L, 1, "line");
    api_push_written(L, &ap->p, format_sudolab_line);
    uint8_t solution[SL_MAX_CELLS];
    if (ap->unique_nodes != API_NOT_COUNTED && api_unique_known(ap, solution)) {
        size_t len;
        const char *line = lua_tolstring(L, -1, &len);
        lua_host_note_unique_line(L, line, len, ap->unique_nodes);
    }
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
    luaL_Buffer b; /* as api_push_written: nothing of C's to lose */
    char *text = luaL_buffinitsize(L, &b, (size_t)len + 1);
    format_solo_id(&ap->p, text, (size_t)len + 1, &err);
    luaL_pushresultsize(&b, (size_t)len);
    return 1;
}

static int api_rules_text(lua_State *L)
{
    return api_push_written(L, &api_check_puzzle(L, 1, "rules")->p, puzzle_rules_text);
}

void lua_puzzle_text_open(lua_State *L)
{
    static const luaL_Reg functions[] = {
        {"read", api_read},
        {NULL, NULL},
    };
    static const luaL_Reg methods[] = {
        {"line", api_line},
        {"solo", api_solo},
        {"rules", api_rules_text},
        {NULL, NULL},
    };
    api_new_metatable(L, API_READING, api_reading_close);
    lua_pop(L, 1);
    luaL_getmetatable(L, API_PUZZLE);
    lua_pushcfunction(L, api_line);
    lua_setfield(L, -2, "__tostring");
    lua_pop(L, 1);
    luaL_setfuncs(L, functions, 0);
    api_add_methods(L, methods);
}
