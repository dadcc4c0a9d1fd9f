/*
 * lua_host.c — see lua_host.h.
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
#include "lua_host.h"
#include "lua_rule.h"

#include <ctype.h>
#include <errno.h>
#include <lauxlib.h>
#include <limits.h>
#include <lua.h>
#include <lualib.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "lua_api.h"
#include "suggest.h"

#define HOST_HOOK_EVERY 1000
/* Wall-clock seconds allowed per CPU second of the budget. */
#define HOST_WALL_FACTOR 4
/* How often the watchdog looks at the clocks, in milliseconds. */
#define HOST_WATCH_TICK_MS 10

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

struct lua_limits lua_limits_default(void)
{
    return (struct lua_limits){
        .instructions = SL_LUA_INSTRUCTIONS, .memory = SL_LUA_MEMORY, .seconds = SL_LUA_SECONDS};
}

static struct lua_host *host_of(lua_State *L) { return *(struct lua_host **)lua_getextraspace(L); }

/* lua_host_see for a host. */
static const char *host_see(const struct lua_host *h, enum lua_limit which)
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
static void *host_alloc(void *ud, void *ptr, size_t osize, size_t nsize)
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

static void host_count(lua_State *L, lua_Debug *ar)
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

static int watch_init(struct lua_host *h)
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

static void watch_destroy(struct lua_host *h)
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
static void watch_begin(struct lua_host *h)
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

static void watch_end(struct lua_host *h)
{
    pthread_mutex_lock(&h->watch.lock);
    h->watch.active = 0;
    pthread_mutex_unlock(&h->watch.lock);
}

/* --- the sandbox's own library ------------------------------------------ */

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
static int host_load_file(lua_State *L, const char *path)
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
static int host_require(lua_State *L)
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
static int host_panic(lua_State *L)
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
static int host_open(lua_State *L)
{
    host_open_libraries(L);
    lua_pushcfunction(L, host_of(L)->limits.script_output ? host_print_stdout : host_print_stderr);
    lua_setglobal(L, "print");
    return 0;
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
    if (watch_init(h)) {
        sl_error_set(err, 0, 0, "cannot start the script's watchdog");
        free(h);
        return NULL;
    }
    h->path = strdup(path ? path : "");
    h->L = h->path ? lua_newstate(host_alloc, h) : NULL;
    if (h->L == NULL) {
        sl_error_set(err, 0, 0, "cannot start Lua (memory cap too small?)");
        free(h->path);
        watch_destroy(h);
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
    watch_begin(h); /* finalizers run now: they too are under a budget */
    lua_close(h->L);
    watch_end(h);
    watch_destroy(h);
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
    watch_begin(h);
    int status = lua_pcall(h->L, nargs, nresults, handler);
    watch_end(h);
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
