/*
 * lua_host.h — an embedded Lua 5.4 interpreter that runs scripts in a
 * sandbox, with the sudolab API (lua_api.h) loaded.
 *
 * One host is one lua_State, watched by a thread of its own while a script
 * runs: give each thread its own host. A script sees the
 * base library without dofile/loadfile (load takes text chunks only;
 * print writes to standard error unless the limits' script_output),
 * string, table, math, utf8, coroutine, os.clock/os.time, and `require`
 * limited to the script's own folder and the search path the host was
 * made with (variant.h's: $SUDOLAB_PATH, the project's variants/ and
 * scripts/). An instruction budget, a CPU and wall-clock
 * time budget and a memory cap stop a runaway script with a clear error,
 * ending with what the script last said it had reached
 * (sudolab.progress, the host's own addition to the API); a script
 * stuck inside a C function or a finalizer past twice its time budget
 * ends the process with a message (exit 2). Searches the script
 * starts charge their nodes to the instruction budget, and C memory made
 * for it (rulesets, solvers) counts against the cap. Every error comes
 * back as "file:line: message" in err->msg.
 */
#ifndef SUDOLAB_LUA_HOST_H
#define SUDOLAB_LUA_HOST_H

#include <stddef.h>

#include "error.h"

struct lua_limits {
    long long instructions; /* VM instructions per run; 0: no limit */
    size_t memory;          /* bytes; 0: no limit */
    double seconds;         /* CPU seconds per run, and four times as many
                               wall-clock seconds; 0: no limit */
    int named;              /* 1: the command takes --max-instructions,
                               --max-memory and --max-seconds (run), and
                               the messages of the limits point to them */
    int script_output;      /* 1: print writes to standard output (run, whose
                               output the script makes), and a write that
                               fails is an error, so the script stops; 0:
                               to standard error, clear of a command's own
                               output */
};

/* The defaults: SL_LUA_INSTRUCTIONS, SL_LUA_MEMORY and SL_LUA_SECONDS
 * (sudolab_limits.h; variants/README.md says what they cost). */
struct lua_limits lua_limits_default(void);

struct lua_host;
struct lua_State;

/* NULL with err set when the state cannot be made. path lists the
 * folders `require` searches after the script's own, in order and
 * ':'-separated (NULL: none). */
struct lua_host *lua_host_new(const struct lua_limits *limits, const char *path,
                              struct sl_error *err);
void lua_host_free(struct lua_host *h);
/* Marks h as a generator's, its budgets afresh for each puzzle and no
 * option to change them: the instruction budget's messages say so, and
 * what a generator that never finds a unique puzzle should do. */
void lua_host_per_puzzle(struct lua_host *h);
/* Runs a script file with arg = {[0]=path, ...}; path "-" reads the
 * script from standard input (named as sl_operand_name names it, its
 * chunk too; its folder the current one). 0, or -1 with err. */
int lua_host_run_file(struct lua_host *h, const char *path, int argc, char **argv,
                      struct sl_error *err);
/* Runs a file (no arguments) and leaves its first result on the stack
 * (data files that return a table); "-" as lua_host_run_file. 0, or -1
 * with err. */
int lua_host_run_file_value(struct lua_host *h, const char *path, struct sl_error *err);
/* Runs a chunk of text named `name`. 0, or -1 with err. */
int lua_host_run_string(struct lua_host *h, const char *name, const char *text,
                        struct sl_error *err);
/* Runs a chunk as lua_host_run_string does and copies its first result
 * into out (cap bytes, cut to fit) when it is a string: 1, 0 when it is
 * not, or -1 with err. */
int lua_host_run_string_text(struct lua_host *h, const char *name, const char *text, char *out,
                             size_t cap, struct sl_error *err);
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
/* The first key of the table at index t that is not one of known
 * (NULL-ended), told in msg with a guess ("unknown key 'stratgy' (did you
 * mean 'strategy'?)"): 1, or 0 when every key is known. No metamethod
 * runs. */
int lua_table_unknown_key(struct lua_State *L, int t, const char *const *known, char *msg,
                          size_t cap);

/* Calls fn(ud, ...) as a run (under the budgets, errors as "file:line:
 * message"), with the nargs values on top of the stack as its arguments
 * after a light userdata ud; they are popped. For C code reading a
 * script's tables, whose metamethods may run. 0, or -1 with err. */
int lua_host_call_c(struct lua_host *h, int (*fn)(struct lua_State *L), void *ud, int nargs,
                    struct sl_error *err);
/* The interpreter, for the C side of the API and tests. */
struct lua_State *lua_host_state(struct lua_host *h);

/* For the API (L is any thread of a host's interpreter). */
/* Charges bytes of C memory made for the script to the cap (negative:
 * given back). Past the cap it collects garbage once and tries again;
 * 0, or -1 when it still does not fit (nothing charged). */
int lua_host_charge_memory(struct lua_State *L, long long bytes);
/* What is left of the run's instruction budget (LLONG_MAX: no budget),
 * and a charge to it for work done in C (a search's nodes). */
long long lua_host_budget_left(struct lua_State *L);
void lua_host_charge_instructions(struct lua_State *L, long long instructions);
/* The limits a message may point to, each an option of run. */
enum lua_limit { LUA_LIMIT_INSTRUCTIONS, LUA_LIMIT_MEMORY, LUA_LIMIT_SECONDS };
/* "; see --max-instructions" (--max-memory, --max-seconds) for a limit's
 * message when the command takes that option, else "": a generator's or a
 * report's message once sent the user to an option the command refuses.
 * A generator's host (lua_host_per_puzzle) says instead what its
 * instruction budget is and what to do, and that both budgets are afresh
 * for each puzzle. */
const char *lua_host_see(struct lua_State *L, enum lua_limit which);
/* "; TEXT", TEXT the run's last sudolab.progress text, or "" when none:
 * what it had reached, appended as it is to a budget's or the memory
 * cap's stop message (as lua_host_see's part is). */
const char *lua_host_progress(struct lua_State *L);
/* The thread Lua rules are called on: the one that started the search
 * running. Returns the previous one, to be set back after the search. */
struct lua_State *lua_host_set_caller(struct lua_State *L, struct lua_State *caller);
struct lua_State *lua_host_caller(struct lua_State *L);

/* A puzzle's line the engine's own count found unique (the API notes it
 * when p:line() writes such a puzzle; a script cannot), with that count's
 * nodes: a generator's check of the same line needs no second count.
 * The host keeps the last line noted. lua_host_take_unique_line returns 1
 * and the nodes when line is that line, else 0; it forgets the line
 * either way. */
void lua_host_note_unique_line(struct lua_State *L, const char *line, size_t len,
                               unsigned long long nodes);
int lua_host_take_unique_line(struct lua_host *h, const char *line, unsigned long long *nodes);

#endif
