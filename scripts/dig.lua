-- dig.lua: classic-family generation strategies. Each starts from a random
-- complete grid and removes givens while the puzzle stays unique; they
-- differ in what they try to remove, in what order, and when they stop.
-- They work for any rules a puzzle object carries (box variants, X,
-- odd/even, jigsaw, rules scripted in Lua): the engine checks uniqueness.
--
--   dig.random(p, solution, opts)     one cell at a time, random order, to a
--                                     minimal puzzle (no clue can go)
--   dig.symmetric(p, solution, opts)  the cells of each symmetry orbit together
--   dig.exact(p, solution, opts)      exactly opts.clues clues, retreating
--                                     (putting removals back) when stuck
--   dig.graded(p, solution, opts)     a rating band or grade, steering the
--                                     dig with the rater
--
-- p must hold the solution's digits as givens; it is dug in place. opts:
-- symmetry (dig.symmetries), clues, grade or rating {low, high}, limit
-- (attempts before giving up). Randomness comes from math.random, which the
-- caller seeds (generate seeds it per puzzle from --seed and the index).
local M = {}

-- The cells a symmetry maps cell (row r, column c, 0-based) to, per name,
-- as cell numbers returned one by one (no table made per cell).
local maps = {
  none = nil,
  rotate180 = function(r, c, n) return (n - 1 - r) * n + n - 1 - c end,
  rotate90 = function(r, c, n)
    return c * n + n - 1 - r, (n - 1 - r) * n + n - 1 - c, (n - 1 - c) * n + r
  end,
  mirror = function(r, c, n) return r * n + n - 1 - c end, -- left-right
  flip = function(r, c, n) return (n - 1 - r) * n + c end, -- top-bottom
  diagonal = function(r, c, n) return c * n + r end,
}
M.symmetries = {"none", "rotate180", "rotate90", "mirror", "flip", "diagonal"}

-- The strategies below, in the order they are offered, and the options of
-- a request each takes (generate.lua refuses any other before a run
-- starts): true for any value, or the one value it takes. `needs` lists
-- options of which one must be given.
M.strategies = {
  {name = "random", takes = {symmetry = "none"}},
  {name = "symmetric", takes = {symmetry = true}},
  {name = "exact", takes = {clues = true, symmetry = true}, needs = {"clues"}},
  {name = "graded", takes = {grade = true, rating = true, symmetry = true},
   needs = {"grade", "rating"}},
}

-- The strategy a request implies when it names none: clues -> exact,
-- grade or rating -> graded, no symmetry -> random, else symmetric.
function M.strategy_for(opts, v)
  if opts.clues then return "exact" end
  if opts.grade or opts.rating then return "graded" end
  return (opts.symmetry or v.defaults.symmetry) == "none" and "random" or "symmetric"
end

local function shuffle(list)
  for i = #list, 2, -1 do
    local j = math.random(i)
    list[i], list[j] = list[j], list[i]
  end
  return list
end
M.shuffle = shuffle

-- Every cell of the grid alone (0-based), in random order: drawn in C
-- from one number of math.random, with no Lua step per cell.
function M.cells(n)
  return sudolab.shuffled(n * n, math.random(0, math.maxinteger))
end

