-- jigsaw.lua: N irregular regions of N cells replace the boxes (N = 9
-- unless the region map is another square).
-- build{regions = "81-symbol region map", givens = ...}
return require("variant").make{
  name = "jigsaw",
  summary = "jigsaw sudoku: irregular regions replace the boxes",
  description = "Every row, every column and every irregular region (drawn in thick lines) holds each digit once.",
  boxes = "none",
  rules = "classic;jigsaw",
  shallow_search_to = 9,
  defaults = {symmetry = "none"},
  sizes = {from = 1, to = 16},
  sizes_why = "larger layouts take minutes to find a grid for",
  build = function(data)
    return sudolab.puzzle{size = math.tointeger(math.sqrt(#data.regions)), boxes = "none",
                          rules = "classic;jigsaw:" .. data.regions, givens = data.givens}
  end,
  -- For the generator: regions made by trading cells between neighbouring
  -- boxes (each region keeps its N connected cells), then a grid that fits
  -- them; a layout with no grid is traded again. Trades grow with the
  -- grid's area, 300 on a 9x9. Past 9x9 the fill has a small search
  -- budget and many layouts are tried: a fill that finds a grid mostly
  -- finds it early, while a layout without one can take minutes to prove
  -- so, and a large budget spent the generator's whole instruction budget
  -- on a few such layouts (scripts/RESULTS.md, "jigsaw fills past 9x9").
  -- A layout proved gridless is rare (a few in a hundred on 4x4 to 9x9):
  -- when all tried are, and none gave up, the rules or the layouts are
  -- wrong, and the run ends here ("final") rather than trading on.
  prepare = function(opts, seed)
    local regions = require("jigsaw_regions")
    local n = opts.size or 9
    local gave_up, tries = false, n > 9 and 200 or 20
    for _ = 1, tries do
      local map = regions.random(n, opts.trades or 300 * n * n // 81)
      local p = require("jigsaw").build{regions = map}
      local grid, why = p:fill(seed, n > 9 and 2000 or nil)
      if grid then
        p:givens(grid)
        return p, grid
      end
      gave_up = gave_up or why == "gave up"
    end
    if not gave_up then
      return nil, "no grid in " .. tries .. " jigsaw layouts in a row, no fill giving up: the rules or the "
                  .. "layouts are wrong", "final"
    end
    return nil, "no jigsaw layout with a grid in " .. tries .. " tries"
  end,
}
