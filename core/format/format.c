/*
 * format.c — see format.h: the puzzle reader; the writer is
 * format_write.c.
 *
 * The reader works in three layers:
 *   lines     raw lines read byte by byte (NUL bytes and any other byte
 *             are kept; CR before LF is dropped; lines over 1 MiB are cut
 *             off and marked), classified by byte tests as separators
 *             (blank or comment), box rules (dropped at once), or content;
 *   pending   a small ring of classified lines, for the grid lookahead;
 *   puzzles   one-line puzzles and grids built from the pending lines.
 *
 * Every reader_next call that does not return 0 or -2 consumes at least
 * one line, so a caller looping until 0 always ends.
 */
#include "format.h"

#include "format_variant.h"
#include "fpuzzles.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* The lookahead sees a grid's first row and its next SL_MAX_SIZE-1 rows. */
#define READER_PENDING (SL_MAX_SIZE + 1)

enum reader_kind {
    LINE_CONTENT,    /* anything that should be (part of) a puzzle */
    LINE_SEPARATOR,  /* blank or comment */
    LINE_TOO_LONG,   /* over READER_LINE_MAX bytes; text is cut */
    LINE_END,        /* no more lines */
    LINE_READ_ERROR, /* the stream failed, or memory ran out */
    LINE_ENDLESS,    /* no line end within READER_ENDLESS bytes: the rest is not read */
};

struct reader_line {
    char *text;
    size_t len, cap;
    long number;
    enum reader_kind kind;
    int items; /* bytes that are neither blanks nor '|', counted to READER_ITEMS_MOST */
    int error; /* errno for LINE_READ_ERROR */
};

/* The symbol run that starts a line, if a blank or the end follows it. */
struct reader_token {
    size_t start, len;
    int annotated; /* something other than blanks follows the run */
    int largest;   /* the run's largest digit */
};

struct puzzle_reader {
    FILE *in;
    struct reader_options opt;
    long lines_read;
    int at_end; /* EOF or error seen: never read the stream again */
    struct reader_line ring[READER_PENDING];
    int head, count;
    struct variant_reader *variants;
    uint8_t cells[SL_MAX_CELLS];
    struct puzzle_source src;
};

/* ---- characters ---- */

/* What each byte is to the reader, looked up once a byte: a blank (the
 * set of PCRE2's \s in the default tables, the C locale's isspace), the
 * box rule '|', or a symbol, whose digit 0..25 plus one is the low bits
 * (geometry_digit's mapping, letters past 'P' left out). A change here or
 * there fails test_format's check of every byte at every size. */
enum { READER_BLANK = 0x40, READER_BAR = 0x80, READER_DIGIT = 0x1f };
/* clang-format off */
static const unsigned char reader_bytes[256] = {
    [' '] = READER_BLANK, ['\t'] = READER_BLANK, ['\n'] = READER_BLANK,
    ['\v'] = READER_BLANK, ['\f'] = READER_BLANK, ['\r'] = READER_BLANK,
    ['|'] = READER_BAR,
    ['.'] = 1, ['0'] = 1,
    ['1'] = 2, ['2'] = 3, ['3'] = 4, ['4'] = 5, ['5'] = 6,
    ['6'] = 7, ['7'] = 8, ['8'] = 9, ['9'] = 10,
    ['A'] = 11, ['B'] = 12, ['C'] = 13, ['D'] = 14, ['E'] = 15, ['F'] = 16, ['G'] = 17, ['H'] = 18,
    ['I'] = 19, ['J'] = 20, ['K'] = 21, ['L'] = 22, ['M'] = 23, ['N'] = 24, ['O'] = 25, ['P'] = 26,
    ['a'] = 11, ['b'] = 12, ['c'] = 13, ['d'] = 14, ['e'] = 15, ['f'] = 16, ['g'] = 17, ['h'] = 18,
    ['i'] = 19, ['j'] = 20, ['k'] = 21, ['l'] = 22, ['m'] = 23, ['n'] = 24, ['o'] = 25, ['p'] = 26,
};
/* clang-format on */

static int reader_is_blank(unsigned char c) { return (reader_bytes[c] & READER_BLANK) != 0; }

static int reader_is_separator(unsigned char c)
{
    return (reader_bytes[c] & (READER_BLANK | READER_BAR)) != 0;
}

/* The digit of a symbol 0..25, or -1 (letters past 'P' are no symbols). */
static int reader_symbol_digit(unsigned char c) { return (reader_bytes[c] & READER_DIGIT) - 1; }

int reader_byte_digit(unsigned char c) { return reader_symbol_digit(c); }

int reader_byte_blank(unsigned char c) { return reader_is_blank(c); }

