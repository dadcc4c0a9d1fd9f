/*
 * format_regex.c — see format_regex.h.
 */
#include "format_regex.h"

#include <stdlib.h>
#include <string.h>

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

int format_regex_match(const pcre2_code *re, const char *text, size_t len, pcre2_match_data *match,
                       pcre2_match_context *context)
{
    PCRE2_SPTR subject = (PCRE2_SPTR)(text ? text : "");
    int rc = pcre2_match(re, subject, len, 0, 0, match, context);
    if (rc == PCRE2_ERROR_JIT_STACKLIMIT)
        rc = pcre2_match(re, subject, len, 0, PCRE2_NO_JIT, match, context);
    return rc >= 0;
}

const char *format_find(const char *text, size_t len, const char *word)
{
    size_t n = strlen(word);
    for (size_t i = 0; i + n <= len; i++) {
        const char *at = memchr(text + i, word[0], len - n + 1 - i);
        if (at == NULL) return NULL;
        i = (size_t)(at - text);
        if (memcmp(at, word, n) == 0) return at;
    }
    return NULL;
}

struct format_regex_room *format_regex_room_new(size_t most)
{
    struct format_regex_room *room = calloc(1, sizeof *room);
    if (room) room->context = pcre2_match_context_create(NULL);
    if (room == NULL || room->context == NULL) {
        free(room);
        return NULL;
    }
    /* none without the JIT: the interpreter needs no stack */
    room->stack = pcre2_jit_stack_create(32 * 1024, most, NULL);
    if (room->stack) pcre2_jit_stack_assign(room->context, NULL, room->stack);
    return room;
}

void format_regex_room_free(struct format_regex_room *room)
{
    if (room == NULL) return;
    pcre2_jit_stack_free(room->stack);
    pcre2_match_context_free(room->context);
    free(room);
}
