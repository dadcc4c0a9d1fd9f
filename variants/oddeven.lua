-- oddeven.lua: cells marked odd (o) or even (e).
local sudolab = sudolab
return {
  name = "oddeven",
  summary = "odd/even sudoku: marked cells hold odd (o) or even (e) digits",
  size = 9,
  boxes = "3x3",
  rules = "classic;oddeven",
  defaults = {symmetry = "rotate180"},
  -- build{marks = "81 of o, e, .", givens = "..."}
  build = function(data)
    return sudolab.puzzle{size = 9, boxes = "3x3", rules = "classic;oddeven:" .. data.marks,
                          givens = data.givens}
  end,
  generate = nil,
}
