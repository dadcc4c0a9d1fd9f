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
  -- Expert's 27..28: its screened starts (grade_screen) land about one
  -- time in 270 there, one in 600 over 28..31, for less work a landing.
  grade_cages = {easy = {26, 36}, medium = {34, 36}, hard = {29, 36}, expert = {27, 28},
                 extreme = {26, 27}, beyond = {26, 26}},
  -- The greedy partitions annealing tries before its walk: up to the
  -- killer rows (hard) one often lands in the band as it is, which spares
  -- the walk; above, none does, and the walk's start is left as it was
  -- (the ladder above hard was measured from it).
  grade_starts = {easy = 8, medium = 8, hard = 8},
  -- Expert and extreme 9x9 killers: a greedy partition lands about one
  -- time in 270 (expert, 27..28 cages) and one in 80 (extreme, 26..27),
  -- the walk's candidates one in a thousand; so up to `starts` starts,
  -- each screened by the search nodes its proof of uniqueness takes
  -- (killer_cages.lua, worth_rating: more than one, at most `nodes`)
  -- before a rating, and the walk only where none lands
  -- (scripts/RESULTS_killer.md). Other sizes keep one start and the walk.
  -- Starts rated past the band or below it, and those whose proof takes
  -- more than `nodes`, are tried again with the grid's digits relabeled,
  -- up to `relabels` times (killer_cages.lua, relabel_landing): the cages
  -- stay, the sums change, and a relabeling lands about as often as a
  -- fresh start for less work. Starts the kernel or the screen's root
  -- settled are not: their relabelings settle at the root three times in
  -- four and cost more a landing than a fresh start.
  grade_screen = {expert = {starts = 2000, nodes = 8, relabels = 50,
                            relabel_from = {past = true, below = true, deep = true}},
                  extreme = {starts = 2000, nodes = 8, relabels = 50,
                             relabel_from = {past = true, below = true, deep = true}}},
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
  -- What a grade asks of a size's killers where cages alone miss its band
  -- (scripts/RESULTS_killer.md, "Every grade at every size"): false where
  -- no killer of that size reaches the grade (the refusal names the grades
  -- that do), else {givens, fewest, most}: the givens a request naming none
  -- gets, and the counts a request may name (fewer rate above the band
  -- whatever the cages, more below it or leave the cages nothing to
  -- decide, and the walk could never land). A grade a size does not list
  -- takes its killers without givens, and any count. Measured with the
  -- default cages: cage options set by the request stand the counts aside.
  -- Out of reach means none within a puzzle's time budget: 16x16 killers
  -- rate 3.3 to 4.2 or need forcing chains (beyond), and the thin layer
  -- between, like 12x12 extreme, was not reached in a minute.
  grade_givens = {
    [3] = {medium = false, hard = false, expert = false, extreme = false, beyond = false},
    [4] = {medium = false, expert = false, extreme = false, beyond = false},
    [12] = {easy = {16, 10, 100}, extreme = false},
    [16] = {easy = {40, 30, 200}, medium = {30, 12, 60}, expert = false, extreme = false},
  },
  check = function(opts)
    require("killer_cages").check(opts)
    local v = require("killer")
    local n = opts.size or v.size
    local row = v.grade_givens[n]
    local asks = row and opts.grade and row[opts.grade]
    if asks == false then
      local reach = {}
      for _, g in ipairs(sudolab.grades) do
        if row[g.name] ~= false then reach[#reach + 1] = g.name end
      end
      error(string.format("--grade %s: no %dx%d killer reaches it; the grades %dx%d killers reach: %s",
                          opts.grade, n, n, n, n, table.concat(reach, ", ")), 0)
    end
    local shaped = opts.cage_sizes or opts.min_cage or opts.max_cage
    if asks and opts.givens and not shaped and (opts.givens < asks[2] or opts.givens > asks[3]) then
      local why = opts.givens < asks[2] and "too few: the killers rate above the band"
                  or "too many: they leave the cages too little to decide"
      error(string.format("--givens %d at %dx%d %s: %s; %dx%d %s killers take --givens %d..%d",
                          opts.givens, n, n, opts.grade, why, n, n, opts.grade, asks[2], asks[3]), 0)
    end
  end,
  -- The givens of a request: its own, else its grade's at its size.
  givens_for = function(v, opts, n)
    if opts.givens then return opts.givens end
    local asks = opts.grade and v.grade_givens[n] and v.grade_givens[n][opts.grade]
    return asks and asks[1] or nil
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
    local n = opts.size or v.size
    local settings = setmetatable({cage_sizes = killer.profile(opts.cage_sizes),
                                   givens = v.givens_for(v, opts, n)}, {__index = opts})
    -- The graded sizes stand aside for cage bounds the user set.
    if opts.grade and not (opts.cage_sizes or opts.min_cage or opts.max_cage) and n == 9 then
      settings.cage_sizes = v.grade_sizes[opts.grade]
    end
    if opts.grade or opts.rating then
      settings.band = opts.rating or require("dig").grade_band(opts.grade)
      settings.cage_band = opts.grade and n == 9 and v.grade_cages[opts.grade] or nil
      local screen = opts.grade and n == 9 and v.grade_screen[opts.grade] or nil
      settings.starts = screen and screen.starts or opts.grade and v.grade_starts[opts.grade] or nil
      settings.screen = screen and screen.nodes or nil
      settings.relabels = screen and screen.relabels or nil
      settings.relabel_from = screen and screen.relabel_from or nil
      settings.stop_below = opts.grade and v.grade_stop_below[opts.grade] or nil
    end
    -- A grid no partition makes unique is left for the next grid. The
    -- empty grid is kept per size: its ruleset cost more than the fill.
    local why
    v.empty = v.empty or {}
    v.empty[n] = v.empty[n] or sudolab.puzzle{size = n}
    -- Walks that each stayed on one side of the band, the same side, on
    -- v.one_sided(n) grids in a row end the request: its givens or cages
    -- hold every killer there.
    local side, streak = nil, 0
    for attempt = 0, (opts.attempts or 100) - 1 do
      local grid = v.empty[n]:fill((opts.seed + attempt * 0x9E3779B9) & math.maxinteger)
      local p, info, walk = killer[strategy](v, grid, settings)
      if p then return p, info end
      why = info
      local now = type(walk) == "table" and walk.side or nil
      streak = now and now == side and streak + 1 or (now and 1 or 0)
      side = now
      if streak >= v.one_sided(n) then return nil, v.one_sided_why(settings, n, side, streak) end
    end
    -- Past the hundred grids, the last walks' side (three or more in a
    -- row) says more than the last walk's failure.
    if streak >= 3 then return nil, v.one_sided_why(settings, n, side, streak) end
    return nil, why
  end,
  -- How many one-sided walks in a row end a request: three on a 16x16,
  -- and as many as cost about the same on smaller grids (a walk's cost
  -- grows about as the square of the cells). Where a band is thin (6x6
  -- expert, 4x4 hard) landing walks follow up to 24 one-sided ones, so a
  -- small grid gets more than its hundred grids; on a 16x16 a walk takes
  -- seconds, and three say enough.
  -- (a product, not ^ 2: pow is the C library's, rounded as it likes)
  one_sided = function(n)
    local share = 256 / (n * n)
    return math.ceil(3 * (share * share))
  end,
  -- Why a request whose walks stayed on one side of its band ends.
  one_sided_why = function(settings, n, side, walks)
    local band = settings.grade or string.format("the rating band %.2f-%.2f", settings.band[1],
                                                 settings.band[2])
    local easier = side == "above" and "more givens or smaller cages make them easier"
                   or "fewer givens or larger cages make them harder"
    return string.format("%dx%d killers with %d givens rate %s %s (every unique one of %d walks did); %s",
                         n, n, settings.givens or 0, side, band, walks, easier)
  end,
}
