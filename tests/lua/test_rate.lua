-- test_rate.lua: p:rate() from scripts, the rater the generator and the
-- reports build on.
local check = require("check")
local expect = check.expect

local easy = sudolab.puzzle{givens = "003020600900305001001806400008102900700000008006708200002609500800203009005010300"}
local r = easy:rate()
expect("an easy puzzle rates 1.2", r.rating, 1.2)
expect("its grade is easy", r.grade, "easy")
expect("one step per open cell", r.steps, 49)
expect("hidden singles in boxes counted", r.techniques["hidden-single-box"] > 0, true)
expect("the work adds up the steps", r.work >= r.steps * 1.0, true)

local monster = sudolab.puzzle{givens = "100000002090400050006000700050903000000070000000850040700000600030009080002000001"}
local m = monster:rate()
expect("a very hard puzzle is beyond", m.grade, "beyond")
expect("it rates above the easy one", m.rating > r.rating, true)

local open = sudolab.puzzle{}
local nothing, why = open:rate()
expect("an empty grid is not rated", nothing, nil)
expect("and the reason is given", why, "several solutions")

local killer = sudolab.read("AABCDDDEFGGBCHIEEFJJKHHILLMNNKKOPQQMRSSTOPUVVRRWTXUUYZabWWXcdYZabeeXcdffgghhccfff 13,11,7,18,18,6,13,14,7,7,8,12,13,8,7,16,14,16,15,14,15,5,12,13,11,13,3,9,16,11,12,20,12,16")[1]
local k = killer:rate()
expect("a killer rates through its cage techniques", (k.techniques["cage-combinations"] or 0) > 0, true)

-- A 25x25 killer whose 12-cell cage has too many combinations to list
-- (the cage rows weigh it with a count of -1) beside a listed pair: the
-- cage rows order both and the rating ends.
local function big_cage_killer()
  local sym, n = "123456789ABCDEFGHIJKLMNOP", 25
  local grid = sudolab.puzzle{size = n}:fill(1)
  local function digit(c) return sym:find(grid:sub(c + 1, c + 1), 1, true) end
  local map, total = {}, 0
  for c = 0, n * n - 1 do map[c + 1] = c < 12 and "A" or "." end
  for c = 0, 11 do total = total + digit(c) end
  map[26], map[27] = "B", "B"
  local p = sudolab.puzzle{size = n, rules = "classic;killer:" .. table.concat(map) .. ":" ..
                                            total .. "," .. digit(25) + digit(26)}
  for c = 0, n * n - 1 do
    if c % n >= 12 or c >= 2 * n then p:put(c, digit(c)) end
  end
  return p
end
local big = big_cage_killer():rate()
expect("a 25x25 killer with an unlisted cage rates", big and big.rating, 1.2)
expect("its cage rows ran", big and big.techniques["cage-bounds"] or 0, 3)

local ok, err = pcall(function() return easy.rate(42) end)
expect("rate checks its argument", ok, false)

