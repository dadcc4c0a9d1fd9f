/*
 * lua_host_budget.c — a host's budgets (lua_host.h): the memory cap
 * (Lua's allocator and the C memory charged to it), the instruction
 * budget and the time budget, and the words their stops say.
 *
 * The instruction budget is a count hook. Time is kept by a watchdog
 * thread per host: past the time budget it raises a flag the hook reads
 * (within HOST_HOOK_EVERY instructions), and past twice the budget, when
 * the script has not come back to the VM (a long C function, a finalizer,
 * a search), it ends the process with a message. It does not call
 * lua_sethook itself: that is safe from a signal handler on the thread
 * running Lua, but from another thread it walks the call stack while the
 * VM changes it.
 */
#include <limits.h>
#include <lauxlib.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "lua_host_internal.h"

/* Wall-clock seconds allowed per CPU second of the budget. */
#define HOST_WALL_FACTOR 4
/* How often the watchdog looks at the clocks, in milliseconds. */
#define HOST_WATCH_TICK_MS 10

struct lua_limits lua_limits_default(void)
{
    return (struct lua_limits){
        .instructions = SL_LUA_INSTRUCTIONS, .memory = SL_LUA_MEMORY, .seconds = SL_LUA_SECONDS};
}

/* lua_host_see for a host. */
const char *host_see(const struct lua_host *h, enum lua_limit which)
{
    static const char *const see[] = {
        [LUA_LIMIT_INSTRUCTIONS] = "; see --max-instructions",
        [LUA_LIMIT_MEMORY] = "; see --max-memory",
        [LUA_LIMIT_SECONDS] = "; see --max-seconds",
    };
    if (h->limits.named) return see[which];
    if (which == LUA_LIMIT_SECONDS) return h->seconds_note ? h->seconds_note : "";
    return which == LUA_LIMIT_INSTRUCTIONS ? h->budget_note : "";
}

/* A generator cannot raise its budget: one that never finds a unique
 * puzzle ends at it, and its setter is told what it is and what to do,
 * in few words (an error holds SL_ERROR_MSG_MAX bytes with the file's
 * name). The budget is written as 2e9, a round count's form. Its time
 * budget is afresh for each puzzle too, and says so. */
void lua_host_per_puzzle(struct lua_host *h)
{
    long long mantissa = h->limits.instructions;
    int exponent = 0;
    char budget[32];
    if (h->limits.named) return;
    h->seconds_note = ", afresh for each puzzle";
    if (mantissa <= 0) return;
    for (; mantissa % 10 == 0; mantissa /= 10) exponent++;
    if (exponent > 2)
        snprintf(budget, sizeof budget, "%llde%d", mantissa, exponent);
    else
        snprintf(budget, sizeof budget, "%lld", h->limits.instructions);
    snprintf(h->budget_note, sizeof h->budget_note,
             "; the sandbox's fixed %s, afresh for each puzzle: give up after some tries "
             "(return nil and why)",
             budget);
}

const char *lua_host_see(lua_State *L, enum lua_limit which) { return host_see(host_of(L), which); }

const char *lua_host_progress(lua_State *L) { return host_of(L)->progress; }

/* Lua's allocator with a cap: past it the request fails and Lua raises
 * "not enough memory", which a script cannot catch into a crash. */
void *host_alloc(void *ud, void *ptr, size_t osize, size_t nsize)
{
    struct lua_host *h = ud;
    size_t old = ptr ? osize : 0;
    if (nsize == 0) {
        h->used -= old;
        free(ptr);
        return NULL;
    }
    if (h->limits.memory && nsize > old && h->used - old + nsize + h->charged > h->limits.memory)
        return NULL;
    void *grown = realloc(ptr, nsize);
    if (grown) h->used = h->used - old + nsize;
    return grown;
}

/* Raises msg at the running script's line, with what the run said it
 * had reached (sudolab.progress), which the stop would otherwise lose. */
static void host_stop(lua_State *L, const char *msg)
{
    /* From now on every instruction fails, so a script cannot pcall its
     * way past the budget: the error reaches code outside any pcall. */
    lua_sethook(L, lua_gethook(L), LUA_MASKCOUNT, 1);
    luaL_where(L, 0); /* in a hook, level 0 is the running script */
    lua_pushstring(L, msg);
    lua_pushstring(L, host_of(L)->progress);
    lua_concat(L, 3);
    lua_error(L);
}

void host_count(lua_State *L, lua_Debug *ar)
{
    (void)ar;
    struct lua_host *h = host_of(L);
    char msg[400];                  /* luaL_error's format has no %lld */
    h->executed += HOST_HOOK_EVERY; /* past the budget the step is 1: no matter */
    if (h->limits.instructions && h->executed > h->limits.instructions) {
        snprintf(msg, sizeof msg, "instruction budget exceeded (%lld%s)", h->limits.instructions,
                 host_see(h, LUA_LIMIT_INSTRUCTIONS));
        host_stop(L, msg);
    }
    if (atomic_load(&h->expired)) {
        snprintf(msg, sizeof msg, "time budget exceeded (%g s of CPU%s)", h->limits.seconds,
                 host_see(h, LUA_LIMIT_SECONDS));
        host_stop(L, msg);
    }
}

/* --- the watchdog ------------------------------------------------------- */

