/*
 * technique.h — the human techniques, as one table ordered by difficulty.
 *
 * A technique looks at a human state (human.h) and fills one step it can
 * take: a placement or some removals, never both wrong. It returns 1 when
 * it found a step that changes the grid, 0 when it has nothing. It never
 * changes the state; the rater applies the step. `param` is the table
 * row's own number (2 for pairs, 3 for triples; the fish size), so one
 * function serves a family.
 *
 * Ratings follow the scale players know from Sudoku Explainer: the row's
 * rating is the easiest a step of that technique can be; chains add to it
 * by length (technique_length_rating), so a step may rate higher than its
 * row. The rater takes, at each point, the easiest step any row offers.
 *
 * The same table serves the rater, the hints and the generator.
 */
#ifndef SUDOLAB_TECHNIQUE_H
#define SUDOLAB_TECHNIQUE_H

#include "human.h"

typedef int (*technique_find)(const struct human *h, int param, struct step *out);

struct technique {
    const char *name; /* as a player says it: "hidden single" */
    const char *key;  /* for --json and counts: "hidden-single" */
    double rating;    /* the easiest step of this row */
    technique_find find;
    int param;
};

extern const struct technique technique_table[];
extern const int technique_count;
/* The row named by key, or -1. */
int technique_by_key(const char *key);

/* What a chain of `length` links adds to its row's rating: 0.1 each time
 * the length passes 4, 6, 8, 12, 16, 24, 32, ... (each bound half again,
 * then a third again, the previous one), as Sudoku Explainer does. */
double technique_length_rating(int length);

/* The most any technique's step can rate in a size x size grid: the
 * table's hardest row, plus a chain four times as long as every candidate
 * (each candidate at most four times as a link's end), plus a tenth per
 * digit a subset may add. A puzzle of that size rates higher only by the
 * search fallback (rate.h): at 9x9, 11.8, and past it a search of 2^18
 * nodes or more. */
double technique_top_rating(int size);

/* --- what finders share ---------------------------------------------- */

/* Fills out's removals with digits from every cell of targets still
 * holding one; 1 when some candidate goes. */
int step_remove_from(const struct human *h, const struct cellset *targets, digitset digits,
                     struct step *out);
/* What changed since a row last found nothing in this grid (the _since
 * forms below: as the plain finder, when it found nothing in an earlier
 * state of this grid and only the cells in `cells` lost candidates since;
 * a pattern whose cells kept theirs fails again, its targets having only
 * lost candidates, so they try the others, in the same order). `lost`
 * holds the candidates each cell lost since, or is NULL (any candidate
 * the changed cells lack may have gone). A _since form given NULL for the
 * whole tries everything. */
struct changes {
    struct cellset cells;
    const digitset *lost;
};
typedef int (*technique_find_since)(const struct human *h, int param, const struct changes *changed,
                                    struct step *out);
/* The form of a row's finder told what changed (rate.c's table of them),
 * or NULL; *by_digit = 1 when that form reads changes.lost. */
technique_find_since technique_since_of(technique_find find, int *by_digit);
/* touched[i] = 1 for each house holding a cell of `changed`; every house
 * when changed is NULL. */
void houses_touched(const struct human_layout *lay, const struct cellset *changed,
                    uint8_t *touched);
/* houses_touched for one digit: the houses of the changed cells that lost
 * it (that no longer hold it, when what they lost is not known); every
 * house when changed is NULL. */
void digit_houses_touched(const struct human *h, int digit, const struct changes *changed,
                          uint8_t *touched);
/* lost[i] = the digits that lost a place in house i (through a changed
 * cell that lost them, or that lacks them when what it lost is not
 * known); every digit in every house when changed is NULL. */
void houses_lost(const struct human *h, const struct changes *changed, digitset *lost);
/* The removals of locked candidates at meet (tech_intersections.c):
 * digit leaves the places of meet->b outside meet->a, the step naming
 * both houses. Returns how many cells lose it. */
int step_locked(const struct human *h, const struct house_meeting *meet, int digit,
                struct step *out);
/* The next k-combination of 0..n-1 in idx (ascending, idx[i] = i to
 * start); 0 when there is none. */
int next_combination(int *idx, int k, int n);

/* --- the finders, one file per family -------------------------------- */

/* tech_singles.c: full house, hidden single (param 1 box, 2 line), naked single
 * (param 1: only where the cell's domain is two symbols) */
int find_full_house(const struct human *h, int param, struct step *out);
int find_hidden_single(const struct human *h, int param, struct step *out);
int find_naked_single(const struct human *h, int param, struct step *out);
int find_full_house_since(const struct human *h, int param, const struct changes *changed,
                          struct step *out);
int find_hidden_single_since(const struct human *h, int param, const struct changes *changed,
                             struct step *out);
int find_naked_single_since(const struct human *h, int param, const struct changes *changed,
                            struct step *out);
/* tech_intersections.c: pointing (param 1) and claiming (param 2); the
 * "direct" forms (param 3, 4) only when the removals make a hidden single */
int find_locked_candidates(const struct human *h, int param, struct step *out);
int find_locked_candidates_since(const struct human *h, int param, const struct changes *changed,
                                 struct step *out);
/* tech_subsets.c: naked (param k) and hidden (param k) subsets of size k;
 * direct hidden subsets (param k + 10) only when they make a hidden single */
