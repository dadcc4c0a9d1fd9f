-- test_rules.lua: rule sets scripted from the C primitives (differ,
-- relation, thermo, sum): the shipped variants, puzzles derived from random
-- grids whose every clue is then checked, and bad primitive data
-- (published puzzles: test_published.lua).
local cells = require("cells")
local check = require("check")
local expect = check.expect

local apart = sudolab.relation(9, function(a, b) return math.abs(a - b) ~= 1 end)

-- Each shipped primitive variant: a random grid obeys its rule.
local function digit(grid, cell) return tonumber(grid:sub(cell + 1, cell + 1)) end
local function each_pair(list, fn)
  for a, b in list:gmatch("(%d+)-(%d+)") do fn(tonumber(a), tonumber(b)) end
end
for _, name in ipairs{"antiknight", "antiking", "nonconsecutive"} do
  local v = require(name)
  local grid = v.build{}:fill(11)
  expect(name .. " fills", type(grid), "string")
  local ok = true
  local offsets = name == "antiknight" and cells.knight or name == "antiking" and cells.king or cells.orthogonal
  each_pair(cells.pairs_at(9, offsets), function(a, b)
    local x, y = digit(grid, a), digit(grid, b)
    if name == "nonconsecutive" then ok = ok and math.abs(x - y) ~= 1 else ok = ok and x ~= y end
  end)
  expect(name .. ": every pair obeys the rule in the fill", ok, true)
end

