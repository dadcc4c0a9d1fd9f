-- An experiment whose arms list says one arm when its length is first
-- asked, then forty: more than the 16 an experiment has room for.
local calls = 0
local arms = setmetatable({}, {
  __len = function() calls = calls + 1; return calls <= 2 and 1 or 40 end,
  __index = function(_, i) return {name = "a" .. i, variant = "classic"} end,
})
return {arms = arms}