static int reader_square_root(size_t len)
{
    for (int n = 1; n <= SL_MAX_SIZE; n++)
        if ((size_t)n * (size_t)n == len) return n;
    return 0;
}

/* ---- line shapes ----
 *
 * Every line meets these tests, so they are plain byte loops: each says
 * exactly what a regular expression would (the one in its comment, \s
 * being reader_is_blank), and none looks at a byte twice. */

static int reader_is_symbol(unsigned char c) { return reader_symbol_digit(c) >= 0; }

/* The offset of the first byte of ln from `i` on that is not a blank. */
static size_t reader_skip_blanks(const struct reader_line *ln, size_t i)
{
    while (i < ln->len && reader_is_blank((unsigned char)ln->text[i])) i++;
    return i;
}

/* ^\s*(#.*)?$ : blank, or a comment. */
static int reader_is_separator_line(const struct reader_line *ln)
{
    size_t i = reader_skip_blanks(ln, 0);
    return i == ln->len || ln->text[i] == '#';
}

static int reader_is_rule_byte(unsigned char c)
{
    return c == '-' || c == '=' || c == '+' || c == '|' || reader_is_blank(c);
}

/* ^[+|\s]*[-=][-+|=\s]*$ : a box rule between grid rows. */
static int reader_is_rule_line(const struct reader_line *ln)
{
    size_t i = 0;
    while (i < ln->len && ln->text[i] != '-' && ln->text[i] != '=') {
        unsigned char c = (unsigned char)ln->text[i++];
        if (c != '+' && c != '|' && !reader_is_blank(c)) return 0;
    }
    if (i == ln->len) return 0;
    while (++i < ln->len)
        if (!reader_is_rule_byte((unsigned char)ln->text[i])) return 0;
    return 1;
}

/* ^[\s|]*[SYMBOL][SYMBOL\s|]*$ : symbols, blanks and '|' alone, one
 * symbol at least (a grid row). */
static int reader_is_row_line(const struct reader_line *ln)
{
    int symbols = 0;
    for (size_t i = 0; i < ln->len; i++) {
        unsigned char c = (unsigned char)ln->text[i];
        if (reader_is_symbol(c))
            symbols = 1;
        else if (!reader_is_separator(c))
            return 0;
    }
    return symbols;
}

/* ^\s*([SYMBOL]+)(\s|$) : the symbol run that starts the line. Its
 * digits (the first SL_MAX_CELLS) go into cells on the way, with the
 * largest in tok: a run that is a one-line puzzle is then read, but for
 * the positions (reader_one_line). */
static void reader_line_token(const struct reader_line *ln, uint8_t *cells,
                              struct reader_token *tok)
{
    const unsigned char *text = (const unsigned char *)ln->text;
    size_t start = reader_skip_blanks(ln, 0), end = start, len = ln->len;
    int largest = 0, d;
    tok->start = tok->len = 0;
    tok->annotated = 0;
    tok->largest = 0;
    size_t kept = len - start < SL_MAX_CELLS ? len : start + SL_MAX_CELLS;
    for (; end < kept && (d = reader_symbol_digit(text[end])) >= 0; end++) {
        cells[end - start] = (uint8_t)d;
        largest = d > largest ? d : largest;
    }
    while (end < len && reader_is_symbol(text[end])) end++; /* no puzzle's run */
    if (end == start || (end < len && !reader_is_blank(text[end]))) return;
    tok->start = start;
    tok->len = end - start;
    tok->annotated = reader_skip_blanks(ln, end) < len;
    tok->largest = largest;
}

/* ---- raw lines ---- */

static int reader_line_push(struct reader_line *ln, int c)
{
    if (ln->len == ln->cap) {
        size_t cap = ln->cap ? ln->cap * 2 : 128;
        if (cap > (size_t)READER_LINE_MAX + 2) cap = (size_t)READER_LINE_MAX + 2;
        char *text = realloc(ln->text, cap);
        if (text == NULL) return -1;
        /* The patterns' machine code (format_regex.h) may read a few
         * bytes past the line's end, its results not resting on them:
         * they are made defined, so that valgrind sees no fault. */
        memset(text + ln->cap, 0, cap - ln->cap);
        ln->text = text;
        ln->cap = cap;
    }
    ln->text[ln->len++] = (char)c;
    return 0;
}

/* Marks ln as the end of input, or as a read error if the stream failed. */
static void reader_line_end(struct puzzle_reader *r, struct reader_line *ln, int error)
{
    r->at_end = 1;
    ln->len = 0;
    ln->number = r->lines_read + 1;
    ln->kind = error ? LINE_READ_ERROR : LINE_END;
    ln->error = error;
}

