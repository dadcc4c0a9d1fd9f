-- test_marks.lua: the line and clue rules (whispers, renban, palindrome,
-- between, sandwich, little killer) and the generation of every variant
-- whose marks come from a filled grid (scripts/marks.lua).
-- The puzzles of the new rules (tests/lua/marks_puzzles.lua) are
-- constructed, not published: each is solved to the answer its grid was
-- filled with and proven unique by the exhaustive count.
local check = require("check")
local expect = check.expect
local marks = require("marks")

local constructed = require("marks_puzzles")

for _, name in ipairs{"whispers", "renban", "sandwich", "sandwich_every_clue", "palindrome", "between",
                      "littlekiller"} do
  local line, answer = constructed[name][1], constructed[name][2]
  local p = sudolab.read(line)[1]
  local t = os.clock()
  expect(name .. ": solved to its answer", p:solve(), answer)
  expect(name .. ": unique", p:count(), 1)
  print(string.format("# %s: %.1f ms", name, (os.clock() - t) * 1000))
  expect(name .. ": the line reads back the same", sudolab.read(p:line())[1]:line(), line)
  expect(name .. ": not unique as a classic sudoku", marks.matters(p), true)
end

-- The rules on complete grids: a grid breaking each is refused.
local grid = constructed.sandwich[2]
local function refuses(what, rules)
  local p = sudolab.puzzle{rules = rules}
  expect(what, p:check(grid), false)
end
refuses("sandwich: a wrong sum", "classic;sandwich:r1=27")
refuses("renban: a line of digits not in a run", "classic;renban:0-1-2") -- 3 1 5
refuses("whispers: neighbours closer than 5", "classic;whispers:0-1") -- 3 1
refuses("palindrome: ends that differ", "classic;palindrome:0-1-2")
refuses("between: an inside digit outside the ends", "classic;between:0-1-2") -- 3 1 5

-- Malformed arguments: an error naming the culprit.
local function bad(what, rules, words)
  local ok, err = pcall(sudolab.puzzle, {rules = rules})
  expect(what .. ": refused", ok, false)
  expect(what .. ": says why (" .. tostring(err) .. ")", tostring(err):find(words, 1, true) ~= nil, true)
end
bad("sandwich row 0", "classic;sandwich:r0=5", "'r1=10' or 'c5=0'")
bad("sandwich sum too large", "classic;sandwich:r1=36", "a sum 0..35")
bad("sandwich clue twice", "classic;sandwich:c2=3,c2=4", "a second clue for c2")
bad("sandwich no letter", "classic;sandwich:x1=3", "'r1=10' or 'c5=0'")
bad("renban longer than 9", "classic;renban:0-1-2-3-4-5-6-7-8-9", "path of 2 to 9")
bad("between of two cells", "classic;between:0-1", "path of 3 to")
bad("whispers off the grid", "classic;whispers:80-81", "path of 2 to")

-- Generation: every variant of the family makes unique puzzles whose
-- marks matter (not unique as classic sudoku with the same givens), each
-- puzzle solved and checked against its rules.
local cheap = {kropki = 2, xv = 2, thermo = 3, arrow = 3, whispers = 3, renban = 3,
               sandwich = 2, palindrome = 3, between = 3, littlekiller = 1}
local names = {"kropki", "xv", "thermo", "arrow", "whispers", "renban", "sandwich", "palindrome",
               "between", "littlekiller"}
for _, name in ipairs(names) do
  local v = require(name)
  for seed = 1, cheap[name] do
    math.randomseed(seed)
    local p, info = v.generate{seed = seed}
    expect(name .. " seed " .. seed .. ": made", p ~= nil, true)
    if p then
      expect(name .. " seed " .. seed .. ": unique", p:count(), 1)
      expect(name .. " seed " .. seed .. ": the marks matter", marks.matters(p), true)
      expect(name .. " seed " .. seed .. ": marks counted", info.marks > 0, true)
      expect(name .. " seed " .. seed .. ": its solution obeys the rules", p:check(p:solve()), true)
    end
  end
end

-- Kropki with every dot and no givens (the negative constraint).
do
  local v = require("kropki")
  math.randomseed(7)
  local p = v.generate{seed = 7, strategy = "bare"}
  expect("kropki bare: made", p ~= nil, true)
  expect("kropki bare: no givens", p:givens(), string.rep(".", 81))
  expect("kropki bare: unique", p:count(), 1)
end

