/*
 * test_render.c — drawing (core/render): the marks every rule gives,
 * the terminal's grid, the refusals, items kept aside on disk and read
 * back as they were, and the pixels of a page: a PDF
 * drawn here, turned into a PNG by pdftoppm (poppler-utils), shows the
 * grid lines, a dashed cage border and kropki dots where the layout puts
 * them.
 */
#include <CUnit/CUnit.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cairo_lib.h"
#include "cunit_main.h"
#include "registry.h"
#include "render.h"
#include "render_spool.h"
#include "render_text.h"

static struct puzzle *puzzle;
static struct render_item *item;

static int suite_init(void)
{
    puzzle = malloc(sizeof *puzzle);
    item = malloc(sizeof *item);
    return puzzle == NULL || item == NULL;
}

static int suite_clean(void)
{
    render_release();
    free(puzzle);
    free(item);
    return 0;
}

/* A 9x9 puzzle with rules, its marks gathered into item: 0 or -1. */
static int make(const char *rules, struct sl_error *err)
{
    struct geometry g;
    geometry_init(&g, 9, 3, 3, NULL);
    puzzle_init(puzzle, &g);
    memset(err, 0, sizeof *err);
    int rc = puzzle_add_rules_text(puzzle, rules, err);
    if (rc == 0) rc = render_item_init(item, puzzle, err);
    puzzle_clear(puzzle);
    if (rc) fprintf(stderr, "%s: col %ld: %s\n", rules, err->col, err->msg);
    return rc;
}

/* prefix, then the rest of 81 cells as '.'. */
static const char *cells81(const char *prefix, char *buf)
{
    snprintf(buf, 82, "%s%.*s", prefix, 81 - (int)strlen(prefix),
             ".................................................................................");
    return buf;
}

static int count_kind(enum mark_kind kind, int style)
{
    int n = 0;
    for (int i = 0; i < item->nmarks; i++)
        n += item->marks[i].kind == kind && (style < 0 || item->marks[i].style == style);
    return n;
}

static void test_every_rule_draws(void)
{
    for (int i = 0; i < registry_count(); i++) {
        CU_ASSERT_PTR_NOT_NULL(registry_at(i)->marks);
        if (registry_at(i)->marks == NULL) fprintf(stderr, "%s: no marks\n", registry_at(i)->name);
    }
}

/* kropki white/black, XV, greater-than and a negative table: each known
 * by its table alone. */
static void test_relation_marks(void)
{
    struct sl_error err;
    /* 9x9: consecutive | double | sum 10 | sum 5 | second greater */
    const char *rules = "classic;relation:"
                        "2.5.a.14.28.50.a0.140.80:0-1|2.9.20.82.0.4.0.8.0:9-10"
                        "|100.80.40.20.10.8.4.2.1:18-19|8.4.2.1.0.0.0.0.0:27-36"
                        "|1fe.1fc.1f8.1f0.1e0.1c0.180.100.0:45-46";
    CU_ASSERT_EQUAL_FATAL(make(rules, &err), 0);
    CU_ASSERT_EQUAL(count_kind(MARK_DOT, DOT_WHITE), 1);
    CU_ASSERT_EQUAL(count_kind(MARK_DOT, DOT_BLACK), 1);
    CU_ASSERT_EQUAL(count_kind(MARK_LETTER, -1), 3);
    const char *want[] = {"X", "V", "<"};
    for (int i = 0, k = 0; i < item->nmarks; i++)
        if (item->marks[i].kind == MARK_LETTER)
            CU_ASSERT_STRING_EQUAL(item->marks[i].text, want[k++]);
    CU_ASSERT_STRING_EQUAL(item->names, "kropki, XV, greater-than");
    render_item_free(item);
    /* non-consecutive over two pairs: no mark, a name */
    CU_ASSERT_EQUAL_FATAL(make("classic;relation:1fd.1fa.1f5.1eb.1d7.1af.15f.bf.17f:0-1,0-9", &err),
                          0);
    CU_ASSERT_EQUAL(item->nmarks, 0);
    CU_ASSERT_STRING_EQUAL(item->names, "non-consecutive");
    render_item_free(item);
}

