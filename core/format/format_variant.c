/*
 * format_variant.c — see format_variant.h. PCRE2 classifies a line; the
 * fields are then read by hand so that every error can name its column.
 */
#include "format_variant.h"

#include <stdlib.h>
#include <string.h>

#include "cage_text.h"
#include "format_regex.h"
#include "format_keen.h"
#include "format_unruly.h"
#include "format_solo.h"
#include "fpuzzles.h"

const char format_names[] = "auto, classic, sudolab, killer, csv, solo, fpuzzles, keen, unruly";

static const struct {
    const char *name;
    int bit;
} format_table[] = {
    {"auto", FORMAT_ALL},          {"classic", FORMAT_CLASSIC}, {"sudolab", FORMAT_SUDOLAB},
    {"killer", FORMAT_KILLER},     {"csv", FORMAT_CSV},         {"solo", FORMAT_SOLO},
    {"fpuzzles", FORMAT_FPUZZLES}, {"keen", FORMAT_KEEN},       {"unruly", FORMAT_UNRULY},
};

int format_by_name(const char *name)
{
    for (size_t i = 0; i < sizeof format_table / sizeof format_table[0]; i++)
        if (strcmp(format_table[i].name, name) == 0) return format_table[i].bit;
    return 0;
}

/* Captures: killer 1 map, 2 sums, 3 third field; csv the same. The
 * map, letters and dots with a letter among them, is its leading dots
 * and its first letter, then the rest, each part possessive: split
 * every way (two greedy runs around a letter), a long run of letters
 * with no blank after it took time in the square of its length. */
static const char *const variant_patterns[] = {
    [0] = "^sudolab(?:[ \\t]|$)",
    [1] = ("^(\\.*+[A-Za-z][A-Za-z.]*+)[ \\t]+(-?[0-9?]+(?:,-?[0-9?]+)*)"
           "(?:[ \\t]+([^ \\t]*))?(?:[ \\t].*)?$"),
    /* the sums quoted or not, but never with one quote alone (a branch
     * reset: both forms are capture 2) */
    [2] = ("^[^,\"]*,[^,\"]*,([A-Za-z.]+),"
           "(?|\"(-?[0-9?]+(?:,-?[0-9?]+)*)\"|(-?[0-9?]+(?:,-?[0-9?]+)*))"
           "(?:,([^,]*))?[ \\t\\r]*$"),
    [3] = "^(?:[A-Za-z_ ]+,)*cage_map(?:,[A-Za-z_ ]+)*[ \\t\\r]*$",
};
enum { RE_SUDOLAB, RE_KILLER, RE_CSV, RE_CSV_HEADER, RE_COUNT };
/* The JIT stack's most: a 1 MiB line of sums (the reader's longest)
 * needs some 11 MB. */
#define VARIANT_JIT_STACK (16 << 20)

struct variant_reader {
    pcre2_code *re[RE_COUNT];
    pcre2_match_data *match;
    struct format_regex_room *room; /* the sums' groups repeat, once a number */
    int fpuzzles_flags;
    int csv_columns; /* of the last killer CSV header, 0 before one */
    /* The last successful match, which match holds: variant_parse reads
     * the captures of the line variant_detect just matched instead of
     * matching it again. */
    const char *matched_text;
    size_t matched_len;
    int matched_re;
};

void variant_reader_set_flags(struct variant_reader *v, int fpuzzles_flags)
{
    v->fpuzzles_flags = fpuzzles_flags;
}

struct variant_reader *variant_reader_new(void)
{
    struct variant_reader *v = calloc(1, sizeof *v);
    if (v == NULL) return NULL;
    for (int i = 0; i < RE_COUNT; i++) {
        v->re[i] = format_regex_compile(variant_patterns[i], 0);
        if (v->re[i] == NULL) {
            variant_reader_free(v);
            return NULL;
        }
    }
    v->match = pcre2_match_data_create(8, NULL);
    v->room = format_regex_room_new(VARIANT_JIT_STACK);
    if (v->match == NULL || v->room == NULL) {
        variant_reader_free(v);
        return NULL;
    }
    return v;
}

