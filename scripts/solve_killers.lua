-- solve_killers.lua: solves killer CSV rows given as arguments through the
-- killer variant (its build, then solve), checking each answer against the
-- row's; prints how many and the seconds the loop took. Used by
-- scripts/bench_lua.sh to compare Lua-built puzzles with the line format.
local killer = require("killer")
local solved, start = 0, os.clock()
for i = 1, select("#", ...) do
  local row = select(i, ...)
  local map, sums, answer = row:match('^[^,]*,[^,]*,([A-Za-z.]+),"([%d?,]+)",(%d+)')
  assert(map, "not a killer CSV row: " .. row:sub(1, 40))
  local p = killer.build{cages = map, sums = sums}
  assert(p:solve() == answer, "wrong answer for row " .. i)
  solved = solved + 1
end
print(string.format("%d solved in %.3f s", solved, os.clock() - start))
