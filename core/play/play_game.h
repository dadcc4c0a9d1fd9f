/*
 * play_game.h — one game of `sudolab play`: the puzzle, its solution, what
 * the player entered, the pencil marks, and the moves made, each undoable.
 *
 * A move changes cells: a digit set or cleared, a mark toggled, every mark
 * filled in, or the answer shown. Each cell's change is recorded (its
 * value and marks before and after) under the move's number, so undo and
 * redo take back or make again a whole move, however many cells it
 * touched. A new move forgets the moves undone. Once the marks were filled
 * in (play_fill_marks), placing a digit crosses it off its peers' marks
 * as part of the same move: the marks stay up to date.
 *
 * The game knows nothing of the screen or the clock: elapsed time and the
 * hints taken are counters its caller keeps in it. No global state.
 */
#ifndef SUDOLAB_PLAY_GAME_H
#define SUDOLAB_PLAY_GAME_H

#include <stdint.h>

#include "puzzle.h"
#include "rules.h"

struct play_change {
    int move; /* the move's number, 1.. */
    int cell;
    uint8_t old_value, new_value;
    digitset old_marks, new_marks;
};

struct play_game {
    struct puzzle puzzle;
    struct ruleset *rs;
    uint8_t solution[SL_MAX_CELLS];
    uint8_t value[SL_MAX_CELLS];  /* givens and entered digits, 0 empty */
    digitset marks[SL_MAX_CELLS]; /* pencil marks of empty cells */
    int auto_marks;               /* marks filled in: kept up to date */
    int revealed;                 /* the answer was shown: the game does not count */
    int hints;                    /* hints taken */
    long elapsed_ms;              /* time played, kept by the caller */
    struct play_change *changes;  /* done, then undone (from ndone on) */
    int ndone, nchanges, cap, moves;
    char line[GENERATE_LINE_MAX]; /* the puzzle as a sudolab line */
};

/* Starts a game of the puzzle of one line (any form format.h reads; the
 * first puzzle). Checks that it has exactly one solution. 0, or -1 with
 * err. game_free releases it. */
int play_game_init(struct play_game *g, const char *line, struct sl_error *err);
void play_game_free(struct play_game *g);

int play_is_given(const struct play_game *g, int cell);
/* Enters digit (0 clears) in a cell that is not a given: a move. Returns 1
 * when something changed. */
int play_set(struct play_game *g, int cell, int digit);
/* Toggles a pencil mark in an empty cell: a move. 1 when done. */
int play_toggle_mark(struct play_game *g, int cell, int digit);
/* Every empty cell's marks: the digits its domain allows that no peer
 * holds. A move; turns on auto_marks. */
int play_fill_marks(struct play_game *g);
/* Fills every cell with the solution and sets revealed. A move. */
int play_reveal(struct play_game *g);
/* Back to the givens, no marks, the moves forgotten. */
void play_restart(struct play_game *g);
/* Undoes (redoes) the last move (the last undone). 1 when there was one. */
int play_undo(struct play_game *g);
int play_redo(struct play_game *g);

/* 1 when cell's digit equals one of its peers' (a conflict shown). */
int play_conflict(const struct play_game *g, int cell);
/* 1 when every cell is filled and the grid satisfies every rule. */
int play_solved(const struct play_game *g);
/* Cells still empty. */
int play_open(const struct play_game *g);

#endif
