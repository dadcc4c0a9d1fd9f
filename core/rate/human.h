/*
 * human.h — the rater's grid: a player's pencil marks, and the steps that
 * change them.
 *
 * A layout is built once per ruleset: the houses (units of N cells, where
 * every digit must appear), which houses hold each cell, and which cells
 * see each other (share any unit, cages included). A human state is the
 * grid a player has: placed digits, and the candidates left in open cells
 * (0 in placed cells, so a technique never counts a placed cell as a
 * place). Placing a digit removes it from the cell's peers at once, as a
 * player's pencil marks do; every other change is a step.
 *
 * A step is what one technique found (technique.h): the digit it places or
 * the candidates it removes, and the pattern behind it (houses, cells,
 * digits, chain nodes) for the words a player reads (rate.h).
 */
#ifndef SUDOLAB_HUMAN_H
#define SUDOLAB_HUMAN_H

#include <stdint.h>

#include "rules.h"

struct prop_ctx;

/* A set of cells: bit c of word c / 64. */
#define HUMAN_CELL_WORDS ((SL_MAX_CELLS + 63) / 64)
struct cellset {
    uint64_t w[HUMAN_CELL_WORDS];
};

/* What a house is, read off its cells (techniques that treat boxes and
 * lines apart, and the words). */
enum house_kind {
    HOUSE_ROW,
    HOUSE_COLUMN,
    HOUSE_BOX,
    HOUSE_MAIN_DIAGONAL,
    HOUSE_ANTI_DIAGONAL,
    HOUSE_REGION
};
/* Boxes and irregular regions are blocks; rows, columns, diagonals lines. */
static inline int house_is_block(int kind) { return kind == HOUSE_BOX || kind == HOUSE_REGION; }

struct human_layout {
    const struct ruleset *rs;
    int size, ncells, nhouses, words; /* words: cellset words in use */
    digitset all;
    const uint16_t *house_cells[SL_MAX_UNITS]; /* N cells each */
    uint8_t ncell_houses[SL_MAX_CELLS];
    uint16_t cell_houses[SL_MAX_CELLS][HUMAN_MAX_HOUSES_PER_CELL];
    uint8_t cell_house_pos[SL_MAX_CELLS][HUMAN_MAX_HOUSES_PER_CELL]; /* its place in each */
    struct cellset peers[SL_MAX_CELLS]; /* cells sharing a unit, not the cell itself */
    struct cellset house_set[SL_MAX_UNITS];
    uint8_t house_kind[SL_MAX_UNITS];   /* enum house_kind */
    int16_t house_index[SL_MAX_UNITS];  /* 0-based row, column, box or region number */
    int16_t line_house[2][SL_MAX_SIZE]; /* [0][r]: the house of row r; [1][c]: column c; or -1 */
    int lines_in_order; /* every row and column house lists its cells in grid order, so
                           its places are columns (rows) as bits */
    /* Pairs of houses meeting in two cells or more (locked candidates). */
    int nmeetings;
    struct house_meeting {
        uint16_t a, b;
        uint32_t a_in_b; /* places of house a that lie in b */
        uint32_t b_in_a;
    } meetings[HUMAN_MAX_MEETINGS];
    /* Each pair is listed both ways, by a in order: house a's meetings
     * (it as a) are meetings[meeting_first[a]] up to meeting_first[a + 1]. */
    int meeting_first[HUMAN_MAX_HOUSES + 1];
    /* The meetings of a block with a line, in meeting order: [1] those from
     * the block (pointing), [0] those from the line (claiming). */
    int nlocking[2];
    uint16_t locking[2][HUMAN_MAX_MEETINGS];
    /* For each house, the cells of the blocks holding any of its cells
     * (where a removal in the house may leave a single in a block). */
    struct cellset block_reach[SL_MAX_UNITS];
    /* The rules' explain hooks' scratch (find_rule_deduction), made with
     * the layout and reused, or NULL when no rule has a hook. It changes
     * under a const layout, so a layout serves one thread at a time. */
    struct rule_scratch *rule_scratch;
};

