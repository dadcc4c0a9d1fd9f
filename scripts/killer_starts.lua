-- killer_starts.lua: the screened starts of graded 9x9 killers (expert,
-- extreme: variants/killer.lua's grade_screen), start by start, to judge
-- what would make a start land more often or cost less. Each start is
-- what killer.anneal's start loop makes: a unique partition from
-- sudolab.killer_unique with the grade's cage band and the default
-- sizes, passed over when the killer kernel settled it at one node, else
-- screened by p:solutions(2, cap) and rated (p:rate stopped past the
-- band) when the proof took 2..cap nodes. One grid a start (fill(i *
-- 7919)), so a run samples grids as well as cages.
--
--   build/sudolab run -X 600 scripts/killer_starts.lua GRADE FIRST COUNT [CAP]
--
-- One line a start: i, cages, the kernel's nodes, whether the kernel
-- made the last count (1/0), the screen's nodes (-1 unscreened, 99 past
-- the cap), the rating (-1 unrated; past the band: the rater's bound),
-- then features of the partition: cages of one combination, the sum of
-- log2(combinations), cages of 4 and more cells, houses whose cages
-- inside cover 8 cells and 7 cells, and the cells the rule-of-45 sums
-- cover (over all 27 houses). The last line sums up: starts, screened,
-- rated, landed, CPU seconds and ms a landing.
local grade, first, count, cap = arg[1], tonumber(arg[2]), tonumber(arg[3]), tonumber(arg[4])
local v, K = require("killer"), require("killer_cages")
local screen = v.grade_screen[grade or ""]
if not (screen and first and count) then
  error("usage: killer_starts.lua expert|extreme FIRST COUNT [CAP]", 0)
end
cap = cap or screen.nodes
local band = require("dig").grade_band(grade)
local low, high = K.bounds({}, 9)
local fewest, most = K.cage_band(9, low, high, v.grade_cages[grade])
local empty = sudolab.puzzle{size = 9}

-- The features of a partition over a grid, as a list of numbers.
local function features(grid, cage)
  local layout = sudolab.killer_layout{grid = grid, cages = cage}
  local single, entropy, big = 0, 0, 0
  for id in pairs(layout:members()) do
    local c = layout:cage(id)
    if c.combos == 1 then single = single + 1 end
    entropy = entropy + math.log(c.combos, 2)
    if c.size >= 4 then big = big + 1 end
  end
  local eight, seven, covered = 0, 0, 0
  for _, house in ipairs(layout:houses()) do
    covered = covered + house.cells
    if house.cells == 8 then eight = eight + 1 elseif house.cells == 7 then seven = seven + 1 end
  end
  return {single, string.format("%.1f", entropy), big, eight, seven, covered}
end

local started = os.clock()
local screened, rated, landed = 0, 0, 0
for i = first, first + count - 1 do
  local grid = empty:fill(i * 7919)
  local p, cage, _, cages, nodes, by_kernel = sudolab.killer_unique{
    grid = grid, rules = v.rules .. ":", sizes = v.defaults.cage_sizes, min_cage = low,
    max_cage = high, fewest = fewest, most = most, counts = 10, steps = 80, solutions = 8,
    seed = i}
  if p then
    local took, rating = -1, -1
    if not (by_kernel and nodes == 1) then
      screened = screened + 1
      local found, n = p:solutions(2, cap)
      took = found and n or 99
    end
    if took > 1 and took <= cap then
      rated = rated + 1
      local r = p:rate(band[2])
      rating = r and r.rating or -2
      if r and not r.above and rating >= band[1] - 1e-9 then landed = landed + 1 end
    end
    local row = {i, cages, nodes, by_kernel and 1 or 0, took, rating}
    for _, f in ipairs(features(grid, cage)) do row[#row + 1] = f end
    print(table.concat(row, " "))
  end
end
local seconds = os.clock() - started
print(string.format("# %s cap %d: starts %d screened %d rated %d landed %d, %.2f s, %.1f ms a landing",
                    grade, cap, count, screened, rated, landed, seconds,
                    1000 * seconds / math.max(landed, 1)))
