/*
 * lua_killer.c — the sudolab module's killer cages: as the killer rule's
 * text (cage_text.h), a second solution found by a swap (killer_swap.h),
 * and drawn over a grid until unique (killer_draw.h).
 *
 *   sudolab.cages_text{...}       "MAP:SUMS" from cages and sums or a grid
 *   sudolab.parse_cages(text)     that text read back, as the rule reads it
 *   sudolab.killer_swap(cages, grid)
 *   sudolab.killer_partition{...} cages drawn over a grid
 *   sudolab.killer_unique{...}    cages drawn and mended until unique
 */
#include "lua_api_internal.h"

#include <string.h>

#include "cage_text.h"
#include "killer_draw.h"
#include "killer_swap.h"
#include "lua_host.h"
#include "search.h"

/* The geometry of an N x N grid; the cage text needs no boxes. */
static void api_cage_geometry(lua_State *L, const char *fname, lua_Integer n, struct geometry *g)
{
    struct sl_error err = {0};
    if (n < 1 || n > SL_MAX_SIZE || geometry_init(g, (int)n, 0, 0, &err))
        api_error(L, "%s: the size must be 1..%d (give size=, or a map or grid of N*N cells)",
                  fname, SL_MAX_SIZE);
}

/* {map=, sums={S or false, ...}, count=} of ct. */
static void api_push_cages(lua_State *L, const struct cage_text *ct)
{
    luaL_Buffer b;
    int len = cellmap_write(&ct->map, NULL, 0);
    cellmap_write(&ct->map, luaL_buffinitsize(L, &b, (size_t)len + 1), (size_t)len + 1);
    luaL_pushresultsize(&b, (size_t)len);
    lua_createtable(L, 0, 3);
    lua_insert(L, -2);
    lua_setfield(L, -2, "map");
    lua_createtable(L, ct->map.nparts, 0);
    for (int p = 0; p < ct->map.nparts; p++) {
        if (ct->sum[p])
            lua_pushinteger(L, ct->sum[p]);
        else
            lua_pushboolean(L, 0);
        lua_rawseti(L, -2, p + 1);
    }
    lua_setfield(L, -2, "sums");
    lua_pushinteger(L, ct->map.nparts);
    lua_setfield(L, -2, "count");
}

/* sudolab.parse_cages(text [, size]): "MAP:SUMS" read as the killer rule
 * reads it, or an error naming the column. */
static int api_parse_cages(lua_State *L)
{
    size_t len;
    const char *text = api_string(L, 1, "parse_cages", &len);
    const char *colon = memchr(text, ':', len);
    lua_Integer n = lua_isnoneornil(L, 2) ? api_cage_map_size(colon ? (size_t)(colon - text) : len)
                                          : api_integer(L, 2, "parse_cages", 1, SL_MAX_SIZE);
    struct geometry g;
    struct sl_error err = {0};
    api_cage_geometry(L, "parse_cages", n, &g);
    struct cage_text *ct = lua_newuserdatauv(L, sizeof *ct, 0); /* freed by the GC, even on error */
    if (cage_text_parse(ct, &g, text, len, &err))
        api_error(L, "parse_cages: column %ld: %s", err.col, err.msg);
    api_push_cages(L, ct);
    return 1;
}

/* The cages field: a map string, or a table of cage ids by 0-based cell
 * (nil: no cage), the ids numbered by first appearance. */
static void api_cages_field(lua_State *L, const char *fname, int t, const struct geometry *g,
                            struct cage_text *ct)
{
    struct sl_error err = {0};
    if (lua_type(L, t) == LUA_TSTRING) {
        size_t len;
        const char *map = lua_tolstring(L, t, &len);
        if (cage_map_parse(ct, g, map, len, &err))
            api_error(L, "%s: cages: column %ld: %s", fname, err.col, err.msg);
        return;
    }
    if (!lua_istable(L, t)) api_error(L, "%s: cages must be a map string or a table", fname);
    lua_Integer id[SL_MAX_CELLS];
    int part[SL_MAX_CELLS], nids = 0;
    for (int c = 0; c < g->ncells; c++) {
        int isnum = 0, type = lua_geti(L, t, c);
        lua_Integer v = lua_tointegerx(L, -1, &isnum);
        lua_pop(L, 1);
        if (type != LUA_TNIL && !isnum)
            api_error(L, "%s: cages[%d] is not an integer cage id", fname, c);
        part[c] = -1;
        for (int i = 0; type != LUA_TNIL && part[c] < 0 && i < nids; i++)
            if (id[i] == v) part[c] = i;
        if (type != LUA_TNIL && part[c] < 0) id[nids] = v, part[c] = nids++;
    }
    cage_text_from_parts(ct, g->ncells, part, NULL);
    if (cage_map_check(ct, g->size, &err)) api_error(L, "%s: %s", fname, err.msg);
}

