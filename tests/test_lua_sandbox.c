/*
 * test_lua_sandbox.c — the sandbox against hostile scripts
 * (tests/lua/hostile/): puzzles busy during their search, Lua rules that
 * outlive their coroutine, script tables read from C under protection,
 * the time budget and search nodes charged to the budget, C memory
 * charged to the cap, the string library out of reach, a generator
 * script's puzzle counted again after it. Patterns that end
 * the process (a finalizer or a pattern match that never returns) are in
 * tests/lua_hostile.sh.
 */
#include <CUnit/CUnit.h>
#include <lauxlib.h>
#include <lua.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cunit_main.h"
#include "generate.h"
#include "lua_host.h"
#include "report.h"
#include "test_helpers.h"
#include "variant.h"

#define HOSTILE "tests/lua/hostile/"

static struct sl_error last;

/* Runs a fixture (or, with text, a chunk "=t") under limits; returns the
 * error text ("" when it ran to its end). */
static const char *run_with(const char *file, const char *text, struct lua_limits limits)
{
    memset(&last, 0, sizeof last);
    struct lua_host *h = lua_host_new(&limits, ".", &last);
    if (h == NULL) return last.msg;
    if (file)
        lua_host_run_file(h, file, 0, NULL, &last);
    else
        lua_host_run_string(h, "=t", text, &last);
    lua_host_free(h);
    return last.msg;
}

static const char *run(const char *file, const char *text)
{
    return run_with(file, text, (struct lua_limits){50000000, (size_t)64 << 20, 30, 1, 1});
}

static void expect(const char *msg, const char *says)
{
    CU_ASSERT_PTR_NOT_NULL(strstr(msg, says));
    if (strstr(msg, says) == NULL) fprintf(stderr, "\n -> '%s' (want '%s')\n", msg, says);
}

static double seconds_since(const struct timespec *t0)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)(t.tv_sec - t0->tv_sec) + (double)(t.tv_nsec - t0->tv_nsec) / 1e9;
}

static void test_busy_puzzle(void)
{
    expect(run(HOSTILE "busy_add_rule.lua", NULL),
           "busy_add_rule.lua:4: add_rule: puzzle is busy: a search on it is under way");
    expect(run(HOSTILE "busy_search.lua", NULL), "busy_search.lua:4: count: puzzle is busy");
    expect(run(HOSTILE "busy_givens.lua", NULL), "busy_givens.lua:4: put: puzzle is busy");
    /* The error is the search's, raised after it: the puzzle is usable again. */
    CU_ASSERT_STRING_EQUAL(run(NULL, "local p = sudolab.puzzle{size = 4}\n"
                                     "p:add_lua_rule{cells = {0}, check = function(d)\n"
                                     "  p:add_rule('diagonal') return true end}\n"
                                     "assert(not pcall(p.solve, p))\n"
                                     "local q = sudolab.puzzle{size = 4}\n"
                                     "q:add_lua_rule{cells = {0}, check = function(d)\n"
                                     "  return sudolab.puzzle{size = 4}:count(1) == 1 end}\n"
                                     "assert(q:count(1) == 1)\n"
                                     "p:add_rule('diagonal')\n"),
                           "");
    expect(run(NULL, "local p = sudolab.puzzle{size = 4}\n"
                     "p:add_lua_rule{cells = {0}, check = function(d) p:set(1, 1, 2) end}\n"
                     "p:check('1234341221434321')\n"),
           "t:2: set: puzzle is busy");
}

static void test_rule_outlives_coroutine(void)
{
    CU_ASSERT_STRING_EQUAL(run(HOSTILE "coroutine_rule.lua", NULL), "");
}

/* The protected reader of the tests below: reads field "x" of its
 * argument. */
static int read_field_x(lua_State *L)
{
    lua_getfield(L, 2, "x");
    return 0;
}

