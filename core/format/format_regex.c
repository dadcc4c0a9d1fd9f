/*
 * format_regex.c — see format_regex.h.
 */
#include "format_regex.h"

pcre2_code *format_regex_compile(const char *pattern, uint32_t options)
{
    int code;
    PCRE2_SIZE offset;
    pcre2_code *re =
        pcre2_compile((PCRE2_SPTR)pattern, PCRE2_ZERO_TERMINATED, options, &code, &offset, NULL);
    /* A failed JIT compile leaves the pattern to the interpreter. */
    if (re) (void)pcre2_jit_compile(re, PCRE2_JIT_COMPLETE);
    return re;
}

int format_regex_match(const pcre2_code *re, const char *text, size_t len, pcre2_match_data *match)
{
    PCRE2_SPTR subject = (PCRE2_SPTR)(text ? text : "");
    int rc = pcre2_match(re, subject, len, 0, 0, match, NULL);
    if (rc == PCRE2_ERROR_JIT_STACKLIMIT)
        rc = pcre2_match(re, subject, len, 0, PCRE2_NO_JIT, match, NULL);
    return rc >= 0;
}
