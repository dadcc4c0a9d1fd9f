/*
 * lua_generate.c — the generator of generate.h: an interpreter holding the
 * variant's maker (scripts/generate.lua), and the C check behind it.
 *
 * The check is independent of the script: the line it returns is read
 * back by the puzzle reader and its solutions counted by a solver of this
 * file's own, so a strategy's bookkeeping error cannot reach the output.
 */
#include <lauxlib.h>
#include <lua.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "format.h"
#include "generate.h"
#include "lua_host.h"
#include "rules.h"
#include "search.h"
#include "variant.h"

struct generator {
    struct lua_host *host;
    struct ruleset *rules; /* of the last puzzle checked, reused while the rules match */
    struct solver *solver;
    struct puzzle_reader *reader; /* reads each line back, restarted per line */
    struct variant_place at;      /* the variant's name and file, for its slips */
    int want_solution;            /* the request's: each puzzle's solution written out */
};

uint64_t generate_seed(uint64_t seed, uint64_t index)
{
    /* splitmix64 of the pair: neighbouring indices get unrelated seeds. */
    uint64_t z = seed * UINT64_C(0x9E3779B97F4A7C15) + index + 1;
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return (z ^ (z >> 31)) >> 1; /* a Lua integer, positive */
}

/* The request as the options table of generate.lua's maker: only the
 * fields set, so the variant's defaults fill the rest. */
static void push_request(lua_State *L, const struct generate_request *req)
{
    const char *names[] = {"strategy", "symmetry", "grade", "cage_sizes"};
    const char *values[] = {req->strategy, req->symmetry, req->grade, req->cage_sizes};
    const char *int_names[] = {"clues", "min_cage", "max_cage", "lines", "max_line"};
    const int ints[] = {req->clues, req->min_cage, req->max_cage, req->lines, req->max_line};
    lua_createtable(L, 0, 12);
    for (int i = 0; i < 4; i++)
        if (values[i]) lua_pushstring(L, values[i]), lua_setfield(L, -2, names[i]);
    for (int i = 0; i < 5; i++)
        if (ints[i]) lua_pushinteger(L, ints[i]), lua_setfield(L, -2, int_names[i]);
    if (req->has_givens) lua_pushinteger(L, req->givens), lua_setfield(L, -2, "givens");
    if (req->size) lua_pushinteger(L, req->size), lua_setfield(L, -2, "size");
    if (req->rating_high > 0) {
        lua_createtable(L, 2, 0);
        lua_pushnumber(L, req->rating_low);
        lua_rawseti(L, -2, 1);
        lua_pushnumber(L, req->rating_high);
        lua_rawseti(L, -2, 2);
        lua_setfield(L, -2, "rating");
    }
    if (req->want_rating) lua_pushboolean(L, 1), lua_setfield(L, -2, "want_rating");
    if (req->no_stats) lua_pushboolean(L, 1), lua_setfield(L, -2, "no_stats");
    if (req->arm_keys) lua_pushboolean(L, 1), lua_setfield(L, -2, "arm_keys");
}

/* The global __make = require('generate').maker(variant, request, file),
 * file the variant's (for messages), both calls protected and under the
 * budget. */
static int load_maker(struct lua_host *host, const struct generate_request *req, const char *file,
                      struct sl_error *err)
{
    lua_State *L = lua_host_state(host);
    lua_getglobal(L, "require");
    lua_pushliteral(L, "generate");
    if (lua_host_pcall(host, 1, 1, err)) return -1;
    if (!lua_istable(L, -1) || lua_getfield(L, -1, "maker") != LUA_TFUNCTION) {
        lua_settop(L, 0);
        return sl_error_set(err, 0, 0, "generate.lua has no maker function");
    }
    lua_remove(L, -2);
    lua_pushstring(L, req->variant);
    push_request(L, req);
    lua_pushstring(L, file);
    if (lua_host_pcall(host, 3, 1, err)) return -1;
    lua_setglobal(L, "__make");
    return 0;
}

/* The variant table's size and shallow_search_to (0 when not a whole
 * number in range), read as variant.c reads them; run through
 * lua_host_call_c, as the table's metamethods may run. */
