-- Repeats the empty string 2^62 times: a loop inside C.
local s = string.rep("", 1 << 62)
assert(s == "")
s = ("x"):rep(1 << 62)
