/*
 * test_rule_position.h — a rater position for one rule's own techniques
 * (test_tech_killer.c, test_tech_lines.c): the rule on an empty classic
 * 9x9 grid, every cell open with every candidate, then edits as
 * test_human.h's marks_apply takes them; and checks on the step a row of
 * the ladder finds there.
 */
#ifndef SUDOLAB_TEST_RULE_POSITION_H
#define SUDOLAB_TEST_RULE_POSITION_H

#include <CUnit/CUnit.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "puzzle.h"
#include "rate.h"
#include "test_human.h"

struct rule_position {
    struct puzzle puzzle;
    struct ruleset *rules;
    struct human_layout lay;
    struct human h;
    struct step step;
};

/* Opens the position: classic rules and rule with its text arguments. */
static inline struct rule_position *rule_position_open(const char *rule, const char *args,
                                                       const char *edits)
{
    struct rule_position *f = calloc(1, sizeof *f);
    struct geometry g;
    struct sl_error err = {0};
    CU_ASSERT_FATAL(f != NULL && geometry_init(&g, 9, 3, 3, &err) == 0);
    puzzle_init(&f->puzzle, &g);
    CU_ASSERT_FATAL(puzzle_add_classic(&f->puzzle, &err) == 0);
    CU_ASSERT_FATAL(puzzle_add_rule(&f->puzzle, rule, args, &err) == 0);
    f->rules = ruleset_build(&f->puzzle, &err);
    CU_ASSERT_FATAL(f->rules != NULL && human_layout_init(&f->lay, f->rules) == 0);
    f->h.lay = &f->lay;
    for (int c = 0; c < 81; c++) f->h.cand[c] = f->rules->domain[c];
    marks_apply(&f->h, edits);
    return f;
}

static inline void rule_position_close(struct rule_position *f)
{
    human_layout_free(&f->lay);
    ruleset_free(f->rules);
    puzzle_clear(&f->puzzle);
    free(f);
}

/* Runs table row t on the position into f->step; 1 when it found a step. */
static inline int rule_position_row(struct rule_position *f, int t)
{
    memset(&f->step, 0, sizeof f->step);
    f->step.technique = t;
    f->step.rating = technique_table[t].rating;
    f->step.place_cell = -1;
    return technique_table[t].find(&f->h, technique_table[t].param, &f->step);
}

/* Runs the row keyed key; when it finds a step, checks that no easier row
 * finds one (naming it if one does) and that the step bears the key. */
static inline int rule_position_find(struct rule_position *f, const char *key)
{
    int t = technique_by_key(key);
    CU_ASSERT_FATAL(t >= 0);
    if (!rule_position_row(f, t)) return 0;
    struct step found = f->step;
    for (int easier = 0; easier < t && technique_table[easier].rating < found.rating; easier++)
        if (rule_position_row(f, easier)) {
            char words[1024];
            fprintf(stderr, "\n  %s: an easier %s applies first: %s\n", key,
                    technique_table[easier].key,
                    step_describe(&f->lay, &f->step, words, sizeof words));
            CU_FAIL("an easier technique applies to the position");
        }
    f->step = found;
    CU_ASSERT_STRING_EQUAL(found.key, key);
    return 1;
}

/* The candidates cell (row, col) keeps after the step. */
static inline digitset rule_position_after(const struct rule_position *f, int row, int col)
{
    int c = (row - 1) * 9 + col - 1;
    digitset left = f->h.cand[c];
    for (int i = 0; i < f->step.nelims; i++)
        if (f->step.elims[i].cell == c) left &= ~f->step.elims[i].digits;
    return left;
}

/* 1 when the step's words hold text. */
static inline int rule_position_says(const struct rule_position *f, const char *text)
{
    char words[2048];
    return strstr(step_describe(&f->lay, &f->step, words, sizeof words), text) != NULL;
}

/* The digits of a list such as "159". */
static inline digitset digits_of_list(const char *list)
{
    digitset d = 0;
    for (; *list; list++) d |= digitset_of(*list - '0');
    return d;
}

#endif
