/*
 * play_term_check.c — whether $TERM can hold the game's screen
 * (play_term.h), asked of terminfo before curses starts.
 *
 * initscr on a terminal terminfo does not know prints its own line and
 * exits 1 (the code for "no solution"), and on one that cannot move the
 * cursor (TERM=dumb) draws the whole screen as one smeared line. Asked
 * first, both are a usage error naming TERM. Apart from play_term.c
 * because term.h defines names (lines, columns) that code uses.
 */
#include "play_term.h" /* before term.h, whose macros would rename its parameters */

#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <term.h>
#include <unistd.h>

int play_term_usable(const char *command)
{
    const char *name = getenv("TERM");
    int found = 0;
    if (name == NULL || *name == '\0') {
        fprintf(stderr, "sudolab %s: TERM is not set: the terminal's type is unknown\n", command);
        return -1;
    }
    if (setupterm(NULL, STDOUT_FILENO, &found) != OK) {
        fprintf(stderr, "sudolab %s: TERM=%s: %s\n", command, name,
                found < 0 ? "no terminfo database to describe it"
                          : "no such terminal in the terminfo database");
        return -1;
    }
    const char *move = tigetstr("cup");
    int can_move = move != NULL && move != (const char *)-1;
    del_curterm(cur_term);
    if (!can_move) {
        fprintf(stderr, "sudolab %s: TERM=%s cannot move the cursor, which the screen needs\n",
                command, name);
        return -1;
    }
    return 0;
}
