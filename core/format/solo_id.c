/* solo_id.c — see solo_id.h. */
#include "solo_id.h"

#include <string.h>

#include "format_solo.h"

/* Solo's own limits on the combined rules. */
#define SOLO_KILLER_MAX 9
#define SOLO_X_MIN 4
/* Numbers stop growing here, so a long digit string cannot overflow; every
 * real value (sizes, givens, sums) is far below it. */
#define SOLO_NUM_CAP 1000
#define SOLO_MAX_EDGES (2 * SL_MAX_SIZE * (SL_MAX_SIZE - 1))
/* 'z' is a run of 26: empty cells in a grid field, open edges (and no
 * wall after them) in a walls field. */
#define SOLO_Z_RUN 26

/* ---- shared by reader and writer ---- */

/* The two cells on either side of inner edge e, in Solo's edge order:
 * vertical edges row by row, then horizontal edges column by column. */
static void solo_edge_cells(int n, int e, int *a, int *b)
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

/* Labels the areas that open edges join, numbered by first appearance in
 * row-major order (which is what makes cage 0 hold cell 0); sizes[] gets
 * each area's cell count. Returns the number of areas. */
static int solo_label_areas(int n, const uint8_t *open, int *label, int *sizes)
{
    int ncells = n * n, nedges = 2 * n * (n - 1), nareas = 0;
    int join[SL_MAX_CELLS][4], degree[SL_MAX_CELLS], stack[SL_MAX_CELLS];
    memset(degree, 0, sizeof degree);
    for (int e = 0; e < nedges; e++) {
        int a, b;
        if (!open[e]) continue;
        solo_edge_cells(n, e, &a, &b);
        join[a][degree[a]++] = b;
        join[b][degree[b]++] = a;
    }
    for (int c = 0; c < ncells; c++) label[c] = -1;
    for (int seed = 0; seed < ncells; seed++) {
        if (label[seed] >= 0) continue;
        int top = 0;
        sizes[nareas] = 0;
        label[seed] = nareas;
        stack[top++] = seed;
        while (top > 0) {
            int c = stack[--top];
            sizes[nareas]++;
            for (int k = 0; k < degree[c]; k++)
                if (label[join[c][k]] < 0) {
                    label[join[c][k]] = nareas;
                    stack[top++] = join[c][k];
                }
        }
        nareas++;
    }
    return nareas;
}

/* ---- reading ---- */

struct solo_reader {
    const char *text;
    size_t len;
    size_t pos;
    struct sl_error *err;
};

/* The params as Solo's decoder sees them, before any check. */
struct solo_params {
    long c, r; /* Solo's names: c rows per box (listed first), r columns per box */
    int seen_r, jigsaw, xtype, killer;
    size_t at_c, at_r, at_x, at_k; /* where each came from, for errors */
};

static int solo_peek(const struct solo_reader *rd)
{
    return rd->pos < rd->len ? (unsigned char)rd->text[rd->pos] : -1;
}

static int solo_is_digit(int ch) { return ch >= '0' && ch <= '9'; }

static int solo_fail(const struct solo_reader *rd, size_t at, const char *msg)
{
    return sl_error_set(rd->err, 0, (long)at + 1, "%s", msg);
}

/* A decimal number at the current position (the caller checked the first
 * byte is a digit), clamped at SOLO_NUM_CAP. */
static long solo_read_number(struct solo_reader *rd)
{
    long v = 0;
    while (solo_is_digit(solo_peek(rd))) {
        v = v * 10 + (solo_peek(rd) - '0');
        if (v > SOLO_NUM_CAP) v = SOLO_NUM_CAP;
        rd->pos++;
    }
    return v;
}

/* The symmetry and difficulty flags are generator settings: they take part
 * in no puzzle, but Solo accepts them in params, so they are read and
 * dropped. Returns 0 when the flag at the current position is one of them. */
