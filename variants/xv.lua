-- xv.lua: an X joins digits adding up to 10, a V digits adding up to 5.
-- build{x = "a-b,...", v = "a-b,...", givens = ..., negative = true}: with
-- negative, every mark is given, so unmarked neighbours add up to neither.
local variant = require("variant")
local ten = sudolab.relation(9, function(a, b) return a + b == 10 end)
local five = sudolab.relation(9, function(a, b) return a + b == 5 end)
local neither = sudolab.relation(9, function(a, b) return a + b ~= 10 and a + b ~= 5 end)
local marks = require("marks")
local v = variant.make{
  name = "xv",
  summary = "XV: X joins digits summing to 10, V digits summing to 5",
  description = "Classic rules; an X between two cells means their digits add up to 10, a V that they add up to 5.",
  rules = "classic;relation",
  defaults = {symmetry = "none"},
  build = function(data)
    local tables = {{ten, data.x}, {five, data.v}}
    if data.negative then tables[3] = {neither, variant.unmarked(data.x, data.v)} end
    return sudolab.puzzle{rules = variant.relation_rules(tables), givens = data.givens}
  end,
}

-- Generation (scripts/marks.lua): an X or V on every edge whose digits add
-- up to 10 or 5, kept where it matters; `fewest` gives every mark and the
-- fewest givens the greedy choice finds. No givens is never unique
-- (family.relabel), so `bare` and --givens 0 are refused.
v.family = marks.edges({{"x", function(a, b) return a + b == 10 end},
                        {"v", function(a, b) return a + b == 5 end}},
                       function(lists) return {x = lists.x, v = lists.v} end, true)
v.strategies, v.strategy_for = marks.strategies, marks.strategy_for
v.family.steps = {"related-pair"}
v.family.relabel = {
  maps = {"214357698", "432159876", "341258967"},
  why = "swapping the digits 1-2, 3-4, 6-7 and 8-9 keeps every X, every V and every unmarked pair",
}
v.generate = marks.generator(v, v.family)
v.check = marks.check(v, v.family)
return v
