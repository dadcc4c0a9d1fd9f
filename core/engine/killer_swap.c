/*
 * killer_swap.c — two-digit swaps that keep a killer's houses and cages
 * (killer_swap.h).
 *
 * For digits a and b the 2N cells holding them are nodes: node r is row
 * r's a, node N + r its b. Union-find joins the two of each row, column,
 * box and cage holding both; a cage holding one of them bars its cell,
 * and with it the cell's whole component.
 */
#include "killer_swap.h"

struct swap_pair {
    int n, a, b;
    int cell[2 * SL_MAX_SIZE];   /* per node */
    int parent[2 * SL_MAX_SIZE]; /* union-find */
    int size[2 * SL_MAX_SIZE];   /* per root: its nodes */
    uint8_t barred[2 * SL_MAX_SIZE];
};

/* Union-find over parent: the nodes' (swap_pair) or the rows' (swap_rows_free). */
static int swap_root(int *parent, int x)
{
    while (parent[x] != x) x = parent[x] = parent[parent[x]];
    return x;
}

static void swap_join(int *parent, int x, int y)
{
    x = swap_root(parent, x), y = swap_root(parent, y);
    if (x != y) parent[x] = y;
}

/* Joins the a and the b of each column and box: per column (or box)
 * the node of its a and of its b, found in one pass over the nodes. */
static void swap_join_lines(struct swap_pair *s, const struct geometry *g)
{
    int col_a[SL_MAX_SIZE], col_b[SL_MAX_SIZE], box_a[SL_MAX_SIZE], box_b[SL_MAX_SIZE];
    for (int x = 0; x < 2 * s->n; x++) {
        int *col = x < s->n ? col_a : col_b, *box = x < s->n ? box_a : box_b;
        col[geometry_col(g, s->cell[x])] = x;
        if (g->box_rows) box[geometry_box(g, s->cell[x])] = x;
    }
    for (int i = 0; i < s->n; i++) {
        swap_join(s->parent, i, s->n + i); /* the row's */
        swap_join(s->parent, col_a[i], col_b[i]);
        if (g->box_rows) swap_join(s->parent, box_a[i], box_b[i]);
    }
}

/* Joins the a and the b of each cage holding both; bars the cell of a
 * cage holding one. */
static void swap_join_cages(struct swap_pair *s, const struct cellmap *map)
{
    int b_of[SL_MAX_CELLS], has_a[SL_MAX_CELLS];
    for (int x = 0; x < 2 * s->n; x++) {
        int p = map->part[s->cell[x]];
        if (p >= 0) b_of[p] = -1, has_a[p] = 0;
    }
    for (int x = s->n; x < 2 * s->n; x++)
        if (map->part[s->cell[x]] >= 0) b_of[map->part[s->cell[x]]] = x;
    for (int x = 0; x < s->n; x++) {
        int p = map->part[s->cell[x]];
        if (p < 0) continue;
        has_a[p] = 1;
        if (b_of[p] >= 0)
            swap_join(s->parent, x, b_of[p]);
        else
            s->barred[x] = 1;
    }
    for (int x = s->n; x < 2 * s->n; x++) {
        int p = map->part[s->cell[x]];
        if (p >= 0 && !has_a[p]) s->barred[x] = 1;
    }
}

/* The root of the smallest component with no barred node, or -1. */
static int swap_best_root(struct swap_pair *s)
{
    int best = -1;
    for (int x = 0; x < 2 * s->n; x++) s->size[x] = 0;
    for (int x = 0; x < 2 * s->n; x++) {
        int r = swap_root(s->parent, x);
        s->size[r]++;
        if (s->barred[x]) s->barred[r] = 1;
    }
    for (int x = 0; x < 2 * s->n; x++)
        if (s->parent[x] == x && !s->barred[x] && (best < 0 || s->size[x] < s->size[best]))
            best = x;
    return best;
}

/* at[d][r]: the cell of digit d in row r. */
static int swap_try(const struct geometry *g, int at[][SL_MAX_SIZE], const struct cellmap *map,
                    int a, int b, const uint8_t *grid, uint8_t *out)
{
    struct swap_pair s = {.n = g->size, .a = a, .b = b};
    for (int r = 0; r < s.n; r++) {
        s.cell[r] = at[a][r], s.cell[s.n + r] = at[b][r];
        s.parent[r] = r, s.parent[s.n + r] = s.n + r;
        s.barred[r] = s.barred[s.n + r] = 0;
    }
    swap_join_lines(&s, g);
    swap_join_cages(&s, map);
    int root = swap_best_root(&s);
    if (root < 0) return 0;
    for (int c = 0; c < g->ncells; c++) out[c] = grid[c];
    for (int x = 0; x < 2 * s.n; x++)
        if (swap_root(s.parent, x) == root) out[s.cell[x]] = (uint8_t)(a + b - grid[s.cell[x]]);
    return 1;
}

/* 1 when grid holds each digit 1..N once in every row, column and box;
 * fills at[d][r] with the cell of digit d in row r. */
