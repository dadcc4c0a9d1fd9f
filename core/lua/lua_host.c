/*
 * lua_host.c — see lua_host.h. The host's life and its runs: making and
 * freeing it, running files, chunks and functions under its budgets
 * (lua_host_budget.c), and a script's error made one line that fits.
 */
#include "lua_host_internal.h"
#include "lua_rule.h"

#include <ctype.h>
#include <lauxlib.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "suggest.h"

struct lua_host *lua_host_new(const struct lua_limits *limits, const char *path,
                              struct sl_error *err)
{
    struct lua_host *h = calloc(1, sizeof *h);
    if (h == NULL) {
        sl_error_set(err, 0, 0, "out of memory");
        return NULL;
    }
    h->limits = limits ? *limits : lua_limits_default();
    if (host_watch_init(h)) {
        sl_error_set(err, 0, 0, "cannot start the script's watchdog");
        free(h);
        return NULL;
    }
    h->path = strdup(path ? path : "");
    h->L = h->path ? lua_newstate(host_alloc, h) : NULL;
    if (h->L == NULL) {
        sl_error_set(err, 0, 0, "cannot start Lua (memory cap too small?)");
        free(h->path);
        host_watch_destroy(h);
        free(h);
        return NULL;
    }
    *(struct lua_host **)lua_getextraspace(h->L) = h;
    lua_atpanic(h->L, host_panic);
    lua_pushcfunction(h->L, host_open);
    if (lua_pcall(h->L, 0, 0, 0) != LUA_OK) {
        sl_error_set(err, 0, 0, "cannot start Lua: %s", lua_tostring(h->L, -1));
        lua_host_free(h);
        return NULL;
    }
    lua_sethook(h->L, host_count, LUA_MASKCOUNT, HOST_HOOK_EVERY);
    /* Generational: a generator makes and drops a puzzle (and the C rule
     * it owns) a draw, and a minor collection frees them while their
     * memory is still in cache; the incremental collector let a whole
     * cycle's worth pile up first (twice the resident memory, and
     * malloc's time with it). */
    lua_gc(h->L, LUA_GCGEN, 0, 0);
    return h;
}

void lua_host_free(struct lua_host *h)
{
    if (h == NULL) return;
    host_watch_begin(h); /* finalizers run now: they too are under a budget */
    lua_close(h->L);
    host_watch_end(h);
    host_watch_destroy(h);
    free(h->path);
    free(h->unique_line);
    free(h);
}

struct lua_State *lua_host_state(struct lua_host *h) { return h->L; }

/* The message handler of every run: an error object that is not a
 * string (error({}), error(nil)) still reports where it was raised, in
 * the "file:line: message" form every error takes. */
static int host_message(lua_State *L)
{
    if (lua_type(L, 1) == LUA_TSTRING) return 1;
    if (luaL_callmeta(L, 1, "__tostring") && lua_type(L, -1) == LUA_TSTRING) return 1;
    luaL_where(L, 2); /* level 1 is error() itself; 2 the script that called it */
    lua_pushfstring(L, "error object is a %s value", luaL_typename(L, 1));
    lua_concat(L, 2);
    return 1;
}

/* The longest place host_place_length looks for: a chunk's name as Lua
 * cuts it, a line number and the colons. Bounded, so that a long message
 * without blanks is not scanned to its end at every byte. */
#define HOST_PLACE_MAX (LUA_IDSIZE + 24)

/* The length of the place that opens text ("f.lua:12: ", a name and a
 * line number, no blank before its ": "), or 0. */
static size_t host_place_length(const char *text)
{
    size_t avail = strnlen(text, HOST_PLACE_MAX);
    const char *blank = memchr(text, ' ', avail);
    size_t len = blank ? (size_t)(blank - text) : 0, digits = 0;
    if (len < 4 || text[len - 1] != ':') return 0;
    while (digits + 2 < len && isdigit((unsigned char)text[len - 2 - digits])) digits++;
    return digits && text[len - 2 - digits] == ':' ? len + 1 : 0;
}

/* msg into out (cap bytes) with each run of three or more copies of one
 * place written once and counted: coroutines nested within each other
 * each add their wrapper's place, and 198 copies of "f.lua:1: " once
 * filled the whole message, cutting off its cause (C stack overflow). */
static void host_error_squeeze(char *out, size_t cap, const char *msg)
{
    size_t used = 0;
    while (*msg && used + 1 < cap) {
        size_t place = host_place_length(msg), copies = 1;
        while (place && strncmp(msg + copies * place, msg, place) == 0) copies++;
        size_t take = copies >= 3 ? place : place ? place * copies : 1;
        int n = snprintf(out + used, cap - used, "%.*s", (int)take, msg);
        if (copies >= 3 && n >= 0 && (size_t)n < cap - used)
            n += snprintf(out + used + n, cap - used - n, "(%zu times) ", copies);
        used += n >= 0 && (size_t)n < cap - used ? (size_t)n : cap - used - 1;
        msg += place ? place * copies : 1;
    }
    out[used] = '\0';
}

/* A script's error in err, cut as lua_rule_error_fit cuts: a nested
 * rule's innermost cause outlives the cut. */
static void host_error_fit(struct sl_error *err, const char *msg)
{
    char squeezed[4 * sizeof err->msg], fit[sizeof err->msg];
    host_error_squeeze(squeezed, sizeof squeezed, msg);
    lua_rule_error_fit(fit, sizeof fit, squeezed);
    sl_error_set(err, 0, 0, "%s", fit);
}

/* Runs the function below its nargs arguments on the stack, leaving
 * nresults results. */
