/*
 * dig.c — uniqueness after removing givens: a glance at singles first,
 * then a search barring each removed cell from its digit; a dig's many
 * questions share the propagation of the givens they have in common, and
 * a removal that would empty one of the solution's unavoidable sets
 * (dig_unavoidable.h) fails with no search.
 */
#include <stdlib.h>
#include <string.h>

#include "dig.h"
#include "dig_glance.h"
#include "dig_unavoidable.h"

/* A state whose parent is not made is made afresh from the givens when
 * it adds more than this many groups to the parent's (scripts/RESULTS.md):
 * the parent's state, one propagation more, would cost more unless a
 * later question needs it too. */
#define DIG_FRESH_GROUPS 8

/* The digits the givens leave cell (its domain less its peers' givens). */
static digitset dig_open_to(const struct ruleset *rs, const uint8_t *givens, int cell)
{
    digitset open = rs->domain[cell];
    for (int i = rs->peer_start[cell]; i < rs->peer_start[cell + 1]; i++)
        if (givens[rs->peers[i]]) open &= ~digitset_of(givens[rs->peers[i]]);
    return open;
}

/* 1 when, counting givens only, digit has no place but cell in one of
 * the houses holding it: every other open cell of the house sees a given
 * of digit. The cells that see one are marked first, once. */
static int dig_hidden_single(const struct ruleset *rs, const uint8_t *givens, int cell, int digit)
{
    uint8_t sees[SL_MAX_CELLS];
    memset(sees, 0, (size_t)rs->geo.ncells);
    for (int c = 0; c < rs->geo.ncells; c++)
        if (givens[c] == digit)
            for (int i = rs->peer_start[c]; i < rs->peer_start[c + 1]; i++) sees[rs->peers[i]] = 1;
    const uint64_t *units = rs->cell_units + (size_t)cell * (size_t)rs->unit_words;
    for (int w = 0; w < rs->unit_words; w++)
        for (uint64_t todo = units[w]; todo; todo &= todo - 1) {
            int u = w * 64 + __builtin_ctzll(todo), other_place = 0;
            if (u >= rs->nhouses) return 0; /* houses come first among the units */
            const uint16_t *cells = rs->unit_cells + rs->unit_start[u];
            int n = rs->unit_start[u + 1] - rs->unit_start[u];
            for (int k = 0; k < n && !other_place; k++) {
                int c = cells[k];
                other_place =
                    c != cell && !givens[c] && !sees[c] && (rs->domain[c] & digitset_of(digit));
            }
            if (!other_place) return 1;
        }
    return 0;
}

/* 1 when the givens alone force digit into cell. Only a single removal is
 * judged this way: with several cells open at once, each one's peers
 * lose a given too. */
static int dig_forced(const struct ruleset *rs, const uint8_t *givens, int cell, int digit)
{
    return dig_open_to(rs, givens, cell) == digitset_of(digit) ||
           dig_hidden_single(rs, givens, cell, digit);
}

/* dig_keeps_unique, telling apart a search that gave up: 1 keeps, 0 a
 * solution differs in one of the cells, -1 a search gave up first. */
static int dig_keeps_unique_or_gave_up(struct solver *s, const struct ruleset *rs,
                                       const uint8_t *givens, const uint8_t *solution,
                                       const int *cells, int count)
{
    uint8_t smaller[SL_MAX_CELLS];
    memcpy(smaller, givens, (size_t)rs->geo.ncells);
    for (int i = 0; i < count; i++) smaller[cells[i]] = 0;
    if (count == 1 && givens[cells[0]] && dig_forced(rs, smaller, cells[0], solution[cells[0]]))
        return 1;
    int keeps = 1;
    uint64_t limit = solver_node_limit(s);
    solver_set_light(s, 1);
    solver_set_node_limit(s, DIG_NODE_LIMIT);
    for (int i = 0; i < count && keeps == 1; i++) {
        int cell = cells[i];
        if (!givens[cell]) continue;
        struct search_result r = solver_count_without(s, smaller, cell, solution[cell], 1, NULL);
        keeps = r.solutions ? 0 : r.gave_up ? -1 : 1;
    }
    solver_set_light(s, 0);
    solver_set_node_limit(s, limit);
    return keeps;
}

