/*
 * test_api.c — the public C API (sudolab.h) given what a careless caller
 * passes: NULL where a handle, a text, an answer's place or a buffer goes,
 * limits out of range. Each call fails with SUDOLAB_ERROR and says why on
 * the handle, never a crash; a good puzzle answers as the command does.
 */
#include <CUnit/CUnit.h>
#include <string.h>

#include "cunit_main.h"
#include "sudolab.h"
#include "sudolab_limits.h"

static const char *classic =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

/* With nowhere to put a handle, parse and generate made one and wrote
 * through NULL: a segfault. */
static void test_no_place_for_the_handle(void)
{
    CU_ASSERT_EQUAL(sudolab_parse(classic, NULL), SUDOLAB_ERROR);
    CU_ASSERT_EQUAL(sudolab_generate(NULL, 1, NULL, NULL), SUDOLAB_ERROR);
    CU_ASSERT_EQUAL(sudolab_generate("classic", 1, "bogus", NULL), SUDOLAB_ERROR);
}

static void test_null_handle(void)
{
    char out[82];
    long count = -1;
    double rating = -1;
    const char *grade = NULL;
    CU_ASSERT_EQUAL(sudolab_solve(NULL, out, sizeof out), SUDOLAB_ERROR);
    CU_ASSERT_EQUAL(sudolab_count(NULL, 2, &count), SUDOLAB_ERROR);
    CU_ASSERT_EQUAL(sudolab_rate(NULL, &rating, &grade), SUDOLAB_ERROR);
    CU_ASSERT_EQUAL(sudolab_size(NULL), 0);
    CU_ASSERT_PTR_NULL(sudolab_line(NULL));
    CU_ASSERT_PTR_NOT_NULL(sudolab_errmsg(NULL));
    CU_ASSERT_EQUAL(count, -1);
    CU_ASSERT_PTR_NULL(grade);
    sudolab_free(NULL);
}

/* Each refusal names what was wrong with the argument. */
static void test_bad_arguments_named(void)
{
    sudolab_puzzle *p = NULL;
    char out[82], small[10];
    long count = -1;
    CU_ASSERT_EQUAL_FATAL(sudolab_parse(classic, &p), SUDOLAB_OK);
    CU_ASSERT_EQUAL(sudolab_solve(p, NULL, 100), SUDOLAB_ERROR);
    CU_ASSERT_PTR_NOT_NULL(strstr(sudolab_errmsg(p), "NULL"));
    CU_ASSERT_EQUAL(sudolab_solve(p, small, sizeof small), SUDOLAB_ERROR);
    CU_ASSERT_PTR_NOT_NULL(strstr(sudolab_errmsg(p), "82 bytes"));
    CU_ASSERT_EQUAL(sudolab_count(p, 2, NULL), SUDOLAB_ERROR);
    CU_ASSERT_PTR_NOT_NULL(strstr(sudolab_errmsg(p), "NULL"));
    CU_ASSERT_EQUAL(sudolab_count(p, 0, &count), SUDOLAB_ERROR);
    CU_ASSERT_PTR_NOT_NULL(strstr(sudolab_errmsg(p), "not 0"));
    CU_ASSERT_EQUAL(count, -1);
    /* a good call after a refusal answers, and clears the message */
    CU_ASSERT_EQUAL(sudolab_solve(p, out, sizeof out), SUDOLAB_OK);
    CU_ASSERT_STRING_EQUAL(sudolab_errmsg(p), "");
    CU_ASSERT_EQUAL(strlen(out), 81);
    CU_ASSERT_EQUAL(sudolab_count(p, 2, &count), SUDOLAB_OK);
    CU_ASSERT_EQUAL(count, 1);
    sudolab_free(p);
}

static void test_parse_errors_placed(void)
{
    sudolab_puzzle *p = NULL;
    CU_ASSERT_EQUAL(sudolab_parse(NULL, &p), SUDOLAB_ERROR);
    CU_ASSERT_STRING_EQUAL(sudolab_errmsg(p), "no puzzle in the text");
    sudolab_free(p);
    CU_ASSERT_EQUAL(sudolab_parse("12x", &p), SUDOLAB_ERROR);
    CU_ASSERT_PTR_NOT_NULL(strstr(sudolab_errmsg(p), "1:3: 'x'"));
    CU_ASSERT_EQUAL(sudolab_size(p), 0);
    CU_ASSERT_PTR_NULL(sudolab_line(p));
    sudolab_free(p);
}

/* The library had no node limit: an empty 25x25 or a hard 16x16 could
 * search for hours in one call, where the command gives up. */
static void test_node_limit(void)
{
    char empty16[257], out[257];
    memset(empty16, '.', 256);
    empty16[256] = '\0';
    sudolab_puzzle *p = NULL, *small = NULL;
    long count = -1;
    CU_ASSERT_EQUAL_FATAL(sudolab_parse(empty16, &p), SUDOLAB_OK);
    CU_ASSERT_EQUAL_FATAL(sudolab_parse(classic, &small), SUDOLAB_OK);
    /* the command's defaults: solve and count bounded above 9x9 alone */
    CU_ASSERT_EQUAL(sudolab_node_limit(p), CLI_SOLVE_NODES);
    CU_ASSERT_EQUAL(sudolab_node_limit(small), 0);
    CU_ASSERT_EQUAL(sudolab_node_limit(NULL), 0);
    CU_ASSERT_EQUAL(sudolab_set_node_limit(NULL, 5), SUDOLAB_ERROR);
    /* a limit set: each call stops there and says so */
    CU_ASSERT_EQUAL(sudolab_set_node_limit(p, 100), SUDOLAB_OK);
    CU_ASSERT_EQUAL(sudolab_node_limit(p), 100);
    CU_ASSERT_EQUAL(sudolab_count(p, 1000000000, &count), SUDOLAB_GAVE_UP);
    CU_ASSERT(count >= 0 && count < 1000000000);
    CU_ASSERT_PTR_NOT_NULL(strstr(sudolab_errmsg(p), "gave up after 100 nodes"));
    CU_ASSERT_EQUAL(sudolab_set_node_limit(p, 10), SUDOLAB_OK);
    CU_ASSERT_EQUAL(sudolab_solve(p, out, sizeof out), SUDOLAB_GAVE_UP);
    CU_ASSERT_EQUAL(sudolab_rate(p, NULL, NULL), SUDOLAB_GAVE_UP);
    /* 0 is no limit: the solve that gave up answers */
    CU_ASSERT_EQUAL(sudolab_set_node_limit(p, 0), SUDOLAB_OK);
    CU_ASSERT_EQUAL(sudolab_solve(p, out, sizeof out), SUDOLAB_OK);
    CU_ASSERT_EQUAL(strlen(out), 256);
    /* a limit the search stays within changes nothing */
    CU_ASSERT_EQUAL(sudolab_set_node_limit(small, 1000000), SUDOLAB_OK);
    CU_ASSERT_EQUAL(sudolab_count(small, 2, &count), SUDOLAB_OK);
    CU_ASSERT_EQUAL(count, 1);
    sudolab_free(p);
    sudolab_free(small);
}

void tests_register(void)
{
    CU_pSuite s = CU_add_suite("api", NULL, NULL);
    CU_add_test(s, "no place for the handle", test_no_place_for_the_handle);
    CU_add_test(s, "null handle", test_null_handle);
    CU_add_test(s, "bad arguments named", test_bad_arguments_named);
    CU_add_test(s, "parse errors placed", test_parse_errors_placed);
    CU_add_test(s, "node limit", test_node_limit);
}
