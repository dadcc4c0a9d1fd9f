-- killer.lua: cages of distinct digits adding up to their sums.
-- build{cages = "81-letter cage map", sums = {13, 11, ...} or "13,11,...",
--       givens = "..." (optional), size = N (optional: from the map)};
-- false or "?" for a cage without a sum.
return require("variant").make{
  name = "killer",
  summary = "killer sudoku: cages of distinct digits adding up to their sums",
  description = "Classic rules, and the digits in each outlined cage add up to the sum written in its corner, and no digit repeats within a cage.",
  rules = "classic;killer",
  defaults = {cage_sizes = {2, 2, 3, 3, 4}, cage_sizes_past_9 = {2, 2, 3}},
  -- The cages a grade's 9x9 killers have: fewer cages give less away, so
  -- each grade's killers take more solving than the grade's below
  -- (scripts/killer_ladder.sh measures it). Other sizes keep the whole
  -- band: the shares were measured on 9x9 alone, and on a small grid a
  -- share is one or two counts, which makes a grade slow to reach.
  -- Medium's 34..36: of greedy partitions from its sizes, those with 34
  -- and more cages rate medium two times in three (with 26..33 about one
  -- in three, most of the rest too hard), so fewer are rated a killer.
  grade_cages = {easy = {26, 36}, medium = {34, 36}, hard = {29, 36}, expert = {28, 31},
                 extreme = {26, 27}, beyond = {26, 26}},
  -- The greedy partitions annealing tries before its walk: up to the
  -- killer rows (hard) one often lands in the band as it is, which spares
  -- the walk; above, none does, and the walk's start is left as it was
  -- (the ladder above hard was measured from it).
  grade_starts = {easy = 8, medium = 8, hard = 8},
  -- The cage sizes a grade's 9x9 killers are drawn from, where the request
  -- names none: smaller cages give more away, and with these a greedy
  -- partition lands in the grade's band as it is far more often than with
  -- the default sizes (most of those rate hard), which spares the ratings
  -- of the walk (scripts/RESULTS_killer.md).
  grade_sizes = {easy = {2, 2}, medium = {2, 2, 3}},
  -- The grades whose ratings stop once singles alone would finish the
  -- grid (rate_puzzle_band's bound below): medium's too easy and in-band
  -- killers then rate in fewer steps; for hard the bound costs more steps
  -- of its own than it saves (scripts/RESULTS_killer.md).
  grade_stop_below = {medium = true},
  sizes = {from = 3, to = 16},
  sizes_why = "smaller grids need cages of one cell, and larger ones take minutes",
  strategies = require("killer_cages").strategies,
  strategy_for = function(opts) return (opts.grade or opts.rating) and "anneal" or "greedy" end,
  -- The easiest grade a size's killers reach, where it is above easy: of
  -- sixteen 16x16 partitions into cages of two cells the easiest rated 3.3
  -- (pairs, pointing and the digits a cage needs are always called for),
  -- and annealing cannot make cages smaller, so a lower grade is refused
  -- at once (with givens too: a 16x16 walk that counts every candidate
  -- ran past its time budget).
  grade_floor = {[16] = "hard"},
  check = function(opts)
    require("killer_cages").check(opts)
    local v = require("killer")
    local n = opts.size or v.size
    local floor = v.grade_floor[n] and sudolab.grades[v.grade_floor[n]]
    local asked = opts.grade and sudolab.grades[opts.grade]
    if floor and asked and asked.high <= floor.low then
      error(string.format("--grade %s: %dx%d killers are %s or harder (--grade %s and up)",
                          opts.grade, n, n, v.grade_floor[n], v.grade_floor[n]), 0)
    end
  end,
  -- data.size: the grid's side (default: from the cage map's length).
  build = function(data)
    local n = data.size or math.tointeger(math.sqrt(#data.cages))
              or math.tointeger(math.sqrt(#data.cages // 2))
    local cages = sudolab.cages_text{cages = data.cages, sums = data.sums, size = n}
    return sudolab.puzzle{size = n, rules = "classic;killer:" .. cages, givens = data.givens}
  end,
  -- opts.strategy: "greedy" (default) or "anneal" (scripts/killer_cages.lua);
  -- opts.grade or opts.rating asks annealing for a rating band; min_cage,
  -- max_cage, cage_sizes ("2,3,3,4") and givens (a count) shape the cages.
  generate = function(opts)
    local killer = require("killer_cages")
    local v = require("killer")
    local strategy = opts.strategy or v.strategy_for(opts)
    if not killer.strategy_named(strategy) then
      error("unknown killer strategy '" .. tostring(strategy) .. "' (greedy, anneal)", 0)
    end
    local settings = setmetatable({cage_sizes = killer.profile(opts.cage_sizes)}, {__index = opts})
    -- The graded sizes stand aside for cage bounds the user set.
    if opts.grade and not (opts.cage_sizes or opts.min_cage or opts.max_cage)
       and (opts.size or v.size) == 9 then
      settings.cage_sizes = v.grade_sizes[opts.grade]
    end
    if opts.grade or opts.rating then
      settings.band = opts.rating or require("dig").grade_band(opts.grade)
      settings.cage_band = opts.grade and (opts.size or v.size) == 9 and v.grade_cages[opts.grade] or nil
      settings.starts = opts.grade and v.grade_starts[opts.grade] or nil
      settings.stop_below = opts.grade and v.grade_stop_below[opts.grade] or nil
    end
    -- A grid no partition makes unique is left for the next grid. The
    -- empty grid is kept per size: its ruleset cost more than the fill.
    local why
    local n = opts.size or v.size
    v.empty = v.empty or {}
    v.empty[n] = v.empty[n] or sudolab.puzzle{size = n}
    for attempt = 0, (opts.attempts or 100) - 1 do
      local grid = v.empty[n]:fill((opts.seed + attempt * 0x9E3779B9) & math.maxinteger)
      local p, info = killer[strategy](v, grid, settings)
      if p then return p, info end
      why = info
    end
    return nil, why
  end,
}
