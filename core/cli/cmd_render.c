/*
 * cmd_render.c — `sudolab render`: puzzles on paper (a PDF booklet) or
 * as a picture (SVG, PNG), drawn by core/render. Every puzzle is read,
 * solved and rated first; a bad one stops the command before any file
 * is made.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd.h"
#include "json.h"
#include "rate.h"
#include "render.h"
#include "suggest.h"

static const struct cmd_option_help render_options[] = {
    {"format", "what to write: pdf, svg or png (default: from the --output\n"
               "name, else pdf for several puzzles and svg for one)"},
    {"per-page", "PDF: puzzles on a page, 1, 2, 4 or 6 (default: 4)"},
    {"solutions", "the solutions too: after the puzzles, or beside a picture's\n"
                  "(a puzzle with several: the first found, with a warning)"},
    {"title", "a title at the head of every page, or above a picture (UTF-8,\n"
              "no control characters)"},
    {"paper", "PDF: a4 or letter (default: a4)"},
    {"output", "write to FILE (default, or '-': standard output, which for\n"
               "a PDF or PNG may not be a terminal)"},
    {"size", "every puzzle is N x N (default: inferred)"},
    {"boxes", "box shape for classic input, or 'none'"},
    {"max-nodes", "give up on a puzzle after N search nodes (default: no limit)"},
    {NULL, NULL},
};

static const struct cmd_spec render_spec = {
    "render",
    "usage: sudolab render [--format pdf|svg|png] [--per-page 1|2|4|6] [--solutions]\n"
    "                      [--title TEXT] [--paper a4|letter] [--output FILE] [FILE...]\n"
    "\n"
    "Draws every puzzle as puzzle books do: killer cages dashed with their sums,\n"
    "thermometers, arrows, kropki dots, XV, odd/even marks, jigsaw regions, shaded\n"
    "windows; a rule with nothing to draw is named in the caption under the grid,\n"
    "with the puzzle's number, grade and rating. A PDF is a booklet with page\n"
    "numbers; an SVG or PNG holds one puzzle, under the title if one is given.\n"
    "--per-page and --paper are a PDF's: for a picture they are refused.\n",
    render_options,
    "Exit codes: 0 ok, 1 a puzzle has no solution (with --solutions), 2 bad\n"
    "input or usage (nothing is written), 3 the search gave up.\n",
    NULL,
};

struct render_run {
    const struct cmd_options *opt;
    struct render_book *book;
    int n;
    struct rater *rater;
    long serial; /* the ruleset the rater was built for */
    int failed;  /* the book refused a puzzle: nothing will be written */
};

static struct rater *run_rater(struct render_run *run, const struct cmd_puzzle *item)
{
    if (run->rater && run->serial == item->rules_serial) return run->rater;
    rater_free(run->rater);
    run->rater = rater_new(item->rules);
    run->serial = item->rules_serial;
    return run->rater;
}

/* 1 when the rater has techniques for every rule of p: rules run
 * natively (no propagate hook) or explaining themselves. For another
 * (a rule written in Lua) it measures by searching, which can take a
 * second a puzzle, so such puzzles are drawn unrated. */
static int render_rater_knows(const struct puzzle *p)
{
    for (int i = 0; i < p->nrules; i++)
        if (p->rules[i].ops->propagate && !p->rules[i].ops->explain) return 0;
    return 1;
}

/* The solution (when there is one; with --solutions, a warning when
 * there are several) and, for a unique puzzle the rater knows, the grade
 * and rating: a killer takes a few milliseconds. */
static int render_solve(struct render_run *run, const struct cmd_puzzle *item,
                        struct render_item *it)
{
    uint8_t solutions[2 * SL_MAX_CELLS];
    struct search_stats stats = {0};
    struct search_result r =
        solver_solutions(item->solver, item->puzzle->givens, 2, solutions, &stats);
    if (r.gave_up) {
        cmd_report_gave_up(item, stats.nodes);
        return EXIT_GAVE_UP;
    }
    if (r.solutions >= 1) {
        memcpy(it->solution, solutions, (size_t)it->geo.ncells);
        it->has_solution = 1;
    }
    if (r.solutions == 0 && run->opt->solutions) {
        fprintf(stderr, "%s:%ld: no solution to draw\n", item->file, item->where->line);
        return EXIT_NO_SOLUTION;
    }
    /* A book's answer page would show one of them as "the" solution. */
    if (r.solutions >= 2 && run->opt->solutions)
        fprintf(stderr,
                "%s:%ld: warning: several solutions; the one drawn is the first found "
                "('sudolab check' tells more)\n",
                item->file, item->where->line);
    int rate = r.solutions == 1 && render_rater_knows(item->puzzle);
    struct rater *rater = rate ? run_rater(run, item) : NULL;
    struct rate_result res;
    if (rater && rate_puzzle(rater, item->puzzle->givens, &res, NULL, NULL) == 0) {
        snprintf(it->grade, sizeof it->grade, "%s", grade_name(res.grade));
        it->rating = res.rating;
    }
    return 0;
}

