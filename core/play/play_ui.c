/*
 * play_ui.c — the game's screen and keys (play.h's play_run).
 *
 * The screen: a title line (variant, grade, size, time, hints), the grid
 * on the left, a panel on the right (the cursor's cell and marks, the
 * mode, the keys), and two lines under the grid for the hint or a message.
 * The loop wakes every few tenths of a second to move the clock, which
 * runs only while the game is on screen, not paused, and not finished.
 */
#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "generate.h"
#include "play.h"
#include "play_draw.h"
#include "play_hint.h"
#include "play_save.h"
#include "play_scores.h"
#include "play_term.h"
#include "play_ui.h"
#include "variant.h"

/* The panel's width beside the grid, and the lines above and below it. */
#define UI_PANEL 36
#define UI_EXTRA_LINES 3

static const char ui_keys_text[] = "arrows hjkl  move\n"
                                   "1-9 A-P  digit    0 .  clear\n"
                                   "m  pencil marks   f  fill marks\n"
                                   "u  undo           ^R redo\n"
                                   "i  hint           s  show answer\n"
                                   "r  restart        n  new game\n"
                                   "p  pause          t  trace\n"
                                   "v  rules          b  scores\n"
                                   "?  help           q  quit";

int ui_need_lines(const struct ui *u)
{
    return play_grid_lines(u->game.puzzle.geo.size, 0) + UI_EXTRA_LINES;
}
int ui_need_cols(const struct ui *u)
{
    return play_grid_cols(u->game.puzzle.geo.size) + 2 + UI_PANEL;
}

/* Moves the clock by the time since the last tick when it runs. */
void ui_tick(struct ui *u)
{
    long now = play_now_ms();
    int runs = u->have_game && !u->paused && u->focused && !u->finished &&
               LINES >= ui_need_lines(u) && COLS >= ui_need_cols(u);
    if (runs) u->game.elapsed_ms += now - u->last_ms;
    u->last_ms = now;
}

static void ui_title(const struct ui *u)
{
    long s = u->game.elapsed_ms / 1000;
    move(0, 0);
    clrtoeol();
    attron(play_attr(ROLE_TITLE));
    mvprintw(0, 0, "sudolab - %s - %s - %dx%d", u->meta.variant,
             u->meta.grade[0] ? u->meta.grade : "?", u->game.puzzle.geo.size,
             u->game.puzzle.geo.size);
    attroff(play_attr(ROLE_TITLE));
    mvprintw(0, ui_need_cols(u) - 24, "%-9s %02ld:%02ld  hints %d", u->paused ? "(paused)" : "",
             s / 60, s % 60, u->game.hints);
}

static void ui_panel(const struct ui *u, int x)
{
    const struct play_game *g = &u->game;
    int c = u->cursor, n = g->puzzle.geo.size, y = 2;
    char marks[3 * SL_MAX_SIZE + 1] = "";
    for (int d = 1; d <= n; d++)
        if (g->marks[c] & digitset_of(d))
            snprintf(marks + strlen(marks), 4, "%c ", geometry_symbol(d));
    mvprintw(y++, x, "cell r%dc%d%s", c / n + 1, c % n + 1, play_is_given(g, c) ? " (given)" : "");
    mvprintw(y++, x, "marks %s", marks);
    mvprintw(y++, x, "mode  %s%s", u->pencil ? "pencil marks" : "digits",
             g->auto_marks ? ", marks kept" : "");
    mvprintw(y++, x, "open  %d cells", play_open(g));
    if (u->scores_note[0]) play_wrap(y, x, UI_PANEL, 3, A_DIM, u->scores_note);
    play_wrap(y + 4, x, UI_PANEL, 10, A_NORMAL, ui_keys_text);
}

void ui_draw(struct ui *u)
{
    if (!play_term_fits(ui_need_lines(u), ui_need_cols(u))) return;
    erase();
    int n = u->game.puzzle.geo.size;
    uint8_t conflict[SL_MAX_CELLS];
    for (int c = 0; c < n * n; c++) conflict[c] = (uint8_t)play_conflict(&u->game, c);
    u->tall = play_tall(n, UI_EXTRA_LINES);
    struct play_view v = {u->decor,      u->game.value, u->game.puzzle.givens,
                          u->game.marks, conflict,      u->show_hint ? u->hint.cell : NULL,
                          u->cursor,     u->tall};
    ui_title(u);
    if (u->paused)
        mvaddstr(2, 2, "paused: p goes on");
    else
        play_draw_grid(1, 0, &v);
    ui_panel(u, play_grid_cols(n) + 2);
    const char *below = u->msg[0] ? u->msg : u->show_hint ? u->hint.words : "";
    play_wrap(play_grid_lines(n, u->tall) + 1, 0, ui_need_cols(u), 2, A_BOLD, below);
    refresh();
}

