/*
 * technique.c — the ladder: every technique the rater knows, easiest
 * first. Ratings are Sudoku Explainer's where it has the technique. The
 * short single-digit chains (skyscraper, 2-string kite, turbot fish) rate
 * 4.0-4.2, where the Sudoku Explainer sample (../shared/data, rated by a
 * later Explainer that names them) places the puzzles they solve: the rank
 * correlation rose from 0.954 to 0.958. W-wing and simple colouring take
 * the rating of the chain they are. The rule rows ask every rule's explain
 * hook for the technique of their key (constraint.h); their steps carry
 * the rule's own words. The killer rows were calibrated on Solo's grades
 * (RATINGS.md says how). A cell of two symbols (binary) that lost one
 * holds the other: that placement rates as a full house, so a binary
 * puzzle rates by its own techniques.
 */
#include <string.h>

#include "technique.h"

const struct technique technique_table[] = {
    {"full house", "full-house", 1.0, find_full_house, 0},
    {"the other of two symbols", "two-symbol-single", 1.0, find_naked_single, 1},
    {"cage of one cell", "calcudoku-one-cell", 1.0, find_rule_deduction, RULE_FAMILY_KEY},
    {"a pair of alike symbols", "binary-pairs", 1.0, find_rule_deduction, RULE_FAMILY_KEY},
    {"cage with one combination", "cage-one-combination", 1.0, find_rule_deduction, 0},
    {"cage bounds", "cage-bounds", 1.1, find_rule_deduction, 0},
    {"alike symbols one apart", "binary-triples", 1.1, find_rule_deduction, RULE_FAMILY_KEY},
    {"a line's last open cell", "binary-last-cell", 1.1, find_rule_deduction, RULE_FAMILY_KEY},
    {"hidden single", "hidden-single-box", 1.2, find_hidden_single, 1},
    {"cage combinations", "cage-combinations", 1.2, find_rule_deduction, 0},
    {"cage arithmetic", "calcudoku-cage", 1.2, find_rule_deduction, RULE_FAMILY_KEY},
    {"rule of 45: one innie", "innie", 1.3, find_rule_deduction, 0},
    {"palindrome line", "palindrome-line", 1.3, find_rule_deduction, RULE_FAMILY_KEY},
    {"a line's counts", "binary-counts", 1.3, find_rule_deduction, RULE_FAMILY_KEY},
    {"cage split by the rule of 45", "cage-split", 1.4, find_rule_deduction, 0},
    {"hidden cage (rule of 45)", "hidden-cage", 1.4, find_rule_deduction, 0},
    {"thermometer", "thermometer", 1.4, find_rule_deduction, 0},
    {"hidden single", "hidden-single", 1.5, find_hidden_single, 2},
    {"rule of 45: one outie", "outie", 1.5, find_rule_deduction, 0},
    {"between line", "between-line", 1.5, find_rule_deduction, RULE_FAMILY_KEY},
    {"related pair", "related-pair", 1.6, find_rule_deduction, 0},
    {"whispers line", "whispers-line", 1.6, find_rule_deduction, RULE_FAMILY_KEY},
    {"direct pointing", "direct-pointing", 1.7, find_locked_candidates, 3},
    {"renban line", "renban-line", 1.7, find_rule_deduction, RULE_FAMILY_KEY},
    {"sum", "sum-line", 1.8, find_rule_deduction, 0},
    {"direct claiming", "direct-claiming", 1.9, find_locked_candidates, 4},
    {"rule of 45 on sums", "sum-rule-of-45", 1.9, find_rule_deduction, 0},
    {"sandwich clue", "sandwich-clue", 2.0, find_rule_deduction, RULE_FAMILY_KEY},
    {"direct hidden pair", "direct-hidden-pair", 2.0, find_hidden_subset, 12},
    {"lines compared", "binary-line-comparison", 2.0, find_rule_deduction, RULE_FAMILY_KEY},
    {"arithmetic of a big cage", "calcudoku-big-cage", 2.0, find_rule_deduction, RULE_FAMILY_KEY},
    {"naked single", "naked-single", 2.3, find_naked_single, 0},
    {"rule of 45 on a line", "calcudoku-rule-of-45", 2.4, find_rule_deduction, RULE_FAMILY_KEY},
    {"direct hidden triple", "direct-hidden-triple", 2.5, find_hidden_subset, 13},
    {"a line's patterns", "binary-lines", 2.5, find_rule_deduction, RULE_FAMILY_KEY},
    {"pointing", "pointing", 2.6, find_locked_candidates, 1},
    {"claiming", "claiming", 2.8, find_locked_candidates, 2},
    {"naked pair", "naked-pair", 3.0, find_naked_subset, 2},
    {"combinations of a big cage", "big-cage-combinations", 3.1, find_rule_deduction, 0},
    {"X-wing", "x-wing", 3.2, find_fish, 2},
    {"combinations cut by candidates", "cage-candidate-combinations", 3.2, find_rule_deduction, 0},
    {"digits every combination needs", "cage-needed-digits", 3.3, find_rule_deduction, 0},
    {"hidden pair", "hidden-pair", 3.4, find_hidden_subset, 2},
    {"rule of 45: innie and outie difference", "innie-outie-difference", 3.4, find_rule_deduction,
     0},
    {"cage pointing", "cage-pointing", 3.5, find_rule_deduction, 0},
    {"digits a cage puts in a line", "calcudoku-cage-line", 3.5, find_rule_deduction,
     RULE_FAMILY_KEY},
    {"naked triple", "naked-triple", 3.6, find_naked_subset, 3},
    {"combinations a house rules out", "cage-house-combinations", 3.6, find_rule_deduction, 0},
    {"combination conflict", "combination-conflict", 3.7, find_rule_deduction, 0},
    {"combination conflict of three cages", "combination-conflict-triple", 3.8, find_rule_deduction,
     0},
    {"swordfish", "swordfish", 3.8, find_fish, 3},
    {"rule of 45: innies and outies", "rule-of-45", 3.9, find_rule_deduction, 0},
    {"hidden triple", "hidden-triple", 4.0, find_hidden_subset, 3},
    {"skyscraper", "skyscraper", 4.0, find_skyscraper, 0},
    {"2-string kite", "two-string-kite", 4.1, find_two_string_kite, 0},
    {"XY-wing", "xy-wing", 4.2, find_xy_wing, 0},
    {"turbot fish", "turbot-fish", 4.2, find_turbot_fish, 0},
    {"rule of 45 on several houses", "rule-of-45-houses", 4.2, find_rule_deduction, 0},
    {"grouped two strong links", "grouped-strong-links", 4.3, find_grouped_two_links, 0},
    {"XYZ-wing", "xyz-wing", 4.4, find_xyz_wing, 0},
    {"unique rectangle type 1", "unique-rectangle-1", 4.5, find_unique_rectangle, 1},
    {"unique rectangle type 2", "unique-rectangle-2", 4.5, find_unique_rectangle, 2},
    {"unique rectangle type 3", "unique-rectangle-3", 4.5, find_unique_rectangle, 3},
    {"unique rectangle type 4", "unique-rectangle-4", 4.5, find_unique_rectangle, 4},
    {"unique loop", "unique-loop", 4.6, find_unique_loop, 0},
    {"naked quad", "naked-quad", 5.0, find_naked_subset, 4},
    {"jellyfish", "jellyfish", 5.2, find_fish, 4},
    {"three strong links", "three-strong-links", 5.3, find_chain, 3},
    {"hidden quad", "hidden-quad", 5.4, find_hidden_subset, 4},
    {"WXYZ-wing", "wxyz-wing", 5.5, find_bent_wing, 4},
    {"BUG+1", "bug-plus-one", 5.6, find_bug_plus_one, 0},
    {"BUG type 2", "bug-type-2", 5.7, find_bug_type, 2},
    {"grouped X-chain", "grouped-x-chain", 5.7, find_grouped_xchain, 0},
    {"BUG type 3", "bug-type-3", 5.8, find_bug_type, 3},
    {"VWXYZ-wing", "vwxyz-wing", 6.2, find_bent_wing, 5},
    {"aligned pair exclusion", "aligned-pair-exclusion", 6.2, find_aligned_exclusion, 2},
    {"simple colouring", "simple-colouring", 6.5, find_simple_colouring, 0},
    {"X-chain", "x-chain", 6.6, find_chain, 0},
    {"W-wing", "w-wing", 6.7, find_w_wing, 0},
    {"XY-chain", "xy-chain", 6.7, find_chain, 1},
    {"alternating inference chain", "aic", 7.0, find_chain, 2},
    {"aligned triple exclusion", "aligned-triple-exclusion", 7.5, find_aligned_exclusion, 3},
    {"nishio", "nishio", 7.5, find_forcing_chain, 5},
    {"cell and region forcing chains", "cell-region-forcing-chains", 8.0, find_forcing_chain, 4},
    {"forcing chains", "forcing-chains", 8.5, find_forcing_chain, 1},
    {"forcing chains through the rules", "forcing-chains-rules", 9.0, find_forcing_chain, 3},
    {"forcing chains with locked candidates", "forcing-chains-plus", 9.0, find_forcing_chain, 2},
};
const int technique_count = (int)(sizeof technique_table / sizeof technique_table[0]);

