-- jigsaw_regions.lua: random jigsaw layouts. Starting from the boxes, cells
-- are traded between neighbouring regions, two at a time so every region
-- keeps its size, and a trade stands only if both regions stay connected.
local M = {}

local neighbours = require("cells").neighbours

local function connected(region, id, n)
  local start
  local size = 0
  for cell = 0, n * n - 1 do
    if region[cell] == id then start = start or cell; size = size + 1 end
  end
  local seen, stack, reached = {[start] = true}, {start}, 0
  while #stack > 0 do
    local c = table.remove(stack)
    reached = reached + 1
    for _, nb in ipairs(neighbours(c, n)) do
      if region[nb] == id and not seen[nb] then seen[nb] = true; stack[#stack + 1] = nb end
    end
  end
  return reached == size
end

-- A random layout of n regions of n cells (n up to 25), as a region map
-- (one letter per cell), after `trades` attempted trades. The start is the
-- most square boxes: rows x cols with rows the largest divisor of n not
-- above its square root (rows of the grid when n is prime).
function M.random(n, trades)
  local rows = 1
  for d = 1, n do
    if d * d <= n and n % d == 0 then rows = d end
  end
  local cols = n // rows
  local region = {}
  for cell = 0, n * n - 1 do
    local r, c = cell // n, cell % n
    region[cell] = (r // rows) * rows + c // cols
  end
  for _ = 1, trades do
    -- a cell a on a border gives itself to its neighbour's region B, and a
    -- cell b of B on A's border gives itself back
    local a = math.random(0, n * n - 1)
    local nbs = neighbours(a, n)
    local x = nbs[math.random(#nbs)]
    local A, B = region[a], region[x]
    if A ~= B then
      local back = {}
      for cell = 0, n * n - 1 do
        if region[cell] == B and cell ~= x then
          for _, nb in ipairs(neighbours(cell, n)) do
            if region[nb] == A and nb ~= a then back[#back + 1] = cell; break end
          end
        end
      end
      if #back > 0 then
        local b = back[math.random(#back)]
        region[a], region[b] = B, A
        if not (connected(region, A, n) and connected(region, B, n)) then
          region[a], region[b] = A, B
        end
      end
    end
  end
  -- Letters by first appearance, as every reader names regions (Solo IDs,
  -- f-puzzles) and as killer cages are named: the map then reads back
  -- the same through any form.
  local letters, map, letter_of, named = "ABCDEFGHIJKLMNOPQRSTUVWXY", {}, {}, 0
  for cell = 0, n * n - 1 do
    local id = region[cell]
    if not letter_of[id] then
      named = named + 1
      letter_of[id] = letters:sub(named, named)
    end
    map[cell + 1] = letter_of[id]
  end
  return table.concat(map)
end

return M