/* Editors on some systems start a UTF-8 file with a byte-order mark,
 * which says nothing about the puzzles: the first line loses it. */
static void reader_drop_bom(struct reader_line *ln)
{
    static const char bom[] = "\xEF\xBB\xBF";
    if (ln->len < 3 || memcmp(ln->text, bom, 3) != 0) return;
    memmove(ln->text, ln->text + 3, ln->len - 3);
    ln->len -= 3;
}

/* The bytes of a line kept: enough to know a line is too long once a
 * trailing CR is dropped. Those past it are only counted, up to
 * READER_ENDLESS, which the kept bytes alone never reach. */
#define READER_KEPT ((size_t)READER_LINE_MAX + 1)
_Static_assert(READER_ENDLESS > READER_LINE_MAX + 1, "kept bytes are never endless");

/* Reads one line into ln. Keeps at most READER_KEPT bytes. */
static void reader_line_read(struct puzzle_reader *r, struct reader_line *ln)
{
    int c = EOF, cut = 0, endless = 0, full = 0;
    ln->len = 0;
    ln->items = 0;
    if (r->at_end) {
        reader_line_end(r, ln, 0);
        return;
    }
    errno = 0;
    flockfile(r->in); /* once a line, not once a byte (getc) */
    for (;;) {
        /* The bytes that fit the buffer as it is, in a loop of their own:
         * a line shorter than the buffer (nearly every one) stays in it. */
        size_t room = ln->cap < READER_KEPT ? ln->cap : READER_KEPT, len = ln->len;
        char *text = ln->text;
        while (len < room && (c = getc_unlocked(r->in)) != EOF && c != '\n') text[len++] = (char)c;
        ln->len = len;
        if (len < room || (c = getc_unlocked(r->in)) == EOF || c == '\n') break;
        if (len < READER_KEPT) { /* the buffer is full: grow it */
            if (reader_line_push(ln, c) == 0) continue;
            full = 1;
            break;
        }
        cut = 1; /* the rest is counted, not kept */
        long seen = (long)len + 1;
        while ((c = getc_unlocked(r->in)) != EOF && c != '\n')
            if (++seen > READER_ENDLESS) {
                endless = 1;
                break;
            }
        break;
    }
    int any = ln->len > 0 || cut;
    funlockfile(r->in);
    if (full || endless) {
        reader_line_end(r, ln, full ? ENOMEM : 0);
        if (endless) ln->kind = LINE_ENDLESS;
        return;
    }
    if (c == EOF && (ferror(r->in) || !any)) {
        reader_line_end(r, ln, ferror(r->in) ? (errno ? errno : EIO) : 0);
        return;
    }
    if (c == EOF) r->at_end = 1;
    ln->number = ++r->lines_read;
    if (ln->len > 0 && ln->text[ln->len - 1] == '\r') ln->len--;
    if (ln->number == 1) reader_drop_bom(ln);
    ln->kind = cut || ln->len > (size_t)READER_LINE_MAX ? LINE_TOO_LONG : LINE_CONTENT;
    /* A comment says nothing whatever its length: its start is enough. */
    if (ln->kind == LINE_TOO_LONG && ln->len > 0 && ln->text[0] == '#') {
        ln->len = READER_LINE_MAX;
        ln->kind = LINE_CONTENT;
    }
}

/* Items past the largest grid row only say "not a row": a line's count
 * stops there (a one-line puzzle is 81 symbols or more), and a message
 * that names the number counts them all (reader_items_all). */
#define READER_ITEMS_MOST (SL_MAX_SIZE + 1)

static int reader_count_items(const struct reader_line *ln, int most)
{
    int items = 0;
    for (size_t i = 0; i < ln->len && items < most; i++)
        items += !reader_is_separator((unsigned char)ln->text[i]);
    return items;
}

static int reader_items_all(const struct reader_line *ln)
{
    return reader_count_items(ln, INT_MAX);
}

/* Reads the next line that is not a box rule into ln and classifies it. */
static void reader_line_next(struct puzzle_reader *r, struct reader_line *ln)
{
    for (;;) {
        reader_line_read(r, ln);
        if (ln->kind != LINE_CONTENT) return;
        if (reader_is_separator_line(ln)) {
            ln->kind = LINE_SEPARATOR;
            return;
        }
        if (!reader_is_rule_line(ln)) break;
    }
    ln->items = reader_count_items(ln, READER_ITEMS_MOST);
}

/* ---- pending lines ---- */

static int reader_is_final(const struct reader_line *ln)
{
    return ln->kind == LINE_END || ln->kind == LINE_READ_ERROR || ln->kind == LINE_ENDLESS;
}

