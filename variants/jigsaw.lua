-- jigsaw.lua: nine irregular regions of nine cells replace the boxes.
-- build{regions = "81-symbol region map", givens = ...}
return require("variant").make{
  name = "jigsaw",
  summary = "jigsaw sudoku: irregular regions replace the boxes",
  boxes = "none",
  rules = "classic;jigsaw",
  defaults = {symmetry = "none"},
  build = function(data)
    return sudolab.puzzle{size = 9, boxes = "none", rules = "classic;jigsaw:" .. data.regions,
                          givens = data.givens}
  end,
}
