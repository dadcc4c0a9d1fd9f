-- nonconsecutive.lua: orthogonal neighbours never hold consecutive digits.
local cells = require("cells")
local apart = sudolab.relation(9, function(a, b) return math.abs(a - b) ~= 1 end)
local rules = "classic;relation:" .. apart .. ":" .. cells.pairs_at(9, cells.orthogonal)
return {
  name = "nonconsecutive",
  summary = "non-consecutive: orthogonal neighbours are never consecutive",
  size = 9, boxes = "3x3", rules = rules,
  defaults = {symmetry = "rotate180"},
  build = function(data)
    return sudolab.puzzle{size = 9, boxes = "3x3", rules = rules, givens = data.givens}
  end,
  generate = nil,
}
