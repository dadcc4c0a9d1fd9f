/*
 * cmd_run.c — `sudolab run SCRIPT.lua [ARGS]` (a script in the sandboxed
 * interpreter, lua_host.h) and `sudolab variants` (the variant files of
 * $SUDOLAB_PATH's folders and variants/, each with its one-line summary).
 */
#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cmd.h"
#include "lua_host.h"
#include "variant.h"

static void run_usage(FILE *out)
{
    fputs("usage: sudolab run [--max-instructions N] [--max-memory MB] [--max-seconds S]\n"
          "                   SCRIPT.lua [ARGS...]\n"
          "\n"
          "Runs a Lua 5.4 script in a sandbox (no files, no processes; `require`\n"
          "reads only the script's folder, $SUDOLAB_PATH, variants/ and scripts/) with\n"
          "the `sudolab` module loaded; variants/README.md documents it. ARGS reach the\n"
          "script as `...` and in `arg`. A script that runs past its instruction budget\n"
          "(default 2e9), memory cap (default 256 MB) or time budget (default 60 s\n"
          "of CPU, 240 s of wall clock) is stopped with an error.\n"
          "\n"
          "Exit codes: 0 the script ran to its end, 2 usage or a script error\n"
          "(printed as FILE:LINE: message).\n",
          out);
}

int cmd_run(int argc, char **argv)
{
    struct lua_limits limits = lua_limits_default();
    int i = 1;
    for (; i < argc && argv[i][0] == '-'; i += 2) {
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            run_usage(stdout);
            return 0;
        }
        char *end = NULL;
        long long v = i + 1 < argc ? strtoll(argv[i + 1], &end, 10) : -1;
        int ok = end && *end == '\0' && v > 0;
        if (ok && strcmp(argv[i], "--max-instructions") == 0) {
            limits.instructions = v;
        } else if (ok && strcmp(argv[i], "--max-memory") == 0 && v < 1 << 20) {
            limits.memory = (size_t)v << 20;
        } else if (ok && strcmp(argv[i], "--max-seconds") == 0 && v <= 1000000) {
            limits.seconds = (double)v;
        } else {
            fprintf(stderr, "sudolab run: bad option or value '%s'\n", argv[i]);
            run_usage(stderr);
            return EXIT_BAD_INPUT;
        }
    }
    if (i >= argc) {
        run_usage(stderr);
        return EXIT_BAD_INPUT;
    }
    struct sl_error err = {0};
    char path[VARIANT_PATH_MAX];
    struct lua_host *host = lua_host_new(&limits, variant_search_path(path, sizeof path), &err);
    int rc = host ? lua_host_run_file(host, argv[i], argc - i - 1, argv + i + 1, &err) : -1;
    lua_host_free(host);
    if (rc == 0) return 0;
    fprintf(stderr, "%s\n", err.msg);
    return EXIT_BAD_INPUT;
}

#define VARIANTS_MAX 256

/* A variant file found: its module name, and whether it lies in the
 * root's variants/ (where every file must be a variant). */
struct listed {
    char name[SL_NAME_MAX];
    int in_root;
};

static int by_name(const void *a, const void *b)
{
    return strcmp(((const struct listed *)a)->name, ((const struct listed *)b)->name);
}

/* Prints "name  summary" for one variant file, or its error. A file of a
 * $SUDOLAB_PATH folder that is not a variant (a module variants require)
 * is passed over; in the root's variants/ every file is a variant. */
