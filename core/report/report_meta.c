/*
 * report_meta.c — what produced a report (report_parts.h): the project's
 * version and commit, the experiment as run (after defaults and the
 * command's overrides), the command line, the machine, the date and the
 * wall time; as meta.json and as a block of the page and summary.md.
 */
#include <stdio.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "json.h"
#include "report_parts.h"

#ifndef SUDOLAB_VERSION
#error "the build defines SUDOLAB_VERSION and SUDOLAB_COMMIT (core/report/CMakeLists.txt)"
#endif

/* The processor's model as /proc/cpuinfo names it, else "unknown". */
static void meta_cpu(char *buf, size_t cap)
{
    char line[512];
    snprintf(buf, cap, "unknown");
    FILE *f = fopen("/proc/cpuinfo", "r");
    if (!f) return;
    while (fgets(line, sizeof line, f)) {
        char *colon = strchr(line, ':');
        if (!colon || strncmp(line, "model name", 10) != 0) continue;
        colon += 1 + (colon[1] == ' ');
        snprintf(buf, cap, "%.*s", (int)strcspn(colon, "\n"), colon);
        break;
    }
    fclose(f);
}

static void meta_system(char *buf, size_t cap)
{
    struct utsname u;
    if (uname(&u) == 0)
        snprintf(buf, cap, "%s %s %s", u.sysname, u.release, u.machine);
    else
        snprintf(buf, cap, "unknown");
}

static long meta_cores(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n > 0 ? n : 1;
}

/* The most threads any arm used. */
static int meta_threads(const struct experiment *e)
{
    int most = e->jobs;
    for (int a = 0; a < e->narms; a++)
        if (e->arms[a].jobs > most) most = e->arms[a].jobs;
    return most;
}

/* text as a JSON string, or null for NULL. */
static void json_string(FILE *f, const char *text)
{
    if (!text) {
        fputs("null", f);
        return;
    }
    json_write_string(f, text);
}

/* A count an arm may leave to its variant (0 in the request), or null. */
static void json_count_or_null(FILE *f, int count)
{
    if (count > 0)
        fprintf(f, "%d", count);
    else
        fputs("null", f);
}

/* ", \"seed\": N, \"seed_text\": \"N\"": a seed past 2^53 is a JSON
 * number that readers of doubles (jq, JavaScript) read back as another
 * seed; its digits as text read back exactly, the number stays for
 * readers of integers. */
static void json_seed(FILE *f, uint64_t seed)
{
    unsigned long long s = (unsigned long long)seed;
    fprintf(f, "\"seed\": %llu, \"seed_text\": \"%llu\"", s, s);
}

static void json_arm(FILE *f, const struct report_arm *a)
{
    const struct generate_request *q = &a->request;
    fputs("    {\"name\": ", f), json_string(f, a->name);
    fputs(", \"variant\": ", f), json_string(f, q->variant);
    fputs(", \"strategy\": ", f), json_string(f, q->strategy);
    fputs(", \"symmetry\": ", f), json_string(f, q->symmetry);
    fputs(", \"grade\": ", f), json_string(f, q->grade);
    fputs(", \"clues\": ", f), json_count_or_null(f, q->clues);
    fputs(", \"size\": ", f), json_count_or_null(f, q->size);
    fputs(", \"rating\": ", f);
    if (q->rating_high > 0)
        fprintf(f, "[%g, %g]", q->rating_low, q->rating_high);
    else
        fputs("null", f);
    fprintf(f, ", \"count\": %ld, ", a->count);
    json_seed(f, a->seed);
    fprintf(f, ", \"jobs\": %d}", a->jobs);
}