/* Pending line i (0 = the next one), reading as needed. Past the end of
 * input, the end itself. */
static struct reader_line *reader_peek(struct puzzle_reader *r, int i)
{
    while (r->count <= i) {
        if (r->count > 0) {
            struct reader_line *last = &r->ring[(r->head + r->count - 1) % READER_PENDING];
            if (reader_is_final(last) || r->count == READER_PENDING) return last;
        }
        reader_line_next(r, &r->ring[(r->head + r->count) % READER_PENDING]);
        r->count++;
    }
    return &r->ring[(r->head + i) % READER_PENDING];
}

/* Drops the next line; the end of input stays for good. */
static void reader_take(struct puzzle_reader *r)
{
    if (r->count == 0 || reader_is_final(&r->ring[r->head])) return;
    r->head = (r->head + 1) % READER_PENDING;
    r->count--;
}

/* Drops the rest of a faulty grid: every line up to a blank or comment. */
static void reader_skip_grid(struct puzzle_reader *r)
{
    for (;;) {
        enum reader_kind kind = reader_peek(r, 0)->kind;
        if (kind != LINE_CONTENT && kind != LINE_TOO_LONG) return;
        reader_take(r);
    }
}

/* ---- errors ---- */

/* Column of item `index` (0-based) of a line, or just past its last item. */
static long reader_item_column(const struct reader_line *ln, int index)
{
    long past = 1;
    int seen = 0;
    for (size_t i = 0; i < ln->len; i++) {
        if (reader_is_separator((unsigned char)ln->text[i])) continue;
        if (seen++ == index) return (long)i + 1;
        past = (long)i + 2;
    }
    return past;
}

/* Offset of the first byte that is neither symbol nor separator, or -1. */
static long reader_first_bad(const struct reader_line *ln)
{
    for (size_t i = 0; i < ln->len; i++) {
        unsigned char c = (unsigned char)ln->text[i];
        if (!reader_is_separator(c) && reader_symbol_digit(c) < 0) return (long)i;
    }
    return -1;
}

static int reader_error_symbol(struct sl_error *err, long line, long col, unsigned char c)
{
    if (c > ' ' && c < 0x7f) return sl_error_set(err, line, col, "'%c' is not a sudoku symbol", c);
    return sl_error_set(err, line, col, "byte 0x%02X is not a sudoku symbol", c);
}

static int reader_error_digit(struct sl_error *err, long line, long col, unsigned char c, int n)
{
    int d = reader_symbol_digit(c);
    if (d <= 9)
        return sl_error_set(err, line, col, "digit %d is larger than %d for a %dx%d grid", d, n, n,
                            n);
    return sl_error_set(err, line, col, "'%c' is %d, larger than %d for a %dx%d grid", c, d, n, n,
                        n);
}

/* ---- puzzles ---- */

/* Reads `count` items of line ln from byte `from` on into cells `cell..`.
 * The line's fields and the arrays written are read once into locals: a
 * store into the cells (bytes, which may alias anything) would have them
 * loaded again for every byte. */
static int reader_parse_cells(struct puzzle_reader *r, const struct reader_line *ln, size_t from,
                              int cell, int count, int n, struct sl_error *err)
{
    const unsigned char *text = (const unsigned char *)ln->text;
    size_t len = ln->len;
    long number = ln->number;
    uint8_t *cells = r->cells;
    long *lines = r->src.cell_line, *cols = r->src.cell_col;
    int stop = cell + count;
    if (count <= 0) return 0;
    for (size_t i = from; i < len; i++) {
        unsigned char c = text[i];
        if (reader_is_separator(c)) continue;
        int d = reader_symbol_digit(c);
        if (d < 0) return reader_error_symbol(err, number, (long)i + 1, c);
        if (d > n) return reader_error_digit(err, number, (long)i + 1, c, n);
        cells[cell] = (uint8_t)d;
        lines[cell] = number;
        cols[cell] = (long)i + 1;
        if (++cell == stop) break;
    }
    return 0;
}

static int reader_geometry(const struct puzzle_reader *r, struct geometry *g, int n,
                           struct sl_error *err)
{
    if (r->opt.box_rows == -1) return geometry_init(g, n, 0, 0, err);
    if (r->opt.box_rows != 0) return geometry_init(g, n, r->opt.box_rows, r->opt.box_cols, err);
    return geometry_init_default(g, n, err);
}

/* The positions of the cells read, into where: the cells of the grid
 * alone (the rest of where is no puzzle's, and copying the whole of it
 * cost as much as reading the line). */
