-- between.lua: between lines, the digits inside each line lie strictly
-- between the digits in the circles at its two ends.
-- build{lines = "a-b-c,d-e-f,...", givens = ...}: ends first and last.
local marks = require("marks")
local v = require("variant").make{
  name = "between",
  summary = "between lines: digits inside each line lie strictly between its two ends",
  description = "Classic rules; on every line the digits strictly inside lie strictly between the digits of its two circled ends, in either order.",
  rules = "classic;between",
  defaults = {symmetry = "none", lines = 8, min_line = 3, max_line = 6},
  build = function(data)
    return sudolab.puzzle{rules = "classic;between:" .. data.lines, givens = data.givens}
  end,
}

-- Generation (scripts/marks.lua): from an end, lines grown by king's
-- moves onto digits on one side of the end's (the side with room), kept
-- when the last cell closes them (beyond every digit inside), and where
-- they matter.
local function inside_ok(path, grid, d)
  local first = marks.digit(grid, path[1])
  if #path == 1 then return d ~= first end
  local second = marks.digit(grid, path[2])
  return (second > first) == (d > first) and d ~= first
end
v.family = marks.line_family("lines", function(path, cell, grid)
  return inside_ok(path, grid, marks.digit(grid, cell))
end, function(path, grid)
  local a, b = marks.digit(grid, path[1]), marks.digit(grid, path[#path])
  local lo, hi = math.min(a, b), math.max(a, b)
  for i = 2, #path - 1 do
    local d = marks.digit(grid, path[i])
    if d <= lo or d >= hi then return false end
  end
  return true
end, v.defaults)
v.strategies, v.strategy_for = marks.line_strategies, marks.strategy_for
v.family.steps = {"between-line"}
v.generate = marks.generator(v, v.family)
v.check = marks.check(v, v.family)
return v
