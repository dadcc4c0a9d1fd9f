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

void tests_register(void)
{
    CU_pSuite s = CU_add_suite("api", NULL, NULL);
    CU_add_test(s, "no place for the handle", test_no_place_for_the_handle);
    CU_add_test(s, "null handle", test_null_handle);
    CU_add_test(s, "bad arguments named", test_bad_arguments_named);
    CU_add_test(s, "parse errors placed", test_parse_errors_placed);
}
