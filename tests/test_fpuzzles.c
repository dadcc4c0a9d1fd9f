/*
 * test_fpuzzles.c — the f-puzzles interchange: the JSON reader (good and
 * malformed text, with positions), the lz-string codec (edge cases and
 * hand-checked codes; tests/fpuzzles_lz.sh checks it against the npm
 * package), the link forms, and the mapping: every published puzzle of
 * tests/data/published_variants.txt goes out as JSON, as a code and as a
 * link and comes back to the same sudolab line; unknown constraints are
 * errors naming them, or warnings with --ignore-unknown.
 */
#include <CUnit/CUnit.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cunit_main.h"
#include "format_variant.h"
#include "fpuzzles.h"
#include "json.h"
#include "lz_string.h"
#include "rng.h"
#include "test_reader.h"

#define PUBLISHED "tests/data/published_variants.txt"

/* ---- JSON ---- */

static struct json_doc *parse(const char *text, struct sl_error *err)
{
    memset(err, 0, sizeof *err);
    return json_parse(text, strlen(text), err);
}

static void test_json_values(void)
{
    struct sl_error err;
    struct json_doc *d =
        parse(" {\"a\": [1, -2.5e1, true, false, null], \"b\": \"x\\u00e9\\ud83d\\ude00\\n\","
              "\n \"c\": {}, \"d\": []} ",
              &err);
    CU_ASSERT_PTR_NOT_NULL_FATAL(d);
    const struct json_value *root = json_root(d), *a = json_get(d, root, "a");
    CU_ASSERT_EQUAL(root->type, JSON_OBJECT);
    CU_ASSERT_EQUAL(root->count, 4);
    CU_ASSERT_PTR_NOT_NULL_FATAL(a);
    CU_ASSERT_EQUAL(a->count, 5);
    const struct json_value *one = json_first(d, a), *two = json_next(d, one);
    CU_ASSERT_EQUAL(one->number, 1);
    CU_ASSERT_EQUAL(two->number, -25);
    CU_ASSERT_STRING_EQUAL(two->str, "-2.5e1");
    CU_ASSERT_EQUAL(json_next(d, two)->type, JSON_TRUE);
    const struct json_value *b = json_get(d, root, "b");
    CU_ASSERT_STRING_EQUAL(b->str, "x\xc3\xa9\xf0\x9f\x98\x80\n");
    CU_ASSERT_EQUAL(b->len, 8);
    const struct json_value *c = json_get(d, root, "c");
    CU_ASSERT_EQUAL(c->line, 2);
    CU_ASSERT_EQUAL(c->col, 7);
    CU_ASSERT_PTR_NULL(json_get(d, root, "e"));
    json_free(d);
    d = parse("\"\xc3\xa9t\xc3\xa9\"", &err); /* raw UTF-8 */
    CU_ASSERT_PTR_NOT_NULL_FATAL(d);
    CU_ASSERT_STRING_EQUAL(json_root(d)->str, "\xc3\xa9t\xc3\xa9");
    json_free(d);
}

