/*
 * suggest.c — see suggest.h.
 */
#include "suggest.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

static int min3(int a, int b, int c)
{
    int m = a < b ? a : b;
    return m < c ? m : c;
}

/* Optimal string alignment distance: three rows of the dynamic table
 * (two back, for a swap of neighbours). */
int suggest_distance(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    int extra = 0;
    if (la > SUGGEST_MAX_WORD) extra += (int)(la - SUGGEST_MAX_WORD), la = SUGGEST_MAX_WORD;
    if (lb > SUGGEST_MAX_WORD) extra += (int)(lb - SUGGEST_MAX_WORD), lb = SUGGEST_MAX_WORD;
    int rows[3][SUGGEST_MAX_WORD + 1];
    int *before = rows[0], *last = rows[1], *row = rows[2];
    for (size_t j = 0; j <= lb; j++) last[j] = (int)j;
    for (size_t i = 1; i <= la; i++) {
        row[0] = (int)i;
        for (size_t j = 1; j <= lb; j++) {
            int change = a[i - 1] != b[j - 1];
            row[j] = min3(last[j] + 1, row[j - 1] + 1, last[j - 1] + change);
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] &&
                before[j - 2] + 1 < row[j])
                row[j] = before[j - 2] + 1;
        }
        int *spare = before;
        before = last, last = row, row = spare;
    }
    return last[lb] + extra;
}

/* Close enough to be a slip of the keyboard: a quarter of the word's
 * letters, and at least one; never the whole word. */
static int is_close(const char *word, int distance)
{
    int len = (int)strlen(word);
    int allowed = 1 + len / 4;
    return distance <= allowed && distance < len;
}

const char *suggest_name(const char *word, const char *const *names)
{
    const char *best = NULL;
    int best_distance = 0;
    for (; *names; names++) {
        int d = suggest_distance(word, *names);
        if (d == 0) return NULL;
        /* The same letters in another case (caps lock) before any slip:
         * as a distance of 0 no other name can beat. */
        if (strcasecmp(word, *names) == 0) d = 0;
        if ((d == 0 || is_close(word, d)) && (!best || d < best_distance))
            best = *names, best_distance = d;
    }
    return best;
}

int suggest_list(const char *const *names, char *buf, size_t cap)
{
    int n = 0;
    if (cap) buf[0] = '\0';
    for (int i = 0; names[i]; i++) {
        size_t used = (size_t)n < cap ? (size_t)n : cap;
        n += snprintf(buf + used, cap - used, "%s%s", i ? ", " : "", names[i]);
    }
    return n;
}

int suggest_unknown(const char *what, const char *word, const char *const *names, char *buf,
                    size_t cap)
{
    const char *close = suggest_name(word, names);
    int n = snprintf(buf, cap, "unknown %s '%s'", what, word);
    size_t used = (size_t)n < cap ? (size_t)n : cap;
    if (close) n += snprintf(buf + used, cap - used, "; did you mean '%s'?", close);
    used = (size_t)n < cap ? (size_t)n : cap;
    n += snprintf(buf + used, cap - used, " (one of: ");
    used = (size_t)n < cap ? (size_t)n : cap;
    n += suggest_list(names, buf + used, cap - used);
    used = (size_t)n < cap ? (size_t)n : cap;
    n += snprintf(buf + used, cap - used, ")");
    return n;
}
