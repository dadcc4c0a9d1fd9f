/*
 * forcing.h — what follows from an assumption: the probe behind the
 * rater's forcing chains (tech_forcing.c).
 *
 * A probe starts from a human state, assumes one candidate true (on) or
 * false (off) and draws the consequences breadth-first until nothing
 * follows or two of them contradict each other. How far it looks is its
 * mode:
 *   PROBE_STATIC   only the links already in the grid: a digit on turns it
 *                  off in its peers and the cell's other digits off; off
 *                  turns on the other digit of a cell that had two, and the
 *                  other place of a digit that had two in a house (the
 *                  links of alternating chains);
 *   PROBE_DIGIT    one digit only, with the digit's singles as the grid
 *                  changes (nishio);
 *   PROBE_SINGLES  every naked and hidden single as the grid changes
 *                  (dynamic forcing chains);
 *   PROBE_PLUS     singles, and locked candidates whenever singles stop;
 *   PROBE_RULES    singles, and the rules' own deductions whenever singles
 *                  stop (a killer's cages and rule of 45, asked of their
 *                  explain hooks as EXPLAIN_ALL).
 * The probe counts the consequences it drew: the length of the chains.
 */
#ifndef SUDOLAB_FORCING_H
#define SUDOLAB_FORCING_H

#include "human.h"

enum probe_mode { PROBE_SINGLES, PROBE_PLUS, PROBE_RULES, PROBE_STATIC, PROBE_DIGIT };

/* How a forcing chain concluded (a step's variant): assuming the first
 * node true, or false, led to a contradiction; every digit of a cell, or
 * every place of a digit in a house, led to the same removal; or a
 * candidate and its negation both did. */
enum forcing_kind {
    FORCING_CONTRADICTION,
    FORCING_NEGATION_CONTRADICTS,
    FORCING_CELL,
    FORCING_REGION,
    FORCING_DOUBLE
};

struct probe {
    digitset cand[SL_MAX_CELLS]; /* what is left; an on cell keeps its one digit */
    uint8_t value[SL_MAX_CELLS]; /* digits on (the state's placed ones included) */
    int events;                  /* consequences drawn */
    int contradiction;           /* events when one was found, else 0 */
    int reached;                 /* events when the target went off, else 0 */
    /* Links from the assumption to each candidate turned off (cell * N +
     * digit - 1); read only where p->cand lost the candidate. */
    uint16_t off_depth[SL_MAX_CELLS * SL_MAX_SIZE];
    /* Places of each digit in each house of the state probed (0xff where
     * the state has placed it), filled by probe_prepare. */
    uint8_t places[SL_MAX_UNITS][SL_MAX_SIZE + 1];
    /* The cells holding each digit in each house, xor'ed: where places
     * are two, either one gives the other (static probes' strong links). */
    uint16_t pair[SL_MAX_UNITS][SL_MAX_SIZE + 1];
    /* The cells holding each digit in the state probed (probe_prepare). */
    struct cellset plane[SL_MAX_SIZE + 1];
    struct cellset single[SL_MAX_SIZE + 1]; /* the cells where it is all that is left */
    /* Per candidate (cell * N + digit - 1): the other places of its digit
     * in the houses where it has two (the links of static probes). */
    uint8_t nbilocal[SL_MAX_CELLS * SL_MAX_SIZE];
    uint16_t bilocal[SL_MAX_CELLS * SL_MAX_SIZE][HUMAN_MAX_HOUSES_PER_CELL];
    /* PROBE_RULES: where the rules prune (probe_rules_open), else NULL. */
    struct prop_ctx *rule_ctx;
    digitset *rule_state;
};

/* 1 when some rule of h's ruleset has deductions of its own to follow. */
int probe_has_rules(const struct human *h);
/* Readies p for PROBE_RULES (p's other fields untouched): 0, or -1 when
 * out of memory. probe_rules_close frees what it took. */
int probe_rules_open(struct probe *p, const struct human *h);
void probe_rules_close(struct probe *p);

/* Readies p for probing h (call again whenever h changes). */
void probe_prepare(struct probe *p, const struct human *h);

/* Assumes digit on (on = 1) or off in cell and draws the consequences
 * (p must have been prepared for h).
 * Returns 1 when they contradict each other. With target_cell >= 0 it
 * stops as soon as target_digit goes off there (reached).
 * A static probe of a candidate on with no target draws its consequences
 * a level at a time (what follows, and each off_depth, are the same in
 * any order then); when they contradict each other it says only that it
 * did (contradiction is set, not to the length of the chains). */
int probe_run(const struct human *h, enum probe_mode mode, int cell, int digit, int on,
              struct probe *p, int target_cell, int target_digit);

/* PROBE_DIGIT's question alone, asked of every place the digit reaches at
 * once: 1 when assuming digit on in cell contradicts (probe_run then says
 * how far); 0 when it does not, with `on` the cells the digit is then on
 * in (from each of those the answer is 0 too: they draw less). */
int probe_digit_contradicts(const struct human *h, const struct probe *p, int cell, int digit,
                            struct cellset *on);

#endif
