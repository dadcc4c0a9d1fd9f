/* intersect.c — see intersect.h. Built once per ruleset; clarity over speed. */
#include "intersect.h"

#include "vec.h"

struct builder {
    struct ruleset *rs;
    int cells_cap, count_cap, cells_used;
    struct sl_error *err;
};

static int unit_has(const struct ruleset *rs, int u, int cell)
{
    for (int i = rs->unit_start[u]; i < rs->unit_start[u + 1]; i++)
        if (rs->unit_cells[i] == cell) return 1;
    return 0;
}

static int push_cell(struct builder *b, int cell)
{
    if (vec_grow((void **)&b->rs->intersection_cells, &b->cells_cap, b->cells_used + 1,
                 sizeof(uint16_t), b->err))
        return -1;
    b->rs->intersection_cells[b->cells_used++] = (uint16_t)cell;
    return 0;
}

/* Appends the cells of unit `from` that are (want = 1) or are not (want =
 * 0) in unit `other`; returns how many, or -1. */
static int push_unit_part(struct builder *b, int from, int other, int want)
{
    const struct ruleset *rs = b->rs;
    int count = 0;
    for (int i = rs->unit_start[from]; i < rs->unit_start[from + 1]; i++) {
        int cell = rs->unit_cells[i];
        if (unit_has(rs, other, cell) != want) continue;
        if (push_cell(b, cell)) return -1;
        count++;
    }
    return count;
}

static int add_pair(struct builder *b, int a, int u)
{
    struct ruleset *rs = b->rs;
    int start = b->cells_used;
    int shared = push_unit_part(b, a, u, 1);
    int only_a = push_unit_part(b, a, u, 0);
    int only_b = push_unit_part(b, u, a, 0);
    if (shared < 0 || only_a < 0 || only_b < 0) return -1;
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

int intersections_build(struct ruleset *rs, struct sl_error *err)
{
    struct builder b = {.rs = rs, .err = err};
    for (int a = 0; a < rs->nhouses; a++)
        for (int u = a + 1; u < rs->nunits; u++)
            if (add_pair(&b, a, u)) return -1;
    return 0;
}