static void test_json_errors(void)
{
    static const struct {
        const char *text;
        long line, col;
        const char *says;
    } bad[] = {
        {"", 1, 1, "the text ends"},
        {"{\"a\":1,}", 1, 8, "expected a key"},
        {"[1,]", 1, 4, "expected a JSON value"},
        {"[1 2]", 1, 4, "expected ',' or ']'"},
        {"{\"a\" 1}", 1, 6, "expected ':'"},
        {"{\"a\":1}\n x", 2, 2, "text after the JSON value"},
        {"01", 1, 2, "leading zeros"},
        {"1.", 1, 3, "after '.'"},
        {"1e", 1, 3, "exponent"},
        {"-", 1, 2, "expected a digit"},
        {"tru", 1, 1, "expected a JSON value"},
        {"\"abc", 1, 5, "unterminated string"},
        {"\"a\tb\"", 1, 3, "control character"},
        {"\"\\x\"", 1, 3, "not a JSON escape"},
        {"\"\\u12g4\"", 1, 6, "four hex digits"},
        {"\"\\ud800\"", 1, 2, "high surrogate"},
        {"\"\\udc00\"", 1, 2, "lone low surrogate"},
        {"\"\\u0000\"", 1, 2, "\\u0000"},
        {"\"\xc3\"", 1, 2, "not UTF-8"},
        {"\"\xed\xa0\x80\"", 1, 2, "not UTF-8"},
        {"{\"a\":1,\n \"a\":2}", 2, 2, "appears twice"},
        {"// x\n1", 1, 1, "expected a JSON value"},
        {"[\n\n  }", 3, 3, "expected a JSON value"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        struct sl_error err;
        struct json_doc *d = parse(bad[i].text, &err);
        CU_ASSERT_PTR_NULL(d);
        json_free(d);
        CU_ASSERT_EQUAL(err.line, bad[i].line);
        CU_ASSERT_EQUAL(err.col, bad[i].col);
        CU_ASSERT_PTR_NOT_NULL(strstr(err.msg, bad[i].says));
        if (err.line != bad[i].line || err.col != bad[i].col || !strstr(err.msg, bad[i].says))
            printf("\n%s -> %ld:%ld %s\n", bad[i].text, err.line, err.col, err.msg);
    }
}

static void test_json_limits(void)
{
    char deep[2 * JSON_DEPTH_MAX + 8];
    struct sl_error err;
    int n = JSON_DEPTH_MAX;
    memset(deep, '[', (size_t)n);
    memset(deep + n, ']', (size_t)n);
    deep[2 * n] = '\0';
    struct json_doc *d = parse(deep, &err);
    CU_ASSERT_PTR_NOT_NULL(d);
    json_free(d);
    memset(deep, '[', (size_t)n + 1);
    memset(deep + n + 1, ']', (size_t)n + 1);
    deep[2 * n + 2] = '\0';
    CU_ASSERT_PTR_NULL(parse(deep, &err));
    CU_ASSERT_PTR_NOT_NULL(strstr(err.msg, "nested too deep"));
    /* many keys in one object: found duplicate or not in linear time */
    struct json_out out = {0};
    json_out_printf(&out, "{");
    for (int i = 0; i < 20000; i++) json_out_printf(&out, "%s\"k%d\":%d", i ? "," : "", i, i);
    json_out_printf(&out, ",\"k7\":0}");
    CU_ASSERT_FALSE_FATAL(out.failed);
    CU_ASSERT_PTR_NULL(json_parse(out.buf, out.len, &err));
    CU_ASSERT_PTR_NOT_NULL(strstr(err.msg, "\"k7\" appears twice"));
    out.len -= 8;
    json_out_printf(&out, "}");
    d = json_parse(out.buf, out.len, &err);
    CU_ASSERT_PTR_NOT_NULL(d);
    if (d) CU_ASSERT_EQUAL(json_root(d)->count, 20000);
    json_free(d);
    json_out_free(&out);
}

static void test_json_writer_round_trip(void)
{
    struct json_out out = {0};
    struct sl_error err;
    const char *s = "quote \" back \\ tab \t nl \n ctl \x01 \xc3\xa9";
    json_out_string(&out, s);
    CU_ASSERT_STRING_EQUAL(out.buf,
                           "\"quote \\\" back \\\\ tab \\u0009 nl \\u000a ctl \\u0001 \xc3\xa9\"");
    struct json_doc *d = json_parse(out.buf, out.len, &err);
    CU_ASSERT_PTR_NOT_NULL_FATAL(d);
    CU_ASSERT_STRING_EQUAL(json_root(d)->str, s);
    json_free(d);
    json_out_free(&out);
}

/* ---- lz-string ---- */

static char *round_trip(const char *text, size_t len, size_t *out_len)
{
    struct sl_error err = {0};
    char *code = lz_compress_base64(text, len, &err);
    CU_ASSERT_PTR_NOT_NULL_FATAL(code);
    CU_ASSERT_EQUAL(strlen(code) % 4, 0);
    char *back = lz_decompress_base64(code, strlen(code), out_len, &err);
    free(code);
    return back;
}

static void test_lz_known_codes(void)
{
    /* worked out by hand from the format (lz_string.h): "" is the end code
     * alone (2 in 2 bits, 01, then filler: 010000 'Q'); "a" is the literal
     * code 00, 'a' = 0x61 least significant bit first 10000110, the end
     * code 2 in 2 bits 01 (the dictionary grew to 4 entries: still 2 bits
     * after one count-down), filler: 001000 011001 0000.. = "IZA=" */
    static const struct {
        const char *text, *code;
    } known[] = {{"", "Q==="}, {"a", "IZA="}};
    struct sl_error err = {0};
    for (size_t i = 0; i < sizeof known / sizeof known[0]; i++) {
        char *code = lz_compress_base64(known[i].text, strlen(known[i].text), &err);
        CU_ASSERT_PTR_NOT_NULL_FATAL(code);
        CU_ASSERT_STRING_EQUAL(code, known[i].code);
        free(code);
        size_t len = 99;
        char *text = lz_decompress_base64(known[i].code, strlen(known[i].code), &len, &err);
        CU_ASSERT_PTR_NOT_NULL_FATAL(text);
        CU_ASSERT_STRING_EQUAL(text, known[i].text);
        CU_ASSERT_EQUAL(len, strlen(known[i].text));
        free(text);
    }
    /* every f-puzzles code starts so: '{' then '"' */
    char *code = lz_compress_base64("{\"size\":9}", 10, &err);
    CU_ASSERT_NSTRING_EQUAL(code, "N4Ig", 4);
    CU_ASSERT_TRUE(lz_base64_starts_with(code, strlen(code), '{'));
    CU_ASSERT_FALSE(lz_base64_starts_with("Q===", 4, '{'));
    CU_ASSERT_FALSE(lz_base64_starts_with("530070000600195000", 18, '{'));
    free(code);
}

static void test_lz_round_trips(void)
{
    static const char *const texts[] = {
        "",
        "a",
        "aa",
        "ab",
        "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
        "abababababababababab",
        "\xc3\xa9t\xc3\xa9 \xe2\x9c\x93 \xf0\x9f\x98\x80 \xe6\x97\xa5\xe6\x9c\xac",
        "\xef\xbf\xbf\xf4\x8f\xbf\xbf", /* U+FFFF, U+10FFFF */
    };
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
        size_t len = 0;
        char *back = round_trip(texts[i], strlen(texts[i]), &len);
        CU_ASSERT_PTR_NOT_NULL_FATAL(back);
        CU_ASSERT_EQUAL(len, strlen(texts[i]));
        CU_ASSERT_STRING_EQUAL(back, texts[i]);
        free(back);
    }
    /* long inputs: random ASCII and random code points of every width,
     * enough to take the code width past 16 bits */
    struct rng rng;
    rng_seed(&rng, 20);
    size_t cap = 400000, len = 0;
    char *text = malloc(cap + 8);
    CU_ASSERT_PTR_NOT_NULL_FATAL(text);
    while (len < cap) {
        uint32_t r = (uint32_t)rng_next(&rng), cp = r % 4 == 0   ? 0x20 + r / 4 % 0x5f
                                                    : r % 4 == 1 ? 0x80 + r / 4 % 0x780
                                                    : r % 4 == 2 ? 0xE000 + r / 4 % 0x1FFF
                                                                 : 0x10000 + r / 4 % 0xFFFFF;
        if (cp < 0x80)
            text[len++] = (char)cp;
        else if (cp < 0x800)
            text[len++] = (char)(0xC0 | cp >> 6), text[len++] = (char)(0x80 | (cp & 0x3F));
        else if (cp < 0x10000)
            text[len++] = (char)(0xE0 | cp >> 12), text[len++] = (char)(0x80 | (cp >> 6 & 0x3F)),
            text[len++] = (char)(0x80 | (cp & 0x3F));
        else
            text[len++] = (char)(0xF0 | cp >> 18), text[len++] = (char)(0x80 | (cp >> 12 & 0x3F)),
            text[len++] = (char)(0x80 | (cp >> 6 & 0x3F)), text[len++] = (char)(0x80 | (cp & 0x3F));
    }
    size_t back_len = 0;
    char *back = round_trip(text, len, &back_len);
    CU_ASSERT_PTR_NOT_NULL_FATAL(back);
    CU_ASSERT_EQUAL(back_len, len);
    CU_ASSERT_EQUAL(memcmp(back, text, len), 0);
    free(back);
    free(text);
}

