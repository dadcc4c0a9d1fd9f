-- nonconsecutive.lua: orthogonal neighbours never hold consecutive digits.
local cells = require("cells")
local apart = sudolab.relation(9, function(a, b) return math.abs(a - b) ~= 1 end)
return require("variant").make{
  name = "nonconsecutive",
  summary = "non-consecutive: orthogonal neighbours are never consecutive",
  description = "Classic rules, and cells side by side (left, right, above, below) never hold consecutive digits such as 4 and 5.",
  sizes = {9},
  sizes_why = "its cell pairs are drawn on a 9x9 grid",
  rules = "classic;relation:" .. apart .. ":" .. cells.pairs_at(9, cells.orthogonal),
  shallow_search_to = 9,
  -- A graded puzzle uses its relation, whose step rates above easy: that
  -- grade is refused at once (dig.check_steps).
  easiest_steps = {"related-pair"},
}
