-- Counts the solutions of an empty 16x16 grid: one search, all in C. A
-- 16x16 node costs enough that the API's node budget outlasts the time
-- budget on any machine (a 9x9 grid ran out of nodes first on a fast one).
local p = sudolab.puzzle{size = 16}
print(p:count(1000000000))
