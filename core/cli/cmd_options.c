/*
 * cmd_options.c — the option parser every subcommand shares (cmd.h).
 *
 * One catalogue says, for every option any command has, its letter, the
 * kind of its value, the range a number must lie in, and the field of
 * struct cmd_options it fills. A command's own table (struct cmd_spec)
 * names the options it takes, each with its help line; the parser takes
 * only those, checks every value before the command starts, and writes
 * the help text from the same table.
 */
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "format_variant.h"
#include "play_scores.h"
#include "rate.h"
#include "suggest.h"
#include "variant.h"

enum option_kind {
    KIND_FLAG,    /* no value: the int field becomes 1 */
    KIND_INT,     /* a whole number in [low, high] into an int */
    KIND_LONG,    /* ... into a long */
    KIND_U64,     /* ... into a uint64_t */
    KIND_TEXT,    /* the text as given (checked by the command) */
    KIND_VARIANT, /* a variant of variants/, kept as given */
    KIND_GRADE,   /* a grade name (rate.h), kept as given */
    KIND_BOARD,   /* ... or a leaderboard's "unrated" (play_scores.h) */
    KIND_FORMAT,  /* an input format name, as its FORMAT_* bit */
    KIND_OUTPUT,  /* convert's output form, as an enum cmd_output */
    KIND_BOXES,   /* RxC or none, into the reader options */
    KIND_SHARD,   /* I/N */
    KIND_RATING,  /* LOW-HIGH, or one rating */
};

struct option_def {
    const char *name; /* --name */
    char letter;      /* -letter */
    enum option_kind kind;
    size_t field; /* offsetof(struct cmd_options, ...) */
    unsigned long long low, high;
    const char *value; /* the value's name in help, NULL for a flag */
};

#define FIELD(f) offsetof(struct cmd_options, f)