static void reader_source(const struct puzzle_reader *r, int ncells, long first_line,
                          struct puzzle_source *where)
{
    where->line = first_line;
    where->has_solution = 0;
    where->warning.line = where->warning.col = 0;
    where->warning.msg[0] = '\0';
    memcpy(where->cell_line, r->src.cell_line, (size_t)ncells * sizeof *where->cell_line);
    memcpy(where->cell_col, r->src.cell_col, (size_t)ncells * sizeof *where->cell_col);
}

/* Makes the puzzle out of the cells read; its lines are already taken. */
static int reader_build(struct puzzle_reader *r, int n, long first_line, struct puzzle *p,
                        struct puzzle_source *where, struct sl_error *err)
{
    struct geometry g;
    if (reader_geometry(r, &g, n, err)) {
        if (err) err->line = first_line;
        return -1;
    }
    puzzle_init(p, &g);
    memcpy(p->givens, r->cells, (size_t)g.ncells);
    if (puzzle_add_classic(p, err)) {
        puzzle_clear(p);
        if (err) err->line = first_line;
        return -1;
    }
    if (where) reader_source(r, g.ncells, first_line, where);
    /* The rules added are the parse of "classic": that is their field. */
    struct puzzle_source *src = where ? where : &r->src;
    memcpy(src->rules, "classic", 7);
    src->rules_len = 7;
    return 1;
}

/* The cells of a one-line puzzle: its run of n*n symbols, which
 * reader_line_token has read into the cells already. Only the positions
 * are left to write; a digit past n goes to the general loop, which
 * names it. */
static int reader_run_cells(struct puzzle_reader *r, const struct reader_line *ln,
                            const struct reader_token *tok, int n, struct sl_error *err)
{
    int count = n * n;
    if (tok->largest > n) return reader_parse_cells(r, ln, tok->start, 0, count, n, err);
    long number = ln->number, col = (long)tok->start + 1;
    long *lines = r->src.cell_line, *cols = r->src.cell_col;
    for (int i = 0; i < count; i++) {
        lines[i] = number;
        cols[i] = col + i;
    }
    return 0;
}

static int reader_one_line(struct puzzle_reader *r, const struct reader_token *tok, int n,
                           struct puzzle *p, struct puzzle_source *where, struct sl_error *err)
{
    struct reader_line *ln = reader_peek(r, 0);
    long number = ln->number;
    int rc = reader_run_cells(r, ln, tok, n, err);
    reader_take(r);
    return rc ? -1 : reader_build(r, n, number, p, where, err);
}

/* 1 when the k-1 lines after the next one hold k items each. */
static int reader_grid_follows(struct puzzle_reader *r, int k)
{
    for (int i = 1; i < k; i++) {
        const struct reader_line *ln = reader_peek(r, i);
        if (ln->kind != LINE_CONTENT || ln->items != k) return 0;
    }
    return 1;
}

/* 1 when the line after the next one could be a grid row: a short row
 * with none after it is a stray line, taken alone, so that a broken grid
 * cannot swallow the one-line puzzles after it. */
static int reader_row_follows(struct puzzle_reader *r)
{
    const struct reader_line *ln = reader_peek(r, 1);
    return ln->kind == LINE_CONTENT && ln->items <= SL_MAX_SIZE;
}

/* Why ln cannot be row `row` (0-based, > 0) of an n x n grid, if so. */
static int reader_grid_row_error(const struct reader_line *ln, int row, int n, long last_line,
                                 struct sl_error *err)
{
    if (ln->kind == LINE_TOO_LONG)
        return sl_error_set(err, ln->number, 1, "line is longer than 1 MiB");
    if (ln->kind != LINE_CONTENT)
        return sl_error_set(err, last_line + 1, 1, "grid ends after %d of %d rows", row, n);
    if (ln->items != n)
        return sl_error_set(err, ln->number, reader_item_column(ln, n),
                            "expected %d symbols in grid row %d, found %d", n, row + 1,
                            reader_items_all(ln));
    return 0;
}

static int reader_grid(struct puzzle_reader *r, int n, struct puzzle *p,
                       struct puzzle_source *where, struct sl_error *err)
{
    long first = reader_peek(r, 0)->number, last = first;
    for (int row = 0; row < n; row++) {
        const struct reader_line *ln = reader_peek(r, 0);
        if ((row > 0 && reader_grid_row_error(ln, row, n, last, err)) ||
            reader_parse_cells(r, ln, 0, row * n, n, n, err)) {
            reader_skip_grid(r);
            return -1;
        }
        last = ln->number;
        reader_take(r);
    }
    return reader_build(r, n, first, p, where, err);
}

/* The error for a line that is neither a one-line puzzle nor a grid row
 * when the size is inferred. */
