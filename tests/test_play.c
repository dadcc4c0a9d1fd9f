/*
 * test_play.c — the game's model (core/play) without a terminal: moves,
 * undo and redo of digits and marks, marks kept up to date, conflicts,
 * the finish; the leaderboard in SQLite (the top ten, a file that is no
 * database, two stores writing one file); a game kept and taken up; the
 * hint; the trace solving a puzzle that needs guesses.
 */
#include <CUnit/CUnit.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cunit_main.h"
#include "play_game.h"
#include "play_hint.h"
#include "play_save.h"
#include "play_scores.h"
#include "play_trace.h"

static const char easy[] =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
static const char solution[] =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
static struct play_game *game;
static char dir[64];

static int suite_init(void)
{
    game = malloc(sizeof *game);
    snprintf(dir, sizeof dir, "/tmp/sudolab-test-play.XXXXXX");
    return game == NULL || mkdtemp(dir) == NULL;
}

static int suite_clean(void)
{
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    free(game);
    return system(cmd) != 0;
}

static void path_in(char *buf, size_t cap, const char *name)
{
    snprintf(buf, cap, "%s/%s", dir, name);
}

static void test_moves_undo_redo(void)
{
    struct sl_error err;
    CU_ASSERT_FATAL(play_game_init(game, easy, &err) == 0);
    CU_ASSERT_EQUAL(play_set(game, 0, 4), 0); /* a given does not change */
    CU_ASSERT_EQUAL(play_set(game, 2, 4), 1);
    CU_ASSERT_EQUAL(play_toggle_mark(game, 3, 6), 1);
    CU_ASSERT_EQUAL(play_toggle_mark(game, 3, 2), 1);
    CU_ASSERT_EQUAL(game->marks[3], digitset_of(2) | digitset_of(6));
    CU_ASSERT_EQUAL(play_undo(game), 1);
    CU_ASSERT_EQUAL(game->marks[3], digitset_of(6));
    CU_ASSERT_EQUAL(play_undo(game), 1);
    CU_ASSERT_EQUAL(play_undo(game), 1);
    CU_ASSERT_EQUAL(game->value[2], 0);
    CU_ASSERT_EQUAL(play_undo(game), 0);
    CU_ASSERT_EQUAL(play_redo(game), 1);
    CU_ASSERT_EQUAL(game->value[2], 4);
    CU_ASSERT_EQUAL(play_redo(game), 1);
    CU_ASSERT_EQUAL(game->marks[3], digitset_of(6));
    play_set(game, 4 * 9 + 1, 5); /* a new move forgets the redo */
    CU_ASSERT_EQUAL(play_redo(game), 0);
    play_game_free(game);
}

static void test_fill_marks_kept(void)
{
    struct sl_error err;
    CU_ASSERT_FATAL(play_game_init(game, easy, &err) == 0);
    play_fill_marks(game);
    /* r1c3: not 5 3 7 (row), 8 9 6 (box), 8 (column): 1 2 4 */
    CU_ASSERT_EQUAL(game->marks[2], digitset_of(1) | digitset_of(2) | digitset_of(4));
    play_set(game, 3, 6);
    CU_ASSERT_EQUAL(game->marks[5],
                    digitset_of(2) | digitset_of(4) | digitset_of(8)); /* 6 off r1c6 */
    play_undo(game); /* one move: the digit and every mark it crossed off */
    CU_ASSERT_EQUAL(game->value[3], 0);
    CU_ASSERT(game->marks[5] & digitset_of(6));
    play_undo(game);
    CU_ASSERT_EQUAL(game->marks[2], 0);
    play_game_free(game);
}

static void test_conflict_and_finish(void)
{
    struct sl_error err;
    CU_ASSERT_FATAL(play_game_init(game, easy, &err) == 0);
    play_set(game, 2, 5); /* 5 is r1c1's given */
    CU_ASSERT(play_conflict(game, 2));
    CU_ASSERT(play_conflict(game, 0));
    CU_ASSERT(!play_conflict(game, 1));
    for (int c = 0; c < 81; c++) play_set(game, c, solution[c] - '0');
    CU_ASSERT(play_solved(game));
    play_set(game, 2, 0);
    CU_ASSERT(!play_solved(game));
    play_restart(game);
    CU_ASSERT_EQUAL(play_open(game), 51);
    CU_ASSERT_EQUAL(play_undo(game), 0);
    play_reveal(game);
    CU_ASSERT(play_solved(game) && game->revealed);
    play_game_free(game);
}

static void test_refusals(void)
{
    struct sl_error err;
    char several[82];
    memcpy(several, easy, 82);
    several[0] = '.', several[1] = '.', several[4] = '.';
    CU_ASSERT_EQUAL(play_game_init(game, "12345", &err), -1);
    CU_ASSERT_EQUAL(play_game_init(game, several, &err), -1);
    CU_ASSERT_PTR_NOT_NULL(strstr(err.msg, "several solutions"));
}

