-- calcudoku_cages.lua: calcudoku generation. A calcudoku is a Latin square
-- cut into cages, each with an operation and the target its digits make.
-- Both strategies work on a partition (cage[cell] = id, cells 0-based)
-- and the operation of each cage (op[id]: "", "+", "-", "x", "/").
--
--   calc.greedy(v, grid, opts)  random cages (sizes drawn from
--                               opts.cage_sizes, lone cells folded into a
--                               neighbour) and operations, then mended
--                               until unique (in C: sudolab.calc_unique):
--                               a cage where two solutions differ gets
--                               another operation, or is cut
--   calc.anneal(v, grid, opts)  greedy puzzles drawn until one is in the
--                               band, else simulated annealing from the
--                               nearest (moves in C: sudolab.calc_move):
--                               moves change a cage's operation, merge two
--                               cages, or shift a border cell to the next
--                               cage; the energy weighs non-uniqueness and
--                               the distance of the rating from the band
--
-- Both return the puzzle, then {cages=, trace=}, or nil and why.
local M = {}

M.strategies = {
  {name = "greedy", takes = {min_cage = true, max_cage = true, cage_sizes = true}},
  {name = "anneal", takes = {grade = {"easy", "medium", "hard", "expert", "extreme", "beyond"},
                             rating = true, min_cage = true, max_cage = true, cage_sizes = true}},
}
function M.strategy_named(name)
  for _, s in ipairs(M.strategies) do if s.name == name then return s end end
end

-- The operations' weights, each symbol as often as it is to be drawn:
-- two cells favour '-' and '/' (the clues only they give; '/' where the
-- larger digit is a multiple of the smaller), more cells take '+' or 'x'.
-- opts.pair_ops and opts.more_ops, when given, replace them (hard bands:
-- variants/calcudoku.lua). The draws themselves are in C
-- (core/engine/calc_draw.c).
M.pair_ops, M.more_ops = "---++xx///", "+x"

-- The arguments of a draw in C (calc_unique, calc_move): args with the
-- request's operation weights, or the defaults above.
local function with_weights(args, opts)
  args.pair_ops, args.more_ops = opts.pair_ops or M.pair_ops, opts.more_ops or M.more_ops
  return args
end

-- The rule's arguments "MAP:CLUES" (cages named by first appearance; two
-- symbols a cell past 62 cages) and the number of cages.
function M.text(cage, op, grid)
  return sudolab.calc_text{grid = grid, cages = cage, ops = op}
end

function M.puzzle(v, cage, op, grid, n)
  return v.build{cages = M.text(cage, op, grid), size = n}
end

