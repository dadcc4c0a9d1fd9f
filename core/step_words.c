/*
 * step_words.c — a step in the words a player reads: where, what, and
 * what it does, as in "r3c5: hidden single 7 in box 2" or "X-wing on 4 in
 * rows 2 and 7: r5c2<>4, r9c2<>4".
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "rate.h"
#include "technique.h"

struct words {
    char *buf;
    int cap, len;
};

static void words_add(struct words *w, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void words_add(struct words *w, const char *fmt, ...)
{
    if (w->len >= w->cap - 1) return;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(w->buf + w->len, (size_t)(w->cap - w->len), fmt, ap);
    va_end(ap);
    if (n > 0) w->len = w->len + n < w->cap ? w->len + n : w->cap - 1;
}

static void words_digits(struct words *w, digitset digits)
{
    const char *sep = "";
    for (; digits; digits = digitset_rest(digits), sep = ",")
        words_add(w, "%s%c", sep, geometry_symbol(digitset_first(digits)));
}

static void words_cell(struct words *w, const struct human_layout *lay, int cell)
{
    char name[16];
    words_add(w, "%s", human_cell_name(lay, cell, name, sizeof name));
}

static void words_houses(struct words *w, const struct human_layout *lay, const struct step *s)
{
    char name[32];
    for (int i = 0; i < s->nhouses; i++)
        words_add(w, "%s%s",
                  i == 0                ? " in "
                  : i == s->nhouses - 1 ? " and "
                                        : ", ",
                  human_house_name(lay, s->houses[i], name, sizeof name));
}

static void words_chain(struct words *w, const struct human_layout *lay, const struct step *s)
{
    for (int i = 0; i < s->nnodes; i++) {
        words_add(w, "%s", i ? (s->nodes[i].on ? " => " : " -> ") : ": ");
        words_cell(w, lay, s->nodes[i].cell);
        words_add(w, "%s%c", s->nodes[i].on ? "=" : "<>", geometry_symbol(s->nodes[i].digit));
    }
}

static void words_removals(struct words *w, const struct human_layout *lay, const struct step *s)
{
    for (int i = 0; i < s->nelims; i++) {
        words_add(w, "%s", i ? ", " : "; so ");
        words_cell(w, lay, s->elims[i].cell);
        words_add(w, "<>");
        words_digits(w, s->elims[i].digits);
    }
}

const char *step_describe(const struct human_layout *lay, const struct step *s, char *buf, int cap)
{
    struct words w = {buf, cap, 0};
    const struct technique *row = &technique_table[s->technique];
    const char *name = s->name ? s->name : row->name;
    buf[0] = '\0';
    if (s->place_cell >= 0) {
        words_cell(&w, lay, s->place_cell);
        words_add(&w, ": %s %c", name, geometry_symbol(s->place_digit));
        words_houses(&w, lay, s);
        return buf;
    }
    words_add(&w, "%s", name);
    if (s->digits) {
        words_add(&w, " on ");
        words_digits(&w, s->digits);
    }
    words_houses(&w, lay, s);
    if (s->ncells && !s->nnodes) {
        words_add(&w, " (");
        for (int i = 0; i < s->ncells; i++) {
            words_add(&w, "%s", i ? " " : "");
            words_cell(&w, lay, s->cells[i]);
        }
        words_add(&w, ")");
    }
    words_chain(&w, lay, s);
    words_removals(&w, lay, s);
    return buf;
}
