/*
 * lines.c — rules drawn as lines through cells, one plugin per kind, all
 * taking paths "a-b-c,d-e-f" (cell_paths.h) and sharing parse, write and
 * the watched groups (one per line):
 *
 *   whispers    neighbours on a line differ by at least 5 (German
 *               whispers; on an N grid, by at least (N+1)/2);
 *   renban      a line holds a set of consecutive digits, in any order
 *               (its cells a unit);
 *   palindrome  a line reads the same from either end;
 *   between     the cells strictly inside a line (3 or more cells) hold
 *               digits strictly between those of its two ends.
 *
 * Each line is a watched group kept at its own fixed point: whispers and
 * palindrome narrow neighbours (or mirror cells) pair by pair; renban keeps
 * the windows of consecutive digits every cell can reach and whose every
 * digit has a place; between bounds the inside by the ends and the ends by
 * the inside.
 *
 * The rater's step for each rule is that narrowing on one line, named by
 * the line's cells in order ("whispers line: r1c1-r1c2-r2c2"), keyed
 * whispers-line, renban-line, palindrome-line and between-line.
 */
#include <stdlib.h>
#include <string.h>

#include "constraint.h"
#include "cell_paths.h"
#include "primitive_explain.h"

struct lines {
    struct cell_paths paths;
    int size;
    struct geometry geo;
};

static void *lines_read(const struct geometry *g, const char *args, int min_len, int max_len,
                        struct sl_error *err)
{
    struct lines *l = malloc(sizeof *l);
    if (l == NULL) {
        sl_error_set(err, 0, 1, "out of memory");
        return NULL;
    }
    l->size = g->size;
    l->geo = *g;
    if (cell_paths_read(args, g->ncells, min_len, max_len, 1, &l->paths, err)) {
        free(l);
        return NULL;
    }
    return l;
}

static void *whispers_parse(const struct geometry *g, const char *args, struct sl_error *err)
{
    return lines_read(g, args, 2, g->ncells, err);
}

static void *renban_parse(const struct geometry *g, const char *args, struct sl_error *err)
{
    return lines_read(g, args, 2, g->size, err);
}

static void *palindrome_parse(const struct geometry *g, const char *args, struct sl_error *err)
{
    return lines_read(g, args, 2, g->ncells, err);
}

static void *between_parse(const struct geometry *g, const char *args, struct sl_error *err)
{
    return lines_read(g, args, 3, g->ncells, err);
}

static const int *line_cells(const struct lines *l, int i, int *len)
{
    *len = cell_paths_len(&l->paths, i);
    return l->paths.cell + l->paths.start[i];
}

static int lines_watch(void *self, struct rule_builder *b, int unit, struct sl_error *err)
{
    const struct lines *l = self;
    for (int i = 0; i < l->paths.count; i++) {
        int len;
        const int *cells = line_cells(l, i, &len);
        if (unit && rules_add_unit(b, cells, len, err)) return -1;
        if (rules_watch_group(b, cells, len, err) < 0) return -1;
    }
    return 0;
}

static int lines_attach(void *self, struct rule_builder *b, struct sl_error *err)
{
    return lines_watch(self, b, 0, err);
}

static int renban_attach(void *self, struct rule_builder *b, struct sl_error *err)
{
    return lines_watch(self, b, 1, err);
}

/* ---- whispers ---- */

static int whispers_gap(int size) { return (size + 1) / 2; }

/* The digits that differ by at least gap from some digit of `from`. */
static digitset whispers_reach(digitset from, int size)
{
    digitset out = 0;
    int gap = whispers_gap(size);
    for (int d = 1; d <= size; d++)
        for (digitset f = from; f; f = digitset_rest(f)) {
            int e = digitset_first(f);
            if (abs(d - e) >= gap) {
                out |= digitset_of(d);
                break;
            }
        }
    return out;
}

/* Each neighbour within reach of the one before, then of the one after:
 * a line is at its fixed point after the two passes. */
static int whispers_line(struct prop_ctx *ctx, const int *cells, int len, int size)
{
    for (int pass = 0; pass < 2; pass++)
        for (int k = 1; k < len; k++) {
            int i = pass ? len - 1 - k : k, j = pass ? i + 1 : i - 1;
            digitset reach = whispers_reach(prop_candidates(ctx, cells[j]), size);
            if (prop_restrict(ctx, cells[i], reach)) return SL_PROP_CONTRADICTION;
        }
    return SL_PROP_OK;
}

