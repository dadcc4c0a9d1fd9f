/*
 * lua_rule.h — rules tested by a script's Lua function (lua_rule.c says
 * what they cost). Made by the Lua API only; they live in the interpreter
 * that made them.
 */
#ifndef SUDOLAB_LUA_RULE_H
#define SUDOLAB_LUA_RULE_H

#include "puzzle.h"

struct lua_State;

/* Appends to p a rule over cells (0..N*N-1) that holds when the function
 * at function_index of L, given their digits, returns true; with partial,
 * it is also asked with 0 for undecided cells and must then answer false
 * only when no completion can hold. A Lua error in it goes to error
 * (LUA_RULE_ERROR_MAX bytes, kept by the caller, first error only) and
 * counts as the rule failing. */
int lua_rule_add(struct puzzle *p, struct lua_State *L, int function_index, const char *name,
                 const int *cells, int ncells, int partial, char *error, struct sl_error *err);

/* What a search that met a Lua rule's error says before that error. */
#define LUA_RULE_NESTED "a Lua rule failed: "

/* Copies a Lua rule's error src into dst (cap bytes, NUL-ended). A rule
 * whose check searches again nests its inner rules' errors, each level
 * adding its place in front; when that does not fit, the outermost place
 * and the innermost cause are kept (its file:line and message, cut at
 * the end if need be), the levels between said as "...". */
void lua_rule_error_fit(char *dst, size_t cap, const char *src);

#endif
