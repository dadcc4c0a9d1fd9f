-- antiknight.lua: cells a chess knight's move apart hold different digits.
local cells = require("cells")
return require("variant").make{
  name = "antiknight",
  summary = "anti-knight: cells a knight's move apart differ",
  rules = "classic;differ:" .. cells.pairs_at(9, cells.knight),
}
