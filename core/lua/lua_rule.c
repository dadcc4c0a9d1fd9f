/*
 * lua_rule.c — the slow escape hatch: a rule whose test is a Lua function,
 * for research ideas no C primitive covers (lua_api.h, p:add_lua_rule).
 *
 * The rule watches its cells as one group; once all of them are decided
 * (or, for a partial rule, whenever one changes, with 0 for the cells not
 * decided yet), it calls check(digits) with their digits in order, and a
 * false answer is a dead end, and a Lua error stops the search (it is
 * kept and reported after it). A rule checked only when complete prunes at the last moment,
 * so the search can thrash below it (a rule on four corners took 40k calls
 * and seconds where a native one takes none); a partial check prunes as
 * soon as it can. Either way each call is a Lua call and a table, hundreds
 * of times the cost of a native rule's step. Its data is a function, so it has no text
 * form: a ruleset copies it with the clone hook, and it lives in the
 * interpreter that made it (one thread). Its copies share one reference
 * to the function, so copying calls no Lua; the reference is dropped on
 * the interpreter's main thread, which lives as long as the interpreter
 * (a coroutine that added the rule may be collected first). The check
 * runs on the thread that started the search (lua_host_caller), inside a
 * protected call: no Lua error, not even out of memory, unwinds through
 * the search.
 */
#include "lua_rule.h"

#include "lua_host.h"

#include <lauxlib.h>
#include <lua.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The check function, shared by a rule and its copies. */
struct lua_rule_fn {
    lua_State *main; /* the interpreter's main thread */
    int ref;         /* the function, in the registry */
    int copies;      /* rules holding it */
};

struct lua_rule {
    struct lua_rule_fn *fn;
    char name[64];
    int partial; /* check also sees undecided cells (as 0) */
    int ncells;
    int cells[SL_MAX_CELLS];
    char *error; /* a Lua error met during the search, shared by copies */
};

static void lua_rule_destroy(void *self)
{
    struct lua_rule *r = self;
    if (--r->fn->copies == 0) {
        /* Unref stores into slots the registry has: it allocates nothing
         * and cannot raise, even on a thread that is not running. */
        if (lua_checkstack(r->fn->main, 2)) luaL_unref(r->fn->main, LUA_REGISTRYINDEX, r->fn->ref);
        free(r->fn);
    }
    free(r);
}

static void *lua_rule_clone(const void *self, struct sl_error *err)
{
    const struct lua_rule *r = self;
    struct lua_rule *copy = malloc(sizeof *copy);
    if (copy == NULL) {
        sl_error_set(err, 0, 0, "out of memory");
        return NULL;
    }
    *copy = *r;
    copy->fn->copies++;
    return copy;
}

static void *lua_rule_parse(const struct geometry *g, const char *args, struct sl_error *err)
{
    (void)g;
    sl_error_set(err, 0, 1, "lua:%.40s is a rule of a script; it has no text form", args);
    return NULL;
}

static int lua_rule_attach(void *self, struct rule_builder *b, struct sl_error *err)
{
    const struct lua_rule *r = self;
    return rules_watch_group(b, r->cells, r->ncells, err) < 0 ? -1 : 0;
}

struct lua_rule_call {
    const struct lua_rule *r;
    const uint8_t *digits;
};

/* check(digits), with the call's data as light userdata 1: the table is
 * made in here, so running out of memory is an error of the call. */
static int lua_rule_call_protected(lua_State *L)
{
    const struct lua_rule_call *call = lua_touserdata(L, 1);
    const struct lua_rule *r = call->r;
    lua_rawgeti(L, LUA_REGISTRYINDEX, r->fn->ref);
    lua_createtable(L, r->ncells, 0);
    for (int i = 0; i < r->ncells; i++) {
        lua_pushinteger(L, call->digits[i]);
        lua_rawseti(L, -2, i + 1);
    }
    lua_call(L, 1, 1);
    return 1;
}

void lua_rule_error_fit(char *dst, size_t cap, const char *src)
{
    static const char marker[] = LUA_RULE_NESTED, gap[] = "... ";
    size_t len = strlen(src), mlen = sizeof marker - 1;
    const char *first = strstr(src, marker), *last = first;
    if (cap == 0) return;
    if (len < cap || first == NULL || cap < 4 * (mlen + sizeof gap)) {
        snprintf(dst, cap, "%s", src);
        return;
    }
    for (const char *at = first; (at = strstr(at + 1, marker)) != NULL;) last = at;
    size_t head = (size_t)(first - src) + mlen;
    if (head > cap / 2) head = cap / 2; /* the outer place stays short of half */
    const char *inner = last + mlen;
    if (strncmp(inner, gap, sizeof gap - 1) == 0) inner += sizeof gap - 1; /* cut before */
    snprintf(dst, cap, "%.*s%s%s", (int)head, src, gap, inner);
}

