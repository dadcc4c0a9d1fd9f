/*
 * play_scores.h — the leaderboard: the ten fastest games per variant,
 * grade and size, in SQLite.
 *
 * The file is $XDG_DATA_HOME/sudolab/scores.db, or
 * ~/.local/share/sudolab/scores.db without XDG_DATA_HOME (play_data_path).
 * Each finished game is one row (variant, grade, size, name, time in
 * milliseconds, date, hints); adding one and trimming its board to the ten
 * best happen in one transaction, and a busy file is waited for, so two
 * games finishing at once both land. A file that cannot be opened, read
 * or written (corrupt, a folder, no permission) turns the store into one
 * in memory for the session: play_scores_open says why in its message,
 * and the game goes on.
 */
#ifndef SUDOLAB_PLAY_SCORES_H
#define SUDOLAB_PLAY_SCORES_H

#include <stddef.h>

#include "sudolab_limits.h"

/* The grade a board files a game under when the rater could not grade
 * it (a rule it has no technique for); every other board is one of the
 * rater's grades (rate.h). */
#define PLAY_UNRATED "unrated"

/* 1 when name is a grade a board may hold: the rater's or PLAY_UNRATED. */
int play_board_grade(const char *name);

struct play_score {
    char variant[SL_NAME_MAX];
    char grade[GRADE_NAME_MAX];
    int size;
    char name[PLAY_NAME_MAX];
    long ms;
    char date[32]; /* "2026-12-01 17:02" (UTC) */
    int hints;
};

struct play_scores;

/* The file `name` in sudolab's data folder into buf (the folder made when
 * missing). 0, or -1 when there is no HOME nor XDG_DATA_HOME, or the path
 * does not fit. */
int play_data_path(const char *name, char *buf, size_t cap);

/* Opens the store at path (NULL: in memory). Never NULL but out of
 * memory; when the file is unusable the store lives in memory and why is
 * written into why (cap bytes), else why is "". */
struct play_scores *play_scores_open(const char *path, char *why, size_t cap);
void play_scores_close(struct play_scores *s);
/* 1 when the store fell back to memory. */
int play_scores_in_memory(const struct play_scores *s);

/* Adds a finished game (date filled in here when empty); returns its
 * place on its board (1..PLAY_TOP), 0 when it did not make the board, or
 * -1 on an error (why filled). */
int play_scores_add(struct play_scores *s, const struct play_score *e, char *why, size_t cap);

/* The board of variant x grade x size, fastest first: at most max rows
 * into out. variant or grade NULL and size 0 match any. Returns the count,
 * or -1 on an error (why filled). */
int play_scores_list(struct play_scores *s, const char *variant, const char *grade, int size,
                     struct play_score *out, int max, char *why, size_t cap);

#endif
