/*
 * cell_paths.c — see cell_paths.h.
 */
#include "cell_paths.h"

#include <stdlib.h>
#include <string.h>

static int is_digit(char c) { return c >= '0' && c <= '9'; }

/* Read by hand, not by strtol: a line of pairs holds hundreds of cell
 * numbers, and strtol's locale and sign handling were most of the work
 * of reading them (scripts/RESULTS.md, kparse). The value stops growing
 * once it reaches ncells, so a run of any length neither overflows nor
 * wraps into a cell: strtol's answer. */
int cell_paths_number(const char **at, int ncells)
{
    const char *digit = *at;
    if (!is_digit(*digit)) return -1;
    long long v = 0;
    for (; is_digit(*digit); digit++)
        if (v < ncells) v = 10 * v + (*digit - '0');
    *at = digit;
    return v < ncells ? (int)v : -1;
}

static int paths_error(struct cell_paths *paths, struct sl_error *err, long col, int min_len,
                       int max_len, int ncells)
{
    cell_paths_free(paths);
    if (min_len == max_len)
        return sl_error_set(err, 0, col, "expected %d different cells 'a-b' (0..%d)", min_len,
                            ncells - 1);
    return sl_error_set(err, 0, col, "expected a path of %d to %d different cells 'a-b-c' (0..%d)",
                        min_len, max_len, ncells - 1);
}

int cell_paths_read(const char *text, int ncells, int min_len, int max_len, long col0,
                    struct cell_paths *paths, struct sl_error *err)
{
    /* Room for the most cells text can hold (a digit each, and a
     * separator between two), and as many path starts, rather than a
     * first pass counting the separators, a large part of reading a line
     * of pairs (scripts/RESULTS.md, kparse). The price: the two arrays
     * hold up to four bytes a byte of text, for as long as the rule
     * lives. */
    size_t room = strlen(text) / 2 + 2;
    paths->count = 0;
    paths->start = malloc(room * sizeof *paths->start);
    paths->cell = malloc(room * sizeof *paths->cell);
    if (paths->start == NULL || paths->cell == NULL) {
        cell_paths_free(paths);
        return sl_error_set(err, 0, col0, "out of memory");
    }
    int used = 0;
    for (const char *at = text; *at;) {
        const char *first = at;
        paths->start[paths->count] = used;
        for (;;) {
            int c = cell_paths_number(&at, ncells);
            for (int i = paths->start[paths->count]; c >= 0 && i < used; i++)
                if (paths->cell[i] == c) c = -1;
            if (c < 0)
                return paths_error(paths, err, col0 + (long)(first - text), min_len, max_len,
                                   ncells);
            paths->cell[used++] = c;
            if (*at != '-') break;
            at++;
        }
        int len = used - paths->start[paths->count];
        if (len < min_len || len > max_len || (*at != ',' && *at != '\0'))
            return paths_error(paths, err, col0 + (long)(first - text), min_len, max_len, ncells);
        paths->count++;
        if (*at == ',') at++;
    }
    paths->start[paths->count] = used;
    return 0;
}

/* Appends ch at buf + used when it fits before the last byte of cap. */
static void paths_put(char *buf, size_t cap, size_t used, char ch)
{
    if (used + 1 < cap) buf[used] = ch;
}

/* Written digit by digit, not by snprintf: a ruleset's reuse test
 * (ruleset_matches) writes the rules of every puzzle read, and an
 * anti-knight's 224 pairs by snprintf cost far more than its search. */
int cell_paths_write(const struct cell_paths *paths, char *buf, size_t cap)
{
    size_t used = 0;
    for (int p = 0; p < paths->count; p++) {
        for (int i = paths->start[p]; i < paths->start[p + 1]; i++) {
            if (i > paths->start[p] || p > 0)
                paths_put(buf, cap, used++, i > paths->start[p] ? '-' : ',');
            char digits[12];
            int n = 0;
            for (unsigned v = (unsigned)paths->cell[i]; n == 0 || v; v /= 10)
                digits[n++] = (char)('0' + v % 10);
            while (n > 0) paths_put(buf, cap, used++, digits[--n]);
        }
    }
    if (cap > 0) buf[used < cap ? used : cap - 1] = '\0';
    return (int)used;
}

void cell_paths_free(struct cell_paths *paths)
{
    free(paths->start);
    free(paths->cell);
    paths->start = NULL;
    paths->cell = NULL;
    paths->count = 0;
}

int cell_paths_rule_write(const void *self, char *buf, size_t cap)
{
    return cell_paths_write(self, buf, cap);
}

void cell_paths_rule_destroy(void *self)
{
    cell_paths_free(self);
    free(self);
}