/* Calls check with the digits of the rule's cells: 1 yes, 0 no, -1 a Lua
 * error (kept in r->error). */
static int lua_rule_call(const struct lua_rule *r, const uint8_t *digits)
{
    lua_State *L = lua_host_caller(r->fn->main);
    struct lua_rule_call call = {r, digits};
    if (!lua_checkstack(L, 4)) return -1;
    lua_pushcfunction(L, lua_rule_call_protected);
    lua_pushlightuserdata(L, &call);
    if (lua_pcall(L, 1, 1, 0) != LUA_OK) {
        const char *msg = lua_tostring(L, -1);
        if (r->error && r->error[0] == '\0')
            lua_rule_error_fit(r->error, LUA_RULE_ERROR_MAX, msg ? msg : "error in a Lua rule");
        lua_pop(L, 1);
        return -1;
    }
    int yes = lua_toboolean(L, -1);
    lua_pop(L, 1);
    return yes;
}

static int lua_rule_propagate(void *self, struct prop_ctx *ctx)
{
    const struct lua_rule *r = self;
    for (int group; (group = prop_next_group(ctx)) >= 0;) {
        uint8_t digits[SL_MAX_CELLS];
        int decided = 1;
        for (int i = 0; i < r->ncells && (decided || r->partial); i++) {
            digitset m = prop_candidates(ctx, r->cells[i]);
            digits[i] = (uint8_t)(digitset_is_single(m) ? digitset_first(m) : 0);
            decided &= digits[i] != 0;
        }
        int verdict = decided || r->partial ? lua_rule_call(r, digits) : 1;
        if (verdict < 0) prop_abort(ctx); /* a script error ends the search */
        if (verdict != 1) return SL_PROP_CONTRADICTION;
        prop_settle_group(ctx, group);
    }
    return SL_PROP_OK;
}

static int lua_rule_check(const void *self, const struct geometry *g, const uint8_t *grid)
{
    const struct lua_rule *r = self;
    uint8_t digits[SL_MAX_CELLS];
    (void)g;
    for (int i = 0; i < r->ncells; i++) digits[i] = grid[r->cells[i]];
    return lua_rule_call(r, digits) == 1;
}

static int lua_rule_write(const void *self, char *buf, size_t cap)
{
    return snprintf(buf, cap, "%s", ((const struct lua_rule *)self)->name);
}

static const struct constraint_ops lua_rule_ops = {
    .name = "lua",
    .summary = "a rule a script tests with a Lua function (slow: see lua_rule.c)",
    .parse = lua_rule_parse,
    .attach = lua_rule_attach,
    .propagate = lua_rule_propagate,
    .check = lua_rule_check,
    .write = lua_rule_write,
    .destroy = lua_rule_destroy,
    .clone = lua_rule_clone,
};

int lua_rule_add(struct puzzle *p, struct lua_State *L, int function_index, const char *name,
                 const int *cells, int ncells, int partial, char *error, struct sl_error *err)
{
    if (p->nrules == SL_MAX_RULES)
        return sl_error_set(err, 0, 0, "too many rules (at most %d)", SL_MAX_RULES);
    /* Lua may raise here (out of memory): before anything is malloc'd. */
    lua_pushvalue(L, function_index);
    int ref = luaL_ref(L, LUA_REGISTRYINDEX);
    lua_rawgeti(L, LUA_REGISTRYINDEX, LUA_RIDX_MAINTHREAD);
    lua_State *main = lua_tothread(L, -1);
    lua_pop(L, 1);
    struct lua_rule *r = calloc(1, sizeof *r);
    if (r) r->fn = malloc(sizeof *r->fn);
    if (r == NULL || r->fn == NULL) {
        luaL_unref(L, LUA_REGISTRYINDEX, ref);
        free(r);
        return sl_error_set(err, 0, 0, "out of memory");
    }
    r->fn->main = main;
    r->fn->ref = ref;
    r->fn->copies = 1;
    snprintf(r->name, sizeof r->name, "%s", name);
    r->ncells = ncells;
    r->partial = partial;
    memcpy(r->cells, cells, (size_t)ncells * sizeof *cells);
    r->error = error;
    p->rules[p->nrules].ops = &lua_rule_ops;
    p->rules[p->nrules].self = r;
    p->nrules++;
    return 0;
}