static int list_variant(struct lua_host *host, const char *name, int in_root)
{
    struct sl_error err = {0};
    char chunk[1024], file[SL_NAME_MAX + 4];
    int len = SL_NAME_MAX - 1; /* bounds each name for the truncation check */
    snprintf(chunk, sizeof chunk,
             "local v = require('%.*s')\n"
             "local ok = type(v) == 'table' and type(v.name) == 'string' and\n"
             "           type(v.summary) == 'string'\n"
             "assert(ok or %d == 0,\n"
             "       'variants/%.*s.lua: a variant returns a table with a name and a summary')\n"
             "if ok then print(string.format('%%-14s %%s', '%.*s', v.summary)) end",
             len, name, in_root, len, name, len, name);
    snprintf(file, sizeof file, "%.*s.lua", len, name);
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
static int time_variant(const char *name)
{
    struct variant_spec v;
    struct sl_error err = {0};
    double took[101];
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

/* Adds the variant files of folder (len bytes) whose names are not
 * listed yet (an earlier folder's file hides a later one, as for
 * --variant). Returns the new count, or -1 when the folder cannot be read. */
static int scan_folder(const char *folder, size_t len, int in_root, struct listed *list, int n)
{
    char dir[VARIANT_PATH_MAX];
    snprintf(dir, sizeof dir, "%.*s", (int)len, folder);
    DIR *d = opendir(dir);
    if (d == NULL) return -1;
    for (struct dirent *e; n < VARIANTS_MAX && (e = readdir(d)) != NULL;) {
        size_t stem = strlen(e->d_name);
        stem = stem > 4 ? stem - 4 : 0;
        if (stem == 0 || stem >= SL_NAME_MAX || strcmp(e->d_name + stem, ".lua") != 0 ||
            strspn(e->d_name, "abcdefghijklmnopqrstuvwxyz0123456789_") != stem)
            continue; /* not a module name: not a variant */
        int seen = 0;
        for (int i = 0; i < n && !seen; i++)
            seen = strncmp(list[i].name, e->d_name, stem) == 0 && list[i].name[stem] == '\0';
        if (seen) continue;
        snprintf(list[n].name, sizeof list[n].name, "%.*s", (int)stem, e->d_name);
        list[n++].in_root = in_root;
    }
    closedir(d);
    return n;
}

int cmd_variants(int argc, char **argv)
{
    int timing = argc > 1 && strcmp(argv[1], "--time") == 0;
    if (argc > 1 + timing) {
        int help = strcmp(argv[1], "--help") == 0;
        fputs("usage: sudolab variants [--time]\n\nLists the variants (the folders of "
              "$SUDOLAB_PATH, then variants/)\nwith a line each; with --time, how long "
              "starting the interpreter and loading\neach variant takes.\n",
              help ? stdout : stderr);
        return help ? 0 : EXIT_BAD_INPUT;
    }
    char folders[VARIANT_PATH_MAX], root[VARIANT_PATH_MAX], own[VARIANT_PATH_MAX + 16];
    snprintf(own, sizeof own, "%s/variants", variant_root(root, sizeof root));
    variant_folders(folders, sizeof folders);
    struct listed list[VARIANTS_MAX];
    int n = 0;
    for (const char *f = folders; *f;) {
        size_t len = strcspn(f, ":");
        int in_root = len == strlen(own) && strncmp(f, own, len) == 0;
        int more = scan_folder(f, len, in_root, list, n);
        if (more < 0 && in_root) {
            fprintf(stderr, "sudolab variants: cannot open %s (set SUDOLAB_ROOT)\n", own);
            return EXIT_BAD_INPUT;
        }
        n = more < 0 ? n : more;
        f += len + (f[len] == ':');
    }
    qsort(list, (size_t)n, sizeof list[0], by_name);
    struct sl_error err = {0};
    char path[VARIANT_PATH_MAX];
    struct lua_host *host = lua_host_new(NULL, variant_search_path(path, sizeof path), &err);
    int status = host ? 0 : EXIT_BAD_INPUT;
    for (int i = 0; i < n && host; i++) {
        int rc =
            timing ? time_variant(list[i].name) : list_variant(host, list[i].name, list[i].in_root);
        status = rc > status ? rc : status;
    }
    if (host == NULL) fprintf(stderr, "sudolab variants: %s\n", err.msg);
    lua_host_free(host);
    return status;
}
