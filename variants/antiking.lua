-- antiking.lua: cells a chess king's move apart (diagonal neighbours too)
-- hold different digits.
local cells = require("cells")
return require("variant").make{
  name = "antiking",
  summary = "anti-king: touching cells, diagonally too, differ",
  description = "Classic rules, and cells that touch, diagonally too (a chess king's move apart), never hold the same digit.",
  sizes = {9},
  sizes_why = "its cell pairs are drawn on a 9x9 grid",
  rules = "classic;differ:" .. cells.pairs_at(9, cells.king),
  shallow_search_to = 9,
}
