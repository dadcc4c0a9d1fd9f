/*
 * cmd_run.c — `sudolab run SCRIPT.lua [ARGS]` (a script in the sandboxed
 * interpreter, lua_host.h) and `sudolab variants` (the variant files of
 * $SUDOLAB_PATH's folders and variants/, each with its one-line summary).
 */
#include <dirent.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "cmd.h"
#include "lua_host.h"
#include "variant.h"

static const struct cmd_option_help run_options[] = {
    {"max-instructions", "stop the script after N VM instructions (default 2e9)"},
    {"max-memory", "stop the script past MB megabytes (default 256)"},
    {"max-seconds", "stop the script after S seconds of CPU (default 60; the\n"
                    "wall clock gets four times as long)"},
    {"seed", "the seed math.random starts from (default 1)"},
    {NULL, NULL},
};

static const struct cmd_spec run_spec = {
    "run",
    "usage: sudolab run [--max-instructions N] [--max-memory MB] [--max-seconds S]\n"
    "                   [--seed S] SCRIPT.lua [ARGS...]\n"
    "\n"
    "Runs a Lua 5.4 script in a sandbox (no files, no processes; `require`\n"
    "reads only the script's folder, $SUDOLAB_PATH, variants/ and scripts/) with\n"
    "the `sudolab` module loaded; variants/README.md documents it. ARGS reach the\n"
    "script as `...` and in `arg`; options come before SCRIPT.lua, which may be -\n"
    "for standard input. A script that runs past its instruction budget, memory\n"
    "cap or time budget is stopped with an error, which ends with what the\n"
    "script last told sudolab.progress(TEXT) it had reached; a print that\n"
    "cannot be written (a full disk, a reader gone) stops it too. math.random\n"
    "starts from --seed, so a script's draws are the same run after run.\n",
    run_options,
    "Exit codes: 0 the script ran to its end, 2 usage or a script error\n"
    "(printed as FILE:LINE: message).\n",
    NULL,
};

/* Lua 5.4 seeds math.random from the clock and an address: a script's
 * draws would differ at every run, with nothing printed to repeat them.
 * A hex literal is a Lua integer for every 64-bit seed (decimal past
 * 2^63 - 1 would be a float). */
static int seed_math_random(struct lua_host *host, uint64_t seed, struct sl_error *err)
{
    char chunk[64];
    snprintf(chunk, sizeof chunk, "math.randomseed(0x%" PRIx64 ")", seed);
    return lua_host_run_string(host, "=(--seed)", chunk, err);
}

int cmd_run(int argc, char **argv)
{
    struct lua_limits limits = lua_limits_default();
    struct cmd_options opt;
    int code = cmd_parse_leading(&run_spec, argc, argv, &opt);
    if (code >= 0) return code;
    if (opt.nfiles == 0) return cmd_usage_error(&run_spec, "give the script to run");
    cmd_warn_hidden_script("run", opt.files[0]);
    if (opt.max_instructions) limits.instructions = (long long)opt.max_instructions;
    if (opt.max_memory) limits.memory = (size_t)opt.max_memory << 20;
    if (opt.max_seconds) limits.seconds = (double)opt.max_seconds;
    limits.named = 1;
    limits.script_output = 1;
    struct sl_error err = {0};
    char path[VARIANT_PATH_MAX];
    struct lua_host *host = lua_host_new(&limits, variant_search_path(path, sizeof path), &err);
    int rc = host ? seed_math_random(host, opt.seed, &err) : -1;
    if (rc == 0) rc = lua_host_run_file(host, opt.files[0], opt.nfiles - 1, opt.files + 1, &err);
    lua_host_free(host);
    if (rc == 0) return 0;
    /* A print that could not write is told by main, with its cause, as
     * for every command. */
    if (!ferror(stdout)) fprintf(stderr, "%s\n", err.msg);
    return EXIT_BAD_INPUT;
}

#define VARIANTS_MAX 256

/* A variant file found: its module name, its folder (len bytes of the
 * folder list), and whether it lies in the root's variants/ (where every
 * file must be a variant). */
struct listed {
    char name[SL_NAME_MAX];
    const char *folder;
    int folder_len;
    int in_root;
};

/* The file of a listed variant, as the user can open it (a folder of
 * the list, shorter than it, and a module name). */
#define LISTED_FILE_MAX (VARIANT_PATH_MAX + SL_NAME_MAX + 8)
static const char *listed_file(const struct listed *v, char *buf, size_t cap)
{
    size_t folder = (size_t)v->folder_len, name = strlen(v->name);
    if (folder + name + 6 > cap) return "?";
    memcpy(buf, v->folder, folder);
    buf[folder] = '/';
    memcpy(buf + folder + 1, v->name, name);
    memcpy(buf + folder + 1 + name, ".lua", 5);
    return buf;
}

/* text as a Lua string literal: every byte but plain ones as a decimal
 * escape, so a path with quotes or newlines stays one string. */
static void lua_literal(const char *text, char *buf, size_t cap)
{
    size_t n = 0;
    buf[n++] = '"';
    for (const unsigned char *c = (const unsigned char *)text; *c && n + 6 < cap; c++)
        n += (size_t)(strchr("/._-", *c) || (*c >= '0' && *c <= '9') ||
                              ((*c | 32) >= 'a' && (*c | 32) <= 'z')
                          ? snprintf(buf + n, cap - n, "%c", *c)
                          : snprintf(buf + n, cap - n, "\\%03u", *c));
    buf[n++] = '"';
    buf[n] = '\0';
}

