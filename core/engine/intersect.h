/*
 * intersect.h — where two units meet in two or more cells.
 *
 * When units A and B (at least one a house) share cells S and house A can
 * place digit d only inside S, d must be in S, so it leaves B \ S:
 * pointing when A is a box, claiming when A is a line, and the same for
 * any other units (jigsaw regions, diagonals, cages).
 *
 * Each intersection keeps three cell lists: the shared cells, and the
 * cells of each unit outside them, so that the propagator's test is three
 * unions and two masks.
 */
#ifndef SUDOLAB_INTERSECT_H
#define SUDOLAB_INTERSECT_H

#include "rules.h"

struct intersection {
    int a, b;  /* the two units, a < b, a a house */
    int start; /* into intersection_cells: shared, only_a, only_b */
    int shared, only_a, only_b;
    uint8_t a_is_house, b_is_house;
};

/* Fills rs->intersections, rs->intersection_cells and, per unit, the set
 * of intersections it is part of (rs->unit_intersections). */
int intersections_build(struct ruleset *rs, struct sl_error *err);

#endif
