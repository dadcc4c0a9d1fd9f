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
#include <stdio.h>
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

/* Cells named by a token's head: r3c5 (a cell), r3c5:7 (columns 5 to 7
 * of row 3), r3 (a row), c5 (a column), b2 (a box). Returns the count
 * written to cells. */
static inline int marks_cells(const char **p, int *cells)
{
    int kind = **p, a = (*p)[1] - '1', n = 0;
    *p += 2;
    if (kind == 'r' && **p == 'c') {
        int first = (*p)[1] - '1', last = first;
        *p += 2;
        if (**p == ':') last = (*p)[1] - '1', *p += 2;
        for (int col = first; col <= last; col++) cells[n++] = a * 9 + col;
        return n;
    }
    for (int k = 0; k < 9; k++)
        cells[n++] = kind == 'r'   ? a * 9 + k
                     : kind == 'c' ? k * 9 + a
                                   : (a / 3 * 3 + k / 3) * 9 + a % 3 * 3 + k % 3;
    return n;
}

/* Applies edits to h, blank-separated: CELLS=DIGITS sets the candidates,
 * CELLS-DIGITS removes some, CELLS!D places D (no peer is touched: the
 * position is exactly what the edits say). */
static inline void marks_apply(struct human *h, const char *edits)
{
    for (const char *p = edits; *p;) {
        if (isspace((unsigned char)*p)) {
            p++;
            continue;
        }
        int cells[9], n = marks_cells(&p, cells), op = *p++;
        digitset digits = 0;
        for (; *p >= '1' && *p <= '9'; p++) digits |= digitset_of(*p - '0');
        for (int i = 0; i < n; i++) {
            int c = cells[i];
            if (op == '=') h->cand[c] = digits;
            if (op == '-') h->cand[c] &= ~digits;
            if (op == '!') h->value[c] = (uint8_t)digitset_first(digits), h->cand[c] = 0;
        }
    }
    h->open = 0;
    for (int c = 0; c < 81; c++) h->open += !h->value[c];
    human_recount(h);
}

/* Starts from every cell open with every candidate, then applies edits
 * (marks_apply). */
static inline int marks_edit(struct marks_fixture *f, const char *edits)
{
    char all[81 * 10 + 1], *w = all;
    for (int c = 0; c < 81; c++) w += sprintf(w, "123456789 ");
    if (marks_open(f, all)) return -1;
    marks_apply(&f->h, edits);
    return 0;
}

static inline void marks_close(struct marks_fixture *f)
{
    if (f->lay) human_layout_free(f->lay);
    free(f->lay);
    fixture_close(&f->base);
}

/* Runs table row t on the state into f->step; 1 when it found a step. */
static inline int marks_row(struct marks_fixture *f, int t)
{
    memset(&f->step, 0, sizeof f->step);
    f->step.technique = t;
    f->step.rating = technique_table[t].rating;
    f->step.place_cell = -1;
    return technique_table[t].find(&f->h, technique_table[t].param, &f->step);
}

/* Runs the table row named key on the state; 1 when it found a step.
 * When it does, it also checks that no easier row makes progress there:
 * the position shows this technique and only it. */
static inline int marks_find(struct marks_fixture *f, const char *key)
{
    int t = technique_by_key(key);
    if (t < 0) return 0;
    if (!marks_row(f, t)) return 0;
    struct step found = f->step;
    for (int easier = 0; easier < t && technique_table[easier].rating < found.rating; easier++)
        if (marks_row(f, easier)) {
            fprintf(stderr, "\n  %s: an easier %s applies first\n", key,
                    technique_table[easier].key);
            CU_FAIL("an easier technique applies to the position");
        }
    f->step = found;
    return 1;
}

/* 1 when the step removes digit from cell (row, col 1-based). */
static inline int step_removes(const struct step *s, int row, int col, int digit)
{
    for (int i = 0; i < s->nelims; i++)
        if (s->elims[i].cell == (row - 1) * 9 + col - 1 &&
            (s->elims[i].digits & digitset_of(digit)))
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
