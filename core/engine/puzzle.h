/*
 * puzzle.h — a puzzle as the user wrote it: geometry, rules, givens.
 *
 * A puzzle owns its rule instances (made by each plugin's parse) and
 * destroys them in puzzle_clear. Solving needs a compiled ruleset
 * (rules.h), which depends on the geometry and the rules but not on the
 * givens, so many puzzles of one kind share one ruleset.
 */
#ifndef SUDOLAB_PUZZLE_H
#define SUDOLAB_PUZZLE_H

#include <stdint.h>

#include "constraint.h"

struct search_result; /* search.h */
struct search_stats;
struct solver;

struct puzzle_rule {
    const struct constraint_ops *ops;
    void *self;
};

struct puzzle {
    struct geometry geo;
    int nrules;
    struct puzzle_rule rules[SL_MAX_RULES];
    uint8_t givens[SL_MAX_CELLS]; /* 0 = empty, else 1..N */
};

/* An empty puzzle (no rules, no givens) on geometry g. */
void puzzle_init(struct puzzle *p, const struct geometry *g);
/* Parses `args` with plugin `name` and appends the rule. */
int puzzle_add_rule(struct puzzle *p, const char *name, const char *args, struct sl_error *err);
/* Adds the rules of a rules text "name[:args];name..." (what
 * puzzle_rules_text writes). A rule may appear once. Errors carry the
 * 1-based column within text. */
int puzzle_add_rules_text(struct puzzle *p, const char *text, struct sl_error *err);
/* The same with a plugin table that need not be in the registry (a test's
 * own rule, a script-defined one). */
int puzzle_add_rule_ops(struct puzzle *p, const struct constraint_ops *ops, const char *args,
                        struct sl_error *err);
/* Appends an instance of ops already made (ownership passes to p on
 * success): what parse would make, built by other means. -1 when p has
 * no room or already has that rule. */
int puzzle_add_instance(struct puzzle *p, const struct constraint_ops *ops, void *self);
/* Appends the classic rule: rows, columns and (if any) boxes. */
int puzzle_add_classic(struct puzzle *p, struct sl_error *err);
/* Destroys every rule; the puzzle may be reused after puzzle_init. */
void puzzle_clear(struct puzzle *p);
/* Writes "name:args;name" (the rules part of the line format; no ':'
 * when a rule has no arguments) into
 * buf; returns the length needed. Two puzzles with equal signatures and
 * geometry share a ruleset. */
int puzzle_rules_text(const struct puzzle *p, char *buf, size_t cap);
/* 1 when `grid` is complete, keeps every given, and satisfies every rule. */
int puzzle_is_solution(const struct puzzle *p, const uint8_t *grid);
/* For p of the classic rule and one rule with a settle hook (constraint.h):
 * 1 with grid when the hook's deductions leave every cell one digit and
 * that grid is a solution (then p's only one), else 0 (which says nothing
 * of p). -1 for any other p, or one the hook cannot run on. */
int puzzle_settle(const struct puzzle *p, uint8_t *grid);
/* For the same puzzles, when that rule has a count hook: 0 with r (its
 * solutions up to limit >= 1, or gave_up when nodes, 0 for none, ran out
 * first) and *used (nodes), counted by the rule's own search; the number
 * is the one solver_count gives when both finish. -1 for any other p, or
 * when SUDOLAB_GENERAL_ENGINE keeps searches on the general path
 * (kernel.h). Givens are not checked: a conflict counts 0. */
int puzzle_count_kernel(const struct puzzle *p, long limit, uint64_t nodes, struct search_result *r,
                        uint64_t *used);
/* The first try every count makes: 1 with r when puzzle_count_kernel
 * finishes within nodes (0: no limit) and KILLER_KERNEL_NODES, else 0 and
 * the general search must answer; *used its nodes either way. */
int puzzle_count_quick(const struct puzzle *p, long limit, uint64_t nodes, struct search_result *r,
                       uint64_t *used);
/* What a general search may spend once the kernel spent used of a
 * budget of nodes (0: none): 1 with *left (0: still none), or 0 when the
 * kernel spent it all, and the count gave up with it. Counts that try the
 * kernel first take its nodes off their budget so. */
int puzzle_nodes_left(uint64_t nodes, uint64_t used, uint64_t *left);
/* The count of p up to limit within s's node limit (s a solver of p's
 * ruleset; 0: none), kernel and general search together:
 * puzzle_list_quick, else solver_count with the nodes the kernel left.
 * stats->nodes gets both; s's limit is left as it was. found, when not
 * NULL, has room for limit grids and gets the first solution counted at
 * its start (the kernel's order or the general search's). */
void puzzle_count_within(const struct puzzle *p, struct solver *s, long limit,
                         struct search_result *r, struct search_stats *stats, uint8_t *found);
/* puzzle_count_quick that, when it returns 1, also lists the solutions
 * counted into found (ncells digits each, the first min(count, limit)),
 * in the kernel's order: not the general search's. */
int puzzle_list_quick(const struct puzzle *p, long limit, uint64_t nodes, struct search_result *r,
                      uint64_t *used, uint8_t *found);

#endif