/* What the rules' explain hooks are asked in: a search state holding the
 * rater's candidates (placed digits as single candidates, the rest of the
 * state zero) and a propagation context. A rating asks the hooks many
 * times about one grid: the grid is read into `clean` when it differs
 * from the one seen (seen_cand, seen_value), and `state`, which a hook
 * prunes, is a copy of clean made for each question. */
struct rule_scratch {
    struct prop_ctx *ctx;
    digitset *state, *clean; /* rs->state_bytes each */
    int seen;                /* clean holds the grid of seen_cand, seen_value */
    digitset *seen_cand;     /* ncells */
    uint8_t *seen_value;     /* ncells */
    /* Per technique row, once row_ready: the slots whose hooks may know
     * its key (bit i for slot i), so a row no rule knows costs a test. */
    uint64_t *row_slots;
    uint8_t *row_ready;
};

struct human {
    const struct human_layout *lay;
    digitset cand[SL_MAX_CELLS]; /* open cells: candidates left; placed cells: 0 */
    uint8_t value[SL_MAX_CELLS]; /* 0 while open */
    int open;                    /* open cells left */
    /* Where each digit can go in each house: bit k for the house's k-th
     * cell; kept up to date by every change (human_recount after a
     * change made by hand). */
    uint32_t places[HUMAN_MAX_HOUSES][SL_MAX_SIZE + 1];
};

/* A candidate removal and a chain node (digit on or off in a cell). */
struct step_elim {
    uint16_t cell;
    digitset digits;
};
struct step_node {
    uint16_t cell;
    uint8_t digit;
    uint8_t on; /* bit 0: on; STEP_NODE_JOINS: one more cell of the node before (a group) */
};
enum { STEP_NODE_JOINS = 2 };

struct step {
    int technique;      /* index in the technique table */
    double rating;      /* difficulty of this step (chains rate by length) */
    double good_enough; /* set by the caller: a step rated no higher is as good as
                           the easiest, so a finder may stop at the first such */
    int place_cell;     /* -1 when the step only removes candidates */
    int place_digit;    /* the digit placed */
    int nelims;
    struct step_elim elims[STEP_MAX_ELIMS];
    /* The pattern, for the words: */
    digitset digits;
    int nhouses, houses[STEP_MAX_HOUSES]; /* fish: the base houses, then the cover houses */
    int ncells;
    uint16_t cells[STEP_MAX_CELLS];
    int nnodes;
    struct step_node nodes[STEP_MAX_NODES]; /* chains: in order */
    const char *name;                       /* a rule's own technique (explain): its words, */
    const char *key;                        /* and its key for counts; else both NULL */
    char detail[EXPLAIN_MAX_DETAIL];        /* a rule's equation for the step, or "" */
    uint64_t search_nodes; /* the rater's search fallback: the nodes it needed, else 0 */
    int variant;           /* a technique's own kind of step, for the words (forcing.h) */
    int rule_slot;         /* the ruleset slot whose explain hook made it, else -1 */
};

/* Fills lay for rs (which must outlive it), and has rs's rules make what
 * their explain hooks need (explain_prepare). Returns 0, or -1 when a cell
 * lies in more houses than the layout can hold, or out of memory. */
int human_layout_init(struct human_layout *lay, const struct ruleset *rs);
/* Frees what human_layout_init made (not lay itself). */
void human_layout_free(struct human_layout *lay);
/* lay's ruleset has had its totals patched (ruleset_retotal): its units,
 * and so the houses, peers and meetings, are as laid out, while its rules'
 * rater data and its state's size may not be. Has the rules make that
 * data again and makes the scratch anew: lay is then what
 * human_layout_init would make. 0, or -1 when out of memory. */
int human_layout_retotaled(struct human_layout *lay);

/* Starts from the givens: every candidate the starting domains allow,
 * each given removed from its peers. Returns 0, or -1 when the givens
 * leave some open cell without a candidate. */
