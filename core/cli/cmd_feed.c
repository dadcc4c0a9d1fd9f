/*
 * cmd_feed.c — the input, read once, as a sequence of entries (cmd_feed.h).
 *
 * Operands are opened one at a time, in order, when the last one's
 * entries are all out: "-" is standard input (a later "-" finds it at
 * its end), an operand that names no file may be the puzzle itself
 * (text_operands, or a pasted link), a file that will not open is an
 * entry of its own. Each stream gets a reader of its own, as the loop of
 * one thread always gave it; a read error of the stream, or a line with
 * no end, is the stream's last entry.
 */
#include <ctype.h>
#include <errno.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cmd_feed.h"
#include "fpuzzles.h"

struct cmd_feed {
    const struct cmd_options *opt;
    int operand; /* the next operand to open */
    FILE *in;    /* the stream being read, or NULL */
    int own_in;  /* whether in is closed at its end (not standard input) */
    const char *file;
    struct puzzle_reader *reader;
    int live; /* in is a pipe, terminal or the like: it may make a reader wait */
};

int cmd_entry_init(struct cmd_entry *e)
{
    memset(e, 0, sizeof *e);
    e->where = malloc(sizeof *e->where);
    return e->where ? 0 : -1;
}

void cmd_entry_free(struct cmd_entry *e)
{
    free(e->where);
    e->where = NULL;
}

struct cmd_feed *cmd_feed_open(const struct cmd_options *opt)
{
    struct cmd_feed *f = calloc(1, sizeof *f);
    if (f) f->opt = opt;
    return f;
}

static void feed_end_stream(struct cmd_feed *f)
{
    reader_close(f->reader);
    if (f->own_in) fclose(f->in);
    f->reader = NULL;
    f->in = NULL;
}

void cmd_feed_close(struct cmd_feed *f)
{
    if (f && f->in) feed_end_stream(f);
    free(f);
}

/* --- An operand that names no file ---------------------------------------- */

/* Whether text reads as puzzles, every one well formed (read quietly). */
static int operand_reads(const struct cmd_options *opt, const char *text)
{
    FILE *in = fmemopen((void *)text, strlen(text), "r");
    struct puzzle_reader *reader = in ? reader_open(in, &opt->reader) : NULL;
    struct puzzle_source *where = malloc(sizeof *where);
    int good = 0, bad = !reader || !where;
    while (!bad) {
        struct sl_error err = {0};
        struct puzzle p;
        int got = reader_next(reader, &p, where, &err);
        if (got <= 0) {
            bad = got < 0;
            break;
        }
        good++;
        puzzle_clear(&p);
    }
    reader_close(reader);
    free(where);
    if (in) fclose(in);
    return good > 0 && !bad;
}

/* Whether a word that is neither a file nor a puzzle was meant as a file:
 * it has a folder or an extension, a character no puzzle line has, or is
 * too short for a grid. A line with blanks or a ':' (a sudolab line, a
 * Solo ID) is a puzzle with a mistake, told as such. */
static int operand_names_file(const char *text)
{
    size_t len = strlen(text);
    if (strpbrk(text, " \t\r\n:")) return 0;
    if (strchr(text, '/') || len < 16) return 1;
    for (const char *c = text; *c; c++) {
        int symbol = isalnum((unsigned char)*c) || *c == '.';
        if (!symbol || (c[0] == '.' && isalpha((unsigned char)c[1]))) return 1;
    }
    return 0;
}

/* A pasted f-puzzles or SudokuPad link is a puzzle wherever a file may
 * be named: no file has such a name. */
static int operand_is_link(const char *name)
{
    return strstr(name, "://") && fpuzzles_detect(name, strlen(name)) == FPUZZLES_CODE;
}

/* `sudolab hint 53..7....`: an operand that names no file is the puzzle
 * itself, unless it reads as none and looks like a file's name (a typo
 * in one must say "cannot open", not blame a letter of the name). */
static FILE *operand_open(const struct cmd_options *opt, const char *name)
{
    if (!operand_reads(opt, name) && operand_names_file(name)) return NULL;
    return fmemopen((void *)name, strlen(name), "r");
}

