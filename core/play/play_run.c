/*
 * play_run.c — a session of games (play.h's play_run): the scores opened,
 * the saved game offered, the loop of keys, the finish onto the board,
 * and the game in progress kept at the quit.
 */
#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "play_draw.h"
#include "play_term.h"
#include "play_ui.h"

static int ui_message_line(const struct ui *u)
{
    return play_grid_lines(u->game.puzzle.geo.size, u->tall) + 1;
}

/* The board of the game's variant, grade and size as text. */
static void ui_board_text(struct ui *u, char *buf, size_t cap)
{
    struct play_score rows[PLAY_TOP];
    char why[256];
    int n = play_scores_list(u->scores, u->meta.variant, u->meta.grade, u->game.puzzle.geo.size,
                             rows, PLAY_TOP, why, sizeof why);
    size_t len = (size_t)snprintf(buf, cap, "%s", n < 0 ? why : n == 0 ? "no games yet\n" : "");
    for (int i = 0; i < n && len < cap; i++)
        len += (size_t)snprintf(buf + len, cap - len, "%2d. %-16s %3ld:%02ld  %s  hints %d\n",
                                i + 1, rows[i].name, rows[i].ms / 60000, rows[i].ms / 1000 % 60,
                                rows[i].date, rows[i].hints);
}

void ui_show_board(struct ui *u)
{
    char title[160], text[PLAY_TOP * 96 + 256];
    snprintf(title, sizeof title, "the ten fastest: %s, %s, %dx%d", u->meta.variant, u->meta.grade,
             u->game.puzzle.geo.size, u->game.puzzle.geo.size);
    ui_board_text(u, text, sizeof text);
    play_page(title, text);
}

void ui_finish(struct ui *u)
{
    u->finished = 1;
    if (u->save_path[0]) remove(u->save_path);
    if (u->game.revealed) {
        snprintf(u->msg, sizeof u->msg, "solved, with the answer shown: not on the board");
        return;
    }
    struct play_score e = {
        .size = u->game.puzzle.geo.size, .ms = u->game.elapsed_ms, .hints = u->game.hints};
    const char *user = getenv("USER");
    snprintf(e.name, sizeof e.name, "%s", user && user[0] ? user : "player");
    ui_draw(u);
    play_read_line(ui_message_line(u), "solved! your name: ", e.name, sizeof e.name);
    snprintf(e.variant, sizeof e.variant, "%s", u->meta.variant);
    snprintf(e.grade, sizeof e.grade, "%s", u->meta.grade);
    char why[256];
    int place = play_scores_add(u->scores, &e, why, sizeof why);
    if (why[0]) snprintf(u->scores_note, sizeof u->scores_note, "%s", why);
    if (place > 0) ui_show_board(u);
    snprintf(u->msg, sizeof u->msg, "solved in %ld:%02ld%s - n new game, q quit", e.ms / 60000,
             e.ms / 1000 % 60, place > 0 ? "" : " (not in the ten fastest)");
}

/* Offers the game saved at the last quit; 1 when it was taken up. */
static int ui_offer_saved(struct ui *u)
{
    struct sl_error err;
    int rc = u->save_path[0] ? play_load(u->save_path, &u->game, &u->meta, &err) : 0;
    if (rc < 0) {
        char at[240] = ""; /* the file's place, as FILE:LINE:COL: of the readers */
        if (err.line > 0 && err.col > 0)
            snprintf(at, sizeof at, "%.180s:%ld:%ld: ", u->save_path, err.line, err.col);
        else if (err.line > 0)
            snprintf(at, sizeof at, "%.180s:%ld: ", u->save_path, err.line);
        snprintf(u->msg, sizeof u->msg, "the saved game could not be read: %s%.230s", at, err.msg);
    }
    if (rc <= 0) return 0;
    char q[160];
    long s = u->game.elapsed_ms / 1000;
    snprintf(q, sizeof q, "a %s game (%s) was left at %ld:%02ld: go on with it?", u->meta.variant,
             u->meta.grade, s / 60, s % 60);
    erase();
    int yes = play_ask(0, q);
    remove(u->save_path);
    struct play_game kept = u->game;
    if (yes) {
        struct play_saved_meta meta = u->meta;
        memset(&u->game, 0, sizeof u->game);
        if (ui_start(u, kept.line, meta.variant, meta.grade, &err) == 0) {
            memcpy(u->game.value, kept.value, sizeof kept.value);
            memcpy(u->game.marks, kept.marks, sizeof kept.marks);
            u->game.elapsed_ms = kept.elapsed_ms, u->game.hints = kept.hints;
            u->game.revealed = kept.revealed, u->game.auto_marks = kept.auto_marks;
        } else
            yes = 0;
    }
    play_game_free(&kept);
    return yes;
}

/* The first game: the saved one, the one given, or a new one. */
static int ui_first_game(struct ui *u, struct sl_error *err)
{
    if (u->cfg->line == NULL && ui_offer_saved(u)) return 0;
    if (u->cfg->line) return ui_start(u, u->cfg->line, u->cfg->variant, NULL, err); /* rated */
    return ui_generate(u, err);
}

static void ui_open_scores(struct ui *u)
{
    char path[4096];
    int have = play_data_path("scores.db", path, sizeof path) == 0;
    u->scores = play_scores_open(have ? path : NULL, u->scores_note, sizeof u->scores_note);
    if (!have) snprintf(u->scores_note, sizeof u->scores_note, "no HOME: scores kept in memory");
    if (play_data_path("game.txt", u->save_path, sizeof u->save_path)) u->save_path[0] = '\0';
}

static void ui_loop(struct ui *u)
{
    u->last_ms = play_now_ms();
    while (!u->quit) {
        ui_draw(u);
        timeout(UI_TICK_MS);
        int ch = getch();
        ui_tick(u);
        ui_key(u, ch);
        u->last_ms = play_now_ms(); /* pages, questions and new games take no game time */
    }
}

/* Keeps an unfinished game for the next start. */
static void ui_keep(struct ui *u)
{
    struct sl_error err;
    if (!u->have_game || u->finished || !u->save_path[0]) return;
    if (play_save(u->save_path, &u->game, &u->meta, &err))
        fprintf(stderr, "sudolab play: the game could not be kept: %s\n", err.msg);
}

int play_run(const struct play_config *c)
{
    struct ui *u = calloc(1, sizeof *u);
    struct sl_error err;
    int code = 0;
    if (u == NULL || (u->decor = malloc(sizeof *u->decor)) == NULL) {
        free(u);
        fputs("sudolab play: out of memory\n", stderr);
        return 2;
    }
    u->cfg = c;
    u->focused = 1;
    ui_open_scores(u);
    if (play_term_start("play", c->ascii, &u->ascii)) code = 2;
    if (!code && ui_first_game(u, &err)) {
        play_term_stop();
        fprintf(stderr, "sudolab play: %s\n", err.msg);
        code = 2;
    } else if (!code) {
        ui_loop(u);
        play_term_stop();
        ui_keep(u);
    }
    ui_free(u);
    play_scores_close(u->scores);
    free(u->decor);
    free(u);
    return code;
}