static void test_tables_read_under_protection(void)
{
    struct experiment *e = malloc(sizeof *e);
    struct sl_error err = {0};
    CU_ASSERT_EQUAL(experiment_load(HOSTILE "experiment_index_error.lua", e, &err), -1);
    expect(err.msg, "experiment_index_error.lua:2: no field title");
    memset(&err, 0, sizeof err);
    CU_ASSERT_EQUAL(experiment_load(HOSTILE "experiment_len_error.lua", e, &err), -1);
    expect(err.msg, "experiment_len_error.lua:2: no length");
    /* a length asked once: a second answer of 40 wrote past the 16 arms */
    memset(&err, 0, sizeof err);
    CU_ASSERT_EQUAL(experiment_load(HOSTILE "experiment_len_grows.lua", e, &err), 0);
    CU_ASSERT_EQUAL(e->narms, 1);
    memset(&err, 0, sizeof err);
    CU_ASSERT_EQUAL(experiment_load(HOSTILE "experiment_arms_hole.lua", e, &err), -1);
    expect(err.msg, "experiment_arms_hole.lua: arms must be a list of 1 to");
    free(e);

    struct variant_spec *v = malloc(sizeof *v);
    setenv("SUDOLAB_ROOT", HOSTILE, 1);
    memset(&err, 0, sizeof err);
    CU_ASSERT_EQUAL(variant_load("evil_index", v, &err), -1);
    expect(err.msg, "evil_index.lua:2: no field size");
    memset(&err, 0, sizeof err);
    CU_ASSERT_EQUAL(variant_load("evil_boxes", v, &err), -1);
    expect(err.msg, "variant evil_boxes: needs size");
    unsetenv("SUDOLAB_ROOT");
    free(v);

    /* A metamethod that loops stops at the budget, with its line. */
    struct lua_limits limits = {1000000, (size_t)16 << 20, 30, 1, 1};
    struct lua_host *h = lua_host_new(&limits, ".", &err);
    CU_ASSERT_EQUAL(
        lua_host_run_string(
            h, "=loop", "t = setmetatable({}, {__index = function() while true do end end})", &err),
        0);
    lua_getglobal(lua_host_state(h), "t");
    memset(&err, 0, sizeof err);
    CU_ASSERT_EQUAL(lua_host_call_c(h, read_field_x, NULL, 1, &err), -1);
    expect(err.msg, "loop:1: instruction budget exceeded");
    CU_ASSERT_EQUAL(lua_gettop(lua_host_state(h)), 0);
    lua_host_free(h);
}

static void test_time_budget(void)
{
    struct timespec t0;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    const char *msg = run_with(NULL, "while true do end", (struct lua_limits){0, 0, 0.3, 1, 1});
    expect(msg, "t:1: time budget exceeded");
    CU_ASSERT_TRUE(seconds_since(&t0) < 10);
    /* A generator's host says the budget is each puzzle's. */
    struct sl_error err = {0};
    struct lua_host *g = lua_host_new(&(struct lua_limits){0, 0, 0.3, 0, 0}, ".", &err);
    lua_host_per_puzzle(g);
    lua_host_run_string(g, "=t", "while true do end", &err);
    expect(err.msg, "t:1: time budget exceeded (0.3 s of CPU, afresh for each puzzle)");
    lua_host_free(g);
    /* A message handler that loops runs under the budget. */
    msg = run_with(HOSTILE "xpcall_handler.lua", NULL, (struct lua_limits){1000000, 0, 30, 1, 1});
    expect(msg, "xpcall_handler.lua:2: instruction budget exceeded");
    clock_gettime(CLOCK_MONOTONIC, &t0);
    msg = run_with(HOSTILE "xpcall_handler.lua", NULL, (struct lua_limits){0, 0, 0.3, 1, 1});
    expect(msg, "xpcall_handler.lua:2: time budget exceeded");
    CU_ASSERT_TRUE(seconds_since(&t0) < 10);
    /* xpcall still returns what xpcall returns. */
    CU_ASSERT_STRING_EQUAL(
        run(NULL, "local ok, a, b = xpcall(function(x) return x, 2 end, print, 1)\n"
                  "assert(ok == true and a == 1 and b == 2)\n"
                  "local ok2, e = xpcall(error, function(m) return 'H' .. m end, 'boom', 0)\n"
                  "assert(ok2 == false and e == 'Hboom', e)\n"),
        "");
}

static void test_searches_charge_the_budget(void)
{
    struct timespec t0;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    const char *msg =
        run_with(HOSTILE "count_search.lua", NULL, (struct lua_limits){1000000, 0, 30, 1, 1});
    expect(msg, "count_search.lua:5: count: instruction budget exceeded");
    expect(msg, "budget exhausted");
    CU_ASSERT_TRUE(seconds_since(&t0) < 5);
    /* Within the budget, a search is what it was. */
    CU_ASSERT_STRING_EQUAL(run(NULL, "assert(sudolab.puzzle{size = 4}:count(1000) == 288)"), "");
}

