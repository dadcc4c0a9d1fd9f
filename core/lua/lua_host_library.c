/*
 * lua_host_library.c — the sandbox's own library (lua_host.h): the
 * standard libraries a script may see, with load for text alone, an
 * os of clock and time, a string.rep under the memory cap, xpcall whose
 * handler runs under the budget, require (lua_host_modules.c),
 * sudolab.progress, and print onto the stream the host's limits name.
 */
#include <errno.h>
#include <lauxlib.h>
#include <lualib.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "lua_api.h"
#include "lua_host_internal.h"

/* sudolab.progress(text): what the run has reached so far, in words, for
 * a budget's stop to tell (a dig that never lands says how near it came);
 * nil forgets it. The next run starts with none. */
static int host_progress(lua_State *L)
{
    struct lua_host *h = host_of(L);
    size_t len = 0, n;
    const char *text = lua_isnoneornil(L, 1) ? "" : luaL_checklstring(L, 1, &len);
    /* kept as the suffix every stop appends; one line in the message:
     * control bytes become blanks, and a text cut to the buffer loses
     * the character it would split */
    char *told = h->progress + 2;
    size_t cap = sizeof h->progress - 3;
    for (n = 0; n < len && n < cap; n++) told[n] = (unsigned char)text[n] < 0x20 ? ' ' : text[n];
    told[len > cap ? sl_utf8_whole(told, n) : n] = '\0';
    if (len)
        memcpy(h->progress, "; ", 2);
    else
        h->progress[0] = '\0';
    return 0;
}

/* load, for text chunks only: a binary chunk could break the VM. */
static int host_load(lua_State *L)
{
    size_t len;
    const char *text = luaL_checklstring(L, 1, &len);
    const char *name = luaL_optstring(L, 2, "=(load)");
    if (luaL_loadbufferx(L, text, len, name, "t") != LUA_OK) {
        luaL_pushfail(L);
        lua_insert(L, -2);
        return 2;
    }
    return 1;
}

static int host_clock(lua_State *L)
{
    lua_pushnumber(L, (lua_Number)clock() / CLOCKS_PER_SEC);
    return 1;
}

/* os.time() alone: the date table Lua's os.time(t) takes was ignored,
 * and os.time{year = 2000, month = 1, day = 1} answered the time now. */
static int host_time(lua_State *L)
{
    if (!lua_isnoneornil(L, 1))
        return luaL_error(L, "os.time takes no date table here: it gives the current time alone");
    lua_pushinteger(L, (lua_Integer)time(NULL));
    return 1;
}

/* xpcall's end: the results, or the handler's answer to the error. */
static int host_xpcall_finish(lua_State *L, int status, lua_KContext extra)
{
    if (status == LUA_OK || status == LUA_YIELD) return lua_gettop(L) - (int)extra;
    lua_pushvalue(L, 2);
    lua_insert(L, -2);
    lua_pcall(L, 1, 1, 0); /* an error in the handler is its answer */
    lua_pushboolean(L, 0);
    lua_insert(L, -2);
    return 2;
}

/* xpcall(f, handler, ...). Lua calls the handler before unwinding, and
 * when the error came from the budget's hook, hooks stay off until the
 * unwinding ends: a looping handler would run with no budget. Here the
 * handler runs after the unwinding, under the budget; without the debug
 * library it sees nothing the unwinding took away. */
static int host_xpcall(lua_State *L)
{
    int n = lua_gettop(L);
    luaL_checktype(L, 2, LUA_TFUNCTION);
    lua_pushboolean(L, 1); /* the first result when f succeeds */
    lua_pushvalue(L, 1);
    lua_rotate(L, 3, 2); /* f, handler, true, f, args... */
    int status = lua_pcallk(L, n - 2, LUA_MULTRET, 0, 2, host_xpcall_finish);
    return host_xpcall_finish(L, status, 2);
}

/* string.rep, refusing a result past the memory cap before making it:
 * Lua's own loops over every copy, so an empty string repeated 2^62
 * times would run for ages inside C. */
static int host_string_rep(lua_State *L)
{
    size_t len, seplen = 0;
    luaL_checklstring(L, 1, &len);
    lua_Integer n = luaL_checkinteger(L, 2);
    luaL_optlstring(L, 3, "", &seplen);
    if (n <= 0 || len + seplen == 0) {
        lua_pushliteral(L, "");
        return 1;
    }
    /* Lua's own error past the cap, raised before the work */
    size_t cap = host_of(L)->limits.memory;
    if (cap && ((lua_Unsigned)n > cap / (len + seplen) + 1 || len * (size_t)n > cap)) {
        lua_pushliteral(L, "not enough memory");
        return lua_error(L);
    }
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, 1);
    return 1;
}

