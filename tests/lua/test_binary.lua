-- test_binary.lua: the binary variant: build, an Unruly ID read, dug
-- puzzles unique and reproducible, the rater's binary techniques.
local check = require("check")
local expect = check.expect
local binary = require("binary")

local p = sudolab.read("6x6:BBAPABGCAb\n")[1]
expect("an Unruly ID reads as a binary puzzle", p:rules(), "binary")
expect("and is unique", p:count(), 1)
local q = binary.build{size = 6, givens = p:givens()}
expect("build gives the same puzzle", q:line(), p:line())
expect("the unique-lines form", binary.build{size = 6, unique = true}:rules(), "binary:u")
local ok = pcall(binary.build, {size = 7})
expect("an odd size is refused", ok, false)

local function generate(opts)
  math.randomseed(opts.seed)
  return binary.generate(opts)
end
local unique = true
for seed = 1, 4 do
  local size = seed % 2 == 0 and 8 or 6
  local g = generate{seed = seed, size = size}
  unique = unique and g:count(2) == 1
  expect("seed " .. seed .. " gives the same puzzle twice", generate{seed = seed, size = size}:line(),
         g:line())
end
expect("every dug puzzle is unique", unique, true)
local r = p:rate()
expect("the rater uses the binary techniques", (r.techniques["binary-pairs"] or 0)
       + (r.techniques["binary-triples"] or 0) > 0, true)

-- A graded dig digs by the binary techniques (p:dig's up_to): every
-- puzzle it keeps is unique with no search, and rates in its band.
local in_band, proved = true, true
for seed = 1, 6 do
  local band = seed % 2 == 0 and {2.45, 2.55} or {1.25, 1.35}
  local g = generate{seed = seed, size = seed <= 4 and 8 or 10, rating = band}
  local rated = g:rate().rating
  in_band = in_band and rated >= band[1] - 1e-9 and rated <= band[2] + 1e-9
  proved = proved and g:count(2) == 1
end
expect("graded binary puzzles rate in their band", in_band, true)
expect("and are unique", proved, true)

-- p:deduces(t) says whether the techniques rated up to t fill the grid,
-- which is whether the rater's rating is t or less: dig.graded reads a
-- one-rule dig's rating off it. Puzzles dug to several tops, plain and
-- unique, asked at every rung of the binary ladder and between rungs.
local agree, asked, filled = true, 0, 0
for _, unique in ipairs{false, true} do
  for size = 6, 10, 2 do
    local blank = binary.build{size = size, unique = unique}
    for seed = 1, 12 do
      local top = ({1.05, 1.15, 1.35, 2.05, 2.55, 9})[seed % 6 + 1]
      local sol = blank:fill(seed * 31 + size)
      local q = binary.build{size = size, unique = unique, givens = sol}
      q:dig(seed * 977, sol, top)
      local rating = q:rate().rating
      for _, t in ipairs{0.5, 1.0, 1.1, 1.2, 1.3, 2.0, 2.4, 2.5} do
        local deduced = q:deduces(t)
        asked, filled = asked + 1, filled + (deduced and 1 or 0)
        agree = agree and deduced == (rating <= t + 1e-9)
      end
    end
  end
end
expect("p:deduces(t) agrees with the rater's rating at " .. asked .. " rungs", agree, true)
expect("which fill at some and not at others", filled > 0 and filled < asked, true)
local unruly = sudolab.read("6x6:BBAPABGCAb\n")[1]
expect("an Unruly puzzle is deduced by its rating's techniques", unruly:deduces(unruly:rate().rating), true)
ok = pcall(sudolab.puzzle{size = 4, boxes = "2x2", rules = "classic;killer:AABBAABBCCDDCCDD:10,10,10,10"}.deduces,
           sudolab.puzzle{size = 4, boxes = "2x2", rules = "classic;killer:AABBAABBCCDDCCDD:10,10,10,10"}, 2.0)
expect("rules whose techniques need preparing cannot be asked", ok, false)

-- The dig by deductions by hand: a removal the pair and triple
-- techniques cannot undo stays out, the rest stay in.
local grid = binary.build{size = 6}:fill(7)
local dug = binary.build{size = 6, givens = grid}
local cells = {}
for c = 0, 35 do cells[#cells + 1] = {c} end
local removed = dug:dig(cells, grid, 1.1) -- pairs and triples only
expect("a dig by pairs and triples removes givens", removed > 0, true)
expect("and leaves a unique puzzle", dug:count(2), 1)
local easy = dug:rate()
expect("which the rater solves with no line counts or patterns",
       (easy.techniques["binary-counts"] or 0) + (easy.techniques["binary-lines"] or 0), 0)
expect("and rates by them: 1.1 at most", easy.rating <= 1.1 + 1e-9, true)
expect("its placements are the other symbol, not naked singles",
       easy.techniques["naked-single"] == nil and (easy.techniques["two-symbol-single"] or 0) > 0, true)
local more = binary.build{size = 6, givens = grid}
expect("more techniques remove at least as many givens",
       more:dig(cells, grid, 2.5) >= 1, true)

-- The proof needs the solution to extend the givens and obey the rules.
local wrong = grid:sub(1, 0) .. (grid:sub(1, 1) == "1" and "2" or "1") .. grid:sub(2)
ok = pcall(binary.build{size = 6, givens = grid}.dig, binary.build{size = 6, givens = grid},
           cells, wrong, 2.5)
expect("a solution that differs from the givens is refused", ok, false)
local blank = binary.build{size = 6}
ok = pcall(blank.dig, blank, cells, string.rep("1", 36), 2.5)
expect("a solution that breaks the rules is refused", ok, false)
local killer = sudolab.puzzle{size = 4, boxes = "2x2", rules = "classic;killer:AABBAABBCCDDCCDD:10,10,10,10"}
ok = pcall(killer.dig, killer, {{0}}, killer:fill(1), 2.0)
expect("rules whose techniques need preparing cannot dig by them", ok, false)

check.finish()
