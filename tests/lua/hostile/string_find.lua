-- A backtracking pattern: exponential work inside C's matcher.
local subject = string.rep("a", 40)
string.find(subject, string.rep("a-", 40) .. "b")
