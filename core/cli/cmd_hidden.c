/*
 * cmd_hidden.c — the warning that a user's file hides a module of the
 * root's scripts/ (variant_hidden_scripts), for the commands that run the
 * project's Lua.
 *
 * `require` searches a --variant file's folder (a `run` script's) and
 * $SUDOLAB_PATH before the root's variants/ and scripts/, so a user's
 * marks.lua is what every require("marks") finds, the project's kropki's
 * too. Searching scripts/
 * first for the project's own requires was weighed and left: modules are
 * kept by name, so one of the two files would still stand for both,
 * whichever loaded first, and a user who meant to replace a module would
 * be ignored without a word. A warning each run cannot go unseen.
 */
#include <stdio.h>
#include <string.h>

#include "cmd.h"
#include "variant.h"

static void warn(void *arg, const char *file, const char *script)
{
    fprintf(stderr,
            "sudolab %s: warning: %s hides %s, which the project's variants and scripts "
            "require (rename it)\n",
            (const char *)arg, file, script);
}

int cmd_warn_hidden(const char *command, const char *variant)
{
    char path[VARIANT_PATH_MAX];
    struct variant_place at;
    struct sl_error err = {0};
    /* a variant given as a file: its folder is searched first */
    if (variant && variant_is_file(variant) && variant_locate(variant, &at, &err) == 0)
        return variant_hidden_scripts(at.path, warn, (void *)command);
    return variant_hidden_scripts(variant_search_path(path, sizeof path), warn, (void *)command);
}

int cmd_warn_hidden_script(const char *command, const char *script)
{
    char rest[VARIANT_PATH_MAX], path[2 * VARIANT_PATH_MAX + 2];
    const char *slash = strrchr(script, '/');
    int len = slash ? (int)(slash - script) : 1;
    const char *folder = slash ? script : ".";
    variant_search_path(rest, sizeof rest);
    /* a folder holding ':' cannot be one of the list: the rest is still warned of */
    if (memchr(folder, ':', (size_t)len))
        snprintf(path, sizeof path, "%s", rest);
    else
        snprintf(path, sizeof path, "%.*s:%s", len, folder, rest);
    return variant_hidden_scripts(path, warn, (void *)command);
}
