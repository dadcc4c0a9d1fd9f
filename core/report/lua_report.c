/*
 * lua_report.c — reading an experiment file (report.h): run in the
 * sandbox, its table read field by field, every field checked.
 */
#include <lauxlib.h>
#include <lua.h>
#include <stdio.h>
#include <string.h>

#include "json.h"
#include "lua_host.h"
#include "rate.h"
#include "report.h"
#include "suggest.h"
#include "variant.h"

static const char *const experiment_keys[] = {"title", "description", "count",       "seed",
                                              "jobs",  "arms",        "comparisons", NULL};
static const char *const arm_keys[] = {"name",   "variant",  "strategy", "symmetry", "grade",
                                       "count",  "seed",     "jobs",     "clues",    "size",
                                       "rating", "baseline", NULL};

/* Every key of the table at t is one of known, else err names the first
 * that is not (with a guess) as WHERE: unknown key... */
static int check_keys(lua_State *L, int t, const char *const *known, const char *where,
                      struct sl_error *err)
{
    char msg[512];
    if (!lua_table_unknown_key(L, t, known, msg, sizeof msg)) return 0;
    return sl_error_set(err, 0, 0, "%s: %s", where, msg);
}

/* A table's fields read one by one, each checked: the first that is not
 * as documented makes err say "WHERE: FIELD wants ...". */
struct field_reader {
    lua_State *L;
    int t;             /* the table's index */
    const char *where; /* the file, or "FILE: arm N" */
    struct sl_error *err;
};

/* A string field into buf (empty when absent). Pages, CSV and meta.json
 * are UTF-8, so the text must be too. */
static int field_string(const struct field_reader *f, const char *name, char *buf, size_t cap)
{
    int type = lua_getfield(f->L, f->t, name);
    size_t len = 0;
    const char *text = type == LUA_TSTRING ? lua_tolstring(f->L, -1, &len) : "";
    int ok = type == LUA_TNIL ||
             (type == LUA_TSTRING && len < cap && strlen(text) == len && json_is_utf8(text, len));
    snprintf(buf, cap, "%s", ok ? text : "");
    lua_pop(f->L, 1);
    if (ok) return 0;
    return sl_error_set(f->err, 0, 0, "%s: %s wants UTF-8 text of at most %zu bytes", f->where,
                        name, cap - 1);
}

/* A whole-number field in [low, high], or `absent` when missing. */
static int field_integer(const struct field_reader *f, const char *name, long long low,
                         long long high, long long absent, long long *out)
{
    int type = lua_getfield(f->L, f->t, name), isnum = 0;
    long long v = type == LUA_TNIL ? absent : (long long)lua_tointegerx(f->L, -1, &isnum);
    lua_pop(f->L, 1);
    *out = v;
    if ((type == LUA_TNIL || isnum) && v >= low && v <= high) return 0;
    return sl_error_set(f->err, 0, 0, "%s: %s wants a whole number %lld..%lld", f->where, name, low,
                        high);
}

/* rating = {LOW, HIGH}: the band `sudolab generate --rating` takes. */
static int arm_rating(const struct field_reader *f, struct generate_request *req)
{
    lua_State *L = f->L;
    if (lua_getfield(L, f->t, "rating") == LUA_TNIL) return lua_pop(L, 1), 0;
    int ok = lua_istable(L, -1) && lua_rawlen(L, -1) == 2;
    if (ok) {
        lua_geti(L, -1, 1);
        lua_geti(L, -2, 2);
        ok = lua_isnumber(L, -2) && lua_isnumber(L, -1);
        req->rating_low = lua_tonumber(L, -2);
        req->rating_high = lua_tonumber(L, -1);
        lua_pop(L, 2);
        /* Written this way round, a NaN fails too. */
        ok = ok && req->rating_low >= GENERATE_RATING_MIN && req->rating_high >= req->rating_low &&
             req->rating_high <= GENERATE_RATING_MAX;
    }
    lua_pop(L, 1);
    if (ok) return 0;
    return sl_error_set(f->err, 0, 0, "%s: rating wants {LOW, HIGH} with %g <= LOW <= HIGH <= %g",
                        f->where, GENERATE_RATING_MIN, GENERATE_RATING_MAX);
}

/* A variant given as a relative file name is found beside the experiment
 * file, wherever the report is run from. */
