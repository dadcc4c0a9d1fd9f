-- thermo.lua: digits strictly increase along each thermometer from its
-- bulb. build{thermos = "a-b-c,d-e,...", givens = ...}
local marks = require("marks")
local v = require("variant").make{
  name = "thermo",
  summary = "thermo: digits increase along each thermometer from its bulb",
  description = "Classic rules, and the digits rise along every thermometer, from its bulb to its far end.",
  rules = "classic;thermo",
  defaults = {symmetry = "none", lines = 10, min_line = 3, max_line = 7},
  build = function(data)
    return sudolab.puzzle{rules = "classic;thermo:" .. data.thermos, givens = data.givens}
  end,
}

-- Generation (scripts/marks.lua): thermometers grown by king's moves onto
-- ever larger digits (opts.lines of opts.min_line..max_line cells), kept
-- where they matter.
v.family = marks.line_family("thermos", function(path, cell, grid)
  return marks.digit(grid, cell) > marks.digit(grid, path[#path])
end, nil, v.defaults)
v.strategies, v.strategy_for = marks.line_strategies, marks.strategy_for
v.family.steps = {"thermometer"}
v.generate = marks.generator(v, v.family)
v.check = marks.check(v, v.family)
return v