static const struct option_def catalogue[] = {
    {"size", 's', KIND_INT, FIELD(reader.size), 1, SL_MAX_SIZE, "N"},
    {"boxes", 'b', KIND_BOXES, FIELD(reader), 0, 0, "RxC"},
    {"pretty", 'p', KIND_FLAG, FIELD(pretty), 0, 0, NULL},
    {"limit", 'l', KIND_LONG, FIELD(limit), 1, 1000000000, "K"},
    {"seed", 'S', KIND_U64, FIELD(seed), 0, UINT64_MAX, "S"},
    {"count", 'c', KIND_LONG, FIELD(count), 1, 1000000000, "K"},
    {"runs", 'r', KIND_LONG, FIELD(runs), 1, 1000, "R"},
    {"max-nodes", 'n', KIND_U64, FIELD(max_nodes), 1, UINT64_MAX, "N"},
    {"format", 'f', KIND_FORMAT, FIELD(reader.formats), 0, 0, "F"},
    {"to", 't', KIND_OUTPUT, FIELD(to), 0, 0, "FORM"},
    {"variant", 'V', KIND_VARIANT, FIELD(variant), 0, 0, "NAME"},
    {"json", 'j', KIND_FLAG, FIELD(json), 0, 0, NULL},
    {"explain", 'e', KIND_FLAG, FIELD(explain), 0, 0, NULL},
    {"state", 'a', KIND_TEXT, FIELD(state), 0, 0, "MARKS"},
    {"jobs", 'J', KIND_INT, FIELD(jobs), 1, GENERATE_MAX_JOBS, "N"},
    {"shard", 'H', KIND_SHARD, FIELD(shard_index), 0, 0, "I/N"},
    {"stats", 'T', KIND_FLAG, FIELD(stats), 0, 0, NULL},
    {"clues", 'C', KIND_INT, FIELD(clues), 1, SL_MAX_CELLS, "C"},
    {"symmetry", 'Y', KIND_TEXT, FIELD(symmetry), 0, 0, "NAME"},
    {"strategy", 'G', KIND_TEXT, FIELD(strategy), 0, 0, "NAME"},
    {"min-cage", 'm', KIND_INT, FIELD(min_cage), 1, SL_MAX_SIZE, "N"},
    {"max-cage", 'x', KIND_INT, FIELD(max_cage), 1, SL_MAX_SIZE, "N"},
    {"cage-sizes", 'K', KIND_TEXT, FIELD(cage_sizes), 0, 0, "LIST"},
    {"givens", 'v', KIND_INT, FIELD(givens), 0, SL_MAX_CELLS, "N"},
    {"grade", 'g', KIND_GRADE, FIELD(grade), 0, 0, "NAME"},
    {"rating", 'R', KIND_RATING, FIELD(rating_low), 0, 0, "L-H"},
    {"output", 'o', KIND_TEXT, FIELD(output), 0, 0, "FILE"},
    {"out", 'O', KIND_TEXT, FIELD(out_dir), 0, 0, "DIR"},
    {"require-charts", 'Q', KIND_FLAG, FIELD(require_charts), 0, 0, NULL},
    {"chart-seconds", 'q', KIND_LONG, FIELD(chart_seconds), 1, 1000000, "S"},
    {"max-instructions", 'I', KIND_U64, FIELD(max_instructions), 1, UINT64_C(1) << 62, "N"},
    {"max-memory", 'M', KIND_LONG, FIELD(max_memory), 1, (1L << 20) - 1, "MB"},
    {"max-seconds", 'X', KIND_LONG, FIELD(max_seconds), 1, 1000000, "S"},
    {"per-page", 'P', KIND_INT, FIELD(per_page), 1, 6, "K"},
    {"solutions", 'w', KIND_FLAG, FIELD(solutions), 0, 0, NULL},
    {"title", 'L', KIND_TEXT, FIELD(title), 0, 0, "TEXT"},
    {"paper", 'A', KIND_TEXT, FIELD(paper), 0, 0, "SIZE"},
    {"ascii", 'i', KIND_FLAG, FIELD(ascii), 0, 0, NULL},
    {"ignore-unknown", 'U', KIND_FLAG, FIELD(reader.ignore_unknown), 0, 0, NULL},
    {"delay", 'D', KIND_LONG, FIELD(delay_ms), 0, 60000, "MS"},
    {"redundant", 'N', KIND_FLAG, FIELD(redundant), 0, 0, NULL},
    {"estimate", 'E', KIND_FLAG, FIELD(estimate), 0, 0, NULL},
    {"probes", 'B', KIND_LONG, FIELD(probes), 1, 1000000000, "N"},
    {"lines", 'W', KIND_INT, FIELD(lines), 1, SL_MAX_CELLS, "N"},
    {"max-line", 'Z', KIND_INT, FIELD(max_line), 2, SL_MAX_CELLS, "N"},
    {"time", 'k', KIND_FLAG, FIELD(time), 0, 0, NULL},
};
enum { NCATALOGUE = sizeof catalogue / sizeof catalogue[0] };

/* Options whose meaning is one command's own, found before the
 * catalogue's for that command: render's --format names what it writes,
 * not a form to read; report's --count has an experiment's bound, a
 * hundredth of the catalogue's. */
static const struct own_option {
    const char *command;
    struct option_def def;
} own_options[] = {
    {"render", {"format", 'f', KIND_TEXT, FIELD(render_format), 0, 0, "FORM"}},
    {"candidates", {"limit", 'l', KIND_LONG, FIELD(cap), 1, 1000000000, "N"}},
    {"report", {"count", 'c', KIND_LONG, FIELD(count), 1, REPORT_MAX_COUNT, "K"}},
    {"scores", {"grade", 'g', KIND_BOARD, FIELD(grade), 0, 0, "NAME"}},
};
enum { NOWN = sizeof own_options / sizeof own_options[0] };

static const struct option_def *own_def(const struct cmd_spec *spec, const char *name, size_t len,
                                        char letter)
{
    for (int i = 0; i < NOWN; i++) {
        const struct option_def *d = &own_options[i].def;
        if (strcmp(own_options[i].command, spec->name) != 0) continue;
        if (name ? strlen(d->name) == len && strncmp(d->name, name, len) == 0 : d->letter == letter)
            return d;
    }
    return NULL;
}

