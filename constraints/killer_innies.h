/*
 * killer_innies.h — the rule of 45: sums a killer implies beyond its cages.
 *
 * A house, or a run of adjacent rows or columns, adds up to a known total.
 * Take away the cages inside it and the cells left in it (innies) add up
 * to the rest; the cells that cages reaching into it have outside it
 * (outies) add up to what those cages hold beyond it. Each such set of at
 * most N cells becomes one more watched sum, so propagation sees what a
 * solver by hand would find first.
 */
#ifndef SUDOLAB_KILLER_INNIES_H
#define SUDOLAB_KILLER_INNIES_H

#include "cellmap.h"
#include "cage_sums.h"

struct killer_cages {
    const struct cellmap *map; /* cage of each cell */
    const int *sum;            /* per cage, 0 = none */
};

/* Adds the derived sums to sums and watches each as the next group: those
 * of single houses first (*one_house_end is the number of sums after
 * them), then those of runs of houses. A lean ruleset (rules_lean) keeps
 * the innies of single houses alone: they settle most killers' roots
 * with the cages. The houses are read from sums' index
 * (sum_set_house_index), which holds b's.
 * With grid_shaped not NULL, *grid_shaped becomes 1 when no set was
 * dropped for its total alone (below one, which no grid gives): the sums
 * added are then the same (cells, groups, order) over any totals of these
 * cages that a grid meets, but for repeats and whole houses, which
 * sum_set_repeats_cells and the totals tell. */
int killer_add_innies(const struct killer_cages *cages, struct sum_set *sums,
                      struct rule_builder *b, int *one_house_end, int *grid_shaped,
                      struct sl_error *err);

#endif