-- Kropki, XV and thermo puzzles made from a random classic grid: all its
-- dots / X and V marks / some thermometers, no givens. The grid they came
-- from must solve them; what the solver finds must obey every clue.
local grid = sudolab.puzzle{}:fill(5)
local white, black, xs, vs = {}, {}, {}, {}
each_pair(cells.pairs_at(9, cells.orthogonal), function(a, b)
  local x, y = digit(grid, a), digit(grid, b)
  local pair = a .. "-" .. b
  if math.abs(x - y) == 1 then white[#white + 1] = pair end
  if x == 2 * y or y == 2 * x then black[#black + 1] = pair end
  if x + y == 10 then xs[#xs + 1] = pair end
  if x + y == 5 then vs[#vs + 1] = pair end
end)
local kropki = require("kropki").build{white = table.concat(white, ","), black = table.concat(black, ",")}
expect("kropki from a grid: the grid solves it", kropki:check(grid), true)
local k = kropki:solve()
expect("kropki from a grid: a solution is found", kropki:check(k or ""), true)
local xv = require("xv").build{x = table.concat(xs, ","), v = table.concat(vs, ",")}
expect("XV from a grid: the grid solves it", xv:check(grid), true)
expect("XV from a grid: a solution is found", xv:check(xv:solve() or ""), true)

-- Thermometers along each row, in increasing order of the row's digits
-- where they increase from the left: a run of increases is a thermometer.
local thermos = {}
for r = 0, 8 do
  local run = {r * 9}
  for c = 1, 8 do
    local cell = r * 9 + c
    if digit(grid, cell) > digit(grid, cell - 1) then
      run[#run + 1] = cell
    else
      if #run >= 2 then thermos[#thermos + 1] = table.concat(run, "-") end
      run = {cell}
    end
  end
  if #run >= 2 then thermos[#thermos + 1] = table.concat(run, "-") end
end
local thermo = require("thermo").build{thermos = table.concat(thermos, ","), givens = grid:sub(1, 9) .. string.rep(".", 72)}
expect("thermo from a grid: the grid solves it", thermo:check(grid), true)
expect("thermo from a grid: a solution is found", thermo:check(thermo:solve() or ""), true)
-- A nine-cell thermometer along row 1 forces 1..9.
local full = require("thermo").build{thermos = "0-1-2-3-4-5-6-7-8"}
expect("a full-row thermometer forces 123456789", full:candidates()[1] .. full:candidates()[9], "19")

-- Arrows from the same grid: in each row the 9 is the bulb of an arrow
-- through that row's 2 and 7 (a row holds every digit, so both are there).
local arrows = {}
for r = 0, 8 do
  local at = {}
  for c = 0, 8 do at[digit(grid, r * 9 + c)] = r * 9 + c end
  arrows[#arrows + 1] = {at[9], at[2], at[7]}
end
expect("the grid yields arrows", #arrows > 0, true)
local arrow = require("arrow").build{arrows = arrows, givens = grid:sub(1, 9) .. string.rep(".", 72)}
expect("arrows from a grid: the grid solves them", arrow:check(grid), true)
expect("arrows from a grid: a solution is found", arrow:check(arrow:solve() or ""), true)
-- A little killer clue: the main diagonal adds up to what the grid says.
local diagonal_total, cells_on = 0, {}
for i = 0, 8 do
  diagonal_total = diagonal_total + digit(grid, i * 10)
  cells_on[#cells_on + 1] = i * 10
end
local little = sudolab.puzzle{rules = "classic;sum:" .. table.concat(cells_on, "+") .. "=" .. diagonal_total,
                              givens = grid:sub(1, 27) .. string.rep(".", 54)}
expect("a little killer sum from a grid holds", little:check(little:solve() or ""), true)
-- Two cells adding up to 17 can only be 8 and 9.
local pair = sudolab.puzzle{rules = "classic;sum:0+40=17"}
local cand = pair:candidates()
expect("a sum of 17 in two cells leaves 8 and 9", cand[1] .. cand[41], "8989")
-- An arrow whose shaft must exceed 9 has no solution.
local over = sudolab.puzzle{rules = "classic;sum:1+2+3+4=@0"}
expect("a four-cell shaft in one row cannot sum to one digit", (over:solve()), nil)

-- The slow escape hatch: rules tested by Lua functions.
local corners = sudolab.puzzle{}
corners:add_lua_rule{name = "even corners", cells = {0, 8, 72, 80}, partial = true,
  check = function(d)
    for _, v in ipairs(d) do if v % 2 == 1 then return false end end
    return true
  end}
local filled = corners:fill(3)
expect("a partial Lua rule holds in a fill", (filled:sub(1, 1) .. filled:sub(9, 9) .. filled:sub(73, 73)
  .. filled:sub(81, 81)):find("[13579]"), nil)
expect("the Lua rule is part of the rules", corners:rules(), "classic;lua:even corners")
-- Anti-knight as a Lua rule and as the differ primitive give the same
-- answers on a random grid's derived puzzle.
local knight = {}
for a, b in cells.pairs_at(9, cells.knight):gmatch("(%d+)-(%d+)") do knight[#knight + 1] = {tonumber(a), tonumber(b)} end
local native = require("antiknight").build{}
local answer = native:fill(8)
local clue = answer:sub(1, 36) .. string.rep(".", 45)
local by_primitive = require("antiknight").build{givens = clue}
local by_lua = sudolab.puzzle{givens = clue}
by_lua:add_lua_rule{name = "antiknight", partial = true, check = function(d)
  for _, p in ipairs(knight) do
    local x, y = d[p[1] + 1], d[p[2] + 1]
    if x ~= 0 and x == y then return false end
  end
  return true
end}
local t0 = os.clock()
local n_native = by_primitive:count()
local t1 = os.clock()
local n_lua = by_lua:count()
local t2 = os.clock()
expect("anti-knight by Lua rule counts as the primitive does", n_lua, n_native)
print(string.format("# anti-knight count: primitive %.2f ms, Lua rule %.2f ms", (t1 - t0) * 1000, (t2 - t1) * 1000))
-- A Lua error stops the search and reaches the script.
local broken = sudolab.puzzle{}
broken:add_lua_rule{name = "broken", check = function(d) return d.nope.x end}
local ok, msg = pcall(broken.solve, broken)
expect("a Lua rule's error reaches the script", not ok and msg:find("a Lua rule failed", 1, true) ~= nil, true)
-- A rule with no text form cannot be read back from its line.
expect("a Lua rule's puzzle line names it", corners:line():find("lua:even corners", 1, true) ~= nil, true)
local read_ok = pcall(sudolab.read, corners:line())
expect("and that line cannot be read outside the script", read_ok, false)

-- Bad primitive data is an error naming what is wrong.
local function fails(rules, says)
  local ok, msg = pcall(sudolab.puzzle, {rules = rules})
  expect("refused: " .. rules:sub(1, 40), not ok and msg:find(says, 1, true) ~= nil, true)
end
fails("classic;differ:0-0", "different cells")
fails("classic;differ:0-81", "different cells")
fails("classic;thermo:0-1-2-3-4-5-6-7-8-9", "path of 2 to 9")
fails("classic;relation:1.2:0-1", "hex masks")
fails("classic;relation:" .. apart .. ":0-1-2", "different cells")
fails("classic;sum:0+1", "expected '='")
fails("classic;sum:0+1=@1", "not a term")
fails("classic;sum:0+1=19", "total must be 1..18")

check.finish()
