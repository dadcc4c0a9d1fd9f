-- killer_splits.lua: how often a graded 9x9 killer start rated past its
-- band lands once one of its cages is cut in two, to judge a descent by
-- splits (scripts/RESULTS_killer.md). Starts are killer_starts.lua's: a
-- unique partition from sudolab.killer_unique with cages FEWEST..MOST
-- and the default sizes, passed over when the killer kernel settled it
-- at one node, else screened by p:solutions(2, grade_screen's nodes) and
-- rated (p:rate stopped past the band). Each start rated past the band
-- is a parent when a cage more keeps it in the grade's cages
-- (grade_cages): every cut of one of its cages in two connected parts,
-- neither smaller than a start's smallest cage, is a child, with the
-- sums the grid gives. A cut drops the rule that the two parts' digits
-- differ, so a child is counted again; its proof's nodes (general
-- search, up to 12) screen it, and children proved in 2..8 nodes are
-- rated.
--
--   build/sudolab run -X 900 scripts/killer_splits.lua GRADE FIRST COUNT FEWEST MOST
--
-- One line a child: start, parent cages, child's proof nodes (0 not
-- unique, 13 past 12), outcome (A above the band, B below, L landed, -
-- unrated) and rating; then one summary line a count of proof nodes:
-- children, rated, landed; and the CPU seconds of the run.
local grade, first, count = arg[1], tonumber(arg[2]), tonumber(arg[3])
local fewest, most = tonumber(arg[4]), tonumber(arg[5])
local v = require("killer")
local screen = v.grade_screen[grade or ""]
if not (screen and first and count and fewest and most) then
  error("usage: killer_splits.lua expert|extreme FIRST COUNT FEWEST MOST", 0)
end
local band = require("dig").grade_band(grade)
local cells = require("cells")
-- The cage sizes of the generator's starts, as killer_starts.lua draws them.
local low, high = require("killer_cages").bounds({}, 9)
local neighbours = cells.neighbour_lists(9)
local empty = sudolab.puzzle{size = 9}

-- 1 when the cells (a list) form one orthogonally connected piece.
local function connected(list)
  local inside, seen, stack, reached = {}, {[list[1]] = true}, {list[1]}, 0
  for _, c in ipairs(list) do inside[c] = true end
  while #stack > 0 do
    local c = table.remove(stack)
    reached = reached + 1
    for _, nb in ipairs(neighbours[c]) do
      if inside[nb] and not seen[nb] then seen[nb] = true; stack[#stack + 1] = nb end
    end
  end
  return reached == #list
end

-- Every child of a partition: one cage cut in two connected parts of `low`
-- or more cells, the part without the cage's first cell given a fresh id.
local function children(cage)
  local fresh, out = 0, {}
  for _, id in pairs(cage) do fresh = math.max(fresh, id) end
  for _, list in pairs(cells.members(cage, 9)) do
    for mask = 0, #list >= 2 * low and (1 << (#list - 1)) - 1 or -1 do
      local stay, moved = {list[1]}, {}
      for i = 2, #list do
        local part = mask & (1 << (i - 2)) ~= 0 and moved or stay
        part[#part + 1] = list[i]
      end
      if #stay >= low and #moved >= low and connected(stay) and connected(moved) then
        local child = {}
        for c, id in pairs(cage) do child[c] = id end
        for _, c in ipairs(moved) do child[c] = fresh + 1 end
        out[#out + 1] = child
      end
    end
  end
  return out
end

-- The outcome of a rating: A above the band, B below, L in it.
local function outcome(r)
  if r.above then return "A" end
  return r.rating < band[1] - 1e-9 and "B" or "L"
end

local started = os.clock()
local by_nodes = {}
for i = first, first + count - 1 do
  local grid = empty:fill(i * 7919)
  local p, cage, _, cages, nodes, by_kernel = sudolab.killer_unique{
    grid = grid, rules = v.rules .. ":", sizes = v.defaults.cage_sizes, min_cage = low,
    max_cage = high, fewest = fewest, most = most, counts = 10, steps = 80, solutions = 8, seed = i}
  local found, took = nil, 0
  if p and not (by_kernel and nodes == 1) then found, took = p:solutions(2, screen.nodes) end
  local parent = found and took > 1 and p:rate(band[2])
  if parent and parent.above and cages < v.grade_cages[grade][2] then
    for _, child in ipairs(children(cage)) do
      local text = sudolab.cages_text{cages = child, grid = grid, size = 9}
      local q = sudolab.puzzle{size = 9, rules = v.rules .. ":" .. text}
      local solutions, proof = q:solutions(2, 12)
      local key = not solutions and 13 or #solutions == 1 and proof or 0
      local r = key > 1 and key <= 8 and q:rate(band[2])
      local row = by_nodes[key] or {children = 0, rated = 0, landed = 0}
      by_nodes[key] = row
      row.children = row.children + 1
      row.rated = row.rated + (r and 1 or 0)
      row.landed = row.landed + (r and outcome(r) == "L" and 1 or 0)
      print(i, cages, key, r and outcome(r) or "-", r and string.format("%.1f", r.rating) or "-")
    end
  end
end
for key = 0, 13 do
  local row = by_nodes[key]
  if row then
    print(string.format("# nodes %d: children %d rated %d landed %d", key, row.children, row.rated,
                        row.landed))
  end
end
print(string.format("# %s starts %d (cages %d..%d): %.2f s", grade, count, fewest, most,
                    os.clock() - started))