/* A puzzle the book refuses is refused for want of memory or of room
 * for its temporary file, which no later one will have either: told
 * once, and the reading stops there (opt.stop_reading), so later
 * puzzles are not solved in vain nor later lines complained about. */
static int render_visit(void *arg, const struct cmd_puzzle *item)
{
    struct render_run *run = arg;
    struct render_item it;
    struct sl_error err = {0};
    if (render_item_init(&it, item->puzzle, &err)) {
        fprintf(stderr, "%s:%ld: %s\n", item->file, item->where->line, err.msg);
        return EXIT_BAD_INPUT;
    }
    it.number = ++run->n;
    int code = render_solve(run, item, &it);
    if (code == 0 && render_book_add(run->book, &it, &err)) {
        fprintf(stderr, "%s:%ld: %s\n", item->file, item->where->line, err.msg);
        code = EXIT_BAD_INPUT;
        run->failed = 1;
    }
    render_item_free(&it);
    return code;
}

/* A name among names, or a usage error with a suggestion. */
static int render_pick(const char *what, const char *value, const char *const *names,
                       int (*lookup)(const char *), int *out)
{
    if ((*out = lookup(value)) >= 0) return 0;
    char msg[512];
    suggest_unknown(what, value, names, msg, sizeof msg);
    return cmd_usage_error(&render_spec, "%s", msg);
}

/* The form asked for, or the one the output's name ends in (in any
 * case: book.PDF), into *form (NULL: none named). An ending that names
 * no form (book.jpg) is refused: it was written as an SVG or a PDF by
 * the number of puzzles. 0, or the exit code. */
static int render_form_named(const struct cmd_options *opt, char *ending, size_t cap,
                             const char **form)
{
    *form = opt->render_format;
    if (*form || opt->output == NULL) return 0;
    const char *slash = strrchr(opt->output, '/');
    const char *base = slash ? slash + 1 : opt->output;
    const char *dot = strrchr(base, '.');
    if (dot == NULL || dot == base || dot[1] == '\0') return 0; /* no ending */
    size_t len = strlen(dot + 1);
    for (size_t i = 0; i < len && i + 1 < cap; i++) ending[i] = (char)tolower(dot[1 + i]);
    ending[len < cap ? len : cap - 1] = '\0';
    if (len < cap && render_format_by_name(ending) >= 0) {
        *form = ending;
        return 0;
    }
    return cmd_usage_error(&render_spec,
                           "--output %s: its ending '%s' is none of pdf, svg and png; give "
                           "--format to write that form under this name",
                           opt->output, dot);
}

/* The first control character of a UTF-8 title (C0, DEL, or C1 as
 * U+0080..U+009F): its byte offset, its code point into *code; or -1. */
static long title_control(const char *title, unsigned *code)
{
    const unsigned char *s = (const unsigned char *)title;
    for (long i = 0; s[i]; i++) {
        if (s[i] >= 0x80 && s[i] < 0xc0) continue; /* within a character */
        *code = s[i] == 0xc2 ? s[i + 1] : s[i];
        if (*code < 0x20 || (*code >= 0x7f && *code <= 0x9f)) return i;
    }
    return -1;
}

/* --per-page and --paper lay out a booklet's pages: a picture has none,
 * so for one they are refused, naming the form, not ignored. `form` is
 * the picture's; `chosen`: no form was named, one puzzle makes it. 0
 * when neither option is given or the form is pdf, else the exit code. */
static int render_paper_only(const struct cmd_options *opt, const char *form, int chosen)
{
    const char *option = opt->per_page ? "--per-page" : opt->paper ? "--paper" : NULL;
    if (option == NULL || strcmp(form, "pdf") == 0) return 0;
    return cmd_usage_error(&render_spec, "%s goes with pdf, not %s%s", option, form,
                           chosen ? " (one puzzle is drawn as svg: add --format pdf)" : "");
}