-- No givens is never unique where a digit relabelling keeps every mark:
-- the relabelled grid solves the puzzle of every mark too (so the refusal
-- of --strategy bare is right), and fewest makes a unique puzzle with
-- givens, every mark kept.
for _, name in ipairs{"xv", "sandwich"} do
  local v = require(name)
  local twins = true
  for seed = 1, 3 do
    local grid = sudolab.puzzle{}:fill(seed * 31)
    local data = v.family.data(v.family.place(grid, 9, {every = true}), {})
    data.negative = v.family.negative
    local p = v.build(data)
    twins = twins and p:check(grid)
    for _, map in ipairs(v.family.relabel.maps) do
      local other = grid:gsub("%d", function(d) return map:sub(d, d) end)
      twins = twins and other ~= grid and p:check(other)
    end
  end
  expect(name .. ": each relabelling of a grid solves its every-mark puzzle", twins, true)
  local ok, why = pcall(v.check, {strategy = "bare"})
  expect(name .. ": bare refused, saying why", not ok and why:find("cannot be unique without givens", 1, true) ~= nil, true)
end
do
  local v = require("xv")
  math.randomseed(2)
  local p, info = v.generate{seed = 2, strategy = "fewest"}
  local _, blanks = p:givens():gsub("%.", "")
  expect("xv fewest: unique", p:count(), 1)
  expect("xv fewest: one to three givens", blanks >= 78 and blanks <= 80, true)
  expect("xv fewest: every mark kept", info.marks > 10, true)
end

-- A grade below the easiest step of the variant's rule is refused at
-- once; one the rule reaches is not.
expect("technique_rating: related pair", sudolab.technique_rating("related-pair"), 1.6)
expect("technique_rating: no such key", sudolab.technique_rating("no-such-key"), nil)
for name, easy in pairs{whispers = false, kropki = false, arrow = false, thermo = true, palindrome = true} do
  local v = require(name)
  expect(name .. ": --grade easy " .. (easy and "taken" or "refused"), pcall(v.check, {grade = "easy"}), easy)
  expect(name .. ": --grade medium taken", pcall(v.check, {grade = "medium"}), true)
end

-- Soundness: with every mark a family places on a grid and the grid's
-- digits given but 40 random cells, the grid is among the solutions (a
-- propagation that cut it off would lose it).
for _, name in ipairs{"whispers", "renban", "sandwich", "palindrome", "between", "littlekiller"} do
  local v, kept = require(name), true
  for seed = 1, 8 do
    math.randomseed(seed)
    local grid = sudolab.puzzle{}:fill(seed * 101)
    local data = v.family.data(v.family.place(grid, 9, setmetatable({every = true}, {__index = v.defaults})), {})
    local cells = {}
    for i = 1, 81 do cells[i] = grid:sub(i, i) end
    for _ = 1, 40 do cells[math.random(81)] = "." end
    data.givens = table.concat(cells)
    local found = v.build(data):solutions(64) or {}
    local has = false
    for _, s in ipairs(found) do has = has or s == grid end
    kept = kept and (has or #found == 64)
  end
  expect(name .. ": the grid survives its own marks (8 grids)", kept, true)
end

-- Symmetric marks: under rotate180 each dot's half-turned edge has one.
do
  local v = require("kropki")
  math.randomseed(4)
  local p = v.generate{seed = 4, symmetry = "rotate180"}
  local edges, all = {}, true
  for a, b in p:line():gmatch("(%d+)-(%d+)") do edges[#edges + 1] = {tonumber(a), tonumber(b)} end
  local at = {}
  for _, e in ipairs(edges) do at[math.min(e[1], e[2]) .. "-" .. math.max(e[1], e[2])] = true end
  for _, e in ipairs(edges) do
    local a, b = 80 - e[1], 80 - e[2]
    all = all and at[math.min(a, b) .. "-" .. math.max(a, b)] == true
  end
  expect("kropki rotate180: dots in half-turn pairs", #edges > 0 and all, true)
  expect("kropki rotate180: unique", p:count(), 1)
end

-- The same seed, the same puzzle.
do
  local v = require("thermo")
  math.randomseed(3)
  local a = v.generate{seed = 3}:line()
  math.randomseed(3)
  local b = v.generate{seed = 3}:line()
  expect("thermo: reproducible from the seed", a, b)
end

-- Graded generation keeps only puzzles whose solve path uses every rule
-- of the variant (dig.graded refuses the others).
for _, name in ipairs{"whispers", "thermo"} do
  local p = require(name).generate{seed = 5, grade = "medium"}
  local r = p:rate()
  expect(name .. ": graded medium", r.grade, "medium")
  expect(name .. ": its solve path uses every rule", table.concat(r.unused, ","), "")
  expect(name .. ": its own rule among them", r.rules[name], true)
end

check.finish()
