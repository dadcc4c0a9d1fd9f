/*
 * format_keen.c — see format_keen.h. The puzzle is carried through the
 * calcudoku rule's written arguments ("MAP:CLUES"), so nothing here
 * includes the plugin.
 */
#include "format_keen.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cellmap.h"
#include "format_solo.h"

#define KEEN_MIN 3
#define KEEN_MAX 9
#define KEEN_MAX_EDGES (2 * KEEN_MAX * (KEEN_MAX - 1))
#define KEEN_NO_WALL_RUN 25 /* 'y': this many open edges, and no wall after */

static const char keen_op_letters[] = "asmd"; /* + - x / */
static const char keen_op_symbols[] = "+-x/";

static int keen_is_digit(char c) { return c >= '0' && c <= '9'; }

/* The two cells either side of inner edge e, in Keen's edge order. */
static void keen_edge_cells(int n, int e, int *a, int *b)
{
    int half = n * (n - 1);
    if (e < half) {
        *a = (e / (n - 1)) * n + e % (n - 1);
        *b = *a + 1;
    } else {
        e -= half;
        *a = (e % (n - 1)) * n + e / (n - 1);
        *b = *a + n;
    }
}

/* The params up to ':' : the size, or 0 when they are no Keen params. */
static int keen_read_params(const char *text, size_t len, size_t *at)
{
    int n = 0;
    for (*at = 0; *at < len && keen_is_digit(text[*at]) && n < 100; (*at)++)
        n = n * 10 + text[*at] - '0';
    if (*at == 0) return 0;
    if (*at + 1 < len && text[*at] == 'd' && text[*at + 1] && strchr("enhxu", text[*at + 1]))
        *at += 2;
    if (*at < len && text[*at] == 'm') (*at)++;
    return *at < len && text[*at] == ':' ? n : 0;
}

int format_keen_detect(const char *text, size_t len)
{
    size_t at;
    if (keen_read_params(text, len, &at) == 0) return 0;
    for (at++; at < len && (text[at] == '_' || (text[at] >= 'a' && text[at] <= 'z') ||
                            keen_is_digit(text[at]));)
        at++;
    return at + 1 < len && text[at] == ',' && strchr(keen_op_letters, text[at + 1]) &&
           text[at + 1] != '\0';
}

int format_keen_shape(const char *text, size_t len)
{
    size_t at;
    int n = keen_read_params(text, len, &at);
    if (n == 0) return 0;
    return (n * n > 25 && n <= KEEN_MAX) || memchr(text + at, ',', len - at) != NULL;
}

/* ---- reading ---- */

/* The walls field from text[*at] to ',' into open[] (1: no wall). */
static int keen_read_walls(const char *text, size_t len, size_t *at, int n, uint8_t *open,
                           struct sl_error *err)
{
    int nedges = 2 * n * (n - 1), e = 0;
    memset(open, 0, (size_t)nedges);
    while (*at < len && text[*at] != ',') {
        char ch = text[*at];
        size_t where = (*at)++;
        if (ch != '_' && (ch < 'a' || ch > 'z'))
            return sl_error_set(err, 0, (long)where + 1, "'%c' in a Keen walls field", ch);
        long repeat = 0;
        while (*at < len && keen_is_digit(text[*at]) && repeat <= KEEN_MAX_EDGES)
            repeat = repeat * 10 + text[(*at)++] - '0';
        if (*at > where + 1 && repeat < 1)
            return sl_error_set(err, 0, (long)where + 2, "a Keen repeat count is 1 or more");
        for (long r = 0; r < (repeat ? repeat : 1); r++) {
            int run = ch == '_' ? 0 : ch - 'a' + 1;
            if (e + run > nedges)
                return sl_error_set(err, 0, (long)where + 1, "too much data in the Keen walls");
            memset(open + e, 1, (size_t)run);
            e += run + (run != KEEN_NO_WALL_RUN);
            if (e > nedges + 1)
                return sl_error_set(err, 0, (long)where + 1, "too much data in the Keen walls");
        }
    }
    if (e != nedges + 1)
        return sl_error_set(err, 0, (long)*at + 1, "too little data in the Keen walls");
    return 0;
}

/* The cage of each cell: the areas open edges join, numbered by first
 * appearance in row-major order. Returns how many. */
static int keen_label(int n, const uint8_t *open, int *label)
{
    int ncells = n * n, nareas = 0, changed = 1;
    for (int c = 0; c < ncells; c++) label[c] = c;
    while (changed) { /* spread the least cell over each area */
        changed = 0;
        for (int e = 0; e < 2 * n * (n - 1); e++) {
            int a, b;
            keen_edge_cells(n, e, &a, &b);
            if (!open[e] || label[a] == label[b]) continue;
            int least = label[a] < label[b] ? label[a] : label[b];
            label[a] = label[b] = least;
            changed = 1;
        }
    }
    int id[SL_MAX_CELLS];
    for (int c = 0; c < ncells; c++) id[c] = label[c] == c ? nareas++ : id[label[c]];
    memcpy(label, id, sizeof *label * (size_t)ncells);
    return nareas;
}