int technique_by_key(const char *key)
{
    for (int i = 0; i < technique_count; i++)
        if (strcmp(technique_table[i].key, key) == 0) return i;
    return -1;
}

double technique_length_rating(int length)
{
    double added = 0;
    int bound = 4, odd = 0;
    while (length > bound) {
        added += 0.1;
        bound = odd ? bound * 4 / 3 : bound * 3 / 2;
        odd = !odd;
    }
    return added;
}

double technique_top_rating(int size)
{
    double hardest = 0;
    for (int t = 0; t < technique_count; t++)
        if (technique_table[t].rating > hardest) hardest = technique_table[t].rating;
    return hardest + technique_length_rating(4 * size * size * size) + 0.1 * size;
}

int step_remove_from(const struct human *h, const struct cellset *targets, digitset digits,
                     struct step *out)
{
    const struct human_layout *lay = h->lay;
    out->nelims = 0;
    for (int w = 0; w < lay->words; w++)
        for (uint64_t bits = targets->w[w]; bits; bits &= bits - 1) {
            int c = w * 64 + __builtin_ctzll(bits);
            if ((h->cand[c] & digits) && out->nelims < STEP_MAX_ELIMS)
                out->elims[out->nelims++] = (struct step_elim){(uint16_t)c, h->cand[c] & digits};
        }
    return out->nelims > 0;
}

