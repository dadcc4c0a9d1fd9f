-- killer.lua: cages of distinct digits adding up to their sums.
-- build{cages = "81-letter cage map", sums = {13, 11, ...} or "13,11,...",
--       givens = "..." (optional)}; false or "?" for a cage without a sum.
return require("variant").make{
  name = "killer",
  summary = "killer sudoku: cages of distinct digits adding up to their sums",
  rules = "classic;killer",
  defaults = {givens = false, cage_sizes = {2, 3, 4}},
  build = function(data)
    local sums = data.sums
    if type(sums) == "table" then
      local text = {}
      for i, s in ipairs(sums) do text[i] = s == false and "?" or tostring(s) end
      sums = table.concat(text, ",")
    end
    return sudolab.puzzle{rules = "classic;killer:" .. data.cages .. ":" .. sums,
                          givens = data.givens}
  end,
}