int dig_keeps_unique(struct solver *s, const struct ruleset *rs, const uint8_t *givens,
                     const uint8_t *solution, const int *cells, int count)
{
    return dig_keeps_unique_or_gave_up(s, rs, givens, solution, cells, count) == 1;
}

/* The old way, one search from the givens per question: for rules whose
 * searches keep scratch or restart (a rule's offers), where a shared
 * state is not what their searches start from. */
static int dig_groups_alone(struct solver *s, const struct ruleset *rs, uint8_t *givens,
                            const uint8_t *solution, const int *cells, const int *start,
                            int ngroups, uint8_t *undecided)
{
    int removed = 0;
    for (int g = 0; g < ngroups; g++) {
        const int *group = cells + start[g];
        int count = start[g + 1] - start[g], present = 0;
        for (int i = 0; i < count; i++) present += givens[group[i]] != 0;
        if (!present) continue;
        int keeps = dig_keeps_unique_or_gave_up(s, rs, givens, solution, group, count);
        if (keeps < 0 && undecided) undecided[g] = 1;
        if (keeps != 1) continue;
        for (int i = 0; i < count; i++) givens[group[i]] = 0;
        removed += present;
    }
    return removed;
}

/* A dig over shared states (search.h): group g is asked about with the
 * givens of the groups before it that stayed and of every group after
 * it. Splitting the range of groups in two, the state of a range holds
 * the givens all its questions share, those kept before it and those
 * after it; the left part adds the right part's givens, the right part
 * those the left part kept. The left part is mostly the larger (dig_split): the
 * late questions, which the glance settles least, then share more of
 * their states. Each question then narrows one cell of a state that
 * is mostly propagated already, instead of propagating all the givens.
 *
 * States are made only when a question needs one: early in a dig most
 * removed givens are singles of the givens left (dig_forced), which
 * needs no state, so a range whose questions all end so makes none. A
 * single of the givens is a single of their propagation too, so the
 * answers, and the givens removed, are those of states made for all. */

/* A range of groups on the way from the whole dig to the question being
 * asked: its state (in the slot'th of the run's states) is its parent's
 * with the givens of groups [add_from, add_to) added, once made. */
struct dig_node {
    int l, r;
    int slot;
    int add_from, add_to;
    int made; /* the slot holds the state (until a right part narrows it) */
    int live; /* when made: 1 consistent, 0 not, -1 a rule stopped */
};

/* Ranges nest by dig_split: the whole, then one per split on the way
 * down (at most 13 from 625 cells). */
#define DIG_PATH_MAX 32

/* Where the range [l, r) of two groups or more splits: three fifths of
 * it go left (scripts/RESULTS.md: fewer instructions than halves or two
 * thirds, as late questions need states more often than early ones). */
static int dig_split(int l, int r) { return l + (r - l) * 3 / 5; }

/* The slots a dig of ngroups groups needs: one more per left part on a
 * path. Taking the left part every time meets the most of them (for
 * every range up to 625 groups: a right part, the larger only for three
 * groups, splits no more often). */
static int dig_depth(int ngroups)
{
    int depth = 1;
    for (int n = ngroups; n > 1; n = dig_split(0, n)) depth++;
    return depth;
}

struct dig_run {
    struct solver *s;
    const struct ruleset *rs;
    uint8_t *givens;
    const uint8_t *solution;
    const int *cells, *start;
    unsigned char *states; /* a state per level of splitting */
    struct dig_node path[DIG_PATH_MAX];
    int removed;
    int singles; /* a group goes only when singles still fill the grid */
    int stopped; /* a rule stopped propagation: nothing more is removed */
    /* Sets a unique puzzle keeps a given in (none when not known), and
     * the givens as bits: a removal that empties a set fails unsearched.
     * memory, when the caller keeps one: the sets of second solutions
     * found, by this dig and earlier ones of the grid (dig.h). */
    const struct dig_unavoidable *sets;
    struct dig_memory *memory;
    uint64_t given_bits[2];
    struct dig_glance *glance; /* the givens as masks, or NULL: dig_forced */
    uint8_t *undecided;        /* per group, or NULL: kept as a search gave up */
};

