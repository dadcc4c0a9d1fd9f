-- diagonal.lua: X sudoku, the two main diagonals also hold distinct digits.
local sudolab = sudolab
return {
  name = "diagonal",
  summary = "X sudoku: both main diagonals hold distinct digits",
  size = 9,
  boxes = "3x3",
  rules = "classic;diagonal",
  defaults = {symmetry = "rotate180"},
  build = function(data)
    return sudolab.puzzle{size = 9, boxes = "3x3", rules = "classic;diagonal", givens = data.givens}
  end,
  generate = nil,
}
