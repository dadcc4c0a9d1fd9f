/*
 * play_term.h — the terminal around the game and the trace: starting and
 * ending curses, focus reports (a terminal that sends them pauses the
 * timer when it loses the window), the size check, the clock, and the
 * text pages and questions both screens ask.
 */
#ifndef SUDOLAB_PLAY_TERM_H
#define SUDOLAB_PLAY_TERM_H

#include <stddef.h>

/* Keys made of the terminal's focus reports. */
enum { PLAY_KEY_FOCUS_IN = 01000 + 1, PLAY_KEY_FOCUS_OUT, PLAY_KEY_CTRL_R = 'R' - '@' };

/* Starts curses (keys, mouse, focus reports, colour unless NO_COLOR); sets
 * *ascii when the terminal takes no UTF-8. 0, or -1 with a message on
 * stderr naming `command` ("play", "trace") when standard input or output
 * is no terminal, or TERM one curses cannot draw on (play_term_usable). */
int play_term_start(const char *command, int ascii_asked, int *ascii);
void play_term_stop(void);

/* 0 when $TERM names a terminal terminfo describes, whose cursor can be
 * moved; else -1 with a message on stderr naming `command` and TERM.
 * play_term_start asks it before starting curses. */
int play_term_usable(const char *command);

/* 1 when the screen has lines x cols; else says how small it is (the
 * screen cleared) and returns 0. */
int play_term_fits(int lines, int cols);

/* A monotonic clock in milliseconds. */
long play_now_ms(void);

/* Writes text word-wrapped in a box of width columns from (y, x), at most
 * max lines ('\n' starts a new one); returns the lines used. */
int play_wrap(int y, int x, int width, int max, int attr, const char *text);

/* A whole-screen page: title, text (wrapped), "press a key"; waits for a
 * key and returns it. */
int play_page(const char *title, const char *text);

/* Asks a yes-or-no question on line y; 1 for y. */
int play_ask(int y, const char *question);

/* Reads a line of at most cap - 1 characters on line y after the prompt,
 * starting from what buf holds. 1 when entered, 0 when abandoned (Esc). */
int play_read_line(int y, const char *prompt, char *buf, size_t cap);

#endif
