/*
 * calcudoku_settle.c — calcudoku's settle and count hooks (constraint.h):
 * a search's root over a Latin square and its cages, without a ruleset.
 *
 * The deductions are the root propagation of the rule and `classic` on
 * a grid without boxes: naked and hidden singles in each row and column,
 * and each cage's cells narrowed to the digits some assignment of the
 * cage gives them (calc_cage_supports, as calcudoku_prune), to their
 * fixed point. The fixed point of these narrowings is one whatever their
 * order, so a puzzle settles here exactly when a search would solve it
 * at its root (one node): a generator that checks a puzzle unique
 * (core/generate) then needs no ruleset. A grid with boxes is left to the
 * search (-1).
 */
#include <string.h>

#include "calc_draw.h"
#include "calcudoku.h"
#include "puzzle.h"
#include "search.h"

/* What narrowed: cells (for their cage) and lines (rows 0..n-1, then
 * columns) due for another look. */
struct cs_due {
    uint8_t cell[SL_MAX_CELLS], line[2 * SL_MAX_SIZE];
};

/* Cell narrows to value. */
static void cs_narrow(int n, int cell, digitset *cand, digitset value, struct cs_due *due)
{
    cand[cell] = value;
    due->cell[cell] = due->line[cell / n] = due->line[n + cell % n] = 1;
}

/* Naked then hidden singles in one line: 1 when a cell narrowed, 0 when
 * none did, -1 on a contradiction (a digit twice, or nowhere). */
static int cs_line(int n, int line, digitset *cand, struct cs_due *due)
{
    int step, first = geometry_line_first(n, line, &step), end = first + n * step;
    digitset solved = 0, once = 0, twice = 0, all = digitset_all(n);
    int changed = 0;
    for (int cell = first; cell != end; cell += step) {
        digitset m = cand[cell];
        if (!digitset_is_single(m)) continue;
        if (solved & m) return -1;
        solved |= m;
    }
    for (int cell = first; cell != end; cell += step) {
        digitset m = cand[cell];
        if (!digitset_is_single(m) && (m & solved)) {
            if ((m &= ~solved) == 0) return -1;
            cs_narrow(n, cell, cand, m, due);
            changed = 1;
        }
        twice |= once & m;
        once |= m;
    }
    if (once != all) return -1;
    for (digitset hidden = once & ~twice & ~solved; hidden; hidden &= hidden - 1) {
        digitset digit = hidden & -hidden;
        int cell = first;
        while (!(cand[cell] & digit)) cell += step; /* seen once: it is there */
        if (cand[cell] != digit) cs_narrow(n, cell, cand, digit, due), changed = 1;
    }
    return changed;
}

/* Cage c's cells narrowed to their supports (through memo, when lent,
 * under c's key: the same answers): as cs_line. A cage none of whose
 * cells narrowed since it last ran is at its fixed point (the supports
 * of supports are themselves), and a cell is in one cage. */
static int cs_cage(int n, const struct calc_cage *c, struct calc_support_memo *memo, uint64_t key,
                   digitset *cand, struct cs_due *due)
{
    digitset mine[CALC_MAX_CAGE_CELLS], support[CALC_MAX_CAGE_CELLS];
    int changed = 0, touched = 0;
    for (int i = 0; i < c->ncells; i++) touched |= due->cell[c->cells[i]];
    if (!touched) return 0;
    for (int i = 0; i < c->ncells; i++) mine[i] = cand[c->cells[i]];
    if (!calc_cage_supports_memo(memo, c, key, mine, support)) return -1;
    for (int i = 0; i < c->ncells; i++)
        if (support[i] != mine[i]) cs_narrow(n, c->cells[i], cand, support[i], due), changed = 1;
    for (int i = 0; i < c->ncells; i++) due->cell[c->cells[i]] = 0;
    return changed;
}

/* The root's fixed point from the givens: 1 when every cell holds one
 * digit (grid filled), 0 when some hold more, -1 on a contradiction
 * (no solution), -2 when it cannot run (boxes). */
