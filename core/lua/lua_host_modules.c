/*
 * lua_host_modules.c — loading a script's chunks and modules
 * (lua_host.h): files and standard input in text mode only, and
 * `require` over the script's folder and the host's search path, each
 * module run once, a cycle refused, every error naming its file.
 */
#include <errno.h>
#include <lauxlib.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "lua_host_internal.h"

/* file = folder (len bytes) "/" rel ".lua": 1 when that is a regular
 * file, -1 when the name holds something else, 0 when it holds nothing.
 * Probed by stat, not opened: opening a FIFO waits for a writer (require,
 * and so 'sudolab variants', hung on one). */
static int host_probe(char *file, size_t cap, const char *folder, size_t len, const char *rel)
{
    if (len == 0 || len >= HOST_PATH_MAX) return 0;
    snprintf(file, cap, "%.*s/%s.lua", (int)len, folder, rel);
    struct stat st;
    if (stat(file, &st) != 0) return 0;
    return S_ISREG(st.st_mode) ? 1 : -1;
}

/* Standard input read as luaL_loadfilex reads it (a UTF-8 byte order
 * mark and a first line starting with '#' skipped, that line's end kept
 * so line numbers hold), but named SL_STDIN_NAME as every command names
 * standard input: luaL_loadfilex calls it "stdin". */
struct stdin_chunk {
    int ahead;      /* a character read past the skipped start (EOF: none) */
    int line_kept;  /* 1 while the skipped first line's end is still to give */
    int read_errno; /* a failed read's errno (0: none) */
    char buf[4096];
};

static const char *stdin_chunk_read(lua_State *L, void *data, size_t *size)
{
    (void)L;
    struct stdin_chunk *c = data;
    size_t n = 0;
    if (c->line_kept) c->buf[n++] = '\n', c->line_kept = 0;
    if (c->ahead != EOF) c->buf[n++] = (char)c->ahead, c->ahead = EOF;
    if (!feof(stdin) && !ferror(stdin)) n += fread(c->buf + n, 1, sizeof c->buf - n, stdin);
    if (ferror(stdin) && !c->read_errno) c->read_errno = errno;
    *size = n;
    return n ? c->buf : NULL;
}

static int host_load_stdin(lua_State *L)
{
    struct stdin_chunk c = {getc(stdin), 0, 0, {0}};
    if (c.ahead == 0xEF && getc(stdin) == 0xBB && getc(stdin) == 0xBF) c.ahead = getc(stdin);
    if (c.ahead == '#') {
        while ((c.ahead = getc(stdin)) != EOF && c.ahead != '\n') continue;
        c.ahead = getc(stdin), c.line_kept = 1;
    }
    if (ferror(stdin)) c.read_errno = errno;
    int status = lua_load(L, stdin_chunk_read, &c, "=" SL_STDIN_NAME, "t");
    if (ferror(stdin)) {
        lua_pop(L, 1);
        lua_pushfstring(L, SL_STDIN_NAME ": cannot read: %s", strerror(c.read_errno));
        return LUA_ERRFILE;
    }
    return status;
}

/* luaL_loadfilex in text mode, its refusal of a binary chunk named with
 * the file: Lua's own words ("attempt to load a binary chunk (mode is
 * 't')") carry no place, and `sudolab run`, require and a variant's
 * generate said them alone. Its result and stack are luaL_loadfilex's. */
int host_load_file(lua_State *L, const char *path)
{
    int status = strcmp(path, "-") == 0 ? host_load_stdin(L) : luaL_loadfilex(L, path, "t");
    const char *msg = status == LUA_ERRSYNTAX ? lua_tostring(L, -1) : NULL;
    if (msg && strncmp(msg, "attempt to load a binary chunk", 30) == 0) {
        lua_pop(L, 1);
        lua_pushfstring(L,
                        "%s: a precompiled (binary) chunk, which the sandbox does not load: give "
                        "its Lua source",
                        sl_operand_name(path));
    }
    return status;
}

/* The value a module holds in the loaded table while it runs: a module
 * that requires itself, directly or round a cycle, finds it. */
static const char host_loading = 0;

/* Whether an error message holds a place in a Lua file ("x.lua:12:"). */
static int host_error_has_place(const char *msg)
{
    for (const char *at = strstr(msg, ".lua:"); at; at = strstr(at + 1, ".lua:"))
        if (at[5] >= '0' && at[5] <= '9') return 1;
    return 0;
}

