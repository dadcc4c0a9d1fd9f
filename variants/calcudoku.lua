-- calcudoku.lua: calcudoku (KenKen): a Latin square cut into cages, each
-- cage's digits making its target by its operation (+, -, x, /; none for
-- one cell). build{cages = "MAP:CLUES"} or build{cages = MAP, clues =
-- {"12x", "3-", ...} or "12x,3-,..."}, size = N (optional: from the map).
-- An empty grid of each size, kept: its ruleset and solver are built on
-- its first fill, not on every puzzle's (a 4x4 puzzle's fill was half
-- building them).
local blanks = {}
local function blank_of(n)
  blanks[n] = blanks[n] or sudolab.puzzle{size = n, boxes = "none"}
  return blanks[n]
end

local calc = require("calcudoku_cages")
local cage_size_profile = require("cells").cage_size_profile

local variant -- the table this file returns, which generate reads back
variant = require("variant").make{
  name = "calcudoku",
  summary = "calcudoku (KenKen): cages whose digits make their targets by + - x /",
  size = 6,
  boxes = "none",
  rules = "classic;calcudoku",
  defaults = {cage_sizes = {2, 2, 2, 3, 3, 4}},
  sizes = {from = 3, to = 12},
  sizes_why = "a Latin square needs three digits for its cages to say much, and past 12 the counts take minutes",
  strategies = calc.strategies,
  strategy_for = function(opts) return (opts.grade or opts.rating) and "anneal" or "greedy" end,
  -- The grades a size's calcudokus reach where some are not (the others
  -- refused at once: dig.check_reach): every 3x3 calcudoku, each
  -- partition with every operation on each Latin square, rates at most
  -- 3.5 (scripts/RESULTS_variants_gen.md). Sizes where annealing was
  -- only not seen to land are not listed: other options reach them.
  grades_by_size = {[3] = {"easy", "medium", "hard"}},
  check = function(opts)
    calc.bounds(opts, opts.size or 6)
    -- a malformed or overlong list refused before a run
    cage_size_profile(opts.cage_sizes, sudolab.calc_sizes_max)
  end,
  build = function(data)
    local text = data.cages
    if data.clues then
      local clues = type(data.clues) == "table" and table.concat(data.clues, ",") or data.clues
      text = data.cages .. ":" .. clues
    end
    local map = text:match("^[^:]*")
    local n = data.size or math.tointeger(math.sqrt(#map)) or math.tointeger(math.sqrt(#map // 2))
    return sudolab.puzzle{size = n, boxes = "none", rules = "classic;calcudoku:" .. text,
                          givens = data.givens}
  end,
  -- The rating past which a band is hard: above what most random cages
  -- give (up to naked singles). Such bands draw no one-cell cages on small
  -- grids, shift the mending's cut cells and take hard_draws' settings.
  hard_above = 2.3,
  -- Hard bands' draws: cages and operation weights that land in the band
  -- more often than the defaults (scripts/RESULTS_keen_unruly.md,
  -- 2026-12-02 "hard bands' draws"). A row serves a hard band (hard_above) whose
  -- top is at most `top`, on grids of `sizes` (the first that fits);
  -- 6x6 3.2-3.5 (Keen 6dx) keeps the default cages and weights, which
  -- did best there, and 9x9 past 3.5 and 7x7 keep everything. `harden`:
  -- draws the propagation alone solves are made harder by up to that
  -- many merges (calcudoku_cages.lua) instead of dropped.
  hard_draws = {
    {sizes = {from = 5, to = 6}, top = 3.0, cage_sizes = {2, 2, 2, 3}, pair_ops = "+", more_ops = "++x"},
    {sizes = {from = 8, to = 9}, top = 3.5, cage_sizes = {2, 2, 3}, more_ops = "++x", harden = 4},
    {sizes = {from = 6, to = 6}, top = 3.5, harden = 4},
  },
  -- Graded draws on these sides fill their square and make each draw
  -- in one C call (sudolab.calc_fill, sudolab.calc_small): cages,
  -- operations and the mending by the draw's own count, as a 4x4 count by
  -- a ruleset and a solver cost several times the search itself, and a
  -- closure that rates most draws without the rater
  -- (scripts/RESULTS_keen_unruly.md, 2026-12-02 "Keen 4de and 4dn").
  small_sizes = {from = 3, to = 4},
  -- Hard bands on 6x6 up to this top draw so too (Keen 6dh), their
  -- mends counted by a search of the draw's own with the rule's cage
  -- steps (calc_mrv.h), which builds no ruleset a count
  -- (scripts/RESULTS_keen_unruly.md, 2026-12-02 "Keen 6dh: own counts").
  small_hard = {size = 6, top = 3.0},
  -- Bands up to hard_above on these sides draw so too (Keen 6de and
  -- 6dn): calc_small_grade's closures rate most of their draws, which
  -- the rater rated one by one (scripts/RESULTS_keen_unruly.md,
  -- 2026-12-02 "Keen 6de").
  small_easy = {from = 5, to = 6},
  -- The hard_draws row a band's settings take, unless the request named
  -- its cage sizes.
  steer = function(settings, opts, n)
    if opts.cage_sizes or settings.band[1] <= variant.hard_above then return end
    for _, row in ipairs(variant.hard_draws) do
      if n >= row.sizes.from and n <= row.sizes.to and settings.band[2] <= row.top then
        settings.cage_sizes, settings.pair_ops, settings.more_ops, settings.harden =
          row.cage_sizes, row.pair_ops, row.more_ops, row.harden
        return
      end
    end
  end,
  -- opts.strategy: "greedy" (default) or "anneal"; opts.grade or
  -- opts.rating asks annealing for a rating band; min_cage, max_cage and
  -- cage_sizes ("2,2,3,4") shape the cages.
  generate = function(opts)
    return variant.generator(opts)(opts.seed)
  end,
  -- The generate of a request (generate.lua calls it once per run): its
  -- settings made once, as they depend on the request alone; the function
  -- returned takes each puzzle's seed and draws it.
  generator = function(request)
    local v = variant
    local strategy = request.strategy or v.strategy_for(request)
    if not calc.strategy_named(strategy) then
      error("unknown calcudoku strategy '" .. tostring(strategy) .. "' (greedy, anneal)", 0)
    end
    local settings = v.settings(request)
    local n = request.size or v.size
    -- Read once: the function below runs for every puzzle.
    local attempts, small, make = request.attempts or 20, settings.small, calc[strategy]
    local calc_fill, maxinteger = sudolab.calc_fill, math.maxinteger
    return function(puzzle_seed)
      local why
      for attempt = 0, attempts - 1 do
        local seed = (puzzle_seed + attempt * 0x9E3779B9) & maxinteger
        -- A small side's square by the draw's own fill (no solver).
        local grid = small and calc_fill(n, seed) or blank_of(n):fill(seed)
        local p, info = make(v, grid, settings)
        if p then return p, info end
        why = info
      end
      return nil, why
    end
  end,
  -- The strategies' settings of a request: its options, with a band's.
  settings = function(opts)
    local v = variant
    local settings = setmetatable({cage_sizes = cage_size_profile(opts.cage_sizes)},
                                  {__index = opts})
    if not (opts.grade or opts.rating) then return settings end
    settings.band = opts.rating or require("dig").grade_band(opts.grade)
    local hard = settings.band[1] > v.hard_above
    -- A lone cell is a given, and givens make a small grid easy: a band
    -- above what most random cages give (up to naked singles) is hit
    -- several times as often without them. Big grids need their givens
    -- to be unique at all.
    if not opts.min_cage and (opts.size or v.size) <= 6 and hard then
      settings.min_cage = 2
    end
    -- So are the givens the mending's cuts leave: past that band a cell
    -- cut joins a neighbouring cage where one has room.
    settings.shift = hard
    local n = opts.size or v.size
    local small_hard = hard and n == v.small_hard.size and settings.band[2] <= v.small_hard.top
    local small_easy = not hard and n >= v.small_easy.from and n <= v.small_easy.to
      and settings.band[2] <= v.hard_above
    settings.small = n >= v.small_sizes.from and n <= v.small_sizes.to or small_hard or small_easy
    settings.easy_band = small_easy
    -- A hard band is above the propagation's steps (a naked single's
    -- 2.3 the hardest): a draw the own count's propagation solves is
    -- dropped before the engine counts it.
    settings.skip_easy = small_hard
    v.steer(settings, opts, n)
    return settings
  end,
}
return variant
