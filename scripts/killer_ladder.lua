-- killer_ladder.lua GRADE SEED COUNT: killers of GRADE as `sudolab
-- generate --variant killer --grade GRADE` makes them (generate.lua's
-- maker), seeded SEED .. SEED + COUNT - 1 (generate mixes its --seed with
-- each puzzle's index first, so these are other killers of the same
-- maker), one a line with the columns of --stats (ms and nodes as 0):
-- rating, grade, cages. A seed that makes none prints nothing.
-- killer_ladder.sh runs it with budgets it never meets, so a busy machine
-- slows the ladder down rather than cutting puzzles out of it.
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