/* --- games ------------------------------------------------------------- */

static void ui_rules_text(struct ui *u)
{
    struct sl_error err;
    char summary[256];
    if (variant_text(u->meta.variant, summary, sizeof summary, u->rules, sizeof u->rules, &err) ==
        0) {
        if (u->rules[0] == '\0') snprintf(u->rules, sizeof u->rules, "%s", summary);
        return;
    }
    u->rules[0] = '\0'; /* no such variant: the rules' own summaries */
    for (int i = 0; i < u->game.puzzle.nrules; i++) {
        size_t len = strlen(u->rules);
        snprintf(u->rules + len, sizeof u->rules - len, "%s: %s\n",
                 u->game.puzzle.rules[i].ops->name, u->game.puzzle.rules[i].ops->summary);
    }
}

/* The grade of the game: asked for, or rated. */
static void ui_grade(struct ui *u, const char *asked)
{
    struct rate_result *res = malloc(sizeof *res);
    if (asked)
        snprintf(u->meta.grade, sizeof u->meta.grade, "%s", asked);
    else if (res && rate_puzzle(u->rater, u->game.puzzle.givens, res, NULL, NULL) == 0)
        snprintf(u->meta.grade, sizeof u->meta.grade, "%s", grade_name(res->grade));
    else
        snprintf(u->meta.grade, sizeof u->meta.grade, "%s", PLAY_UNRATED);
    free(res);
}

/* Everything a game needs beside its grid: marks, rater, rules. */
static int ui_setup(struct ui *u, struct sl_error *err)
{
    if (play_decor_init(u->decor, &u->game.puzzle, u->ascii, err)) return -1;
    u->rater = rater_new(u->game.rs);
    if (u->rater == NULL) return sl_error_set(err, 0, 0, "the rater cannot take these rules");
    if (u->meta.variant[0] == '\0')
        snprintf(u->meta.variant, sizeof u->meta.variant, "%.*s",
                 (int)strcspn(u->decor->item.names, ","), u->decor->item.names);
    ui_rules_text(u);
    u->have_game = 1;
    u->cursor = 0;
    u->finished = u->paused = u->show_hint = 0;
    return 0;
}

static void ui_drop(struct ui *u)
{
    if (!u->have_game) return;
    rater_free(u->rater);
    play_decor_free(u->decor);
    play_game_free(&u->game);
    u->rater = NULL;
    u->have_game = 0;
}

/* A game of the puzzle line (variant and grade NULL: found out). */
int ui_start(struct ui *u, const char *line, const char *variant, const char *grade,
             struct sl_error *err)
{
    ui_drop(u);
    if (play_game_init(&u->game, line, err)) return -1;
    snprintf(u->meta.variant, sizeof u->meta.variant, "%s", variant ? variant : "");
    if (ui_setup(u, err)) {
        ui_drop(u);
        return -1;
    }
    ui_grade(u, grade);
    return 0;
}

/* A new game from the generator, its seed the next of the run's. */
int ui_generate(struct ui *u, struct sl_error *err)
{
    const struct play_config *c = u->cfg;
    const char *variant = c->variant ? c->variant : "classic";
    struct generate_request req = {.variant = variant, .size = c->size, .grade = c->grade};
    erase();
    mvprintw(0, 0, "making a %s puzzle%s%s ...", variant, c->grade ? " graded " : "",
             c->grade ? c->grade : "");
    refresh();
    struct generator *gen = generator_new(&req, err);
    struct generated *out = malloc(sizeof *out);
    int rc = gen && out
                 ? generator_make(gen, generate_seed(c->seed, (uint64_t)u->games++), out, err)
                 : -1;
    if (gen && !out) sl_error_set(err, 0, 0, "out of memory");
    if (rc == 0) rc = ui_start(u, out->line, variant, c->grade, err);
    generator_free(gen);
    free(out);
    return rc;
}

void ui_free(struct ui *u) { ui_drop(u); }
