/*
 * play_scores.c — the leaderboard in SQLite (play_scores.h).
 */
#include <errno.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "error.h"
#include "play_scores.h"
#include "rate.h"

/* How long a game finishing waits for another one's write. */
#define SCORES_BUSY_MS 5000

struct play_scores {
    sqlite3 *db;
    int in_memory;
};

static const char scores_schema[] =
    "CREATE TABLE IF NOT EXISTS scores (variant TEXT NOT NULL, grade TEXT NOT NULL,"
    " size INTEGER NOT NULL, name TEXT NOT NULL, ms INTEGER NOT NULL, date TEXT NOT NULL,"
    " hints INTEGER NOT NULL);"
    "CREATE INDEX IF NOT EXISTS scores_board ON scores (variant, grade, size, ms);";

/* Makes folder and its parents (mode 0700 for new ones). */
static int scores_mkdirs(char *folder)
{
    for (char *p = folder + 1; *p; p++) {
        if (*p != '/') continue;
        *p = '\0';
        int rc = mkdir(folder, 0700);
        *p = '/';
        if (rc && errno != EEXIST) return -1;
    }
    return mkdir(folder, 0700) && errno != EEXIST ? -1 : 0;
}

int play_data_path(const char *name, char *buf, size_t cap)
{
    const char *xdg = getenv("XDG_DATA_HOME"), *home = getenv("HOME");
    char folder[4096];
    int n;
    if (xdg && xdg[0] == '/')
        n = snprintf(folder, sizeof folder, "%s/sudolab", xdg);
    else if (home && home[0])
        n = snprintf(folder, sizeof folder, "%s/.local/share/sudolab", home);
    else
        return -1;
    if (n < 0 || (size_t)n >= sizeof folder) return -1;
    scores_mkdirs(folder); /* a failure shows when the file is opened */
    n = snprintf(buf, cap, "%s/%s", folder, name);
    return n < 0 || (size_t)n >= cap ? -1 : 0;
}

/* Opens path and proves it can be read and written. 0, or -1 with why. */
static int scores_try(struct play_scores *s, const char *path, char *why, size_t cap)
{
    int flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE;
    if (sqlite3_open_v2(path, &s->db, flags, NULL) == SQLITE_OK) {
        sqlite3_busy_timeout(s->db, SCORES_BUSY_MS);
        if (sqlite3_exec(s->db, scores_schema, NULL, NULL, NULL) == SQLITE_OK &&
            sqlite3_exec(s->db, "BEGIN IMMEDIATE; COMMIT;", NULL, NULL, NULL) == SQLITE_OK)
            return 0;
    }
    snprintf(why, cap, "%s: %s", path, s->db ? sqlite3_errmsg(s->db) : "out of memory");
    sqlite3_close(s->db);
    s->db = NULL;
    return -1;
}

struct play_scores *play_scores_open(const char *path, char *why, size_t cap)
{
    struct play_scores *s = calloc(1, sizeof *s);
    if (s == NULL) return NULL;
    why[0] = '\0';
    /* SQLite's words for these were "disk I/O error" (a FIFO) and
     * "unable to open database file" (a folder) */
    struct stat st;
    if (path && stat(path, &st) == 0 && !S_ISREG(st.st_mode))
        snprintf(why, cap, "%s: not a regular file (%s)", path,
                 S_ISDIR(st.st_mode) ? "a folder" : "a FIFO, a device or a socket");
    else if (path && scores_try(s, path, why, cap) == 0)
        return s;
    char ignored[256];
    s->in_memory = 1;
    if (scores_try(s, ":memory:", ignored, sizeof ignored)) {
        free(s);
        return NULL;
    }
    return s;
}

void play_scores_close(struct play_scores *s)
{
    if (s == NULL) return;
    sqlite3_close(s->db);
    free(s);
}

int play_scores_in_memory(const struct play_scores *s) { return s->in_memory; }

static int scores_fail(struct play_scores *s, sqlite3_stmt *st, char *why, size_t cap)
{
    snprintf(why, cap, "the scores: %s", sqlite3_errmsg(s->db));
    sqlite3_finalize(st);
    sqlite3_exec(s->db, "ROLLBACK", NULL, NULL, NULL);
    return -1;
}

/* Prepares sql with the game's board (variant, grade, size) bound to ?1..?3. */
static int scores_prepare_board(struct play_scores *s, const char *sql, const struct play_score *e,
                                sqlite3_stmt **st)
{
    if (sqlite3_prepare_v2(s->db, sql, -1, st, NULL) != SQLITE_OK) return -1;
    sqlite3_bind_text(*st, 1, e->variant, -1, SQLITE_STATIC);
    sqlite3_bind_text(*st, 2, e->grade, -1, SQLITE_STATIC);
    sqlite3_bind_int(*st, 3, e->size);
    return 0;
}

/* The game's place on its board: 1 + the games faster (ties: earlier). */
static int scores_place(struct play_scores *s, const struct play_score *e, char *why, size_t cap)
{
    sqlite3_stmt *st = NULL;
    const char *sql = "SELECT count(*) FROM scores WHERE variant = ?1 AND grade = ?2 AND "
                      "size = ?3 AND rowid <> last_insert_rowid() AND ms <= ?4";
    if (scores_prepare_board(s, sql, e, &st)) return scores_fail(s, st, why, cap);
    sqlite3_bind_int64(st, 4, e->ms);
    if (sqlite3_step(st) != SQLITE_ROW) return scores_fail(s, st, why, cap);
    int place = sqlite3_column_int(st, 0) + 1;
    sqlite3_finalize(st);
    return place;
}

