-- antiknight.lua: cells a chess knight's move apart hold different digits.
local cells = require("cells")
local rules = "classic;differ:" .. cells.pairs_at(9, cells.knight)
return {
  name = "antiknight",
  summary = "anti-knight: cells a knight's move apart differ",
  size = 9, boxes = "3x3", rules = rules,
  defaults = {symmetry = "rotate180"},
  build = function(data)
    return sudolab.puzzle{size = 9, boxes = "3x3", rules = rules, givens = data.givens}
  end,
  generate = nil,
}
