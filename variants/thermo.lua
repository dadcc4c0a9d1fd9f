-- thermo.lua: digits strictly increase along each thermometer from its
-- bulb. build{thermos = "a-b-c,d-e,...", givens = ...}
return {
  name = "thermo",
  summary = "thermo: digits increase along each thermometer from its bulb",
  size = 9, boxes = "3x3", rules = "classic;thermo",
  defaults = {symmetry = "none"},
  build = function(data)
    return sudolab.puzzle{size = 9, boxes = "3x3", rules = "classic;thermo:" .. data.thermos,
                          givens = data.givens}
  end,
  generate = nil,
}
