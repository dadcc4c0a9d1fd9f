/*
 * fuzz_reader.c — the auto-detecting reader and every rule's text: any
 * bytes are read, each puzzle's rules built and its givens checked, and
 * the rules written back must read again.
 */
#include <string.h>

#include "fuzz_input.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void fuzz_rules_round_trip(const struct puzzle *p, const struct ruleset *rs)
{
    (void)rs;
    int need = puzzle_rules_text(p, NULL, 0);
    char *text = malloc((size_t)need + 1);
    if (!text) return;
    puzzle_rules_text(p, text, (size_t)need + 1);
    struct puzzle again;
    struct sl_error err = {0};
    puzzle_init(&again, &p->geo);
    FUZZ_REQUIRE(puzzle_add_rules_text(&again, text, &err) == 0);
    puzzle_clear(&again);
    free(text);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_each_puzzle(data, size, fuzz_rules_round_trip);
    return 0;
}
