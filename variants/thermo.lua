-- thermo.lua: digits strictly increase along each thermometer from its
-- bulb. build{thermos = "a-b-c,d-e,...", givens = ...}
return require("variant").make{
  name = "thermo",
  summary = "thermo: digits increase along each thermometer from its bulb",
  description = "Classic rules, and the digits rise along every thermometer, from its bulb to its far end.",
  rules = "classic;thermo",
  defaults = {symmetry = "none"},
  build = function(data)
    return sudolab.puzzle{rules = "classic;thermo:" .. data.thermos, givens = data.givens}
  end,
}