-- The cells of the grid in orbits of the symmetry (each orbit a list of
-- 0-based cells, each cell in one orbit), in random order; for none, the
-- cells of M.cells, the same order drawn.
function M.orbits(n, symmetry)
  if symmetry ~= "none" and not maps[symmetry] then
    error("unknown symmetry '" .. tostring(symmetry) .. "' (one of: " ..
          table.concat(M.symmetries, ", ") .. ")", 2)
  end
  if symmetry == "none" then
    local orbits = M.cells(n)
    for i, cell in ipairs(orbits) do orbits[i] = {cell} end
    return orbits
  end
  local map, seen, orbits = maps[symmetry], {}, {}
  local function join(orbit, other)
    if other and not seen[other] then seen[other] = true; orbit[#orbit + 1] = other end
  end
  for cell = 0, n * n - 1 do
    if not seen[cell] then
      local orbit = {cell}
      seen[cell] = true
      if map then
        local a, b, c = map(cell // n, cell % n, n)
        join(orbit, a); join(orbit, b); join(orbit, c)
      end
      orbits[#orbits + 1] = orbit
    end
  end
  return shuffle(orbits)
end


-- The order of M.cells, drawn in C by p:dig from the same number.
function M.random(p, solution, opts)
  p:dig(math.random(0, math.maxinteger), solution)
  return p
end

function M.symmetric(p, solution, opts)
  p:dig(M.orbits(p:size(), opts.symmetry or "rotate180"), solution)
  return p
end

-- An orbit's cells given their digits of the solution (on), or emptied.
local function put_orbit(p, solution, orbit, on)
  for _, cell in ipairs(orbit) do
    p:put(cell, on and tonumber(solution:sub(cell + 1, cell + 1), 36) or 0)
  end
end

local function clue_count(p) return p:clues() end
M.clue_count = clue_count

-- The checks dig.exact makes per grid unless opts.limit says otherwise.
M.exact_limit = 20000

-- How far below the first minimal puzzle a dig's retreats reach within
-- M.exact_limit checks, in orbits of the largest size: twice the most
-- seen (scripts/RESULTS.md, "dig.exact's reach"). Retreats put back the
-- last removals and dig on from there; what the checks afford ends a few
-- orbits under the first bottom, not the tens a far target would need.
M.exact_reach = 12

-- How far apart the first minimal puzzles of two grids of one size and
-- symmetry lie, in orbits of the largest size: twice the most seen (the
-- same section). A grid whose first minimal puzzle lies beyond the reach
-- and this spread above the target says no other grid comes within
-- reach: the request is refused without digging the rest.
M.exact_spread = 24

-- Exactly opts.clues clues: a depth-first dig over the orbits. When no
-- further orbit can go without losing uniqueness and there are still too
-- many clues, the last removal is put back and the next orbit tried in its
-- place (a retreat). Gives up after opts.limit uniqueness checks, or with
-- the default limit as soon as the first minimal puzzle it reaches lies
-- further above the target than retreats reach (M.exact_reach): the
-- checks left could not bring it down so far, and on a large grid they
-- would take minutes to say so.
function M.exact(p, solution, opts)
  local target = assert(opts.clues, "dig.exact needs opts.clues")
  local n = p:size()
  if n == 9 and p:rules() == "classic" and target < 17 then
    -- A proven bound (McGuire, Tugemann and Civario, 2012): no search needed.
    return nil, string.format("no puzzle with %d clues: a 9x9 classic sudoku needs 17 or more", target), "final"
  end
  if p:rules() == "classic" and target < n - 1 then
    -- Two digits no clue holds could trade places in any solution, so
    -- every size needs n - 1 clues; a larger grid would otherwise spend
    -- its whole budget of checks before saying so.
    return nil, string.format("no puzzle with %d clues: a %dx%d classic sudoku needs %d or more"
                              .. " (two digits no clue holds could trade places)", target, n, n, n - 1), "final"
  end
  local orbits = M.orbits(n, opts.symmetry or "none")
  local limit = opts.limit or M.exact_limit
  local budget = limit
  local clues = n * n
  local largest = 1
  for _, orbit in ipairs(orbits) do largest = math.max(largest, #orbit) end
  local reach = not opts.limit and M.exact_reach * largest
  local minimal -- the clues of the first minimal puzzle reached
  local beyond -- that puzzle lies further above the target than reach
  local function put(orbit, on) put_orbit(p, solution, orbit, on) end
  -- Tries orbits from index `from` on; true when `target` is reached.
  local function descend(from)
    if clues == target then return true end
    for i = from, #orbits do
      local orbit = orbits[i]
      if clues - #orbit >= target then
        if budget <= 0 then return false end
        budget = budget - 1
        if p:keeps_unique(orbit, solution) then
          put(orbit, false)
          clues = clues - #orbit
          if descend(i + 1) then return true end
          put(orbit, true) -- retreat
          clues = clues + #orbit
          if budget <= 0 then return false end
        end
      end
    end
    if not minimal then
      minimal = clues
      beyond = reach and minimal - target > reach
      if beyond then budget = 0 end
    end
    return false
  end
  if descend(1) then return p end
  if budget <= 0 then
    local why = string.format("no puzzle with %d clues found within %d checks", target, limit)
    if beyond then
      why = why .. string.format(" (the first minimal puzzle dug has %d clues; retreats reach"
                                 .. " %d clues below it)", minimal, reach)
      if minimal - target > reach + M.exact_spread * largest then return nil, why, "final" end
    end
    return nil, why
  end
  return nil, string.format("no puzzle with %d clues exists from this grid and symmetry", target)
end

-- The cells propagation fills from p's givens, as a set of 0-based cells.
local function propagated_cells(p)
  local filled = {}
  for i, digits in ipairs(p:candidates() or {}) do
    if #digits == 1 then filled[i - 1] = true end
  end
  return filled
end

-- The hardest step of the rater's that propagation takes: naked and
-- hidden singles, pointing and claiming.
local propagation_top = 0
for _, key in ipairs{"naked-single", "hidden-single", "pointing", "claiming"} do
  propagation_top = math.max(propagation_top, assert(sudolab.technique_rating(key)))
end

local function all_in(orbit, set)
  for _, cell in ipairs(orbit) do if not set[cell] then return false end end
  return true
end

-- The dig by the rules' techniques rated up to up_to (p:dig's up_to),
-- over the orbits of M.orbits; with no symmetry the cells' order is drawn
-- in C from the number M.cells draws, so no table is made per cell. The
-- givens removed.
local function dig_by_deductions(p, solution, up_to, symmetry)
  if symmetry == "none" then return p:dig(math.random(0, math.maxinteger), solution, up_to) end
  return p:dig(M.orbits(p:size(), symmetry), solution, up_to)
end

-- The rating of a puzzle a one-rule dig by deductions kept to the band's
-- top, without the rater. Those techniques up to the top fill its grid,
-- so its rating is at most the top; and the rater, which takes the
-- easiest step there is, rates it below the band exactly when the
-- techniques rated below the band fill it too (dig.h, dig_deduces;
-- tests/lua/test_binary.lua compares the two). Ratings are tenths: below
-- the band is up to the highest tenth under its low. The rule is the
-- only one and its steps are the whole solve, so the solve used it.
local function graded_by_deductions(p, band)
  local easier = math.ceil(band[1] * 10 - 1e-6) / 10 - 0.1
  if p:deduces(easier) then return nil, "too easy", {ratings = 0} end
  return p, {ratings = 0, rules_checked = p:line()}
end

-- A band open at the top (beyond) has no easing: a minimal puzzle rated
-- below it was a lost grid, and few land (scripts/RESULTS.md). One rated
-- near the band's low end (within M.climb_reach) is moved instead to
-- neighbouring minimal puzzles of the same grid: removed orbits put back
-- at random until M.climb_back cells are back, and two orbits at least
-- (an orbit of a symmetry is several cells, and a larger step lands less
-- often; one orbit alone mostly digs back to the base), the dig run
-- again with those last (so other givens get the first chance to go),
-- and the result rated. A try is one call, p:dig_neighbour, and its dig
-- remembers what the base's dig and earlier tries learnt of the grid (its
-- second solutions and unique puzzles), so most of its questions need no
-- search. A neighbour rated no lower than the climb's best
-- becomes the next base; with a symmetry of orbits of two cells
-- (rotate180, mirror, flip, diagonal) so does one up to M.climb_slack
-- below it: their neighbours are rarely rated level, and a climb that
-- cannot move sideways stays where it is (rotate90's orbits of four did
-- worse with it). A lower one is undone, and so is one met before in
-- this climb (the base itself, or one rated then) without a second
-- rating. Hard puzzles lie near hard puzzles, so a climb lands more
-- often than a fresh grid, and costs a partial dig rather than a whole
-- one; a climb's chance to land stays about the same from try to try, so
-- it goes on long (scripts/RESULTS.md, "beyond2"). A neighbour the
-- solver proves unique within M.climb_nodes search nodes (by the size
-- of the symmetry's orbits) is undone unrated too: so little search goes
-- with puzzles rated far below the band, and their ratings were most of
-- a climb's cost, while every landing seen took more (scripts/RESULTS.md,
-- "symbeyond"); without a symmetry 7 pays, and so it does with orbits of
-- two once the climb's digs remember what they learnt of the grid (p:dig's
-- remember: a try then costs less against a rating), and 9 there once the
-- climb's best is within M.climb_near of the band, where the ratings of
-- neighbours that searched little land least for their cost
-- (scripts/RESULTS.md, "symb2"); rotate90's orbits of four lost a puzzle
-- at 7. The screen only steers the climb: a landing is still rated.
-- Returns the rating
-- result of the first neighbour in the band (p holds it), or nil (p
-- holds the last base); and the ratings made.
M.climb_reach, M.climb_tries, M.climb_back = 1.5, 400, 4
M.climb_nodes = {7, 7, 5, 5} -- by the largest orbit's cells
M.climb_near, M.climb_near_nodes = 0.45, {7, 9, 5, 5}
M.climb_slack = 0.1

-- True when p's search proves it unique within `nodes` search nodes. The
-- search also leaves the uniqueness known, so a rating after it does not
-- count the solutions again.
local function searched_little(p, nodes)
  local _, used = p:solutions(2)
  return used <= nodes
end

local function climb(p, solution, orbits, band, rating, rate)
  local base, ratings = p:givens(), 0
  local met = {[base] = true}
  local largest = 1
  for _, orbit in ipairs(orbits) do largest = math.max(largest, #orbit) end
  local slack = largest == 2 and M.climb_slack or 0
  local function by_size(list) return list[largest] or list[#list] end
  local far, near = by_size(M.climb_nodes), by_size(M.climb_near_nodes)
  local random, most, groups = math.random, math.maxinteger, sudolab.groups(orbits)
  for _ = 1, M.climb_tries do
    p:dig_neighbour(groups, solution, M.climb_back, random(0, most))
    local givens = p:givens()
    local seen = met[givens]
    met[givens] = true
    if seen or searched_little(p, rating >= band[1] - M.climb_near - 1e-9 and near or far) then
      p:givens(base)
    else
      ratings = ratings + 1
      local res = rate()
      if res.rating >= band[1] - 1e-9 then return res, ratings end
      if res.rating >= rating - slack - 1e-9 then
        rating, base = math.max(rating, res.rating), givens
      else
        p:givens(base)
      end
    end
  end
  return nil, ratings
end

-- What a request asks, as the refusals name it.
local function asked_of(opts)
  if opts.grade then return "--grade " .. tostring(opts.grade) end
  if opts.rating[1] == opts.rating[2] then return string.format("--rating %.1f", opts.rating[1]) end
  return string.format("--rating %.1f-%.1f", opts.rating[1], opts.rating[2])
end

-- The hardest rating below the band met while making one puzzle, kept in
-- opts.reached (a table the caller makes for the puzzle, or none) and said
-- through sudolab.progress: a band that no grid reaches then runs to the
-- time budget, whose stop tells it, so a user learns what to ask.
local function note_reached(opts, band, rating)
  local reached = opts.reached
  if not reached or rating >= band[1] - 1e-9 or rating <= (reached.rating or 0) then return end
  reached.rating = rating
  sudolab.progress(string.format("the hardest rating reached was %.1f, for %s", rating, asked_of(opts)))
end

-- A puzzle whose rating lies in the band {low, high} (or whose grade is
-- opts.grade), steered by the rater rather than judged at the end: the
-- grid is dug to a minimal puzzle (symmetric when asked) and rated; one
-- too hard is eased by putting removed orbits back, one at a time in
-- random order, each kept only while the puzzle stays above the band,
-- until the rating falls into it. One too easy cannot be made harder by
-- digging further (it is minimal): nil, and the caller tries another grid.
--
-- With opts.deduce (a variant whose rules' own techniques are the whole
-- solve: binary), the dig itself keeps to the band's top: a removal
-- stays while those techniques rated up to it still fill the grid
-- (p:dig's up_to), which proves the puzzle unique without a search. One
-- rating then says whether it reached the band; a grid that falls short
-- is left for another. Where those techniques are one rule's (binary
-- alone), that rating is read off them too (graded_by_deductions).
function M.graded(p, solution, opts)
  local band = opts.rating or M.grade_band(opts.grade)
  local orbits -- for easing back, which a dig by deductions does not do
  if opts.deduce and not p:rules():find(";", 1, true) then
    -- A puzzle with no given removed has no step to rate: the rater's.
    if dig_by_deductions(p, solution, band[2], opts.symmetry or "none") > 0 then
      return graded_by_deductions(p, band)
    end
  else
    orbits = M.orbits(p:size(), opts.symmetry or "none")
    -- A band up to easy (hidden singles) needs nothing singles cannot do:
    -- such a dig stops where singles stop, with no search and no easing
    -- back from a minimal puzzle.
    local singles = not opts.deduce and band[2] <= sudolab.grades.easy.high + 1e-9
    p:dig(orbits, solution, opts.deduce and band[2] or singles and "singles" or nil, true)
  end
  local ratings = 1
  -- A rating known above or below the band, or known within it, needs no
  -- more than that: the rater stops there. A band open at the top is
  -- reached by the first step rated above the last tenth below it, so
  -- the rater stops there too, with no row rated past it tried; the
  -- steps before it must then have used every rule (landed), else the
  -- rating is run again to its end.
  local open_top = band[2] == math.huge and not opts.deduce
  local cap = open_top and (math.ceil(band[1] * 10 - 1e-6) - 1) / 10 or band[2]
  local function rate()
    local res = p:rate(cap, band[1])
    if res then note_reached(opts, band, res.rating) end
    return res
  end
  local rated, why = rate()
  -- Dug from its solution, the puzzle has that one: none, or another,
  -- means the variant's rules (or marks) do not hold on its own grid, a
  -- slip every grid would repeat.
  if not rated then
    error("the dug puzzle has " .. tostring(why) .. ", though dug from a grid of its rules: "
          .. "the variant's rules or marks do not hold on that grid", 0)
  end
  local r = rated.rating
  local function fits(x) return x >= band[1] - 1e-9 and x <= band[2] + 1e-9 end
  -- A puzzle whose solve path leaves a rule of its variant unused is not
  -- in the band: it would be a puzzle of fewer rules. Easing adds givens
  -- and never brings a rule back, so the caller tries another grid.
  local function unused(res)
    return nil, "a rule left unused (" .. table.concat(res.unused, ", ") .. ")",
      {ratings = ratings, unused_rules = 1}
  end
  -- A rating that fits was run to its end or settled with every rule
  -- used: its unused list is exact, so the puzzle's line marks it checked.
  -- One stopped above the cap lists the rules of the steps before it: a
  -- longer path only adds rules, so none unused there is none at all.
  local function landed(res)
    if res.above and #res.unused > 0 then
      ratings = ratings + 1
      res = p:rate(band[2], band[1])
    end
    if #res.unused > 0 then return unused(res) end
    return p, {ratings = ratings, rules_checked = p:line()}
  end
  if fits(r) then return landed(rated) end
  if r < band[1] then
    if band[2] < math.huge or opts.deduce or r < band[1] - M.climb_reach then
      return nil, "too easy", {ratings = ratings}
    end
    local climbed, made = climb(p, solution, orbits, band, r, rate)
    ratings = ratings + made
    if not climbed then return nil, "too easy", {ratings = ratings} end
    return landed(climbed)
  end
  if opts.deduce then return nil, "above the band", {ratings = ratings} end
  -- Classic rules only: a cell that propagation (singles and box-line)
  -- already fills is filled too where the rater first needs a step above
  -- the band, when the band holds propagation's steps, so putting it back
  -- leaves the rater's path from there, and the rating (still above), as
  -- they were. Such an orbit goes back unrated. Below that (easy: naked
  -- singles and box-line are above it) every orbit is rated.
  local filled = p:rules() == "classic" and band[2] >= propagation_top - 1e-9 and propagated_cells(p)
  for _, orbit in ipairs(orbits) do
    if p:get(orbit[1]) == 0 then
      put_orbit(p, solution, orbit, true)
      if not (filled and all_in(orbit, filled)) then
        ratings = ratings + 1
        local res = p:rate(band[2], band[1])
        local eased = res.rating
        if fits(eased) then return landed(res) end
        if eased < band[1] then
          put_orbit(p, solution, orbit, false) -- too far: take it out again
        elseif filled then
          filled = propagated_cells(p)
        end
      end
    end
  end
  return nil, "could not ease it into the band", {ratings = ratings}
end

-- Grades as the rater names them: sudolab.grades, C's one table.
function M.grade_of(rating)
  for _, g in ipairs(sudolab.grades) do
    if rating <= g.high + 1e-9 then return g.name end
  end
end

-- The easiest (or, hardest = true, the hardest) of the rater's
-- technique keys: its rating and the key; nil when none has a row.
local function step_of(keys, hardest)
  local best, key
  for _, k in ipairs(keys) do
    local r = sudolab.technique_rating(k)
    local better = best and (hardest and r and r > best or not hardest and r and r < best)
    if r and (not best or better) then best, key = r, k end
  end
  return best, key
end

local function names_where(keep)
  local names = {}
  for _, g in ipairs(sudolab.grades) do
    if keep(g) then names[#names + 1] = g.name end
  end
  return table.concat(names, ", ")
end

-- Refuses at once a grade or rating band that no graded puzzle of
-- variant `name` can reach for its steps: below the easiest of `floor`
-- (the keys of a rule every graded puzzle uses: dig.graded refuses one
-- that leaves a rule unused) or above the hardest of `ceiling` (the keys
-- of the rules whose own steps alone solve its puzzles: v.deduce_dig).
function M.check_steps(name, opts, floor, ceiling)
  if not (opts.grade or opts.rating) then return end
  local band = opts.rating or M.grade_band(opts.grade)
  local asked = asked_of(opts)
  local low, easiest = step_of(floor or {})
  if low and low > band[2] + 1e-9 then
    local reached = names_where(function(g) return g.high >= low - 1e-9 end)
    error(string.format("%s cannot reach %s: a graded puzzle uses its rule, whose easiest step "
                        .. "(%s) rates %.1f; the grades it can reach: %s", name, asked, easiest,
                        low, reached), 0)
  end
  local high, hardest = step_of(ceiling or {}, true)
  if high and high < band[1] - 1e-9 then
    local reached = names_where(function(g) return M.grade_band(g.name)[1] <= high end)
    error(string.format("%s cannot reach %s: its rule's own steps alone solve its puzzles, and "
                        .. "the hardest (%s) rates %.1f; the grades it can reach: %s", name, asked,
                        hardest, high, reached), 0)
  end
end

-- The highest rating an n x n puzzle of v reaches, or nil when no bound
-- below the scale's end is known. Past sudolab.technique_top(n) only the
-- rater's search fallback rates, and up to v.shallow_search_to a side the
-- variant's searches stay far shallower than that needs (variant.lua).
local function rating_top(v, n)
  if v.shallow_search_to and n <= v.shallow_search_to then return sudolab.technique_top(n) end
end

-- Refuses at once a grade, or a rating band meeting none of their bands,
-- that the variant's puzzles of the request's size are proved never to
-- reach (v.grades_by_size[n], the grades they do: variant.lua), naming
-- those; a band above the highest rating they reach (rating_top); then
-- what its steps allow (M.check_steps: v.easiest_steps, v.hardest_steps).
function M.check_reach(v, opts)
  local n = opts.size or v.size
  local reached = (opts.grade or opts.rating) and v.grades_by_size and v.grades_by_size[n]
  if reached then
    local known, low, high = false, math.huge, -math.huge
    for _, g in ipairs(reached) do
      local band = M.grade_band(g)
      low, high = math.min(low, band[1]), math.max(high, band[2])
      if opts.grade then
        known = known or g == opts.grade
      else
        known = known or (opts.rating[1] <= band[2] + 1e-9 and opts.rating[2] >= band[1] - 1e-9)
      end
    end
    if not known then
      local ratings = opts.grade and ""
                      or string.format(" (ratings %.1f-%.1f)", math.max(low - 0.05, 1), high)
      error(string.format("%s: no %dx%d %s puzzle reaches it; the grades %dx%d %s puzzles "
                          .. "reach: %s%s", asked_of(opts), n, n, v.name, n, n, v.name,
                          table.concat(reached, ", "), ratings), 0)
    end
  end
  local top = (opts.grade or opts.rating) and rating_top(v, n)
  local lowest = opts.grade and M.grade_band(opts.grade)[1] or opts.rating and opts.rating[1]
  if top and lowest > top + 1e-9 then
    error(string.format("%s: no %dx%d %s puzzle reaches it: they rate %.1f at most (the "
                        .. "techniques' top; their searches stay too shallow for more); the "
                        .. "grades up to it: %s", asked_of(opts), n, n, v.name, top,
                        names_where(function(g) return M.grade_band(g.name)[1] <= top end)), 0)
  end
  M.check_steps(v.name, opts, v.easiest_steps, v.hardest_steps)
end

-- The rating band {low, high} a graded dig aims at. A grade holds the
-- ratings above its low and up to its high; ratings are tenths, so the
-- band starts half a tenth above the low.
function M.grade_band(name)
  local g = type(name) == "string" and sudolab.grades[name]
  if not g then
    local names = {}
    for i, known in ipairs(sudolab.grades) do names[i] = known.name end
    error("unknown grade '" .. tostring(name) .. "' (one of: " .. table.concat(names, ", ") .. ")", 2)
  end
  return {g.low + 0.05, g.high}
end

return M