static void test_other_marks(void)
{
    struct sl_error err;
    /* a knight's and a king's move; an arrow with a two-cell circle; a
     * thermometer; odd and even; a diagonal; a windoku */
    char rules[512], map[82];
    snprintf(rules, sizeof rules,
             "classic;differ:0-11,0-10;sum:2+3=@0@1,40+41=17;thermo:72-73-74;oddeven:%s;"
             "diagonal:-;windoku",
             cells81("oe", map));
    CU_ASSERT_EQUAL_FATAL(make(rules, &err), 0);
    CU_ASSERT_STRING_EQUAL(item->names, "anti-knight, anti-king, arrow, sum, thermo, odd/even, X, "
                                        "windoku");
    CU_ASSERT_EQUAL(count_kind(MARK_LINE, LINE_ARROW), 1);
    CU_ASSERT_EQUAL(count_kind(MARK_CIRCLE, CIRCLE_RING), 1);
    CU_ASSERT_EQUAL(count_kind(MARK_CAGE, -1), 1);
    CU_ASSERT_EQUAL(count_kind(MARK_LINE, LINE_THERMO), 1);
    CU_ASSERT_EQUAL(count_kind(MARK_CIRCLE, CIRCLE_BULB), 1);
    CU_ASSERT_EQUAL(count_kind(MARK_CIRCLE, CIRCLE_SMALL), 1);
    CU_ASSERT_EQUAL(count_kind(MARK_SQUARE, -1), 1);
    CU_ASSERT_EQUAL(count_kind(MARK_LINE, LINE_DIAGONAL), 1);
    CU_ASSERT_EQUAL(count_kind(MARK_SHADE, -1), 4);
    for (int i = 0; i < item->nmarks; i++)
        if (item->marks[i].kind == MARK_LINE && item->marks[i].style == LINE_ARROW) {
            /* from the circle's cell nearest the shaft, along the shaft */
            CU_ASSERT_EQUAL(item->marks[i].ncells, 3);
            CU_ASSERT_EQUAL(item->cells[item->marks[i].first], 1);
            CU_ASSERT_EQUAL(item->cells[item->marks[i].first + 2], 3);
        }
    render_item_free(item);
    /* jigsaw regions replace the boxes */
    CU_ASSERT_EQUAL_FATAL(
        make("classic;jigsaw:"
             "AAABBBCCCAAABBBCCCAADBBBCCCADDDEEEFFDDDEEEFFFDDGEEEFFFGGGHHHFIIGGGHHHIIIGGHHHIIII",
             &err),
        0);
    CU_ASSERT_EQUAL(count_kind(MARK_REGION, -1), 9);
    CU_ASSERT_EQUAL(item->region[19], item->region[0]);
    CU_ASSERT_NOT_EQUAL(item->region[20], item->region[0]);
    render_item_free(item);
}

static int no_check(const void *self, const struct geometry *g, const uint8_t *grid)
{
    (void)self, (void)g, (void)grid;
    return 1;
}
static void *no_parse(const struct geometry *g, const char *args, struct sl_error *err)
{
    (void)g, (void)args, (void)err;
    return (void *)"";
}
static int no_attach(void *self, struct rule_builder *b, struct sl_error *err)
{
    (void)self, (void)b, (void)err;
    return 0;
}
static int no_write(const void *self, char *buf, size_t cap)
{
    (void)self;
    return snprintf(buf, cap, "%s", "");
}
static void no_destroy(void *self) { (void)self; }

/* A rule without the hook cannot be drawn, and nothing is written. */
static void test_refusals(void)
{
    static const struct constraint_ops blind = {
        .name = "blind",
        .summary = "a rule without a drawing",
        .parse = no_parse,
        .attach = no_attach,
        .check = no_check,
        .write = no_write,
        .destroy = no_destroy,
    };
    struct geometry g;
    struct sl_error err = {0};
    geometry_init(&g, 4, 2, 2, NULL);
    puzzle_init(puzzle, &g);
    CU_ASSERT_EQUAL(puzzle_add_rule_ops(puzzle, &blind, "", &err), 0);
    CU_ASSERT_EQUAL(render_item_init(item, puzzle, &err), -1);
    CU_ASSERT_PTR_NOT_NULL(strstr(err.msg, "'blind' has no drawing"));
    puzzle_clear(puzzle);

    CU_ASSERT_EQUAL_FATAL(make("classic", &err), 0);
    struct render_item two[2] = {*item, *item};
    struct render_options o = {RENDER_SVG, 4, 0, NULL, RENDER_A4};
    char path[] = "/tmp/sudolab-render-XXXXXX";
    int fd = mkstemp(path);
    CU_ASSERT_FATAL(fd >= 0);
    close(fd);
    unlink(path);
    CU_ASSERT_EQUAL(render_write(two, 2, &o, path, &err), -1);
    CU_ASSERT_PTR_NOT_NULL(strstr(err.msg, "svg holds one puzzle"));
    o.solutions = 1;
    o.format = RENDER_PDF;
    CU_ASSERT_EQUAL(render_write(two, 1, &o, path, &err), -1);
    CU_ASSERT_PTR_NOT_NULL(strstr(err.msg, "no solution"));
    CU_ASSERT_EQUAL(access(path, F_OK), -1);
    render_item_free(item);
}

