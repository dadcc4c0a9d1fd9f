/*
 * cairo_lib.c — cairo and fontconfig opened at the first drawing
 * (cairo_lib.h).
 *
 * The table is process-wide, set up once under pthread_once: cairo and
 * fontconfig keep process-wide caches (fonts, glyphs) that live until
 * render_release, so the libraries must stay loaded from the first
 * drawing until then whichever book or thread drew; opening and closing
 * them per book would unload them under live caches (a leak) and pay
 * the mapping again for every picture. They are never closed (see
 * cairo_lib.h): the handles are dropped only when opening fails.
 */
#include "cairo_lib.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#define CAIRO_SONAME "libcairo.so.2"
#define FONTCONFIG_SONAME "libfontconfig.so.1"

/* Each member's type must be the one cairo's header declares. The
 * operand of _Generic is not evaluated, so this references no symbol. */
#define CAIRO_LIB_CHECK(ret, name, params)                                                         \
    _Static_assert(_Generic(&cairo_##name, ret(*) params : 1, default : 0),                        \
                   "cairo_" #name " has another type in cairo's header");
CAIRO_LIB_FUNCTIONS(CAIRO_LIB_CHECK)
#undef CAIRO_LIB_CHECK

struct symbol {
    const char *name;
    size_t offset;
};

#define CAIRO_LIB_SYMBOL(ret, name, params) {"cairo_" #name, offsetof(struct cairo_lib, name)},
static const struct symbol symbols[] = {CAIRO_LIB_FUNCTIONS(CAIRO_LIB_SYMBOL)};
#undef CAIRO_LIB_SYMBOL

struct loaded {
    struct cairo_lib lib;
    void (*fc_fini)(void);
    void *cairo_handle, *fontconfig_handle;
    int ready, released;
    char failure[SL_ERROR_MSG_MAX];
};

static struct loaded loaded;
static pthread_once_t load_once = PTHREAD_ONCE_INIT;

/* Stores the address of `name` in `handle` into the function pointer at
 * slot: 0, or -1 when it is missing. A function pointer has the size of
 * an object pointer on POSIX systems; memcpy carries the one into the
 * other without the cast ISO C forbids. */
static int resolve(void *handle, const char *name, void *slot)
{
    void *address = dlsym(handle, name);
    if (address == NULL) return -1;
    memcpy(slot, &address, sizeof address);
    return 0;
}

/* Records why, closes what was opened; the table stays unready. */
static void fail(const char *soname)
{
    const char *why = dlerror();
    snprintf(loaded.failure, sizeof loaded.failure, "drawing needs %s: %s", soname,
             why ? why : "unknown error");
    if (loaded.cairo_handle) dlclose(loaded.cairo_handle);
    if (loaded.fontconfig_handle) dlclose(loaded.fontconfig_handle);
    loaded.cairo_handle = loaded.fontconfig_handle = NULL;
}

/* 0, or -1 when the library or one of the table's functions is missing. */
static int load_cairo(void)
{
    loaded.cairo_handle = dlopen(CAIRO_SONAME, RTLD_NOW | RTLD_LOCAL);
    if (loaded.cairo_handle == NULL) return -1;
    for (size_t i = 0; i < sizeof symbols / sizeof symbols[0]; i++)
        if (resolve(loaded.cairo_handle, symbols[i].name, (char *)&loaded.lib + symbols[i].offset))
            return -1;
    return 0;
}

static void load(void)
{
    _Static_assert(sizeof(void (*)(void)) == sizeof(void *), "function and data pointers differ");
    if (load_cairo()) {
        fail(CAIRO_SONAME);
        return;
    }
    loaded.fontconfig_handle = dlopen(FONTCONFIG_SONAME, RTLD_NOW | RTLD_LOCAL);
    if (loaded.fontconfig_handle == NULL ||
        resolve(loaded.fontconfig_handle, "FcFini", &loaded.fc_fini)) {
        fail(FONTCONFIG_SONAME);
        return;
    }
    loaded.ready = 1;
}

const struct cairo_lib *cairo_lib_open(struct sl_error *err)
{
    pthread_once(&load_once, load);
    if (loaded.released) {
        sl_error_set(err, 0, 0, "drawing after cairo was released");
        return NULL;
    }
    if (!loaded.ready) {
        sl_error_set(err, 0, 0, "%s", loaded.failure);
        return NULL;
    }
    return &loaded.lib;
}

void cairo_lib_release(void)
{
    if (!loaded.ready || loaded.released) return;
    loaded.lib.debug_reset_static_data();
    loaded.fc_fini();
    loaded.released = 1;
}
