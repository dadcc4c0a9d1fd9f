-- test_killer_layout.lua: sudolab.killer_layout, the killer cages that
-- annealing patches move by move. After every one of many random moves
-- (a cell to a neighbour's cage, a cage split, two cages merged) the
-- patched layout must equal one built afresh from the same cages, its
-- house sums must be what the cages say (worked out here in Lua), and
-- its puzzle must count and rate as the puzzle of sudolab.cages_text.
local check = require("check")
local cells = require("cells")
local expect = check.expect

local function digit(grid, cell) return tonumber(grid:sub(cell + 1, cell + 1), 36) end

-- The houses' inside sums as killer_layout.h defines them: rows, columns,
-- boxes (rows x cols, the default shape), each with the cells and the sum
-- of the cages whose every cell lies in it.
local function houses_of(cage, grid, n, box_rows, box_cols)
  local lists = {}
  for r = 0, n - 1 do
    lists[#lists + 1] = {}
    for c = 0, n - 1 do table.insert(lists[#lists], r * n + c) end
  end
  for c = 0, n - 1 do
    lists[#lists + 1] = {}
    for r = 0, n - 1 do table.insert(lists[#lists], r * n + c) end
  end
  for b = 0, n - 1 do
    local top, left = (b // (n // box_cols)) * box_rows, (b % (n // box_cols)) * box_cols
    lists[#lists + 1] = {}
    for i = 0, n - 1 do
      table.insert(lists[#lists], (top + i // box_cols) * n + left + i % box_cols)
    end
  end
  local size = {}
  for cell = 0, n * n - 1 do size[cage[cell]] = (size[cage[cell]] or 0) + 1 end
  local out = {}
  for h, list in ipairs(lists) do
    local inside, sum, total = {}, 0, 0
    for _, cell in ipairs(list) do inside[cage[cell]] = (inside[cage[cell]] or 0) + 1 end
    for _, cell in ipairs(list) do
      if inside[cage[cell]] == size[cage[cell]] then
        sum, total = sum + digit(grid, cell), total + 1
      end
    end
    out[h] = {cells = total, sum = sum}
  end
  return out
end

local function same_houses(a, b)
  if #a ~= #b then return false end
  for h = 1, #a do
    if a[h].cells ~= b[h].cells or a[h].sum ~= b[h].sum then return false end
  end
  return true
end

local function holds_digit(members, grid, d)
  for _, c in ipairs(members or {}) do if digit(grid, c) == d then return true end end
  return false
end

-- One random move keeping every cage's digits distinct: the cells moved
-- and the id they move to, or nil when the move drawn is not possible.
local function random_move(cage, members, grid, n)
  local cell = math.random(0, n * n - 1)
  local own = cage[cell]
  local nbs = cells.neighbours(cell, n)
  local other = cage[nbs[math.random(#nbs)]]
  local kind = math.random(3)
  if kind == 1 then
    if other == own or holds_digit(members[other], grid, digit(grid, cell)) then return nil end
    return {cell}, other
  elseif kind == 2 then
    if #members[own] < 2 then return nil end
    local fresh = 0
    for id in pairs(members) do fresh = math.max(fresh, id) end
    local part = {}
    for _, c in ipairs(members[own]) do if math.random(2) == 1 then part[#part + 1] = c end end
    if #part == 0 or #part == #members[own] then return nil end
    return part, fresh + 1
  else
    if other == own or #members[own] + #members[other] > n then return nil end
    for _, c in ipairs(members[other]) do
      if holds_digit(members[own], grid, digit(grid, c)) then return nil end
    end
    return members[other], own
  end
end

local function walk(n, box_rows, box_cols, seed, moves, rate_every)
  math.randomseed(seed)
  local grid = sudolab.puzzle{size = n}:fill(seed)
  local cage = sudolab.killer_partition{grid = grid, sizes = {2, 3, 4}, min_cage = 1,
                                        max_cage = math.min(4, n), seed = seed}
  local layout = sudolab.killer_layout{grid = grid, cages = cage}
  local rules = "classic;killer:"
  local equal, houses, texts, counts, ratings, made = true, true, true, true, true, 0
  while made < moves do
    local members = cells.members(cage, n)
    local moved, id = random_move(cage, members, grid, n)
    if moved then
      made = made + 1
      layout:assign(moved, id)
      for _, c in ipairs(moved) do cage[c] = id end
      local fresh = sudolab.killer_layout{grid = grid, cages = cage}
      equal = equal and layout:same(fresh) and fresh:same(layout)
      houses = houses and same_houses(layout:houses(), houses_of(cage, grid, n, box_rows, box_cols))
      local text, count = layout:text()
      local want, want_count = sudolab.cages_text{cages = cage, grid = grid, size = n}
      texts = texts and text == want and count == want_count and count == layout:count()
      local patched = sudolab.puzzle{size = n, rules = rules .. text}
      local built = sudolab.puzzle{size = n, rules = rules .. want}
      local a, b = patched:count(3), built:count(3)
      counts = counts and a == b
      if made % rate_every == 0 and a == 1 then
        local ra, rb = patched:rate(), built:rate()
        ratings = ratings and ra.rating == rb.rating and ra.steps == rb.steps
      end
    end
  end
  local name = string.format("%dx%d, seed %d, %d moves", n, n, seed, moves)
  expect(name .. ": the patched layout equals a fresh one", equal, true)
  expect(name .. ": its house sums are the cages'", houses, true)
  expect(name .. ": its text is cages_text's", texts, true)
  expect(name .. ": its puzzle counts as the fresh one", counts, true)
  expect(name .. ": and rates as it", ratings, true)
  return layout, grid, cage
end

walk(6, 2, 3, 1, 300, 10)
walk(6, 2, 3, 2, 300, 10)
local layout, grid, cage = walk(9, 3, 3, 3, 150, 25)

-- A cage's combinations: the digits some set of distinct digits of its
-- size and sum holds (a cage of 2 summing to 3 holds 1 and 2 alone).
local pair = sudolab.killer_layout{grid = "123456789" .. ("456789123789123456234567891567891234891234567345678912678912345912345678"),
                                   cages = setmetatable({[0] = 1, [1] = 1}, {__index = function(_, c) return c + 1 end})}
local first = pair:cage(1)
expect("cage {1,2}: size", first.size, 2)
expect("cage {1,2}: sum", first.sum, 3)
expect("cage {1,2}: digits", first.digits, "12")
expect("cage {1,2}: combinations", first.combos, 1)
expect("an id no cell holds is empty", pair:cage(500).size, 0)
local members = layout:members()
local want = cells.members(cage, 9)
local same_members = true
for id, list in pairs(want) do
  same_members = same_members and #members[id] == #list
  for i, c in ipairs(list) do same_members = same_members and members[id][i] == c end
end
for id in pairs(members) do same_members = same_members and want[id] ~= nil end
expect("members are cells.members'", same_members, true)

-- Bad input: clear errors.
local function fails(what, fn, pattern)
  local ok, why = pcall(fn)
  expect(what, not ok and tostring(why):find(pattern) ~= nil, true)
end
fails("a grid not complete", function() sudolab.killer_layout{grid = ("."):rep(81), cages = cage} end,
      "complete")
fails("a cage id of 0", function()
  sudolab.killer_layout{grid = grid, cages = setmetatable({}, {__index = function() return 0 end})}
end, "cage id")
fails("a cell out of range", function() layout:assign({81}, 1) end, "cells%[1%]")
fails("an id out of range", function() layout:assign({0}, 0) end, "cage id")
expect("a refused assign changed nothing", layout:same(sudolab.killer_layout{grid = grid, cages = cage}), true)

check.finish()
