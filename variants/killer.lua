-- killer.lua: cages of distinct digits adding up to their sums.
local sudolab = sudolab
return {
  name = "killer",
  summary = "killer sudoku: cages of distinct digits adding up to their sums",
  size = 9,
  boxes = "3x3",
  rules = "classic;killer",
  defaults = {givens = false, cage_sizes = {2, 3, 4}},
  -- build{cages = "81-letter cage map", sums = {13, 11, ...} or "13,11,...",
  --       givens = "..." (optional)}
  build = function(data)
    local sums = data.sums
    if type(sums) == "table" then
      local text = {}
      for i, s in ipairs(sums) do text[i] = s == false and "?" or tostring(s) end
      sums = table.concat(text, ",")
    end
    return sudolab.puzzle{size = 9, boxes = "3x3",
                          rules = "classic;killer:" .. data.cages .. ":" .. sums,
                          givens = data.givens}
  end,
  generate = nil, -- greedy and annealing cage partitions: the generator issue
}