static int solo_skip_generator_flag(struct solo_reader *rd)
{
    int ch = solo_peek(rd);
    size_t at = rd->pos++;
    const char *follow = NULL;
    if (ch == 'a') return 0;
    if (ch == 'r') follow = "24";
    if (ch == 'd') follow = "tbiaeu";
    if (ch == 'm') {
        follow = "248";
        if (solo_peek(rd) == 'd') rd->pos++, follow = "24";
    }
    if (follow == NULL) return solo_fail(rd, at, "unknown letter in the Solo params");
    ch = solo_peek(rd);
    if (ch <= 0 || strchr(follow, ch) == NULL)
        return solo_fail(rd, rd->pos, "bad symmetry or difficulty setting in the Solo params");
    rd->pos++;
    return 0;
}

/* The params up to (not past) the ':', syntax only. */
static int solo_read_params(struct solo_reader *rd, struct solo_params *p)
{
    memset(p, 0, sizeof *p);
    if (!solo_is_digit(solo_peek(rd))) return solo_fail(rd, rd->pos, "expected the Solo grid size");
    p->at_c = rd->pos;
    p->c = p->r = solo_read_number(rd);
    if (solo_peek(rd) == 'x') {
        rd->pos++;
        if (!solo_is_digit(solo_peek(rd)))
            return solo_fail(rd, rd->pos, "expected a number after 'x'");
        p->at_r = rd->pos;
        p->r = solo_read_number(rd);
        p->seen_r = 1;
    }
    for (;;) {
        int ch = solo_peek(rd);
        if (ch == ':') return 0;
        if (ch < 0) return solo_fail(rd, rd->pos, "missing ':' after the Solo params");
        if (ch == 'j') p->jigsaw = 1;
        if (ch == 'x') p->xtype = 1, p->at_x = rd->pos;
        if (ch == 'k') p->killer = 1, p->at_k = rd->pos;
        if (ch == 'j' || ch == 'x' || ch == 'k')
            rd->pos++;
        else if (solo_skip_generator_flag(rd))
            return -1;
    }
}

/* Turns Solo's c and r into our size and box shape, with Solo's checks. */
static int solo_check_params(const struct solo_reader *rd, const struct solo_params *p,
                             struct solo_desc *d)
{
    long c = p->c, r = p->r;
    if (p->seen_r && r == 0) return solo_fail(rd, p->at_r, "box width 0 in the Solo params");
    /* Like Solo: "9j" is size 9 and "2x3j" size 6, both one jigsaw number. */
    if (p->jigsaw) c *= p->seen_r ? r : 1, r = 1;
    if (c < 2) return solo_fail(rd, p->at_c, "Solo grids have size 2 or more");
    if (c * r > SL_MAX_SIZE)
        return sl_error_set(rd->err, 0,
                            (long)(p->seen_r && p->c <= SL_MAX_SIZE ? p->at_r : p->at_c) + 1,
                            "Solo grid size above %d", SL_MAX_SIZE);
    d->size = (int)(c * r);
    if (p->killer && d->size > SOLO_KILLER_MAX)
        return solo_fail(rd, p->at_k, "Solo killer grids have size 9 or less");
    if (p->xtype && d->size < SOLO_X_MIN)
        return solo_fail(rd, p->at_x, "Solo X grids have size 4 or more");
    /* Solo reads "Cx1" as a jigsaw as well: a box one column wide is none. */
    if (r > 1) {
        d->box_rows = (int)c;
        d->box_cols = (int)r;
    }
    d->diagonals = p->xtype;
    return 0;
}

/* Expects a ',' opening the next field. */
static int solo_expect_comma(struct solo_reader *rd, const char *what)
{
    if (solo_peek(rd) == ',') {
        rd->pos++;
        return 0;
    }
    return sl_error_set(rd->err, 0, (long)rd->pos + 1, "expected ',' and %s", what);
}

/* One run-length grid field up to ',' or the end: values 1..max, and at[]
 * the byte each cell came from (NULL: not wanted). */
