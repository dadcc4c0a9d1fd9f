/*
 * rate.h — rating a puzzle by the human techniques it needs.
 *
 * The rater solves as a player would: at every point it takes the easiest
 * step the technique table (technique.h) offers, applies it, and goes on
 * until the grid is full. The rating is the hardest step taken, on Sudoku
 * Explainer's scale (1.0 ... 11+); the work is the sum of every step's
 * rating (the effort, as HoDoKu counts it). When no technique applies the
 * rater measures instead: it counts the search nodes a plain singles-only
 * search needs from that point, and rates 10.0 plus a tenth per doubling
 * of them, so every puzzle gets a figure.
 *
 * Grades are bands of the rating: grade_table below is the one list of
 * them (help texts, the Lua API's sudolab.grades and the generators read
 * it). A rater is built once per ruleset and reused; it holds no
 * state between puzzles and must not be shared by threads.
 */
#ifndef SUDOLAB_RATE_H
#define SUDOLAB_RATE_H

#include <stdint.h>

#include "human.h"

/* The key (and words) of a step the search fallback took. */
#define RATE_SEARCH_KEY "search"

enum grade { GRADE_EASY, GRADE_MEDIUM, GRADE_HARD, GRADE_EXPERT, GRADE_EXTREME, GRADE_BEYOND };
#define GRADE_COUNT 6

/* Grade g holds the ratings in (grade_low(g), grade_table[g].high]: each
 * band starts where the one before ends, and the last has no end
 * (HUGE_VAL). Ratings are tenths, compared with a margin of 1e-9. */
struct grade_band {
    const char *name;
    double high;
};
extern const struct grade_band grade_table[GRADE_COUNT];
double grade_low(enum grade g); /* 0 for the first grade */

const char *grade_name(enum grade g);
enum grade grade_of_rating(double rating);
/* The grade named, or -1. */
int grade_by_name(const char *name);

struct rate_tally {
    const char *key;   /* technique key */
    const char *words; /* as a player says it */
    int count;
};

struct rate_result {
    double rating; /* hardest step */
    double work;   /* sum of step ratings */
    enum grade grade;
    int steps;
    int hardest_technique; /* table row of the hardest step, -1 for the search fallback */
    const char *hardest_key;
    uint64_t fallback_nodes; /* nodes of the measured fallback, 0 when unused */
    int erred_technique;     /* a row whose step broke the solution (a bug), else -1 */
    int ntally;
    struct rate_tally tally[RATE_MAX_TALLY]; /* steps per technique, in order of first use */
    uint64_t rules_used; /* bit i: the solve path used the ruleset's slot i (below) */
};

struct rater;

/* A rater for rs (which must outlive it); NULL when out of memory or when
 * the ruleset's houses do not fit the layout. */
struct rater *rater_new(const struct ruleset *rs);
void rater_free(struct rater *r);
/* r's ruleset has had its totals patched (ruleset_retotal), its units
 * kept: r is made fit for it again without laying the grid out anew (a
 * generator rates many relabelings of one killer's cages). 0, or -1 when
 * out of memory: then r can only be freed. */
int rater_retotaled(struct rater *r);

/* Called for every step taken, before it is applied. */
typedef void (*rate_trace)(void *arg, const struct human *h, const struct step *s);

/* Rates the puzzle with these givens, which must have exactly one
 * solution (the caller checks: uniqueness techniques rely on it). Every
 * step is checked against the solution. Returns 0, or -1 when the givens
 * have no solution or a technique erred (erred_technique). */
int rate_puzzle(struct rater *r, const uint8_t *givens, struct rate_result *out, rate_trace trace,
                void *arg);
/* As rate_puzzle, but stops as soon as the rating must exceed `above`
 * (no technique rated up to it applies, or a step rates more): returns 1
 * then, out->rating the step's rating (a lower bound) and out->grade its
 * grade. Graded generation asks only whether a puzzle is in a band. */
int rate_puzzle_within(struct rater *r, const uint8_t *givens, double above,
                       struct rate_result *out, rate_trace trace, void *arg);

/* As rate_puzzle_within, and also stops as soon as singles and locked
 * candidates rated below `below` finish the grid (closure.h): no later
 * step can then raise the rating. Returns RATE_BELOW when the rating is
 * below `below` (out->rating an upper bound), RATE_SETTLED when it is not
 * and the steps so far used every rule (out->rating and grade exact; work,
 * steps and counts those of the steps taken), RATE_ABOVE as
 * rate_puzzle_within returns 1. -HUGE_VAL for `below` never stops there.
 * `solution`: the puzzle's one solution when the caller has it, else NULL
 * (the rater finds it). */
enum { RATE_ABOVE = 1, RATE_BELOW = 2, RATE_SETTLED = 3 };
int rate_puzzle_band(struct rater *r, const uint8_t *givens, const uint8_t *solution, double below,
                     double above, struct rate_result *out, rate_trace trace, void *arg);

/* The rating of a search fallback's step that needed `nodes` search
 * nodes: 10.0 plus a tenth per doubling. At 2^64 nodes it is the scale's
 * end, RATE_SCALE_MAX (sudolab_limits.h); every technique's step rates
 * below it, so no puzzle rates higher. */
double rate_search_rating(uint64_t nodes);

/* The easiest step from state h (a hint): 1 when one was found, 0 when
 * no technique applies. */
int rate_next_step(struct rater *r, const struct human *h, struct step *out);

/* The rules a solve path used, by the names of the puzzle's rule list. A
 * rule's own steps (its explain hook) count for it; a forcing chain
 * through the rules' deductions counts for every rule with such a hook;
 * every other technique counts for the rules without one (classic, and
 * the rules that only add houses, peers or domains, which every technique
 * reads). The search fallback counts for none. After a rating stopped
 * early (rate_puzzle_within) only the steps taken count.
 * rate_rule_used: 1 used, 0 unused, -1 no such rule. rate_rules_unused:
 * the names (each once, in rule order) of the unused ones, at most cap;
 * returns their count. */
int rate_rule_used(const struct ruleset *rs, const struct rate_result *res, const char *name);
int rate_rules_unused(const struct ruleset *rs, const struct rate_result *res, const char **names,
                      int cap);

/* The rater's layout: its rule scratch changes with each question, so it
 * belongs to the rater's thread, like the rater. */
const struct human_layout *rater_layout(const struct rater *r);

/* A step in words, "r3c5: hidden single 7 in box 2". Returns buf. */
const char *step_describe(const struct human_layout *lay, const struct step *s, char *buf, int cap);

#endif