static int whispers_part(const void *self, struct prop_ctx *ctx, int part)
{
    const struct lines *l = self;
    int len;
    const int *cells = line_cells(l, part, &len);
    return whispers_line(ctx, cells, len, l->size);
}

static int whispers_propagate(void *self, struct prop_ctx *ctx)
{
    for (int group; (group = prop_next_group(ctx)) >= 0;)
        if (whispers_part(self, ctx, group)) return SL_PROP_CONTRADICTION;
    return SL_PROP_OK;
}

static int whispers_check(const void *self, const struct geometry *g, const uint8_t *grid)
{
    const struct lines *l = self;
    for (int i = 0; i < l->paths.count; i++) {
        int len;
        const int *cells = line_cells(l, i, &len);
        for (int k = 1; k < len; k++)
            if (abs(grid[cells[k]] - grid[cells[k - 1]]) < whispers_gap(g->size)) return 0;
    }
    return 1;
}

/* ---- renban ---- */

/* The window of len digits from lo. */
static digitset renban_window(int lo, int len)
{
    return (digitset)(((UINT64_C(1) << len) - 1) << lo);
}

/* Whether every cell can take a digit of w and every digit of w has a
 * cell that can take it. */
static int renban_fits(const digitset *cand, int len, digitset w)
{
    digitset cover = 0;
    for (int k = 0; k < len; k++) {
        if ((cand[k] & w) == 0) return 0;
        cover |= cand[k] & w;
    }
    return cover == w;
}

/* The house (0 row, 1 column, 2 box) of cell, as a number. */
static int renban_house(const struct geometry *g, int kind, int cell)
{
    return kind == 0   ? geometry_row(g, cell)
           : kind == 1 ? geometry_col(g, cell)
                       : geometry_box(g, cell);
}

/* The i-th cell of house h of a kind. */
static int renban_house_cell(const struct geometry *g, int kind, int h, int i)
{
    int n = g->size;
    if (kind == 0) return h * n + i;
    if (kind == 1) return i * n + h;
    int across = n / g->box_cols;
    int row = h / across * g->box_rows + i / g->box_cols,
        col = h % across * g->box_cols + i % g->box_cols;
    return row * n + col;
}

/* Digit d must be on the line at one of the places (a mask over the
 * line's cells): when they share a house, the rest of it loses d. */
static int renban_point(struct prop_ctx *ctx, const struct geometry *g, const int *cells, int len,
                        uint32_t places, int d)
{
    for (int kind = 0; kind < (g->box_rows ? 3 : 2); kind++) {
        int house = -1, shared = 1;
        for (int k = 0; k < len && shared; k++) {
            if (!(places >> k & 1)) continue;
            int h = renban_house(g, kind, cells[k]);
            shared = house < 0 || h == house, house = h;
        }
        if (!shared) continue;
        for (int i = 0; i < g->size; i++) {
            int c = renban_house_cell(g, kind, house, i), on = 0;
            if (!(prop_candidates(ctx, c) & digitset_of(d))) continue;
            for (int k = 0; k < len; k++) on |= (places >> k & 1) && cells[k] == c;
            if (!on && prop_restrict(ctx, c, ~digitset_of(d))) return SL_PROP_CONTRADICTION;
        }
    }
    return SL_PROP_OK;
}

