-- windoku.lua: four extra 3x3 windows hold distinct digits too.
local sudolab = sudolab
return {
  name = "windoku",
  summary = "windoku: four extra 3x3 windows hold every digit once",
  size = 9,
  boxes = "3x3",
  rules = "classic;windoku",
  defaults = {symmetry = "rotate180"},
  build = function(data)
    return sudolab.puzzle{size = 9, boxes = "3x3", rules = "classic;windoku", givens = data.givens}
  end,
  generate = nil,
}