static int by_name(const void *a, const void *b)
{
    return strcmp(((const struct listed *)a)->name, ((const struct listed *)b)->name);
}

/* A variant file's summary into summary: 1, or 0 for a file of a
 * $SUDOLAB_PATH folder that is not a variant (a module variants require),
 * which is passed over; in the root's variants/ every file is a variant.
 * -1 with err when it fails to load. */
static int listed_summary(struct lua_host *host, const struct listed *v, char *summary, size_t cap,
                          struct sl_error *err)
{
    char file[LISTED_FILE_MAX], quoted[4 * LISTED_FILE_MAX], chunk[5 * LISTED_FILE_MAX];
    char chunk_name[LISTED_FILE_MAX + 1];
    lua_literal(listed_file(v, file, sizeof file), quoted, sizeof quoted);
    snprintf(chunk_name, sizeof chunk_name, "=%s", file); /* a budget's error names the file */
    int n = snprintf(chunk, sizeof chunk,
                     "local v = require('%s')\n"
                     "if type(v) == 'table' and type(v.name) == 'string' and\n"
                     "   type(v.summary) == 'string' then return v.summary end\n"
                     "if %d == 1 then\n"
                     "    error(%s .. ': a variant returns a table with a name and a summary', 0)\n"
                     "end",
                     v->name, v->in_root, quoted);
    if (n < 0 || (size_t)n >= sizeof chunk) /* cannot be: sized above */
        return sl_error_set(err, 0, 0, "%s: path too long", file);
    return lua_host_run_string_text(host, chunk_name, chunk, summary, cap, err);
}

/* Prints "name  summary" for one variant file, or its error. */
static int list_variant(struct lua_host *host, const struct listed *v)
{
    struct sl_error err = {0};
    char summary[4096];
    int is = listed_summary(host, v, summary, sizeof summary, &err);
    if (is < 0) {
        fprintf(stderr, "%s\n", err.msg);
        return EXIT_BAD_INPUT;
    }
    if (is) printf("%-14s %s\n", v->name, summary);
    return 0;
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
 * and the slowest, in microseconds. Loaded from its file, which an error
 * names (the loader's own messages name the variant alone). */
static int time_variant(struct lua_host *host, const struct listed *listed)
{
    struct variant_spec v;
    struct sl_error err = {0};
    char summary[4096];
    /* A module that is not a variant is passed over, as the listing does;
     * a file that fails to load is told by the loader below. */
    if (listed_summary(host, listed, summary, sizeof summary, &err) == 0) return 0;
    char file[LISTED_FILE_MAX];
    double took[101];
    listed_file(listed, file, sizeof file);
    for (int i = 0; i < 101; i++) {
        double start = now_us();
        if (variant_load(file, &v, &err)) {
            int named = strncmp(err.msg, file, strlen(file)) == 0;
            fprintf(stderr, "%s%s%s\n", named ? "" : file, named ? "" : ": ", err.msg);
            return EXIT_BAD_INPUT;
        }
        took[i] = now_us() - start;
    }
    qsort(took, 101, sizeof took[0], by_value);
    printf("%-14s start + load: median %.0f µs, slowest %.0f µs (101 runs)\n", listed->name,
           took[50], took[100]);
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
        list[n].folder = folder;
        list[n].folder_len = (int)len;
        list[n++].in_root = in_root;
    }
    closedir(d);
    return n;
}

static const struct cmd_option_help variants_options[] = {
    {"time", "how long starting the interpreter and loading each variant\n"
             "takes, instead of the summaries"},
    {NULL, NULL},
};

static const struct cmd_spec variants_spec = {
    "variants",
    "usage: sudolab variants [--time]\n"
    "\n"
    "Lists the variants (the folders of $SUDOLAB_PATH, then variants/) with a\n"
    "line each: its name and summary. A name found in two folders is listed\n"
    "once, from the first.\n",
    variants_options,
    "Exit codes: 0 ok, 2 usage, or a variant file that fails to load (named by\n"
    "its path; the others are still listed).\n",
    NULL,
};

int cmd_variants(int argc, char **argv)
{
    struct cmd_options opt;
    int code = cmd_parse(&variants_spec, argc, argv, &opt);
    if (code >= 0) return code;
    if (opt.nfiles) return cmd_usage_error(&variants_spec, "takes no operands");
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
            char problem[VARIANT_PATH_MAX + 128];
            if (variant_root_problem(problem, sizeof problem))
                fprintf(stderr, "sudolab variants: %s\n", problem);
            else
                fprintf(stderr, "sudolab variants: cannot open %s: %s\n", own, strerror(errno));
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
    /* A user's marks.lua broke kropki, xv and the rest with "attempt to
     * call a nil value (field 'edges')", printed with no word of why:
     * the warning comes before what it explains. */
    cmd_warn_hidden("variants", NULL);
    for (int i = 0; i < n && host; i++) {
        int rc = opt.time ? time_variant(host, &list[i]) : list_variant(host, &list[i]);
        status = rc > status ? rc : status;
    }
    if (host == NULL) fprintf(stderr, "sudolab variants: %s\n", err.msg);
    lua_host_free(host);
    return status;
}
