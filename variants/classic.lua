-- classic.lua: rows, columns and boxes each hold every digit once.
local sudolab = sudolab
return {
  name = "classic",
  summary = "rows, columns and boxes each hold every digit once",
  size = 9,
  boxes = "3x3",
  rules = "classic",
  defaults = {symmetry = "rotate180"},
  -- build{givens = "..."} -> a puzzle of this variant
  build = function(data)
    return sudolab.puzzle{size = 9, boxes = "3x3", rules = "classic", givens = data.givens}
  end,
  generate = nil, -- the generator issue fills this in
}
