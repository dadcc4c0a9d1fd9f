/*
 * variant.h — where the project's Lua files are found, and a variant file
 * seen from C: its name, grid and rules, for `--variant` (classic puzzles
 * given under a variant's rules) and for timing the interpreter's start.
 *
 * The root holds variants/ and scripts/. It is $SUDOLAB_ROOT; else
 * share/sudolab of the prefix the running program, or libsudolab.so, is
 * installed in; else the source tree, for a program run from its build
 * tree; else share/sudolab of the prefix configured at build time; else
 * the current folder. Nothing is remembered between calls: each call
 * looks again, so threads may call these functions at once.
 *
 * Variants and `require`d modules are searched along a path of folders:
 * those of $SUDOLAB_PATH (':'-separated), then the root's variants/ and
 * scripts/. A variant is named (NAME: the first NAME.lua in a variant
 * folder, $SUDOLAB_PATH's or the root's variants/) or given as a file (a
 * value holding '/' or ending in ".lua": that file, whose own folder is
 * searched first for what it requires).
 */
#ifndef SUDOLAB_VARIANT_H
#define SUDOLAB_VARIANT_H

#include <stddef.h>

#include "puzzle.h"

struct variant_spec {
    char name[SL_NAME_MAX];
    int size;
    int box_rows, box_cols;        /* 0, 0 for none */
    char rules[VARIANT_RULES_MAX]; /* the rules text */
    int shallow_search_to;         /* its searches shallow up to this size (variant.lua), or 0 */
};

/* A variant found: the module name `require` loads it by, the search
 * path (lua_host_new's) that finds it first, and the file found, for
 * messages that name the user's file. */
struct variant_place {
    char name[SL_NAME_MAX];
    char path[VARIANT_PATH_MAX];
    char file[VARIANT_PATH_MAX + SL_NAME_MAX + 8];
};

/* The root into buf (cap bytes); returns buf. */
const char *variant_root(char *buf, size_t cap);
/* NULL when the root holds a variants/ folder; else what is wrong with
 * it, into buf, naming SUDOLAB_ROOT when that chose it. */
const char *variant_root_problem(char *buf, size_t cap);
/* The folders variants are listed from, ':'-separated: $SUDOLAB_PATH's,
 * then the root's variants/. Returns buf. */
const char *variant_folders(char *buf, size_t cap);
/* The whole search path: variant_folders, then the root's scripts/.
 * Returns buf. */
const char *variant_search_path(char *buf, size_t cap);
/* Calls fn(arg, file, script) for each module of the root's scripts/
 * (script, NAME.lua) that a folder of `path` before the root's own holds
 * as a regular file (file: the first such, the one `require` finds): a
 * --variant file's folder, $SUDOLAB_PATH's. Such a file hides the module
 * from every require, the project's variants' and scripts' too. Returns
 * how many. */
typedef void (*variant_hidden_fn)(void *arg, const char *file, const char *script);
int variant_hidden_scripts(const char *path, variant_hidden_fn fn, void *arg);
/* 1 when spec gives a variant as a file rather than naming it. */
int variant_is_file(const char *spec);
/* Finds the variant `spec` names or gives as a file. 0, or -1 with err
 * (not a variant name, no such variant, an unreadable file). */
int variant_locate(const char *spec, struct variant_place *at, struct sl_error *err);
/* Loads the variant `spec` (variant_locate) in a fresh interpreter
 * (started and closed here, which `sudolab variants --time` measures).
 * 0, or -1 with err. */
int variant_load(const char *spec, struct variant_spec *v, struct sl_error *err);
/* Gives a classic puzzle the variant's grid and rules (its givens stay).
 * 0, or -1 with err (a puzzle of another size, a puzzle with rules of its
 * own, or a variant whose rules need per-puzzle data). */
int variant_apply(const struct variant_spec *v, struct puzzle *p, struct sl_error *err);

/* The variant's own words: its one-line `summary` and its longer
 * `description` (the rules as a player reads them; "" when it has none),
 * loaded as variant_load does. 0, or -1 with err. */
int variant_text(const char *spec, char *summary, size_t scap, char *description, size_t dcap,
                 struct sl_error *err);

#endif