static int swap_grid_ok(const struct geometry *g, const uint8_t *grid, int at[][SL_MAX_SIZE])
{
    uint32_t row[SL_MAX_SIZE] = {0}, col[SL_MAX_SIZE] = {0}, box[SL_MAX_SIZE] = {0};
    for (int c = 0; c < g->ncells; c++) {
        int d = grid[c], r = geometry_row(g, c), k = geometry_col(g, c);
        if (d < 1 || d > g->size) return 0;
        uint32_t bit = 1u << d;
        int x = g->box_rows ? geometry_box(g, c) : 0;
        if ((row[r] | col[k]) & bit || (g->box_rows && (box[x] & bit))) return 0;
        row[r] |= bit, col[k] |= bit, box[x] |= bit;
        at[d][r] = c;
    }
    return 1;
}

/* held[p]: the digits of part p, as bits. */
static void swap_held(const struct cellmap *map, const uint8_t *grid, uint32_t *held)
{
    for (int p = 0; p < map->nparts; p++) held[p] = 0;
    for (int c = 0; c < map->ncells; c++)
        if (map->part[c] >= 0) held[map->part[c]] |= 1u << grid[c];
}

/* 1 when the node of digit d at cell c is not barred by its cage, which
 * must hold the other digit of the pair (bit other) too. */
static int swap_free(const struct cellmap *map, const uint32_t *held, int c, uint32_t other)
{
    return map->part[c] < 0 || (held[map->part[c]] & other) != 0;
}

/* Every component holds a whole row (its a and its b are joined), so a
 * pair whose every row has a barred node has no swap: most pairs, as a
 * cage holds few digits, and this costs far less than the union-find. */
static int swap_some_row_free(const struct geometry *g, int at[][SL_MAX_SIZE],
                              const struct cellmap *map, const uint32_t *held, int a, int b)
{
    for (int r = 0; r < g->size; r++)
        if (swap_free(map, held, at[a][r], 1u << b) && swap_free(map, held, at[b][r], 1u << a))
            return 1;
    return 0;
}

/* Where each digit lies, by row, column and box, for the row-level test. */
struct swap_places {
    int at[SL_MAX_SIZE + 1][SL_MAX_SIZE];     /* the cell of digit d in row r */
    int in_col[SL_MAX_SIZE + 1][SL_MAX_SIZE]; /* the row of digit d in column c */
    int in_box[SL_MAX_SIZE + 1][SL_MAX_SIZE]; /* the row of digit d in box x */
    int col[SL_MAX_SIZE + 1][SL_MAX_SIZE];    /* the column of digit d in row r */
    int box[SL_MAX_SIZE + 1][SL_MAX_SIZE];    /* the box of digit d in row r */
};

static void swap_places_fill(const struct geometry *g, struct swap_places *pl)
{
    for (int d = 1; d <= g->size; d++)
        for (int r = 0; r < g->size; r++) {
            int c = pl->at[d][r];
            pl->col[d][r] = geometry_col(g, c);
            pl->box[d][r] = g->box_rows ? geometry_box(g, c) : 0;
            pl->in_col[d][pl->col[d][r]] = r;
            pl->in_box[d][pl->box[d][r]] = r;
        }
}

/* 1 when some component of the pair a, b has no barred node. Every
 * component is a union of rows (a row's a and b are joined), so the test
 * runs on rows: far cheaper than swap_try's union-find over the cells,
 * which then runs only for the pairs that pass. */
static int swap_rows_free(const struct geometry *g, const struct swap_places *pl,
                          const struct cellmap *map, const uint32_t *held, int a, int b)
{
    int n = g->size, parent[SL_MAX_SIZE], b_row[SL_MAX_CELLS];
    uint8_t barred[SL_MAX_SIZE] = {0};
    for (int r = 0; r < n; r++) {
        int cb = pl->at[b][r], p = map->part[cb];
        parent[r] = r;
        if (p >= 0) b_row[p] = r, barred[r] |= !(held[p] & (1u << a));
    }
    for (int r = 0; r < n; r++) {
        int ca = pl->at[a][r], p = map->part[ca];
        swap_join(parent, r, pl->in_col[b][pl->col[a][r]]);
        if (g->box_rows) swap_join(parent, r, pl->in_box[b][pl->box[a][r]]);
        if (p < 0) continue;
        if (held[p] & (1u << b))
            swap_join(parent, r, b_row[p]);
        else
            barred[r] = 1;
    }
    for (int r = 0; r < n; r++)
        if (barred[r]) barred[swap_root(parent, r)] = 1;
    for (int r = 0; r < n; r++)
        if (parent[r] == r && !barred[r]) return 1;
    return 0;
}

int killer_swap_find(const struct geometry *g, const uint8_t *grid, const struct cellmap *map,
                     uint8_t *out)
{
    struct swap_places pl;
    uint32_t held[SL_MAX_CELLS];
    if (!swap_grid_ok(g, grid, pl.at)) return -1;
    swap_held(map, grid, held);
    swap_places_fill(g, &pl);
    for (int a = 1; a < g->size; a++)
        for (int b = a + 1; b <= g->size; b++)
            if (swap_some_row_free(g, pl.at, map, held, a, b) &&
                swap_rows_free(g, &pl, map, held, a, b) && swap_try(g, pl.at, map, a, b, grid, out))
                return 1;
    return 0;
}