static int reader_error_inferred(const struct reader_line *ln, const struct reader_token *tok,
                                 struct sl_error *err)
{
    long bad = reader_first_bad(ln);
    if (tok->len > 1)
        return sl_error_set(err, ln->number, (long)(tok->start + tok->len) + 1,
                            "%zu symbols is not a square grid size (1..%d squared)", tok->len,
                            SL_MAX_SIZE);
    if (bad >= 0)
        return reader_error_symbol(err, ln->number, bad + 1, (unsigned char)ln->text[bad]);
    return sl_error_set(err, ln->number, reader_item_column(ln, SL_MAX_SIZE),
                        "%d symbols are too many for a grid row (at most %d)", reader_items_all(ln),
                        SL_MAX_SIZE);
}

/* The error for a line of the wrong length when the size is fixed. */
static int reader_error_sized(const struct reader_line *ln, const struct reader_token *tok, int n,
                              struct sl_error *err)
{
    size_t want = (size_t)n * (size_t)n;
    long bad = reader_first_bad(ln);
    if (tok->len > (size_t)n) {
        size_t past = tok->len < want ? tok->len : want;
        return sl_error_set(err, ln->number, (long)(tok->start + past) + 1,
                            "expected %zu symbols for a %dx%d puzzle, found %zu", want, n, n,
                            tok->len);
    }
    if (bad >= 0)
        return reader_error_symbol(err, ln->number, bad + 1, (unsigned char)ln->text[bad]);
    return sl_error_set(err, ln->number, reader_item_column(ln, n),
                        "expected %d symbols in a grid row of a %dx%d puzzle, found %d", n, n, n,
                        reader_items_all(ln));
}

static int reader_puzzle_sized(struct puzzle_reader *r, struct puzzle *p,
                               struct puzzle_source *where, struct sl_error *err)
{
    struct reader_line *ln = reader_peek(r, 0);
    struct reader_token tok;
    int n = r->opt.size;
    if (n < 1 || n > SL_MAX_SIZE) {
        sl_error_set(err, ln->number, 0, "grid size %d is out of range 1..%d", n, SL_MAX_SIZE);
        reader_take(r);
        return -1;
    }
    reader_line_token(ln, r->cells, &tok);
    if (tok.len == (size_t)n * (size_t)n) return reader_one_line(r, &tok, n, p, where, err);
    if (ln->items == n) return reader_grid(r, n, p, where, err);
    reader_error_sized(ln, &tok, n, err);
    reader_take(r);
    return -1;
}

/* The rule of format.h: a grid if the next rows match; else a one-line
 * puzzle if the symbol run is square (a lone symbol only on its own, so
 * that a short row "5 3 . . 7" is not read as a 1x1 puzzle); else a
 * short row of symbols is a grid that went wrong. */
static int reader_puzzle_inferred(struct puzzle_reader *r, struct puzzle *p,
                                  struct puzzle_source *where, struct sl_error *err)
{
    struct reader_line *ln = reader_peek(r, 0);
    struct reader_token tok;
    int k = ln->items;
    if (k <= SL_MAX_SIZE && reader_grid_follows(r, k)) return reader_grid(r, k, p, where, err);
    reader_line_token(ln, r->cells, &tok);
    int n = reader_square_root(tok.len);
    /* A run with a digit past n is no n x n puzzle: a row of nine digits
     * with rows after it is a 9x9 grid cut short, not a 3x3 puzzle with
     * a 5 in it (eight such rows once gave eight such errors). */
    if (n > 0 && tok.largest > n && tok.largest <= k && !tok.annotated && reader_row_follows(r))
        return reader_grid(r, k, p, where, err);
    if (n > 0 && (tok.len > 1 || !tok.annotated)) return reader_one_line(r, &tok, n, p, where, err);
    if (k <= SL_MAX_SIZE && reader_is_row_line(ln) && reader_row_follows(r))
        return reader_grid(r, k, p, where, err);
    if (k <= SL_MAX_SIZE && reader_is_row_line(ln))
        sl_error_set(err, ln->number, reader_item_column(ln, k),
                     "%d symbols: too few for a puzzle, and no grid rows follow", k);
    else
        reader_error_inferred(ln, &tok, err);
    reader_take(r);
    return -1;
}

