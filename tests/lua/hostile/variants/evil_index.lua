-- A variant table whose every missing field raises.
return setmetatable({}, {__index = function(_, key) error("no field " .. key) end})
