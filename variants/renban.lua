-- renban.lua: each line holds a set of consecutive digits, in any order.
-- build{lines = "a-b-c,d-e,...", givens = ...}
local marks = require("marks")
local v = require("variant").make{
  name = "renban",
  summary = "renban: each line holds a set of consecutive digits, in any order",
  description = "Classic rules; every line holds a set of consecutive digits (such as 4, 5, 6) in any order, with no digit twice.",
  rules = "classic;renban",
  defaults = {symmetry = "none", lines = 8, min_line = 3, max_line = 6},
  build = function(data)
    return sudolab.puzzle{rules = "classic;renban:" .. data.lines, givens = data.givens}
  end,
}

-- The length of the run of digits the line's cells (and cell `extra`,
-- when given) span, or nil when a digit repeats.
local function spread(path, grid, extra)
  local lo, hi, seen = 99, 0, {}
  local cells = {table.unpack(path)}
  cells[#cells + 1] = extra
  for _, c in ipairs(cells) do
    local d = marks.digit(grid, c)
    if seen[d] then return nil end
    seen[d], lo, hi = true, math.min(lo, d), math.max(hi, d)
  end
  return hi - lo + 1
end

-- Generation (scripts/marks.lua): lines grown by king's moves onto new
-- digits while they stay within a run no longer than the line may grow,
-- kept when they are a run, and where they matter.
v.family = marks.line_family("lines", function(path, cell, grid)
  local s = spread(path, grid, cell)
  return s and s <= (v.defaults.max_line or 6)
end, function(path, grid)
  return spread(path, grid) == #path
end, v.defaults)
v.strategies, v.strategy_for = marks.line_strategies, marks.strategy_for
v.family.steps = {"renban-line"}
v.generate = marks.generator(v, v.family)
v.check = marks.check(v, v.family)
return v
