/*
 * constraint.h — the contract between the engine and a rule plugin.
 *
 * A rule family (classic, killer, diagonal, ...) is one `const struct
 * constraint_ops` table, registered by name in registry.c. The engine
 * never sees a plugin's own types: it holds an opaque `void *self` made by
 * parse and hands it back to every other hook.
 *
 * Life of a rule:
 *   parse     text arguments (may be empty) -> self, or NULL and an error;
 *   attach    declares to the rule builder what the engine runs natively:
 *             all-different units, domain limits, watched cells, and the
 *             bytes of per-search-state counters the rule needs;
 *   propagate optional; called during search once the native singles are
 *             at a fixed point and a watched cell has changed. It prunes
 *             candidates through prop_restrict and returns SL_PROP_OK or
 *             SL_PROP_CONTRADICTION;
 *   check     1 when a complete grid satisfies the rule;
 *   branch    optional; offers the search a split with few alternatives
 *             (filled into offer, returning 1) or returns 0. On entry
 *             offer->nalts is the search's limit: it takes no offer of
 *             that many alternatives or more, so the hook may stop
 *             looking for one there;
 *   validate  optional; a warning for `sudolab check` (legal but odd data);
 *   clone     optional; copies self where write/parse cannot (script rules)
 *             or costs more (killer cages);
 *   explain   optional; the rule's own human deductions, for the rater;
 *   marks     optional; what the rule looks like on paper (marks.h), for
 *             the drawing layer; a rule without it cannot be drawn;
 *   retotal   optional; the rule's totals (cage sums) re-read from another
 *             solution grid, patching a ruleset's copy in place;
 *   write     the arguments back as text, such that parse(write(x)) == x;
 *   destroy   frees self.
 */
#ifndef SUDOLAB_CONSTRAINT_H
#define SUDOLAB_CONSTRAINT_H

#include <stddef.h>
#include <stdint.h>

#include "bits.h"
#include "error.h"
#include "explain.h"
#include "geometry.h"
#include "marks.h"

struct rule_builder; /* rules.c: what attach declares into */
struct prop_ctx;     /* propagate.c: one propagation in progress */

enum { SL_PROP_OK = 0, SL_PROP_CONTRADICTION = -1 };

/* A split of the search a rule proposes: in every solution the cells all
 * take their digits from one of the alternatives (a killer cage's digit
 * combinations, say). The search takes it when it has fewer alternatives
 * than the best cell has candidates. */
struct branch_offer {
    int ncells;
    int cells[SL_MAX_SIZE];
    int nalts;
    digitset alt[SL_MAX_ALTERNATIVES];
};

