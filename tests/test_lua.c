/*
 * test_lua.c — the embedded interpreter: the sandbox (what a script cannot
 * reach), the instruction budget and memory cap against hostile scripts,
 * error messages with file and line, and the API's argument checks.
 */
#include <CUnit/CUnit.h>
#include <stdio.h>
#include <string.h>

#include "cunit_main.h"
#include <lua.h>

#include "lua_host.h"

/* Runs text as chunk "=t" under limits; returns the error text ("" when
 * it ran to its end). */
static const char *run(const char *text, long long instructions, size_t memory)
{
    static struct sl_error err;
    struct lua_limits limits = {instructions, memory, 30, 1, 1};
    memset(&err, 0, sizeof err);
    struct lua_host *h = lua_host_new(&limits, ".", &err);
    if (h == NULL) return err.msg;
    lua_host_run_string(h, "=t", text, &err);
    lua_host_free(h);
    return err.msg;
}

static void expect_error(const char *text, const char *says)
{
    const char *msg = run(text, 50000000, (size_t)64 << 20);
    CU_ASSERT_PTR_NOT_NULL(strstr(msg, says));
    if (strstr(msg, says) == NULL) fprintf(stderr, "\n%s\n -> '%s' (want '%s')\n", text, msg, says);
}

/* The global `name`'s text, copied. */
static void global_text(struct lua_host *h, const char *name, char *out, size_t cap)
{
    lua_State *L = lua_host_state(h);
    lua_getglobal(L, name);
    const char *text = lua_tostring(L, -1);
    snprintf(out, cap, "%s", text ? text : "");
    lua_pop(L, 1);
}

/* Runs text on h and takes the note of the global `name`'s line. */
static int takes_line(struct lua_host *h, const char *text, const char *name,
                      unsigned long long *nodes)
{
    struct sl_error err = {0};
    CU_ASSERT_EQUAL(lua_host_run_string(h, "=t", text, &err), 0);
    if (err.msg[0]) fprintf(stderr, "\n%s\n", err.msg);
    char line[512];
    global_text(h, name, line, sizeof line);
    CU_ASSERT_NOT_EQUAL(line[0], '\0');
    return lua_host_take_unique_line(h, line, nodes);
}

/* A 4x4 of lone cells, counted unique by calc_unique, as global p. */
#define UNIQUE_4X4                                                                                 \
    "local cages, ops = {}, {}\n"                                                                  \
    "for c = 0, 15 do cages[c] = c + 1; ops[c + 1] = '' end\n"                                     \
    "p = sudolab.calc_unique{grid = '1234341221434321', cages = cages, ops = ops,\n"               \
    "  rules = 'classic;calcudoku', pair_ops = '+', more_ops = '+',\n"                             \
    "  tries = 1, nodes = 1000, seed = 1}\n"

/* The generator's check skips only a line the engine counted unique:
 * calc_unique's puzzle is noted by p:line() and taken once; the same
 * puzzle given a digit against its solution, and one read from text
 * (never counted), are not noted. */
static void test_unique_line_noted(void)
{
    struct sl_error err = {0};
    struct lua_host *h = lua_host_new(NULL, ".", &err);
    CU_ASSERT_PTR_NOT_NULL_FATAL(h);
    unsigned long long nodes = 0;
    CU_ASSERT_TRUE(takes_line(h, UNIQUE_4X4 "counted = p:line()", "counted", &nodes));
    CU_ASSERT(nodes >= 1);
    CU_ASSERT_FALSE(takes_line(h, "local _ = counted", "counted", &nodes)); /* taken once */
    CU_ASSERT_FALSE(
        takes_line(h, UNIQUE_4X4 "p:set(1, 1, 2) changed = p:line()", "changed", &nodes));
    CU_ASSERT_FALSE(takes_line(h, "again = sudolab.read(counted)[1]:line()", "again", &nodes));
    lua_host_free(h);
}

static void test_runs_and_reports_lines(void)
{
    CU_ASSERT_STRING_EQUAL(run("local x = 1 + 1 assert(x == 2)", 0, 0), "");
    expect_error("local x = 1\nlocal y = nil + x", "t:2:");
    expect_error("local x = = 2", "t:1:");
    expect_error("error('boom')", "t:1: boom");
}

