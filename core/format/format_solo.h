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

#endif
