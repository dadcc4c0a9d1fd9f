/*
 * play_game.c — a game's grid and its moves (play_game.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "format.h"
#include "format_variant.h"
#include "play_game.h"
#include "search.h"

/* The one solution into g->solution; 0, or -1 with err. */
static int game_solve(struct play_game *g, struct sl_error *err)
{
    int cell;
    if (ruleset_check_givens(g->rs, g->puzzle.givens, &cell, err)) return -1;
    struct solver *s = solver_new(g->rs);
    if (s == NULL) return sl_error_set(err, 0, 0, "out of memory");
    solver_set_node_limit(s, PLAY_SOLVE_NODES);
    struct search_result r = solver_count(s, g->puzzle.givens, 2, g->solution, NULL);
    solver_free(s);
    if (r.gave_up) return sl_error_set(err, 0, 0, "the puzzle takes too long to solve");
    if (r.solutions != 1)
        return sl_error_set(err, 0, 0, "the puzzle has %s",
                            r.solutions ? "several solutions" : "no solution");
    return 0;
}

int play_game_init(struct play_game *g, const char *line, struct sl_error *err)
{
    memset(g, 0, sizeof *g);
    if (reader_read_text(line, NULL, &g->puzzle, err) != 1) return -1;
    g->rs = ruleset_build(&g->puzzle, err);
    if (g->rs == NULL || game_solve(g, err)) {
        play_game_free(g);
        return -1;
    }
    if (format_sudolab_line(&g->puzzle, g->line, sizeof g->line) >= (int)sizeof g->line) {
        play_game_free(g);
        return sl_error_set(err, 0, 0, "the puzzle is too long to keep");
    }
    memcpy(g->value, g->puzzle.givens, (size_t)g->puzzle.geo.ncells);
    return 0;
}

void play_game_free(struct play_game *g)
{
    if (g->rs) ruleset_free(g->rs);
    puzzle_clear(&g->puzzle);
    free(g->changes);
    g->rs = NULL;
    g->changes = NULL;
}

int play_is_given(const struct play_game *g, int cell) { return g->puzzle.givens[cell] != 0; }

/* Records and makes one cell's change within the current move. */
static int game_change(struct play_game *g, int cell, uint8_t value, digitset marks)
{
    if (g->value[cell] == value && g->marks[cell] == marks) return 0;
    if (g->ndone == g->cap) {
        int cap = g->cap ? 2 * g->cap : 256;
        struct play_change *c = realloc(g->changes, (size_t)cap * sizeof *c);
        if (c == NULL) return 0; /* out of memory: the move is not made */
        g->changes = c;
        g->cap = cap;
    }
    g->changes[g->ndone++] =
        (struct play_change){g->moves, cell, g->value[cell], value, g->marks[cell], marks};
    g->nchanges = g->ndone;
    g->value[cell] = value;
    g->marks[cell] = marks;
    return 1;
}

/* Starts a move: the moves undone are forgotten. */
static void game_begin(struct play_game *g)
{
    g->nchanges = g->ndone;
    g->moves = g->ndone ? g->changes[g->ndone - 1].move + 1 : 1;
}

/* Crosses digit off the marks of cell's peers. */
static void game_cross_off(struct play_game *g, int cell, int digit)
{
    const struct ruleset *rs = g->rs;
    for (int i = rs->peer_start[cell]; i < rs->peer_start[cell + 1]; i++) {
        int p = rs->peers[i];
        if (!g->value[p] && (g->marks[p] & digitset_of(digit)))
            game_change(g, p, 0, g->marks[p] & ~digitset_of(digit));
    }
}

int play_set(struct play_game *g, int cell, int digit)
{
    if (play_is_given(g, cell) || digit < 0 || digit > g->puzzle.geo.size) return 0;
    game_begin(g);
    int done = game_change(g, cell, (uint8_t)digit, 0); /* clearing clears the marks too */
    if (done && digit && g->auto_marks) game_cross_off(g, cell, digit);
    return done;
}

int play_toggle_mark(struct play_game *g, int cell, int digit)
{
    if (g->value[cell] || digit < 1 || digit > g->puzzle.geo.size) return 0;
    game_begin(g);
    return game_change(g, cell, 0, g->marks[cell] ^ digitset_of(digit));
}

int play_fill_marks(struct play_game *g)
{
    const struct ruleset *rs = g->rs;
    int done = 0;
    game_begin(g);
    for (int c = 0; c < rs->geo.ncells; c++) {
        if (g->value[c]) continue;
        digitset m = rs->domain[c];
        for (int i = rs->peer_start[c]; i < rs->peer_start[c + 1]; i++)
            if (g->value[rs->peers[i]]) m &= ~digitset_of(g->value[rs->peers[i]]);
        done |= game_change(g, c, 0, m);
    }
    g->auto_marks = 1;
    return done;
}

int play_reveal(struct play_game *g)
{
    int done = 0;
    game_begin(g);
    for (int c = 0; c < g->puzzle.geo.ncells; c++) done |= game_change(g, c, g->solution[c], 0);
    g->revealed = 1;
    return done;
}

void play_restart(struct play_game *g)
{
    memcpy(g->value, g->puzzle.givens, (size_t)g->puzzle.geo.ncells);
    memset(g->marks, 0, sizeof g->marks);
    g->ndone = g->nchanges = 0;
    g->auto_marks = 0;
}

int play_undo(struct play_game *g)
{
    if (g->ndone == 0) return 0;
    int move = g->changes[g->ndone - 1].move;
    while (g->ndone > 0 && g->changes[g->ndone - 1].move == move) {
        const struct play_change *c = &g->changes[--g->ndone];
        g->value[c->cell] = c->old_value;
        g->marks[c->cell] = c->old_marks;
    }
    return 1;
}

int play_redo(struct play_game *g)
{
    if (g->ndone == g->nchanges) return 0;
    int move = g->changes[g->ndone].move;
    while (g->ndone < g->nchanges && g->changes[g->ndone].move == move) {
        const struct play_change *c = &g->changes[g->ndone++];
        g->value[c->cell] = c->new_value;
        g->marks[c->cell] = c->new_marks;
    }
    return 1;
}

int play_conflict(const struct play_game *g, int cell)
{
    const struct ruleset *rs = g->rs;
    if (!g->value[cell]) return 0;
    for (int i = rs->peer_start[cell]; i < rs->peer_start[cell + 1]; i++)
        if (g->value[rs->peers[i]] == g->value[cell]) return 1;
    return 0;
}

int play_open(const struct play_game *g)
{
    int open = 0;
    for (int c = 0; c < g->puzzle.geo.ncells; c++) open += !g->value[c];
    return open;
}

int play_solved(const struct play_game *g)
{
    return play_open(g) == 0 && puzzle_is_solution(&g->puzzle, g->value);
}
