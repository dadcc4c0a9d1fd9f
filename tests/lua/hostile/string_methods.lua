-- One script tries to change strings' methods for every script.
assert(getmetatable("") == "string")
string.rep = function() return "hacked" end
assert(("x"):rep(3) == "xxx", "methods use their own copy")
assert(string.rep("x", 3) == "hacked") -- the global is the script's own business
