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

/* "RxC" into rows and cols, each 1..SL_MAX_SIZE, checked before anything
 * multiplies them. 0, or -1. */
static int variant_boxes(const char *text, int *rows, int *cols)
{
    char *end;
    if (text[0] < '0' || text[0] > '9') return -1;
    long r = strtol(text, &end, 10);
    if (*end != 'x' || end[1] < '0' || end[1] > '9') return -1;
    long c = strtol(end + 1, &end, 10);
    if (*end != '\0' || r < 1 || r > SL_MAX_SIZE || c < 1 || c > SL_MAX_SIZE) return -1;
    *rows = (int)r, *cols = (int)c;
    return 0;
}

struct variant_read {
    struct variant_spec *v;
    struct sl_error *err;
    int rc;
};

/* Reads the variant table left in the global __variant; run through
 * lua_host_call_c, as the table's metamethods may run (and raise). */
static int variant_read(lua_State *L)
{
    struct variant_read *x = lua_touserdata(L, 1);
    struct variant_spec *v = x->v;
    lua_getglobal(L, "__variant");
    lua_getfield(L, -1, "size");
    lua_getfield(L, -2, "boxes");
    lua_getfield(L, -3, "rules");
    int isnum = 0;
    lua_Integer n = lua_tointegerx(L, -3, &isnum);
    const char *boxes = lua_tostring(L, -2), *rules = lua_tostring(L, -1);
    v->box_rows = v->box_cols = 0;
    v->size = isnum && n >= 1 && n <= SL_MAX_SIZE ? (int)n : 0;
    if (v->size == 0 || boxes == NULL || rules == NULL || strlen(rules) >= sizeof v->rules ||
        (strcmp(boxes, "none") != 0 && variant_boxes(boxes, &v->box_rows, &v->box_cols)))
        x->rc = sl_error_set(x->err, 0, 0,
                             "variant %s: needs size (1..25), boxes (\"RxC\" or \"none\") "
                             "and rules (a string)",
                             v->name);
    else
        snprintf(v->rules, sizeof v->rules, "%s", rules);
    return 0;
}

int variant_load(const char *name, struct variant_spec *v, struct sl_error *err)
{
    if (strlen(name) >= sizeof v->name ||
        strspn(name, "abcdefghijklmnopqrstuvwxyz0123456789_") != strlen(name) || name[0] == '\0')
        return sl_error_set(err, 0, 0, "'%s' is not a variant name", name);
    snprintf(v->name, sizeof v->name, "%s", name);
    struct lua_host *h = lua_host_new(NULL, variant_root(), err);
    if (h == NULL) return -1;
    char chunk[256];
    snprintf(chunk, sizeof chunk, "__variant = require('%s')", name);
    int rc = lua_host_run_string(h, "=variants", chunk, err);
    struct variant_read read = {v, err, 0};
    if (rc == 0) rc = lua_host_call_c(h, variant_read, &read, 0, err);
    if (rc == 0) rc = read.rc;
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