static void test_lz_errors(void)
{
    static const struct {
        const char *code;
        long col;
        const char *says;
    } bad[] = {
        {"", 1, "empty"},
        {"N4I*g", 4, "not a base64 character"},
        {"N4Ig", 5, "stops before its end"},
        {"IZAAA", 4, "after the end"},
        {"IZA=IZA=", 4, "not a base64 character"},
        {"=N4I", 1, "not a base64 character"},
        {"gA==", 3, "stops before its end"},
        {"wA==", 1, "does not start with a character"},
        {"IZ/A", 3, "names an entry it has not made"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        struct sl_error err = {0};
        size_t len;
        char *text = lz_decompress_base64(bad[i].code, strlen(bad[i].code), &len, &err);
        CU_ASSERT_PTR_NULL(text);
        free(text);
        CU_ASSERT_EQUAL(err.col, bad[i].col);
        CU_ASSERT_PTR_NOT_NULL(strstr(err.msg, bad[i].says));
        if (err.col != bad[i].col || !strstr(err.msg, bad[i].says))
            printf("\n%s -> %ld %s\n", bad[i].code, err.col, err.msg);
    }
    struct sl_error err = {0};
    CU_ASSERT_PTR_NULL(lz_compress_base64("a\xff", 2, &err));
    CU_ASSERT_EQUAL(err.col, 2);
    /* random codes never crash and mostly fail cleanly */
    struct rng rng;
    rng_seed(&rng, 7);
    static const char b64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    for (int t = 0; t < 2000; t++) {
        char code[64];
        size_t n = 1 + rng_next(&rng) % 60, len;
        for (size_t i = 0; i < n; i++) code[i] = b64[rng_next(&rng) % 64];
        char *text = lz_decompress_base64(code, n, &len, &err);
        free(text);
    }
}

/* ---- the mapping ---- */

/* Reads every puzzle of text with the reader; the sudolab lines joined. */
static int read_lines(const char *text, int ignore_unknown, char *out, size_t cap,
                      struct sl_error *err, struct sl_error *warn)
{
    struct session s;
    struct reader_options opt = {0};
    int count = 0;
    opt.ignore_unknown = ignore_unknown;
    session_open(&s, text, &opt);
    out[0] = '\0';
    memset(warn, 0, sizeof *warn);
    for (int rc; (rc = session_next(&s)) != 0;) {
        if (rc < 0) {
            *err = s.err;
            session_close(&s);
            return -1;
        }
        size_t used = strlen(out);
        format_sudolab_line(&s.p, out + used, cap - used);
        if (s.src.warning.msg[0]) *warn = s.src.warning;
        count++;
    }
    session_close(&s);
    return count;
}

/* One published line out as JSON, code and link, and back. */
static void check_round_trip(const char *line)
{
    struct session s;
    struct sl_error err = {0}, warn;
    static char back[1 << 16];
    session_open(&s, line, NULL);
    CU_ASSERT_EQUAL_FATAL(session_next(&s), 1);
    char *forms[3] = {fpuzzles_write_json(&s.p, &err), fpuzzles_write_base64(&s.p, &err),
                      fpuzzles_write_link(&s.p, &err)};
    for (int i = 0; i < 3; i++) {
        CU_ASSERT_PTR_NOT_NULL_FATAL(forms[i]);
        CU_ASSERT_EQUAL(read_lines(forms[i], 0, back, sizeof back, &err, &warn), 1);
        CU_ASSERT_STRING_EQUAL(back, line);
        if (strcmp(back, line) != 0) printf("\n%s\n -> %s\n -> %s\n", line, forms[i], back);
        free(forms[i]);
    }
    session_close(&s);
}

static void test_published_round_trip(void)
{
    FILE *f = fopen(PUBLISHED, "r");
    static char line[1 << 16];
    int count = 0;
    CU_ASSERT_PTR_NOT_NULL_FATAL(f);
    while (fgets(line, sizeof line, f)) {
        line[strcspn(line, "\r\n")] = '\0';
        if (line[0] == '\0' || line[0] == '#') continue;
        check_round_trip(line);
        count++;
    }
    fclose(f);
    CU_ASSERT(count >= 12);
}

/* Hand-written JSON read to the rules the shipped variants write. */
static void test_read_constraints(void)
{
    static const struct {
        const char *json, *line;
    } cases[] = {
        {"{\"size\":4,\"grid\":[[{\"value\":1,\"given\":true},{},{},{}],[{},{\"value\":3},{},{}],"
         "[{},{},{},{}],[{},{},{},{}]],\"title\":\"t\",\"sandwichsum\":[],\"diagonal+\":true}",
         "sudolab 4 2x2 classic;diagonal:+ 1..............."},
        {"{\"size\":4,\"grid\":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"
         "\"littlekillersum\":[{\"cell\":\"R0C1\",\"direction\":\"DR\",\"value\":\"10\"},"
         "{\"cell\":\"R5C2\",\"direction\":\"UR\",\"value\":\"\"}],"
         "\"arrow\":[{\"cells\":[\"R1C1\"],\"lines\":[[\"R1C1\",\"R1C2\",\"R2C2\"],[\"R1C1\","
         "\"R2C1\"]]}]}",
         "sudolab 4 2x2 classic;sum:1+5=@0,4=@0,1+6+11=10 ................"},
        {"{\"size\":4,\"grid\":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"
         "\"odd\":[{\"cell\":\"R1C1\"}],\"even\":[{\"cell\":\"R4C4\"}],"
         "\"killercage\":[{\"cells\":[\"R1C1\",\"R1C2\"],\"value\":\"3\"}],"
         "\"cage\":[{\"cells\":[\"R4C3\",\"R4C4\"]}]}",
         "sudolab 4 2x2 classic;killer:AA............BB:3,?;oddeven:o..............e "
         "................"},
        {"{\"size\":6,\"grid\":[[{},{},{},{},{},{}],[{},{},{},{},{},{}],[{},{},{},{},{},{}],"
         "[{},{},{},{},{},{}],[{},{},{},{},{},{}],[{},{},{},{},{},{}]],"
         "\"difference\":[{\"cells\":[\"R1C1\",\"R1C2\"],\"value\":\"2\"}],"
         "\"ratio\":[{\"cells\":[\"R2C1\",\"R2C2\"],\"value\":3}],"
         "\"xv\":[{\"cells\":[\"R3C1\",\"R3C2\"],\"value\":\"V\"}]}",
         "sudolab 6 2x3 classic;relation:4.8.11.22.4.8:0-1|4.20.1.0.0.2:6-7|8.4.2.1.0.0:12-13 "
         "...................................."},
        /* the line rules: each line a path from one end; a whispers value of
         * (N+1)/2 is German whispers' own */
        {"{\"size\":4,\"grid\":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"
         "\"betweenline\":[{\"lines\":[[\"R1C4\",\"R2C4\",\"R3C4\"]]}],"
         "\"palindrome\":[{\"lines\":[[\"R3C1\",\"R3C2\"],[\"R4C1\",\"R4C2\",\"R4C3\"]]}],"
         "\"renban\":[{\"lines\":[[\"R2C1\",\"R2C2\",\"R2C3\"]],\"outlineC\":\"#F0F\"}],"
         "\"whispers\":[{\"lines\":[[\"R1C1\",\"R1C2\"]]},{\"lines\":[[\"R1C3\",\"R2C4\"]],"
         "\"value\":\"2\"}]}",
         "sudolab 4 2x2 classic;whispers:0-1,2-7;renban:4-5-6;palindrome:8-9,12-13-14;"
         "between:3-7-11 ................"},
        /* sandwich clues beside a row (either side) or a column (above or
         * below); a blank clue says nothing, 0 is a clue */
        {"{\"size\":4,\"grid\":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"
         "\"sandwichsum\":[{\"cell\":\"R0C2\",\"value\":\"2\"},{\"cell\":\"R3C0\",\"value\":0},"
         "{\"cell\":\"R5C4\",\"value\":\"5\"},{\"cell\":\"R2C5\",\"value\":\"3\"},"
         "{\"cell\":\"R0C1\",\"value\":\"\"}]}",
         "sudolab 4 2x2 classic;sandwich:c2=2,r3=0,c4=5,r2=3 ................"},
    };
    static char back[1 << 16];
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        struct sl_error err = {0}, warn;
        CU_ASSERT_EQUAL(read_lines(cases[i].json, 0, back, sizeof back, &err, &warn), 1);
        CU_ASSERT_STRING_EQUAL(back, cases[i].line);
        if (strcmp(back, cases[i].line) != 0)
            printf("\n%s\n -> %s (%s)\n", cases[i].json, back, err.msg);
    }
}