static const struct option_def *def_by_name(const struct cmd_spec *spec, const char *name,
                                            size_t len)
{
    const struct option_def *own = own_def(spec, name, len, 0);
    if (own) return own;
    for (int i = 0; i < NCATALOGUE; i++)
        if (strlen(catalogue[i].name) == len && strncmp(catalogue[i].name, name, len) == 0)
            return &catalogue[i];
    return NULL;
}

static const struct option_def *def_by_letter(const struct cmd_spec *spec, char letter)
{
    const struct option_def *own = own_def(spec, NULL, 0, letter);
    if (own) return own;
    for (int i = 0; i < NCATALOGUE; i++)
        if (catalogue[i].letter == letter) return &catalogue[i];
    return NULL;
}

static int spec_takes(const struct cmd_spec *spec, const struct option_def *def)
{
    for (const struct cmd_option_help *o = spec->options; o && o->name; o++)
        if (strcmp(o->name, def->name) == 0) return 1;
    return 0;
}

int cmd_usage_error(const struct cmd_spec *spec, const char *fmt, ...)
{
    char msg[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    fprintf(stderr, "sudolab %s: %s\n(see 'sudolab %s --help')\n", spec->name, msg, spec->name);
    return EXIT_BAD_INPUT;
}

/* --- values ---------------------------------------------------------------- */

/* A whole decimal number in [low, high]; -1 when it is not one. */
static int parse_number(const char *text, unsigned long long low, unsigned long long high,
                        unsigned long long *out)
{
    char *end;
    errno = 0;
    unsigned long long v = strtoull(text, &end, 10);
    *out = v;
    return text[0] >= '0' && text[0] <= '9' && *end == '\0' && errno == 0 && v >= low && v <= high
               ? 0
               : -1;
}

static int parse_boxes(const char *text, struct reader_options *r)
{
    int rows, cols;
    if (strcmp(text, "none") == 0) {
        r->box_rows = -1;
        return 0;
    }
    if (geometry_parse_boxes(text, &rows, &cols)) return -1;
    r->box_rows = rows;
    r->box_cols = cols;
    return 0;
}

/* "I/N" with 1 <= I <= N <= INT_MAX, each a whole number as parse_number
 * takes it (sscanf's %d took " 1/+2" and wrapped 99999999999 into an
 * int). */
static int parse_shard(const char *text, struct cmd_options *opt)
{
    const char *slash = strchr(text, '/');
    char index[32];
    unsigned long long i, n;
    if (!slash || (size_t)(slash - text) >= sizeof index) return -1;
    snprintf(index, sizeof index, "%.*s", (int)(slash - text), text);
    if (parse_number(index, 1, INT_MAX, &i) || parse_number(slash + 1, 1, INT_MAX, &n) || i > n)
        return -1;
    opt->shard_index = (int)i;
    opt->shard_count = (int)n;
    return 0;
}

/* "LOW-HIGH" or one rating "X" (a band of one tenth around it). */
static int parse_rating(const char *text, struct cmd_options *opt)
{
    double low, high;
    int used = 0;
    if (sscanf(text, "%lf-%lf%n", &low, &high, &used) == 2 && text[used] == '\0') {
    } else if (sscanf(text, "%lf%n", &low, &used) == 1 && text[used] == '\0') {
        high = low;
    } else {
        return -1;
    }
    if (!(low >= GENERATE_RATING_MIN && high >= low && high <= GENERATE_RATING_MAX)) return -1;
    opt->rating_low = low;
    opt->rating_high = high;
    return 0;
}

/* The names of format_names ("a, b, c") as a list, in words. */
static void format_name_list(char *words, size_t cap, const char **names, int max)
{
    snprintf(words, cap, "%s", format_names);
    int n = 0;
    for (char *save = NULL, *w = strtok_r(words, ", ", &save); w && n < max - 1;
         w = strtok_r(NULL, ", ", &save))
        names[n++] = w;
    names[n] = NULL;
}

/* An unknown name among known ones: the message, with a suggestion. */
static int unknown_name(const struct cmd_spec *spec, const char *what, const char *value,
                        const char *const *names)
{
    char msg[512];
    suggest_unknown(what, value, names, msg, sizeof msg);
    return cmd_usage_error(spec, "%s", msg);
}

/* The rater's grades into names, with the boards' "unrated" when
 * `board`; NULL-terminated (GRADE_COUNT + 2 places). */
static void grade_names(const char **names, int board)
{
    int n = 0;
    for (int g = 0; g < GRADE_COUNT; g++) names[n++] = grade_name((enum grade)g);
    if (board) names[n++] = PLAY_UNRATED;
    names[n] = NULL;
}

static int check_grade(const struct cmd_spec *spec, const char *value, int board)
{
    if (board ? play_board_grade(value) : grade_by_name(value) >= 0) return 0;
    const char *names[GRADE_COUNT + 2];
    grade_names(names, board);
    return unknown_name(spec, "grade", value, names);
}

static int check_format(const struct cmd_spec *spec, const char *value, int *bits)
{
    if ((*bits = format_by_name(value)) != 0) return 0;
    char words[256];
    const char *names[16];
    format_name_list(words, sizeof words, names, 16);
    return unknown_name(spec, "format", value, names);
}

static int check_output(const struct cmd_spec *spec, const char *value, int *to)
{
    if ((*to = cmd_output_by_name(value)) >= 0) return 0;
    return unknown_name(spec, "output form", value, cmd_output_names);
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* Adds the NAME of every NAME.lua of one folder not listed yet. */
static int add_folder_names(const char *folder, size_t len, char **names, int n, int max)
{
    char dir[VARIANT_PATH_MAX];
    snprintf(dir, sizeof dir, "%.*s", (int)len, folder);
    DIR *d = opendir(dir);
    if (!d) return n;
    for (struct dirent *e; (e = readdir(d)) != NULL && n < max - 1;) {
        size_t nlen = strlen(e->d_name);
        if (nlen <= 4 || strcmp(e->d_name + nlen - 4, ".lua") != 0) continue;
        int seen = 0;
        for (int i = 0; i < n && !seen; i++)
            seen = strlen(names[i]) == nlen - 4 && strncmp(names[i], e->d_name, nlen - 4) == 0;
        if (seen || !(names[n] = strdup(e->d_name))) continue;
        names[n++][nlen - 4] = '\0';
    }
    closedir(d);
    return n;
}

int cmd_variant_names(char **names, int max)
{
    char folders[VARIANT_PATH_MAX];
    variant_folders(folders, sizeof folders);
    int n = 0;
    for (const char *f = folders; *f;) {
        size_t len = strcspn(f, ":");
        n = add_folder_names(f, len, names, n, max);
        f += len + (f[len] == ':');
    }
    names[n] = NULL;
    if (n == 0) return -1;
    qsort(names, (size_t)n, sizeof names[0], by_name);
    return n;
}

void cmd_free_names(char **names)
{
    for (; *names; names++) free(*names);
}

/* A variant name with no file variants/NAME.lua: its message. A name the
 * folder cannot tell about (no folder, a path) is left to the loader. */
static int check_variant(const struct cmd_spec *spec, const char *value)
{
    size_t len = strlen(value);
    if (strchr(value, '/') || (len > 4 && strcmp(value + len - 4, ".lua") == 0)) return 0;
    char *names[257];
    int n = cmd_variant_names(names, 257), found = 0;
    for (int i = 0; i < n && !found; i++) found = strcmp(names[i], value) == 0;
    int code =
        n < 0 || found ? 0 : unknown_name(spec, "variant", value, (const char *const *)names);
    if (n >= 0) cmd_free_names(names);
    return code;
}

/* Stores the value of def into opt; 0, or an exit code after a message. */
static int apply_value(const struct cmd_spec *spec, const struct option_def *def, const char *value,
                       struct cmd_options *opt)
{
    char *at = (char *)opt + def->field;
    unsigned long long v = 0;
    const char *wants = NULL;
    switch (def->kind) {
    case KIND_FLAG: *(int *)at = 1; return 0;
    case KIND_TEXT: *(const char **)at = value; return 0;
    case KIND_GRADE:
    case KIND_BOARD:
        *(const char **)at = value;
        return check_grade(spec, value, def->kind == KIND_BOARD);
    case KIND_VARIANT: *(const char **)at = value; return check_variant(spec, value);
    case KIND_FORMAT: return check_format(spec, value, (int *)at);
    case KIND_OUTPUT: return check_output(spec, value, (int *)at);
    case KIND_BOXES:
        if (parse_boxes(value, (struct reader_options *)at) == 0) return 0;
        wants = "a box shape RxC (each 1..25) or 'none'";
        break;
    case KIND_SHARD:
        if (parse_shard(value, opt) == 0) return 0;
        wants = "I/N with 1 <= I <= N";
        break;
    case KIND_RATING:
        if (parse_rating(value, opt) == 0) return 0;
        wants = "a rating LOW-HIGH or X, between " CMD_STR(GENERATE_RATING_MIN) " and " CMD_STR(
            GENERATE_RATING_MAX) " (the rater's scale ends there)";
        break;
    case KIND_INT:
    case KIND_LONG:
    case KIND_U64:
        if (parse_number(value, def->low, def->high, &v) == 0) {
            if (def->kind == KIND_INT) *(int *)at = (int)v;
            if (def->kind == KIND_LONG) *(long *)at = (long)v;
            if (def->kind == KIND_U64) *(uint64_t *)at = (uint64_t)v;
            return 0;
        }
        return cmd_usage_error(spec, "--%s wants a whole number %llu..%llu, not '%s'", def->name,
                               def->low, def->high, value);
    }
    return cmd_usage_error(spec, "--%s wants %s, not '%s'", def->name, wants, value);
}

/* --- options ---------------------------------------------------------------- */

/* The option named (arg is past the first '-': "-name" or a letter), when
 * the command takes it; else a message and the exit code. */
static int find_option(const struct cmd_spec *spec, const char *arg, size_t len, int is_long,
                       const struct option_def **out)
{
    const struct option_def *def =
        is_long ? def_by_name(spec, arg + 1, len - 1) : def_by_letter(spec, arg[0]);
    if (def && spec_takes(spec, def)) {
        *out = def;
        return -1;
    }
    if (def) return cmd_usage_error(spec, "this command does not take --%s", def->name);
    const char *names[NCATALOGUE + 2];
    int n = 0;
    for (const struct cmd_option_help *o = spec->options; o && o->name && n < NCATALOGUE; o++)
        names[n++] = o->name;
    names[n++] = "help";
    names[n] = NULL;
    char word[SUGGEST_MAX_WORD + 1];
    snprintf(word, sizeof word, "%.*s", (int)(len - 1), arg + 1);
    const char *close = is_long ? suggest_name(word, names) : NULL;
    if (close)
        return cmd_usage_error(spec, "unknown option '-%.*s'; did you mean '--%s'?", (int)len, arg,
                               close);
    return cmd_usage_error(spec, "unknown option '-%.*s'", (int)len, arg);
}

/* One argument that starts with '-' (not "-" or "--"), with argv[*i + 1]
 * as its value when it needs one and has none attached. */
static int parse_option(const struct cmd_spec *spec, int argc, char **argv, int *i,
                        struct cmd_options *opt)
{
    const char *arg = argv[*i] + 1; /* past the first '-' */
    int is_long = arg[0] == '-';
    for (;;) {
        size_t len = is_long ? strcspn(arg, "=") : 1;
        const struct option_def *def;
        int code = find_option(spec, arg, len, is_long, &def);
        if (code >= 0) return code;
        const char *rest = arg + len;
        if (!def->value) {
            if (is_long && *rest == '=')
                return cmd_usage_error(spec, "--%s takes no value", def->name);
            apply_value(spec, def, NULL, opt);
            if (is_long || *rest == '\0') return -1;
            arg = rest; /* -pj: more flags */
            continue;
        }
        const char *value = *rest ? rest + (is_long || *rest == '=') : NULL;
        if (!value) {
            if (*i + 1 >= argc) return cmd_usage_error(spec, "--%s needs a value", def->name);
            value = argv[++*i];
        }
        code = apply_value(spec, def, value, opt);
        return code ? code : -1;
    }
}

static int is_help(const char *arg) { return strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0; }

static int parse(const struct cmd_spec *spec, int argc, char **argv, struct cmd_options *opt,
                 int leading)
{
    *opt = (struct cmd_options){.limit = 2,
                                .seed = 1,
                                .count = 1,
                                .runs = 1,
                                .jobs = 1,
                                .shard_index = 1,
                                .shard_count = 1,
                                .givens = -1};
    int nfiles = 0, options_end = 0;
    for (int i = 1; i < argc && !(leading && argv[i][0] != '-'); i++)
        if (!options_end && is_help(argv[i])) {
            cmd_print_help(spec, stdout);
            return 0;
        } else if (!options_end && strcmp(argv[i], "--") == 0) {
            options_end = 1;
        }
    options_end = 0;
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i];
        if (leading && nfiles > 0) options_end = 1;
        if (options_end || arg[0] != '-' || arg[1] == '\0') {
            argv[1 + nfiles++] = argv[i]; /* operands gather at the front */
        } else if (strcmp(arg, "--") == 0) {
            options_end = 1;
        } else if (is_help(arg)) {
            cmd_print_help(spec, stdout);
            return 0;
        } else {
            int code = parse_option(spec, argc, argv, &i, opt);
            if (code >= 0) return code;
        }
    }
    opt->nfiles = nfiles;
    opt->files = argv + 1;
    /* "-" is standard output, as it is standard input among the files;
     * a file of that name is ./-. A report is a folder of files, which
     * standard output cannot hold. */
    if (opt->output && strcmp(opt->output, "-") == 0) opt->output = NULL;
    if (opt->out_dir && strcmp(opt->out_dir, "-") == 0)
        return cmd_usage_error(spec, "--out -: a report is a folder of files, which standard "
                                     "output cannot hold; name a folder (./- for one called -)");
    /* --variant runs the project's Lua (scores only names a board by it) */
    if (opt->variant && strcmp(spec->name, "scores") != 0)
        cmd_warn_hidden(spec->name, opt->variant);
    return -1;
}