static digitset *dig_state(const struct dig_run *run, int slot)
{
    return (digitset *)(run->states + (size_t)slot * run->rs->state_bytes);
}
/* The state of the questions about groups [l, r) made afresh: every
 * given but theirs, propagated at once. */
static int dig_fresh(struct dig_run *run, digitset *state, int l, int r)
{
    uint8_t givens[SL_MAX_CELLS];
    memcpy(givens, run->givens, (size_t)run->rs->geo.ncells);
    for (int i = run->start[l]; i < run->start[r]; i++) givens[run->cells[i]] = 0;
    return solver_root(run->s, givens, state);
}

/* Adds the givens of groups [a, b) to state, and with bar >= 0 keeps
 * cell bar from its solution's digit; 1, 0 or -1 as solver_narrow. All
 * go in at once, one propagation for them all. */
static int dig_add(struct dig_run *run, digitset *state, int a, int b, int bar)
{
    int cells[SL_MAX_CELLS + 1], count = 0;
    digitset allowed[SL_MAX_CELLS + 1];
    for (int i = run->start[a]; i < run->start[b]; i++) {
        int c = run->cells[i];
        if (!run->givens[c] || state[c] == digitset_of(run->givens[c])) continue;
        cells[count] = c;
        allowed[count++] = digitset_of(run->givens[c]);
    }
    if (bar >= 0) {
        cells[count] = bar;
        allowed[count++] = (digitset)~digitset_of(run->solution[bar]);
    }
    return count ? solver_narrow_each(run->s, state, cells, allowed, count) : 1;
}

static int dig_all_single(const struct ruleset *rs, const digitset *state)
{
    for (int c = 0; c < rs->geo.ncells; c++)
        if (!digitset_is_single(state[c])) return 0;
    return 1;
}

/* Clears group g's cells from bits. */
static void dig_clear_bits(const struct dig_run *run, int g, uint64_t bits[2])
{
    for (int i = run->start[g]; i < run->start[g + 1]; i++)
        bits[run->cells[i] >> 6] &= ~(UINT64_C(1) << (run->cells[i] & 63));
}

/* 1 when removing group g empties an unavoidable set holding one of its
 * cells: a second solution differs from the solution there, so a search
 * barring that cell from its digit finds one. */
static int dig_empties_set(const struct dig_run *run, int g)
{
    if (!run->sets || !run->sets->n) return 0;
    uint64_t left[2] = {run->given_bits[0], run->given_bits[1]};
    dig_clear_bits(run, g, left);
    uint64_t group[2] = {run->given_bits[0] & ~left[0], run->given_bits[1] & ~left[1]};
    if (dig_unavoidable_emptied(run->sets, left, group)) return 1;
    const struct dig_memory *m = run->memory;
    for (int i = 0; m && i < m->nlearned; i++)
        if (!(m->learned[i][0] & left[0]) && !(m->learned[i][1] & left[1]) &&
            ((m->learned[i][0] & group[0]) || (m->learned[i][1] & group[1])))
            return 1;
    return 0;
}

/* 1 when the givens left without group g hold all of a puzzle the
 * memory knows unique: they are unique too, with no search. */
static int dig_keeps_known(const struct dig_run *run, int g)
{
    const struct dig_memory *m = run->memory;
    if (!m || !m->nunique) return 0;
    uint64_t left[2] = {run->given_bits[0], run->given_bits[1]};
    dig_clear_bits(run, g, left);
    for (int i = 0; i < m->nunique; i++)
        if (!(m->unique[i][0] & ~left[0]) && !(m->unique[i][1] & ~left[1])) return 1;
    return 0;
}