static void test_json_over_lines(void)
{
    static const char text[] =
        "# a file of two puzzles\n"
        "{\n"
        "  \"size\": 4,\n"
        "  \"grid\": [[{}, {}, {}, {}], [{}, {}, {}, {}],\n"
        "           [{}, {}, {}, {}], [{}, {}, {}, {\"value\": 4, \"given\": true}]]\n"
        "}\n"
        "\n"
        "{\"size\":4,\"grid\":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]}\n"
        "{\n"
        "  \"size\": 4,\n"
        "  \"grid\": [[{}, {}, {}, {}], [{}, {}, {}, {}],\n"
        "           [{}, {}, {}, {}], [{}, {}, {}, {\"value\": 5, \"given\": true}]]\n"
        "}\n"
        "{\n"
        "\n"
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n";
    struct session s;
    session_open(&s, text, NULL);
    CU_ASSERT_EQUAL(session_next(&s), 1);
    CU_ASSERT_EQUAL(s.src.line, 2);
    CU_ASSERT_EQUAL(s.p.givens[15], 4);
    CU_ASSERT_EQUAL(session_next(&s), 1);
    CU_ASSERT_EQUAL(s.src.line, 8);
    CU_ASSERT_EQUAL(session_next(&s), -1); /* the given 5 */
    CU_ASSERT_EQUAL(s.err.line, 12);
    CU_ASSERT_EQUAL(s.err.col, 53);
    CU_ASSERT_PTR_NOT_NULL(strstr(s.err.msg, "a given must be 1..4"));
    CU_ASSERT_EQUAL(session_next(&s), -1); /* unclosed: ends at the blank line */
    CU_ASSERT_EQUAL(s.err.line, 14);
    CU_ASSERT_EQUAL(s.err.col, 2);
    CU_ASSERT_PTR_NOT_NULL(strstr(s.err.msg, "the text ends"));
    CU_ASSERT_EQUAL(session_next(&s), 1); /* the classic line after it */
    CU_ASSERT_EQUAL(s.src.line, 16);
    CU_ASSERT_EQUAL(session_next(&s), 0);
    session_close(&s);
}

