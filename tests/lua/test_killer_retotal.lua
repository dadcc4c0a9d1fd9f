-- test_killer_retotal.lua: p:retotal(grid), a killer's cage sums made
-- another solution grid's with its ruleset patched, not built again. On
-- many random cage layouts and relabelings of their grids (the relabeled
-- starts of killer_cages.lua), some with sums hidden or bumped (totals no
-- grid gives, where the patch must give way to a fresh build), the
-- patched puzzle must read, list its solutions, take the same search
-- nodes, count and rate as the puzzle built from the relabeled text.
local check = require("check")
local killer = require("killer_cages")
local expect = check.expect

local function text_of(cage, grid, n)
  return (sudolab.cages_text{cages = cage, grid = grid, size = n})
end

-- The text with some sums hidden ('?') or bumped by one, as change says
-- of each (a bump the cage cannot reach makes puzzle() fail: skipped).
local function altered(text, change)
  local map, sums = text:match("^(.-):(.*)$")
  local out, i = {}, 0
  for sum in sums:gmatch("[^,]+") do
    i = i + 1
    local k = change(i)
    if k == "hide" then
      out[i] = "?"
    elseif k == "bump" and tonumber(sum) < 30 then
      out[i] = tostring(tonumber(sum) + 1)
    else
      out[i] = sum
    end
  end
  return map .. ":" .. table.concat(out, ",")
end

local function puzzle(n, text)
  local ok, p = pcall(sudolab.puzzle, {size = n, rules = "classic;killer:" .. text})
  return ok and p or nil
end

-- The solutions, nodes and count of p as one comparable string.
local function searched(p, nodes)
  local found, took = p:solutions(2, nodes)
  if not found then return "gave up" end
  return table.concat(found, "|") .. " in " .. took .. ", count " .. p:count(3)
end

