-- oddeven.lua: cells marked odd (o) or even (e).
-- build{marks = "81 of o, e, ." (N*N for another size), givens = ...}
return require("variant").make{
  name = "oddeven",
  summary = "odd/even sudoku: marked cells hold odd (o) or even (e) digits",
  description = "Classic rules, and a cell marked with a circle holds an odd digit, a cell marked with a square an even one.",
  rules = "classic;oddeven",
  shallow_search_to = 9,
  defaults = {symmetry = "rotate180", mark_share = 1 / 3},
  sizes = {from = 1, to = 25},
  -- The grid's side is the square root of the marks' length.
  build = function(data)
    return sudolab.puzzle{size = math.tointeger(math.sqrt(#data.marks)),
                          rules = "classic;oddeven:" .. data.marks, givens = data.givens}
  end,
  -- For the generator: a random grid, and a share of its cells marked with
  -- their parity (opts.mark_share, a third by default).
  prepare = function(opts, seed)
    local n = opts.size or 9
    local grid = sudolab.puzzle{size = n}:fill(seed)
    local share = opts.mark_share or 1 / 3
    local marks = {}
    for i = 1, n * n do
      local odd = tonumber(grid:sub(i, i), 36) % 2 == 1
      marks[i] = math.random() < share and (odd and "o" or "e") or "."
    end
    return require("oddeven").build{marks = table.concat(marks), givens = grid}, grid
  end,
}