static void test_unknown_constraints(void)
{
    static const char text[] =
        "{\"size\":4,\"grid\":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],"
        "[{},{},{},{}]],\n\"xsum\":[{\"cell\":\"R0C1\",\"value\":\"3\"}],"
        "\"entropicline\":[{\"lines\":[[\"R1C1\",\"R1C2\"]]}],\"antiknight\":false}";
    static char back[4096];
    struct sl_error err = {0}, warn;
    CU_ASSERT_EQUAL(read_lines(text, 0, back, sizeof back, &err, &warn), -1);
    CU_ASSERT_EQUAL(err.line, 2);
    CU_ASSERT_EQUAL(err.col, 8);
    CU_ASSERT_PTR_NOT_NULL(strstr(err.msg, "\"xsum\" has no rule here"));
    CU_ASSERT_EQUAL(read_lines(text, 1, back, sizeof back, &err, &warn), 1);
    CU_ASSERT_STRING_EQUAL(back, "sudolab 4 2x2 classic ................");
    CU_ASSERT_EQUAL(warn.line, 2);
    CU_ASSERT_PTR_NOT_NULL(strstr(warn.msg, "warning: ignored the constraint \"xsum\""));
    CU_ASSERT_PTR_NOT_NULL(strstr(warn.msg, "and \"entropicline\""));
}

