-- killer_cages.lua: killer generation strategies. A killer is a complete
-- grid cut into cages; the puzzle is the cage map and the cage sums (no
-- givens unless allowed). Both strategies work on a partition: cage[cell]
-- names each cell's cage (cells 0-based, cage ids any positive integers).
--
--   killer.greedy(v, grid, opts)  grows random cages over the grid (no digit
--                                 twice in a cage, sizes drawn from
--                                 opts.cage_sizes), mended until unique (in
--                                 C: sudolab.killer_unique)
--   killer.anneal(v, grid, opts)  simulated annealing over partitions: moves
--                                 shift a border cell to the next cage, split a
--                                 cage or merge two; the energy weighs
--                                 non-uniqueness, the distance of the rating
--                                 from the band asked, and of the cage sizes
--                                 from the sizes asked; the trace of energies
--                                 is returned for reports
--
-- Both return the puzzle (v.build's), then {cages=, trace=, ...}, or nil
-- and why. opts.givens allows givens where no partition alone is unique
-- (the killer variant's default forbids them). opts.cage_sizes lists the
-- sizes cages are drawn from (a size twice, twice as often); annealing
-- takes it as the distribution to approach. Annealing's settings: steps,
-- temperature, cooling (per step), max_cage, starts (greedy partitions
-- tried before the walk: M.anneal), screen (the most search nodes a start
-- rated before the last may take: worth_rating), relabels (how many
-- relabelings of its grid a start is tried over: relabel_landing),
-- relabel_from (which starts: {past=, below=, deep=} for those rated
-- past the band, below it, and screened past `screen` nodes), cage_band
-- (a grade's {fewest, most} cages on a 9x9: M.cage_band), and the energy's weights
-- unique_weight, rating_weight, size_weight, cages_weight; stop_below
-- (ratings stop below the band: M.anneal's energy).
local M = {}

-- The strategies, in the order they are offered, and the options of a
-- generate request each takes (generate.lua checks requests against it).
M.strategies = {
  {name = "greedy", takes = {min_cage = true, max_cage = true, cage_sizes = true, givens = true}},
  {name = "anneal", takes = {grade = {"easy", "medium", "hard", "expert", "extreme", "beyond"},
                             rating = true, min_cage = true, max_cage = true,
                             cage_sizes = true, givens = true}},
}
function M.strategy_named(name)
  for _, s in ipairs(M.strategies) do if s.name == name then return s end end
end

-- The digit of a 0-based cell of a grid string. The moves ask it over and
-- over for one grid, so the grid last asked about is kept read as numbers.
local last_grid, last_digits
local function digit_at(grid, cell)
  if grid ~= last_grid then
    last_digits = {}
    for c = 1, #grid do last_digits[c - 1] = tonumber(grid:sub(c, c), 36) end
    last_grid = grid
  end
  return last_digits[cell]
end

-- The orthogonal neighbours of a cell, made once per grid size.
local neighbour_lists = require("cells").neighbour_lists
local portable = require("portable_math") -- the walk's logarithms, the same on every machine
local function neighbours(cell, n) return neighbour_lists(n)[cell] end

-- The most cages a partition of an n x n grid may have: 62 on a 9x9 (one
-- symbol per cage), as many per cell on other sizes. More would be mostly
-- cells alone, which annealing's splits drift toward.
function M.max_cages(n) return 62 * n * n // 81 end

-- The cage map (cages named in order of first appearance; two symbols a
-- cell when there are more cages than symbols), the sums in that order and
-- the number of cages, as the killer rule reads them (sudolab.cages_text);
-- nil when there are more than M.max_cages(n) cages.
function M.text(cage, grid, n)
  local text, count = sudolab.cages_text{cages = cage, grid = grid, size = n}
  if count > M.max_cages(n) then return nil end
  local cages = sudolab.parse_cages(text, n)
  return cages.map, cages.sums, cages.count
end

-- The cage-size bounds of a request: opts.min_cage (default 2: a cage
-- of one cell is a given in disguise) and opts.max_cage (default 5, or
-- n on an n x n grid smaller than that).
function M.bounds(opts, n)
  local low, high = opts.min_cage or 2, opts.max_cage or math.min(5, n or 9)
  if low > high then
    error(string.format("--min-cage %d is above --max-cage %d", low, high), 0)
  end
  return low, high
end

-- The cage-size profile of --cage-sizes (in cells.lua, so that
-- calcudoku need not load this file for it).
M.profile = require("cells").cage_size_profile

-- Checks the cage options of a request before a run (generate.lua).
function M.check(opts)
  local n = opts.size or 9
  local low, high = M.bounds(opts, n)
  for _, size in ipairs(M.profile(opts.cage_sizes, sudolab.killer_sizes_max) or {}) do
    if size < low or size > high then
      error(string.format("--cage-sizes %s: %d is outside the cage sizes %d..%d (--min-cage, --max-cage)",
                          opts.cage_sizes, size, low, high), 0)
    end
  end
  if opts.max_cage and high > n then
    error(string.format("--max-cage %d: a cage of distinct digits on a %dx%d grid has at most %d cells",
                        high, n, n, n), 0)
  end
end

local function has_digit(cells, grid, d)
  for _, c in ipairs(cells) do if digit_at(grid, c) == d then return true end end
  return false
end

local function without(list, x)
  local out = {}
  for _, y in ipairs(list) do if y ~= x then out[#out + 1] = y end end
  return out
end

-- 1 when the cells (a list) form one orthogonally connected piece.
local function connected(cells, n)
  if #cells <= 1 then return true end
  local inside, seen, stack, reached = {}, {}, {cells[1]}, 0
  for _, c in ipairs(cells) do inside[c] = true end
  seen[cells[1]] = true
  while #stack > 0 do
    local c = table.remove(stack)
    reached = reached + 1
    for _, nb in ipairs(neighbours(c, n)) do
      if inside[nb] and not seen[nb] then seen[nb] = true; stack[#stack + 1] = nb end
    end
  end
  return reached == #cells
end

-- How many cages published killers have: 26 to 36 on a 9x9, as many per
-- cell on other sizes; widened to what cages of low..high cells can
-- reach when the bounds asked rule the band out. `want` ({fewest, most}
-- on a 9x9, scaled the same way) narrows it: a grade's share of the band.
function M.cage_band(n, low, high, want)
  local cells = n * n
  local fewest, most = math.ceil(26 * cells / 81), 36 * cells // 81
  if want then
    fewest = math.max(fewest, math.ceil(want[1] * cells / 81))
    most = math.max(fewest, math.min(most, want[2] * cells // 81))
  end
  if low then fewest = math.min(fewest, cells // low) end
  if high then most = math.max(most, math.ceil(cells / high)) end
  return fewest, most
end

-- A random partition whose cages all have `low`..`high` cells; with no
-- bounds given, cages of one cell are allowed. Drawn in C
-- (sudolab.killer_partition): partitions with a cage count outside
-- M.cage_band are drawn again, up to 100 times.
function M.partition(grid, n, sizes, low, high, want)
  low, high = low or 1, math.min(high or n, n)
  local fewest, most = M.cage_band(n, low, high, want)
  local cage, why = sudolab.killer_partition{
    grid = grid, sizes = sizes, min_cage = low, max_cage = high, fewest = fewest,
    most = math.min(most, n * n), seed = math.random(0, math.maxinteger)}
  if not cage then error(why, 0) end
  return cage
end

-- "size:cages,..." of a partition, sizes ascending.
function M.size_histogram(cage, n)
  local size, count = {}, {}
  for cell = 0, n * n - 1 do size[cage[cell]] = (size[cage[cell]] or 0) + 1 end
  for _, s in pairs(size) do count[s] = (count[s] or 0) + 1 end
  local parts = {}
  for s = 1, n * n do
    if count[s] then parts[#parts + 1] = s .. ":" .. count[s] end
  end
  return table.concat(parts, ",")
end

-- The killer rule's text of a partition (its cage map and sums, as
-- sudolab.cages_text writes them), or nil when it has more than
-- M.max_cages(n) cages.
local function rule_text(cage, grid, n)
  local text, count = sudolab.cages_text{cages = cage, grid = grid, size = n}
  if count > M.max_cages(n) then return nil end
  return text
end

-- The puzzle of a partition's rule text (rule_text), with `givens` (a
-- string of n*n, "." where none) when some are asked: v.build's puzzle,
-- made from the text the walk already has (v.build would read the text
-- into a map and sums and write it back the same).
local function puzzle_of(v, text, n, givens)
  return sudolab.puzzle{size = n, rules = v.rules .. ":" .. text, givens = givens}
end

-- The puzzle of a partition (nil when it has too many cages), with
-- `givens` (a string of n*n, "." where none) when some are asked.
function M.puzzle(v, cage, grid, n, givens)
  local text = rule_text(cage, grid, n)
  return text and puzzle_of(v, text, n, givens)
end

-- The cage-size profile: the request's, else the variant's default for
-- the grid's size (past 9x9 smaller cages: with bigger ones most counts
-- run past their budget before telling unique from not).
local function sizes_of(opts, v, n)
  local defaults = v.defaults or {}
  return opts.cage_sizes or (n > 9 and defaults.cage_sizes_past_9) or defaults.cage_sizes
         or {2, 3, 4}
end

-- opts.givens random cells of the grid as givens ("." elsewhere), or nil
-- for none: a setter who wants a few names how many.
function M.givens(grid, n, count)
  if not count or count == 0 then return nil end
  local cells = {}
  for cell = 1, n * n do cells[cell] = cell end
  local out = {}
  for cell = 1, n * n do out[cell] = "." end
  for i = 1, math.min(count, n * n) do
    local j = math.random(i, n * n)
    cells[i], cells[j] = cells[j], cells[i]
    out[cells[i]] = grid:sub(cells[i], cells[i])
  end
  return table.concat(out)
end

-- The side of a grid given as a string of n*n digits.
local function side(grid) return math.tointeger(math.sqrt(#grid)) end

-- The search budget of one uniqueness count: none on a 9x9 or smaller,
-- where every count ends quickly; past it a few partitions send the
-- search on for minutes, and trying another partition is cheaper.
local function budget(n) return n > 9 and 2000 * n or nil end

-- Greedy's own: its partitions past 9x9 that prove unique take about a
-- thousand nodes on a 16x16, and one that runs far past that is given up
-- for a fresh draw sooner than annealing's budget would.
local function greedy_budget(n) return n > 9 and 100 * n or nil end

-- How many partitions a search-free second solution (sudolab.killer_swap)
-- may mend for each count a unique partition may take: they cost far less.
local SWAPS_PER_COUNT = 8

-- How many solutions one of greedy's counts lists when there are several:
-- the cages are mended for each that the mends before still keep, which
-- spares the counts (a ruleset built and searched) that would find them
-- one at a time.
local SOLUTIONS_PER_COUNT = 8

-- A unique partition, drawn and mended in C (sudolab.killer_unique,
-- core/engine/killer_draw.c): a partition drawn from the size profile,
-- then while a second solution is found (by a swap of two digits, else by
-- a count listing several) a cage where they differ is mended, or a fresh
-- partition drawn when none can be; up to `attempts` counts, each within
-- `nodes` search nodes. Returns the puzzle, the partition, the partitions
-- tried, the number of cages, the nodes of the count that proved it
-- unique and whether the killer kernel made that count; or nil and why.
local function unique_partition(v, grid, n, opts, givens, attempts, nodes)
  local low, high = M.bounds(opts, n)
  local fewest, most = M.cage_band(n, low, high, opts.cage_band)
  return sudolab.killer_unique{
    grid = grid, rules = v.rules .. ":", sizes = sizes_of(opts, v, n),
    min_cage = low, max_cage = high, fewest = fewest, most = most, givens = givens,
    counts = attempts, steps = attempts * SWAPS_PER_COUNT, solutions = SOLUTIONS_PER_COUNT,
    nodes = nodes, seed = math.random(0, math.maxinteger)}
end

-- Greedy: one unique partition, up to opts.partitions counts (default 10).
function M.greedy(v, grid, opts)
  local n = side(grid)
  local givens = M.givens(grid, n, opts.givens)
  local p, cage, took, count = unique_partition(v, grid, n, opts, givens, opts.partitions or 10,
                                                greedy_budget(n))
  if not p then return nil, cage end
  return p, {cages = count, partitions = took, cage_sizes = M.size_histogram(cage, n)}
end

-- --- simulated annealing ------------------------------------------------

-- The cells of each cage, by id.
local members_of = require("cells").members

local function copy(cage)
  local new = {}
  for k, v in pairs(cage) do new[k] = v end
  return new
end

-- One random move of the partition (members: its cages' cells, cages: how
-- many), as the cells that move (all from one cage) and the cage id they
-- move to; nil when the move drawn is not possible (the caller draws
-- again): every cage keeps low..high cells and the count of cages stays
-- in M.cage_band. The caller patches the partition and its layout
-- (sudolab.killer_layout) with it, and back when the move is refused.
-- `prefer` (2 split, 3 merge) is drawn more often: splitting gives a
-- puzzle more information (toward uniqueness), merging takes some away
-- (toward a harder rating).
local function move(cage, members, cages, grid, n, low, high, prefer)
  local fewest, most = M.cage_band(n, low, high)
  local kind = prefer and math.random() < 0.5 and prefer or math.random(3)
  local cell = math.random(0, n * n - 1)
  local own = cage[cell]
  if kind == 1 then -- shift a border cell into the cage next to it
    local nbs = neighbours(cell, n)
    local other = cage[nbs[math.random(#nbs)]]
    if other == own or #members[own] <= math.max(low, 1) or #members[other] >= high then return nil end
    if has_digit(members[other], grid, digit_at(grid, cell)) then return nil end
    if not connected(without(members[own], cell), n) then return nil end
    return {cell}, other
  elseif kind == 2 then -- split off a cell's half of its cage
    local cells = members[own]
    if #cells < 2 * math.max(low, 1) or cages >= most then return nil end
    local fresh = 0
    for id in pairs(members) do if id > fresh then fresh = id end end
    local part, rest = {cell}, {}
    local want = math.random(math.max(low, 1), #cells - math.max(low, 1))
    for _, c in ipairs(cells) do
      if c ~= cell then
        if #part < want and math.random(2) == 1 then part[#part + 1] = c else rest[#rest + 1] = c end
      end
    end
    if #part < low or #rest < math.max(low, 1) or not connected(part, n) or not connected(rest, n) then
      return nil
    end
    return part, fresh + 1
  else -- merge with the cage next door
    local nbs = neighbours(cell, n)
    local other = cage[nbs[math.random(#nbs)]]
    if other == own or #members[own] + #members[other] > high or cages <= fewest then return nil end
    for _, c in ipairs(members[other]) do
      if has_digit(members[own], grid, digit_at(grid, c)) then return nil end
    end
    return members[other], own
  end
end

-- Moves cells into cage id, in the partition and its layout.
local function patch(cage, layout, cells, id)
  for _, c in ipairs(cells) do cage[c] = id end
  layout:assign(cells, id)
end

-- The killer rule's text of a layout (sudolab.killer_layout: rule_text's
-- for its partition, written from the cages it keeps), or nil past
-- M.max_cages(n).
local function layout_text(layout, n)
  local text, count = layout:text()
  if count > M.max_cages(n) then return nil end
  return text
end

-- How far the cage sizes are from the distribution asked (opts.cage_sizes
-- lists sizes, a size twice for twice the share): half the sum of the
-- differences of the shares, 0 (the same) to 1 (nothing in common).
local function size_distance(members, n, sizes)
  local want, have, total = {}, {}, 0
  for _, s in ipairs(sizes) do want[s] = (want[s] or 0) + 1 / #sizes end
  for _, cells in pairs(members) do
    total = total + 1
    have[#cells] = (have[#cells] or 0) + 1
  end
  local distance = 0
  for size = 1, n * n do
    distance = distance + math.abs((want[size] or 0) - (have[size] or 0) / total)
  end
  return distance / 2
end

-- How many cages a partition has (members: its cages' cells).
local function cage_count(members)
  local cages = 0
  for _ in pairs(members) do cages = cages + 1 end
  return cages
end

-- How many cages a partition (members: its cages' cells) has past the
-- band of opts.cage_band (a grade's: M.cage_band), and the move that heads
-- back (2 split, 3 merge), or 0 and nil inside it.
local function cages_outside(members, n, opts)
  if not opts.cage_band then return 0 end
  local low, high = M.bounds(opts, n)
  local fewest, most = M.cage_band(n, low, high, opts.cage_band)
  local cages = cage_count(members)
  if cages < fewest then return fewest - cages, 2 end
  if cages > most then return cages - most, 3 end
  return 0
end

-- p:rate(above, below), answered from `seen` (a walk's memory of its
-- ratings by cage text, `key`; nil for none) when it can be: a rating
-- that ran to its end answers any bound (past it, the rater would have
-- stopped there), one stopped past a bound answers a bound no higher, a
-- puzzle not unique stays so. A walk revisits partitions (about one
-- candidate in seven), and a rating is most of a step.
local function rate_seen(p, key, above, below, seen)
  if not key then return p:rate(above, below) end
  local known = seen[key]
  if known and known.why then return nil, known.why end
  if known and not known.above then
    if above and known.rating > above + 1e-9 then return {rating = known.rating, above = true} end
    return known
  end
  if known and above and known.bound >= above - 1e-9 then return known end
  local rated, why = p:rate(above)
  if rated and rated.above then rated.bound = above end
  seen[key] = rated or {why = why}
  return rated, why
end

-- The part of a partition's energy its shape alone gives (the distance of
-- its cage sizes from the sizes asked, its cages outside opts.cage_band),
-- which a relabeling of its grid leaves as it is; then the cages outside
-- and the move toward the band (cages_outside).
local function shape_energy(v, members, n, opts, w)
  local e = w.size * size_distance(members, n, sizes_of(opts, v, n))
  local outside, split_or_merge = cages_outside(members, n, opts)
  return e + w.cages * outside, outside, split_or_merge
end

-- The energy of a partition (members: its cages' cells) and its puzzle
-- (nil when it has no puzzle). Returns the energy, the puzzle, its
-- solution count (up to 8), whether its rating lies in the band asked (and
-- its cage count in opts.cage_band), and the move that heads for the band
-- (2 split when not unique, too hard or too few cages, 3 merge when too
-- easy or too many cages, else nil). With `limit`, a partition whose energy
-- is sure to exceed it is scored only as far as telling so and gets
-- math.huge (with the rating, when it stopped past the band, last), as
-- the walk refuses it whatever its exact energy: a swap of
-- two digits shows a second solution without a search, and the rating
-- stops once past what the limit leaves. `seen`: the walk's memory of
-- ratings (rate_seen), or nil. `layout`: the partition's killer_layout,
-- which writes its text, or nil (rule_text then does).
local function energy(v, cage, members, grid, n, opts, w, givens, limit, unique, seen, layout)
  limit = limit or math.huge
  local e, outside, split_or_merge = shape_energy(v, members, n, opts, w)
  if e > limit then return math.huge end
  local shared = e + 2 * w.unique -- the least energy of a puzzle not unique
  if not unique and shared > limit and not givens and sudolab.killer_swap(cage, grid) then
    return math.huge
  end
  -- The rule text names the candidate's puzzle and, for the walk's
  -- memory, its ratings (rate_seen): written once.
  local text
  if unique then
    text = nil
  elseif layout then
    text = layout_text(layout, n)
  else
    text = rule_text(cage, grid, n)
  end
  if not unique and not text then return math.huge end
  local p = unique or puzzle_of(v, text, n, givens)
  -- Rating first where it is bounded (9x9 and smaller): it counts to two
  -- itself, so a unique puzzle is searched once; the others are counted.
  -- Past 9x9 the count comes first (with its budget) and the rating
  -- after, stopped as soon as past what the limit leaves too: a full
  -- rating of a 16x16 killer beyond the band takes seconds.
  local room = limit < math.huge and w.rating > 0 and (limit - e) / w.rating
  local above = room and opts.band and opts.band[2] + room or nil
  -- With opts.stop_below, a rating stops once the techniques rated under
  -- the band (singles, for medium) would finish the grid: it is then
  -- known too easy (its rating an upper bound) or known exactly.
  local below = opts.stop_below and opts.band and opts.band[1] or nil
  -- The walk's memory (rate_seen) holds ratings without that stop. Past
  -- 9x9 a partition is rated only once its count found it unique (within
  -- the budget, the same at every visit), so one it remembers needs no
  -- count again.
  local key = seen and not unique and not below and opts.band and text
  local rated
  if opts.band and not budget(n) then
    rated = rate_seen(p, key, above, below, seen)
    if rated and rated.above then return math.huge, nil, nil, false, nil, rated end
  end
  if not rated and shared > limit and opts.band and not budget(n) then return math.huge end
  local counted = rated or unique or (budget(n) and key and seen[key])
  local count = counted and 1 or p:count(8, budget(n))
  if not count then return math.huge end
  if count ~= 1 then return e + w.unique * portable.log2_count[count] + w.unique, p, count, false, 2 end
  local off, toward = 0, nil
  if opts.band then
    rated = rated or rate_seen(p, key, above, below, seen)
    if not rated or rated.above then return math.huge end
    local r = rated.rating
    if r < opts.band[1] then off, toward = opts.band[1] - r, 3 end
    if r > opts.band[2] then off, toward = r - opts.band[2], 2 end
  end
  return e + w.rating * off, p, count, off == 0 and outside == 0, toward or split_or_merge, rated
end

-- Whether a start (a unique puzzle, or nil) is worth rating, with
-- opts.screen (a grade's: variants/killer.lua, grade_screen) the most
-- search nodes it may take to prove unique. A killer that propagation settles
-- at the root rates at most hard (the killer rows and the classic
-- techniques to 4.2), and one whose proof needs more than a few nodes
-- rates above expert or extreme (scripts/RESULTS_killer.md): such starts
-- are passed over unrated, and the rater still decides every landing.
-- Without a screen every start is. A start whose proof takes more than
-- `most` nodes is not worth rating, but is named ("deep") for
-- relabel_landing. The count that proved the start
-- unique (killer_unique's: nodes, by_kernel) is the killer kernel's
-- nearly always, and its own propagation is weaker, so its nodes are not
-- the screen's figure; but where the kernel settles the puzzle at its
-- root (one node), the general search's root does too (all but 2 of
-- 1,395 measured, both beyond expert's screen): such a start is passed
-- over without a second count.
local function worth_rating(unique, most, nodes, by_kernel)
  if not most then return true end
  if not unique or (by_kernel and nodes == 1) then return false end
  local found, took = unique:solutions(2, most)
  if not found then return false, "deep" end
  return took > 1
end

-- The grid (n x n digits) with its digits relabeled by a random
-- permutation: still a solution grid, and every cage of a partition keeps
-- distinct digits, with other sums.
function M.relabeled(grid, n)
  local from, images = {}, {}
  for d = 1, n do from[d] = grid:sub(d, d) end -- the first row holds every digit
  for d = 1, n do images[d] = from[d] end
  for d = n, 2, -1 do
    local j = math.random(d)
    images[d], images[j] = images[j], images[d]
  end
  local to = {}
  for d = 1, n do to[from[d]] = images[d] end
  return (grid:gsub(".", to))
end

-- A start (opts.relabel_from: which), its cages kept over up to
-- opts.relabels relabelings of its grid (M.relabeled): each unique one
-- that the screen passes (proof in 2..opts.screen nodes) is rated, and
-- the first to land is returned with its grid, energy, puzzle and rating. Over 9x9
-- expert starts a relabeling is unique four times in five and lands
-- about as often as a fresh start, without a fresh start's draw, mends
-- and kernel counts (scripts/RESULTS_killer.md). One puzzle serves them
-- all: built from the first relabeling's text, then re-totalled for each
-- next (p:retotal, which patches its ruleset where a build would redo it).
local function relabel_landing(v, grid, cage, members, n, opts, w, limit)
  local p, built = nil, false
  for _ = 1, opts.relabels do
    local other = M.relabeled(grid, n)
    if p then
      p:retotal(other)
    elseif not built then -- a layout with too many cages has no puzzle, for any digits
      local text = rule_text(cage, other, n)
      p, built = text and puzzle_of(v, text, n), true
    end
    local found, took = nil, 0
    if p then found, took = p:solutions(2, opts.screen) end
    if found and #found == 1 and took > 1 then
      local e, _, _, fits, _, rated = energy(v, cage, members, other, n, opts, w, nil, limit, p)
      if fits then return other, e, p, rated end
    end
  end
end

-- Notes the side of the band a walk's state lies on, when it is unique,
-- outside the band and its cages in theirs (so `toward` follows the
-- rating): sides[3] below, sides[2] above.
local function note_side(sides, count, fits, toward, members, n, opts)
  if count == 1 and not fits and toward and cages_outside(members, n, opts) == 0 then
    sides[toward] = true
  end
end

-- "below" or "above" when every unique state of a failed walk rated on
-- that side of the band, else nil: a walk that never crossed it, which
-- the caller may take as a sign that no walk of the request can land.
local function walk_side(sides)
  if sides[3] and not sides[2] then return "below" end
  if sides[2] and not sides[3] then return "above" end
end

function M.anneal(v, grid, opts)
  local n = side(grid)
  local sizes = sizes_of(opts, v, n)
  local w = {unique = opts.unique_weight or 4, rating = opts.rating_weight or 2,
             size = opts.size_weight or 1, cages = opts.cages_weight or 1}
  local temperature, cooling = opts.temperature or 2.0, opts.cooling or 0.97
  local steps = opts.steps or 400
  local low, high = M.bounds(opts, n)
  local givens = M.givens(grid, n, opts.givens)
  -- Start from unique partitions made greedy's way, opts.starts of them
  -- (default 1): one that lands in the band as it is needs no walk (a
  -- greedy partition and a rating cost less than a step or two of the
  -- walk), else the walk starts from the best, rather than spend its steps
  -- on uniqueness; each is scored only as far as telling whether it beats
  -- the best so far. Where greedy finds none unique, the best of random
  -- partitions instead.
  local slack = w.size * (opts.size_slack or 0.34)
  -- Before a start is kept, one is scored only as far as telling that
  -- its rating is within opts.start_reach (default 0: the walk seldom
  -- follows the starts) of the band: one further out is dropped (the
  -- rater stops there, before the costly techniques of the grades
  -- above), unless it is the last start.
  local starts = opts.starts or 1
  local reach = starts > 1 and slack + w.rating * (opts.start_reach or 0) or nil
  local cage, members, e, p, count, fits, toward, rated
  -- Relabelings of start c (its members m) tried within limit
  -- (relabel_landing): the first to land becomes the state (true).
  local function relabeled_state(c, m, limit)
    local other, e3, p3, rated3 = relabel_landing(v, grid, c, m, n, opts, w, limit)
    if not other then return false end
    grid, cage, members, e, p, rated = other, c, m, e3, p3, rated3
    count, fits, toward = 1, true, nil
    return true
  end
  for start = 1, starts do
    local last = start == starts
    local unique, c, _, _, nodes, by_kernel =
      unique_partition(v, grid, n, opts, givens, opts.partitions or 10, budget(n))
    local worth, deep = worth_rating(unique, opts.screen, nodes, by_kernel)
    local from = opts.relabel_from or {}
    if deep and from.deep and not last and not givens then
      local m = members_of(c, n)
      if shape_energy(v, m, n, opts, w) <= reach and relabeled_state(c, m, reach) then break end
    end
    if last or worth then
      if not unique then c = M.partition(grid, n, sizes, low, high, opts.cage_band) end
      local m = members_of(c, n)
      -- A screened start before the last is kept only when it lands: its
      -- rating stops just past the band, whatever the best so far.
      local limit = opts.screen and not last and reach or e or (not last and reach or nil)
      local e2, p2, count2, fits2, toward2, rated2 =
        energy(v, c, m, grid, n, opts, w, givens, limit, unique)
      if e2 < math.huge and (not e or e2 < e) then
        cage, members, e, p, count, fits, toward, rated = c, m, e2, p2, count2, fits2, toward2, rated2
      end
      local side = rated2 and (rated2.above and "past" or not fits2 and "below")
      if side and from[side] and not last and not givens and unique then
        relabeled_state(c, m, limit)
      end
      if count == 1 and fits and e <= slack then break end
    end
  end
  if not e then return nil, "no partition to start annealing from", {trace = {}} end
  local cages = cage_count(members)
  -- The walk patches one partition and its layout in place: a refused
  -- move is patched back, and the best state kept is a copy.
  local layout = sudolab.killer_layout{grid = grid, cages = cage}
  local trace, best, best_e, best_cage, best_rated = {e}, nil, math.huge, nil, nil
  local sides = {} -- the sides of the band its unique states rated on (walk_side)
  local seen = {} -- the walk's ratings by cage text (rate_seen)
  for step = 1, steps do
    note_side(sides, count, fits, toward, members, n, opts)
    if count == 1 and fits and e < best_e then
      best, best_e, best_cage, best_rated = p, e, copy(cage), rated
    end
    if best and e <= slack then break end -- good enough
    local moved, to
    for _ = 1, 50 do
      moved, to = move(cage, members, cages, grid, n, low, high, toward)
      if moved then break end
    end
    if moved then
      -- Accepted when e2 < e - temperature * ln(u) (at once when e2 <= e):
      -- u is drawn first, so scoring stops once the candidate is sure to
      -- be refused.
      local limit = e - temperature * portable.ln(math.random())
      local from = cage[moved[1]]
      patch(cage, layout, moved, to)
      local m = layout:members()
      local e2, p2, count2, fits2, toward2, rated2 =
        energy(v, cage, m, grid, n, opts, w, givens, limit, nil, seen, layout)
      if e2 <= e or (e2 < math.huge and e2 < limit) then
        members, e, p, count, fits, toward, rated = m, e2, p2, count2, fits2, toward2, rated2
        cages = layout:count()
      else
        patch(cage, layout, moved, from)
      end
    end
    trace[#trace + 1] = e
    temperature = temperature * cooling
  end
  if count == 1 and fits and e < best_e then best, best_e, best_cage, best_rated = p, e, copy(cage), rated end
  if not best then
    note_side(sides, count, fits, toward, members, n, opts) -- the last step's state
    return nil, "annealing ended with no unique puzzle in the band",
           {trace = trace, side = walk_side(sides)}
  end
  local cages = cage_count(members_of(best_cage, n))
  -- A rating in the band ran to its end (it stops early only past the
  -- band): its unused rules are exact, so generate.lua need not rate the
  -- puzzle again.
  local checked = best_rated and #best_rated.unused == 0 and best:line() or nil
  return best, {cages = cages, trace = trace, energy = best_e, rules_checked = checked,
                cage_sizes = M.size_histogram(best_cage, n)}
end

return M