static int solo_read_grid(struct solo_reader *rd, int ncells, long max, int *out, size_t *at)
{
    int n = 0;
    for (int ch = solo_peek(rd); ch >= 0 && ch != ','; ch = solo_peek(rd)) {
        size_t start = rd->pos;
        long v = 0, run = 1;
        if (ch == '_') {
            rd->pos++;
            continue;
        }
        if (ch >= 'a' && ch <= 'z') {
            run = ch - 'a' + 1;
            rd->pos++;
        } else if (ch >= '1' && ch <= '9') {
            v = solo_read_number(rd);
            if (v > max)
                return sl_error_set(rd->err, 0, (long)start + 1,
                                    "number %s%ld is out of range 1..%ld",
                                    v >= SOLO_NUM_CAP ? ">= " : "", v, max);
        } else {
            return solo_fail(rd, start, "unexpected byte in a Solo grid field");
        }
        if (n + run > ncells) return solo_fail(rd, start, "too many cells in a Solo grid field");
        for (; run > 0; run--, n++) {
            out[n] = (int)v;
            if (at) at[n] = start;
        }
    }
    if (n < ncells)
        return sl_error_set(rd->err, 0, (long)rd->pos + 1,
                            "too few cells in a Solo grid field: %d of %d", n, ncells);
    return 0;
}

/* One walls field up to ',' or the end into open[] (1: no wall). */
static int solo_read_walls(struct solo_reader *rd, int n, uint8_t *open)
{
    int nedges = 2 * n * (n - 1), e = 0;
    memset(open, 0, (size_t)nedges);
    for (int ch = solo_peek(rd); ch >= 0 && ch != ','; ch = solo_peek(rd)) {
        if (ch != '_' && (ch < 'a' || ch > 'z'))
            return solo_fail(rd, rd->pos, "unexpected byte in a Solo walls field");
        int run = ch == '_' ? 0 : ch - 'a' + 1;
        /* Open edges must be real ones; the wall after them may be the
         * virtual one at index nedges, but nothing beyond. */
        if (e + run > nedges) return solo_fail(rd, rd->pos, "too much data in a Solo walls field");
        memset(open + e, 1, (size_t)run);
        e += run + (ch != 'z');
        rd->pos++;
    }
    if (e != nedges + 1) return solo_fail(rd, rd->pos, "too little data in a Solo walls field");
    return 0;
}

/* A walls field read into areas; sizes between lo and hi cells, and
 * exactly `want` areas unless want is 0. Returns the count or -1. */
static int solo_read_areas(struct solo_reader *rd, int n, int want, int lo, int hi, int *label)
{
    uint8_t open[SOLO_MAX_EDGES];
    int sizes[SL_MAX_CELLS];
    size_t start = rd->pos;
    if (solo_read_walls(rd, n, open)) return -1;
    int nareas = solo_label_areas(n, open, label, sizes);
    if (want && nareas != want)
        return sl_error_set(rd->err, 0, (long)start + 1,
                            "the walls make %d areas where Solo needs %d", nareas, want);
    for (int a = 0; a < nareas; a++)
        if (sizes[a] < lo || sizes[a] > hi)
            return sl_error_set(rd->err, 0, (long)start + 1,
                                "area %d has %d cells where Solo needs %d..%d", a + 1, sizes[a], lo,
                                hi);
    return nareas;
}

/* The sums field: at most one sum per cage, anywhere in it. */
static int solo_read_sums(struct solo_reader *rd, struct solo_desc *d)
{
    int n = d->size, ncells = n * n, sums[SL_MAX_CELLS];
    size_t at[SL_MAX_CELLS];
    if (solo_read_grid(rd, ncells, (long)n * (n + 1) / 2, sums, at)) return -1;
    for (int c = 0; c < ncells; c++) {
        if (sums[c] == 0) continue;
        if (d->cage_sum[d->cage[c]] != 0) return solo_fail(rd, at[c], "a second sum for one cage");
        d->cage_sum[d->cage[c]] = sums[c];
        d->sum_col[d->cage[c]] = (long)at[c] + 1;
    }
    return 0;
}

static void solo_fill_boxes(struct solo_desc *d)
{
    struct geometry g;
    if (geometry_init(&g, d->size, d->box_rows, d->box_cols, NULL)) return;
    for (int c = 0; c < g.ncells; c++) d->region[c] = geometry_box(&g, c);
}

