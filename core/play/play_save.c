/*
 * play_save.c — the game in progress on disk (play_save.h).
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "play_save.h"
#include "play_scores.h"
#include "rate.h"

static void save_write(FILE *f, const struct play_game *g, const struct play_saved_meta *m)
{
    int n = g->puzzle.geo.ncells;
    fprintf(f, "sudolab-game 1\nvariant %s\ngrade %s\nelapsed %ld\nhints %d\nrevealed %d\n",
            m->variant, m->grade, g->elapsed_ms, g->hints, g->revealed);
    fprintf(f, "auto %d\nline %s\nvalues ", g->auto_marks, g->line);
    for (int c = 0; c < n; c++) fputc(g->value[c] ? geometry_symbol(g->value[c]) : '.', f);
    fputs("\nmarks", f);
    for (int c = 0; c < n; c++) fprintf(f, " %lx", (unsigned long)g->marks[c]);
    fputc('\n', f);
}

int play_save(const char *path, const struct play_game *g, const struct play_saved_meta *m,
              struct sl_error *err)
{
    char tmp[4200];
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    FILE *f = fopen(tmp, "w");
    if (f == NULL) return sl_error_set(err, 0, 0, "%s: %s", tmp, strerror(errno));
    save_write(f, g, m);
    int bad = ferror(f) | (fclose(f) != 0);
    if (bad || rename(tmp, path) != 0) {
        remove(tmp);
        return sl_error_set(err, 0, 0, "%s: %s", path, strerror(errno));
    }
    return 0;
}

/* The digits and marks of the saved lines over the game's givens. */
static int load_cells(struct play_game *g, const char *values, const char *marks,
                      struct sl_error *err)
{
    const struct ruleset *rs = g->rs;
    int n = rs->geo.ncells;
    if ((int)strlen(values) != n) return sl_error_set(err, 0, 0, "values: not %d cells", n);
    for (int c = 0; c < n; c++) {
        int d = values[c] == '.' ? 0 : geometry_digit(values[c]);
        char *end;
        unsigned long m = strtoul(marks, &end, 16);
        if (d < 0 || d > rs->geo.size || (g->puzzle.givens[c] && d != g->puzzle.givens[c]) ||
            end == marks || (m & ~(unsigned long)rs->domain[c]))
            return sl_error_set(err, 0, 0, "cell %d: a bad digit or marks", c + 1);
        marks = end;
        g->value[c] = (uint8_t)d;
        g->marks[c] = d ? 0 : (digitset)m;
    }
    return 0;
}

/* The clock and the hint key add to a loaded game's time and hints: a
 * corrupt file's numbers near the type's end (they overflowed, undefined
 * behaviour) are refused, with half the range left for the game. */
#define SAVE_MAX_MS (LONG_MAX / 2)
#define SAVE_MAX_HINTS (INT_MAX / 2)

/* v as a whole number 0..max into *out: 0, or -1 with err at line no. */
static int save_number(const char *key, const char *v, long max, long no, long *out,
                       struct sl_error *err)
{
    char *end;
    errno = 0;
    long x = strtol(v, &end, 10);
    if (*v < '0' || *v > '9' || *end != '\0' || errno == ERANGE || x > max)
        return sl_error_set(err, no, (long)strlen(key) + 2, "%s: not a whole number 0..%ld", key,
                            max);
    *out = x;
    return 0;
}

/* The variant's name as the screen and the leaderboard show it: no
 * control byte (a corrupt file's ESC reached the terminal). */
static int save_name(const char *key, const char *v, long no, char *out, size_t cap,
                     struct sl_error *err)
{
    for (const char *c = v; *c; c++)
        if ((unsigned char)*c < 0x20 || *c == 0x7f)
            return sl_error_set(err, no, (long)strlen(key) + 2 + (c - v),
                                "%s: a control byte in the name", key);
    snprintf(out, cap, "%s", v);
    return 0;
}

/* The grade the game was made for, or rated: the leaderboard files a
 * finished game under it, so a corrupt one would make a table of its own. */
