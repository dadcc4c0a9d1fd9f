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

check.finish()