/* A module's error with no place in it names the module's file: one
 * raised at level 0, or from a function the module tail-called (a
 * variant's `return variant.make{...}`), whose caller Lua keeps no
 * line of. A setter's slip then names their file. */
static void host_place_module_error(lua_State *L, const char *file)
{
    const char *msg = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : NULL;
    if (msg == NULL || host_error_has_place(msg)) return;
    lua_pushfstring(L, "%s: %s", sl_operand_name(file), msg);
    lua_remove(L, -2);
}

/* Runs file as module `name`, keeps its value in the loaded table (on the
 * stack below) and returns it. */
static int host_require_file(lua_State *L, const char *name, const char *file)
{
    if (host_load_file(L, file) != LUA_OK) return lua_error(L);
    lua_pushlightuserdata(L, (void *)&host_loading);
    lua_setfield(L, -3, name);
    lua_pushstring(L, name);
    int status = lua_pcall(L, 1, 1, 0);
    if (status != LUA_OK) { /* not loaded: a later require tries again */
        if (status == LUA_ERRRUN) host_place_module_error(L, file);
        lua_pushnil(L);
        lua_setfield(L, -3, name);
        return lua_error(L);
    }
    if (lua_isnil(L, -1)) {
        lua_pop(L, 1);
        lua_pushboolean(L, 1);
    }
    lua_pushvalue(L, -1);
    lua_setfield(L, -3, name);
    return 1;
}

/* require's end once a probe found a name: the module, or why not. */
static int host_require_found(lua_State *L, const char *name, const char *file, int found)
{
    if (found < 0)
        return luaL_error(L, "require: %s is not a regular file (a folder, a FIFO or a device)",
                          file);
    return host_require_file(L, name, file);
}

/* Whether name is words of letters, digits and '_' joined by single
 * dots, short enough for rel: an empty part would name a file ".lua"
 * or a folder "", and a cut name another module. */
static int host_module_name(const char *name, size_t rel_cap)
{
    size_t len = strlen(name);
    if (len == 0 || len >= rel_cap || name[0] == '.' || name[len - 1] == '.') return 0;
    for (const char *c = name; *c; c++)
        if (!(*c == '_' || (*c >= '0' && *c <= '9') || (*c >= 'a' && *c <= 'z') ||
              (*c >= 'A' && *c <= 'Z') || (*c == '.' && c[1] != '.')))
            return 0;
    return 1;
}

/* require NAME: NAME.lua (dots are folders) from the script's folder, then
 * from each folder of the host's path; each module runs once. */
int host_require(lua_State *L)
{
    struct lua_host *h = host_of(L);
    size_t name_len;
    const char *name = luaL_checklstring(L, 1, &name_len);
    char file[HOST_PATH_MAX * 2], rel[256];
    if (strlen(name) != name_len || !host_module_name(name, sizeof rel)) { /* "m\0x" loaded m */
        char shown[96]; /* the name cut, so that the message ends whole; a NUL shown */
        size_t cut = sl_error_escape(shown, 92, name, name_len < 64 ? name_len : 64);
        snprintf(shown + cut, sizeof shown - cut, "%s", name_len > 64 ? "..." : "");
        return luaL_error(L, "require: '%s' is not a module name", shown);
    }
    luaL_getsubtable(L, LUA_REGISTRYINDEX, LUA_LOADED_TABLE);
    int type = lua_getfield(L, -1, name);
    if (type == LUA_TLIGHTUSERDATA && lua_touserdata(L, -1) == &host_loading)
        return luaL_error(L, "require: module '%s' requires itself (a cycle)", name);
    if (type != LUA_TNIL) return 1;
    lua_pop(L, 1);
    snprintf(rel, sizeof rel, "%s", name);
    for (char *c = rel; *c; c++)
        if (*c == '.') *c = '/';
    int found = host_probe(file, sizeof file, h->script_dir, strlen(h->script_dir), rel);
    if (found) return host_require_found(L, name, file, found);
    for (const char *f = h->path; *f;) {
        size_t len = strcspn(f, ":");
        if ((found = host_probe(file, sizeof file, f, len, rel)) != 0)
            return host_require_found(L, name, file, found);
        f += len + (f[len] == ':');
    }
    return luaL_error(L,
                      "require: no module '%s' in the script's folder, $SUDOLAB_PATH, "
                      "variants/ or scripts/",
                      name);
}