/* A Keen target has at most this many digits (the rule's largest is
 * smaller): a longer one is refused where it stands, not cut short. */
#define KEEN_TARGET_DIGITS 16

/* The clues field: per cage its operation symbol and target, written
 * into args as the calcudoku rule reads them; where[p] is the offset in
 * args of cage p's clue, col[p] the column of its letter in text. */
static int keen_read_clues(const char *text, size_t len, size_t *at, int ncages, const int *size,
                           char *args, size_t cap, size_t *where, long *col, struct sl_error *err)
{
    size_t out = strlen(args);
    for (int p = 0; p < ncages; p++) {
        const char *op = *at < len ? strchr(keen_op_letters, text[*at]) : NULL;
        if (op == NULL || text[*at] == '\0')
            return sl_error_set(err, 0, (long)*at + 1, "expected the clue of cage %d (a, s, m, d)",
                                p + 1);
        col[p] = (long)*at + 1;
        size_t start = ++(*at);
        while (*at < len && keen_is_digit(text[*at])) (*at)++;
        if (*at == start)
            return sl_error_set(err, 0, (long)start + 1, "cage %d: its clue needs a number", p + 1);
        if (*at - start > KEEN_TARGET_DIGITS)
            return sl_error_set(err, 0, (long)start + 1, "cage %d: a target of more than %d digits",
                                p + 1, KEEN_TARGET_DIGITS);
        /* A one-cell cage's '+' or 'x' says nothing; its '-' or '/' is
         * passed on for the rule to refuse. */
        char symbol[2] = {keen_op_symbols[op - keen_op_letters], '\0'};
        if (size[p] == 1 && (symbol[0] == '+' || symbol[0] == 'x')) symbol[0] = '\0';
        where[p] = out + 1;
        out += (size_t)snprintf(args + out, cap - out, "%s%.*s%s", p ? "," : ":",
                                (int)(*at - start), text + start, symbol);
        if (out >= cap) return sl_error_set(err, 0, (long)start + 1, "Keen clues too long");
    }
    if (*at < len && text[*at] != ' ' && text[*at] != '\t' && text[*at] != '\r')
        return sl_error_set(err, 0, (long)*at + 1, "more clues than the %d cages", ncages);
    return 0;
}

struct keen_parts {
    uint8_t open[KEEN_MAX_EDGES];
    int label[SL_MAX_CELLS], size[SL_MAX_CELLS];
    struct cellmap map;
    char args[SL_MAX_CELLS * 24];
    size_t clue_at[SL_MAX_CELLS]; /* each cage's clue: its offset in args, */
    long clue_col[SL_MAX_CELLS];  /* and the column of its letter in the ID */
};

/* The rule's error column (in k->args) as the ID's: the letter of the
 * clue it falls in, else the ID's start. */
static long keen_rule_col(const struct keen_parts *k, int ncages, long col)
{
    long at = 1;
    for (int p = 0; p < ncages && col > 0 && k->clue_at[p] < (size_t)col; p++) at = k->clue_col[p];
    return at;
}

static int keen_build(const char *text, size_t len, size_t *at, int n, struct keen_parts *k,
                      struct puzzle *p, struct sl_error *err)
{
    struct geometry g;
    if (keen_read_walls(text, len, at, n, k->open, err)) return -1;
    if (*at >= len) return sl_error_set(err, 0, (long)*at + 1, "expected ',' and the clues");
    (*at)++;
    int ncages = keen_label(n, k->open, k->label);
    memset(k->size, 0, sizeof k->size);
    for (int c = 0; c < n * n; c++) k->size[k->label[c]]++;
    cellmap_from_parts(&k->map, n * n, k->label);
    cellmap_write(&k->map, k->args, sizeof k->args);
    if (keen_read_clues(text, len, at, ncages, k->size, k->args, sizeof k->args, k->clue_at,
                        k->clue_col, err))
        return -1;
    if (geometry_init(&g, n, 0, 0, err)) return -1;
    puzzle_init(p, &g);
    if (puzzle_add_classic(p, err) || puzzle_add_rule(p, "calcudoku", k->args, err)) {
        puzzle_clear(p);
        if (err) err->col = keen_rule_col(k, ncages, err->col);
        return -1;
    }
    return 0;
}

int format_keen_read(const char *text, size_t len, struct puzzle *p, struct puzzle_source *where,
                     struct sl_error *err)
{
    size_t at;
    int n = keen_read_params(text, len, &at);
    if (n < KEEN_MIN || n > KEEN_MAX)
        return sl_error_set(err, 0, 1, "a Keen grid is %d to %d cells wide", KEEN_MIN, KEEN_MAX);
    at++;
    struct keen_parts *k = malloc(sizeof *k);
    if (k == NULL) return sl_error_set(err, 0, 1, "out of memory");
    int rc = keen_build(text, len, &at, n, k, p, err);
    free(k);
    if (rc) return -1;
    format_id_take_answer(text, len, at, &p->geo, where);
    for (int c = 0; c < p->geo.ncells; c++) where->cell_col[c] = 1;
    return 0;
}

/* ---- writing ---- */