/* Keeps the PLAY_TOP best of the game's board. */
static int scores_trim(struct play_scores *s, const struct play_score *e, char *why, size_t cap)
{
    sqlite3_stmt *st = NULL;
    const char *sql = "DELETE FROM scores WHERE variant = ?1 AND grade = ?2 AND size = ?3 AND "
                      "rowid NOT IN (SELECT rowid FROM scores WHERE variant = ?1 AND grade = ?2 "
                      "AND size = ?3 ORDER BY ms, rowid LIMIT ?4)";
    if (scores_prepare_board(s, sql, e, &st)) return scores_fail(s, st, why, cap);
    sqlite3_bind_int(st, 4, PLAY_TOP);
    if (sqlite3_step(st) != SQLITE_DONE) return scores_fail(s, st, why, cap);
    sqlite3_finalize(st);
    return 0;
}

static int scores_insert(struct play_scores *s, const struct play_score *e, char *why, size_t cap)
{
    sqlite3_stmt *st = NULL;
    const char *sql = "INSERT INTO scores VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)";
    if (scores_prepare_board(s, sql, e, &st)) return scores_fail(s, st, why, cap);
    sqlite3_bind_text(st, 4, e->name, -1, SQLITE_STATIC);
    sqlite3_bind_int64(st, 5, e->ms);
    sqlite3_bind_text(st, 6, e->date, -1, SQLITE_STATIC);
    sqlite3_bind_int(st, 7, e->hints);
    if (sqlite3_step(st) != SQLITE_DONE) return scores_fail(s, st, why, cap);
    sqlite3_finalize(st);
    return 0;
}

static int scores_add_once(struct play_scores *s, const struct play_score *e, char *why, size_t cap)
{
    struct play_score row = *e;
    if (row.date[0] == '\0') {
        time_t now = time(NULL);
        struct tm tm;
        gmtime_r(&now, &tm);
        strftime(row.date, sizeof row.date, "%Y-%m-%d %H:%M", &tm);
    }
    if (sqlite3_exec(s->db, "BEGIN IMMEDIATE", NULL, NULL, NULL) != SQLITE_OK)
        return scores_fail(s, NULL, why, cap);
    if (scores_insert(s, &row, why, cap)) return -1;
    int place = scores_place(s, &row, why, cap);
    if (place < 0 || scores_trim(s, &row, why, cap)) return -1;
    if (sqlite3_exec(s->db, "COMMIT", NULL, NULL, NULL) != SQLITE_OK)
        return scores_fail(s, NULL, why, cap);
    return place <= PLAY_TOP ? place : 0;
}

/* Column col of the row as text, its control bytes escaped: the file is
 * anyone's to edit, and an ESC in a name went raw to the terminal. */
static void scores_copy(char *dst, size_t cap, sqlite3_stmt *st, int col)
{
    const unsigned char *text = sqlite3_column_text(st, col);
    int n = text ? sqlite3_column_bytes(st, col) : 0;
    sl_error_escape(dst, cap, text ? (const char *)text : "", (size_t)(n > 0 ? n : 0));
}

int play_scores_list(struct play_scores *s, const char *variant, const char *grade, int size,
                     struct play_score *out, int max, char *why, size_t cap)
{
    sqlite3_stmt *st = NULL;
    const char *sql = "SELECT variant, grade, size, name, ms, date, hints FROM scores WHERE "
                      "(?1 IS NULL OR variant = ?1) AND (?2 IS NULL OR grade = ?2) AND "
                      "(?3 = 0 OR size = ?3) AND ms >= 0 ORDER BY variant, size, grade, ms, rowid";
    if (sqlite3_prepare_v2(s->db, sql, -1, &st, NULL) != SQLITE_OK)
        return scores_fail(s, st, why, cap);
    sqlite3_bind_text(st, 1, variant, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 2, grade, -1, SQLITE_STATIC);
    sqlite3_bind_int(st, 3, size);
    int n = 0, rc;
    while (n < max && (rc = sqlite3_step(st)) == SQLITE_ROW) {
        struct play_score *r = &out[n++];
        scores_copy(r->variant, sizeof r->variant, st, 0);
        scores_copy(r->grade, sizeof r->grade, st, 1);
        r->size = sqlite3_column_int(st, 2);
        scores_copy(r->name, sizeof r->name, st, 3);
        r->ms = (long)sqlite3_column_int64(st, 4);
        scores_copy(r->date, sizeof r->date, st, 5);
        r->hints = sqlite3_column_int(st, 6);
    }
    if (n < max && rc != SQLITE_DONE) return scores_fail(s, st, why, cap);
    sqlite3_finalize(st);
    return n;
}

/* A file that stopped taking writes (read-only, full, broken): the game
 * and the ones after it are kept in memory, and why says so. */
int play_scores_add(struct play_scores *s, const struct play_score *e, char *why, size_t cap)
{
    why[0] = '\0';
    int place = scores_add_once(s, e, why, cap);
    if (place >= 0 || s->in_memory) return place;
    char ignored[256];
    sqlite3_close(s->db);
    s->db = NULL;
    s->in_memory = 1;
    if (scores_try(s, ":memory:", ignored, sizeof ignored)) return -1;
    size_t used = strlen(why);
    snprintf(why + used, cap - used, " (kept in memory for this session)");
    return scores_add_once(s, e, ignored, sizeof ignored);
}

int play_board_grade(const char *name)
{
    return grade_by_name(name) >= 0 || strcmp(name, PLAY_UNRATED) == 0;
}