static int read_reach(lua_State *L)
{
    int *reach = lua_touserdata(L, 1), isnum = 0;
    lua_settop(L, 2);
    if (!lua_istable(L, 2)) return 0;
    for (int i = 0; i < 2; i++) {
        lua_getfield(L, 2, i == 0 ? "size" : "shallow_search_to");
        lua_Integer n = lua_tointegerx(L, -1, &isnum);
        reach[i] = isnum && n >= 1 && n <= SL_MAX_SIZE ? (int)n : 0;
        lua_pop(L, 1);
    }
    return 0;
}

/* Cuts req's band by the variant `name`, required in the host (and so
 * kept loaded for the maker). A variant that does not load cuts nothing:
 * the maker's require then says why, as without a band. */
static void cut_band(struct lua_host *host, struct generate_request *req, const char *name,
                     char *note, size_t cap)
{
    lua_State *L = lua_host_state(host);
    struct sl_error err = {0};
    int reach[2] = {0, 0};
    lua_getglobal(L, "require");
    lua_pushstring(L, name);
    if (lua_host_pcall(host, 1, 1, &err) == 0 &&
        lua_host_call_c(host, read_reach, reach, 1, &err) == 0 && reach[0])
        generate_cut_band(req, name, reach[0], reach[1], note, cap);
    lua_settop(L, 0);
}

struct generator *generator_new_cut(struct generate_request *req, char *note, size_t cap,
                                    struct sl_error *err)
{
    struct variant_place at;
    if (note) note[0] = '\0';
    if (variant_locate(req->variant, &at, err)) return NULL;
    struct generator *g = calloc(1, sizeof *g);
    if (!g) {
        generator_free(g);
        sl_error_set(err, 0, 0, "out of memory");
        return NULL;
    }
    g->at = at;
    g->want_solution = req->want_solution;
    g->host = lua_host_new(NULL, at.path, err);
    if (g->host) lua_host_per_puzzle(g->host);
    if (g->host && note && generate_band_may_cut(req)) cut_band(g->host, req, at.name, note, cap);
    /* The maker requires the variant by its module name, along at.path. */
    struct generate_request named = *req;
    named.variant = at.name;
    if (!g->host || load_maker(g->host, &named, at.file, err)) {
        generator_free(g);
        return NULL;
    }
    return g;
}

struct generator *generator_new(const struct generate_request *req, struct sl_error *err)
{
    struct generate_request copy = *req;
    return generator_new_cut(&copy, NULL, 0, err);
}

void generator_free(struct generator *g)
{
    if (!g) return;
    lua_host_free(g->host);
    solver_free(g->solver);
    ruleset_free(g->rules);
    reader_close(g->reader);
    free(g);
}

/* Copies the string field `key` of the table at index 2 into buf, cut at
 * cap - 1 bytes (empty when it is no string). */
static void stats_text(lua_State *L, const char *key, char *buf, size_t cap)
{
    lua_getfield(L, 2, key);
    const char *text = lua_isstring(L, -1) ? lua_tostring(L, -1) : "";
    /* A copy, not snprintf: four fields a puzzle, and formatting them
     * cost as much as the rest of the statistics. */
    size_t len = strnlen(text, cap - 1);
    memcpy(buf, text, len);
    buf[len] = '\0';
    lua_pop(L, 1);
}

static lua_Number stats_number(lua_State *L, const char *key)
{
    lua_getfield(L, 2, key);
    lua_Number n = lua_tonumber(L, -1);
    lua_pop(L, 1);
    return n;
}

/* A count among the statistics (clues, cages, rules unused): absent is
 * 0; else a whole number 0..SL_MAX_CELLS, or an error. They come from
 * the variant's strategy (its info table): a NaN or 1e300 made the cast
 * to int undefined behaviour. */
static int stats_count(lua_State *L, const char *key)
{
    if (lua_getfield(L, 2, key) == LUA_TNIL) {
        lua_pop(L, 1);
        return 0;
    }
    int isnum = 0;
    lua_Integer n = lua_tointegerx(L, -1, &isnum);
    if (!isnum || n < 0 || n > SL_MAX_CELLS)
        return luaL_error(L, "the strategy's %s must be a whole number 0..%d, not %s", key,
                          SL_MAX_CELLS, luaL_tolstring(L, -1, NULL));
    lua_pop(L, 1);
    return (int)n;
}