static int render_settings(const struct cmd_options *opt, struct render_options *ro, int *format)
{
    int paper = RENDER_A4;
    char ending[8];
    const char *form;
    *format = -1;
    if (render_form_named(opt, ending, sizeof ending, &form)) return EXIT_BAD_INPUT;
    if (form && render_pick("format", form, render_format_names, render_format_by_name, format))
        return EXIT_BAD_INPUT;
    if (form && render_paper_only(opt, form, 0)) return EXIT_BAD_INPUT;
    if (opt->paper &&
        render_pick("paper size", opt->paper, render_paper_names, render_paper_by_name, &paper))
        return EXIT_BAD_INPUT;
    int per_page = opt->per_page ? opt->per_page : 4;
    if (per_page != 1 && per_page != 2 && per_page != 4 && per_page != 6)
        return cmd_usage_error(&render_spec, "--per-page takes 1, 2, 4 or 6, not %d", per_page);
    if (opt->title && strlen(opt->title) >= RENDER_TITLE_MAX)
        return cmd_usage_error(&render_spec, "--title is longer than %d bytes",
                               RENDER_TITLE_MAX - 1);
    /* The PDF's metadata and text take UTF-8 alone: other bytes once
     * failed the whole book as "cannot write". */
    if (opt->title && !json_is_utf8(opt->title, strlen(opt->title)))
        return cmd_usage_error(&render_spec, "--title is not UTF-8 text");
    /* A tab or an ESC is drawn as a missing glyph on the page, and the
     * PDF's metadata kept it raw for viewers and for pdfinfo, which sent
     * it to a terminal. Refused, not stripped: a title is typed, and one
     * changed without a word could go unseen until the book is printed. */
    unsigned code;
    long at = opt->title ? title_control(opt->title, &code) : -1;
    if (at >= 0)
        return cmd_usage_error(&render_spec,
                               "--title has a control character, U+%04X at byte %ld: a title is "
                               "one line of printable text",
                               code, at + 1);
    *ro = (struct render_options){RENDER_PDF, per_page, opt->solutions, opt->title,
                                  (enum render_paper)paper};
    return -1;
}

/* A PDF or PNG is bytes a terminal shows as noise and may take as its
 * own commands: written to one it is refused, naming the way to a file.
 * `format` is the form named (-1: none, so one puzzle is an SVG, more a
 * PDF); n the puzzles drawn. 0, or the exit code. */
static int render_not_to_terminal(const struct cmd_options *opt, int format, int n)
{
    if (opt->output || !isatty(STDOUT_FILENO)) return 0;
    int form = format >= 0 ? format : n == 1 ? RENDER_SVG : RENDER_PDF;
    if (form == RENDER_SVG) return 0;
    return cmd_usage_error(&render_spec,
                           "not writing a %s to the terminal: give --output FILE, or redirect",
                           form == RENDER_PNG ? "PNG" : "PDF");
}

int cmd_render(int argc, char **argv)
{
    struct cmd_options opt;
    int code = cmd_parse(&render_spec, argc, argv, &opt);
    if (code >= 0) return code;
    struct render_options ro;
    int format;
    if ((code = render_settings(&opt, &ro, &format)) >= 0) return code;
    if (format >= 0 && render_not_to_terminal(&opt, format, 0)) return EXIT_BAD_INPUT;
    ro.format = format >= 0 ? (enum render_format)format : RENDER_AUTO;
    struct sl_error err = {0};
    struct cmd_target target;
    if (opt.output && (cmd_output_target("render", opt.output, &target) ||
                       cmd_output_apart("render", opt.output, &target, opt.files, opt.nfiles)))
        return EXIT_BAD_INPUT;
    const char *path = opt.output ? target.path : NULL;
    struct render_run run = {.opt = &opt, .book = render_book_open(&ro, path, &err)};
    if (run.book == NULL) {
        fprintf(stderr, "sudolab render: %s\n", err.msg);
        return EXIT_BAD_INPUT;
    }
    opt.stop_reading = &run.failed;
    code = cmd_for_each_puzzle(&opt, render_visit, &run);
    /* With no form named, one puzzle is an SVG: known only now. */
    if (code == 0 && format < 0 && run.n == 1) code = render_paper_only(&opt, "svg", 1);
    if (code == 0 && format < 0 && render_not_to_terminal(&opt, format, run.n))
        code = EXIT_BAD_INPUT;
    rater_free(run.rater);
    int closed = render_book_close(run.book, code == 0, &err);
    render_release();
    /* A write to standard output that failed is told once, by main with
     * its cause, as for every command: cairo's own words ("error while
     * writing to output stream") said it again without one. */
    if (closed) {
        if (path || !ferror(stdout)) fprintf(stderr, "sudolab render: %s\n", err.msg);
        return EXIT_BAD_INPUT;
    }
    if (code) fprintf(stderr, "sudolab render: nothing written\n");
    return code;
}