static void test_sandbox(void)
{
    expect_error("os.execute('true')", "attempt to call a nil value (field 'execute')");
    expect_error("io.open('/etc/passwd')", "attempt to index a nil value (global 'io')");
    expect_error("dofile('/etc/passwd')", "attempt to call a nil value (global 'dofile')");
    expect_error("loadfile('/etc/passwd')", "attempt to call a nil value (global 'loadfile')");
    expect_error("local f = string.dump(function() end) assert(load(f))",
                 "attempt to load a binary chunk");
    expect_error("require('../../etc/passwd')", "is not a module name");
    expect_error("require('no_such_module')", "no module 'no_such_module'");
    CU_ASSERT_STRING_EQUAL(
        run("assert(type(os.clock()) == 'number' and load('return 1')() == 1)", 0, 0), "");
    /* os.time's date table was ignored: the time now for any date. */
    CU_ASSERT_STRING_EQUAL(run("assert(math.type(os.time()) == 'integer')", 0, 0), "");
    expect_error("os.time{year = 2000, month = 1, day = 1}", "os.time takes no date table here");
    /* A puzzle's metatable is out of reach: no manual __gc, no swapped methods. */
    CU_ASSERT_STRING_EQUAL(run("assert(getmetatable(sudolab.puzzle{}) == 'sudolab.puzzle')", 0, 0),
                           "");
    expect_error("setmetatable(sudolab.puzzle{}, {})", "bad argument #1 to 'setmetatable'");
}

static void test_hostile_scripts_stop(void)
{
    const char *msg = run("while true do end", 10000000, 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(msg, "instruction budget exceeded"));
    /* Catching the budget error does not buy more time. */
    msg = run("while true do pcall(function() while true do end end) end", 10000000, 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(msg, "instruction budget exceeded"));
    msg = run("local t = {} for i = 1, 1e9 do t[i] = string.rep('x', 1000) .. i end", 0,
              (size_t)16 << 20);
    CU_ASSERT_PTR_NOT_NULL(strstr(msg, "not enough memory"));
    /* Endless recursion: Lua's stack limit or the memory cap, whichever
     * comes first, stops it. */
    msg = run("local function f() return f() + 1 end f()", 0, (size_t)64 << 20);
    CU_ASSERT_TRUE(strstr(msg, "stack overflow") || strstr(msg, "not enough memory"));
    /* A budget stops a search-heavy loop of API calls too. */
    msg = run("while true do sudolab.puzzle{size = 4}:fill(1) end", 2000000, 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(msg, "instruction budget exceeded"));
}

static void test_api_checks_arguments(void)
{
    expect_error("sudolab.puzzle(5)", "t:1: bad argument #1 to 'puzzle' (table expected)");
    expect_error("sudolab.puzzle{size = 99}", "t:1: puzzle: field 'size' must be an integer 1..25");
    expect_error("sudolab.puzzle{size = 9, boxes = '2x2'}", "2x2");
    expect_error("sudolab.puzzle{size = 9, boxes = 7}",
                 "t:1: puzzle: field 'boxes' must be a string");
    expect_error("sudolab.puzzle{rules = 'classic;nosuch'}", "unknown rule 'nosuch'");
    expect_error("sudolab.puzzle{givens = '12'}", "givens need 81 symbols");
    expect_error("sudolab.puzzle{rules = 'classic;killer:AB:3'}", "cell map needs 81");
    expect_error("local p = sudolab.puzzle{} p:set('x', 1, 1)", "bad argument #2 to 'set'");
    expect_error("local p = sudolab.puzzle{} p:set(1, 1, 10)", "integer 0..9 expected");
    expect_error("local p = sudolab.puzzle{} p:count(0)", "bad argument #2 to 'count'");
    expect_error("local p = sudolab.puzzle{} p.solve(5)", "puzzle expected");
    expect_error("sudolab.read('1234')", "read: line 1");
    expect_error("sudolab.read('1...', 'nosuch')", "bad argument #2 to 'read'");
    expect_error("local p = sudolab.puzzle{givens = '11' .. string.rep('.', 79)} p:solve()",
                 "repeats the given");
}

void tests_register(void)
{
    CU_pSuite s = CU_add_suite("lua", NULL, NULL);
    CU_add_test(s, "runs, and reports file and line", test_runs_and_reports_lines);
    CU_add_test(s, "sandbox", test_sandbox);
    CU_add_test(s, "hostile scripts stop", test_hostile_scripts_stop);
    CU_add_test(s, "API checks its arguments", test_api_checks_arguments);
    CU_add_test(s, "a counted unique line is noted", test_unique_line_noted);
}
