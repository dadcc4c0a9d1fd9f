/*
 * step_words.c — a step in the words a player reads: where, what, and
 * what it does, as in "r3c5: hidden single 7 in box 2" or "X-wing on 4 in
 * rows 2 and 7: r5c2<>4, r9c2<>4".
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "forcing.h"
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
        const struct step_node *n = &s->nodes[i];
        int on = n->on & 1, group = i + 1 < s->nnodes && (s->nodes[i + 1].on & STEP_NODE_JOINS);
        if (n->on & STEP_NODE_JOINS)
            words_add(w, " ");
        else
            words_add(w, "%s%s", i ? (on ? " => " : " -> ") : ": ", group ? "(" : "");
        words_cell(w, lay, n->cell);
        if (group) continue;
        words_add(w, "%s%s%c", n->on & STEP_NODE_JOINS ? ")" : "", on ? "=" : "<>",
                  geometry_symbol(n->digit));
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

/* Forcing chains (forcing.h): what was assumed, and what followed. */
static void words_forcing(struct words *w, const struct human_layout *lay, const struct step *s)
{
    char house[32];
    const struct step_node *from = &s->nodes[0];
    words_add(w, "%s: ", s->name ? s->name : technique_table[s->technique].name);
    switch (s->variant) {
    case FORCING_CONTRADICTION:
    case FORCING_NEGATION_CONTRADICTS:
    case FORCING_DOUBLE:
        words_cell(w, lay, from->cell);
        words_add(w, "%s%c", s->variant == FORCING_NEGATION_CONTRADICTS ? "<>" : "=",
                  geometry_symbol(from->digit));
        words_add(w, "%s",
                  s->variant == FORCING_DOUBLE ? " and its opposite lead to the same"
                                               : " leads to a contradiction");
        break;
    case FORCING_CELL:
        words_add(w, "every digit of ");
        words_cell(w, lay, s->cells[0]);
        words_add(w, " leads to the same");
        break;
    default:
        words_add(w, "every place of %c in %s leads to the same",
                  geometry_symbol(digitset_first(s->digits)),
                  human_house_name(lay, s->houses[0], house, sizeof house));
    }
    words_add(w, "; so ");
    words_cell(w, lay, s->elims[0].cell);
    words_add(w, "<>");
    words_digits(w, s->elims[0].digits);
    for (int i = 1; i < s->nelims; i++) {
        words_add(w, "%s", i == 1 ? " (and by chains as short: " : ", ");
        words_cell(w, lay, s->elims[i].cell);
        words_add(w, "<>");
        words_digits(w, s->elims[i].digits);
    }
    if (s->nelims > 1) words_add(w, ")");
}

const char *step_describe(const struct human_layout *lay, const struct step *s, char *buf, int cap)
{
    struct words w = {buf, cap, 0};
    const struct technique *row = &technique_table[s->technique];
    const char *name = s->name ? s->name : row->name;
    buf[0] = '\0';
    if (s->search_nodes) {
        words_cell(&w, lay, s->place_cell);
        words_add(&w, ": %c, as a search from here finds (no technique applies; %llu nodes)",
                  geometry_symbol(s->place_digit), (unsigned long long)s->search_nodes);
        return buf;
    }
    if (s->place_cell >= 0) {
        words_cell(&w, lay, s->place_cell);
        words_add(&w, ": %s %c", name, geometry_symbol(s->place_digit));
        words_houses(&w, lay, s);
        return buf;
    }
    if (row->find == find_forcing_chain) {
        words_forcing(&w, lay, s);
        return buf;
    }
    words_add(&w, "%s", name);
    if (s->detail[0]) words_add(&w, ": %s", s->detail);
    if (s->digits) {
        words_add(&w, " on ");
        words_digits(&w, s->digits);
    }
    words_houses(&w, lay, s);
    if (s->ncells && !s->nnodes && !s->detail[0]) {
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