-- A rating as one comparable string: figures, grade, hardest step, the
-- count of each technique; a banded one (as a generator asks) with where
-- it stopped.
local function rated(p, above, below)
  local r = p:rate(above, below)
  if not r then return "unrated" end
  local keys = {}
  for key, count in pairs(r.techniques) do keys[#keys + 1] = key .. "=" .. count end
  table.sort(keys)
  local stop = r.above and "above" or r.below and "below" or r.settled and "settled" or "end"
  return string.format("%.2f %.2f %d %s %s %s %s", r.rating, r.work, r.steps, r.grade, r.hardest,
                       stop, table.concat(keys, ","))
end

-- p and fresh rated alike, in full and within the bands a generator asks
-- (p's rater kept over its retotals: rater_retotaled); 0 or 1 mismatch.
local function rated_alike(p, fresh)
  for _, band in ipairs{{}, {6.2}, {6.2, 4.4}, {4.4}} do
    if rated(p, band[1], band[2]) ~= rated(fresh, band[1], band[2]) then return 1 end
  end
  return 0
end

-- One layout over fill(seed), relabeled `times` times: the first puzzle
-- built from the first text (altered by change when given, so its totals
-- may be no grid's), then re-totalled again and again.
-- A unique start over grid as the generator draws them (most relabelings
-- of it are unique too, so they rate), else any partition.
local function start_cages(grid, n, seed)
  local _, cage = sudolab.killer_unique{grid = grid, rules = "classic;killer:",
                                        sizes = {2, 3, 3, 4, 5}, min_cage = 2,
                                        max_cage = math.min(5, n), seed = seed}
  if type(cage) ~= "table" then
    cage = sudolab.killer_partition{grid = grid, sizes = {2, 3, 4}, min_cage = 2,
                                    max_cage = math.min(4, n), seed = seed}
  end
  return cage
end

local function relabelings(n, seed, times, change, tally)
  math.randomseed(seed)
  local grid = sudolab.puzzle{size = n}:fill(seed)
  local cage = start_cages(grid, n, seed)
  local first = text_of(cage, grid, n)
  local p = puzzle(n, change and altered(first, change) or first)
  if not p then return end
  searched(p, 300) -- its ruleset is built before the first retotal
  for i = 1, times do
    local other = killer.relabeled(grid, n)
    local fresh_text = text_of(cage, other, n) -- the same sums hidden, none bumped
    if change then
      fresh_text = altered(fresh_text, function(k) return change(k) == "hide" and "hide" or nil end)
    end
    local fresh = puzzle(n, fresh_text)
    p:retotal(other)
    tally.cases = tally.cases + 1
    if p:line() ~= fresh:line() then tally.lines = tally.lines + 1 end
    local a, b = searched(p, 300), searched(fresh, 300)
    if a ~= b then tally.searches = tally.searches + 1 end
    -- Rated after most retotals, not all: p's rater is kept over one
    -- retotal or two between ratings.
    if i % 3 ~= 1 and a:find(" in ") and not a:find("|") then
      tally.ratings = tally.ratings + rated_alike(p, fresh)
      tally.rated = tally.rated + 1
    end
  end
end

local tally = {cases = 0, lines = 0, searches = 0, ratings = 0, rated = 0}
for seed = 1, 20 do relabelings(9, seed, 8, nil, tally) end
for seed = 41, 46 do relabelings(6, seed, 8, nil, tally) end
for seed = 31, 36 do relabelings(4, seed, 8, nil, tally) end
-- Hidden sums keep no total; bumped ones leave the first build's totals
-- no grid's (its sums may then differ from any grid's build).
for seed = 51, 62 do
  relabelings(9, seed, 4, function(i) return (i * seed) % 7 == 0 and "hide" or nil end, tally)
end
for seed = 71, 94 do
  relabelings(9, seed, 4, function(i) return (i + seed) % 5 == 0 and "bump" or nil end, tally)
end
expect("retotal: cases run", tally.cases >= 300, true)
expect("retotal: lines as the relabeled text's", tally.lines, 0)
expect("retotal: solutions, nodes and counts as a fresh build's", tally.searches, 0)
expect("retotal: some rated", tally.rated >= 80, true)
expect("retotal: ratings as a fresh build's", tally.ratings, 0)

-- Before any search (no ruleset yet) it only changes the sums.
local grid = sudolab.puzzle{}:fill(7)
local cage = sudolab.killer_partition{grid = grid, sizes = {2, 3, 4}, min_cage = 2, max_cage = 4,
                                      seed = 7}
local other = killer.relabeled(grid, 9)
local p = puzzle(9, text_of(cage, grid, 9))
expect("retotal returns the puzzle", p:retotal(other) == p, true)
expect("retotal before a search: the relabeled line",
       p:line() == puzzle(9, text_of(cage, other, 9)):line(), true)
expect("retotal: the grid solves it", p:check(other), true)

-- Bad input: clear errors, the puzzle still usable.
local function fails(what, fn, pattern)
  local ok, why = pcall(fn)
  expect(what, not ok and tostring(why):find(pattern) ~= nil, true)
end
fails("a short grid", function() p:retotal(other:sub(2)) end, "81 symbols")
fails("not a digit", function() p:retotal("." .. other:sub(2)) end, "not a digit")
fails("a NUL symbol, named by its position", function() p:retotal("\0" .. other:sub(2)) end,
      "position 1 is not a digit")

-- A sudoku grid whose digits repeat in a cage: refused, the puzzle as it was.
local before = p:line()
for seed = 1, 40 do
  local g2 = sudolab.puzzle{}:fill(100 + seed)
  local own = puzzle(9, text_of(cage, g2, 9)) -- nil: a sum no distinct digits make
  if not own or not own:check(g2) then
    fails("a grid repeating a digit in a cage", function() p:retotal(g2) end, "breaks")
    expect("the puzzle after a cage refused", p:line(), before)
    break
  end
end

-- After p:set the given stays and must agree; after add_rule (the ruleset
-- dropped) the new rule is kept: each as the puzzle built afresh.
local given = puzzle(9, text_of(cage, grid, 9))
searched(given, 300)
local other2 = killer.relabeled(grid, 9)
given:set(1, 1, tonumber(other2:sub(1, 1)))
given:retotal(other2)
local fresh = puzzle(9, text_of(cage, other2, 9))
fresh:set(1, 1, tonumber(other2:sub(1, 1)))
expect("retotal after set: the line", given:line(), fresh:line())
expect("retotal after set: the search", searched(given, 300), searched(fresh, 300))
local diagonal_grid = sudolab.puzzle{rules = "classic;diagonal"}:fill(3)
local diagonal_cage = sudolab.killer_partition{grid = diagonal_grid, sizes = {2, 3, 4},
                                               min_cage = 2, max_cage = 4, seed = 3}
local added = puzzle(9, text_of(diagonal_cage, diagonal_grid, 9))
searched(added, 300)
added:add_rule("diagonal")
local relabeled = killer.relabeled(diagonal_grid, 9)
added:retotal(relabeled)
local fresh_added = sudolab.puzzle{
  rules = "classic;killer:" .. text_of(diagonal_cage, relabeled, 9) .. ";diagonal"}
expect("retotal after add_rule: the line", added:line(), fresh_added:line())
expect("retotal after add_rule: the search", searched(added, 300), searched(fresh_added, 300))
local swapped = other:sub(2, 2) .. other:sub(1, 1) .. other:sub(3) -- breaks the rows' columns
fails("a grid breaking the classic rule", function() p:retotal(swapped) end, "breaks")
local row = other:sub(1, 9)
local same_row = row .. row .. other:sub(19) -- columns repeat
fails("a grid breaking a column", function() p:retotal(same_row) end, "breaks")
local with_given = puzzle(9, text_of(cage, grid, 9))
with_given:put(0, tonumber(grid:sub(1, 1)))
if grid:sub(1, 1) ~= other:sub(1, 1) then
  fails("a grid breaking a given", function() with_given:retotal(other) end, "breaks")
end
local scripted = puzzle(9, text_of(cage, grid, 9))
scripted:add_lua_rule{name = "anything", check = function() return true end}
fails("a puzzle with a Lua rule", function() scripted:retotal(other) end, "Lua rules")
expect("the puzzle after a refusal", searched(p, 300) == searched(puzzle(9, text_of(cage, other, 9)), 300), true)

-- A rater kept over a retotal, then a given put, a rule added, a second
-- retotal or a refused one before the next rating: each rates as the
-- puzzle built afresh. Diagonal killers, whose relabelings keep the
-- diagonals distinct.
local kept = {rated = 0, ratings = 0}
local function rated_as(p, text, given)
  local fresh = sudolab.puzzle{rules = text}
  if given then fresh:put(given, p:get(given)) end
  kept.ratings = kept.ratings + rated_alike(p, fresh)
  kept.rated = kept.rated + (fresh:rate() and 1 or 0)
end
for seed = 1, 6 do
  math.randomseed(seed)
  local g = sudolab.puzzle{rules = "classic;diagonal"}:fill(seed)
  local c = start_cages(g, 9, seed)
  local extra = seed % 2 == 0 and ";diagonal" or ""
  local kp = sudolab.puzzle{rules = "classic;killer:" .. text_of(c, g, 9) .. extra}
  kp:rate()
  local o1, o2, o3 = killer.relabeled(g, 9), killer.relabeled(g, 9), killer.relabeled(g, 9)
  kp:retotal(o1)
  local at = (seed * 7) % 81
  kp:put(at, tonumber(o1:sub(at + 1, at + 1)))
  rated_as(kp, "classic;killer:" .. text_of(c, o1, 9) .. extra, at)
  kp:put(at, 0)
  kp:retotal(o2)
  kp:retotal(o3)
  if extra == "" then kp:add_rule("diagonal") end
  rated_as(kp, "classic;killer:" .. text_of(c, o3, 9) .. ";diagonal")
  local repeats = sudolab.puzzle{}:fill(200 + seed) -- most repeat a digit in some cage
  local refused = not pcall(kp.retotal, kp, repeats)
  rated_as(kp, "classic;killer:" .. text_of(c, refused and o3 or repeats, 9) .. ";diagonal")
end
expect("a kept rater: some rated", kept.rated >= 12, true)
expect("a kept rater: ratings as a fresh build's", kept.ratings, 0)

check.finish()
