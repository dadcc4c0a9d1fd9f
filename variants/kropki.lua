-- kropki.lua: a white dot joins consecutive digits, a black dot a digit
-- and its double. build{white = "a-b,...", black = "a-b,...", givens = ...}
local white = sudolab.relation(9, function(a, b) return math.abs(a - b) == 1 end)
local black = sudolab.relation(9, function(a, b) return a == 2 * b or b == 2 * a end)
return {
  name = "kropki",
  summary = "kropki: white dots join consecutive digits, black dots a digit and its double",
  size = 9, boxes = "3x3", rules = "classic;relation",
  defaults = {symmetry = "none"},
  build = function(data)
    local tables = {}
    if data.white and data.white ~= "" then tables[#tables + 1] = white .. ":" .. data.white end
    if data.black and data.black ~= "" then tables[#tables + 1] = black .. ":" .. data.black end
    local rules = "classic"
    if #tables > 0 then rules = rules .. ";relation:" .. table.concat(tables, "|") end
    return sudolab.puzzle{size = 9, boxes = "3x3", rules = rules, givens = data.givens}
  end,
  generate = nil,
}
