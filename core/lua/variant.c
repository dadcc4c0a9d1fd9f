/*
 * variant.c — see variant.h.
 */
#include "variant.h"

#include <lauxlib.h>
#include <lua.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lua_host.h"

const char *variant_root(void)
{
    const char *root = getenv("SUDOLAB_ROOT");
#ifdef SUDOLAB_SOURCE_ROOT
    if (root == NULL || root[0] == '\0') root = SUDOLAB_SOURCE_ROOT;
#endif
    return root ? root : ".";
}

/* Reads the variant table on top of the stack (and pops it). */
static int variant_read(lua_State *L, struct variant_spec *v, struct sl_error *err)
{
    if (!lua_istable(L, -1)) {
        lua_pop(L, 1);
        return sl_error_set(err, 0, 0, "variant %s: the file must return a table", v->name);
    }
    lua_getfield(L, -1, "size");
    lua_getfield(L, -2, "boxes");
    lua_getfield(L, -3, "rules");
    int n = (int)lua_tointeger(L, -3);
    const char *boxes = lua_tostring(L, -2), *rules = lua_tostring(L, -1);
    int rc = 0;
    v->size = n;
    v->box_rows = v->box_cols = 0;
    if (n < 1 || n > SL_MAX_SIZE || boxes == NULL || rules == NULL ||
        strlen(rules) >= sizeof v->rules ||
        (strcmp(boxes, "none") != 0 && sscanf(boxes, "%dx%d", &v->box_rows, &v->box_cols) != 2))
        rc = sl_error_set(err, 0, 0,
                          "variant %s: needs size (1..%d), boxes (\"RxC\" or \"none\") "
                          "and rules (a string of fewer than %d bytes)",
                          v->name, SL_MAX_SIZE, VARIANT_RULES_MAX);
    else
        snprintf(v->rules, sizeof v->rules, "%s", rules);
    lua_pop(L, 4);
    return rc;
}

int variant_load(const char *name, struct variant_spec *v, struct sl_error *err)
{
    if (strlen(name) >= sizeof v->name ||
        strspn(name, "abcdefghijklmnopqrstuvwxyz0123456789_") != strlen(name) || name[0] == '\0')
        return sl_error_set(err, 0, 0, "'%s' is not a variant name", name);
    snprintf(v->name, sizeof v->name, "%s", name);
    struct lua_host *h = lua_host_new(NULL, variant_root(), err);
    if (h == NULL) return -1;
    lua_State *L = lua_host_state(h);
    lua_getglobal(L, "require");
    lua_pushstring(L, name);
    int rc = lua_host_pcall(h, 1, 1, err);
    if (rc == 0) rc = variant_read(L, v, err);
    lua_host_free(h);
    return rc;
}

int variant_apply(const struct variant_spec *v, struct puzzle *p, struct sl_error *err)
{
    struct geometry g;
    if (p->nrules != 1 || strcmp(p->rules[0].ops->name, "classic") != 0)
        return sl_error_set(err, 0, 1, "--variant applies to plain puzzles; this one has rules");
    if (p->geo.size != v->size)
        return sl_error_set(err, 0, 1, "a %dx%d puzzle, but variant %s is %dx%d", p->geo.size,
                            p->geo.size, v->name, v->size, v->size);
    if (geometry_init(&g, v->size, v->box_rows, v->box_cols, err)) return -1;
    uint8_t givens[SL_MAX_CELLS];
    memcpy(givens, p->givens, sizeof givens);
    puzzle_clear(p);
    puzzle_init(p, &g);
    memcpy(p->givens, givens, sizeof givens);
    if (puzzle_add_rules_text(p, v->rules, err)) {
        char why[sizeof err->msg];
        snprintf(why, sizeof why, "%s", err->msg);
        return sl_error_set(err, 0, 1,
                            "variant %s: a rule needs data each puzzle brings (%s); write such "
                            "puzzles as sudolab lines",
                            v->name, why);
    }
    return 0;
}
