-- nonconsecutive.lua: orthogonal neighbours never hold consecutive digits.
local cells = require("cells")
local apart = sudolab.relation(9, function(a, b) return math.abs(a - b) ~= 1 end)
return require("variant").make{
  name = "nonconsecutive",
  summary = "non-consecutive: orthogonal neighbours are never consecutive",
  sizes = {9},
  sizes_why = "its cell pairs are drawn on a 9x9 grid",
  rules = "classic;relation:" .. apart .. ":" .. cells.pairs_at(9, cells.orthogonal),
}
