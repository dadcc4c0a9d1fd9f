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
 * match; 0 when it does not. */
int format_regex_match(const pcre2_code *re, const char *text, size_t len, pcre2_match_data *match);

#endif
