-- solve_killers.lua: solves killer CSV rows given as arguments through the
-- killer variant (its build, then solve), checking each answer against the
-- row's; prints how many and the seconds the loop took. A first argument
-- that is a number N solves the rows N times over (a run long enough that
-- start-up and the clock's grain do not weigh). Used by
-- scripts/bench_lua.sh to compare Lua-built puzzles with the line format.
local killer = require("killer")
local rows = table.pack(...)
local rounds, first = 1, 1
if tonumber(rows[1]) then rounds, first = math.tointeger(tonumber(rows[1])), 2 end
assert(rounds and rounds >= 1, "the number of rounds must be a whole number >= 1")
local solved, start = 0, os.clock()
for _ = 1, rounds do
  for i = first, rows.n do
    local row = rows[i]
    local map, sums, answer = row:match('^[^,]*,[^,]*,([A-Za-z.]+),"([%d?,]+)",(%d+)')
    assert(map, "not a killer CSV row: " .. row:sub(1, 40))
    local p = killer.build{cages = map, sums = sums}
    assert(p:solve() == answer, "wrong answer for row " .. i)
    solved = solved + 1
  end
end
print(string.format("%d solved in %.3f s", solved, os.clock() - start))
