/*
 * format_solo.h — puzzles to and from Solo game IDs (solo_id.h does the
 * text; this maps it onto rules: classic, diagonal, jigsaw, killer).
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

#endif