static int cs_root(const struct calcudoku *k, const struct geometry *g, const uint8_t *givens,
                   uint8_t *grid)
{
    int n = g->size;
    if (g->box_rows) return -2;
    digitset cand[SL_MAX_CELLS];
    struct cs_due due;
    /* A line due only where a given narrows it: a line whose cells all
     * hold every digit has no single, hidden or naked, to find. */
    memset(due.line, 0, (size_t)(2 * n));
    for (int c = 0; c < g->ncells; c++) {
        due.cell[c] = 1;
        if (givens[c] > n) return -2; /* a bad given: the ruleset's check names it */
        cand[c] = digitset_all(n);
        if (givens[c]) cs_narrow(n, c, cand, digitset_of(givens[c]), &due);
    }
    /* A cage's key is a fact of its shape and clue: one per count. */
    uint64_t key[SL_MAX_CELLS];
    for (int p = 0; p < k->map.nparts; p++) key[p] = k->memo ? calc_cage_memo_key(&k->cages[p]) : 0;
    /* The lines to their fixed point, then every cage due, until no
     * cage narrows: lines cost little, a cage's walk more. */
    for (int narrowed = 1; narrowed;) {
        for (int changed = 1; changed;) {
            changed = 0;
            for (int line = 0; line < 2 * n; line++) {
                if (!due.line[line]) continue;
                due.line[line] = 0;
                int rc = cs_line(n, line, cand, &due);
                if (rc < 0) return -1;
                changed |= rc;
            }
        }
        narrowed = 0;
        for (int p = 0; p < k->map.nparts; p++) {
            int rc = cs_cage(n, &k->cages[p], k->memo, key[p], cand, &due);
            if (rc < 0) return -1;
            narrowed |= rc;
        }
    }
    for (int c = 0; c < g->ncells; c++) {
        if (!digitset_is_single(cand[c])) return 0;
        grid[c] = (uint8_t)digitset_first(cand[c]);
    }
    return 1;
}

/* 1 when grid (one digit a cell) is a Latin square whose cages hold. */
static int cs_check(const struct calcudoku *k, const struct geometry *g, const uint8_t *grid)
{
    return geometry_lines_latin(g->size, grid) && calcudoku_check(k, g, grid);
}

int calcudoku_settle(const void *self, const struct geometry *g, const uint8_t *givens,
                     uint8_t *grid)
{
    int rc = cs_root(self, g, givens, grid);
    return rc == -2 ? -1 : rc == 1;
}

long calcudoku_count(const void *self, const struct geometry *g, const uint8_t *givens, long limit,
                     uint64_t nodes, uint64_t *used, uint8_t *found)
{
    (void)nodes; /* the root alone: one node, which any budget allows */
    uint8_t grid[SL_MAX_CELLS];
    int rc = cs_root(self, g, givens, grid);
    if (rc == 0 || rc == -2) return -1; /* open cells: the search counts them */
    *used = 1;
    /* Sound narrowings that leave one digit a cell (or nothing) leave
     * the only solution (or none); the check is the check of any answer. */
    if (!(rc == 1 && limit > 0 && cs_check(self, g, grid))) return 0;
    if (found) memcpy(found, grid, (size_t)g->ncells);
    return 1;
}

int calc_draw_list_quick(struct puzzle *p, struct calc_support_memo *memo, long limit,
                         uint64_t nodes, struct search_result *r, uint64_t *used, uint8_t *found)
{
    struct calcudoku *k = NULL;
    for (int i = 0; i < p->nrules; i++)
        if (p->rules[i].ops == &calcudoku_constraint) k = p->rules[i].self;
    struct calc_support_memo *kept = k ? k->memo : NULL;
    if (k) k->memo = memo;
    int listed = puzzle_list_quick(p, limit, nodes, r, used, found);
    if (k) k->memo = kept;
    return listed;
}