/* The terminal's killer: sums in the cages' first cells, light lines
 * round cages, heavy round boxes, broken where a cage crosses one. */
static void test_text(void)
{
    struct sl_error err;
    char *text = NULL;
    size_t len = 0;
    char rules[256], map[82];
    snprintf(rules, sizeof rules, "classic;killer:%s:6,12,9", cells81("AABB.....CA.......C", map));
    CU_ASSERT_EQUAL_FATAL(make(rules, &err), 0);
    FILE *out = open_memstream(&text, &len);
    CU_ASSERT_PTR_NOT_NULL_FATAL(out);
    render_text(out, item, item->givens, 0);
    fclose(out);
    CU_ASSERT_EQUAL(strncmp(text, "\u250f\u2501\u2501\u2501\u2501\u2501\u2501\u2501\u252f", 27), 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(text, "\u25036      \u250212 \u254f"));
    CU_ASSERT_PTR_NOT_NULL(strstr(text, "\u254f")); /* cage B crosses the box line */
    free(text);
    out = open_memstream(&text, &len);
    render_text(out, item, item->givens, 1);
    fclose(out);
    for (size_t i = 0; i < len; i++) CU_ASSERT_FATAL((unsigned char)text[i] < 128);
    CU_ASSERT_EQUAL(strncmp(text, "+===+===+===+===+", 17), 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(text, "|6      :12 !   :"));
    free(text);
    render_item_free(item);
}

/* --- pixels ---------------------------------------------------------------------- */

#define DPI 144.0

struct png {
    cairo_surface_t *s;
    unsigned char *data;
    int stride, w, h;
};

/* The grey level (0 black .. 255 white) at a point given in points. */
static int grey_at(const struct png *p, double x, double y)
{
    int px = (int)(x * DPI / 72.0), py = (int)(y * DPI / 72.0);
    if (px < 0 || py < 0 || px >= p->w || py >= p->h) return -1;
    uint32_t v = *(uint32_t *)(p->data + py * p->stride + 4 * px);
    return (int)(((v >> 16) & 255) + ((v >> 8) & 255) + (v & 255)) / 3;
}

static int darkest_near(const struct png *p, double x, double y, double reach)
{
    int best = 255;
    for (double dx = -reach; dx <= reach; dx += 0.25)
        for (double dy = -reach; dy <= reach; dy += 0.25) {
            int g = grey_at(p, x + dx, y + dy);
            if (g >= 0 && g < best) best = g;
        }
    return best;
}

/* 1 when a and b draw the same: every field render_draw reads. */
static int same_item(const struct render_item *a, const struct render_item *b)
{
    size_t n = (size_t)a->geo.ncells;
    if (memcmp(&a->geo, &b->geo, sizeof a->geo) || memcmp(a->givens, b->givens, n) ||
        a->has_solution != b->has_solution ||
        (a->has_solution && memcmp(a->solution, b->solution, n)) ||
        memcmp(a->region, b->region, n * sizeof a->region[0]) || a->nmarks != b->nmarks ||
        a->ncells != b->ncells || strcmp(a->names, b->names) || a->number != b->number ||
        strcmp(a->grade, b->grade) || a->rating != b->rating)
        return 0;
    for (int i = 0; i < a->nmarks; i++) {
        const struct render_mark *m = &a->marks[i], *o = &b->marks[i];
        if (m->kind != o->kind || m->style != o->style || m->ncells != o->ncells ||
            m->first != o->first || strcmp(m->text, o->text))
            return 0;
    }
    return a->ncells == 0 ||
           memcmp(a->cells, b->cells, (size_t)a->ncells * sizeof a->cells[0]) == 0;
}

