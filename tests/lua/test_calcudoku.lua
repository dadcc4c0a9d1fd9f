-- test_calcudoku.lua: the calcudoku variant: build from a cage text and
-- from a Keen ID, greedy generation (unique, reproducible, Keen IDs that
-- read back the same), annealing into a rating band, and the rater's
-- calcudoku techniques.
local check = require("check")
local expect = check.expect
local calc = require("calcudoku")
local cages = require("calcudoku_cages")

local p = calc.build{cages = "ABBCAADCEFDGEFGG", clues = {"4x", "6x", "1-", "2/", "5+", "1-", "4+"}}
expect("build from a map and clues solves", p:solve(), "1234412323413412")
expect("and is unique", p:count(), 1)
local keen = sudolab.read("4:_aa_6ba_a4,m4m6s1d2a5s1a4\n")[1]
expect("a Keen ID reads as the same puzzle", keen:line(), p:line())
local _, why = pcall(calc.build, {cages = "AAAB:6/,1"})
expect("'/' over three cells is an error at its clue",
       why:match("column 24: cage 1: '/' takes two cells, not 3") ~= nil, true)

-- Greedy generation: every puzzle unique and its cages' clues true of
-- the grid it was cut from; the same seed, the same puzzle.
local function generate(opts)
  math.randomseed(opts.seed)
  return calc.generate(opts)
end
local unique, sizes = true, {}
for seed = 1, 6 do
  local size = ({4, 5, 6})[seed % 3 + 1]
  local q = generate{seed = seed, size = size}
  unique = unique and q:count(2) == 1
  sizes[#sizes + 1] = q:size()
  local again = generate{seed = seed, size = size}
  expect("seed " .. seed .. " gives the same puzzle twice", again:line(), q:line())
  local back = sudolab.read(q:line() .. "\n")[1]
  expect("seed " .. seed .. " reads back from its line", back:line(), q:line())
end
expect("every greedy puzzle is unique", unique, true)
expect("the sizes asked", table.concat(sizes, ","), "5,6,4,5,6,4")

-- The text of a partition: targets from the grid, operations kept.
local grid = "123231312"
local cage = {[0] = 1, 1, 2, 3, 3, 2, 4, 4, 5}
local op = {"+", "-", "x", "/", ""}
local text, count = cages.text(cage, op, grid, 3)
expect("a partition's text", text, "AABCCBDDE:3+,2-,6x,3/,2")
expect("and its cage count", count, 5)

-- Annealing into a band, and the rater's own techniques.
local q = generate{seed = 3, size = 5, rating = {2.3, 2.6}, strategy = "anneal"}
local r = q and q:rate()
expect("annealing lands in the band asked", r and r.rating >= 2.3 and r.rating <= 2.6, true)
expect("and the puzzle is unique", q and q:count(2), 1)
local techniques = p:rate().techniques
expect("the rater uses cage arithmetic", (techniques["calcudoku-cage"] or 0) > 0, true)

check.finish()
