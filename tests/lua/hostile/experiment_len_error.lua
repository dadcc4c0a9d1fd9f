-- An experiment whose arms list raises when its length is asked.
return {arms = setmetatable({}, {__len = function() error("no length") end})}