/* Everything after the ':'. */
static int solo_read_desc(struct solo_reader *rd, const struct solo_params *p, struct solo_desc *d)
{
    int n = d->size, ncells = n * n, givens[SL_MAX_CELLS];
    if (solo_read_grid(rd, ncells, n, givens, NULL)) return -1;
    for (int c = 0; c < ncells; c++) d->givens[c] = (uint8_t)givens[c];
    if (d->box_rows == 0) {
        if (solo_expect_comma(rd, "the jigsaw walls")) return -1;
        if (solo_read_areas(rd, n, n, n, n, d->region) < 0) return -1;
    } else {
        solo_fill_boxes(d);
    }
    for (int c = 0; c < ncells; c++) d->cage[c] = -1;
    if (p->killer) {
        if (solo_expect_comma(rd, "the killer cage walls")) return -1;
        d->ncages = solo_read_areas(rd, n, 0, 2, n, d->cage);
        if (d->ncages < 0 || solo_expect_comma(rd, "the killer sums") || solo_read_sums(rd, d))
            return -1;
    }
    if (rd->pos < rd->len) return solo_fail(rd, rd->pos, "unexpected data after the Solo ID");
    return 0;
}

int solo_id_parse(const char *text, size_t len, struct solo_desc *d, struct sl_error *err)
{
    struct solo_reader rd = {text, len, 0, err};
    struct solo_params p;
    memset(d, 0, sizeof *d);
    if (text == NULL) rd.len = 0;
    if (solo_read_params(&rd, &p) || solo_check_params(&rd, &p, d)) return -1;
    rd.pos++; /* the ':' */
    return solo_read_desc(&rd, &p, d);
}

int solo_id_detect(const char *text, size_t len)
{
    struct solo_reader rd = {text, text ? len : 0, 0, NULL};
    struct solo_params p;
    return solo_read_params(&rd, &p) == 0;
}

/* ---- writing ---- */

static void solo_put_number(struct format_id_sink *s, int v)
{
    char digits[12];
    int k = 0;
    do digits[k++] = (char)('0' + v % 10);
    while ((v /= 10) > 0);
    while (k > 0) format_id_put(s, digits[--k]);
}

/* A grid field in Solo's canonical form: runs of empties as letters (at
 * most 26 a letter), '_' only between two adjacent numbers. */
static void solo_put_grid(struct format_id_sink *s, const int *v, int ncells)
{
    int run = 0;
    for (int c = 0; c <= ncells; c++) {
        if (c < ncells && v[c] == 0) {
            run++;
            continue;
        }
        while (run > 0) {
            int k = run > SOLO_Z_RUN ? SOLO_Z_RUN : run;
            format_id_put(s, (char)('a' - 1 + k));
            run -= k;
        }
        if (c == ncells) break;
        if (c > 0 && v[c - 1] != 0) format_id_put(s, '_');
        solo_put_number(s, v[c]);
    }
}

/* A walls field for the partition label[]. Solo's own encoder spends a 'z'
 * on 25 open edges, while its decoder (and ours) reads 26; the two agree
 * below 26 open edges in a row, the only case Solo's puzzles show, and this
 * writer follows the decoder so that longer runs also read back right. */
static void solo_put_walls(struct format_id_sink *s, int n, const int *label)
{
    int nedges = 2 * n * (n - 1), run = 0;
    for (int e = 0; e <= nedges; e++) {
        int a = 0, b = 0;
        if (e < nedges) solo_edge_cells(n, e, &a, &b);
        if (e < nedges && label[a] == label[b]) {
            run++;
            continue;
        }
        for (; run >= SOLO_Z_RUN; run -= SOLO_Z_RUN) format_id_put(s, 'z');
        format_id_put(s, run ? (char)('a' - 1 + run) : '_');
        run = 0;
    }
}

/* 0 when label[] (values 0..nlabels-1) splits the grid into exactly
 * nlabels connected areas of lo..hi cells: then the walls between
 * different labels give the same partition back. */
