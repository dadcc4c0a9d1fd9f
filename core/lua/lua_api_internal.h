/*
 * lua_api_internal.h — what the files of the sudolab Lua module
 * (lua_api.h) share, for those files alone: scripts never see it, and no
 * file outside the module includes it. Its parts: the puzzle userdata
 * (lua_puzzle.c); the errors that name the script's line and the checked
 * reading of arguments (lua_api_args.c); the memory a puzzle's ruleset,
 * solver and rater are charged to the host's cap, and the nodes a search
 * is charged to its budget (lua_puzzle.c, lua_host.h); and each file's
 * opener, which lua_api_open calls.
 *
 * The module's files, one idea each (variants/README.md documents the
 * functions):
 *   lua_api.c            lua_api_open; sudolab.rules, cell, relation, suggest
 *   lua_api_args.c       errors naming the script's line; checked arguments
 *   lua_puzzle.c         the puzzle userdata, its searches; sudolab.puzzle
 *   lua_puzzle_text.c    sudolab.read; p:line (tostring), p:solo, p:rules
 *   lua_puzzle_edit.c    p:size, givens, set, put, get, clues, add_rule,
 *                        add_lua_rule, retotal
 *   lua_puzzle_search.c  p:solve, count, solutions, fill, candidates, check
 *   lua_puzzle_rate.c    p:rate; sudolab.grades, technique_rating
 *   lua_puzzle_dig.c     p:dig, keeps_unique, deduces; sudolab.shuffled
 *   lua_killer.c         sudolab.cages_text, parse_cages, killer_swap,
 *                        killer_partition, killer_unique
 *   lua_calcudoku.c      sudolab.calc_unique, calc_small, calc_small_draws,
 *                        calc_text, calc_move, calc_partition, calc_fill
 *   lua_killer_layout.c  sudolab.killer_layout (its own header)
 *
 * Every function that raises does so through api_error, with the calling
 * script's file and line. The small helpers that every call or every cell
 * runs (api_check_puzzle, api_field_integer, api_push_grid, ...) are
 * static inline here: the compiler inlined them when the module was one
 * file, and a call across files for each would cost instructions.
 */

#ifndef SUDOLAB_LUA_API_INTERNAL_H
#define SUDOLAB_LUA_API_INTERNAL_H

#include <lauxlib.h>
#include <lua.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "lua_host.h"
#include "search.h"

#define API_PUZZLE "sudolab.puzzle"

struct dig_memory;

struct api_puzzle {
    struct puzzle p;
    struct ruleset *rules; /* NULL until needed, or after a rule change */
    struct solver *solver;
    struct rater *rater; /* NULL until p:rate(), or after a rule change */
    /* A Lua rule's error in the last search (LUA_RULE_ERROR_MAX bytes, the
     * puzzle's user value, made by its first Lua rule), or NULL: no
     * puzzle without one pays for it (a generator makes one a draw). */
    char *lua_error;
    size_t charged;      /* bytes of rules, solver, rater charged to the cap */
    int rater_charged;   /* the rater's bytes are in charged */
    int rater_retotaled; /* the rater was kept over a retotal: rater_retotaled before it rates */
    /* What p:dig(..., true) learnt of the last grid it dug (dig.h), or
     * NULL until the first such dig; freed with the rules. */
    struct dig_memory *dig_memory;
    int busy; /* a search on it is under way */
    int dead; /* finalized: a finalizer brought it back */
    /* Givens p:rate() found unique, and their solution: givens that keep
     * those and agree with the solution have that solution alone (graded
     * digs ease a puzzle by adding givens), so no search is needed. Valid
     * until a rule change; never with a Lua rule (it may not be pure). */
    int unique_known, lua_rules;
    uint8_t *unique_givens, *unique_solution; /* ncells each, in unique_cells */
    /* The last solution a dig or keeps_unique found to keep the rules
     * (in unique_cells too): a descent asks keeps_unique hundreds of
     * times of one solution, and checking the rules each time was most
     * of what the check cost. Valid until a rule change; never with a
     * Lua rule. */
    int rules_kept;
    uint8_t *kept_solution;
    /* The nodes of calc_unique's count that found those givens unique (the
     * solver's search of this very puzzle, as the generator's check runs
     * it), or API_NOT_COUNTED: known another way, or by a count whose
     * nodes may differ from the check's (--stats shows them). p:line()
     * tells the generator of a counted one (api_line). */
    uint64_t unique_nodes;
    /* Sized by the grid: a full-size triple was most of the userdata, all
     * of it zeroed and weighed by the collector for every puzzle made. */
    uint8_t unique_cells[];
};

