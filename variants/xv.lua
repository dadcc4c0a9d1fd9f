-- xv.lua: an X joins digits adding up to 10, a V digits adding up to 5.
-- build{x = "a-b,...", v = "a-b,...", givens = ...}
local x = sudolab.relation(9, function(a, b) return a + b == 10 end)
local v = sudolab.relation(9, function(a, b) return a + b == 5 end)
return {
  name = "xv",
  summary = "XV: X joins digits summing to 10, V digits summing to 5",
  size = 9, boxes = "3x3", rules = "classic;relation",
  defaults = {symmetry = "none"},
  build = function(data)
    local tables = {}
    if data.x and data.x ~= "" then tables[#tables + 1] = x .. ":" .. data.x end
    if data.v and data.v ~= "" then tables[#tables + 1] = v .. ":" .. data.v end
    local rules = "classic"
    if #tables > 0 then rules = rules .. ";relation:" .. table.concat(tables, "|") end
    return sudolab.puzzle{size = 9, boxes = "3x3", rules = rules, givens = data.givens}
  end,
  generate = nil,
}