static int arm_variant_file(const struct experiment *e, struct report_arm *a)
{
    const char *slash = strrchr(e->path, '/');
    if (!variant_is_file(a->variant) || a->variant[0] == '/' || slash == NULL) return 0;
    char file[sizeof a->variant];
    int n = snprintf(file, sizeof file, "%.*s/%s", (int)(slash - e->path), e->path, a->variant);
    if (n < 0 || (size_t)n >= sizeof file) return -1;
    memcpy(a->variant, file, (size_t)n + 1);
    return 0;
}

/* The arm's names and options, checked as `sudolab generate` checks its
 * own: the grade against the rater's, the rest by the variant's script
 * (a generator made and dropped), so a bad arm stops the experiment
 * before any arm runs; a rating band past the variant's reach is cut
 * first, with a note (generator_new_cut). */
static int check_arm(const struct experiment *e, struct report_arm *a, struct sl_error *err)
{
    char note[512];
    struct generator *g = generator_new_cut(&a->request, note, sizeof note, err);
    if (note[0])
        fprintf(stderr, "sudolab report: note: %s: arm '%s': %s\n", e->path, a->name, note);
    if (a->grade[0] && grade_by_name(a->grade) < 0) {
        generator_free(g);
        const char *names[GRADE_COUNT + 1];
        char msg[512];
        for (int k = 0; k < GRADE_COUNT; k++) names[k] = grade_name((enum grade)k);
        names[GRADE_COUNT] = NULL;
        suggest_unknown("grade", a->grade, names, msg, sizeof msg);
        return sl_error_set(err, 0, 0, "%s: arm '%s': %s", e->path, a->name, msg);
    }
    if (g) {
        generator_free(g);
        return 0;
    }
    char msg[sizeof err->msg];
    snprintf(msg, sizeof msg, "%s", err->msg);
    return sl_error_set(err, 0, 0, "%s: arm '%s': %s", e->path, a->name, msg);
}

#define ARM_NAME_CHARS "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-"

/* Arm i of the table at index t (the arms list). */
static int read_arm(lua_State *L, int t, const struct experiment *e, struct report_arm *a,
                    long long count, long long seed, long long jobs, struct sl_error *err)
{
    long long v[5];
    char where[1100];
    snprintf(where, sizeof where, "%s: arm %d", e->path, e->narms + 1);
    if (check_keys(L, t, arm_keys, where, err)) return -1;
    const struct field_reader f = {L, t, where, err};
    if (field_string(&f, "name", a->name, sizeof a->name) ||
        field_string(&f, "variant", a->variant, sizeof a->variant) ||
        field_string(&f, "strategy", a->strategy, sizeof a->strategy) ||
        field_string(&f, "symmetry", a->symmetry, sizeof a->symmetry) ||
        field_string(&f, "grade", a->grade, sizeof a->grade) ||
        field_string(&f, "baseline", a->baseline, sizeof a->baseline) ||
        field_integer(&f, "count", 1, REPORT_MAX_COUNT, count, &v[0]) ||
        field_integer(&f, "seed", 0, INT64_MAX, seed, &v[1]) ||
        field_integer(&f, "jobs", 1, GENERATE_MAX_JOBS, jobs, &v[2]) ||
        field_integer(&f, "clues", 0, SL_MAX_CELLS, 0, &v[3]) ||
        field_integer(&f, "size", 0, SL_MAX_SIZE, 0, &v[4]) || arm_rating(&f, &a->request))
        return -1;
    if (!a->name[0]) return sl_error_set(err, 0, 0, "%s needs a name (reports/README.md)", where);
    /* Names label charts, tables and the page: data, never code or markup. */
    if (strspn(a->name, ARM_NAME_CHARS) != strlen(a->name))
        return sl_error_set(err, 0, 0,
                            "%s: arm %d: the name '%.64s' may hold only letters, digits, _ and -",
                            e->path, e->narms + 1, a->name);
    /* A name is each arm's files (puzzle-NAME-1.svg) and its rows: two
     * arms of one name would write over each other's pictures. */
    for (int i = 0; i < e->narms; i++)
        if (strcmp(e->arms[i].name, a->name) == 0)
            return sl_error_set(err, 0, 0, "%s: arms %d and %d are both named '%s'", e->path, i + 1,
                                e->narms + 1, a->name);
    if (arm_variant_file(e, a))
        return sl_error_set(err, 0, 0, "%s: arm %s: the variant's path is too long", e->path,
                            a->name);
    a->count = (long)v[0], a->seed = (uint64_t)v[1], a->jobs = (int)v[2];
    a->request.variant = a->variant[0] ? a->variant : "classic";
    a->request.strategy = a->strategy[0] ? a->strategy : NULL;
    a->request.symmetry = a->symmetry[0] ? a->symmetry : NULL;
    a->request.grade = a->grade[0] ? a->grade : NULL;
    a->request.clues = (int)v[3];
    a->request.size = (int)v[4];
    a->request.want_rating = 1;
    a->request.arm_keys = 1;
    return check_arm(e, a, err);
}

