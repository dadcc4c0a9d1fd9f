-- Solvers kept alive: the cap must refuse them.
local kept = {}
for i = 1, 1000 do
    local p = sudolab.puzzle{size = 25}
    p:count(1)
    kept[i] = p
end
