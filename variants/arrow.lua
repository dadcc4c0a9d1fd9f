-- arrow.lua: the digit in an arrow's circle is the sum of the digits
-- along its shaft (digits may repeat on a shaft unless a house forbids).
-- build{arrows = {{bulb, shaft1, shaft2, ...}, ...}, givens = ...}, cells
-- as sudolab.cell numbers them; a circle of two or three cells reading as
-- one number is a list in the bulb's place: {{tens, units}, shaft...}.
return require("variant").make{
  name = "arrow",
  summary = "arrow: a circled digit is the sum of the digits along its arrow",
  description = "Classic rules, and the digit in an arrow's circle is the sum of the digits along its arrow; digits may repeat on an arrow where the other rules allow it.",
  rules = "classic;sum",
  defaults = {symmetry = "none"},
  build = function(data)
    local entries = {}
    for i, a in ipairs(data.arrows) do
      assert(#a >= 2, "arrow " .. i .. ": a bulb and at least one shaft cell")
      local circle = type(a[1]) == "table" and a[1] or {a[1]}
      entries[i] = table.concat(a, "+", 2) .. "=@" .. table.concat(circle, "@")
    end
    return sudolab.puzzle{rules = "classic;sum:" .. table.concat(entries, ","), givens = data.givens}
  end,
}