/* Keeps the givens a dig left in the run's memory as a unique puzzle
 * (the dig kept the puzzle it was given unique), unless it holds them. */
static void dig_learn_unique(struct dig_run *run)
{
    struct dig_memory *m = run->memory;
    const uint64_t *bits = run->given_bits;
    for (int i = 0; i < m->nunique; i++)
        if (m->unique[i][0] == bits[0] && m->unique[i][1] == bits[1]) return;
    uint64_t *slot = m->unique[m->next_unique];
    slot[0] = bits[0], slot[1] = bits[1];
    m->next_unique = (m->next_unique + 1) % DIG_MEMORY_UNIQUE;
    if (m->nunique < DIG_MEMORY_UNIQUE) m->nunique++;
}

/* Keeps in the run's memory the cells where `other`, a second solution a
 * search found, differs from the solution (the oldest set learned gives
 * way when the memory is full). */
static void dig_learn(struct dig_run *run, const uint8_t *other)
{
    struct dig_memory *m = run->memory;
    uint64_t set[2] = {0, 0};
    for (int c = 0; c < run->rs->geo.ncells; c++)
        if (other[c] != run->solution[c]) set[c >> 6] |= UINT64_C(1) << (c & 63);
    uint64_t *slot = m->learned[m->next];
    slot[0] = set[0], slot[1] = set[1];
    m->next = (m->next + 1) % DIG_MEMORY_SETS;
    if (m->nlearned < DIG_MEMORY_SETS) m->nlearned++;
}

/* solver_count_below for one solution, learning where a found one
 * differs when the run has a memory. */
static struct search_result dig_search(struct dig_run *run, const digitset *state, int cell,
                                       digitset allowed)
{
    uint8_t other[SL_MAX_CELLS];
    uint8_t *out = run->memory ? other : NULL;
    struct search_result r = solver_count_below(run->s, state, cell, allowed, 1, out, NULL);
    if (out && r.solutions) dig_learn(run, out);
    return r;
}

/* Removes group g's givens. */
static void dig_remove(struct dig_run *run, int g)
{
    for (int i = run->start[g]; i < run->start[g + 1]; i++) {
        int c = run->cells[i];
        if (!run->givens[c]) continue;
        if (run->glance) dig_glance_remove(run->glance, c, run->givens[c]);
        run->removed++;
        run->givens[c] = 0;
    }
    if (run->sets) dig_clear_bits(run, g, run->given_bits); /* bits only for grids sets fit */
}

/* Asks about group g below state (consistent when live): removes its
 * givens when no solution differs from the solution in one of them. */
static void dig_ask(struct dig_run *run, const digitset *state, int live, int g)
{
    int keeps = 1, present = 0;
    if (run->singles) keeps = live && dig_all_single(run->rs, state);
    for (int i = run->start[g]; i < run->start[g + 1] && keeps; i++) {
        int c = run->cells[i];
        if (!run->givens[c]) continue;
        present++;
        digitset own = digitset_of(run->solution[c]);
        if (!live || state[c] == own) continue; /* no other digit left for it */
        struct search_result r = dig_search(run, state, c, ~own);
        keeps = !r.solutions && !r.gave_up;
        if (!r.solutions && r.gave_up && run->undecided) run->undecided[g] = 1;
    }
    if (present && keeps && !run->stopped) dig_remove(run, g);
}

/* What dig_make returns when a state on the way fixes the group asked
 * about: its question is settled, and the states below are not made. */
#define DIG_SETTLED 2

/* 1 when state gives every given of group g its own digit. */
static int dig_fixed_in(const struct dig_run *run, const digitset *state, int g)
{
    for (int i = run->start[g]; i < run->start[g + 1]; i++) {
        int c = run->cells[i];
        if (run->givens[c] && state[c] != digitset_of(run->solution[c])) return 0;
    }
    return 1;
}