static int host_call_results(struct lua_host *h, int nargs, int nresults, struct sl_error *err)
{
    int handler = lua_gettop(h->L) - nargs;
    lua_pushcfunction(h->L, host_message);
    lua_insert(h->L, handler);
    host_watch_begin(h);
    int status = lua_pcall(h->L, nargs, nresults, handler);
    host_watch_end(h);
    lua_remove(h->L, handler);
    if (status == LUA_OK) return 0;
    const char *msg = lua_tostring(h->L, -1);
    if (msg && strcmp(msg, "not enough memory") == 0) /* Lua's own words carry no place */
        /* a generator's host runs no script file: no name to give */
        sl_error_set(err, 0, 0, "%s%snot enough memory (cap %zu MiB%s)%s", h->script,
                     h->script[0] ? ": " : "", h->limits.memory >> 20,
                     host_see(h, LUA_LIMIT_MEMORY), h->progress);
    else if (msg == NULL)
        sl_error_set(err, 0, 0, "error object is not a string");
    else
        host_error_fit(err, msg);
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

int lua_host_call_c(struct lua_host *h, int (*fn)(lua_State *L), void *ud, int nargs,
                    struct sl_error *err)
{
    if (!lua_checkstack(h->L, 2)) {
        lua_pop(h->L, nargs);
        return sl_error_set(err, 0, 0, "%s: out of memory", h->script);
    }
    lua_pushcfunction(h->L, fn);
    lua_insert(h->L, -(nargs + 1));
    lua_pushlightuserdata(h->L, ud);
    lua_insert(h->L, -(nargs + 1));
    return host_call_results(h, nargs + 1, 0, err);
}

lua_State *lua_host_set_caller(lua_State *L, lua_State *caller)
{
    struct lua_host *h = host_of(L);
    lua_State *before = h->caller;
    h->caller = caller;
    return before;
}

lua_State *lua_host_caller(lua_State *L)
{
    struct lua_host *h = host_of(L);
    return h->caller ? h->caller : h->L;
}

void lua_host_note_unique_line(lua_State *L, const char *line, size_t len, unsigned long long nodes)
{
    struct lua_host *h = host_of(L);
    if (len + 1 > h->unique_cap) {
        char *grown = realloc(h->unique_line, len + 1);
        if (grown == NULL) { /* no note: the check counts, as it would */
            free(h->unique_line);
            h->unique_line = NULL;
            h->unique_cap = 0;
            return;
        }
        h->unique_line = grown;
        h->unique_cap = len + 1;
    }
    memcpy(h->unique_line, line, len);
    h->unique_line[len] = '\0';
    h->unique_len = len;
    h->unique_nodes = nodes;
}

int lua_host_take_unique_line(struct lua_host *h, const char *line, unsigned long long *nodes)
{
    if (h->unique_line == NULL || h->unique_len == SIZE_MAX) return 0;
    int same = strlen(line) == h->unique_len && memcmp(line, h->unique_line, h->unique_len) == 0;
    h->unique_len = SIZE_MAX; /* forgotten */
    if (same) *nodes = h->unique_nodes;
    return same;
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
    snprintf(h->script, sizeof h->script, "%s", sl_operand_name(path));
    if (host_load_file(h->L, path) != LUA_OK) {
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
    snprintf(h->script, sizeof h->script, "%s", sl_operand_name(path));
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
    if (host_load_file(L, path) != LUA_OK) {
        sl_error_set(err, 0, 0, "%s", lua_tostring(L, -1));
        lua_pop(L, 1);
        return -1;
    }
    for (int i = 0; i < argc; i++) lua_pushstring(L, argv[i]);
    return host_call(h, argc, err);
}

/* Loads a chunk of text named `name` onto the stack: 0, or -1 with err. */
static int host_load_string(struct lua_host *h, const char *name, const char *text,
                            struct sl_error *err)
{
    snprintf(h->script, sizeof h->script, "%s", name[0] == '=' ? name + 1 : name);
    if (luaL_loadbufferx(h->L, text, strlen(text), name, "t") == LUA_OK) return 0;
    sl_error_set(err, 0, 0, "%s", lua_tostring(h->L, -1));
    lua_pop(h->L, 1);
    return -1;
}

int lua_host_run_string(struct lua_host *h, const char *name, const char *text,
                        struct sl_error *err)
{
    if (host_load_string(h, name, text, err)) return -1;
    return host_call(h, 0, err);
}

int lua_host_run_string_text(struct lua_host *h, const char *name, const char *text, char *out,
                             size_t cap, struct sl_error *err)
{
    if (host_load_string(h, name, text, err) || host_call_results(h, 0, 1, err)) return -1;
    int is = lua_type(h->L, -1) == LUA_TSTRING;
    if (is) snprintf(out, cap, "%s", lua_tostring(h->L, -1));
    lua_pop(h->L, 1);
    return is;
}

int lua_table_unknown_key(lua_State *L, int t, const char *const *known, char *msg, size_t cap)
{
    t = lua_absindex(L, t);
    for (lua_pushnil(L); lua_next(L, t);) {
        lua_pop(L, 1);
        const char *key = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : NULL;
        int ok = 0;
        /* The first byte first: every option call checks its keys, and
         * most names differ there. */
        for (int i = 0; key && known[i] && !ok; i++)
            ok = key[0] == known[i][0] && strcmp(key, known[i]) == 0;
        if (ok) continue;
        if (key)
            suggest_unknown("key", key, known, msg, cap);
        else
            snprintf(msg, cap, "a value without a name (%s key)", luaL_typename(L, -1));
        lua_pop(L, 1);
        return 1;
    }
    return 0;
}
