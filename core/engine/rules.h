/*
 * rules.h — a puzzle's rules compiled into the flat tables the search runs.
 *
 * ruleset_build asks each rule's attach hook what it needs and lays the
 * answers out as arrays: units (all-different groups), houses (units of N
 * cells, where hidden singles apply), the peers of every cell, starting
 * domains, and for rules with a propagate hook their watched cells and
 * state bytes. A ruleset owns copies of its rule instances, so it outlives
 * the puzzle it came from; it is read-only once built and may be shared
 * by threads.
 */
#ifndef SUDOLAB_RULES_H
#define SUDOLAB_RULES_H

#include <stddef.h>
#include <stdint.h>

#include "puzzle.h"

struct intersection;
struct kernel;

/* A set of units, or of watched groups, is a fixed bitset of these words
 * (sudolab_limits.h). */
#define SL_UNIT_WORDS (SL_MAX_UNITS / 64)
#define SL_GROUP_WORDS (SL_MAX_GROUPS / 64)

struct rule_slot {
    const struct constraint_ops *ops;
    void *self;
    size_t state_offset;   /* into a search state, past the candidates */
    size_t state_reserved; /* the bytes of it the rule reserved */
    size_t scratch_offset; /* into a search's scratch (rules_reserve_scratch) */
    int group_first;       /* the slot's watched groups, numbered together */
    int group_count;
};

/* What a change of a cell marks due (propagate.c): its units, the slots
 * watching it and, when it is watched, its groups. */
struct cell_notes {
    uint64_t units, watchers, groups[2];
};

struct ruleset {
    struct geometry geo;
    digitset all;    /* every digit of 1..N */
    int nunits;      /* all-different groups */
    int nhouses;     /* the first nhouses units have N cells */
    int *unit_start; /* nunits+1 offsets into unit_cells */
    uint16_t *unit_cells;
    int unit_words;                     /* 64-bit words in a set of units */
    uint64_t *cell_units;               /* per cell, unit_words words: the units holding it */
    int *peer_start;                    /* ncells+1 offsets into peers */
    uint16_t *peers;                    /* cells sharing a unit, each once */
    digitset *domain;                   /* starting candidates per cell */
    int nintersections;                 /* pairs of units sharing two or more cells */
    struct intersection *intersections; /* intersect.h */
    uint16_t *intersection_cells;
    int intersection_words;       /* 64-bit words in a set of intersections */
    uint64_t *unit_intersections; /* per unit, such a set: those it is part of */
    int nslots;
    struct rule_slot *slots;
    uint64_t propagating;  /* bit i: slot i has a propagate hook */
    uint64_t branching;    /* bit i: slot i has a branch hook */
    uint64_t *watch_masks; /* per cell: the slots watching it, as bits */
    int ngroups;           /* watched groups of every slot */
    /* Per cell, the groups holding it as bits of a set of groups: only
     * the words with a bit set, so waking a cell's groups is an OR or two. */
    int *cell_group_start; /* ncells+1 offsets into the two below */
    uint16_t *cell_group_word;
    uint64_t *cell_group_bits;
    /* When the units fit one word and the groups two (most 9x9
     * rulesets on the general path), per cell what a change of it marks,
     * side by side: its units, the slots watching it and its groups
     * (struct cell_notes); else NULL. */
    struct cell_notes *cell_notes;
    size_t solved_offset; /* into a search state: per house, the digits of its single cells */
    size_t state_bytes;   /* candidates, solved digits, every rule's reserved bytes */
    size_t scratch_bytes; /* every rule's per-search scratch */
    char *text;           /* puzzle_rules_text of the source, for reuse */
    /* The rules field of a line the source was read from, when the
     * caller gave one (ruleset_keep_field): rs's own copy, or NULL. */
    char *field;
    size_t field_len;
    /* The classic kernel's tables (kernel.h), or NULL: the general path. */
    struct kernel *kernel;
    /* 1 when the kernel fits the ruleset (kernel.h: 9x9, the classic
     * houses, and X sudoku's diagonals when there are 29 houses or four
     * extra houses such as windoku's when there are 31, other units of two
     * cells only, no propagating rule), whether it runs or
     * SUDOLAB_GENERAL_ENGINE keeps it off. Searches over such
     * rulesets blame a dead end on the cell branched on, or with pairs on
     * no cell (search.c), as the kernel's order of narrowings differs
     * from the general path's. */
    int kernel_fits;
    /* 1 when built by ruleset_build_lean and some rule left out part of
     * itself; 0 when the ruleset is the very one ruleset_build makes. */
    int lean;
};

struct ruleset *ruleset_build(const struct puzzle *p, struct sl_error *err);
/* A ruleset with the same solutions, cheaper to build: a rule may leave
 * out constraints that only repeat its others (the killer keeps of its
 * rule-of-45 sums the innies of single houses alone), so propagation
 * narrows less and the search may take another path. For settling a puzzle at the root before
 * building the whole (cmd_input.c): when the lean root leaves every cell
 * one digit, that grid is the only solution. */
struct ruleset *ruleset_build_lean(const struct puzzle *p, struct sl_error *err);
void ruleset_free(struct ruleset *rs);
/* rs, built from p before p's totals were made a grid's (puzzle_retotal),
 * patched into the ruleset the same build would make from p now: each
 * rule with a retotal hook (constraint.h) patches its copy, and the search
 * state is laid out again. 0; 1 when a rule cannot patch its part, or rs
 * has the classic kernel; -1 with err. After 1 or -1 rs is only to be
 * freed (and built afresh). */
int ruleset_retotal(struct ruleset *rs, const struct puzzle *p, const uint8_t *grid,
                    struct sl_error *err);
/* The bytes of a search state before the rules' own states: the
 * candidates and each house's solved digits. */
static inline size_t ruleset_cells_bytes(const struct ruleset *rs)
{
    return rs->solved_offset + (size_t)rs->nhouses * sizeof(digitset);
}
/* 1 when rs was built from rules equal to p's (same geometry and text). */
int ruleset_matches(const struct ruleset *rs, const struct puzzle *p);
/* A rules field is the text of a line that a puzzle's rules were parsed
 * from (format.h's puzzle_source.rules): the same bytes on the same
 * geometry parse to the same rules, so comparing them spares writing the
 * rules out, which for hundreds of pairs costs as much as reading them.
 *
 * ruleset_keep_field: rs keeps a copy of field (len bytes), the caller
 * vouching that rs was built from a puzzle whose rules were that field's
 * parse on rs's geometry, unedited. A field kept before is dropped;
 * ruleset_retotal drops it too. 0, or -1 when out of memory (then rs
 * keeps none, and matches write the rules out as before).
 *
 * ruleset_matches_field: ruleset_matches for p whose rules are the parse
 * of field (len bytes; NULL when there is none) on p's geometry: 1 at
 * once when rs keeps those very bytes and the geometry is rs's, else
 * ruleset_matches's answer (other bytes, such as the same pairs in
 * another order, may still make equal rules). */
int ruleset_keep_field(struct ruleset *rs, const char *field, size_t len);
int ruleset_matches_field(const struct ruleset *rs, const struct puzzle *p, const char *field,
                          size_t len);
/* Checks the givens against units and domains before any search; on a
 * conflict fills err with the message and sets *cell to the offending
 * cell (line and column are the caller's to add). */
int ruleset_check_givens(const struct ruleset *rs, const uint8_t *givens, int *cell,
                         struct sl_error *err);

#endif
