-- killer_ladder.lua GRADE SEED COUNT: the killers `sudolab generate
-- --variant killer --grade GRADE --seed S` writes for S = SEED ..
-- SEED + COUNT - 1 (the same maker, generate.lua's), one a line, with the
-- columns of --stats (ms and nodes as 0): rating, grade, cages. A seed
-- that makes none prints nothing. killer_ladder.sh runs it with a time
-- budget of its own, so a busy machine slows the ladder down rather than
-- cutting puzzles out of it.
local grade, seed, count = ...
seed, count = math.tointeger(tonumber(seed)), math.tointeger(tonumber(count))
local make = require("generate").maker("killer", {grade = grade})
for s = seed, seed + count - 1 do
  local line, stats = make(s)
  if line then
    local p = sudolab.read(line)[1]
    local r = p:rate()
    print(string.format("%s 0 %.1f %s %d 0", line, r.rating, r.grade, stats.cages))
  end
end