static int renban_line(struct prop_ctx *ctx, const struct geometry *g, const int *cells, int len)
{
    digitset cand[SL_MAX_SIZE], allowed = 0, needed = ~(digitset)0;
    for (int k = 0; k < len; k++) cand[k] = prop_candidates(ctx, cells[k]);
    for (int lo = 1; lo + len - 1 <= g->size; lo++) {
        digitset w = renban_window(lo, len);
        if (renban_fits(cand, len, w)) allowed |= w, needed &= w;
    }
    if (allowed == 0) return SL_PROP_CONTRADICTION;
    for (int k = 0; k < len; k++)
        if (prop_restrict(ctx, cells[k], allowed)) return SL_PROP_CONTRADICTION;
    /* A digit every window holds: with one place it goes there; with
     * places in one house it leaves the rest of that house. */
    for (digitset w = needed; w; w = digitset_rest(w)) {
        int d = digitset_first(w), at = -1, count = 0;
        uint32_t places = 0;
        for (int k = 0; k < len; k++)
            if (prop_candidates(ctx, cells[k]) & digitset_of(d)) places |= 1u << k, count++, at = k;
        if (count == 0) return SL_PROP_CONTRADICTION;
        if (count == 1 && prop_restrict(ctx, cells[at], digitset_of(d)))
            return SL_PROP_CONTRADICTION;
        if (renban_point(ctx, g, cells, len, places, d)) return SL_PROP_CONTRADICTION;
    }
    return SL_PROP_OK;
}

static int renban_part(const void *self, struct prop_ctx *ctx, int part)
{
    const struct lines *l = self;
    int len;
    const int *cells = line_cells(l, part, &len);
    return renban_line(ctx, &l->geo, cells, len);
}

static int renban_propagate(void *self, struct prop_ctx *ctx)
{
    for (int group; (group = prop_next_group(ctx)) >= 0;)
        if (renban_part(self, ctx, group)) return SL_PROP_CONTRADICTION;
    return SL_PROP_OK;
}

static int renban_check(const void *self, const struct geometry *g, const uint8_t *grid)
{
    const struct lines *l = self;
    (void)g;
    for (int i = 0; i < l->paths.count; i++) {
        int len, lo = 99, hi = 0;
        const int *cells = line_cells(l, i, &len);
        digitset seen = 0;
        for (int k = 0; k < len; k++) {
            int d = grid[cells[k]];
            if (seen & digitset_of(d)) return 0;
            seen |= digitset_of(d);
            lo = d < lo ? d : lo, hi = d > hi ? d : hi;
        }
        if (hi - lo + 1 != len) return 0;
    }
    return 1;
}

/* ---- palindrome ---- */

/* Mirror cells keep the digits both allow. */
static int palindrome_part(const void *self, struct prop_ctx *ctx, int part)
{
    const struct lines *l = self;
    int len;
    const int *cells = line_cells(l, part, &len);
    for (int k = 0; k < len / 2; k++) {
        int a = cells[k], b = cells[len - 1 - k];
        digitset both = prop_candidates(ctx, a) & prop_candidates(ctx, b);
        if (prop_restrict(ctx, a, both) || prop_restrict(ctx, b, both))
            return SL_PROP_CONTRADICTION;
    }
    return SL_PROP_OK;
}

static int palindrome_propagate(void *self, struct prop_ctx *ctx)
{
    for (int group; (group = prop_next_group(ctx)) >= 0;)
        if (palindrome_part(self, ctx, group)) return SL_PROP_CONTRADICTION;
    return SL_PROP_OK;
}

static int palindrome_check(const void *self, const struct geometry *g, const uint8_t *grid)
{
    const struct lines *l = self;
    (void)g;
    for (int i = 0; i < l->paths.count; i++) {
        int len;
        const int *cells = line_cells(l, i, &len);
        for (int k = 0; k < len / 2; k++)
            if (grid[cells[k]] != grid[cells[len - 1 - k]]) return 0;
    }
    return 1;
}

/* ---- between ---- */

static int top_of(digitset s) { return 31 - __builtin_clz(s); }

/* Digits strictly above lo and strictly below hi. */
static digitset open_range(int lo, int hi)
{
    if (hi - lo < 2) return 0;
    return renban_window(lo + 1, hi - lo - 1);
}