static void json_experiment(FILE *f, const struct experiment *e)
{
    fputs("  \"experiment\": {\n    \"file\": ", f), json_string(f, e->path);
    fputs(",\n    \"title\": ", f), json_string(f, e->title);
    fputs(",\n    \"description\": ", f), json_string(f, e->description);
    fprintf(f, ",\n    \"count\": %ld, ", e->count);
    json_seed(f, e->seed);
    fprintf(f, ", \"jobs\": %d,\n    \"arms\": [\n", e->jobs);
    for (int a = 0; a < e->narms; a++) {
        json_arm(f, &e->arms[a]);
        fputs(a + 1 < e->narms ? ",\n" : "\n", f);
    }
    /* The comparisons made, each [ARM, BASE], named or by default. */
    struct report_pair pairs[REPORT_MAX_COMPARISONS];
    int n = experiment_comparisons(e, pairs);
    fputs("    ],\n    \"comparisons\": [", f);
    for (int i = 0; i < n; i++) {
        fputs(i ? ", [" : "[", f), json_string(f, e->arms[pairs[i].arm].name);
        fputs(", ", f), json_string(f, e->arms[pairs[i].base].name), fputc(']', f);
    }
    fputs("]\n  },\n", f);
}

int report_meta_json(const struct report *r, const char *dir, struct sl_error *err)
{
    char cpu[256], sys[512];
    meta_cpu(cpu, sizeof cpu);
    meta_system(sys, sizeof sys);
    FILE *f = report_open(dir, "meta.json", err);
    if (!f) return -1;
    fputs("{\n  \"sudolab\": {\"version\": ", f), json_string(f, SUDOLAB_VERSION);
    fputs(", \"commit\": ", f), json_string(f, SUDOLAB_COMMIT);
    fputs("},\n  \"command_line\": ", f), json_string(f, r->command_line);
    fputs(",\n", f);
    json_experiment(f, r->e);
    fputs("  ", f), json_seed(f, r->e->seed);
    fprintf(f, ",\n  \"threads\": %d,\n  \"bootstrap_resamples\": %d,\n", meta_threads(r->e),
            REPORT_BOOTSTRAP);
    fputs("  \"machine\": {\"cpu\": ", f), json_string(f, cpu);
    fprintf(f, ", \"cores\": %ld, \"system\": ", meta_cores()), json_string(f, sys);
    fputs("},\n  \"started\": ", f), json_string(f, r->started);
    fprintf(f, ",\n  \"wall_seconds\": %.3f,\n  \"interrupted\": %s\n}\n", r->wall,
            r->interrupted ? "true" : "false");
    return report_close(f, dir, "meta.json", err);
}

void report_meta_html(FILE *f, const struct report *r)
{
    char cpu[256];
    meta_cpu(cpu, sizeof cpu);
    fputs("<h2>Reproducing</h2>\n<table class=\"meta\">\n<tr><td>command</td><td><code>", f);
    report_html_text(f, r->command_line ? r->command_line : "");
    fprintf(f,
            "</code></td></tr>\n<tr><td>sudolab</td><td>%s, commit %s</td></tr>\n"
            "<tr><td>seed, threads</td><td>%llu, %d</td></tr>\n<tr><td>machine</td><td>",
            SUDOLAB_VERSION, SUDOLAB_COMMIT, (unsigned long long)r->e->seed, meta_threads(r->e));
    report_html_text(f, cpu);
    fprintf(f,
            ", %ld cores</td></tr>\n<tr><td>started</td><td>%s</td></tr>\n"
            "<tr><td>wall time</td><td>%.1f s</td></tr>\n</table>\n"
            "<p>The experiment as run, after defaults: <a href=\"meta.json\">meta.json</a>.</p>\n",
            meta_cores(), r->started, r->wall);
}

void report_meta_markdown(FILE *f, const struct report *r)
{
    char cpu[256];
    meta_cpu(cpu, sizeof cpu);
    fprintf(f,
            "\n## Reproducing\n\n- command: `%s`\n- sudolab %s, commit %s\n- seed %llu, "
            "threads %d\n- machine: %s, %ld cores\n- started %s, wall time %.1f s\n- the "
            "experiment as run: meta.json\n",
            r->command_line ? r->command_line : "", SUDOLAB_VERSION, SUDOLAB_COMMIT,
            (unsigned long long)r->e->seed, meta_threads(r->e), cpu, meta_cores(), r->started,
            r->wall);
}
