/*
 * cmd_run.c — `sudolab run SCRIPT.lua [ARGS]` (a script in the sandboxed
 * interpreter, lua_host.h) and `sudolab variants` (the variant files of
 * $SUDOLAB_PATH's folders and variants/, each with its one-line summary).
 */
#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "cmd.h"
#include "lua_host.h"
#include "suggest.h"
#include "variant.h"

static const struct cmd_option_help run_options[] = {
    {"max-instructions", "stop the script after N VM instructions (default 2e9)"},
    {"max-memory", "stop the script past MB megabytes (default 256)"},
    {"max-seconds", "stop the script after S seconds of CPU (default 60; the\n"
                    "wall clock gets four times as long)"},
    {NULL, NULL},
};

static const struct cmd_spec run_spec = {
    "run",
    "usage: sudolab run [--max-instructions N] [--max-memory MB] [--max-seconds S]\n"
    "                   SCRIPT.lua [ARGS...]\n"
    "\n"
    "Runs a Lua 5.4 script in a sandbox (no files, no processes; `require`\n"
    "reads only the script's folder, $SUDOLAB_PATH, variants/ and scripts/) with\n"
    "the `sudolab` module loaded; variants/README.md documents it. ARGS reach the\n"
    "script as `...` and in `arg`; options come before SCRIPT.lua. A script that\n"
    "runs past its instruction budget, memory cap or time budget is stopped with\n"
    "an error.\n",
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
    if (opt.max_seconds) limits.seconds = (double)opt.max_seconds;
    struct sl_error err = {0};
    char path[VARIANT_PATH_MAX];
    struct lua_host *host = lua_host_new(&limits, variant_search_path(path, sizeof path), &err);
    int rc = host ? lua_host_run_file(host, opt.files[0], opt.nfiles - 1, opt.files + 1, &err) : -1;
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
        /* A folder, FIFO or device of the name is no variant (require
         * says so when asked for it by name). */
        char file[VARIANT_PATH_MAX + 256];
        struct stat st;
        snprintf(file, sizeof file, "%s/%s", dir, e->d_name);
        if (stat(file, &st) != 0 || !S_ISREG(st.st_mode)) continue;
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
        /* Help as every command gives it; anything else named, as the
         * shared parser names it. */
        const char *word = argv[1 + timing];
        int help = strcmp(word, "--help") == 0 || strcmp(word, "-h") == 0;
        if (!help) {
            static const char *const known[] = {"--time", "--help", NULL};
            char msg[256];
            if (word[0] == '-')
                suggest_unknown("option", word, known, msg, sizeof msg);
            else
                snprintf(msg, sizeof msg, "takes no operand ('%.200s')", word);
            fprintf(stderr, "sudolab variants: %s\n", msg);
        }
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
