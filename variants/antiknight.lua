-- antiknight.lua: cells a chess knight's move apart hold different digits.
local cells = require("cells")
return require("variant").make{
  name = "antiknight",
  summary = "anti-knight: cells a knight's move apart differ",
  description = "Classic rules, and two cells a chess knight's move apart never hold the same digit.",
  sizes = {9},
  sizes_why = "its cell pairs are drawn on a 9x9 grid",
  rules = "classic;differ:" .. cells.pairs_at(9, cells.knight),
  shallow_search_to = 9,
}