/* Whether the table at t holds a key other than 1..n: an arm left out of
 * the list (after a hole, or under a name) was once skipped unsaid. */
static int arms_beyond(lua_State *L, int t, lua_Integer n)
{
    lua_pushnil(L);
    while (lua_next(L, t)) {
        lua_pop(L, 1);
        int isnum = 0;
        lua_Integer k = lua_type(L, -1) == LUA_TNUMBER ? lua_tointegerx(L, -1, &isnum) : 0;
        if (!isnum || k < 1 || k > n) {
            lua_pop(L, 1);
            return 1;
        }
    }
    return 0;
}

/* --- the comparisons named ------------------------------------------------ */

/* The arm of that name, else -1 with err "WHERE: unknown arm ...". */
static int arm_named(const struct experiment *e, const char *name, const char *where,
                     struct sl_error *err)
{
    const char *names[REPORT_MAX_ARMS + 1];
    for (int a = 0; a < e->narms; a++) {
        if (strcmp(e->arms[a].name, name) == 0) return a;
        names[a] = e->arms[a].name;
    }
    names[e->narms] = NULL;
    char msg[512];
    suggest_unknown("arm", name, names, msg, sizeof msg);
    sl_error_set(err, 0, 0, "%s: %s", where, msg);
    return -1;
}

/* arm against base, once: an arm against itself, or a pair named twice
 * (either way round), says nothing new and is refused. */
static int add_pair(struct experiment *e, int arm, int base, const char *where,
                    struct sl_error *err)
{
    const char *a = e->arms[arm].name, *b = e->arms[base].name;
    if (arm == base) return sl_error_set(err, 0, 0, "%s: arm '%s' compared with itself", where, a);
    for (int i = 0; i < e->npairs; i++) {
        const struct report_pair *p = &e->pairs[i];
        if ((p->arm == arm && p->base == base) || (p->arm == base && p->base == arm))
            return sl_error_set(err, 0, 0, "%s: '%s' and '%s' are compared twice", where, a, b);
    }
    if (e->npairs == REPORT_MAX_COMPARISONS)
        return sl_error_set(err, 0, 0, "%s: more than %d comparisons", where,
                            REPORT_MAX_COMPARISONS);
    e->pairs[e->npairs++] = (struct report_pair){arm, base};
    return 0;
}

/* comparisons = {{ARM, BASE}, ...}: the list at t, each pair checked. */
static int read_pairs(lua_State *L, int t, struct experiment *e, struct sl_error *err)
{
    char where[REPORT_PATH_MAX + 64];
    lua_Integer n = lua_istable(L, t) ? (lua_Integer)lua_rawlen(L, t) : 0;
    if (n < 1 || arms_beyond(L, t, n))
        return sl_error_set(err, 0, 0,
                            "%s: comparisons wants a list of {ARM, BASE} pairs of arm names "
                            "(reports/README.md)",
                            e->path);
    for (lua_Integer i = 1; i <= n; i++) {
        snprintf(where, sizeof where, "%s: comparison %lld", e->path, (long long)i);
        lua_rawgeti(L, t, i);
        int ok = lua_istable(L, -1) && lua_rawlen(L, -1) == 2;
        const char *names[2] = {NULL, NULL};
        for (int k = 0; ok && k < 2; k++) {
            ok = lua_rawgeti(L, -1 - k, k + 1) == LUA_TSTRING;
            names[k] = ok ? lua_tostring(L, -1) : NULL;
        }
        int arm = -1, base = -1;
        if (!ok) {
            lua_settop(L, t);
            return sl_error_set(err, 0, 0, "%s wants {ARM, BASE}, two arm names", where);
        }
        int rc = (arm = arm_named(e, names[0], where, err)) < 0 ||
                 (base = arm_named(e, names[1], where, err)) < 0 ||
                 add_pair(e, arm, base, where, err);
        lua_settop(L, t);
        if (rc) return -1;
    }
    return 0;
}

