/* geometry.c — see geometry.h. */
#include "geometry.h"

#include <stdlib.h>

int geometry_init(struct geometry *g, int size, int box_rows, int box_cols, struct sl_error *err)
{
    if (size < 1 || size > SL_MAX_SIZE)
        return sl_error_set(err, 0, 0, "grid size %d is out of range 1..%d", size, SL_MAX_SIZE);
    if ((box_rows == 0) != (box_cols == 0) || box_rows < 0 || box_cols < 0 ||
        (box_rows && box_rows * box_cols != size))
        return sl_error_set(err, 0, 0, "box shape %dx%d does not tile a %dx%d grid", box_rows,
                            box_cols, size, size);
    g->size = size;
    g->box_rows = box_rows;
    g->box_cols = box_cols;
    g->ncells = size * size;
    return 0;
}

int geometry_init_default(struct geometry *g, int size, struct sl_error *err)
{
    int rows = 0;
    for (int r = 2; r * r <= size; r++)
        if (size % r == 0) rows = r;
    return geometry_init(g, size, rows, rows ? size / rows : 0, err);
}

int geometry_lines_latin(int n, const uint8_t *grid)
{
    uint32_t all = (UINT32_C(1) << (n + 1)) - 2; /* digits 1..n */
    for (int line = 0; line < 2 * n; line++) {
        uint32_t seen = 0;
        for (int i = 0; i < n; i++) {
            int digit = grid[geometry_line_cell(n, line, i)];
            if (digit < 1 || digit > n) return 0;
            seen |= UINT32_C(1) << digit;
        }
        if (seen != all) return 0;
    }
    return 1;
}

int geometry_box(const struct geometry *g, int cell)
{
    if (g->box_rows == 0) return -1;
    int row = geometry_row(g, cell), col = geometry_col(g, cell);
    int boxes_per_band = g->size / g->box_cols;
    return (row / g->box_rows) * boxes_per_band + col / g->box_cols;
}

int geometry_digit(char symbol)
{
    if (symbol == '.' || symbol == '0') return 0;
    if (symbol >= '1' && symbol <= '9') return symbol - '0';
    if (symbol >= 'A' && symbol <= 'Z') return symbol - 'A' + 10;
    if (symbol >= 'a' && symbol <= 'z') return symbol - 'a' + 10;
    return -1;
}

int geometry_parse_boxes(const char *text, int *rows, int *cols)
{
    char *end;
    if (text[0] < '0' || text[0] > '9') return -1;
    long r = strtol(text, &end, 10);
    if (*end != 'x' || end[1] < '0' || end[1] > '9') return -1;
    long c = strtol(end + 1, &end, 10);
    if (*end != '\0' || r < 1 || r > SL_MAX_SIZE || c < 1 || c > SL_MAX_SIZE) return -1;
    *rows = (int)r, *cols = (int)c;
    return 0;
}