struct constraint_ops {
    const char *name;    /* registry key, as written in puzzle files */
    const char *summary; /* one line for `sudolab rules` and --help */
    /* What `sudolab rules NAME` tells beyond the summary, the one place a
     * rule describes its text: the form as a line writes it ("killer:MAP:
     * SUMS", the bare name when it takes no arguments), what each part of
     * it means (lines of their own), and a sudolab line using the rule
     * that reads (tests/cli.sh reads each). NULL in rules no line names
     * (a script's Lua rule, the tests' own). */
    const char *form;
    const char *arguments;
    const char *example;
    void *(*parse)(const struct geometry *g, const char *args, struct sl_error *err);
    int (*attach)(void *self, struct rule_builder *b, struct sl_error *err);
    int (*propagate)(void *self, struct prop_ctx *ctx);
    int (*check)(const void *self, const struct geometry *g, const uint8_t *grid);
    /* Optional: the rule's own human techniques, asked one at a time by
     * key (the rater's ladder holds the keys and their ratings; a rule
     * names its techniques in constraints/README.md). The hook reads the
     * rater's candidates through ctx, a scratch state, makes one deduction
     * of that technique by narrowing with prop_restrict, names it with
     * explain_name and returns 1; or returns 0 (a key it does not know,
     * or nothing found). Asked for EXPLAIN_ALL (explain.h), it makes
     * every deduction it can in one pass and may return -1. */
    int (*explain)(const void *self, const char *technique, struct prop_ctx *ctx,
                   struct explain_sink *sink);
    /* 1 when explain knows no key but those starting with the rule's name
     * and a dash ("binary-pairs"): the rater asks it no other (each
     * question sets up a scratch state, and the other families' keys were
     * most of a small puzzle's questions); 0 when it may know any key. */
    int explain_own_keys;
    /* 1 when explain reads and writes no rule's state (its own included)
     * in ctx, only the candidates through prop_* calls: the rater then
     * sets up only the cells and their solved digits of its scratch state
     * for each question, not the whole state. */
    int explain_reads_cells;
    /* Optional: 1 when explain may know the key, 0 when it knows it not,
     * so the rater asks it no row of that key (EXPLAIN_ALL aside); NULL:
     * it may know any key. For a rule whose keys all start with its
     * name, explain_own_keys says the same without a call; a rule whose
     * keys do not (killer's "cage-bounds") says it here. */
    int (*explain_knows)(const char *technique);
    /* Optional: makes what explain needs beyond what the search does,
     * called by the rater's layout of the ruleset (before any explain),
     * so that a ruleset made only to search never pays for it. 0, or -1
     * with err. */
    int (*explain_prepare)(void *self, struct sl_error *err);
    /* Writes at most cap bytes including the NUL; returns the length the
     * full text needs (snprintf's convention). */
    int (*write)(const void *self, char *buf, size_t cap);
    void (*destroy)(void *self);
    int (*branch)(const void *self, const struct prop_ctx *ctx, struct branch_offer *offer);
    /* Optional: a warning about data that is legal but probably not meant
     * (a jigsaw region in two pieces); writes it snprintf-style and
     * returns 1, or returns 0. */
    int (*validate)(const void *self, const struct geometry *g, char *msg, size_t cap);
    /* Optional: a copy of self for a ruleset, for rules whose data has no
     * text form (a script's function); without it the copy is made by
     * parse(write(self)). */
    void *(*clone)(const void *self, struct sl_error *err);
    /* Optional: emits the marks that show the rule (marks.h) into sink,
     * at least its name; 0, or -1 when the sink fails. */
    int (*marks)(const void *self, const struct geometry *g, struct mark_sink *sink);
    /* Optional: the fixed point of the rule's techniques among keys (the
     * others ignored) over cells, a candidate set per cell narrowed in
     * place: what asking explain for each key over and over until nothing
     * changes leaves, for the dig by deductions (dig.h), without a grid
     * read per question. It may stop short once every cell of watch holds
     * one digit (no watch: the fixed point). With news, cells was its
     * fixed point for these keys but for the news cells, narrowed since:
     * it may look first at what those touch alone (no news: at all).
     * 1 when anything narrowed, 0 when nothing, -1 on a contradiction. */
    int (*explain_closure)(const void *self, const char *const *keys, int nkeys, digitset *cells,
                           const int *watch, int nwatch, const int *news, int nnews);
    /* Optional: for a puzzle of this rule and the classic one alone (rows,
     * columns, the geometry's boxes), sound deductions from the givens
     * without a ruleset: 1 with grid filled when they leave every cell one
     * digit, 0 when not, -1 when the hook cannot run on this puzzle (its
     * size). puzzle_settle calls it and checks the grid. */
    int (*settle)(const void *self, const struct geometry *g, const uint8_t *givens, uint8_t *grid);
    /* Optional, with settle: for the same puzzles, their solutions counted
     * up to limit (>= 1) within nodes (0: none) by a search of the rule's
     * own, *used its nodes: the count; -1 when the hook cannot run on this
     * puzzle, -2 when the node limit stopped it. found, when not NULL,
     * gets the solutions counted (ncells digits each, up to limit) in the
     * search's order. puzzle_count_kernel, puzzle_list_quick. */
    long (*count)(const void *self, const struct geometry *g, const uint8_t *givens, long limit,
                  uint64_t nodes, uint64_t *used, uint8_t *found);
    /* Optional: the rule's totals (a killer's cage sums) made the ones a
     * complete grid gives: what parse would read from the rule's text
     * written over grid, the rest of the rule unchanged. On a puzzle's
     * instance (state_bytes NULL) that is all. On a ruleset's copy what
     * attach built is patched to what attach would build over the new
     * totals, and *state_bytes becomes the search state it now reserves
     * (rules_reserve_state). 0; 1 when it cannot (grid breaks the rule's
     * cells' own constraint: an instance is then unchanged; or the copy
     * was not attached, or what attach built depended on its old totals:
     * the ruleset is then to be built afresh); -1 with err (the ruleset
     * then too). puzzle_retotal, ruleset_retotal. */
    int (*retotal)(void *self, const uint8_t *grid, size_t *state_bytes, struct sl_error *err);
};

/* --- What attach may call (rules.c) ---------------------------------- */

const struct geometry *rules_geometry(const struct rule_builder *b);
/* Declares cells (no repeats) as all-different; a unit of exactly N cells
 * also gets hidden singles (every digit must appear in it). */
int rules_add_unit(struct rule_builder *b, const int *cells, int count, struct sl_error *err);
/* The houses (units of N cells) declared so far, and the cells of house
 * i (returns N). Rules without a propagate hook are attached before the
 * rules with one, so a propagating rule sees every plain rule's houses. */