-- The cage-size bounds of a request: opts.min_cage (default 1: a lone
-- cell is a given, folded into a neighbour when it can be) and
-- opts.max_cage (default 4, Keen's own cages reaching 6).
function M.bounds(opts, n)
  local low, high = opts.min_cage or 1, opts.max_cage or math.min(4, n * n)
  if low > high then error(string.format("--min-cage %d is above --max-cage %d", low, high), 0) end
  return low, high
end

-- Cages grown from random free cells to sizes drawn from `sizes`; a cage
-- left under `low` cells joins the smallest neighbouring cage with room.
-- In C (sudolab.calc_partition), drawing with math.random as the loop
-- here did: the same seed, the same partition.
function M.partition(n, sizes, low, high)
  return sudolab.calc_partition{size = n, sizes = sizes, min_cage = low, max_cage = high,
                                random = math.random}
end

-- The cage sizes drawn when the request names none; one table for every
-- draw (the C draws only read it).
local default_sizes = {2, 2, 2, 3, 3, 4}

-- How many of a count's searches may run: a loose partition on a big
-- grid is told from a unique one long before this.
local function budget(n) return 20000 * n end

-- A unique calcudoku of grid (a solution string), its cages, operations
-- and the nodes of its last count, or nil and why: the
-- drawn partition mended (sudolab.calc_unique) while two solutions
-- differ: a cage where they do takes an operation the other's digits
-- there do not satisfy, or when none is left loses a differing cell
-- (with opts.shift, to a neighbouring cage with room, if there is one).
function M.unique(v, grid, n, opts, tries)
  local low, high = M.bounds(opts, n)
  local sizes = opts.cage_sizes or default_sizes
  local cage = M.partition(n, sizes, low, high)
  local p, cages, ops, nodes = sudolab.calc_unique(with_weights({
    grid = grid, cages = cage, rules = v.rules, tries = tries or 4 * n * n,
    shift = opts.shift and high or nil, nodes = budget(n), seed = math.random(0, math.maxinteger)},
    opts))
  if p then return p, cages, ops, nodes end
  return nil, cages
end

-- M.small's draw function for a request's settings (opts) and side
-- (sudolab.calc_small_draws), made once: a run's settings stay, and only
-- the grid, the seed and the cages wanted change from draw to draw.
local small_made = setmetatable({}, {__mode = "k"}) -- opts -> {n =, rules =, draw =}
local function small_draw(v, n, opts)
  local made = small_made[opts]
  if made and made.n == n and made.rules == v.rules then return made.draw end
  local low, high = M.bounds(opts, n)
  local draw = sudolab.calc_small_draws(with_weights({
    sizes = opts.cage_sizes or default_sizes, min_cage = low, max_cage = high,
    rules = v.rules, tries = 4 * n * n, shift = opts.shift and high or nil, nodes = budget(n),
    skip_easy = opts.skip_easy, easy_band = opts.easy_band}, opts))
  small_made[opts] = {n = n, rules = v.rules, draw = draw}
  return draw
end

-- M.unique's draw on a small side (opts.small: variants/calcudoku.lua's
-- small_sizes), all of it in one C call from one seed (sudolab.calc_small,
-- through the draw function calc_small_draws makes once a request:
-- the partition, the operations, the mending by the draw's own count).
-- Returns the puzzle, no cages or ops (with_cages: them too, the same
-- draw again for the annealing), the nodes of its count, the closure's
-- level (calc_small.h), the draw's seed and its number of cages (two
-- values, not a table: most draws are the puzzle written).
-- opts.skip_easy (a band above the propagation's steps): a draw the
-- own count's propagation solves is given up (nil) before the engine
-- counts it (calc_mrv.h).
function M.small(v, grid, n, opts, seed, with_cages)
  seed = seed or math.random(0, math.maxinteger)
  local p, nodes, level, count, cages, ops = small_draw(v, n, opts)(grid, seed, with_cages)
  if not p then return nil, nodes end
  return p, cages, ops, nodes, level, seed, count
end

function M.greedy(v, grid, opts)
  local n = math.tointeger(math.sqrt(#grid))
  local p, cage, ops = M.unique(v, grid, n, opts)
  if not p then return nil, cage end
  return p, {cages = #ops}
end

-- --- annealing ---------------------------------------------------------------

-- One random move (in C: sudolab.calc_move) on copies of cage and op:
-- another operation, a merge of two neighbouring cages, or a border cell
-- shifted to its neighbour's cage (what it leaves behind split into its
-- connected pieces). The operations are drawn from opts' weights.
local function move(cage, op, grid, high, opts)
  return sudolab.calc_move(with_weights({grid = grid, cages = cage, ops = op, max_cage = high,
                                         seed = math.random(0, math.maxinteger)}, opts))
end

-- 0 inside the band, else how far the rating lies from it; 5 for a
-- puzzle that is not unique. Then the puzzle and its rating.
local function energy(v, cage, op, grid, n, band, unique)
  local p = unique or M.puzzle(v, cage, op, grid, n)
  if not unique and p:count(2, budget(n)) ~= 1 then return 5 end
  -- Past the band's top the rater stops at the first step above it:
  -- that step's rating is distance enough.
  local rated = p:rate(band[2])
  local r = rated.rating
  if r < band[1] then return band[1] - r, p, rated end
  if r > band[2] then return r - band[2], p, rated end
  return 0, p, rated
end

-- The hardest step the search's propagation takes (cage arithmetic and
-- singles): a draw its count solved at the root (one node) rates no
-- higher, so a band above it needs no rating of that draw.
local ceiling -- propagation_ceiling's, once per Lua state: the ratings are fixed
local function propagation_ceiling()
  if ceiling then return ceiling end
  local most = 0
  for _, key in ipairs{"full-house", "hidden-single", "naked-single", "calcudoku-one-cell",
                       "calcudoku-cage", "calcudoku-big-cage"} do
    most = math.max(most, sudolab.technique_rating(key))
  end
  ceiling = most
  return most
end

local neighbour_lists = require("cells").neighbour_lists
local portable = require("portable_math") -- the walk's exponentials, the same on every machine

-- Two neighbouring cages of a partition merged into one '+' cage of at
-- most `high` cells (cage ids as calc_unique reads them: the merged
-- cage keeps one id, the other goes unused); nil after 20 tries finding
-- two that fit.
local function merged(cage, op, n, high)
  local size, lists = {}, neighbour_lists(n)
  for cell = 0, n * n - 1 do size[cage[cell]] = (size[cage[cell]] or 0) + 1 end
  for _ = 1, 20 do
    local cell = math.random(0, n * n - 1)
    local nbs = lists[cell]
    local id, other = cage[cell], cage[nbs[math.random(#nbs)]]
    if other ~= id and size[id] + size[other] <= high then
      local c2, o2 = {}, {}
      for c = 0, n * n - 1 do c2[c] = cage[c] == other and id or cage[c] end
      for k, o in pairs(op) do o2[k] = o end
      o2[id] = "+"
      return c2, o2
    end
  end
end

-- A draw the propagation alone solves (below a hard band) made harder:
-- up to opts.harden merges (merged), each kept while the puzzle stays
-- unique (one count: calc_unique with one try), until one needs a
-- search. Returns what calc_unique does for that one, or nil. Cheaper
-- than a new draw on 9x9, where most draws are solved so.
local function harden(v, grid, n, opts, high, cage, op)
  for _ = 1, opts.harden do
    local c2, o2 = merged(cage, op, n, high)
    if not c2 then return nil end
    local p, c3, o3, nodes = sudolab.calc_unique(with_weights({
      grid = grid, cages = c2, ops = o2, rules = v.rules, tries = 1, nodes = budget(n),
      seed = math.random(0, math.maxinteger)}, opts))
    if p and nodes > 1 then return p, c3, o3, nodes end
    if p then cage, op = c3, o3 end
  end
end

-- The ratings (lowest, highest) of the draws calc_small's closures decide
-- (calc_small.h): level 1, a hidden single's; level 2, a big cage's;
-- level 3 (calc_small_band), the rule of 45 on a line's to a naked
-- pair's; level 4, a big cage's to a naked single's; level 5, the rule
-- of 45 on a line's or more (calc_small_grade); level 6, a direct hidden
-- pair's; level 7, a naked single's or more (calc_small_closure); level
-- 8 (calc_small_band), past a naked pair's; level 9 (calc_small_band),
-- a naked single's. Levels 6 and 7 are `capped`:
-- see closure_energy. Once per Lua state.
local closure_rated
local function closure_rating(level)
  if not closure_rated then -- the helper made here: not a closure a draw
    local function of(key) return sudolab.technique_rating(key) end
    closure_rated = {
      {of("hidden-single"), of("hidden-single")},
      {of("calcudoku-big-cage"), of("calcudoku-big-cage")},
      {of("calcudoku-rule-of-45"), of("naked-pair")},
      {of("calcudoku-big-cage"), of("naked-single")},
      {of("calcudoku-rule-of-45"), math.huge},
      {of("direct-hidden-pair"), of("direct-hidden-pair"), capped = true},
      {of("naked-single"), math.huge, capped = true},
      {of("naked-pair"), math.huge},
      {of("naked-single"), of("naked-single")}}
  end
  return closure_rated[level]
end

-- The energy of a draw the closure decides, with no rating (and every
-- rule used: calc_small.h), or nil when it must be rated (level 0, or
-- a range of ratings the band cuts). A range wholly outside the band
-- gives its distance from it, the least the rating's can be; above the
-- band, a `capped` level gives what energy's rating would: a rating
-- capped at the band's top reports the top and a tenth past it
-- (core/rate/rate.c, rate_stop_above), so such a draw weighs as it did
-- when it was rated. (Levels 3 and 5 keep their least rating: their runs
-- stay as they were.)
local function closure_energy(band, level)
  local r = closure_rated and closure_rated[level] or closure_rating(level)
  if not r then return nil end
  if level == 8 then
    -- A rater capped at the band's top, a naked pair's rating or less,
    -- stops past the cap and rates the draw 0.1 above it (calc_small.h):
    -- energy's rating, and so its distance, to the bit.
    if band[2] <= r[1] then return (band[2] + 0.1) - band[2] end
    return nil
  end
  if r[1] >= band[1] and r[2] <= band[2] then return 0 end
  if r[2] < band[1] then return band[1] - r[2] end
  if r[1] > band[2] then return (r.capped and band[2] + 0.1 or r[1]) - band[2] end
  return nil
end

-- The trace of a draw in the band at once (most of them): one table for
-- all, as nothing writes to a trace once made.
local in_band = {0}

-- M.anneal's information on the puzzle p it found: count cages, the trace
-- of energies. A rating in the band ran to its end: its unused rules are
-- exact, so the generator need not rate the puzzle again (generate.lua;
-- the puzzle itself, not its line, which the generator writes anyway);
-- nor a draw the closure decided (decided).
local function found(count, trace, decided, rated, p)
  local checked = (decided or #rated.unused == 0) and p or nil
  return {cages = count, trace = trace, rules_checked = checked}
end

-- The side of a grid of each length (a square's), made as met: a table
-- read, not two library calls, a puzzle.
local side_of = setmetatable({}, {__index = function(sides, length)
  local n = math.tointeger(math.sqrt(length))
  sides[length] = n
  return n
end})

-- What M.anneal reads of a request at every draw, made once a request
-- (opts, its settings, stay for the run): the small side's draw function
-- (nil: M.unique draws), closure_energy of each level in the band (a
-- table read a draw, not a call), whether the band lies above the
-- propagation's ceiling and how far, the samples and harden.
-- A request's settings serve one variant; a plan is made again when the
-- side or the band differ from its own.
local plans = setmetatable({}, {__mode = "k"}) -- opts -> plan
local function plan_of(v, n, opts)
  local band, ceiling = opts.band, propagation_ceiling()
  local energies = {}
  closure_rating(1)
  for level = 1, #closure_rated do energies[level] = closure_energy(band, level) end
  local plan = {n = n, band = band, energies = energies,
                draw = opts.small and small_draw(v, n, opts) or nil,
                above = band[1] > ceiling, below = band[1] - ceiling,
                samples = opts.samples or 24, harden = opts.harden}
  plans[opts] = plan
  return plan
end

-- Greedy puzzles are drawn first (opts.samples, default 24): most bands
-- a Latin square's puzzles reach are hit so; annealing starts from the
-- one nearest the band.
function M.anneal(v, grid, opts)
  local n = side_of[#grid]
  local band = opts.band
  local plan = plans[opts]
  if not plan or plan.n ~= n or plan.band ~= band then plan = plan_of(v, n, opts) end
  local draw, energies = plan.draw, plan.energies
  local cage, op, e, best, rated, decided, drawn_seed, drawn_cages, why
  for _ = 1, plan.samples do
    local p, c2, o2, nodes, level, small_seed, small_cages
    if draw then -- M.small's draw, inline: its cages stay in C
      small_seed = math.random(0, math.maxinteger)
      p, nodes, level, small_cages = draw(grid, small_seed)
      if not p then c2 = nodes end
    else
      p, c2, o2, nodes = M.unique(v, grid, n, opts)
    end
    if not p then why = c2 end
    if p and c2 and nodes == 1 and plan.above and plan.harden then
      -- A harden that gives up leaves the easy sample as it was: still a
      -- start for the walk.
      local hp, hc, ho, hn = harden(v, grid, n, opts, select(2, M.bounds(opts, n)), c2, o2)
      if hp then p, c2, o2, nodes = hp, hc, ho, hn end
    end
    if p then
      local e2, r2 = level and energies[level]
      local known = e2 ~= nil -- decided without a rating
      if not known and nodes == 1 and plan.above then
        e2 = plan.below -- at least this far below the band
      elseif not known then
        e2, _, r2 = energy(v, c2, o2, grid, n, band, p)
      end
      if not e or e2 < e then
        cage, op, e, best, rated, decided = c2, o2, e2, p, r2, known
        drawn_seed, drawn_cages = small_seed, small_cages
      end
      if e == 0 then break end
    end
  end
  if not best then return nil, why or "no unique partition" end
  if e == 0 then return best, found(op and #op or drawn_cages, in_band, decided, rated, best) end
  if drawn_seed then -- the walk starts from the small draw's cages
    _, cage, op = M.small(v, grid, n, opts, drawn_seed, true)
  end
  local _, high = M.bounds(opts, n) -- only the walk and harden need it
  local t, trace = opts.temperature or 0.5, {e}
  for _ = 1, opts.steps or 100 do
    if e == 0 then break end
    local c2, o2 = move(cage, op, grid, high, opts)
    local e2, p2, r2 = energy(v, c2, o2, grid, n, band)
    if e2 <= e or math.random() < portable.exp((e - e2) / t) then
      cage, op, e, best, rated, decided = c2, o2, e2, p2, r2, false
    end
    trace[#trace + 1] = e
    t = t * (opts.cooling or 0.99)
  end
  if e ~= 0 then return nil, "annealing ended outside the band", {trace = trace} end
  return best, found(op and #op or drawn_cages, trace, decided, rated, best)
end

return M