static void test_c_memory_is_capped(void)
{
    const char *msg = run_with(HOSTILE "memory_keep.lua", NULL,
                               (struct lua_limits){0, (size_t)16 << 20, 30, 1, 1});
    expect(msg, "memory_keep.lua:5: count: not enough memory for the solver");
    /* Garbage solvers are collected to make room: no error. */
    CU_ASSERT_STRING_EQUAL(run_with(NULL, "for i = 1, 40 do sudolab.puzzle{size = 25}:count(1) end",
                                    (struct lua_limits){0, (size_t)16 << 20, 30, 1, 1}),
                           "");
    /* The cap fires inside sudolab.read: nothing leaks (the sanitizer
     * build's leak check sees it). */
    msg =
        run_with(HOSTILE "read_cap.lua", NULL, (struct lua_limits){0, (size_t)16 << 20, 30, 1, 1});
    expect(msg, "not enough memory");
    expect(run(HOSTILE "resurrect.lua", NULL),
           "resurrect.lua:10: add_rule: this puzzle was collected");
}

static void test_string_library_protected(void)
{
    CU_ASSERT_STRING_EQUAL(run(HOSTILE "string_methods.lua", NULL), "");
    expect(run(NULL, "getmetatable('').__index = {}"), "attempt to index a string value");
    expect(run(NULL, "setmetatable('', {})"), "bad argument #1 to 'setmetatable'");
    /* The empty string repeated 2^62 times is empty at once; a result
     * past the cap is refused before the work. */
    expect(run_with(HOSTILE "string_rep.lua", NULL,
                    (struct lua_limits){0, (size_t)16 << 20, 30, 1, 1}),
           "not enough memory");
    CU_ASSERT_STRING_EQUAL(run(NULL, "assert(('ab'):rep(3, ',') == 'ab,ab,ab')"), "");
}

static void test_boxes_range(void)
{
    expect(run(HOSTILE "boxes_overflow.lua", NULL),
           "boxes_overflow.lua:2: puzzle: boxes must be \"RxC\" (each 1..25)");
    expect(run(NULL, "sudolab.puzzle{boxes = '3x-3'}"), "boxes must be");
    CU_ASSERT_STRING_EQUAL(run(NULL, "assert(sudolab.puzzle{size = 6, boxes = '2x3'}:size() == 6)"),
                           "");
}

/* --- A generator script that writes a puzzle it did not prove unique --- */

/* A killer over a filled classic grid with the four cells of a deadly
 * rectangle blank (two rows of a band, two columns of different stacks,
 * digits x y / y x: both ways round fit), every other cell given, and one
 * cage of two givens elsewhere, into line; with give_one, one of the four
 * cells is given as well, which makes the puzzle unique. 0, or -1 when
 * the grid of this seed has no such rectangle. */
static int deadly_killer_line(uint64_t seed, int give_one, char *line, size_t cap)
{
    struct fixture f;
    struct rng rng;
    uint8_t g[81];
    char map[82], givens[82];
    if (fixture_open(&f, 9, 3, 3, NULL)) return -1;
    rng_seed(&rng, seed);
    int filled = solver_fill(f.solver, f.puzzle.givens, &rng, g, NULL).solutions == 1;
    fixture_close(&f);
    if (!filled) return -1;
    for (int r1 = 0; r1 < 9; r1++)
        for (int r2 = r1 + 1; r2 < r1 / 3 * 3 + 3; r2++)
            for (int c1 = 0; c1 < 9; c1++)
                for (int c2 = (c1 / 3 + 1) * 3; c2 < 9; c2++) {
                    if (g[r1 * 9 + c1] != g[r2 * 9 + c2] || g[r1 * 9 + c2] != g[r2 * 9 + c1])
                        continue;
                    int cage_row = r1 == 0 ? (r2 == 1 ? 2 : 1) : 0; /* neither r1 nor r2 */
                    for (int c = 0; c < 81; c++) map[c] = '.', givens[c] = (char)('0' + g[c]);
                    map[81] = givens[81] = '\0';
                    map[cage_row * 9] = map[cage_row * 9 + 1] = 'A';
                    givens[r1 * 9 + c1] = givens[r1 * 9 + c2] = givens[r2 * 9 + c1] = '.';
                    if (!give_one) givens[r2 * 9 + c2] = '.';
                    snprintf(line, cap, "sudolab 9 3x3 classic;killer:%s:%d %s", map,
                             g[cage_row * 9] + g[cage_row * 9 + 1], givens);
                    return 0;
                }
    return -1;
}

/* Makes one puzzle with a variant whose generate function returns line
 * as it is; returns generator_make's code, its error in *err. */