int find_naked_subset(const struct human *h, int param, struct step *out);
int find_hidden_subset(const struct human *h, int param, struct step *out);
int find_naked_subset_since(const struct human *h, int param, const struct changes *changed,
                            struct step *out);
int find_hidden_subset_since(const struct human *h, int param, const struct changes *changed,
                             struct step *out);
/* tech_fish.c: basic fish of size param (2 X-wing, 3 swordfish, 4 jellyfish) */
int find_fish(const struct human *h, int param, struct step *out);
int find_fish_since(const struct human *h, int param, const struct changes *changed,
                    struct step *out);
/* tech_wings.c: XY-wing, XYZ-wing, W-wing */
int find_xy_wing(const struct human *h, int param, struct step *out);
int find_xyz_wing(const struct human *h, int param, struct step *out);
int find_xy_wing_since(const struct human *h, int param, const struct changes *changed,
                       struct step *out);
int find_xyz_wing_since(const struct human *h, int param, const struct changes *changed,
                        struct step *out);
int find_w_wing(const struct human *h, int param, struct step *out);
/* tech_bent_wings.c: WXYZ-wing (param 4), VWXYZ-wing (param 5): a pivot
 * and its peers, k cells holding k digits, one of them free */
int find_bent_wing(const struct human *h, int param, struct step *out);
/* As find_bent_wing, when it found nothing in an earlier state of this
 * grid and only the cells in `changed` have lost candidates since (NULL:
 * anything may have changed): tries only the wings those cells touch. */
int find_bent_wing_since(const struct human *h, int param, const struct changes *changed,
                         struct step *out);
/* tech_unique_loops.c: unique loops of six cells or more, types 1-4
 * (param unused) */
int find_unique_loop(const struct human *h, int param, struct step *out);
/* tech_bug.c: BUG type param (2, 3): a grave with several extra cells */
int find_bug_type(const struct human *h, int param, struct step *out);
/* tech_single_digit.c: skyscraper, 2-string kite, turbot fish, simple colouring */
int find_skyscraper(const struct human *h, int param, struct step *out);
int find_two_string_kite(const struct human *h, int param, struct step *out);
int find_turbot_fish(const struct human *h, int param, struct step *out);
int find_skyscraper_since(const struct human *h, int param, const struct changes *changed,
                          struct step *out);
int find_two_string_kite_since(const struct human *h, int param, const struct changes *changed,
                               struct step *out);
int find_turbot_fish_since(const struct human *h, int param, const struct changes *changed,
                           struct step *out);
int find_simple_colouring(const struct human *h, int param, struct step *out);
/* tech_grouped_links.c: the same with a group of cells in a strong link
 * (param unused; the step names its shape) */
int find_grouped_two_links(const struct human *h, int param, struct step *out);
int find_grouped_two_links_since(const struct human *h, int param, const struct changes *changed,
                                 struct step *out);
/* What it shares with tech_xchains.c. A link: its house, and each part as
 * places of the house (bit k for the house's k-th cell).
 * grouped_house_links adds digit's links in house to links (at most one
 * more than the house's meetings, human.h's meeting_first) and returns
 * how many. */
struct grouped_link {
    int house;
    uint32_t part[2];
};
int grouped_house_links(const struct human *h, int house, int digit, struct grouped_link *links);
/* tech_xchains.c: grouped X-chains of three strong links, closed into a
 * grouped X-loop when their ends see each other (param unused) */
int find_grouped_xchain(const struct human *h, int param, struct step *out);
int find_grouped_xchain_since(const struct human *h, int param, const struct changes *changed,
                              struct step *out);
/* tech_aligned.c: aligned pair (param 2) and triple (param 3) exclusion */
int find_aligned_exclusion(const struct human *h, int param, struct step *out);
int find_aligned_exclusion_since(const struct human *h, int param, const struct changes *changed,
                                 struct step *out);
/* tech_uniqueness.c: unique rectangle of type param (1..4), BUG+1 */
int find_unique_rectangle(const struct human *h, int param, struct step *out);
int find_bug_plus_one(const struct human *h, int param, struct step *out);
/* tech_chains.c: X-chain (param 0), XY-chain (param 1), AIC (param 2),
 * X-chain of three strong links at most (param 3) */
int find_chain(const struct human *h, int param, struct step *out);
int find_chain_since(const struct human *h, int param, const struct changes *changed,
                     struct step *out);
/* tech_rules.c: the rules' own deductions (a killer cage's combinations),
 * through their explain hooks, asked for the key of the step's row
 * (out->technique; constraint.h); param 0 asks every rule, RULE_FAMILY_KEY
 * only the rule whose name begins the key ("binary-pairs": binary) */
enum { RULE_FAMILY_KEY = 1 };
int find_rule_deduction(const struct human *h, int param, struct step *out);
int find_rule_deduction_since(const struct human *h, int param, const struct changes *changed,
                              struct step *out);
/* 1 when some rule of lay's ruleset is asked row t's key (a row of
 * find_rule_deduction); 0 when none is, so the row finds nothing on any
 * grid of that ruleset. */
int rule_row_asked(const struct human_layout *lay, int t);
/* tech_forcing.c: forcing chains by assumption, param the level: 1
 * singles, 2 with locked candidates, 3 with the rules' own deductions
 * (forcing.h) */
int find_forcing_chain(const struct human *h, int param, struct step *out);

#endif
