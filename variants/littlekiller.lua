-- littlekiller.lua: a clue outside the grid is the sum of the digits along
-- the diagonal its arrow points down (digits may repeat on a diagonal).
-- build{diagonals = {{cells = {a, b, c}, sum = S}, ...}, givens = ...}:
-- each diagonal's cells from the clue's end, as the `sum` rule takes them.
local marks = require("marks")
local v = require("variant").make{
  name = "littlekiller",
  summary = "little killer: a clue is the sum along the diagonal its arrow points down",
  description = "Classic rules; a clue outside the grid is the sum of the digits along the diagonal its arrow points down. Digits may repeat on a diagonal.",
  rules = "classic;sum",
  defaults = {symmetry = "none", max_line = 4},
  build = function(data)
    local entries = {}
    for i, d in ipairs(data.diagonals) do entries[i] = table.concat(d.cells, "+") .. "=" .. d.sum end
    return sudolab.puzzle{rules = "classic;sum:" .. table.concat(entries, ","), givens = data.givens}
  end,
}

-- Every diagonal of two to max_len cells (default 4: longer ones save
-- givens but slow every search down; scripts/RESULTS_variants_gen.md),
-- read from a random end. With opts.every, both ends of each (bare: every
-- clue there is).
local function diagonals(grid, n, every, max_len)
  local out = {}
  for _, dc in ipairs{1, -1} do
    for start = 0, 2 * n - 2 do
      local cells = {}
      for r = 0, n - 1 do
        local c = dc == 1 and r - (n - 1) + start or start - r
        if c >= 0 and c < n then cells[#cells + 1] = r * n + c end
      end
      if #cells >= 2 and #cells <= (max_len or n) then
        local back = {}
        for i = #cells, 1, -1 do back[#back + 1] = cells[i] end
        local sum = 0
        for _, c in ipairs(cells) do sum = sum + marks.digit(grid, c) end
        if every then
          out[#out + 1] = {cells = cells, sum = sum}
          out[#out + 1] = {cells = back, sum = sum}
        else
          out[#out + 1] = {cells = math.random(2) == 1 and cells or back, sum = sum}
        end
      end
    end
  end
  return out
end

-- Generation (scripts/marks.lua): a clue on every diagonal, kept where it
-- matters.
v.family = {
  symmetric = true,
  place = function(grid, n, opts) return diagonals(grid, n, opts.every, opts.max_line or v.defaults.max_line) end,
  data = function(list) return {diagonals = list} end,
}
v.strategies, v.strategy_for = marks.strategies_with{"max_line"}, marks.strategy_for
v.family.steps = {"sum-line"}
v.generate = marks.generator(v, v.family)
v.check = marks.check(v, v.family)
return v