static int reader_puzzle(struct puzzle_reader *r, struct puzzle *p, struct puzzle_source *where,
                         struct sl_error *err)
{
    struct reader_line *ln = reader_peek(r, 0);
    if (r->opt.formats != 0 && !(r->opt.formats & FORMAT_CLASSIC)) {
        sl_error_set(err, ln->number, 1, "line is not in the format asked for (--format)");
        reader_take(r);
        return -1;
    }
    if (ln->items == 0) {
        long bad = reader_first_bad(ln);
        sl_error_set(err, ln->number, bad >= 0 ? bad + 1 : 1, "line holds no sudoku symbols");
        reader_take(r);
        return -1;
    }
    if (r->opt.size != 0) return reader_puzzle_sized(r, p, where, err);
    return reader_puzzle_inferred(r, p, where, err);
}

/* ---- f-puzzles JSON over lines ---- */

struct reader_json {
    char *text;
    size_t len, cap;
    int depth, in_string, escaped, opened;
};

static int reader_json_append(struct reader_json *j, const char *s, size_t n)
{
    if (j->len + n + 1 > j->cap) {
        size_t cap = j->cap ? j->cap : 4096;
        while (cap < j->len + n + 1) cap *= 2;
        char *t = realloc(j->text, cap);
        if (t == NULL) return -1;
        j->text = t;
        j->cap = cap;
    }
    memcpy(j->text + j->len, s, n);
    j->len += n;
    return 0;
}

/* Follows the braces of one line; 1 when the object has closed. */
static int reader_json_scan(struct reader_json *j, const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        char c = s[i];
        if (j->in_string) {
            j->in_string = j->escaped || c != '"';
            j->escaped = !j->escaped && c == '\\';
        } else if (c == '"') {
            j->in_string = 1;
        } else if (c == '{' || c == '[') {
            j->depth++, j->opened = 1;
        } else if (c == '}' || c == ']') {
            j->depth--;
        }
    }
    return j->opened && j->depth <= 0;
}

/* Gathers the object's lines (skipped box-rule lines become blank lines,
 * so that lines and columns of the text are those of the file). */
static int reader_json_gather(struct puzzle_reader *r, struct reader_json *j, struct sl_error *err)
{
    long first = reader_peek(r, 0)->number, next = first;
    for (int lines = 0;; lines++) {
        struct reader_line *ln = reader_peek(r, 0);
        if (ln->kind == LINE_TOO_LONG) {
            sl_error_set(err, ln->number, 1, "line is longer than 1 MiB");
            reader_take(r);
            return -1;
        }
        if (ln->kind != LINE_CONTENT && lines > 0) return 0;
        for (; next < ln->number; next++)
            if (reader_json_append(j, "\n", 1)) return sl_error_set(err, first, 0, "out of memory");
        int closed = reader_json_scan(j, ln->text, ln->len);
        if (reader_json_append(j, ln->text ? ln->text : "", ln->len))
            return sl_error_set(err, first, 0, "out of memory");
        reader_take(r);
        if (closed) return 0;
        if (j->len > (size_t)JSON_TEXT_MAX)
            return sl_error_set(err, first, 1, "a JSON puzzle of more than %ld bytes",
                                (long)JSON_TEXT_MAX);
    }
}

/* A line that states its own size and boxes (every form but the classic
 * ones): a --size or --boxes saying otherwise is an error at its first
 * line, as a --size was, not ignored as a --boxes once was. 0, or -1
 * with err. */
static int reader_check_shape(const struct puzzle_reader *r, const struct geometry *g, long line,
                              struct sl_error *err)
{
    if (r->opt.size != 0 && g->size != r->opt.size)
        return sl_error_set(err, line, 1, "a %dx%d puzzle, but the size is set to %d", g->size,
                            g->size, r->opt.size);
    if (r->opt.box_rows == 0) return 0; /* not set */
    int rows = r->opt.box_rows > 0 ? r->opt.box_rows : 0;
    int cols = r->opt.box_rows > 0 ? r->opt.box_cols : 0;
    if (g->box_rows == rows && g->box_cols == cols) return 0;
    char stated[32], set[32];
    if (g->box_rows)
        snprintf(stated, sizeof stated, "%dx%d boxes", g->box_rows, g->box_cols);
    else
        snprintf(stated, sizeof stated, "no boxes");
    if (rows)
        snprintf(set, sizeof set, "%dx%d", rows, cols);
    else
        snprintf(set, sizeof set, "none");
    return sl_error_set(err, line, 1, "a puzzle with %s, but the boxes are set to %s", stated, set);
}

