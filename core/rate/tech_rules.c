/*
 * tech_rules.c — the rules' own techniques, reached through their explain
 * hooks (constraint.h), so the rater knows no rule by name.
 *
 * A hook sees the rater's candidates as a scratch search state (placed
 * digits as single candidates), prunes it as its propagate would, for one
 * part at a time, and names what it did; the difference between the
 * scratch state and the grid is the step.
 */
#include <string.h>

#include "propagate.h"
#include "technique.h"

/* The sink's naming, copied into the step. */
static void rule_name_step(const struct explain_sink *sink, struct step *out)
{
    out->key = sink->key;
    out->name = sink->words;
    memcpy(out->detail, sink->detail, sizeof out->detail);
    out->ncells = sink->ncells < STEP_MAX_CELLS ? sink->ncells : STEP_MAX_CELLS;
    for (int i = 0; i < out->ncells; i++) out->cells[i] = (uint16_t)sink->cells[i];
}

/* The removals: what the scratch state lost in open cells (a placed
 * cell has no candidates to lose). */
static int rule_removals(const struct human *h, const digitset *scratch, struct step *out)
{
    out->nelims = 0;
    for (int c = 0; c < h->lay->ncells && out->nelims < STEP_MAX_ELIMS; c++) {
        digitset gone = h->cand[c] & ~scratch[c];
        if (gone && !h->value[c]) out->elims[out->nelims++] = (struct step_elim){(uint16_t)c, gone};
    }
    return out->nelims > 0;
}

/* Rows with param RULE_FAMILY_KEY hold a key that starts with its rule's
 * name and a dash ("calcudoku-cage"): only that rule is asked, and no
 * scratch state is set up for the others, so a family's techniques cost
 * the other families nothing. A rule whose hook knows only such keys
 * (explain_own_keys) is asked no other row's. */
static int rule_may_know(const struct constraint_ops *ops, const char *key, int param)
{
    if (ops->explain_knows && !ops->explain_knows(key)) return 0;
    if (param != RULE_FAMILY_KEY && !ops->explain_own_keys) return 1;
    size_t len = strlen(ops->name);
    return strncmp(key, ops->name, len) == 0 && key[len] == '-';
}

/* Asks every rule with an explain hook for the technique keyed as the
 * step's row, in the layout's scratch state (a copy of the candidates,
 * the rest of the state zero). */
int find_rule_deduction(const struct human *h, int param, struct step *out)
{
    return find_rule_deduction_since(h, param, NULL, out);
}

/* The cells of changed as one byte a cell and as a list (the count
 * returned), read a word at a time so an empty word costs one test. */
static int rule_lost(const struct human_layout *lay, const struct cellset *changed, uint8_t *lost,
                     uint16_t *list)
{
    int n = 0;
    memset(lost, 0, (size_t)lay->ncells);
    for (int w = 0; w < lay->words; w++)
        for (uint64_t bits = changed->w[w]; bits; bits &= bits - 1) {
            int c = 64 * w + __builtin_ctzll(bits);
            lost[c] = 1;
            list[n++] = (uint16_t)c;
        }
    return n;
}

/* Makes sc->clean the search state of h's grid, unless it already is:
 * the hooks are asked many times about one grid (a row of each rule's
 * key, a rating's steps apart), and comparing the grid costs less than
 * reading it into a state again. */
static void rule_see(struct rule_scratch *sc, const struct human *h)
{
    size_t ncells = (size_t)h->lay->ncells;
    if (sc->seen && memcmp(sc->seen_cand, h->cand, ncells * sizeof h->cand[0]) == 0 &&
        memcmp(sc->seen_value, h->value, ncells) == 0)
        return;
    /* A placed cell has no candidates left, and value 0 is bit 0. */
    for (size_t c = 0; c < ncells; c++)
        sc->clean[c] = h->cand[c] | (digitset_of(h->value[c]) & ~(digitset)1);
    memcpy(sc->seen_cand, h->cand, ncells * sizeof h->cand[0]);
    memcpy(sc->seen_value, h->value, ncells);
    sc->seen = 1;
}

/* The slots whose hooks may know row t's key: read off the rules once
 * per layout (a row's param is always its own; another is not kept). */
static uint64_t rule_row_slots(struct rule_scratch *sc, const struct ruleset *rs, int t, int param)
{
    if (sc->row_ready[t] && param == technique_table[t].param) return sc->row_slots[t];
    _Static_assert(SL_MAX_RULES <= 64, "a slot is a bit of row_slots");
    uint64_t slots = 0;
    for (int i = 0; i < rs->nslots; i++)
        if (rs->slots[i].ops->explain &&
            rule_may_know(rs->slots[i].ops, technique_table[t].key, param))
            slots |= UINT64_C(1) << i;
    if (param != technique_table[t].param) return slots;
    sc->row_slots[t] = slots;
    sc->row_ready[t] = 1;
    return slots;
}

int rule_row_asked(const struct human_layout *lay, int t)
{
    return lay->rule_scratch &&
           rule_row_slots(lay->rule_scratch, lay->rs, t, technique_table[t].param) != 0;
}

/* Asks slot i's hook for the technique in a copy of the grid's state;
 * the sink is named by the hook when it returns 1. */
static int rule_ask(struct rule_scratch *sc, const struct human *h, int i, const char *technique,
                    struct explain_sink *sink)
{
    const struct ruleset *rs = h->lay->rs;
    rule_see(sc, h);
    /* The rest of the state stays as an earlier question left it: a hook
     * that reads only the cells never sees it. */
    memcpy(sc->state, sc->clean,
           rs->slots[i].ops->explain_reads_cells ? ruleset_cells_bytes(rs) : rs->state_bytes);
    propagate_view_fresh(sc->ctx, rs, sc->state);
    sc->ctx->current_slot = i;
    /* Not zeroed whole: a hook that names its step (explain_name) sets
     * the rest. */
    sink->key = sink->words = NULL;
    sink->ncells = 0;
    sink->detail[0] = '\0';
    return rs->slots[i].ops->explain(rs->slots[i].self, technique, sc->ctx, sink);
}

/* The hooks are told the changed cells (explain_sink's changed): a rule
 * whose parts read only their own cells looks again at those alone. */
int find_rule_deduction_since(const struct human *h, int param, const struct changes *changed,
                              struct step *out)
{
    uint8_t lost[SL_MAX_CELLS];
    uint16_t lost_list[SL_MAX_CELLS];
    struct rule_scratch *sc = h->lay->rule_scratch;
    if (!sc) return 0;
    uint64_t slots = rule_row_slots(sc, h->lay->rs, out->technique, param);
    if (!slots) return 0;
    const char *technique = technique_table[out->technique].key;
    struct explain_sink sink;
    sink.changed = changed ? lost : NULL;
    sink.changed_list = lost_list;
    sink.nchanged = changed ? rule_lost(h->lay, &changed->cells, lost, lost_list) : 0;
    for (; slots; slots &= slots - 1) {
        int i = __builtin_ctzll(slots);
        if (!rule_ask(sc, h, i, technique, &sink)) continue;
        rule_name_step(&sink, out);
        out->rule_slot = i;
        if (rule_removals(h, sc->state, out)) return 1;
    }
    return 0;
}
