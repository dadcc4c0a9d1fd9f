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
  -- For the generator: regions made by trading cells between neighbouring
  -- boxes (each region keeps nine connected cells), then a grid that fits
  -- them; a layout with no grid is traded again.
  prepare = function(opts, seed)
    local regions = require("jigsaw_regions")
    for _ = 1, 20 do
      local map = regions.random(9, opts.trades or 300)
      local p = require("jigsaw").build{regions = map}
      local grid = p:fill(seed)
      if grid then
        p:givens(grid)
        return p, grid
      end
    end
    return nil, "no jigsaw layout with a grid in 20 tries"
  end,
}
