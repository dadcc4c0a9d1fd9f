/*
 * play_save.h — a game in progress kept across runs: written on quit,
 * offered on the next start, removed once taken up or finished.
 *
 * The file (play_data_path's "game.txt") is text, one "key value" a line:
 * the puzzle's sudolab line, the variant and grade it was made for, the
 * digits entered, the marks (one hexadecimal set a cell), the time played,
 * the hints taken, whether the answer was shown and the marks kept up to
 * date. It is written under a temporary name and renamed. The moves are
 * not kept: a game taken up starts with nothing to undo.
 */
#ifndef SUDOLAB_PLAY_SAVE_H
#define SUDOLAB_PLAY_SAVE_H

#include "play_game.h"

struct play_saved_meta {
    char variant[SL_NAME_MAX];
    char grade[GRADE_NAME_MAX];
};

/* 0, or -1 with err. */
int play_save(const char *path, const struct play_game *g, const struct play_saved_meta *m,
              struct sl_error *err);
/* Reads the game saved at path into g (play_game_init'd here). 1 when one
 * was read, 0 when there is none, -1 with err when the file is bad (the
 * caller says so and starts afresh). */
int play_load(const char *path, struct play_game *g, struct play_saved_meta *m,
              struct sl_error *err);

#endif
