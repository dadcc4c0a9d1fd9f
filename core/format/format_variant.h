/*
 * format_variant.h — one-line puzzle forms that carry rules besides the
 * classic ones, and their writers. format.c asks here first for every
 * content line; a line none of these claims goes to the classic forms.
 *
 *   sudolab  "sudolab N BOXES RULES GIVENS": N the size, BOXES "RxC" or
 *            "none", RULES "name[:args];..." (puzzle_rules_text), GIVENS
 *            N*N symbols ('.' empty). Round-trips exactly. Text after a
 *            further blank is ignored (annotations).
 *   killer   "CAGEMAP SUMS [SOLUTION]": CAGEMAP N*N letters naming each
 *            cell's cage ('.' none), SUMS comma-separated in cage order
 *            ('?' none); a complete grid after them is the expected answer.
 *            A line no form claims whose first field is letters and dots,
 *            opening with a letter, half of them letters at least and one
 *            past P, with a field after it or of a square length, is
 *            still killer's: its error names the slip in the map or sums.
 *   csv      rows "grade,index,CAGEMAP,"SUMS",SOLUTION" of killer CSV
 *            files; a header row naming cage_map is skipped. A line no
 *            form claims that has a row's shape (four fields or more
 *            after a header, four or five without; or an open quote past
 *            the third comma) is still CSV's: its error names the field.
 *   solo     Simon Tatham's Solo game IDs ("3x3:...", "3x3k:...", "9j:...").
 *   fpuzzles f-puzzles JSON, compressed or in a link (fpuzzles.h); format.c
 *            gathers a JSON object spread over lines before it comes here.
 *   keen     Simon Tatham's Keen game IDs ("6:a_5b...,m12s1..."), calcudoku
 *            (format_keen.h); asked before solo, whose "N:" they resemble
 *            (a size of 6..9 alone, past Solo's 25, or bare digits and a ','
 *            after the ':' are Keen's even broken).
 *   unruly   Simon Tatham's Unruly game IDs ("8x8:adegaebCHBlaeFc"), binary
 *            puzzles (format_unruly.h); asked before solo, like keen.
 */
#ifndef SUDOLAB_FORMAT_VARIANT_H
#define SUDOLAB_FORMAT_VARIANT_H

#include <stddef.h>

#include "format.h"

/* Bits of reader_options.formats; 0 means all of them. */
enum {
    FORMAT_CLASSIC = 1, /* format.h's one-line and grid forms */
    FORMAT_SUDOLAB = 2,
    FORMAT_KILLER = 4,
    FORMAT_CSV = 8,
    FORMAT_SOLO = 16,
    FORMAT_FPUZZLES = 32,
    FORMAT_KEEN = 64,
    FORMAT_UNRULY = 128,
    FORMAT_ALL = 255,
    /* With the bits of variant_detect: a line is claimed only by a format
     * that reads it, not by the shape of a broken one (whose error is that
     * format's own when the format was not named). */
    FORMAT_READS_ONLY = 256
};

/* The format bit for a name ("classic", "sudolab", ...), or 0. */
int format_by_name(const char *name);
/* The names accepted by format_by_name, for usage messages. */
extern const char format_names[];

struct variant_reader;
struct variant_reader *variant_reader_new(void);
void variant_reader_free(struct variant_reader *v);
/* fpuzzles.h's FPUZZLES_* flags for the f-puzzles forms (default 0). */
void variant_reader_set_flags(struct variant_reader *v, int fpuzzles_flags);

enum { VARIANT_NONE = 0, VARIANT_SKIP = -1 };
/* The format (one of the bits) that claims a line among `formats`,
 * VARIANT_SKIP for a line to pass over (a CSV header), or VARIANT_NONE. */
int variant_detect(struct variant_reader *v, const char *text, size_t len, int formats);
/* Reads a line that variant_detect gave `kind`: 0 with p initialised (the
 * caller clears it) and where filled, or -1 with err (line and column). */
int variant_parse(struct variant_reader *v, int kind, const char *text, size_t len, long line,
                  struct puzzle *p, struct puzzle_source *where, struct sl_error *err);

/* The sudolab line of p (no newline); snprintf convention. */
int format_sudolab_line(const struct puzzle *p, char *buf, size_t cap);
/* The Solo game ID of p; snprintf convention, or -1 with err when a rule
 * or shape has no Solo form. */
int format_solo_id(const struct puzzle *p, char *buf, size_t cap, struct sl_error *err);

#endif