/* The sums field: "S,S,?" or a list of sums (false or "?": none). */
static void api_sums_field(lua_State *L, int t, struct cage_text *ct)
{
    struct sl_error err = {0};
    if (lua_type(L, t) == LUA_TSTRING) {
        size_t len;
        const char *sums = lua_tolstring(L, t, &len);
        if (cage_sums_parse(ct, sums, len, &err))
            api_error(L, "cages_text: sums: column %ld: %s", err.col, err.msg);
        return;
    }
    if (!lua_istable(L, t) || luaL_len(L, t) != ct->map.nparts)
        api_error(L, "cages_text: sums must be a string or a list of %d sums, one per cage",
                  ct->map.nparts);
    for (int p = 0; p < ct->map.nparts; p++) {
        int isnum = 0, type = lua_geti(L, t, p + 1);
        lua_Integer v = lua_tointegerx(L, -1, &isnum);
        size_t len = 0; /* "?" whole: "?\0x" was taken */
        const char *text = type == LUA_TSTRING ? lua_tolstring(L, -1, &len) : NULL;
        int none =
            type == LUA_TBOOLEAN ? !lua_toboolean(L, -1) : text && len == 1 && text[0] == '?';
        lua_pop(L, 1);
        if (!none && (type != LUA_TNUMBER || !isnum || v < 1 || v > CAGE_SUM_MAX))
            api_error(L, "cages_text: cage %d needs a sum 1..%d, or false or '?' for none", p + 1,
                      CAGE_SUM_MAX);
        ct->sum[p] = none ? 0 : (int)v;
    }
}

/* The sums of ct's cages from a complete grid's digits. */
static void api_sums_of_grid(lua_State *L, int t, const struct geometry *g, struct cage_text *ct)
{
    size_t len;
    const char *grid = api_string(L, t, "cages_text", &len);
    if (len != (size_t)g->ncells)
        api_error(L, "cages_text: grid must be a complete grid of %d digits", g->ncells);
    memset(ct->sum, 0, sizeof ct->sum);
    for (int c = 0; c < g->ncells; c++) {
        int d = geometry_digit(grid[c]);
        if (d < 1 || d > g->size)
            api_error(L, "cages_text: grid: '%c' at cell %d is not a digit 1..%d", grid[c], c,
                      g->size);
        if (ct->map.part[c] >= 0) ct->sum[ct->map.part[c]] += d;
    }
}

/* sudolab.cages_text{cages=, sums= or grid=, size=}: the killer rule's
 * "MAP:SUMS" and the number of cages. */
static int api_cages_text(lua_State *L)
{
    static const char *const keys[] = {"cages", "sums", "grid", "size", NULL};
    if (!lua_istable(L, 1)) return api_arg_error(L, 1, "cages_text", "table expected");
    for (lua_pushnil(L); lua_next(L, 1); lua_pop(L, 1)) {
        int known = 0;
        for (int i = 0; keys[i] && !known; i++)
            known = lua_type(L, -2) == LUA_TSTRING && strcmp(lua_tostring(L, -2), keys[i]) == 0;
        if (!known)
            api_error(L, "cages_text: unknown key '%s' (cages, sums, grid, size)",
                      luaL_tolstring(L, -2, NULL));
    }
    lua_settop(L, 1);
    lua_getfield(L, 1, "cages"); /* 2 */
    lua_getfield(L, 1, "sums");  /* 3 */
    lua_getfield(L, 1, "grid");  /* 4 */
    lua_getfield(L, 1, "size");  /* 5 */
    if (lua_isnil(L, 2) || lua_isnil(L, 3) == lua_isnil(L, 4))
        api_error(L, "cages_text: needs cages, and either sums or grid");
    lua_Integer n = !lua_isnil(L, 5)     ? api_integer(L, 5, "cages_text", 1, SL_MAX_SIZE)
                    : lua_isstring(L, 4) ? api_cage_map_size(luaL_len(L, 4))
                    : lua_type(L, 2) == LUA_TSTRING ? api_cage_map_size(luaL_len(L, 2))
                                                    : 0;
    struct geometry g;
    api_cage_geometry(L, "cages_text", n, &g);
    struct cage_text *ct = lua_newuserdatauv(L, sizeof *ct, 0);
    api_cages_field(L, "cages_text", 2, &g, ct);
    if (!lua_isnil(L, 3))
        api_sums_field(L, 3, ct);
    else
        api_sums_of_grid(L, 4, &g, ct);
    luaL_Buffer b;
    int len = cage_text_write(ct, NULL, 0);
    cage_text_write(ct, luaL_buffinitsize(L, &b, (size_t)len + 1), (size_t)len + 1);
    luaL_pushresultsize(&b, (size_t)len);
    lua_pushinteger(L, ct->map.nparts);
    return 2;
}

