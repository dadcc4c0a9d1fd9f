-- sandwich.lua: a clue outside a row or column is the sum of the digits
-- between its 1 and its 9. build{clues = "r1=10,c5=0,...", givens = ...}
local marks = require("marks")
local v = require("variant").make{
  name = "sandwich",
  summary = "sandwich: a clue is the sum between the 1 and the 9 of its row or column",
  description = "Classic rules; a clue beside a row or above a column is the sum of the digits between the 1 and the 9 of that row or column.",
  rules = "classic;sandwich",
  defaults = {symmetry = "none"},
  build = function(data)
    return sudolab.puzzle{rules = "classic;sandwich:" .. data.clues, givens = data.givens}
  end,
}

-- Generation (scripts/marks.lua): a clue for every row and column, kept
-- where it matters; `fewest` gives all of them and the fewest givens the
-- greedy choice finds. No givens is never unique (family.relabel), so
-- `bare` and --givens 0 are refused.
v.family = {
  symmetric = true,
  -- Nearly every clue is needed, and proving one so often takes a
  -- second solution thousands of nodes deep: prune keeps the cheap count
  -- alone (RESULTS_variants_gen.md: what the longer proofs cost here).
  drop_budgets = {100},
  place = function(grid, n)
    local clues = {}
    for _, column in ipairs{false, true} do
      for i = 0, n - 1 do
        local cells, one, top = {}, nil, nil
        for k = 0, n - 1 do
          cells[k + 1] = column and k * n + i or i * n + k
          local d = marks.digit(grid, cells[k + 1])
          if d == 1 then one = k end
          if d == n then top = k end
        end
        local sum = 0
        for k = math.min(one, top) + 1, math.max(one, top) - 1 do sum = sum + marks.digit(grid, cells[k + 1]) end
        clues[#clues + 1] = {cells = cells, name = (column and "c" or "r") .. (i + 1), sum = sum}
      end
    end
    return clues
  end,
  data = function(list)
    local parts = {}
    for i, m in ipairs(list) do parts[i] = m.name .. "=" .. m.sum end
    return {clues = table.concat(parts, ",")}
  end,
}
v.strategies, v.strategy_for = marks.strategies, marks.strategy_for
v.family.steps = {"sandwich-clue"}
v.family.relabel = {maps = {"923456781"},
  why = "swapping 1 and 9 keeps every sum between them"}
v.generate = marks.generator(v, v.family)
v.check = marks.check(v, v.family)
return v