static int generate_line(const char *line, struct sl_error *err)
{
    char dir[] = "/tmp/sudolab-twice-XXXXXX", file[64];
    CU_ASSERT_PTR_NOT_NULL_FATAL(mkdtemp(dir));
    snprintf(file, sizeof file, "%s/twice.lua", dir);
    FILE *out = fopen(file, "w");
    CU_ASSERT_PTR_NOT_NULL_FATAL(out);
    fprintf(out,
            "return require('variant').make{name = 'twice', rules = 'classic',\n"
            "  generate = function() return sudolab.read('%s')[1] end}\n",
            line);
    fclose(out);
    struct generate_request req = {.variant = file, .no_stats = 1};
    struct generator *g = generator_new(&req, err);
    int rc = -2;
    if (g) {
        struct generated made;
        rc = generator_make(g, 1, &made, err);
        generator_free(g);
    }
    remove(file);
    rmdir(dir);
    return rc;
}

/* The check after the script counts again, whatever the script says: a
 * killer with two solutions is refused as not unique, and the same with
 * one more given passes. */
static void test_generated_lines_are_counted(void)
{
    char twice[400], once[400];
    uint64_t seed = 1;
    while (deadly_killer_line(seed, 0, twice, sizeof twice) && seed < 50) seed++;
    CU_ASSERT_EQUAL_FATAL(deadly_killer_line(seed, 1, once, sizeof once), 0);
    struct sl_error err = {0};
    CU_ASSERT_EQUAL(generate_line(twice, &err), -1);
    expect(err.msg, "its generator returned a puzzle with two or more solutions");
    memset(&err, 0, sizeof err);
    CU_ASSERT_EQUAL(generate_line(once, &err), 0);
    CU_ASSERT_STRING_EQUAL(err.msg, "");
}

/* sudolab.progress keeps as much of a long text as its buffer holds, cut
 * between characters: 200 two-byte letters end on a whole one, in a
 * stop's message short enough that nothing else cuts it. */
static void test_progress_cut_whole(void)
{
    const char *msg =
        run_with(NULL, "sudolab.progress(string.rep('\\u{e9}', 200))\nwhile true do end",
                 (struct lua_limits){1000000, 0, 30, 1, 1});
    expect(msg, "t:2: instruction budget exceeded");
    size_t len = strlen(msg);
    CU_ASSERT_FATAL(len > 100 && len < sizeof last.msg - 1);
    CU_ASSERT_STRING_EQUAL(msg + len - 2, "\xc3\xa9");
}

/* A rating band that starts at a variant's top is cut to that one rating
 * and told as it: "looking for 11.8", not a band of 11.8 to 11.8. */
static void test_cut_rating_at_top(void)
{
    struct generate_request req = {
        .variant = "antiknight", .rating_low = 11.8, .rating_high = 12, .no_stats = 1};
    char note[512] = "";
    struct sl_error err;
    struct generator *g = generator_new_cut(&req, note, sizeof note, &err);
    CU_ASSERT_PTR_NOT_NULL_FATAL(g);
    generator_free(g);
    size_t len = strlen(note), tail = strlen("looking for 11.8");
    CU_ASSERT_FATAL(len > tail);
    CU_ASSERT_STRING_EQUAL(note + len - tail, "looking for 11.8");
    CU_ASSERT_DOUBLE_EQUAL(req.rating_high, 11.8, 1e-9);
}

void tests_register(void)
{
    CU_pSuite s = CU_add_suite("lua sandbox", NULL, NULL);
    CU_add_test(s, "a puzzle is busy during its search", test_busy_puzzle);
    CU_add_test(s, "a Lua rule outlives its coroutine", test_rule_outlives_coroutine);
    CU_add_test(s, "script tables are read under protection", test_tables_read_under_protection);
    CU_add_test(s, "the time budget", test_time_budget);
    CU_add_test(s, "a long progress text is cut whole", test_progress_cut_whole);
    CU_add_test(s, "a band from the top is cut to one rating", test_cut_rating_at_top);
    CU_add_test(s, "searches charge the budget", test_searches_charge_the_budget);
    CU_add_test(s, "C memory counts against the cap", test_c_memory_is_capped);
    CU_add_test(s, "the string library is out of reach", test_string_library_protected);
    CU_add_test(s, "box sizes are checked before multiplying", test_boxes_range);
    CU_add_test(s, "generated lines are counted again", test_generated_lines_are_counted);
}