int cmd_parse(const struct cmd_spec *spec, int argc, char **argv, struct cmd_options *opt)
{
    return parse(spec, argc, argv, opt, 0);
}

int cmd_parse_leading(const struct cmd_spec *spec, int argc, char **argv, struct cmd_options *opt)
{
    return parse(spec, argc, argv, opt, 1);
}

/* --- help ------------------------------------------------------------------- */

static int help_left(const struct option_def *def, char *buf, size_t cap)
{
    return snprintf(buf, cap, "  -%c, --%s%s%s", def->letter, def->name, def->value ? " " : "",
                    def->value ? def->value : "");
}

/* The names a grade or format option takes, from their own tables. */
static void help_names(const struct option_def *def, int width, FILE *out)
{
    char words[256];
    const char *names[16];
    if (def->kind == KIND_GRADE || def->kind == KIND_BOARD) {
        grade_names(names, def->kind == KIND_BOARD);
    } else if (def->kind == KIND_FORMAT) {
        format_name_list(words, sizeof words, names, 16);
    } else {
        return;
    }
    char list[512];
    suggest_list(names, list, sizeof list);
    fprintf(out, "%-*s(%s)\n", width, "", list);
}

void cmd_print_help(const struct cmd_spec *spec, FILE *out)
{
    fputs(spec->synopsis, out);
    int width = 20;
    char left[64];
    for (const struct cmd_option_help *o = spec->options; o && o->name; o++) {
        int n = help_left(def_by_name(spec, o->name, strlen(o->name)), left, sizeof left);
        if (n + 2 > width) width = n + 2;
    }
    if (spec->options && spec->options[0].name) fputc('\n', out);
    for (const struct cmd_option_help *o = spec->options; o && o->name; o++) {
        help_left(def_by_name(spec, o->name, strlen(o->name)), left, sizeof left);
        const char *line = o->help;
        fprintf(out, "%-*s", width, left);
        for (;;) {
            size_t len = strcspn(line, "\n");
            fprintf(out, "%.*s\n", (int)len, line);
            if (line[len] == '\0') break;
            line += len + 1;
            fprintf(out, "%-*s", width, "");
        }
        help_names(def_by_name(spec, o->name, strlen(o->name)), width, out);
    }
    if (spec->more_help) spec->more_help(out);
    if (spec->epilogue) fprintf(out, "\n%s", spec->epilogue);
}