static int between_line(struct prop_ctx *ctx, const int *cells, int len)
{
    int a = cells[0], b = cells[len - 1];
    digitset ends = prop_candidates(ctx, a) | prop_candidates(ctx, b);
    if (ends == 0) return SL_PROP_CONTRADICTION;
    digitset inside = open_range(digitset_first(ends), top_of(ends));
    int low_cap = 99, high_floor = 0; /* the low end below every inside cell's top... */
    for (int k = 1; k < len - 1; k++) {
        if (prop_restrict(ctx, cells[k], inside)) return SL_PROP_CONTRADICTION;
        digitset c = prop_candidates(ctx, cells[k]);
        int top = top_of(c), first = digitset_first(c);
        low_cap = top < low_cap ? top : low_cap;
        high_floor = first > high_floor ? first : high_floor;
    }
    /* ...and the high end above every inside cell's bottom. */
    digitset low_end = low_cap > 1 ? renban_window(1, low_cap - 1) : 0;
    digitset high_end = ~(digitset)0 << (high_floor + 1);
    for (int e = 0; e < 2; e++)
        if (prop_restrict(ctx, e ? b : a, low_end | high_end)) return SL_PROP_CONTRADICTION;
    /* An end that can only be the low one leaves the other the high one. */
    for (int e = 0; e < 2; e++) {
        digitset c = prop_candidates(ctx, e ? b : a);
        if ((c & high_end) == 0 && prop_restrict(ctx, e ? a : b, high_end))
            return SL_PROP_CONTRADICTION;
        if ((c & low_end) == 0 && prop_restrict(ctx, e ? a : b, low_end))
            return SL_PROP_CONTRADICTION;
    }
    return SL_PROP_OK;
}

static int between_part(const void *self, struct prop_ctx *ctx, int part)
{
    const struct lines *l = self;
    int len;
    const int *cells = line_cells(l, part, &len);
    return between_line(ctx, cells, len);
}

static int between_propagate(void *self, struct prop_ctx *ctx)
{
    for (int group; (group = prop_next_group(ctx)) >= 0;)
        if (between_part(self, ctx, group)) return SL_PROP_CONTRADICTION;
    return SL_PROP_OK;
}

static int between_check(const void *self, const struct geometry *g, const uint8_t *grid)
{
    const struct lines *l = self;
    (void)g;
    for (int i = 0; i < l->paths.count; i++) {
        int len;
        const int *cells = line_cells(l, i, &len);
        int x = grid[cells[0]], y = grid[cells[len - 1]];
        int lo = x < y ? x : y, hi = x < y ? y : x;
        for (int k = 1; k < len - 1; k++)
            if (grid[cells[k]] <= lo || grid[cells[k]] >= hi) return 0;
    }
    return 1;
}

/* ---- shared ---- */

/* A kind's explain hook: its narrowing of one line a step. */
static int lines_explain(int (*narrow)(const void *, struct prop_ctx *, int), const void *self,
                         const char *technique, const char *key, const char *words,
                         struct prop_ctx *ctx, struct explain_sink *sink)
{
    const struct lines *l = self;
    int part, len, found = primitive_explain_part(narrow, self, technique, key, ctx, &part);
    if (found <= 0 || strcmp(technique, EXPLAIN_ALL) == 0) return found;
    const int *cells = line_cells(l, part, &len);
    explain_name(sink, key, words, cells, len);
    explain_path(sink, &l->geo, cells, len);
    return 1;
}

static int whispers_explain(const void *self, const char *technique, struct prop_ctx *ctx,
                            struct explain_sink *sink)
{
    return lines_explain(whispers_part, self, technique, "whispers-line", "whispers line", ctx,
                         sink);
}

static int renban_explain(const void *self, const char *technique, struct prop_ctx *ctx,
                          struct explain_sink *sink)
{
    return lines_explain(renban_part, self, technique, "renban-line", "renban line", ctx, sink);
}

static int palindrome_explain(const void *self, const char *technique, struct prop_ctx *ctx,
                              struct explain_sink *sink)
{
    return lines_explain(palindrome_part, self, technique, "palindrome-line", "palindrome line",
                         ctx, sink);
}

static int between_explain(const void *self, const char *technique, struct prop_ctx *ctx,
                           struct explain_sink *sink)
{
    return lines_explain(between_part, self, technique, "between-line", "between line", ctx, sink);
}

static int lines_write(const void *self, char *buf, size_t cap)
{
    const struct lines *l = self;
    return cell_paths_write(&l->paths, buf, cap);
}

static void lines_destroy(void *self)
{
    struct lines *l = self;
    cell_paths_free(&l->paths);
    free(l);
}

