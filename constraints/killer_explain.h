/*
 * killer_explain.h — the killer techniques a player uses, named for the
 * rater (the killer rule's explain hook, constraint.h).
 *
 * Each technique is one key the rater's ladder asks for: a cage seen more
 * or less sharply (one combination; bounds; the combinations of a small
 * or a big cage that meet every cell; combinations cut by candidates; the
 * digits every combination needs; cage pointing; combinations a house
 * rules out), combination conflicts between two or three cages of one
 * house, and the rule of 45 (one innie, a cage split by a house, a hidden
 * cage, each at a glance: bounds and small combinations; one outie and
 * the rest at full strength; innie and outie differences; several
 * houses). A technique makes one deduction on the scratch state through
 * prop_restrict and names it, with the equation a rule-of-45 sum says;
 * the rater rates it. The derived sums are the ones the search propagates
 * (killer_innies.h), so the rater and the solver see the same rule of 45;
 * only the difference forms are the rater's alone.
 */
#ifndef SUDOLAB_KILLER_EXPLAIN_H
#define SUDOLAB_KILLER_EXPLAIN_H

#include "cage_sums.h"
#include "cellmap.h"
#include "killer_differences.h"

struct killer_sums {
    const struct sum_set *sums;
    const struct sum_set *differences;  /* killer_differences_new's, for the rater alone */
    const struct cellmap *map;          /* cage of each cell */
    int ncage_sums;                     /* sums [0, ncage_sums) are cages' */
    int one_house_end;                  /* then [.., one_house_end) single houses', then runs' */
    const struct killer_shapes *shapes; /* killer_explain_shapes' */
};

/* What a player sees in each derived sum (killer_explain_45.c's shapes,
 * KILLER_SHAPES of them): a shape a sum, and the sums of each shape in
 * order, so that a rule-of-45 row taking one shape reads those alone.
 * With them, facts of the cages' cells the conflict rows read at every
 * question: the houses each cage lies whole in (the first
 * KILLER_CAGE_HOUSES) and its mates, the other cages lying whole in one
 * of those houses, in index order. Cells alone decide all of it, so it
 * stands over a retotal. */
#define KILLER_SHAPES 6
#define KILLER_CAGE_HOUSES 8
struct killer_shapes {
    uint8_t *of;                  /* derived sum i's at of[i - ncage_sums] */
    int *by_shape;                /* sum indices, shape by shape, each shape's in order */
    int start[KILLER_SHAPES + 1]; /* shape s's: by_shape[start[s]] up to start[s + 1] */
    int *house_count;             /* cage i's houses: house[i * KILLER_CAGE_HOUSES + k], */
    int *house;                   /* k below house_count[i] */
    int *mate_start;              /* cage i's mates: mate[mate_start[i]] up to */
    int *mate;                    /* mate[mate_start[i + 1]] */
};

/* The shapes of ks's derived sums and the facts of its cages (ks->shapes
 * unused), in one block for free(); NULL when out of memory. */
struct killer_shapes *killer_explain_shapes(const struct killer_sums *ks);
/* Lists sums first .. first + n - 1 by their shapes (sum first + k has
 * of[k], each below KILLER_SHAPES) into by_shape, each shape's in order,
 * shape s's from start[s] up to start[s + 1]. */
void killer_shapes_index(const uint8_t *of, int n, int first, int *by_shape, int *start);

/* Makes one deduction of the technique keyed `technique` on ctx and names
 * it in sink: 1, or 0 when the technique is not a killer one or finds
 * nothing. EXPLAIN_ALL makes every deduction of one pass (explain.h).
 * With sink->changed set, the rows look only at the sums whose inputs
 * hold a changed cell (the others fail again): a sum's own cells, and for
 * the cage row that reads houses (what a house rules out) the cells of
 * the houses it meets; combination conflicts only at the cages with a
 * changed cage in one of their houses; the one-combination row, which
 * reads only placed digits, at the cages with a cell single since. The
 * cage rows find those cages from sink->changed_list. */
int killer_explain_find(const struct killer_sums *ks, const char *technique, struct prop_ctx *ctx,
                        struct explain_sink *sink);
/* Orders the n indices of effort by their efforts (each -1 or more: -1
 * for a cage too large to list its combinations), least first, ties in
 * index order (a stable sort), into order: the cage rows weigh the cages
 * allowing the fewest combinations first. */
void killer_order_by_effort(const int *effort, int n, int *order);

/* 1 when technique is one of the keys of killer_explain_find's rows
 * (EXPLAIN_ALL, which it also answers, aside). */
int killer_explain_knows(const char *technique);

#endif
