/*
 * play_trace_ui.c — the solver's trace on screen (play.h's
 * play_trace_run, and the game's t key): the grid of candidates after
 * each step, the cells the step changed marked, the step in words, and
 * the candidates of the changed cells beside the grid.
 */
#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "play_draw.h"
#include "play_term.h"
#include "play_trace.h"
#include "play_ui.h"

#define TRACE_PANEL 36

struct trace_screen {
    const struct play_decor *d;
    struct play_trace *t;
    struct trace_step step;
    const uint8_t *givens;
    long delay_ms; /* 0: a key per step */
    int running;   /* stepping by itself */
};

static const char *const trace_words[] = {
    [TRACE_START] = "the givens propagated",
    [TRACE_GUESS] = "guess",
    [TRACE_CONTRADICTION] = "contradiction: a cell has no candidate left",
    [TRACE_BACKTRACK] = "backtrack to the guess at",
    [TRACE_SOLVED] = "solved",
    [TRACE_NO_SOLUTION] = "no solution: every guess failed",
};

static void trace_describe(const struct trace_screen *s, char *buf, size_t cap)
{
    const struct trace_step *st = &s->step;
    int n = s->d->n;
    int len = snprintf(buf, cap, "step %ld: %s", play_trace_count(s->t), trace_words[st->event]);
    if (st->event == TRACE_GUESS)
        len += snprintf(buf + len, cap - (size_t)len, " r%dc%d = %c", st->cell / n + 1,
                        st->cell % n + 1, geometry_symbol(st->digit));
    if (st->event == TRACE_BACKTRACK)
        len +=
            snprintf(buf + len, cap - (size_t)len, " r%dc%d", st->cell / n + 1, st->cell % n + 1);
    snprintf(buf + len, cap - (size_t)len, " (depth %d, %d candidates removed)", st->depth,
             st->removed);
}

/* The candidates of the cells the step changed, beside the grid. */
static void trace_panel(const struct trace_screen *s, int x)
{
    const digitset *cand = play_trace_candidates(s->t);
    const uint8_t *changed = play_trace_changed(s->t);
    int n = s->d->n, y = 1;
    char speed[32] = "a key a step";
    if (s->delay_ms) snprintf(speed, sizeof speed, "%ld ms a step", s->delay_ms);
    mvprintw(y++, x, "space next  a %s  q quit", s->running ? "stop" : "run");
    mvprintw(y++, x, "+ - speed: %s", speed);
    mvaddstr(y++, x, "changed cells:");
    for (int c = 0; c < n * n && y < LINES - 3; c++) {
        if (!changed[c]) continue;
        char line[3 * SL_MAX_SIZE + 16];
        int len = snprintf(line, sizeof line, "r%dc%d:", c / n + 1, c % n + 1);
        for (int d = 1; d <= n; d++)
            if (cand[c] & digitset_of(d))
                len += snprintf(line + len, sizeof line - (size_t)len, " %c", geometry_symbol(d));
        if (!cand[c]) snprintf(line + len, sizeof line - (size_t)len, " none");
        mvaddnstr(y++, x, line, TRACE_PANEL);
    }
}

static void trace_draw(const struct trace_screen *s)
{
    int n = s->d->n;
    if (!play_term_fits(play_grid_lines(n, 0) + 3, play_grid_cols(n) + 2 + TRACE_PANEL)) return;
    int tall = play_tall(n, 3);
    const digitset *cand = play_trace_candidates(s->t);
    uint8_t value[SL_MAX_CELLS];
    digitset marks[SL_MAX_CELLS];
    for (int c = 0; c < n * n; c++) {
        value[c] = digitset_is_single(cand[c]) ? (uint8_t)digitset_first(cand[c]) : 0;
        marks[c] = value[c] ? 0 : cand[c];
    }
    struct play_view v = {s->d, value, s->givens, marks, NULL, play_trace_changed(s->t), -1, tall};
    char words[256];
    trace_describe(s, words, sizeof words);
    erase();
    mvaddstr(0, 0, "sudolab trace - the solver step by step");
    play_draw_grid(1, 0, &v);
    trace_panel(s, play_grid_cols(n) + 2);
    play_wrap(play_grid_lines(n, tall) + 1, 0, COLS, 2, A_BOLD, words);
    refresh();
}

/* One key (or the timer, ERR) of the trace; 0 to leave it. */
static int trace_key(struct trace_screen *s, int ch)
{
    if (ch == 'q' || ch == 27) return 0;
    if (ch == 'a') s->running = !s->running;
    if (ch == '+')
        s->delay_ms = s->delay_ms ? (s->delay_ms > 10 ? s->delay_ms / 2 : s->delay_ms) : 100;
    if (ch == '-' && s->delay_ms < 10000) s->delay_ms = s->delay_ms ? s->delay_ms * 2 : 200;
    if (ch == ' ' || ch == '\n' || ch == '\r' || ch == 'n' || (ch == ERR && s->running))
        if (!play_trace_step(s->t, &s->step)) s->running = 0;
    return 1;
}

void ui_trace(const struct play_decor *d, const struct ruleset *rs, const uint8_t *givens,
              long delay_ms)
{
    struct trace_screen s = {d, play_trace_new(rs, givens), {0}, givens, delay_ms, delay_ms > 0};
    if (s.t == NULL) return;
    play_trace_step(s.t, &s.step);
    int go = 1;
    while (go) {
        trace_draw(&s);
        timeout(s.running ? (int)(s.delay_ms ? s.delay_ms : 200) : -1);
        go = trace_key(&s, getch());
    }
    play_trace_free(s.t);
}

int play_trace_run(const struct play_config *c)
{
    struct play_game *g = malloc(sizeof *g);
    struct play_decor *d = malloc(sizeof *d);
    struct sl_error err;
    int ascii, code = 0;
    if (!g || !d || play_game_init(g, c->line, &err)) {
        fprintf(stderr, "sudolab trace: %s\n", g && d ? err.msg : "out of memory");
        free(g);
        free(d);
        return 2;
    }
    if (play_term_start("trace", c->ascii, &ascii))
        code = 2;
    else if (play_decor_init(d, &g->puzzle, ascii, &err)) {
        play_term_stop();
        fprintf(stderr, "sudolab trace: %s\n", err.msg);
        code = 2;
    } else {
        ui_trace(d, g->rs, g->puzzle.givens, c->delay_ms);
        play_term_stop();
        play_decor_free(d);
    }
    play_game_free(g);
    free(g);
    free(d);
    return code;
}