#define API_NOT_COUNTED UINT64_MAX

/* A search under way: what api_search_end restores and charges. */
struct api_search {
    lua_State *caller;            /* the thread Lua rules ran on before */
    unsigned long long allowance; /* nodes the budget left it */
    unsigned long long asked;     /* nodes the script allowed it (API_NODE_LIMIT: any) */
    long long node_cost;          /* instructions a node is charged */
    struct search_stats stats;
};

/* --- lua_api_args.c -------------------------------------------------------- */

/* Raises fmt's message after the calling script's "file:line:" (printf's
 * format, up to 511 bytes). luaL_where(L, 1) is the script line that
 * called the API function. */
int api_error(lua_State *L, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Raises "bad argument #arg to 'fname' (what)". */
int api_arg_error(lua_State *L, int arg, const char *fname, const char *what);

/* Argument arg, which must be a string (a number is not one), and its
 * length into len (unless NULL). */
const char *api_string(lua_State *L, int arg, const char *fname, size_t *len);

/* Argument arg, which must be an integer lo..hi. */
lua_Integer api_integer(lua_State *L, int arg, const char *fname, lua_Integer lo, lua_Integer hi);

/* The length of the list at index i (luaL_len: its __len, if any), which
 * must be 0..most: "fname: a list of N what" otherwise. A __len answers
 * what it likes, and a negative count indexed C arrays backwards. */
lua_Integer api_list_length(lua_State *L, int i, const char *fname, const char *what,
                            lua_Integer most);

/* An option table's field errors name the function and the field, not a
 * stack index the script never wrote: "fname: field 'key' must be what". */
int api_field_error(lua_State *L, const char *fname, const char *key, const char *what);

/* The value on top of the stack, field key of fname's table, as lo..hi. */
lua_Integer api_field_check(lua_State *L, const char *fname, const char *key, lua_Integer lo,
                            lua_Integer hi);

/* The option table's (argument 1's) integer field key, lo..hi, or dflt when absent. */
static inline lua_Integer api_field_integer(lua_State *L, const char *key, const char *fname,
                                            lua_Integer lo, lua_Integer hi, lua_Integer dflt)
{
    lua_getfield(L, 1, key);
    lua_Integer v = lua_isnil(L, -1) ? dflt : api_field_check(L, fname, key, lo, hi);
    lua_pop(L, 1);
    return v;
}

/* The value on top of the stack, field key of fname's table, as a string
 * (alive while the stack holds it). */
const char *api_field_text(lua_State *L, const char *fname, const char *key, size_t *len);

/* Table t's string field key, pushed: the caller pops it when done. */
const char *api_field_string(lua_State *L, int t, const char *key, const char *fname);

/* Every key of the option table at arg is one of known (NULL-ended),
 * else an error naming the first that is not, with a guess. */
static inline void api_check_keys(lua_State *L, int arg, const char *fname,
                                  const char *const *known)
{
    char msg[512];
    if (lua_table_unknown_key(L, arg, known, msg, sizeof msg)) api_error(L, "%s: %s", fname, msg);
}

/* The option table's search budget field key (nodes), else the API's own. */
uint64_t api_field_budget(lua_State *L, const char *key, const char *fname);

/* The instructions a search node on a grid of ncells cells is charged:
 * about what its time buys of VM instructions (variants/README.md
 * measures), growing with the grid. One figure for every search the API
 * runs in C: a puzzle's, killer_unique's counts, a calcudoku draw's own. */
static inline long long api_node_cost(int ncells) { return 2LL * ncells; }

/* The nodes a search run in C outside the solver's runs (a draw's own
 * count) may take: nodes, and no more than the run's instruction budget
 * leaves at cost instructions a node, which the caller then charges.
 * Raises when nothing is left. */
uint64_t api_nodes_within(lua_State *L, const char *fname, long long cost, uint64_t nodes);
/* Raises "fname: instruction budget exceeded: WHO took the N nodes it had
 * left (budget exhausted)", for a search stopped at what api_nodes_within
 * allowed it. */
int api_budget_exhausted(lua_State *L, const char *fname, const char *who,
                         unsigned long long nodes);

/* Argument arg, which must be a puzzle not yet collected. */
static inline struct api_puzzle *api_check_puzzle(lua_State *L, int arg, const char *fname)
{
    struct api_puzzle *ap = luaL_testudata(L, arg, API_PUZZLE);
    if (ap == NULL) api_arg_error(L, arg, fname, "puzzle expected");
    if (ap->dead) api_error(L, "%s: this puzzle was collected (a finalizer kept it)", fname);
    return ap;
}

/* Raises unless ap's rules, givens and solver may change. */
static inline void api_idle(lua_State *L, const struct api_puzzle *ap, const char *fname)
{
    if (ap->busy)
        api_error(L,
                  "%s: puzzle is busy: a search on it is under way (a Lua rule's check "
                  "cannot change it or search it again)",
                  fname);
}

/* api_check_puzzle, and api_idle of that puzzle. */
static inline struct api_puzzle *api_check_idle(lua_State *L, int arg, const char *fname)
{
    struct api_puzzle *ap = api_check_puzzle(L, arg, fname);
    api_idle(L, ap, fname);
    return ap;
}

/* Reads the solution string at index i (N*N digits) into solution. */
void api_solution_arg(lua_State *L, struct api_puzzle *ap, int i, const char *fname,
                      uint8_t *solution);

/* The grid size whose map has len symbols (one or two per cell), or 0. */
static inline int api_cage_map_size(size_t len)
{
    for (size_t n = 1; n <= SL_MAX_SIZE; n++)
        if (n * n == len || 2 * n * n == len) return (int)n;
    return 0;
}

/* --- lua_puzzle.c ---------------------------------------------------------- */

/* Frees ap's rater, solver and ruleset, and what they were charged, and
 * forgets the givens known unique: after a rule change, or on an error. */
void api_release(lua_State *L, struct api_puzzle *ap);

/* 1 when the givens extend the ones known unique and agree with their
 * solution (copied to solution). */
int api_unique_known(const struct api_puzzle *ap, uint8_t *solution);

/* Keeps the givens now known unique, with their solution. */
static inline void api_note_unique(struct api_puzzle *ap, const uint8_t *solution, uint64_t nodes)
{
    size_t n = (size_t)ap->p.geo.ncells;
    ap->unique_known = 1;
    ap->unique_nodes = nodes;
    memcpy(ap->unique_givens, ap->p.givens, n);
    memcpy(ap->unique_solution, solution, n);
}

/* A new empty puzzle userdata on the stack, owning nothing yet. */
struct api_puzzle *api_push_puzzle(lua_State *L, const struct geometry *g);

/* After a search: a Lua rule's error becomes the script's error. */
void api_raise_rule_error(lua_State *L, struct api_puzzle *ap, const char *fname);

/* Charges the cap for ap's rater, made or to be made over ap->rules: a
 * search of its own and the player's grid. */
void api_charge_rater(lua_State *L, struct api_puzzle *ap, const char *fname);
/* ap's dig memory (dig.h), made and charged to the cap at the first call;
 * raises when out of memory. */
struct dig_memory *api_dig_memory(lua_State *L, struct api_puzzle *ap, const char *fname);

/* The ruleset and solver of the puzzle's current rules, checking givens.
 * A ruleset may be there without a solver (p:retotal patched it). */
void api_prepare(lua_State *L, struct api_puzzle *ap, const char *fname);

/* As api_search_begin, for a search the script gave a node budget of its
 * own (asked): past it the search gives up, and the call says so. */
void api_search_begin_within(lua_State *L, struct api_puzzle *ap, const char *fname,
                             struct api_search *run, unsigned long long asked);

/* Starts a search on ap: its solver ready, its node limit what is left of
 * the budget, the puzzle busy and Lua rules called on this thread. Nothing
 * may raise until api_search_end. */
void api_search_begin(lua_State *L, struct api_puzzle *ap, const char *fname,
                      struct api_search *run);

/* Ends it: charges its nodes, raises a Lua rule's error, and "budget
 * exhausted" when the budget, not the API's node limit, stopped it. */
int api_search_end(lua_State *L, struct api_puzzle *ap, const char *fname, struct api_search *run,
                   int gave_up);

/* 1 with grid when p's rule settles it without a ruleset (puzzle_settle,
 * a killer's deductions): grid is then its only solution, the one any
 * search finds, so p:solve and p:count answer as the CLI's solve does,
 * charged one node, and no ruleset is built. 0 otherwise (nothing done);
 * raises when the budget has not a node left. */
int api_search_settled(lua_State *L, struct api_puzzle *ap, const char *fname, uint8_t *grid);

/* p's count by its rule's own kernel (puzzle_list_quick: a killer's
 * search over its settle's deductions) within nodes and the budget, no
 * ruleset built: the kernel's nodes, charged (0 when it does not apply).
 * r says whether it decided: gave_up when not, which includes running out
 * of nodes. Raises when the budget has not a node left. */
uint64_t api_search_kernel(lua_State *L, struct api_puzzle *ap, const char *fname, long limit,
                           uint64_t nodes, struct search_result *r, uint8_t *found);

/* Pushes cells as a string of one symbol a cell. */
static inline void api_push_grid(lua_State *L, const struct geometry *g, const uint8_t *cells)
{
    char text[SL_MAX_CELLS]; /* a buffer's char at a time cost more than the fill */
    for (int c = 0; c < g->ncells; c++) text[c] = geometry_symbol(cells[c]);
    lua_pushlstring(L, text, (size_t)g->ncells);
}

/* Adds rules from a rules text "name[:args];..." (the sudolab line's). */
void api_add_rules_text(lua_State *L, struct api_puzzle *ap, const char *text, const char *fname);

/* Sets ap's givens from text (len symbols, one a cell: a digit or '.'),
 * or raises. */
void api_set_givens(lua_State *L, struct api_puzzle *ap, const char *text, size_t len,
                    const char *fname);

/* After puzzle_retotal: the ruleset patched (ruleset_retotal) where it
 * can be, else dropped to be built again; the solver, and what was known
 * unique, go (api_release) as after any rule change; the rater stays
 * with a patched ruleset (rater_retotaled). */
void api_retotal_rules(lua_State *L, struct api_puzzle *ap, const uint8_t *grid);

/* With the sudolab module table on top of the stack (left there): adds
 * methods to the puzzles' methods table (lua_puzzle_open made it). */
void api_add_methods(lua_State *L, const luaL_Reg *methods);

/* Makes the metatable of the userdata called name, its finalizer gc, and
 * leaves it on the stack. Scripts see the name instead of the metatable
 * (__metatable), so they cannot call __gc by hand or swap the methods. */
void api_new_metatable(lua_State *L, const char *name, lua_CFunction gc);

/* --- the openers ------------------------------------------------------------
 * Each, with the sudolab module table on top of the stack (left there),
 * adds its file's functions to it and its methods to the puzzles'
 * (api_add_methods); lua_puzzle_open, which makes the puzzles' metatable,
 * comes first. */
void lua_puzzle_open(lua_State *L);
void lua_puzzle_text_open(lua_State *L);
void lua_puzzle_edit_open(lua_State *L);
void lua_puzzle_search_open(lua_State *L);
void lua_puzzle_rate_open(lua_State *L);
void lua_puzzle_dig_open(lua_State *L);
void lua_killer_open(lua_State *L);
void lua_calcudoku_open(lua_State *L);

#endif
