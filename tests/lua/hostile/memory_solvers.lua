-- Solvers made in C for many big puzzles, each garbage after its search.
for i = 1, 200 do
    local p = sudolab.puzzle{size = 25}
    p:count(1)
end