static void test_mapping_errors(void)
{
    static const struct {
        const char *json;
        long col;
        const char *says;
    } bad[] = {
        {"{}", 1, "has a \"size\" and a \"grid\""},
        {"{\"size\":4}", 1, "has a \"size\" and a \"grid\""},
        {"{\"size\":40,\"grid\":[]}", 9, "whole number 1..25"},
        {"{\"size\":1e999,\"grid\":[]}", 9, "whole number 1..25"},
        {"{\"size\":2,\"grid\":[[{\"region\":-1e999},{}],[{},{}]]}", 30, "a region is a number"},
        {"{\"size\":2,\"grid\":[[{},{}]]}", 18, "must have 2 rows"},
        {"{\"size\":2,\"grid\":[[{},{}],[{},7]]}", 31, "a grid cell must be an object"},
        {"{\"size\":2,\"grid\":[[{},{}],[{},{}]],\"odd\":[{\"cell\":\"R3C1\"}]}", 51, "not a cell"},
        {"{\"size\":2,\"grid\":[[{},{}],[{},{}]],\"odd\":{}}", 42, "must be an array"},
        {"{\"size\":2,\"grid\":[[{},{}],[{},{}]],\"killercage\":[{\"cells\":[\"R1C1\"],\"value\":"
         "\"x\"}]}",
         76, "not a whole number"},
        {"{\"size\":2,\"grid\":[[{},{}],[{},{}]],\"xv\":[{\"cells\":[\"R1C1\",\"R1C2\"],\"value\":"
         "\"Y\"}]}",
         75, "\"X\" or \"V\""},
        {"{\"size\":2,\"grid\":[[{},{}],[{},{}]],\"negative\":[\"clone\"]}", 48,
         "\"clone\" has no rule"},
        {"{\"size\":4,\"grid\":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"
         "\"killercage\":[{\"cells\":[\"R1C1\",\"R1C2\"],\"value\":\"30\"}]}",
         90, "killer: this cage: no 2 distinct digits of 1..4 add up to 30"},
        /* A cage's error is at its own entry, whatever the order of the
         * list (the rule numbers cages by their first cell). */
        {"{\"size\":4,\"grid\":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"
         "\"killercage\":[{\"cells\":[\"R4C4\",\"R4C3\"],\"value\":\"30\"},"
         "{\"cells\":[\"R1C1\",\"R1C2\"],\"value\":\"3\"}]}",
         90, "killer: this cage: no 2 distinct digits of 1..4 add up to 30"},
        {"{\"size\":4,\"grid\":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"
         "\"killercage\":[{\"cells\":[\"R4C4\",\"R4C3\"],\"value\":\"7\"},"
         "{\"cells\":[\"R1C1\",\"R1C2\",\"R1C3\",\"R1C4\",\"R2C1\"],\"value\":\"12\"}]}",
         128, "killer: this cage has 5 cells"},
        /* An entry with no cells says nothing: an error at the entry, not
         * skipped without a word. */
        {"{\"size\":2,\"grid\":[[{},{}],[{},{}]],\"killercage\":[{\"cells\":[\"R1C1\"]},"
         "{\"cells\":[],\"value\":\"3\"}]}",
         69, "a cage with no cells"},
        {"{\"size\":2,\"grid\":[[{},{}],[{},{}]],\"extraregion\":[{\"cells\":[]}]}", 51,
         "an extra region with no cells"},
        /* the line rules and sandwich clues */
        {"{\"size\":2,\"grid\":[[{},{}],[{},{}]],\"whispers\":[{\"lines\":[[\"R1C1\",\"R3C1\"]]}]}",
         66, "\"R3C1\" is not a cell"},
        {"{\"size\":4,\"grid\":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"
         "\"renban\":[{\"lines\":[[\"R1C1\",\"R0C1\"]]}]}",
         104, "\"R0C1\" is not a cell"},
        {"{\"size\":4,\"grid\":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"
         "\"whispers\":[{\"lines\":[[\"R1C1\",\"R1C2\"]],\"value\":\"1\"}]}",
         123, "difference is 2 here (German whispers), not 1"},
        {"{\"size\":4,\"grid\":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"
         "\"betweenline\":[{\"lines\":[[\"R1C1\",\"R1C2\"]]}]}",
         101, "a betweenline line has 3 or more cells"},
        {"{\"size\":4,\"grid\":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"
         "\"renban\":[{\"lines\":[[\"R1C1\",\"R2C1\",\"R3C1\",\"R4C1\",\"R4C2\"]]}]}",
         85, "renban:"},
        {"{\"size\":4,\"grid\":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"
         "\"sandwichsum\":[{\"cell\":\"R2C2\",\"value\":\"3\"}]}",
         99, "a sandwich clue sits just outside the grid, beside a row (R1C0, R1C5)"},
        {"{\"size\":4,\"grid\":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"
         "\"sandwichsum\":[{\"cell\":\"R0C0\",\"value\":\"3\"}]}",
         99, "not at \"R0C0\""},
        {"{\"size\":4,\"grid\":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"
         "\"sandwichsum\":[{\"cell\":\"R0C7\",\"value\":\"3\"}]}",
         99, "not at \"R0C7\""},
        {"{\"size\":4,\"grid\":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"
         "\"sandwichsum\":[{\"cell\":\"R0C1\",\"value\":\"9\"}]}",
         90, "sandwich:"},
        {"{\"size\":4,\"grid\":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"
         "\"sandwichsum\":[{\"cell\":\"R0C1\",\"value\":\"1\"},{\"cell\":\"R5C1\",\"value\":"
         "\"1\"}]}",
         90, "sandwich:"},
    };
    static char back[4096];
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        struct sl_error err = {0}, warn;
        CU_ASSERT_EQUAL(read_lines(bad[i].json, 0, back, sizeof back, &err, &warn), -1);
        CU_ASSERT_EQUAL(err.line, 1);
        CU_ASSERT_EQUAL(err.col, bad[i].col);
        CU_ASSERT_PTR_NOT_NULL(strstr(err.msg, bad[i].says));
        if (err.col != bad[i].col || !strstr(err.msg, bad[i].says))
            printf("\n%s -> %ld:%ld %s\n", bad[i].json, err.line, err.col, err.msg);
    }
}

