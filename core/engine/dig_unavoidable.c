/*
 * dig_unavoidable.c — the digit-pair swap sets of a solution
 * (dig_unavoidable.h). Every row holds a and b once, linked, so the
 * graph's parts are parts of a graph over the rows: a column or a box
 * links the row of its a to the row of its b. Union-find over the rows
 * then gives each part as the a and b cells of its rows.
 */
#include "dig_unavoidable.h"

/* Per digit, for each row, column and box: the row holding it there, and
 * for each row the cell. */
struct grid_rows {
    uint8_t by_col[SL_MAX_SIZE + 1][DIG_UNAVOIDABLE_SIDE];
    uint8_t by_box[SL_MAX_SIZE + 1][DIG_UNAVOIDABLE_SIDE];
    uint8_t cell[SL_MAX_SIZE + 1][DIG_UNAVOIDABLE_SIDE];
};

static int uf_find(uint8_t *parent, int r)
{
    while (parent[r] != r) r = parent[r] = parent[parent[r]];
    return r;
}

/* Reads solution into rows; 0 when it is not a grid of the plain rules
 * (a digit out of range, or a row, column or box missing one). */
static int grid_rows_read(struct grid_rows *g, const struct ruleset *rs, const uint8_t *solution)
{
    int n = rs->geo.size;
    digitset row[DIG_UNAVOIDABLE_SIDE] = {0}, col[DIG_UNAVOIDABLE_SIDE] = {0},
             box[DIG_UNAVOIDABLE_SIDE] = {0};
    for (int c = 0; c < rs->geo.ncells; c++) {
        int d = solution[c], r = c / n, k = c % n;
        int b = r / rs->geo.box_rows * (n / rs->geo.box_cols) + k / rs->geo.box_cols;
        if (d < 1 || d > n) return 0;
        g->by_col[d][k] = g->by_box[d][b] = (uint8_t)r;
        g->cell[d][r] = (uint8_t)c;
        row[r] |= digitset_of(d), col[k] |= digitset_of(d), box[b] |= digitset_of(d);
    }
    for (int i = 0; i < n; i++)
        if (row[i] != rs->all || col[i] != rs->all || box[i] != rs->all) return 0;
    return 1;
}

/* The parts of the pair (a, b), appended to u. */
static void pair_parts(struct dig_unavoidable *u, const struct grid_rows *g, int n, int a, int b)
{
    uint8_t parent[DIG_UNAVOIDABLE_SIDE];
    for (int r = 0; r < n; r++) parent[r] = (uint8_t)r;
    for (int i = 0; i < n; i++) {
        int x = uf_find(parent, g->by_col[a][i]), y = uf_find(parent, g->by_col[b][i]);
        if (x != y) parent[x] = (uint8_t)y;
        x = uf_find(parent, g->by_box[a][i]), y = uf_find(parent, g->by_box[b][i]);
        if (x != y) parent[x] = (uint8_t)y;
    }
    int8_t slot[DIG_UNAVOIDABLE_SIDE];
    int parts = 0;
    for (int r = 0; r < n; r++) parts += uf_find(parent, r) == r;
    if (u->n + parts > DIG_UNAVOIDABLE_MAX) return; /* a part alone is no swap set */
    for (int r = 0; r < n; r++) slot[r] = -1;
    for (int r = 0; r < n; r++) {
        int root = uf_find(parent, r);
        if (slot[root] < 0) {
            slot[root] = (int8_t)u->n++;
            u->set[slot[root]][0] = u->set[slot[root]][1] = 0;
        }
        uint64_t *set = u->set[slot[root]];
        set[g->cell[a][r] >> 6] |= UINT64_C(1) << (g->cell[a][r] & 63);
        set[g->cell[b][r] >> 6] |= UINT64_C(1) << (g->cell[b][r] & 63);
    }
}

void dig_unavoidable_find(struct dig_unavoidable *u, const struct ruleset *rs,
                          const uint8_t *solution)
{
    u->n = 0;
    int n = rs->geo.size;
    if (!rs->blame_branch || rs->geo.ncells > DIG_UNAVOIDABLE_CELLS || n > DIG_UNAVOIDABLE_SIDE ||
        rs->geo.box_rows == 0)
        return;
    /* A cell barred from a digit might not take the swap. */
    for (int c = 0; c < rs->geo.ncells; c++)
        if (rs->domain[c] != rs->all) return;
    struct grid_rows g;
    if (!grid_rows_read(&g, rs, solution)) return;
    for (int a = 1; a <= n; a++)
        for (int b = a + 1; b <= n; b++) pair_parts(u, &g, n, a, b);
}

int dig_unavoidable_emptied(const struct dig_unavoidable *u, const uint64_t givens[2],
                            const uint64_t cells[2])
{
    for (int i = 0; i < u->n; i++)
        if (!(u->set[i][0] & givens[0]) && !(u->set[i][1] & givens[1]) &&
            ((u->set[i][0] & cells[0]) || (u->set[i][1] & cells[1])))
            return 1;
    return 0;
}