int rules_house_count(const struct rule_builder *b);
int rules_house_cells(const struct rule_builder *b, int i, int *cells);
/* Narrows the starting candidates of a cell. */
int rules_limit_domain(struct rule_builder *b, int cell, digitset allowed, struct sl_error *err);
/* Declares a watched group of cells and returns its number within the
 * rule (0, 1, ... in order of declaration), or -1. Once a cell of a group
 * changes, the group is due and the rule's propagate hook runs; the hook
 * takes due groups one at a time with prop_next_group, so a rule with many
 * parts (the cages of a killer) only looks again at the parts that moved. */
int rules_watch_group(struct rule_builder *b, const int *cells, int count, struct sl_error *err);
/* A group of one cell. */
int rules_watch(struct rule_builder *b, int cell, struct sl_error *err);
/* 1 when the ruleset being built is lean (rules.h, ruleset_build_lean):
 * the rule may leave out constraints its others imply, and then says so
 * with rules_note_left_out. */
int rules_lean(const struct rule_builder *b);
void rules_note_left_out(struct rule_builder *b);
/* Reserves bytes of per-state counters (copied with each search branch,
 * zeroed at the start); prop_rule_state returns them. */
int rules_reserve_state(struct rule_builder *b, size_t bytes, struct sl_error *err);

/* Reserves bytes of per-search scratch: one copy for a whole search, kept
 * across its branches and restarts (not copied with each state), zeroed
 * when the search starts; prop_rule_scratch returns them. For what a rule
 * learns about its own parts as the search goes. */
int rules_reserve_scratch(struct rule_builder *b, size_t bytes, struct sl_error *err);

/* --- What propagate may call (propagate.c) --------------------------- */

const struct geometry *prop_geometry(const struct prop_ctx *ctx);
digitset prop_candidates(const struct prop_ctx *ctx, int cell);
/* Every cell's candidates at once (read-only; prop_restrict updates it),
 * for hooks that read many cells. */
const digitset *prop_candidate_array(const struct prop_ctx *ctx);
/* Keeps only `allowed` in a cell; SL_PROP_CONTRADICTION if none is left. */
int prop_restrict(struct prop_ctx *ctx, int cell, digitset allowed);
/* Removes `digits` from each of the count cells, in order, as
 * prop_restrict(ctx, cell, ~digits) would: 1 when some cell lost any, 0
 * when none held them, or SL_PROP_CONTRADICTION at the first cell left
 * empty (the cells after it left as they were, as a pass that stopped
 * there would leave them). One call for a list, where a rule would call
 * prop_restrict per cell. */
int prop_remove(struct prop_ctx *ctx, const uint16_t *cells, int count, digitset digits);
/* The calling rule's next due group (no longer due once returned), or -1
 * when none is left. A group the hook itself changes is due again. */
int prop_next_group(struct prop_ctx *ctx);
/* Stops the whole search (a rule that cannot go on: a script's error); the
 * search reports that it gave up. */
void prop_abort(struct prop_ctx *ctx);
/* 1 when the engine has cheaper work waiting (new singles to clear): a
 * hook with groups still due may return SL_PROP_OK at once, and is called
 * again for them after that work. */
int prop_should_yield(struct prop_ctx *ctx);
/* Names the cells whose candidates a contradiction the hook is about to
 * return came from (at most 64), so the search learns where its dead ends
 * lie (dom/wdeg). */
void prop_blame(struct prop_ctx *ctx, const int *cells, int count);
/* Houses (numbered as rules_house_cells numbers them) the engine's
 * hidden singles may not have settled: bit h of word h / 64 clear means
 * no cell of house h changed since the engine found every digit a place
 * in it, a lone place only for digits of its single cells, and each
 * single's digit in no other cell. NULL when not known (outside the
 * engine's rule hooks): a rule must then assume nothing. */
const uint64_t *prop_unsettled_houses(const struct prop_ctx *ctx);
/* Marks a group of the calling rule as not due: the hook has brought it
 * to its own fixed point, so its own changes need not wake it again. */
void prop_settle_group(struct prop_ctx *ctx, int group);
/* The calling rule's reserved bytes in the current search state. */
void *prop_rule_state(struct prop_ctx *ctx);
/* The same, read-only, for the branch hook too (what propagate left
 * there, such as memos of its parts); NULL when no rule's hook is being
 * called. */
const void *prop_rule_state_read(const struct prop_ctx *ctx);
/* The calling rule's scratch for this search (rules_reserve_scratch), or
 * NULL when the propagation belongs to no search (the rater's, a
 * script's): a rule must then work without it. */
void *prop_rule_scratch(struct prop_ctx *ctx);

#endif