/* Makes the state of path[k] from its parent's, making that first, or
 * afresh when the parent is not made and the node adds more groups than
 * DIG_FRESH_GROUPS (the parent is then made only if another question needs
 * it); returns its liveness (dig_add). With g >= 0, stops at DIG_SETTLED
 * once a parent made on the way fixes group g: the fewer givens of a
 * parent fix a cell only if the node's more givens do too. */
static int dig_make(struct dig_run *run, int k, int g)
{
    struct dig_node *node = &run->path[k];
    if (node->made) return node->live;
    digitset *state = dig_state(run, node->slot);
    if (k == 0 || (!run->path[k - 1].made && node->add_to - node->add_from > DIG_FRESH_GROUPS)) {
        node->live = dig_fresh(run, state, node->l, node->r);
    } else {
        struct dig_node *parent = &run->path[k - 1];
        int made = parent->made, live = dig_make(run, k - 1, g);
        if (live == DIG_SETTLED) return live;
        if (g >= 0 && !made && live == 1 && dig_fixed_in(run, dig_state(run, parent->slot), g))
            return DIG_SETTLED;
        if (node->slot != parent->slot)
            memcpy(state, dig_state(run, parent->slot), run->rs->state_bytes);
        else
            parent->made = 0; /* narrowed in place: the parent's questions are done */
        node->live = live == 1 ? dig_add(run, state, node->add_from, node->add_to, -1) : live;
    }
    node->made = 1;
    run->stopped |= node->live < 0;
    return node->live;
}

/* 1 when the givens left without group g force the given of its cell c. */
static int dig_glance_at(const struct dig_run *run, int g, int c, uint8_t *smaller, int *copied)
{
    if (run->glance) {
        uint64_t gone[2] = {0, 0};
        for (int i = run->start[g]; i < run->start[g + 1]; i++)
            gone[run->cells[i] >> 6] |= UINT64_C(1) << (run->cells[i] & 63);
        return dig_glance_forced(run->glance, c, run->solution[c], gone);
    }
    if (!(*copied)++) {
        memcpy(smaller, run->givens, (size_t)run->rs->geo.ncells);
        for (int i = run->start[g]; i < run->start[g + 1]; i++) smaller[run->cells[i]] = 0;
    }
    return dig_forced(run->rs, smaller, c, run->solution[c]);
}

/* 1 when every given of group g is settled without a new state: a single
 * of the givens left without the group, or fixed in a state made
 * already for a range holding g (it holds fewer givens, so the state of
 * g's own question fixes the cell too). */
static int dig_settled(struct dig_run *run, int k, int g)
{
    const struct dig_node *known = NULL;
    for (int j = k; j >= 0 && !known; j--)
        if (run->path[j].made) known = &run->path[j];
    const digitset *state = known && known->live == 1 ? dig_state(run, known->slot) : NULL;
    uint8_t smaller[SL_MAX_CELLS];
    int copied = 0;
    for (int i = run->start[g]; i < run->start[g + 1]; i++) {
        int c = run->cells[i];
        if (!run->givens[c] || (state && state[c] == digitset_of(run->solution[c]))) continue;
        if (!dig_glance_at(run, g, c, smaller, &copied)) return 0;
    }
    return 1;
}

/* The cell of group g's one given left, or -1 when it has more. */
static int dig_lone_given(const struct dig_run *run, int g)
{
    int lone = -1;
    for (int i = run->start[g]; i < run->start[g + 1]; i++) {
        if (!run->givens[run->cells[i]]) continue;
        if (lone >= 0) return -1;
        lone = run->cells[i];
    }
    return lone;
}

/* The question about path[k], a leaf whose group g has one given left,
 * at c, and whose state is made from its parent's: the parent's state
 * adds the leaf's givens and bars c from its digit in one propagation,
 * which then holds every solution the question looks for. The leaf's
 * state, so barred, serves no other question. */
