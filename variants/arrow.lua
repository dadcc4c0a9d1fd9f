-- arrow.lua: the digit in an arrow's circle is the sum of the digits
-- along its shaft (digits may repeat on a shaft unless a house forbids).
-- build{arrows = {{bulb, shaft1, shaft2, ...}, ...}, givens = ...}, cells
-- as sudolab.cell numbers them; a circle of two or three cells reading as
-- one number is a list in the bulb's place: {{tens, units}, shaft...}.
local marks = require("marks")
local v = require("variant").make{
  name = "arrow",
  summary = "arrow: a circled digit is the sum of the digits along its arrow",
  description = "Classic rules, and the digit in an arrow's circle is the sum of the digits along its arrow; digits may repeat on an arrow where the other rules allow it.",
  rules = "classic;sum",
  defaults = {symmetry = "none", lines = 10, min_line = 3, max_line = 4},
  build = function(data)
    local entries = {}
    for i, a in ipairs(data.arrows) do
      assert(#a >= 2, "arrow " .. i .. ": a bulb and at least one shaft cell")
      local circle = type(a[1]) == "table" and a[1] or {a[1]}
      entries[i] = table.concat(a, "+", 2) .. "=@" .. table.concat(circle, "@")
    end
    return sudolab.puzzle{rules = "classic;sum:" .. table.concat(entries, ","), givens = data.givens}
  end,
}

-- Generation (scripts/marks.lua): arrows grown by king's moves from a
-- circle while the shaft's digits add up to no more than the circle's,
-- kept when they add up to it exactly (opts.lines arrows of
-- opts.min_line..max_line cells with the circle), and where they matter.
local function shaft_sum(path, grid)
  local s = 0
  for i = 2, #path do s = s + marks.digit(grid, path[i]) end
  return s
end
local lines = marks.line_family("arrows", function(path, cell, grid)
  return shaft_sum(path, grid) + marks.digit(grid, cell) <= marks.digit(grid, path[1])
end, function(path, grid)
  return shaft_sum(path, grid) == marks.digit(grid, path[1])
end, v.defaults)
v.family = {place = lines.place, data = function(list)
  local arrows = {}
  for i, m in ipairs(list) do arrows[i] = m.cells end
  return {arrows = arrows}
end}
v.strategies, v.strategy_for = marks.line_strategies, marks.strategy_for
v.family.steps = {"sum-line"}
v.generate = marks.generator(v, v.family)
v.check = marks.check(v, v.family)
return v
