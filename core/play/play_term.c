/*
 * play_term.c — curses set up and the shared pieces of the screens
 * (play_term.h).
 */
#include <curses.h>
#include <langinfo.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "play_draw.h"
#include "play_term.h"

int play_term_start(const char *command, int ascii_asked, int *ascii)
{
    if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
        fprintf(stderr, "sudolab %s: needs a terminal (standard input and output)\n", command);
        return -1;
    }
    if (play_term_usable(command)) return -1;
    setlocale(LC_ALL, "");
    *ascii = ascii_asked || strcmp(nl_langinfo(CODESET), "UTF-8") != 0;
    if (initscr() == NULL) return -1;
    cbreak();
    noecho();
    nonl();
    keypad(stdscr, TRUE);
    curs_set(0);
    set_escdelay(25);
    mousemask(BUTTON1_PRESSED | BUTTON1_CLICKED, NULL);
    define_key("\033[I", PLAY_KEY_FOCUS_IN);
    define_key("\033[O", PLAY_KEY_FOCUS_OUT);
    fputs("\033[?1004h", stdout); /* ask for focus reports */
    fflush(stdout);
    play_draw_start(getenv("NO_COLOR") == NULL);
    return 0;
}

void play_term_stop(void)
{
    fputs("\033[?1004l", stdout);
    fflush(stdout);
    endwin();
}

int play_term_fits(int lines, int cols)
{
    if (LINES >= lines && COLS >= cols) return 1;
    erase();
    char msg[128];
    snprintf(msg, sizeof msg, "terminal too small: %dx%d, the game needs %dx%d", COLS, LINES, cols,
             lines);
    play_wrap(0, 0, COLS > 0 ? COLS : 1, LINES > 0 ? LINES : 1, A_BOLD, msg);
    refresh();
    return 0;
}

long play_now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (long)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

/* The length of the word at s (up to a blank or a newline). */
static int word_len(const char *s) { return (int)strcspn(s, " \n"); }

int play_wrap(int y, int x, int width, int max, int attr, const char *text)
{
    int line = 0, col = 0, wrapped = 0; /* blanks at a wrapped line's start are dropped */
    attron(attr);
    for (const char *p = text; *p && line < max;) {
        if (*p == '\n' || *p == ' ') {
            if (*p == '\n')
                line++, col = 0, wrapped = 0;
            else if (!(col == 0 && wrapped) && col < width)
                col++;
            p++;
            continue;
        }
        int len = word_len(p);
        if (col > 0 && col + len > width) line++, col = 0, wrapped = 1;
        if (line >= max) break;
        int fit = len < width - col ? len : width - col;
        mvaddnstr(y + line, x + col, p, fit);
        col += fit;
        p += fit;
    }
    attroff(attr);
    return line + (col > 0);
}

int play_page(const char *title, const char *text)
{
    erase();
    mvaddstr(0, 0, title);
    play_wrap(2, 0, COLS > 2 ? COLS - 1 : 1, LINES > 4 ? LINES - 4 : 1, A_NORMAL, text);
    mvaddstr(LINES - 1, 0, "press a key");
    refresh();
    int ch;
    timeout(-1);
    while ((ch = getch()) == KEY_RESIZE || ch == PLAY_KEY_FOCUS_IN || ch == PLAY_KEY_FOCUS_OUT) {
    }
    return ch;
}

int play_ask(int y, const char *question)
{
    move(y, 0);
    clrtoeol();
    mvaddstr(y, 0, question);
    addstr(" [y/n]");
    refresh();
    timeout(-1);
    int ch;
    while ((ch = getch()) != 'y' && ch != 'n' && ch != 'Y' && ch != 'N' && ch != 27) {
    }
    return ch == 'y' || ch == 'Y';
}

int play_read_line(int y, const char *prompt, char *buf, size_t cap)
{
    size_t len = strlen(buf);
    timeout(-1);
    for (;;) {
        move(y, 0);
        clrtoeol();
        mvprintw(y, 0, "%s%s_", prompt, buf);
        refresh();
        int ch = getch();
        if (ch == '\n' || ch == '\r' || ch == KEY_ENTER) return 1;
        if (ch == 27) return 0;
        if (ch == 'U' - '@') len = 0, buf[0] = '\0'; /* Ctrl-U: the line cleared */
        if ((ch == KEY_BACKSPACE || ch == 127 || ch == 8) && len > 0) buf[--len] = '\0';
        if (ch >= ' ' && ch < 127 && len + 1 < cap) buf[len++] = (char)ch, buf[len] = '\0';
    }
}