void variant_reader_free(struct variant_reader *v)
{
    if (v == NULL) return;
    for (int i = 0; i < RE_COUNT; i++) pcre2_code_free(v->re[i]);
    pcre2_match_data_free(v->match);
    format_regex_room_free(v->room);
    free(v);
}

static int is_letter(char c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'); }

/* 0 when pattern re cannot match text, from a byte test that each match
 * needs (1: the pattern decides). Most lines are plain grids, which
 * meet these tests on their first byte or two. */
static int variant_may_match(int re, const char *text, size_t len)
{
    char first = len > 0 ? text[0] : '\0';
    switch (re) {
    case RE_SUDOLAB: return len >= 7 && memcmp(text, "sudolab", 7) == 0;
    case RE_KILLER: /* the map's letter or '.', then a blank after it */
        return (is_letter(first) || first == '.') &&
               (memchr(text, ' ', len) != NULL || memchr(text, '\t', len) != NULL);
    case RE_CSV: return len > 0 && memchr(text, ',', len) != NULL;
    case RE_CSV_HEADER: /* a column name's byte, and cage_map */
        return (is_letter(first) || first == '_' || first == ' ') &&
               format_find(text, len, "cage_map") != NULL;
    }
    return 1;
}

static int variant_matches(struct variant_reader *v, int re, const char *text, size_t len)
{
    int found = variant_may_match(re, text, len) &&
                format_regex_match(v->re[re], text, len, v->match, v->room->context);
    v->matched_text = found ? text : NULL;
    v->matched_len = len;
    v->matched_re = re;
    return found;
}

/* variant_matches, or 1 at once when the last match was this. */
static int variant_matched(struct variant_reader *v, int re, const char *text, size_t len)
{
    if (v->matched_text == text && text && v->matched_len == len && v->matched_re == re) return 1;
    return variant_matches(v, re, text, len);
}

/* Capture i of the last match: its offset and length (-1 when unset). */
static long variant_capture(const struct variant_reader *v, int i, size_t *len)
{
    PCRE2_SIZE *ov = pcre2_get_ovector_pointer(v->match);
    if (ov[2 * i] == PCRE2_UNSET) return -1;
    *len = ov[2 * i + 1] - ov[2 * i];
    return (long)ov[2 * i];
}

static int is_square(size_t len)
{
    for (size_t n = 1; n <= SL_MAX_SIZE; n++)
        if (n * n == len) return (int)n;
    return 0;
}

static int csv_shaped(const struct variant_reader *v, const char *text, size_t len);
static int killer_shaped(const char *text, size_t len);

int variant_detect(struct variant_reader *v, const char *text, size_t len, int formats)
{
    size_t map_len = 0;
    int shapes = !(formats & FORMAT_READS_ONLY);
    formats &= FORMAT_ALL;
    if (formats == 0) formats = FORMAT_ALL;
    if ((formats & FORMAT_SUDOLAB) && variant_matches(v, RE_SUDOLAB, text, len))
        return FORMAT_SUDOLAB;
    if ((formats & FORMAT_FPUZZLES) && fpuzzles_detect(text, len)) return FORMAT_FPUZZLES;
    if ((formats & FORMAT_KEEN) &&
        (format_keen_detect(text, len) || (shapes && format_keen_shape(text, len))))
        return FORMAT_KEEN;
    if ((formats & FORMAT_UNRULY) && format_unruly_detect(text, len)) return FORMAT_UNRULY;
    if ((formats & FORMAT_SOLO) && format_solo_detect(text, len)) return FORMAT_SOLO;
    if ((formats & FORMAT_CSV) && variant_matches(v, RE_CSV_HEADER, text, len)) {
        v->csv_columns = 1;
        for (size_t i = 0; i < len; i++) v->csv_columns += text[i] == ',';
        return VARIANT_SKIP;
    }
    if ((formats & FORMAT_CSV) && variant_matches(v, RE_CSV, text, len)) return FORMAT_CSV;
    if ((formats & FORMAT_KILLER) && variant_matches(v, RE_KILLER, text, len) &&
        variant_capture(v, 1, &map_len) >= 0 && is_square(map_len))
        return FORMAT_KILLER;
    if (shapes && (formats & FORMAT_CSV) && csv_shaped(v, text, len)) return FORMAT_CSV;
    if (shapes && (formats & FORMAT_KILLER) && killer_shaped(text, len)) return FORMAT_KILLER;
    return VARIANT_NONE;
}

/* ---- building puzzles ---- */

/* Where each cell's symbol sits: on `line`, from column col0 on. */
static void variant_source(struct puzzle_source *where, long line, int ncells, long col0, long step)
{
    where->line = line;
    where->has_solution = 0;
    for (int c = 0; c < ncells; c++) {
        where->cell_line[c] = line;
        where->cell_col[c] = col0 + c * step;
    }
}

/* Reads N*N symbols at text into cells; err column relative to col0. */
static int variant_cells(const char *text, size_t len, const struct geometry *g, long col0,
                         uint8_t *cells, int allow_empty, struct sl_error *err)
{
    if (len != (size_t)g->ncells)
        return sl_error_set(
            err, 0, col0 + (long)(len < (size_t)g->ncells ? len : (size_t)g->ncells),
            "expected %d symbols for a %dx%d grid, found %zu", g->ncells, g->size, g->size, len);
    for (size_t i = 0; i < len; i++) {
        int d = geometry_digit(text[i]);
        if (d < 0 || d > g->size || (d == 0 && !allow_empty))
            return sl_error_set(err, 0, col0 + (long)i, "'%c' is not a digit 1..%d%s", text[i],
                                g->size, allow_empty ? " or '.'" : "");
        cells[i] = (uint8_t)d;
    }
    return 0;
}

/* ---- the sudolab line ---- */

struct field {
    const char *text;
    size_t len;
    long col; /* 1-based */
};

/* Splits text on blanks into up to max fields; returns how many. */
static int split_fields(const char *text, size_t len, struct field *f, int max)
{
    int n = 0;
    for (size_t i = 0; i < len && n < max;) {
        while (i < len && (text[i] == ' ' || text[i] == '\t' || text[i] == '\r')) i++;
        if (i == len) break;
        f[n].text = text + i;
        f[n].col = (long)i + 1;
        while (i < len && text[i] != ' ' && text[i] != '\t' && text[i] != '\r') i++;
        f[n].len = i - (size_t)(f[n].col - 1);
        n++;
    }
    return n;
}

/* A decimal 1..999 filling the field, or -1. */
static int field_number(const char *text, size_t len)
{
    int v = 0;
    if (len == 0 || len > 3) return -1;
    for (size_t i = 0; i < len; i++) {
        if (text[i] < '0' || text[i] > '9') return -1;
        v = v * 10 + text[i] - '0';
    }
    return v;
}

static int sudolab_geometry(const struct field *size, const struct field *boxes, struct geometry *g,
                            struct sl_error *err)
{
    int n = field_number(size->text, size->len), rows = 0, cols = 0;
    if (n < 1 || n > SL_MAX_SIZE)
        return sl_error_set(err, 0, size->col, "the size must be 1..%d", SL_MAX_SIZE);
    if (!(boxes->len == 4 && memcmp(boxes->text, "none", 4) == 0)) {
        const char *x = memchr(boxes->text, 'x', boxes->len);
        if (x) rows = field_number(boxes->text, (size_t)(x - boxes->text));
        if (x) cols = field_number(x + 1, boxes->len - (size_t)(x - boxes->text) - 1);
        if (x == NULL || rows < 1 || cols < 1)
            return sl_error_set(err, 0, boxes->col, "boxes are written RxC (e.g. 3x3) or none");
    }
    if (geometry_init(g, n, rows, cols, err)) {
        err->col = boxes->col;
        return -1;
    }
    return 0;
}

static int sudolab_rules(struct puzzle *p, const struct field *f, struct sl_error *err)
{
    char *text = malloc(f->len + 1);
    if (text == NULL) return sl_error_set(err, 0, f->col, "out of memory");
    memcpy(text, f->text, f->len);
    text[f->len] = '\0';
    int rc = puzzle_add_rules_text(p, text, err);
    free(text);
    if (rc && err) err->col += f->col - 1; /* from the field onto the line */
    return rc;
}

static int sudolab_parse(const char *text, size_t len, struct puzzle *p,
                         struct puzzle_source *where, struct sl_error *err)
{
    struct field f[5];
    struct geometry g;
    static const char *const names[] = {"sudolab", "the size", "the boxes", "the rules",
                                        "the givens"};
    int n = split_fields(text, len, f, 5);
    if (n < 5)
        return sl_error_set(err, 0, (long)len + 1, "expected %s (sudolab N BOXES RULES GIVENS)",
                            names[n]);
    if (sudolab_geometry(&f[1], &f[2], &g, err)) return -1;
    puzzle_init(p, &g);
    if (variant_cells(f[4].text, f[4].len, &g, f[4].col, p->givens, 1, err) ||
        sudolab_rules(p, &f[3], err)) {
        puzzle_clear(p);
        return -1;
    }
    variant_source(where, 0, g.ncells, f[4].col, 1);
    /* Kept only when it fits whole: a cut field would match another. A
     * generated line always fits, so its check (lua_generate.c) never
     * falls back to writing the rules out. */
    _Static_assert(SL_SOURCE_RULES_MAX >= GENERATE_LINE_MAX, "a generated line's field is kept");
    where->rules_len = f[3].len <= sizeof where->rules ? f[3].len : 0;
    memcpy(where->rules, f[3].text, where->rules_len);
    return 0;
}

/* Appends v (0..99: a size or a box side, SL_MAX_SIZE at most) in decimal. */
_Static_assert(SL_MAX_SIZE < 100, "put_small writes two digits at most");
static size_t put_small(char *out, int v)
{
    size_t n = 0;
    if (v >= 10) out[n++] = (char)('0' + v / 10);
    out[n++] = (char)('0' + v % 10);
    return n;
}

/* "sudolab N BOXES " into out (room for 32 bytes); its length. Written by
 * hand, not by snprintf: every generated puzzle's line starts so, and
 * formatting it cost a third of writing a small puzzle's line. */
static size_t sudolab_head(const struct geometry *g, char *out)
{
    memcpy(out, "sudolab ", 8);
    size_t n = 8 + put_small(out + 8, g->size);
    out[n++] = ' ';
    if (g->box_rows) {
        n += put_small(out + n, g->box_rows);
        out[n++] = 'x';
        n += put_small(out + n, g->box_cols);
    } else {
        memcpy(out + n, "none", 4);
        n += 4;
    }
    out[n++] = ' ';
    return n;
}

int format_sudolab_line(const struct puzzle *p, char *buf, size_t cap)
{
    const struct geometry *g = &p->geo;
    char head[32];
    size_t used = sudolab_head(g, head);
    if (cap > 0) { /* as snprintf would: what fits, and a terminator */
        size_t fit = used < cap ? used : cap - 1;
        memcpy(buf, head, fit);
        buf[fit] = '\0';
    }
    used +=
        (size_t)puzzle_rules_text(p, used < cap ? buf + used : NULL, used < cap ? cap - used : 0);
    for (int c = -1; c < g->ncells; c++, used++)
        if (used + 1 < cap) buf[used] = c < 0 ? ' ' : geometry_symbol(p->givens[c]);
    if (cap > 0) buf[used < cap ? used : cap - 1] = '\0';
    return (int)used;
}

/* ---- killer map lines and CSV rows ---- */

/* The killer rule's arguments from the map and sums fields of a line,
 * read and written by cage_text.h; errors name the column on the line. */
static char *killer_line_args(const struct field *map, const struct field *sums,
                              const struct geometry *g, struct sl_error *err)
{
    struct cage_text *ct = malloc(sizeof *ct);
    char *args = NULL;
    if (ct == NULL) {
        sl_error_set(err, 0, map->col, "out of memory");
    } else if (cage_map_parse(ct, g, map->text, map->len, err)) {
        if (err) err->col += map->col - 1;
    } else if (cage_sums_parse(ct, sums->text, sums->len, err)) {
        if (err) err->col += sums->col - 1;
    } else {
        /* Room for the usual text (two symbols a cell, a sum and comma of at
         * most 4 a cage), so it is written once; longer is written again. */
        size_t cap = (size_t)(2 * g->ncells + 5 * ct->map.nparts + 2);
        if ((args = malloc(cap)) != NULL) {
            size_t len = (size_t)cage_text_write(ct, args, cap);
            char *more = len < cap ? args : realloc(args, len + 1);
            if (more == NULL)
                free(args);
            else if (len >= cap)
                cage_text_write(ct, more, len + 1);
            args = more;
        }
        if (args == NULL) sl_error_set(err, 0, map->col, "out of memory");
    }
    free(ct);
    return args;
}

/* An error column in the killer arguments written from the map and sums
 * fields, moved onto the line: a cell of the map, or the sum of a cage. */
static long killer_line_column(const char *args, const struct field *map, const struct field *sums,
                               long col)
{
    long map_len = (long)(strchr(args, ':') - args);
    if (col <= map_len) return map->col + (col > 0 ? col - 1 : 0);
    const char *written = args + map_len + 1;
    int p = cage_sums_cage_at(written, strlen(written), col - map_len - 1);
    return sums->col + cage_sums_column(sums->text, sums->len, p) - 1;
}

/* Builds the classic + killer puzzle of map and sums (fields of a line)
 * and takes a complete third field as the expected solution. */
static int killer_line_build(const struct field *map, const struct field *sums,
                             const struct field *third, struct puzzle *p,
                             struct puzzle_source *where, struct sl_error *err)
{
    struct geometry g;
    int n = is_square(map->len);
    if (n == 0 || geometry_init_default(&g, n, err))
        return sl_error_set(err, 0, map->col, "a cage map of %zu cells is not a square grid",
                            map->len);
    char *args = killer_line_args(map, sums, &g, err);
    if (args == NULL) return -1;
    puzzle_init(p, &g);
    int rc = puzzle_add_classic(p, err) || puzzle_add_rule(p, "killer", args, err);
    if (rc && err) err->col = killer_line_column(args, map, sums, err->col);
    free(args);
    variant_source(where, 0, g.ncells, map->col, 1);
    if (!rc && third && third->len == (size_t)g.ncells) {
        rc = variant_cells(third->text, third->len, &g, third->col, where->solution, 0, err);
        where->has_solution = !rc;
    }
    if (rc) puzzle_clear(p);
    return rc ? -1 : 0;
}

/* The captures of the last match as fields (third absent: NULL). */
static int killer_fields(struct variant_reader *v, const char *text, struct field *f)
{
    for (int i = 0; i < 3; i++) {
        long at = variant_capture(v, i + 1, &f[i].len);
        if (at < 0 || (i == 2 && f[i].len == 0)) return i;
        f[i].text = text + at;
        f[i].col = at + 1;
    }
    return 3;
}

/* ---- killer lines that the pattern refuses ---- */

/* 1 when a line not read as anything else is shaped as a killer line: a
 * first field of letters and dots opening with a letter, at least half
 * of them letters (a classic line with a slip of the keyboard has one),
 * holding a letter no sudoku symbol is (Q to Z), so no classic line,
 * with a field after it or of a square length. A slip in its sums or map
 * then gets the killer reader's error, not "'Q' is not a sudoku symbol"
 * inside the map. */
static int killer_shaped(const char *text, size_t len)
{
    size_t map = 0, letters = 0, next;
    int past_p = 0;
    /* Every classic line comes here, most of them opening with a digit or
     * a run of dots: a map opening with a letter alone is looked at, so
     * they cost a test (a broken map opening with a dot keeps the classic
     * error). The line is no string: every scan is bounded by len. */
    if (len == 0 || !is_letter(text[0])) return 0;
    for (; map < len; map++) {
        unsigned char c = (unsigned char)text[map];
        if (c == '.') continue;
        unsigned folded = (unsigned)(c | 32) - 'a';
        if (folded > 25) break;
        letters++;
        past_p |= folded > 'p' - 'a';
    }
    if (map < len && text[map] != ' ' && text[map] != '\t' && text[map] != '\r') return 0;
    for (next = map; next < len && (text[next] == ' ' || text[next] == '\t' || text[next] == '\r');)
        next++;
    return past_p && 2 * letters >= map && ((next < len && next > map) || is_square(map));
}

/* The error of a line killer_shaped claimed that the pattern refused:
 * the killer reader's own on its blank-separated fields. */
static int killer_line_error(const char *text, size_t len, struct sl_error *err)
{
    struct field f[3];
    int n = split_fields(text, len, f, 3);
    if (n < 2)
        return sl_error_set(err, 0, f[0].col + (long)f[0].len,
                            "a killer cage map needs its sums after it: CAGEMAP SUMS [SOLUTION]");
    struct puzzle p;
    struct puzzle_source where;
    if (killer_line_build(&f[0], &f[1], n == 3 ? &f[2] : NULL, &p, &where, err)) return -1;
    puzzle_clear(&p);
    return sl_error_set(err, 0, 1, "not a killer line: CAGEMAP SUMS [SOLUTION]");
}

/* ---- killer CSV rows that the pattern refuses ---- */

enum { CSV_FIELDS = 5 }; /* grade, index, cage_map, cage_sums, solution */

/* Splits a CSV row on the commas outside quotes into up to max fields
 * (quotes kept); returns how many there are in all, or -1 with *quote
 * the column of a quote that is never closed. */
static int csv_split(const char *text, size_t len, struct field *f, int max, long *quote)
{
    int n = 0, quoted = 0;
    size_t start = 0;
    for (size_t i = 0; i <= len; i++) {
        if (i < len && text[i] == '"') {
            if (!quoted) *quote = (long)i + 1;
            quoted = !quoted;
        }
        if (i < len && (quoted || text[i] != ',')) continue;
        if (n < max) f[n] = (struct field){text + start, i - start, (long)start + 1};
        n++;
        start = i + 1;
    }
    return quoted ? -1 : n;
}

/* 1 when a line not read as anything else is shaped as a killer CSV row:
 * four fields or more after a header (four or five without one), or an
 * open quote after the third comma; its error is then the CSV reader's. */
static int csv_shaped(const struct variant_reader *v, const char *text, size_t len)
{
    /* Every plain grid line comes here: without a comma or a quote it is
     * one field, which no row is, and need not be split. */
    if (len == 0 || (!memchr(text, ',', len) && !memchr(text, '"', len))) return 0;
    long quote = 0;
    int n = csv_split(text, len, NULL, 0, &quote);
    int most = v->csv_columns ? v->csv_columns : CSV_FIELDS;
    if (n < 0) return csv_split(text, (size_t)quote - 1, NULL, 0, &quote) > 3;
    return n >= CSV_FIELDS - 1 && (v->csv_columns || n <= most);
}

/* The offset of the first byte of field f outside `ok` (a strchr set,
 * letters added when letters), or -1; with letters < 0, of the first
 * byte in the set. */
static long csv_first_bad(const struct field *f, const char *ok, int letters)
{
    for (size_t i = 0; i < f->len; i++) {
        unsigned char c = (unsigned char)f->text[i];
        int letter = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
        int in = c != '\0' && strchr(ok, c) != NULL;
        if (letters < 0 ? in : !(letters && letter) && !in) return (long)i;
    }
    return -1;
}

/* The error of a row csv_shaped claimed that the pattern refused, naming
 * its field and column; or the killer reader's own on its fields. */
static int csv_row_error(const struct variant_reader *v, const char *text, size_t len,
                         struct sl_error *err)
{
    static const char *const names[CSV_FIELDS] = {"grade", "index", "cage_map", "cage_sums",
                                                  "solution"};
    struct field f[CSV_FIELDS];
    long quote = 0, bad;
    int n = csv_split(text, len, f, CSV_FIELDS, &quote);
    if (n < 0)
        return sl_error_set(err, 0, quote, "a quote that is never closed in a killer CSV row");
    for (int i = 0; i < 2; i++)
        if ((bad = csv_first_bad(&f[i], "\"", -1)) >= 0)
            return sl_error_set(err, 0, f[i].col + bad,
                                "a quote in the %s field of a killer CSV row", names[i]);
    if (f[2].len == 0)
        return sl_error_set(err, 0, f[2].col, "the cage_map field of a killer CSV row is empty");
    if ((bad = csv_first_bad(&f[2], ".", 1)) >= 0)
        return sl_error_set(err, 0, f[2].col + bad,
                            "'%c' in the cage_map field of a killer CSV row (letters and '.')",
                            f[2].text[bad]);
    struct field sums = f[3];
    if (sums.len >= 2 && sums.text[0] == '"' && sums.text[sums.len - 1] == '"')
        sums = (struct field){sums.text + 1, sums.len - 2, sums.col + 1};
    if ((bad = csv_first_bad(&sums, "0123456789?,-", 0)) >= 0)
        return sl_error_set(err, 0, sums.col + bad,
                            "'%c' in the cage_sums field of a killer CSV row (numbers, '?' and "
                            "commas, quoted)",
                            sums.text[bad]);
    int most = v->csv_columns ? v->csv_columns : CSV_FIELDS;
    if (n > most) {
        long col = 1;
        for (int i = 0, k = 0, quoted = 0; k < most; i++, col++) {
            quoted ^= text[i] == '"';
            k += !quoted && text[i] == ',';
        }
        return sl_error_set(err, 0, col, "a killer CSV row of %d fields, past the %d columns%s", n,
                            most, v->csv_columns ? " of its header" : "");
    }
    struct puzzle p;
    struct puzzle_source where;
    if (killer_line_build(&f[2], &sums, n == CSV_FIELDS ? &f[4] : NULL, &p, &where, err)) return -1;
    puzzle_clear(&p);
    return sl_error_set(err, 0, 1,
                        "not a killer CSV row: grade,index,cage_map,\"cage_sums\"[,solution]");
}

int variant_parse(struct variant_reader *v, int kind, const char *text, size_t len, long line,
                  struct puzzle *p, struct puzzle_source *where, struct sl_error *err)
{
    struct field f[3];
    int rc = -1;
    if (kind == FORMAT_SUDOLAB) rc = sudolab_parse(text, len, p, where, err);
    if (kind == FORMAT_SOLO) rc = format_solo_read(text, len, p, where, err);
    if (kind == FORMAT_FPUZZLES) {
        rc = fpuzzles_read_code(text, len, v->fpuzzles_flags, p, &where->warning, err);
        if (rc == 0) variant_source(where, line, p->geo.ncells, 1, 0);
    }
    if (kind == FORMAT_KEEN) rc = format_keen_read(text, len, p, where, err);
    if (kind == FORMAT_UNRULY) rc = format_unruly_read(text, len, p, where, err);
    if ((kind == FORMAT_KILLER || kind == FORMAT_CSV) &&
        variant_matched(v, kind == FORMAT_CSV ? RE_CSV : RE_KILLER, text, len)) {
        int n = killer_fields(v, text, f);
        rc = killer_line_build(&f[0], &f[1], n == 3 ? &f[2] : NULL, p, where, err);
    } else if (kind == FORMAT_CSV) {
        rc = csv_row_error(v, text, len, err);
    } else if (kind == FORMAT_KILLER) {
        rc = killer_line_error(text, len, err);
    }
    v->matched_text = NULL; /* the buffer may hold the next line at the same place */
    if (rc) {
        if (err) err->line = line;
        return -1;
    }
    where->line = line;
    for (int c = 0; c < p->geo.ncells; c++) where->cell_line[c] = line;
    return 0;
}
