-- oddeven.lua: cells marked odd (o) or even (e).
-- build{marks = "81 of o, e, .", givens = ...}
return require("variant").make{
  name = "oddeven",
  summary = "odd/even sudoku: marked cells hold odd (o) or even (e) digits",
  rules = "classic;oddeven",
  defaults = {symmetry = "rotate180", mark_share = 1 / 3},
  build = function(data)
    return sudolab.puzzle{rules = "classic;oddeven:" .. data.marks, givens = data.givens}
  end,
  -- For the generator: a random grid, and a share of its cells marked with
  -- their parity (opts.mark_share, a third by default).
  prepare = function(opts, seed)
    local grid = sudolab.puzzle{}:fill(seed)
    local share = opts.mark_share or 1 / 3
    local marks = {}
    for i = 1, 81 do
      local odd = tonumber(grid:sub(i, i)) % 2 == 1
      marks[i] = math.random() < share and (odd and "o" or "e") or "."
    end
    return require("oddeven").build{marks = table.concat(marks), givens = grid}, grid
  end,
}