static void dig_ask_barred(struct dig_run *run, int k, int g, int c)
{
    struct dig_node *node = &run->path[k], *parent = &run->path[k - 1];
    int made = parent->made, live = dig_make(run, k - 1, g);
    if (run->stopped) return;
    digitset *from = dig_state(run, parent->slot), *state = dig_state(run, node->slot);
    if (live == DIG_SETTLED || (live == 1 && !made && dig_fixed_in(run, from, g))) {
        dig_remove(run, g);
        return;
    }
    if (node->slot != parent->slot)
        memcpy(state, from, run->rs->state_bytes);
    else
        parent->made = 0;
    if (live == 1) live = dig_add(run, state, node->add_from, node->add_to, c);
    run->stopped |= live < 0;
    if (live == 1) {
        struct search_result r = dig_search(run, state, -1, 0);
        live = r.solutions || r.gave_up;
        if (!r.solutions && r.gave_up && run->undecided) run->undecided[g] = 1;
    }
    if (live == 0 && !run->stopped) dig_remove(run, g);
}

/* The question about path[k], a range of one group. */
static void dig_leaf(struct dig_run *run, int k)
{
    struct dig_node *node = &run->path[k];
    int g = node->l, present = 0;
    for (int i = run->start[g]; i < run->start[g + 1]; i++)
        present += run->givens[run->cells[i]] != 0;
    if (!present) return;
    if (!run->singles && dig_settled(run, k, g)) {
        dig_remove(run, g);
        return;
    }
    if (dig_empties_set(run, g)) return;
    if (!run->singles && dig_keeps_known(run, g)) {
        dig_remove(run, g);
        return;
    }
    int lone = run->singles ? -1 : dig_lone_given(run, g);
    if (lone >= 0 && k > 0 &&
        (run->path[k - 1].made || node->add_to - node->add_from <= DIG_FRESH_GROUPS)) {
        dig_ask_barred(run, k, g, lone);
        return;
    }
    int live = dig_make(run, k, run->singles ? -1 : g);
    if (run->stopped) return;
    if (live == DIG_SETTLED)
        dig_remove(run, g);
    else
        dig_ask(run, dig_state(run, node->slot), live == 1, g);
}

/* Asks about the groups of path[k]'s range: the left part's state adds
 * the right part's givens (a slot further), the right part's, in the
 * same slot, those the left part kept. */
static void dig_span(struct dig_run *run, int k)
{
    const struct dig_node node = run->path[k];
    if (run->stopped) return;
    if (node.r - node.l == 1) {
        dig_leaf(run, k);
        return;
    }
    int m = dig_split(node.l, node.r);
    run->path[k + 1] = (struct dig_node){
        .l = node.l, .r = m, .slot = node.slot + 1, .add_from = m, .add_to = node.r};
    dig_span(run, k + 1);
    run->path[k + 1] =
        (struct dig_node){.l = m, .r = node.r, .slot = node.slot, .add_from = node.l, .add_to = m};
    dig_span(run, k + 1);
}

/* The singles dig one group at a time, each state made afresh: for rules
 * whose propagation keeps scratch of its own along one path. */
static int dig_singles_alone(struct dig_run *run, int ngroups)
{
    for (int g = 0; g < ngroups && !run->stopped; g++) {
        int live = dig_fresh(run, (digitset *)run->states, g, g + 1);
        run->stopped = live < 0;
        dig_ask(run, (digitset *)run->states, live == 1, g);
    }
    return run->removed;
}

void dig_memory_forget(struct dig_memory *memory)
{
    memory->ncells = 0;
    memory->nlearned = memory->next = 0;
    memory->nunique = memory->next_unique = 0;
}

/* The unavoidable sets of the solution, when the givens agree with it
 * and the grid fits two words of bits: the run's memory's when it holds
 * this solution's, else found (into the memory, emptied first, when the
 * run has one; else into sets). Without them the memory is not used. */