static int lines_emit(const struct lines *l, struct mark_sink *sink, int style, const char *name)
{
    for (int i = 0; i < l->paths.count; i++) {
        int len;
        const int *cells = line_cells(l, i, &len);
        if (mark_emit(sink, MARK_LINE, style, cells, len, NULL)) return -1;
        if (style == LINE_BETWEEN &&
            (mark_emit(sink, MARK_CIRCLE, CIRCLE_RING, cells, 1, NULL) ||
             mark_emit(sink, MARK_CIRCLE, CIRCLE_RING, cells + len - 1, 1, NULL)))
            return -1;
    }
    return mark_name(sink, name);
}

static int whispers_marks(const void *self, const struct geometry *g, struct mark_sink *sink)
{
    (void)g;
    return lines_emit(self, sink, LINE_WHISPERS, "whispers");
}

static int renban_marks(const void *self, const struct geometry *g, struct mark_sink *sink)
{
    (void)g;
    return lines_emit(self, sink, LINE_RENBAN, "renban");
}

static int palindrome_marks(const void *self, const struct geometry *g, struct mark_sink *sink)
{
    (void)g;
    return lines_emit(self, sink, LINE_PALINDROME, "palindrome");
}

static int between_marks(const void *self, const struct geometry *g, struct mark_sink *sink)
{
    (void)g;
    return lines_emit(self, sink, LINE_BETWEEN, "between");
}

const struct constraint_ops whispers_constraint = {
    .name = "whispers",
    .summary = "neighbours on each line differ by at least 5 (German whispers)",
    .form = "whispers:PATHS",
    .arguments = "PATHS  lines a-b-c,d-e,... of 2 or more cells, along which neighbours\n"
                 "       differ by at least (N+1)/2 (5 on a 9x9); cells are numbered\n"
                 "       0..N*N-1 row by row\n",
    .example = "sudolab 9 3x3 classic;whispers:0-1-2 "
               ".................................................................................",
    .parse = whispers_parse,
    .attach = lines_attach,
    .propagate = whispers_propagate,
    .check = whispers_check,
    .write = lines_write,
    .destroy = lines_destroy,
    .marks = whispers_marks,
    .explain = whispers_explain,
};

const struct constraint_ops renban_constraint = {
    .name = "renban",
    .summary = "each line holds a set of consecutive digits, in any order",
    .form = "renban:PATHS",
    .arguments = "PATHS  lines a-b-c,d-e,... of 2..N cells, each holding a set of\n"
                 "       consecutive digits in any order; cells are numbered 0..N*N-1 row by row\n",
    .example = "sudolab 9 3x3 classic;renban:9-10-11 "
               ".................................................................................",
    .parse = renban_parse,
    .attach = renban_attach,
    .propagate = renban_propagate,
    .check = renban_check,
    .write = lines_write,
    .destroy = lines_destroy,
    .marks = renban_marks,
    .explain = renban_explain,
};

const struct constraint_ops palindrome_constraint = {
    .name = "palindrome",
    .summary = "each line reads the same from either end",
    .form = "palindrome:PATHS",
    .arguments = "PATHS  lines a-b-c,d-e,... of 2 or more cells, each reading the same\n"
                 "       from either end; cells are numbered 0..N*N-1 row by row\n",
    .example = "sudolab 9 3x3 classic;palindrome:20-28-36 "
               ".................................................................................",
    .parse = palindrome_parse,
    .attach = lines_attach,
    .propagate = palindrome_propagate,
    .check = palindrome_check,
    .write = lines_write,
    .destroy = lines_destroy,
    .marks = palindrome_marks,
    .explain = palindrome_explain,
};

const struct constraint_ops between_constraint = {
    .name = "between",
    .summary = "digits inside each line lie strictly between those of its two ends",
    .form = "between:PATHS",
    .arguments = "PATHS  lines a-b-c,d-e-f,... of 3 or more cells, whose inner cells lie\n"
                 "       strictly between the two ends; cells are numbered 0..N*N-1 row by row\n",
    .example = "sudolab 9 3x3 classic;between:27-28-29 "
               ".................................................................................",
    .parse = between_parse,
    .attach = lines_attach,
    .propagate = between_propagate,
    .check = between_check,
    .write = lines_write,
    .destroy = lines_destroy,
    .marks = between_marks,
    .explain = between_explain,
};
