/*
 * fuzz_solo_id.c — Solo game IDs: any text is parsed, and an ID that
 * parses is written back and must parse again to the same ID.
 */
#include <stdlib.h>
#include <string.h>

#include "fuzz_input.h"
#include "solo_id.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > FUZZ_MAX_INPUT) size = FUZZ_MAX_INPUT;
    struct solo_desc *d = calloc(2, sizeof *d);
    char *written = malloc(FUZZ_MAX_INPUT * 4), *again = malloc(FUZZ_MAX_INPUT * 4);
    struct sl_error err = {0};
    if (d && written && again && solo_id_parse((const char *)data, size, &d[0], &err) == 0) {
        int n = solo_id_write(&d[0], written, FUZZ_MAX_INPUT * 4);
        if (n > 0 && n < FUZZ_MAX_INPUT * 4) {
            FUZZ_REQUIRE(solo_id_parse(written, (size_t)n, &d[1], &err) == 0);
            FUZZ_REQUIRE(solo_id_write(&d[1], again, FUZZ_MAX_INPUT * 4) == n);
            FUZZ_REQUIRE(memcmp(written, again, (size_t)n) == 0);
        }
    }
    free(again);
    free(written);
    free(d);
    return 0;
}
