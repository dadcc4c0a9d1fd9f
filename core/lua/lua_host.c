/*
 * lua_host.c — see lua_host.h.
 */
#include "lua_host.h"

#include <lauxlib.h>
#include <limits.h>
#include <lua.h>
#include <lualib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "lua_api.h"

#define HOST_HOOK_EVERY 1000

struct lua_host {
    lua_State *L;
    struct lua_limits limits;
    size_t used;        /* bytes the interpreter holds */
    long long executed; /* instructions of the current run */
    char *path;         /* the folders `require` searches after script_dir, ':'-separated */
    char script_dir[HOST_PATH_MAX];
    char script[HOST_PATH_MAX]; /* the file or chunk name running, for messages */
};

struct lua_limits lua_limits_default(void)
{
    return (struct lua_limits){.instructions = SL_LUA_INSTRUCTIONS, .memory = SL_LUA_MEMORY};
}

static struct lua_host *host_of(lua_State *L) { return *(struct lua_host **)lua_getextraspace(L); }

/* Lua's allocator with a cap: past it the request fails and Lua raises
 * "not enough memory", which a script cannot catch into a crash. */
static void *host_alloc(void *ud, void *ptr, size_t osize, size_t nsize)
{
    struct lua_host *h = ud;
    size_t old = ptr ? osize : 0;
    if (nsize == 0) {
        h->used -= old;
        free(ptr);
        return NULL;
    }
    if (h->limits.memory && nsize > old && h->used - old + nsize > h->limits.memory) return NULL;
    void *grown = realloc(ptr, nsize);
    if (grown) h->used = h->used - old + nsize;
    return grown;
}

