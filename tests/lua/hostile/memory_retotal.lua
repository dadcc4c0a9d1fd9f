-- Killer puzzles kept alive, each rated then re-totalled (p:retotal keeps
-- its rater): the cap must refuse them as it refuses kept solvers.
local killer = require("killer_cages")
local grid = sudolab.puzzle{}:fill(5)
local _, cage = sudolab.killer_unique{grid = grid, rules = "classic;killer:", seed = 5,
                                      sizes = {2, 3, 3, 4, 5}, min_cage = 2, max_cage = 5}
local text = sudolab.cages_text{cages = cage, grid = grid, size = 9}
local other = killer.relabeled(grid, 9)
local kept = {}
for i = 1, 3000 do
    local p = sudolab.puzzle{rules = "classic;killer:" .. text}
    assert(p:rate(), "a unique puzzle rates")
    p:retotal(other)
    kept[i] = p
end
