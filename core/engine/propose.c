/* propose.c — see propose.h. */
#include "propose.h"

int propose_differing(const uint8_t *a, const uint8_t *b, int ncells, int *cells)
{
    int n = 0;
    for (int c = 0; c < ncells; c++)
        if (a[c] != b[c]) cells[n++] = c;
    return n;
}

/* Counts the solutions with cell holding digit; keeps it when it leaves
 * fewer than the best so far. */
static void propose_try(struct solver *s, const uint8_t *givens, int cell, int digit, long cap,
                        struct proposal *out, struct search_stats *stats)
{
    struct search_result r =
        solver_count_within(s, givens, cell, digitset_of(digit), cap, NULL, stats);
    out->tried++;
    if (r.gave_up) {
        out->gave_up = 1;
        return;
    }
    if (out->cell < 0 || r.solutions < out->solutions) {
        out->cell = cell;
        out->digit = digit;
        out->solutions = r.solutions;
    }
}

void propose_given(struct solver *s, const uint8_t *givens, const uint8_t *a, const uint8_t *b,
                   const int *cells, int ncells, long cap, struct proposal *out,
                   struct search_stats *stats)
{
    *out = (struct proposal){.cell = -1};
    for (int i = 0; i < ncells; i++) {
        const uint8_t digits[2] = {a[cells[i]], b[cells[i]]};
        for (int k = 0; k < 2; k++) {
            propose_try(s, givens, cells[i], digits[k], cap, out, stats);
            if (out->cell >= 0 && out->solutions == 1) return;
        }
    }
}