/* sudolab.killer_swap(cages, grid) -> grid with two digits swapped over
 * cells that keep every house and every cage (killer_swap.h), or nil: a
 * second solution of the killer of those cages found without a search.
 * cages as cages_text's; grid a complete grid of N*N digits. */
static int api_killer_swap(lua_State *L)
{
    size_t len;
    const char *grid = api_string(L, 2, "killer_swap", &len);
    int n = len <= SL_MAX_CELLS ? api_cage_map_size(len) : 0;
    struct geometry g;
    struct sl_error err = {0};
    if (n == 0 || (size_t)n * (size_t)n != len || geometry_init_default(&g, n, &err))
        return api_error(L, "killer_swap: grid must be N*N digits (N 1..%d)", SL_MAX_SIZE);
    struct cage_text *ct = lua_newuserdatauv(L, sizeof *ct, 0);
    api_cages_field(L, "killer_swap", 1, &g, ct);
    uint8_t digits[SL_MAX_CELLS], other[SL_MAX_CELLS];
    for (int c = 0; c < g.ncells; c++) {
        int d = geometry_digit(grid[c]);
        digits[c] = (uint8_t)(d < 0 ? 0 : d);
    }
    int found = killer_swap_find(&g, digits, &ct->map, other);
    if (found < 0) return api_error(L, "killer_swap: grid is not a complete %dx%d sudoku", n, n);
    if (found == 0)
        lua_pushnil(L);
    else
        api_push_grid(L, &g, other);
    return 1;
}

/* spec.grid (a complete grid, boxes of the default shape) into d and grid;
 * spec.sizes, min_cage, max_cage, fewest and most into d. */