static void dig_sets_open(struct dig_run *run, struct dig_unavoidable *sets)
{
    const struct ruleset *rs = run->rs;
    struct dig_memory *m = run->memory;
    int ncells = rs->geo.ncells;
    sets->n = 0;
    run->memory = NULL;
    if (ncells > DIG_UNAVOIDABLE_CELLS) return;
    run->given_bits[0] = run->given_bits[1] = 0;
    for (int c = 0; c < ncells; c++) {
        if (!run->givens[c]) continue;
        if (run->givens[c] != run->solution[c]) return;
        run->given_bits[c >> 6] |= UINT64_C(1) << (c & 63);
    }
    if (m) {
        if (m->ncells != ncells || memcmp(m->solution, run->solution, (size_t)ncells)) {
            dig_memory_forget(m);
            dig_unavoidable_find(&m->swaps, rs, run->solution);
            memcpy(m->solution, run->solution, (size_t)ncells);
            m->ncells = ncells;
        }
        run->sets = &m->swaps;
        run->memory = m;
        return;
    }
    dig_unavoidable_find(sets, rs, run->solution);
    run->sets = sets;
}

static int dig_run_groups(struct dig_run *run, int ngroups)
{
    struct solver *s = run->s;
    const struct ruleset *rs = run->rs;
    int depth = dig_depth(ngroups);
    int shared = !rs->scratch_bytes && !rs->branching;
    if (shared || run->singles) run->states = malloc((size_t)depth * rs->state_bytes);
    if (!run->states) return -1;
    uint64_t limit = solver_node_limit(s);
    solver_set_light(s, 1);
    solver_set_node_limit(s, DIG_NODE_LIMIT);
    solver_keep_dead_ends(s, 1);
    struct dig_unavoidable sets;
    struct dig_glance glance;
    if (shared) {
        dig_sets_open(run, &sets);
        if (!run->singles && dig_glance_open(&glance, rs, run->givens)) run->glance = &glance;
        run->path[0] = (struct dig_node){.l = 0, .r = ngroups};
        dig_span(run, 0);
        if (run->memory && !run->stopped) dig_learn_unique(run);
    } else {
        run->memory = NULL; /* learned from shared states only */
        dig_singles_alone(run, ngroups);
    }
    solver_keep_dead_ends(s, 0);
    solver_set_light(s, 0);
    solver_set_node_limit(s, limit);
    free(run->states);
    run->sets = NULL; /* they lived on this frame */
    run->memory = NULL;
    run->glance = NULL;
    return run->removed;
}

/* A run over the givens, the solution and the groups, nothing else set. */
static struct dig_run dig_run_of(struct solver *s, const struct ruleset *rs, uint8_t *givens,
                                 const uint8_t *solution, const int *cells, const int *start)
{
    return (struct dig_run){
        .s = s, .rs = rs, .givens = givens, .solution = solution, .cells = cells, .start = start};
}

int dig_groups(struct solver *s, const struct ruleset *rs, uint8_t *givens, const uint8_t *solution,
               const int *cells, const int *start, int ngroups, uint8_t *undecided)
{
    return dig_groups_remembering(s, rs, givens, solution, cells, start, ngroups, undecided, NULL);
}

int dig_groups_remembering(struct solver *s, const struct ruleset *rs, uint8_t *givens,
                           const uint8_t *solution, const int *cells, const int *start, int ngroups,
                           uint8_t *undecided, struct dig_memory *memory)
{
    if (ngroups < 1) return 0;
    if (undecided) memset(undecided, 0, (size_t)ngroups);
    struct dig_run run = dig_run_of(s, rs, givens, solution, cells, start);
    run.undecided = undecided;
    run.memory = memory;
    int removed = dig_run_groups(&run, ngroups);
    return removed >= 0
               ? removed
               : dig_groups_alone(s, rs, givens, solution, cells, start, ngroups, undecided);
}

int dig_groups_singles(struct solver *s, const struct ruleset *rs, uint8_t *givens,
                       const uint8_t *solution, const int *cells, const int *start, int ngroups)
{
    if (ngroups < 1) return 0;
    struct dig_run run = dig_run_of(s, rs, givens, solution, cells, start);
    run.singles = 1;
    return dig_run_groups(&run, ngroups);
}
