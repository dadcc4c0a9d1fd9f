/*
 * lz_string.h — the lz-string compression in its base64 form, the one
 * f-puzzles and SudokuPad links carry ("N4Ig..." is '{"' compressed).
 *
 * The format: the text is taken as UTF-16 code units and coded LZW-style
 * into a stream of codes whose width starts at 2 bits and grows by one
 * each time the dictionary outgrows it (the reader grows one step later
 * than the writer, so each side keeps its own count). Codes 0 and 1 bring
 * a new code unit (8 or 16 bits follow) and give it the next dictionary
 * entry; code 2 ends the stream; 3 and up name dictionary entries, each
 * entry being an earlier match plus the first unit of the one after it.
 * Every value is written least significant bit first, packed six bits to
 * a base64 character (first bit in the highest place) from the alphabet
 * A-Z a-z 0-9 + /; the last character is filled up with zero bits (a
 * whole character of them when the end code filled the one before), and
 * the text padded with '=' to a multiple of four characters.
 *
 * Both functions take and give UTF-8 (surrogate pairs joined on the way
 * out, split on the way in); the output is malloc'ed and NUL-terminated.
 */
#ifndef SUDOLAB_LZ_STRING_H
#define SUDOLAB_LZ_STRING_H

#include <stddef.h>

#include "error.h"

/* The base64 form of text[0..len) (valid UTF-8, else an error at the
 * byte's column). NULL with err on error or out of memory. */
char *lz_compress_base64(const char *text, size_t len, struct sl_error *err);
/* The text of a base64 form; padding and blanks at the end allowed. NULL
 * with err->col the 1-based column of the first bad character (or past
 * the end when the stream stops early), or when the text would exceed
 * JSON_TEXT_MAX bytes, or decodes to UTF-16 that is not text (a lone
 * surrogate). *out_len gets the length. */
char *lz_decompress_base64(const char *code, size_t len, size_t *out_len, struct sl_error *err);
/* 1 when code starts as the base64 form of a text whose first character
 * is c (an ASCII byte); reads two characters, for format detection. */
int lz_base64_starts_with(const char *code, size_t len, char c);

#endif
