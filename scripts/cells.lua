-- cells.lua: cell pairs for rule primitives, as the differ and relation
-- rules take them ("a-b,c-d", cells numbered 0..n*n-1 row by row), and
-- the neighbours and regions cage partitions are built from.
local M = {}

-- Every pair of cells (each pair once) a move by one of the offsets
-- {dr, dc} apart on an n x n grid.
function M.pairs_at(n, offsets)
  local out, seen = {}, {}
  for r = 0, n - 1 do
    for c = 0, n - 1 do
      for _, o in ipairs(offsets) do
        local r2, c2 = r + o[1], c + o[2]
        if r2 >= 0 and r2 < n and c2 >= 0 and c2 < n then
          local a, b = r * n + c, r2 * n + c2
          if a > b then a, b = b, a end
          local key = a * n * n + b
          if not seen[key] then
            seen[key] = true
            out[#out + 1] = a .. "-" .. b
          end
        end
      end
    end
  end
  return table.concat(out, ",")
end

-- The orthogonal neighbours of a 0-based cell of an n x n grid.
function M.neighbours(cell, n)
  local r, c, out = cell // n, cell % n, {}
  if r > 0 then out[#out + 1] = cell - n end
  if r < n - 1 then out[#out + 1] = cell + n end
  if c > 0 then out[#out + 1] = cell - 1 end
  if c < n - 1 then out[#out + 1] = cell + 1 end
  return out
end

-- Every cell's neighbours (lists[cell], as M.neighbours gives them),
-- made once per grid size and Lua state: cage growing asks over and
-- over. Callers only read them.
local neighbours_by_size = {}
function M.neighbour_lists(n)
  local lists = neighbours_by_size[n]
  if not lists then
    lists = {}
    for c = 0, n * n - 1 do lists[c] = M.neighbours(c, n) end
    neighbours_by_size[n] = lists
  end
  return lists
end

-- The cells of each region of a partition (region[cell] = its id), by
-- id, each list in row-major order.
function M.members(region, n)
  local members = {}
  for cell = 0, n * n - 1 do
    local id = region[cell]
    members[id] = members[id] or {}
    table.insert(members[id], cell)
  end
  return members
end

M.knight = {{1, 2}, {2, 1}, {1, -2}, {2, -1}}
M.king = {{1, 1}, {1, -1}, {1, 0}, {0, 1}}
M.orthogonal = {{1, 0}, {0, 1}}

-- The cage-size profile of --cage-sizes ("2,3,3,4": the sizes cages are
-- drawn from, a size twice for twice the share) as a list; nil for none.
-- A list longer than most (the room the engine's drawing has for it) is
-- refused here, before a run, not on the first puzzle.
function M.cage_size_profile(text, most)
  if text == nil or type(text) == "table" then return text end
  local sizes = {}
  for word in (tostring(text) .. ","):gmatch("([^,]*),") do
    local size = math.tointeger(tonumber(word))
    if not size or size < 1 then
      error(string.format("--cage-sizes '%s': a list of cage sizes like 2,3,3,4", text), 0)
    end
    sizes[#sizes + 1] = size
  end
  if most and #sizes > most then
    error(string.format("--cage-sizes: a list of at most %d sizes, not %d", most, #sizes), 0)
  end
  return sizes
end

return M
