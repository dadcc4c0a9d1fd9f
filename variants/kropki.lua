-- kropki.lua: a white dot joins consecutive digits, a black dot a digit
-- and its double. build{white = "a-b,...", black = "a-b,...", givens = ...,
-- negative = true}: with negative, every dot is given, so neighbours
-- without one are neither consecutive nor a digit and its double.
local variant = require("variant")
local white = sudolab.relation(9, function(a, b) return math.abs(a - b) == 1 end)
local black = sudolab.relation(9, function(a, b) return a == 2 * b or b == 2 * a end)
local neither = sudolab.relation(9, function(a, b)
  return math.abs(a - b) ~= 1 and a ~= 2 * b and b ~= 2 * a
end)

local marks = require("marks")
local v = variant.make{
  name = "kropki",
  summary = "kropki: white dots join consecutive digits, black dots a digit and its double",
  description = "Classic rules; a white dot joins two digits that follow each other (3 and 4), a black dot two digits one of which is double the other (3 and 6).",
  rules = "classic;relation",
  defaults = {symmetry = "none"},
  build = function(data)
    local tables = {{white, data.white}, {black, data.black}}
    if data.negative then tables[3] = {neither, variant.unmarked(data.white, data.black)} end
    return sudolab.puzzle{rules = variant.relation_rules(tables), givens = data.givens}
  end,
}

-- Generation (scripts/marks.lua): a dot on every edge whose digits allow
-- one (white where both would), kept where it matters; `bare` gives every
-- dot and no givens.
v.family = marks.edges({{"white", function(a, b) return math.abs(a - b) == 1 end},
                        {"black", function(a, b) return a == 2 * b or b == 2 * a end}},
                       function(lists) return {white = lists.white, black = lists.black} end, true)
v.strategies, v.strategy_for = marks.strategies, marks.strategy_for
v.family.steps = {"related-pair"}
v.generate = marks.generator(v, v.family)
v.check = marks.check(v, v.family)
return v