void houses_touched(const struct human_layout *lay, const struct cellset *changed, uint8_t *touched)
{
    memset(touched, !changed, (size_t)lay->nhouses);
    for (int w = 0; changed && w < lay->words; w++)
        for (uint64_t bits = changed->w[w]; bits; bits &= bits - 1) {
            int c = w * 64 + __builtin_ctzll(bits);
            for (int k = 0; k < lay->ncell_houses[c]; k++) touched[lay->cell_houses[c][k]] = 1;
        }
}

void digit_houses_touched(const struct human *h, int digit, const struct changes *changed,
                          uint8_t *touched)
{
    const struct human_layout *lay = h->lay;
    memset(touched, !changed, (size_t)lay->nhouses);
    for (int w = 0; changed && w < lay->words; w++)
        for (uint64_t bits = changed->cells.w[w]; bits; bits &= bits - 1) {
            int c = w * 64 + __builtin_ctzll(bits);
            if (h->cand[c] & digitset_of(digit)) continue;
            if (changed->lost && !(changed->lost[c] & digitset_of(digit))) continue;
            for (int k = 0; k < lay->ncell_houses[c]; k++) touched[lay->cell_houses[c][k]] = 1;
        }
}

void houses_lost(const struct human *h, const struct changes *changed, digitset *lost)
{
    const struct human_layout *lay = h->lay;
    for (int i = 0; i < lay->nhouses; i++) lost[i] = changed ? 0 : lay->all;
    for (int w = 0; changed && w < lay->words; w++)
        for (uint64_t bits = changed->cells.w[w]; bits; bits &= bits - 1) {
            int c = w * 64 + __builtin_ctzll(bits);
            digitset gone = changed->lost ? changed->lost[c] : lay->all & ~h->cand[c];
            for (int k = 0; k < lay->ncell_houses[c]; k++) lost[lay->cell_houses[c][k]] |= gone;
        }
}

int next_combination(int *idx, int k, int n)
{
    int i = k - 1;
    while (i >= 0 && idx[i] == n - k + i) i--;
    if (i < 0) return 0;
    idx[i]++;
    for (int j = i + 1; j < k; j++) idx[j] = idx[j - 1] + 1;
    return 1;
}
