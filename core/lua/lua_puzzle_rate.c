/*
 * lua_puzzle_rate.c — ratings: p:rate([above [, below]]) by the human
 * rater (rate.h), sudolab.grades (its table of grades) and
 * sudolab.technique_rating(key) (the ladder's, technique.h).
 */
#include "lua_api_internal.h"

#include <math.h>

#include "rate.h"
#include "rules.h"
#include "search.h"
#include "technique.h"

/* A rating's rules = {name = used?} and unused = {names, in rule order}. */
static void api_push_rules_used(lua_State *L, const struct ruleset *rs,
                                const struct rate_result *res)
{
    const char *unused[SL_MAX_RULES];
    int n = rate_rules_unused(rs, res, unused, SL_MAX_RULES);
    lua_createtable(L, 0, rs->nslots);
    for (int i = 0; i < rs->nslots; i++) {
        lua_pushboolean(L, rate_rule_used(rs, res, rs->slots[i].ops->name) == 1);
        lua_setfield(L, -2, rs->slots[i].ops->name);
    }
    lua_setfield(L, -2, "rules");
    lua_createtable(L, n, 0);
    for (int i = 0; i < n; i++) lua_pushstring(L, unused[i]), lua_rawseti(L, -2, i + 1);
    lua_setfield(L, -2, "unused");
}

/* p:rate([above [, below]]) -> {rating=, grade=, work=, steps=, hardest=, techniques={key=count},
 * rules={name=used?}, unused={names of rules the solve path left unused}}
 * for a unique puzzle, else nil and why. With `above`, stops as soon as the
 * rating must exceed it: {rating= a lower bound, grade=, above=true}. With
 * `below` too, stops as soon as the rating is known below it (below=true,
 * rating an upper bound) or known exactly (settled=true; work, steps and
 * techniques then those of the steps taken): rate_puzzle_band. */
static int api_rate(lua_State *L)
{
    struct api_puzzle *ap = api_check_idle(L, 1, "rate");
    double above = lua_isnoneornil(L, 2) ? HUGE_VAL : luaL_checknumber(L, 2);
    double below = lua_isnoneornil(L, 3) ? -HUGE_VAL : luaL_checknumber(L, 3);
    struct rate_result result, *res = &result; /* nothing to free when a call raises */
    if (!ap->rater_charged) {
        api_prepare(L, ap, "rate");
        api_charge_rater(L, ap, "rate");
    }
    struct api_search run;
    api_search_begin(L, ap, "rate", &run);
    uint8_t solution[SL_MAX_CELLS]; /* the rater needs it: found once, here */
    struct search_result r = {1, 0};
    if (!api_unique_known(ap, solution)) {
        r = solver_count(ap->solver, ap->p.givens, 2, solution, &run.stats);
        ap->unique_known = 0;
        if (r.solutions == 1 && !r.gave_up) api_note_unique(ap, solution, API_NOT_COUNTED);
    }
    int rated = -1;
    if (ap->rater_retotaled && rater_retotaled(ap->rater)) rater_free(ap->rater), ap->rater = NULL;
    ap->rater_retotaled = 0;
    if (r.solutions == 1 && (ap->rater || (ap->rater = rater_new(ap->rules)))) {
        rated = rate_puzzle_band(ap->rater, ap->p.givens, solution, below, above, res, NULL, NULL);
        run.stats.nodes += res->fallback_nodes;
    }
    api_search_end(L, ap, "rate", &run, r.gave_up);
    long found = r.solutions;
    if (found != 1) {
        luaL_pushfail(L);
        lua_pushstring(L, found ? "several solutions" : "no solution");
        return 2;
    }
    if (!ap->rater) return api_error(L, "rate: these rules cannot be rated");
    if (rated < 0) return api_error(L, "rate: the rater erred (a bug: please report the puzzle)");
    lua_createtable(L, 0, 6);
    static const char *const stopped[] = {
        [RATE_ABOVE] = "above", [RATE_BELOW] = "below", [RATE_SETTLED] = "settled"};
    if (rated > 0) lua_pushboolean(L, 1), lua_setfield(L, -2, stopped[rated]);
    lua_pushnumber(L, res->rating);
    lua_setfield(L, -2, "rating");
    lua_pushstring(L, grade_name(res->grade));
    lua_setfield(L, -2, "grade");
    lua_pushnumber(L, res->work);
    lua_setfield(L, -2, "work");
    lua_pushinteger(L, res->steps);
    lua_setfield(L, -2, "steps");
    lua_pushstring(L, res->hardest_key);
    lua_setfield(L, -2, "hardest");
    lua_createtable(L, 0, res->ntally);
    for (int i = 0; i < res->ntally; i++) {
        lua_pushinteger(L, res->tally[i].count);
        lua_setfield(L, -2, res->tally[i].key);
    }
    lua_setfield(L, -2, "techniques");
    api_push_rules_used(L, ap->rules, res);
    return 1;
}

/* sudolab.grades: rate.h's table as {name=, low=, high=} in order, each
 * also under its name; high is math.huge for the last. */
static void api_push_grades(lua_State *L)
{
    lua_createtable(L, GRADE_COUNT, GRADE_COUNT);
    for (int g = 0; g < GRADE_COUNT; g++) {
        lua_createtable(L, 0, 3);
        lua_pushstring(L, grade_name((enum grade)g));
        lua_setfield(L, -2, "name");
        lua_pushnumber(L, grade_low((enum grade)g));
        lua_setfield(L, -2, "low");
        lua_pushnumber(L, grade_table[g].high);
        lua_setfield(L, -2, "high");
        lua_pushvalue(L, -1);
        lua_setfield(L, -3, grade_name((enum grade)g));
        lua_rawseti(L, -2, g + 1);
    }
}

/* sudolab.technique_rating(key) -> the rating of the ladder's row of that
 * technique key (the easiest step it can rate), or nil (technique.h). */
static int api_technique_rating(lua_State *L)
{
    int row = technique_by_key(api_string(L, 1, "technique_rating", NULL));
    if (row < 0)
        lua_pushnil(L);
    else
        lua_pushnumber(L, technique_table[row].rating);
    return 1;
}

/* sudolab.technique_top(n) -> the most a technique's step rates in an
 * n x n grid (technique_top_rating): above it only the search fallback. */
static int api_technique_top(lua_State *L)
{
    lua_Integer n = api_integer(L, 1, "technique_top", 1, SL_MAX_SIZE);
    lua_pushnumber(L, technique_top_rating((int)n));
    return 1;
}

void lua_puzzle_rate_open(lua_State *L)
{
    static const luaL_Reg functions[] = {
        {"technique_rating", api_technique_rating},
        {"technique_top", api_technique_top},
        {NULL, NULL},
    };
    static const luaL_Reg methods[] = {
        {"rate", api_rate},
        {NULL, NULL},
    };
    api_push_grades(L);
    lua_setfield(L, -2, "grades");
    luaL_setfuncs(L, functions, 0);
    api_add_methods(L, methods);
}