/* The string library as strings' methods see it: a copy no script can
 * reach, so one script cannot change ("x"):rep() for another sharing the
 * interpreter; getmetatable("") shows a name instead of the table. */
static void host_protect_strings(lua_State *L)
{
    lua_getglobal(L, LUA_STRLIBNAME);
    lua_getfield(L, -1, "rep");
    lua_pushcclosure(L, host_string_rep, 1);
    lua_setfield(L, -2, "rep");
    lua_newtable(L);
    for (lua_pushnil(L); lua_next(L, -3);) {
        lua_pushvalue(L, -2);
        lua_insert(L, -2);
        lua_rawset(L, -4);
    }
    lua_pushliteral(L, "");
    lua_getmetatable(L, -1);
    lua_pushvalue(L, -3);
    lua_setfield(L, -2, "__index");
    lua_pushliteral(L, "string");
    lua_setfield(L, -2, "__metatable");
    lua_pop(L, 4);
}

static void host_open_libraries(lua_State *L)
{
    static const luaL_Reg libraries[] = {
        {LUA_GNAME, luaopen_base},        {LUA_TABLIBNAME, luaopen_table},
        {LUA_STRLIBNAME, luaopen_string}, {LUA_MATHLIBNAME, luaopen_math},
        {LUA_UTF8LIBNAME, luaopen_utf8},  {LUA_COLIBNAME, luaopen_coroutine},
        {"sudolab", lua_api_open},
    };
    for (size_t i = 0; i < sizeof libraries / sizeof libraries[0]; i++) {
        luaL_requiref(L, libraries[i].name, libraries[i].func, 1);
        lua_pop(L, 1);
    }
    host_protect_strings(L);
    lua_getglobal(L, "sudolab");
    lua_pushcfunction(L, host_progress);
    lua_setfield(L, -2, "progress");
    lua_pop(L, 1);
    static const luaL_Reg os_safe[] = {{"clock", host_clock}, {"time", host_time}, {NULL, NULL}};
    luaL_newlib(L, os_safe);
    lua_setglobal(L, "os");
    lua_pushnil(L);
    lua_setglobal(L, "dofile");
    lua_pushnil(L);
    lua_setglobal(L, "loadfile");
    lua_pushcfunction(L, host_load);
    lua_setglobal(L, "load");
    lua_pushcfunction(L, host_require);
    lua_setglobal(L, "require");
    lua_pushcfunction(L, host_xpcall);
    lua_setglobal(L, "xpcall");
}

/* An error outside any protected call (C code reading a script's values
 * without lua_host_call_c): a message, not an abort. */
int host_panic(lua_State *L)
{
    const char *msg = lua_tostring(L, -1);
    fprintf(stderr, "sudolab: %s: error outside a protected call: %s\n", host_of(L)->script,
            msg ? msg : "(not a string)");
    fflush(stderr);
    _exit(2);
}

/* print, as the base library's, onto `to`: 0, or the errno of a write
 * that failed. */
static int host_print_to(lua_State *L, FILE *to)
{
    int n = lua_gettop(L);
    for (int i = 1; i <= n; i++) {
        size_t len;
        const char *text = luaL_tolstring(L, i, &len);
        if (i > 1) fputc('\t', to);
        fwrite(text, 1, len, to);
        lua_pop(L, 1);
    }
    fputc('\n', to);
    if (fflush(to) == 0 && !ferror(to)) return 0;
    return errno ? errno : EIO;
}

/* print onto standard error: for every host but run's, whose script
 * makes its own output. A variant's print once went into `generate`'s
 * puzzles on standard output (and `solve --variant`'s answers, and
 * play's screen). */
static int host_print_stderr(lua_State *L)
{
    host_print_to(L, stderr);
    return 0;
}

/* print onto standard output, for run: a write that fails (the reader of
 * a pipe gone, with SIGPIPE ignored; a full disk) ends the script, which
 * printed on into the void until its time budget. */
static int host_print_stdout(lua_State *L)
{
    int why = host_print_to(L, stdout);
    if (why) return luaL_error(L, "print: cannot write the output: %s", strerror(why));
    return 0;
}

/* Opens the libraries under a first run's budget, in protected mode: a
 * cap too small to hold them is an error, not a panic. */
int host_open(lua_State *L)
{
    host_open_libraries(L);
    lua_pushcfunction(L, host_of(L)->limits.script_output ? host_print_stdout : host_print_stderr);
    lua_setglobal(L, "print");
    return 0;
}