/* Items kept for a later page come back from the spool as they went:
 * a killer with a caption's number, grade and rating, a jigsaw without
 * a solution (its regions made again from its marks), a 25x25 with
 * symbols past 9, and lines and clues outside the grid. */
static void test_spool(void)
{
    static const char *rules[] = {
        "classic;killer:"
        "AABCDDDEFGGBCHIEEFJJKHHILLMNNKKOPQQMRSSTOPUVVRRWTXUUYZabWWXcdYZabeeXcdffgghh"
        "ccfff:13,11,7,18,18,6,13,14,7,7,8,12,13,8,7,16,14,16,15,14,15,5,12,13,11,13,3,9,16,11,12,"
        "20,12,16",
        "classic;jigsaw:"
        "AAABBBCCCAAABBBCCCAADBBBCCCADDDEEEFFDDDEEEFFFDDGEEEFFFGGGHHHFIIGGGHHHIIIGGHHHIIII",
        "classic;sandwich:r1=28,c2=25;sum:63+73=5,62+70+78=15;whispers:0-10-20;renban:4-5-6;"
        "palindrome:30-31-32;between:60-61-62",
    };
    struct sl_error err = {0};
    struct render_spool *spool = render_spool_open(&err);
    CU_ASSERT_PTR_NOT_NULL_FATAL(spool);
    struct render_item *kept = calloc(4, sizeof *kept), back;
    CU_ASSERT_PTR_NOT_NULL_FATAL(kept);
    for (int i = 0; i < 3; i++) {
        CU_ASSERT_EQUAL_FATAL(make(rules[i], &err), 0);
        kept[i] = *item;
        kept[i].number = 1000000007L * (i + 1);
        for (int c = 0; c < 81; c++) kept[i].givens[c] = (uint8_t)(c % 3 ? 0 : 1 + c % 9);
        kept[i].has_solution = i != 1;
        for (int c = 0; c < 81 && i != 1; c++) kept[i].solution[c] = (uint8_t)(1 + (c * 4) % 9);
    }
    snprintf(kept[0].grade, sizeof kept[0].grade, "%s", "extreme");
    kept[0].rating = 8.7312345;
    struct geometry g;
    geometry_init(&g, 25, 5, 5, NULL);
    puzzle_init(puzzle, &g);
    CU_ASSERT_EQUAL_FATAL(render_item_init(&kept[3], puzzle, &err), 0);
    puzzle_clear(puzzle);
    for (int c = 0; c < 625; c++) kept[3].givens[c] = (uint8_t)(1 + c % 25);
    for (int i = 0; i < 4; i++) CU_ASSERT_EQUAL(render_spool_put(spool, &kept[i], &err), 0);
    memset(&back, 0, sizeof back);
    for (int pass = 0; pass < 2; pass++) { /* read twice, as puzzles then solutions */
        CU_ASSERT_EQUAL(render_spool_rewind(spool, &err), 0);
        for (int i = 0; i < 4; i++) {
            CU_ASSERT_EQUAL_FATAL(render_spool_get(spool, &back, &err), 1);
            CU_ASSERT(same_item(&kept[i], &back));
        }
        CU_ASSERT_EQUAL(render_spool_get(spool, &back, &err), 0);
    }
    CU_ASSERT(kept[0].nmarks > 30 && kept[1].region[19] == kept[1].region[0]);
    render_item_free(&back);
    for (int i = 0; i < 4; i++) render_item_free(&kept[i]);
    free(kept);
    render_spool_close(spool);
}