/* No statistics: what a puzzle made without them holds. */
static void stats_clear(struct generated *out)
{
    out->clues = out->cages = out->unused_rules = 0;
    out->rating = out->work = 0;
    out->grade[0] = out->trace[0] = out->techniques[0] = out->cage_sizes[0] = '\0';
}

/* Reads the strategy's statistics table (the argument after the light
 * userdata, out) through lua_host_call_c: its metamethods may run. */
static int read_stats(lua_State *L)
{
    struct generated *out = lua_touserdata(L, 1);
    stats_clear(out);
    if (!lua_istable(L, 2)) return 0;
    out->clues = stats_count(L, "clues");
    out->unused_rules = stats_count(L, "unused_rules");
    out->cages = stats_count(L, "cages");
    out->rating = stats_number(L, "rating");
    out->work = stats_number(L, "work");
    stats_text(L, "grade", out->grade, sizeof out->grade);
    stats_text(L, "trace", out->trace, sizeof out->trace);
    /* A trace too long is cut at its last whole number (or dropped when
     * it holds no comma to cut at). */
    if (strlen(out->trace) == sizeof out->trace - 1) {
        char *comma = strrchr(out->trace, ',');
        *(comma ? comma : out->trace) = '\0';
    }
    stats_text(L, "techniques", out->techniques, sizeof out->techniques);
    stats_text(L, "cage_sizes", out->cage_sizes, sizeof out->cage_sizes);
    return 0;
}

/* 1 when the rules' own kernel (a killer's) proves p unique within
 * KILLER_KERNEL_NODES, which needs no ruleset; else 0 (the solver
 * counts, and names a bad given). */
static int check_unique_kernel(const struct puzzle *p, struct search_stats *stats)
{
    struct search_result r;
    uint64_t used = 0;
    int unique = puzzle_count_quick(p, 2, 0, &r, &used) && r.solutions == 1;
    stats->nodes += used;
    return unique;
}

/* Reads line back with this generator's reader (kept across puzzles):
 * 1 with p, else 0 or -1 with err. */
static int read_line(struct generator *g, const char *line, struct puzzle *p, struct sl_error *err)
{
    FILE *in = fmemopen((void *)line, strlen(line), "r");
    if (in && !g->reader) g->reader = reader_open(in, NULL);
    if (in && g->reader) reader_restart(g->reader, in);
    /* No source wanted: its cell positions are a copy of some 10K bytes. */
    int got = in && g->reader ? reader_next(g->reader, p, NULL, err) : -1;
    if (in) fclose(in);
    if (got == 0) sl_error_set(err, 0, 0, "the generator wrote no puzzle");
    return got;
}

/* A ruleset and solver for p, the last ones kept when the line's rules
 * field is the one they were built from (rules.h): no rules written out
 * again. 0, or -1 with err. */
static int rules_for(struct generator *g, const struct puzzle *p, struct sl_error *err)
{
    size_t field_len;
    const char *field = reader_rules_field(g->reader, &field_len);
    if (!g->rules || !ruleset_matches_field(g->rules, p, field, field_len)) {
        solver_free(g->solver);
        ruleset_free(g->rules);
        g->rules = ruleset_build(p, err);
        if (g->rules) ruleset_keep_field(g->rules, field, field_len);
        g->solver = g->rules ? solver_new(g->rules) : NULL;
    }
    int cell;
    return !g->solver || ruleset_check_givens(g->rules, p->givens, &cell, err) ? -1 : 0;
}

/* Reads the line back and counts its solutions with this file's solver;
 * a line the engine already counted unique inside the run (the API's
 * note, lua_host.h: the script can neither make nor forge one) is not
 * counted twice. */
static int check_line(struct generator *g, struct generated *out, struct sl_error *err)
{
    unsigned long long counted;
    if (lua_host_take_unique_line(g->host, out->line, &counted)) {
        out->nodes = counted;
        return 0;
    }
    struct puzzle p;
    if (read_line(g, out->line, &p, err) != 1) return -1;
    struct search_stats stats = {0};
    if (check_unique_kernel(&p, &stats)) {
        out->nodes = stats.nodes;
        puzzle_clear(&p);
        return 0;
    }
    int rc = rules_for(g, &p, err);
    long found = rc == 0 ? solver_count(g->solver, p.givens, 2, NULL, &stats).solutions : 1;
    /* None at all: the script's marks or clues do not hold on its own grid.
     * Either way the variant's generator is at fault: name it and its file. */
    if (found != 1)
        rc = sl_error_set(err, 0, 0,
                          "variant %s (%s): its generator returned a puzzle with %s, as the "
                          "count every puzzle gets found (a generator bug): %.200s",
                          g->at.name, g->at.file, found ? "two or more solutions" : "no solution",
                          out->line);
    out->nodes = stats.nodes;
    puzzle_clear(&p);
    return rc;
}

