-- Counts the solutions of an empty grid: one search, all in C.
local p = sudolab.puzzle{}
print(p:count(1000000000))
