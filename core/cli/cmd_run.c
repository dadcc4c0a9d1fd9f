/*
 * cmd_run.c — `sudolab run SCRIPT.lua [ARGS]` (a script in the sandboxed
 * interpreter, lua_host.h) and `sudolab variants` (the variant files of
 * variants/, each with its one-line summary).
 */
#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cmd.h"
#include "lua_host.h"
#include "variant.h"

static const struct cmd_option_help run_options[] = {
    {"max-instructions", "stop the script after N VM instructions (default 2e9)"},
    {"max-memory", "stop the script past MB megabytes (default 256)"},
    {NULL, NULL},
};

static const struct cmd_spec run_spec = {
    "run",
    "usage: sudolab run [--max-instructions N] [--max-memory MB] SCRIPT.lua [ARGS...]\n"
    "\n"
    "Runs a Lua 5.4 script in a sandbox (no files, no processes; `require`\n"
    "reads only the script's folder, variants/ and scripts/) with the `sudolab`\n"
    "module loaded; variants/README.md documents it. ARGS reach the script as\n"
    "`...` and in `arg`; options come before SCRIPT.lua. A script that runs past\n"
    "its instruction budget or memory cap is stopped with an error.\n",
    run_options,
    "Exit codes: 0 the script ran to its end, 2 usage or a script error\n"
    "(printed as FILE:LINE: message).\n",
    NULL,
};

int cmd_run(int argc, char **argv)
{
    struct lua_limits limits = lua_limits_default();
    struct cmd_options opt;
    int code = cmd_parse_leading(&run_spec, argc, argv, &opt);
    if (code >= 0) return code;
    if (opt.nfiles == 0) return cmd_usage_error(&run_spec, "give the script to run");
    if (opt.max_instructions) limits.instructions = (long long)opt.max_instructions;
    if (opt.max_memory) limits.memory = (size_t)opt.max_memory << 20;
    struct sl_error err = {0};
    struct lua_host *host = lua_host_new(&limits, variant_root(), &err);
    int rc = host ? lua_host_run_file(host, opt.files[0], opt.nfiles - 1, opt.files + 1, &err) : -1;
    lua_host_free(host);
    if (rc == 0) return 0;
    fprintf(stderr, "%s\n", err.msg);
    return EXIT_BAD_INPUT;
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Prints "name  summary" for one variant file, or its error. */
static int list_variant(struct lua_host *host, const char *file)
{
    struct sl_error err = {0};
    char name[256], chunk[1024];
    size_t len = strlen(file) - 4;
    if (len == 0 || len >= sizeof name ||
        strspn(file, "abcdefghijklmnopqrstuvwxyz0123456789_") != len)
        return 0; /* not a module name: not a variant */
    snprintf(name, sizeof name, "%.*s", (int)len, file);
    snprintf(chunk, sizeof chunk,
             "local v = require('%s')\n"
             "assert(type(v) == 'table' and type(v.name) == 'string' and\n"
             "       type(v.summary) == 'string',\n"
             "       'variants/%s.lua: a variant returns a table with a name and a summary')\n"
             "print(string.format('%%-14s %%s', v.name, v.summary))",
             name, name);
    if (lua_host_run_string(host, file, chunk, &err) == 0) return 0;
    fprintf(stderr, "%s\n", err.msg);
    return EXIT_BAD_INPUT;
}

static double now_us(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e6 + (double)t.tv_nsec * 1e-3;
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Starting an interpreter and loading the variant, 101 times: the median
 * and the slowest, in microseconds. */
static int time_variant(const char *file)
{
    char name[64];
    struct variant_spec v;
    struct sl_error err = {0};
    double took[101];
    snprintf(name, sizeof name, "%.*s", (int)(strlen(file) - 4), file);
    for (int i = 0; i < 101; i++) {
        double start = now_us();
        if (variant_load(name, &v, &err)) {
            fprintf(stderr, "%s\n", err.msg);
            return EXIT_BAD_INPUT;
        }
        took[i] = now_us() - start;
    }
    qsort(took, 101, sizeof took[0], by_value);
    printf("%-14s start + load: median %.0f µs, slowest %.0f µs (101 runs)\n", name, took[50],
           took[100]);
    return 0;
}

int cmd_variants(int argc, char **argv)
{
    int timing = argc > 1 && strcmp(argv[1], "--time") == 0;
    if (argc > 1 + timing) {
        int help = strcmp(argv[1], "--help") == 0;
        fputs("usage: sudolab variants [--time]\n\nLists the variants of variants/*.lua with a "
              "line each; with --time, how long\nstarting the interpreter and loading each "
              "variant takes.\n",
              help ? stdout : stderr);
        return help ? 0 : EXIT_BAD_INPUT;
    }
    char dir[4200];
    snprintf(dir, sizeof dir, "%s/variants", variant_root());
    DIR *d = opendir(dir);
    if (d == NULL) {
        fprintf(stderr, "sudolab variants: cannot open %s (set SUDOLAB_ROOT)\n", dir);
        return EXIT_BAD_INPUT;
    }
    char *names[256];
    int n = 0;
    for (struct dirent *e; (e = readdir(d)) != NULL && n < 256;) {
        size_t len = strlen(e->d_name);
        if (len > 4 && strcmp(e->d_name + len - 4, ".lua") == 0) names[n++] = strdup(e->d_name);
    }
    closedir(d);
    qsort(names, (size_t)n, sizeof names[0], by_name);
    struct sl_error err = {0};
    struct lua_host *host = lua_host_new(NULL, variant_root(), &err);
    int status = host ? 0 : EXIT_BAD_INPUT;
    for (int i = 0; i < n; i++) {
        if (host && names[i]) {
            int rc = timing ? time_variant(names[i]) : list_variant(host, names[i]);
            status = rc > status ? rc : status;
        }
        free(names[i]);
    }
    if (host == NULL) fprintf(stderr, "sudolab variants: %s\n", err.msg);
    lua_host_free(host);
    return status;
}
