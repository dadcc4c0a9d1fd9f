/*
 * format_solo.h — puzzles to and from Solo game IDs (solo_id.h does the
 * text; this maps it onto rules: classic, diagonal, jigsaw, killer), and
 * what the game ID formats (Solo, Keen, Unruly) share: the answer after
 * an ID, and the sink their writers write into.
 */
#ifndef SUDOLAB_FORMAT_SOLO_H
#define SUDOLAB_FORMAT_SOLO_H

#include <stddef.h>

#include "format.h"

int format_solo_detect(const char *text, size_t len);
/* Reads a game ID line (blanks after it are allowed): 0, or -1 with err
 * (its column). p is initialised on success. */
int format_solo_read(const char *text, size_t len, struct puzzle *p, struct puzzle_source *where,
                     struct sl_error *err);
/* The expected answer written after a game ID: blanks from text[at] on,
 * then a complete grid of g's digits (where->has_solution says whether
 * one was there). The Keen reader takes its answers the same way. */
void format_id_take_answer(const char *text, size_t len, size_t at, const struct geometry *g,
                           struct puzzle_source *where);

/* A game ID written snprintf's way, as the Solo, Keen and Unruly writers
 * write theirs: every character counted, those that fit stored. */
struct format_id_sink {
    char *buf;
    size_t cap, len;
};

void format_id_put(struct format_id_sink *s, char ch);
void format_id_put_text(struct format_id_sink *s, const char *text);
/* Ends the text (a terminator where it fits, when cap > 0): its length. */
int format_id_end(struct format_id_sink *s);

#endif
