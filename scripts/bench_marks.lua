-- bench_marks.lua: milliseconds to solve and prove unique each puzzle of
-- tests/lua/marks_puzzles.lua and of tests/lua/published_marks.lua
-- (median of 7 runs, the puzzle read afresh each run), for
-- scripts/bench_generate.sh. Run with
-- SUDOLAB_PATH=tests/lua sudolab run scripts/bench_marks.lua
local puzzles = require("marks_puzzles")
for _, name in ipairs{"whispers", "renban", "sandwich", "sandwich_every_clue", "palindrome", "between",
                      "littlekiller"} do
  local times = {}
  for i = 1, 7 do
    local p = sudolab.read(puzzles[name][1])[1]
    local t = os.clock()
    assert(p:solve() == puzzles[name][2] and p:count() == 1, name .. ": not solved")
    times[i] = (os.clock() - t) * 1000
  end
  table.sort(times)
  print(string.format("  %-44s %8.2f ms", name .. ", solve and count", times[4]))
end

-- The published ones: the issue's bound (sandwich, renban and whispers
-- under 5 ms each) is read off these lines. Those marked slow are left
-- out (see published_marks.lua for how each was solved).
for _, e in ipairs(require("published_marks")) do
  if not e.slow then
    local times = {}
    for i = 1, 7 do
      local p = sudolab.read(e.line)[1]
      local t = os.clock()
      assert(p:solve() == e.answer and p:count() == 1, e.name .. ": not solved")
      times[i] = (os.clock() - t) * 1000
    end
    table.sort(times)
    print(string.format("  %-44s %8.2f ms", e.name .. " (published), solve and count", times[4]))
  end
end
