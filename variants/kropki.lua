-- kropki.lua: a white dot joins consecutive digits, a black dot a digit
-- and its double. build{white = "a-b,...", black = "a-b,...", givens = ...}
local variant = require("variant")
local white = sudolab.relation(9, function(a, b) return math.abs(a - b) == 1 end)
local black = sudolab.relation(9, function(a, b) return a == 2 * b or b == 2 * a end)
return variant.make{
  name = "kropki",
  summary = "kropki: white dots join consecutive digits, black dots a digit and its double",
  rules = "classic;relation",
  defaults = {symmetry = "none"},
  build = function(data)
    return sudolab.puzzle{rules = variant.relation_rules{{white, data.white}, {black, data.black}},
                          givens = data.givens}
  end,
}
