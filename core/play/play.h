/*
 * play.h — the game and the solver's trace on a terminal (ncurses), what
 * the command calls.
 *
 * play_run plays games until the player quits: the puzzle given, or one
 * made on the spot by the generator for the variant, grade and size
 * asked; a game in progress saved at the last quit is offered first
 * (play_save.h); a finished game goes on the leaderboard (play_scores.h).
 * play_trace_run shows the solver's steps on one puzzle (play_trace.h).
 * Both need a terminal on standard input and output, and return an exit
 * code (cmd.h's: 0, or 2 with a message on stderr).
 */
#ifndef SUDOLAB_PLAY_H
#define SUDOLAB_PLAY_H

#include <stdint.h>

struct play_config {
    const char *line;    /* the puzzle to play (any readable form), or NULL: make one */
    const char *variant; /* what to make (default classic), and the board's name */
    const char *grade;   /* a grade to make, or NULL: any, the board takes the rated one */
    int size;            /* another size than the variant's, or 0 */
    uint64_t seed;       /* the first game's seed; the next games' follow from it */
    int ascii;           /* ASCII lines even on a UTF-8 terminal */
    long delay_ms;       /* the trace: time between steps, 0 = a key per step */
};

int play_run(const struct play_config *c);
int play_trace_run(const struct play_config *c);

#endif
