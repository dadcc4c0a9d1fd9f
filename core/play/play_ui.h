/*
 * play_ui.h — what the game's screen (play_ui.c) and its keys
 * (play_keys.c) share: one struct ui, owned by play_run.
 */
#ifndef SUDOLAB_PLAY_UI_H
#define SUDOLAB_PLAY_UI_H

#include "play.h"
#include "play_decor.h"
#include "play_game.h"
#include "play_hint.h"
#include "play_save.h"
#include "play_scores.h"

/* How often the clock on screen moves, in milliseconds. */
#define UI_TICK_MS 200

struct ui {
    const struct play_config *cfg;
    struct play_game game;
    int have_game;
    struct play_decor *decor;
    struct rater *rater;
    struct play_saved_meta meta; /* the game's variant and grade, for the board */
    struct play_scores *scores;
    char scores_note[256]; /* why the scores live in memory, or "" */
    char save_path[4096];  /* "" when there is no data folder */
    int ascii;
    int cursor, pencil, paused, focused, finished, quit;
    int tall; /* the grid drawn tall (play_draw.h), as the screen's height allows */
    int show_hint;
    struct play_hint hint;
    char msg[512]; /* shown under the grid until the next key */
    long last_ms;  /* the clock's last tick */
    long games;    /* games made so far (their seeds) */
    char rules[PLAY_RULES_MAX];
};

int ui_need_lines(const struct ui *u);
int ui_need_cols(const struct ui *u);
void ui_tick(struct ui *u);
void ui_draw(struct ui *u);
int ui_start(struct ui *u, const char *line, const char *variant, const char *grade,
             struct sl_error *err);
int ui_generate(struct ui *u, struct sl_error *err);
void ui_free(struct ui *u);

/* The board of the game's variant, grade and size as a page; the finish
 * of a game just solved: its time onto the board (play_run.c). */
void ui_show_board(struct ui *u);
void ui_finish(struct ui *u);

/* Handles one key (play_keys.c). */
void ui_key(struct ui *u, int ch);
/* Shows the trace of the game's puzzle until its q (play_trace_ui.c). */
void ui_trace(const struct play_decor *d, const struct ruleset *rs, const uint8_t *givens,
              long delay_ms);

#endif