static void test_scores_top_ten(void)
{
    char path[128], why[256];
    path_in(path, sizeof path, "scores.db");
    struct play_scores *a = play_scores_open(path, why, sizeof why);
    struct play_scores *b = play_scores_open(path, why, sizeof why); /* a second game at once */
    CU_ASSERT_FATAL(a && b && why[0] == '\0');
    struct play_score e = {"classic", "easy", 9, "x", 0, "2026-01-01 00:00", 0};
    for (int i = 0; i < 12; i++) {
        e.ms = 1000 * (12 - i);
        snprintf(e.name, sizeof e.name, "p%d", i);
        CU_ASSERT_EQUAL(play_scores_add(i % 2 ? a : b, &e, why, sizeof why), 1);
    }
    e.ms = 99999;
    CU_ASSERT_EQUAL(play_scores_add(a, &e, why, sizeof why), 0); /* slower than ten */
    snprintf(e.grade, sizeof e.grade, "hard");
    CU_ASSERT_EQUAL(play_scores_add(a, &e, why, sizeof why), 1); /* another board */
    struct play_score rows[20];
    int n = play_scores_list(b, "classic", "easy", 9, rows, 20, why, sizeof why);
    CU_ASSERT_EQUAL(n, PLAY_TOP);
    CU_ASSERT_STRING_EQUAL(rows[0].name, "p11");
    CU_ASSERT_EQUAL(rows[0].ms, 1000);
    CU_ASSERT_EQUAL(play_scores_list(b, NULL, NULL, 0, rows, 20, why, sizeof why), PLAY_TOP + 1);
    play_scores_close(a);
    play_scores_close(b);
}

static void test_scores_corrupt(void)
{
    char path[128], why[256];
    path_in(path, sizeof path, "corrupt.db");
    FILE *f = fopen(path, "w");
    CU_ASSERT_FATAL(f != NULL);
    fputs("this is no database, only some text long enough to be read as a header\n", f);
    fclose(f);
    struct play_scores *s = play_scores_open(path, why, sizeof why);
    CU_ASSERT_FATAL(s != NULL);
    CU_ASSERT(play_scores_in_memory(s));
    CU_ASSERT_PTR_NOT_NULL(strstr(why, "not a database"));
    struct play_score e = {"killer", "hard", 9, "y", 5000, "", 2};
    CU_ASSERT_EQUAL(play_scores_add(s, &e, why, sizeof why), 1); /* kept in memory */
    struct play_score row;
    CU_ASSERT_EQUAL(play_scores_list(s, "killer", NULL, 0, &row, 1, why, sizeof why), 1);
    CU_ASSERT_EQUAL(strlen(row.date), 16); /* filled in */
    play_scores_close(s);
}

