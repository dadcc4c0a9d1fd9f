/*
 * test_human.h — rater fixtures for the technique suites: a classic 9x9
 * human state from pencil marks, and checks on the step a technique finds.
 *
 * Pencil marks are 81 tokens separated by blanks (newlines welcome): a
 * token of one digit is a placed digit, a longer token the candidates of
 * an open cell ("158").
 */
#ifndef SUDOLAB_TEST_HUMAN_H
#define SUDOLAB_TEST_HUMAN_H

#include <ctype.h>
#include <stdlib.h>

#include "human.h"
#include "technique.h"
#include "test_helpers.h"

struct marks_fixture {
    struct fixture base;
    struct human_layout *lay;
    struct human h;
    struct step step;
};

static inline int marks_open(struct marks_fixture *f, const char *marks)
{
    if (fixture_open(&f->base, 9, 3, 3, NULL)) return -1;
    f->lay = malloc(sizeof *f->lay);
    if (!f->lay || human_layout_init(f->lay, f->base.rules)) return -1;
    f->h.lay = f->lay;
    f->h.open = 0;
    const char *p = marks;
    for (int c = 0; c < 81; c++) {
        while (*p && isspace((unsigned char)*p)) p++;
        digitset set = 0;
        int len = 0;
        for (; *p && !isspace((unsigned char)*p); p++, len++) set |= digitset_of(*p - '0');
        if (len == 0) return -1;
        f->h.value[c] = len == 1 ? (uint8_t)digitset_first(set) : 0;
        f->h.cand[c] = len == 1 ? 0 : set;
        f->h.open += len > 1;
    }
    human_recount(&f->h);
    return 0;
}

static inline void marks_close(struct marks_fixture *f)
{
    free(f->lay);
    fixture_close(&f->base);
}

/* Runs the table row named key on the state; 1 when it found a step. */
static inline int marks_find(struct marks_fixture *f, const char *key)
{
    int t = technique_by_key(key);
    if (t < 0) return 0;
    memset(&f->step, 0, sizeof f->step);
    f->step.technique = t;
    f->step.rating = technique_table[t].rating;
    f->step.place_cell = -1;
    return technique_table[t].find(&f->h, technique_table[t].param, &f->step);
}

/* 1 when the step removes digit from cell (row, col 1-based). */
static inline int step_removes(const struct step *s, int row, int col, int digit)
{
    for (int i = 0; i < s->nelims; i++)
        if (s->elims[i].cell == (row - 1) * 9 + col - 1 && (s->elims[i].digits & digitset_of(digit)))
            return 1;
    return 0;
}

/* Candidates the step removes in all, counting only those still there. */
static inline int step_removal_count(const struct human *h, const struct step *s)
{
    int n = 0;
    for (int i = 0; i < s->nelims; i++)
        n += digitset_count(s->elims[i].digits & h->cand[s->elims[i].cell]);
    return n;
}

#endif
