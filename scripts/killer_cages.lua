-- killer_cages.lua: killer generation strategies. A killer is a complete
-- grid cut into cages; the puzzle is the cage map and the cage sums (no
-- givens unless allowed). Both strategies work on a partition: cage[cell]
-- names each cell's cage (cells 0-based, cage ids any positive integers).
--
--   killer.greedy(v, grid, opts)  grows random cages over the grid (no digit
--                                 twice in a cage, sizes drawn from
--                                 opts.cage_sizes) until one partition is unique
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
-- temperature, cooling (per step), max_cage, starts, and the energy's
-- weights unique_weight, rating_weight, size_weight.
local M = {}

-- The strategies, in the order they are offered, and the options of a
-- generate request each takes (generate.lua checks requests against it).
M.strategies = {
  {name = "greedy", takes = {}},
  {name = "anneal", takes = {grade = true, rating = true}},
}
function M.strategy_named(name)
  for _, s in ipairs(M.strategies) do if s.name == name then return s end end
end

local function digit_at(grid, cell) return tonumber(grid:sub(cell + 1, cell + 1), 36) end

local neighbours = require("cells").neighbours

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

-- Grows one cage from `start` toward `target` cells.
local function grow(cage, id, start, target, grid, n)
  local members, used = {start}, {[digit_at(grid, start)] = true}
  cage[start] = id
  while #members < target do
    local options = {}
    for _, m in ipairs(members) do
      for _, nb in ipairs(neighbours(m, n)) do
        if not cage[nb] and not used[digit_at(grid, nb)] then options[#options + 1] = nb end
      end
    end
    if #options == 0 then break end
    local pick = options[math.random(#options)]
    cage[pick] = id
    used[digit_at(grid, pick)] = true
    members[#members + 1] = pick
  end
end

-- A random partition: cages grown from random free cells.
function M.partition(grid, n, sizes)
  local cage, order, id = {}, {}, 0
  for cell = 0, n * n - 1 do order[cell + 1] = cell end
  for i = #order, 2, -1 do
    local j = math.random(i)
    order[i], order[j] = order[j], order[i]
  end
  for _, start in ipairs(order) do
    if not cage[start] then
      id = id + 1
      grow(cage, id, start, sizes[math.random(#sizes)], grid, n)
    end
  end
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

function M.puzzle(v, cage, grid, n)
  local map, sums = M.text(cage, grid, n)
  if not map then return nil end
  return v.build{cages = map, sums = sums, size = n}
end

local function sizes_of(opts, v)
  return opts.cage_sizes or (v.defaults and v.defaults.cage_sizes) or {2, 3, 4}
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

local function without(list, x)
  local out = {}
  for _, y in ipairs(list) do if y ~= x then out[#out + 1] = y end end
  return out
end

local function has_digit(cells, grid, d)
  for _, c in ipairs(cells) do if digit_at(grid, c) == d then return true end end
  return false
end

-- Mends a partition whose puzzle has a second solution where the two
-- solutions differ: a cage there is cut in two, or one of its cells moves
-- to the cage next door, so the swap that kept every sum no longer does.
-- Pieces keep two cells or more (a cage of one cell would be a given).
-- Returns the new partition, or nil when no change is possible.
local function mend(cage, grid, second, n)
  local differ = {}
  for cell = 0, n * n - 1 do
    if grid:sub(cell + 1, cell + 1) ~= second:sub(cell + 1, cell + 1) then differ[#differ + 1] = cell end
  end
  local fresh = 0
  for _, id in pairs(cage) do if id > fresh then fresh = id end end
  for _ = 1, #differ do
    local cell = differ[math.random(#differ)]
    local members = {}
    for c = 0, n * n - 1 do if cage[c] == cage[cell] then members[#members + 1] = c end end
    -- The cell with one neighbour of its cage, against the rest.
    for _, nb in ipairs(neighbours(cell, n)) do
      if cage[nb] == cage[cell] then
        local rest = without(without(members, cell), nb)
        if #rest >= 2 and connected(rest, n) then
          local new = {}
          for k, id in pairs(cage) do new[k] = id end
          new[cell], new[nb] = fresh + 1, fresh + 1
          return new
        end
      end
    end
    -- The cell into a neighbouring cage without its digit.
    local stays = without(members, cell)
    if #stays >= 2 and connected(stays, n) then
      for _, nb in ipairs(neighbours(cell, n)) do
        local other = cage[nb]
        if other ~= cage[cell] then
          local theirs = {}
          for c = 0, n * n - 1 do if cage[c] == other then theirs[#theirs + 1] = c end end
          if #theirs < 5 and not has_digit(theirs, grid, digit_at(grid, cell)) then
            local new = {}
            for k, id in pairs(cage) do new[k] = id end
            new[cell] = other
            return new
          end
        end
      end
    end
  end
  return nil
end

-- The side of a grid given as a string of n*n digits.
local function side(grid) return math.tointeger(math.sqrt(#grid)) end

-- The search budget of one uniqueness count: none on a 9x9 or smaller,
-- where every count ends quickly; past it a few partitions send the
-- search on for minutes, and trying another partition is cheaper.
local function budget(n) return n > 9 and 2000 * n or nil end

function M.greedy(v, grid, opts)
  local n = side(grid)
  local attempts = opts.partitions or 10
  local cage = M.partition(grid, n, sizes_of(opts, v))
  for attempt = 1, attempts do
    local p = M.puzzle(v, cage, grid, n)
    local found = p and p:solutions(2, budget(n)) or {}
    if #found == 1 then
      local _, _, count = M.text(cage, grid, n)
      return p, {cages = count, partitions = attempt, cage_sizes = M.size_histogram(cage, n)}
    end
    cage = #found == 2 and mend(cage, grid, found[2] == grid and found[1] or found[2], n)
           or M.partition(grid, n, sizes_of(opts, v))
  end
  if opts.givens then return M.with_givens(v, cage, grid, n) end
  return nil, string.format("no unique partition in %d tries", attempts)
end

-- The last resort, when opts.givens allows it: givens where a second
-- solution differs, one at a time, until the puzzle is unique.
function M.with_givens(v, cage, grid, n)
  local map, sums, count = M.text(cage, grid, n)
  if not map then return nil, "too many cages" end
  local givens = {}
  for cell = 1, n * n do givens[cell] = "." end
  for _ = 1, n * n do
    local p = v.build{cages = map, sums = sums, givens = table.concat(givens), size = n}
    local found = p:solutions(2, budget(n))
    if not found then return nil, "the uniqueness count ran past its budget" end
    if #found == 1 then
      return p, {cages = count, givens = true, cage_sizes = M.size_histogram(cage, n)}
    end
    local second = found[2] == grid and found[1] or found[2]
    for cell = 1, n * n do
      if grid:sub(cell, cell) ~= second:sub(cell, cell) then
        givens[cell] = grid:sub(cell, cell)
        break
      end
    end
  end
  return nil, "givens did not make it unique"
end

-- --- simulated annealing ------------------------------------------------

-- The cells of each cage, by id.
local function members_of(cage, n)
  local members = {}
  for cell = 0, n * n - 1 do
    local id = cage[cell]
    members[id] = members[id] or {}
    table.insert(members[id], cell)
  end
  return members
end

-- One random move on a copy of the partition; nil when the move drawn is
-- not possible (the caller draws again). `prefer` (2 split, 3 merge) is
-- drawn more often: splitting gives a puzzle more information (toward
-- uniqueness), merging takes some away (toward a harder rating).
local function move(cage, grid, n, max_size, prefer)
  local members = members_of(cage, n)
  local new = {}
  for k, v in pairs(cage) do new[k] = v end
  local kind = prefer and math.random() < 0.5 and prefer or math.random(3)
  local cell = math.random(0, n * n - 1)
  local own = cage[cell]
  if kind == 1 then -- shift a border cell into the cage next to it
    local nbs = neighbours(cell, n)
    local other = cage[nbs[math.random(#nbs)]]
    if other == own or #members[own] == 1 or #members[other] >= max_size then return nil end
    if has_digit(members[other], grid, digit_at(grid, cell)) then return nil end
    if not connected(without(members[own], cell), n) then return nil end
    new[cell] = other
  elseif kind == 2 then -- split off a cell's half of its cage
    local cells = members[own]
    if #cells < 2 then return nil end
    local fresh = 0
    for _, v in pairs(cage) do if v > fresh then fresh = v end end
    local part, rest = {cell}, {}
    local want = math.random(1, #cells - 1)
    for _, c in ipairs(cells) do
      if c ~= cell then
        if #part < want and math.random(2) == 1 then part[#part + 1] = c else rest[#rest + 1] = c end
      end
    end
    if #rest == 0 or not connected(part, n) or not connected(rest, n) then return nil end
    for _, c in ipairs(part) do new[c] = fresh + 1 end
  else -- merge with the cage next door
    local nbs = neighbours(cell, n)
    local other = cage[nbs[math.random(#nbs)]]
    if other == own or #members[own] + #members[other] > max_size then return nil end
    for _, c in ipairs(members[other]) do
      if has_digit(members[own], grid, digit_at(grid, c)) then return nil end
    end
    for _, c in ipairs(members[other]) do new[c] = own end
  end
  return new
end

-- How far the cage sizes are from the distribution asked (opts.cage_sizes
-- lists sizes, a size twice for twice the share): half the sum of the
-- differences of the shares, 0 (the same) to 1 (nothing in common).
local function size_distance(cage, n, sizes)
  local want, have, total = {}, {}, 0
  for _, s in ipairs(sizes) do want[s] = (want[s] or 0) + 1 / #sizes end
  for _, cells in pairs(members_of(cage, n)) do
    total = total + 1
    have[#cells] = (have[#cells] or 0) + 1
  end
  local distance = 0
  for size = 1, n * n do
    distance = distance + math.abs((want[size] or 0) - (have[size] or 0) / total)
  end
  return distance / 2
end

-- The energy of a partition and its puzzle (nil when it has no puzzle).
-- Returns the energy, the puzzle, its solution count (up to 8), whether
-- its rating lies in the band asked, and the move that heads for the band
-- (2 split when not unique or too hard, 3 merge when too easy, else nil).
local function energy(v, cage, grid, n, opts, w)
  local p = M.puzzle(v, cage, grid, n)
  if not p then return math.huge end
  local e = w.size * size_distance(cage, n, sizes_of(opts, v))
  local count = p:count(8, budget(n))
  if not count then return math.huge end
  if count ~= 1 then return e + w.unique * math.log(count, 2) + w.unique, p, count, false, 2 end
  local off, toward = 0, nil
  if opts.band then
    local r = p:rate().rating
    if r < opts.band[1] then off, toward = opts.band[1] - r, 3 end
    if r > opts.band[2] then off, toward = r - opts.band[2], 2 end
  end
  return e + w.rating * off, p, count, off == 0, toward
end

function M.anneal(v, grid, opts)
  local n, sizes = side(grid), sizes_of(opts, v)
  local w = {unique = opts.unique_weight or 4, rating = opts.rating_weight or 2,
             size = opts.size_weight or 1}
  local temperature, cooling = opts.temperature or 2.0, opts.cooling or 0.97
  local steps, max_size = opts.steps or 400, opts.max_cage or 6
  -- Start from the best of a few random partitions (a unique one if any):
  -- the walk then spends its steps on the rating rather than on uniqueness.
  local cage, e, p, count, fits, toward
  for _ = 1, opts.starts or 6 do
    local c = M.partition(grid, n, sizes)
    local e2, p2, count2, fits2, toward2 = energy(v, c, grid, n, opts, w)
    if not e or e2 < e then cage, e, p, count, fits, toward = c, e2, p2, count2, fits2, toward2 end
    if count2 == 1 then break end
  end
  local trace, best, best_e, best_cage = {e}, nil, math.huge, nil
  for step = 1, steps do
    if count == 1 and fits and e < best_e then best, best_e, best_cage = p, e, cage end
    if best and e <= w.size * (opts.size_slack or 0.34) then break end -- good enough
    local candidate
    for _ = 1, 50 do
      candidate = move(cage, grid, n, max_size, toward)
      if candidate then break end
    end
    if candidate then
      local e2, p2, count2, fits2, toward2 = energy(v, candidate, grid, n, opts, w)
      if e2 <= e or math.random() < math.exp((e - e2) / temperature) then
        cage, e, p, count, fits, toward = candidate, e2, p2, count2, fits2, toward2
      end
    end
    trace[#trace + 1] = e
    temperature = temperature * cooling
  end
  if count == 1 and fits and e < best_e then best, best_e, best_cage = p, e, cage end
  if not best then return nil, "annealing ended with no unique puzzle in the band", {trace = trace} end
  local cages = 0
  for _ in pairs(members_of(best_cage, n)) do cages = cages + 1 end
  return best, {cages = cages, trace = trace, energy = best_e,
                cage_sizes = M.size_histogram(best_cage, n)}
end

return M