static void test_links(void)
{
    struct session s;
    struct sl_error err = {0}, warn;
    static char back[4096], text[4096];
    session_open(&s, "sudolab 4 2x2 classic;diagonal 1...............", NULL);
    CU_ASSERT_EQUAL_FATAL(session_next(&s), 1);
    char *code = fpuzzles_write_base64(&s.p, &err);
    CU_ASSERT_PTR_NOT_NULL_FATAL(code);
    session_close(&s);
    static const char *const forms[][2] = {
        {"", ""},
        {"  ", "  "},
        {"https://f-puzzles.com/?load=", ""},
        {"https://www.f-puzzles.com/?load=", "&x=1"},
        {"https://sudokupad.app/fpuzzles", ""},
        {"https://sudokupad.app/fpuz", ""},
        {"https://sudokupad.app/?puzzleid=fpuzzles", ""},
        {"https://app.crackingthecryptic.com/sudoku/?puzzle=fpuzzles", ""},
        {"fpuzzles", ""},
        {"https://sudokupad.app/fpuzzles", "#setting"},
    };
    for (size_t i = 0; i < sizeof forms / sizeof forms[0]; i++) {
        snprintf(text, sizeof text, "%s%s%s", forms[i][0], code, forms[i][1]);
        CU_ASSERT_EQUAL(fpuzzles_detect(text, strlen(text)), FPUZZLES_CODE);
        CU_ASSERT_EQUAL(read_lines(text, 0, back, sizeof back, &err, &warn), 1);
        CU_ASSERT_STRING_EQUAL(back, "sudolab 4 2x2 classic;diagonal 1...............");
    }
    /* %-escaped */
    size_t at = 0;
    at += (size_t)snprintf(text, sizeof text, "https://f-puzzles.com/?load=");
    for (const char *c = code; *c; c++)
        at += (size_t)(*c == '+' || *c == '/' || *c == '='
                           ? snprintf(text + at, sizeof text - at, "%%%02X", *c)
                           : snprintf(text + at, sizeof text - at, "%c", *c));
    CU_ASSERT_EQUAL(read_lines(text, 0, back, sizeof back, &err, &warn), 1);
    CU_ASSERT_STRING_EQUAL(back, "sudolab 4 2x2 classic;diagonal 1...............");
    /* a broken code: the column of the bad character on the line */
    snprintf(text, sizeof text, "https://f-puzzles.com/?load=%.6s*%s", code, code + 6);
    CU_ASSERT_EQUAL(read_lines(text, 0, back, sizeof back, &err, &warn), -1);
    CU_ASSERT_EQUAL(err.col, 29 + 6);
    snprintf(text, sizeof text, "https://f-puzzles.com/?load=%.12s", code);
    CU_ASSERT_EQUAL(read_lines(text, 0, back, sizeof back, &err, &warn), -1);
    CU_ASSERT_PTR_NOT_NULL(strstr(err.msg, "stops before its end"));
    CU_ASSERT_EQUAL(
        read_lines("https://f-puzzles.com/?load=N4Ig%2", 0, back, sizeof back, &err, &warn), -1);
    CU_ASSERT_EQUAL(err.col, 33);
    CU_ASSERT_EQUAL(read_lines("https://sudokupad.app/sclN4Ig", 0, back, sizeof back, &err, &warn),
                    -1);
    CU_ASSERT_PTR_NOT_NULL(strstr(err.msg, "holds no f-puzzles puzzle"));
    /* JSON that is not a puzzle, compressed */
    static const char not_a_grid[] = "{\"size\":4,\"grid\":3}";
    char *bad = lz_compress_base64(not_a_grid, strlen(not_a_grid), &err);
    CU_ASSERT_EQUAL(read_lines(bad, 0, back, sizeof back, &err, &warn), -1);
    CU_ASSERT_EQUAL(err.col, 1);
    CU_ASSERT_PTR_NOT_NULL(strstr(err.msg, "in the unpacked JSON at 1:18"));
    if (!strstr(err.msg, "in the unpacked JSON at 1:18")) printf("\n%s\n", err.msg);
    free(bad);
    /* not claimed: classic lines, killer lines, Solo IDs */
    CU_ASSERT_EQUAL(
        fpuzzles_detect(
            "530070000600195000098000060800060003400803001700020006060000280000419005000080079",
            81),
        0);
    CU_ASSERT_EQUAL(fpuzzles_detect("AABB 3,4", 8), 0);
    CU_ASSERT_EQUAL(fpuzzles_detect("3x3:a", 5), 0);
    free(code);
}

