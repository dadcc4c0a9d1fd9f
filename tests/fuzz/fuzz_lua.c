/*
 * fuzz_lua.c — the Lua API from scripts: any bytes run as a chunk in a
 * fresh sandbox with a small budget and memory cap. A script error is an
 * answer; a crash, a leak or a hang past the budget is a bug.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "lua_host.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Small enough that a run takes milliseconds. */
#define FUZZ_LUA_INSTRUCTIONS 200000
#define FUZZ_LUA_MEMORY ((size_t)16 << 20)
#define FUZZ_LUA_MAX_SCRIPT 16384

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > FUZZ_LUA_MAX_SCRIPT) return 0;
    char *text = malloc(size + 1);
    if (!text) return 0;
    memcpy(text, data, size);
    text[size] = '\0';
    struct lua_limits limits = {.instructions = FUZZ_LUA_INSTRUCTIONS, .memory = FUZZ_LUA_MEMORY};
    struct sl_error err = {0};
    struct lua_host *h = lua_host_new(&limits, NULL, &err);
    if (h) lua_host_run_string(h, "=fuzz", text, &err);
    lua_host_free(h);
    free(text);
    return 0;
}
