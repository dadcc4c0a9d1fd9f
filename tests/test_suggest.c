/*
 * test_suggest.c — the "did you mean" helper: edit distances, which names
 * are close enough to suggest, and the message it writes.
 */
#include <CUnit/CUnit.h>
#include <string.h>

#include "cunit_main.h"
#include "suggest.h"

static const char *const grades[] = {"easy", "medium", "hard", "expert", "extreme", "beyond", NULL};

static void test_distances(void)
{
    CU_ASSERT_EQUAL(suggest_distance("", ""), 0);
    CU_ASSERT_EQUAL(suggest_distance("abc", ""), 3);
    CU_ASSERT_EQUAL(suggest_distance("", "abcd"), 4);
    CU_ASSERT_EQUAL(suggest_distance("kitten", "sitting"), 3);
    CU_ASSERT_EQUAL(suggest_distance("stratgy", "strategy"), 1);
    CU_ASSERT_EQUAL(suggest_distance("hadr", "hard"), 1); /* a swap counts once */
    CU_ASSERT_EQUAL(suggest_distance("greedy", "greedy"), 0);
    CU_ASSERT_EQUAL(suggest_distance("anneal", "annel"), 1);
}

/* Words past the compared length count their extra letters. */
static void test_long_words(void)
{
    char a[100], b[100];
    memset(a, 'x', 80), a[80] = '\0';
    memset(b, 'x', 64), b[64] = '\0';
    CU_ASSERT_EQUAL(suggest_distance(a, b), 16);
    CU_ASSERT_EQUAL(suggest_distance(b, a), 16);
}

static void test_suggestions(void)
{
    CU_ASSERT_STRING_EQUAL(suggest_name("hadr", grades), "hard");
    CU_ASSERT_STRING_EQUAL(suggest_name("extrem", grades), "extreme");
    CU_ASSERT_STRING_EQUAL(suggest_name("expret", grades), "expert");
    CU_ASSERT_PTR_NULL(suggest_name("nope", grades)); /* like nothing */
    CU_ASSERT_PTR_NULL(suggest_name("hard", grades)); /* a name itself */
    CU_ASSERT_PTR_NULL(suggest_name("x", grades));    /* one letter: no guess */
    CU_ASSERT_PTR_NULL(suggest_name("impossible", grades));
    /* Caps lock: the same letters in another case, however long. */
    CU_ASSERT_STRING_EQUAL(suggest_name("EXTREME", grades), "extreme");
    CU_ASSERT_STRING_EQUAL(suggest_name("Hard", grades), "hard");
    const char *const cased[] = {"Killer", "killer", NULL};
    CU_ASSERT_PTR_NULL(suggest_name("killer", cased)); /* exact, after a case match */
}

static void test_message(void)
{
    char buf[256];
    int n = suggest_unknown("grade", "hadr", grades, buf, sizeof buf);
    CU_ASSERT_STRING_EQUAL(buf, "unknown grade 'hadr'; did you mean 'hard'? (one of: easy, "
                                "medium, hard, expert, extreme, beyond)");
    CU_ASSERT_EQUAL(n, (int)strlen(buf));
    suggest_unknown("grade", "nope", grades, buf, sizeof buf);
    CU_ASSERT_PTR_NULL(strstr(buf, "did you mean"));
    CU_ASSERT_PTR_NOT_NULL(strstr(buf, "(one of: easy,"));
    /* A short buffer is cut, and the length says how much was wanted. */
    char small[16];
    int want = suggest_unknown("grade", "hadr", grades, small, sizeof small);
    CU_ASSERT_EQUAL(want, n);
    CU_ASSERT_EQUAL(strlen(small), sizeof small - 1);
}

void tests_register(void)
{
    CU_pSuite s = CU_add_suite("suggest", NULL, NULL);
    CU_add_test(s, "distances", test_distances);
    CU_add_test(s, "long words", test_long_words);
    CU_add_test(s, "suggestions", test_suggestions);
    CU_add_test(s, "message", test_message);
}