static void test_writer_refusals(void)
{
    static const struct {
        const char *line, *says;
    } bad[] = {
        {"sudolab 4 2x2 classic;sum:0+1=5 ................", "not a whole diagonal"},
        {"sudolab 4 2x2 classic;differ:0-5 ................", "knight's or king's"},
        {"sudolab 4 2x2 classic;relation:e.c.8.0:0-1 ................", "no dot or mark"},
        {"sudolab 4 2x2 killer:AA..............:3 ................", "needs the classic rule"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        struct session s;
        struct sl_error err = {0};
        session_open(&s, bad[i].line, NULL);
        CU_ASSERT_EQUAL_FATAL(session_next(&s), 1);
        char *json = fpuzzles_write_json(&s.p, &err);
        CU_ASSERT_PTR_NULL(json);
        free(json);
        CU_ASSERT_PTR_NOT_NULL(strstr(err.msg, bad[i].says));
        session_close(&s);
    }
    /* shapes that take regions: boxes not f-puzzles' own, and none */
    static const char little_killers[] =
        "sudolab 9 3x3 classic;sum:72+64+56+48+40+32+24+16+8=45,1+11+21+31+41+51+61+71=40 "
        ".................................................................................";
    static const char *const shapes[] = {
        "sudolab 6 3x2 classic ....................................",
        "sudolab 4 none classic ................",
        "sudolab 4 2x2 classic;diagonal:-;windoku 1...............",
        little_killers,
        "sudolab 4 2x2 classic;whispers:0-1-2,12-13;renban:4-5-6;palindrome:8-9-10-11;"
        "between:3-7-11;sandwich:r1=5,c4=0,c2=2 ................",
    };
    for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++) check_round_trip(shapes[i]);
}

void tests_register(void)
{
    CU_pSuite s = CU_add_suite("fpuzzles", NULL, NULL);
    CU_add_test(s, "JSON values", test_json_values);
    CU_add_test(s, "JSON errors", test_json_errors);
    CU_add_test(s, "JSON limits", test_json_limits);
    CU_add_test(s, "JSON writer round trip", test_json_writer_round_trip);
    CU_add_test(s, "lz-string known codes", test_lz_known_codes);
    CU_add_test(s, "lz-string round trips", test_lz_round_trips);
    CU_add_test(s, "lz-string errors", test_lz_errors);
    CU_add_test(s, "published puzzles round trip", test_published_round_trip);
    CU_add_test(s, "constraints read", test_read_constraints);
    CU_add_test(s, "JSON over lines", test_json_over_lines);
    CU_add_test(s, "unknown constraints", test_unknown_constraints);
    CU_add_test(s, "mapping errors", test_mapping_errors);
    CU_add_test(s, "links", test_links);
    CU_add_test(s, "writer refusals", test_writer_refusals);
}