int human_init(struct human *h, const struct human_layout *lay, const uint8_t *givens);

/* Places digit in cell (removing it from the peers); 0, or -1 when the
 * digit was not a candidate there. */
int human_place(struct human *h, int cell, int digit);
/* Applies a step: its placement, then its removals. Returns the number of
 * candidates it removed plus 1 for a placement (0: the step changed
 * nothing, which the rater treats as a bug), or -1 when a removal would
 * leave a cell without candidates (the puzzle is broken). */
int human_apply(struct human *h, const struct step *s);

/* Where digit can go in house i: bit k for the house's k-th cell. */
static inline uint32_t human_places(const struct human *h, int house, int digit)
{
    return h->places[house][digit];
}

/* 1 when digit has exactly two places in house (a strong link), their
 * cells in house order in *a and *b. */
static inline int human_place_pair(const struct human *h, int house, int digit, int *a, int *b)
{
    uint32_t places = h->places[house][digit];
    if (__builtin_popcount(places) != 2) return 0;
    *a = h->lay->house_cells[house][__builtin_ctz(places)];
    *b = h->lay->house_cells[house][31 - __builtin_clz(places)];
    return 1;
}

/* The digits with a place where meeting m's house a meets b and none
 * elsewhere in a: one pass over a's cells instead of one per digit. */
static inline digitset human_meeting_inside(const struct human *h, const struct house_meeting *m)
{
    const uint16_t *cells = h->lay->house_cells[m->a];
    digitset inside = 0, outside = 0;
    for (int k = 0; k < h->lay->size; k++) {
        if ((m->a_in_b >> k) & 1)
            inside |= h->cand[cells[k]];
        else
            outside |= h->cand[cells[k]];
    }
    return inside & ~outside;
}

/* Recomputes places from cand (after setting cand by hand, as tests do). */
void human_recount(struct human *h);
/* Recounts, then removes each placed digit from its peers' candidates, as
 * human_init does (for pencil marks a player typed). */
void human_settle(struct human *h);

/* 1 when cells a and b (a != b) share a unit. */
static inline int human_sees(const struct human_layout *lay, int a, int b)
{
    return (int)((lay->peers[a].w[b >> 6] >> (b & 63)) & 1);
}

/* 1 when applying the removals of s leaves a removed digit a hidden single
 * in a house through a changed cell (the "direct" forms): in house `only`
 * when it is not negative, else in a house that is a block (blocks 1) or
 * a line (blocks 0). Then s becomes that single's placement alone, as
 * Sudoku Explainer's direct techniques take it: the removals themselves
 * are left for a later step to pay for. */
int human_removals_make_hidden_single(const struct human *h, struct step *s, int only, int blocks);

/* --- cell sets ------------------------------------------------------- */

static inline void cellset_clear(struct cellset *s) { *s = (struct cellset){{0}}; }
static inline void cellset_add(struct cellset *s, int c)
{
    s->w[c >> 6] |= UINT64_C(1) << (c & 63);
}
static inline int cellset_has(const struct cellset *s, int c)
{
    return (int)((s->w[c >> 6] >> (c & 63)) & 1);
}
/* out = a & b over the layout's words; returns 1 when the result is not empty. */
int cellset_and(const struct human_layout *lay, const struct cellset *a, const struct cellset *b,
                struct cellset *out);
int cellset_count(const struct human_layout *lay, const struct cellset *s);
/* The next member at or after c, or -1. */
int cellset_next(const struct human_layout *lay, const struct cellset *s, int c);

/* --- words ----------------------------------------------------------- */

/* "row 3", "column 5", "box 2", "diagonal", "region 4": names a house the
 * way a player would (1-based). Returns buf. */
const char *human_house_name(const struct human_layout *lay, int house, char *buf, int cap);
/* "r3c5". Returns buf. */
const char *human_cell_name(const struct human_layout *lay, int cell, char *buf, int cap);

#endif
