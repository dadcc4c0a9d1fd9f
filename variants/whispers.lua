-- whispers.lua: German whispers, neighbours along each line differ by at
-- least 5. build{lines = "a-b-c,d-e,...", givens = ...}
local marks = require("marks")
local v = require("variant").make{
  name = "whispers",
  summary = "German whispers: neighbours on each green line differ by at least 5",
  description = "Classic rules; neighbouring digits along a green line differ by at least 5, so 5 never lies on a line.",
  rules = "classic;whispers",
  defaults = {symmetry = "none", lines = 8, min_line = 3, max_line = 8},
  build = function(data)
    return sudolab.puzzle{rules = "classic;whispers:" .. data.lines, givens = data.givens}
  end,
}

-- Generation (scripts/marks.lua): lines grown by king's moves onto digits
-- 5 or more away, kept where they matter.
v.family = marks.line_family("lines", function(path, cell, grid)
  return math.abs(marks.digit(grid, cell) - marks.digit(grid, path[#path])) >= 5
end, nil, v.defaults)
v.strategies, v.strategy_for = marks.line_strategies, marks.strategy_for
v.family.steps = {"whispers-line"}
v.generate = marks.generator(v, v.family)
v.check = marks.check(v, v.family)
return v