/* The solution of a line check_line found unique, as symbols. */
static int solve_line(struct generator *g, struct generated *out, struct sl_error *err)
{
    struct puzzle p;
    if (read_line(g, out->line, &p, err) != 1) return -1;
    uint8_t cells[SL_MAX_CELLS];
    int rc = rules_for(g, &p, err);
    if (rc == 0 && solver_count(g->solver, p.givens, 1, cells, NULL).solutions != 1)
        rc = sl_error_set(err, 0, 0, "the search for the puzzle's solution gave up");
    for (int c = 0; rc == 0 && c < p.geo.ncells; c++) out->solution[c] = geometry_symbol(cells[c]);
    if (rc == 0) out->solution[p.geo.ncells] = '\0';
    puzzle_clear(&p);
    return rc;
}

int generator_make(struct generator *g, uint64_t seed, struct generated *out, struct sl_error *err)
{
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    if (lua_host_call(g->host, "__make", (long long)seed, 2, err)) return -1;
    lua_State *L = lua_host_state(g->host);
    int rc = 0;
    if (!lua_isstring(L, -2)) {
        rc = sl_error_set(err, 0, 0, "%s", lua_isstring(L, -1) ? lua_tostring(L, -1) : "no puzzle");
    } else {
        size_t len;
        const char *line = lua_tolstring(L, -2, &len);
        if (len >= sizeof out->line)
            rc = sl_error_set(err, 0, 0, "the puzzle's line is too long (%zu bytes)", len);
        /* One puzzle, one line: what follows a break, or a NUL, would be
         * written without being read back and counted. */
        else if (strcspn(line, "\r\n") != len)
            rc = sl_error_set(err, 0, 0,
                              "the puzzle's line holds a line break or a NUL byte at byte %zu",
                              strcspn(line, "\r\n") + 1);
        else
            memcpy(out->line, line, len + 1);
    }
    if (rc == 0 && lua_isnil(L, -1)) { /* none (no_stats): no protected call to read them */
        stats_clear(out);
        lua_pop(L, 2);
    } else if (rc == 0) {
        rc = lua_host_call_c(g->host, read_stats, out, 1, err); /* pops the statistics */
        lua_pop(L, 1);
    } else {
        lua_pop(L, 2);
    }
    if (rc == 0) rc = check_line(g, out, err);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    out->ms = (double)(t1.tv_sec - t0.tv_sec) * 1e3 + (double)(t1.tv_nsec - t0.tv_nsec) / 1e6;
    /* Not part of making it: ms leaves it out. */
    out->solution[0] = '\0';
    return rc == 0 && g->want_solution ? solve_line(g, out, err) : rc;
}

int generate_describe(const char *const *names, int n, struct sl_error *err)
{
    char path[VARIANT_PATH_MAX];
    struct lua_host *host = lua_host_new(NULL, variant_search_path(path, sizeof path), err);
    if (!host) return -1;
    lua_State *L = lua_host_state(host);
    lua_getglobal(L, "require");
    lua_pushliteral(L, "generate");
    int rc = lua_host_pcall(host, 1, 1, err);
    if (rc == 0 && lua_istable(L, -1) && lua_getfield(L, -1, "describe") == LUA_TFUNCTION) {
        lua_createtable(L, n, 0);
        for (int i = 0; i < n; i++) lua_pushstring(L, names[i]), lua_rawseti(L, -2, i + 1);
        rc = lua_host_pcall(host, 1, 1, err);
        if (rc == 0 && lua_type(L, -1) == LUA_TSTRING) printf("%s\n", lua_tostring(L, -1));
    } else if (rc == 0) {
        rc = sl_error_set(err, 0, 0, "generate.lua has no describe function");
    }
    lua_host_free(host);
    return rc;
}