/* The comparisons the experiment names: its list, then each arm's
 * baseline, in order. */
static int read_comparisons(lua_State *L, int t, struct experiment *e, struct sl_error *err)
{
    char where[REPORT_PATH_MAX + SL_NAME_MAX + 32];
    if (lua_getfield(L, t, "comparisons") != LUA_TNIL && read_pairs(L, lua_gettop(L), e, err))
        return -1;
    lua_pop(L, 1);
    for (int a = 0; a < e->narms; a++) {
        if (!e->arms[a].baseline[0]) continue;
        snprintf(where, sizeof where, "%s: arm '%s': baseline", e->path, e->arms[a].name);
        int base = arm_named(e, e->arms[a].baseline, where, err);
        if (base < 0 || add_pair(e, a, base, where, err)) return -1;
    }
    return 0;
}

static int read_experiment(lua_State *L, struct experiment *e, struct sl_error *err)
{
    long long count, seed, jobs;
    if (!lua_istable(L, -1)) return sl_error_set(err, 0, 0, "%s: must return a table", e->path);
    int t = lua_gettop(L);
    if (check_keys(L, t, experiment_keys, e->path, err)) return -1;
    const struct field_reader f = {L, t, e->path, err};
    if (field_string(&f, "title", e->title, sizeof e->title) ||
        field_string(&f, "description", e->description, sizeof e->description) ||
        field_integer(&f, "count", 1, REPORT_MAX_COUNT, 100, &count) ||
        field_integer(&f, "seed", 0, INT64_MAX, 1, &seed) ||
        field_integer(&f, "jobs", 1, GENERATE_MAX_JOBS, 1, &jobs))
        return -1;
    e->count = (long)count, e->seed = (uint64_t)seed, e->jobs = (int)jobs;
    /* The length is read once: a __len asked again could grow past the
     * arms' room (it wrote past e->arms). */
    lua_Integer n = lua_getfield(L, t, "arms") == LUA_TTABLE ? luaL_len(L, -1) : 0;
    if (n < 1 || n > REPORT_MAX_ARMS || arms_beyond(L, lua_gettop(L), n))
        return sl_error_set(err, 0, 0, "%s: arms must be a list of 1 to %d tables", e->path,
                            REPORT_MAX_ARMS);
    int arms = lua_gettop(L);
    for (e->narms = 0; e->narms < n;) {
        if (lua_geti(L, arms, e->narms + 1) != LUA_TTABLE)
            return sl_error_set(err, 0, 0, "%s: arm %d is not a table", e->path, e->narms + 1);
        if (read_arm(L, lua_gettop(L), e, &e->arms[e->narms], count, seed, jobs, err)) return -1;
        lua_pop(L, 1);
        e->narms++;
    }
    if (read_comparisons(L, t, e, err)) return -1;
    if (!e->title[0]) snprintf(e->title, sizeof e->title, "%.200s", e->path);
    return 0;
}

struct experiment_read {
    struct experiment *e;
    struct sl_error *err;
    int rc;
};

/* read_experiment on the table given, run through lua_host_call_c: the
 * table's metamethods may run (and raise, or loop until the budget). */
static int read_experiment_protected(lua_State *L)
{
    struct experiment_read *x = lua_touserdata(L, 1);
    lua_settop(L, 2);
    x->rc = read_experiment(L, x->e, x->err);
    return 0;
}

int experiment_load(const char *path, struct experiment *e, struct sl_error *err)
{
    memset(e, 0, sizeof *e);
    snprintf(e->path, sizeof e->path, "%s", sl_operand_name(path));
    char search[VARIANT_PATH_MAX];
    struct lua_host *h = lua_host_new(NULL, variant_search_path(search, sizeof search), err);
    if (!h) return -1;
    int rc = lua_host_run_file_value(h, path, err);
    struct experiment_read read = {e, err, 0};
    if (rc == 0) rc = lua_host_call_c(h, read_experiment_protected, &read, 1, err);
    if (rc == 0) rc = read.rc;
    lua_host_free(h);
    return rc;
}
