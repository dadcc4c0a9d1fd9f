-- antiking.lua: cells a chess king's move apart (diagonal neighbours too)
-- hold different digits.
local cells = require("cells")
local rules = "classic;differ:" .. cells.pairs_at(9, cells.king)
return {
  name = "antiking",
  summary = "anti-king: touching cells, diagonally too, differ",
  size = 9, boxes = "3x3", rules = rules,
  defaults = {symmetry = "rotate180"},
  build = function(data)
    return sudolab.puzzle{size = 9, boxes = "3x3", rules = rules, givens = data.givens}
  end,
  generate = nil,
}