/* --- Operands in turn ------------------------------------------------------ */

/* Whether fopen's errno says no file has the name: none by it, or a name
 * past the system's longest (a 16x16 or 25x25 puzzle typed as the
 * operand, 256 symbols or more, said "File name too long"). */
static int named_no_file(int why) { return why == ENOENT || why == ENAMETOOLONG; }

/* Opens operand name as f->in; ENOENT or the like when it cannot. */
static int feed_open_operand(struct cmd_feed *f, const char *name)
{
    f->file = sl_operand_name(name), f->own_in = 1;
    if (strcmp(name, "-") == 0) {
        f->in = stdin, f->own_in = 0;
        return 0;
    }
    f->in = fopen(name, "rb");
    if (f->in) return 0;
    int why = errno;
    if (named_no_file(why) && (f->opt->text_operands || operand_is_link(name))) {
        f->in = operand_open(f->opt, name);
        if (f->in) f->file = "<argument>";
    }
    return f->in ? 0 : why;
}

/* Opens the next operand: 0 when its stream is open, 1 when it is an
 * entry of its own (into e), -1 when there are no more. */
static int feed_next_operand(struct cmd_feed *f, struct cmd_entry *e)
{
    const struct cmd_options *opt = f->opt;
    if (f->operand >= (opt->nfiles ? opt->nfiles : 1)) return -1;
    const char *name = opt->nfiles ? opt->files[f->operand] : "-";
    f->operand++;
    int why = feed_open_operand(f, name);
    struct stat st;
    int stated = !why && fileno(f->in) >= 0 && fstat(fileno(f->in), &st) == 0;
    /* A folder opens, and its first read fails: said as a line's error
     * ("FILE:1: read error"), it named a line no folder has. */
    if (stated && f->own_in && S_ISDIR(st.st_mode)) {
        fclose(f->in);
        f->in = NULL;
        why = EISDIR;
    }
    if (why) {
        /* `sudolab solve 53..7...`: the file's error, and why the text
         * that names no file was not taken as a puzzle either */
        int puzzle = named_no_file(why) && !opt->text_operands && operand_reads(opt, name);
        *e = (struct cmd_entry){puzzle ? ENTRY_UNOPENED_PUZZLE : ENTRY_UNOPENED, name,
                                .where = e->where, .why = why};
        return 1;
    }
    f->live = stated && !S_ISREG(st.st_mode);
    f->reader = reader_open(f->in, &opt->reader);
    if (f->reader) return 0;
    *e = (struct cmd_entry){ENTRY_NO_MEMORY, f->file, .where = e->where};
    feed_end_stream(f);
    return 1;
}

int cmd_feed_next(struct cmd_feed *f, struct cmd_entry *e)
{
    for (;;) {
        if (!f->reader) {
            int opened = feed_next_operand(f, e);
            if (opened) return opened > 0;
            continue;
        }
        e->err = (struct sl_error){0};
        e->file = f->file;
        int got = reader_next(f->reader, &e->puzzle, e->where, &e->err);
        if (got == 0) {
            feed_end_stream(f);
            continue;
        }
        e->kind = got > 0 ? ENTRY_PUZZLE : ENTRY_BAD;
        if (got == -2) feed_end_stream(f);
        return 1;
    }
}

/* Whether in's buffer is empty, so that the next byte comes from a read:
 * glibc's buffer pointers say so; elsewhere it is taken as empty, and
 * the poll below decides alone. */
static int feed_buffer_empty(FILE *in)
{
#if defined(__GLIBC__)
    return in->_IO_read_ptr >= in->_IO_read_end;
#else
    (void)in;
    return 1;
#endif
}

int cmd_feed_live(const struct cmd_feed *f) { return f->reader && f->live; }

int cmd_feed_would_wait(const struct cmd_feed *f)
{
    if (!cmd_feed_live(f) || reader_holds_more(f->reader) || !feed_buffer_empty(f->in)) return 0;
    struct pollfd ready = {.fd = fileno(f->in), .events = POLLIN};
    return poll(&ready, 1, 0) == 0;
}