static void test_pixels(void)
{
    struct sl_error err;
    /* a three-cell cage across r1c4-r1c6 (sum 6), a white dot between
     * r5c2 and r5c3, a black dot between r8c7 and r9c7 */
    char rules[256], map[82];
    snprintf(rules, sizeof rules,
             "classic;killer:%s:6;relation:2.5.a.14.28.50.a0.140.80:37-38"
             "|2.9.20.82.0.4.0.8.0:69-78",
             cells81("...AAA", map));
    CU_ASSERT_EQUAL_FATAL(make(rules, &err), 0);
    char dir[] = "/tmp/sudolab-render-XXXXXX";
    CU_ASSERT_PTR_NOT_NULL_FATAL(mkdtemp(dir));
    char pdf[64], stem[64], png_path[80], cmd[256];
    snprintf(pdf, sizeof pdf, "%s/p.pdf", dir);
    snprintf(stem, sizeof stem, "%s/p", dir);
    snprintf(png_path, sizeof png_path, "%s/p.png", dir);
    struct render_options o = {RENDER_PDF, 1, 0, "pixels", RENDER_A4};
    CU_ASSERT_EQUAL_FATAL(render_write(item, 1, &o, pdf, &err), 0);
    snprintf(cmd, sizeof cmd, "pdftoppm -r %d -png -singlefile %s %s", (int)DPI, pdf, stem);
    CU_ASSERT_EQUAL_FATAL(system(cmd), 0);
    const struct cairo_lib *cairo = cairo_lib_open(&err);
    CU_ASSERT_PTR_NOT_NULL_FATAL(cairo);
    struct png p = {cairo->image_surface_create_from_png(png_path), NULL, 0, 0, 0};
    CU_ASSERT_EQUAL_FATAL(cairo->surface_status(p.s), CAIRO_STATUS_SUCCESS);
    cairo->surface_flush(p.s);
    p.data = cairo->image_surface_get_data(p.s);
    p.stride = cairo->image_surface_get_stride(p.s);
    p.w = cairo->image_surface_get_width(p.s);
    p.h = cairo->image_surface_get_height(p.s);
    double x, y, side;
    render_page_grid(&o, 0, &x, &y, &side);
    double cell = side / 9;
    /* the grid: its outline, a thin line, a box line; an empty cell's middle is white */
    CU_ASSERT(darkest_near(&p, x, y + 4.5 * cell, 1) < 80);
    CU_ASSERT(darkest_near(&p, x + 1 * cell, y + 7.5 * cell, 1) < 128);
    CU_ASSERT(darkest_near(&p, x + 3 * cell, y + 7.5 * cell, 1) < 80);
    CU_ASSERT(grey_at(&p, x + 0.5 * cell, y + 2.5 * cell) > 240);
    /* the cage's top: dashes (dark and light along it) at the inset, and
     * nothing a little below it */
    int dark = 0, light = 0;
    double inset = y + 0.09 * cell;
    for (double at = x + 3.6 * cell; at < x + 5.8 * cell; at += 0.5) {
        int g = darkest_near(&p, at, inset, 0.3);
        dark += g < 128;
        light += g > 200;
    }
    CU_ASSERT(dark > 10);
    CU_ASSERT(light > 10);
    CU_ASSERT(grey_at(&p, x + 4.5 * cell, y + 0.3 * cell) > 240);
    /* the cage's left side runs down the inset too, the cell's edge stays thin-black */
    CU_ASSERT(darkest_near(&p, x + 3.09 * cell, y + 0.5 * cell, 1.5) < 128);
    /* the white dot: white in its middle, a dark ring; the black dot: dark */
    double wx = x + 2 * cell, wy = y + 4.5 * cell, r = 0.12 * cell;
    CU_ASSERT(grey_at(&p, wx, wy - r * 0.5) > 220);
    CU_ASSERT(darkest_near(&p, wx + r, wy, 0.6) < 100);
    CU_ASSERT(darkest_near(&p, wx, wy - r, 0.6) < 100);
    CU_ASSERT(grey_at(&p, x + 6.5 * cell, y + 8 * cell + r * 0.5) < 60);
    CU_ASSERT(grey_at(&p, x + 6.5 * cell + 2 * r, y + 8 * cell + 2 * r) > 200);
    cairo->surface_destroy(p.s);
    unlink(pdf);
    unlink(png_path);
    rmdir(dir);
    render_item_free(item);
}

void tests_register(void)
{
    CU_pSuite s = CU_add_suite("render", suite_init, suite_clean);
    CU_add_test(s, "every rule has a drawing", test_every_rule_draws);
    CU_add_test(s, "relation marks by table", test_relation_marks);
    CU_add_test(s, "the other rules' marks", test_other_marks);
    CU_add_test(s, "refusals write nothing", test_refusals);
    CU_add_test(s, "the terminal's grid", test_text);
    CU_add_test(s, "items kept aside come back as they went", test_spool);
    CU_add_test(s, "pixels of a page", test_pixels);
}