static int reader_json(struct puzzle_reader *r, struct puzzle *p, struct puzzle_source *where,
                       struct sl_error *err)
{
    struct reader_json j = {0};
    struct puzzle_source *src = where ? where : &r->src;
    long first = reader_peek(r, 0)->number;
    int flags = r->opt.ignore_unknown ? FPUZZLES_IGNORE_UNKNOWN : 0, rc = -1;
    src->warning.msg[0] = '\0';
    if (reader_json_gather(r, &j, err) == 0) {
        rc = fpuzzles_read_json(j.text ? j.text : "", j.len, flags, p, &src->warning, err);
        if (rc && err && err->line > 0) err->line += first - 1;
        if (rc == 0 && src->warning.msg[0]) src->warning.line += first - 1;
    }
    free(j.text);
    if (rc == 0 && reader_check_shape(r, &p->geo, first, err)) {
        puzzle_clear(p);
        rc = -1;
    }
    if (rc) return -1;
    src->line = first;
    src->has_solution = 0;
    for (int c = 0; c < p->geo.ncells; c++) src->cell_line[c] = first, src->cell_col[c] = 1;
    return 1;
}

/* A line in one of format_variant.h's forms. */
static int reader_variant(struct puzzle_reader *r, int kind, struct puzzle *p,
                          struct puzzle_source *where, struct sl_error *err)
{
    struct reader_line *ln = reader_peek(r, 0);
    struct puzzle_source *src = where ? where : &r->src;
    if (kind == FORMAT_FPUZZLES && fpuzzles_detect(ln->text, ln->len) == FPUZZLES_JSON)
        return reader_json(r, p, where, err);
    src->warning.msg[0] = '\0';
    int rc = variant_parse(r->variants, kind, ln->text, ln->len, ln->number, p, src, err);
    if (rc == 0 && reader_check_shape(r, &p->geo, ln->number, err)) {
        puzzle_clear(p);
        rc = -1;
    }
    if (rc) src->rules_len = 0;
    reader_take(r);
    return rc ? -1 : 1;
}

/* ---- public ---- */

struct puzzle_reader *reader_open(FILE *in, const struct reader_options *opt)
{
    struct puzzle_reader *r = calloc(1, sizeof *r);
    if (r == NULL) return NULL;
    r->in = in;
    if (opt) r->opt = *opt;
    r->variants = variant_reader_new();
    if (r->variants == NULL) {
        reader_close(r);
        return NULL;
    }
    variant_reader_set_flags(r->variants, r->opt.ignore_unknown ? FPUZZLES_IGNORE_UNKNOWN : 0);
    return r;
}

int reader_next(struct puzzle_reader *r, struct puzzle *p, struct puzzle_source *where,
                struct sl_error *err)
{
    r->src.rules_len = 0; /* only a sudolab line read just now has one */
    if (where) where->rules_len = 0;
    for (;;) {
        struct reader_line *ln = reader_peek(r, 0);
        switch (ln->kind) {
        case LINE_END: return 0;
        case LINE_READ_ERROR:
            sl_error_set(err, ln->number, 0, "read error: %s", strerror(ln->error));
            return -2;
        case LINE_ENDLESS:
            sl_error_set(err, ln->number, 1, "no line end within %ld MiB: the rest is not read",
                         READER_ENDLESS >> 20);
            return -2;
        case LINE_SEPARATOR: reader_take(r); break;
        case LINE_TOO_LONG:
            sl_error_set(err, ln->number, 1, "line is longer than 1 MiB");
            reader_take(r);
            return -1;
        case LINE_CONTENT: {
            int kind = variant_detect(r->variants, ln->text, ln->len, r->opt.formats);
            if (kind == VARIANT_SKIP) {
                reader_take(r);
                break;
            }
            if (kind != VARIANT_NONE) return reader_variant(r, kind, p, where, err);
            /* Another format that reads the line: a line merely shaped like
             * one gets the reader asked for's error. */
            if (r->opt.formats &&
                variant_detect(r->variants, ln->text, ln->len, FORMAT_READS_ONLY) > 0) {
                sl_error_set(err, ln->number, 1,
                             "this line's format is not the one asked for (--format)");
                reader_take(r);
                return -1;
            }
            return reader_puzzle(r, p, where, err);
        }
        }
    }
}

void reader_restart(struct puzzle_reader *r, FILE *in)
{
    r->in = in;
    r->lines_read = 0;
    r->at_end = 0;
    r->head = 0;
    r->count = 0;
}

const char *source_rules_field(const struct puzzle_source *where, size_t *len)
{
    *len = where->rules_len;
    return where->rules_len ? where->rules : NULL;
}

const char *reader_rules_field(const struct puzzle_reader *r, size_t *len)
{
    return source_rules_field(&r->src, len);
}

int reader_holds_more(const struct puzzle_reader *r) { return r->count > 0 || r->at_end; }

void reader_close(struct puzzle_reader *r)
{
    if (r == NULL) return;
    for (int i = 0; i < READER_PENDING; i++) free(r->ring[i].text);
    variant_reader_free(r->variants);
    free(r);
}
