/*
 * lua_host_internal.h — what the host's files share (lua_host.h is the
 * contract): the host itself, reached from its lua_State, and the calls
 * between its parts: the host's life and runs (lua_host.c), its budgets
 * and watchdog (lua_host_budget.c), loading chunks and modules
 * (lua_host_modules.c) and the sandbox's own library
 * (lua_host_library.c).
 */
#ifndef SUDOLAB_LUA_HOST_INTERNAL_H
#define SUDOLAB_LUA_HOST_INTERNAL_H

#include "lua_host.h"

#include <lua.h>
#include <pthread.h>
#include <stdatomic.h>
#include <time.h>

/* Instructions between two calls of the budget's count hook. */
#define HOST_HOOK_EVERY 1000

/* The watchdog of one host: a thread that sleeps while no run is under
 * way. Its fields are guarded by lock. */
struct host_watch {
    pthread_t thread;
    pthread_mutex_t lock;
    pthread_cond_t wake;
    int started, quit;
    int active;          /* a run is under way */
    int ticking;         /* the watchdog wakes each tick (it sleeps untimed when 0) */
    clockid_t cpu_clock; /* the CPU clock of the thread running it */
    unsigned long run;   /* runs begun */
    unsigned long seen;  /* the run whose start the watchdog has read */
    double cpu_start, wall_start;
};

struct lua_host {
    lua_State *L;
    struct lua_limits limits;
    size_t used;        /* bytes the interpreter holds */
    size_t charged;     /* bytes of C memory made for the script */
    long long executed; /* instructions of the current run */
    char *path;         /* the folders `require` searches after script_dir, ':'-separated */
    atomic_int expired; /* the watchdog saw the time budget pass */
    lua_State *caller;  /* the thread Lua rules run on, during a search */
    struct host_watch watch;
    char script_dir[HOST_PATH_MAX];
    char script[HOST_PATH_MAX]; /* the file or chunk name running, for messages */
    char progress[2 + 160];     /* "; " and the run's last sudolab.progress text, or "" */
    char budget_note[256];      /* host_see's for the instruction budget, or "" */
    const char *seconds_note;   /* host_see's for the time budget */
    char *unique_line;          /* lua_host_note_unique_line's, or NULL */
    size_t unique_len, unique_cap;
    unsigned long long unique_nodes;
};

static inline struct lua_host *host_of(lua_State *L)
{
    return *(struct lua_host **)lua_getextraspace(L);
}

/* --- lua_host_budget.c --- */

/* lua_host_see for a host: where a limit's message points its reader. */
const char *host_see(const struct lua_host *h, enum lua_limit which);
/* Lua's allocator for h (ud), which keeps it under its memory cap. */
void *host_alloc(void *ud, void *ptr, size_t osize, size_t nsize);
/* The count hook that stops a run past its instruction or time budget. */
void host_count(lua_State *L, lua_Debug *ar);
/* h's watchdog, started when h has a time budget: 0, or -1. */
int host_watch_init(struct lua_host *h);
void host_watch_destroy(struct lua_host *h);
/* A run's start (a fresh budget of instructions and time) and end. */
void host_watch_begin(struct lua_host *h);
void host_watch_end(struct lua_host *h);

/* --- lua_host_modules.c --- */

/* luaL_loadfilex in text mode ("-": standard input), a binary chunk
 * refused with the file's name: luaL_loadfilex's result and stack. */
int host_load_file(lua_State *L, const char *path);
/* require NAME, as the sandbox's library gives it to scripts. */
int host_require(lua_State *L);

/* --- lua_host_library.c --- */

/* Opens the sandbox's libraries, and its print (lua_pcall it). */
int host_open(lua_State *L);
/* Lua's panic function for the host: a message and exit 2. */
int host_panic(lua_State *L);

#endif