static int save_grade(const char *v, long no, char *out, size_t cap, struct sl_error *err)
{
    if (v[0] && !play_board_grade(v))
        return sl_error_set(err, no, (long)strlen("grade ") + 1, "grade: '%.40s' is not a grade",
                            v);
    snprintf(out, cap, "%s", v);
    return 0;
}

/* Reads the "key value" lines of f into the fields named. */
struct save_fields {
    char variant[SL_NAME_MAX], grade[GRADE_NAME_MAX];
    long elapsed, hints, revealed, automarks;
    long line_no; /* the line of "line" */
    char *line, *values, *marks;
};

static int load_fields(FILE *f, struct save_fields *s, struct sl_error *err)
{
    char *buf = NULL;
    size_t cap = 0;
    long no = 0;
    int rc = 0;
    while (rc == 0 && getline(&buf, &cap, f) > 0) {
        buf[strcspn(buf, "\n")] = '\0';
        char *v = strchr(buf, ' ');
        no++;
        if (v == NULL) {
            rc = sl_error_set(err, no, 1, "not a 'key value' line");
            continue;
        }
        *v++ = '\0';
        char **text = !strcmp(buf, "line")     ? &s->line
                      : !strcmp(buf, "values") ? &s->values
                      : !strcmp(buf, "marks")  ? &s->marks
                                               : NULL;
        if (text == &s->line) s->line_no = no;
        if (text) {
            free(*text);
            *text = strdup(v);
        } else if (!strcmp(buf, "variant"))
            rc = save_name(buf, v, no, s->variant, sizeof s->variant, err);
        else if (!strcmp(buf, "grade"))
            rc = save_grade(v, no, s->grade, sizeof s->grade, err);
        else if (!strcmp(buf, "elapsed"))
            rc = save_number(buf, v, SAVE_MAX_MS, no, &s->elapsed, err);
        else if (!strcmp(buf, "hints"))
            rc = save_number(buf, v, SAVE_MAX_HINTS, no, &s->hints, err);
        else if (!strcmp(buf, "revealed"))
            rc = save_number(buf, v, 1, no, &s->revealed, err);
        else if (!strcmp(buf, "auto"))
            rc = save_number(buf, v, 1, no, &s->automarks, err);
        else if (strcmp(buf, "sudolab-game"))
            rc = sl_error_set(err, no, 1, "unknown key '%s'", buf);
    }
    free(buf);
    if (rc == 0 && !(s->line && s->values && s->marks))
        rc = sl_error_set(err, 0, 0, "line, values or marks missing");
    return rc;
}

int play_load(const char *path, struct play_game *g, struct play_saved_meta *m,
              struct sl_error *err)
{
    /* Looked at before it is opened: opening a FIFO of the name waited
     * for a writer, and the game never started. */
    struct stat st;
    if (stat(path, &st) == 0 && !S_ISREG(st.st_mode))
        return sl_error_set(err, 0, 0, "%s: not a regular file", path);
    FILE *f = fopen(path, "r");
    if (f == NULL)
        return errno == ENOENT ? 0 : sl_error_set(err, 0, 0, "%s: %s", path, strerror(errno));
    struct save_fields s = {.elapsed = 0};
    int rc = load_fields(f, &s, err);
    fclose(f);
    if (rc == 0 && (rc = play_game_init(g, s.line, err)) != 0) {
        /* the reader's place is in the puzzle's text: made the file's */
        if (err->line > 0) err->col += err->col > 0 ? (long)strlen("line ") : 0;
        err->line = s.line_no;
    }
    if (rc == 0 && load_cells(g, s.values, s.marks, err)) {
        play_game_free(g);
        rc = -1;
    }
    if (rc == 0) {
        g->elapsed_ms = s.elapsed;
        g->hints = (int)s.hints;
        g->revealed = (int)s.revealed;
        g->auto_marks = (int)s.automarks;
        snprintf(m->variant, sizeof m->variant, "%s", s.variant);
        snprintf(m->grade, sizeof m->grade, "%s", s.grade);
    }
    free(s.line);
    free(s.values);
    free(s.marks);
    return rc == 0 ? 1 : -1;
}
