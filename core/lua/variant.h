/*
 * variant.h — a variant file of variants/ seen from C: its name, grid and
 * rules, for `--variant NAME` (classic puzzles given under a variant's
 * rules) and for timing the interpreter's start.
 */
#ifndef SUDOLAB_VARIANT_H
#define SUDOLAB_VARIANT_H

#include "puzzle.h"

struct variant_spec {
    char name[SL_NAME_MAX];
    int size;
    int box_rows, box_cols;        /* 0, 0 for none */
    char rules[VARIANT_RULES_MAX]; /* the rules text */
};

/* The project folder holding variants/ and scripts/: $SUDOLAB_ROOT, or
 * where the sources were built. */
const char *variant_root(void);
/* Loads variants/NAME.lua in a fresh interpreter (started and closed
 * here, which `sudolab variants --time` measures). 0, or -1 with err. */
int variant_load(const char *name, struct variant_spec *v, struct sl_error *err);
/* Gives a classic puzzle the variant's grid and rules (its givens stay).
 * 0, or -1 with err (a puzzle of another size, a puzzle with rules of its
 * own, or a variant whose rules need per-puzzle data). */
int variant_apply(const struct variant_spec *v, struct puzzle *p, struct sl_error *err);

#endif
