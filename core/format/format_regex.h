/*
 * format_regex.h — the readers' patterns, compiled once and matched
 * many times (every line of every input meets several).
 *
 * A pattern is compiled to machine code where PCRE2 can (its JIT), as
 * the interpreter took most of the reading of plain grid lines. Where
 * the JIT is missing, or a match outgrows its stack (a long line and a
 * pattern that backtracks), the interpreter answers instead: the result
 * is the same either way.
 */
#ifndef SUDOLAB_FORMAT_REGEX_H
#define SUDOLAB_FORMAT_REGEX_H

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
#include <stddef.h>

/* pattern (NUL-terminated) with PCRE2 options, or NULL when it does not
 * compile or memory runs out. Freed by pcre2_code_free. */
pcre2_code *format_regex_compile(const char *pattern, uint32_t options);

/* 1 when re matches text (len bytes) from its start, its captures in
 * match; 0 when it does not. context is a room's (below), or NULL for
 * PCRE2's own: a JIT stack of 32 KB. */
int format_regex_match(const pcre2_code *re, const char *text, size_t len, pcre2_match_data *match,
                       pcre2_match_context *context);

/* The first occurrence of word (NUL-terminated, not empty) in
 * text[0..len), or NULL: the plain byte test a reader makes before a
 * pattern, or instead of one. */
const char *format_find(const char *text, size_t len, const char *word);

/* A JIT stack of up to `most` bytes (its pages used only as a match
 * needs them), in a match context for format_regex_match. A group
 * repeated without being possessive keeps a few bytes a repetition on
 * that stack; past PCRE2's 32 KB the interpreter answered instead, and
 * held far more (a line of 400,000 killer sums: 170 MB, 1.4 s). For one
 * thread at a time. NULL when out of memory; without the JIT, a context
 * with no stack. */
struct format_regex_room {
    pcre2_match_context *context;
    pcre2_jit_stack *stack; /* NULL without the JIT */
};
struct format_regex_room *format_regex_room_new(size_t most);
void format_regex_room_free(struct format_regex_room *room);

#endif