/* The walls letters, one per wall (or 'y' per 25 open edges without
 * one), into letters; returns how many. */
static int keen_wall_letters(int n, const int16_t *part, char *letters)
{
    int nedges = 2 * n * (n - 1), run = 0, count = 0;
    for (int e = 0; e <= nedges; e++) {
        int a = 0, b = 0;
        if (e < nedges) keen_edge_cells(n, e, &a, &b);
        if (e < nedges && part[a] == part[b]) {
            run++;
            continue;
        }
        for (; run >= KEEN_NO_WALL_RUN; run -= KEEN_NO_WALL_RUN) letters[count++] = 'y';
        letters[count++] = run ? (char)('a' - 1 + run) : '_';
        run = 0;
    }
    return count;
}

/* Keen's compression: a letter three times or more becomes the letter
 * and its count. */
static void keen_put_walls(struct format_id_sink *s, const char *letters, int count)
{
    for (int i = 0; i < count;) {
        int same = 1;
        while (i + same < count && letters[i + same] == letters[i]) same++;
        char repeat[16];
        format_id_put(s, letters[i]);
        if (same == 2) format_id_put(s, letters[i]);
        if (same > 2) snprintf(repeat, sizeof repeat, "%d", same), format_id_put_text(s, repeat);
        i += same;
    }
}

/* The clues of the calcudoku arguments after the map, as Keen writes them. */
static int keen_put_clues(struct format_id_sink *s, const char *clues, int ncages,
                          struct sl_error *err)
{
    for (int p = 0; p < ncages; p++) {
        size_t digits = strspn(clues, "0123456789");
        const char *op = clues[digits] ? strchr(keen_op_symbols, clues[digits]) : NULL;
        if (digits == 0 || digits > 15) return sl_error_set(err, 0, 0, "cage %d: bad clue", p + 1);
        format_id_put(s, op ? keen_op_letters[op - keen_op_symbols] : 'a');
        for (size_t i = 0; i < digits; i++) format_id_put(s, clues[i]);
        clues += digits + (op != NULL);
        clues += *clues == ',';
    }
    return 0;
}

/* The calcudoku arguments of p, malloc'ed, or NULL with err when p is no
 * Keen puzzle. */
static char *keen_calcudoku_args(const struct puzzle *p, struct sl_error *err)
{
    int classic = 0, calcudoku = -1;
    for (int i = 0; i < p->nrules; i++) {
        const char *name = p->rules[i].ops->name;
        if (strcmp(name, "classic") == 0)
            classic = 1;
        else if (strcmp(name, "calcudoku") == 0)
            calcudoku = i;
        else {
            sl_error_set(err, 0, 0, "Keen has no form for the rule '%s'", name);
            return NULL;
        }
    }
    if (!classic || calcudoku < 0 || p->geo.box_rows != 0 || p->geo.size < KEEN_MIN ||
        p->geo.size > KEEN_MAX) {
        sl_error_set(err, 0, 0, "Keen needs a %d..%d Latin square (boxes none) with calcudoku",
                     KEEN_MIN, KEEN_MAX);
        return NULL;
    }
    const struct puzzle_rule *r = &p->rules[calcudoku];
    int len = r->ops->write(r->self, NULL, 0);
    char *args = malloc((size_t)len + 1);
    if (args == NULL)
        sl_error_set(err, 0, 0, "out of memory");
    else
        r->ops->write(r->self, args, (size_t)len + 1);
    return args;
}

static int keen_check_map(const struct puzzle *p, const struct cellmap *map, struct sl_error *err)
{
    for (int c = 0; c < p->geo.ncells; c++) {
        if (p->givens[c]) return sl_error_set(err, 0, 0, "Keen puzzles have no givens");
        if (map->part[c] < 0) return sl_error_set(err, 0, 0, "Keen needs every cell in a cage");
    }
    if (cellmap_disconnected_part(map, &p->geo) >= 0)
        return sl_error_set(err, 0, 0, "Keen needs every cage in one piece");
    return 0;
}

int format_keen_id(const struct puzzle *p, char *buf, size_t cap, struct sl_error *err)
{
    char *args = keen_calcudoku_args(p, err);
    struct cellmap *map = malloc(sizeof *map);
    char letters[KEEN_MAX_EDGES + 1], head[16];
    int rc = args && map ? 0 : -1;
    if (args && !map) sl_error_set(err, 0, 0, "out of memory");
    const char *colon = args ? strchr(args, ':') : NULL;
    if (rc == 0)
        rc = cellmap_parse(map, &p->geo, args, (size_t)(colon - args), err) ||
             keen_check_map(p, map, err);
    struct format_id_sink s = {buf, cap, 0};
    if (rc == 0) {
        snprintf(head, sizeof head, "%d:", p->geo.size);
        format_id_put_text(&s, head);
        keen_put_walls(&s, letters, keen_wall_letters(p->geo.size, map->part, letters));
        format_id_put(&s, ',');
        rc = keen_put_clues(&s, colon + 1, map->nparts, err);
    }
    int len = format_id_end(&s);
    free(map);
    free(args);
    return rc ? -1 : len;
}