static int solo_check_partition(int n, const int *label, int nlabels, int lo, int hi)
{
    int ncells = n * n, nedges = 2 * n * (n - 1), area[SL_MAX_CELLS], sizes[SL_MAX_CELLS];
    int used[SL_MAX_CELLS] = {0}, nused = 0;
    uint8_t open[SOLO_MAX_EDGES] = {0};
    if (nlabels < 1 || nlabels > ncells) return -1;
    for (int c = 0; c < ncells; c++) {
        if (label[c] < 0 || label[c] >= nlabels) return -1;
        nused += !used[label[c]];
        used[label[c]] = 1;
    }
    for (int e = 0; e < nedges; e++) {
        int a, b;
        solo_edge_cells(n, e, &a, &b);
        open[e] = label[a] == label[b];
    }
    /* Areas refine labels, so equal counts mean each label is one area. */
    int nareas = solo_label_areas(n, open, area, sizes);
    if (nused != nlabels || nareas != nlabels) return -1;
    for (int a = 0; a < nareas; a++)
        if (sizes[a] < lo || sizes[a] > hi) return -1;
    return 0;
}

/* 0 when d has a Solo ID (the list is in solo_id.h). */
static int solo_check_desc(const struct solo_desc *d)
{
    int n = d->size;
    if (n < 2 || n > SL_MAX_SIZE) return -1;
    int jigsaw = d->box_rows == 0 && d->box_cols == 0;
    /* (the bounds first keep the product from overflowing) */
    if (!jigsaw && (d->box_rows < 2 || d->box_cols < 2 || d->box_rows > n || d->box_cols > n ||
                    d->box_rows * d->box_cols != n))
        return -1;
    if (d->diagonals && n < SOLO_X_MIN) return -1;
    for (int c = 0; c < n * n; c++)
        if (d->givens[c] > n) return -1;
    if (jigsaw && solo_check_partition(n, d->region, n, n, n)) return -1;
    if (d->ncages < 0 || (d->ncages > 0 && n > SOLO_KILLER_MAX)) return -1;
    if (d->ncages > 0 && solo_check_partition(n, d->cage, d->ncages, 2, n)) return -1;
    for (int k = 0; k < d->ncages; k++)
        if (d->cage_sum[k] < 0 || d->cage_sum[k] > n * (n + 1) / 2) return -1;
    return 0;
}

/* The sums grid: each cage's sum in its first cell, row-major. */
static void solo_sums_grid(const struct solo_desc *d, int *grid)
{
    int ncells = d->size * d->size, seen[SL_MAX_CELLS] = {0};
    for (int c = 0; c < ncells; c++) {
        grid[c] = seen[d->cage[c]] ? 0 : d->cage_sum[d->cage[c]];
        seen[d->cage[c]] = 1;
    }
}

int solo_id_write(const struct solo_desc *d, char *buf, size_t cap)
{
    struct format_id_sink s = {buf, cap, 0};
    int grid[SL_MAX_CELLS];
    if (solo_check_desc(d)) return -1;
    int n = d->size, ncells = n * n;
    solo_put_number(&s, d->box_rows ? d->box_rows : n);
    if (d->box_rows)
        format_id_put(&s, 'x'), solo_put_number(&s, d->box_cols);
    else
        format_id_put(&s, 'j');
    if (d->diagonals) format_id_put(&s, 'x');
    if (d->ncages) format_id_put(&s, 'k');
    format_id_put(&s, ':');
    for (int c = 0; c < ncells; c++) grid[c] = d->givens[c];
    solo_put_grid(&s, grid, ncells);
    if (!d->box_rows) format_id_put(&s, ','), solo_put_walls(&s, n, d->region);
    if (d->ncages) {
        format_id_put(&s, ',');
        solo_put_walls(&s, n, d->cage);
        format_id_put(&s, ',');
        solo_sums_grid(d, grid);
        solo_put_grid(&s, grid, ncells);
    }
    return format_id_end(&s);
}
