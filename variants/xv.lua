-- xv.lua: an X joins digits adding up to 10, a V digits adding up to 5.
-- build{x = "a-b,...", v = "a-b,...", givens = ...}
local variant = require("variant")
local x = sudolab.relation(9, function(a, b) return a + b == 10 end)
local v = sudolab.relation(9, function(a, b) return a + b == 5 end)
return variant.make{
  name = "xv",
  summary = "XV: X joins digits summing to 10, V digits summing to 5",
  rules = "classic;relation",
  defaults = {symmetry = "none"},
  build = function(data)
    return sudolab.puzzle{rules = variant.relation_rules{{x, data.x}, {v, data.v}},
                          givens = data.givens}
  end,
}
