/* intersect.c — see intersect.h. Built once per ruleset, but killer cages
 * make hundreds of units, so membership is a stamp per cell, not a scan. */
#include "intersect.h"

#include "vec.h"

#include <stdlib.h>
#include <string.h>

struct builder {
    struct ruleset *rs;
    int cells_cap, count_cap, cells_used;
    int stamp[SL_MAX_CELLS];    /* per cell: 1 + the last unit marked holding it */
    int in_house[SL_MAX_CELLS]; /* per cell: 1 + the last house pairs_of_house took */
    struct sl_error *err;
};

static void mark_unit(struct builder *b, int u)
{
    const struct ruleset *rs = b->rs;
    for (int i = rs->unit_start[u]; i < rs->unit_start[u + 1]; i++)
        b->stamp[rs->unit_cells[i]] = u + 1;
}

/* Appends the cells of unit `from` that are not in unit `other`, the unit
 * marked last, to out; returns how many. */
static int unit_part_outside(const struct builder *b, int from, int other, uint16_t *out)
{
    const struct ruleset *rs = b->rs;
    int count = 0;
    for (int i = rs->unit_start[from]; i < rs->unit_start[from + 1]; i++) {
        int cell = rs->unit_cells[i];
        out[count] = (uint16_t)cell;
        count += b->stamp[cell] != other + 1;
    }
    return count;
}

/* Lists the pair's cells in one pass over each unit, room for both made
 * at once: shared, then a's alone (both in a's order), then u's alone. */
static int add_pair(struct builder *b, int a, int u)
{
    struct ruleset *rs = b->rs;
    int start = b->cells_used, shared = 0, only_a = 0;
    int len_a = rs->unit_start[a + 1] - rs->unit_start[a];
    int len_u = rs->unit_start[u + 1] - rs->unit_start[u];
    uint16_t alone[SL_MAX_CELLS];
    if (vec_grow((void **)&rs->intersection_cells, &b->cells_cap, start + len_a + len_u,
                 sizeof(uint16_t), b->err))
        return -1;
    uint16_t *cells = rs->intersection_cells + start;
    mark_unit(b, u);
    for (int i = rs->unit_start[a]; i < rs->unit_start[a + 1]; i++) {
        int cell = rs->unit_cells[i];
        if (b->stamp[cell] == u + 1)
            cells[shared++] = (uint16_t)cell;
        else
            alone[only_a++] = (uint16_t)cell;
    }
    if (shared < 2) return 0; /* most pairs: nothing shared worth a look */
    for (int i = 0; i < only_a; i++) cells[shared + i] = alone[i];
    mark_unit(b, a);
    int only_b = unit_part_outside(b, u, a, cells + shared + only_a);
    b->cells_used = start + shared + only_a + only_b;
    if (shared < 2 || only_a == 0 || only_b == 0 || rs->nintersections == SL_MAX_INTERSECTIONS) {
        b->cells_used = start; /* nothing to learn where one unit lies inside the other */
        return 0;
    }
    if (vec_grow((void **)&rs->intersections, &b->count_cap, rs->nintersections + 1,
                 sizeof *rs->intersections, b->err))
        return -1;
    rs->intersections[rs->nintersections++] = (struct intersection){.a = a,
                                                                    .b = u,
                                                                    .start = start,
                                                                    .shared = shared,
                                                                    .only_a = only_a,
                                                                    .only_b = only_b,
                                                                    .a_is_house = a < rs->nhouses,
                                                                    .b_is_house = u < rs->nhouses};
    return 0;
}

/* Per unit, the set of intersections it is part of, so that a pass looks
 * only at those of the units touched. */
static int index_by_unit(struct ruleset *rs, struct sl_error *err)
{
    int words = (rs->nintersections + 63) / 64;
    rs->intersection_words = words;
    rs->unit_intersections = calloc((size_t)rs->nunits * (size_t)words + 1, sizeof(uint64_t));
    if (rs->unit_intersections == NULL) return sl_error_set(err, 0, 0, "out of memory");
    for (int k = 0; k < rs->nintersections; k++) {
        const struct intersection *x = &rs->intersections[k];
        uint64_t bit = UINT64_C(1) << (k & 63);
        rs->unit_intersections[(size_t)x->a * (size_t)words + (size_t)(k >> 6)] |= bit;
        rs->unit_intersections[(size_t)x->b * (size_t)words + (size_t)(k >> 6)] |= bit;
    }
    return 0;
}

/* 1 when every cell of unit u lies in house a (marked in b->in_house):
 * the pair has nothing to learn, and most cages lie so in their box. */
static int unit_inside_house(const struct builder *b, int u, int a)
{
    const struct ruleset *rs = b->rs;
    for (int i = rs->unit_start[u]; i < rs->unit_start[u + 1]; i++)
        if (b->in_house[rs->unit_cells[i]] != a + 1) return 0;
    return 1;
}

/* The pairs of house a with each later unit sharing two or more of its
 * cells, in increasing order of the unit: found through the units of a's
 * cells (twice: the units met by two of them), as a scan of every unit
 * costs the whole set-up of a killer with many cages. */
static int pairs_of_house(struct builder *b, int a, uint64_t *once, uint64_t *twice)
{
    const struct ruleset *rs = b->rs;
    int words = rs->unit_words, rc = 0;
    for (int w = 0; w < words; w++) once[w] = twice[w] = 0;
    for (int i = rs->unit_start[a]; i < rs->unit_start[a + 1]; i++) {
        const uint64_t *units = rs->cell_units + (size_t)rs->unit_cells[i] * (size_t)words;
        b->in_house[rs->unit_cells[i]] = a + 1;
        for (int w = 0; w < words; w++) {
            twice[w] |= once[w] & units[w];
            once[w] |= units[w];
        }
    }
    for (int w = 0; w < words && rc == 0; w++)
        for (uint64_t m = twice[w]; m && rc == 0; m &= m - 1) {
            int u = w * 64 + __builtin_ctzll(m);
            if (u > a && !unit_inside_house(b, u, a)) rc = add_pair(b, a, u);
        }
    return rc;
}

int intersections_build(struct ruleset *rs, struct sl_error *err)
{
    struct builder *b = malloc(sizeof *b); /* its stamps zeroed for the grid's cells alone */
    uint64_t *once = calloc(2 * (size_t)rs->unit_words + 1, sizeof *once);
    if (b == NULL || once == NULL) {
        free(b);
        free(once);
        return sl_error_set(err, 0, 0, "out of memory");
    }
    size_t stamps = (size_t)rs->geo.ncells * sizeof b->stamp[0];
    b->rs = rs;
    b->err = err;
    b->cells_cap = b->count_cap = b->cells_used = 0;
    memset(b->stamp, 0, stamps);
    memset(b->in_house, 0, stamps);
    int rc = 0;
    for (int a = 0; rc == 0 && a < rs->nhouses; a++)
        rc = pairs_of_house(b, a, once, once + rs->unit_words);
    free(b);
    free(once);
    return rc ? rc : index_by_unit(rs, err);
}