static void api_killer_read(lua_State *L, const char *fname, struct killer_draw *d, uint8_t *grid)
{
    size_t len = 0;
    struct sl_error err = {0};
    lua_getfield(L, 1, "grid");
    const char *text = lua_type(L, -1) == LUA_TSTRING ? lua_tolstring(L, -1, &len) : "";
    int n = len <= SL_MAX_CELLS ? api_cage_map_size(len) : 0;
    if (n < 2 || (size_t)n * (size_t)n != len || geometry_init_default(&d->geo, n, &err))
        api_error(L, "%s: grid must be N*N digits (N 2..%d)", fname, SL_MAX_SIZE);
    for (int c = 0; c < d->geo.ncells; c++) {
        int v = geometry_digit(text[c]);
        if (v < 1 || v > n) api_error(L, "%s: grid must be complete", fname);
        grid[c] = (uint8_t)v;
    }
    lua_pop(L, 1);
    d->low = (int)api_field_integer(L, "min_cage", fname, 1, n, 2);
    int high = n < 5 ? n : 5;
    d->high =
        (int)api_field_integer(L, "max_cage", fname, d->low, n, high < d->low ? d->low : high);
    d->fewest = (int)api_field_integer(L, "fewest", fname, 1, d->geo.ncells, 1);
    d->most = (int)api_field_integer(L, "most", fname, d->fewest, d->geo.ncells, d->geo.ncells);
    lua_getfield(L, 1, "sizes");
    /* the length compared whole, before the cast: (int) of 2^32 + 1 read
     * one size */
    lua_Integer nsizes = lua_istable(L, -1) ? luaL_len(L, -1) : 0;
    if (nsizes < 1 || nsizes > KILLER_DRAW_SIZES_MAX)
        api_error(L, "%s: sizes must list 1 to %d cage sizes", fname, KILLER_DRAW_SIZES_MAX);
    d->nsizes = (int)nsizes;
    /* each entry read as its length was, through the metamethods (as
     * every list the API reads): a proxy's sizes were read raw, as nils */
    for (int i = 0; i < d->nsizes; i++) {
        lua_geti(L, -1, i + 1);
        int ok = 0;
        lua_Integer size = lua_tointegerx(L, -1, &ok);
        if (!ok || size < 1 || size > d->geo.ncells)
            api_error(L, "%s: sizes[%d] must be an integer 1..%d", fname, i + 1, d->geo.ncells);
        d->sizes[i] = (int)size;
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
}

/* d's cages (cell 0.. -> id 1..) as a table. */
static void api_killer_push_cages(lua_State *L, const struct killer_draw *d)
{
    lua_createtable(L, d->geo.ncells, 1);
    for (int c = 0; c < d->geo.ncells; c++)
        lua_pushinteger(L, d->cage[c] + 1), lua_rawseti(L, -2, c);
}

/* sudolab.killer_partition{grid=, sizes=, min_cage=, max_cage=, fewest=,
 * most=, seed=} -> cages (cell 0.. -> id 1..), or nil and why. */
static int api_killer_partition(lua_State *L)
{
    static const char *const keys[] = {"grid",   "sizes", "min_cage", "max_cage",
                                       "fewest", "most",  "seed",     NULL};
    if (!lua_istable(L, 1)) return api_arg_error(L, 1, "killer_partition", "table expected");
    api_check_keys(L, 1, "killer_partition", keys);
    struct killer_draw *d = lua_newuserdatauv(L, sizeof *d, 0);
    uint8_t grid[SL_MAX_CELLS];
    api_killer_read(L, "killer_partition", d, grid);
    struct rng rng;
    rng_seed(&rng,
             (uint64_t)api_field_integer(L, "seed", "killer_partition", 0, LUA_MAXINTEGER, 0));
    if (killer_draw_partition(d, grid, &rng)) {
        lua_pushnil(L);
        lua_pushfstring(L, "no partition into cages of %d to %d cells", d->low, d->high);
        return 2;
    }
    api_killer_push_cages(L, d);
    return 1;
}

/* What a count of killer_unique took: its nodes, and whether the killer
 * kernel answered (killer_draw_count). */
struct api_killer_tally {
    struct search_stats stats;
    int by_kernel;
};

/* One count of d's puzzle up to limit solutions, within nodes and what
 * the budget leaves; its nodes charged and into *tally. As
 * killer_draw_count. */
static int api_killer_count(lua_State *L, const struct killer_draw *d, const uint8_t *grid,
                            const char *rules, const uint8_t *givens, int limit, uint64_t nodes,
                            uint8_t *others, struct api_killer_tally *tally)
{
    long long cost = api_node_cost(d->geo.ncells);
    uint64_t within = api_nodes_within(L, "killer_unique", cost, nodes);
    struct search_stats stats = {0};
    struct sl_error err = {0};
    int found = killer_draw_count(d, grid, rules, givens, limit, within, others, &stats,
                                  &tally->by_kernel, &err);
    tally->stats = stats;
    lua_host_charge_instructions(L, (long long)stats.nodes * cost);
    if (found == -2) api_error(L, "killer_unique: %s", err.msg);
    if (found == -1 && within < nodes)
        api_budget_exhausted(L, "killer_unique", "the search", within);
    return found;
}

/* Mends d for each of the n grids of others it still keeps: 1, or 0 when
 * one cannot be mended (a fresh partition is then drawn). */
static int api_killer_mend(struct killer_draw *d, const uint8_t *grid, const uint8_t *others, int n,
                           struct rng *rng)
{
    for (int i = 0; i < n; i++) {
        const uint8_t *other = others + (size_t)i * (size_t)d->geo.ncells;
        if (killer_draw_keeps(d, grid, other) && !killer_draw_mend(d, grid, other, rng)) return 0;
    }
    return 1;
}

/* The puzzle of d's cages (rules prefix, givens), known unique. */
static void api_killer_push_puzzle(lua_State *L, const struct killer_draw *d, const uint8_t *grid,
                                   const char *rules, const uint8_t *givens)
{
    char text[KILLER_DRAW_TEXT_MAX];
    if (killer_draw_text(d, grid, rules, text, sizeof text) == 0)
        api_error(L, "killer_unique: the cages' text is too long");
    struct api_puzzle *ap = api_push_puzzle(L, &d->geo);
    api_add_rules_text(L, ap, text, "killer_unique");
    memcpy(ap->p.givens, givens, (size_t)d->geo.ncells);
    api_note_unique(ap, grid, API_NOT_COUNTED);
}

/* spec.givens: N*N symbols agreeing with grid ('.' none), or none. */
static void api_killer_givens(lua_State *L, const struct killer_draw *d, const uint8_t *grid,
                              uint8_t *givens)
{
    size_t len = 0;
    memset(givens, 0, (size_t)d->geo.ncells);
    lua_getfield(L, 1, "givens");
    if (lua_isnil(L, -1)) return lua_pop(L, 1);
    const char *text = lua_type(L, -1) == LUA_TSTRING ? lua_tolstring(L, -1, &len) : "";
    if (len != (size_t)d->geo.ncells) api_error(L, "killer_unique: givens must be N*N symbols");
    for (int c = 0; c < d->geo.ncells; c++) {
        int v = geometry_digit(text[c]);
        if (v != 0 && v != grid[c])
            api_error(L, "killer_unique: givens: position %d is not the grid's digit or '.'",
                      c + 1);
        givens[c] = (uint8_t)v;
    }
    lua_pop(L, 1);
}

/* sudolab.killer_unique{grid=, rules=, sizes=, min_cage=, max_cage=,
 * fewest=, most=, givens=, counts=, steps=, solutions=, nodes=, seed=}
 * -> puzzle, cages, steps taken, cage count, the nodes of the count that
 * proved it unique and whether the killer kernel made that count; or nil
 * and why. */
static int api_killer_unique(lua_State *L)
{
    static const char *const keys[] = {"grid",      "rules", "sizes",  "min_cage", "max_cage",
                                       "fewest",    "most",  "givens", "counts",   "steps",
                                       "solutions", "nodes", "seed",   NULL};
    if (!lua_istable(L, 1)) return api_arg_error(L, 1, "killer_unique", "table expected");
    api_check_keys(L, 1, "killer_unique", keys);
    struct killer_draw *d = lua_newuserdatauv(L, sizeof *d, 0);
    uint8_t grid[SL_MAX_CELLS], givens[SL_MAX_CELLS];
    api_killer_read(L, "killer_unique", d, grid);
    api_killer_givens(L, d, grid, givens);
    const char *rules = api_field_string(L, 1, "rules", "killer_unique"); /* kept on the stack */
    lua_Integer counts = api_field_integer(L, "counts", "killer_unique", 1, 1000000, 10);
    lua_Integer steps = api_field_integer(L, "steps", "killer_unique", 1, 100000000, 80);
    int limit = (int)api_field_integer(L, "solutions", "killer_unique", 2, 64, 2);
    uint64_t nodes = api_field_budget(L, "nodes", "killer_unique");
    uint8_t *others = lua_newuserdatauv(L, (size_t)limit * (size_t)d->geo.ncells, 0);
    struct rng rng;
    rng_seed(&rng, (uint64_t)api_field_integer(L, "seed", "killer_unique", 0, LUA_MAXINTEGER, 0));
    int drawn = killer_draw_partition(d, grid, &rng) == 0;
    struct api_killer_tally tally = {{0}, 0};
    for (lua_Integer step = 1, counted = 0; drawn && step <= steps; step++) {
        int found = killer_draw_swap(d, grid, givens, others) ? 2 : 0;
        if (found == 0) {
            found = api_killer_count(L, d, grid, rules, givens, limit, nodes, others, &tally);
            if (found != 1 && ++counted >= counts) break;
        }
        if (found == 1) {
            api_killer_push_puzzle(L, d, grid, rules, givens);
            api_killer_push_cages(L, d);
            lua_pushinteger(L, step), lua_pushinteger(L, d->count);
            lua_pushinteger(L, (lua_Integer)tally.stats.nodes);
            lua_pushboolean(L, tally.by_kernel);
            return 6;
        }
        if (found < 2 || !api_killer_mend(d, grid, others, found - 1, &rng))
            drawn = killer_draw_partition(d, grid, &rng) == 0;
    }
    lua_pushnil(L);
    if (!drawn)
        lua_pushfstring(L, "no partition into cages of %d to %d cells", d->low, d->high);
    else
        lua_pushfstring(L, "no unique partition in %d counts", (int)counts);
    return 2;
}

void lua_killer_open(lua_State *L)
{
    static const luaL_Reg functions[] = {
        {"cages_text", api_cages_text},       {"parse_cages", api_parse_cages},
        {"killer_swap", api_killer_swap},     {"killer_partition", api_killer_partition},
        {"killer_unique", api_killer_unique}, {NULL, NULL},
    };
    luaL_setfuncs(L, functions, 0);
    /* The most sizes a profile of killer_partition or killer_unique may
     * list: a script checks a request against it before a run. */
    lua_pushinteger(L, KILLER_DRAW_SIZES_MAX);
    lua_setfield(L, -2, "killer_sizes_max");
}