-- sudolab.grades is the rater's table: in order, bands that meet, each
-- also found by name, and the grade p:rate() gives lies in its band.
local grades = sudolab.grades
expect("six grades", #grades, 6)
expect("the first is easy", grades[1].name, "easy")
expect("the last has no end", grades[#grades].high, math.huge)
for i, g in ipairs(grades) do
  expect("grade " .. g.name .. " by name", grades[g.name], g)
  expect("grade " .. g.name .. " starts where the one before ends", g.low, i > 1 and grades[i - 1].high or 0)
end
for _, res in ipairs{r, m, k} do
  local g = grades[res.grade]
  expect(res.grade .. ": its rating lies in its band", res.rating > g.low and res.rating <= g.high + 1e-9, true)
end
local dig = require("dig")
expect("dig.grade_of agrees with the rater", dig.grade_of(m.rating), m.grade)
-- a rating on a grade's end is that grade's, as the rater's table has it
for i = 1, #grades - 1 do
  expect("dig.grade_of " .. grades[i].high, dig.grade_of(grades[i].high), grades[i].name)
end
expect("dig.grade_band of hard", dig.grade_band("hard")[2], grades.hard.high)
local bad, why = pcall(dig.grade_band, "nope")
expect("an unknown grade is refused with the names", bad == false and why:find("one of: easy, medium") ~= nil, true)

-- sudolab.technique_top(n): the most a technique's step rates at n x n,
-- which the hardest puzzle here (rated by techniques) stays below, and
-- which generate holds shallow-searching variants to.
expect("technique_top(9) is 11.8", math.abs(sudolab.technique_top(9) - 11.8) < 1e-9, true)
expect("technique_top grows with the grid", sudolab.technique_top(16) > sudolab.technique_top(9), true)
expect("and ends below the scale's", sudolab.technique_top(25) < 16.4, true)
expect("the monster's rating is below it", monster:rate().rating <= sudolab.technique_top(9), true)
local off = select(2, pcall(sudolab.technique_top, 26))
expect("technique_top of 26 is refused", tostring(off):find("technique_top", 1, true) ~= nil, true)

-- p:rate(above) stops once the rating must exceed `above` (graded digs).
local quick = monster:rate(4.4)
expect("a rating asked to stop above 4.4 stops", quick.above, true)
expect("with a rating above 4.4", quick.rating > 4.4, true)
local whole = easy:rate(4.4)
expect("a puzzle within the bound rates in full", whole.above == nil and whole.rating == 1.2, true)
local refused = pcall(function() return easy:rate("hard") end)
expect("rate checks its bound", refused, false)

-- p:rate(above, below) also stops once the rating is known below `below`
-- (singles and locked candidates rated below it finish the grid), or known
-- exactly within the band; what it says agrees with the whole rating.
local low = dig.grade_band("hard")[1]
local under = easy:rate(4.4, low)
expect("an easy puzzle stops below the band", under.below == true and under.rating < low, true)
expect("before any step (singles finish it)", under.steps, 0)
expect("a puzzle above the band still stops above", monster:rate(4.4, low).above, true)
local hard = sudolab.puzzle{givens = "...8.....7....981...2.6..9....1...471.47.25.628...4....9..2.6...785....1.....7..."}
local full, settled = hard:rate(), hard:rate(4.4, low)
expect("a puzzle in the band settles", settled.settled, true)
expect("with the whole rating's figure", settled.rating == full.rating and settled.grade == full.grade, true)
expect("and its hardest technique", settled.hardest, full.hardest)
expect("before the last step", settled.steps < full.steps, true)
expect("and no rule unused", #settled.unused, 0)
-- Easing (more givens) keeps the answers in line with the whole ratings.
local solution = hard:solve()
for cell = 0, 80 do
  if hard:get(cell) == 0 then
    hard:put(cell, tonumber(solution:sub(cell + 1, cell + 1)))
    local whole, quick = hard:rate(), hard:rate(4.4, low)
    local agrees = quick.below and whole.rating < low and quick.rating < low
        or quick.settled and whole.rating == quick.rating
        or quick.above and whole.rating > 4.4
        or not (quick.below or quick.settled or quick.above) and whole.rating == quick.rating
    if not agrees then expect("a stopped rating agrees with the whole one at cell " .. cell, false, true) end
  end
end
local refused_low = pcall(function() return easy:rate(4.4, "hard") end)
expect("rate checks its lower bound", refused_low, false)

-- Which rules the solve path used: a thermometer the givens make
-- redundant (an easy classic puzzle, one thermo along its solution's
-- rising digits) is reported unused; the classic rule is used.
do
  local solution = easy:solve()
  local cells = {}
  for c = 0, 80 do
    local d = tonumber(solution:sub(c + 1, c + 1))
    if easy:get(c) == 0 and c // 9 == 0 and (#cells == 0 or d > tonumber(solution:sub(cells[#cells] + 1, cells[#cells] + 1))) then
      cells[#cells + 1] = c
    end
  end
  expect("a thermo of two cells or more fits row 1", #cells >= 2, true)
  local thermo = sudolab.read("sudolab 9 3x3 classic;thermo:" .. table.concat(cells, "-") .. " " .. easy:givens())[1]
  local t = thermo:rate()
  expect("the redundant thermo is unused", table.concat(t.unused, ","), "thermo")
  expect("the classic rule is used", t.rules.classic, true)
  expect("the thermo rule is listed unused", t.rules.thermo, false)
  expect("a killer's cages are used", table.concat(k.unused, ","), "")
  expect("a classic puzzle leaves no rule unused", #r.unused, 0)
end

-- A puzzle rated unique keeps its solution for later ratings whose
-- givens only grew; a given off that solution, or one taken away, must
-- still be found out.
do
  local p = sudolab.puzzle{givens = easy:givens()}
  local solution = p:fill(1)
  expect("rated once", p:rate().rating, 1.2)
  -- An open cell and a digit off the solution that no given of its row,
  -- column or box holds: only a search tells it fails.
  local function clashes(c, d)
    for o = 0, 80 do
      local same = o // 9 == c // 9 or o % 9 == c % 9 or
        (o // 27 == c // 27 and o % 9 // 3 == c % 9 // 3)
      if same and p:get(o) == d then return true end
    end
    return false
  end
  local cell, wrong
  for c = 0, 80 do
    for d = 1, 9 do
      if not cell and p:get(c) == 0 and d ~= tonumber(solution:sub(c + 1, c + 1)) and
        not clashes(c, d) then cell, wrong = c, d end
    end
  end
  p:put(cell, wrong)
  local none, why_none = p:rate()
  expect("a given off the solution has none", none, nil)
  expect("and says so", why_none, "no solution")
  p:put(cell, tonumber(solution:sub(cell + 1, cell + 1)))
  expect("a given on the solution keeps it unique", p:rate().grade, "easy")
  for c = 0, 80 do p:put(c, 0) end
  local several, why_several = p:rate()
  expect("givens taken away are counted again", several, nil)
  expect("with several solutions", why_several, "several solutions")
end

check.finish()