static void test_save_and_load(void)
{
    struct sl_error err;
    char path[128];
    path_in(path, sizeof path, "game.txt");
    CU_ASSERT_FATAL(play_game_init(game, easy, &err) == 0);
    play_set(game, 2, 4);
    play_toggle_mark(game, 3, 6);
    game->elapsed_ms = 61000;
    game->hints = 2;
    game->revealed = game->auto_marks = 1; /* the most the two flags take */
    struct play_saved_meta m = {"classic", "easy"}, back;
    CU_ASSERT_EQUAL(play_save(path, game, &m, &err), 0);
    struct play_game *other = malloc(sizeof *other);
    CU_ASSERT_EQUAL_FATAL(play_load(path, other, &back, &err), 1);
    CU_ASSERT_EQUAL(other->value[2], 4);
    CU_ASSERT_EQUAL(other->marks[3], digitset_of(6));
    CU_ASSERT_EQUAL(other->elapsed_ms, 61000);
    CU_ASSERT_EQUAL(other->hints, 2);
    CU_ASSERT_EQUAL(other->revealed, 1);
    CU_ASSERT_EQUAL(other->auto_marks, 1);
    game->revealed = game->auto_marks = 0;
    CU_ASSERT_STRING_EQUAL(back.grade, "easy");
    play_game_free(other);
    FILE *f = fopen(path, "a");
    fputs("values 9\n", f); /* a given overwritten: refused */
    fclose(f);
    CU_ASSERT_EQUAL(play_load(path, other, &back, &err), -1);
    /* Numbers past their range (the clock and the hint key add to them:
     * they overflowed) or not numbers: refused at their line. */
    static const char *const bad[] = {"elapsed 9223372036854775807",
                                      "elapsed -5",
                                      "hints 99999999999",
                                      "hints 2147483647",
                                      "auto yes",
                                      "revealed 2",
                                      "hints  3"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        CU_ASSERT_FATAL(play_save(path, game, &m, &err) == 0);
        f = fopen(path, "a");
        fprintf(f, "%s\n", bad[i]);
        fclose(f);
        err.line = 0;
        CU_ASSERT_EQUAL(play_load(path, other, &back, &err), -1);
        CU_ASSERT_EQUAL(err.line, 11);
        CU_ASSERT(strstr(err.msg, "not a whole number 0..") != NULL);
    }
    /* A grade no grade table knows (the leaderboard would file the game
     * under it) or a name with a control byte (drawn on the screen):
     * refused at their line. Rated games say "unrated" when not rated. */
    static const char *const names[][2] = {{"grade bogus", "is not a grade"},
                                           {"grade hard\033[2J", "is not a grade"},
                                           {"variant kil\033ler", "a control byte"}};
    static const long name_col[] = {7, 7, 12}; /* the grade's column, the control byte's */
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        CU_ASSERT_FATAL(play_save(path, game, &m, &err) == 0);
        f = fopen(path, "a");
        fprintf(f, "%s\n", names[i][0]);
        fclose(f);
        err.line = 0;
        CU_ASSERT_EQUAL(play_load(path, other, &back, &err), -1);
        CU_ASSERT_EQUAL(err.line, 11);
        CU_ASSERT_EQUAL(err.col, name_col[i]);
        CU_ASSERT(strstr(err.msg, names[i][1]) != NULL);
    }
    struct play_saved_meta unrated = {"classic", "unrated"};
    CU_ASSERT_FATAL(play_save(path, game, &unrated, &err) == 0);
    CU_ASSERT_EQUAL(play_load(path, other, &back, &err), 1);
    CU_ASSERT_STRING_EQUAL(back.grade, "unrated");
    play_game_free(other);
    /* The puzzle's own error: at the "line" line, its column in the file. */
    f = fopen(path, "w");
    fputs("sudolab-game 1\nline sudolab 9 3x3 classic;bogus .\nvalues .\nmarks 0\n", f);
    fclose(f);
    CU_ASSERT_EQUAL(play_load(path, other, &back, &err), -1);
    CU_ASSERT_EQUAL(err.line, 2);
    CU_ASSERT_EQUAL(err.col, (long)strlen("line ") + 30); /* the short grid, 30 on the line */
    remove(path);
    CU_ASSERT_EQUAL(play_load(path, other, &back, &err), 0);
    /* A FIFO of the name: its open waited for a writer for ever. */
    CU_ASSERT_FATAL(mkfifo(path, 0600) == 0);
    CU_ASSERT_EQUAL(play_load(path, other, &back, &err), -1);
    CU_ASSERT(strstr(err.msg, "not a regular file") != NULL);
    remove(path);
    free(other);
    play_game_free(game);
}

static void test_hint(void)
{
    struct sl_error err;
    struct play_hint *h = malloc(sizeof *h);
    CU_ASSERT_FATAL(play_game_init(game, easy, &err) == 0);
    struct rater *r = rater_new(game->rs);
    CU_ASSERT_EQUAL(play_hint_find(r, game, h), 0);
    CU_ASSERT(strstr(h->words, "single") != NULL);
    int target = -1;
    for (int c = 0; c < 81; c++)
        if (h->cell[c] == 2) target = c;
    CU_ASSERT(target >= 0 && game->value[target] == 0);
    play_set(game, 2, 9); /* wrong: pointed at first */
    CU_ASSERT_EQUAL(play_hint_find(r, game, h), 0);
    CU_ASSERT_STRING_EQUAL(h->words, "r1c3: this digit is wrong");
    rater_free(r);
    free(h);
    play_game_free(game);
}

static void test_trace(void)
{
    static const char hard[] =
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
    struct sl_error err;
    CU_ASSERT_FATAL(play_game_init(game, hard, &err) == 0);
    struct play_trace *t = play_trace_new(game->rs, game->puzzle.givens);
    struct trace_step st;
    int guesses = 0, backtracks = 0, steps = 0;
    while (play_trace_step(t, &st) && steps < 100000) {
        guesses += st.event == TRACE_GUESS;
        backtracks += st.event == TRACE_BACKTRACK;
        steps++;
    }
    CU_ASSERT_EQUAL(st.event, TRACE_SOLVED);
    CU_ASSERT(guesses > 1 && backtracks > 0);
    const digitset *cand = play_trace_candidates(t);
    for (int c = 0; c < 81; c++) CU_ASSERT_EQUAL(cand[c], digitset_of(game->solution[c]));
    play_trace_free(t);
    play_game_free(game);
}

void tests_register(void)
{
    CU_pSuite s = CU_add_suite("play", suite_init, suite_clean);
    CU_add_test(s, "moves, undo and redo", test_moves_undo_redo);
    CU_add_test(s, "filled marks kept up to date", test_fill_marks_kept);
    CU_add_test(s, "conflicts, the finish, restart, answer", test_conflict_and_finish);
    CU_add_test(s, "puzzles that are no game", test_refusals);
    CU_add_test(s, "the ten fastest, two stores at once", test_scores_top_ten);
    CU_add_test(s, "a corrupt scores file", test_scores_corrupt);
    CU_add_test(s, "a game kept and taken up", test_save_and_load);
    CU_add_test(s, "a hint", test_hint);
    CU_add_test(s, "the trace solves with guesses", test_trace);
}
