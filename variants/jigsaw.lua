-- jigsaw.lua: nine irregular regions of nine cells replace the boxes.
local sudolab = sudolab
return {
  name = "jigsaw",
  summary = "jigsaw sudoku: irregular regions replace the boxes",
  size = 9,
  boxes = "none",
  rules = "classic;jigsaw",
  defaults = {symmetry = "none"},
  -- build{regions = "81-symbol region map", givens = "..."}
  build = function(data)
    return sudolab.puzzle{size = 9, boxes = "none", rules = "classic;jigsaw:" .. data.regions,
                          givens = data.givens}
  end,
  generate = nil,
}