static double watch_clock(clockid_t clock)
{
    struct timespec t;
    clock_gettime(clock, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* The part of the time budget spent by the run under way (1: all of it). */
static double watch_spent(const struct lua_host *h)
{
    const struct host_watch *w = &h->watch;
    double cpu = (watch_clock(w->cpu_clock) - w->cpu_start) / h->limits.seconds;
    double wall =
        (watch_clock(CLOCK_MONOTONIC) - w->wall_start) / (h->limits.seconds * HOST_WALL_FACTOR);
    return cpu > wall ? cpu : wall;
}

/* Past twice the budget the script is stuck where no hook runs: the only
 * stop left is the process's. */
static void watch_hard_stop(const struct lua_host *h)
{
    char msg[HOST_PATH_MAX + 256];
    int len = snprintf(msg, sizeof msg,
                       "sudolab: %s: stopped: past twice its time budget (%g s of CPU%s) "
                       "inside a C function, a search or a finalizer\n",
                       h->script[0] ? h->script : "script", h->limits.seconds,
                       host_see(h, LUA_LIMIT_SECONDS));
    if (len > (int)sizeof msg - 1) len = (int)sizeof msg - 1;
    ssize_t wrote = write(STDERR_FILENO, msg, (size_t)len);
    (void)wrote;
    _exit(2);
}

static void watch_check(struct lua_host *h)
{
    double spent = watch_spent(h);
    if (spent >= 2) watch_hard_stop(h);
    if (spent >= 1) atomic_store(&h->expired, 1);
}

static void *watch_main(void *arg)
{
    struct lua_host *h = arg;
    struct host_watch *w = &h->watch;
    pthread_mutex_lock(&w->lock);
    while (!w->quit) {
        if (!w->active) {
            w->ticking = 0;
            pthread_cond_wait(&w->wake, &w->lock);
            continue;
        }
        if (w->seen != w->run) {
            w->seen = w->run;
            w->cpu_start = watch_clock(w->cpu_clock);
            w->wall_start = watch_clock(CLOCK_MONOTONIC);
        }
        w->ticking = 1;
        struct timespec until;
        clock_gettime(CLOCK_MONOTONIC, &until);
        until.tv_nsec += HOST_WATCH_TICK_MS * 1000000L;
        if (until.tv_nsec >= 1000000000L) until.tv_sec++, until.tv_nsec -= 1000000000L;
        pthread_cond_timedwait(&w->wake, &w->lock, &until);
        if (w->active && !w->quit && w->seen == w->run) watch_check(h);
    }
    pthread_mutex_unlock(&w->lock);
    return NULL;
}

int host_watch_init(struct lua_host *h)
{
    struct host_watch *w = &h->watch;
    pthread_condattr_t attr;
    if (pthread_condattr_init(&attr)) return -1;
    pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
    int rc = pthread_cond_init(&w->wake, &attr);
    pthread_condattr_destroy(&attr);
    if (rc) return -1;
    if (pthread_mutex_init(&w->lock, NULL)) {
        pthread_cond_destroy(&w->wake);
        return -1;
    }
    if (h->limits.seconds > 0 && pthread_create(&w->thread, NULL, watch_main, h) == 0)
        w->started = 1;
    else if (h->limits.seconds > 0) {
        pthread_mutex_destroy(&w->lock);
        pthread_cond_destroy(&w->wake);
        return -1;
    }
    return 0;
}

void host_watch_destroy(struct lua_host *h)
{
    struct host_watch *w = &h->watch;
    if (w->started) {
        pthread_mutex_lock(&w->lock);
        w->quit = 1;
        pthread_cond_signal(&w->wake);
        pthread_mutex_unlock(&w->lock);
        pthread_join(w->thread, NULL);
    }
    pthread_mutex_destroy(&w->lock);
    pthread_cond_destroy(&w->wake);
}

/* A run starts: a fresh budget of instructions and time. */
void host_watch_begin(struct lua_host *h)
{
    struct host_watch *w = &h->watch;
    pthread_mutex_lock(&w->lock);
    h->executed = 0;
    h->progress[0] = '\0';
    atomic_store(&h->expired, 0);
    lua_sethook(h->L, host_count, LUA_MASKCOUNT, HOST_HOOK_EVERY);
    if (w->started && pthread_getcpuclockid(pthread_self(), &w->cpu_clock) == 0) {
        /* The watchdog reads the run's starting clocks itself, so the
         * budget starts up to a tick late: a thread's CPU clock is a
         * system call, too dear for runs as short as a generator's
         * puzzles. A ticking watchdog sees the new run at its next tick:
         * runs in quick succession wake it once a tick, not once a run. */
        w->run++;
        w->active = 1;
        if (!w->ticking) pthread_cond_signal(&w->wake);
    }
    pthread_mutex_unlock(&w->lock);
}

void host_watch_end(struct lua_host *h)
{
    pthread_mutex_lock(&h->watch.lock);
    h->watch.active = 0;
    pthread_mutex_unlock(&h->watch.lock);
}

int lua_host_charge_memory(lua_State *L, long long bytes)
{
    struct lua_host *h = host_of(L);
    if (bytes < 0) {
        size_t back = (size_t)-bytes;
        h->charged -= back < h->charged ? back : h->charged;
        return 0;
    }
    for (int tries = 0; tries < 2; tries++) {
        if (!h->limits.memory || (h->used + h->charged <= h->limits.memory &&
                                  (size_t)bytes <= h->limits.memory - h->used - h->charged)) {
            h->charged += (size_t)bytes;
            return 0;
        }
        if (tries == 0) lua_gc(L, LUA_GCCOLLECT); /* garbage may hold charged memory */
    }
    return -1;
}

long long lua_host_budget_left(lua_State *L)
{
    const struct lua_host *h = host_of(L);
    if (!h->limits.instructions) return LLONG_MAX;
    return h->executed < h->limits.instructions ? h->limits.instructions - h->executed : 0;
}

void lua_host_charge_instructions(lua_State *L, long long instructions)
{
    struct lua_host *h = host_of(L);
    h->executed = instructions < LLONG_MAX - h->executed ? h->executed + instructions : LLONG_MAX;
}
