/*
 * variant.c — see variant.h.
 */
#define _GNU_SOURCE /* dladdr: which shared object holds this code */
#include "variant.h"

#include <dirent.h>
#include <dlfcn.h>
#include <errno.h>
#include <lauxlib.h>
#include <lua.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lua_host.h"
#include "registry.h"

/* What the build tells (core/lua/CMakeLists.txt): the source and build
 * trees, and where an install puts share/sudolab relative to bin/ and
 * lib/, and absolutely. */
#ifndef SUDOLAB_SOURCE_ROOT
#define SUDOLAB_SOURCE_ROOT "."
#endif
#ifndef SUDOLAB_BUILD_ROOT
#define SUDOLAB_BUILD_ROOT ""
#endif
#ifndef SUDOLAB_BIN_TO_DATA
#define SUDOLAB_BIN_TO_DATA "../share/sudolab"
#endif
#ifndef SUDOLAB_LIB_TO_DATA
#define SUDOLAB_LIB_TO_DATA "../share/sudolab"
#endif
#ifndef SUDOLAB_INSTALL_DATA
#define SUDOLAB_INSTALL_DATA ""
#endif

#define VARIANT_NAME_CHARS "abcdefghijklmnopqrstuvwxyz0123456789_"

static int is_folder(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

/* root (cap bytes) = the folder of `file`, then "/" and rel, when it
 * holds variants/. */
static int root_beside(const char *file, const char *rel, char *root, size_t cap)
{
    const char *slash = strrchr(file, '/');
    char probe[VARIANT_PATH_MAX];
    if (slash == NULL) return 0;
    int n = snprintf(root, cap, "%.*s/%s", (int)(slash - file), file, rel);
    if (n < 0 || (size_t)n >= cap) return 0;
    n = snprintf(probe, sizeof probe, "%s/variants", root);
    return n > 0 && (size_t)n < sizeof probe && is_folder(probe);
}

/* 1 when `path` is `folder` or inside it. */
static int is_inside(const char *path, const char *folder)
{
    size_t len = strlen(folder);
    return len > 0 && strncmp(path, folder, len) == 0 && (path[len] == '/' || path[len] == '\0');
}

const char *variant_root(char *buf, size_t cap)
{
    const char *env = getenv("SUDOLAB_ROOT");
    char exe[VARIANT_PATH_MAX], build[VARIANT_PATH_MAX];
    if (env && env[0]) {
        snprintf(buf, cap, "%s", env);
        return buf;
    }
    ssize_t len = readlink("/proc/self/exe", exe, sizeof exe - 1);
    exe[len > 0 ? len : 0] = '\0';
    if (exe[0] && root_beside(exe, SUDOLAB_BIN_TO_DATA, buf, cap)) return buf;
    /* A program linked with libsudolab.so finds the library's prefix. */
    Dl_info self;
    if (dladdr((void *)variant_root, &self) && self.dli_fname && strstr(self.dli_fname, ".so") &&
        root_beside(self.dli_fname, SUDOLAB_LIB_TO_DATA, buf, cap))
        return buf;
    /* The source tree only serves programs of its own build tree, so an
     * installed copy never reads a checkout that happens to remain. */
    if (exe[0] && realpath(SUDOLAB_BUILD_ROOT, build) && is_inside(exe, build)) {
        snprintf(buf, cap, "%s", SUDOLAB_SOURCE_ROOT);
        return buf;
    }
    char probe[VARIANT_PATH_MAX];
    snprintf(probe, sizeof probe, "%s/variants", SUDOLAB_INSTALL_DATA);
    snprintf(buf, cap, "%s",
             SUDOLAB_INSTALL_DATA[0] && is_folder(probe) ? SUDOLAB_INSTALL_DATA : ".");
    return buf;
}

const char *variant_root_problem(char *buf, size_t cap)
{
    char root[VARIANT_PATH_MAX], folder[VARIANT_PATH_MAX + 16];
    snprintf(folder, sizeof folder, "%s/variants", variant_root(root, sizeof root));
    if (is_folder(folder)) return NULL;
    const char *env = getenv("SUDOLAB_ROOT");
    if (env && env[0])
        snprintf(buf, cap,
                 "SUDOLAB_ROOT is '%s', which holds no variants/ folder (unset it for the "
                 "installed variants)",
                 root);
    else
        snprintf(buf, cap, "no variants/ folder in %s (set SUDOLAB_ROOT to the folder holding it)",
                 root);
    return buf;
}

/* Appends ":folder" (no ':' first) to the path of n bytes; a folder that
 * does not fit whole is left out. Returns the new length. */
static size_t path_append(char *path, size_t n, size_t cap, const char *folder, size_t len,
                          const char *suffix)
{
    size_t more = (n ? 1 : 0) + len + strlen(suffix);
    if (len == 0 || n + more >= cap) return n;
    snprintf(path + n, cap - n, "%s%.*s%s", n ? ":" : "", (int)len, folder, suffix);
    return n + more;
}

/* The folders of $SUDOLAB_PATH, then the root's variants/ (and scripts/
 * when with_scripts). */
static const char *search_path(char *buf, size_t cap, int with_scripts)
{
    char root[VARIANT_PATH_MAX];
    const char *extra = getenv("SUDOLAB_PATH");
    size_t n = 0;
    buf[0] = '\0';
    for (const char *f = extra ? extra : ""; *f;) {
        size_t len = strcspn(f, ":");
        n = path_append(buf, n, cap, f, len, "");
        f += len + (f[len] == ':');
    }
    variant_root(root, sizeof root);
    n = path_append(buf, n, cap, root, strlen(root), "/variants");
    if (with_scripts) path_append(buf, n, cap, root, strlen(root), "/scripts");
    return buf;
}

const char *variant_folders(char *buf, size_t cap) { return search_path(buf, cap, 0); }

const char *variant_search_path(char *buf, size_t cap) { return search_path(buf, cap, 1); }

/* The first folder of path before `own` (the root's variants/, where the
 * root's folders begin) holding `name` as a regular file other than the
 * module itself (`script`: a folder of path may be scripts/, named some
 * other way, as `run scripts/x.lua` searches it), into file: 1, else 0. */
static int hiding_file(const char *path, const char *own, const char *name,
                       const struct stat *script, char *file, size_t cap)
{
    struct stat st;
    for (const char *f = path; *f;) {
        size_t len = strcspn(f, ":");
        if (len == strlen(own) && strncmp(f, own, len) == 0) return 0;
        snprintf(file, cap, "%.*s/%s", (int)len, f, name);
        if (stat(file, &st) == 0 && S_ISREG(st.st_mode) &&
            (st.st_dev != script->st_dev || st.st_ino != script->st_ino))
            return 1;
        f += len + (f[len] == ':');
    }
    return 0;
}

int variant_hidden_scripts(const char *path, variant_hidden_fn fn, void *arg)
{
    char root[VARIANT_PATH_MAX], own[VARIANT_PATH_MAX + 16], scripts[VARIANT_PATH_MAX + 16];
    variant_root(root, sizeof root);
    snprintf(own, sizeof own, "%s/variants", root);
    snprintf(scripts, sizeof scripts, "%s/scripts", root);
    DIR *d = opendir(scripts);
    if (d == NULL) return 0;
    int n = 0;
    for (struct dirent *e; (e = readdir(d)) != NULL;) {
        char script[VARIANT_PATH_MAX + 300], file[VARIANT_PATH_MAX + 300];
        struct stat st;
        size_t len = strlen(e->d_name);
        if (len <= 4 || strcmp(e->d_name + len - 4, ".lua") != 0) continue;
        snprintf(script, sizeof script, "%s/%s", scripts, e->d_name);
        if (stat(script, &st) != 0 || !S_ISREG(st.st_mode)) continue;
        if (hiding_file(path, own, e->d_name, &st, file, sizeof file)) fn(arg, file, script), n++;
    }
    closedir(d);
    return n;
}

/* 1 when name is one a variant may have: a Lua module name, plainly. */
static int variant_name_ok(const char *name, size_t len)
{
    return len > 0 && len < SL_NAME_MAX && strspn(name, VARIANT_NAME_CHARS) >= len;
}

/* NAME.lua in the first variant folder holding it. */
static int locate_name(const char *spec, struct variant_place *at, struct sl_error *err)
{
    char folders[VARIANT_PATH_MAX];
    if (!variant_name_ok(spec, strlen(spec)))
        return sl_error_set(err, 0, 0,
                            "'%s' is not a variant name (lower-case letters, digits and _; "
                            "or a file: a path holding '/' or ending in .lua)",
                            spec);
    variant_folders(folders, sizeof folders);
    for (const char *f = folders; *f;) {
        size_t len = strcspn(f, ":");
        snprintf(at->file, sizeof at->file, "%.*s/%s.lua", (int)len, f, spec);
        if (access(at->file, R_OK) == 0) {
            snprintf(at->name, sizeof at->name, "%s", spec);
            variant_search_path(at->path, sizeof at->path);
            return 0;
        }
        f += len + (f[len] == ':');
    }
    char problem[VARIANT_PATH_MAX + 128];
    if (variant_root_problem(problem, sizeof problem))
        return sl_error_set(err, 0, 0, "no variant '%s': %s", spec, problem);
    return sl_error_set(err, 0, 0, "no variant '%s' (no %s.lua in %s; see 'sudolab variants')",
                        spec, spec, folders);
}

/* The file itself: its name is the module's, its folder goes first. */
static int locate_file(const char *spec, struct variant_place *at, struct sl_error *err)
{
    const char *slash = strrchr(spec, '/'), *base = slash ? slash + 1 : spec;
    size_t len = strlen(base);
    char folder[VARIANT_PATH_MAX], rest[VARIANT_PATH_MAX];
    if (len < 4 || strcmp(base + len - 4, ".lua") != 0)
        return sl_error_set(err, 0, 0, "%s: a variant file's name ends in .lua", spec);
    if (!variant_name_ok(base, len - 4))
        return sl_error_set(err, 0, 0,
                            "%s: a variant file's name is a module name (lower-case letters, "
                            "digits and _) and .lua",
                            spec);
    if (access(spec, R_OK) != 0) return sl_error_set(err, 0, 0, "%s: %s", spec, strerror(errno));
    snprintf(folder, sizeof folder, "%.*s", slash ? (int)(slash - spec) : 0, spec);
    if (folder[0] == '\0') snprintf(folder, sizeof folder, "%s", slash ? "/" : ".");
    if (strchr(folder, ':'))
        return sl_error_set(err, 0, 0, "%s: a folder holding ':' cannot be searched", spec);
    int n = snprintf(at->path, sizeof at->path, "%s:%s", folder,
                     variant_search_path(rest, sizeof rest));
    if (n < 0 || (size_t)n >= sizeof at->path)
        return sl_error_set(err, 0, 0, "%s: the file's path is too long", spec);
    snprintf(at->name, sizeof at->name, "%.*s", (int)(len - 4), base);
    snprintf(at->file, sizeof at->file, "%s", spec);
    return 0;
}

int variant_is_file(const char *spec)
{
    size_t len = strlen(spec);
    return strchr(spec, '/') || (len >= 4 && strcmp(spec + len - 4, ".lua") == 0);
}

int variant_locate(const char *spec, struct variant_place *at, struct sl_error *err)
{
    return variant_is_file(spec) ? locate_file(spec, at, err) : locate_name(spec, at, err);
}

/* The first rule rules names that no plugin has, into bad: 1, else 0
 * (a known rule missing its data is left to the puzzle it applies to). */
static int variant_unknown_rule(const char *rules, char *bad, size_t cap)
{
    for (const char *at = rules; *at;) {
        size_t item = strcspn(at, ";"), name = strcspn(at, ";:");
        if (name > 0 && registry_find(at, name) == NULL) {
            snprintf(bad, cap, "%.*s", (int)name, at);
            return 1;
        }
        at += item + (at[item] == ';');
    }
    return 0;
}

struct variant_read {
    struct variant_spec *v;
    struct sl_error *err;
    int rc;
};

/* Reads the variant table, the argument after the light userdata; run
 * through lua_host_call_c, as the table's metamethods may run (and
 * raise). */
static int variant_read(lua_State *L)
{
    struct variant_read *x = lua_touserdata(L, 1);
    struct variant_spec *v = x->v;
    lua_settop(L, 2);
    if (!lua_istable(L, 2)) {
        x->rc = sl_error_set(x->err, 0, 0, "variant %s: the file must return a table", v->name);
        return 0;
    }
    lua_getfield(L, -1, "size");
    lua_getfield(L, -2, "boxes");
    lua_getfield(L, -3, "rules");
    int isnum = 0;
    lua_Integer n = lua_tointegerx(L, -3, &isnum);
    const char *boxes = lua_tostring(L, -2), *rules = lua_tostring(L, -1);
    v->box_rows = v->box_cols = 0;
    v->size = isnum && n >= 1 && n <= SL_MAX_SIZE ? (int)n : 0;
    if (v->size == 0 || boxes == NULL || rules == NULL || strlen(rules) >= sizeof v->rules ||
        (strcmp(boxes, "none") != 0 && geometry_parse_boxes(boxes, &v->box_rows, &v->box_cols)))
        x->rc = sl_error_set(x->err, 0, 0,
                             "variant %s: needs size (1..%d), boxes (\"RxC\" or \"none\") "
                             "and rules (a string of fewer than %d bytes)",
                             v->name, SL_MAX_SIZE, VARIANT_RULES_MAX);
    else
        snprintf(v->rules, sizeof v->rules, "%s", rules);
    lua_getfield(L, 2, "shallow_search_to");
    lua_Integer shallow = lua_tointegerx(L, -1, &isnum);
    v->shallow_search_to = isnum && shallow > 0 && shallow <= SL_MAX_SIZE ? (int)shallow : 0;
    char bad[64];
    if (x->rc == 0 && variant_unknown_rule(v->rules, bad, sizeof bad)) {
        const char *close = registry_closest(bad, strlen(bad));
        x->rc = sl_error_set(x->err, 0, 0,
                             "variant %s: unknown rule '%s' in its rules%s%s%s ('sudolab rules' "
                             "lists them)",
                             v->name, bad, close ? "; did you mean '" : "", close ? close : "",
                             close ? "'?" : "");
    }
    return 0;
}

int variant_load(const char *spec, struct variant_spec *v, struct sl_error *err)
{
    struct variant_place at;
    if (variant_locate(spec, &at, err)) return -1;
    snprintf(v->name, sizeof v->name, "%s", at.name);
    struct lua_host *h = lua_host_new(NULL, at.path, err);
    if (h == NULL) return -1;
    lua_State *L = lua_host_state(h);
    lua_getglobal(L, "require");
    lua_pushstring(L, at.name);
    int rc = lua_host_pcall(h, 1, 1, err);
    struct variant_read read = {v, err, 0};
    if (rc == 0) rc = lua_host_call_c(h, variant_read, &read, 1, err);
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
