/*
 * lua_host.h — an embedded Lua 5.4 interpreter that runs scripts in a
 * sandbox, with the sudolab API (lua_api.h) loaded.
 *
 * One host is one lua_State: give each thread its own. A script sees the
 * base library without dofile/loadfile (load takes text chunks only),
 * string, table, math, utf8, coroutine, os.clock/os.time, and `require`
 * limited to the script's own folder and the search path the host was
 * made with (variant.h's: $SUDOLAB_PATH, the project's variants/ and
 * scripts/). An instruction budget and a memory cap stop a
 * runaway script with a clear error. Every error comes back as
 * "file:line: message" in err->msg.
 */
#ifndef SUDOLAB_LUA_HOST_H
#define SUDOLAB_LUA_HOST_H

#include <stddef.h>

#include "error.h"

struct lua_limits {
    long long instructions; /* VM instructions per run; 0: no limit */
    size_t memory;          /* bytes; 0: no limit */
};

/* The defaults: SL_LUA_INSTRUCTIONS and SL_LUA_MEMORY (sudolab_limits.h). */
struct lua_limits lua_limits_default(void);

struct lua_host;

/* NULL with err set when the state cannot be made. path lists the
 * folders `require` searches after the script's own, in order and
 * ':'-separated (NULL: none). */
struct lua_host *lua_host_new(const struct lua_limits *limits, const char *path,
                              struct sl_error *err);
void lua_host_free(struct lua_host *h);
/* Runs a script file with arg = {[0]=path, ...}. 0, or -1 with err. */
int lua_host_run_file(struct lua_host *h, const char *path, int argc, char **argv,
                      struct sl_error *err);
/* Runs a file (no arguments) and leaves its first result on the stack
 * (data files that return a table). 0, or -1 with err. */
int lua_host_run_file_value(struct lua_host *h, const char *path, struct sl_error *err);
/* Runs a chunk of text named `name`. 0, or -1 with err. */
int lua_host_run_string(struct lua_host *h, const char *name, const char *text,
                        struct sl_error *err);
/* Calls the global function `name` with one integer argument, under the
 * budget (counted afresh), leaving nresults results on the stack for the
 * caller to read and pop. 0, or -1 with err (nothing left on the stack). */
int lua_host_call(struct lua_host *h, const char *name, long long arg, int nresults,
                  struct sl_error *err);
/* Calls the function on the stack below its nargs arguments, under the
 * budget (counted afresh), leaving nresults results (the glue that hands
 * C data to a script builds the arguments with the C API). 0, or -1 with
 * err (function and arguments gone). */
int lua_host_pcall(struct lua_host *h, int nargs, int nresults, struct sl_error *err);
/* The interpreter, for the C side of the API and tests. */
struct lua_State *lua_host_state(struct lua_host *h);

#endif
