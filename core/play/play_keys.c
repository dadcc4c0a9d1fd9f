/*
 * play_keys.c — what each key does in the game (play_ui.h's ui_key): one
 * table from key to action; digits, letters for digits past 9, and the
 * mouse apart.
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

static void ui_move(struct ui *u, int dr, int dc)
{
    int n = u->game.puzzle.geo.size;
    int r = (u->cursor / n + dr + n) % n, c = (u->cursor % n + dc + n) % n;
    u->cursor = r * n + c;
}

static void key_left(struct ui *u) { ui_move(u, 0, -1); }
static void key_right(struct ui *u) { ui_move(u, 0, 1); }
static void key_up(struct ui *u) { ui_move(u, -1, 0); }
static void key_down(struct ui *u) { ui_move(u, 1, 0); }
static void key_clear(struct ui *u) { play_set(&u->game, u->cursor, 0); }
static void key_pencil(struct ui *u) { u->pencil = !u->pencil; }
static void key_fill(struct ui *u) { play_fill_marks(&u->game); }
static void key_pause(struct ui *u) { u->paused = !u->paused; }
static void key_quit(struct ui *u) { u->quit = 1; }

static void key_undo(struct ui *u)
{
    if (!play_undo(&u->game)) snprintf(u->msg, sizeof u->msg, "nothing to undo");
}

static void key_redo(struct ui *u)
{
    if (!play_redo(&u->game)) snprintf(u->msg, sizeof u->msg, "nothing to redo");
}

static void key_hint(struct ui *u)
{
    if (u->finished || play_hint_find(u->rater, &u->game, &u->hint)) return;
    u->game.hints++;
    u->show_hint = 1;
}

static void key_answer(struct ui *u)
{
    if (u->finished || !play_ask(ui_message_line(u), "show the answer? the game will not count"))
        return;
    play_reveal(&u->game);
}

static void key_restart(struct ui *u)
{
    if (play_ask(ui_message_line(u), "restart this game from its givens?")) {
        play_restart(&u->game);
        u->finished = 0;
    }
}

static void key_new(struct ui *u)
{
    if (!u->finished && !play_ask(ui_message_line(u), "leave this game for a new one?")) return;
    struct sl_error err;
    if (ui_generate(u, &err) == 0) return;
    if (u->have_game) { /* the generator failed: the game stays */
        snprintf(u->msg, sizeof u->msg, "no new game: %s", err.msg);
        return;
    }
    endwin();
    fprintf(stderr, "sudolab play: %s\n", err.msg);
    exit(2); /* the game is gone and no other can be made */
}

static void key_trace(struct ui *u)
{
    if (!u->finished &&
        !play_ask(ui_message_line(u), "the trace solves the puzzle: the game will not count"))
        return;
    u->game.revealed = 1;
    ui_trace(u->decor, u->game.rs, u->game.puzzle.givens, u->cfg->delay_ms);
}

static void key_rules(struct ui *u)
{
    char title[128];
    snprintf(title, sizeof title, "the rules of %s", u->meta.variant);
    play_page(title, u->rules);
}

static void key_help(struct ui *u)
{
    (void)u;
    play_page(
        "keys",
        "Arrows or h j k l move the cursor; a click moves it too.\n"
        "1-9, then A-P on larger grids, enter a digit (or a pencil mark in pencil mode); "
        "0, '.', space, Backspace or Delete clear the cell.\n"
        "m switches between digits and pencil marks; f fills every empty cell's marks, "
        "and keeps them up to date as digits go in.\n"
        "u undoes the last move, Ctrl-R redoes it; marks too.\n"
        "i gives a hint: the next step in words, its cells marked.\n"
        "s shows the answer (the game then does not count); r restarts; n starts a new game.\n"
        "p pauses the clock; t shows the solver step by step; v shows the rules; b the "
        "scores; q quits (a game in progress is kept for the next start).");
}

static void key_board(struct ui *u) { ui_show_board(u); }

static const struct ui_binding {
    int key;
    void (*act)(struct ui *u);
} ui_bindings[] = {
    {KEY_LEFT, key_left}, {'h', key_left},   {KEY_RIGHT, key_right},
    {'l', key_right},     {KEY_UP, key_up},  {'k', key_up},
    {KEY_DOWN, key_down}, {'j', key_down},   {'0', key_clear},
    {'.', key_clear},     {' ', key_clear},  {KEY_BACKSPACE, key_clear},
    {KEY_DC, key_clear},  {127, key_clear},  {'m', key_pencil},
    {'f', key_fill},      {'u', key_undo},   {PLAY_KEY_CTRL_R, key_redo},
    {'i', key_hint},      {'s', key_answer}, {'r', key_restart},
    {'n', key_new},       {'p', key_pause},  {'t', key_trace},
    {'v', key_rules},     {'?', key_help},   {'b', key_board},
    {'q', key_quit},
};

/* The digit a key enters, or 0. */
static int key_digit(int ch, int n)
{
    int d = ch >= '1' && ch <= '9' ? ch - '0' : ch >= 'A' && ch <= 'P' ? ch - 'A' + 10 : 0;
    return d <= n ? d : 0;
}

static void key_mouse(struct ui *u)
{
    MEVENT ev;
    int n = u->game.puzzle.geo.size;
    if (getmouse(&ev) != OK) return;
    int r = (ev.y - 2) / (u->tall ? 4 : 2), c = (ev.x - 1) / 4; /* the grid starts on line 1 */
    if (ev.y >= 2 && ev.x >= 1 && r < n && c < n) u->cursor = r * n + c;
}

void ui_key(struct ui *u, int ch)
{
    int before = play_solved(&u->game);
    if (ch == PLAY_KEY_FOCUS_IN || ch == PLAY_KEY_FOCUS_OUT) {
        u->focused = ch == PLAY_KEY_FOCUS_IN;
        return;
    }
    if (ch == ERR || ch == KEY_RESIZE) return;
    u->msg[0] = '\0';
    if (ch != 'i') u->show_hint = 0;
    if (u->paused && ch != 'p' && ch != 'q') return;
    int d = key_digit(ch, u->game.puzzle.geo.size);
    if (d && !u->finished)
        u->pencil ? play_toggle_mark(&u->game, u->cursor, d) : play_set(&u->game, u->cursor, d);
    else if (ch == KEY_MOUSE)
        key_mouse(u);
    else
        for (size_t i = 0; i < sizeof ui_bindings / sizeof ui_bindings[0]; i++)
            if (ui_bindings[i].key == ch) ui_bindings[i].act(u);
    if (u->have_game && !before && !u->finished && play_solved(&u->game)) ui_finish(u);
}