static void host_count(lua_State *L, lua_Debug *ar)
{
    (void)ar;
    struct lua_host *h = host_of(L);
    h->executed += HOST_HOOK_EVERY; /* past the budget the step is 1: no matter */
    if (h->limits.instructions && h->executed > h->limits.instructions) {
        char msg[128]; /* luaL_error's format has no %lld */
        snprintf(msg, sizeof msg, "instruction budget exceeded (%lld; see --max-instructions)",
                 h->limits.instructions);
        /* From now on every instruction fails, so a script cannot pcall its
         * way past the budget: the error reaches code outside any pcall. */
        lua_sethook(L, host_count, LUA_MASKCOUNT, 1);
        luaL_where(L, 0); /* in a hook, level 0 is the running script */
        lua_pushstring(L, msg);
        lua_concat(L, 2);
        lua_error(L);
    }
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

static int host_time(lua_State *L)
{
    lua_pushinteger(L, (lua_Integer)time(NULL));
    return 1;
}

/* file = folder (len bytes) "/" rel ".lua", when that file exists. */
static int host_probe(char *file, size_t cap, const char *folder, size_t len, const char *rel)
{
    if (len == 0 || len >= HOST_PATH_MAX) return 0;
    snprintf(file, cap, "%.*s/%s.lua", (int)len, folder, rel);
    FILE *probe = fopen(file, "r");
    if (probe == NULL) return 0;
    fclose(probe);
    return 1;
}

/* Runs file as module `name`, keeps its value in the loaded table (on the
 * stack below) and returns it. */
static int host_require_file(lua_State *L, const char *name, const char *file)
{
    if (luaL_loadfilex(L, file, "t") != LUA_OK) return lua_error(L);
    lua_pushstring(L, name);
    lua_call(L, 1, 1);
    if (lua_isnil(L, -1)) {
        lua_pop(L, 1);
        lua_pushboolean(L, 1);
    }
    lua_pushvalue(L, -1);
    lua_setfield(L, -3, name);
    return 1;
}

/* require NAME: NAME.lua (dots are folders) from the script's folder, then
 * from each folder of the host's path; each module runs once. */
static int host_require(lua_State *L)
{
    struct lua_host *h = host_of(L);
    const char *name = luaL_checkstring(L, 1);
    for (const char *c = name; *c; c++)
        if (!(*c == '_' || *c == '.' || (*c >= '0' && *c <= '9') || (*c >= 'a' && *c <= 'z') ||
              (*c >= 'A' && *c <= 'Z')))
            return luaL_error(L, "require: '%s' is not a module name", name);
    luaL_getsubtable(L, LUA_REGISTRYINDEX, LUA_LOADED_TABLE);
    if (lua_getfield(L, -1, name) != LUA_TNIL) return 1;
    lua_pop(L, 1);
    char file[HOST_PATH_MAX * 2], rel[256];
    snprintf(rel, sizeof rel, "%s", name);
    for (char *c = rel; *c; c++)
        if (*c == '.') *c = '/';
    if (host_probe(file, sizeof file, h->script_dir, strlen(h->script_dir), rel))
        return host_require_file(L, name, file);
    for (const char *f = h->path; *f;) {
        size_t len = strcspn(f, ":");
        if (host_probe(file, sizeof file, f, len, rel)) return host_require_file(L, name, file);
        f += len + (f[len] == ':');
    }
    return luaL_error(L,
                      "require: no module '%s' in the script's folder, $SUDOLAB_PATH, "
                      "variants/ or scripts/",
                      name);
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
}

struct lua_host *lua_host_new(const struct lua_limits *limits, const char *path,
                              struct sl_error *err)
{
    struct lua_host *h = calloc(1, sizeof *h);
    if (h == NULL) {
        sl_error_set(err, 0, 0, "out of memory");
        return NULL;
    }
    h->limits = limits ? *limits : lua_limits_default();
    h->path = strdup(path ? path : "");
    h->L = h->path ? lua_newstate(host_alloc, h) : NULL;
    if (h->L == NULL) {
        sl_error_set(err, 0, 0, "cannot start Lua (memory cap too small?)");
        free(h->path);
        free(h);
        return NULL;
    }
    *(struct lua_host **)lua_getextraspace(h->L) = h;
    host_open_libraries(h->L);
    lua_sethook(h->L, host_count, LUA_MASKCOUNT, HOST_HOOK_EVERY);
    return h;
}

void lua_host_free(struct lua_host *h)
{
    if (h == NULL) return;
    lua_close(h->L);
    free(h->path);
    free(h);
}

struct lua_State *lua_host_state(struct lua_host *h) { return h->L; }

/* Runs the function below its nargs arguments on the stack, leaving
 * nresults results. */
static int host_call_results(struct lua_host *h, int nargs, int nresults, struct sl_error *err)
{
    h->executed = 0;
    lua_sethook(h->L, host_count, LUA_MASKCOUNT, HOST_HOOK_EVERY);
    if (lua_pcall(h->L, nargs, nresults, 0) == LUA_OK) return 0;
    const char *msg = lua_tostring(h->L, -1);
    if (msg && strcmp(msg, "not enough memory") == 0) /* Lua's own words carry no place */
        sl_error_set(err, 0, 0, "%s: not enough memory (cap %zu MiB; see --max-memory)", h->script,
                     h->limits.memory >> 20);
    else
        sl_error_set(err, 0, 0, "%s", msg ? msg : "error object is not a string");
    lua_pop(h->L, 1);
    return -1;
}

static int host_call(struct lua_host *h, int nargs, struct sl_error *err)
{
    return host_call_results(h, nargs, 0, err);
}

int lua_host_pcall(struct lua_host *h, int nargs, int nresults, struct sl_error *err)
{
    return host_call_results(h, nargs, nresults, err);
}

int lua_host_call(struct lua_host *h, const char *name, long long arg, int nresults,
                  struct sl_error *err)
{
    if (lua_getglobal(h->L, name) != LUA_TFUNCTION) {
        lua_pop(h->L, 1);
        return sl_error_set(err, 0, 0, "%s: no function %s", h->script, name);
    }
    lua_pushinteger(h->L, arg);
    return host_call_results(h, 1, nresults, err);
}

int lua_host_run_file_value(struct lua_host *h, const char *path, struct sl_error *err)
{
    snprintf(h->script, sizeof h->script, "%s", path);
    if (luaL_loadfilex(h->L, path, "t") != LUA_OK) {
        sl_error_set(err, 0, 0, "%s", lua_tostring(h->L, -1));
        lua_pop(h->L, 1);
        return -1;
    }
    return host_call_results(h, 0, 1, err);
}

int lua_host_run_file(struct lua_host *h, const char *path, int argc, char **argv,
                      struct sl_error *err)
{
    lua_State *L = h->L;
    /* The arguments go on the stack too: make room (Lua guarantees 20). */
    if (argc < 0 || argc > 100000 || !lua_checkstack(L, argc + 4))
        return sl_error_set(err, 0, 0, "%s: too many arguments (%d)", path, argc);
    snprintf(h->script_dir, sizeof h->script_dir, "%s", path);
    snprintf(h->script, sizeof h->script, "%s", path);
    char *slash = strrchr(h->script_dir, '/');
    if (slash)
        *slash = '\0';
    else
        snprintf(h->script_dir, sizeof h->script_dir, ".");
    lua_createtable(L, argc, 1);
    lua_pushstring(L, path);
    lua_rawseti(L, -2, 0);
    for (int i = 0; i < argc; i++) {
        lua_pushstring(L, argv[i]);
        lua_rawseti(L, -2, i + 1);
    }
    lua_setglobal(L, "arg");
    if (luaL_loadfilex(L, path, "t") != LUA_OK) {
        sl_error_set(err, 0, 0, "%s", lua_tostring(L, -1));
        lua_pop(L, 1);
        return -1;
    }
    for (int i = 0; i < argc; i++) lua_pushstring(L, argv[i]);
    return host_call(h, argc, err);
}

int lua_host_run_string(struct lua_host *h, const char *name, const char *text,
                        struct sl_error *err)
{
    snprintf(h->script, sizeof h->script, "%s", name[0] == '=' ? name + 1 : name);
    if (luaL_loadbufferx(h->L, text, strlen(text), name, "t") != LUA_OK) {
        sl_error_set(err, 0, 0, "%s", lua_tostring(h->L, -1));
        lua_pop(h->L, 1);
        return -1;
    }
    return host_call(h, 0, err);
}
